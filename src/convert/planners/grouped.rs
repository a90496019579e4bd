//! The default row planner, [`Planner::Grouped`](crate::Planner::Grouped): covers looked
//! up in a build-time table, then a small bounded search over a fixed set of groupings
//! (no cover or grouping is enumerated).
//!
//! A row's cost is fixed by how its pixels are covered by emitters (a single per pixel,
//! or a flipped J2/T2/L2 over three adjacent pixels of its colour) and how those are
//! grouped into passes and ordered ([`pricing`](crate::convert::pricing)'s module docs give the
//! cost model). The thorough planner ([`Thorough`](super::thorough::Thorough))
//! tries every cover; this one looks each run of same-colour adjacent pixels up in the
//! static run-cover table ([`tables::run_covers`], `pattern-src/covers.txt`), which
//! lists, per colour, first column and length, up to [`COVER_SLOTS`] covers of the run:
//! the thorough planner's own for the run alone, the ones this planner prices lowest
//! for it, and the most flipped emitters packed against its right end (computed at
//! build time by `tetris_printer::covers`). Cover `k` of the row takes every run's
//! `k`-th cover (a run with fewer takes its first). Each distinct cover is grouped into
//! passes first fit from both ends, flipped emitters with singles and apart, and dealt
//! round robin into as many passes as first fit uses
//! ([`Pricer::offer_round_robin`](crate::convert::pricing::Pricer::offer_round_robin));
//! on a row of at least [`STAGED_PIXELS`] = 15 pixels, the first cover (each
//! run's first slot: the thorough planner's cover of the run alone) is grouped in
//! stages, the cheapest pass per pixel of the singles left on the squares of the
//! passes before it, one at a time, from the first-fit pass from the right, at most
//! three staged passes, the rest first fit after each ([`STAGES`],
//! [`Pricer::offer_staged`](crate::convert::pricing::Pricer::offer_staged)); and the first
//! cover is grouped *one-row passes first*, from its widest one-row pass and from its first
//! (column DPs, [`one_row_pass`](crate::convert::grouping::one_row_pass); a pass whose cells
//! above the row and horizontal I pieces tile all 21 columns closes in one matrix
//! row), then the widest of the rest, one at a time
//! ([`Pricer::offer_one_row_first`](crate::convert::pricing::Pricer::offer_one_row_first)).
//! The first cover's first-fit grouping from the right (flipped emitters with
//! singles) is also offered with each emitter moved to each other pass it fits, one
//! at a time ([`Pricer::offer_each_moved`](crate::convert::pricing::Pricer::offer_each_moved):
//! first fit fills its first pass with every emitter that fits, and the one move that
//! balances two passes often closes each in one matrix row). The other covers get
//! neither the stages, the moves nor the one-row passes first, sparser rows get no
//! stages, and the first-fit grouping from the left is not moved: the default buys its
//! speed there (the thorough planner does all of it). Last, one round of the
//! thorough planner's local moves on the best plan (each emitter moved to each other
//! pass, each pair swapped, each flipped emitter split, each three singles merged;
//! [`Pricer::improve`](crate::convert::pricing::Pricer::improve)
//! with one round: no round is repeated). Three things the thorough planner does are
//! left out ([`Grouped::DEFAULT`]): the deals into one and two
//! more passes than first fit uses, the swap repair of first fit from the right, and
//! the moves of an emitter to a pass of its own (in both sweeps); a unit test checks
//! that leaving them out lowers the planner's work. Every plan is
//! priced in every order of up to three passes (of more: the
//! grouping order, the passes needing no landing first, and the dearest first), with
//! the same fills, landing rule and least-cost bounds as the thorough planner; the
//! greedy classic split is priced first, so no plan costs more than it.
//!
//! # Work per row (worst case)
//! A fixed scan: no recursion, no enumeration of covers, groupings or orders beyond
//! the fixed ones above, the stages (no stage is undone) and one sweep of moves from
//! the first cover's first-fit groupings and from the best plan (none repeated). The unit is the
//! *fill price* (a request for the cheapest fill of one pass on given support: at
//! most two strip tilings, each a left-to-right DP over the 21 columns of static
//! fit-index loads, plus wide-pattern and emitter lookups; many are answered by the
//! planner's caches). A grouping costs at most [`GROUPING_PRICES`] = 72 (its passes'
//! least costs, then the orders; see [`thorough`](super::thorough)). At most: the greedy
//! split (17); [`COVER_SLOTS`] = 4 covers × (4 first-fit groupings + 1 round-robin
//! deal) = 20 groupings; the stages: 1 first pass × 3
//! staged passes × 1 grouping of the rest = 3 groupings; the one-row passes first:
//! 2 first passes = 2 groupings; the first-fit moves: 1 grouping × 17 emitters × 16
//! other passes = 272 groupings; the round of local moves: 17 least costs, then
//! 17 × 16 moves, 136 swaps, 5 × 18 splits and 15 × 18 merges = 768 groupings. In
//! all **at most 76,714 fill prices
//! per row**, whatever the row; a unit test counts them on adversarial rows. The
//! stages also run at most 1 × 2 × 5 = 10 bar reaches (a DP over the 21 columns, each
//! step one load of the compile-time bar-step tables: at most 21 × 8 + 5 + 5 = 178
//! loads) and 1 × 2 × 2 = 4 walks back (at most 21 steps of at most 14 loads), and
//! the one-row passes first at most
//! 2 + 2 × 17 = 36 column DPs (21 columns × at most 18 steps, then a walk of at
//! most 21). The `ratio` example measures the time against the greedy converter's.

