//! Placement: which playfield columns a sprite stands on.
//!
//! A [`Sprite`] carries its own placement, the column [`Sprite::x0`] of its left edge, and
//! everything that reads a sprite — the converter, [`crate::compare`], the renderers, the
//! exact planner — places it there. So a print, its check and its pictures always agree:
//! place the sprite once, then hand the placed sprite to all of them.
//!
//! A validated sprite is centred (`x0 = 2 + (17 − w) / 2`, [`Align::Centre`], the
//! default). [`Sprite::aligned`] moves it to the left (`x0 = 2`) or right (`x0 = 19 − w`)
//! edge of the printable columns 2..=18, [`Sprite::at_x0`] to any column where it fits,
//! and [`Converter::place`] resolves any [`Align`], including [`Align::Best`]: convert at
//! every column where the sprite fits and keep the placement with the fewest pieces, the
//! leftmost on a tie.
//!
//! ```
//! use tetris_printer::{compare, Align, Converter, Playfield, Sprite};
//!
//! let sprite = Sprite::from_ascii("0.0\n000").unwrap();
//! assert_eq!(sprite.x0(), 9); // centred
//!
//! let converter = Converter::new();
//! let placed = converter.place(&sprite, Align::Best);
//! assert!(sprite.x0_range().contains(&placed.x0()));
//! let moves = converter.convert_to_vec(&placed);
//! assert!(moves.len() <= converter.convert_to_vec(&sprite).len());
//!
//! // The placed sprite is what the moves print.
//! let field = Playfield::replay(&moves).unwrap();
//! assert!(compare(&field, &placed).is_ok());
//! ```

use core::fmt;
use core::ops::RangeInclusive;

use crate::convert::Converter;
use crate::playfield::{Playfield, HEIGHT, WIDTH};
use crate::printer::{compare, expected_piece, Mismatch};
use crate::sprite::{centred_x0, Sprite, MAX_WIDTH};

/// Leftmost printable column: columns 0 and 1 stay empty (the emitters of a pixel at
/// column 2 reach down to column 0).
pub const MIN_X0: usize = 2;

/// Where a sprite stands in the printable columns 2..=18.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Align {
    /// Left edge at column 2 (where the 2013 original always prints).
    Left,
    /// Centred: left edge at `2 + (17 − w) / 2` (the default, and where a validated
    /// [`Sprite`] stands).
    #[default]
    Centre,
    /// Right edge at column 18: left edge at `19 − w`.
    Right,
    /// The column with the fewest pieces for the converter's strategy, found by converting
    /// at every column where the sprite fits (up to 17 times); the leftmost on a tie.
    /// Only [`Converter::place`] resolves it.
    Best,
}

impl Align {
    /// Every choice, in the order the command line lists them.
    pub const ALL: [Align; 4] = [Align::Left, Align::Centre, Align::Right, Align::Best];

    /// The name on the command line and in [`Display`](fmt::Display) and
    /// [`FromStr`](core::str::FromStr): `left`, `centre`, `right` or `best`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Align::Left => "left",
            Align::Centre => "centre",
            Align::Right => "right",
            Align::Best => "best",
        }
    }

    /// The column `x0` a sprite `width` pixels wide stands at, for the fixed placements;
    /// `None` for [`Align::Best`] (which depends on the converter) or a width outside
    /// 1..=17.
    #[must_use]
    pub const fn fixed_x0(self, width: usize) -> Option<usize> {
        if width == 0 || width > MAX_WIDTH {
            return None;
        }
        match self {
            Align::Left => Some(MIN_X0),
            Align::Centre => Some(centred_x0(width)),
            Align::Right => Some(MIN_X0 + MAX_WIDTH - width),
            Align::Best => None,
        }
    }
}

impl fmt::Display for Align {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A placement name that is not one of [`Align::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown placement (expected left, centre, right or best)")]
pub struct UnknownAlign;

impl core::str::FromStr for Align {
    type Err = UnknownAlign;

    /// Parses a name as [`Align::name`] gives it (`center` is accepted for `centre`).
    ///
    /// ```
    /// use tetris_printer::Align;
    /// assert_eq!("right".parse(), Ok(Align::Right));
    /// assert_eq!("center".parse(), Ok(Align::Centre));
    /// assert_eq!(Align::Best.to_string(), "best");
    /// assert!("middle".parse::<Align>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Align, UnknownAlign> {
        if s == "center" {
            return Ok(Align::Centre);
        }
        Align::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or(UnknownAlign)
    }
}

/// A column where the sprite does not fit. Its message holds for any field values (a
/// width outside 1..=17 fits nowhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub struct PlacementError {
    /// The column asked for.
    pub x0: usize,
    /// The sprite's width.
    pub width: usize,
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x0, width) = (self.x0, self.width);
        write!(
            f,
            "a sprite {width} pixels wide cannot stand at column {x0}: "
        )?;
        if (1..=MAX_WIDTH).contains(&width) {
            let max = MIN_X0 + MAX_WIDTH - width;
            write!(
                f,
                "its left edge must be in {MIN_X0}..={max} (printable columns 2..=18)"
            )
        } else {
            write!(f, "sprites are 1..={MAX_WIDTH} pixels wide")
        }
    }
}

impl Sprite {
    /// Every column where the sprite's left edge may stand: `2..=19 − w`.
    #[must_use]
    pub fn x0_range(&self) -> RangeInclusive<usize> {
        MIN_X0..=MIN_X0 + MAX_WIDTH - self.width()
    }

