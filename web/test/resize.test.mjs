// A too-large image: the page names the limit and offers to scale it down (nearest
// neighbour, a whole factor) or crop it; each print is checked by the CLI.

import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  artRgba, assertPrints, cli, openPage, pngFromRgba, result, savedSource, setSpeed, suite,
} from './harness.mjs';

const env = suite();

// 16 × 16 art, drawn at 4× as a 64 × 64 image.
const ART = `
  ......0000......
  ....00000000....
  ...0000000000...
  ..000000000000..
  .00011000011000.
  .00011000011000.
  0000000000000000
  0000000000000000
  0022222222222200
  0002222222222000
  .00022222222000.
  .00000000000000.
  ..000000000000..
  ...0000000000...
  ....00000000....
  ......0000......
`;
const PALETTE = { 0: [230, 80, 40], 1: [250, 250, 250], 2: [60, 20, 20] };

function upscale({ rgba, width, height }, k) {
  const out = Buffer.alloc(width * height * k * k * 4);
  for (let y = 0; y < height * k; y++) {
    for (let x = 0; x < width * k; x++) {
      const from = 4 * (Math.floor(y / k) * width + Math.floor(x / k));
      rgba.copy(out, 4 * (y * width * k + x), from, from + 4);
    }
  }
  return { rgba: out, width: width * k, height: height * k };
}

test('a 64×64 image offers scaling; the scaled print verifies, and so does the cropped one', async () => {
  const small = artRgba(ART, PALETTE);
  const big = upscale(small, 4);
  await writeFile(join(env.tmp, 'big.png'), pngFromRgba(big.rgba, big.width, big.height));
  await writeFile(join(env.tmp, 'small.png'), pngFromRgba(small.rgba, small.width, small.height));

  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  await page.setInputFiles('#file', join(env.tmp, 'big.png'));
  await page.waitForSelector('body[data-state="error"]');
  const refused = cli(['convert', 'big.png'], env.tmp);
  assert.equal(refused.status, 1);
  assert.equal(await page.textContent('#error'), refused.stderr.trimEnd());
  assert.equal(await page.isVisible('#too-large'), true);
  // The offer names the limit (the library's message) and what each choice makes.
  assert.match(await page.textContent('#too-large-text'), /the limit is 17x32\. Scale it down 4× to 16×16 \(nearest neighbour\), or crop it to its top-left 17×32\?$/);

  await page.click('#scale');
  const scaled = await result(page);
  const shown = await savedSource(env, page, 'big-scaled.png');
  assert.deepEqual([shown.width, shown.height], [16, 16]);
  assert.deepEqual(shown.rgba, [...small.rgba], 'nearest neighbour gives back the 16×16 art');
  await assertPrints(env, scaled, join(env.tmp, 'small.png'), 'scaled');
  assert.equal(scaled.moves, cli(['convert', 'small.png'], env.tmp).stdout);
  assert.equal(await page.isVisible('#too-large'), false);

  // Crop: the top-left 17 × 32 of the image (its opaque part fills it all).
  await writeFile(join(env.tmp, 'big-again.png'), pngFromRgba(big.rgba, big.width, big.height));
  await page.setInputFiles('#file', join(env.tmp, 'big-again.png'));
  await page.waitForSelector('#too-large:not([hidden])');
  await page.click('#crop');
  const cropped = await result(page);
  const part = Buffer.alloc(17 * 32 * 4);
  for (let y = 0; y < 32; y++) big.rgba.copy(part, 4 * 17 * y, 4 * 64 * y, 4 * (64 * y + 17));
  await writeFile(join(env.tmp, 'cropped.png'), pngFromRgba(part, 17, 32));
  const croppedShown = await savedSource(env, page, 'big-cropped.png');
  assert.deepEqual(croppedShown.rgba, [...part]);
  await assertPrints(env, cropped, join(env.tmp, 'cropped.png'), 'cropped');
  assert.deepEqual(problems, []);
  await page.close();
});
