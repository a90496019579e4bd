//! Reading move files: [`MoveLines`] over text in memory (no `std`, no `alloc`),
//! [`MoveReader`] over any [`BufRead`] (`std`), and the `Vec`
//! conveniences [`parse_moves`] and [`moves_to_string`] (`alloc`).
//!
//! All of them read the same format the same way: one move a line; blank lines (of any
//! length) and lines whose first non-blank character is `#` are comments (however far it
//! is indented); lines end in `\n`, `\r\n` or a lone `\r`; a UTF-8 byte-order mark at the
//! start is skipped; a non-comment line longer than [`MAX_LINE`] bytes is an error, and so
//! is a line that is not UTF-8 (anywhere in it, comments included; text in memory is a
//! `str` already). After the first error they yield nothing more.

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};
#[cfg(feature = "std")]
use std::io::{self, BufRead};

use crate::moves::{is_lead_space, read_line, Move, ParseError, BOM, MAX_LINE};

/// The moves of a move file held in memory, each with its 1-based line number. Needs
/// neither `std` nor `alloc`.
///
/// ```
/// use tetris_printer::MoveLines;
///
/// let text = "# a comment\nJ0 5\r\n\nT2 0\n";
/// let mut lines = MoveLines::new(text);
/// let (m, line) = lines.next().unwrap()?;
/// assert_eq!((m.to_string(), line), ("J0 5".to_string(), 2));
/// assert_eq!(lines.next().unwrap()?.1, 4);
/// assert!(lines.next().is_none());
///
/// let err = MoveLines::new("J0 5\nX0 1\n").find_map(Result::err).unwrap();
/// assert_eq!(err.to_string(), "line 2: unknown piece `X0`; pieces are T, J, L, S, Z, I, O");
/// # Ok::<(), tetris_printer::ParseError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MoveLines<'a> {
    rest: &'a str,
    line: usize,
    done: bool,
}

impl<'a> MoveLines<'a> {
    /// Reads `text` from its start.
    #[must_use]
    pub const fn new(text: &'a str) -> MoveLines<'a> {
        MoveLines {
            rest: text,
            line: 0,
            done: false,
        }
    }

    /// Lines read so far (the number of the last line read).
    #[must_use]
    pub const fn lines_read(&self) -> usize {
        self.line
    }
}

impl Iterator for MoveLines<'_> {
    type Item = Result<(Move, usize), ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done && !self.rest.is_empty() {
            let end = self.rest.find(['\n', '\r']);
            let line = &self.rest[..end.unwrap_or(self.rest.len())];
            self.rest = match end {
                Some(i) => {
                    let after = &self.rest[i + 1..];
                    if self.rest.as_bytes()[i] == b'\r' {
                        after.strip_prefix('\n').unwrap_or(after)
                    } else {
                        after
                    }
                }
                None => "",
            };
            self.line += 1;
            let mut bytes = line.as_bytes();
            if self.line == 1 {
                bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
            }
            let lead = bytes.iter().take_while(|&&b| is_lead_space(b)).count();
            let rest = &bytes[lead..];
            match read_line(&rest[..rest.len().min(MAX_LINE)], line.len(), true) {
                None => {}
                Some(Ok(m)) => return Some(Ok((m, self.line))),
                Some(Err(error)) => {
                    self.done = true;
                    let line = self.line;
                    return Some(Err(ParseError { line, error }));
                }
            }
        }
        self.done = true;
        None
    }
}

impl core::iter::FusedIterator for MoveLines<'_> {}

/// Why [`MoveReader`] stopped.
#[cfg(feature = "std")]
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// A line is not a move.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Reading failed.
    #[error("line {line}: could not read: {source}")]
    Io {
        /// The line being read, counting from 1.
        line: usize,
        /// What went wrong.
        #[source]
        source: io::Error,
    },
}

