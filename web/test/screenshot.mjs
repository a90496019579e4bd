// Writes docs/playground.png: the playground mid-print (the mushroom sample, printed with
// the page's defaults, paused with a piece falling; figures.mjs says which). Run after
// web/build.sh: `cd web && npm run screenshot [-- OUT.png]`. docs.test.mjs checks that
// the field in the committed picture is the one the page draws today.
import { launch, openPage, serve } from './harness.mjs';
import { PLAYGROUND_PNG, showScreenshotState } from './figures.mjs';

const out = process.argv[2] ?? PLAYGROUND_PNG;
const server = await serve();
const browser = await launch();
try {
  const { page, problems } = await openPage(browser.context, server.url);
  await showScreenshotState(page);
  await page.screenshot({ path: out, fullPage: true });
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
