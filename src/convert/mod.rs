//! The converter: sprite in, moves out, without touching the heap.
//!
//! Rows are printed bottom to top. Each opaque pixel at column `x` of colour `c` is
//! printed by an *emitter*: a J0 at `x − 2` (colour 0), T0 at `x − 1` (colour 1) or L0 at
//! `x` (colour 2) whose protruding cell lands on the pixel, or a flipped J2/T2/L2 lying
//! on three adjacent pixels of its colour. A row's emitters are split into *passes*;
//! each pass's matrix above the row is completed by the emitter pattern keyed by its
//! triples ([`crate::tables::EMITTERS`]) or by strips side by side ([`crate::tables::STRIPS`]), and
//! clears, leaving only the emitted squares. A row with a pixel over a hole of the row
//! below first gets a platform ([`crate::tables::PLATFORMS`]), whose last piece is dropped
//! after the row's passes, unless (with the `grouped` and `thorough` planners) every such
//! pixel's single emitter can rest its bar on a cell of the row filled before it: the
//! landing rule ([`pricing`]).
//!
//! How a row is split into passes is the only choice the converter makes, and the
//! [`Planner`] strategy makes it. This file is the converter's entry points and its row
//! loop; the modules below it, each importing only the ones under it (a test,
//! `tests/layers.rs`, keeps it so):
//! - [`direct`]: direct placement ([`Converter::with_direct`]): whole J, T and L
//!   pieces dropped onto pixels of their colour, the rest of each row planned by the
//!   row planner it is given ([`plan::RowPlanner`]) with the pieces' cells as support;
//! - [`write`]: writing a planned row as moves and blocks, whichever planner made it;
//! - [`planners`]: the row planners, each a policy: [`planners::classic`] (the
//!   article's greedy and optimal splits), [`planners::grouped`] (the default),
//!   [`planners::thorough`], and the exact planner's rows (`search` feature);
//! - [`grouping`]: the groupings of a cover into passes (first fit, deals, stages,
//!   one-row passes first, the swap repair) that the grouped and thorough planners
//!   are built from;
//! - [`local_moves`]: local moves on a plan (emitters moved between passes, swapped,
//!   split and merged);
//! - [`pricing`]: the [`pricing::Pricer`] that prices candidate plans (fills, the
//!   landing rule, orders, least-cost bounds) and keeps the cheapest;
//! - [`plan`]: the plan types (candidates, the row plan, a row planner's type);
//! - [`tiling`]: strip tilings of a pass's matrix, looked up in the static fit indexes;
//! - [`row`]: the row model every strategy shares (pixels, colours, support, emitters);
//! - and the vocabulary the public API names: [`passes`], [`error`], [`stats`],
//!   [`bounds`].
//!
//! Everything works in fixed-size arrays (a row has at most 17 pixels, 17 passes), so
//! [`Converter::convert`] never allocates, from the first call on.

pub(crate) mod bounds;
mod direct;
#[cfg(test)]
pub(crate) mod doc_figures;
mod error;
mod grouping;
mod local_moves;
mod plan;
mod planner;
pub(crate) mod planners;
mod pricing;
pub(crate) mod row;
mod stats;
mod tiling;
mod workspace;
mod write;

pub use bounds::{MAX_MOVES, MAX_PIECES_PER_SQUARE, PLATFORM_PIECES};
pub use error::ConvertError;
pub use planner::{Planner, UnknownPlanner};
pub use stats::ConvertStats;
pub use workspace::Workspace;
pub use write::{Block, BlockKind};

use core::cell::Cell;

use crate::moves::Move;
use crate::sprite::{Sprite, MAX_HEIGHT};

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::move_list::MoveList;
use plan::{RowPlan, RowPlanner, StoredPlan};
use planners::{classic, grouped, thorough};
use row::RowInput;
use write::{Out, Sink};

