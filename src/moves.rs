//! Moves and the move text format (SPEC §2): one move a line, `<piece><orientation> <x>`.

use core::fmt;
use core::str::FromStr;
use std::io::{self, BufRead};

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

    /// The same drop seen in a mirror (column `x` ↦ `20 − x`). A move sticking out of the
    /// field (built without [`Move::new`]) mirrors to column 0.
    #[must_use]
    pub fn mirrored(self) -> Move {
        Move {
            shape: self.shape.mirrored(),
            x: (WIDTH as u8)
                .saturating_sub(self.x)
                .saturating_sub(self.shape.width()),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.shape, self.x)
    }
}

/// Echoed input in error messages is cut to this many characters (then `…`).
pub const MAX_ECHO: usize = 40;
/// Longest non-comment line [`MoveReader`] accepts, in bytes: a move is a few bytes;
/// longer lines are errors whatever follows, so the rest is read and dropped (a 50 MB line costs no memory).
pub const MAX_LINE: usize = 256;

/// `s` cut to [`MAX_ECHO`] characters, with `…` when something was cut.
#[must_use]
pub fn echo(s: &str) -> String {
    match s.char_indices().nth(MAX_ECHO) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

/// Why one line of a move file is not a move. Echoed text is cut with [`echo`].
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
    #[error(
        "line is {len} bytes long, starting `{start}`; a move line is at most {MAX_LINE} bytes"
    )]
    LineTooLong { len: usize, start: String },
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
            return Err(MoveError::Syntax(echo(s.trim())));
        };
        let mut chars = name.chars();
        let piece = chars
            .next()
            .and_then(Piece::from_letter)
            .ok_or_else(|| MoveError::UnknownPiece(echo(name)))?;
        let rot_text = chars.as_str();
        let shape = rot_text
            .parse::<u8>()
            .ok()
            .filter(|_| rot_text.len() == 1)
            .and_then(|r| Shape::new(piece, r))
            .ok_or_else(|| MoveError::BadOrientation {
                piece,
                rotation: echo(rot_text),
            })?;
        let x: u32 = col.parse().map_err(|_| MoveError::BadColumn(echo(col)))?;
        u8::try_from(x)
            .ok()
            .and_then(|x| Move::new(shape, x))
            .ok_or(MoveError::OutOfField { shape, x })
    }
}

/// Why [`MoveReader`] stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    #[error(transparent)]
    Parse(#[from] ParseError),
    #[error("line {line}: could not read: {source}")]
    Io {
        line: usize,
        #[source]
        source: io::Error,
    },
}

/// Reads a move file one line at a time, in constant memory: yields each move with its
/// 1-based line number. Line breaks are `\n`, `\r\n` or a lone `\r`; a UTF-8 byte-order
/// mark at the start is skipped; blank lines and lines starting with `#` are comments. After
/// the first error it yields nothing more.
#[derive(Debug)]
pub struct MoveReader<R> {
    inner: R,
    line: usize,
    buf: Vec<u8>,
    /// Length of the line in `buf` before it was cut to [`MAX_LINE`] bytes.
    len: usize,
    /// The last line ended in `\r`: a `\n` right after it belongs to that break.
    skip_lf: bool,
    done: bool,
}

impl<R: BufRead> MoveReader<R> {
    pub fn new(inner: R) -> MoveReader<R> {
        MoveReader {
            inner,
            line: 0,
            buf: Vec::new(),
            len: 0,
            skip_lf: false,
            done: false,
        }
    }

    /// Lines read so far (the number of the last line read).
    #[must_use]
    pub fn lines_read(&self) -> usize {
        self.line
    }

    /// Reads the next line into `buf` (at most [`MAX_LINE`] bytes kept); `false` at the end.
    fn next_line(&mut self) -> io::Result<bool> {
        self.buf.clear();
        self.len = 0;
        let mut any = false;
        loop {
            let avail = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                self.skip_lf = false;
                return Ok(any);
            }
            if std::mem::take(&mut self.skip_lf) && avail[0] == b'\n' {
                self.inner.consume(1);
                continue;
            }
            any = true;
            let end = avail.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(avail.len());
            let room = MAX_LINE.saturating_sub(self.buf.len());
            self.len += take;
            self.buf.extend_from_slice(&avail[..take.min(room)]);
            match end {
                Some(i) => {
                    self.skip_lf = avail[i] == b'\r';
                    self.inner.consume(i + 1);
                    return Ok(true);
                }
                None => self.inner.consume(take),
            }
        }
    }
}

impl<R: BufRead> Iterator for MoveReader<R> {
    type Item = Result<(Move, usize), ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            match self.next_line() {
                Ok(true) => {}
                Ok(false) => self.done = true,
                Err(source) => {
                    self.done = true;
                    return Some(Err(ReadError::Io {
                        line: self.line + 1,
                        source,
                    }));
                }
            }
            if self.done {
                break;
            }
            self.line += 1;
            let mut bytes = &self.buf[..];
            if self.line == 1 {
                bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
            }
            let text = match std::str::from_utf8(bytes) {
                Ok(t) => t,
                // A kept prefix may end inside a character: the rest is an error anyway.
                Err(e) if e.error_len().is_none() => {
                    std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default()
                }
                Err(_) => {
                    self.done = true;
                    let error = MoveError::Syntax(echo(&String::from_utf8_lossy(bytes)));
                    let line = self.line;
                    return Some(Err(ParseError { line, error }.into()));
                }
            };
            let t = text.trim();
            if t.starts_with('#') || (t.is_empty() && self.len <= MAX_LINE) {
                continue;
            }
            let line = self.line;
            if self.len > MAX_LINE {
                self.done = true;
                let error = MoveError::LineTooLong {
                    len: self.len,
                    start: echo(text.trim_start()),
                };
                return Some(Err(ParseError { line, error }.into()));
            }
            return Some(match t.parse() {
                Ok(m) => Ok((m, line)),
                Err(error) => {
                    self.done = true;
                    Err(ParseError { line, error }.into())
                }
            });
        }
        None
    }
}

/// Parses a move file: one move a line; blank lines and lines starting with `#` are skipped.
/// Line breaks and the byte-order mark as in [`MoveReader`].
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    parse_moves_with_lines(text).map(|v| v.into_iter().map(|(m, _)| m).collect())
}

/// Like [`parse_moves`], keeping each move's 1-based line number (for error reports).
pub fn parse_moves_with_lines(text: &str) -> Result<Vec<(Move, usize)>, ParseError> {
    MoveReader::new(text.as_bytes())
        .map(|r| {
            r.map_err(|e| match e {
                ReadError::Parse(p) => p,
                // Reading from memory does not fail; kept as a syntax error all the same.
                ReadError::Io { line, source } => ParseError {
                    line,
                    error: MoveError::Syntax(echo(&source.to_string())),
                },
            })
        })
        .collect()
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