    /// The same sprite with its left edge at column `x0`.
    ///
    /// # Errors
    /// [`PlacementError`] unless `x0` is in [`Sprite::x0_range`].
    pub fn at_x0(mut self, x0: usize) -> Result<Sprite, PlacementError> {
        if !self.x0_range().contains(&x0) {
            return Err(PlacementError {
                x0,
                width: self.width(),
            });
        }
        self.set_x0(x0);
        Ok(self)
    }

    /// The same sprite placed by `align`; `None` for [`Align::Best`], which needs a
    /// converter ([`Converter::place`]).
    #[must_use]
    pub fn aligned(self, align: Align) -> Option<Sprite> {
        let x0 = align.fixed_x0(self.width())?;
        Some(self.at_x0(x0).expect("fixed placements fit"))
    }
}

impl Converter {
    /// `sprite` placed by `align`: [`Align::Left`], [`Align::Centre`] and
    /// [`Align::Right`] are fixed columns; [`Align::Best`] converts at every column in
    /// [`Sprite::x0_range`] (counting pieces only, with [`Converter::stats`]) and keeps the
    /// one with the fewest pieces, the leftmost on a tie. Deterministic, and never more
    /// pieces than any fixed placement. With the table strategies it allocates nothing
    /// (a 17-wide sprite has one column, a 1-wide one 17); with `Planner::Exact` it runs the
    /// exact planner at every column (seconds each).
    ///
    /// # Panics
    /// Only if the compiled pattern tables are incomplete (a build bug, as
    /// [`Converter::stats`]).
    #[must_use]
    pub fn place(&self, sprite: &Sprite, align: Align) -> Sprite {
        sprite
            .place_by(align, |placed| (self.stats(placed).pieces, ()))
            .0
    }

    /// `sprite` placed by `align` and its moves: [`Converter::place`] then
    /// [`Converter::convert_to_vec`], except that [`Align::Best`] keeps the moves of the
    /// best column instead of converting there again ([`Sprite::place_by`]): one
    /// conversion per column where the sprite fits, so one for a 17-wide sprite.
    ///
    /// # Panics
    /// Only if the compiled pattern tables are incomplete (a build bug).
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn place_to_vec(
        &self,
        sprite: &Sprite,
        align: Align,
    ) -> (Sprite, alloc::vec::Vec<crate::Move>) {
        sprite.place_by(align, |placed| {
            let moves = self.convert_to_vec(placed);
            (moves.len(), moves)
        })
    }
}

impl Sprite {
    /// The sprite placed by `align`, with what `convert` made of it there. `convert`
    /// gets a placed sprite and returns its pieces and any result (the moves, say). A
    /// fixed placement runs it once; [`Align::Best`] runs it at every column of
    /// [`Sprite::x0_range`] and keeps the result with the fewest pieces, the leftmost on a
    /// tie, so the best print is never converted twice (a 17-wide sprite fits one column:
    /// one run).
    ///
    /// ```
    /// use tetris_printer::{Align, Converter, Sprite};
    ///
    /// let sprite = Sprite::from_ascii("0.0\n000").unwrap();
    /// let c = Converter::new();
    /// let mut runs = 0;
    /// let (placed, moves) = sprite.place_by(Align::Best, |s| {
    ///     runs += 1;
    ///     let moves = c.convert_to_vec(s);
    ///     (moves.len(), moves)
    /// });
    /// assert_eq!(runs, sprite.x0_range().count());
    /// assert_eq!(placed, c.place(&sprite, Align::Best));
    /// assert_eq!(moves, c.convert_to_vec(&placed));
    /// ```
    pub fn place_by<T>(
        &self,
        align: Align,
        mut convert: impl FnMut(&Sprite) -> (usize, T),
    ) -> (Sprite, T) {
        if let Some(placed) = self.aligned(align) {
            return (placed, convert(&placed).1);
        }
        let mut best: Option<(usize, Sprite, T)> = None;
        for x0 in self.x0_range() {
            let placed = self.at_x0(x0).expect("in range");
            let (pieces, result) = convert(&placed);
            // Strictly fewer: on a tie the leftmost column stays.
            if best.as_ref().is_none_or(|b| pieces < b.0) {
                best = Some((pieces, placed, result));
            }
        }
        let (_, placed, result) = best.expect("a sprite fits at least one column");
        (placed, result)
    }
}

/// Finds the placement at which `field` holds exactly the print of `sprite`: tries every
/// column of [`Sprite::x0_range`] from left to right and returns the sprite placed there.
///
/// A correct print of a sprite has one placement only (its leftmost column holds a
/// pixel, so the field's leftmost occupied column is `x0`), so this accepts exactly the
/// fields [`compare`] accepts for some placement.
///
/// # Errors
/// If no placement matches, the first [`Mismatch`] (as [`compare`] finds it) for the
/// placement closest to the field: the one with the fewest differing cells, the
/// sprite's own placement on a tie, then the leftmost.
pub fn find_placement(field: &Playfield, sprite: &Sprite) -> Result<Sprite, Mismatch> {
    for x0 in sprite.x0_range() {
        let placed = sprite.at_x0(x0).expect("in range");
        if compare(field, &placed).is_ok() {
            return Ok(placed);
        }
    }
    let differing = |placed: &Sprite| {
        (0..HEIGHT)
            .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
            .filter(|&(x, y)| expected_piece(placed, x, y) != field.get(x, y))
            .count()
    };
    let mut guess = *sprite;
    let mut fewest = differing(sprite);
    for x0 in sprite.x0_range() {
        let placed = sprite.at_x0(x0).expect("in range");
        let n = differing(&placed);
        if n < fewest {
            (guess, fewest) = (placed, n);
        }
    }
    // Every placement failed above, so this compare fails too.
    compare(field, &guess).map(|()| guess)
}
