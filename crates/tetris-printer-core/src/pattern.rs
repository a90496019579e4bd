//! Emitter and platform patterns: the compact static types the converter looks up in
//! the generated tables (the library's private `tables` module), and the masks and keys
//! the table generator and the library both compute with.
//!
//! An **emitter** is a packed matrix of `height` rows above the emission row whose bottom
//! row holds `n` J/T/L triples ("A" in the drawings); its other pieces ("fillers") complete
//! and clear every matrix row, leaving only the triples' protruding cells in the emission
//! row. It is keyed by the mask of the cells the triples occupy in its bottom row.
//!
//! A **platform** is a 4-row structure built on one square of the row below: a T2 whose
//! bar rests on that square, the rest of the "add" pieces on the T, and a final "remove"
//! piece (J3 at column 0 or L1 at column 19) dropped after the row's emitters.

use crate::moves::Move;
use crate::piece::Shape;

/// Where a pattern's pieces lie in the tables' encoded moves
/// (the tables' `MOVE_BYTES`): an offset and a count, packed in 32 bits. The tables
/// hold spans instead of slices so they contain no pointers: a position-independent
/// binary then needs no load-time relocation per pattern (with slices it would need one
/// for each pattern).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Span(u32);

impl Span {
    /// The first offset that does not fit in a span.
    pub const MAX_START: u32 = 1 << 24;

    /// The `len` moves from byte `start` on. (Generated tables only: a span that does not
    /// lie within the tables' `MOVE_BYTES` makes their decoder panic.)
    ///
    /// # Panics
    /// If `start` is not below [`Span::MAX_START`] (a compile-time error in a `const`).
    #[must_use]
    pub const fn new(start: u32, len: u8) -> Span {
        assert!(start < Span::MAX_START, "span start out of range");
        Span(start << 8 | len as u32)
    }

    /// The first move's byte offset.
    #[must_use]
    pub const fn start(self) -> usize {
        (self.0 >> 8) as usize
    }

    /// How many moves.
    #[must_use]
    pub const fn len(self) -> usize {
        (self.0 & 0xFF) as usize
    }

    /// Whether there are none.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }
}
use crate::playfield::WIDTH;

/// One emitter pattern, as compiled into the static tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Emitter {
    /// Bottom-row occupancy of the emitting pieces (bit `x` = column `x`).
    pub key: u32,
    /// Squares emitted (triples in the bottom row).
    pub n: u8,
    /// Matrix rows (all completed and cleared).
    pub height: u8,
    /// The pieces dropped after the triples, in order (decoded by the tables'
    /// `SpanMovesExt::moves`).
    pub fillers: Span,
}

impl Emitter {
    /// Pieces this pattern costs: its triples plus its fillers.
    #[must_use]
    pub const fn pieces(&self) -> usize {
        self.n as usize + self.fillers.len()
    }
}

/// One platform pattern, as compiled into the static tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Platform {
    /// Column of the centre of the first piece's (T2's) bar.
    pub centre: u8,
    /// Dropped before the row's emitters; the first is the T2 (decoded by the tables'
    /// `SpanMovesExt::moves`).
    pub add: Span,
    /// Dropped after them; clears the platform's three remaining rows.
    pub remove: Move,
}

impl Platform {
    /// Rows the platform lifts the emission row by while it stands (and clears at the end).
    pub const LIFT: usize = 3;

    /// Pieces this platform costs.
    #[must_use]
    pub const fn pieces(&self) -> usize {
        self.add.len() + 1
    }
}

/// Where a strip may stand: anywhere, or only against the left or right field edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum StripSide {
    /// Between any two walls (narrow strips, every bottom and support).
    Inner = 0,
    /// Its column 0 is the field's column 0 (wide strips reaching out to the edge over
    /// an empty stretch; bottom and support only in their last few columns).
    Left = 1,
    /// Its last column is the field's column 20 (mirror of [`StripSide::Left`]).
    Right = 2,
}

impl StripSide {
    /// The side of the mirror image.
    #[must_use]
    pub const fn mirrored(self) -> StripSide {
        match self {
            StripSide::Inner => StripSide::Inner,
            StripSide::Left => StripSide::Right,
            StripSide::Right => StripSide::Left,
        }
    }

    /// The name in `pattern-src/` (`side=left`, `side=right`; inner strips have none).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            StripSide::Inner => "inner",
            StripSide::Left => "left",
            StripSide::Right => "right",
        }
    }
}

