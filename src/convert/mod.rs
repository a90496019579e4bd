//! The converter: sprite in, moves out, without touching the heap.
//!
//! Rows are printed bottom to top. Each opaque pixel at column `x` of colour `c` is
//! printed by an *emitter*: a J0 at `x − 2` (colour 0), T0 at `x − 1` (colour 1) or L0 at
//! `x` (colour 2) whose protruding cell lands on the pixel, or a flipped J2/T2/L2 lying
//! on three adjacent pixels of its colour. A row's emitters are split into *passes*;
//! each pass's matrix above the row is completed by the emitter pattern keyed by its
//! triples ([`crate::tables::emitter`]), by strips side by side
//! ([`crate::tables::STRIPS`]) or by a wide pattern, and clears, leaving only the emitted squares. A row with a pixel over a hole of the row
//! below first gets a platform ([`crate::tables::PLATFORMS`]), whose last piece is dropped
//! after the row's passes, unless (with the `grouped` and `thorough` planners) every such
//! pixel's single emitter can rest its bar on a cell of the row filled before it: the
//! landing rule ([`pricing`]).
//!
//! How a row is split into passes is the only choice the converter makes, and a *row
//! planner* makes it ([`row_planner::RowPlanner`]: a row's plan is a function of the row
//! alone). This file is the converter's entry points, and [`Converter::run`] picks the
//! row planner(s) for the [`Planner`] asked and the print; the modules below it each
//! import only the ones under them (`tests/layers.rs` keeps it so):
//! - [`print`]: the row loop, every row planned by the planner it is given;
//! - [`write`], [`sink`]: writing a planned row as moves and blocks;
//! - [`direct`]: direct placement ([`Converter::with_direct`]): whole J, T and L
//!   pieces dropped onto pixels of their colour, chosen with the row planners it is
//!   given;
//! - [`planners`]: the row planners, each a policy value: [`planners::classic`] (the
//!   article's greedy and optimal splits), [`planners::grouped`] (the default),
//!   [`planners::thorough`], the exact planner (`search` feature) and the compositions
//!   it prints direct pieces with;
//! - [`grouping`]: the groupings of a cover into passes (first fit, deals, stages,
//!   one-row passes first, the swap repair) that the grouped and thorough planners
//!   are built from;
//! - [`local_moves`]: local moves on a plan (emitters moved between passes, swapped,
//!   split and merged);
//! - [`pricing`]: the [`pricing::Pricer`] that prices candidate plans (fills, the
//!   landing rule, orders, least-cost bounds) and keeps the cheapest;
//! - [`plan`]: the priced planners' plans (candidates, the row plan, stored plans);
//! - [`tiling`]: strip tilings of a pass's matrix, looked up in the static fit indexes;
//! - [`row_planner`]: the interface every row planner implements;
//! - [`row`]: the row model every planner shares (pixels, colours, support, emitters);
//! - and the vocabulary the public API names: [`planner`], [`error`], [`stats`],
//!   [`bounds`], [`workspace`].
//!
//! `docs/converter.md` describes the design.
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
mod print;
pub(crate) mod row;
pub(crate) mod row_planner;
mod sink;
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
use plan::{Kept, StoredPlan};
use planners::classic::{Greedy, Optimal};
use planners::grouped::Grouped;
use planners::thorough::Thorough;
use print::Print;
use row::RowInput;
#[cfg(feature = "search")]
use row_planner::PlannedRow;
use row_planner::RowPlanner;
use sink::{Out, Sink};

/// Row `y`'s pieces with the row planner `--direct` prices rows with
/// ([`Grouped::STAGED`]) when direct pieces print its cells
/// `covered`, `prefill` of them filled before its passes, with the cells
/// `missing_below` of row `y − 1` still missing (direct cells dropped later): `None`
/// when it would need a platform it may not have. How direct placement prices rows with that
/// planner; for the `direct_bound` measurement (`src/exact/direct_bound.rs`).
#[cfg(all(test, feature = "search"))]
#[must_use]
pub(crate) fn row_pieces_with(
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
    let p = Grouped::STAGED.plan(&row);
    (!p.platform || (prefill == 0 && missing_below == 0)).then_some(p.pieces)
}

