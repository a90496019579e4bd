"use strict";

// The playground page: decodes the sprite in the browser, converts it with the
// tetris-printer library compiled to WebAssembly (web/wasm, raw extern "C" exports), and
// animates the drops on a canvas with a small simulator of the playfield (hard drop,
// naive-gravity line clears, as src/playfield.rs). The library checks the move list
// (tp_check) and gives the field the print must leave (tp_expected_ptr); the page
// compares its animated field with that at the end.

const WIDTH = 21;
const HEIGHT = 42;
const WASM_URL = 'tetris_printer_web.wasm';

// ---- Pieces: the 19 orientations drawn as in src/piece.rs SHAPE_ROWS. ----
const PIECES = 'TJLSZIO'; // Piece discriminant order; a cell's code is 1 + index
const SHAPE_ROWS = {
  T: [['###', '.#.'], ['.#', '##', '.#'], ['.#.', '###'], ['#.', '##', '#.']],
  J: [['###', '..#'], ['.#', '.#', '##'], ['#..', '###'], ['##', '#.', '#.']],
  L: [['###', '#..'], ['##', '.#', '.#'], ['..#', '###'], ['#.', '#.', '##']],
  S: [['.##', '##.'], ['#.', '##', '.#']],
  Z: [['##.', '.##'], ['.#', '##', '#.']],
  I: [['####'], ['#', '#', '#', '#']],
  O: [['##', '##']],
};

/** Cells (dx, dy up from the bottom of the box), width, height, per-column bottom. */
function shapeData(rows) {
  const height = rows.length;
  const width = rows[0].length;
  const cells = [];
  const bottom = new Array(width).fill(Infinity);
  rows.forEach((row, r) => {
    const dy = height - 1 - r;
    [...row].forEach((ch, dx) => {
      if (ch === '#') {
        cells.push([dx, dy]);
        bottom[dx] = Math.min(bottom[dx], dy);
      }
    });
  });
  return { cells, width, height, bottom };
}

const SHAPES = Object.fromEntries(
  Object.entries(SHAPE_ROWS).map(([p, list]) => [p, list.map(shapeData)]),
);

/** `J0 5` -> { code, shape, x }; throws on anything else. */
function parseMove(line, lineNo) {
  const m = /^([TJLSZIO])([0-3]) +(\d+)$/.exec(line.trim());
  const shape = m && SHAPES[m[1]][Number(m[2])];
  if (!shape) throw new Error(`line ${lineNo}: not a move: ${line}`);
  const x = Number(m[3]);
  if (x + shape.width > WIDTH) throw new Error(`line ${lineNo}: ${line} sticks out of the field`);
  return { code: PIECES.indexOf(m[1]) + 1, name: `${m[1]}${m[2]}`, shape, x, text: line.trim() };
}

function parseMoves(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    const t = line.trim();
    if (t && !t.startsWith('#')) out.push(parseMove(t, i + 1));
  });
  return out;
}

// ---- The field simulator: rows[y][x], y = 0 at the bottom; 0 empty, else piece code. ----
class Field {
  constructor() {
    this.rows = Array.from({ length: HEIGHT }, () => new Uint8Array(WIDTH));
  }
  columnHeight(x) {
    for (let y = HEIGHT - 1; y >= 0; y--) if (this.rows[y][x]) return y + 1;
    return 0;
  }
  /** Row of the box's bottom where the move comes to rest (src/playfield.rs landing_row). */
  landingRow(m) {
    let y = 0;
    for (let i = 0; i < m.shape.width; i++) {
      y = Math.max(y, this.columnHeight(m.x + i) - m.shape.bottom[i]);
    }
    return y;
  }
  place(m, y) {
    if (y + m.shape.height > HEIGHT) throw new Error(`game over: ${m.text} would stick out of the top`);
    for (const [dx, dy] of m.shape.cells) this.rows[y + dy][m.x + dx] = m.code;
  }
  /** Full rows among y..y+h (bottom first). */
  fullRows(y, h) {
    const out = [];
    for (let r = y; r < Math.min(y + h, HEIGHT); r++) if (this.rows[r].every((c) => c)) out.push(r);
    return out;
  }
  /** Naive gravity: remove the rows, everything above moves down. */
  clear(rows) {
    for (const r of [...rows].sort((a, b) => b - a)) {
      this.rows.splice(r, 1);
      this.rows.push(new Uint8Array(WIDTH));
    }
  }
}

