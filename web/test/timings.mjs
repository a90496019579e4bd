// The playground's figures for docs/playground.md: each sample's pieces and conversion
// time in this browser (the page's own measure: the mean of repeated calls into the
// WebAssembly module, in its worker) with the page's default, without direct placement
// and with the thorough planner, and the module's size. Run after web/build.sh:
// `cd web && npm run timings` prints the block, `npm run timings -- --write` writes it
// into docs/playground.md (docs.test.mjs checks its pieces against the page).
import { readFile, writeFile } from 'node:fs/promises';
import { launch, openPage, serve } from './harness.mjs';
import { measure, moduleSize, PLAYGROUND_MD, spliceBlock, timingsBlock } from './figures.mjs';

const server = await serve();
const browser = await launch();
try {
  const { page, problems } = await openPage(browser.context, server.url);
  const rows = await measure(page);
  const version = browser.context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
  const block = timingsBlock(rows, await moduleSize(), version.replace(/^.*Chrome\/(\S+).*$/, '$1'));
  if (problems.length) throw new Error(problems.join('\n'));
  if (process.argv.includes('--write')) {
    await writeFile(PLAYGROUND_MD, spliceBlock(await readFile(PLAYGROUND_MD, 'utf8'), block));
    console.log(`wrote ${PLAYGROUND_MD}`);
  } else {
    console.log(block);
  }
} finally {
  await browser.close();
  await server.close();
}