use crate::convert::grouping::{Deals, End, OneRow, Stages};
use crate::convert::local_moves::Targets;
use crate::convert::plan::{Candidate, RowPlan};
#[cfg(test)]
use crate::convert::pricing::Parts;
use crate::convert::pricing::{Part, Pricer, REPAIR_CHECKS};
use crate::convert::row::RowInput;
use crate::convert::row_planner::RowPlanner;
use crate::tables;

use super::classic;

/// The most fill prices one grouping of a cover into passes costs: a least cost per
/// pass (at most 17, and 4 more for a split or merge), then its price in every order
/// of up to three passes (6 × 3) or in three orders of more (3 × 17).
pub(crate) const GROUPING_PRICES: u32 = 17 + 4 + 3 * 17;

/// Swaps the repair checks per row at most.
const REPAIR_SWAPS: u32 = REPAIR_CHECKS;

/// The most covers the planner prices per row: one per slot of the run-cover table
/// ([`tables::run_covers`]).
pub(crate) const COVER_SLOTS: usize = tables::RUN_COVER_SLOTS;

/// How [`Grouped::DEFAULT`] stages its first cover ([`Pricer::offer_staged`]): on rows
/// of at least [`STAGED_PIXELS`] pixels, from the first-fit pass from the right, at
/// most three staged passes, the rest grouped first fit from the left after each: at
/// most 1 run × 3 stages × 1 grouping per row.
const STAGES: Stages = Stages {
    min_pixels: STAGED_PIXELS,
    from_left: false,
    firsts: 0,
    passes: 3,
    rest_every_way: false,
};

/// The rows of at least this many pixels [`Grouped::DEFAULT`] groups in stages: the
/// dense rows, whose cheapest plans are mostly passes of bars (the [`grouping`] module
/// docs); on sparser rows the stages find such passes less often.
///
/// [`grouping`]: crate::convert::grouping
const STAGED_PIXELS: usize = 15;

/// How [`Grouped::STAGED`] stages its first cover: as [`STAGES`], but on rows of at
/// least [`MORE_STAGED_PIXELS`] pixels, from the [`STAGE_FIRSTS`] stage options too
/// besides the first-fit pass from the right, and the rest grouped every way after each
/// stage (first fit from either end and three round-robin deals): at most 3 first
/// passes × 3 stages × 5 groupings per row.
///
/// [`STAGE_FIRSTS`]: crate::convert::grouping::STAGE_FIRSTS
const MORE_STAGES: Stages = Stages {
    min_pixels: MORE_STAGED_PIXELS,
    firsts: crate::convert::grouping::STAGE_FIRSTS,
    rest_every_way: true,
    ..STAGES
};

