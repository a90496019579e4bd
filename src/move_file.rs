//! Reading move files: [`MoveLines`] over text in memory (no `std`, no `alloc`),
//! [`MoveReader`] over any [`BufRead`] (`std`), and the `Vec`
//! conveniences [`parse_moves`] and [`moves_to_string`] (`alloc`).
//!
//! All of them read the same format the same way (docs/formats.md has the grammar): one
//! move a line; lines end in `\n`, `\r\n` or a lone `\r`; a UTF-8 byte-order mark at the
//! start is skipped; a blank line (only spaces and tabs, of any length) and a line whose
//! first non-blank character is `#` (however far it is indented) are comments; any other
//! line is a move line, and one longer than [`MAX_LINE`] bytes is refused at its first
//! byte past the limit, without reading on; a line that is not UTF-8 is an error
//! (anywhere in it, comments included; text in memory is a `str` already). After the
//! first error they yield nothing more.

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};
#[cfg(feature = "std")]
use std::io::{self, BufRead};

#[cfg(feature = "std")]
use crate::moves::MAX_LINE;
use crate::moves::{is_blank, move_line_limit, read_line, Move, ParseError, BOM};

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
            self.line += 1;
            let bom = if self.line == 1 && self.rest.as_bytes().starts_with(BOM) {
                BOM.len()
            } else {
                0
            };
            let bytes = &self.rest.as_bytes()[bom..];
            let is_eol = |b: &u8| matches!(b, b'\n' | b'\r');
            let body = bytes.iter().take_while(|&&b| is_blank(b)).count();
            // The line's text ends at `end`; a move line is looked at up to its limit only.
            let (end, too_long) = match bytes.get(body) {
                None | Some(b'\n' | b'\r') => (body, false),
                Some(b'#') => (
                    bytes[body..]
                        .iter()
                        .position(is_eol)
                        .map_or(bytes.len(), |i| body + i),
                    false,
                ),
                Some(_) => {
                    let limit = move_line_limit(body);
                    match bytes[body..limit.min(bytes.len())].iter().position(is_eol) {
                        Some(i) => (body + i, false),
                        None if bytes.len() < limit => (bytes.len(), false),
                        None => (limit, true),
                    }
                }
            };
            let verdict = read_line(&bytes[body..end], too_long, true);
            let after = match &bytes[end..] {
                [b'\r', b'\n', ..] => end + 2,
                [] => end,
                _ => end + 1,
            };
            // `after` follows a line break (ASCII) or is the end: a character boundary.
            self.rest = self.rest.get(bom + after..).unwrap_or_default();
            match verdict {
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
/// a comment) is an error. A move line longer than [`MAX_LINE`] bytes is refused at its
/// first byte past the limit: nothing after it is read (so an endless line, such as
/// `/dev/zero`, fails at once).
#[cfg(feature = "std")]
#[derive(Debug)]
pub struct MoveReader<R> {
    inner: R,
    line: usize,
    /// The line from its first non-blank byte: a move line up to its limit, a comment's
    /// first [`MAX_LINE`] bytes (for the echo of a line that is not UTF-8).
    buf: Vec<u8>,
    /// Bytes of the line read so far (a byte-order mark not counted).
    len: usize,
    /// The line's first non-blank byte and where it is, once read.
    first: Option<(u8, usize)>,
    /// The line is a move line longer than [`MAX_LINE`]: reading stopped there.
    too_long: bool,
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

    /// Whether everything fed since the last call was UTF-8 (a character begun at the end
    /// counts when `cut`: the line was cut there); starts afresh.
    fn finish(&mut self, cut: bool) -> bool {
        let ok = !self.bad && (cut || self.npending == 0);
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
            first: None,
            too_long: false,
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

    /// Reads the next line: the blanks before its first non-blank byte are counted, a
    /// comment is read to its end, a move line to its end or one byte past [`MAX_LINE`]
    /// (then `too_long`). `false` at the end of the input.
    fn next_line(&mut self) -> io::Result<bool> {
        self.buf.clear();
        self.len = 0;
        self.first = None;
        self.too_long = false;
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
                    self.inner.consume(1);
                } else {
                    self.end_bom();
                }
                continue;
            }
            let is_eol = |b: &u8| matches!(b, b'\n' | b'\r');
            let (take, end) = match self.first {
                None => {
                    let blanks = avail.iter().take_while(|&&b| is_blank(b)).count();
                    match avail.get(blanks) {
                        Some(&b) if !is_eol(&b) => {
                            self.first = Some((b, self.len + blanks));
                            (blanks, None)
                        }
                        eol => (blanks, eol.copied()),
                    }
                }
                Some((b'#', _)) => {
                    let end = avail.iter().position(is_eol);
                    let text = &avail[..end.unwrap_or(avail.len())];
                    self.utf8.feed(text);
                    let room = MAX_LINE.saturating_sub(self.buf.len());
                    self.buf.extend_from_slice(&text[..text.len().min(room)]);
                    (text.len(), end.map(|i| avail[i]))
                }
                Some((_, body)) => {
                    let room = move_line_limit(body) - self.len;
                    let seg = &avail[..avail.len().min(room)];
                    let end = seg.iter().position(is_eol);
                    let text = &seg[..end.unwrap_or(seg.len())];
                    self.utf8.feed(text);
                    self.buf.extend_from_slice(text);
                    self.too_long = end.is_none() && text.len() == room;
                    (text.len(), end.map(|i| seg[i]))
                }
            };
            self.len += take;
            match end {
                Some(eol) => {
                    self.skip_lf = eol == b'\r';
                    self.inner.consume(take + 1);
                    return Ok(true);
                }
                None => self.inner.consume(take),
            }
            if self.too_long {
                return Ok(true);
            }
        }
    }

    /// Ends the search for a byte-order mark: a part of one is the line's first text.
    fn end_bom(&mut self) {
        if self.bom < BOM.len() {
            let part = &BOM[..self.bom];
            if let Some(&b) = part.first() {
                self.utf8.feed(part);
                self.buf.extend_from_slice(part);
                self.first = Some((b, 0));
                self.len = part.len();
            }
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
            let utf8 = self.utf8.finish(self.too_long);
            match read_line(&self.buf, self.too_long, utf8) {
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
    use crate::echo::Echo;
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
            &format!(
                "line 1: line is longer than 256 bytes, the most a move line may have, \
                 starting `J0 5{}…`",
                " ".repeat(36)
            )
        );
    }

    /// #39 item 6: the leading spaces of a long comment do not hide its `#`.
    #[test]
    fn long_indented_comments_and_blank_lines_are_skipped() {
        let j05 = Ok(("J0 5".parse().unwrap(), 2));
        for lead in [" ", "\t", " \t"] {
            let comment = format!("{}# comment\nJ0 5\n", lead.repeat(300));
            assert_eq!(both(&comment), std::slice::from_ref(&j05), "{comment:?}");
            let blank = format!("{}\nJ0 5\n", lead.repeat(300));
            assert_eq!(both(&blank), std::slice::from_ref(&j05), "{blank:?}");
        }
        let bom = format!("\u{feff}{}# comment\nJ0 5", " ".repeat(300));
        assert_eq!(both(&bom), [j05]);
        // A long indented move is still too long: refused at its first non-blank byte,
        // which the echo starts with.
        let err = both(&format!("{}J0 5", " ".repeat(300)));
        assert_eq!(
            err[0].as_ref().unwrap_err(),
            "line 1: line is longer than 256 bytes, the most a move line may have, \
             starting `J…`"
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
            // Past the limit of a move line: refused as too long before it is read.
            (&long_move, "line 1: line is longer than 256 bytes"),
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

    /// #58 item 8: one grammar. Blanks are spaces and tabs, nothing else separates; the
    /// column has no sign and no leading zero.
    #[test]
    fn the_grammar_is_strict() {
        for (text, want) in [
            ("J0 5", "J0 5"),
            ("J0\t5", "J0 5"),
            (" \tJ0  \t 5 \t", "J0 5"),
            ("J0 0", "J0 0"),
            ("L2 10", "L2 10"),
            ("I1 20\r\n", "I1 20"),
        ] {
            let got = both(text);
            assert_eq!(got.len(), 1, "{text:?}");
            let (m, line) = got[0].as_ref().unwrap();
            assert_eq!((m.to_string().as_str(), *line), (want, 1), "{text:?}");
        }
        let cases = [
            ("J0 +5", "line 1: column `+5` is not a number (decimal digits, without sign or leading zero)"),
            ("J0 005", "line 1: column `005` is not a number"),
            ("J0 05", "line 1: column `05` is not a number"),
            ("J0 5.0", "line 1: column `5.0` is not a number"),
            ("J0 \u{665}", "line 1: column `\u{665}` is not a number"),
            ("J+0 5", "line 1: J has orientations 0..3, not +0"),
            ("j0 5", "line 1: unknown piece `j0`"),
            ("J0\u{a0}5", "line 1: expected `<piece><orientation> <x>`, e.g. `J0 5`, found `J0\\xa05`"),
            ("J0\u{3000}5", "line 1: expected `<piece><orientation> <x>`, e.g. `J0 5`, found `J0\\u{3000}5`"),
            ("J0\u{85}5", "line 1: expected `<piece><orientation> <x>`, e.g. `J0 5`, found `J0\\x855`"),
            ("J0\x0b5", "line 1: expected `<piece><orientation> <x>`, e.g. `J0 5`, found `J0\\x0b5`"),
            ("J0 5\x0c", "line 1: column `5\\x0c` is not a number"),
            ("\u{feff}\u{feff}J0 5", "line 1: unknown piece `\\u{feff}J0`"),
            ("J0 5 # note", "line 1: expected `<piece><orientation> <x>`, e.g. `J0 5`, found `J0 5 # note`"),
        ];
        for (text, want) in cases {
            let got = both(text);
            let err = got[0].as_ref().unwrap_err();
            assert!(
                err.starts_with(want),
                "{text:?}: got {err:?}, want {want:?}"
            );
        }
    }

    /// #58 item 8: a line of blanks is a comment at any length; a line of other spaces is
    /// not blank at any length (a move line: refused as one, its characters escaped).
    #[test]
    fn blank_means_the_same_at_any_length() {
        for n in [1, 10, 255, 256, 257, 400, 5000] {
            for blank in [" ", "\t", " \t"] {
                let text = format!("{}\nJ0 5\n{}", blank.repeat(n), blank.repeat(n));
                assert_eq!(
                    both(&text),
                    [Ok(("J0 5".parse().unwrap(), 2))],
                    "{n} {blank:?}"
                );
            }
            for other in ["\u{a0}", "\u{3000}", "\u{85}", "\x0c"] {
                let text = format!("{}\nJ0 5\n", other.repeat(n));
                let got = both(&text);
                let err = got[0].as_ref().unwrap_err();
                let short = other.len() * n <= MAX_LINE;
                let want = if short {
                    "line 1: expected"
                } else {
                    "line 1: line is longer"
                };
                assert!(err.starts_with(want), "{n} {other:?}: {err}");
                assert!(
                    err.contains(&Echo::new(other).to_string()),
                    "{n} {other:?}: {err}"
                );
            }
        }
    }

    /// A reader that counts the bytes taken from it.
    struct CountedReader<R> {
        inner: R,
        taken: std::rc::Rc<core::cell::Cell<u64>>,
    }

    impl<R: std::io::Read> std::io::Read for CountedReader<R> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.taken.set(self.taken.get() + n as u64);
            Ok(n)
        }
    }

    /// #58 item 9: a move line past the limit is refused without reading on: an endless
    /// line of NUL bytes (`/dev/zero`) or of letters fails within the reader's first
    /// buffer, and so does one with its first non-blank byte past the limit.
    #[test]
    fn overlong_lines_fail_fast() {
        use std::io::Read;
        let cases: [(Box<dyn Read>, &str); 4] = [
            (Box::new(std::io::repeat(0)), "`\\0\\0"),
            (Box::new(std::io::repeat(b'J')), "`JJJJ"),
            (
                Box::new(b"J0 5\n".chain(std::io::repeat(b'7'))),
                "line 2: line is longer",
            ),
            (
                Box::new(
                    [b' '; 1000]
                        .chain(&b"J0 5"[..])
                        .chain(std::io::repeat(b' ')),
                ),
                "starting `J…`",
            ),
        ];
        for (endless, want) in cases {
            let taken = std::rc::Rc::new(core::cell::Cell::new(0));
            let input = CountedReader {
                inner: endless.take(64 << 20),
                taken: taken.clone(),
            };
            let reader = std::io::BufReader::with_capacity(512, input);
            let err = MoveReader::new(reader)
                .find_map(Result::err)
                .expect("refused")
                .to_string();
            assert!(err.contains("line is longer than 256 bytes"), "{err}");
            assert!(err.contains(want), "{err}");
            assert!(taken.get() <= 1536, "read {} bytes", taken.get());
        }
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