// ---- Colours, as src/render.rs: J, T, L in the sprite's colours, the rest muted. ----
const BACKGROUND = [0x14, 0x14, 0x1c];
const GRID = [0x26, 0x26, 0x32];
const PIECE_COLORS = [
  [0x80, 0x00, 0x80], // T
  [0x00, 0x00, 0xff], // J
  [0xff, 0x80, 0x00], // L
  [0x4f, 0x7d, 0x52], // S
  [0x8c, 0x4a, 0x4f], // Z
  [0x4a, 0x7f, 0x8c], // I
  [0x8c, 0x82, 0x46], // O
];
const blend = (c, to, t) => c.map((v) => Math.round(v + ((to - v) * t) / 256));
const css = ([r, g, b]) => `rgb(${r},${g},${b})`;

function paletteFor(spriteColors) {
  // Piece::color: J prints colour 0, T colour 1, L colour 2.
  const colors = PIECE_COLORS.map((c) => c.slice());
  const pieceOfColor = [1, 0, 2]; // sprite colour index -> Piece discriminant (J, T, L)
  spriteColors.forEach((c, i) => { colors[pieceOfColor[i]] = c; });
  return colors.map((c) => ({
    fill: css(c), light: css(blend(c, 255, 96)), dark: css(blend(c, 0, 80)),
  }));
}

// ---- The WebAssembly module. ----
let wasm = null;

async function loadWasm() {
  // fetch + instantiate(bytes) works whatever MIME type the server gives .wasm files.
  const response = await fetch(WASM_URL);
  if (!response.ok) throw new Error(`could not load ${WASM_URL}: HTTP ${response.status} (run web/build.sh)`);
  const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
  wasm = instance.exports;
}

function wasmText() {
  const bytes = new Uint8Array(wasm.memory.buffer, wasm.tp_text_ptr(), wasm.tp_text_len());
  return new TextDecoder().decode(bytes);
}

/** Copies bytes into a fresh wasm buffer, runs f(ptr, len), frees the buffer. */
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
 * Converts RGBA pixels. Returns { ok, text, count, ms, runs, mean, info, expected }: the
 * move list or the library's error message. `ms` is measured around the wasm call that
 * produced the result. A conversion often takes less than the browser's timer resolution
 * (0.1 ms), so it is then repeated on the same input (up to ~50 ms or 2000 runs in all)
 * and `mean` is the time per call over all `runs`.
 */
function convert(rgba, width, height, strategy) {
  return withBytes(rgba, (ptr, len) => {
    const t0 = performance.now();
    const status = wasm.tp_convert(ptr, len, width, height, strategy);
    const ms = performance.now() - t0;
    const text = wasmText();
    if (status < 0) return { ok: false, text };
    const info = new Uint8Array(wasm.memory.buffer, wasm.tp_info_ptr(), 16).slice();
    const expected = new Uint8Array(wasm.memory.buffer, wasm.tp_expected_ptr(), WIDTH * HEIGHT).slice();
    let runs = 1;
    let total = ms;
    while (total < 50 && runs < 2000) {
      const t = performance.now();
      wasm.tp_convert(ptr, len, width, height, strategy);
      total += performance.now() - t;
      runs++;
    }
    return { ok: true, text, count: status, ms, runs, mean: total / runs, info, expected };
  });
}

/** The library's `check`: does this move text print the last converted sprite? */
function check(text) {
  const status = withBytes(new TextEncoder().encode(text), (ptr, len) => wasm.tp_check(ptr, len));
  return { ok: status === 0, text: wasmText() };
}

