// The playground page: decodes the sprite in the browser (or takes it from the pixel
// editor or a share link), converts it with the tetris-printer library compiled to
// WebAssembly (web/wasm, run by web/worker.js so the page stays responsive), and animates
// the drops on a canvas with a small simulator of the playfield (hard drop,
// naive-gravity line clears, as src/playfield.rs). The library checks the move list
// (tp_check) and gives the field the print must leave (tp_expected_ptr); the page
// compares its animated field with that at the end.

import { Editor } from './editor.js';
import {
  blank, crop, decodeShare, encodeShare, fromRgba, opaqueBox, toRgba,
  TRANSPARENT,
} from './indexed.js';

const WIDTH = 21;
const HEIGHT = 42;

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

// ---- The WebAssembly module, in a worker (web/worker.js). ----
let worker = null;
let nextId = 1;
const pending = new Map();

/** Starts the worker; calls resolve with { value } or reject with an Error (`trapped`). */
function startWorker() {
  worker = new Worker('worker.js');
  worker.onmessage = ({ data }) => {
    const p = pending.get(data.id);
    if (!p) return;
    pending.delete(data.id);
    if ('value' in data) {
      p.resolve(data.value);
    } else {
      const e = new Error(data.error);
      e.trapped = Boolean(data.trapped);
      e.reloaded = Boolean(data.reloaded);
      p.reject(e);
    }
  };
  worker.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(e.message || 'the worker failed'));
    pending.clear();
  };
}

/** Runs `op` in the worker; resolves to its value. */
function call(op, args = {}, transfer = []) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, op, ...args }, transfer);
  });
}

// ---- Page state and elements. ----
const $ = (id) => document.getElementById(id);
const el = {
  file: $('file'), drop: $('drop'), strategy: $('strategy'), strategyNote: $('strategy-note'),
  direct: $('direct'), directNote: $('direct-note'), align: $('align'), speed: $('speed'),
  speedLabel: $('speed-label'), pause: $('pause'), restart: $('restart'), error: $('error'),
  field: $('field'), bar: $('bar'), progress: $('progress'), pieces: $('pieces'), time: $('time'),
  timeNote: $('time-note'), status: $('status'), verified: $('verified'), copy: $('copy'),
  download: $('download'), gif: $('gif'), share: $('share'), moves: $('moves'),
  spriteInfo: $('sprite-info'), tooLarge: $('too-large'), tooLargeText: $('too-large-text'),
  fitReport: $('fit-report'),
  scale: $('scale'), crop: $('crop'), editor: $('editor'), editorWidth: $('editor-width'),
  editorHeight: $('editor-height'), editorNew: $('editor-new'),
  colors: [0, 1, 2].map((i) => $(`color-${i}`)),
};

// Pieces per second for each speed notch; the last one plays everything at once.
const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, Infinity];
// The module's strategy numbers, by the command line's names.
const STRATEGIES = { grouped: 3, thorough: 2, optimal: 1, greedy: 0 };
// The names share links made before the strategies were renamed (as the command line's
// hidden aliases).
const OLD_STRATEGIES = { lookup: 'grouped', fewest: 'thorough' };
const STRATEGY_NOTES = {
  3: 'table covers, a small bounded search over fixed groupings: the default (with direct placement)',
  2: 'a few fewer pieces by a larger bounded search',
  1: 'the classic table, best split',
  0: 'the 2013 article',
};
// The module's placement numbers: the order of tetris_printer::Align::ALL.
const ALIGNS = ['left', 'centre', 'right', 'best'];

let ready = false;
let limits = { width: 17, height: 32 }; // replaced by the library's own on load
let source = null; // the image being printed: { name, rgba, width, height }
let result = null; // the last successful conversion
let runSeq = 0; // the latest conversion asked for; older answers are dropped
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

function disableLink(a) {
  a.classList.add('disabled');
  a.setAttribute('aria-disabled', 'true');
  a.removeAttribute('href');
}

