//! How the converting commands plan a print: the options `--passes`, `--direct` and
//! `--no-direct`, and the one place that turns them into the library's [`Converter`].
//!
//! The command line prints its best by default: direct placement on top of the default
//! row planner (`Converter::new().with_direct(true)`). `--no-direct` asks for the fast
//! bounded planner alone (the library's `Converter::new()`); the article's splits and the
//! thorough planner (`--passes greedy|optimal|thorough`) have no direct placement, so with
//! them it is off, and asking for it is a usage error.

use clap::{Args, ValueEnum};

use tetris_printer::{Converter, Planner};

/// How rows are split into passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PassesArg {
    /// The default: each run's flipped emitters from a static table, then a small bounded search over fixed groupings (first fit, deals, stages, one sweep of single moves); fillers and singles rest on squares already emitted.
    #[value(alias = "lookup")]
    Grouped,
    /// The thorough planner: a few fewer pieces in total (not the fewest: that is exact) by a larger bounded search at run time: every cover by flipped emitters, passes regrouped by local moves (an order of magnitude more instructions than the default). No direct placement.
    #[value(alias = "fewest")]
    Thorough,
    /// The classic emitter table only, passes split by exact search. No direct placement.
    Optimal,
    /// The 2013 article's greedy left-to-right passes over the classic table. No direct placement.
    Greedy,
    /// The fewest pieces the printing rules allow per row, by exhaustive search at run
    /// time: the yardstick (seconds per sprite).
    Exact,
}

impl PassesArg {
    /// The library's strategy.
    pub(crate) const fn planner(self) -> Planner {
        match self {
            PassesArg::Grouped => Planner::Grouped,
            PassesArg::Thorough => Planner::Thorough,
            PassesArg::Optimal => Planner::Optimal,
            PassesArg::Greedy => Planner::Greedy,
            PassesArg::Exact => Planner::Exact,
        }
    }

    /// Whether this planner can place pieces directly.
    const fn has_direct(self) -> bool {
        matches!(self, PassesArg::Grouped | PassesArg::Exact)
    }
}

/// Help of `--direct`.
const DIRECT_HELP: &str = "\
Drop J, T and L pieces directly onto pixels of their colour (blocks of 2x4, 4x2, 4x4 and
5x8 of one colour, single pieces, and rows covered whole by single pieces) where that
saves pieces; the other pixels are emitted as usual. On by default with --passes grouped
and exact; the other planners have none, and --direct with them is a usage error. Never
more pieces than without; not the article's algorithm. The direct pieces are chosen by
fixed sweeps and DPs with a stated bound on their work: tenths of a second per sprite
with grouped, seconds with exact (each row re-planned by the exact planner where that is
cheaper).";

/// Help of `--no-direct`.
const NO_DIRECT_HELP: &str = "\
The row planner alone, without direct placement. With --passes grouped (the default)
this is the fast bounded planner of the library's `Converter::new()`: microseconds per
sprite, no workspace, but more pieces on sprites with blocks of one colour.";

/// `--direct` and `--no-direct`: the last one given wins, as with ripgrep's `--no-*`.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct DirectArgs {
    /// Drop pieces directly onto pixels of their colour (the default where the planner
    /// has it).
    #[arg(long, overrides_with = "no_direct", long_help = DIRECT_HELP)]
    direct: bool,
    /// The fast row planner alone: no direct placement.
    #[arg(long, overrides_with = "direct", long_help = NO_DIRECT_HELP)]
    no_direct: bool,
}

/// The planner options of `convert`, `verify`, `render`, `animate` and `demo`.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct PlanArgs {
    /// How each row is split into passes.
    #[arg(long, value_enum, default_value_t = PassesArg::Grouped)]
    pub(crate) passes: PassesArg,
    #[command(flatten)]
    pub(crate) direct: DirectArgs,
}

impl PlanArgs {
    /// The converter these options ask for (see [`converter`]).
    pub(crate) fn converter(self) -> Result<Converter, PlanError> {
        converter(self.passes, self.direct)
    }
}

/// A combination of planner options that cannot work (a usage error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlanError {
    passes: PassesArg,
}

impl PlanError {
    /// The message, after `error: `.
    pub(crate) fn message(self) -> String {
        format!(
            "--direct cannot be used with --passes {}",
            self.passes.planner().name()
        )
    }

    /// What to do instead.
    pub(crate) const fn tip(self) -> &'static str {
        "direct placement plans rows with --passes grouped (the default) or exact: drop \
         --direct, or choose one of those"
    }
}

impl std::fmt::Display for PlanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.message(), self.tip())
    }
}

impl std::error::Error for PlanError {}

/// The one mapping from the planner options to the library's configuration: `passes`,
/// with direct placement unless `--no-direct` says otherwise or the planner has none
/// (then `--direct` is an error).
pub(crate) fn converter(passes: PassesArg, direct: DirectArgs) -> Result<Converter, PlanError> {
    if direct.direct && !passes.has_direct() {
        return Err(PlanError { passes });
    }
    let on = passes.has_direct() && !direct.no_direct;
    Ok(Converter::with_planner(passes.planner()).with_direct(on))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A converter's plan as the options name it: `grouped`, `grouped --direct`.
    fn describe(converter: Converter) -> String {
        if converter.direct() {
            format!("{} --direct", converter.planner().name())
        } else {
            converter.planner().name().to_string()
        }
    }

    const NEITHER: DirectArgs = DirectArgs {
        direct: false,
        no_direct: false,
    };
    const DIRECT: DirectArgs = DirectArgs {
        direct: true,
        no_direct: false,
    };
    const NO_DIRECT: DirectArgs = DirectArgs {
        direct: false,
        no_direct: true,
    };

    /// Every combination: direct by default where the planner has it, off with
    /// --no-direct, and --direct refused where there is none.
    #[test]
    fn the_options_map_to_one_converter_each() {
        for &p in PassesArg::value_variants() {
            let plain = Converter::with_planner(p.planner());
            let with = |d: DirectArgs| converter(p, d).map(describe);
            if p.has_direct() {
                let direct = describe(plain.with_direct(true));
                assert_eq!(with(NEITHER), Ok(direct.clone()), "{p:?}");
                assert_eq!(with(DIRECT), Ok(direct), "{p:?}");
            } else {
                assert_eq!(with(NEITHER), Ok(describe(plain)), "{p:?}");
                assert_eq!(with(DIRECT), Err(PlanError { passes: p }), "{p:?}");
            }
            assert_eq!(with(NO_DIRECT), Ok(describe(plain)), "{p:?}");
        }
        // The fast planner alone is the library's default converter.
        let fast = converter(PassesArg::Grouped, NO_DIRECT).unwrap();
        assert_eq!(describe(fast), describe(Converter::new()));
        assert_eq!(
            describe(converter(PassesArg::Grouped, NEITHER).unwrap()),
            "grouped --direct"
        );
    }
}
