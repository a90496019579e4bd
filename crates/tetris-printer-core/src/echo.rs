//! How the crate shows user input in messages, and why it is public.
//!
//! Every error that quotes input (a move line, a block row, a file name) shows it by one
//! rule: a character a terminal acts on or that shows as nothing is written as an escape
//! (`\x1b`, `\u{feff}`), never raw, so a move file or a file name cannot retitle,
//! recolour or reorder the terminal that shows the error, and `J0 5` with an invisible
//! character before it is not shown as `J0 5`. Escaped are the controls (C0, DEL,
//! C1), format characters (Unicode's `Cf`, bidirectional controls among them),
//! line and paragraph separators, every space but U+0020, and the other characters
//! Unicode marks as ignorable in display (`Default_Ignorable_Code_Point`: variation
//! selectors, fillers, tags).
//!
//! Public for two reasons. [`Echo`] is what the errors of move files and block listings
//! ([`MoveError`](crate::moves::MoveError), `tetris_printer::ParseBlocksError`) hold;
//! and a program that prints those errors next to its own messages (the command-line tool
//! does, for file names and its argument errors) shows its own input by the same rule
//! with [`Escaped`] and [`EscapedPath`], so one of its messages cannot do what a move line
//! cannot.

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

/// Whether `c` is shown escaped in messages: it is a control character (Unicode's `Cc`:
/// C0, DEL, C1, which terminals act on), a format character (`Cf`: zero-width spaces and
/// joiners, the byte-order mark, the bidirectional controls that reorder what is shown
/// around them, tags), a line or paragraph separator (`Zl`, `Zp`), a space other than
/// U+0020 (`Zs`: it looks like one but is not a separator anywhere), or otherwise
/// `Default_Ignorable_Code_Point` (shown as nothing: variation selectors, Hangul fillers,
/// the combining grapheme joiner). Unicode 16.0; the unit tests check the list against the
/// Unicode character database as the `unicode-properties` crate has it.
#[must_use]
pub const fn needs_escape(c: char) -> bool {
    matches!(c,
        // Cc
        '\0'..='\x1f' | '\x7f'..='\u{9f}'
        // Zs but U+0020
        | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        // Zl, Zp
        | '\u{2028}' | '\u{2029}'
        // Cf
        | '\u{ad}' | '\u{600}'..='\u{605}' | '\u{61c}' | '\u{6dd}' | '\u{70f}'
        | '\u{890}'..='\u{891}' | '\u{8e2}' | '\u{180e}' | '\u{200b}'..='\u{200f}'
        | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206f}'
        | '\u{feff}' | '\u{fff9}'..='\u{fffb}' | '\u{110bd}' | '\u{110cd}'
        | '\u{13430}'..='\u{1343f}' | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}'
        | '\u{e0001}' | '\u{e0020}'..='\u{e007f}'
        // Default_Ignorable_Code_Point outside Cf (Mn, Lo, unassigned)
        | '\u{34f}' | '\u{115f}'..='\u{1160}' | '\u{17b4}'..='\u{17b5}' | '\u{180b}'..='\u{180d}'
        | '\u{180f}' | '\u{2065}' | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{ffa0}'
        | '\u{fff0}'..='\u{fff8}' | '\u{e0000}'..='\u{e0fff}'
    )
}

