//! The thorough planner of [`Planner::Thorough`](crate::Planner::Thorough): every cover of
//! the row by flipped emitters, then local moves, all priced by the shared
//! [`Pricer`] ([`crate::convert::pricing`]).
//!
//! This planner enumerates every way to cover the row's runs of same-colour pixels with
//! flipped emitters (at most 406 for 17 pixels), groups each cover's emitters into
//! passes first fit, once by left end and once by right end from the right (first fit
//! uses the fewest passes either way, but packs different emitters together), each
//! with flips among singles and apart from them, tries every order of up to three
//! passes (of more: the grouping order, the passes needing no landing first, and the
//! dearest first, by least cost) (when first fit from the right leaves a pass with no
//! fill at all, also with one overlapping pair swapped, [`Pricer::repair`]), in
//! stages ([`Pricer::offer_staged`] with [`Stages::EVERY`]: every cover, until no
//! single is left; the grouped planner stages its first cover only), one-row passes first
//! ([`Pricer::offer_one_row_first`]: from the widest one-row pass, as the grouped
//! planner does, and from each of the first [`ONE_ROW_FIRSTS`] its bounded enumeration
//! finds), and, when the cover
//! has at most [`PARTITION_EMITTERS`] emitters, every way ([`Pricer::partitions`]),
//! and keeps
//! the cheapest plan, starting from the greedy classic split, so it
//! never does worse than that. Then it improves the best plan by local moves
//! ([`Pricer::improve`]): each emitter moved to another pass (or one of its own),
//! each pair in different passes swapped, each flipped emitter split into its singles,
//! each three singles on a run merged into a flipped one, every result priced in every
//! order of up to three passes; for at most [`IMPROVE_ROUNDS`] rounds. Last, a best
//! plan of four or five passes is priced in every order of its passes. First fit packs
//! passes by position, blind to their matrices; the moves find groupings whose passes
//! close in fewer matrix rows. It stops at the floor.
//!
//! # Work per row (worst case)
//! Bounded, but a search, not a grouped (the default is the grouped planner,
//! [`super::grouped`], which prices a fixed few of these candidates instead). No branch-and-bound and no node limit: every loop has a fixed bound,
//! and the cover enumeration recurses at most 17 deep (one level per pixel).
//! A *grouping price* is one candidate's least costs (at most 17 fill prices, and at
//! most 4 more for a split or merge, looked up before it is built), then its price in
//! every order of up to three passes (6 × 3 fill prices) or in three orders of more
//! (3 × 17): at most 72 fill prices.
//! - at most 406 covers (17 pixels in one run: the ways to write 17 as ones and
//!   threes), each grouped four times (two ends, flips with singles or apart): at
//!   most 1,624 grouping prices, and the right end's least costs looked up twice more
//!   for the repair (2 × 406 × 17 = 13,804 fill prices);
//! - each cover grouped in stages: at most 4 first passes × 17 stages × 5 groupings
//!   of the rest = 340 grouping prices, 138,040 for the 406 covers, and 406 × 4 × 18 × 5 = 146,160
//!   bar reaches and 406 × 140 = 56,840 walks back;
//! - each cover grouped one-row passes first from at most 1 + [`ONE_ROW_FIRSTS`] = 33
//!   first passes: 13,398 grouping prices for the 406 covers, each cover's enumeration
//!   at most [`ONE_ROW_STEPS`] = 256 steps, and 406 × 33 × 17 column DPs;
//! - each cover of at most 8 emitters grouped every way: at most B(8) = 4,140 grouping
//!   prices a cover (the restricted-growth recursion, at most 8 deep, skips groupings
//!   whose passes overlap), 1,680,840 for 406 covers;
//! - at most [`REPAIR_CHECKS`] = 64 swaps of the repair per row, each two fill prices
//!   and at most one grouping price;
//! - one descent by local moves, at most 3 rounds of at most 17 × 17 moves, 136 swaps,
//!   5 × 18 splits and 15 × 18 merges: at most 3 × 785 = 2,355 grouping prices, plus
//!   the start plan's least costs each round (3 × 17 = 51 fill prices), though moves
//!   that overlap, and moves whose passes' floors or least costs cannot beat the best,
//!   are skipped before pricing;
//! - at most 120 orders of the best plan, after its least costs (605 fill prices);
//! - so at most (1,624 + 138,040 + 13,398 + 1,680,840 + 64 + 2,355) × 72 + 13,804 +
//!   128 + 51 + 605 = 132,229,700 fill prices. A fill price is
//!   at most two strip tilings (the heights `h ≤ 5` with `21·h ≡ bottom cells (mod 4)`),
//!   each a left-to-right DP over the 21 columns with one inner-fit load and at most
//!   five edge-fit loads per column, a wide-pattern lookup at each of those heights and
//!   at 6 rows (a probe of an open-addressing index of 1,649 keys), plus one emitter
//!   lookup; two direct-mapped caches skip repeats (16 slots, and 128 for the fills on
//!   the row's most support).
//!
//! [`REPAIR_CHECKS`]: crate::convert::pricing::REPAIR_CHECKS

