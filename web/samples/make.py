#!/usr/bin/env python3
"""Writes the playground's sample sprites (PNG, RGBA) from the text art below.

Standard library only: `python3 web/samples/make.py` rewrites the PNGs next to it.
`.` is transparent; other characters map to the colour in each sprite's palette.
"""
import struct
import zlib
from pathlib import Path

SPRITES = {
    # The command line's built-in demo sprite (src/commands.rs DEMO_SPRITE).
    "mushroom": (
        {"0": (0x9a, 0x5a, 0x2c), "1": (0xe0, 0x30, 0x30), "2": (0xf8, 0xe8, 0xc8)},
        """
        .....000000.....
        ...0011111100...
        ..011111111110..
        .01122111122110.
        .01222211222210.
        0112222112222110
        0111221111221110
        0111111111111110
        0112222222222110
        .00022022022000.
        ...0222222220...
        ...0222222220...
        ...0222222220...
        ....02222220....
        .....000000.....
        """,
    ),
    "invader": (
        {"0": (0x5c, 0xe0, 0x6c)},
        """
        ..0.....0..
        ...0...0...
        ..0000000..
        .00.000.00.
        00000000000
        0.0000000.0
        0.0.....0.0
        ...00.00...
        """,
    ),
    "heart": (
        {"0": (0x70, 0x10, 0x28), "1": (0xe8, 0x30, 0x58), "2": (0xff, 0xff, 0xff)},
        """
        .00...00.
        0220.0110
        022101110
        011111110
        .0111110.
        ..01110..
        ...010...
        ....0....
        """,
    ),
}


def png(width, height, rgba):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(
        b"\x00" + bytes(rgba[y * width * 4:(y + 1) * width * 4]) for y in range(height)
    )
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main():
    here = Path(__file__).parent
    for name, (palette, art) in SPRITES.items():
        rows = [line.strip() for line in art.strip().splitlines()]
        width, height = len(rows[0]), len(rows)
        rgba = []
        for row in rows:
            assert len(row) == width, f"{name}: ragged art"
            for ch in row:
                rgba += [0, 0, 0, 0] if ch == "." else [*palette[ch], 255]
        (here / f"{name}.png").write_bytes(png(width, height, rgba))
        print(f"{name}.png: {width}x{height}")


if __name__ == "__main__":
    main()
