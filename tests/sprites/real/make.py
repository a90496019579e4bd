#!/usr/bin/env python3
"""Regenerates the real-sprite set in this directory (issue #17). Python 3 standard
library only. See SOURCES.md for what each category is, where it comes from and its
licence.

    python3 tests/sprites/real/make.py --font8x8 DIR --pixelarticons DIR

DIR for font8x8 is the source of the `font8x8` crate, 0.3.1 (crates.io, MIT), e.g.
~/.cargo/registry/src/*/font8x8-0.3.1 after `cargo fetch` in a project depending on it.
DIR for pixelarticons is the unpacked npm package `@iconify-json/pixelarticons` 1.2.9
(MIT), e.g. `npm pack @iconify-json/pixelarticons@1.2.9 && tar xzf *.tgz` -> package/.
The hand-drawn sprites come from handmade.txt beside this script.

Every sprite written is <= 17x32 pixels after trimming, <= 3 colours, and has no fully
transparent row between non-empty rows; images that break a rule are skipped, and
skipped.txt lists them with the reason. The output is deterministic (same bytes every
run).
"""

import argparse
import json
import re
import struct
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAX_W, MAX_H = 17, 32

# Colours: the sprite's colour index -> RGB.
INK = (0x20, 0x20, 0x20)
PAPER = (0xF0, 0xF0, 0xF0)
ACCENT = (0xE0, 0x40, 0x30)
SHADOW = (0x60, 0x60, 0xA0)
FILL = (0xF0, 0xC0, 0x30)


