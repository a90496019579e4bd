//! A move and its text form (docs/spec.md §2): `<piece><orientation> <x>`, e.g. `J0 5`.

use core::fmt;
use core::str::FromStr;

use crate::echo::Echo;
use crate::field::WIDTH;
use crate::piece::{Piece, Shape};

/// One drop: spawn the piece of [`Move::shape`], turn it to that orientation, shift its
/// bounding box's left column to [`Move::x`], hard-drop.
///
/// Every `Move` lies inside the 21-wide field: [`Move::new`] and parsing check it.
/// [`Debug`](fmt::Debug), [`Display`](fmt::Display) and [`FromStr`] all use the move file
/// form.
///
/// ```
/// use tetris_printer::{Move, Piece, Shape};
///
/// let m: Move = "J0 5".parse()?;
/// assert_eq!(m, Move::new(Shape::new(Piece::J, 0).unwrap(), 5).unwrap());
/// assert_eq!((m.piece(), m.x()), (Piece::J, 5));
/// assert_eq!(format!("{m} / {m:?}"), "J0 5 / J0 5");
/// // An O is 2 wide: at column 20 it would stick out.
/// assert!(Move::new(Shape::new(Piece::O, 0).unwrap(), 20).is_none());
/// # Ok::<(), tetris_printer::MoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    // Crate-visible so the converter's tables can be built in `const` context; every
    // constructor outside this file goes through `Move::new` or `Move::new_unchecked`.
    pub(crate) shape: Shape,
    pub(crate) x: u8,
}

impl Move {
    /// A move; `None` when the piece would stick out of the 21-wide field
    /// (`x + shape.width() > 21`), whatever `x` is (`usize::MAX` included).
    #[must_use]
    pub const fn new(shape: Shape, x: usize) -> Option<Move> {
        // `x <= WIDTH - width` cannot overflow, where `x + width` could.
        if x <= WIDTH - shape.width() {
            // Below 21, so it fits the byte.
            Some(Move { shape, x: x as u8 })
        } else {
            None
        }
    }

    /// A move the caller knows to lie inside the field (generated tables, moves derived
    /// from other valid moves). Checked in debug builds.
    #[must_use]
    pub(crate) const fn new_unchecked(shape: Shape, x: u8) -> Move {
        debug_assert!(x as usize + shape.width() <= WIDTH);
        Move { shape, x }
    }

    /// The piece in its orientation.
    #[must_use]
    pub const fn shape(self) -> Shape {
        self.shape
    }

    /// The column of the left edge of the piece's bounding box (0..=20).
    #[must_use]
    pub const fn x(self) -> usize {
        self.x as usize
    }

    /// The piece dropped.
    #[must_use]
    pub const fn piece(self) -> Piece {
        self.shape.piece()
    }

    /// The same drop seen in a mirror (column `x` ↦ `20 − x`).
    #[must_use]
    pub fn mirrored(self) -> Move {
        Move {
            shape: self.shape.mirrored(),
            x: (WIDTH as u8)
                .saturating_sub(self.x)
                .saturating_sub(self.shape.data().width),
        }
    }
}

/// `J0 5`, as in a move file.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.shape, self.x)
    }
}

/// `J0 5`, as in a move file.
impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Longest non-comment line a move file may have, in bytes: a move is a few bytes;
/// longer lines are errors whatever follows, so readers keep only this much of a line (a
/// 50 MB line costs no memory).
pub const MAX_LINE: usize = 256;

/// Why one line of a move file is not a move. Echoed input is cut to
/// [`MAX_ECHO`](crate::limits::MAX_ECHO) characters; nothing here allocates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not two words.
    #[error("expected `<piece><orientation> <x>`, e.g. `J0 5`, found `{0}`")]
    Syntax(Echo),
    /// The first word does not start with a piece letter.
    #[error("unknown piece `{0}`; pieces are T, J, L, S, Z, I, O")]
    UnknownPiece(Echo),
    /// The orientation is not one digit the piece has.
    #[error("{piece} has orientations 0..{max}, not {rotation}", max = piece.orientations() - 1)]
    BadOrientation {
        /// The piece named.
        piece: Piece,
        /// What followed its letter.
        rotation: Echo,
    },
    /// The column is not a number.
    #[error("column `{0}` is not a number")]
    BadColumn(Echo),
    /// The line is longer than [`MAX_LINE`] bytes (and not a comment).
    #[error(
        "line is {len} bytes long, starting `{start}`; a move line is at most {MAX_LINE} bytes"
    )]
    LineTooLong {
        /// The line's length in bytes.
        len: usize,
        /// Its start.
        start: Echo,
    },
    /// The line is not UTF-8 (invalid bytes echoed as `U+FFFD`).
    #[error("line is not UTF-8: `{0}`")]
    NotUtf8(Echo),
    /// The piece would stick out of the field.
    #[error("{shape} at column {x} sticks out of the 21-wide field (x must be 0..={max})", max = WIDTH - shape.width())]
    OutOfField {
        /// The piece in its orientation.
        shape: Shape,
        /// The column given.
        x: usize,
    },
}