// ---- Page state and elements. ----
const $ = (id) => document.getElementById(id);
const el = {
  file: $('file'), drop: $('drop'), strategy: $('strategy'), speed: $('speed'),
  speedLabel: $('speed-label'), pause: $('pause'), restart: $('restart'), error: $('error'),
  field: $('field'), bar: $('bar'), progress: $('progress'), pieces: $('pieces'), time: $('time'),
  timeNote: $('time-note'), status: $('status'), verified: $('verified'), copy: $('copy'),
  download: $('download'), moves: $('moves'), preview: $('preview'), spriteInfo: $('sprite-info'),
};

// Pieces per second for each speed notch; the last one plays everything at once.
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, Infinity];

let sprite = null; // { name, rgba, width, height }
let anim = null;
let palette = paletteFor([]);
let downloadUrl = null;

function setState(state, message) {
  document.body.dataset.state = state;
  if (message !== undefined) el.status.textContent = message;
}

function showError(message) {
  el.error.textContent = message;
  el.error.hidden = false;
}

function clearResult() {
  anim = null;
  el.moves.textContent = '';
  el.pieces.textContent = '–';
  el.time.textContent = '–';
  el.timeNote.innerHTML = '&nbsp;';
  el.verified.textContent = '';
  el.progress.innerHTML = '&nbsp;';
  el.bar.style.width = '0';
  el.copy.disabled = true;
  el.pause.disabled = true;
  el.restart.disabled = true;
  el.download.classList.add('disabled');
  el.download.setAttribute('aria-disabled', 'true');
  el.download.removeAttribute('href');
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = null;
  palette = paletteFor([]);
  draw();
}

// ---- Loading a sprite: decode in the browser, raw RGBA to the library. ----
async function decode(blob) {
  // No colour management and no premultiplication: the library sees the file's bytes.
  const bitmap = await createImageBitmap(blob, {
    colorSpaceConversion: 'none', premultiplyAlpha: 'none',
  });
  const { width, height } = bitmap;
  // Sprite::open's size limits, and its message, from the library.
  if (wasm && wasm.tp_image_size_ok(width, height) !== 0) {
    bitmap.close();
    throw new Error(wasmText());
  }
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return { rgba: new Uint8Array(ctx.getImageData(0, 0, width, height).data.buffer), width, height };
}

async function loadSprite(blob, name) {
  el.error.hidden = true;
  clearResult();
  setState('converting', `reading ${name}…`);
  try {
    sprite = { name, ...(await decode(blob)) };
  } catch (e) {
    sprite = null;
    drawPreview(null);
    // The command line says `could not decode image FILE: …` for undecodable files.
    const message = e.name === 'InvalidStateError' || e.name === 'EncodingError'
      ? `could not decode image ${name}: the browser cannot read it as an image`
      : `bad sprite ${name}: ${e.message}`;
    fail(message);
    return;
  }
  drawPreview(sprite);
  run();
}

function fail(message) {
  clearResult();
  showError(`error: ${message}`);
  setState('error', 'not printed');
}

/** Converts the current sprite with the chosen strategy and starts printing. */
function run() {
  if (!sprite || !wasm) return;
  el.error.hidden = true;
  const strategy = Number(el.strategy.value);
  const result = convert(sprite.rgba, sprite.width, sprite.height, strategy);
  if (!result.ok) {
    // The same words as `tetris-printer convert FILE`: `error: bad sprite FILE: …`.
    fail(`bad sprite ${sprite.name}: ${result.text}`);
    el.spriteInfo.textContent = `${sprite.width}×${sprite.height} image, not printable`;
    return;
  }
  const { info } = result;
  const [w, h, x0, n] = info;
  const colors = [0, 1, 2].slice(0, n).map((i) => [info[4 + 3 * i], info[5 + 3 * i], info[6 + 3 * i]]);
  palette = paletteFor(colors);
  el.spriteInfo.innerHTML = '';
  el.spriteInfo.append(`${w}×${h} sprite, ${n} colour${n === 1 ? '' : 's'}, left column ${x0}`);
  const swatches = document.createElement('div');
  swatches.className = 'swatches';
  colors.forEach((c, i) => {
    const s = document.createElement('span');
    s.className = 'swatch';
    s.style.background = css(c);
    s.title = `colour ${i}: printed by ${'JTL'[i]}`;
    s.textContent = 'JTL'[i];
    swatches.append(s);
  });
  el.spriteInfo.append(swatches);

  showMoves(result.text);
  el.pieces.textContent = String(result.count);
  el.time.textContent = formatMs(result.runs > 1 ? result.mean : result.ms);
  el.timeNote.textContent = result.runs > 1
    ? `mean of ${result.runs} runs in this browser (first run ${result.ms > 0 ? `${formatMs(result.ms)} ms` : 'below the timer\'s resolution'})`
    : 'one run in this browser';
  const verdict = check(result.text);
  el.verified.textContent = verdict.ok
    ? `library check: ${verdict.text}`
    : `library check FAILED: ${verdict.text}`;
  el.copy.disabled = false;
  el.pause.disabled = false;
  el.restart.disabled = false;
  downloadUrl = URL.createObjectURL(new Blob([result.text], { type: 'text/plain' }));
  el.download.href = downloadUrl;
  el.download.download = `${sprite.name.replace(/\.[^.]*$/, '') || 'sprite'}.txt`;
  el.download.classList.remove('disabled');
  el.download.removeAttribute('aria-disabled');
  startAnimation(parseMoves(result.text), result.expected);
}