function clearResult() {
  anim = null;
  result = null;
  el.moves.textContent = '';
  el.pieces.textContent = '–';
  el.time.textContent = '–';
  el.timeNote.innerHTML = '&nbsp;';
  el.verified.textContent = '';
  el.progress.innerHTML = '&nbsp;';
  el.bar.style.width = '0';
  el.copy.disabled = true;
  el.gif.disabled = true;
  el.pause.disabled = true;
  el.restart.disabled = true;
  disableLink(el.download);
  disableLink(el.share);
  if (downloadUrl) URL.revokeObjectURL(downloadUrl);
  downloadUrl = null;
  palette = paletteFor([]);
  draw();
}

function fail(message) {
  clearResult();
  showError(`error: ${message}`);
  setState('error', 'not printed');
}

/** Says that the module trapped and (if so) that a fresh one took over. */
function trapped(e, doing) {
  fail(`the WebAssembly module trapped (${e.message}) while ${doing}`);
  setState('error', e.reloaded
    ? 'the WebAssembly module trapped; it was instantiated again and works on'
    : 'the WebAssembly module trapped and could not be loaded again: reload the page');
}

// ---- Loading a sprite: the file's bytes to the library, which decodes (and fits). ----
/**
 * The sprite in an image file's `bytes`, read as the command line reads it (with `fit`,
 * fitted as `--fit` does): { rgba, width, height, text }. Throws the library's message,
 * with `fittable` set when fitting would make it a sprite.
 */
async function decode(bytes, name, fit) {
  const r = await call('decode', { bytes, name, fit });
  if (r.status < 0) {
    // The library names the file as the command line does: `could not decode image FILE: …`.
    const e = new Error(r.text);
    e.fittable = r.status === -4;
    e.undecodable = r.text.startsWith('could not decode image');
    throw e;
  }
  return r;
}

async function loadSprite(blob, name) {
  el.error.hidden = true;
  el.tooLarge.hidden = true;
  el.fitReport.hidden = true;
  clearResult();
  setState('converting', `reading ${name}…`);
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let image;
  try {
    image = await decode(bytes, name, false);
  } catch (e) {
    source = null;
    if (e.trapped) {
      trapped(e, `reading ${name}`);
      return;
    }
    fail(e.undecodable ? e.message : `bad sprite ${name}: ${e.message}`);
    if (e.fittable) offerFit(bytes, name);
    return;
  }
  setSource({ name, rgba: image.rgba, width: image.width, height: image.height }, true);
}

/** The sprite to print is now `image`; the editor shows it if it can. */
function setSource(image, toEditor) {
  source = image;
  if (toEditor) {
    const box = opaqueBox(image.rgba, image.width, image.height);
    const trimmed = box && box.width <= limits.width && box.height <= limits.height
      ? crop(image.rgba, image.width, box) : null;
    const indexed = trimmed && fromRgba(trimmed.rgba, trimmed.width, trimmed.height);
    if (indexed) showInEditor(indexed);
  }
  run();
}

function readOptions() {
  return {
    strategy: Number(el.strategy.value),
    direct: el.direct.checked && !el.direct.disabled,
    align: ALIGNS.indexOf(el.align.value),
  };
}

/** Converts the current sprite with the chosen options and starts printing. */
async function run() {
  if (!source || !ready) return;
  const seq = ++runSeq;
  const image = source;
  el.error.hidden = true;
  el.tooLarge.hidden = true;
  clearResult();
  setState('converting', `working… (converting ${image.name})`);
  const options = readOptions();
  let r;
  try {
    r = await call('convert', { rgba: image.rgba, width: image.width, height: image.height, ...options });
  } catch (e) {
    if (seq !== runSeq) return;
    if (e.trapped) trapped(e, `converting ${image.name}`);
    else fail(e.message);
    return;
  }
  if (seq !== runSeq) return;
  if (r.status < 0) {
    // The same words as `tetris-printer convert FILE`: `error: bad sprite FILE: …`.
    fail(`bad sprite ${image.name}: ${r.text}`);
    el.spriteInfo.textContent = `${image.width}×${image.height} image, not printable`;
    return;
  }
  const verdict = await call('check', { moves: r.text }).catch((e) => ({ ok: false, text: e.message }));
  if (seq !== runSeq) return;
  result = { ...r, image, options };
  show(result, verdict);
}

