//! The run-cover table of the grouped planner ([`Passes::Grouped`](crate::Passes::Grouped)),
//! computed with the thorough planner ([`Passes::Thorough`](crate::Passes::Thorough)) and
//! the tables compiled into this build: what `tetris-printer search` writes to
//! `pattern-src/covers.txt`, and what a test compares the committed file with.
//!
//! For each run of same-colour pixels a sprite row can hold (a colour, a first column
//! from 2 to 18, a length), alone in its row and held up: the cover of the searching
//! planner's plan, then the covers the grouped planner's own grouping prices lowest, then
//! the most flipped emitters packed against the run's right end (up to four covers in
//! all). Well under a second for all 459 runs.

use std::string::String;
use std::vec::Vec;

use crate::cover_text::{self, RunCovers};

/// Every run's record, in file order.
#[must_use]
pub fn records() -> Vec<RunCovers> {
    cover_text::every_run()
        .map(|(colour, x, len)| RunCovers {
            colour,
            x,
            len,
            covers: crate::convert::run_cover_slots(colour, x, len),
            line: 0,
        })
        .collect()
}

/// The text of `pattern-src/covers.txt` for this build's tables.
#[must_use]
pub fn file_text() -> String {
    cover_text::write(&records())
}
