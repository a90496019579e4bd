//! Input echoed in error messages, cut short and stored inline (no heap).

use core::fmt;

/// Echoed input in error messages is cut to this many characters (then `…`), or to
/// [`MAX_ECHO_BYTES`] bytes of UTF-8 if that comes first.
pub const MAX_ECHO: usize = 40;

/// Echoed input is also cut to this many bytes of UTF-8 (whole characters only): 40 ASCII
/// characters fit, 21 of a CJK script. It keeps errors small (an error holding an [`Echo`]
/// stays under 128 bytes, so returning one stays cheap).
pub const MAX_ECHO_BYTES: usize = 64;

const ECHO_BYTES: usize = MAX_ECHO_BYTES;

/// A piece of input quoted in an error message: its first [`MAX_ECHO`] characters (at most
/// [`MAX_ECHO_BYTES`] bytes), kept inline so errors never allocate. [`Display`](fmt::Display) adds `…` when the input
/// was longer.
///
/// ```
/// # use tetris_printer::{Echo, MAX_ECHO};
/// assert_eq!(Echo::new("X0").to_string(), "X0");
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
    /// The first [`MAX_ECHO`] characters of `s` (at most [`MAX_ECHO_BYTES`] bytes).
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

    /// Appends `c`; `false` (and marks the echo cut) when [`MAX_ECHO`] characters are
    /// already kept or `c` does not fit [`MAX_ECHO_BYTES`].
    fn push(&mut self, c: char) -> bool {
        let len = usize::from(self.len);
        if usize::from(self.chars) >= MAX_ECHO || len + c.len_utf8() > ECHO_BYTES {
            self.cut = true;
            return false;
        }
        c.encode_utf8(&mut self.bytes[len..]);
        // At most ECHO_BYTES = 64 bytes: fits u8.
        self.len = (len + c.len_utf8()) as u8;
        self.chars += 1;
        true
    }

    /// The kept characters (without the `…`).
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
