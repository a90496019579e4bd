//! Generates `tetris-printer`'s pattern tables: reads the pattern files of `pattern-src/`
//! (or, with the `regenerate` feature, has the searcher find them afresh), checks every
//! pattern by simulation with the core crate's playfield (the code that plays them at run
//! time), and writes the Rust source of the `phf` maps, the indexes and the encoded moves
//! that the library `include!`s from its build's `OUT_DIR`.
//!
//! The library's `build.rs` is a shim over [`read_sources`] (or [`search_sources`]),
//! [`generate`] and a file write. Bad data fails the build with `file:line: reason`
//! ([`Error`]). The same sources give the same bytes: [`generate`] depends on nothing but
//! its input.

#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

mod code;
mod error;
mod fits;
mod moves;
mod supports;

use std::collections::BTreeMap;
use std::path::Path;

use error::bad;
pub use error::Error;
use tetris_printer_core::pattern::{self, strip_key};
use tetris_printer_core::pattern_text::{self, arrangements, parse_file, PatternFile};

/// The pattern files the tables are made of, as `(name, text)` in the order they are
/// read, and the run-cover file `covers.txt`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sources {
    /// The pattern files: `emitters-1.txt` to `emitters-7.txt`, `platforms.txt`,
    /// `strips.txt` and `wide.txt`.
    pub patterns: Vec<(String, String)>,
    /// The run covers (`covers.txt`), which the converter's planner writes.
    pub covers: String,
}

/// The pattern file names, in the order they are read.
#[must_use]
pub fn pattern_file_names() -> Vec<String> {
    let mut names: Vec<String> = (1..=7).map(|n| format!("emitters-{n}.txt")).collect();
    names.extend(["platforms.txt", "strips.txt", "wide.txt"].map(String::from));
    names
}

/// The committed sources in `dir` (`pattern-src/`).
///
/// # Errors
/// A file that cannot be read, named with its path.
pub fn read_sources(dir: &Path) -> Result<Sources, Error> {
    let patterns = pattern_file_names()
        .into_iter()
        .map(|name| read(dir, &name).map(|text| (name, text)))
        .collect::<Result<_, _>>()?;
    Ok(Sources {
        patterns,
        covers: read(dir, "covers.txt")?,
    })
}

/// The text of file `name` in `dir`.
fn read(dir: &Path, name: &str) -> Result<String, Error> {
    let path = dir.join(name);
    std::fs::read_to_string(&path)
        .map_err(|e| Error::new(format!("{}: cannot read: {e}", path.display())))
}

/// The pattern files as the searcher writes them (with its default configuration: the
/// committed files, when they are up to date), and the run covers as read from `dir`
/// (the searcher writes that file with the converter's planner, which needs these
/// tables). Without the `regenerate` feature, an error that says to turn it on.
///
/// # Errors
/// `covers.txt` cannot be read, or the searcher is not built in.
pub fn search_sources(dir: &Path) -> Result<Sources, Error> {
    let covers = read(dir, "covers.txt")?;
    #[cfg(not(feature = "regenerate"))]
    {
        let _ = covers;
        bad("regenerating the patterns needs the searcher: build with --features regenerate")
    }
    #[cfg(feature = "regenerate")]
    {
        use tetris_printer_search as search;
        let config = search::Config::default();
        let g = search::generate(&config, &|_| {});
        let mut patterns: Vec<(String, String)> = g
            .emitters
            .iter()
            .map(|(n, f)| {
                (
                    search::emitter_file_name(*n),
                    search::emitter_file_text(*n, f, config.seed),
                )
            })
            .collect();
        let (Some(platforms), Some(strips), Some(wides)) = (g.platforms, g.strips, g.wides) else {
            return bad("the searcher's full run left out platforms, strips or wide patterns");
        };
        patterns.extend([
            (
                "platforms.txt".into(),
                search::platform_file_text(&platforms, config.seed),
            ),
            (
                "strips.txt".into(),
                search::strip_file_text(&strips, config.seed),
            ),
            (
                "wide.txt".into(),
                search::wide_file_text(&wides, config.seed),
            ),
        ]);
        Ok(Sources { patterns, covers })
    }
}

