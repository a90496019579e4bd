//! The row model every row planner shares, the exact one included: one sprite row's
//! pixels, left to right, with their colours and whether the row below holds each up,
//! the cells filled before its passes ([`RowInput`]), and the emitters that can print
//! them ([`Emit`]: a single J0/T0/L0 per pixel, or a flipped J2/T2/L2 over three).

use crate::moves::{self, Move};
use crate::piece::{Piece, Shape};
use crate::sprite::{Sprite, MAX_WIDTH};

/// One emitter of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Emit {
    pub mv: Move,
    /// Its cells in the row above the emission row (a bar, or a flipped top cell).
    pub above: u32,
    /// Its cells in the emission row (the square, or a flipped piece's bar).
    pub row: u32,
    /// Whether the row below holds it up (else the row needs a platform).
    pub held: bool,
}

impl Emit {
    pub(crate) const NONE: Emit = Emit {
        mv: moves::new_unchecked(Shape::ALL[0], 0),
        above: 0,
        row: 0,
        held: true,
    };

    /// Whether it is a flipped emitter: its cells in the emission row are a 3-cell bar,
    /// a single's are one square (so more than one bit means flipped; no popcount).
    pub(crate) fn flipped(&self) -> bool {
        self.row & self.row.wrapping_sub(1) != 0
    }

    /// The pixels it prints: three for a flipped emitter, one for a single.
    pub(crate) fn pixels(&self) -> u8 {
        if self.flipped() {
            3
        } else {
            1
        }
    }
}

/// The orientation of colour `c`'s piece: 0 (spawn) for a single, 2 for a flipped one.
fn shape(c: u8, rotation: u8) -> Shape {
    match Shape::new(Piece::for_color(c), usize::from(rotation)) {
        Some(s) => s,
        None => unreachable!("J, T and L have four orientations"),
    }
}

/// One row's pixels, left to right: what a row planner plans (the exact planner's
/// tests build rows too: `RowInput::from_pixels`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowInput {
    /// How many pixels.
    pub len: usize,
    /// Each pixel's playfield column (2..=18).
    pub x: [u8; MAX_WIDTH],
    /// Each pixel's colour (0, 1 or 2: printed by J, T or L).
    pub colour: [u8; MAX_WIDTH],
    /// Whether the row below has a square under the pixel (always, on the floor).
    pub held: [bool; MAX_WIDTH],
    /// Cells of the row already filled before its passes (by direct pieces), as a
    /// column mask: support for the passes' fillers. None of them is a pixel to emit.
    pub support: u32,
    /// Whether a platform may stand under the row's passes: not where direct pieces
    /// fill cells of the row before them or leave cells of the row below missing
    /// (`RowInput::without_platform`). The planners plan as if it always may; whoever
    /// takes a plan that needs one where it may not refuses it.
    pub may_platform: bool,
}

impl RowInput {
    /// Whether printing every pixel with a single emitter needs a platform: some pixel
    /// is over a hole (never on the floor: every pixel of row 0 is held).
    pub(crate) fn singles_need_platform(&self) -> bool {
        self.held[..self.len].iter().any(|&h| !h)
    }

    /// The row's contents as one number: its pixels, their colours, which are held, and
    /// the cells filled before its passes (what a plan depends on; not
    /// [`RowInput::may_platform`]), 21 bits each.
    pub(crate) fn key(&self) -> u128 {
        let (mut pixels, mut held, mut low, mut high) = (0u128, 0u128, 0u128, 0u128);
        for i in 0..self.len {
            let bit = 1u128 << self.x[i];
            pixels |= bit;
            held |= bit * u128::from(self.held[i]);
            low |= bit * u128::from(self.colour[i] & 1);
            high |= bit * u128::from(self.colour[i] >> 1);
        }
        pixels | held << 21 | low << 42 | high << 63 | u128::from(self.support) << 84
    }