function show(r, verdict) {
  const { info } = r;
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

  showMoves(r.text);
  el.pieces.textContent = String(r.count);
  el.time.textContent = formatMs(r.runs > 1 ? r.mean : r.ms);
  el.timeNote.textContent = r.runs > 1
    ? `mean of ${r.runs} runs in this browser (first run ${r.ms > 0 ? `${formatMs(r.ms)} ms` : 'below the timer\'s resolution'})`
    : 'one run in this browser';
  el.verified.textContent = verdict.ok
    ? `library check: ${verdict.text}`
    : `library check FAILED: ${verdict.text}`;
  el.copy.disabled = false;
  el.gif.disabled = false;
  el.pause.disabled = false;
  el.restart.disabled = false;
  downloadUrl = URL.createObjectURL(new Blob([r.text], { type: 'text/plain' }));
  el.download.href = downloadUrl;
  el.download.download = `${baseName(r.image.name)}.txt`;
  el.download.classList.remove('disabled');
  el.download.removeAttribute('aria-disabled');
  updateShare(r);
  startAnimation(parseMoves(r.text), r.expected);
}

const baseName = (name) => name.replace(/\.[^.]*$/, '') || 'sprite';

// ---- Not a sprite: offer to fit it (the library's fitting, as `--fit`). ----
let fitFrom = null;

function offerFit(bytes, name) {
  fitFrom = { bytes, name };
  el.tooLargeText.textContent = 'Fit it into a sprite that prints, as the command line\'s --fit does?';
  el.scale.textContent = 'Fit it';
  el.crop.hidden = true;
  el.tooLarge.hidden = false;
}

el.scale.addEventListener('click', async () => {
  if (!fitFrom) return;
  const { bytes, name } = fitFrom;
  // At once, as loadSprite does: the refusal goes, and the page says it is working
  // (not still `error` while the worker fits).
  el.error.hidden = true;
  el.tooLarge.hidden = true;
  setState('converting', `fitting ${name}…`);
  let fitted;
  try {
    fitted = await decode(bytes, name, true);
  } catch (e) {
    if (e.trapped) trapped(e, `fitting ${name}`);
    else fail(`cannot fit ${name}: ${e.message}`);
    return;
  }
  // The fitted sprite is shown (in the editor, and what fitting changed) as it prints.
  el.fitReport.textContent = fitted.text;
  el.fitReport.hidden = false;
  setSource({
    name: `${baseName(name)}-fitted.png`, rgba: fitted.rgba, width: fitted.width, height: fitted.height,
  }, true);
});

// ---- The pixel editor. ----
const DEFAULT_COLORS = el.colors.map((c) => hexToRgb(c.value));

function hexToRgb(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}
const rgbToHex = (c) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

const editor = new Editor(el.editor, {
  paint: () => Number(document.querySelector('input[name="paint"]:checked').value),
  colorOf: (k) => hexToRgb(el.colors[k].value),
  onChange: (image) => printDrawing(image),
});

function showInEditor(image) {
  editor.load(image);
  el.editorWidth.value = image.width;
  el.editorHeight.value = image.height;
  el.colors.forEach((input, i) => { input.value = rgbToHex(image.colors[i] ?? DEFAULT_COLORS[i]); });
}

/** The editor's image becomes the sprite (unused colour slots are left out). */
function printDrawing(image) {
  if (!image.cells.some((k) => k !== TRANSPARENT)) {
    emptyDrawing();
    return;
  }
  setSource({ name: 'drawing.png', rgba: toRgba(image), width: image.width, height: image.height }, false);
}

/** An empty drawing has nothing to print: no print and no error, a word on what to do. */
function emptyDrawing() {
  runSeq++; // an answer still on its way is for an older sprite
  source = null;
  el.error.hidden = true;
  el.tooLarge.hidden = true;
  clearResult();
  el.spriteInfo.textContent = 'empty drawing: paint a cell to print it';
  if (ready) setState('ready', 'ready: paint a cell in the drawing, or choose a sprite');
}

function newDrawing() {
  const w = clampInt(el.editorWidth.value, 1, limits.width);
  const h = clampInt(el.editorHeight.value, 1, limits.height);
  el.editorWidth.value = w;
  el.editorHeight.value = h;
  editor.load(blank(w, h, []));
  el.colors.forEach((input, i) => { input.value = rgbToHex(DEFAULT_COLORS[i]); });
}