/// The rows of at least this many pixels [`Grouped::STAGED`] groups in stages
/// ([`MORE_STAGES`]).
const MORE_STAGED_PIXELS: usize = 11;

// The default stages no sparser row than the staged policy does (else a row below
// `MORE_STAGED_PIXELS` would be staged by one of them only).
const _: () = assert!(STAGED_PIXELS >= MORE_STAGED_PIXELS);

/// The grouped planner, and its policy: what it does on a row besides grouping each
/// cover first fit from both ends. Its first cover (each run's first slot: the
/// thorough planner's cover of the run alone) gets the stages and the moves; the other
/// covers get neither.
#[derive(Clone, Copy)]
pub(crate) struct Grouped {
    /// How the first cover is grouped in stages ([`Pricer::offer_staged`]; none: not).
    stages: Option<Stages>,
    /// Which first-fit groupings of the first cover are also offered with each emitter
    /// moved ([`Pricer::offer_each_moved`]); with any, the first cover is also grouped
    /// one-row passes first ([`Pricer::offer_one_row_first`]).
    moves: Moves,
    /// The round-robin deals of every cover ([`Pricer::offer_round_robin`]).
    deals: Deals,
    /// Whether the swap repair runs on every cover ([`Pricer::repair`]).
    repair: bool,
    /// Where the first-fit moves and the round of local moves ([`Pricer::improve`])
    /// take an emitter.
    targets: Targets,
    /// The parts a unit test leaves out (test builds only).
    #[cfg(test)]
    pub(crate) left_out: Parts,
}

impl Grouped {
    /// The default planner ([`Planner::Grouped`](crate::Planner::Grouped)): the first
    /// cover staged on dense rows ([`STAGES`]), its first-fit grouping from the right
    /// moved and grouped one-row passes first, one round-robin deal per cover, no swap
    /// repair, and moves only between passes (the frontier table of `docs/converter.md`
    /// has its pieces and instructions beside the other planners').
    pub(crate) const DEFAULT: Grouped = Grouped {
        stages: Some(STAGES),
        moves: Moves::FromRight,
        deals: Deals::FirstFit,
        repair: false,
        targets: Targets::OtherPasses,
        #[cfg(test)]
        left_out: Parts::NONE,
    };

    /// The row planner that prices direct placement's pieces and plans its rows:
    /// [`Grouped::DEFAULT`] with its first cover staged more ([`MORE_STAGES`]: on rows
    /// of at least 11 pixels, from 3 first passes, the rest grouped every way after each
    /// stage; at most 79,738 fill prices per row: [`Grouped::max_fill_prices`]). Direct
    /// pieces leave rows of odd counts whose cheapest plans the stages find.
    pub(crate) const STAGED: Grouped = Grouped {
        stages: Some(MORE_STAGES),
        ..Grouped::DEFAULT
    };

    /// Everything on every cover it is given: staged as the thorough planner stages every
    /// cover ([`Stages::EVERY`]), both first-fit groupings moved, three round-robin deals,
    /// the swap repair and the moves to a pass of the emitter's own too. What
    /// [`price_cover`] prices a cover with (the run-cover table is ranked so, at build
    /// time, where the work is paid once).
    #[cfg(any(test, feature = "search"))]
    const EVERYTHING: Grouped = Grouped {
        stages: Some(Stages::EVERY),
        moves: Moves::FromBoth,
        deals: Deals::Three,
        repair: true,
        targets: Targets::OrOwn,
        #[cfg(test)]
        left_out: Parts::NONE,
    };

