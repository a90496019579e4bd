//! The exact planner on whole sprites, for the library's own tests and measurements
//! (compiled only into the unit tests): [`convert_exact`] prints every row with the
//! fewest pieces our printing rules allow, and checks the print by replay;
//! [`ExactPlanner`] plans one row ([`RowInput`], the converter's row model). Users reach
//! the exact planner through `Planner::Exact`.
//!
//! The row search itself, where the rules and what is proven optimal are described, is
//! the converter's exact row planner (`convert::planners::exact`, below the converter);
//! this module, above it, assembles whole prints and checks them by replay.
//!
//! Beside it: the exact planner's tests (`tests.rs`), and two measurements run as
//! ignored tests (`stats.rs`, `direct_bound.rs`; each file says how to run it).

mod direct_bound;
mod stats;
mod tests;

pub(crate) use crate::convert::planners::exact::planner;
pub(crate) use crate::convert::planners::exact::search::{ExactPlan, ExactPlanner};
pub(crate) use crate::convert::row::RowInput;

use crate::convert::{ConvertError, Converter};
use crate::moves::Move;
use crate::playfield::Playfield;
use crate::printer::compare;
use crate::sprite::Sprite;

/// Runs a measurement with the arguments in the environment variable `var` (split at
/// white space); nothing when it is not set, so that the long proofs' `--ignored` run
/// passes it by. `run` says whether the measurement held.
fn measure(var: &str, run: fn(Vec<String>) -> bool) {
    let Ok(args) = std::env::var(var) else {
        eprintln!("{var} is not set: nothing measured");
        return;
    };
    assert!(
        run(args.split_whitespace().map(String::from).collect()),
        "the {var} measurement failed (see its output)"
    );
}

/// What one row of an exact print costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RowStats {
    pub(crate) y: usize,
    pub(crate) pixels: usize,
    pub(crate) pieces: u32,
    pub(crate) platform: bool,
    pub(crate) passes: usize,
    /// Σh, the matrix rows of all its passes.
    pub(crate) total_height: u32,
}

/// An exact print: the moves (verified by replay) and the cost of each row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ExactPrint {
    pub(crate) moves: Vec<Move>,
    pub(crate) rows: Vec<RowStats>,
}

impl ExactPrint {
    /// Pieces in all.
    #[must_use]
    pub(crate) fn pieces(&self) -> usize {
        self.moves.len()
    }

    /// Rows printed on a platform.
    #[must_use]
    pub(crate) fn platforms(&self) -> usize {
        self.rows.iter().filter(|r| r.platform).count()
    }

    /// Planner in all.
    #[must_use]
    pub(crate) fn passes(&self) -> usize {
        self.rows.iter().map(|r| r.passes).sum()
    }
}

/// Why an exact conversion failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ExactError {
    /// The tables lack the platform with bar centre `centre` (a build bug).
    #[error("no platform with bar centre {centre} (row {row}): the pattern tables are incomplete")]
    MissingPlatform { centre: u8, row: usize },
    /// The planned moves do not print the sprite (a planner bug).
    #[error("the exact print does not replay to the sprite: {0}")]
    Verify(String),
}

/// Converts `sprite` with `planner` (which keeps its engine answers for later calls):
/// each row by [`ExactPlanner::plan_row`], platform add, passes, platform remove. The
/// moves are replayed and compared with the sprite before they are returned.
///
/// # Errors
/// [`ExactError::MissingPlatform`] if the tables lack a platform (a build bug),
/// [`ExactError::Verify`] if the moves do not print the sprite (a planner bug).
pub(crate) fn convert_with(
    planner: &mut ExactPlanner,
    sprite: &Sprite,
) -> Result<ExactPrint, ExactError> {
    let plans: Vec<ExactPlan> = (0..sprite.height())
        .map(|y| planner.plan_row(&RowInput::of(sprite, y)))
        .collect();
    assemble(sprite, &plans)
}

/// Converts `sprite` planning its distinct rows on `threads` threads (each with its own
/// [`planner`]; at least one). Rows are independent and every plan (fillers included)
/// is a function of its row alone, so the moves are the same for any number of threads.
///
/// # Errors
/// See [`convert_with`].
pub(crate) fn convert_parallel(sprite: &Sprite, threads: usize) -> Result<ExactPrint, ExactError> {
    assemble(sprite, &Converter::exact_plans(sprite, threads))
}

/// The moves of `plans` (one per row of `sprite`, bottom first): platform add, passes,
/// platform remove; replayed and compared with the sprite.
fn assemble(sprite: &Sprite, plans: &[ExactPlan]) -> Result<ExactPrint, ExactError> {
    let mut moves = Vec::new();
    let mut rows = Vec::new();
    Converter::exact_moves(sprite, plans, |m| moves.push(m)).map_err(|e| match e {
        ConvertError::MissingPlatform { centre, row } => {
            ExactError::MissingPlatform { centre, row }
        }
        other => ExactError::Verify(other.to_string()),
    })?;
    for (y, plan) in plans.iter().enumerate() {
        rows.push(RowStats {
            y,
            pixels: plan.pass_pixels().sum(),
            pieces: plan.pieces,
            platform: plan.platform,
            passes: plan.heights().count(),
            total_height: plan.total_height,
        });
    }
    debug_assert_eq!(
        moves.len(),
        rows.iter().map(|r| r.pieces as usize).sum::<usize>()
    );
    let field = Playfield::replay(&moves).map_err(|e| ExactError::Verify(e.to_string()))?;
    compare(&field, sprite).map_err(|m| ExactError::Verify(m.to_string()))?;
    Ok(ExactPrint { moves, rows })
}

/// Converts `sprite` with the fewest pieces per row, on as many threads as the machine
/// has (see [`convert_parallel`]; the moves do not depend on it).
///
/// # Errors
/// See [`convert_with`].
pub(crate) fn convert_exact(sprite: &Sprite) -> Result<ExactPrint, ExactError> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    convert_parallel(sprite, threads)
}
