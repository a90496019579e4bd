// Writes docs/playground.png: the playground mid-print (the mushroom sample, a piece
// falling). Run after web/build.sh: `cd web && npm run screenshot [-- OUT.png]`.
import { join } from 'node:path';
import { launch, openPage, serve, setSpeed, WEB_DIR } from './harness.mjs';

const out = process.argv[2] ?? join(WEB_DIR, '../docs/playground.png');
const FRACTION = Number(process.env.FRACTION ?? 0.62); // how far into the print

const server = await serve();
const browser = await launch();
try {
  const { page, problems } = await openPage(browser.context, server.url);
  await setSpeed(page, '200 pieces/s');
  await page.click('button[data-sample="mushroom"]');
  await page.waitForFunction((f) => {
    const m = /move (\d+) of (\d+)/.exec(document.getElementById('progress').textContent);
    return m && Number(m[1]) >= f * Number(m[2]);
  }, FRACTION);
  // Slow down, and catch the next piece high in the air.
  await setSpeed(page, '2 pieces/s');
  const progress = () => document.getElementById('progress').textContent;
  const now = await page.evaluate(progress);
  await page.waitForFunction(
    (before) => /move \d+/.exec(document.getElementById('progress').textContent)[0] !== /move \d+/.exec(before)[0],
    now,
  );
  await page.waitForTimeout(140);
  await page.screenshot({ path: out, fullPage: true });
  if (problems.length) throw new Error(problems.join('\n'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
