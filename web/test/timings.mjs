// Prints the playground's figures for docs/playground.md as a Markdown table: each
// sample's pieces and conversion time in this browser (the page's own measure: the mean
// of repeated calls into the WebAssembly module, in its worker), with and without
// direct placement, and the module's size. Run after web/build.sh:
// `cd web && npm run timings`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, openPage, serve, setSpeed, WEB_DIR } from './harness.mjs';

const SAMPLES = ['mushroom', 'invader', 'heart', 'pixel'];
const SETTINGS = [['grouped', '3', false], ['grouped --direct', '3', true], ['thorough', '2', false]];

const wasm = await readFile(join(WEB_DIR, 'tetris_printer_web.wasm'));
const server = await serve();
const browser = await launch();
try {
  const { page, problems } = await openPage(browser.context, server.url);
  await setSpeed(page, 'instant');
  const done = () => page.waitForSelector('body[data-state="done"]');
  const version = browser.context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent));
  console.log(`Chromium ${version.replace(/^.*Chrome\/(\S+).*$/, '$1')}, module ${wasm.length} bytes (${gzipSync(wasm, { level: 9 }).length} gzipped)\n`);
  console.log(`| sample | ${SETTINGS.map(([n]) => n).join(' | ')} |`);
  console.log(`|---|${SETTINGS.map(() => '---:').join('|')}|`);
  for (const sample of SAMPLES) {
    await page.click(`button[data-sample="${sample}"]`);
    await done();
    const cells = [];
    for (const [, strategy, direct] of SETTINGS) {
      await page.selectOption('#strategy', strategy);
      await done();
      if ((await page.isChecked('#direct')) !== direct) {
        await page.setChecked('#direct', direct);
        await done();
      }
      const [pieces, ms, note] = await page.evaluate(() => ['pieces', 'time', 'time-note'].map((id) => document.getElementById(id).textContent));
      const runs = /mean of (\d+) runs/.exec(note);
      cells.push(`${pieces} pieces, ${ms} ms${runs ? ` (${runs[1]} runs)` : ''}`);
    }
    const { width, height } = await page.evaluate(() => window.playground.source());
    console.log(`| ${sample} (${width}×${height}) | ${cells.join(' | ')} |`);
    await page.selectOption('#strategy', '3');
    await done();
    await page.setChecked('#direct', false);
    await done();
  }
  if (problems.length) throw new Error(problems.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
