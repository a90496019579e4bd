//! Input echoed in error messages, cut short and stored inline (no heap), and the one
//! escaping rule for every echo of user input: a control character (C0, DEL, C1) or a
//! bidirectional-text control is shown as an escape (`\0`, `\t`, `\n`, `\r`, `\x1b`,
//! `\u{202e}`), never raw, so a move file or a file name cannot retitle, recolour or
//! reorder the terminal that shows the error.

use core::fmt;

/// Echoed input in error messages is cut to this many characters (then `…`), or to
/// [`MAX_ECHO_BYTES`] bytes of UTF-8 if that comes first.
pub const MAX_ECHO: usize = 40;

/// Echoed input is also cut to this many bytes of UTF-8 (whole characters only): 40 ASCII
/// characters fit, 21 of a CJK script. It keeps errors small (an error holding an [`Echo`]
/// stays under 128 bytes, so returning one stays cheap).
pub const MAX_ECHO_BYTES: usize = 64;

const ECHO_BYTES: usize = MAX_ECHO_BYTES;

/// A character as it is shown in messages: itself, or its escape when [`needs_escape`]
/// says so (`\0`, `\t`, `\n`, `\r`, `\x` and two hex digits below U+0100, else `\u{…}`).
///
/// ```
/// use tetris_printer::echo::EscapedChar;
/// assert_eq!(EscapedChar::new('J').as_str(), "J");
/// assert_eq!(EscapedChar::new('\x1b').as_str(), "\\x1b");
/// assert_eq!(EscapedChar::new('\0').to_string(), "\\0");
/// assert_eq!(EscapedChar::new('\u{9b}').as_str(), "\\x9b");
/// assert_eq!(EscapedChar::new('\u{202e}').as_str(), "\\u{202e}");
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct EscapedChar {
    bytes: [u8; 10],
    len: u8,
}

impl EscapedChar {
    /// `c` as it is shown.
    #[must_use]
    pub fn new(c: char) -> EscapedChar {
        let mut e = EscapedChar {
            bytes: [0; 10],
            len: 0,
        };
        if !needs_escape(c) {
            e.len = c.encode_utf8(&mut e.bytes).len() as u8;
            return e;
        }
        let mut put = |b: u8| {
            e.bytes[usize::from(e.len)] = b;
            e.len += 1;
        };
        const HEX: &[u8; 16] = b"0123456789abcdef";
        match c {
            '\0' => [b'\\', b'0'].into_iter().for_each(&mut put),
            '\t' => [b'\\', b't'].into_iter().for_each(&mut put),
            '\n' => [b'\\', b'n'].into_iter().for_each(&mut put),
            '\r' => [b'\\', b'r'].into_iter().for_each(&mut put),
            _ if u32::from(c) < 0x100 => {
                let v = u32::from(c) as usize;
                [b'\\', b'x', HEX[v >> 4], HEX[v & 15]]
                    .into_iter()
                    .for_each(&mut put);
            }
            _ => {
                let v = u32::from(c);
                let digits = (32 - v.leading_zeros()).div_ceil(4);
                [b'\\', b'u', b'{'].into_iter().for_each(&mut put);
                for i in (0..digits).rev() {
                    put(HEX[((v >> (4 * i)) & 15) as usize]);
                }
                put(b'}');
            }
        }
        e
    }

    /// The text shown.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only whole characters and ASCII escapes are ever written.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Display for EscapedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for EscapedChar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Whether `c` is shown escaped in messages: the control characters (C0, DEL and C1,
/// which terminals act on) and the bidirectional-text controls (which reorder what is
/// shown around them).
#[must_use]
pub const fn needs_escape(c: char) -> bool {
    matches!(c, '\0'..='\x1f' | '\x7f'..='\u{9f}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Text of any length shown by the escaping rule (every character through
/// [`EscapedChar`]), uncut: for file names and other input that errors show whole.
///
/// ```
/// use tetris_printer::echo::Escaped;
/// assert_eq!(Escaped("a\x07b").to_string(), "a\\x07b");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(i) = rest.find(needs_escape) {
            f.write_str(&rest[..i])?;
            let c = rest[i..].chars().next().unwrap_or_default();
            f.write_str(EscapedChar::new(c).as_str())?;
            rest = &rest[i + c.len_utf8()..];
        }
        f.write_str(rest)
    }
}

