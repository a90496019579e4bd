//! Direct placement (`Converter::with_direct`): J, T and L pieces dropped straight onto
//! pixels of their own colour, mixed with the emitter passes of the other pixels.
//!
//! # The rules
//! A *direct piece* covers four pixels of its colour and stays where it lands: no row
//! through the sprite ever completes (the sprite is at most 17 wide, the field 21). A
//! piece whose cells span rows `lo..=hi` is dropped **right after the passes of row
//! `hi − 1`** (after that row's platform is removed) and before anything of row `hi`.
//! Then:
//! - its cells are never cleared: the matrix of a pass of row `r` fills rows `r + 1…`
//!   and clears them, and every row `r ≥ hi` is printed after the piece, every row
//!   `r < hi` before it (so its matrix was in place and gone before the piece came);
//! - it lands exactly: every row above `hi` is still empty; in rows below `hi` every
//!   pixel is filled but the cells of direct pieces dropped later, and in row `hi` only
//!   the cells of direct pieces dropped before it are. So in each of its columns the
//!   cells above its top cell up to row `hi` must be none of those, and some cell of it
//!   must rest on the floor or on one of those (`DirectPlan::lands`; the drop order is
//!   by top row, then block, then the block's table order);
//! - its cells in row `hi` are filled before row `hi`'s passes: they are *pre-filled*,
//!   support for that row's fillers ([`RowInput::support`]); its cells in rows below
//!   `hi` are *holes* while those rows print (no support, nothing emitted there);
//! - every emitted pixel stays held up: a pixel above a direct cell in a row below the
//!   piece's top row would be filled before the piece drops and bar its way, so such a
//!   pixel is emitted only after the piece is in;
//! - no platform meets a direct cell: a platform fills its row completely and rests
//!   on the leftmost square of the row below, so a row with a platform has no
//!   pre-filled cell and no direct cell still missing in the row below
//!   (`DirectPlan::platform_ok`); its own missing cells are fine (holes the platform
//!   fills and clears, as it does with the row's pixels).
//!
//! # The choice
//! Pieces come in *blocks* from one static table, [`BLOCKS`], each with a drop order the
//! simulator checks (the unit test below): 2 × 4 upright J or L pairs, 4 × 2 flat J or L
//! pairs, the 4 × 4 of four T, a 5 × 8 of ten J or L (with the 2 × 4 it tiles any width
//! from 2 up, 17 included; J alone tiles no 3 × 4, 3 × 8, 5 × 4 or 17 × 4), the twelve
//! single pieces (J, T and L in every orientation), and four *stairs*: three T up a
//! 2 × 8 column, bars alternating left and right, each resting on the one below (T
//! tiles no 2-wide column; a stair leaves four of its 16 cells to the passes), from the
//! band's bottom row or one higher, and mirrored. A block fits where its cells are
//! pixels of its colour and each of its pieces rests on the floor, on a pixel that is
//! no cell of the block (emitted before the piece drops) or on an earlier piece of the
//! block.
//!
//! The sprite's rows are cut into *bands* of 8 rows from a row offset `o` (the first
//! band has `o` rows). In a band, a DP over the columns picks *column items* side by
//! side, each owning its columns over the band: 2 wide (a 2 × 4 per 4 rows, or a stair
//! if it covers more), 3 wide (a single flat piece per 2 rows), 4 wide (a 4 × 4 T,
//! else a 4 × 2, per slot) or 5 wide (a 5 × 8), maximising the pixels covered (ties:
//! the first found). Covering pixels is not what saves pieces (a row's passes cost
//! `(21·Σh + pixels)/4`, so only rows left with nothing, or with a pixel count that
//! closes in fewer matrix rows, get cheaper), so the band's rows are then *priced* with
//! the converter's row planner (the lookup planner, [`super::lookup::plan_row`], or
//! with [`Passes::Fewest`](crate::Passes::Fewest) the searching one,
//! [`fewest::plan_row`]; the same one plans the rows when the print is written), one
//! sweep drops each block whose
//! removal lowers the band's pieces, and one more replaces each stair by the other
//! stair that lowers them most. Each band does this for five sets of items (all; no
//! singles; 2 and 5 wide; 4 wide; singles) and keeps the cheapest, or no blocks at all
//! when none beats the rows without. Then the *add pass* (`add_blocks`) tries every
//! block at every row and column of the band, in table order, and keeps each that
//! fits, covers no direct cell, lets itself and every piece near it still land
//! (`DirectPlan::all_land`) and lowers the band's pieces; it runs a second time when
//! the first saved something. A band's pieces stay in its rows, and a row's plan and
//! platform depend only on its own pixels, its pre-filled cells and the missing cells
//! of its row and the row below, so the bands add up. Last, one add pass over the whole
//! sprite tries the blocks that cross a band's bottom edge. Every step keeps only what
//! lowers the pieces, so no offset's print costs more than the print without. All 8 offsets
//! are tried and the cheapest print (the lowest offset on a tie) is kept.
//!
//! Then one more candidate (`placement_dp`): when at most 255 singles fit and no row
//! meets more than 10 of them (else the same without the lone J1 and L3; else as many
//! of them as keep within those caps, offered by row, column and block), a DP over the
//! rows, whose state is the set of chosen singles meeting the row, finds the set of
//! them that costs least, rows priced as above, every piece landing: whether a single
//! lands depends only on the singles meeting its top row (those dropped after it that
//! reach its rows, and those dropped before it in that row), so the DP checks it in
//! that row's state. Singles with the same top row drop in the order the DP lists
//! them, so it runs twice, listing them by row, then column left to right, then right
//! to left, and keeps the cheaper. It is kept if it beats the bands' best. (On the 17 × 32
//! noise sprite, rows priced by the searching planner: 1,963 pieces,
//! the fewest of any set of singles dropped in these orders; 1,984 without the J1 and
//! L3, whose short column must be under empty cells or later direct pieces; 1,837 if
//! nothing had to land.)
//!
//! Last, `improve` runs the same DP in 14 rounds over the best print so far, each
//! round over a window of columns: the whole width twice (columns scanned left to
//! right, then right to left), eight windows 4 wide (every 2 columns) and four 6 wide
//! (every 4 columns, columns and blocks scanned in reverse). The print's pieces are
//! taken as singles in their drop order; those that reach into the window are the
//! DP's to keep or drop, as many as the cap of 10 a row allows, the rest stay
//! (*fixed*: their cells priced, their landing checked with the chosen singles near
//! them). Then every other single that lies in the window, fits and overlaps no fixed
//! piece is offered, by row, column and block, while the caps allow. The DP can choose
//! the print's own pieces again, landing as they do, so no round costs more; a round's
//! print is kept when it costs less.
//!
//! # Work
//! Everything is fixed-size on the stack; nothing allocates; nothing recurses. A band
//! holds at most 8 × 17 = 136 pixels, so its DP keeps at most 34 blocks (4 cells or
//! more each), and its sweep tries each once, re-planning only the rows of the block
//! tried (at most 8): at most 8 + 34 × 8 = 280 row plans per band and item set; the
//! stair sweep at most 8 stairs × 3 others × 8 rows = 192 more. An add pass tries at
//! most 8 rows × 17 columns × 27 blocks, re-planning the rows of each that fits (the
//! blocks' heights add up to 94): at most 8 × 17 × 94 = 12,784 row plans, twice per
//! band. The pass across the at most 4 band edges tries, per edge and column, each
//! block at the `h − 1` rows that put the edge inside it: at most 4 × 17 × Σ h·(h − 1)
//! = 4 × 17 × 424 = 28,832 row plans. With at most 5 bands per offset, 5 item sets and
//! 8 offsets, plus the 32 rows planned once without blocks: at most
//! 32 + 8 × (5 × (5 × 472 + 2 × 12,784) + 28,832) = 1,347,808 row plans. The
//! placement DP runs at most 2 + 14 = 16 times, each over at most 32 rows × 2^10
//! states: one row plan each (32,768 a run, 524,288 in all), a landing check of the at
//! most 10 chosen and 17 fixed singles meeting the row against each other, and the
//! 2^10 subsets of the next row's new singles, each checked for overlaps (at most
//! 32 × 2^10 × 2^10 = 33,554,432 checks a run). So at most 1,872,096 row plans in all,
//! and 8 × 5 × 5 DPs of 17 columns × 4 items (each at most 4 blocks of at most 40
//! cells checked). Each block tried in an add pass is checked against the plan's pieces
//! (`DirectPlan::all_land`: every piece sharing a column with it, each against every
//! piece of the plan, at most 136 × 136 pairs). The offsets stop early once a print
//! needs only a quarter of the pixels in pieces (all of them direct), and `improve`
//! does not run on such a print. Row plans are
//! remembered in a table of 4,096 slots (each keeps the last plan hashed to it), so a
//! row planned again with the same direct cells costs a lookup. In practice far fewer:
//! at most ~30 ms per benchmark sprite on the 2-core machine (the smiley, with the
//! searching planner; without direct placement it plans any of them in at most 0.3 ms). On the stack: the placement DP's table of where each state
//! came from (32 × 2^10 × 2 bytes, 64 KiB) and the remembered row plans (48 KiB).