use crate::bits::Bits;
use crate::playfield::WIDTH;
use crate::sprite::MAX_WIDTH;

use crate::convert::grouping::{one_row_pass, End, Stages};
use crate::convert::local_moves::Targets;
use crate::convert::plan::{Candidate, RowPlan};
#[cfg(test)]
use crate::convert::pricing::Parts;
use crate::convert::pricing::{sums_of, Floors, Part, PassSum, Pricer, ORDERS_OF_FIVE};
use crate::convert::row::RowInput;
use crate::convert::row_planner::RowPlanner;

use super::classic;

/// Rounds of [`Pricer::improve`] at most (a round that finds nothing cheaper ends it).
const IMPROVE_ROUNDS: usize = 3;

/// Covers of at most this many emitters are grouped every way ([`Pricer::partitions`]):
/// at most B(8) = 4,140 groupings each (B(9) = 21,147 and B(10) = 115,975: a larger
/// cap multiplies this planner's time for few pieces).
const PARTITION_EMITTERS: usize = 8;

/// Each cover is grouped one-row passes first from at most this many first passes
/// ([`Pricer::offer_one_row_first`]).
const ONE_ROW_FIRSTS: usize = 32;

/// Steps (calls) one enumeration of one-row passes ([`one_row_passes`]) takes at most.
const ONE_ROW_STEPS: u32 = 256;

/// The thorough planner ([`Planner::Thorough`](crate::Planner::Thorough)). Its policy is
/// its caps ([`IMPROVE_ROUNDS`], [`PARTITION_EMITTERS`], [`ONE_ROW_FIRSTS`],
/// [`ONE_ROW_STEPS`]) and its code; only the unit tests leave parts of it out.
#[derive(Clone, Copy)]
pub(crate) struct Thorough {
    /// The parts a unit test leaves out (test builds only).
    #[cfg(test)]
    pub(crate) left_out: Parts,
}

impl Thorough {
    /// The thorough planner, every part in.
    pub(crate) const DEFAULT: Thorough = Thorough {
        #[cfg(test)]
        left_out: Parts::NONE,
    };
}

impl RowPlanner for Thorough {
    type Plan = RowPlan;

    /// Plans a row: the greedy classic split first (a bound for the planner's own
    /// candidates, so the result never costs more), then every cover grouped and
    /// ordered ([`Pricer::covers`]), then [`IMPROVE_ROUNDS`] rounds of local moves on
    /// the best plan ([`Pricer::improve`]).
    fn plan(&self, row: &RowInput) -> RowPlan {
        let mut c = Candidate::EMPTY;
        let (greedy, passes) = classic::greedy_passes(row);
        let mut pricer = Pricer::start(row, &greedy[..passes], &mut c);
        #[cfg(test)]
        {
            pricer.left_out = self.left_out;
        }
        // The greedy split bounds the search below. The planner's own candidates may tie
        // with it (`best` is one above) and then win.
        let greedy_cost = pricer.best;
        pricer.best = greedy_cost.saturating_add(1);
        c.len = 0;
        pricer.covers(&mut c, 0);
        if pricer.best == greedy_cost.saturating_add(1) {
            pricer.best = greedy_cost;
        }
        let rounds = if pricer.has(Part::LocalMoves) {
            IMPROVE_ROUNDS
        } else {
            0
        };
        pricer.improve(rounds, Targets::OrOwn);
        if rounds > 0 {
            pricer.reorder();
        }
        pricer.finish()
    }
}