/// Row `y`'s pieces with the row planner `--direct` prices rows with
/// ([`grouped::plan_row_staged`]) when direct pieces print its cells
/// `covered`, `prefill` of them filled before its passes, with the cells
/// `missing_below` of row `y − 1` still missing (direct cells dropped later): `None`
/// when it would need a platform it may not have. How [`plan`] prices rows with that
/// planner; for measuring (`examples/direct_bound.rs`), not part of the API.
#[doc(hidden)]
#[must_use]
pub fn row_pieces_with(
    sprite: &Sprite,
    y: usize,
    covered: u32,
    prefill: u32,
    missing_below: u32,
) -> Option<u32> {
    let row = RowInput::of(sprite, y).without(covered, prefill);
    if row.len == 0 {
        return Some(0);
    }
    let p = grouped::plan_row_staged(&row);
    (!p.platform || (prefill == 0 && missing_below == 0)).then_some(p.pieces)
}

/// Turns sprites into moves. Cheap to copy; holds the [`Planner`] strategy and whether
/// pieces may be placed directly ([`Converter::with_direct`]).
///
/// # Stack
/// Working memory lives on the calling thread's stack (nothing is allocated). `Greedy`,
/// `Optimal`, `Grouped` (the default) and `Thorough` run on a 64 KiB thread when
/// optimised (a test checks it; unoptimised, `Thorough` gets 128 KiB). With direct
/// placement `Grouped` runs on a 64 KiB thread when optimised (a test checks it on
/// three of the nine benchmark sprites and a checkerboard), remembering 512 row plans
/// there; [`Converter::convert_in`] remembers 8,192 in a [`Workspace`] the caller
/// lends (64 KiB, in a `static` or a `Box`), and so plans fewer rows again, for the
/// same moves. `Exact` plans rows on threads of its own and allocates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Converter {
    planner: Planner,
    direct: bool,
}

impl Converter {
    /// The default converter: rows planned by the default planner ([`Planner::Grouped`]).
    #[must_use]
    pub const fn new() -> Converter {
        Converter {
            planner: Planner::Grouped,
            direct: false,
        }
    }

    /// A converter that splits rows like the article ([`Planner::Greedy`]).
    #[must_use]
    pub const fn greedy() -> Converter {
        Converter {
            planner: Planner::Greedy,
            direct: false,
        }
    }

    /// A converter with the given strategy.
    #[must_use]
    pub const fn with_planner(planner: Planner) -> Converter {
        Converter {
            planner,
            direct: false,
        }
    }