/** The move list, one span a line (its text is still one move a line), to follow the print. */
function showMoves(text) {
  const frag = document.createDocumentFragment();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const span = document.createElement('span');
    span.textContent = line;
    frag.append(span, '\n');
  }
  el.moves.replaceChildren(frag);
  el.moves.scrollTop = 0;
}

/** Marks move `i` (0-based) in the list and scrolls it into the upper third. */
function markMove(i) {
  el.moves.querySelector('.current')?.classList.remove('current');
  const span = el.moves.children[i]; // the newlines are text nodes, not children
  if (!span) return;
  span.classList.add('current');
  el.moves.scrollTop = span.offsetTop - el.moves.clientHeight / 3;
}

function formatMs(ms) {
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toFixed(3);
}

// ---- The animation. ----
// Time is counted in "piece units": a drop takes 1 unit (the piece falls row by row from
// the top), a line clear flashes the full rows for CLEAR_UNITS more. The speed control
// sets units per second, so at high speeds many pieces land per frame.
const CLEAR_UNITS = 0.6;

function startAnimation(moves, expected) {
  anim = {
    moves, expected, field: new Field(), i: 0, t: 0, phase: 'fall', landY: null,
    full: [], lines: 0, paused: false, last: null, marked: null,
  };
  el.pause.textContent = 'Pause';
  setState('printing', 'printing…');
  const a = anim;
  requestAnimationFrame((now) => frame(a, now));
}

function advance(a, units) {
  while (units > 0 && a.i < a.moves.length) {
    const m = a.moves[a.i];
    if (a.landY === null) a.landY = a.field.landingRow(m);
    const need = (a.phase === 'fall' ? 1 : CLEAR_UNITS) - a.t;
    if (units < need) {
      a.t += units;
      return;
    }
    units -= need;
    a.t = 0;
    if (a.phase === 'fall') {
      a.field.place(m, a.landY);
      a.full = a.field.fullRows(a.landY, m.shape.height);
      if (a.full.length) {
        a.phase = 'clear';
        continue;
      }
    } else {
      a.field.clear(a.full);
      a.lines += a.full.length;
      a.full = [];
    }
    a.phase = 'fall';
    a.landY = null;
    a.i++;
  }
}

/** One animation frame of print `a`; a newer print (or none) ends this one's loop. */
function frame(a, now) {
  if (a !== anim) return;
  const dt = a.last === null ? 0 : Math.min((now - a.last) / 1000, 0.1);
  a.last = now;
  if (!a.paused) {
    try {
      const pps = SPEEDS[Number(el.speed.value)];
      advance(a, pps === Infinity ? Infinity : pps * dt);
    } catch (e) {
      draw();
      fail(`move ${a.i + 1}: ${e.message}`);
      return;
    }
  }
  draw();
  const done = a.i >= a.moves.length;
  const n = a.moves.length;
  if (a.i !== a.marked) {
    a.marked = a.i;
    markMove(done ? -1 : a.i);
  }
  el.bar.style.width = `${(100 * a.i) / n}%`;
  const current = done ? '' : ` · ${a.moves[a.i].text}`;
  el.progress.textContent = `move ${Math.min(a.i + (done ? 0 : 1), n)} of ${n} · ${a.lines} lines${current}`;
  if (done) {
    finish(a);
    return;
  }
  requestAnimationFrame((t) => frame(a, t));
}