def png(path, rows, palette):
    """Writes an RGBA PNG; rows are lists of colour indices or None (transparent)."""
    h, w = len(rows), len(rows[0])
    raw = b""
    for row in rows:
        raw += b"\0" + b"".join(
            bytes(palette[p]) + b"\xff" if p is not None else b"\0\0\0\0" for p in row
        )

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    data = (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def trim(rows):
    """Drops transparent borders; None if nothing is opaque."""
    ys = [y for y, r in enumerate(rows) if any(p is not None for p in r)]
    if not ys:
        return None
    xs = [x for r in rows for x, p in enumerate(r) if p is not None]
    x0, x1 = min(xs), max(xs)
    return [r[x0:x1 + 1] for r in rows[ys[0]:ys[-1] + 1]]


def problem(rows):
    """Why a trimmed sprite is not printable, or None."""
    h, w = len(rows), len(rows[0])
    if w > MAX_W or h > MAX_H:
        return f"{w}x{h} after trimming, over {MAX_W}x{MAX_H}"
    colours = {p for r in rows for p in r if p is not None}
    if len(colours) > 3:
        return f"{len(colours)} colours"
    for y, r in enumerate(rows):
        if all(p is None for p in r):
            return f"transparent row {y} between non-empty rows"
    return None


class Writer:
    def __init__(self):
        self.written = {}
        self.skipped = []

    def add(self, category, name, rows, palette):
        rows = trim(rows)
        if rows is None:
            self.skipped.append((category, name, "empty"))
            return
        why = problem(rows)
        if why:
            self.skipped.append((category, name, why))
            return
        png(HERE / category / f"{name}.png", rows, palette)
        self.written.setdefault(category, []).append(name)


# ---- font8x8 (crates.io, MIT) ----

def font8x8_tables(src):
    """{table name: [[8 row bytes] or None]} from the crate's legacy.rs."""
    text = (Path(src) / "src" / "legacy.rs").read_text()
    tables = {}
    for m in re.finditer(r"pub const (\w+_LEGACY): \[\[u8; 8\]; \d+\] = \[(.*?)\n\];", text, re.S):
        glyphs = []
        for item in re.finditer(r"NOTHING_TO_DISPLAY|\[([^\]]*)\]", m.group(2)):
            if item.group(1) is None:
                glyphs.append(None)
            else:
                glyphs.append([int(b, 16) for b in item.group(1).split(",")])
        tables[m.group(1)] = glyphs
    return tables


def glyph_rows(g):
    # Bit 0 is the leftmost pixel.
    return [[0 if (byte >> x) & 1 else None for x in range(8)] for byte in g]


def shadowed(rows):
    """The glyph in colour 0 with a one-pixel drop shadow (down and right) in colour 1."""
    h, w = len(rows), len(rows[0])
    out = [[None] * (w + 1) for _ in range(h + 1)]
    for y in range(h):
        for x in range(w):
            if rows[y][x] is not None:
                out[y + 1][x + 1] = 1
    for y in range(h):
        for x in range(w):
            if rows[y][x] is not None:
                out[y][x] = 0
    return out


def fonts(w, src):
    t = font8x8_tables(src)
    for code in range(0x21, 0x7F):
        g = t["BASIC_LEGACY"][code]
        w.add("glyphs", f"basic-{code:04x}", glyph_rows(g), [INK])
    for i, g in enumerate(t["GREEK_LEGACY"]):
        if g is not None:
            w.add("glyphs", f"greek-{0x390 + i:04x}", glyph_rows(g), [INK])
    for i, g in enumerate(t["HIRAGANA_LEGACY"]):
        if g is not None and i % 3 == 0:  # every third: a sample, not the whole block
            w.add("glyphs", f"hiragana-{0x3040 + i:04x}", glyph_rows(g), [INK])
    # Two-colour art: letters and digits with a drop shadow, as game titles draw them.
    for code in list(range(0x30, 0x3A)) + list(range(0x41, 0x5B)):
        g = t["BASIC_LEGACY"][code]
        w.add("two-colour", f"shadow-{code:04x}", shadowed(trim(glyph_rows(g))), [PAPER, SHADOW])


# ---- pixelarticons (npm @iconify-json/pixelarticons, MIT) ----

def path_edges(d):
    """Line segments of an SVG path of M/m/H/h/V/v/L/l/Z/z commands."""
    edges = []
    x = y = sx = sy = 0.0
    tokens = re.findall(r"[MmHhVvLlZz]|-?\d*\.?\d+", d)
    i, cmd = 0, None
    while i < len(tokens):
        tk = tokens[i]
        if re.match(r"[A-Za-z]", tk):
            cmd = tk
            i += 1
            if cmd in "Zz":
                if (x, y) != (sx, sy):
                    edges.append((x, y, sx, sy))
                x, y = sx, sy
            continue
        if cmd in "Mm":
            nx, ny = float(tokens[i]), float(tokens[i + 1])
            i += 2
            if cmd == "m":
                nx, ny = x + nx, y + ny
            if (x, y) != (sx, sy):
                edges.append((x, y, sx, sy))  # implicit close of the last subpath
            x, y, sx, sy = nx, ny, nx, ny
            cmd = "l" if cmd == "m" else "L"  # further pairs are line-tos
            continue
        if cmd in "Ll":
            nx, ny = float(tokens[i]), float(tokens[i + 1])
            i += 2
            if cmd == "l":
                nx, ny = x + nx, y + ny
        elif cmd in "Hh":
            nx, ny = float(tokens[i]) + (x if cmd == "h" else 0), y
            i += 1
        elif cmd in "Vv":
            nx, ny = x, float(tokens[i]) + (y if cmd == "v" else 0)
            i += 1
        else:
            raise ValueError(f"unsupported path command {cmd!r}")
        edges.append((x, y, nx, ny))
        x, y = nx, ny
    if (x, y) != (sx, sy):
        edges.append((x, y, sx, sy))
    return edges


def rasterize(paths, size=24):
    """Pixels whose centre is inside the union of the paths (non-zero winding each)."""
    grid = [[False] * size for _ in range(size)]
    for d in paths:
        edges = path_edges(d)
        for py in range(size):
            cy = py + 0.5
            for px in range(size):
                cx = px + 0.5
                wind = 0
                for x1, y1, x2, y2 in edges:
                    if (y1 <= cy) != (y2 <= cy):
                        xi = x1 + (cy - y1) * (x2 - x1) / (y2 - y1)
                        if xi > cx:
                            wind += 1 if y2 > y1 else -1
                if wind:
                    grid[py][px] = True
    return grid


def filled(grid):
    """Outline in colour 0; transparent regions the outside cannot reach in colour 1."""
    h, w = len(grid), len(grid[0])
    outside = [[False] * w for _ in range(h)]
    stack = [(x, y) for y in range(h) for x in range(w)
             if (x in (0, w - 1) or y in (0, h - 1)) and not grid[y][x]]
    while stack:
        x, y = stack.pop()
        if not (0 <= x < w and 0 <= y < h) or outside[y][x] or grid[y][x]:
            continue
        outside[y][x] = True
        stack += [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    rows = [[0 if grid[y][x] else (None if outside[y][x] else 1) for x in range(w)]
            for y in range(h)]
    has_fill = any(p == 1 for r in rows for p in r)
    return rows, has_fill


def icons(w, src):
    data = json.loads((Path(src) / "icons.json").read_text())
    for name in sorted(data["icons"]):
        icon = data["icons"][name]
        if icon.get("hidden"):
            continue
        # Only the opaque paths: the few faint (opacity .1) details are left out.
        paths = [m.group(2) for m in re.finditer(r'<path([^>]*?) d="([^"]*)"', icon["body"])
                 if "opacity" not in m.group(1)]
        grid = rasterize(paths, data.get("width", 24))
        rows = [[0 if v else None for v in r] for r in grid]
        w.add("icons", name, rows, [INK])
        # Icons drawn on even coordinates only are 12x12 pixel art shown at 2x: also
        # take them at their own size, one pixel a cell (exact, nothing resampled).
        numbers = [float(n) for d in paths for n in re.findall(r"-?\d*\.?\d+", d)]
        if not name.endswith("-sharp") and all(n % 2 == 0 for n in numbers):
            half = [[grid[y][x] for x in range(0, len(grid[0]), 2)] for y in range(0, len(grid), 2)]
            w.add("icons-12", name, [[0 if v else None for v in r] for r in half], [INK])
        frows, has_fill = filled(grid)
        if has_fill and name.endswith("-sharp") is False:
            w.add("two-colour", f"filled-{name}", frows, [INK, FILL])


# ---- hand-drawn (this project, MIT) ----

def handmade(w):
    """Sections of handmade.txt: `== CATEGORY/NAME rrggbb rrggbb rrggbb` then art lines
    of `.` (transparent) and `0`, `1`, `2`."""
    name, palette, art = None, None, []

    def flush():
        if name:
            cat, nm = name.split("/")
            width = max(len(l) for l in art)
            bad = {c for l in art for c in l} - set(".012")
            if bad:
                raise SystemExit(f"handmade.txt: {name}: unexpected {sorted(bad)}")
            rows = [[None if c == "." else int(c) for c in l.ljust(width, ".")] for l in art]
            w.add(cat, nm, rows, palette)

    for line in (HERE / "handmade.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if line.startswith("== "):
            flush()
            parts = line[3:].split()
            name = parts[0]
            palette = [tuple(bytes.fromhex(c)) for c in parts[1:]]
            art = []
        else:
            art.append(line.strip())
    flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--font8x8", required=True, help="font8x8 0.3.1 crate source")
    ap.add_argument("--pixelarticons", required=True, help="@iconify-json/pixelarticons package")
    args = ap.parse_args()
    for old in HERE.glob("*/*.png"):
        old.unlink()
    w = Writer()
    fonts(w, args.font8x8)
    icons(w, args.pixelarticons)
    handmade(w)
    with open(HERE / "skipped.txt", "w") as f:
        f.write("# Images make.py skipped, and why (category/name: reason).\n")
        for cat, name, why in w.skipped:
            f.write(f"{cat}/{name}: {why}\n")
    for cat in sorted(w.written):
        print(f"{cat}: {len(w.written[cat])} sprites")
    print(f"skipped: {len(w.skipped)} (see skipped.txt)")


if __name__ == "__main__":
    sys.exit(main())