impl Pricer<'_> {
    /// The best plan, if it has four or five passes, in every order of its passes (the
    /// plans before it were tried in at most three orders of more than three passes).
    fn reorder(&mut self) {
        let Some(c) = self.best_plan else {
            return;
        };
        if !(4..=5).contains(&c.passes) || self.best <= self.floor {
            return;
        }
        let (sums, n) = (sums_of(&c), c.passes);
        let mut floors = Floors::of(&sums, n);
        if !self.tighten(&sums[..n], &mut floors) {
            return;
        }
        for o in ORDERS_OF_FIVE {
            if o[n..]
                .iter()
                .enumerate()
                .all(|(i, &p)| usize::from(p) == n + i)
            {
                self.offer(&sums, &o[..n], floors, &|| c);
            }
        }
    }

    /// Offers every grouping of `c`'s emitters `i..` into passes (the first `i` in
    /// passes `0..passes` already, summed in `sums`), no two of a pass overlapping: each
    /// joins a pass before it or opens the next (restricted growth).
    fn partitions(
        &mut self,
        c: &mut Candidate,
        i: usize,
        passes: usize,
        sums: &mut [PassSum; MAX_WIDTH],
    ) {
        if self.best <= self.floor {
            return;
        }
        if i == c.len {
            let pass_of = c.pass_of;
            self.offer_grouped(c, &mut sums.clone(), &pass_of, passes);
            return;
        }
        let e = c.emits[i];
        for p in 0..=passes {
            if p < passes && sums[p].above & e.above != 0 {
                continue;
            }
            if p == passes {
                sums[p] = PassSum::ZERO;
            }
            sums[p].add(&e);
            c.pass_of[i] = p as u8;
            self.partitions(c, i + 1, passes.max(p + 1), sums);
            sums[p].remove(&e);
        }
    }

    /// Offers `c`'s emitters grouped one-row passes first
    /// ([`Pricer::offer_one_row_first`]) from the widest one-row pass (as the grouped
    /// planner does) and from each other of the first [`ONE_ROW_FIRSTS`] one-row passes
    /// [`one_row_passes`] finds.
    fn offer_one_row_firsts(&mut self, c: &Candidate) {
        if !self.has(Part::OneRowFirst) || self.best <= self.floor {
            return;
        }
        let mut firsts = [0u32; ONE_ROW_FIRSTS];
        let mut found = 0;
        one_row_passes(c, (1 << c.len) - 1, ONE_ROW_STEPS, &mut |set, _| {
            if found < firsts.len() {
                firsts[found] = set;
                found += 1;
            }
        });
        let widest = one_row_pass(c, (1 << c.len) - 1, true);
        self.offer_one_row_first(c, widest);
        for &first in &firsts[..found] {
            if first != widest {
                self.offer_one_row_first(c, first);
            }
        }
    }

    /// Offers the cover `c` grouped first fit from both ends
    /// ([`Pricer::offer_groupings`]), in stages ([`Stages::EVERY`]), one-row passes
    /// first ([`Pricer::offer_one_row_firsts`]) and, when it is small, every way
    /// ([`Pricer::partitions`]). Out of line: [`Pricer::covers`] recurses once per
    /// pixel, and the locals of this work (a grouping's pass sums) would otherwise sit
    /// in the frame of every level, 17 deep.
    #[inline(never)]
    fn offer_every_grouping(&mut self, c: &mut Candidate) {
        let ends: &[End] = if self.has(Part::RightEnd) {
            &[End::Left, End::Right]
        } else {
            &[End::Left]
        };
        for &end in ends {
            self.offer_groupings(c, end, None);
        }
        if self.has(Part::Stages) {
            self.offer_staged(c, None, Stages::EVERY);
        }
        self.offer_one_row_firsts(c);
        if self.has(Part::Partitions) && c.len <= PARTITION_EMITTERS {
            let mut sums = [PassSum::ZERO; MAX_WIDTH];
            self.partitions(c, 0, 0, &mut sums);
        }
    }

    /// Enumerates the covers of pixels `i..` by flipped and single emitters.
    fn covers(&mut self, c: &mut Candidate, i: usize) {
        if self.best <= self.floor {
            return;
        }
        if i == self.row.len {
            self.offer_every_grouping(c);
            return;
        }
        let len = c.len;
        if let Some(f) = self.flips[i] {
            c.emits[len] = f;
            c.len = len + 1;
            self.covers(c, i + 3);
        }
        c.emits[len] = self.singles[i];
        c.len = len + 1;
        self.covers(c, i + 1);
        c.len = len;
    }
}

