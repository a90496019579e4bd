//! Wide patterns: full-width fillers of a pass's matrix that rest on the emission row.
//!
//! Strips tile a matrix side by side, each standing on its own columns, so a stretch
//! with no bottom cell over an empty emission row holds nothing up. Two kinds of pass
//! run into that all the time, and a **wide** pattern, which packs the whole 21-column
//! matrix over the pass's bottom row (`bottom`) resting on emission-row squares
//! (`support`), lets the fillers lean across the row instead:
//! - **a lone triple** at column 3, 7, 11 or 15 has no 3-row classic pattern (the
//!   table's is 7 rows, 37 pieces) and no 3-row strip tiling. Two squares of a row are
//!   often printed in two such passes (overlapping triples), so the second pass has the
//!   first one's square in its emission row; any one square there lets it close in 3
//!   rows (16 pieces instead of 37);
//! - **a lone flipped emitter** (J2, T2 or L2 on three pixels) leaves one cell, its top,
//!   in the bottom row, over its own bar. The classic table has no such bottom, and no
//!   strip tiling packs it at 5 rows for most columns; a wide pattern does for every
//!   column, resting on one square of the bar (27 pieces for the three pixels).
//!
//! The family: every single triple at 3 rows whose empty support does not pack (those
//! that do are the classic table's 3-row patterns), with support drawn from the sprite
//! columns 2..=18 outside the bar (only those ever hold a square); and every single cell
//! in columns 2..=18 at 5 rows, with support drawn from the two columns either side of
//! it (where its bar lies; the pass always holds the bar). Two triples at 2 rows (where
//! the classic table needs 6) were measured too: 2,507 packings, about 80 KB, for 0.1 %
//! fewer pieces on the random set, so they are left out. As for strips, support only
//! ever helps, so for each key the searcher records every *minimal* support that admits
//! a packing, smallest first, each with one packing; a support that admits none is
//! proved so by the exhaustive search.

use super::engine::{solve, DeadTable, Outcome, Placement, Problem};
use crate::pattern::WIDE_SUPPORT;
use crate::pattern_text::{arrangements, WideText};
use crate::playfield::WIDTH;

/// The packing problem of a full-width matrix `height` rows tall over `bottom`, resting
/// on `support`.
#[must_use]
pub fn wide_problem(height: u8, bottom: u32, support: u32) -> Problem {
    let mut start = [0u8; WIDTH];
    for (x, h) in start.iter_mut().enumerate() {
        *h = u8::from(bottom >> x & 1 != 0);
    }
    Problem {
        start,
        goal: [height; WIDTH],
        support,
    }
}

/// The columns whose support the searcher tries for `bottom`: for a triple, the sprite
/// columns under empty cells; for a single cell (a flipped emitter's top), the two
/// columns either side of it, where its bar lies (which the pass always holds).
#[must_use]
pub const fn wide_window(bottom: u32) -> u32 {
    if bottom.count_ones() == 1 {
        let t = bottom.trailing_zeros();
        WIDE_SUPPORT & (0b11011 << t >> 2)
    } else {
        WIDE_SUPPORT & !bottom
    }
}

/// The submasks of `window`, by size then value.
fn supports_of(window: u32) -> Vec<u32> {
    let bits: Vec<u32> = (0..32).filter(|b| window >> b & 1 != 0).collect();
    let mut out: Vec<u32> = (0u32..1 << bits.len())
        .map(|m| {
            bits.iter()
                .enumerate()
                .filter(|(i, _)| m >> i & 1 != 0)
                .fold(0, |s, (_, &b)| s | 1 << b)
        })
        .collect();
    out.sort_by_key(|s| (s.count_ones(), *s));
    out
}

/// The `(bottom, height)` the searcher tries, in file order: every single triple at 3
/// rows. Those whose empty support packs (the classic table's 3-row patterns) come out
/// empty, so the file holds the four that need support.
#[must_use]
pub fn wide_candidates() -> Vec<(u32, u8)> {
    let mut out: Vec<(u32, u8)> = arrangements(1)
        .into_iter()
        .map(|key| (key, WIDE_HEIGHT))
        .collect();
    out.extend((2..=18).map(|t| (1u32 << t, FLIP_HEIGHT)));
    out
}

/// The matrix height of a lone triple's pass.
pub const WIDE_HEIGHT: u8 = 3;

/// The matrix height of a lone flipped emitter's pass (`21·h − 1 ≡ 0 mod 4`, and one
/// row cannot be packed).
pub const FLIP_HEIGHT: u8 = 5;

/// Searches every minimal support of one `(bottom, height)`, in order of increasing size,
/// then value; empty when the empty support already packs (the key is not in the family)
/// or nothing does. `base` is the canonical placement order.
#[must_use]
pub fn search_wide_supports(
    bottom: u32,
    height: u8,
    table: &DeadTable,
    base: &[Placement],
) -> Vec<WideText> {
    let mut found: Vec<WideText> = Vec::new();
    for support in supports_of(wide_window(bottom)) {
        if found.iter().any(|f| f.support & !support == 0) {
            continue; // a smaller support already packs
        }
        if let Outcome::Found { drops, nodes } =
            solve(&wide_problem(height, bottom, support), base, table)
        {
            if support == 0 && bottom.count_ones() == 3 {
                return Vec::new(); // the classic table's pattern
            }
            found.push(WideText {
                height,
                bottom,
                support,
                fillers: drops,
                nodes,
                line: 0,
            });
        }
    }
    found
}
