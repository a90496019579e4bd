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
//! after the row's passes, unless (with the `lookup` and `fewest` planners) every such
//! pixel's single emitter can rest its bar on a cell of the row filled before it: the
//! landing rule of the `fewest` layer.
//!
//! How a row is split into passes is the only choice the converter makes, and the
//! [`Passes`] strategy makes it. The layers, each using only the ones below it:
//! - [`row`]: the row model every strategy shares (pixels, colours, support, emitters);
//! - [`tiling`]: strip tilings of a pass's matrix, looked up in the static fit indexes;
//! - [`classic`]: the article's passes of single emitters, greedy or exact;
//! - [`planner`]: the row planners' pricing (flipped emitters, support, strips, passes
//!   grouped first fit and ordered, from the greedy classic split up) and the
//!   [`planner::Planner`] that keeps the cheapest plan offered;
//! - [`local_moves`]: local moves on a plan (emitters moved between passes, swapped,
//!   split and merged), which both planners run;
//! - [`fewest`]: the searching planner of [`Passes::Fewest`] (every cover, every
//!   grouping of small covers, up to three rounds of local moves);
//! - [`lookup`]: the default planner, [`Passes::Lookup`]: the same pricing over the few
//!   covers a static table lists for each run of the row, grouped by fixed rules, with
//!   one sweep of single moves from each first-fit grouping and one round of local
//!   moves from the best plan: a small search over fixed groupings, bounded per row;
//! - [`emit`]: writing a planned row as moves and blocks;
//! - [`direct`]: direct placement ([`Converter::with_direct`]): whole J, T and L
//!   pieces dropped onto pixels of their colour, the rest of each row planned by
//!   the converter's row planner ([`lookup`] or [`fewest`]) with the pieces' cells as
//!   support.
//!
//! Everything works in fixed-size arrays (a row has at most 17 pixels, 17 passes), so
//! [`Converter::convert`] never allocates, from the first call on.

mod classic;
mod direct;
mod emit;
mod fewest;
mod local_moves;
mod lookup;
mod planner;
mod row;
mod tiling;

pub use direct::row_pieces_with;
pub use emit::{Block, BlockKind};
#[cfg(feature = "search")]
pub(crate) use lookup::run_cover_slots;

use crate::moves::Move;
use crate::sprite::{Sprite, MAX_HEIGHT, MAX_WIDTH};

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

use crate::move_list::MoveList;
use emit::{Out, Sink};
use row::RowInput;

/// Pieces in every platform pattern: the T2, 19 more "add" pieces and the "remove"
/// piece, filling 4 rows of 21 cells (84 cells = 21 pieces).
pub const PLATFORM_PIECES: usize = 21;

/// The most pieces any emitter pattern spends per square it emits: a lone square whose
/// pattern needs 7 rows costs (7·21 + 1)/4 = 37 pieces. Every other pattern is cheaper
/// per square (at most 32 for two squares, 33 for six), so however a row's pixels are
/// split into passes, the row costs at most 37 pieces per pixel.
pub const MAX_PIECES_PER_SQUARE: usize = 37;

/// A proven upper bound on the moves [`Converter::convert`] writes for any valid sprite,
/// whatever [`Passes`] strategy: at most [`MAX_HEIGHT`] = 32 rows, each with at most one
/// platform ([`PLATFORM_PIECES`] = 21) and at most [`MAX_WIDTH`] = 17 pixels costing at
/// most [`MAX_PIECES_PER_SQUARE`] = 37 pieces each:
/// 32 × (21 + 17 × 37) = 32 × 650 = **20,800**.
/// A buffer this long never makes [`ConvertError::BufferTooSmall`].
pub const MAX_MOVES: usize = MAX_HEIGHT * (PLATFORM_PIECES + MAX_WIDTH * MAX_PIECES_PER_SQUARE);