/// Calls `f(set, pixels)` for each set of the emitters `left` of `c` (a mask of
/// indexes) that makes a *one-row pass*: its cells above the row and horizontal I pieces
/// tile the 21 columns of row `y + 1` (so `21 ≡ 3·singles + flips (mod 4)` and its pixels
/// are `≡ 3 (mod 4)`: one matrix row; whether the I pieces rest on something is left to
/// the pricing). Depth first from column 0: an I piece, or an emitter of `left` whose
/// cells above the row start at the column; at most [`ONE_ROW_STEPS`] steps.
fn one_row_passes(c: &Candidate, left: u32, mut steps: u32, f: &mut dyn FnMut(u32, u32)) {
    fn go(
        c: &Candidate,
        left: u32,
        col: u32,
        set: u32,
        pixels: u32,
        steps: &mut u32,
        f: &mut dyn FnMut(u32, u32),
    ) {
        if *steps == 0 {
            return;
        }
        *steps -= 1;
        if col == WIDTH as u32 {
            if set != 0 {
                f(set, pixels);
            }
            return;
        }
        if col + 4 <= WIDTH as u32 {
            go(c, left, col + 4, set, pixels, steps, f);
        }
        for i in Bits(left) {
            let (above, flipped) = (c.emits[i].above, c.emits[i].flipped());
            if above.trailing_zeros() == col {
                let end = u32::BITS - above.leading_zeros();
                let px = if flipped { 3 } else { 1 };
                go(
                    c,
                    left & !(1 << i),
                    end,
                    set | 1 << i,
                    pixels + px,
                    steps,
                    f,
                );
            }
        }
    }
    go(c, left, 0, 0, 0, &mut steps, f);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::pricing::least_pieces;
    use crate::sprite::Sprite;

    /// `row` planned with the parts `left_out` left out.
    fn plan_row_without(row: &RowInput, left_out: Parts) -> RowPlan {
        Thorough { left_out }.plan(row)
    }

    /// Random one-row sprites, 17 pixels of up to three colours (xorshift, fixed seed).
    fn random_rows(n: usize) -> impl Iterator<Item = RowInput> {
        random_rows_of(n, 0x9E37_79B9_7F4A_7C15, b"012")
    }

    /// Random one-row sprites of 17 cells drawn from `cells` (xorshift from `seed`),
    /// those with a pixel.
    fn random_rows_of(
        n: usize,
        mut state: u64,
        cells: &'static [u8],
    ) -> impl Iterator<Item = RowInput> {
        (0..n).filter_map(move |_| {
            let art: String = (0..17)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    char::from(cells[(state % cells.len() as u64) as usize])
                })
                .collect();
            let sprite = Sprite::from_ascii(&art).ok()?;
            Some(RowInput::of(&sprite, 0))
        })
    }

    /// Over `rows`, how many rows `on` plans cheaper than `off`, how many dearer, and
    /// the pieces it saves in all.
    fn knob_effect(
        rows: impl Iterator<Item = RowInput>,
        off: Parts,
        on: Parts,
    ) -> (usize, usize, i64) {
        let (mut cheaper, mut dearer, mut saved) = (0, 0, 0i64);
        for row in rows {
            let (without, with) = (plan_row_without(&row, off), plan_row_without(&row, on));
            cheaper += usize::from(with.pieces < without.pieces);
            dearer += usize::from(with.pieces > without.pieces);
            saved += i64::from(without.pieces) - i64::from(with.pieces);
        }
        (cheaper, dearer, saved)
    }

    /// The local moves never make a row dearer and make many cheaper (they fail to if
    /// [`Pricer::improve`] does nothing).
    #[test]
    fn local_moves_lower_dense_rows() {
        let (mut cheaper, mut rows) = (0, 0);
        for row in random_rows(200) {
            let tuning = Parts::NONE
                .and(Part::LocalMoves)
                .and(Part::RightEnd)
                .and(Part::Repair)
                .and(Part::Stages)
                .and(Part::OneRowFirst);
            let after =
                plan_row_without(&row, Parts::NONE.and(Part::Stages).and(Part::OneRowFirst));
            let before = plan_row_without(&row, tuning);
            assert!(after.pieces <= before.pieces, "{row:?}");
            cheaper += usize::from(after.pieces < before.pieces);
            rows += 1;
        }
        assert!(cheaper * 5 >= rows, "only {cheaper} of {rows} rows cheaper");
    }

    /// Grouping every cover from the right end too makes many rows cheaper and few
    /// dearer (the local moves then start from another plan), and the rows cheaper in
    /// all (it fails if [`End::Right`] groups as [`End::Left`] does). This and the next
    /// two tests measure their knob with the later groupings (stages, one-row passes
    /// first) off, as they take much of its gain.
    #[test]
    fn right_end_grouping_lowers_rows() {
        let on = Parts::NONE.and(Part::Stages).and(Part::OneRowFirst);
        let off = on.and(Part::RightEnd);
        let (cheaper, dearer, saved) = knob_effect(random_rows(400), off, on);
        assert!(
            cheaper >= 20 && dearer * 4 <= cheaper && saved > 0,
            "{cheaper} rows cheaper, {dearer} dearer, {saved} pieces saved"
        );
    }

    /// Grouping every cover in stages too ([`Pricer::offer_staged`]) makes many dense
    /// rows cheaper and few dearer (the local moves then start from another plan), and
    /// the rows cheaper in all (it fails if the stages offer nothing).
    #[test]
    fn staged_grouping_lowers_rows() {
        let on = Parts::NONE.and(Part::OneRowFirst);
        let off = on.and(Part::Stages);
        let (cheaper, dearer, saved) = knob_effect(random_rows(400), off, on);
        assert!(
            cheaper >= 40 && dearer * 4 <= cheaper && saved > 0,
            "{cheaper} rows cheaper, {dearer} dearer, {saved} pieces saved"
        );
    }

    /// Grouping every cover one-row passes first ([`Pricer::offer_one_row_first`])
    /// makes some dense rows cheaper and few dearer (the local moves then start from
    /// another plan), and the rows cheaper in all (it fails if it offers nothing).
    #[test]
    fn one_row_passes_first_lower_rows() {
        let off = Parts::NONE.and(Part::OneRowFirst);
        let (cheaper, dearer, saved) = knob_effect(random_rows(400), off, Parts::NONE);
        assert!(
            cheaper >= 20 && dearer * 4 <= cheaper && saved > 0,
            "{cheaper} rows cheaper, {dearer} dearer, {saved} pieces saved"
        );
    }

    /// The covers of random rows (flipped emitters where three adjacent pixels of one
    /// colour start at a pixel whose index is a multiple of 4, singles elsewhere).
    fn random_covers(n: usize) -> impl Iterator<Item = Candidate> {
        random_rows(n).map(|row| {
            let mut c = Candidate::EMPTY;
            let mut i = 0;
            while i < row.len {
                match row.flip(i).filter(|_| i % 4 == 0) {
                    Some(f) => {
                        c.emits[c.len] = f;
                        i += 3;
                    }
                    None => {
                        c.emits[c.len] = row.single(i);
                        i += 1;
                    }
                }
                c.len += 1;
            }
            c
        })
    }

    /// Every set [`one_row_passes`] lists tiles row `y + 1` with I pieces: its cells
    /// above the row do not overlap and leave gaps of multiples of four, and its pixels
    /// are 3 (mod 4).
    #[test]
    fn one_row_passes_tile_the_row() {
        let (mut listed, mut flipped) = (0, 0);
        for c in random_covers(50) {
            one_row_passes(&c, (1 << c.len) - 1, ONE_ROW_STEPS, &mut |set, pixels| {
                let mut above = 0u32;
                for i in Bits(set) {
                    assert_eq!(above & c.emits[i].above, 0);
                    above |= c.emits[i].above;
                    flipped += usize::from(c.emits[i].flipped());
                }
                let flips = Bits(set).filter(|&i| c.emits[i].flipped()).count() as u32;
                assert_eq!(pixels, set.count_ones() + 2 * flips);
                assert_eq!(pixels % 4, 3);
                // Each run of empty columns is a row of I pieces.
                let (mut run, mut col) = (0, 0);
                while col < WIDTH {
                    if above >> col & 1 == 0 {
                        run += 1;
                    } else {
                        assert_eq!(run % 4, 0, "{set:b}");
                        run = 0;
                    }
                    col += 1;
                }
                assert_eq!(run % 4, 0, "{set:b}");
                listed += 1;
            });
        }
        assert!(
            listed > 50 && flipped > 0,
            "{listed} passes, {flipped} flipped"
        );
    }

    /// Oracle: the grouped planner's column DP ([`one_row_pass`]) picks, of every one-row
    /// pass of the emitters left, the first the unbounded enumeration lists and the first
    /// it lists with the most pixels.
    #[test]
    fn one_row_pass_dp_matches_the_enumeration() {
        let (mut rows, mut found) = (0, 0);
        for (k, c) in random_covers(400).enumerate() {
            // Some emitters already taken, as after a first pass.
            let left =
                ((1u32 << c.len) - 1) & !((k as u32).wrapping_mul(0x0101_0101) & 0x2222_2222);
            let (mut first, mut widest) = (None, None::<(u32, u32)>);
            one_row_passes(&c, left, u32::MAX, &mut |set, pixels| {
                first.get_or_insert(set);
                if widest.is_none_or(|(p, _)| pixels > p) {
                    widest = Some((pixels, set));
                }
            });
            assert_eq!(one_row_pass(&c, left, false), first.unwrap_or(0), "{k}");
            assert_eq!(
                one_row_pass(&c, left, true),
                widest.map_or(0, |w| w.1),
                "{k}"
            );
            rows += 1;
            found += usize::from(first.is_some());
        }
        assert!(
            found > rows / 4,
            "{found} of {rows} rows have a one-row pass"
        );
    }

    /// Grouping small covers every way ([`Pricer::partitions`]) makes some rows
    /// cheaper and none dearer on the sparse random rows (it fails if it offers nothing).
    #[test]
    fn every_grouping_of_small_covers_lowers_rows() {
        // Half the cells empty: covers of at most 8 emitters.
        let rows = random_rows_of(400, 0x2545_F491_4F6C_DD1D, b"...012");
        let off = Parts::NONE.and(Part::Partitions);
        let (cheaper, dearer, _) = knob_effect(rows, off, Parts::NONE);
        assert!(
            cheaper >= 10 && dearer * 4 <= cheaper,
            "{cheaper} cheaper, {dearer} dearer"
        );
    }

    /// The swap repair finds the shadowed-letter row's plan at the floor, which first fit
    /// from either end misses by one pair (it fails if [`Pricer::repair`] offers
    /// nothing). Measured without the one-row passes first, which also find it.
    #[test]
    fn repair_finds_the_shadowed_row_at_its_floor() {
        let sprite = Sprite::from_ascii("0011111111111100").expect("a valid row");
        let row = RowInput::of(&sprite, 0);
        let with = Parts::NONE.and(Part::OneRowFirst);
        let without = plan_row_without(&row, with.and(Part::Repair));
        assert_eq!(plan_row_without(&row, with).pieces, least_pieces(1, 16));
        assert!(without.pieces > least_pieces(1, 16), "{}", without.pieces);
    }

    /// Trying plans of four or more passes dearest pass first too makes more dense rows
    /// cheaper than dearer (11 and 3 of these 400: the local moves then start from
    /// another plan; it fails if that order is never offered).
    #[test]
    fn dearest_first_order_lowers_rows() {
        let (mut cheaper, mut dearer) = (0, 0);
        for row in random_rows(400) {
            let without = plan_row_without(&row, Parts::NONE.and(Part::DearestFirst));
            let with = Thorough::DEFAULT.plan(&row);
            cheaper += usize::from(with.pieces < without.pieces);
            dearer += usize::from(with.pieces > without.pieces);
        }
        assert!(
            cheaper >= 3 && dearer * 2 <= cheaper,
            "{cheaper} cheaper, {dearer} dearer"
        );
    }

    /// Two flipped emitters side by side print six pixels in one pass of 6 rows, a wide
    /// flip-pair pattern on their bars: (21·6 + 6)/4 = 33 pieces. Without those patterns
    /// no fill holds both top cells, and each flip needs a pass of its own (5 rows each).
    #[test]
    fn two_flips_share_a_pass_of_six_rows() {
        for (art, pieces) in [("000000", 33), ("111111", 33), ("222222", 33)] {
            let sprite = Sprite::from_ascii(art).expect("a valid row");
            let plan = Thorough::DEFAULT.plan(&RowInput::of(&sprite, 0));
            assert_eq!(plan.pieces, pieces, "{art}");
            let mut heights = Vec::new();
            plan.passes(|p| heights.push(p.len));
            assert!(heights.contains(&2), "{art}: {heights:?}");
        }
    }

    /// The bound on work the docs state (the module's *Work per row* and
    /// [`Planner::Thorough`]'s) is the one this planner's caps give, every term of the
    /// module's sum included.
    ///
    /// [`Planner::Thorough`]: crate::Planner::Thorough
    #[test]
    fn the_docs_state_the_bound() {
        use crate::convert::doc_figures::{assert_says, thousands};
        use crate::convert::grouping::Stages;
        use crate::convert::planners::grouped::GROUPING_PRICES as G;
        use crate::convert::pricing::REPAIR_CHECKS;
        let n = MAX_WIDTH as u64;
        // Covers of a run of 17 pixels: the ways to write 17 as ones and threes.
        let mut ways = [0u64; MAX_WIDTH + 1];
        ways[0] = 1;
        for k in 1..=MAX_WIDTH {
            ways[k] = ways[k - 1] + if k >= 3 { ways[k - 3] } else { 0 };
        }
        let covers = ways[MAX_WIDTH];
        // Groupings of a cover every way: the Bell number B(PARTITION_EMITTERS), by
        // the Bell triangle.
        let mut bell = vec![1u64];
        for _ in 0..PARTITION_EMITTERS {
            let mut next = vec![*bell.last().expect("a row")];
            for &b in &bell {
                next.push(next.last().expect("a first") + b);
            }
            bell = next;
        }
        let partitions = bell[0];
        let first_fit = 4 * covers;
        let staged = u64::from(Stages::EVERY.groupings()) * covers;
        let one_row = (1 + ONE_ROW_FIRSTS as u64) * covers;
        let every_way = partitions * covers;
        let repair = u64::from(REPAIR_CHECKS);
        // Each emitter moved, each pair swapped, each flip split, each three merged.
        let moves = n * n + n * (n - 1) / 2 + (n / 3) * (n + 1) + (n - 2) * (n + 1);
        let descent = IMPROVE_ROUNDS as u64 * moves;
        let least = 2 * covers * n;
        let rounds = IMPROVE_ROUNDS as u64 * n;
        let orders: u64 = (1..=5).product();
        let reorder = orders * 5 + 5;
        let g = u64::from(G);
        let total = (first_fit + staged + one_row + every_way + repair + descent) * g
            + least
            + 2 * repair
            + rounds
            + reorder;
        let t = thousands;
        let sum = format!(
            "at most ({} + {} + {} + {} + {repair} + {}) × {g} + {} + {} + {rounds} + {reorder} \
             = {} fill prices",
            t(first_fit),
            t(staged),
            t(one_row),
            t(every_way),
            t(descent),
            t(least),
            2 * repair,
            t(total),
        );
        let file = include_str!("thorough.rs");
        assert_says("planners/thorough.rs", file, &sum);
        for phrase in [
            format!("at most {covers} for 17 pixels"),
            format!("B({PARTITION_EMITTERS}) = {} grouping", t(partitions)),
            format!("[`REPAIR_CHECKS`] = {repair} swaps"),
            format!(
                "1 + [`ONE_ROW_FIRSTS`] = {} first passes",
                1 + ONE_ROW_FIRSTS
            ),
            format!("[`ONE_ROW_STEPS`] = {ONE_ROW_STEPS} steps"),
            format!("at most {IMPROVE_ROUNDS} rounds of at most"),
            format!("at most {orders} orders of the best plan"),
            format!(
                "an open-addressing index of {} keys",
                t(crate::tables::WIDE_KEYS.len() as u64)
            ),
        ] {
            assert_says("planners/thorough.rs", file, &phrase);
        }
        let stated = format!("Up to {} fill prices per row", t(total));
        assert_says("planner.rs", include_str!("../planner.rs"), &stated);
    }
}
