// Issue #39 item 1, in the WebAssembly module itself (a 32-bit target, where a unit test
// on the 64-bit host cannot see the wrap): `Sprite::from_rgba` with width 2^30, 2^31 or
// 3·2^30 and height 0 (an empty buffer) must answer with an error, not trap. Runs the
// built web/tetris_printer_web.wasm in Node, no browser.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { WEB_DIR } from './harness.mjs';

const STATUS_BAD_SPRITE = -1;

async function instance() {
  const bytes = await readFile(join(WEB_DIR, 'tetris_printer_web.wasm'));
  return (await WebAssembly.instantiate(bytes, {})).instance.exports;
}

const text = (wasm) => new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.tp_text_ptr(), wasm.tp_text_len()));

test('from_rgba with width 2^30, 2^31, 3·2^30 and height 0 is a clean error in wasm32', async () => {
  const wasm = await instance();
  for (const width of [2 ** 30, 2 ** 31, 3 * 2 ** 30]) {
    // Every strategy and placement goes through the same validation first.
    let status;
    assert.doesNotThrow(() => { status = wasm.tp_convert(0, 0, width, 0, 3, 0, 1); }, `width ${width}`);
    assert.equal(status, STATUS_BAD_SPRITE, `width ${width}: ${text(wasm)}`);
    assert.equal(text(wasm), 'image has no opaque pixel', `width ${width}`);
  }
  // The module still works: one opaque pixel converts.
  const ptr = wasm.tp_alloc(4);
  new Uint8Array(wasm.memory.buffer, ptr, 4).set([0, 0, 255, 255]);
  const moves = wasm.tp_convert(ptr, 4, 1, 1, 3, 0, 1);
  wasm.tp_free(ptr, 4);
  assert.ok(moves > 0, text(wasm));
});