/// The Rust source of the tables of `sources`, every pattern parsed and checked by
/// simulation.
///
/// # Errors
/// The first bad record or missing pattern, as `pattern-src/<file>:<line>: <reason>`.
pub fn generate(sources: &Sources) -> Result<String, Error> {
    let mut files: Vec<(String, PatternFile)> = Vec::new();
    for (name, text) in &sources.patterns {
        match parse_file(text) {
            Ok(f) => files.push((name.clone(), f)),
            Err((line, reason)) => return bad(format!("pattern-src/{name}:{line}: {reason}")),
        }
    }
    let emitters = emitters(&files)?;
    let mut by_centre = BTreeMap::new();
    for p in files.iter().flat_map(|(_, f)| &f.platforms) {
        by_centre.insert(p.centre, p.clone());
    }
    let centres: Vec<u8> = by_centre.keys().copied().collect();
    if centres != (1..=19).step_by(2).collect::<Vec<u8>>() {
        return bad(format!(
            "pattern-src/platforms.txt: platforms for centres {centres:?}; need 1, 3, ..., 19"
        ));
    }
    // Strips: for each (width, height, side, bottom), its minimal supports, and the
    // one-row strips every tiling leans on.
    let strips = supports::minimal(
        &files,
        "strips.txt",
        "strips",
        |f| &f.strips,
        |s| strip_key(s.width, s.height, s.side, s.bottom),
    )?;
    for w in 1..=3u8 {
        let full = (1u8 << w) - 1;
        if !strips.contains_key(&strip_key(w, 1, pattern::StripSide::Inner, u16::from(full))) {
            return bad(format!(
                "pattern-src/strips.txt: no strip for a full bottom row {w} wide"
            ));
        }
    }
    // Wide patterns: for each (bottom, height), its minimal supports.
    let wides = supports::minimal(
        &files,
        "wide.txt",
        "wide patterns",
        |f| &f.wides,
        |w| (w.bottom, w.height),
    )?;
    let covers = code::run_covers(&sources.covers)?;

    // Every pattern's moves, in the order the tables list them, encoded before any code
    // is written, so the code names each span as it goes (by its position in `lists`).
    let mut lists = Vec::new();
    lists.extend(emitters.values().map(|e| e.fillers.as_slice()));
    lists.extend(wides.values().flatten().map(|w| w.fillers.as_slice()));
    lists.extend(by_centre.values().map(|p| p.add.as_slice()));
    lists.extend(strips.values().flatten().map(|s| s.fillers.as_slice()));
    let moves = moves::Encoded::new(&lists)?;

    let mut out = String::new();
    let mut spans = moves.spans();
    code::emitter_tables(&mut out, &mut spans, &emitters)?;
    code::wide_tables(&mut out, &mut spans, &wides)?;
    code::platform_table(&mut out, &mut spans, &by_centre)?;
    code::strip_tables(&mut out, &mut spans, &strips)?;
    spans.finish()?;
    fits::strip_fit_tables(&mut out, strips.values().flatten())?;
    code::run_cover_table(&mut out, &covers);
    moves.write(&mut out);
    Ok(out)
}

/// Every emitter by key: each in the file for its `n`, one per arrangement of 1..=7
/// triples.
fn emitters(
    files: &[(String, PatternFile)],
) -> Result<BTreeMap<u32, pattern_text::EmitterText>, Error> {
    let mut emitters = BTreeMap::new();
    for (name, f) in files {
        for e in &f.emitters {
            let want = format!("emitters-{}.txt", e.n());
            if *name != want {
                return bad(format!(
                    "pattern-src/{name}:{}: an n={} pattern belongs in {want}",
                    e.line,
                    e.n()
                ));
            }
            if emitters.insert(e.key, e.clone()).is_some() {
                return bad(format!(
                    "pattern-src/{name}:{}: a second pattern for the same triples",
                    e.line
                ));
            }
        }
    }
    for n in 1..=7 {
        for key in arrangements(n) {
            if !emitters.contains_key(&key) {
                let t: Vec<String> = pattern_text::triples_of(key)
                    .iter()
                    .map(u8::to_string)
                    .collect();
                return bad(format!(
                    "pattern-src/emitters-{n}.txt: no pattern for triples at {}",
                    t.join(",")
                ));
            }
        }
    }
    Ok(emitters)
}

#[cfg(test)]
mod tests;
