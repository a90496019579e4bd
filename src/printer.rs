//! What a finished print must look like (docs/spec.md §3), and checking a playfield against it.

use core::fmt;

use crate::piece::Piece;
use crate::playfield::{Playfield, HEIGHT, WIDTH};
use crate::sprite::Sprite;

/// The piece the finished print has at playfield column `x`, row `y` (0 = bottom): the
/// J, T or L that prints the sprite's colour there, or `None` where the field stays empty.
#[must_use]
pub fn expected_piece(sprite: &Sprite, x: usize, y: usize) -> Option<Piece> {
    sprite.cell(x, y).map(Piece::for_color)
}

/// The playfield a correct print of `sprite` leaves behind.
#[must_use]
pub fn expected_field(sprite: &Sprite) -> Playfield {
    let mut field = Playfield::new();
    for y in 0..sprite.height() {
        for x in 0..WIDTH {
            if let Some(p) = expected_piece(sprite, x, y) {
                field.set(x, y, Some(p));
            }
        }
    }
    field
}

/// The first cell where a playfield differs from the print of a sprite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// Playfield column.
    pub x: usize,
    /// Playfield row (0 = bottom).
    pub y: usize,
    /// What the sprite needs there (`None` = empty).
    pub expected: Option<Piece>,
    /// What the playfield holds there (`None` = empty).
    pub found: Option<Piece>,
}

/// A cell's content for messages: the piece letter, or `empty`.
struct Content(Option<Piece>);

impl fmt::Display for Content {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(p) => write!(f, "{p}"),
            None => f.write_str("empty"),
        }
    }
}

/// `cell (7, 3): expected T, found empty`.
impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cell ({}, {}): expected {}, found {}",
            self.x,
            self.y,
            Content(self.expected),
            Content(self.found)
        )
    }
}

impl core::error::Error for Mismatch {}

/// Checks that `field` holds exactly the print of `sprite` (docs/spec.md §3): every opaque pixel a
/// cell of the piece for its colour, every other cell of the whole field empty.
///
/// Reports the first difference scanning rows bottom to top, each row left to right.
pub fn compare(field: &Playfield, sprite: &Sprite) -> Result<(), Mismatch> {
    for y in 0..HEIGHT {
        if y >= sprite.height() && field.row(y) == 0 {
            continue; // above the sprite, nothing expected and nothing there
        }
        for x in 0..WIDTH {
            let expected = expected_piece(sprite, x, y);
            let found = field.get(x, y);
            if expected != found {
                return Err(Mismatch {
                    x,
                    y,
                    expected,
                    found,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprite() -> Sprite {
        // Colours by first appearance: 0 → J, 1 → T, 2 → L. Width 3: x0 = 2 + 14 / 2 = 9.
        Sprite::from_ascii("01.\n.12").unwrap()
    }

    #[test]
    fn expected_field_matches() {
        let s = sprite();
        let f = expected_field(&s);
        assert_eq!(compare(&f, &s), Ok(()));
        assert_eq!(f.get(9, 1), Some(Piece::J));
        assert_eq!(f.get(10, 1), Some(Piece::T));
        assert_eq!(f.get(10, 0), Some(Piece::T));
        assert_eq!(f.get(11, 0), Some(Piece::L));
        assert_eq!(f.get(9, 0), None);
        assert_eq!(f.get(11, 1), None);
    }

    #[test]
    fn missing_cell() {
        let s = sprite();
        let mut f = expected_field(&s);
        f.set(10, 1, None);
        let m = compare(&f, &s).unwrap_err();
        assert_eq!(
            m,
            Mismatch {
                x: 10,
                y: 1,
                expected: Some(Piece::T),
                found: None
            }
        );
        assert_eq!(m.to_string(), "cell (10, 1): expected T, found empty");
    }

    #[test]
    fn extra_cell() {
        let s = sprite();
        let mut f = expected_field(&s);
        f.set(20, 41, Some(Piece::S));
        assert_eq!(
            compare(&f, &s).unwrap_err().to_string(),
            "cell (20, 41): expected empty, found S"
        );
        // Rows are scanned bottom to top, columns left to right.
        f.set(0, 1, Some(Piece::I));
        f.set(3, 0, Some(Piece::O));
        assert_eq!(
            compare(&f, &s).unwrap_err().to_string(),
            "cell (3, 0): expected empty, found O"
        );
    }

    #[test]
    fn wrong_piece() {
        let s = sprite();
        let mut f = expected_field(&s);
        f.set(11, 0, Some(Piece::J));
        assert_eq!(
            compare(&f, &s).unwrap_err().to_string(),
            "cell (11, 0): expected L, found J"
        );
    }

    #[test]
    fn empty_field_misses_the_first_pixel() {
        let s = sprite();
        assert_eq!(
            compare(&Playfield::new(), &s).unwrap_err().to_string(),
            "cell (10, 0): expected T, found empty"
        );
    }
}
