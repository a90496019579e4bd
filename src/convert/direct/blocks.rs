//! The blocks direct pieces come in: one static table, [`BLOCKS`], of rectangles of one
//! colour tiled by pieces of that colour in a drop order the simulator checks, and
//! [`Placed`], a block at a corner of the playfield.

use crate::moves::{self, Move};
use crate::piece::{Piece, Shape};
use crate::sprite::{MAX_HEIGHT, MAX_WIDTH};

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
    match Shape::new(piece, rotation as usize) {
        Some(s) => s.index() as u8,
        None => panic!("J, T and L have four orientations"),
    }
}

pub(super) const T0: u8 = index_of(Piece::T, 0);
const T1: u8 = index_of(Piece::T, 1);
pub(super) const T2: u8 = index_of(Piece::T, 2);
const T3: u8 = index_of(Piece::T, 3);
pub(super) const J0: u8 = index_of(Piece::J, 0);
pub(super) const J1: u8 = index_of(Piece::J, 1);
pub(super) const J2: u8 = index_of(Piece::J, 2);
const J3: u8 = index_of(Piece::J, 3);
pub(super) const L0: u8 = index_of(Piece::L, 0);
const L1: u8 = index_of(Piece::L, 1);
pub(super) const L2: u8 = index_of(Piece::L, 2);
pub(super) const L3: u8 = index_of(Piece::L, 3);

/// 2 × 4 upright J pair.
pub(super) const J_UP: usize = 0;
/// 2 × 4 upright L pair.
pub(super) const L_UP: usize = 1;
/// 4 × 2 flat J pair.
pub(super) const J_FLAT: usize = 2;
/// 4 × 2 flat L pair.
pub(super) const L_FLAT: usize = 3;
/// 4 × 4 of four T.
pub(super) const T_SQUARE: usize = 4;
/// 5 × 8 of ten J.
pub(super) const J_WIDE: usize = 5;
/// 5 × 8 of ten L (the J one mirrored).
pub(super) const L_WIDE: usize = 6;
/// 2 × 8 stair of three T, bars left, right, left (four cells of the rectangle left).
const T_STAIR: usize = SINGLES + SINGLE_COUNT;
/// Its mirror image.
const T_STAIR_MIRRORED: usize = T_STAIR + 1;
/// The stair a row higher (the bottom two cells and one of the top row's left).
const T_STAIR_HIGH: usize = T_STAIR + 2;
/// Its mirror image.
const T_STAIR_HIGH_MIRRORED: usize = T_STAIR + 3;
/// The stairs, in the order the DP tries them.
pub(super) const STAIRS: [usize; 4] = [
    T_STAIR,
    T_STAIR_MIRRORED,
    T_STAIR_HIGH,
    T_STAIR_HIGH_MIRRORED,
];

/// The first single flat piece; the six (J0, J2, T0, T2, L0, L2) follow in that order,
/// then the six upright singles (J3, T1, T3, L1, J1, L3).
pub(super) const SINGLES: usize = 7;
/// How many singles there are.
pub(super) const SINGLE_COUNT: usize = 12;

/// The shape with index `s` (a constant of the table: a bad one fails compilation).
pub(super) const fn shape_at(s: u8) -> Shape {
    match Shape::from_index(s as usize) {
        Some(shape) => shape,
        None => panic!("not a shape index"),
    }
}

