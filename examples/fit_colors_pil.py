#!/usr/bin/env python3
"""PIL's baseline for examples/fit_colors.rs: each icon's opaque pixels (a line
`name<TAB>rrggbb rrggbb ...` of the example's --dump) quantized by PIL's
`quantize(colors=3)` (median cut, PIL's default for RGB images), and the mean Oklab
Delta E between each pixel and its quantized colour. Prints `name<TAB>mean<TAB>pixels`.
Needs Pillow (pip install pillow)."""
import sys

import PIL
from PIL import Image


def linear(v):
    v /= 255.0
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def oklab(c):
    r, g, b = (linear(v) for v in c)
    l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
    m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
    s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
    l, m, s = (v ** (1.0 / 3.0) for v in (l, m, s))
    return (
        0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
        1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
        0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s,
    )


def delta_e(p, q):
    a, b = oklab(p), oklab(q)
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


print(f"# PIL {PIL.__version__} quantize(colors=3): icon, mean Oklab dE, pixels")
for line in open(sys.argv[1]):
    name, _, pixels = line.rstrip("\n").partition("\t")
    colours = [bytes.fromhex(h) for h in pixels.split()]
    img = Image.new("RGB", (len(colours), 1))
    img.putdata([tuple(c) for c in colours])
    quantized = list(img.quantize(colors=3).convert("RGB").getdata())
    mean = sum(delta_e(tuple(c), q) for c, q in zip(colours, quantized)) / len(colours)
    print(f"{name}\t{mean:.6f}\t{len(colours)}")