    /// The most fill prices a row requests with this policy (see the module docs): for
    /// [`Grouped::DEFAULT`] 76,714, for [`Grouped::STAGED`] 79,738 (its first cover
    /// staged from 3 first passes, not 1, the rest grouped 5 ways after each of the 3
    /// stages, not 1).
    pub(crate) const fn max_fill_prices(self) -> u32 {
        let (covers, g) = (COVER_SLOTS as u32, GROUPING_PRICES);
        // The first cover grouped one-row passes first, its first-fit groupings moved
        // and its groupings in stages; the others none of these.
        let one_row_first = if self.moves.ends() > 0 { 1 } else { 0 };
        let moved = self.moves.ends();
        let stage_groupings = match self.stages {
            Some(stages) => stages.groupings(),
            None => 0,
        };
        let greedy = 17;
        let groupings = covers * (4 + self.deals.count() as u32) * g;
        let repair = if self.repair {
            covers * 2 * 17 + REPAIR_SWAPS * (2 + g)
        } else {
            0
        };
        let stages = stage_groupings * g;
        let one_row = one_row_first * 2 * g;
        // Each emitter moved to each other pass (16 at most), and to one of its own if
        // `self.targets` says so.
        let targets = self.targets.end(16) as u32;
        let first_fit_moves = moved * 17 * targets * g;
        let local_moves = 17 + (17 * targets + 136 + 5 * 18 + 15 * 18) * g;
        greedy + groupings + repair + stages + one_row + first_fit_moves + local_moves
    }

    /// Whether [`Grouped::STAGED`] plans `row` exactly as [`Grouped::DEFAULT`] does: they
    /// differ only in the first cover's stages, and neither stages a row of fewer than
    /// [`MORE_STAGED_PIXELS`] pixels (a unit test compares their plans).
    pub(crate) const fn staged_is_default(row: &RowInput) -> bool {
        row.len < MORE_STAGED_PIXELS
    }

    /// The row planned by lookups (see the module docs): the greedy classic split, then
    /// the row's covers from the run-cover table, each grouped into passes by the fixed
    /// rules of [`Pricer::offer_cover`] and priced, then one round of local moves; the
    /// cheapest plan, and the fill prices it requested.
    fn plan_counted(self, row: &RowInput) -> (RowPlan, u32) {
        let mut c = Candidate::EMPTY;
        let (greedy, passes) = classic::greedy_passes(row);
        let mut pricer = Pricer::start(row, &greedy[..passes], &mut c);
        #[cfg(test)]
        {
            pricer.left_out = self.left_out;
        }
        if !self.repair {
            // No swap may be checked: the repair does nothing.
            pricer.repairs = 0;
        }
        let mut covers = [0u32; COVER_SLOTS];
        for (start, len) in runs(row) {
            let slots = tables::run_covers(row.colour[start], row.x[start], len as u8);
            for (k, cover) in covers.iter_mut().enumerate() {
                let flips = slots.get(k).or(slots.first()).copied().unwrap_or(0);
                *cover |= u32::from(flips) << start;
            }
        }
        for k in 0..COVER_SLOTS {
            if covers[..k].contains(&covers[k]) {
                continue;
            }
            pricer.offer_cover(&mut c, covers[k], self, k == 0);
        }
        let rounds = usize::from(pricer.has(Part::LocalMoves));
        pricer.improve(rounds, self.targets);
        let prices = pricer.prices;
        (pricer.finish(), prices)
    }
}

impl RowPlanner for Grouped {
    type Plan = RowPlan;

    fn plan(&self, row: &RowInput) -> RowPlan {
        let (plan, prices) = self.plan_counted(row);
        debug_assert!(prices <= self.max_fill_prices(), "{prices} fill prices");
        plan
    }
}

/// Which first-fit groupings of the first cover [`Pricer::offer_cover`] also offers with
/// each emitter moved.
#[derive(Clone, Copy)]
enum Moves {
    /// The one from the right end (first fit from the right packs the right end's
    /// emitters first; a move balances the last pass it left light).
    FromRight,
    /// Both (what the run-cover table is ranked with).
    #[cfg(any(test, feature = "search"))]
    FromBoth,
}

impl Moves {
    /// How many first-fit groupings are moved.
    const fn ends(self) -> u32 {
        match self {
            Moves::FromRight => 1,
            #[cfg(any(test, feature = "search"))]
            Moves::FromBoth => 2,
        }
    }
}

