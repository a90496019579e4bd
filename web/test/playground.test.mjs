// End to end: the playground page in a real headless Chromium (Debian's `chromium`,
// driven by playwright-core), served from localhost. The page converts with the
// WebAssembly build of the library; every result it shows is checked here with the
// command-line tool built from the same library (`tetris-printer check` replays the
// move list on an empty field and compares it with the sprite).
//
// Needs: web/tetris_printer_web.wasm (web/build.sh), the CLI binary (env TETRIS_PRINTER,
// default target/quick/tetris-printer), /usr/bin/chromium (env CHROMIUM).
// web/test.sh sets all of this up and runs `node --test test/*.test.mjs`; this file covers
// loading sprites, the four strategies and bad input; the others one feature each.

import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  assertPrints as assertPrintsIn, cli as cliIn, openPage, png, result, setSpeed, suite, WEB_DIR,
} from './harness.mjs';

const env = suite();
const cli = (args) => cliIn(args, env.tmp);
const assertPrints = (shown, spritePath, name) => assertPrintsIn(env, shown, spritePath, name);

test('a sample uploaded as a file prints, and the shown moves replay to the sprite', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  // Fast, but still the frame-by-frame animation (several pieces a frame).
  await setSpeed(page, '1000 pieces/s');
  const sprite = join(WEB_DIR, 'samples/mushroom.png');
  await page.setInputFiles('#file', sprite);
  const shown = await result(page);
  const lines = await assertPrints(shown, sprite, 'mushroom');

  // Same library, same strategy (grouped is the default): the CLI's answer, move for move.
  const converted = cli(['convert', sprite]);
  assert.equal(converted.status, 0, converted.stderr);
  assert.equal(shown.moves, converted.stdout);
  assert.match(shown.verified, new RegExp(`^library check: ok: 16x15 sprite, ${lines.length} pieces$`));

  // The download offers the same text.
  const downloaded = await page.evaluate(async () => {
    const a = document.getElementById('download');
    return { name: a.download, text: await (await fetch(a.href)).text() };
  });
  assert.deepEqual(downloaded, { name: 'mushroom.txt', text: shown.moves });

  // Copy puts the same text on the clipboard.
  await env.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await page.click('#copy');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shown.moves);

  // The check can fail: one move shifted a column no longer prints the sprite.
  const i = Math.floor(lines.length / 2);
  const [shape, x] = lines[i].split(' ');
  const tampered = [...lines];
  tampered[i] = `${shape} ${Number(x) > 0 ? Number(x) - 1 : Number(x) + 1}`;
  await writeFile(join(env.tmp, 'tampered.txt'), `${tampered.join('\n')}\n`);
  const bad = cli(['check', sprite, join(env.tmp, 'tampered.txt')]);
  assert.equal(bad.status, 1, 'a tampered move list must fail the check');
  assert.match(bad.stderr, /does not print|game over/);

  assert.deepEqual(problems, []);
  await page.close();
});

test('every strategy prints; each matches the CLI with the same --passes', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  const sprite = join(WEB_DIR, 'samples/heart.png');
  await page.click('button[data-sample="heart"]');
  await result(page);
  // The row planners alone: direct placement (the default) off.
  await page.uncheck('#direct');
  await result(page);
  const counts = {};
  for (const [value, passes] of [['3', 'grouped'], ['2', 'thorough'], ['1', 'optimal'], ['0', 'greedy']]) {
    await page.selectOption('#strategy', value);
    const shown = await result(page);
    const lines = await assertPrints(shown, sprite, `heart-${passes}`);
    const converted = cli(['convert', sprite, '--passes', passes, '--no-direct']);
    assert.equal(converted.status, 0, converted.stderr);
    assert.equal(shown.moves, converted.stdout, `strategy ${passes}`);
    counts[passes] = lines.length;
  }
  // The thorough planner never needs more pieces than the grouped planner, which never
  // needs more than greedy (nor does optimal).
  assert.ok(counts.thorough <= counts.grouped && counts.grouped <= counts.greedy, JSON.stringify(counts));
  assert.ok(counts.optimal <= counts.greedy, JSON.stringify(counts));
  assert.ok(counts.grouped < counts.greedy, 'the strategies differ on this sprite');
  assert.deepEqual(problems, []);
  await page.close();
});

test('bad sprites show the command line\'s error, word for word', async () => {
  const bad = {
    'four-colours.png': png(`
      0123
      0123
    `, { 0: [255, 0, 0], 1: [0, 255, 0], 2: [0, 0, 255], 3: [255, 255, 0] }),
    'too-wide.png': png('0'.repeat(18), { 0: [40, 200, 255] }),
    'gap.png': png(`
      00
      ..
      00
    `, { 0: [40, 200, 255] }),
    // Larger than Sprite::open reads (the limits come from the library).
    'huge.png': png('0'.repeat(8193), { 0: [40, 200, 255] }),
    // The browser must hand the library the file's alpha, not a premultiplied guess.
    'half-alpha.png': png(`
      00
      01
    `, { 0: [40, 200, 255], 1: [40, 200, 255, 128] }),
  };
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  for (const [name, bytes] of Object.entries(bad)) {
    await writeFile(join(env.tmp, name), bytes);
    // The CLI, run where the file is, names it exactly as the page does.
    const expected = cli(['convert', name]);
    assert.equal(expected.status, 1, `${name}: the CLI must reject it`);
    await page.setInputFiles('#file', join(env.tmp, name));
    await page.waitForSelector('body[data-state="error"]');
    const shown = await page.evaluate(() => ({
      error: document.getElementById('error').textContent,
      moves: document.getElementById('moves').textContent,
      pieces: document.getElementById('pieces').textContent,
    }));
    assert.equal(shown.error, expected.stderr.trimEnd(), name);
    assert.deepEqual([shown.moves, shown.pieces], ['', '–'], `${name}: no moves shown`);
  }
  // The messages name the problem (what SpriteError's Display says).
  const text = await page.textContent('#error');
  assert.match(text, /^error: bad sprite half-alpha\.png: pixel \(1, 1\) has alpha 128; only 0 or 255 allowed \(try --fit to make its soft pixels transparent or opaque\)$/);

  // A file that is no image: the library's decoders say so, in the CLI's words.
  await writeFile(join(env.tmp, 'not-an-image.png'), 'hello\n');
  const cliSays = cli(['convert', 'not-an-image.png']);
  assert.equal(cliSays.status, 1);
  assert.match(cliSays.stderr, /^error: could not decode image not-an-image\.png: /);
  await page.setInputFiles('#file', join(env.tmp, 'not-an-image.png'));
  await page.waitForSelector('body[data-state="error"]');
  assert.equal(await page.textContent('#error'), cliSays.stderr.trimEnd());
  // And a good sprite afterwards prints again, this time dropped on the drop zone.
  await setSpeed(page, 'instant');
  const pixel = await readFile(join(WEB_DIR, 'samples/pixel.png'));
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], 'pixel.png', { type: 'image/png' }));
    return dt;
  }, [...pixel]);
  await page.dispatchEvent('#drop', 'drop', { dataTransfer });
  const shown = await result(page);
  await assertPrints(shown, join(WEB_DIR, 'samples/pixel.png'), 'pixel');
  assert.equal(shown.pieces, '16');
  assert.deepEqual(problems, []);
  await page.close();
});