function finish(a) {
  // The animated field must be the library's expected print, cell for cell.
  let wrong = null;
  for (let y = 0; y < HEIGHT && !wrong; y++) {
    for (let x = 0; x < WIDTH; x++) {
      if (a.field.rows[y][x] !== a.expected[y * WIDTH + x]) {
        wrong = `cell (${x}, ${y})`;
        break;
      }
    }
  }
  el.pause.disabled = true;
  document.body.dataset.fieldMatches = String(!wrong);
  if (wrong) {
    setState('done', `done, but the animated field differs from the sprite at ${wrong}`);
  } else {
    setState('done', `done: ${a.moves.length} pieces, ${a.lines} lines cleared, the sprite stands`);
  }
}

// ---- Drawing. ----
const CELL = 14; // CSS pixels per cell
const fieldCtx = el.field.getContext('2d');

function sizeCanvas() {
  const dpr = Math.max(1, Math.round(window.devicePixelRatio || 1));
  el.field.width = WIDTH * CELL * dpr;
  el.field.height = HEIGHT * CELL * dpr;
  el.field.style.width = `${WIDTH * CELL}px`;
  el.field.style.height = `${HEIGHT * CELL}px`;
  return dpr;
}
let dpr = sizeCanvas();

/** One cell as src/render.rs paints it: grid line right and bottom, bevelled block. */
function paintCell(x, y, style, alpha = 1) {
  const s = CELL * dpr;
  const inner = s - dpr;
  const left = x * s;
  const top = (HEIGHT - 1 - y) * s;
  const ctx = fieldCtx;
  ctx.globalAlpha = alpha;
  if (!style) {
    ctx.fillStyle = css(BACKGROUND);
    ctx.fillRect(left, top, inner, inner);
  } else {
    const b = Math.max(1, Math.round(inner / 8));
    ctx.fillStyle = style.dark;
    ctx.fillRect(left, top, inner, inner);
    ctx.fillStyle = style.light;
    ctx.fillRect(left, top, inner, b);
    ctx.fillRect(left, top, b, inner);
    ctx.fillStyle = style.fill;
    ctx.fillRect(left + b, top + b, inner - 2 * b, inner - 2 * b);
  }
  ctx.globalAlpha = 1;
}

const FLASH = { fill: '#f4f4ff', light: '#ffffff', dark: '#c8c8dc' };

function draw() {
  const ctx = fieldCtx;
  ctx.fillStyle = css(GRID);
  ctx.fillRect(0, 0, el.field.width, el.field.height);
  const a = anim;
  const rows = a ? a.field.rows : null;
  const flashing = a && a.phase === 'clear' ? new Set(a.full) : null;
  // Flash on and off while the full rows are about to go.
  const flashOn = flashing && Math.floor(a.t / (CLEAR_UNITS / 3)) % 2 === 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const c = rows ? rows[y][x] : 0;
      if (flashing && flashing.has(y)) paintCell(x, y, flashOn ? FLASH : palette[c - 1]);
      else paintCell(x, y, c ? palette[c - 1] : null);
    }
  }
  if (a && a.phase === 'fall' && a.i < a.moves.length && a.landY !== null) {
    const m = a.moves[a.i];
    const spawn = HEIGHT - m.shape.height;
    const steps = spawn - a.landY + 1;
    const y = spawn - Math.min(steps - 1, Math.floor(a.t * steps));
    const style = palette[m.code - 1];
    // Ghost where it will land, then the piece itself.
    if (y !== a.landY) for (const [dx, dy] of m.shape.cells) paintCell(m.x + dx, a.landY + dy, style, 0.22);
    for (const [dx, dy] of m.shape.cells) paintCell(m.x + dx, y + dy, style);
  }
}