/// How a row's pixels are split into passes.
///
/// Every build has the same variants; one whose feature is off (`Exact` without
/// `search`) makes the converter return [`ConvertError::Unavailable`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Passes {
    /// The article's converter: fill a pass scanning the pixels left to right, taking
    /// every pixel whose triple fits; repeat with the pixels left over.
    Greedy,
    /// The split with the fewest pieces, found by an exact branch-and-bound search that
    /// starts from the greedy split and replaces it only by a strictly cheaper one.
    Optimal,
    /// The default: covers from a build-time table, then a small bounded search over a
    /// fixed set of groupings (no enumeration of covers). Each run of same-colour pixels
    /// looks up its covers by flipped emitters (one J2/T2/L2 for three adjacent pixels of its
    /// colour) in a static table the searching planner ([`Passes::Fewest`]) computed
    /// at build time; the row's few covers are grouped into passes by fixed rules
    /// (first fit from either end, dealt round robin, the first cover also in at most
    /// three stages, then one sweep of single moves from each first-fit grouping and
    /// from the best plan) and priced with strip and wide fillers resting on squares
    /// already emitted in the row, and singles over holes land on such squares instead
    /// of a platform (see the `lookup`, `planner` and `local_moves` layers). At most
    /// 230,914 fill prices per row, whatever the row (a unit test counts them on
    /// adversarial rows). Never more pieces than `Greedy`.
    #[default]
    Lookup,
    /// The thorough planner: a larger bounded search at run time, every cover of the
    /// row by flipped emitters, grouped and ordered, then local moves of emitters between
    /// passes (see the `fewest` layer). Fewer pieces than [`Passes::Lookup`] in total,
    /// though not on every sprite, and not the fewest (that is [`Passes::Exact`]); never
    /// more pieces than `Greedy`. Up to 132,229,700 fill prices per row; an order of
    /// magnitude more instructions than the default (`docs/converter.md` and
    /// `docs/results.md` have the figures).
    Fewest,
    /// The fewest pieces our printing rules allow for each row, found by an exhaustive
    /// search at run time (the [`crate::exact`] planner; `search` feature). The yardstick
    /// for the other strategies: seconds per sprite, and it allocates. Never the default.
    /// Without the `search` feature the converter returns
    /// [`ConvertError::Unavailable`] for it.
    Exact,
}

impl Passes {
    /// Every strategy, in the order the command line lists them (in every build: see
    /// [`Passes::available`]).
    pub const ALL: [Passes; 5] = [
        Passes::Lookup,
        Passes::Fewest,
        Passes::Optimal,
        Passes::Greedy,
        Passes::Exact,
    ];

    /// The strategy's name on the command line and in [`Display`](core::fmt::Display)
    /// and [`FromStr`](core::str::FromStr): `lookup`, `fewest`, `optimal`, `greedy` or
    /// `exact`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Passes::Lookup => "lookup",
            Passes::Greedy => "greedy",
            Passes::Optimal => "optimal",
            Passes::Fewest => "fewest",
            Passes::Exact => "exact",
        }
    }

    /// The crate feature this strategy needs that this build lacks, if any: `search`
    /// for [`Passes::Exact`] without it.
    #[must_use]
    pub const fn missing_feature(self) -> Option<&'static str> {
        match self {
            Passes::Exact if !cfg!(feature = "search") => Some("search"),
            _ => None,
        }
    }

    /// Whether this build converts with this strategy ([`Passes::missing_feature`] is
    /// `None`).
    #[must_use]
    pub const fn available(self) -> bool {
        self.missing_feature().is_none()
    }
}

impl core::fmt::Display for Passes {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that is not one of [`Passes::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown pass strategy (expected lookup, fewest, optimal, greedy or exact)")]
pub struct UnknownPasses;

impl core::str::FromStr for Passes {
    type Err = UnknownPasses;

    /// Parses a name as [`Passes::name`] gives it.
    ///
    /// ```
    /// use tetris_printer::Passes;
    /// assert_eq!("greedy".parse(), Ok(Passes::Greedy));
    /// assert_eq!(Passes::Fewest.to_string(), "fewest");
    /// assert!("best".parse::<Passes>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Passes, UnknownPasses> {
        Passes::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or(UnknownPasses)
    }
}