    /// This converter, also placing J, T and L pieces *directly* where `direct`: a
    /// piece whose four cells are pixels of its colour is dropped straight into place
    /// instead of emitting those pixels one by one, and the rows' passes print the
    /// pixels left. Blocks of such pieces (2 × 4, 4 × 2, 4 × 4, 5 × 8 rectangles of one
    /// colour) are chosen band by band, each band kept only where it saves pieces, so a
    /// print never needs more pieces than without (where the print with direct pieces
    /// would, its rows planned by the planner that prices them, the default's own print
    /// is written). A sprite where no such piece fits anywhere prints exactly as without,
    /// at about the same cost. Not the default: the default prints
    /// every pixel as the article does. The rules that keep a direct piece in place are
    /// in `docs/direct-placement.md`.
    ///
    /// Direct placement applies to [`Planner::Grouped`] and [`Planner::Exact`]. With
    /// `Planner::Grouped` the rows are priced and planned by the default row planner with
    /// its first cover staged more (`grouped::plan_row_staged`). With `Planner::Exact` (`search` feature) the direct
    /// pieces are the ones `Planner::Grouped` chooses, and each row is planned again by
    /// the exact planner where that is cheaper (and needs no platform the row may not
    /// have); the print is kept only if it beats the exact print without direct pieces.
    /// With the classic splits ([`Planner::Greedy`], [`Planner::Optimal`]) and the
    /// thorough planner ([`Planner::Thorough`]) the setting is kept but has no effect
    /// ([`Converter::direct`] says whether it applies): with the thorough planner's rows
    /// it would do `Planner::Grouped`'s job at several times the work.
    ///
    /// ```
    /// use tetris_printer::{compare, Converter, Playfield, Sprite};
    ///
    /// // A 4 × 2 block of colour 0: a J2 and a J0, where emitting takes 44 pieces.
    /// let sprite = Sprite::from_ascii("0000\n0000")?;
    /// let moves = Converter::new().with_direct(true).convert_to_vec(&sprite);
    /// assert_eq!(moves.len(), 2);
    /// let field = Playfield::replay(&moves)?;
    /// assert_eq!(compare(&field, &sprite), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn with_direct(self, direct: bool) -> Converter {
        Converter { direct, ..self }
    }

    /// Whether this converter places pieces directly: [`Converter::with_direct`] was
    /// given `true` and the strategy is [`Planner::Grouped`] or [`Planner::Exact`].
    #[must_use]
    pub const fn direct(&self) -> bool {
        self.direct && matches!(self.planner, Planner::Grouped | Planner::Exact)
    }

    /// The strategy used to split rows into passes.
    #[must_use]
    pub const fn planner(&self) -> Planner {
        self.planner
    }

    /// Hands each move that prints `sprite` to `f`, in drop order, and returns how many
    /// there were. Needs no buffer at all: a toy can drop each piece as it comes.
    ///
    /// Never allocates. An error is [`ConvertError::Unavailable`] (before any move), or
    /// means the compiled pattern tables are incomplete (a build bug), after the moves
    /// of the rows below the failing one.
    ///
    /// ```
    /// use tetris_printer::{Converter, Playfield, Sprite};
    ///
    /// let sprite = Sprite::from_ascii("
    ///     .1.
    ///     012
    /// ")?;
    /// let mut field = Playfield::new();
    /// let n = Converter::new().for_each_move(&sprite, |m| {
    ///     field.drop_piece(m).expect("the converter's moves always fit");
    /// })?;
    /// assert_eq!(field.pieces(), n);
    /// assert_eq!(tetris_printer::compare(&field, &sprite), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_move(
        &self,
        sprite: &Sprite,
        mut f: impl FnMut(Move),
    ) -> Result<usize, ConvertError> {
        let mut sink = Sink::new(Out::Each(&mut f));
        self.run(sprite, &mut sink, &mut |_| {}, None)?;
        Ok(sink.len)
    }

    /// Replaces the contents of `list` by the moves that print `sprite`, and returns what
    /// the conversion cost (pieces, platforms, passes).
    ///
    /// Never allocates. A [`MoveList`] of the default capacity [`MAX_MOVES`] always
    /// suffices; a smaller one that turns out too small gives
    /// [`ConvertError::BufferTooSmall`] with the exact capacity needed, and is left empty.
    ///
    /// ```
    /// use tetris_printer::{Converter, MoveList, Playfield, Sprite};
    ///
    /// let sprite = Sprite::from_ascii("0")?;
    /// let mut moves: MoveList = MoveList::new();
    /// Converter::new().convert_into(&sprite, &mut moves)?;
    /// assert_eq!(moves.len(), 16);
    /// let field = Playfield::replay(&moves)?;
    /// assert_eq!(tetris_printer::compare(&field, &sprite), Ok(()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn convert_into<const N: usize>(
        &self,
        sprite: &Sprite,
        list: &mut MoveList<N>,
    ) -> Result<ConvertStats, ConvertError> {
        list.clear();
        let stats = self.run_into(sprite, list.storage_mut(), None)?;
        list.set_len(stats.pieces);
        Ok(stats)
    }

    /// Writes the moves that print `sprite` into `out` and returns how many there are.
    ///
    /// Never allocates. A slice of [`MAX_MOVES`] always suffices; a shorter one that turns
    /// out too short gives [`ConvertError::BufferTooSmall`] with the exact length needed
    /// (its contents are then unspecified). [`Converter::convert_into`] needs no
    /// initialised buffer, [`Converter::for_each_move`] no buffer at all.
    pub fn convert(&self, sprite: &Sprite, out: &mut [Move]) -> Result<usize, ConvertError> {
        self.run_into(sprite, out, None).map(|stats| stats.pieces)
    }

    /// [`Converter::convert`] with working memory that the caller lends: with direct
    /// placement ([`Converter::with_direct`]) the row plans it prices are remembered
    /// in `workspace` ([`Workspace::PLANS`] of them) rather than in a table of 512 on
    /// the stack, so fewer rows are planned twice; the moves are the same. The other
    /// modes do not use it.
    ///
    /// Never allocates. The workspace is 64 KiB: put it in a `static` or a `Box`, not
    /// on a small stack.
    ///
    /// ```
    /// use tetris_printer::{Converter, Move, Sprite, Workspace, MAX_MOVES};
    ///
    /// let sprite = Sprite::from_ascii("000\n.0.\n")?;
    /// let mut workspace = Box::new(Workspace::new());
    /// let mut out = vec![Move::new(tetris_printer::Shape::ALL[0], 0).unwrap(); MAX_MOVES];
    /// let direct = Converter::new().with_direct(true);
    /// let n = direct.convert_in(&mut workspace, &sprite, &mut out)?;
    /// assert_eq!(&out[..n], direct.convert_to_vec(&sprite));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn convert_in(
        &self,
        workspace: &mut Workspace,
        sprite: &Sprite,
        out: &mut [Move],
    ) -> Result<usize, ConvertError> {
        self.run_into(sprite, out, Some(workspace.memo()))
            .map(|stats| stats.pieces)
    }

    /// Converts into `out`, or says how long it must be; with direct placement, row plans
    /// remembered in `memo` if given.
    fn run_into(
        &self,
        sprite: &Sprite,
        out: &mut [Move],
        memo: Option<&[Cell<u64>]>,
    ) -> Result<ConvertStats, ConvertError> {
        let capacity = out.len();
        let stats = self.run(sprite, &mut Sink::new(Out::Slice(out)), &mut |_| {}, memo)?;
        if stats.pieces > capacity {
            return Err(ConvertError::BufferTooSmall {
                needed: stats.pieces,
                capacity,
            });
        }
        Ok(stats)
    }

    /// The moves that print `sprite`, in a vector of exactly the right length.
    ///
    /// # Panics
    /// If the strategy is unavailable in this build ([`ConvertError::Unavailable`]),
    /// or if the compiled pattern tables are incomplete (a build bug; see
    /// [`ConvertError::MissingEmitter`]).
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn convert_to_vec(&self, sprite: &Sprite) -> Vec<Move> {
        self.convert_blocks_if(sprite, false).0
    }

    /// Like [`Converter::convert_to_vec`], also returning how the moves group into blocks
    /// (platform add, one per pass, platform remove) for the article's listing.
    ///
    /// # Panics
    /// If the strategy is unavailable in this build ([`ConvertError::Unavailable`]),
    /// or if the compiled pattern tables are incomplete (a build bug).
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn convert_blocks(&self, sprite: &Sprite) -> (Vec<Move>, Vec<Block>) {
        self.convert_blocks_if(sprite, true)
    }

    /// The moves that print `sprite`, and their blocks if `blocks`; with direct
    /// placement, row plans remembered in a table as large as a [`Workspace`]'s, on the
    /// heap (these already allocate).
    #[cfg(feature = "alloc")]
    fn convert_blocks_if(&self, sprite: &Sprite, blocks: bool) -> (Vec<Move>, Vec<Block>) {
        let mut moves = Vec::new();
        let mut listed = Vec::new();
        let mut push = |m| moves.push(m);
        let mut sink = Sink::new(Out::Each(&mut push));
        let mut on_block = |b| {
            if blocks {
                listed.push(b);
            }
        };
        let mut table = alloc::vec![0; if self.direct() { Workspace::PLANS } else { 0 }];
        let memo = (!table.is_empty()).then(|| workspace::cells(&mut table));
        self.run(sprite, &mut sink, &mut on_block, memo)
            .unwrap_or_else(|e| panic!("{e}"));
        moves.shrink_to_fit();
        (moves, listed)
    }

    /// Counts what converting `sprite` costs, without writing moves or allocating.
    ///
    /// # Panics
    /// If the strategy is unavailable in this build ([`ConvertError::Unavailable`]),
    /// or if the compiled pattern tables are incomplete (a build bug).
    #[must_use]
    pub fn stats(&self, sprite: &Sprite) -> ConvertStats {
        let mut sink = Sink::new(Out::Count);
        self.run(sprite, &mut sink, &mut |_| {}, None)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The moves of the exact planner's `plans` (one per row of `sprite`, bottom first),
    /// written as every strategy writes its rows (platform add, passes, platform remove).
    #[cfg(feature = "search")]
    pub(crate) fn exact_moves(
        sprite: &Sprite,
        plans: &[crate::search::exact::ExactPlan],
        mut f: impl FnMut(Move),
    ) -> Result<(), ConvertError> {
        let mut sink = Sink::new(Out::Each(&mut f));
        let mut stats = ConvertStats::default();
        for (y, plan) in plans.iter().enumerate() {
            write::write_row(plan, sprite, y, &mut sink, &mut |_| {}, &mut stats)?;
        }
        Ok(())
    }

    /// The conversion proper: pushes every move into `sink` (which counts past its end).
    fn run(
        &self,
        sprite: &Sprite,
        sink: &mut Sink<'_>,
        on_block: &mut dyn FnMut(Block),
        memo: Option<&[Cell<u64>]>,
    ) -> Result<ConvertStats, ConvertError> {
        if let Some(feature) = self.planner.missing_feature() {
            return Err(ConvertError::Unavailable {
                passes: self.planner,
                feature,
            });
        }
        let mut stats = ConvertStats {
            rows: sprite.height(),
            ..ConvertStats::default()
        };
        if self.direct() {
            // The exact planner's `--direct` takes the default's direct pieces, chosen
            // by the grouped planner (the exact rows are too slow to price every choice with),
            // and plans their rows again.
            let planner: RowPlanner = grouped::plan_row_staged;
            // `improve`'s rounds price with the default planner (a third of the staged
            // one's work on `07_stripes17x16`'s rounds, the same pieces on the nine).
            let planners = direct::Planners {
                rows: planner,
                rounds: grouped::plan_row,
            };
            let mut plain = [StoredPlan::EMPTY; MAX_HEIGHT];
            // Where no direct piece fits anywhere, the print without direct placement.
            if let Some(plan) = direct::plan(sprite, planners, &mut plain, memo) {
                #[cfg(feature = "search")]
                if self.planner == Planner::Exact {
                    return Self::run_direct_exact(sprite, &plan, planner, sink, on_block, stats);
                }
                // Never more pieces than the default's own print without direct
                // placement: the planner that prices direct pieces plans some rows
                // dearer than the default's planner does, so that print is written
                // where it wins.
                if !default_is_cheaper(sprite, plan.pieces, &plain) {
                    let rows = Rows {
                        planner,
                        plain: &plain,
                    };
                    return Self::run_direct(sprite, &plan, rows, sink, on_block, stats);
                }
            }
        }
        // The plans of recent rows, the last planned at an even and an odd row (a row's
        // plan depends on its input alone, and sprites repeat rows, often every other
        // one).
        let mut recent: [Option<(RowInput, RowPlan)>; 2] = [None, None];
        // The exact planner plans every row up front, its distinct rows on all cores.
        #[cfg(feature = "search")]
        let exact_plans = if self.planner == Planner::Exact {
            let threads = std::thread::available_parallelism().map_or(1, usize::from);
            planners::exact::plan_parallel(sprite, threads)
        } else {
            Vec::new()
        };
        for y in 0..sprite.height() {
            let row = RowInput::of(sprite, y);
            let first_row = y == 0;
            match self.planner {
                Planner::Grouped | Planner::Thorough => {
                    let plan = |row: &RowInput| match self.planner {
                        Planner::Grouped => grouped::plan_row(row),
                        _ => thorough::plan_row(row),
                    };
                    if first_row {
                        write::write_row(&plan(&row), sprite, y, sink, on_block, &mut stats)?;
                        continue;
                    }
                    // Planned in place (a plan is a few hundred bytes: not copied around).
                    let known = recent
                        .iter()
                        .position(|r| r.as_ref().is_some_and(|(r, _)| *r == row));
                    let k = known.unwrap_or_else(|| {
                        recent[y % 2] = Some((row, plan(&row)));
                        y % 2
                    });
                    if let Some((_, planned)) = &recent[k] {
                        write::write_row(planned, sprite, y, sink, on_block, &mut stats)?;
                    }
                }
                #[cfg(feature = "search")]
                Planner::Exact => {
                    write::write_row(&exact_plans[y], sprite, y, sink, on_block, &mut stats)?;
                }
                #[cfg(not(feature = "search"))]
                Planner::Exact => unreachable!("refused above: the strategy is unavailable"),
                Planner::Greedy | Planner::Optimal => {
                    let singles = classic::Triples::of(&row);
                    let split = if self.planner == Planner::Greedy {
                        classic::greedy(&singles)
                    } else {
                        classic::optimal(&singles)
                    };
                    let classic = write::Classic {
                        singles: &singles,
                        split: &split,
                        platform: row.singles_need_platform(first_row),
                    };
                    write::write_row(&classic, sprite, y, sink, on_block, &mut stats)?;
                }
            }
        }
        stats.pieces = sink.len;
        Ok(stats)
    }

    /// The conversion with direct pieces: each row's passes print the pixels the
    /// direct plan leaves, then the direct pieces whose top row is the next row drop.
    /// A plan without direct pieces is the plain print, written from the plans
    /// [`direct::plan`] kept of it; the rows of any other are planned again.
    fn run_direct(
        sprite: &Sprite,
        plan: &direct::DirectPlan,
        rows: Rows<'_>,
        sink: &mut Sink<'_>,
        on_block: &mut dyn FnMut(Block),
        mut stats: ConvertStats,
    ) -> Result<ConvertStats, ConvertError> {
        // Without direct pieces the print is the plain one, whose plans are kept.
        let plain = plan.direct_pieces() == 0;
        for y in 0..sprite.height() {
            let row = plan.row(sprite, y);
            if row.len > 0 {
                let planned = match plain {
                    true => rows.plain[y].plan_on(&row),
                    false => (rows.planner)(&row),
                };
                write::write_row(&planned, sprite, y, sink, on_block, &mut stats)?;
            }
            write::direct(y + 1, sink, on_block, |f| plan.after_row(y, f));
        }
        stats.direct = plan.direct_pieces();
        stats.pieces = sink.len;
        debug_assert_eq!(stats.pieces, plan.pieces as usize);
        Ok(stats)
    }

    /// The exact planner's conversion with direct pieces: `plan`'s direct pieces (the
    /// default's, chosen with `planner`'s prices, the grouped planner's), each row's leftover
    /// pixels planned by the exact planner on the row's pre-filled cells
    /// ([`ExactPlanner::plan_row_on`]) where that is cheaper than `planner`'s plan and
    /// needs no platform the row may not have, so no row costs more than in the
    /// default's `--direct` print; then the whole print is kept only if it beats the
    /// exact print without direct pieces, else that one is written.
    ///
    /// [`ExactPlanner::plan_row_on`]: crate::search::exact::ExactPlanner::plan_row_on
    #[cfg(feature = "search")]
    fn run_direct_exact(
        sprite: &Sprite,
        plan: &direct::DirectPlan,
        planner: RowPlanner,
        sink: &mut Sink<'_>,
        on_block: &mut dyn FnMut(Block),
        mut stats: ConvertStats,
    ) -> Result<ConvertStats, ConvertError> {
        use crate::search::exact::{RowPixel, RowSpec};
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let rows: Vec<RowInput> = (0..sprite.height()).map(|y| plan.row(sprite, y)).collect();
        let specs: Vec<(RowSpec, u32)> = rows
            .iter()
            .filter(|r| r.len > 0)
            .map(|r| {
                let pixels = (0..r.len)
                    .map(|i| RowPixel {
                        x: r.x[i],
                        colour: r.colour[i],
                        held: r.held[i],
                    })
                    .collect();
                (RowSpec { pixels }, r.support)
            })
            .collect();
        let mut exact = planners::exact::plan_rows_on(&specs, threads).into_iter();
        // Each row's plan: the exact one, or `planner`'s (None: no pixels).
        type Chosen = Option<Result<crate::search::exact::ExactPlan, Box<RowPlan>>>;
        let chosen: Vec<Chosen> = rows
            .iter()
            .enumerate()
            .map(|(y, row)| {
                (row.len > 0).then(|| {
                    let e = exact.next().expect("one exact plan per row with pixels");
                    let own = planner(row);
                    if e.pieces < own.pieces && (!e.platform || plan.platform_ok(y)) {
                        Ok(e)
                    } else {
                        Err(Box::new(own))
                    }
                })
            })
            .collect();
        let pieces = |c: &Chosen| match c {
            Some(Ok(e)) => e.pieces as usize,
            Some(Err(own)) => own.pieces as usize,
            None => 0,
        };
        let with: usize = plan.direct_pieces() + chosen.iter().map(pieces).sum::<usize>();
        let plain = planners::exact::plan_parallel(sprite, threads);
        if plain.iter().map(|p| p.pieces as usize).sum::<usize>() <= with {
            for (y, p) in plain.iter().enumerate() {
                write::write_row(p, sprite, y, sink, on_block, &mut stats)?;
            }
            stats.pieces = sink.len;
            return Ok(stats);
        }
        for (y, c) in chosen.iter().enumerate() {
            match c {
                Some(Ok(e)) => write::write_row(e, sprite, y, sink, on_block, &mut stats)?,
                Some(Err(own)) => write::write_row(&**own, sprite, y, sink, on_block, &mut stats)?,
                None => {}
            }
            write::direct(y + 1, sink, on_block, |f| plan.after_row(y, f));
        }
        stats.direct = plan.direct_pieces();
        stats.pieces = sink.len;
        debug_assert_eq!(stats.pieces, with);
        Ok(stats)
    }
}