/// Reads a move file one line at a time, in constant memory: yields each move with its
/// 1-based line number. Reads the format exactly as [`MoveLines`] does (line breaks,
/// byte-order mark, comments, [`MAX_LINE`]); a line that is not UTF-8 (anywhere, even in
/// a comment or past [`MAX_LINE`]) is an error.
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct MoveReader<R> {
    inner: R,
    line: usize,
    /// The line's first [`MAX_LINE`] bytes after its byte-order mark and leading spaces.
    buf: Vec<u8>,
    /// Length of the whole line in bytes.
    len: usize,
    /// Bytes of a byte-order mark matched at the start of line 1 (3: none to look for).
    bom: usize,
    /// Whether the line read so far is UTF-8.
    utf8: Utf8Check,
    /// The last line ended in `\r`: a `\n` right after it belongs to that break.
    skip_lf: bool,
    done: bool,
}

/// UTF-8 validation of bytes that come in pieces (a character may span two pieces).
#[cfg(feature = "std")]
#[derive(Debug, Default)]
struct Utf8Check {
    /// The start of a character whose other bytes have not come yet.
    pending: [u8; 4],
    npending: usize,
    bad: bool,
}

#[cfg(feature = "std")]
impl Utf8Check {
    fn feed(&mut self, mut bytes: &[u8]) {
        while self.npending > 0 && !self.bad {
            let Some((&b, rest)) = bytes.split_first() else {
                return;
            };
            bytes = rest;
            self.pending[self.npending] = b;
            self.npending += 1;
            match core::str::from_utf8(&self.pending[..self.npending]) {
                Ok(_) => self.npending = 0,
                Err(e) if e.error_len().is_none() && self.npending < 4 => {}
                Err(_) => self.bad = true,
            }
        }
        if self.bad {
            return;
        }
        if let Err(e) = core::str::from_utf8(bytes) {
            match e.error_len() {
                None => {
                    let tail = &bytes[e.valid_up_to()..];
                    self.pending[..tail.len()].copy_from_slice(tail);
                    self.npending = tail.len();
                }
                Some(_) => self.bad = true,
            }
        }
    }

    /// Whether everything fed since the last call was UTF-8; starts afresh.
    fn finish(&mut self) -> bool {
        let ok = !self.bad && self.npending == 0;
        *self = Utf8Check::default();
        ok
    }
}

#[cfg(feature = "std")]
impl<R: BufRead> MoveReader<R> {
    /// Reads from `inner`.
    pub fn new(inner: R) -> MoveReader<R> {
        MoveReader {
            inner,
            line: 0,
            buf: Vec::new(),
            len: 0,
            bom: 0,
            utf8: Utf8Check::default(),
            skip_lf: false,
            done: false,
        }
    }

    /// Lines read so far (the number of the last line read).
    #[must_use]
    pub fn lines_read(&self) -> usize {
        self.line
    }

    /// Reads the next line into `buf` (at most [`MAX_LINE`] bytes kept, after the
    /// byte-order mark and leading spaces); `false` at the end.
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
                self.end_bom();
                return Ok(any);
            }
            if std::mem::take(&mut self.skip_lf) && avail[0] == b'\n' {
                self.inner.consume(1);
                continue;
            }
            any = true;
            // Line 1 may start with a byte-order mark, taken a byte at a time.
            if self.bom < BOM.len() {
                if avail[0] == BOM[self.bom] {
                    self.bom += 1;
                    self.len += 1;
                    self.inner.consume(1);
                } else {
                    self.end_bom();
                }
                continue;
            }
            let end = avail.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(avail.len());
            let line = &avail[..take];
            let lead = if self.buf.is_empty() {
                line.iter().take_while(|&&b| is_lead_space(b)).count()
            } else {
                0
            };
            let room = MAX_LINE.saturating_sub(self.buf.len());
            self.len += take;
            self.utf8.feed(line);
            self.buf
                .extend_from_slice(&line[lead..][..(take - lead).min(room)]);
            match end {
                Some(i) => {
                    self.skip_lf = avail[i] == b'\r';
                    self.inner.consume(i + 1);
                    self.end_bom();
                    return Ok(true);
                }
                None => self.inner.consume(take),
            }
        }
    }

    /// Ends the search for a byte-order mark: a part of one is the line's text.
    fn end_bom(&mut self) {
        if self.bom < BOM.len() {
            let part = &BOM[..self.bom];
            self.utf8.feed(part);
            // Comes first: nothing else was kept yet.
            self.buf.splice(0..0, part.iter().copied());
            self.bom = BOM.len();
        }
    }
}