/// Why a sprite could not be converted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// The output slice is too short. Nothing is lost: `needed` is the exact count, so
    /// retry with a slice that long (or [`MAX_MOVES`] for any sprite).
    #[error("the output buffer holds {capacity} moves; this sprite needs {needed}")]
    BufferTooSmall {
        /// Moves the sprite needs.
        needed: usize,
        /// Moves the buffer holds.
        capacity: usize,
    },
    /// The compiled tables lack the emitter pattern for `key`: a bug in the build.
    #[error(
        "no emitter pattern for key {key:#07x} (row {row}): the pattern tables are incomplete"
    )]
    MissingEmitter {
        /// The emitter key (bottom-row cells of the triples).
        key: u32,
        /// The sprite row (0 = bottom).
        row: usize,
    },
    /// The strategy needs a crate feature this build lacks ([`Passes::missing_feature`]):
    /// nothing was converted.
    #[error("the {passes} strategy needs the `{feature}` feature, which this build lacks")]
    Unavailable {
        /// The strategy asked for.
        passes: Passes,
        /// The feature it needs.
        feature: &'static str,
    },
    /// The compiled tables lack the platform with bar centre `centre`: a bug in the build.
    #[error("no platform with bar centre {centre} (row {row}): the pattern tables are incomplete")]
    MissingPlatform {
        /// The bar centre.
        centre: u8,
        /// The sprite row (0 = bottom).
        row: usize,
    },
}

/// What a conversion costs, counted without producing the moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConvertStats {
    /// Moves (pieces dropped) in all.
    pub pieces: usize,
    /// Sprite rows printed.
    pub rows: usize,
    /// Rows that needed a platform.
    pub platforms: usize,
    /// Emitter patterns played (passes over all rows).
    pub passes: usize,
    /// Pieces dropped directly onto pixels of their colour ([`Converter::with_direct`]),
    /// counted in `pieces` too.
    pub direct: usize,
}

/// Turns sprites into moves. Cheap to copy; holds the [`Passes`] strategy and whether
/// pieces may be placed directly ([`Converter::with_direct`]).
///
/// # Stack
/// Working memory lives on the calling thread's stack (nothing is allocated). Measured
/// on x86-64, release build, converting the 17 × 32 noise benchmark sprite: `Greedy`,
/// `Optimal` and `Lookup` (the default) run on the smallest thread the platform gives
/// (16 KiB), `Fewest` needs 28 KiB; all four run on a 64 KiB thread (a test checks
/// it; unoptimised, `Fewest` needs up to 128 KiB). With direct placement both run on a
/// 64 KiB thread when optimised (a test checks it on three of the nine benchmark
/// sprites and a checkerboard; 56 KiB is not enough there). `Exact` plans rows on threads of
/// its own and allocates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Converter {
    passes: Passes,
    direct: bool,
}

impl Converter {
    /// The default converter: rows planned by the default planner ([`Passes::Lookup`]).
    #[must_use]
    pub const fn new() -> Converter {
        Converter {
            passes: Passes::Lookup,
            direct: false,
        }
    }

    /// A converter that splits rows like the article ([`Passes::Greedy`]).
    #[must_use]
    pub const fn greedy() -> Converter {
        Converter {
            passes: Passes::Greedy,
            direct: false,
        }
    }

    /// A converter with the given strategy.
    #[must_use]
    pub const fn with_passes(passes: Passes) -> Converter {
        Converter {
            passes,
            direct: false,
        }
    }

    /// This converter, also placing J, T and L pieces *directly* where `direct`: a
    /// piece whose four cells are pixels of its colour is dropped straight into place
    /// instead of emitting those pixels one by one, and the rows' passes print the
    /// pixels left. Blocks of such pieces (2 × 4, 4 × 2, 4 × 4, 5 × 8 rectangles of one
    /// colour) are chosen band by band, each band kept only where it saves pieces, so a
    /// print never needs more pieces than without. Not the default: the default prints
    /// every pixel as the article does. The rules that keep a direct piece in place are
    /// in `docs/direct-placement.md`.
    ///
    /// Direct placement plans rows with [`Passes::Lookup`] or [`Passes::Fewest`],
    /// whichever the converter has. With `Passes::Exact` (`search` feature) the direct
    /// pieces are the ones `Passes::Lookup` chooses, and each row is planned again by
    /// the exact planner where that is cheaper (and needs no platform the row may not
    /// have); the print is kept only if it beats the exact print without direct pieces.
    /// With the classic splits ([`Passes::Greedy`], [`Passes::Optimal`]) the setting is
    /// kept but has no effect ([`Converter::direct`] says whether it applies).
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
    /// given `true` and the strategy is not a classic split ([`Passes::Greedy`] or
    /// [`Passes::Optimal`]).
    #[must_use]
    pub const fn direct(&self) -> bool {
        self.direct && !matches!(self.passes, Passes::Greedy | Passes::Optimal)
    }

