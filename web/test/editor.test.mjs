// #editor: a click paints a cell with the selected colour (or erases it) and the print
// follows; every print is checked by the CLI against the page's sprite as a PNG.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertPrints, cli, openPage, result, savedSource, setSpeed, suite } from './harness.mjs';

const env = suite();
const CELL = 8; // CSS pixels per editor cell (web/editor.js)

/** Clicks the middle of editor cell (x, y). */
const clickCell = (page, x, y) => page.click('#editor', { position: { x: x * CELL + CELL / 2, y: y * CELL + CELL / 2 } });

test('a click in #editor changes the print, which prints the edited sprite', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  await page.click('button[data-sample="heart"]');
  const before = await result(page);
  const original = await savedSource(env, page, 'heart-before.png');
  // The editor shows the sample at its size.
  assert.deepEqual(
    await page.evaluate(() => [document.getElementById('editor-width').value, document.getElementById('editor-height').value]),
    [String(original.width), String(original.height)],
  );

  // The middle cell of the middle row, painted with a colour slot it does not have.
  const x = Math.floor(original.width / 2);
  const y = Math.floor(original.height / 2);
  const i = 4 * (y * original.width + x);
  const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const cell = original.rgba[i + 3] ? hex(original.rgba.slice(i, i + 3)) : null;
  const slots = await Promise.all([0, 1, 2].map((k) => page.inputValue(`#color-${k}`)));
  const slot = slots.findIndex((c) => c !== cell);
  await page.check(`input[name="paint"][value="${slot}"]`);
  await clickCell(page, x, y);
  const after = await result(page);
  assert.notEqual(after.moves, before.moves, 'the print changed');
  const edited = await savedSource(env, page, 'heart-edited.png');
  assert.equal(edited.name, 'drawing.png');
  // Exactly that pixel changed, to the slot's colour.
  const rgb = [1, 3, 5].map((k) => parseInt(slots[slot].slice(k, k + 2), 16));
  assert.deepEqual(edited.rgba.slice(i, i + 4), [...rgb, 255]);
  const changed = edited.rgba.map((v, k) => v !== original.rgba[k]).reduce((n, d, k) => (d ? n.add(k >> 2) : n), new Set());
  assert.deepEqual([...changed], [i >> 2]);
  await assertPrints(env, after, edited.path, 'heart-edited');
  assert.equal(after.moves, cli(['convert', 'heart-edited.png'], env.tmp).stdout);

  // A new drawing: one click is a one-pixel sprite.
  await page.fill('#editor-width', '5');
  await page.fill('#editor-height', '4');
  await page.click('#editor-new');
  await page.check('input[name="paint"][value="0"]');
  await clickCell(page, 1, 2);
  const pixel = await result(page);
  const drawn = await savedSource(env, page, 'drawn.png');
  assert.deepEqual([drawn.width, drawn.height], [5, 4]);
  await assertPrints(env, pixel, drawn.path, 'drawn');
  assert.equal(pixel.moves, cli(['convert', 'drawn.png'], env.tmp).stdout);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an empty new drawing shows no error; the keyboard paints cells', async () => {
  const { page, problems } = await openPage(env.browser.context, env.server.url);
  await setSpeed(page, 'instant');
  await page.click('button[data-sample="heart"]');
  await result(page);
  await page.fill('#editor-width', '6');
  await page.fill('#editor-height', '3');
  await page.click('#editor-new');
  // Nothing to print: no error, no print, a word on what to do.
  assert.equal(await page.isHidden('#error'), true, await page.textContent('#error'));
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
  assert.equal(await page.textContent('#pieces'), '–');
  assert.match(await page.textContent('#sprite-info'), /empty drawing: paint a cell/);
  // Changing the size of the empty drawing: still no error.
  await page.fill('#editor-width', '7');
  await page.press('#editor-width', 'Enter');
  await page.click('#editor-new');
  assert.equal(await page.isHidden('#error'), true, await page.textContent('#error'));

  // Keyboard: two right, one down, Space paints (2, 1) with the selected slot.
  await page.check('input[name="paint"][value="1"]');
  await page.focus('#editor');
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'Space']) await page.keyboard.press(key);
  const shown = await result(page);
  const drawn = await savedSource(env, page, 'keyboard.png');
  assert.deepEqual([drawn.width, drawn.height], [7, 3]);
  const opaque = [];
  for (let k = 0; k < drawn.width * drawn.height; k++) if (drawn.rgba[4 * k + 3]) opaque.push(k);
  assert.deepEqual(opaque, [1 * 7 + 2]);
  await assertPrints(env, shown, drawn.path, 'keyboard');
  // Enter paints too; erasing the only cells leaves an empty drawing, again no error.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await result(page);
  await page.check('input[name="paint"][value="3"]');
  await page.focus('#editor');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.getElementById('pieces').textContent === '–');
  assert.equal(await page.isHidden('#error'), true, await page.textContent('#error'));
  assert.deepEqual(problems, []);
  await page.close();
});
