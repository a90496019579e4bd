// Fitting in the page (issue #56): an image that is not a sprite is refused with the
// command line's words and offered the library's fitting, the same as `--fit`; an
// animated GIF is refused as the command line refuses it (issue #57).

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

test('a 64×64 image is offered the fit; the fitted sprite is the CLI\'s and prints', async () => {
  const small = artRgba(ART, PALETTE);
  const big = upscale(small, 4);
  await writeFile(join(env.tmp, 'big.png'), pngFromRgba(big.rgba, big.width, big.height));

  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  await page.setInputFiles('#file', join(env.tmp, 'big.png'));
  await page.waitForSelector('body[data-state="error"]');
  const refused = cli(['convert', 'big.png'], env.tmp);
  assert.equal(refused.status, 1);
  assert.equal(await page.textContent('#error'), refused.stderr.trimEnd());
  assert.equal(await page.isVisible('#too-large'), true);
  assert.equal(await page.textContent('#scale'), 'Fit it');

  await page.click('#scale');
  const fitted = await result(page);
  const fit = cli(['fit', 'big.png', '-o', 'fitted.png'], env.tmp);
  assert.equal(fit.status, 0, fit.stderr);
  // What fitting changed, in the command line's words (before its ` -> FILE`).
  assert.equal(await page.textContent('#fit-report'), fit.stderr.replace(/ -> fitted\.png\n$/, ''));
  const shown = await savedSource(env, page, 'big-fitted.png');
  assert.deepEqual([shown.width, shown.height], [16, 16]);
  assert.deepEqual(shown.rgba, [...small.rgba], 'the 4× upscale undone');
  await assertPrints(env, fitted, join(env.tmp, 'fitted.png'), 'fitted');
  assert.equal(fitted.moves, cli(['convert', 'big.png', '--fit'], env.tmp).stdout);
  assert.equal(await page.isVisible('#too-large'), false);
  assert.deepEqual(problems, []);
  await page.close();
});

/** A GIF of two 1 × 1 frames. */
function twoFrameGif() {
  const frame = [0x21, 0xf9, 4, 0, 10, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0];
  return Buffer.from([
    ...Buffer.from('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 200, 0, 0, 0, 0, 200,
    ...frame, ...frame, 0x3b,
  ]);
}

test('an animated GIF is refused as the command line refuses it, with no offer', async () => {
  await writeFile(join(env.tmp, 'anim.gif'), twoFrameGif());
  const refused = cli(['convert', 'anim.gif'], env.tmp);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /animation of 2 frames/);
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await page.setInputFiles('#file', join(env.tmp, 'anim.gif'));
  await page.waitForSelector('body[data-state="error"]');
  assert.equal(await page.textContent('#error'), refused.stderr.trimEnd());
  assert.equal(await page.isVisible('#too-large'), false);
  assert.deepEqual(problems, []);
  await page.close();
});
