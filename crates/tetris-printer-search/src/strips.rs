//! Strip patterns: narrow fillers that compose side by side into a pass's matrix.
//!
//! A pass's matrix need not be packed as one piece of work: if no filler crosses the
//! line between columns `a − 1` and `a`, the columns left and right of it are two
//! independent packings of the same height. A **strip** is such a packing, `width`
//! columns wide and `height` rows tall, over a bottom row that already holds the cells
//! in `bottom` (emitter bars and flipped emitters' top cells) and an emission row that
//! holds the cells in `support` (squares emitted by earlier passes, flipped bars).
//!
//! A strip is searched as the *last* part of its matrix to be dropped: the columns
//! outside it are full walls, so every row clears the moment the strip completes it, and
//! a piece is supported only by uncleared strip cells or by `support`. A strip that
//! packs under those rules packs under any others: dropped earlier, when the rest of
//! the matrix is still open, no row clears under it and every piece lands the same. So
//! strips compose in any order, and the converter tiles a pass's 21 columns with them
//! by table lookup alone.
//!
//! Narrow strips ([`StripSide::Inner`], up to [`MAX_STRIP_WIDTH`] columns) are
//! tabulated for every bottom and support. A row of a narrow sprite leaves wide empty
//! stretches next to the field edges, which no narrow strip can fill (nothing holds it
//! up), so *edge* strips ([`StripSide::Left`], mirrored for the right edge) reach from
//! the field edge up to [`MAX_EDGE_WIDTH`] columns in, with bottom and support only in
//! their last [`EDGE_WINDOW`] columns.
//!
//! Support only ever helps (see [`super::Problem`]), so for each `(width, height,
//! bottom)` the searcher records the *minimal* supports that admit a packing, smallest
//! first, each with one packing.

use super::engine::{solve, DeadTable, Outcome, Placement, Problem};
use tetris_printer_core::moves::Move;
pub use tetris_printer_core::pattern::{
    strip_window, StripSide, EDGE_WINDOW, MAX_EDGE_WIDTH, MAX_STRIP_HEIGHT, MAX_STRIP_WIDTH,
};
use tetris_printer_core::pattern_text::StripText;
use tetris_printer_core::playfield::WIDTH;

/// The packing problem of one strip, placed at columns `0..width` with walls right of it.
#[must_use]
pub fn strip_problem(width: u8, height: u8, bottom: u16, support: u16) -> Problem {
    let mut start = [height; WIDTH];
    for (x, h) in start.iter_mut().enumerate().take(width as usize) {
        *h = u8::from(bottom >> x & 1 != 0);
    }
    Problem {
        start,
        goal: [height; WIDTH],
        support: u32::from(support),
    }
}

/// Whether a strip's cells can be whole pieces at all.
#[must_use]
pub const fn strip_admissible(width: u8, height: u8, bottom: u16) -> bool {
    let cells = width as u32 * height as u32;
    let filled = bottom.count_ones();
    filled <= cells && (cells - filled).is_multiple_of(4)
}

/// The submasks of `window`, ascending.
fn submasks(window: u16) -> Vec<u16> {
    (0..=window).filter(|m| m & !window == 0).collect()
}

/// Searches every minimal support for one `(width, height, side, bottom)`, in order of
/// increasing support size, then value. `base` must hold the placements that fit in
/// `width` columns (order fixes which packing is written).
#[must_use]
pub fn search_strip_supports(
    width: u8,
    height: u8,
    side: StripSide,
    bottom: u16,
    table: &DeadTable,
    base: &[Placement],
) -> (Vec<StripText>, u64) {
    let mut supports = submasks(strip_window(width, side));
    supports.sort_by_key(|s| (s.count_ones(), *s));
    let mut found: Vec<StripText> = Vec::new();
    let mut nodes = 0;
    for support in supports {
        if found.iter().any(|f| f.support & !support == 0) {
            continue; // a smaller support already packs
        }
        let outcome = solve(&strip_problem(width, height, bottom, support), base, table);
        nodes += outcome.nodes();
        if let Outcome::Found { drops, nodes: k } = outcome {
            found.push(StripText {
                width,
                height,
                side,
                bottom,
                support,
                fillers: drops,
                nodes: k,
                line: 0,
            });
        }
    }
    (found, nodes)
}

/// The placements that fit in `width` columns, in the canonical shape-then-column order.
#[must_use]
pub fn strip_placements(width: u8, all: &[Placement]) -> Vec<Placement> {
    all.iter()
        .copied()
        .filter(|p| {
            let m: Move = p.as_move();
            m.x() + m.shape().width() <= usize::from(width)
        })
        .collect()
}

/// Every `(width, height, side, bottom)` the tables cover, in file order.
#[must_use]
pub fn strip_keys() -> Vec<(u8, u8, StripSide, u16)> {
    let mut out = Vec::new();
    for height in 1..=MAX_STRIP_HEIGHT {
        for side in [StripSide::Inner, StripSide::Left, StripSide::Right] {
            let widths = match side {
                StripSide::Inner => 1..=MAX_STRIP_WIDTH,
                _ => MAX_STRIP_WIDTH + 1..=MAX_EDGE_WIDTH,
            };
            for width in widths {
                for bottom in submasks(strip_window(width, side)) {
                    if strip_admissible(width, height, bottom) {
                        out.push((width, height, side, bottom));
                    }
                }
            }
        }
    }
    out
}

/// A search's strips by `(width, height, side, bottom)`, for [`StripIndex::tiles`].
#[derive(Debug)]
pub struct StripIndex {
    supports: std::collections::HashMap<(u8, u8, StripSide, u16), Vec<u16>>,
}

impl StripIndex {
    /// Indexes `strips` (every side, mirror images included, as in `strips.txt`).
    #[must_use]
    pub fn new(strips: &[StripText]) -> StripIndex {
        let mut supports: std::collections::HashMap<_, Vec<u16>> = Default::default();
        for s in strips {
            supports
                .entry((s.width, s.height, s.side, s.bottom))
                .or_default()
                .push(s.support);
        }
        StripIndex { supports }
    }

    /// Whether strips tile a full-width matrix `height` rows tall over `bottom`, resting
    /// on `support`, by the converter's rules (inner strips anywhere, edge strips against
    /// the field edge with bottom and support only in their window): the plain form of
    /// the converter's tiling, which reads the compiled fit indexes instead. The
    /// searcher leaves out the wide patterns a strip tiling already packs (the converter
    /// tries strips first, so it would never reach them).
    #[must_use]
    pub fn tiles(&self, bottom: u32, support: u32, height: u8) -> bool {
        let mut reach = [false; WIDTH + 1];
        reach[0] = true;
        for a in 0..WIDTH {
            if !reach[a] {
                continue;
            }
            for w in 1..=usize::from(MAX_EDGE_WIDTH).min(WIDTH - a) {
                let side = if w <= usize::from(MAX_STRIP_WIDTH) {
                    StripSide::Inner
                } else if a == 0 {
                    StripSide::Left
                } else if a + w == WIDTH {
                    StripSide::Right
                } else {
                    continue;
                };
                let (mask, window) = ((1u32 << w) - 1, u32::from(strip_window(w as u8, side)));
                let (b, s) = (bottom >> a & mask, support >> a & mask & window);
                if b & !window == 0
                    && self
                        .supports
                        .get(&(w as u8, height, side, b as u16))
                        .is_some_and(|list| list.iter().any(|&l| u32::from(l) & !s == 0))
                {
                    reach[a + w] = true;
                }
            }
        }
        reach[WIDTH]
    }
}