/// A path shown by the escaping rule (invalid UTF-8 as `U+FFFD`), for error messages.
///
/// ```
/// use std::path::Path;
/// use tetris_printer::echo::EscapedPath;
/// assert_eq!(EscapedPath(Path::new("dir/a\x1b]0;x\x07.png")).to_string(), "dir/a\\x1b]0;x\\x07.png");
/// ```
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug)]
pub struct EscapedPath<'a>(pub &'a std::path::Path);

#[cfg(feature = "std")]
impl fmt::Display for EscapedPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&Escaped(&self.0.to_string_lossy()), f)
    }
}

/// A piece of input quoted in an error message: its first [`MAX_ECHO`] characters (at most
/// [`MAX_ECHO_BYTES`] bytes) as [`EscapedChar`] shows them, kept inline so errors never
/// allocate. [`Display`](fmt::Display) adds `…` when the input was longer. An escape
/// counts as the characters it shows and is never cut in two.
///
/// ```
/// # use tetris_printer::echo::{Echo, MAX_ECHO};
/// assert_eq!(Echo::new("X0").to_string(), "X0");
/// assert_eq!(Echo::new("J0 \x1b]0;pwned\x07").to_string(), "J0 \\x1b]0;pwned\\x07");
/// let long = "#".repeat(100);
/// let echo = Echo::new(&long);
/// assert_eq!(echo.as_str().chars().count(), MAX_ECHO);
/// assert!(echo.is_cut());
/// assert!(echo.to_string().ends_with('…'));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Echo {
    bytes: [u8; ECHO_BYTES],
    len: u8,
    chars: u8,
    cut: bool,
}

impl Echo {
    /// The first [`MAX_ECHO`] characters of `s` as shown (at most [`MAX_ECHO_BYTES`] bytes).
    #[must_use]
    pub fn new(s: &str) -> Echo {
        let mut e = Echo::empty();
        for c in s.chars() {
            if !e.push(c) {
                break;
            }
        }
        e
    }

    /// Like [`Echo::new`] for bytes that may not be UTF-8: each invalid sequence becomes
    /// `U+FFFD` (as `String::from_utf8_lossy` does).
    #[must_use]
    pub fn lossy(bytes: &[u8]) -> Echo {
        let mut e = Echo::empty();
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                if !e.push(c) {
                    return e;
                }
            }
            if !chunk.invalid().is_empty() && !e.push(char::REPLACEMENT_CHARACTER) {
                return e;
            }
        }
        e
    }

    const fn empty() -> Echo {
        Echo {
            bytes: [0; ECHO_BYTES],
            len: 0,
            chars: 0,
            cut: false,
        }
    }

    /// Appends `c` as [`EscapedChar`] shows it; `false` (and marks the echo cut) when it
    /// would take more than [`MAX_ECHO`] characters or [`MAX_ECHO_BYTES`] bytes.
    fn push(&mut self, c: char) -> bool {
        let shown = EscapedChar::new(c);
        let text = shown.as_str();
        let len = usize::from(self.len);
        // An escape is ASCII: one character a byte; else `text` is the one character.
        let chars = if needs_escape(c) { text.len() } else { 1 };
        if usize::from(self.chars) + chars > MAX_ECHO || len + text.len() > ECHO_BYTES {
            self.cut = true;
            return false;
        }
        self.bytes[len..len + text.len()].copy_from_slice(text.as_bytes());
        // At most ECHO_BYTES = 64 bytes and MAX_ECHO = 40 characters: fit u8.
        self.len = (len + text.len()) as u8;
        self.chars += chars as u8;
        true
    }

    /// The kept characters as shown, escapes included (without the `…`).
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only whole characters are ever written.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }

    /// Whether the input was longer than what is kept.
    #[must_use]
    pub const fn is_cut(&self) -> bool {
        self.cut
    }
}