    /// The strategy used to split rows into passes.
    #[must_use]
    pub const fn passes(&self) -> Passes {
        self.passes
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
        self.run(sprite, &mut sink, &mut |_| {})?;
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
        let stats = self.run_into(sprite, list.storage_mut())?;
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
        self.run_into(sprite, out).map(|stats| stats.pieces)
    }

    /// Converts into `out`, or says how long it must be.
    fn run_into(&self, sprite: &Sprite, out: &mut [Move]) -> Result<ConvertStats, ConvertError> {
        let capacity = out.len();
        let stats = self.run(sprite, &mut Sink::new(Out::Slice(out)), &mut |_| {})?;
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
        let mut moves = Vec::new();
        self.for_each_move(sprite, |m| moves.push(m))
            .unwrap_or_else(|e| panic!("{e}"));
        moves.shrink_to_fit();
        moves
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
        let mut moves = Vec::new();
        let mut blocks = Vec::new();
        let mut push = |m| moves.push(m);
        let mut sink = Sink::new(Out::Each(&mut push));
        self.run(sprite, &mut sink, &mut |b| blocks.push(b))
            .unwrap_or_else(|e| panic!("{e}"));
        (moves, blocks)
    }

    /// Counts what converting `sprite` costs, without writing moves or allocating.
    ///
    /// # Panics
    /// If the strategy is unavailable in this build ([`ConvertError::Unavailable`]),
    /// or if the compiled pattern tables are incomplete (a build bug).
    #[must_use]
    pub fn stats(&self, sprite: &Sprite) -> ConvertStats {
        let mut sink = Sink::new(Out::Count);
        self.run(sprite, &mut sink, &mut |_| {})
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The moves of the exact planner's `plans` (one per row of `sprite`, bottom first),
    /// written as every strategy writes its rows (platform add, passes, platform remove).
    #[cfg(feature = "search")]
    pub(crate) fn exact_moves(
        sprite: &Sprite,
        plans: &[crate::exact::RowPlan],
        mut f: impl FnMut(Move),
    ) -> Result<(), ConvertError> {
        let mut sink = Sink::new(Out::Each(&mut f));
        let mut stats = ConvertStats::default();
        for (y, plan) in plans.iter().enumerate() {
            emit::write_row(plan, sprite, y, &mut sink, &mut |_| {}, &mut stats)?;
        }
        Ok(())
    }

    /// The conversion proper: pushes every move into `sink` (which counts past its end).
    fn run(
        &self,
        sprite: &Sprite,
        sink: &mut Sink<'_>,
        on_block: &mut dyn FnMut(Block),
    ) -> Result<ConvertStats, ConvertError> {
        if let Some(feature) = self.passes.missing_feature() {
            return Err(ConvertError::Unavailable {
                passes: self.passes,
                feature,
            });
        }
        let mut stats = ConvertStats {
            rows: sprite.height(),
            ..ConvertStats::default()
        };
        if self.direct() {
            // The exact planner's `--direct` takes the default's direct pieces, chosen
            // by lookups only (the exact rows are too slow to price every choice with),
            // and plans their rows again.
            let planner: direct::RowPlanner = match self.passes {
                Passes::Fewest => fewest::plan_row,
                _ => lookup::plan_row_staged,
            };
            let plan = direct::plan(sprite, planner);
            #[cfg(feature = "search")]
            if self.passes == Passes::Exact {
                return Self::run_direct_exact(sprite, &plan, planner, sink, on_block, stats);
            }
            return Self::run_direct(sprite, &plan, planner, sink, on_block, stats);
        }
        // The plans of recent rows, the last planned at an even and an odd row (a row's
        // plan depends on its input alone, and sprites repeat rows, often every other
        // one).
        let mut recent: [Option<(RowInput, planner::RowPlan)>; 2] = [None, None];
        // The exact planner plans every row up front, its distinct rows on all cores.
        #[cfg(feature = "search")]
        let exact_plans = if self.passes == Passes::Exact {
            let threads = std::thread::available_parallelism().map_or(1, usize::from);
            crate::exact::plan_parallel(sprite, threads)
        } else {
            Vec::new()
        };
        for y in 0..sprite.height() {
            let row = RowInput::of(sprite, y);
            let first_row = y == 0;
            match self.passes {
                Passes::Lookup | Passes::Fewest => {
                    let plan = |row: &RowInput| match self.passes {
                        Passes::Lookup => lookup::plan_row(row),
                        _ => fewest::plan_row(row),
                    };
                    if first_row {
                        emit::write_row(&plan(&row), sprite, y, sink, on_block, &mut stats)?;
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
                        emit::write_row(planned, sprite, y, sink, on_block, &mut stats)?;
                    }
                }
                #[cfg(feature = "search")]
                Passes::Exact => {
                    emit::write_row(&exact_plans[y], sprite, y, sink, on_block, &mut stats)?;
                }
                #[cfg(not(feature = "search"))]
                Passes::Exact => unreachable!("refused above: the strategy is unavailable"),
                Passes::Greedy | Passes::Optimal => {
                    let singles = classic::Singles::of(&row);
                    let split = if self.passes == Passes::Greedy {
                        classic::greedy(&singles)
                    } else {
                        classic::optimal(&singles)
                    };
                    let classic = emit::Classic {
                        singles: &singles,
                        split: &split,
                        platform: row.singles_need_platform(first_row),
                    };
                    emit::write_row(&classic, sprite, y, sink, on_block, &mut stats)?;
                }
            }
        }
        stats.pieces = sink.len;
        Ok(stats)
    }

    /// The conversion with direct pieces: each row's passes print the pixels the
    /// direct plan leaves, then the direct pieces whose top row is the next row drop.
    fn run_direct(
        sprite: &Sprite,
        plan: &direct::DirectPlan,
        planner: direct::RowPlanner,
        sink: &mut Sink<'_>,
        on_block: &mut dyn FnMut(Block),
        mut stats: ConvertStats,
    ) -> Result<ConvertStats, ConvertError> {
        for y in 0..sprite.height() {
            let row = plan.row(sprite, y);
            if row.len > 0 {
                let planned = planner(&row);
                emit::write_row(&planned, sprite, y, sink, on_block, &mut stats)?;
            }
            emit::direct(y + 1, sink, on_block, |f| plan.after_row(y, f));
        }
        stats.direct = plan.direct_pieces();
        stats.pieces = sink.len;
        debug_assert_eq!(stats.pieces, plan.pieces as usize);
        Ok(stats)
    }

    /// The exact planner's conversion with direct pieces: `plan`'s direct pieces (the
    /// default's, chosen with `planner`'s prices: lookups only), each row's leftover
    /// pixels planned by the exact planner on the row's pre-filled cells
    /// ([`ExactPlanner::plan_row_on`]) where that is cheaper than `planner`'s plan and
    /// needs no platform the row may not have, so no row costs more than in the
    /// default's `--direct` print; then the whole print is kept only if it beats the
    /// exact print without direct pieces, else that one is written.
    ///
    /// [`ExactPlanner::plan_row_on`]: crate::exact::ExactPlanner::plan_row_on
    #[cfg(feature = "search")]
    fn run_direct_exact(
        sprite: &Sprite,
        plan: &direct::DirectPlan,
        planner: direct::RowPlanner,
        sink: &mut Sink<'_>,
        on_block: &mut dyn FnMut(Block),
        mut stats: ConvertStats,
    ) -> Result<ConvertStats, ConvertError> {
        use crate::exact::{RowPixel, RowSpec};
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
        let mut exact = crate::exact::plan_rows_on(&specs, threads).into_iter();
        // Each row's plan: the exact one, or `planner`'s (None: no pixels).
        type Chosen = Option<Result<crate::exact::RowPlan, Box<planner::RowPlan>>>;
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
        let plain = crate::exact::plan_parallel(sprite, threads);
        if plain.iter().map(|p| p.pieces as usize).sum::<usize>() <= with {
            for (y, p) in plain.iter().enumerate() {
                emit::write_row(p, sprite, y, sink, on_block, &mut stats)?;
            }
            stats.pieces = sink.len;
            return Ok(stats);
        }
        for (y, c) in chosen.iter().enumerate() {
            match c {
                Some(Ok(e)) => emit::write_row(e, sprite, y, sink, on_block, &mut stats)?,
                Some(Err(own)) => emit::write_row(&**own, sprite, y, sink, on_block, &mut stats)?,
                None => {}
            }
            emit::direct(y + 1, sink, on_block, |f| plan.after_row(y, f));
        }
        stats.direct = plan.direct_pieces();
        stats.pieces = sink.len;
        debug_assert_eq!(stats.pieces, with);
        Ok(stats)
    }
}