use core::cell::Cell;

use crate::moves::Move;
use crate::piece::{Piece, Shape};
use crate::sprite::{Sprite, MAX_HEIGHT, MAX_WIDTH};

use super::fewest::{self, RowPlan};
use super::row::RowInput;

/// One block: a rectangle of one colour tiled by pieces of that colour, the pieces in
/// drop order (by top row, then as the simulator checked).
#[derive(Debug)]
pub(crate) struct BlockShape {
    /// The colour (0 J, 1 T, 2 L).
    pub colour: u8,
    pub width: u8,
    pub height: u8,
    /// `(shape index, dx, dy)`: the move's column is the block's left column + `dx`, its
    /// bounding box's bottom row the block's bottom row + `dy`.
    pub pieces: &'static [(u8, u8, u8)],
}

/// The index in [`Shape::ALL`] of `piece` turned `rotation` times (the one shape table).
const fn index_of(piece: Piece, rotation: u8) -> u8 {
    match Shape::new(piece, rotation) {
        Some(s) => s.index(),
        None => panic!("J, T and L have four orientations"),
    }
}

const T0: u8 = index_of(Piece::T, 0);
const T1: u8 = index_of(Piece::T, 1);
const T2: u8 = index_of(Piece::T, 2);
const T3: u8 = index_of(Piece::T, 3);
const J0: u8 = index_of(Piece::J, 0);
const J1: u8 = index_of(Piece::J, 1);
const J2: u8 = index_of(Piece::J, 2);
const J3: u8 = index_of(Piece::J, 3);
const L0: u8 = index_of(Piece::L, 0);
const L1: u8 = index_of(Piece::L, 1);
const L2: u8 = index_of(Piece::L, 2);
const L3: u8 = index_of(Piece::L, 3);

/// 2 × 4 upright J pair.
const J_UP: usize = 0;
/// 2 × 4 upright L pair.
const L_UP: usize = 1;
/// 4 × 2 flat J pair.
const J_FLAT: usize = 2;
/// 4 × 2 flat L pair.
const L_FLAT: usize = 3;
/// 4 × 4 of four T.
const T_SQUARE: usize = 4;
/// 5 × 8 of ten J.
const J_WIDE: usize = 5;
/// 5 × 8 of ten L (the J one mirrored).
const L_WIDE: usize = 6;
/// 2 × 8 stair of three T, bars left, right, left (four cells of the rectangle left).
const T_STAIR: usize = SINGLES + SINGLE_COUNT;
/// Its mirror image.
const T_STAIR_MIRRORED: usize = T_STAIR + 1;
/// The stair a row higher (the bottom two cells and one of the top row's left).
const T_STAIR_HIGH: usize = T_STAIR + 2;
/// Its mirror image.
const T_STAIR_HIGH_MIRRORED: usize = T_STAIR + 3;
/// The stairs, in the order the DP tries them.
const STAIRS: [usize; 4] = [
    T_STAIR,
    T_STAIR_MIRRORED,
    T_STAIR_HIGH,
    T_STAIR_HIGH_MIRRORED,
];

/// The first single flat piece; the six (J0, J2, T0, T2, L0, L2) follow in that order,
/// then the six upright singles (J3, T1, T3, L1, J1, L3).
const SINGLES: usize = 7;
/// How many singles there are.
const SINGLE_COUNT: usize = 12;

/// The shape with index `s` (a constant of the table: a bad one fails compilation).
const fn shape_at(s: u8) -> Shape {
    match Shape::from_index(s) {
        Some(shape) => shape,
        None => panic!("not a shape index"),
    }
}

/// A single piece as a block of its own: its colour and size are the shape's. A J1 or
/// L3 lands only where the cells above its short column are filled after it, by later
/// direct pieces ([`DirectPlan::lands`] checks; the other singles need no such help).
const fn single(s: u8) -> BlockShape {
    let shape = shape_at(s);
    BlockShape {
        colour: match shape.piece().color() {
            Some(c) => c,
            None => panic!("a single of J, T or L"),
        },
        width: shape.width(),
        height: shape.height(),
        pieces: match s {
            J0 => &[(J0, 0, 0)],
            J2 => &[(J2, 0, 0)],
            T0 => &[(T0, 0, 0)],
            T2 => &[(T2, 0, 0)],
            L0 => &[(L0, 0, 0)],
            L2 => &[(L2, 0, 0)],
            J3 => &[(J3, 0, 0)],
            T1 => &[(T1, 0, 0)],
            T3 => &[(T3, 0, 0)],
            L1 => &[(L1, 0, 0)],
            J1 => &[(J1, 0, 0)],
            _ => &[(L3, 0, 0)],
        },
    }
}

/// The mirror image of a block `width` columns wide of J pieces: the same block of L
/// pieces (J0 ↔ L0, J1 ↔ L3, J2 ↔ L2, J3 ↔ L1), in the same drop order.
const fn mirrored<const N: usize>(pieces: [(u8, u8, u8); N], width: u8) -> [(u8, u8, u8); N] {
    let mut out = pieces;
    let mut i = 0;
    while i < N {
        let (s, dx, dy) = pieces[i];
        let shape = shape_at(s);
        let m = index_of(Piece::L, (4 - shape.rotation()) % 4);
        out[i] = (m, width - dx - shape.width(), dy);
        i += 1;
    }
    out
}

/// The J blocks' pieces; the L blocks are their mirror images.
const J_UP_PIECES: [(u8, u8, u8); 2] = [(J1, 0, 0), (J3, 0, 1)];
const J_FLAT_PIECES: [(u8, u8, u8); 2] = [(J2, 0, 0), (J0, 1, 0)];
const J_WIDE_PIECES: [(u8, u8, u8); 10] = [
    (J2, 0, 0),
    (J1, 3, 0),
    (J1, 1, 1),
    (J3, 3, 1),
    (J1, 0, 2),
    (J3, 0, 3),
    (J2, 2, 4),
    (J1, 3, 5),
    (J2, 0, 6),
    (J0, 1, 6),
];
const L_UP_PIECES: [(u8, u8, u8); 2] = mirrored(J_UP_PIECES, 2);
const L_FLAT_PIECES: [(u8, u8, u8); 2] = mirrored(J_FLAT_PIECES, 4);
const L_WIDE_PIECES: [(u8, u8, u8); 10] = mirrored(J_WIDE_PIECES, 5);
/// T3, T1, T3 up a 2-wide column: each bar rests on the one below it and the nub beside
/// it. Left out: the bottom right cell and the top three of the rectangle's 2 × 8.
const T_STAIR_PIECES: [(u8, u8, u8); 3] = [(T3, 0, 0), (T1, 0, 2), (T3, 0, 4)];
const T_STAIR_MIRRORED_PIECES: [(u8, u8, u8); 3] = [(T1, 0, 0), (T3, 0, 2), (T1, 0, 4)];
const T_STAIR_HIGH_PIECES: [(u8, u8, u8); 3] = [(T3, 0, 1), (T1, 0, 3), (T3, 0, 5)];
const T_STAIR_HIGH_MIRRORED_PIECES: [(u8, u8, u8); 3] = [(T1, 0, 1), (T3, 0, 3), (T1, 0, 5)];

/// Every block, indexed by the constants above.
pub(crate) static BLOCKS: [BlockShape; SINGLES + SINGLE_COUNT + STAIRS.len()] = [
    BlockShape {
        colour: 0,
        width: 2,
        height: 4,
        pieces: &J_UP_PIECES,
    },
    BlockShape {
        colour: 2,
        width: 2,
        height: 4,
        pieces: &L_UP_PIECES,
    },
    BlockShape {
        colour: 0,
        width: 4,
        height: 2,
        pieces: &J_FLAT_PIECES,
    },
    BlockShape {
        colour: 2,
        width: 4,
        height: 2,
        pieces: &L_FLAT_PIECES,
    },
    BlockShape {
        colour: 1,
        width: 4,
        height: 4,
        pieces: &[(T2, 0, 0), (T1, 2, 0), (T3, 0, 1), (T0, 1, 2)],
    },
    BlockShape {
        colour: 0,
        width: 5,
        height: 8,
        pieces: &J_WIDE_PIECES,
    },
    BlockShape {
        colour: 2,
        width: 5,
        height: 8,
        pieces: &L_WIDE_PIECES,
    },
    single(J0),
    single(J2),
    single(T0),
    single(T2),
    single(L0),
    single(L2),
    single(J3),
    single(T1),
    single(T3),
    single(L1),
    single(J1),
    single(L3),
    BlockShape {
        colour: 1,
        width: 2,
        height: 8,
        pieces: &T_STAIR_PIECES,
    },
    BlockShape {
        colour: 1,
        width: 2,
        height: 8,
        pieces: &T_STAIR_MIRRORED_PIECES,
    },
    BlockShape {
        colour: 1,
        width: 2,
        height: 8,
        pieces: &T_STAIR_HIGH_PIECES,
    },
    BlockShape {
        colour: 1,
        width: 2,
        height: 8,
        pieces: &T_STAIR_HIGH_MIRRORED_PIECES,
    },
];