/// Turns sprites into moves. Cheap to copy; holds the [`Planner`] and whether pieces
/// may be placed directly ([`Converter::with_direct`]).
///
/// # Stack
/// Working memory lives on the calling thread's stack (nothing is allocated). `Greedy`,
/// `Optimal`, `Grouped` (the default) and `Thorough` run on a 64 KiB thread when
/// optimised (a test checks it; unoptimised, `Thorough` gets 128 KiB). With direct
/// placement `Grouped` runs on a 64 KiB thread when optimised (a test checks it),
/// remembering 512 row prices there; [`Converter::convert_in`] remembers 8,192 in a [`Workspace`] the caller
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

    /// A converter with the given row planner.
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
    /// Direct placement applies to [`Planner::Grouped`] and `Planner::Exact`. With
    /// `Planner::Grouped` the rows are priced and planned by the default row planner with
    /// its first cover staged more. With `Planner::Exact` (`search` feature) the direct
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
    /// given `true` and the planner is [`Planner::Grouped`] or `Planner::Exact`.
    #[must_use]
    pub const fn direct(&self) -> bool {
        self.direct
            && match self.planner {
                Planner::Grouped => true,
                #[cfg(feature = "search")]
                Planner::Exact => true,
                _ => false,
            }
    }

    /// The row planner that splits rows into passes.
    #[must_use]
    pub const fn planner(&self) -> Planner {
        self.planner
    }

    /// Hands each move that prints `sprite` to `f`, in drop order, and returns how many
    /// there were. Needs no buffer at all: a toy can drop each piece as it comes.
    ///
    /// Never allocates (but with [`Planner::Exact`], which plans on threads of its own).
    /// An error means the compiled pattern tables are incomplete (a build bug), after
    /// the moves of the rows below the failing one.
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
    /// If the compiled pattern tables are incomplete (a build bug; see
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
    /// If the compiled pattern tables are incomplete (a build bug).
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
    /// If the compiled pattern tables are incomplete (a build bug).
    #[must_use]
    pub fn stats(&self, sprite: &Sprite) -> ConvertStats {
        let mut sink = Sink::new(Out::Count);
        self.run(sprite, &mut sink, &mut |_| {}, None)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The moves of the exact planner's `plans` (one per row of `sprite`, bottom first),
    /// written as every planner's rows are written (platform add, passes, platform remove).
    #[cfg(all(test, feature = "search"))]
    pub(crate) fn exact_moves(
        sprite: &Sprite,
        plans: &[planners::exact::search::ExactPlan],
        mut f: impl FnMut(Move),
    ) -> Result<(), ConvertError> {
        let mut sink = Sink::new(Out::Each(&mut f));
        let mut stats = ConvertStats::default();
        for (y, plan) in plans.iter().enumerate() {
            write::write_row(plan, sprite, y, &mut sink, &mut |_| {}, &mut stats)?;
        }
        Ok(())
    }

    /// The exact planner's plans of `sprite`'s rows, bottom first, the distinct rows
    /// planned on `threads` threads (the plans do not depend on it).
    #[cfg(all(test, feature = "search"))]
    pub(crate) fn exact_plans(
        sprite: &Sprite,
        threads: usize,
    ) -> Vec<planners::exact::search::ExactPlan> {
        let rows: Vec<RowInput> = (0..sprite.height())
            .map(|y| RowInput::of(sprite, y))
            .collect();
        let exact = planners::exact::ExactRows::planning(&rows, threads);
        rows.iter().map(|row| exact.plan(row)).collect()
    }

    /// The conversion proper: pushes every move into `sink` (which counts past its end).
    fn run(
        &self,
        sprite: &Sprite,
        sink: &mut Sink<'_>,
        on_block: &mut dyn FnMut(Block),
        memo: Option<&[Cell<u64>]>,
    ) -> Result<ConvertStats, ConvertError> {
        let mut print = Print::new(sprite, sink, on_block);
        match self.planner {
            Planner::Greedy => print.plain(&Greedy)?,
            Planner::Optimal => print.plain(&Optimal)?,
            Planner::Grouped if self.direct => Self::grouped_direct(&mut print, sprite, memo)?,
            Planner::Grouped => print.plain(&Grouped::DEFAULT)?,
            Planner::Thorough => print.plain(&Thorough::DEFAULT)?,
            #[cfg(feature = "search")]
            Planner::Exact => self.exact(&mut print, sprite, memo)?,
        }
        Ok(print.finish())
    }

    /// The default planner's print with direct pieces: the direct pieces chosen with
    /// [`Grouped::STAGED`] pricing the rows (and [`Grouped::DEFAULT`] `improve`'s
    /// rounds), the rows written as it plans them (those without direct cells from the
    /// plans kept of the print without direct pieces); or, where no direct piece fits
    /// anywhere or the default's own print without them needs fewer pieces, that one.
    fn grouped_direct(
        print: &mut Print<'_, '_>,
        sprite: &Sprite,
        memo: Option<&[Cell<u64>]>,
    ) -> Result<(), ConvertError> {
        let staged = Grouped::STAGED;
        let mut kept = [StoredPlan::EMPTY; MAX_HEIGHT];
        let Some(plan) = direct::plan(sprite, &staged, &Grouped::DEFAULT, &mut kept, memo) else {
            return print.plain(&Grouped::DEFAULT);
        };
        if default_is_cheaper(sprite, plan.pieces, &kept) {
            return print.plain(&Grouped::DEFAULT);
        }
        let rows = Kept {
            plans: &kept,
            planner: &staged,
        };
        print.direct(&plan, &rows)
    }

    /// The exact planner's print; with direct placement, `grouped_direct`'s direct
    /// pieces, each row's pixels left printed by the exact planner where that is cheaper
    /// than by the planner that chose them and needs no platform the row may not have
    /// ([`planners::cheaper`]), kept only if that print beats the exact print without
    /// direct pieces. Every exact row plan is made up front, the distinct rows on as
    /// many threads as the machine has (the plans do not depend on it).
    #[cfg(feature = "search")]
    fn exact(
        &self,
        print: &mut Print<'_, '_>,
        sprite: &Sprite,
        memo: Option<&[Cell<u64>]>,
    ) -> Result<(), ConvertError> {
        use planners::cheaper::Cheaper;
        use planners::exact::ExactRows;
        use planners::planned::Planned;
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        let staged = Grouped::STAGED;
        let mut kept = [StoredPlan::EMPTY; MAX_HEIGHT];
        let direct = match self.direct {
            true => direct::plan(sprite, &staged, &Grouped::DEFAULT, &mut kept, memo),
            false => None,
        };
        let h = sprite.height();
        let plain: Vec<RowInput> = (0..h).map(|y| RowInput::of(sprite, y)).collect();
        let rows: Vec<RowInput> = direct
            .iter()
            .flat_map(|plan| (0..h).map(|y| plan.row(sprite, y)))
            .filter(|row| row.len > 0)
            .collect();
        let exact = ExactRows::planning(plain.iter().chain(&rows), threads);
        if let Some(plan) = &direct {
            let cheaper = Cheaper {
                first: &exact,
                second: &Kept {
                    plans: &kept,
                    planner: &staged,
                },
            };
            let chosen = Planned::of(&rows, &cheaper);
            let with = plan.direct_pieces() as u32 + chosen.pieces(&rows);
            let without: u32 = plain.iter().map(|row| exact.plan(row).pieces()).sum();
            if with < without {
                return print.direct(plan, &chosen);
            }
        }
        print.plain(&exact)
    }
}

