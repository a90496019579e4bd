"use strict";

// The playground's WebAssembly worker: owns the module (web/wasm, the tetris-printer
// library behind raw extern "C" exports) so that a long conversion (direct placement
// takes up to seconds) never blocks the page. The page posts { id, op, ...args } and gets
// { id, value } or { id, error, trapped }.
//
// A trap (a panic in the module, or a wild pointer) leaves the module's state lock held
// and its allocator possibly half-way through an update, so the instance is dropped and
// the compiled module instantiated again; the reply says so (`trapped`), and the next
// call runs on the fresh instance.

const WASM_URL = 'tetris_printer_web.wasm';
const WIDTH = 21;
const HEIGHT = 42;
const INFO_LEN = 16;

let compiled = null; // WebAssembly.Module, fetched and compiled once
let wasm = null; // the current instance's exports
let instances = 0;

async function instantiate() {
  if (!compiled) {
    // fetch + compile(bytes) works whatever MIME type the server gives .wasm files.
    const response = await fetch(WASM_URL);
    if (!response.ok) throw new Error(`could not load ${WASM_URL}: HTTP ${response.status} (run web/build.sh)`);
    compiled = await WebAssembly.compile(await response.arrayBuffer());
  }
  wasm = (await WebAssembly.instantiate(compiled, {})).exports;
  instances++;
  // Warm-up: the first call into a fresh instance is slower; convert one pixel so the
  // time shown for the user's sprite is the conversion alone.
  convert({ rgba: new Uint8Array([0, 0, 255, 255]), width: 1, height: 1, strategy: 2, direct: false, align: 1 });
}

function text() {
  return new TextDecoder().decode(new Uint8Array(wasm.memory.buffer, wasm.tp_text_ptr(), wasm.tp_text_len()));
}

/** Copies bytes into a fresh module buffer, runs f(ptr, len), frees the buffer. */
function withBytes(bytes, f) {
  const ptr = wasm.tp_alloc(bytes.length);
  if (!ptr) throw new Error('out of memory in the WebAssembly module');
  try {
    new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
    return f(ptr, bytes.length);
  } finally {
    wasm.tp_free(ptr, bytes.length);
  }
}

/**
 * Converts RGBA pixels. Returns { status, text, count, ms, runs, mean, info, expected }:
 * status 0 and the move list, or the module's negative status and error message. `ms` is
 * measured around the call that produced the result. A conversion often takes less than
 * the timer's resolution, so it is then repeated on the same input (up to ~50 ms or 2000
 * runs in all) and `mean` is the time per call over all `runs`.
 */
function convert({ rgba, width, height, strategy, direct, align }) {
  return withBytes(rgba, (ptr, len) => {
    const call = () => wasm.tp_convert(ptr, len, width, height, strategy, direct ? 1 : 0, align);
    const t0 = performance.now();
    const status = call();
    const ms = performance.now() - t0;
    if (status < 0) return { status, text: text() };
    const result = {
      status: 0,
      text: text(),
      count: status,
      info: new Uint8Array(wasm.memory.buffer, wasm.tp_info_ptr(), INFO_LEN).slice(),
      expected: new Uint8Array(wasm.memory.buffer, wasm.tp_expected_ptr(), WIDTH * HEIGHT).slice(),
    };
    let runs = 1;
    let total = ms;
    while (total < 50 && runs < 2000) {
      const t = performance.now();
      call();
      total += performance.now() - t;
      runs++;
    }
    return { ...result, ms, runs, mean: total / runs };
  });
}

const OPS = {
  limits: () => ({ width: wasm.tp_max_width(), height: wasm.tp_max_height() }),
  sizeOk: ({ width, height }) => (wasm.tp_image_size_ok(width, height) === 0 ? null : text()),
  /**
   * An image file's bytes, named `name`, read as a sprite, or fitted (`fit`: the command
   * line's --fit, default options): { status, text, rgba, width, height }. Status 0 and the sprite
   * (the text says what fitting changed), or -4 (fitting would help) or -1 and the error.
   */
  decode: ({ bytes, name, fit }) => withBytes(bytes, (ptr, len) => {
    const status = withBytes(new TextEncoder().encode(name), (namePtr, nameLen) => (
      wasm.tp_decode(ptr, len, namePtr, nameLen, fit ? 1 : 0, 128, 3, 0, 0, 0)));
    if (status < 0) return { status, text: text() };
    const width = wasm.tp_sprite_width();
    const height = wasm.tp_sprite_height();
    const rgba = new Uint8Array(wasm.memory.buffer, wasm.tp_sprite_ptr(), width * height * 4).slice();
    return { status, text: text(), rgba, width, height };
  }),
  convert,
  /** The library's `check`: does this move text print the last converted sprite? */
  check: ({ moves }) => {
    const status = withBytes(new TextEncoder().encode(moves), (ptr, len) => wasm.tp_check(ptr, len));
    return { ok: status === 0, text: text() };
  },
  /** The last print as an animated GIF (the command line's `animate` with these options). */
  gif: ({ scale, fps, fall }) => {
    const len = wasm.tp_gif(scale, fps, fall ? 1 : 0);
    if (len < 0) throw new Error(text());
    return { bytes: new Uint8Array(wasm.memory.buffer, wasm.tp_gif_ptr(), len).slice(), text: text() };
  },
  /**
   * Makes the module trap, for the test of the recovery: a conversion of pixels that lie
   * past the end of the module's memory (a read out of bounds while the state lock is held).
   */
  trap: () => {
    const past = wasm.memory.buffer.byteLength;
    return wasm.tp_convert(past, 4 * 8 * 8, 8, 8, 3, 0, 1);
  },
  instances: () => instances,
};

/** Runs one request; a trap is answered after the fresh instance is ready. */
async function handle(data) {
  const { id, op } = data;
  try {
    const value = OPS[op](data);
    const transfer = value && value.bytes ? [value.bytes.buffer] : [];
    self.postMessage({ id, value }, transfer);
  } catch (e) {
    if (!(e instanceof WebAssembly.RuntimeError)) {
      self.postMessage({ id, error: e.message });
      return;
    }
    // The instance is unusable now (see the top of this file): start a fresh one.
    try {
      await instantiate();
      self.postMessage({ id, error: e.message, trapped: true, reloaded: true });
    } catch (e2) {
      self.postMessage({ id, error: `${e.message}; instantiating the module again failed: ${e2.message}`, trapped: true });
    }
  }
}

// One request at a time, in order, each on a ready instance.
const loaded = instantiate();
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  queue = queue.then(() => loaded).then(
    () => handle(data),
    (e) => self.postMessage({ id: data.id, error: e.message }),
  );
};