impl fmt::Display for Echo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// Debug shows the text as a string literal (with `…` after it when cut).
impl fmt::Debug for Echo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl PartialEq<str> for Echo {
    /// Compares what [`Display`](fmt::Display) shows.
    fn eq(&self, other: &str) -> bool {
        match other.strip_suffix('…') {
            Some(kept) if self.cut => self.as_str() == kept,
            _ => !self.cut && self.as_str() == other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_at_40_characters_or_64_bytes() {
        let s: String = "x".repeat(100);
        let want = format!("{}…", &s[..MAX_ECHO]);
        assert_eq!(Echo::new(&s).to_string(), want);
        assert!(Echo::new(&s) == *want.as_str());
        assert_eq!(Echo::new("abc").to_string(), "abc");
        assert!(Echo::new("abc") == *"abc");
        assert!(!Echo::new(&"x".repeat(MAX_ECHO)).is_cut());
        assert!(Echo::new(&"x".repeat(MAX_ECHO + 1)).is_cut());
        // Two-byte characters: 32 fit in 64 bytes.
        let e = Echo::new(&"αβ".repeat(20));
        assert_eq!(e.as_str(), "αβ".repeat(16));
        assert!(e.is_cut());
        // Four-byte ones: 16; a character is never split.
        let e = Echo::new(&"🦀".repeat(MAX_ECHO));
        assert_eq!(e.as_str(), "🦀".repeat(16));
        // 31 two-byte characters take 62 bytes; a three-byte one does not fit after them.
        let e = Echo::new(&format!("{}€", "é".repeat(31)));
        assert_eq!(e.as_str(), "é".repeat(31));
        assert!(e.is_cut());
        // Small enough to return cheaply.
        assert!(core::mem::size_of::<Echo>() <= MAX_ECHO_BYTES + 3);
    }

    /// #39 item 4: one rule, no raw control character in any echo.
    #[test]
    fn control_characters_are_escaped() {
        let cases = [
            ("J0 \x1b]0;pwned\x07", "J0 \\x1b]0;pwned\\x07"),
            ("\0\t\n\r\x7f", "\\0\\t\\n\\r\\x7f"),
            ("a\u{9b}b", "a\\x9bb"),
            ("\u{202e}gnp.exe", "\\u{202e}gnp.exe"),
            ("é\\x", "é\\x"),
        ];
        for (input, want) in cases {
            assert_eq!(Echo::new(input).to_string(), want);
            assert_eq!(Escaped(input).to_string(), want);
            assert!(Echo::new(input) == *want);
        }
        for c in (0..0x3000).filter_map(char::from_u32) {
            let shown = EscapedChar::new(c).to_string();
            assert!(!shown.chars().any(char::is_control), "{c:?}");
            assert_eq!(shown.len() > c.len_utf8(), needs_escape(c), "{c:?}");
        }
        // An escape is never cut in two: 38 characters, then `\x1b` does not fit.
        let e = Echo::new(&format!("{}\x1b", "x".repeat(38)));
        assert_eq!(e.to_string(), format!("{}…", "x".repeat(38)));
        // 40 escapes of 4 characters: 10 kept.
        assert_eq!(Echo::new(&"\x07".repeat(40)).as_str(), "\\x07".repeat(10));
        assert_eq!(Echo::lossy(b"\x1b\xff").to_string(), "\\x1b\u{fffd}");
    }

    #[test]
    fn lossy_matches_from_utf8_lossy() {
        for bytes in [
            &b"J0 \xff5"[..],
            b"\xc3",
            b"ok",
            b"\xe2\x82",
            &[0xffu8; 60][..],
            b"a\xf0\x9f\xa6\x80b\x80",
        ] {
            let want = String::from_utf8_lossy(bytes);
            assert_eq!(
                Echo::lossy(bytes).to_string(),
                Echo::new(&want).to_string(),
                "{bytes:?}"
            );
        }
    }
}