impl Pricer<'_> {
    /// Offers the cover with flipped emitters starting at the pixels in `flips` (a mask
    /// of pixel indexes, each the first of three adjacent pixels of one colour) and
    /// singles elsewhere, grouped first fit from both ends ([`Pricer::offer_groupings`])
    /// and dealt round robin as `policy` says ([`Pricer::offer_round_robin`]); the
    /// `first` cover also in stages ([`Pricer::offer_staged`]), each first-fit grouping
    /// with each emitter moved (to the passes `policy` says), and one-row passes first
    /// from the widest and from the first one-row pass ([`Pricer::offer_one_row_first`]).
    fn offer_cover(&mut self, c: &mut Candidate, flips: u32, policy: Grouped, first: bool) {
        if self.best <= self.floor {
            return;
        }
        c.len = 0;
        let mut i = 0;
        while i < self.row.len {
            match self.flips[i] {
                Some(f) if flips >> i & 1 != 0 => {
                    c.emits[c.len] = f;
                    i += 3;
                }
                _ => {
                    c.emits[c.len] = self.singles[i];
                    i += 1;
                }
            }
            c.len += 1;
        }
        let moves = (first && self.has(Part::FirstFitMoves)).then_some(policy.moves);
        let from_left = moves
            .is_some_and(|m| m.ends() == 2)
            .then_some(policy.targets);
        let (by_left, first_fit) = self.offer_groupings(c, End::Left, from_left);
        let from_right = moves.is_some().then_some(policy.targets);
        let (by_right, _) = self.offer_groupings(c, End::Right, from_right);
        self.offer_round_robin(c, &by_left, first_fit, policy.deals);
        if !first {
            return;
        }
        if let Some(stages) = policy.stages {
            self.offer_staged(c, Some(&[by_left, by_right]), stages);
        }
        let all = (1 << c.len) - 1;
        let dp = OneRow::of(c, all);
        let (widest, first) = (dp.pass(c, true), dp.pass(c, false));
        self.offer_one_row_first(c, widest);
        if first != widest {
            self.offer_one_row_first(c, first);
        }
    }
}

/// The runs of `row`: same-colour pixels in adjacent columns, as `(first pixel, length)`.
fn runs(row: &RowInput) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    core::iter::from_fn(move || {
        if i >= row.len {
            return None;
        }
        let start = i;
        i += 1;
        while i < row.len && row.x[i] == row.x[i - 1] + 1 && row.colour[i] == row.colour[start] {
            i += 1;
        }
        Some((start, i - start))
    })
}

