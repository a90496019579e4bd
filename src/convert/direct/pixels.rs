//! [`Pixels`]: the sprite's pixels by row and colour, which blocks fit where, and the
//! row plans made so far.

use core::cell::Cell;

use crate::sprite::{Sprite, MAX_HEIGHT};

use super::super::row::RowInput;
use super::blocks::{Placed, BAND, BLOCKS};
use super::RowPlanner;

/// The sprite's pixels as row masks, and its colours per row as masks per colour.
pub(super) struct Pixels {
    /// `colour[y][c]`: the cells of colour `c` in playfield row `y`.
    pub(super) colour: [[u32; 3]; MAX_HEIGHT],
    pub(super) height: usize,
    pub(super) x0: usize,
    pub(super) width: usize,
    /// Row plans made so far ([`Pixels::row_plan`]).
    memo: [Cell<Memo>; MEMO],
    /// The row planner that prices and plans the rows ([`Passes::Lookup`]'s or
    /// [`Passes::Fewest`]'s).
    ///
    /// [`Passes::Lookup`]: crate::Passes::Lookup
    /// [`Passes::Fewest`]: crate::Passes::Fewest
    pub(super) planner: RowPlanner,
}

/// How many row plans [`Pixels::row_plan`] remembers.
const MEMO: usize = 4096;

/// One row plan remembered: the row, its direct cells and pre-filled cells, and its
/// pieces and whether it has a platform.
#[derive(Clone, Copy)]
struct Memo {
    /// `u8::MAX` when empty.
    pub(super) y: u8,
    pub(super) platform: bool,
    pub(super) pieces: u16,
    pub(super) covered: u32,
    pub(super) prefill: u32,
}

impl Memo {
    pub(super) const EMPTY: Memo = Memo {
        y: u8::MAX,
        platform: false,
        pieces: 0,
        covered: 0,
        prefill: 0,
    };
}

impl Pixels {
    /// The pixels of `sprite`, its rows to be planned by `planner`.
    pub(super) fn of(sprite: &Sprite, planner: RowPlanner) -> Pixels {
        let mut colour = [[0; 3]; MAX_HEIGHT];
        let x0 = sprite.x0();
        for (y, row) in colour.iter_mut().enumerate().take(sprite.height()) {
            for x in x0..x0 + sprite.width() {
                if let Some(c) = sprite.cell(x, y) {
                    row[usize::from(c.min(2))] |= 1 << x;
                }
            }
        }
        Pixels {
            colour,
            height: sprite.height(),
            x0,
            width: sprite.width(),
            memo: [const { Cell::new(Memo::EMPTY) }; MEMO],
            planner,
        }
    }

    /// Row `y`'s pieces with the row planner when direct pieces print its cells
    /// `covered`, `prefill` of them filled before its passes (0 when nothing is left to
    /// emit), and whether its plan has a platform. The last plan of each slot of a
    /// fixed table is remembered, so the same row is not planned twice in a row; the
    /// answers are the planner's either way.
    pub(super) fn row_plan(
        &self,
        sprite: &Sprite,
        y: usize,
        covered: u32,
        prefill: u32,
    ) -> (u32, bool) {
        if self.any(y) & !covered == 0 {
            return (0, false);
        }
        let hash = (u64::from(covered) << 32 | u64::from(prefill))
            .wrapping_add(y as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = &self.memo[(hash >> 52) as usize % MEMO];
        let m = slot.get();
        if usize::from(m.y) == y && m.covered == covered && m.prefill == prefill {
            return (u32::from(m.pieces), m.platform);
        }
        let p = (self.planner)(&RowInput::of(sprite, y).without(covered, prefill));
        if let Ok(pieces) = u16::try_from(p.pieces) {
            slot.set(Memo {
                y: y as u8,
                platform: p.platform,
                pieces,
                covered,
                prefill,
            });
        }
        (p.pieces, p.platform)
    }

    pub(super) fn any(&self, y: usize) -> u32 {
        self.colour[y][0] | self.colour[y][1] | self.colour[y][2]
    }

    /// Whether block `b` fits with its bottom-left cell at `(x, y)`: every cell a pixel
    /// of its colour, and every piece resting on the floor, on a pixel that is no cell
    /// of the block (emitted in its row's passes, before the piece drops), or on a piece
    /// of the block dropped before it.
    pub(super) fn fits(&self, b: usize, x: usize, y: usize) -> bool {
        let shape_b = &BLOCKS[b];
        let (w, h) = (usize::from(shape_b.width), usize::from(shape_b.height));
        if y + h > self.height || x + w > self.x0 + self.width {
            return false;
        }
        let c = usize::from(shape_b.colour);
        let placed = Placed::new(b, x, y);
        let mut block = [0u32; BAND];
        for (m, bottom, _) in placed.pieces() {
            for dy in 0..m.shape.height() {
                let cells = m.shape.row_mask(dy) << m.x;
                if self.colour[bottom + usize::from(dy)][c] & cells != cells {
                    return false;
                }
                block[bottom + usize::from(dy) - y] |= cells;
            }
        }
        // The block's cells filled so far, rows y..y + h.
        let mut done = [0u32; BAND];
        for (m, bottom, _) in placed.pieces() {
            let mut rests = false;
            for dy in 0..m.shape.height() {
                let cells = m.shape.row_mask(dy) << m.x;
                let r = bottom + usize::from(dy);
                let below = if r == 0 {
                    u32::MAX
                } else if r == y {
                    self.any(r - 1)
                } else {
                    done[r - 1 - y] | self.any(r - 1) & !block[r - 1 - y]
                };
                // Only the piece's lowest cell in each column can rest on something.
                let lowest = cells
                    & !(if dy == 0 {
                        0
                    } else {
                        m.shape.row_mask(dy - 1) << m.x
                    });
                rests |= lowest & below != 0;
            }
            if !rests {
                return false;
            }
            for dy in 0..m.shape.height() {
                done[bottom + usize::from(dy) - y] |= m.shape.row_mask(dy) << m.x;
            }
        }
        true
    }
}
