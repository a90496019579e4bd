//! Moves and the move text format (SPEC §2): one move a line, `<piece><orientation> <x>`.

use core::fmt;
use core::str::FromStr;

use crate::piece::{Piece, Shape};
use crate::playfield::WIDTH;

/// One drop: spawn `shape`'s piece, turn it to `shape`, shift its bounding box's left
/// column to `x`, hard-drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub shape: Shape,
    pub x: u8,
}

impl Move {
    /// A move; `None` when the piece would stick out of the 21-wide field.
    #[must_use]
    pub const fn new(shape: Shape, x: u8) -> Option<Move> {
        if x as usize + shape.width() as usize <= WIDTH {
            Some(Move { shape, x })
        } else {
            None
        }
    }

    #[must_use]
    pub const fn piece(self) -> Piece {
        self.shape.piece()
    }

    /// The same drop seen in a mirror (column `x` ↦ `20 − x`).
    #[must_use]
    pub fn mirrored(self) -> Move {
        Move {
            shape: self.shape.mirrored(),
            x: (WIDTH as u8) - self.x - self.shape.width(),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.shape, self.x)
    }
}

/// Why one line of a move file is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("expected `<piece><orientation> <x>`, e.g. `J0 5`, found `{0}`")]
    Syntax(String),
    #[error("unknown piece `{0}`; pieces are T, J, L, S, Z, I, O")]
    UnknownPiece(String),
    #[error("{piece} has orientations 0..{max}, not {rotation}", max = piece.orientations() - 1)]
    BadOrientation { piece: Piece, rotation: String },
    #[error("column `{0}` is not a number")]
    BadColumn(String),
    #[error("{shape} at column {x} sticks out of the 21-wide field (x must be 0..={max})", max = WIDTH as u8 - shape.width())]
    OutOfField { shape: Shape, x: u32 },
}

/// A move-file error with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct ParseError {
    pub line: usize,
    pub error: MoveError,
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        let mut words = s.split_whitespace();
        let (Some(name), Some(col), None) = (words.next(), words.next(), words.next()) else {
            return Err(MoveError::Syntax(s.trim().to_owned()));
        };
        let mut chars = name.chars();
        let piece = chars
            .next()
            .and_then(Piece::from_letter)
            .ok_or_else(|| MoveError::UnknownPiece(name.to_owned()))?;
        let rot_text = chars.as_str();
        let shape = rot_text
            .parse::<u8>()
            .ok()
            .filter(|_| rot_text.len() == 1)
            .and_then(|r| Shape::new(piece, r))
            .ok_or_else(|| MoveError::BadOrientation {
                piece,
                rotation: rot_text.to_owned(),
            })?;
        let x: u32 = col
            .parse()
            .map_err(|_| MoveError::BadColumn(col.to_owned()))?;
        u8::try_from(x)
            .ok()
            .and_then(|x| Move::new(shape, x))
            .ok_or(MoveError::OutOfField { shape, x })
    }
}

/// Parses a move file: one move a line; blank lines and lines starting with `#` are skipped.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    parse_moves_with_lines(text).map(|v| v.into_iter().map(|(m, _)| m).collect())
}

/// Like [`parse_moves`], keeping each move's 1-based line number (for error reports).
pub fn parse_moves_with_lines(text: &str) -> Result<Vec<(Move, usize)>, ParseError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let m = t
            .parse()
            .map_err(|error| ParseError { line: i + 1, error })?;
        out.push((m, i + 1));
    }
    Ok(out)
}

/// Writes moves one a line in the exchange format.
pub fn write_moves<W: fmt::Write>(moves: &[Move], out: &mut W) -> fmt::Result {
    for m in moves {
        writeln!(out, "{m}")?;
    }
    Ok(())
}

/// The moves as a string in the exchange format.
#[must_use]
pub fn moves_to_string(moves: &[Move]) -> String {
    let mut s = String::with_capacity(moves.len() * 6);
    write_moves(moves, &mut s).expect("writing to a String cannot fail");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_and_skips_comments() {
        let m = parse_moves("# hi\n\nJ0 5\n  T2 0  \nI1 20\n").unwrap();
        assert_eq!(moves_to_string(&m), "J0 5\nT2 0\nI1 20\n");
    }

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("J0 5\nX0 1\n", "line 2: unknown piece `X0`"),
            ("J4 1", "line 1: J has orientations 0..3, not 4"),
            ("O1 1", "line 1: O has orientations 0..0, not 1"),
            ("J0 a", "line 1: column `a` is not a number"),
            (
                "J0 19",
                "line 1: J0 at column 19 sticks out of the 21-wide field (x must be 0..=18)",
            ),
            ("I0 -1", "line 1: column `-1` is not a number"),
            ("\n\nJ0", "line 3: expected `<piece><orientation> <x>`"),
            ("J0 1 2", "line 1: expected"),
            ("J00 1", "line 1: J has orientations 0..3, not 00"),
            (
                "I1 99999999999",
                "line 1: column `99999999999` is not a number",
            ),
        ];
        for (text, want) in cases {
            let err = parse_moves(text).unwrap_err().to_string();
            assert!(
                err.starts_with(want),
                "{text:?}: got {err:?}, want {want:?}"
            );
        }
    }

    proptest! {
        #[test]
        fn round_trip(raw in proptest::collection::vec((0u8..19, 0u8..21), 0..200)) {
            let moves: Vec<Move> = raw
                .into_iter()
                .filter_map(|(s, x)| Move::new(Shape::from_index(s).unwrap(), x))
                .collect();
            let text = moves_to_string(&moves);
            prop_assert_eq!(parse_moves(&text).unwrap(), moves);
        }
    }
}
