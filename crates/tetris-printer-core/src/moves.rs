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
    // constructor outside this file goes through `Move::new` or `new_unchecked`.
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

/// A move the caller knows to lie inside the field (moves derived from other valid
/// moves, placeholders in fixed-size arrays): `x + shape.width() <= 21`, checked in debug
/// builds only.
///
/// A free function rather than a `Move` method so that the library, which re-exports
/// [`Move`] but not this module, does not offer it: outside this workspace every `Move`
/// comes from [`Move::new`] or parsing.
#[must_use]
pub const fn new_unchecked(shape: Shape, x: u8) -> Move {
    debug_assert!(x as usize + shape.width() <= WIDTH);
    Move { shape, x }
}

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

/// Longest line a move file may have, in bytes, unless it is a comment or blank (those
/// may be of any length): a move is a few bytes. Readers refuse a longer line at its first
/// byte past the limit, whatever follows, so a 50 MB line (or `/dev/zero`) costs neither
/// memory nor time.
pub const MAX_LINE: usize = 256;

/// Why one line of a move file is not a move. Echoed input is cut to
/// [`MAX_ECHO`](crate::echo::MAX_ECHO) characters; nothing here allocates.
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
    /// The column is not a number as move files write it: decimal digits, without sign
    /// or leading zero, at most `u32::MAX`.
    #[error("column `{0}` is not a number (decimal digits, without sign or leading zero)")]
    BadColumn(Echo),
    /// The line is longer than [`MAX_LINE`] bytes and not a comment or blank. Readers stop
    /// at the first byte past the limit, so the line's full length is not known.
    #[error(
        "line is longer than {MAX_LINE} bytes, the most a move line may have, starting `{start}`"
    )]
    LineTooLong {
        /// Its start (from the first non-blank byte; always shown cut, with `…`).
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

/// Parses one move as a move file writes it (docs/formats.md): `<piece><orientation> <x>`,
/// e.g. `J0 5`. The piece is one of `TJLSZIO`, the orientation one digit the piece has,
/// the column decimal digits without sign or leading zero; the two words are separated by
/// blanks (spaces or tabs), and blanks may stand before and after them. No other
/// character is a separator: `J0\u{a0}5` (a no-break space) is one word, `J0 +5` and
/// `J0 05` are not columns.
impl FromStr for Move {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<Move, MoveError> {
        let mut words = s.split(is_blank_char).filter(|w| !w.is_empty());
        let (Some(name), Some(col), None) = (words.next(), words.next(), words.next()) else {
            return Err(MoveError::Syntax(Echo::new(s.trim_matches(is_blank_char))));
        };
        let mut chars = name.chars();
        let piece = chars
            .next()
            .and_then(Piece::from_letter)
            .ok_or_else(|| MoveError::UnknownPiece(Echo::new(name)))?;
        let rot_text = chars.as_str();
        let shape = match rot_text.as_bytes() {
            &[d @ b'0'..=b'9'] => Shape::new(piece, usize::from(d - b'0')),
            _ => None,
        }
        .ok_or_else(|| MoveError::BadOrientation {
            piece,
            rotation: Echo::new(rot_text),
        })?;
        let x = parse_column(col).ok_or_else(|| MoveError::BadColumn(Echo::new(col)))?;
        Move::new(shape, x).ok_or(MoveError::OutOfField { shape, x })
    }
}

/// A column as move files write it: `0`, or a digit `1`..`9` and more digits; read as a
/// `u32` whatever the target, so a long column gets the same error on a 32-bit target
/// (wasm) as on a 64-bit one.
fn parse_column(col: &str) -> Option<usize> {
    let digits = col.as_bytes();
    let plain = match digits {
        [b'0'] => true,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    if !plain {
        return None;
    }
    col.parse::<u32>()
        .ok()
        .and_then(|x| usize::try_from(x).ok())
}

/// A blank, the one separator of every text format the crate reads (move files and block
/// listings): a space or a tab. Nothing else is blank: not a no-break space, an
/// ideographic space, NEL, a vertical tab or a form feed.
pub const fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

/// [`is_blank`] for `char`s (for `str::split` and `trim_matches`).
pub const fn is_blank_char(c: char) -> bool {
    matches!(c, ' ' | '\t')
}

/// The UTF-8 byte-order mark a move file may start with.
pub const BOM: &[u8; 3] = b"\xef\xbb\xbf";

/// Where a reader looks for a line's end (its position in the line, byte-order mark not
/// counted) when the line's first non-blank byte is at `body` and not `#`: the line ends
/// before this or is too long. That is one byte past [`MAX_LINE`], or the first non-blank
/// byte itself when blanks alone fill the limit (a blank line may be of any length, so
/// the reader only knows the line is too long once it meets that byte).
pub const fn move_line_limit(body: usize) -> usize {
    if body + 1 > MAX_LINE + 1 {
        body + 1
    } else {
        MAX_LINE + 1
    }
}

/// One line of a move file, as every reader judges it. `kept` is the line from its first
/// non-blank byte: the whole rest of the line for a move line, or (`too_long`) its bytes
/// up to [`move_line_limit`]; for a comment, at least its first [`MAX_LINE`] bytes (only
/// echoed). `utf8`: whether the bytes read of the line are UTF-8 (a character cut at the
/// limit of a too-long line counts as UTF-8). `None` for a comment or blank line.
pub fn read_line(kept: &[u8], too_long: bool, utf8: bool) -> Option<Result<Move, MoveError>> {
    if !utf8 {
        return Some(Err(MoveError::NotUtf8(Echo::lossy(kept))));
    }
    if kept.first().is_none_or(|&b| b == b'#') {
        return None;
    }
    // A too-long line's kept bytes may end inside a character.
    let text = match core::str::from_utf8(kept) {
        Ok(t) => t,
        Err(e) => core::str::from_utf8(&kept[..e.valid_up_to()]).unwrap_or_default(),
    };
    if too_long {
        return Some(Err(MoveError::LineTooLong {
            start: Echo::new(text).cut(),
        }));
    }
    Some(text.parse())
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
