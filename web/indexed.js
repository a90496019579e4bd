// Indexed images: a sprite as at most three opaque colours and transparent cells, which
// the pixel editor paints, the share link carries, and too-large images are scaled or
// cropped into. No DOM here, so the tests import it too.

/** Code of a transparent cell; 0, 1 and 2 index `colors`. */
export const TRANSPARENT = 3;

/** `{ width, height, colors: [[r, g, b], …] (at most 3), cells: Uint8Array }`, top row first. */
export function blank(width, height, colors) {
  return { width, height, colors: colors.map((c) => c.slice()), cells: new Uint8Array(width * height).fill(TRANSPARENT) };
}

/**
 * The indexed image of RGBA pixels, colours in order of first appearance (top row first);
 * null if a pixel is half transparent or there are more than three opaque colours (the
 * library names the problem when it converts the pixels).
 */
export function fromRgba(rgba, width, height) {
  const colors = [];
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const a = rgba[4 * i + 3];
    if (a === 0) {
      cells[i] = TRANSPARENT;
      continue;
    }
    if (a !== 255) return null;
    const c = [rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]];
    let k = colors.findIndex((d) => d[0] === c[0] && d[1] === c[1] && d[2] === c[2]);
    if (k < 0) {
      if (colors.length === 3) return null;
      k = colors.push(c) - 1;
    }
    cells[i] = k;
  }
  return { width, height, colors, cells };
}

/** RGBA pixels of an indexed image (transparent cells are 0, 0, 0, 0). */
export function toRgba({ width, height, colors, cells }) {
  const rgba = new Uint8Array(width * height * 4);
  cells.forEach((k, i) => {
    if (k !== TRANSPARENT) rgba.set([...colors[k], 255], 4 * i);
  });
  return rgba;
}

/** The smallest rectangle `{ x, y, width, height }` holding every opaque pixel; null if none. */
export function opaqueBox(rgba, width, height) {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[4 * (y * width + x) + 3] === 0) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The `box` of an RGBA image, as `{ rgba, width, height }`. */
export function crop(rgba, width, { x, y, width: w, height: h }) {
  const out = new Uint8Array(w * h * 4);
  for (let r = 0; r < h; r++) {
    out.set(rgba.subarray(4 * ((y + r) * width + x), 4 * ((y + r) * width + x + w)), 4 * r * w);
  }
  return { rgba: out, width: w, height: h };
}

// ---- The share link's fragment. ----
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const hex = (c) => c.map((v) => v.toString(16).padStart(2, '0')).join('');

/** Cells packed four to a byte (two bits each, first cell in the high bits), base64url. */
function packCells(cells) {
  const bytes = new Uint8Array(Math.ceil(cells.length / 4));
  cells.forEach((k, i) => { bytes[i >> 2] |= k << (6 - 2 * (i & 3)); });
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  let out = '';
  for (let i = 0; i < bits.length; i += 6) out += B64[parseInt(bits.slice(i, i + 6).padEnd(6, '0'), 2)];
  return out;
}

function unpackCells(text, n) {
  let bits = '';
  for (const ch of text) {
    const v = B64.indexOf(ch);
    if (v < 0) throw new Error(`the pixels (p) hold ${JSON.stringify(ch)}, not base64url`);
    bits += v.toString(2).padStart(6, '0');
  }
  if (bits.length < 2 * n) throw new Error(`the pixels (p) hold ${Math.floor(bits.length / 2)} cells; ${n} needed`);
  return Uint8Array.from({ length: n }, (_, i) => parseInt(bits.slice(2 * i, 2 * i + 2), 2));
}

/**
 * The fragment (without `#`) for an indexed image and the options:
 * `w=16&h=15&c=ff0000-00ff00&p=…&strategy=grouped&direct=1&align=best&name=mushroom.png`.
 */
export function encodeShare(image, { strategy, direct, align }, name) {
  const params = new URLSearchParams({
    w: image.width,
    h: image.height,
    c: image.colors.map(hex).join('-'),
    p: packCells(image.cells),
    strategy,
    direct: direct ? '1' : '0',
    align,
    name,
  });
  return params.toString();
}

/**
 * The image and options of a share fragment (with or without `#`); null if it holds no
 * sprite (`w` missing); throws an Error naming the field for a malformed one.
 * `maxSide` bounds width and height.
 */
export function decodeShare(fragment, maxSide) {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  if (!params.has('w')) return null;
  const side = (key) => {
    const v = params.get(key) ?? '';
    if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > maxSide) {
      throw new Error(`${key} is ${JSON.stringify(v)}; a whole number in 1..=${maxSide} is needed`);
    }
    return Number(v);
  };
  const width = side('w');
  const height = side('h');
  const colors = (params.get('c') ?? '').split('-').filter(Boolean).map((c) => {
    if (!/^[0-9a-fA-F]{6}$/.test(c)) throw new Error(`colour ${JSON.stringify(c)} is not six hex digits`);
    return [0, 2, 4].map((i) => parseInt(c.slice(i, i + 2), 16));
  });
  if (colors.length > 3) throw new Error(`${colors.length} colours (c); at most 3`);
  const cells = unpackCells(params.get('p') ?? '', width * height);
  const bad = cells.findIndex((k) => k !== TRANSPARENT && k >= colors.length);
  if (bad >= 0) throw new Error(`pixel ${bad} uses colour ${cells[bad]}, but c lists ${colors.length}`);
  return {
    image: { width, height, colors, cells },
    options: {
      strategy: params.get('strategy'),
      // Absent: the page's default (direct placement on).
      direct: params.has('direct') ? params.get('direct') === '1' : undefined,
      align: params.get('align'),
    },
    name: params.get('name') || 'shared.png',
  };
}