/// A strip: a filler packing that composes side by side with others into a pass's
/// matrix (how and why: `search::strips`). Bit `x` of `bottom` and `support` is the
/// strip's column `x`; filler columns are relative to the strip's left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strip {
    /// Columns.
    pub width: u8,
    /// Rows (all completed and cleared).
    pub height: u8,
    /// Where it may stand.
    pub side: StripSide,
    /// Cells of the bottom row filled before the fillers (emitters).
    pub bottom: u16,
    /// Cells of the emission row under the strip this packing needs filled (any superset
    /// does as well).
    pub support: u16,
    /// The pieces, in drop order (decoded by the tables' `SpanMovesExt::moves`).
    pub fillers: Span,
}

/// Widest inner strip tabulated: every bottom and support of its columns, 4⁸ patterns
/// per height at the widest.
pub const MAX_STRIP_WIDTH: u8 = 8;

/// A wide pattern: fillers that pack a pass's whole 21-column matrix some rows tall over
/// some bottom-row cells (emitter bars), resting on the emission-row squares `support`
/// (why and which: `search::wide`). Bit `x` is field column `x`. The bottom and the
/// height are the key it is looked up by (`tables::wides`), not stored again with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide {
    /// Emission-row squares the packing needs (any superset works too).
    pub support: u32,
    /// The fillers, in drop order (decoded by the tables' `SpanMovesExt::moves`).
    pub fillers: Span,
}

/// The emission-row columns a wide pattern's support may use: the sprite columns 2..=18
/// (no square is ever emitted elsewhere).
pub const WIDE_SUPPORT: u32 = ((1 << 19) - 1) & !0b11;

/// Tallest strip tabulated.
pub const MAX_STRIP_HEIGHT: u8 = 5;

/// Widest edge strip.
pub const MAX_EDGE_WIDTH: u8 = 13;

/// Columns at the inner end of an edge strip that may hold bottom cells and support.
pub const EDGE_WINDOW: u8 = 8;

/// The kind of strip that can stand at columns `a..a + w` of the 21: inner up to
/// [`MAX_STRIP_WIDTH`] columns anywhere, wider only against a field edge (up to
/// [`MAX_EDGE_WIDTH`]); `None` where no strip fits.
#[must_use]
pub const fn strip_side_at(a: usize, w: usize) -> Option<StripSide> {
    if w == 0 || w > MAX_EDGE_WIDTH as usize || a + w > crate::playfield::WIDTH {
        None
    } else if w <= MAX_STRIP_WIDTH as usize {
        Some(StripSide::Inner)
    } else if a == 0 {
        Some(StripSide::Left)
    } else if a + w == crate::playfield::WIDTH {
        Some(StripSide::Right)
    } else {
        None
    }
}

/// The columns of a strip that may hold bottom cells and support.
#[must_use]
pub const fn strip_window(width: u8, side: StripSide) -> u16 {
    let all = (1u16 << width) - 1;
    match side {
        StripSide::Inner => all,
        StripSide::Left => all & !((1 << (width - EDGE_WINDOW)) - 1),
        StripSide::Right => (1 << EDGE_WINDOW) - 1,
    }
}

/// Mirror image of a strip's `width`-column mask.
#[must_use]
pub const fn mirror_strip_mask(width: u8, mask: u16) -> u16 {
    mask.reverse_bits() >> (16 - width)
}

/// The key of the strips of one `(width, height, side, bottom)` in the tables.
#[must_use]
pub const fn strip_key(width: u8, height: u8, side: StripSide, bottom: u16) -> u32 {
    width as u32 | (height as u32) << 5 | (side as u32) << 8 | (bottom as u32) << 10
}

/// Builds a move in generated code. Fails compilation (const evaluation) on bad input.
#[must_use]
pub const fn mv(shape: u8, x: u8) -> Move {
    let Some(shape) = Shape::from_index(shape as usize) else {
        panic!("bad shape index")
    };
    match Move::new(shape, x as usize) {
        Some(m) => m,
        None => panic!("move outside the field"),
    }
}

/// Mask of a J/T/L triple whose left column is `start`.
#[must_use]
pub const fn triple_mask(start: u8) -> u32 {
    0b111 << start
}

/// Mirror image of a row mask.
#[must_use]
pub const fn mirror_mask(mask: u32) -> u32 {
    mask.reverse_bits() >> (32 - WIDTH)
}