    /// This row where no platform may stand under its passes.
    pub(crate) fn without_platform(self) -> RowInput {
        RowInput {
            may_platform: false,
            ..self
        }
    }

    /// The unflipped emitter of pixel `i`.
    pub(crate) fn single(&self, i: usize) -> Emit {
        let (x, c) = (self.x[i], self.colour[i]);
        let start = x + c - 2; // J0 protrudes right, T0 in the middle, L0 left; x ≥ 2
        Emit {
            mv: moves::new_unchecked(shape(c, 0), start),
            above: 0b111 << start,
            row: 1 << x,
            held: self.held[i],
        }
    }

    /// The flipped emitter on pixels `i..i + 3`, if they are adjacent and one colour.
    pub(crate) fn flip(&self, i: usize) -> Option<Emit> {
        if i + 3 > self.len {
            return None;
        }
        let (x, c) = (self.x[i], self.colour[i]);
        let run = (1..3).all(|d| self.x[i + d] == x + d as u8 && self.colour[i + d] == c);
        run.then(|| Emit {
            mv: moves::new_unchecked(shape(c, 2), x),
            above: 1 << (x + c), // J2's top cell is left, T2's middle, L2's right
            row: 0b111 << x,
            held: self.held[i..i + 3].iter().any(|&h| h),
        })
    }
}

impl RowInput {
    /// A row without pixels, nothing filled before its passes.
    const EMPTY: RowInput = RowInput {
        len: 0,
        x: [0; MAX_WIDTH],
        colour: [0; MAX_WIDTH],
        held: [true; MAX_WIDTH],
        support: 0,
        may_platform: true,
    };

    /// Appends a pixel (the next to its right).
    fn push(&mut self, x: u8, colour: u8, held: bool) {
        self.x[self.len] = x;
        self.colour[self.len] = colour;
        self.held[self.len] = held;
        self.len += 1;
    }

    /// A row of `pixels`, each `(column, colour, held)` left to right, nothing filled
    /// before its passes; `None` unless there are at most 17, in columns 2..=18 from
    /// left to right, of colours 0 to 2.
    #[cfg(all(test, feature = "search"))]
    #[must_use]
    pub fn from_pixels(pixels: impl IntoIterator<Item = (u8, u8, bool)>) -> Option<RowInput> {
        let mut row = RowInput::EMPTY;
        for (x, colour, held) in pixels {
            let after = row.len.checked_sub(1).is_none_or(|i| row.x[i] < x);
            if row.len == MAX_WIDTH || !(2..=18).contains(&x) || colour > 2 || !after {
                return None;
            }
            row.push(x, colour, held);
        }
        Some(row)
    }

    /// A row holding only a run of `len` pixels of `colour` from column `x`, each held
    /// up (the run-cover table's rows, `covers`).
    #[cfg(feature = "search")]
    pub(crate) fn run(x: u8, len: u8, colour: u8) -> RowInput {
        let mut row = RowInput::EMPTY;
        for d in 0..len {
            row.push(x + d, colour, true);
        }
        row
    }

    /// The pixels of playfield row `y` of `sprite`.
    #[must_use]
    pub fn of(sprite: &Sprite, y: usize) -> RowInput {
        let mut row = RowInput::EMPTY;
        let x0 = sprite.x0();
        for x in x0..x0 + sprite.width() {
            if let Some(c) = sprite.cell(x, y) {
                row.push(x as u8, c.min(2), y == 0 || sprite.cell(x, y - 1).is_some());
            }
        }
        row
    }

    /// The row without the pixels in `covered` (printed by direct pieces instead), with
    /// the cells in `support` filled before its passes.
    #[must_use]
    pub fn without(&self, covered: u32, support: u32) -> RowInput {
        let mut row = RowInput {
            support,
            may_platform: self.may_platform,
            ..RowInput::EMPTY
        };
        for i in 0..self.len {
            if covered >> self.x[i] & 1 == 0 {
                row.push(self.x[i], self.colour[i], self.held[i]);
            }
        }
        row
    }
}
