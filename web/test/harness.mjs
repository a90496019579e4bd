// Shared by the end-to-end test and the screenshot script: a tiny static server for
// web/ on 127.0.0.1, Debian's Chromium driven by playwright-core, and a PNG encoder
// for test sprites.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const WEB_DIR = resolve(fileURLToPath(new URL('..', import.meta.url)));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves web/ read-only on an ephemeral localhost port. Resolves to { url, close }. */
export async function serve(root = WEB_DIR) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with a fresh profile. Resolves to { context, close }. */
export async function launch() {
  const profile = await mkdtemp(join(tmpdir(), 'tp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1180, height: 860 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Opens the page and waits until the WebAssembly module is loaded. */
export async function openPage(context, url) {
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  await page.goto(url);
  await page.waitForSelector('body[data-state="ready"]');
  return { page, problems };
}

/** Sets the speed slider to the notch showing `label` (e.g. 'instant', '20 pieces/s'). */
export async function setSpeed(page, label) {
  await page.$eval('#speed', (el, want) => {
    for (let v = Number(el.min); v <= Number(el.max); v++) {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
      if (document.getElementById('speed-label').textContent === want) return;
    }
    throw new Error(`no speed notch labelled ${want}`);
  }, label);
}

/**
 * An RGBA PNG from rows of text art: '.' transparent, other characters from `palette`
 * ([r, g, b], opaque, or [r, g, b, a]).
 */
export function png(art, palette) {
  const { rgba, width, height } = artRgba(art, palette);
  return pngFromRgba(rgba, width, height);
}

/** Text art (as `png` takes it) as `{ rgba, width, height }`. */
export function artRgba(art, palette) {
  const rows = art.trim().split('\n').map((r) => r.trim());
  const width = rows[0].length;
  const height = rows.length;
  const rgba = Buffer.alloc(width * height * 4);
  rows.forEach((row, y) => {
    if (row.length !== width) throw new Error('ragged art');
    [...row].forEach((ch, x) => {
      const px = ch === '.' ? [0, 0, 0, 0] : [...palette[ch], 255].slice(0, 4);
      rgba.set(px, 4 * (y * width + x));
    });
  });
  return { rgba, width, height };
}

/** An RGBA PNG (8 bits a channel) of `width` × `height` pixels, top row first. */
export function pngFromRgba(rgba, width, height) {
  const raw = Buffer.alloc(height * (1 + width * 4));
  for (let y = 0; y < height; y++) {
    Buffer.from(rgba.subarray(4 * y * width, 4 * (y + 1) * width)).copy(raw, y * (1 + width * 4) + 1);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- The end-to-end tests' common ground. ----
export const CLI = resolve(process.env.TETRIS_PRINTER ?? join(WEB_DIR, '../target/quick/tetris-printer'));
// Only a guard against a hung page, never a speed requirement.
const HANG_GUARD_MS = Number(process.env.HANG_GUARD_MS ?? 10 * 60 * 1000);

/**
 * Registers the test file's before/after hooks: a server for web/, a browser and a temp
 * directory. The returned object has them as `server`, `browser`, `tmp` once `before` ran.
 */
export function suite() {
  const env = {};
  before(async () => {
    env.tmp = await mkdtemp(join(tmpdir(), 'tp-web-test-'));
    env.server = await serve();
    env.browser = await launch();
    env.browser.context.setDefaultTimeout(HANG_GUARD_MS);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.close();
    await rm(env.tmp, { recursive: true, force: true });
  });
  return env;
}

/** Runs the CLI in `cwd`; returns { status, stdout, stderr }. */
export function cli(args, cwd) {
  const r = spawnSync(CLI, args, { cwd, encoding: 'utf8' });
  if (r.error) throw new Error(`could not run ${CLI}: ${r.error.message}`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** What the page shows once a print has finished (and that it did finish, not fail). */
export async function result(page) {
  await page.waitForSelector('body[data-state="done"], body[data-state="error"]');
  const state = await page.evaluate(() => [
    document.body.dataset.state,
    document.getElementById('error').hidden ? '' : document.getElementById('error').textContent,
  ]);
  assert.deepEqual(state, ['done', ''], 'the print must finish without an error');
  return page.evaluate(() => ({
    moves: document.getElementById('moves').textContent,
    pieces: document.getElementById('pieces').textContent,
    time: document.getElementById('time').textContent,
    verified: document.getElementById('verified').textContent,
    fieldMatches: document.body.dataset.fieldMatches,
    error: document.getElementById('error').hidden ? null : document.getElementById('error').textContent,
  }));
}

/**
 * Asserts the shown moves are well-formed, counted right, and print `spritePath` (the
 * CLI's `check`, which finds the placement); returns the move lines.
 */
export async function assertPrints(env, shown, spritePath, name) {
  const lines = shown.moves.split('\n').filter((l) => l !== '');
  assert.ok(shown.moves.endsWith('\n'), 'one move a line, newline-terminated');
  for (const l of lines) assert.match(l, /^[TJLSZIO][0-3] \d{1,2}$/);
  assert.equal(shown.pieces, String(lines.length), '#pieces is exactly the number of moves');
  assert.equal(shown.error, null);
  assert.match(shown.time, /^\d+(\.\d+)?$/, 'conversion time in ms');
  // The page's own animation ended on the print the library expects.
  assert.equal(shown.fieldMatches, 'true');

  const movesFile = join(env.tmp, `${name}.txt`);
  await writeFile(movesFile, shown.moves);
  const checked = cli(['check', spritePath, movesFile], env.tmp);
  assert.equal(checked.status, 0, `tetris-printer check failed: ${checked.stderr}`);
  assert.match(checked.stdout, new RegExp(`^ok: \\d+x\\d+ sprite, ${lines.length} pieces(, at x0 = \\d+)?\\n$`));
  return lines;
}

/** The page's current sprite written as a PNG in env.tmp; returns its path and pixels. */
export async function savedSource(env, page, name) {
  const s = await page.evaluate(() => window.playground.source());
  const path = join(env.tmp, name);
  await writeFile(path, pngFromRgba(Uint8Array.from(s.rgba), s.width, s.height));
  return { path, ...s };
}
