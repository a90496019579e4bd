//! [`DirectPlan`]: the direct pieces of a print, the cells they fill, and the rules
//! they keep (landing, platforms); and a row's price with them.

use crate::moves::Move;
use crate::sprite::{Sprite, MAX_HEIGHT};

use super::super::row::RowInput;
use super::blocks::{Placed, MAX_BLOCKS};
use super::board::Board;

/// The direct pieces of a whole print, and the cells they fill.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DirectPlan {
    pub(super) blocks: [Placed; MAX_BLOCKS],
    pub(super) len: usize,
    /// Per playfield row: the cells of direct pieces.
    pub(super) cells: [u32; MAX_HEIGHT],
    /// Per playfield row: the cells of direct pieces whose top row it is (filled before
    /// the row's passes).
    pub(super) prefill: [u32; MAX_HEIGHT],
    /// Per playfield row: the cells of direct pieces reaching above it (still missing
    /// when the row's passes run).
    pub(super) pending: [u32; MAX_HEIGHT],
    /// Pieces of the whole print (direct and emitted).
    pub pieces: u32,
}

impl DirectPlan {
    pub(super) const EMPTY: DirectPlan = DirectPlan {
        blocks: [Placed {
            block: 0,
            x: 0,
            y: 0,
        }; MAX_BLOCKS],
        len: 0,
        cells: [0; MAX_HEIGHT],
        prefill: [0; MAX_HEIGHT],
        pending: [0; MAX_HEIGHT],
        pieces: 0,
    };

    pub(super) fn add(&mut self, p: Placed) {
        self.blocks[self.len] = p;
        self.len += 1;
        self.mark(p);
    }

    /// Takes out block `i` (blocks never share a cell, so its cells are cleared).
    pub(super) fn remove(&mut self, i: usize) {
        let p = self.blocks[i];
        self.blocks.copy_within(i + 1..self.len, i);
        self.len -= 1;
        self.clear(p);
    }

    /// Puts block `block` in the place of block `i` (same corner), in its drop order.
    pub(super) fn replace(&mut self, i: usize, block: usize) {
        self.clear(self.blocks[i]);
        self.blocks[i].block = block as u8;
        self.mark(self.blocks[i]);
    }

    /// Clears the cells of `p`.
    pub(super) fn clear(&mut self, p: Placed) {
        for (m, bottom, _) in p.pieces() {
            for dy in 0..m.shape().height() {
                let cells = !(m.shape().row_mask(dy) << m.x());
                let y = bottom + dy;
                self.cells[y] &= cells;
                self.prefill[y] &= cells;
                self.pending[y] &= cells;
            }
        }
    }

    /// Marks the cells of `p`.
    fn mark(&mut self, p: Placed) {
        for (m, bottom, top) in p.pieces() {
            for dy in 0..m.shape().height() {
                let cells = m.shape().row_mask(dy) << m.x();
                let y = bottom + dy;
                self.cells[y] |= cells;
                if y == top {
                    self.prefill[y] |= cells;
                } else {
                    self.pending[y] |= cells;
                }
            }
        }
    }

    /// Row `y`'s input for the row planner: the pixels left to emit, with the
    /// pre-filled cells as support, and whether a platform may stand under its passes
    /// ([`DirectPlan::platform_ok`]).
    pub(crate) fn row(&self, sprite: &Sprite, y: usize) -> RowInput {
        let row = RowInput::of(sprite, y).without(self.cells[y], self.prefill[y]);
        match self.platform_ok(y) {
            true => row,
            false => row.without_platform(),
        }
    }

    /// Whether row `y` may have a platform: a platform fills its row and rests on the
    /// leftmost square of the row below, so the row must have no pre-filled cell and
    /// the row below no direct cell still missing.
    pub(crate) fn platform_ok(&self, y: usize) -> bool {
        self.prefill[y] == 0 && (y == 0 || self.pending[y - 1] == 0)
    }

    /// The direct pieces dropped right after row `y`'s passes (those whose top row is
    /// `y + 1`), in drop order, to `f`.
    pub(crate) fn after_row(&self, y: usize, mut f: impl FnMut(Move)) {
        for p in &self.blocks[..self.len] {
            for (m, _, top) in p.pieces() {
                if top == y + 1 {
                    f(m);
                }
            }
        }
    }