/// Rows of a band.
const BAND: usize = 8;
/// The most blocks a sprite can hold: blocks do not overlap and each covers at least 4
/// of its pixels.
const MAX_BLOCKS: usize = MAX_WIDTH * MAX_HEIGHT / 4;

/// One block placed: which, and its bottom-left cell on the playfield.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Placed {
    block: u8,
    x: u8,
    y: u8,
}

impl Placed {
    /// Block `b` with its bottom-left cell at `(x, y)` (all within the field, so each
    /// fits a byte).
    const fn new(b: usize, x: usize, y: usize) -> Placed {
        Placed {
            block: b as u8,
            x: x as u8,
            y: y as u8,
        }
    }

    fn shape(self) -> &'static BlockShape {
        &BLOCKS[usize::from(self.block)]
    }

    /// Its piece `j` as a move, with its bounding box's bottom row and top row.
    fn piece(self, j: usize) -> (Move, usize, usize) {
        let (s, dx, dy) = self.shape().pieces[j];
        let shape = shape_at(s);
        let bottom = usize::from(self.y + dy);
        (
            Move::new_unchecked(shape, self.x + dx),
            bottom,
            bottom + usize::from(shape.height()) - 1,
        )
    }

    /// Its pieces as moves, each with its bounding box's bottom row and top row.
    fn pieces(self) -> impl Iterator<Item = (Move, usize, usize)> {
        self.shape().pieces.iter().map(move |&(s, dx, dy)| {
            let shape = shape_at(s);
            let bottom = usize::from(self.y + dy);
            (
                Move::new_unchecked(shape, self.x + dx),
                bottom,
                bottom + usize::from(shape.height()) - 1,
            )
        })
    }
}

/// The direct pieces of a whole print, and the cells they fill.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DirectPlan {
    blocks: [Placed; MAX_BLOCKS],
    len: usize,
    /// Per playfield row: the cells of direct pieces.
    cells: [u32; MAX_HEIGHT],
    /// Per playfield row: the cells of direct pieces whose top row it is (filled before
    /// the row's passes).
    prefill: [u32; MAX_HEIGHT],
    /// Per playfield row: the cells of direct pieces reaching above it (still missing
    /// when the row's passes run).
    pending: [u32; MAX_HEIGHT],
    /// Pieces of the whole print (direct and emitted).
    pub pieces: u32,
}

