// #gif: downloads an animated GIF of the print, made by the library's `animate` in the
// WebAssembly module: the command line's `animate` output, byte for byte.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { cli, openPage, result, setSpeed, suite, WEB_DIR } from './harness.mjs';

const env = suite();

/** Walks a GIF's blocks; returns its image frames' count (throws if it is malformed). */
function gifFrames(bytes) {
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a');
  let i = 13;
  const tableSize = (flags) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  i += tableSize(bytes[10]);
  const subBlocks = () => {
    while (bytes[i] !== 0) {
      assert.ok(i < bytes.length, 'sub-blocks run past the end');
      i += bytes[i] + 1;
    }
    i++;
  };
  let frames = 0;
  for (;;) {
    assert.ok(i < bytes.length, 'no trailer');
    const b = bytes[i];
    if (b === 0x3b) break; // trailer
    if (b === 0x21) {
      i += 2; // extension introducer and label
      subBlocks();
    } else if (b === 0x2c) {
      const flags = bytes[i + 9];
      i += 10 + tableSize(flags) + 1; // descriptor, local table, LZW code size
      subBlocks();
      frames++;
    } else {
      assert.fail(`unexpected block 0x${b.toString(16)} at byte ${i}`);
    }
  }
  assert.equal(i, bytes.length - 1, 'bytes after the trailer');
  return frames;
}

test('#gif downloads an animated GIF of the print, the CLI\'s animate byte for byte', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  await page.click('button[data-sample="heart"]');
  await result(page);
  // Without direct placement first (the page's default has it).
  await page.uncheck('#direct');
  await result(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gif')]);
  assert.equal(download.suggestedFilename(), 'heart.gif');
  const gif = await readFile(await download.path());
  const frames = gifFrames(gif);
  assert.ok(frames > 1, `${frames} frames`);

  const out = join(env.tmp, 'heart.gif');
  const made = cli(['animate', join(WEB_DIR, 'samples/heart.png'), '-o', out, '--no-direct'], env.tmp);
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stderr, new RegExp(`: ${frames} frames, ${gif.length} bytes\\n$`));
  assert.ok(gif.equals(await readFile(out)), 'the page\'s GIF is the CLI\'s');

  // With direct placement too (the GIF follows the options of the print shown).
  await page.check('#direct');
  await result(page);
  const [second] = await Promise.all([page.waitForEvent('download'), page.click('#gif')]);
  const direct = await readFile(await second.path());
  const out2 = join(env.tmp, 'heart-direct.gif');
  const made2 = cli(['animate', join(WEB_DIR, 'samples/heart.png'), '-o', out2], env.tmp);
  assert.equal(made2.status, 0, made2.stderr);
  assert.ok(direct.equals(await readFile(out2)), 'the page\'s --direct GIF is the CLI\'s');
  assert.ok(gifFrames(direct) < frames, 'fewer pieces, fewer frames');
  assert.deepEqual(problems, []);
  await page.close();
});