const clampInt = (v, lo, hi) => Math.min(hi, Math.max(lo, Math.round(Number(v)) || lo));

el.editorNew.addEventListener('click', () => {
  newDrawing();
  emptyDrawing();
});
for (const input of [el.editorWidth, el.editorHeight]) {
  input.addEventListener('change', () => {
    const w = clampInt(el.editorWidth.value, 1, limits.width);
    const h = clampInt(el.editorHeight.value, 1, limits.height);
    el.editorWidth.value = w;
    el.editorHeight.value = h;
    editor.resize(w, h);
    printDrawing(editor.copy());
  });
}
el.colors.forEach((input, i) => {
  input.addEventListener('change', () => {
    editor.setColor(i, hexToRgb(input.value));
    // Choosing a colour also selects its slot.
    document.querySelector(`input[name="paint"][value="${i}"]`).checked = true;
    if (editor.image && editor.image.cells.some((k) => k === i)) printDrawing(editor.copy());
  });
});

// ---- Share link and GIF. ----
/** The share link of a print: its sprite (trimmed, indexed) and options in the fragment. */
function updateShare(r) {
  const box = opaqueBox(r.image.rgba, r.image.width, r.image.height);
  const part = box && crop(r.image.rgba, r.image.width, box);
  const indexed = part && fromRgba(part.rgba, part.width, part.height);
  if (!indexed) return;
  const strategy = Object.keys(STRATEGIES).find((k) => STRATEGIES[k] === r.options.strategy);
  const fragment = encodeShare(indexed, {
    strategy, direct: r.options.direct, align: ALIGNS[r.options.align],
  }, r.image.name);
  el.share.href = `${location.href.replace(/#.*$/, '')}#${fragment}`;
  el.share.classList.remove('disabled');
  el.share.removeAttribute('aria-disabled');
  // The address bar holds the print shown, so a reload or a bookmark brings it back
  // (replaceState fires no hashchange: nothing is converted again).
  history.replaceState(null, '', el.share.href);
}

// Share copies the link (it stays a link: a middle click or "copy link" still work) and
// says so; the page neither navigates nor prints again.
el.share.addEventListener('click', async (e) => {
  e.preventDefault();
  if (el.share.classList.contains('disabled')) return;
  const link = el.share.href;
  let copied = true;
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    copied = false;
  }
  el.share.textContent = copied ? 'Link copied' : 'Copy the address bar';
  el.share.title = copied ? link : 'the clipboard is not available here: the address bar holds the link';
  setTimeout(() => {
    el.share.textContent = 'Share';
    el.share.title = 'copy a link to this sprite and these options';
  }, 1500);
});

/** Applies a share fragment: options, then the sprite. False if it holds no sprite. */
function openShared(fragment) {
  let shared;
  try {
    shared = decodeShare(fragment, Math.max(limits.width, limits.height));
  } catch (e) {
    fail(`bad share link: ${e.message}`);
    return true;
  }
  if (!shared) return false;
  const { image, options, name } = shared;
  const strategy = OLD_STRATEGIES[options.strategy] ?? options.strategy;
  if (strategy in STRATEGIES) el.strategy.value = String(STRATEGIES[strategy]);
  el.direct.checked = options.direct ?? true;
  if (ALIGNS.includes(options.align)) el.align.value = options.align;
  updateOptionNotes();
  showInEditor(image);
  setSource({ name, rgba: toRgba(image), width: image.width, height: image.height }, false);
  return true;
}