/// Text of any length shown by the escaping rule (see the [module docs](self)), uncut: for
/// file names and other input that messages show whole. An escaped character is shown as
/// `\0`, `\t`, `\n`, `\r`, `\x` and two hex digits below U+0100, else `\u{…}`.
///
/// ```
/// use tetris_printer::echo::Escaped;
/// assert_eq!(Escaped("a\x07b").to_string(), "a\\x07b");
/// assert_eq!(Escaped("\u{feff}J0 5\u{a0}").to_string(), "\\u{feff}J0 5\\xa0");
/// assert_eq!(Escaped("\u{202e}gnp.exe").to_string(), "\\u{202e}gnp.exe");
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
/// [`MAX_ECHO_BYTES`] bytes) as [`Escaped`] shows them, kept inline so errors never
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

    /// Appends `c` as [`Escaped`] shows it; `false` (and marks the echo cut) when it
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

    /// The same echo marked as cut (shown with `…`): for input known to go on past what
    /// was read.
    #[must_use]
    pub(crate) const fn cut(mut self) -> Echo {
        self.cut = true;
        self
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

    /// #58 item 6: the invisible characters are escaped too, so `\u{feff}\u{feff}J0 5` is
    /// not shown as `J0`.
    #[test]
    fn invisible_characters_are_escaped() {
        let cases = [
            ('J', "J"),
            ('\x1b', "\\x1b"),
            ('\0', "\\0"),
            ('\u{9b}', "\\x9b"),
            ('\u{a0}', "\\xa0"),
            ('\u{ad}', "\\xad"),
            ('\u{61c}', "\\u{61c}"),
            ('\u{200b}', "\\u{200b}"),
            ('\u{202e}', "\\u{202e}"),
            ('\u{2028}', "\\u{2028}"),
            ('\u{3000}', "\\u{3000}"),
            ('\u{fe0f}', "\\u{fe0f}"),
            ('\u{feff}', "\\u{feff}"),
            ('\u{e0041}', "\\u{e0041}"),
            ('\u{10ffff}', "\u{10ffff}"),
            (' ', " "),
            ('é', "é"),
            ('あ', "あ"),
        ];
        for (c, want) in cases {
            assert_eq!(EscapedChar::new(c).as_str(), want, "{c:?}");
        }
        assert_eq!(
            Echo::new("\u{feff}\u{feff}J0").to_string(),
            "\\u{feff}\\u{feff}J0"
        );
    }

    /// The escaped set is exactly Unicode's `Cc`, `Cf`, `Zl`, `Zp`, `Zs` but U+0020, and
    /// the rest of `Default_Ignorable_Code_Point`, checked over every `char` against the
    /// character database as `unicode-properties` has it. That crate has no
    /// `Default_Ignorable_Code_Point`: its members outside `Cf` are copied here from
    /// DerivedCoreProperties.txt (Unicode 16.0), each with the category it has there.
    #[test]
    fn escapes_exactly_the_controls_and_invisible_characters() {
        use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory};
        const IGNORABLE: [(u32, u32, G); 15] = [
            (0x34f, 0x34f, G::NonspacingMark),
            (0x115f, 0x1160, G::OtherLetter),
            (0x17b4, 0x17b5, G::NonspacingMark),
            (0x180b, 0x180d, G::NonspacingMark),
            (0x180f, 0x180f, G::NonspacingMark),
            (0x2065, 0x2065, G::Unassigned),
            (0x3164, 0x3164, G::OtherLetter),
            (0xfe00, 0xfe0f, G::NonspacingMark),
            (0xffa0, 0xffa0, G::OtherLetter),
            (0xfff0, 0xfff8, G::Unassigned),
            (0xe0000, 0xe0000, G::Unassigned),
            (0xe0002, 0xe001f, G::Unassigned),
            (0xe0080, 0xe00ff, G::Unassigned),
            (0xe0100, 0xe01ef, G::NonspacingMark),
            (0xe01f0, 0xe0fff, G::Unassigned),
        ];
        let ignorable = |c: char| {
            IGNORABLE
                .iter()
                .any(|&(lo, hi, _)| (lo..=hi).contains(&u32::from(c)))
        };
        let mut escaped = 0;
        for c in char::MIN..=char::MAX {
            let cat = c.general_category();
            let want = matches!(
                cat,
                G::Control | G::Format | G::LineSeparator | G::ParagraphSeparator
            ) || (cat == G::SpaceSeparator && c != ' ')
                || ignorable(c);
            assert_eq!(needs_escape(c), want, "{c:?} ({cat:?})");
            escaped += usize::from(want);
        }
        for (lo, hi, cat) in IGNORABLE {
            for c in (lo..=hi).filter_map(char::from_u32) {
                assert_eq!(c.general_category(), cat, "{c:?}");
            }
        }
        assert!(escaped > 4000, "{escaped}");
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
