//! The committed strip fillers (`pattern-src/strips.txt`): every one replays as drawn,
//! the compiled table holds exactly them, and every recorded support is minimal (each
//! smaller one proved to admit no packing). `src/tables/search_tests.rs` checks that the searcher
//! reproduces the file byte for byte.

use crate::search::strips::{strip_keys, strip_placements, strip_problem, strip_window};
use crate::search::{all_placements, solve, DeadTable, Outcome};
use crate::tables::{self, SpanMovesExt as _};
use tetris_printer_core::pattern::{strip_key, StripSide};
use tetris_printer_core::pattern_text::{parse_file, StripText};

fn committed() -> String {
    let path = format!("{}/pattern-src/strips.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn strips() -> Vec<StripText> {
    // parse_file replays every strip against walls and checks every landing.
    parse_file(&committed())
        .unwrap_or_else(|(line, e)| panic!("strips.txt:{line}: {e}"))
        .strips
}

fn packs(s: &StripText, support: u16, table: &DeadTable) -> bool {
    let base = strip_placements(s.width, &all_placements());
    let p = strip_problem(s.width, s.height, s.bottom, support);
    matches!(solve(&p, &base, table), Outcome::Found { .. })
}

#[test]
fn the_table_holds_exactly_the_committed_strips() {
    let text = strips();
    assert!(text.len() > 1000, "{} strips", text.len());
    let compiled = tables::STRIP_LIST.len();
    assert_eq!(compiled, text.len());
    for s in &text {
        let list = tables::strips(s.width, s.height, s.side, s.bottom);
        let t = list
            .iter()
            .find(|t| t.support == s.support)
            .unwrap_or_else(|| panic!("line {}: not compiled", s.line));
        assert_eq!(t.fillers.moves().collect::<Vec<_>>(), s.fillers);
        assert_eq!(
            u32::from(t.width) * u32::from(t.height),
            4 * t.fillers.len() as u32 + t.bottom.count_ones()
        );
        assert_eq!(
            s.support & !strip_window(s.width, s.side),
            0,
            "support outside the window"
        );
    }
    // The one-row strips of a bottom the emitters fill alone, and the I0 on one square.
    for w in 1..=3u8 {
        assert_eq!(
            tables::strips(w, 1, StripSide::Inner, (1 << w) - 1)[0]
                .fillers
                .moves()
                .len(),
            0
        );
    }
    assert_eq!(tables::strips(4, 1, StripSide::Inner, 0).len(), 4);
    assert!(tables::STRIPS
        .get(&strip_key(4, 1, StripSide::Inner, 0))
        .is_some());
}

#[test]
fn every_support_is_minimal_and_every_missing_strip_is_impossible() {
    let table = DeadTable::new();
    let text = strips();
    for s in &text {
        for bit in 0..s.width {
            if s.support >> bit & 1 != 0 {
                assert!(
                    !packs(s, s.support & !(1 << bit), &table),
                    "line {}: packs without support at column {bit}",
                    s.line
                );
            }
        }
    }
    // A bottom row with no strip at all packs with no support in its window.
    for (width, height, side, bottom) in strip_keys() {
        if tables::strips(width, height, side, bottom).is_empty() {
            let s = StripText {
                width,
                height,
                side,
                bottom,
                support: 0,
                fillers: vec![],
                nodes: 0,
                line: 0,
            };
            assert!(
                !packs(&s, strip_window(width, side), &table),
                "{width}x{height} {side:?} {bottom:#b} packs but has no strip"
            );
        }
    }
}