/// Whether the default planner's print of `sprite` without direct placement needs
/// fewer than `pieces` pieces. The rows' floors come first (no plan of a row costs
/// less than [`pricing::least_pieces`]), so the rows are planned only when it may; a
/// row that `--direct`'s row planner plans as the default's does
/// ([`grouped::staged_is_default`]) is not planned again but read from `plain`, the
/// plans [`direct::plan`] kept of the print without direct pieces.
fn default_is_cheaper(sprite: &Sprite, pieces: u32, plain: &direct::PlainPlans) -> bool {
    let rows = || {
        (0..sprite.height())
            .map(|y| (y, RowInput::of(sprite, y)))
            .filter(|(_, r)| r.len > 0)
    };
    let floors: u32 = rows()
        .map(|(_, r)| pricing::least_pieces(1, r.len as u32))
        .sum();
    floors < pieces
        && rows()
            .map(|(y, r)| match grouped::staged_is_default(&r) {
                true => plain[y].pieces(),
                false => grouped::plan_row(&r).pieces,
            })
            .sum::<u32>()
            < pieces
}

/// Where `--direct`'s rows get their plans: the row planner, and the plans of the print
/// without direct pieces that [`direct::plan`] kept.
#[derive(Clone, Copy)]
struct Rows<'a> {
    planner: RowPlanner,
    plain: &'a direct::PlainPlans,
}