#[cfg(feature = "std")]
impl<R: BufRead> Iterator for MoveReader<R> {
    type Item = Result<(Move, usize), ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            match self.next_line() {
                Ok(true) => {}
                Ok(false) => {
                    self.done = true;
                    break;
                }
                Err(source) => {
                    self.done = true;
                    return Some(Err(ReadError::Io {
                        line: self.line + 1,
                        source,
                    }));
                }
            }
            self.line += 1;
            let line = self.line;
            match read_line(&self.buf, self.len, self.utf8.finish()) {
                None => {}
                Some(Ok(m)) => return Some(Ok((m, line))),
                Some(Err(error)) => {
                    self.done = true;
                    return Some(Err(ParseError { line, error }.into()));
                }
            }
        }
        None
    }
}

/// Parses a move file in memory into a vector: [`MoveLines`] without the line numbers.
#[cfg(feature = "alloc")]
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseError> {
    MoveLines::new(text).map(|r| r.map(|(m, _)| m)).collect()
}

/// Like [`parse_moves`], keeping each move's 1-based line number (for error reports).
#[cfg(feature = "alloc")]
pub fn parse_moves_with_lines(text: &str) -> Result<Vec<(Move, usize)>, ParseError> {
    MoveLines::new(text).collect()
}

/// The moves as a string in the exchange format, one a line
/// ([`write_moves`](crate::write_moves) into a `String`).
#[cfg(feature = "alloc")]
#[must_use]
pub fn moves_to_string(moves: &[Move]) -> String {
    let mut s = String::with_capacity(moves.len() * 6);
    for m in moves {
        // Writing to a String cannot fail.
        let _ = core::fmt::Write::write_fmt(&mut s, format_args!("{m}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Shape;
    use proptest::prelude::*;

    /// `MoveReader` (bytes, fed in small pieces) and `MoveLines` (text) agree.
    fn both(text: &str) -> Vec<Result<(Move, usize), String>> {
        let lines: Vec<_> = MoveLines::new(text)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect();
        for capacity in [1, 2, 3, 8192] {
            let reader = std::io::BufReader::with_capacity(capacity, text.as_bytes());
            let read: Vec<_> = MoveReader::new(reader)
                .map(|r| r.map_err(|e| e.to_string()))
                .collect();
            assert_eq!(lines, read, "{text:?} in pieces of {capacity}");
        }
        lines
    }

    #[test]
    fn lines_and_reader_agree() {
        let long = format!("J0 5{}", " ".repeat(300));
        let long_comment = format!("#{}\nJ0 1", "x".repeat(300));
        let blank_long = format!("{}\nJ0 1", " ".repeat(300));
        let cut_char = format!("{}é{}", "a".repeat(MAX_LINE - 1), "b".repeat(10));
        for text in [
            "",
            "\n",
            "J0 5",
            "J0 5\n",
            "\u{feff}J0 5\r\nT0 1\rL0 2\n\rI1 20",
            "\u{feff}\u{feff}J0 5",
            "J0 5\r",
            "\r\n\r\nJ0 5\r\n",
            "J0 5\n\u{feff}J0 5",
            "J0 5\nJ9 1\nJ0 2",
            long.as_str(),
            long_comment.as_str(),
            blank_long.as_str(),
            cut_char.as_str(),
        ] {
            both(text);
        }
        assert_eq!(both("\u{feff}J0 5\r\nT0 1\rL0 2\n\rI1 20").len(), 4);
        assert_eq!(
            both("\u{feff}J0 5\r\nT0 1\rL0 2\n\rI1 20")[3],
            Ok(("I1 20".parse().unwrap(), 5))
        );
        assert_eq!(
            both(&long)[0].as_ref().unwrap_err(),
            &format!("line 1: line is 304 bytes long, starting `J0 5{}…`; a move line is at most 256 bytes", " ".repeat(36))
        );
    }

    /// #39 item 6: the leading spaces of a long comment do not hide its `#`.
    #[test]
    fn long_indented_comments_and_blank_lines_are_skipped() {
        let j05 = Ok(("J0 5".parse().unwrap(), 2));
        for lead in [" ", "\t", " \t\x0c\x0b"] {
            let comment = format!("{}# comment\nJ0 5\n", lead.repeat(300));
            assert_eq!(both(&comment), std::slice::from_ref(&j05), "{comment:?}");
            let blank = format!("{}\nJ0 5\n", lead.repeat(300));
            assert_eq!(both(&blank), std::slice::from_ref(&j05), "{blank:?}");
        }
        let bom = format!("\u{feff}{}# comment\nJ0 5", " ".repeat(300));
        assert_eq!(both(&bom), [j05]);
        // A long indented move is still too long, and its echo starts at the move.
        let err = both(&format!("{}J0 5", " ".repeat(300)));
        assert_eq!(
            err[0].as_ref().unwrap_err(),
            "line 1: line is 304 bytes long, starting `J0 5`; a move line is at most 256 bytes"
        );
    }

    /// #39 item 5: the reader refuses invalid UTF-8 wherever it is in a line (the parser
    /// cannot even be given it).
    #[test]
    fn invalid_utf8_is_refused_anywhere_in_a_line() {
        let long_comment = [b"# ".as_slice(), &[b'x'; 300], b"\xff"].concat();
        let long_move = [b"J0 5".as_slice(), &[b' '; 300], b"\xe2\x82"].concat();
        let cases: [(&[u8], &str); 7] = [
            (b"J0 5\xe2\x82", "line 1: line is not UTF-8: `J0 5\u{fffd}`"),
            (
                b"T0 1\nJ0 5\xe2\x82\nT0 1",
                "line 2: line is not UTF-8: `J0 5\u{fffd}`",
            ),
            (
                b"J0 5\n# \xc3 comment\n",
                "line 2: line is not UTF-8: `# \u{fffd} comment`",
            ),
            (b"\xef\xbbJ0 5", "line 1: line is not UTF-8: `\u{fffd}J0 5`"),
            (b"\xff", "line 1: line is not UTF-8: `\u{fffd}`"),
            (&long_comment, "line 1: line is not UTF-8: `# xxx"),
            (&long_move, "line 1: line is not UTF-8: `J0 5 "),
        ];
        for (bytes, want) in cases {
            for capacity in [1, 2, 3, 8192] {
                let reader = std::io::BufReader::with_capacity(capacity, bytes);
                let read: Vec<_> = MoveReader::new(reader).collect();
                let err = read.last().unwrap().as_ref().unwrap_err().to_string();
                assert!(
                    err.starts_with(want),
                    "{bytes:?}: got {err:?}, want {want:?}"
                );
            }
        }
        // A character split across the reader's pieces is still whole.
        both("J0 5 \n# é€🦀\n\u{feff}");
    }

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
        fn round_trip(raw in proptest::collection::vec((0usize..19, 0usize..21), 0..200)) {
            let moves: Vec<Move> = raw
                .into_iter()
                .filter_map(|(s, x)| Move::new(Shape::from_index(s).unwrap(), x))
                .collect();
            let text = moves_to_string(&moves);
            prop_assert_eq!(parse_moves(&text).unwrap(), moves);
        }
    }
}
