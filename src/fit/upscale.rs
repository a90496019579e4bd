//! Pixel art scaled up by nearest neighbour, found again ([`upscale_factor`]).
//!
//! A picture whose kept pixels come in k × k blocks of one value each, the blocks aligned
//! with its bounding box, is a k× nearest-neighbour upscale: one pixel of each block gives
//! the original back exactly. The largest such k is taken (a picture made of 4 × 4 blocks
//! is also made of 2 × 2 ones), so a flat square becomes one pixel. Only divisors of both
//! sides of the bounding box can be k; each is checked row by row from the largest down,
//! stopping at the first pixel that differs from its block's.

use super::cutout::Cutout;
use super::rows::Rows;

/// The largest k ≥ 2 for which the kept pixels of `cut` come in k × k blocks, if any.
pub(super) fn upscale_factor(rows: &mut Rows<'_>, cut: &Cutout) -> Option<usize> {
    let (_, _, w, h) = cut.bbox;
    let g = gcd(w, h);
    (2..=g)
        .rev()
        .filter(|&k| g.is_multiple_of(k))
        .find(|&k| is_upscale(rows, cut, k))
}

/// A pixel as the picture has it: its RGBA when kept, else transparent.
pub(super) fn kept_value(cut: &Cutout, row: &[[u8; 4]], x: usize, y: usize) -> [u8; 4] {
    if cut.kept.get(x, y) {
        row[x]
    } else {
        [0; 4]
    }
}

/// Whether the kept pixels come in `k` × `k` blocks.
fn is_upscale(rows: &mut Rows<'_>, cut: &Cutout, k: usize) -> bool {
    let (left, top, w, h) = cut.bbox;
    let mut first = vec![[0u8; 4]; w];
    for y in top..top + h {
        let row = rows.row(y);
        let block_top = (y - top) % k == 0;
        for i in 0..w {
            let v = kept_value(cut, row, left + i, y);
            if block_top {
                // The block's left column sets the value of its first row.
                if i % k != 0 && v != first[i - i % k] {
                    return false;
                }
                first[i] = v;
            } else if v != first[i] {
                return false;
            }
        }
    }
    true
}

/// The greatest common divisor.
const fn gcd(mut a: usize, mut b: usize) -> usize {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}