/// A single piece as a block of its own: its colour and size are the shape's. A J1 or
/// L3 lands only where the cells above its short column are filled after it, by later
/// direct pieces ([`DirectPlan::lands`](super::DirectPlan::lands) checks; the other singles need no such help).
pub(super) const fn single(s: u8) -> BlockShape {
    let shape = shape_at(s);
    BlockShape {
        colour: match shape.piece().color() {
            Some(c) => c,
            None => panic!("a single of J, T or L"),
        },
        width: shape.data().width,
        height: shape.data().height,
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
pub(super) const fn mirrored<const N: usize>(
    pieces: [(u8, u8, u8); N],
    width: u8,
) -> [(u8, u8, u8); N] {
    let mut out = pieces;
    let mut i = 0;
    while i < N {
        let (s, dx, dy) = pieces[i];
        let shape = shape_at(s);
        let m = index_of(Piece::L, ((4 - shape.rotation()) % 4) as u8);
        out[i] = (m, width - dx - shape.data().width, dy);
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

/// The blocks' heights added up: the rows an add pass plans per row and column.
pub(super) const HEIGHTS: u32 = {
    let (mut sum, mut b) = (0, 0);
    while b < BLOCKS.len() {
        sum += BLOCKS[b].height as u32;
        b += 1;
    }
    sum
};

/// The blocks' `h · (h − 1)` added up (`h` a block's height): the rows the pass across a
/// band edge plans per edge and column (each block at the `h − 1` rows that put the
/// edge inside it, its `h` rows each).
pub(super) const HEIGHTS_ACROSS: u32 = {
    let (mut sum, mut b) = (0, 0);
    while b < BLOCKS.len() {
        let h = BLOCKS[b].height as u32;
        sum += h * (h - 1);
        b += 1;
    }
    sum
};

/// Rows of a band.
pub(super) const BAND: usize = 8;
/// The most blocks a sprite can hold: blocks do not overlap and each covers at least 4
/// of its pixels.
pub(super) const MAX_BLOCKS: usize = MAX_WIDTH * MAX_HEIGHT / 4;

/// One block placed: which, and its bottom-left cell on the playfield.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Placed {
    pub(super) block: u8,
    pub(super) x: u8,
    pub(super) y: u8,
}

impl Placed {
    /// Block `b` with its bottom-left cell at `(x, y)` (all within the field, so each
    /// fits a byte).
    pub(super) const fn new(b: usize, x: usize, y: usize) -> Placed {
        Placed {
            block: b as u8,
            x: x as u8,
            y: y as u8,
        }
    }

    pub(super) fn shape(self) -> &'static BlockShape {
        &BLOCKS[usize::from(self.block)]
    }

    /// Its piece `j` as a move, with its bounding box's bottom row and top row.
    pub(super) fn piece(self, j: usize) -> (Move, usize, usize) {
        let (s, dx, dy) = self.shape().pieces[j];
        let shape = shape_at(s);
        let bottom = usize::from(self.y + dy);
        (
            moves::new_unchecked(shape, self.x + dx),
            bottom,
            bottom + shape.height() - 1,
        )
    }

    /// Its cells, row by row of each piece in turn: `(row, cells)` (pieces never share
    /// a cell, so a row may come once per piece).
    pub(super) fn cells(self) -> impl Iterator<Item = (usize, u32)> {
        self.pieces().flat_map(|(m, bottom, _)| {
            (0..m.shape().height()).map(move |dy| (bottom + dy, m.shape().row_mask(dy) << m.x()))
        })
    }

    /// Its pieces as moves, each with its bounding box's bottom row and top row.
    pub(super) fn pieces(self) -> impl Iterator<Item = (Move, usize, usize)> {
        self.shape().pieces.iter().map(move |&(s, dx, dy)| {
            let shape = shape_at(s);
            let bottom = usize::from(self.y + dy);
            (
                moves::new_unchecked(shape, self.x + dx),
                bottom,
                bottom + shape.height() - 1,
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playfield::Playfield;

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
                for (r, c) in placed.cells() {
                    cells[r - layer * h] |= c;
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
                    [(moves::new_unchecked(shape_at(0), 0), 0, 0); 10];
                for (slot, p) in pieces.iter_mut().zip(placed.pieces()) {
                    *slot = p;
                }
                // The converter's order: by top row, stable.
                pieces[..n].sort_by_key(|p| p.2);
                for (m, bottom, top) in &pieces[..n] {
                    emit_below(&mut field, *top);
                    let landing = field.drop_piece(*m).unwrap();
                    assert_eq!(landing.y, *bottom, "block {b}: {m}");
                    assert_eq!(landing.lines(), 0);
                }
                emit_below(&mut field, usize::MAX);
                assert_eq!(field.pieces(), n * (layer + 1));
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
