//! The figures the wide-pattern searcher's module docs give about the committed table
//! (`crates/tetris-printer-search/src/wide.rs`), checked against the searcher and the
//! tables: here because the checks read the library's generated tables and its
//! docs-figure helpers. (The search crate checks its engine's figures itself.)

use crate::convert::doc_figures::{assert_says, thousands};
use crate::pattern::MAX_STRIP_HEIGHT;
use crate::pattern::{Wide, WIDE_SUPPORT};
use crate::pattern_text::parse_file;
use crate::search::strips::StripIndex;
use crate::search::wide::{flip_quad_candidates, run_candidates, FLIP_QUAD_HEIGHT};
use crate::tables::{self, WIDE, WIDE_KEYS};

/// The wide-pattern searcher's source (`crates/tetris-printer-search/src/wide.rs`), whose
/// module docs state the figures; read from the workspace when the test runs (a
/// packaged copy of the library has no `crates/`, and then the test checks nothing).
fn wide_source() -> Option<String> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/tetris-printer-search/src/wide.rs"
    );
    match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(e) => {
            eprintln!("{path}: {e}: not in a workspace, the searcher's docs are not checked");
            None
        }
    }
}

/// The longest run of adjacent cells in `bottom`.
fn longest_run(mut bottom: u32) -> u32 {
    let mut longest = 0;
    while bottom != 0 {
        bottom >>= bottom.trailing_zeros();
        let run = bottom.trailing_ones();
        longest = longest.max(run);
        bottom >>= run;
    }
    longest
}

/// The patterns of a [`WIDE_KEYS`] entry.
fn patterns(k: &(u32, u8, u16, u16)) -> &'static [Wide] {
    &WIDE[usize::from(k.2)..usize::from(k.3)]
}

/// The pieces of a pass on the patterns of `keys`: its emitters and each pattern's
/// fillers (the same count for every pattern, or the docs cannot state one).
fn pass_pieces<'a>(keys: impl Iterator<Item = &'a (u32, u8, u16, u16)>, emitters: usize) -> usize {
    let mut all = keys.flat_map(patterns).map(|w| emitters + w.fillers.len());
    let first = all.next().expect("patterns of the kind");
    assert!(all.all(|p| p == first), "{first} and other counts");
    first
}

/// The counts the module docs give of the committed table, kind by kind (told apart
/// by height and bottom cells: a top cell and a triple hold a run of 3, four top
/// cells side by side none).
#[test]
fn docs_count_the_committed_table() {
    let keys = |height: u8, cells: u32| {
        WIDE_KEYS
            .iter()
            .filter(move |k| k.1 == height && k.0.count_ones() == cells)
    };
    let count = |n: usize| thousands(n as u64);
    let lone_tops = keys(5, 1).count();
    let top_and_triple_on_nothing = keys(4, 4)
        .filter(|k| longest_run(k.0) >= 3 && patterns(k).iter().any(|w| w.support == 0))
        .count();
    let two_triples = keys(2, 6).count();
    let two_triple_supports: usize = keys(2, 6).map(|k| patterns(k).len()).sum();
    let top_and_two_triples = keys(3, 7).count();
    let quads = || keys(4, 4).filter(|k| longest_run(k.0) <= 2);
    let four_tops: usize = quads().map(|k| patterns(k).len()).sum();
    let classic = tables::EMITTER_LIST
        .iter()
        .filter(|e| e.n == 1)
        .max_by_key(|e| e.pieces())
        .expect("lone squares");
    let Some(file) = wide_source() else {
        return;
    };
    let file = file.as_str();
    for phrase in [
        format!(
            "(the table's is {} rows, {} pieces)",
            classic.height,
            classic.pieces()
        ),
        format!(
            "({} pieces instead of {})",
            pass_pieces(keys(3, 3), 1),
            classic.pieces()
        ),
        format!(
            "({} pieces for the three pixels)",
            pass_pieces(keys(5, 1), 1)
        ),
        format!("({} pieces with its emitters)", pass_pieces(quads(), 4)),
        format!(
            "columns 5..=15 in one 3-row pass of {} fillers",
            pass_pieces(keys(3, 11).filter(|k| k.0 == 0x7FF << 5), 0)
        ),
        format!(
            "others ({} of the {})",
            count(lone_tops),
            WIDE_SUPPORT.count_ones()
        ),
        format!(
            "{} of those bottom rows pack in 4 rows with no support at all",
            count(top_and_triple_on_nothing)
        ),
        format!(
            "{} pack in 2 where no strip tiling does (the file lists their {} minimal \
             supports)",
            count(two_triples),
            count(two_triple_supports)
        ),
        format!("({} bottom rows)", count(top_and_two_triples)),
    ] {
        assert_says("tetris-printer-search/src/wide.rs", file, &phrase);
    }
    // The four flipped emitters and the runs: listed, tiled by the committed strips,
    // or (runs only) neither (`src/tables/wide_tests.rs` proves those do not pack).
    let strips = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/pattern-src/strips.txt"
    ))
    .expect("pattern-src/strips.txt");
    let strips = StripIndex::new(&parse_file(&strips).expect("strips.txt parses").strips);
    let listed = |bottom: u32, height: u8, support: u32| {
        WIDE_KEYS
            .iter()
            .filter(|k| (k.0, k.1) == (bottom, height))
            .flat_map(patterns)
            .any(|w| w.support == support)
    };
    let quads = flip_quad_candidates();
    let quads_listed = quads
        .iter()
        .filter(|&&(tops, bars)| listed(tops, FLIP_QUAD_HEIGHT, bars))
        .count();
    let quads_tiled = quads
        .iter()
        .filter(|&&(tops, bars)| strips.tiles(tops, bars, FLIP_QUAD_HEIGHT))
        .count();
    assert_eq!(quads_listed, four_tops);
    assert_eq!(quads_listed + quads_tiled, quads.len());
    let runs = run_candidates();
    let runs_listed = runs.iter().filter(|&&(b, h)| listed(b, h, 0)).count();
    let runs_tiled = runs
        .iter()
        .filter(|&&(b, h)| h <= MAX_STRIP_HEIGHT && strips.tiles(b, 0, h))
        .count();
    for phrase in [
        format!("every one of the {} packs at 4 rows", count(quads.len())),
        format!(
            "{} need a pattern, strips tile the other {}.",
            count(quads_listed),
            count(quads_tiled)
        ),
        format!("strips tile the {} with no pattern", count(quads_tiled)),
        format!(
            "on no support: {} pack where no strip tiling does, {} are tiled by strips \
             and the other {} are proved not to pack",
            count(runs_listed),
            count(runs_tiled),
            count(runs.len() - runs_listed - runs_tiled)
        ),
    ] {
        assert_says("tetris-printer-search/src/wide.rs", file, &phrase);
    }
}
