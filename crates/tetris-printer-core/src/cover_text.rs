//! The run-cover file, `pattern-src/covers.txt`: the flipped emitters the grouped
//! planner (`tetris_printer::Planner::Grouped`) tries on each run of same-colour pixels.
//! Shared by the table generator, which parses and checks it and compiles it into the
//! tables' `RUN_COVERS`, and by the searcher, which writes it (`tetris-printer search`).
//!
//! ```text
//! run colour=1 x=4 len=7 covers=0,4 1,4 - 4
//! ```
//! One record per run: its colour (0, 1, 2: J, T, L), its first column `x` (sprite
//! columns are 2 to 18) and its length (`x + len ≤ 19`); then one to [`SLOTS`] covers,
//! best first, each the pixels (counted from the run's first, 0) where a flipped emitter
//! starts, comma-separated, or `-` for none (every pixel a single). A flipped emitter
//! lies on three pixels, so each start is at most `len − 3` and at least 3 past the one
//! before. Every run has exactly one record; `#` starts a comment line.

use std::string::String;
use std::vec::Vec;

/// Most covers a run lists.
pub const SLOTS: usize = 4;

/// The first and last playfield column a sprite pixel can be in.
pub const COLUMNS: core::ops::RangeInclusive<u8> = 2..=18;

/// One run's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunCovers {
    /// Colour of the run's pixels (0, 1 or 2).
    pub colour: u8,
    /// Column of its first pixel.
    pub x: u8,
    /// Its pixels.
    pub len: u8,
    /// Its covers, best first: bit `i` set where a flipped emitter starts on pixel `i`.
    pub covers: Vec<u16>,
    /// Line of the record in its file (1-based; 0 for a record not read from a file).
    pub line: usize,
}

/// Every run a sprite row can hold: `(colour, x, len)`, in file order.
pub fn every_run() -> impl Iterator<Item = (u8, u8, u8)> {
    (0..3u8).flat_map(|colour| {
        COLUMNS.flat_map(move |x| (1..=COLUMNS.end() + 1 - x).map(move |len| (colour, x, len)))
    })
}

/// Whether `cover` is a cover of a run of `len` pixels: its flipped emitters fit the run
/// and do not overlap. The reason if not.
pub fn check_cover(len: u8, cover: u16) -> Result<(), String> {
    let mut next = 0u32; // the first pixel a flipped emitter may start on
    for i in 0..16 {
        if cover >> i & 1 == 0 {
            continue;
        }
        if i < next {
            return Err(format!("flipped emitters at {} and {i} overlap", next - 3));
        }
        if i + 3 > u32::from(len) {
            return Err(format!(
                "a flipped emitter at {i} does not fit a run of {len}"
            ));
        }
        next = i + 3;
    }
    Ok(())
}

/// Parses one cover: `-` or comma-separated starts.
fn parse_cover(s: &str) -> Result<u16, String> {
    if s == "-" {
        return Ok(0);
    }
    let mut cover = 0u16;
    let mut last = None;
    for part in s.split(',') {
        let i: u8 = part
            .parse()
            .map_err(|_| format!("bad flip start {part:?} in cover {s:?}"))?;
        if i >= 16 || last.is_some_and(|l| i <= l) {
            return Err(format!("flip starts out of order or range in cover {s:?}"));
        }
        last = Some(i);
        cover |= 1 << i;
    }
    Ok(cover)
}

/// Reads `key=value` as the number `key` names.
fn field(word: Option<&str>, key: &str) -> Result<u8, String> {
    let word = word.ok_or_else(|| format!("missing {key}="))?;
    word.strip_prefix(key)
        .and_then(|w| w.strip_prefix('='))
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("expected {key}=NUMBER, found {word:?}"))
}