el.gif.addEventListener('click', async () => {
  if (!result) return;
  const r = result;
  el.gif.disabled = true;
  const label = el.gif.textContent;
  el.gif.textContent = 'working…';
  try {
    // The command line's `animate` defaults (scale 8, 30 fps, no falling pieces).
    const { bytes } = await call('gif', { scale: 8, fps: 30, fall: false });
    if (r !== result) return;
    const url = URL.createObjectURL(new Blob([bytes], { type: 'image/gif' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${baseName(r.image.name)}.gif`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    if (e.trapped) trapped(e, 'encoding the GIF');
    else showError(`error: could not make the GIF: ${e.message}`);
  } finally {
    el.gif.textContent = label;
    el.gif.disabled = result === null;
  }
});

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

// ---- Controls. ----
function updateSpeedLabel() {
  const pps = SPEEDS[Number(el.speed.value)];
  el.speedLabel.textContent = pps === Infinity ? 'instant' : `${pps} piece${pps === 1 ? '' : 's'}/s`;
}

/** The strategy's one-line note; direct placement only with the default planner. */
function updateOptionNotes() {
  const strategy = Number(el.strategy.value);
  el.strategyNote.textContent = STRATEGY_NOTES[strategy];
  const without = strategy !== STRATEGIES.grouped;
  el.direct.disabled = without;
  el.directNote.textContent = without
    ? 'direct placement plans rows with grouped'
    : 'J, T and L also dropped straight onto pixels of their colour: fewer pieces, tenths of a second; off, the fast planner alone';
}

el.speed.addEventListener('input', updateSpeedLabel);
el.strategy.addEventListener('change', () => {
  updateOptionNotes();
  run();
});
el.direct.addEventListener('change', () => run());
el.align.addEventListener('change', () => run());
el.file.addEventListener('change', () => {
  const f = el.file.files[0];
  // Emptied, so that choosing the same file again is a change too.
  el.file.value = '';
  if (f) loadSprite(f, f.name);
});
for (const button of document.querySelectorAll('[data-sample]')) {
  button.addEventListener('click', async () => {
    const name = `${button.dataset.sample}.png`;
    // Working from the click on: the state is no longer the last print's while the
    // sample loads.
    setState('converting', `reading ${name}…`);
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
  editor.draw();
});
window.addEventListener('hashchange', () => {
  if (ready) openShared(location.hash);
});

// ---- Start. ----
updateSpeedLabel();
updateOptionNotes();
draw();
newDrawing();
try {
  startWorker();
} catch (e) {
  // A file:// page may not start a worker (nor fetch the module).
  showError(`error: ${e.message} (open the page over http, e.g. \`python3 -m http.server -d web 8000\`)`);
  setState('error', 'the WebAssembly module did not load');
}
if (worker) {
  call('limits').then((l) => {
    limits = l;
    el.editorWidth.max = l.width;
    el.editorHeight.max = l.height;
    ready = true;
    setState('ready', 'ready: drop a sprite, try a sample or draw one');
    // A share link, else a sprite chosen while the module was loading.
    if (!openShared(location.hash)) run();
  }, (e) => {
    const hint = location.protocol === 'file:'
      ? ' (open the page over http, e.g. `python3 -m http.server -d web 8000`: a file:// page cannot fetch the module)'
      : '';
    showError(`error: ${e.message}${hint}`);
    setState('error', 'the WebAssembly module did not load');
  });
}

// For tests and curious consoles.
window.playground = {
  fieldRows: () => anim && anim.field.rows.map((r) => Array.from(r)),
  /** The image being printed: { name, width, height, rgba: [...] }. */
  source: () => source && { ...source, rgba: Array.from(source.rgba) },
  /** Makes the module trap (a read past its memory) and reports what the page did. */
  forceTrap: async () => {
    try {
      await call('trap');
      return 'no trap';
    } catch (e) {
      if (e.trapped) trapped(e, 'running the forced trap');
      return e.message;
    }
  },
  /** How many times the worker instantiated the module. */
  instances: () => call('instances'),
  /**
   * Shows the print paused with move `i` (0-based) falling, `fraction` of its way down:
   * the same picture on every machine (docs/playground.png is made so, and checked).
   */
  showAt: (i, fraction) => {
    if (!anim) return false;
    const a = anim;
    a.field = new Field();
    a.lines = 0;
    for (const m of a.moves.slice(0, i)) {
      const y = a.field.landingRow(m);
      a.field.place(m, y);
      const full = a.field.fullRows(y, m.shape.height);
      a.field.clear(full);
      a.lines += full.length;
    }
    Object.assign(a, {
      i, t: fraction, phase: 'fall', landY: a.field.landingRow(a.moves[i]), full: [],
      paused: true, marked: null, last: null,
    });
    el.pause.textContent = 'Resume';
    el.pause.disabled = false;
    setState('paused', 'paused');
    // The print may have finished, and its frames with it: they run again (paused).
    requestAnimationFrame((now) => frame(a, now));
    return true;
  },
};