/// A move-file error with its 1-based line number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct ParseError {
    /// The line, counting from 1.
    pub line: usize,
    /// What is wrong with it.
    pub error: MoveError,
}

/// Parses one move, `J0 5`, with surrounding whitespace allowed.
impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        let mut words = s.split_whitespace();
        let (Some(name), Some(col), None) = (words.next(), words.next(), words.next()) else {
            return Err(MoveError::Syntax(Echo::new(s.trim())));
        };
        let mut chars = name.chars();
        let piece = chars
            .next()
            .and_then(Piece::from_letter)
            .ok_or_else(|| MoveError::UnknownPiece(Echo::new(name)))?;
        let rot_text = chars.as_str();
        let shape = rot_text
            .parse::<usize>()
            .ok()
            .filter(|_| rot_text.len() == 1)
            .and_then(|r| Shape::new(piece, r))
            .ok_or_else(|| MoveError::BadOrientation {
                piece,
                rotation: Echo::new(rot_text),
            })?;
        // Read as `u32` whatever the target, so a long column gets the same error on a
        // 32-bit target (wasm) as on a 64-bit one.
        let x = col
            .parse::<u32>()
            .ok()
            .and_then(|x| usize::try_from(x).ok())
            .ok_or_else(|| MoveError::BadColumn(Echo::new(col)))?;
        Move::new(shape, x).ok_or(MoveError::OutOfField { shape, x })
    }
}

/// The whitespace every reader skips at the start of a line before keeping its first
/// [`MAX_LINE`] bytes (so a long indented comment is still seen to be one).
pub(crate) const fn is_lead_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c')
}

/// The UTF-8 byte-order mark a move file may start with.
pub(crate) const BOM: &[u8; 3] = b"\xef\xbb\xbf";

/// One line of a move file, as every reader sees it: `kept` is the line's first bytes
/// after a byte-order mark (line 1 only) and leading [`is_lead_space`] whitespace, at most
/// [`MAX_LINE`] of them; `len` the whole line's length; `utf8` whether the whole line is
/// UTF-8. `None` for a comment or blank line.
pub(crate) fn read_line(kept: &[u8], len: usize, utf8: bool) -> Option<Result<Move, MoveError>> {
    if !utf8 {
        return Some(Err(MoveError::NotUtf8(Echo::lossy(kept))));
    }
    let text = match core::str::from_utf8(kept) {
        Ok(t) => t,
        // A kept prefix may end inside a character (the line is too long anyway).
        Err(e) => core::str::from_utf8(&kept[..e.valid_up_to()]).unwrap_or_default(),
    };
    let t = text.trim();
    // `kept` shorter than MAX_LINE holds the rest of the line whole.
    if t.starts_with('#') || (t.is_empty() && kept.len() < MAX_LINE) {
        return None;
    }
    if len > MAX_LINE {
        return Some(Err(MoveError::LineTooLong {
            len,
            start: Echo::new(text.trim_start()),
        }));
    }
    Some(t.parse())
}

/// Writes moves one a line in the exchange format.
pub fn write_moves<W: fmt::Write>(moves: &[Move], out: &mut W) -> fmt::Result {
    for m in moves {
        writeln!(out, "{m}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_takes_any_usize_and_refuses_what_sticks_out() {
        for shape in Shape::ALL {
            let last = WIDTH - shape.width();
            for x in 0..=last {
                assert_eq!(Move::new(shape, x).map(Move::x), Some(x), "{shape} at {x}");
            }
            // Past the last column, up to where `x + width` would overflow a usize.
            for x in [last + 1, WIDTH, 255, 256, usize::MAX - 3, usize::MAX] {
                assert_eq!(Move::new(shape, x), None, "{shape} at {x}");
            }
        }
    }

    #[test]
    fn shapes_refuse_out_of_range_indexes() {
        assert_eq!(Shape::from_index(Shape::COUNT), None);
        assert_eq!(Shape::from_index(usize::MAX), None);
        assert_eq!(Shape::from_index(Shape::COUNT - 1), Some(Shape::ALL[18]));
        for piece in Piece::ALL {
            assert_eq!(Shape::new(piece, piece.orientations()), None);
            assert_eq!(Shape::new(piece, usize::MAX), None);
        }
    }

    #[test]
    fn columns_beyond_u32_are_not_numbers_on_every_target() {
        // Read as u32 everywhere, so wasm32 and 64-bit targets give the same error.
        let e = "I1 4294967296".parse::<Move>().unwrap_err();
        assert_eq!(e, MoveError::BadColumn(Echo::new("4294967296")));
        let e = "I1 4294967295".parse::<Move>().unwrap_err();
        assert!(
            matches!(
                e,
                MoveError::OutOfField {
                    x: 4_294_967_295,
                    ..
                }
            ),
            "{e}"
        );
    }
}