    /// Whether piece `j` of block `i` drops exactly into place with the plan's other
    /// pieces (see the module docs): when it drops, right after the passes of the row
    /// below its top row `t`, nothing is filled above it in its columns, and some cell of
    /// it rests on the floor or a filled cell. Filled then: in rows below `t`, every
    /// pixel but the cells of direct pieces dropped after it; in row `t`, the cells of
    /// direct pieces dropped before it (the row's pixels come after). Pieces drop by top
    /// row, then block, then piece ([`DirectPlan::after_row`]).
    pub(super) fn lands(&self, board: &Board, i: usize, j: usize) -> bool {
        let (m, bottom, top) = self.blocks[i].piece(j);
        // Rows top − 3 ..= top: the direct cells dropped after it, and before it.
        let lo = top.saturating_sub(3);
        let (mut later, mut earlier) = ([0u32; 4], [0u32; 4]);
        for (i2, p) in self.blocks[..self.len].iter().enumerate() {
            for (j2, (m2, b2, t2)) in p.pieces().enumerate() {
                if t2 < lo || b2 > top || (i2, j2) == (i, j) {
                    continue;
                }
                let after = (t2, i2, j2) > (top, i, j);
                for r in b2.max(lo)..=t2.min(top) {
                    let cells = m2.shape().row_mask(r - b2) << m2.x();
                    if after {
                        later[r - lo] |= cells;
                    } else {
                        earlier[r - lo] |= cells;
                    }
                }
            }
        }
        let filled = |r: usize| {
            if r < top {
                board.any(r) & !later[r - lo]
            } else {
                earlier[r - lo]
            }
        };
        let mut rests = false;
        for dx in 0..m.shape().width() {
            let c = 1u32 << (m.x() + dx);
            let rows =
                (0..m.shape().height()).filter(|&dy| m.shape().row_mask(dy) << m.x() & c != 0);
            let (low, high) = rows.fold((usize::MAX, 0), |(l, h), dy| (l.min(dy), h.max(dy)));
            let (low, high) = (bottom + low, bottom + high);
            if (high + 1..=top).any(|r| filled(r) & c != 0) {
                return false;
            }
            rests |= low == 0 || filled(low - 1) & c != 0;
        }
        rests
    }

    /// Whether every piece whose landing the cells of block `i` (just added) could
    /// change still lands, the block's own pieces included: those sharing a column
    /// with it whose top row is at most 3 rows from one of its rows.
    pub(super) fn all_land(&self, board: &Board, i: usize) -> bool {
        let new = self.blocks[i];
        let (nx, nw) = (usize::from(new.x), usize::from(new.shape().width));
        let (ny, nh) = (usize::from(new.y), usize::from(new.shape().height));
        for (i2, p) in self.blocks[..self.len].iter().enumerate() {
            let (x, w) = (usize::from(p.x), usize::from(p.shape().width));
            if x >= nx + nw || nx >= x + w {
                continue;
            }
            for (j2, (_, _, t2)) in p.pieces().enumerate() {
                if t2 + 3 >= ny && t2 <= ny + nh + 2 && !self.lands(board, i2, j2) {
                    return false;
                }
            }
        }
        true
    }

    /// How many direct pieces there are.
    pub(crate) fn direct_pieces(&self) -> usize {
        self.blocks[..self.len]
            .iter()
            .map(|p| p.shape().pieces.len())
            .sum()
    }

    /// The pieces of the print this plan stands for, its rows priced by `board`'s row
    /// planner: its direct pieces and every row's passes (`u32::MAX` when a row would
    /// need a platform it may not have).
    pub(super) fn priced(&self, board: &Board) -> u32 {
        let rows = (0..board.height).map(|y| priced_row(self, board, y));
        rows.fold(self.direct_pieces() as u32, u32::saturating_add)
    }
}

/// Row `y`'s pieces with the plan's direct cells (0 when nothing is left to emit).
pub(super) fn row_pieces(plan: &DirectPlan, board: &Board, y: usize) -> (u32, bool) {
    board.row_plan(y, plan.cells[y], plan.prefill[y])
}

/// Row `y`'s pieces with `plan`'s direct pieces, or `u32::MAX` when it would need a
/// platform it cannot have ([`DirectPlan::platform_ok`]).
pub(super) fn priced_row(plan: &DirectPlan, board: &Board, y: usize) -> u32 {
    match row_pieces(plan, board, y) {
        (_, true) if !plan.platform_ok(y) => u32::MAX,
        (pieces, _) => pieces,
    }
}