/// Whether the default planner's print of `sprite` without direct placement needs
/// fewer than `pieces` pieces. A row that `--direct`'s row planner plans as the
/// default's does ([`Grouped::staged_is_default`]) is not planned again but read from
/// `plain`, the plans [`direct::plan`] kept of the print without direct pieces; each
/// other row is planned only while the rows' floors ([`pricing::least_pieces`]: no
/// plan of a row costs less) still leave the default's print room to need fewer.
fn default_is_cheaper(sprite: &Sprite, pieces: u32, plain: &direct::PlainPlans) -> bool {
    let rows = || {
        (0..sprite.height())
            .map(|y| (y, RowInput::of(sprite, y)))
            .filter(|(_, r)| r.len > 0)
    };
    let floor = |r: &RowInput| pricing::least_pieces(1, r.len as u32);
    // The pieces known so far, the other rows at their floors.
    let mut least: u32 = rows()
        .map(|(y, r)| match Grouped::staged_is_default(&r) {
            true => plain[y].pieces(),
            false => floor(&r),
        })
        .sum();
    for (_, r) in rows().filter(|(_, r)| !Grouped::staged_is_default(r)) {
        if least >= pieces {
            return false;
        }
        least = least - floor(&r) + Grouped::DEFAULT.plan(&r).pieces;
    }
    least < pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `default_is_cheaper` against its oracle, the default's own print counted move by
    /// move: for any direct print's piece count it says whether the default's print needs
    /// fewer, though it plans only the rows it must.
    #[test]
    fn default_is_cheaper_exactly_when_the_default_print_needs_fewer() {
        let sprites = [
            // Found by the blocky-sprites proof; sparse rows and dense rows mixed.
            "01..000010.2.\n.12122.200000\n.200120220222\n1211012.10.21\n\
             0020111002201\n..0.001221110\n0120012100.20\n",
            "000\n000\n000\n",
            "0000000000\n0.1.2.0.1.\n2222222222\n00.00.00.0\n",
        ];
        for art in sprites {
            let s = Sprite::from_ascii(art).unwrap();
            let mut kept = [StoredPlan::EMPTY; MAX_HEIGHT];
            let staged = Grouped::STAGED;
            assert!(direct::plan(&s, &staged, &Grouped::DEFAULT, &mut kept, None).is_some());
            let default = Converter::new().for_each_move(&s, |_| {}).unwrap() as u32;
            for pieces in [
                0,
                1,
                default - 1,
                default,
                default + 1,
                default + 100,
                u32::MAX,
            ] {
                assert_eq!(
                    default_is_cheaper(&s, pieces, &kept),
                    default < pieces,
                    "{art}: the default prints {default}, the direct print {pieces}"
                );
            }
        }
    }
}
