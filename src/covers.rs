//! The run-cover table of the grouped planner ([`Planner::Grouped`](crate::Planner::Grouped)),
//! computed with the thorough planner ([`Planner::Thorough`](crate::Planner::Thorough)) and
//! the tables compiled into this build: what `tetris-printer search` writes to
//! `pattern-src/covers.txt`, and what a test compares the committed file with.
//!
//! For each run of same-colour pixels a sprite row can hold (a colour, a first column
//! from 2 to 18, a length), alone in its row and held up: the cover of the thorough
//! planner's plan, then the covers the grouped planner's own grouping prices lowest, then
//! the most flipped emitters packed against the run's right end (up to four covers in
//! all). Well under a second for all 459 runs.

use std::string::String;
use std::vec::Vec;

use crate::convert::planners::grouped;
use crate::convert::planners::thorough::Thorough;
use crate::convert::row::RowInput;
use crate::convert::row_planner::RowPlanner;
use crate::cover_text::{self, RunCovers};

/// Covers listed per run at most ([`crate::tables::RUN_COVER_SLOTS`]).
const COVER_SLOTS: usize = grouped::COVER_SLOTS;

/// Every run's record, in file order.
#[must_use]
pub fn records() -> Vec<RunCovers> {
    cover_text::every_run()
        .map(|(colour, x, len)| RunCovers {
            colour,
            x,
            len,
            covers: run_cover_slots(colour, x, len),
            line: 0,
        })
        .collect()
}

/// The text of `pattern-src/covers.txt` for this build's tables.
#[must_use]
pub fn file_text() -> String {
    cover_text::write(&records())
}

/// The covers of a run of `len` pixels of `colour` from column `x` that the run-cover
/// table lists (`pattern-src/covers.txt`), best first, each a mask of the run's pixels
/// where a flipped emitter starts: the cover of the thorough planner's plan of the run
/// alone ([`Thorough`]), then the covers [`grouped::price_cover`] prices lowest (ties: the
/// smaller mask), distinct, up to [`COVER_SLOTS`] − 1 in all, then the most flipped
/// emitters packed against the run's right end, if not listed yet (else the next
/// cheapest).
fn run_cover_slots(colour: u8, x: u8, len: u8) -> Vec<u16> {
    let row = RowInput::run(x, len, colour);
    let searched = (Thorough::DEFAULT.plan(&row).flip_columns() >> x) as u16;
    // Every cover of the run: the ways to write `len` as ones and threes.
    let mut all = Vec::new();
    let mut stack = std::vec![(0u16, 0u8)];
    while let Some((cover, i)) = stack.pop() {
        if i == len {
            all.push(cover);
            continue;
        }
        stack.push((cover, i + 1));
        if i + 3 <= len {
            stack.push((cover | 1 << i, i + 3));
        }
    }
    let mut priced: Vec<(u32, u16)> = all
        .iter()
        .map(|&cover| {
            (
                grouped::price_cover(&row, u32::from(cover)).unwrap_or(u32::MAX),
                cover,
            )
        })
        .collect();
    priced.sort_unstable();
    let mut right = 0u16;
    let mut end = len;
    while end >= 3 {
        right |= 1 << (end - 3);
        end -= 3;
    }
    let mut slots = std::vec![searched];
    let mut ranked = priced.iter().map(|&(_, c)| c).filter(|c| *c != searched);
    while slots.len() < COVER_SLOTS - 1 {
        match ranked.next() {
            Some(c) if c != right => slots.push(c),
            Some(_) => {}
            None => break,
        }
    }
    if !slots.contains(&right) {
        slots.push(right);
    }
    for c in ranked {
        if slots.len() == COVER_SLOTS {
            break;
        }
        if !slots.contains(&c) {
            slots.push(c);
        }
    }
    slots
}
