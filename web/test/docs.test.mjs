// The playground's pictures and figures in docs/ are what the page makes today:
// - docs/playground.png holds, pixel for pixel, the field canvas the page draws in the
//   screenshot's state (figures.mjs), but for its rounded corners. Only the canvas is compared: it is drawn with
//   whole-pixel rectangles in fixed colours, the same in every headless Chromium, where
//   the text around it depends on the fonts a machine has. The canvas is looked for
//   anywhere in the picture, so a line of text a pixel taller elsewhere moves nothing.
// - docs/playground.md's table: every sample's size and pieces with every setting, and
//   the module's size within 15 % (it changes with the compiler; the times drift and
//   are not compared).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { openPage, suite } from './harness.mjs';
import {
  committedFigures, fieldPixels, findInside, measure, moduleSize, PLAYGROUND_MD, PLAYGROUND_PNG,
  pngPixels, showScreenshotState,
} from './figures.mjs';

const env = suite();
// The canvas's corners are rounded off on the page (border-radius): its inside is compared.
const INSET = 4;
const pixels = (p) => ({ ...p, rgba: Buffer.from(p.rgba, 'base64') });
function inside(p) {
  const width = p.width - 2 * INSET;
  const height = p.height - 2 * INSET;
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    p.rgba.copy(rgba, y * width * 4, ((y + INSET) * p.width + INSET) * 4, ((y + INSET) * p.width + INSET + width) * 4);
  }
  return { width, height, rgba };
}

test('docs/playground.png shows the field the page draws today', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await showScreenshotState(page);
  const field = inside(pixels(await fieldPixels(page)));
  const shot = pixels(await pngPixels(page, await readFile(PLAYGROUND_PNG)));
  assert.ok(
    findInside(shot, field),
    'the field in docs/playground.png is not the one the page draws: run `cd web && npm run screenshot`',
  );
  // And the check can fail: a field one move further on is not in the picture.
  await page.evaluate(() => {
    const n = Number(document.getElementById('pieces').textContent);
    window.playground.showAt(Math.floor(0.62 * n) + 1, 0.35);
  });
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  assert.equal(findInside(shot, inside(pixels(await fieldPixels(page)))), null);
  assert.deepEqual(problems, []);
  await page.close();
});

test("docs/playground.md's table has the pieces the page prints today", async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  const rows = await measure(page);
  const committed = committedFigures(await readFile(PLAYGROUND_MD, 'utf8'));
  assert.deepEqual(
    committed.rows,
    rows.map((r) => ({ sample: r.sample, size: r.size, pieces: r.cells.map((c) => c.pieces) })),
    'docs/playground.md: run `cd web && npm run timings -- --write`',
  );
  const { bytes } = await moduleSize();
  assert.ok(Math.abs(bytes - committed.bytes) <= 0.15 * committed.bytes, `module ${bytes} bytes, docs say ${committed.bytes}`);
  assert.deepEqual(problems, []);
  await page.close();
});