impl DirectPlan {
    const EMPTY: DirectPlan = DirectPlan {
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

    fn add(&mut self, p: Placed) {
        self.blocks[self.len] = p;
        self.len += 1;
        self.mark(p);
    }

    /// Takes out block `i` (blocks never share a cell, so its cells are cleared).
    fn remove(&mut self, i: usize) {
        let p = self.blocks[i];
        self.blocks.copy_within(i + 1..self.len, i);
        self.len -= 1;
        self.clear(p);
    }

    /// Puts block `block` in the place of block `i` (same corner), in its drop order.
    fn replace(&mut self, i: usize, block: usize) {
        self.clear(self.blocks[i]);
        self.blocks[i].block = block as u8;
        self.mark(self.blocks[i]);
    }

    /// Clears the cells of `p`.
    fn clear(&mut self, p: Placed) {
        for (m, bottom, _) in p.pieces() {
            for dy in 0..m.shape.height() {
                let cells = !(m.shape.row_mask(dy) << m.x);
                let y = bottom + usize::from(dy);
                self.cells[y] &= cells;
                self.prefill[y] &= cells;
                self.pending[y] &= cells;
            }
        }
    }

    /// Marks the cells of `p`.
    fn mark(&mut self, p: Placed) {
        for (m, bottom, top) in p.pieces() {
            for dy in 0..m.shape.height() {
                let cells = m.shape.row_mask(dy) << m.x;
                let y = bottom + usize::from(dy);
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
    /// pre-filled cells as support.
    pub(crate) fn row(&self, sprite: &Sprite, y: usize) -> RowInput {
        RowInput::of(sprite, y).without(self.cells[y], self.prefill[y])
    }

    /// Whether row `y` may have a platform: a platform fills its row and rests on the
    /// leftmost square of the row below, so the row must have no pre-filled cell and
    /// the row below no direct cell still missing.
    fn platform_ok(&self, y: usize) -> bool {
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
    fn lands(&self, px: &Pixels, i: usize, j: usize) -> bool {
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
                    let cells = m2.shape.row_mask((r - b2) as u8) << m2.x;
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
                px.any(r) & !later[r - lo]
            } else {
                earlier[r - lo]
            }
        };
        let mut rests = false;
        for dx in 0..m.shape.width() {
            let c = 1u32 << (m.x + dx);
            let rows = (0..m.shape.height()).filter(|&dy| m.shape.row_mask(dy) << m.x & c != 0);
            let (low, high) = rows.fold((u8::MAX, 0), |(l, h), dy| (l.min(dy), h.max(dy)));
            let (low, high) = (bottom + usize::from(low), bottom + usize::from(high));
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
    fn all_land(&self, px: &Pixels, i: usize) -> bool {
        let new = self.blocks[i];
        let (nx, nw) = (usize::from(new.x), usize::from(new.shape().width));
        let (ny, nh) = (usize::from(new.y), usize::from(new.shape().height));
        for (i2, p) in self.blocks[..self.len].iter().enumerate() {
            let (x, w) = (usize::from(p.x), usize::from(p.shape().width));
            if x >= nx + nw || nx >= x + w {
                continue;
            }
            for (j2, (_, _, t2)) in p.pieces().enumerate() {
                if t2 + 3 >= ny && t2 <= ny + nh + 2 && !self.lands(px, i2, j2) {
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
}

/// The sprite's pixels as row masks, and its colours per row as masks per colour.
struct Pixels {
    /// `colour[y][c]`: the cells of colour `c` in playfield row `y`.
    colour: [[u32; 3]; MAX_HEIGHT],
    height: usize,
    x0: usize,
    width: usize,
    /// Row plans made so far ([`Pixels::row_plan`]).
    memo: [Cell<Memo>; MEMO],
    /// The row planner that prices and plans the rows ([`Passes::Lookup`]'s or
    /// [`Passes::Fewest`]'s).
    ///
    /// [`Passes::Lookup`]: crate::Passes::Lookup
    /// [`Passes::Fewest`]: crate::Passes::Fewest
    planner: RowPlanner,
}

/// A row planner: [`super::lookup::plan_row`] or [`fewest::plan_row`].
pub(crate) type RowPlanner = fn(&RowInput) -> RowPlan;

/// How many row plans [`Pixels::row_plan`] remembers.
const MEMO: usize = 4096;

/// One row plan remembered: the row, its direct cells and pre-filled cells, and its
/// pieces and whether it has a platform.
#[derive(Clone, Copy)]
struct Memo {
    /// `u8::MAX` when empty.
    y: u8,
    platform: bool,
    pieces: u16,
    covered: u32,
    prefill: u32,
}

impl Memo {
    const EMPTY: Memo = Memo {
        y: u8::MAX,
        platform: false,
        pieces: 0,
        covered: 0,
        prefill: 0,
    };
}

impl Pixels {
    /// The pixels of `sprite`, its rows to be planned by `planner`.
    fn of(sprite: &Sprite, planner: RowPlanner) -> Pixels {
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
    fn row_plan(&self, sprite: &Sprite, y: usize, covered: u32, prefill: u32) -> (u32, bool) {
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

    fn any(&self, y: usize) -> u32 {
        self.colour[y][0] | self.colour[y][1] | self.colour[y][2]
    }

    /// Whether block `b` fits with its bottom-left cell at `(x, y)`: every cell a pixel
    /// of its colour, and every piece resting on the floor, on a pixel that is no cell
    /// of the block (emitted in its row's passes, before the piece drops), or on a piece
    /// of the block dropped before it.
    fn fits(&self, b: usize, x: usize, y: usize) -> bool {
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

/// The blocks of one column item (at most 4), and the pixels they cover.
#[derive(Clone, Copy, Default)]
struct Item {
    blocks: [Placed; 4],
    len: u8,
    covered: u16,
}

impl Item {
    fn push(&mut self, b: usize, x: usize, y: usize) {
        self.blocks[usize::from(self.len)] = Placed::new(b, x, y);
        self.len += 1;
        self.covered += 4 * BLOCKS[b].pieces.len() as u16;
    }
}

/// The column item `width` wide at column `x` of the band of rows `y..y + rows`.
fn item(px: &Pixels, width: usize, x: usize, y: usize, rows: usize) -> Item {
    let mut it = Item::default();
    let first_fit = |it: &mut Item, blocks: &[usize], by: usize| {
        if let Some(&b) = blocks.iter().find(|&&b| px.fits(b, x, by)) {
            it.push(b, x, by);
            true
        } else {
            false
        }
    };
    match width {
        2 => {
            for s in (0..rows / 4).map(|k| y + 4 * k) {
                first_fit(&mut it, &[J_UP, L_UP], s);
            }
            if rows == BAND {
                let mut stair = Item::default();
                if first_fit(&mut stair, &STAIRS, y) && stair.covered > it.covered {
                    it = stair;
                }
            }
        }
        4 => {
            let mut s = 0;
            while s + 2 <= rows {
                if s % 4 == 0 && s + 4 <= rows && first_fit(&mut it, &[T_SQUARE], y + s) {
                    s += 4;
                    continue;
                }
                first_fit(&mut it, &[J_FLAT, L_FLAT], y + s);
                s += 2;
            }
        }
        3 => {
            const FLAT: [usize; 6] = [
                SINGLES,
                SINGLES + 1,
                SINGLES + 2,
                SINGLES + 3,
                SINGLES + 4,
                SINGLES + 5,
            ];
            for s in (0..rows / 2).map(|k| y + 2 * k) {
                first_fit(&mut it, &FLAT, s);
            }
        }
        _ => {
            if rows == BAND {
                first_fit(&mut it, &[J_WIDE, L_WIDE], y);
            }
        }
    }
    it
}

/// Picks the blocks of the band of rows `y..y + rows` that cover the most pixels (a DP
/// over its columns), into `plan`.
fn band_blocks(px: &Pixels, y: usize, rows: usize, widths: &[usize], plan: &mut DirectPlan) {
    let (x0, w) = (px.x0, px.width);
    // best[i]: most pixels covered in columns x0..x0 + i; how[i]: the item ending there.
    let mut best = [0u16; MAX_WIDTH + 1];
    let mut how = [(0u8, Item::default()); MAX_WIDTH + 1];
    for i in 1..=w {
        best[i] = best[i - 1];
        how[i] = (1, Item::default());
        for &iw in widths {
            if iw > i {
                continue;
            }
            let it = item(px, iw, x0 + i - iw, y, rows);
            if it.len > 0 && best[i - iw] + it.covered > best[i] {
                best[i] = best[i - iw] + it.covered;
                how[i] = (iw as u8, it);
            }
        }
    }
    let mut i = w;
    while i > 0 {
        let (iw, it) = how[i];
        for &p in &it.blocks[..usize::from(it.len)] {
            plan.add(p);
        }
        i -= usize::from(iw);
    }
}

/// Row `y`'s pieces with the plan's direct cells (0 when nothing is left to emit).
fn row_pieces(plan: &DirectPlan, px: &Pixels, sprite: &Sprite, y: usize) -> (u32, bool) {
    px.row_plan(sprite, y, plan.cells[y], plan.prefill[y])
}

/// Row `y`'s pieces with `plan`'s direct pieces, or `u32::MAX` when it would need a
/// platform it cannot have ([`DirectPlan::platform_ok`]).
fn priced_row(plan: &DirectPlan, px: &Pixels, sprite: &Sprite, y: usize) -> u32 {
    match row_pieces(plan, px, sprite, y) {
        (_, true) if !plan.platform_ok(y) => u32::MAX,
        (pieces, _) => pieces,
    }
}

/// The direct pieces of `plan`'s blocks from `first` on.
fn block_pieces(plan: &DirectPlan, first: usize) -> u32 {
    plan.blocks[first..plan.len]
        .iter()
        .map(|p| p.shape().pieces.len() as u32)
        .sum()
}

/// The band's pieces: its rows' (`priced`, `u32::MAX` if one is impossible) and its
/// blocks' (`plan`'s from `first` on).
fn band_cost(plan: &DirectPlan, priced: &[u32], first: usize) -> u32 {
    priced
        .iter()
        .try_fold(0u32, |t, &r| (r != u32::MAX).then(|| t + r))
        .map_or(u32::MAX, |rows| rows + block_pieces(plan, first))
}

/// The pieces of each row of the band `y..y + rows` with `plan`'s direct pieces.
fn priced_band<const N: usize>(
    plan: &DirectPlan,
    px: &Pixels,
    sprite: &Sprite,
    y: usize,
    rows: usize,
) -> [u32; N] {
    let mut priced = [0u32; N];
    for (r, p) in priced[..rows].iter_mut().enumerate() {
        *p = priced_row(plan, px, sprite, y + r);
    }
    priced
}

/// The column items each band tries: all of them, then each kind alone (the DP
/// maximises the pixels covered, which is not always what costs least).
const VARIANTS: [&[usize]; 5] = [&[2, 3, 4, 5], &[2, 4, 5], &[2, 5], &[4], &[3]];

/// Adds to `plan` the blocks the DP picks for the band of rows `y..y + rows` with the
/// column items `widths`, then drops, in one sweep, each block whose removal lowers
/// the band's pieces (re-pricing only the rows of the block dropped); returns the
/// band's pieces (`without`, those without direct pieces, if no block is left).
fn pruned(
    px: &Pixels,
    sprite: &Sprite,
    y: usize,
    rows: usize,
    widths: &[usize],
    without: u32,
    plan: &mut DirectPlan,
) -> u32 {
    let first = plan.len;
    band_blocks(px, y, rows, widths, plan);
    if plan.len == first {
        return without;
    }
    let mut priced = priced_band::<BAND>(plan, px, sprite, y, rows);
    let mut cost = band_cost(plan, &priced[..rows], first);
    let mut i = first;
    while i < plan.len {
        let mut trial = *plan;
        trial.remove(i);
        let (c, trial_priced) = if trial.len == first {
            (without, priced)
        } else {
            let mut tp = priced;
            let b = plan.blocks[i];
            let lo = usize::from(b.y) - y;
            let h = usize::from(b.shape().height);
            for (r, t) in tp.iter_mut().enumerate().skip(lo).take(h) {
                *t = priced_row(&trial, px, sprite, y + r);
            }
            (band_cost(&trial, &tp[..rows], first), tp)
        };
        if c < cost {
            *plan = trial;
            cost = c;
            priced = trial_priced;
        } else {
            i += 1;
        }
    }
    // Each stair replaced by the other stair that lowers the band's pieces most, if
    // any (the DP takes the first of those that cover as much).
    for i in first..plan.len {
        let b = plan.blocks[i];
        let (x, by) = (usize::from(b.x), usize::from(b.y));
        if !STAIRS.contains(&usize::from(b.block)) {
            continue;
        }
        let mut found = None;
        for other in STAIRS {
            if other == usize::from(b.block) || !px.fits(other, x, by) {
                continue;
            }
            let mut trial = *plan;
            trial.replace(i, other);
            let mut tp = priced;
            for (r, t) in tp.iter_mut().enumerate().skip(by - y).take(BAND) {
                *t = priced_row(&trial, px, sprite, y + r);
            }
            let c = band_cost(&trial, &tp[..rows], first);
            if c < found.map_or(cost, |(c, _, _)| c) {
                found = Some((c, trial, tp));
            }
        }
        if let Some((c, trial, tp)) = found {
            *plan = trial;
            cost = c;
            priced = tp;
        }
    }
    cost
}

/// The add pass: adds blocks to the rows `band` of `plan` (whose blocks from
/// `first` on are those rows', costing `cost` pieces with the rows) wherever one lowers
/// their pieces: each row, column and block in turn, once. A block goes only where it
/// fits, covers no direct cell, and it and every piece near it still land
/// ([`DirectPlan::all_land`]). With `across` not 0, only blocks with one of the rows in
/// `across` among their rows above the bottom one are tried. Returns the rows' pieces.
fn add_blocks(
    px: &Pixels,
    sprite: &Sprite,
    band: core::ops::Range<usize>,
    first: usize,
    mut cost: u32,
    across: u32,
    plan: &mut DirectPlan,
) -> u32 {
    let (y, rows) = (band.start, band.len());
    let mut priced = priced_band::<MAX_HEIGHT>(plan, px, sprite, y, rows);
    for s in y..y + rows {
        for x in px.x0..px.x0 + px.width {
            for (b, single) in BLOCKS.iter().enumerate() {
                let (w, h) = (usize::from(single.width), usize::from(single.height));
                if s + h > y + rows || x + w > px.x0 + px.width {
                    continue;
                }
                // Only blocks across one of the rows `across` starts, if any.
                let starts = ((1u32 << h) - 2) << s;
                if across != 0 && across & starts == 0 {
                    continue;
                }
                let placed = Placed::new(b, x, s);
                let overlaps = placed.pieces().any(|(m, bottom, _)| {
                    (0..m.shape.height()).any(|dy| {
                        plan.cells[bottom + usize::from(dy)] & m.shape.row_mask(dy) << m.x != 0
                    })
                });
                if overlaps || !px.fits(b, x, s) {
                    continue;
                }
                let mut trial = *plan;
                trial.add(placed);
                if !trial.all_land(px, trial.len - 1) {
                    continue;
                }
                let mut tp = priced;
                for (r, t) in tp.iter_mut().enumerate().skip(s - y).take(h) {
                    *t = priced_row(&trial, px, sprite, y + r);
                }
                let c = band_cost(&trial, &tp[..rows], first);
                if c < cost {
                    *plan = trial;
                    cost = c;
                    priced = tp;
                }
            }
        }
    }
    cost
}

/// Row `y`'s pieces with the searching row planner ([`fewest::plan_row`], as
/// `--passes fewest --direct` prices rows) when direct pieces print its cells
/// `covered`, `prefill` of them filled before its passes, with the cells
/// `missing_below` of row `y − 1` still missing (direct cells dropped later): `None`
/// when it would need a platform it may not have. How [`plan`] prices rows with that
/// planner; for measuring (`examples/direct_bound.rs`), not part of the API.
#[doc(hidden)]
#[must_use]
pub fn row_pieces_with(
    sprite: &Sprite,
    y: usize,
    covered: u32,
    prefill: u32,
    missing_below: u32,
) -> Option<u32> {
    let row = RowInput::of(sprite, y).without(covered, prefill);
    if row.len == 0 {
        return Some(0);
    }
    let p = fewest::plan_row(&row);
    (!p.platform || (prefill == 0 && missing_below == 0)).then_some(p.pieces)
}

/// The direct plan with the fewest pieces in all, never more than the print without
/// direct pieces; rows priced and planned by `planner`.
pub(crate) fn plan(sprite: &Sprite, planner: RowPlanner) -> DirectPlan {
    let px = Pixels::of(sprite, planner);
    let h = sprite.height();
    // Every row's pieces without direct pieces.
    let mut plain = [0u32; MAX_HEIGHT];
    for (y, p) in plain[..h].iter_mut().enumerate() {
        *p = row_pieces(&DirectPlan::EMPTY, &px, sprite, y).0;
    }
    let mut best = DirectPlan::EMPTY;
    best.pieces = plain[..h].iter().sum();
    // No print needs fewer pieces than a quarter of the pixels (a direct piece places
    // four, an emitted pixel costs more than a quarter piece): stop there.
    let pixels: u32 = (0..h).map(|y| px.any(y).count_ones()).sum();
    for offset in 0..BAND.min(h) {
        if best.pieces <= pixels.div_ceil(4) {
            break;
        }
        let mut plan = DirectPlan::EMPTY;
        let mut total = 0;
        let mut y = 0;
        // The rows where a band starts (the first one's excepted).
        let mut edges = 0u32;
        while y < h {
            if y > 0 {
                edges |= 1 << y;
            }
            let rows = if y == 0 && offset > 0 { offset } else { BAND }.min(h - y);
            let without: u32 = plain[y..y + rows].iter().sum();
            // The band's cheapest blocks, or none.
            let mut cost = without;
            let mut chosen = plan;
            for widths in VARIANTS {
                let mut trial = plan;
                let c = pruned(&px, sprite, y, rows, widths, without, &mut trial);
                if c < cost {
                    cost = c;
                    chosen = trial;
                }
            }
            let first = plan.len;
            plan = chosen;
            let c1 = add_blocks(&px, sprite, y..y + rows, first, cost, 0, &mut plan);
            total += if c1 < cost {
                add_blocks(&px, sprite, y..y + rows, first, c1, 0, &mut plan)
            } else {
                c1
            };
            y += rows;
        }
        // Blocks anywhere in the sprite, across the bands' edges too.
        total = add_blocks(&px, sprite, 0..h, 0, total, edges, &mut plan);
        if total < best.pieces {
            best = plan;
            best.pieces = total;
        }
    }
    if let Some(p) = placement_dp(&px, sprite) {
        if p.pieces < best.pieces {
            best = p;
        }
    }
    for start in [DirectPlan::EMPTY, best] {
        if let Some(p) = cover_rows(&px, sprite, &start) {
            if p.pieces < best.pieces {
                best = p;
            }
        }
    }
    if best.pieces <= pixels.div_ceil(4) {
        return best;
    }
    if let Some(p) = improve(&px, sprite, &best) {
        if p.pieces < best.pieces {
            best = p;
        }
    }
    best
}

/// Most single placements the placement DP takes.
const DP_PLACEMENTS: usize = 255;
/// Most of them meeting one row (its states are their subsets).
const DP_MEET: usize = 10;

/// One single placement of the placement DP: its block, corner, top row and cells by
/// row from its bottom.
#[derive(Clone, Copy, Default)]
struct Single {
    at: Placed,
    top: u8,
    rows: [u32; 3],
}

impl Single {
    fn cells(&self, y: usize) -> u32 {
        let b = usize::from(self.at.y);
        if (b..=usize::from(self.top)).contains(&y) {
            self.rows[y - b]
        } else {
            0
        }
    }
}

/// The placement DP: the set of single pieces that fit, none overlapping, each
/// landing, whose print costs least (rows priced as everywhere here), by a DP over the
/// rows whose state is the set of chosen singles meeting the row (at most 2^10), when
/// the sprite has at most [`DP_PLACEMENTS`] singles that fit and no row meets more than
/// [`DP_MEET`] of them. Whether a single lands depends only on the singles meeting its
/// top row ([`Singles::lands`]), so the DP checks it in the state of that row. Every
/// single is a candidate; when that makes too many, the lone J1 and L3 are left out
/// (they land only where the cells above their short column are empty or filled by
/// later direct pieces); when that is still too many, the singles offered while the
/// caps allow ([`Singles::around`] an empty plan). Singles with the same top row drop
/// in index order, so this runs with them listed by row and column left to right, then
/// right to left, and keeps the cheaper plan.
fn placement_dp(px: &Pixels, sprite: &Sprite) -> Option<DirectPlan> {
    let mut best: Option<DirectPlan> = None;
    for reverse in [false, true] {
        let singles = Singles::of(px, sprite, SINGLES + SINGLE_COUNT, reverse)
            .or_else(|| Singles::of(px, sprite, SINGLES + SINGLE_COUNT - 2, reverse))
            .unwrap_or_else(|| {
                Singles::around(
                    px,
                    sprite,
                    &DirectPlan::EMPTY,
                    px.x0..px.x0 + px.width,
                    usize::from(reverse),
                )
            });
        if let Some(p) = singles.best_plan(px, sprite) {
            if best.is_none_or(|b| p.pieces < b.pieces) {
                best = Some(p);
            }
        }
    }
    best
}

/// The placement DP in rounds over windows of columns (see the module docs), each over
/// the pieces of the best plan so far and as many other singles in the window as the
/// caps allow: `None` unless it finds a plan with fewer pieces than `plan`.
fn improve(px: &Pixels, sprite: &Sprite, plan: &DirectPlan) -> Option<DirectPlan> {
    let mut best = *plan;
    let (x0, w) = (px.x0, px.width);
    let rounds: [(usize, usize, usize); 14] = [
        (0, w, 0),
        (0, w, 1),
        (0, 4, 0),
        (2, 6, 0),
        (4, 8, 0),
        (6, 10, 0),
        (8, 12, 0),
        (10, 14, 0),
        (12, 16, 0),
        (14, 18, 0),
        (0, 6, 3),
        (4, 10, 3),
        (8, 14, 3),
        (12, 18, 3),
    ];
    for &(a, b, order) in &rounds {
        if a >= w {
            continue;
        }
        if let Some(p) =
            Singles::around(px, sprite, &best, x0 + a..x0 + b.min(w), order).best_plan(px, sprite)
        {
            if p.pieces < best.pieces {
                best = p;
            }
        }
    }
    (best.pieces < plan.pieces).then_some(best)
}

/// Most steps a cover search takes ([`cover_band`]).
const COVER_NODES: usize = 4096;
/// Most complete covers one search prices.
const COVER_TRIES: usize = 16;
/// Most ways to cover one cell: each single with one of its four cells there.
const COVER_WAYS: usize = 4 * SINGLE_COUNT;
/// Most rows a cover search covers at once.
const COVER_BAND: usize = 3;
/// Rows of a cover search's window: its band and two rows either side.
const WINDOW: usize = COVER_BAND + 4;
/// Deepest a cover search goes: one piece per cell of the band at most.
const COVER_DEPTH: usize = COVER_BAND * MAX_WIDTH;

/// The ways to cover cell `(x, y)` with a single: every cell a pixel of the single's
/// colour, in the window of rows from `lo` and not in `used` (its cells so far),
/// resting as [`Pixels::fits`] asks. Singles with more cells in row `y` first.
fn cover_ways(
    px: &Pixels,
    used: &[u32; WINDOW],
    lo: isize,
    x: usize,
    y: usize,
    out: &mut [Placed; COVER_WAYS],
) -> usize {
    let mut n = 0;
    for in_row in (1..=3u32).rev() {
        for b in SINGLES..SINGLES + SINGLE_COUNT {
            let shape = shape_at(BLOCKS[b].pieces[0].0);
            for dy in 0..shape.height() {
                let mask = shape.row_mask(dy);
                if mask.count_ones() != in_row {
                    continue;
                }
                for dx in (0..shape.width()).filter(|&d| mask >> d & 1 != 0) {
                    let (Some(bx), Some(by)) = (
                        x.checked_sub(usize::from(dx)),
                        y.checked_sub(usize::from(dy)),
                    ) else {
                        continue;
                    };
                    if bx < px.x0 {
                        continue;
                    }
                    let free = (0..shape.height()).all(|r| {
                        let w = (by + usize::from(r)) as isize - lo;
                        (0..WINDOW as isize).contains(&w)
                            && used[w as usize] & shape.row_mask(r) << bx == 0
                    });
                    if free && px.fits(b, bx, by) {
                        out[n] = Placed::new(b, bx, by);
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

/// Row covers: from `start`, bottom to top, each row still left to the passes is
/// covered whole, alone or with the one or two rows above it, by single pieces where
/// that lowers the print's pieces. A band's covers are found depth first
/// ([`cover_band`]). A cover may leave a row above it unprintable (a pre-filled cell
/// where its passes need a platform): such a row is priced at a quarter of its pixels
/// left, as if a later cover took them, and each cover that leaves one is followed by
/// the cheapest covers of such rows, lowest first (at most [`SETTLE`]). A print is kept
/// only at a row where every row prints. `None` when no print kept has fewer pieces
/// than `start`.
fn cover_rows(px: &Pixels, sprite: &Sprite, start: &DirectPlan) -> Option<DirectPlan> {
    let h = px.height;
    let mut plan = *start;
    let mut priced = [0u32; MAX_HEIGHT];
    for (y, p) in priced[..h].iter_mut().enumerate() {
        *p = priced_row(&plan, px, sprite, y);
    }
    // The print's pieces with rows up to `done` priced, those above at their price or,
    // when they cannot print, a quarter of their pixels left; `None` if a row up to
    // `done` cannot print.
    let estimate = |plan: &DirectPlan, priced: &[u32; MAX_HEIGHT], done: usize| {
        let mut t = plan.direct_pieces() as u32;
        for (r, &p) in priced[..h].iter().enumerate() {
            t += match p {
                u32::MAX if r <= done => return None,
                u32::MAX => (px.any(r) & !plan.cells[r]).count_ones().div_ceil(4),
                p => p,
            };
        }
        Some(t)
    };
    let first = estimate(&plan, &priced, h)?;
    let mut best = (first, plan);
    for y in 0..h {
        let mut cost = estimate(&plan, &priced, y).unwrap_or(u32::MAX);
        if px.any(y) & !plan.cells[y] != 0 {
            let mut found: Option<Covered> = None;
            for rows in 1..=COVER_BAND.min(h - y) {
                let top = y + rows - 1;
                // Each cover that leaves a row above unprintable is followed by the
                // cheapest covers of such rows, lowest first.
                let settle = |p: &DirectPlan, t: &[u32; MAX_HEIGHT]| {
                    let (mut p, mut t) = (*p, *t);
                    for _ in 0..SETTLE {
                        let Some(r) = (top + 1..h).find(|&r| t[r] == u32::MAX) else {
                            return estimate(&p, &t, top).map(|c| (c, p, t));
                        };
                        (_, p, t) =
                            cover_band(px, sprite, &p, &t, r..r + 1, SETTLE_BUDGET, |p2, t2| {
                                estimate(p2, t2, r).map(|c| (c, *p2, *t2))
                            })?;
                    }
                    None
                };
                if let Some(f) = cover_band(
                    px,
                    sprite,
                    &plan,
                    &priced,
                    y..top + 1,
                    (COVER_NODES, COVER_TRIES),
                    settle,
                ) {
                    if found.as_ref().is_none_or(|g| f.0 < g.0) {
                        found = Some(f);
                    }
                }
            }
            if let Some((c, trial, tp)) = found {
                if c < cost {
                    cost = c;
                    plan = trial;
                    priced = tp;
                }
            }
        }
        if cost == u32::MAX {
            break;
        }
        if let Some(c) = estimate(&plan, &priced, h) {
            if c < best.0 {
                best = (c, plan);
            }
        }
    }
    best.1.pieces = best.0;
    (best.0 < first).then_some(best.1)
}

/// A cover's price, the plan with its pieces, and the plan's rows' pieces.
type Covered = (u32, DirectPlan, [u32; MAX_HEIGHT]);

/// Most rows [`cover_rows`] covers to make a cover's print printable again.
const SETTLE: usize = 8;
/// The steps and complete covers of each search that does.
const SETTLE_BUDGET: (usize, usize) = (1024, 4);

/// The cheapest cover of the rows `band` (at most [`COVER_BAND`]) by single pieces,
/// priced by `price` (the plan with the cover's pieces added, and its rows' pieces):
/// its price, plan and rows' pieces. Depth first: the lowest, then leftmost, cell still
/// open, each of its [`cover_ways`] in turn; at most [`COVER_NODES`] steps, and the
/// first [`COVER_TRIES`] complete covers whose pieces all land with the plan's
/// ([`DirectPlan::all_land`]) are priced.
fn cover_band(
    px: &Pixels,
    sprite: &Sprite,
    plan: &DirectPlan,
    priced: &[u32; MAX_HEIGHT],
    band: core::ops::Range<usize>,
    (max_nodes, max_tries): (usize, usize),
    price: impl Fn(&DirectPlan, &[u32; MAX_HEIGHT]) -> Option<Covered>,
) -> Option<Covered> {
    let h = px.height;
    let lo = band.start as isize - 2;
    let mut base = [0u32; WINDOW];
    for (w, u) in base.iter_mut().enumerate() {
        let r = lo + w as isize;
        *u = if (0..h as isize).contains(&r) {
            plan.cells[r as usize]
        } else {
            u32::MAX
        };
    }
    // The lowest, then leftmost, cell of the band not in `used`.
    let open = |used: &[u32; WINDOW]| {
        band.clone().find_map(|r| {
            let rest = px.any(r) & !used[(r as isize - lo) as usize];
            (rest != 0).then(|| (rest.trailing_zeros() as usize, r))
        })
    };
    // The search's stack: per depth, the cells used, the ways and the one tried.
    let mut used = [[0u32; WINDOW]; COVER_DEPTH + 1];
    let mut ways = [[Placed::default(); COVER_WAYS]; COVER_DEPTH];
    let mut count = [0usize; COVER_DEPTH];
    let mut tried = [0usize; COVER_DEPTH];
    used[0] = base;
    let (x, y) = open(&used[0])?;
    count[0] = cover_ways(px, &used[0], lo, x, y, &mut ways[0]);
    let mut depth = 0;
    let (mut nodes, mut tries) = (0, 0);
    let mut found: Option<Covered> = None;
    while nodes < max_nodes && tries < max_tries {
        if tried[depth] == count[depth] {
            if depth == 0 {
                break;
            }
            depth -= 1;
            tried[depth] += 1;
            continue;
        }
        nodes += 1;
        let p = ways[depth][tried[depth]];
        let (m, bottom, _) = p.piece(0);
        let mut u = used[depth];
        for dy in 0..m.shape.height() {
            u[(bottom as isize - lo) as usize + usize::from(dy)] |= m.shape.row_mask(dy) << m.x;
        }
        used[depth + 1] = u;
        if let Some((x, y)) = open(&u) {
            let d = depth + 1;
            count[d] = cover_ways(px, &u, lo, x, y, &mut ways[d]);
            tried[d] = 0;
            depth = d;
            continue;
        }
        // A cover: its pieces with the plan's.
        tries += 1;
        let mut trial = *plan;
        let (mut low, mut high) = (band.start, band.end - 1);
        for d in 0..=depth {
            let q = ways[d][tried[d]];
            trial.add(q);
            let (_, b, t) = q.piece(0);
            low = low.min(b);
            high = high.max(t);
        }
        let landed = (plan.len..trial.len).all(|i| trial.all_land(px, i));
        if landed {
            let mut tp = *priced;
            for (r, t) in tp
                .iter_mut()
                .enumerate()
                .take(high.min(h - 1) + 1)
                .skip(low)
            {
                *t = priced_row(&trial, px, sprite, r);
            }
            if let Some(f) = price(&trial, &tp) {
                if found.as_ref().is_none_or(|g| f.0 < g.0) {
                    found = Some(f);
                }
            }
        }
        tried[depth] += 1;
    }
    found
}

/// The singles of the placement DP, and those meeting each row.
struct Singles {
    all: [Single; DP_PLACEMENTS],
    n: usize,
    /// The singles meeting each row (by index, increasing).
    meet: [[u8; DP_MEET]; MAX_HEIGHT],
    meets: [usize; MAX_HEIGHT],
    /// The fixed singles meeting each row (by index, increasing): always chosen.
    fixed: [[u8; MAX_WIDTH]; MAX_HEIGHT],
    fixeds: [usize; MAX_HEIGHT],
    /// Per row, the cells of the fixed singles.
    fixed_cells: [u32; MAX_HEIGHT],
    /// Per row, the columns of the other singles meeting it.
    near: [u32; MAX_HEIGHT],
    height: usize,
}

impl Singles {
    /// The singles `SINGLES..last` that fit `px`, by row, then column (right to left if
    /// `reverse`), then block, or `None` when there are none or too many.
    fn of(px: &Pixels, sprite: &Sprite, last: usize, reverse: bool) -> Option<Singles> {
        let mut singles = Singles::new(sprite.height());
        for y in 0..sprite.height() {
            for x in 0..px.width {
                let x = if reverse {
                    px.x0 + px.width - 1 - x
                } else {
                    px.x0 + x
                };
                for b in SINGLES..last {
                    if px.fits(b, x, y) && !singles.push(b, x, y) {
                        return None;
                    }
                }
            }
        }
        (singles.n > 0).then_some(singles)
    }

    /// The pieces of `plan` as singles, in its drop order (so that the DP can choose
    /// them all again, landing as they do): those reaching into `columns` as the DP's
    /// to choose while the caps allow, the others fixed. Then every other single that
    /// fits, lies in `columns` and overlaps no fixed one, while the caps allow, by row,
    /// then column (right to left when `order & 1`), then block (in reverse when
    /// `order & 2`).
    fn around(
        px: &Pixels,
        sprite: &Sprite,
        plan: &DirectPlan,
        columns: core::ops::Range<usize>,
        order: usize,
    ) -> Singles {
        let mut singles = Singles::new(sprite.height());
        let window = ((1u32 << columns.end) - 1) & !((1u32 << columns.start) - 1);
        for p in &plan.blocks[..plan.len] {
            for (m, bottom, _) in p.pieces() {
                let Some(b) = (SINGLES..SINGLES + SINGLE_COUNT)
                    .find(|&b| BLOCKS[b].pieces[0].0 == m.shape.index())
                else {
                    continue;
                };
                let (x, w) = (usize::from(m.x), usize::from(m.shape.width()));
                let inside = x < columns.end && columns.start < x + w;
                if !inside || !singles.push(b, x, bottom) {
                    singles.fix(b, x, bottom);
                }
            }
        }
        for y in 0..sprite.height() {
            for x in 0..px.width {
                let x = if order & 1 == 0 {
                    px.x0 + x
                } else {
                    px.x0 + px.width - 1 - x
                };
                for b in 0..SINGLE_COUNT {
                    let b = if order & 2 == 0 {
                        SINGLES + b
                    } else {
                        SINGLES + SINGLE_COUNT - 1 - b
                    };
                    if !px.fits(b, x, y) || singles.has(b, x, y) {
                        continue;
                    }
                    let at = Placed::new(b, x, y);
                    let (m, _, _) = at.piece(0);
                    let clear = (0..m.shape.height()).all(|dy| {
                        let cells = m.shape.row_mask(dy) << m.x;
                        cells & !window == 0
                            && singles.fixed_cells[y + usize::from(dy)] & cells == 0
                    });
                    if clear {
                        singles.push(b, x, y);
                    }
                }
            }
        }
        singles
    }

    fn new(height: usize) -> Singles {
        Singles {
            all: [Single::default(); DP_PLACEMENTS],
            n: 0,
            meet: [[0u8; DP_MEET]; MAX_HEIGHT],
            meets: [0usize; MAX_HEIGHT],
            fixed: [[0u8; MAX_WIDTH]; MAX_HEIGHT],
            fixeds: [0usize; MAX_HEIGHT],
            fixed_cells: [0u32; MAX_HEIGHT],
            near: [0u32; MAX_HEIGHT],
            height,
        }
    }

    /// Whether single `b` at `(x, y)` is there already.
    fn has(&self, b: usize, x: usize, y: usize) -> bool {
        let at = Placed::new(b, x, y);
        self.all[..self.n].iter().any(|p| p.at == at)
    }

    /// Adds single `b` at `(x, y)` as a fixed one (at most 255 singles in all: the
    /// plans hold at most [`MAX_BLOCKS`] pieces, fixed first).
    fn fix(&mut self, b: usize, x: usize, y: usize) {
        if self.n == DP_PLACEMENTS {
            return;
        }
        let at = Placed::new(b, x, y);
        let (m, _, top) = at.piece(0);
        let mut rows = [0u32; 3];
        for (dy, r) in rows
            .iter_mut()
            .enumerate()
            .take(usize::from(m.shape.height()))
        {
            *r = m.shape.row_mask(dy as u8) << m.x;
            self.fixed_cells[y + dy] |= *r;
        }
        self.all[self.n] = Single {
            at,
            top: top as u8,
            rows,
        };
        for r in y..=top {
            self.fixed[r][self.fixeds[r]] = self.n as u8;
            self.fixeds[r] += 1;
        }
        self.n += 1;
    }

    /// Adds single `b` at `(x, y)`, unless that breaks a cap (then `false`).
    fn push(&mut self, b: usize, x: usize, y: usize) -> bool {
        let at = Placed::new(b, x, y);
        let (m, _, top) = at.piece(0);
        if self.n == DP_PLACEMENTS || (y..=top).any(|r| self.meets[r] == DP_MEET) {
            return false;
        }
        let mut rows = [0u32; 3];
        for (dy, r) in rows
            .iter_mut()
            .enumerate()
            .take(usize::from(m.shape.height()))
        {
            *r = m.shape.row_mask(dy as u8) << m.x;
        }
        self.all[self.n] = Single {
            at,
            top: top as u8,
            rows,
        };
        let columns = rows[0] | rows[1] | rows[2];
        for r in y..=top {
            self.meet[r][self.meets[r]] = self.n as u8;
            self.meets[r] += 1;
            self.near[r] |= columns;
        }
        self.n += 1;
        true
    }

    /// Whether every single of `state` (bits over the singles meeting row `y`), and
    /// every fixed one near them, whose top row is `y` lands ([`DirectPlan::lands`]):
    /// the pieces dropped after it that its landing depends on (their cells in its
    /// rows) and those dropped before it in its top row all meet row `y`, so the state
    /// decides.
    fn lands(&self, px: &Pixels, y: usize, state: usize) -> bool {
        // The fixed singles sharing a column with a single that may be chosen: the others
        // land as they did in the plan they come from.
        let mut near = [0u8; MAX_WIDTH];
        let mut len = 0;
        for &i in &self.fixed[y][..self.fixeds[y]] {
            let p = &self.all[usize::from(i)];
            if (p.rows[0] | p.rows[1] | p.rows[2]) & self.near[y] != 0 {
                near[len] = i;
                len += 1;
            }
        }
        let (meet, fixed) = (&self.meet[y][..self.meets[y]], &near[..len]);
        let ends = |i: u8| usize::from(self.all[usize::from(i)].top) == y;
        if !meet
            .iter()
            .enumerate()
            .any(|(k, &i)| state >> k & 1 != 0 && ends(i))
            && !fixed.iter().any(|&i| ends(i))
        {
            return true;
        }
        // The chosen and the fixed singles meeting row y, in index order.
        let mut plan = DirectPlan::EMPTY;
        let mut top = [false; DP_MEET + MAX_WIDTH];
        let (mut k, mut f) = (0, 0);
        loop {
            while k < meet.len() && state >> k & 1 == 0 {
                k += 1;
            }
            let i = match (meet.get(k), fixed.get(f)) {
                (Some(&a), Some(&b)) if a < b => {
                    k += 1;
                    a
                }
                (_, Some(&b)) => {
                    f += 1;
                    b
                }
                (Some(&a), None) => {
                    k += 1;
                    a
                }
                (None, None) => break,
            };
            top[plan.len] = ends(i);
            plan.add(self.all[usize::from(i)].at);
        }
        (0..plan.len).all(|k| !top[k] || plan.lands(px, k, 0))
    }

    /// The plan of [`Singles::solve`]'s singles and the fixed ones, in index order.
    fn best_plan(&self, px: &Pixels, sprite: &Sprite) -> Option<DirectPlan> {
        let (pieces, mut chosen) = self.solve(px, sprite)?;
        for y in 0..self.height {
            for &i in &self.fixed[y][..self.fixeds[y]] {
                chosen[usize::from(i)] = true;
            }
        }
        let mut plan = DirectPlan::EMPTY;
        for (p, _) in self.all[..self.n].iter().zip(&chosen).filter(|(_, &c)| c) {
            plan.add(p.at);
        }
        // The DP saw to it; a plan that did not land would not replay.
        if (0..plan.len).any(|k| !plan.lands(px, k, 0)) {
            return None;
        }
        plan.pieces = pieces;
        Some(plan)
    }

    /// The fewest pieces of a print whose direct pieces are the fixed singles and some
    /// of the others, each landing, and the others chosen (by index); `None` when no
    /// set prints.
    fn solve(&self, px: &Pixels, sprite: &Sprite) -> Option<(u32, [bool; DP_PLACEMENTS])> {
        let (all, meet, meets, h) = (&self.all, &self.meet, &self.meets, self.height);
        // cost[state] for the current row (state: bits over meet[y]); from[y][state]:
        // the state of row y − 1 it came from.
        let mut cost = [u32::MAX; 1 << DP_MEET];
        let mut from = [[0u16; 1 << DP_MEET]; MAX_HEIGHT];
        // The singles of a state of row y that reach row y + 1, as bits over meet[y + 1].
        let carry = |y: usize, state: usize| {
            let mut next = 0usize;
            for (k, &i) in meet[y][..meets[y]].iter().enumerate() {
                if state >> k & 1 != 0 && usize::from(all[usize::from(i)].top) > y {
                    let j = meet[y + 1][..meets[y + 1]].iter().position(|&v| v == i);
                    next |= 1 << j.unwrap_or(0);
                }
            }
            next
        };
        // Whether the singles of `state` (bits over meet[y]) overlap.
        let overlaps = |y: usize, state: usize| {
            let mut seen = [0u32; 3];
            for (k, &i) in meet[y][..meets[y]].iter().enumerate() {
                if state >> k & 1 != 0 {
                    for (r, s) in seen.iter_mut().enumerate() {
                        let c = all[usize::from(i)].cells(y + r);
                        if *s & c != 0 {
                            return true;
                        }
                        *s |= c;
                    }
                }
            }
            false
        };
        // The singles starting in row y, as bits over meet[y].
        let fresh = |y: usize| {
            meet[y][..meets[y]]
                .iter()
                .enumerate()
                .filter(|&(_, &i)| usize::from(all[usize::from(i)].at.y) == y)
                .fold(0usize, |m, (k, _)| m | 1 << k)
        };
        // Row 0: any set of the singles starting there.
        let f0 = fresh(0);
        let mut f = f0;
        loop {
            if !overlaps(0, f) {
                cost[f] = f.count_ones();
            }
            if f == 0 {
                break;
            }
            f = (f - 1) & f0;
        }
        let mut best = (u32::MAX, 0usize);
        for y in 0..h {
            let mut next = [u32::MAX; 1 << DP_MEET];
            for (state, &so_far) in cost.iter().enumerate().take(1 << meets[y]) {
                if so_far == u32::MAX || !self.lands(px, y, state) {
                    continue;
                }
                let (mut covered, mut prefill, mut missing) = (0, 0, 0);
                let fixed = self.fixed[y][..self.fixeds[y]].iter().map(|&i| (i, true));
                let chosen = meet[y][..meets[y]]
                    .iter()
                    .enumerate()
                    .map(|(k, &i)| (i, state >> k & 1 != 0));
                for (i, on) in chosen.chain(fixed) {
                    if on {
                        let p = &all[usize::from(i)];
                        covered |= p.cells(y);
                        if usize::from(p.top) == y {
                            prefill |= p.cells(y);
                        }
                        if y > 0 {
                            missing |= p.cells(y - 1);
                        }
                    }
                }
                let price = match px.row_plan(sprite, y, covered, prefill) {
                    (_, true) if prefill != 0 || missing != 0 => continue,
                    (pieces, _) => pieces,
                };
                let c = so_far + price;
                if y + 1 == h {
                    if c < best.0 {
                        best = (c, state);
                    }
                    continue;
                }
                let carried = carry(y, state);
                // Every subset of the singles starting in row y + 1, with the carried
                // ones.
                let fresh = fresh(y + 1);
                let mut f = fresh;
                loop {
                    let s = carried | f;
                    let t = c + f.count_ones();
                    if t < next[s] && !overlaps(y + 1, s) {
                        next[s] = t;
                        from[y + 1][s] = state as u16;
                    }
                    if f == 0 {
                        break;
                    }
                    f = (f - 1) & fresh;
                }
            }
            cost = next;
        }
        if best.0 == u32::MAX {
            return None;
        }
        // The chosen singles.
        let mut chosen = [false; DP_PLACEMENTS];
        let mut state = best.1;
        for y in (0..h).rev() {
            for (k, &i) in meet[y][..meets[y]].iter().enumerate() {
                if state >> k & 1 != 0 {
                    chosen[usize::from(i)] = true;
                }
            }
            if y > 0 {
                state = usize::from(from[y][state]);
            }
        }
        Some((best.0, chosen))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playfield::Playfield;

    /// The placement DP checks landing in each row's state ([`Singles::lands`]): every
    /// plan it finds on dense three-colour noise lands, J1 and L3 among its candidates
    /// (without the check it picks singles that do not).
    #[test]
    fn the_placement_dp_finds_only_pieces_that_land() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut plans, mut pieces) = (0, 0);
        for _ in 0..200 {
            let (w, h) = (3 + next(8) as usize, 3 + next(10) as usize);
            let mut art = [[b'.'; 12]; 13];
            for row in art.iter_mut().take(h) {
                for c in row.iter_mut().take(w) {
                    *c = b'0' + next(3) as u8;
                }
                row[w] = b'\n';
            }
            let text: &[u8] = art[..h].as_flattened();
            let text = core::str::from_utf8(text).unwrap().replace('.', "");
            let sprite = Sprite::from_ascii(&text).unwrap();
            let px = Pixels::of(&sprite, fewest::plan_row);
            for reverse in [false, true] {
                let Some(singles) = Singles::of(&px, &sprite, SINGLES + SINGLE_COUNT, reverse)
                else {
                    continue;
                };
                let Some((_, chosen)) = singles.solve(&px, &sprite) else {
                    continue;
                };
                let mut plan = DirectPlan::EMPTY;
                for (p, _) in singles.all[..singles.n]
                    .iter()
                    .zip(&chosen)
                    .filter(|(_, &c)| c)
                {
                    plan.add(p.at);
                }
                for k in 0..plan.len {
                    assert!(plan.lands(&px, k, 0), "{:?} in\n{text}", plan.blocks[k]);
                }
                plans += 1;
                pieces += plan.len;
            }
        }
        assert!(
            plans > 100 && pieces > 100,
            "{plans} plans, {pieces} pieces"
        );
    }

    /// Every block, dropped in its order on the floor and on top of itself, lands
    /// exactly on its cells, the cells of its rectangle that no piece covers (pixels
    /// emitted in their rows' passes) filled just before the first piece whose top row
    /// is above them drops: the order the converter drops their pieces in (by top row,
    /// then table order) is one the simulator accepts. The blocks before the singles
    /// fill their rectangle; the stairs leave four cells of theirs. A lone J1 or L3 is
    /// dropped with its box's other cells empty: the cells above its short column must be
    /// filled after it, by later direct pieces ([`DirectPlan::lands`] sees to that).
    #[test]
    fn blocks_land_where_the_table_says() {
        for (b, block) in BLOCKS.iter().enumerate() {
            let (w, h) = (usize::from(block.width), usize::from(block.height));
            let short = matches!(block.pieces, [(J1 | L3, _, _)]);
            let mut field = Playfield::new();
            let n = block.pieces.len();
            for layer in 0..2 {
                let placed = Placed {
                    block: b as u8,
                    x: 3,
                    y: (layer * h) as u8,
                };
                let mut cells = [0u32; 8];
                for (m, bottom, _) in placed.pieces() {
                    for dy in 0..m.shape.height() {
                        cells[bottom + usize::from(dy) - layer * h] |= m.shape.row_mask(dy) << m.x;
                    }
                }
                let rect = ((1u32 << w) - 1) << 3;
                let mut emitted = 0;
                let mut emit_below = |field: &mut Playfield, top: usize| {
                    while !short && emitted < h && layer * h + emitted < top {
                        let y = layer * h + emitted;
                        for x in 0..21 {
                            if (rect & !cells[emitted]) >> x & 1 != 0 {
                                field.set(x, y, Some(Piece::for_color(block.colour)));
                            }
                        }
                        emitted += 1;
                    }
                };
                let mut pieces: [(Move, usize, usize); 10] =
                    [(Move::new_unchecked(shape_at(0), 0), 0, 0); 10];
                for (slot, p) in pieces.iter_mut().zip(placed.pieces()) {
                    *slot = p;
                }
                // The converter's order: by top row, stable.
                pieces[..n].sort_by_key(|p| p.2);
                for (m, bottom, top) in &pieces[..n] {
                    emit_below(&mut field, *top);
                    let landing = field.drop_piece(*m).unwrap();
                    assert_eq!(usize::from(landing.y), *bottom, "block {b}: {m}");
                    assert_eq!(landing.lines(), 0);
                }
                emit_below(&mut field, usize::MAX);
                assert_eq!(field.pieces() as usize, n * (layer + 1));
                let left: u32 = cells[..h].iter().map(|&c| (rect & !c).count_ones()).sum();
                match b {
                    _ if b < SINGLES => assert_eq!(left, 0, "block {b}"),
                    _ if STAIRS.contains(&b) => assert_eq!((n, left), (3, 4), "block {b}"),
                    _ => {
                        assert_eq!(n, 1);
                        assert!((w, h) == (3, 2) || (w, h) == (2, 3), "block {b}");
                    }
                }
            }
            for y in (0..2 * h).filter(|_| !short) {
                assert_eq!(field.rows()[y], ((1 << w) - 1) << 3, "block {b} row {y}");
            }
            // One colour, its piece.
            for &(s, _, _) in block.pieces {
                assert_eq!(shape_at(s).piece().color(), Some(block.colour));
            }
        }
    }
}