/// The fewest pieces of `row` with the flipped emitters starting at the pixels in
/// `flips` (a mask of pixel indexes) and singles for the rest, grouped and ordered as
/// [`Grouped::DEFAULT`] does; `None` if no grouping has a fill. What the run-cover table
/// ranks covers by (`search::covers`), not used by any converter.
#[cfg(feature = "search")]
pub(crate) fn price_cover(row: &RowInput, flips: u32) -> Option<u32> {
    let mut c = Candidate::EMPTY;
    let (greedy, passes) = classic::greedy_passes(row);
    let mut pricer = Pricer::start(row, &greedy[..passes], &mut c);
    // Not the greedy split's price: only this cover's.
    pricer.clear_best();
    // Everything on it, as on a row's first cover.
    pricer.offer_cover(&mut c, flips, Grouped::EVERYTHING, true);
    pricer.best_pieces()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::planners::thorough::Thorough;
    use crate::sprite::Sprite;
    use crate::xorshift::xorshift;

    /// The most fill prices [`Grouped::DEFAULT`] and [`Grouped::STAGED`] request.
    const MAX_FILL_PRICES: u32 = Grouped::DEFAULT.max_fill_prices();
    const MAX_STAGED_FILL_PRICES: u32 = Grouped::STAGED.max_fill_prices();

    /// `row` planned by `policy` with the parts `left_out` left out, and the fill prices
    /// it requested.
    fn counted(row: &RowInput, policy: Grouped, left_out: Parts) -> (RowPlan, u32) {
        Grouped { left_out, ..policy }.plan_counted(row)
    }

    /// The grouped planner without its moves: no first-fit moves
    /// ([`Pricer::offer_each_moved`]) and no round of local moves.
    const NO_MOVES: Parts = Parts::NONE.and(Part::LocalMoves).and(Part::FirstFitMoves);

    /// A row of 12 pixels (`002002·010002`, from column 4) that the first cover's
    /// first-fit moves ([`Pricer::offer_each_moved`], from the right) bring down to
    /// the thorough planner's plan: 45 pieces, passes of 5, 5 and 2 pixels on fills of
    /// 14, 12 and 9 pieces. Everything else the planner tries (first fit from either
    /// end, the deal, the one-row passes first and a round of local moves;
    /// the row is too sparse for the stages) stops at 66: passes of 5, 4, 2 and 1
    /// pixels whose fills need 12, 18, 9 and 15.
    #[test]
    fn the_first_fit_moves_reach_the_thorough_plan() {
        let row = RowInput::of(&Sprite::from_ascii("002002.010002").unwrap(), 0);
        let no_first_fit_moves = Parts::NONE.and(Part::FirstFitMoves);
        let (with, without) = (
            Grouped::DEFAULT.plan(&row),
            counted(&row, Grouped::DEFAULT, no_first_fit_moves).0,
        );
        assert_eq!(with.pieces, Thorough::DEFAULT.plan(&row).pieces);
        assert_eq!((with.pieces, without.pieces), (45, 66));
        let pixels = |p: &RowPlan| {
            let c = &p.plan;
            c.order[..c.passes]
                .iter()
                .map(|&k| {
                    (0..c.len)
                        .filter(|&i| c.pass_of[i] == k)
                        .map(|i| u32::from(c.emits[i].pixels()))
                        .sum::<u32>()
                })
                .collect::<Vec<_>>()
        };
        let fills =
            |p: &RowPlan, n: usize| p.fills[..n].iter().map(|f| f.pieces()).collect::<Vec<_>>();
        assert_eq!(
            (pixels(&with), fills(&with, 3)),
            (vec![5, 5, 2], vec![14, 12, 9])
        );
        assert_eq!(
            (pixels(&without), fills(&without, 4)),
            (vec![5, 4, 2, 1], vec![12, 18, 9, 15])
        );
    }

    /// The stages run on rows of at least [`STAGED_PIXELS`] pixels only: on sparser
    /// rows the planner requests exactly the fill prices it requests without them; on
    /// `05_noise17x32`'s bottom row (17 pixels) they find the thorough planner's 62
    /// pieces, 83 without them.
    #[test]
    fn the_stages_run_on_dense_rows_only() {
        let unstaged = Grouped {
            stages: None,
            ..Grouped::DEFAULT
        };
        let mut rng = xorshift(0x5EED_57A6_ED00_0001);
        let mut sparse = 0;
        for _ in 0..200 {
            let art: String = (0..17)
                .map(|_| char::from(b"0120."[(rng() % 5) as usize]))
                .collect();
            let Ok(sprite) = Sprite::from_ascii(&art) else {
                continue;
            };
            let row = RowInput::of(&sprite, 0);
            if row.len < STAGED_PIXELS {
                let (staged, staged_prices) = counted(&row, Grouped::DEFAULT, Parts::NONE);
                let (plain, plain_prices) = counted(&row, unstaged, Parts::NONE);
                assert_eq!(
                    (staged_prices, staged.pieces),
                    (plain_prices, plain.pieces),
                    "{art}"
                );
                sparse += 1;
            }
        }
        assert!(sparse > 100, "{sparse} sparse rows");
        let row = RowInput::of(&Sprite::from_ascii("01100202110201002").unwrap(), 0);
        let staged = counted(&row, Grouped::DEFAULT, Parts::NONE).0.pieces;
        let plain = counted(&row, unstaged, Parts::NONE).0.pieces;
        assert_eq!((staged, plain), (62, 83));
        assert_eq!(staged, Thorough::DEFAULT.plan(&row).pieces);
    }

    /// The parts [`Grouped::DEFAULT`] leaves out (the deals into more passes, the repair, the
    /// moves to a pass of the emitter's own) are really left out: over random dense
    /// rows the default requests fewer fill prices than with them on nine rows in ten
    /// and in all (not on every row: a cheaper plan the parts find early can prune
    /// more of what follows).
    #[test]
    fn the_default_leaves_out_what_everything_does_more() {
        let every = Grouped {
            stages: Some(STAGES),
            moves: Moves::FromRight,
            ..Grouped::EVERYTHING
        };
        let mut rng = xorshift(0x0DEF_A017_0000_0035);
        let (mut fewer, mut rows, mut cut_sum, mut all_sum) = (0, 0, 0, 0);
        for _ in 0..200 {
            let art: String = (0..17)
                .map(|_| char::from(b"0120"[(rng() % 4) as usize]))
                .collect();
            let row = RowInput::of(&Sprite::from_ascii(&art).unwrap(), 0);
            let (_, cut_prices) = counted(&row, Grouped::DEFAULT, Parts::NONE);
            let (_, all_prices) = counted(&row, every, Parts::NONE);
            fewer += usize::from(cut_prices < all_prices);
            (rows, cut_sum, all_sum) = (rows + 1, cut_sum + cut_prices, all_sum + all_prices);
        }
        assert!(
            10 * fewer >= 9 * rows && cut_sum < all_sum,
            "{fewer} of {rows} rows with fewer fill prices; {cut_sum} in all, {all_sum} with \
             every part"
        );
    }

    /// [`Grouped::STAGED`] plans a row exactly as [`Grouped::DEFAULT`] does where
    /// [`Grouped::staged_is_default`] says so (the same pieces, passes and fills), and on rows
    /// of [`MORE_STAGED_PIXELS`] pixels and more it finds cheaper plans (so the
    /// threshold is the planners' own: one pixel lower and some row would differ).
    #[test]
    fn the_staged_planner_is_the_default_on_sparser_rows() {
        let mut rng = xorshift(0x57A6_ED00_DEFA_0011);
        let (mut same, mut cheaper_at_threshold) = (0, 0);
        for _ in 0..2000 {
            let n = 6 + (rng() % 12) as usize;
            let art: String = (0..17)
                .map(|x| match x < n {
                    true => char::from(b"012"[(rng() % 3) as usize]),
                    false => '.',
                })
                .collect();
            let row = RowInput::of(&Sprite::from_ascii(&art).unwrap(), 0);
            let (staged, default) = (Grouped::STAGED.plan(&row), Grouped::DEFAULT.plan(&row));
            if Grouped::staged_is_default(&row) {
                let passes = |p: &RowPlan| (p.pieces, p.plan.pass_of, p.plan.order, p.fills);
                assert_eq!(passes(&staged), passes(&default), "{art}");
                same += 1;
            } else if row.len == MORE_STAGED_PIXELS && staged.pieces < default.pieces {
                cheaper_at_threshold += 1;
            }
        }
        assert!(
            same > 500 && cheaper_at_threshold > 0,
            "{same} rows the same, {cheaper_at_threshold} of {MORE_STAGED_PIXELS} pixels cheaper"
        );
    }

    /// Over random dense rows the moves never make a row dearer (they only add
    /// candidates) and make many cheaper.
    #[test]
    fn the_moves_lower_dense_rows() {
        let mut rng = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut cheaper, mut saved) = (0, 0);
        for _ in 0..300 {
            let art: String = (0..17)
                .map(|_| char::from(b"0120"[(rng() % 4) as usize]))
                .collect();
            let row = RowInput::of(&Sprite::from_ascii(&art).unwrap(), 0);
            let (with, without) = (
                Grouped::DEFAULT.plan(&row),
                counted(&row, Grouped::DEFAULT, NO_MOVES).0,
            );
            assert!(with.pieces <= without.pieces, "{art}");
            cheaper += usize::from(with.pieces < without.pieces);
            saved += without.pieces - with.pieces;
        }
        assert!(
            cheaper >= 20,
            "{cheaper} rows cheaper, {saved} pieces saved"
        );
    }

    /// The bound on work the docs state (the module's and [`Planner::Grouped`]'s) is
    /// [`MAX_FILL_PRICES`].
    ///
    /// [`Planner::Grouped`]: crate::Planner::Grouped
    #[test]
    fn the_docs_state_the_bound() {
        use crate::convert::doc_figures::{assert_says, thousands};
        let figure = |n: u32| format!("{} fill prices", thousands(u64::from(n)));
        let (bound, staged) = (figure(MAX_FILL_PRICES), figure(MAX_STAGED_FILL_PRICES));
        assert_says("planners/grouped.rs", include_str!("grouped.rs"), &bound);
        assert_says("planner.rs", include_str!("../planner.rs"), &bound);
        assert_says("planners/grouped.rs", include_str!("grouped.rs"), &staged);
    }

    /// The stated bounds on work ([`Grouped::DEFAULT`]'s and [`Grouped::STAGED`]'s) hold on
    /// adversarial rows: every colour alternating,
    /// full rows, checkerboards, runs of every length and random rows, each over an
    /// empty row below (held up), over a checkerboard (every other pixel over a hole)
    /// and with random cells filled before its passes (as direct pieces leave them).
    #[test]
    fn fill_prices_stay_within_the_stated_bound() {
        let mut rng = xorshift(0x0DDB_1A5E_5BAD_5EED);
        let mut rows: Vec<String> = Vec::new();
        for k in 0..3 {
            let c = |i: usize| char::from(b'0' + ((i + k) % 3) as u8);
            let d = |i: usize| char::from(b'0' + ((i / 3 + k) % 3) as u8);
            rows.push((0..17).map(c).collect());
            rows.push((0..17).map(d).collect());
            rows.push(
                (0..17)
                    .map(|i| if i % 2 == 0 { c(i / 2) } else { '.' })
                    .collect(),
            );
            rows.push(
                (0..17)
                    .map(|i| if i % 2 == 1 { c(i) } else { '.' })
                    .collect(),
            );
            rows.push(c(0).to_string().repeat(17));
        }
        for len in 1..=17 {
            rows.push("0".repeat(len));
        }
        for _ in 0..300 {
            rows.push(
                (0..17)
                    .map(|_| char::from(b"0120."[(rng() % 5) as usize]))
                    .collect(),
            );
        }
        let (mut most, mut most_row) = (0, String::new());
        let (mut most_staged, mut most_staged_row) = (0, String::new());
        for art in &rows {
            // Below: nothing (the floor), a full row, a checkerboard.
            for below in ["", "00000000000000000", "0.0.0.0.0.0.0.0.0"] {
                let (text, y) = match below {
                    "" => (art.clone(), 0),
                    _ => (format!("{art:.<17}\n{below}"), 1),
                };
                let Ok(sprite) = Sprite::from_ascii(&text) else {
                    assert!(!art.contains(['0', '1', '2']), "{text}");
                    continue;
                };
                let mut row = RowInput::of(&sprite, y);
                for support in [0, rng() as u32] {
                    let pixels = row.x[..row.len].iter().fold(0u32, |m, &x| m | 1 << x);
                    row.support = support & ((1 << 21) - 1) & !pixels;
                    let (_, prices) = counted(&row, Grouped::DEFAULT, Parts::NONE);
                    if prices > most {
                        (most, most_row) = (prices, format!("{art} over {below:?}"));
                    }
                    let (_, prices) = counted(&row, Grouped::STAGED, Parts::NONE);
                    if prices > most_staged {
                        (most_staged, most_staged_row) = (prices, format!("{art} over {below:?}"));
                    }
                }
            }
        }
        assert!(
            most <= MAX_FILL_PRICES,
            "{most} fill prices (row {most_row}) > the stated {MAX_FILL_PRICES}"
        );
        assert!(
            most_staged <= MAX_STAGED_FILL_PRICES,
            "{most_staged} fill prices staged (row {most_staged_row}) > the stated \
             {MAX_STAGED_FILL_PRICES}"
        );
        // The count is real: a dense row takes many, and more with the first cover staged
        // in full.
        assert!(most > 200, "{most} fill prices at most ({most_row})");
        assert!(
            most_staged > most,
            "{most_staged} fill prices staged at most"
        );
    }
}