/// Parses a run-cover file, checking each record (not that every run has one).
///
/// # Errors
/// `(line, reason)` for the first bad record.
pub fn parse(text: &str) -> Result<Vec<RunCovers>, (usize, String)> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let record = (|| {
            let mut words = l.split_whitespace();
            if words.next() != Some("run") {
                return Err("expected a `run` record".into());
            }
            let colour = field(words.next(), "colour")?;
            let x = field(words.next(), "x")?;
            let len = field(words.next(), "len")?;
            if colour > 2 {
                return Err(format!("colour {colour} is not 0, 1 or 2"));
            }
            if !COLUMNS.contains(&x) || len == 0 || x + len > COLUMNS.end() + 1 {
                return Err(format!(
                    "a run of {len} from column {x} leaves columns {}..={}",
                    COLUMNS.start(),
                    COLUMNS.end()
                ));
            }
            let first = words
                .next()
                .and_then(|w| w.strip_prefix("covers="))
                .ok_or("expected covers=")?;
            let mut covers = Vec::new();
            for s in core::iter::once(first).chain(words) {
                let cover = parse_cover(s)?;
                check_cover(len, cover)?;
                if covers.contains(&cover) {
                    return Err(format!("cover {s:?} listed twice"));
                }
                covers.push(cover);
            }
            if covers.len() > SLOTS {
                return Err(format!("{} covers, at most {SLOTS}", covers.len()));
            }
            Ok(RunCovers {
                colour,
                x,
                len,
                covers,
                line,
            })
        })();
        out.push(record.map_err(|reason: String| (line, reason))?);
    }
    Ok(out)
}

/// The text of a run-cover file holding `records`, after a header comment.
pub fn write(records: &[RunCovers]) -> String {
    let mut out = String::from(
        "# Run covers for the grouped planner (Planner::Grouped), written by `tetris-printer search`\n\
         # with the thorough planner (Planner::Thorough) and the tables compiled into it; format in\n\
         # crates/tetris-printer-core/src/cover_text.rs. Per run: colour, first column, length, then\n\
         # the covers tried, best first (flip starts counted from the run's first pixel; - for none).\n",
    );
    for r in records {
        let covers: Vec<String> = r
            .covers
            .iter()
            .map(|&c| {
                if c == 0 {
                    "-".into()
                } else {
                    let starts: Vec<String> = (0..16)
                        .filter(|i| c >> i & 1 != 0)
                        .map(|i| i.to_string())
                        .collect();
                    starts.join(",")
                }
            })
            .collect();
        out.push_str(&format!(
            "run colour={} x={} len={} covers={}\n",
            r.colour,
            r.x,
            r.len,
            covers.join(" ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let records = vec![
            RunCovers {
                colour: 1,
                x: 4,
                len: 7,
                covers: vec![0b1_0001, 0b1_0010, 0, 0b1_0000],
                line: 5,
            },
            RunCovers {
                colour: 0,
                x: 18,
                len: 1,
                covers: vec![0],
                line: 6,
            },
        ];
        let text = write(&records);
        assert!(text.contains("run colour=1 x=4 len=7 covers=0,4 1,4 - 4\n"));
        assert_eq!(parse(&text), Ok(records));
    }

    #[test]
    fn bad_records_say_where_and_why() {
        for (text, reason) in [
            ("run colour=3 x=2 len=1 covers=-", "colour 3"),
            ("run colour=0 x=17 len=3 covers=-", "leaves columns"),
            ("run colour=0 x=2 len=5 covers=0,2", "overlap"),
            ("run colour=0 x=2 len=5 covers=3", "does not fit"),
            ("run colour=0 x=2 len=5 covers=- -", "twice"),
            ("run colour=0 x=2 len=5 covers=- 0 1 2 0,", "bad flip start"),
            ("run colour=0 x=2 len=9 covers=- 0 1 2 3", "at most 4"),
            ("run x=2 colour=0 len=5 covers=-", "expected colour="),
        ] {
            let err = parse(&format!("# header\n{text}\n")).expect_err(text);
            assert_eq!(err.0, 2, "{text}");
            assert!(err.1.contains(reason), "{text}: {}", err.1);
        }
    }

    #[test]
    fn every_run_fits_the_sprite_columns() {
        let runs: Vec<_> = every_run().collect();
        // 17 + 16 + ... + 1 runs per colour.
        assert_eq!(runs.len(), 3 * 17 * 18 / 2);
        assert!(runs.iter().all(|&(_, x, len)| x + len <= 19 && x >= 2));
    }
}