function drawPreview(s) {
  const c = el.preview;
  const ctx = c.getContext('2d');
  ctx.clearRect(0, 0, c.width, c.height);
  if (!s) return;
  const scale = Math.max(1, Math.floor(Math.min(c.width / s.width, c.height / s.height)));
  const ox = Math.floor((c.width - s.width * scale) / 2);
  const oy = Math.floor((c.height - s.height * scale) / 2);
  for (let y = 0; y < s.height; y++) {
    for (let x = 0; x < s.width; x++) {
      const i = (y * s.width + x) * 4;
      if (s.rgba[i + 3] === 0) continue;
      ctx.fillStyle = `rgba(${s.rgba[i]},${s.rgba[i + 1]},${s.rgba[i + 2]},${s.rgba[i + 3] / 255})`;
      ctx.fillRect(ox + x * scale, oy + y * scale, scale, scale);
    }
  }
}

// ---- Controls. ----
function updateSpeedLabel() {
  const pps = SPEEDS[Number(el.speed.value)];
  el.speedLabel.textContent = pps === Infinity ? 'instant' : `${pps} piece${pps === 1 ? '' : 's'}/s`;
}

el.speed.addEventListener('input', updateSpeedLabel);
el.strategy.addEventListener('change', () => run());
el.file.addEventListener('change', () => {
  const f = el.file.files[0];
  if (f) loadSprite(f, f.name);
});
for (const button of document.querySelectorAll('[data-sample]')) {
  button.addEventListener('click', async () => {
    const name = `${button.dataset.sample}.png`;
    const response = await fetch(`samples/${name}`);
    if (!response.ok) {
      fail(`could not load sample ${name}: HTTP ${response.status}`);
      return;
    }
    loadSprite(await response.blob(), name);
  });
}
// A file dropped anywhere on the page is the sprite (not a navigation to the file).
document.addEventListener('dragover', (e) => {
  e.preventDefault();
  el.drop.classList.add('over');
});
document.addEventListener('dragleave', (e) => {
  if (!e.relatedTarget) el.drop.classList.remove('over');
});
document.addEventListener('drop', (e) => {
  e.preventDefault();
  el.drop.classList.remove('over');
  const f = e.dataTransfer && e.dataTransfer.files[0];
  if (f) loadSprite(f, f.name);
});
el.pause.addEventListener('click', () => {
  if (!anim) return;
  anim.paused = !anim.paused;
  el.pause.textContent = anim.paused ? 'Resume' : 'Pause';
  setState(anim.paused ? 'paused' : 'printing', anim.paused ? 'paused' : 'printing…');
});
el.restart.addEventListener('click', () => {
  if (anim) startAnimation(anim.moves, anim.expected);
});
el.copy.addEventListener('click', async () => {
  const text = el.moves.textContent;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const range = document.createRange();
    range.selectNodeContents(el.moves);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    document.execCommand('copy');
  }
  el.copy.textContent = 'Copied';
  setTimeout(() => { el.copy.textContent = 'Copy'; }, 1200);
});
window.addEventListener('resize', () => {
  const d = sizeCanvas();
  if (d !== dpr) dpr = d;
  draw();
});

// ---- Start. ----
updateSpeedLabel();
draw();
loadWasm().then(() => {
  // Warm-up: the first call into a fresh module also compiles it; convert one pixel so
  // the conversion time shown for the user's sprite is the conversion alone.
  convert(new Uint8Array([0, 0, 255, 255]), 1, 1, 2);
  setState('ready', 'ready: drop a sprite or try a sample');
  run(); // a sprite chosen while the module was loading

}, (e) => {
  const hint = location.protocol === 'file:'
    ? ' (open the page over http, e.g. `python3 -m http.server -d web 8000`: a file:// page cannot fetch the module)'
    : '';
  showError(`error: ${e.message}${hint}`);
  setState('error', 'the WebAssembly module did not load');
});

// For tests and curious consoles.
window.playground = {
  fieldRows: () => anim && anim.field.rows.map((r) => Array.from(r)),
};
