//! The row planners' pricing, shared by the default grouped planner ([`super::grouped`])
//! and the thorough planner of [`Passes::Thorough`](crate::Passes::Thorough)
//! ([`super::thorough`]): flipped emitters, support from squares already emitted in the
//! row, and strip fillers; a [`Planner`] that prices candidate plans (covers grouped
//! into passes, in orders) and keeps the cheapest.
//!
//! A row's pixels are printed by *emitters*: a J0/T0/L0 whose protruding cell lands on
//! one pixel (its 3-cell bar lies in the row above), or a *flipped* J2/T2/L2 lying in
//! the emission row on three adjacent pixels of its colour (only its top cell sticks up
//! into the row above). Emitters whose cells above the row do not overlap form a *pass*;
//! its matrix is completed either by the classic emitter table (passes of unflipped
//! emitters) or by a tiling of [strips](crate::pattern::Strip), which may rest on everything
//! already in the emission row: squares of earlier passes and this pass's flipped bars.
//!
//! A tiling of height `h` over a bottom row with `b` filled cells always costs
//! `(21·h − b)/4` pieces, whatever strips it uses, so a pass costs `(21·h + pixels)/4`
//! and a row `(21·Σh + pixels)/4` (plus 21 for a platform): fewer, lower passes win,
//! and `Σh ≡ −pixels (mod 4)` gives a floor no plan can beat.
//!
//! A candidate's emitters are grouped into passes first fit, once by left end and once
//! by right end from the right (first fit uses the fewest passes either way, but packs
//! different emitters together), each with flips among singles and apart from them,
//! and priced in every order of up to three passes (of more: the grouping order, the
//! passes needing no landing first, and the dearest first, by least cost); when first
//! fit from the right leaves a pass with no fill at all, also with one overlapping pair
//! swapped ([`Planner::repair`]). The planners start from the greedy classic split, so
//! they never do worse than that.
//!
//! Covers are also grouped in *stages* ([`Planner::offer_staged`]), as the planner's
//! [`Stages`] say: one pass at a time, each the cheapest per pixel that the singles
//! left can form on the squares of the passes before it, found by a DP over the
//! columns ([`super::tiling`]'s bar reach: which sets of bars a strip tiling of each
//! height up to 5 can hold on those squares), and after each stage the rest grouped
//! (first fit from both ends and dealt round robin, or first fit from the left alone).
//! First fit packs every emitter that fits into a pass, so it seldom leaves the counts
//! whose matrix is low (3 or 7 bars in one row, 2 or 6 in two) and never builds a pass
//! on the squares of another; the exact planner's plans of dense rows are mostly such
//! passes (the 17 × 32 noise sprite: 25 one-row passes of three singles). The first
//! pass is the first fit pass from either end (and, with [`Stages::EVERY`], the
//! cheapest and second cheapest options too); of the two sets of bars a walk back
//! through the DP finds (widest strips first, narrowest first), the one whose leftover
//! singles first fit packs into fewer passes is taken. This is a fixed scan, not a
//! search: no stage is undone. The thorough planner stages every cover until no
//! single is left ([`Stages::EVERY`]); the grouped planner only its first cover, at
//! most three staged passes ([`Stages::GROUPED`]).
//!
//! Most candidates are dropped before any order is priced: a fill never costs more on
//! more support, and no pass of any plan rests on more than the row's support and all
//! its pixels, so each pass's fill on those cells (its *least cost*,
//! [`Planner::least_cost`]) bounds every order from below, and a candidate whose least
//! costs reach the best is skipped. A local move keeps those cells, so it reprices
//! only the passes it changes and takes the others' least costs from the plan it
//! starts from. Every skip is of a candidate that could not have won, so the plans are
//! those a search without these bounds finds.
//! Everything is fixed-size; nothing allocates.

use crate::bits::Bits;
use crate::playfield::WIDTH;
use crate::sprite::MAX_WIDTH;

use super::classic;
use super::row::{Emit, RowInput};
use super::tiling::{bar_reach, bar_set, fill_pieces, fill_priced, Fill, MOST_BARS, NO_EMITTER};

/// An emitter in no pass yet (the stages' and the deals' `pass_of`).
const NO_PASS: u8 = u8::MAX;

/// The tallest pass [`Planner::offer_staged`] looks for.
const STAGE_HEIGHT: usize = 5;

/// The passes [`Planner::stage_options`] can list: one per height and count.
const STAGE_OPTIONS: usize = 9;

/// The cheapest first passes [`Planner::offer_staged`] starts from.
const STAGE_FIRSTS: usize = 2;

/// Pieces of a platform.
pub(super) const PLATFORM_PIECES: u32 = 21;

/// One pass of a plan: its emitters (flipped ones first) and its fill.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PassPlan {
    pub emits: [Emit; MAX_WIDTH],
    pub len: usize,
    pub fill: Fill,
}

/// A row's plan: its emitters grouped and ordered; [`RowPlan::passes`] builds the passes.
#[derive(Clone, Copy)]
pub(crate) struct RowPlan {
    pub platform: bool,
    /// The row's cells filled before its passes ([`RowInput::support`]).
    pub(super) support: u32,
    /// Pieces of the plan, platform included.
    pub pieces: u32,
    /// Pieces of each pass's fill, in order (what pricing found: [`RowPlan::passes`]
    /// builds each fill at its price instead of searching for it again).
    pub(super) fills: [u16; MAX_WIDTH],
    pub(super) plan: Candidate,
}

impl RowPlan {
    /// The columns where the plan's flipped emitters start (their bars' left cells).
    #[cfg(feature = "search")]
    pub fn flip_columns(&self) -> u32 {
        let c = &self.plan;
        c.emits[..c.len]
            .iter()
            .filter(|e| e.flipped())
            .fold(0, |m, e| m | 1 << e.row.trailing_zeros())
    }

    /// Builds each pass with its fill, in order, and hands it to `f`.
    pub fn passes(&self, mut f: impl FnMut(&PassPlan)) {
        let c = &self.plan;
        // The emitters of each pass, and the flipped ones, as masks of emitter indexes.
        let (mut members, mut flipped) = ([0u32; MAX_WIDTH], 0u32);
        for (i, (e, &p)) in c.emits[..c.len].iter().zip(&c.pass_of).enumerate() {
            members[usize::from(p)] |= 1 << i;
            flipped |= u32::from(e.flipped()) << i;
        }
        let mut support = self.support;
        for (&p, &pieces) in c.order[..c.passes].iter().zip(&self.fills) {
            let mut pass = PassPlan {
                emits: [Emit::NONE; MAX_WIDTH],
                len: 0,
                fill: Fill::Table(&NO_EMITTER),
            };
            let (mut above, mut row) = (0, 0);
            let members = members[usize::from(p)];
            // Flipped emitters first (they lie under the row above), then singles.
            for i in Bits(members & flipped).chain(Bits(members & !flipped)) {
                let e = c.emits[i];
                pass.emits[pass.len] = e;
                pass.len += 1;
                above |= e.above;
                row |= e.row;
            }
            let flips = members & flipped != 0;
            let built = fill_priced(
                above,
                support | row,
                flips,
                u32::from(pieces),
                &mut pass.fill,
            );
            assert!(built, "a costed plan has its fills");
            support |= row;
            f(&pass);
        }
    }
}

/// A candidate plan: emitters, the pass of each, the order of the passes.
#[derive(Clone, Copy)]
pub(super) struct Candidate {
    pub(super) emits: [Emit; MAX_WIDTH],
    pub(super) len: usize,
    pub(super) pass_of: [u8; MAX_WIDTH],
    pub(super) order: [u8; MAX_WIDTH],
    pub(super) passes: usize,
    pub(super) platform: bool,
}

impl Candidate {
    /// No emitters: a candidate to work in.
    pub(super) const EMPTY: Candidate = Candidate {
        emits: [Emit::NONE; MAX_WIDTH],
        len: 0,
        pass_of: [0; MAX_WIDTH],
        order: [0; MAX_WIDTH],
        passes: 0,
        platform: false,
    };
}

/// What one pass of a candidate adds up to. A pass's emitters never overlap (neither
/// above the row nor in it), so every mask is a union of disjoint masks and
/// [`PassSum::remove`] undoes [`PassSum::add`] exactly.
#[derive(Clone, Copy, Default)]
pub(super) struct PassSum {
    pub(super) above: u32,
    pub(super) row: u32,
    /// The pass's flipped bars (dropped first: a single of the pass may rest on them).
    /// Not empty: the pass has a flipped emitter.
    pub(super) flip_row: u32,
    /// Bar starts of its singles over a hole: each needs a filled cell of the emission
    /// row under its bar when it drops (see [`lands`]), else the row needs a platform.
    pub(super) loose: u32,
    /// The bars of its flipped emitters over holes only (not empty: the row needs a
    /// platform).
    pub(super) loose_flip: u32,
    pub(super) n: u8,
    /// Its pixels (the cells of `row`).
    pub(super) pixels: u8,
    /// The least the pass can cost: its emitters and the lowest matrix its cells allow
    /// (set by [`PassSum::settle`]).
    pub(super) floor: u16,
}

impl PassSum {
    /// An empty pass.
    pub(super) const ZERO: PassSum = PassSum {
        above: 0,
        row: 0,
        flip_row: 0,
        loose: 0,
        loose_flip: 0,
        n: 0,
        pixels: 0,
        floor: 0,
    };

    /// Adds `e`, an emitter apart from the pass's emitters.
    pub(super) fn add(&mut self, e: &Emit) {
        self.toggle(e);
        self.n += 1;
        self.pixels += e.pixels();
    }

    /// Takes out `e`, one of the pass's emitters.
    pub(super) fn remove(&mut self, e: &Emit) {
        self.toggle(e);
        self.n -= 1;
        self.pixels -= e.pixels();
    }

    /// Flips `e`'s cells in the masks: adds them if `e` is apart from the pass's
    /// emitters, takes them out if it is one of them.
    fn toggle(&mut self, e: &Emit) {
        self.above ^= e.above;
        self.row ^= e.row;
        if e.flipped() {
            self.flip_row ^= e.row;
            if !e.held {
                self.loose_flip ^= e.row;
            }
        } else if !e.held {
            self.loose ^= 1 << e.above.trailing_zeros();
        }
    }

    /// Sets the floor from the pixels (none for an empty pass).
    pub(super) fn settle(&mut self) {
        self.floor = PASS_FLOORS[usize::from(self.pixels)];
    }
}

/// A candidate's passes summed by pass number (one more slot for a new pass), the
/// emitters of each pass as a mask of emitter indexes, and the first emitter of every
/// pass as one mask: what [`Planner::offer_changed`] patches instead of summing each
/// local move's candidate again. With each pass's least cost on the most support it can
/// have, which the moves keep ([`Planner::least_costs`]).
pub(super) struct Groups {
    pub(super) sums: [PassSum; MAX_WIDTH + 1],
    pub(super) members: [u32; MAX_WIDTH + 1],
    pub(super) firsts: u32,
    /// Each pass's least cost ([`Planner::least_cost`]), at least its floor (0 for an
    /// empty pass).
    pub(super) least: [u32; MAX_WIDTH + 1],
    /// The least costs summed.
    pub(super) least_sum: u32,
    /// The least costs summed, with the platform a flipped emitter over holes forces.
    pub(super) total: u32,
}

/// The passes a cover move changes, each summed after the move: at most four (a split's
/// pass and the three its singles join, or a merge's three and the one its flipped
/// emitter joins).
#[derive(Clone, Copy)]
pub(super) struct Touched {
    pub(super) pass: [usize; 4],
    pub(super) sums: [PassSum; 4],
    pub(super) len: usize,
}

impl Touched {
    pub(super) const NONE: Touched = Touched {
        pass: [0; 4],
        sums: [PassSum::ZERO; 4],
        len: 0,
    };

    /// Pass `p`'s sum after the move so far (`groups`' own until the move touches it).
    pub(super) fn sum(&mut self, groups: &Groups, p: usize) -> &mut PassSum {
        let k = match self.pass[..self.len].iter().position(|&q| q == p) {
            Some(k) => k,
            None => {
                (self.pass[self.len], self.sums[self.len]) = (p, groups.sums[p]);
                self.len += 1;
                self.len - 1
            }
        };
        &mut self.sums[k]
    }
}

/// The passes of `c`, summed.
pub(super) fn sums_of(c: &Candidate) -> [PassSum; MAX_WIDTH] {
    let mut sums = [PassSum::default(); MAX_WIDTH];
    for (e, &p) in c.emits[..c.len].iter().zip(&c.pass_of) {
        sums[usize::from(p)].add(e);
    }
    for s in &mut sums[..c.passes] {
        s.settle();
    }
    sums
}

impl Groups {
    pub(super) fn of(c: &Candidate) -> Groups {
        let mut g = Groups {
            sums: [PassSum::default(); MAX_WIDTH + 1],
            members: [0; MAX_WIDTH + 1],
            firsts: 0,
            least: [0; MAX_WIDTH + 1],
            least_sum: 0,
            total: 0,
        };
        for (i, (e, &p)) in c.emits[..c.len].iter().zip(&c.pass_of).enumerate() {
            let p = usize::from(p);
            if g.members[p] == 0 {
                g.firsts |= 1 << i;
            }
            g.members[p] |= 1 << i;
            g.sums[p].add(e);
        }
        for s in &mut g.sums[..c.passes] {
            s.settle();
        }
        g
    }
}

/// The fewest pieces that print `pixels` squares with at least `min_rows` matrix rows:
/// every piece is 4 cells, so `21·rows + pixels ≡ 0 (mod 4)`, i.e. `rows + pixels ≡ 0`.
/// This is the floor of one pass (`min_rows` = 1), of a whole row (the same: passes
/// only add rows), and of a split that needs `min_rows` passes.
pub(super) const fn least_pieces(min_rows: u32, pixels: u32) -> u32 {
    let least = if min_rows > 1 { min_rows } else { 1 };
    let rows = least + (4 - (least + pixels) % 4) % 4;
    (21 * rows + pixels) / 4
}

/// [`least_pieces`]`(1, n)` for the `n` pixels of one pass (at most 17), and 0 for an
/// empty one: the floor of a pass, looked up for every candidate's passes.
pub(super) const PASS_FLOORS: [u16; MAX_WIDTH + 1] = {
    let mut out = [0u16; MAX_WIDTH + 1];
    let mut n = 1;
    while n <= MAX_WIDTH {
        out[n] = least_pieces(1, n as u32) as u16;
        n += 1;
    }
    out
};

/// The floors of passes of `pixels` pixels each, summed (an empty pass adds none): no
/// order of them costs less.
pub(super) fn floor_sum(pixels: &[u32]) -> u32 {
    pixels
        .iter()
        .map(|&n| u32::from(PASS_FLOORS[n as usize]))
        .sum()
}

/// Whether every single over a hole whose bar starts at a bit of `loose` lands: some cell
/// under its bar is already `filled` in the emission row (a square of an earlier pass,
/// a flipped bar of its own pass, dropped first, or a cell a direct piece pre-filled),
/// so its bar rests there and its
/// square stops over the hole. (The cell under its square is never filled before it: it
/// is the square.) The exact planner uses the same rule.
pub(super) fn lands(loose: u32, filled: u32) -> bool {
    let under_bar = filled | filled >> 1 | filled >> 2;
    loose & !under_bar == 0
}

/// What bounds every order of a candidate's passes from below.
#[derive(Clone, Copy)]
pub(super) struct Floors {
    /// Whether the passes need a platform whatever their order: a flipped emitter lies
    /// in the emission row, so only the row below can hold it.
    pub(super) platform: bool,
    /// The sum of the passes' floors.
    pub(super) passes: u32,
    /// The floor of each pass: [`PassSum::floor`], or the tighter one of
    /// [`Planner::tighten`].
    pub(super) each: [u16; MAX_WIDTH],
}

impl Floors {
    /// The floors of the first `passes` passes summed in `sums`.
    pub(super) fn of(sums: &[PassSum], passes: usize) -> Floors {
        let sums = &sums[..passes];
        let mut each = [0; MAX_WIDTH];
        for (f, s) in each.iter_mut().zip(sums) {
            *f = s.floor;
        }
        Floors {
            platform: sums.iter().any(|s| s.loose_flip != 0),
            passes: sums.iter().map(|s| u32::from(s.floor)).sum(),
            each,
        }
    }

    /// No order of the passes costs less.
    pub(super) fn total(self) -> u32 {
        if self.platform {
            PLATFORM_PIECES + self.passes
        } else {
            self.passes
        }
    }
}

/// Every order of five passes, in lexicographic order; those of fewer passes are the
/// ones whose tail is `n, n + 1, …` ([`Planner::reorder`]).
pub(super) const ORDERS_OF_FIVE: [[u8; 5]; 120] = {
    let mut out = [[0u8; 5]; 120];
    let mut n = 0;
    let mut code = 0;
    // Each of 5^5 codes whose digits are all different, in increasing order.
    while code < 3125 {
        let mut digits = [0u8; 5];
        let (mut c, mut i, mut seen, mut ok) = (code, 5, 0u32, true);
        while i > 0 {
            i -= 1;
            digits[i] = (c % 5) as u8;
            c /= 5;
            ok &= seen >> digits[i] & 1 == 0;
            seen |= 1 << digits[i];
        }
        if ok {
            out[n] = digits;
            n += 1;
        }
        code += 1;
    }
    out
};

/// Which end of the row first fit starts from ([`Planner::group`]).
#[derive(Clone, Copy)]
pub(super) enum End {
    /// Emitters by left end, ascending.
    Left,
    /// Emitters by right end, descending.
    Right,
}

/// Swaps [`Planner::repair`] checks per row at most (each two fill prices, and a
/// grouping price if it may win). On the random set no row needs more than 16 of them
/// for the same plans; 64 leaves room.
pub(super) const REPAIR_CHECKS: u32 = 64;

/// Slots of the planner's cache of bar reaches (a power of two).
const REACH_CACHE: usize = 32;

/// Slots of the planner's fill cache (a power of two).
const CACHE: usize = 16;

/// Slots of the planner's cache of fills on the most support (a power of two).
const MOST_CACHE: usize = 128;

pub(super) struct Planner<'a> {
    pub(super) row: &'a RowInput,
    /// The row's emitters, looked up once: each pixel's single ([`RowInput::single`])
    /// and the flipped emitter starting at each ([`RowInput::flip`]).
    pub(super) singles: [Emit; MAX_WIDTH],
    pub(super) flips: [Option<Emit>; MAX_WIDTH],
    pub(super) best: u32,
    pub(super) best_plan: Option<Candidate>,
    /// No plan costs less: stop when the best reaches it.
    pub(super) floor: u32,
    /// The row's support and all its pixels' cells: the most support a pass can have
    /// (every plan's passes together print every pixel).
    pub(super) all: u32,
    /// Recent fills: `(above, support, flips) → pieces` (`u32::MAX`: none), but those
    /// on `all`.
    pub(super) cache: [(u32, u32, bool, u32); CACHE],
    /// Whether each cover is also grouped first fit by right end ([`End::Right`]).
    pub(super) right_too: bool,
    /// Recent fills on `all`: `above | flips << 31 → pieces` (`u32::MAX`: none). The
    /// planner's floors ([`Planner::least_cost`]) ask for these most.
    pub(super) most: [(u32, u32); MOST_CACHE],
    /// Swaps [`Planner::repair`] may still check in this row.
    pub(super) repairs: u32,
    /// Whether plans of four or more passes are also tried dearest pass first.
    pub(super) dearest_first: bool,
    /// How covers are grouped in stages ([`Planner::offer_staged`]).
    stages: Stages,
    /// Fill prices requested so far ([`Planner::fill_pieces`], cached or not): the
    /// unit of the planners' stated bounds on work per row.
    pub(super) prices: u32,
    /// Covers offered so far ([`Planner::offer_cover`]): only the first
    /// [`Stages::covers`] are staged.
    covers_offered: usize,
    /// Covers of at most this many emitters are also grouped every way.
    pub(super) partition_emitters: usize,
    /// Covers are also grouped one-row passes first ([`Planner::offer_one_row_first`]).
    pub(super) one_row_first: bool,
    /// Each first-fit grouping is also offered with each emitter moved
    /// ([`Planner::offer_each_moved`]).
    first_fit_moves: bool,
    /// Pieces of each pass's fill, in order, of the last order [`Planner::cost`] priced
    /// in full, and of the best plan's ([`RowPlan::fills`]).
    pub(super) fills: [u16; MAX_WIDTH],
    pub(super) best_fills: [u16; MAX_WIDTH],
    /// Recent bar reaches ([`Planner::bar_reach`]): `(starts, filled, h) → reach`.
    reaches: [((u32, u32, u8), [u8; WIDTH + 1]); REACH_CACHE],
}

impl<'a> Planner<'a> {
    /// `tiling::fill`'s pieces through small direct-mapped caches (candidates share passes).
    pub(super) fn fill_pieces(&mut self, above: u32, support: u32, flips: bool) -> Option<u32> {
        if support == self.all {
            return self.fill_on_all(above, flips);
        }
        self.prices += 1;
        let h = (above.wrapping_mul(0x9E37_79B1) ^ support.wrapping_mul(0x85EB_CA77))
            >> (32 - CACHE.trailing_zeros());
        let slot = &mut self.cache[h as usize % CACHE];
        if slot.0 == above && slot.1 == support && slot.2 == flips && slot.0 != 0 {
            return (slot.3 != u32::MAX).then_some(slot.3);
        }
        let pieces = fill_pieces(above, support, flips);
        *slot = (above, support, flips, pieces.unwrap_or(u32::MAX));
        pieces
    }

    /// `tiling::fill`'s pieces on [`Planner::all`] through their own cache (`above` is not
    /// empty, and lies below bit 31).
    fn fill_on_all(&mut self, above: u32, flips: bool) -> Option<u32> {
        self.prices += 1;
        let key = above | u32::from(flips) << 31;
        let h = key.wrapping_mul(0x9E37_79B1) >> (32 - MOST_CACHE.trailing_zeros());
        let slot = &mut self.most[h as usize % MOST_CACHE];
        if slot.0 != key {
            *slot = (key, fill_pieces(above, self.all, flips).unwrap_or(u32::MAX));
        }
        (slot.1 != u32::MAX).then_some(slot.1)
    }

    /// What pass `s` costs resting on [`Planner::all`], the most support it can have:
    /// no order of its plan makes it cheaper (`None`: it has no fill in any order).
    fn least_cost(&mut self, s: &PassSum) -> Option<u32> {
        let fill = self.fill_on_all(s.above, s.flip_row != 0)?;
        Some(u32::from(s.n) + fill)
    }

    /// Sets `groups`' least costs ([`Groups::least`]) for its first `passes` passes.
    pub(super) fn least_costs(&mut self, groups: &mut Groups, passes: usize) {
        let sums = &groups.sums[..passes];
        let mut floors = Floors::of(sums, passes);
        for (p, s) in sums.iter().enumerate() {
            let floor = u32::from(s.floor);
            let least = self.least_cost(s).map_or(floor, |c| c.max(floor));
            groups.least[p] = least;
            floors.passes += least - floor;
        }
        (groups.least_sum, groups.total) = (floors.passes, floors.total());
    }

    /// Whether a cover move of the plan grouped in `groups` that changes the passes in
    /// `touched` may beat the best: its passes' least costs (the changed ones' settled
    /// and looked up, the others' `groups`' own; the passes' cells together stay the
    /// same) leave room, platform aside (the move may change whether one is forced).
    pub(super) fn may_win(&mut self, groups: &Groups, touched: &mut Touched) -> bool {
        let mut total = groups.least_sum;
        for (s, &p) in touched.sums[..touched.len].iter_mut().zip(&touched.pass) {
            s.settle();
            let Some(least) = self.least_cost_of(s) else {
                return false;
            };
            total = total - groups.least[p] + least;
        }
        total < self.best
    }

    /// [`Planner::least_cost`] of a pass of a local move's candidate, at least its floor
    /// (0 for an empty pass).
    pub(super) fn least_cost_of(&mut self, s: &PassSum) -> Option<u32> {
        if s.n == 0 {
            return Some(0);
        }
        let least = self.least_cost(s)?;
        Some(least.max(u32::from(s.floor)))
    }

    /// Raises `floors` (of the passes summed in `sums`) to what each pass costs with the
    /// most support it can have: the row's support and the cells of every pass. A fill
    /// never costs more on more support (a strip or wide pattern that fits keeps
    /// fitting), and in any order a pass rests on a subset of those cells, so no order
    /// costs less than the raised floors. Whether some order may still beat the best:
    /// `false` as soon as the raised floors reach it, or if some pass has no fill even
    /// so. The last pass of an order rests on exactly those cells, so these prices are
    /// cached when the orders are priced.
    pub(super) fn tighten(&mut self, sums: &[PassSum], floors: &mut Floors) -> bool {
        for (p, s) in sums.iter().enumerate() {
            let Some(least) = self.least_cost(s) else {
                return false;
            };
            let floor = u32::from(floors.each[p]);
            if least > floor {
                floors.passes += least - floor;
                floors.each[p] = least as u16;
                if floors.total() >= self.best {
                    return false;
                }
            }
        }
        true
    }

    /// Cost of the passes summed in `sums` in `order` (all of them, their floors
    /// `floors`) and whether it needs a platform, or `None` if it is infeasible or not
    /// below the best so far.
    pub(super) fn cost(
        &mut self,
        sums: &[PassSum],
        order: &[u8],
        floors: Floors,
    ) -> Option<(u32, bool)> {
        // A platform holds every emitter up; without one, each single over a hole must
        // land on a cell already filled in the emission row. Fillers rest on the
        // emission row only, either way. Cells filled before the row's passes (by direct
        // pieces) count from the start.
        let mut support = self.row.support;
        let mut platform = floors.platform;
        let mut total = if platform { PLATFORM_PIECES } else { 0 };
        // The floors of the passes not yet costed: no order can get below them.
        let mut rest = floors.passes;
        if total + rest >= self.best {
            return None;
        }
        for (k, &p) in order.iter().enumerate() {
            let s = &sums[usize::from(p)];
            if !platform && s.loose != 0 && !lands(s.loose, support | s.flip_row) {
                platform = true;
                total += PLATFORM_PIECES;
                // The pass costs at least its floor: no need to price its fill.
                if total + rest >= self.best {
                    return None;
                }
            }
            rest -= u32::from(floors.each[usize::from(p)]);
            let flips = s.flip_row != 0;
            let fill = self.fill_pieces(s.above, support | s.row, flips)?;
            // At most 21 · 255 / 4 (a classic pattern's height is a byte).
            self.fills[k] = fill as u16;
            total += u32::from(s.n) + fill;
            if total + rest >= self.best {
                return None;
            }
            support |= s.row;
        }
        Some((total, platform))
    }

    /// Prices a candidate, its passes summed in `sums` (their floors `floors`), with its
    /// passes in `order`, and
    /// keeps it, so ordered, if it is the best so far. Only then is it built (`build`).
    pub(super) fn offer(
        &mut self,
        sums: &[PassSum],
        order: &[u8],
        floors: Floors,
        build: &impl Fn() -> Candidate,
    ) {
        if let Some((cost, platform)) = self.cost(sums, order, floors) {
            let mut c = build();
            c.order[..order.len()].copy_from_slice(order);
            c.platform = platform;
            self.best = cost;
            self.best_plan = Some(c);
            self.best_fills = self.fills;
        }
    }

    /// Offers `c` in its own order.
    fn offer_orders_fixed(&mut self, c: &Candidate) {
        let sums = sums_of(c);
        let floors = Floors::of(&sums, c.passes);
        self.offer(&sums, &c.order[..c.passes], floors, &|| *c);
    }

    /// Tries every order of a candidate's passes (up to 3 passes; more keep their
    /// order): `sums` sums its `passes` passes, `build` builds it if it wins.
    pub(super) fn offer_orders(
        &mut self,
        sums: &[PassSum],
        passes: usize,
        build: impl Fn() -> Candidate,
    ) {
        let mut floors = Floors::of(sums, passes);
        if floors.total() >= self.best || !self.tighten(&sums[..passes], &mut floors) {
            return;
        }
        self.offer_orders_floored(sums, passes, floors, build);
    }

    /// [`Planner::offer_orders`] with the passes' floors `floors` already raised as
    /// [`Planner::tighten`] does.
    fn offer_orders_floored(
        &mut self,
        sums: &[PassSum],
        passes: usize,
        floors: Floors,
        build: impl Fn() -> Candidate,
    ) {
        const ORDERS: [[u8; 3]; 6] = [
            [0, 1, 2],
            [1, 0, 2],
            [0, 2, 1],
            [2, 0, 1],
            [1, 2, 0],
            [2, 1, 0],
        ];
        if passes > 3 {
            // In grouping order; and, when some pass has singles over holes, with the
            // passes that need no landing first (stable), so theirs have squares to land on.
            let mut order = [0u8; MAX_WIDTH];
            for (i, o) in order[..passes].iter_mut().enumerate() {
                *o = i as u8;
            }
            let loose = sums[..passes].iter().any(|s| s.loose != 0);
            for held_first in [false, true] {
                if held_first {
                    if !loose {
                        break;
                    }
                    // A stable partition (no `alloc` for a stable sort in the core).
                    let mut k = 0;
                    for landing in [false, true] {
                        for (p, sum) in sums[..passes].iter().enumerate() {
                            if (sum.loose != 0) == landing {
                                order[k] = p as u8;
                                k += 1;
                            }
                        }
                    }
                }
                self.offer(sums, &order[..passes], floors, &build);
            }
            // And dearest first: the passes by their floors (least costs), highest
            // first (ties in grouping order), so the passes that gain most from squares
            // below them come last.
            if self.dearest_first {
                let mut dearest = [0u8; MAX_WIDTH];
                for (i, o) in dearest[..passes].iter_mut().enumerate() {
                    *o = i as u8;
                }
                dearest[..passes]
                    .sort_unstable_by_key(|&p| (u16::MAX - floors.each[usize::from(p)], p));
                // Unless it is an order already offered (grouping or landing order).
                if dearest[..passes] != order[..passes]
                    && dearest[..passes].windows(2).any(|w| w[0] > w[1])
                {
                    self.offer(sums, &dearest[..passes], floors, &build);
                }
            }
            return;
        }
        // The orders of fewer passes are the first ones cut short (the first alone for
        // one pass: once is enough, a second offer of the same plan cannot win).
        let orders = match passes {
            1 => &ORDERS[..1],
            2 => &ORDERS[..2],
            _ => &ORDERS[..],
        };
        for o in orders {
            self.offer(sums, &o[..passes], floors, &build);
        }
    }

    /// `c`'s emitters from `end` inwards (by left end ascending, or by right end
    /// descending), ties in cover order, each as `key << 5 | index` (the first `c.len`).
    fn by_end(c: &Candidate, end: End) -> [u16; MAX_WIDTH] {
        // The emitters of each key (a mask of indexes), read out in order of key, then
        // of index: the keys `key << 5 | index` sorted, without a sort.
        let mut of_key = [0u32; 33];
        for (i, e) in c.emits[..c.len].iter().enumerate() {
            let key = match end {
                End::Left => e.above.trailing_zeros(),
                End::Right => e.above.leading_zeros(),
            };
            of_key[key as usize] |= 1 << i;
        }
        let mut by_end = [0u16; MAX_WIDTH];
        let mut n = 0;
        for (key, &members) in of_key.iter().enumerate() {
            for i in Bits(members) {
                by_end[n] = (key as u16) << 5 | i as u16;
                n += 1;
            }
        }
        by_end
    }

    /// Groups `c`'s emitters into passes first fit in the order `by_end`
    /// ([`Planner::by_end`]), flipped ones apart when `apart`; the passes summed into the
    /// first slots of `sums`.
    pub(super) fn group(
        c: &mut Candidate,
        by_end: &[u16; MAX_WIDTH],
        apart: bool,
        sums: &mut [PassSum; MAX_WIDTH],
    ) {
        c.passes = 0;
        for &k in &by_end[..c.len] {
            let i = usize::from(k & 31);
            let (e, flipped) = (c.emits[i], c.emits[i].flipped());
            // A pass holds flipped emitters only or singles only when `apart`.
            let fits =
                |s: &PassSum| s.above & e.above == 0 && (!apart || (s.flip_row != 0) == flipped);
            let p = (0..c.passes).find(|&p| fits(&sums[p])).unwrap_or_else(|| {
                sums[c.passes] = PassSum::ZERO;
                c.passes += 1;
                c.passes - 1
            });
            sums[p].add(&e);
            c.pass_of[i] = p as u8;
        }
        for s in &mut sums[..c.passes] {
            s.settle();
        }
    }

    /// Offers `base` with emitters `i` and `j` (in different passes, each apart from
    /// the other's pass) swapped, as [`regrouped`] would.
    pub(super) fn offer_swapped(
        &mut self,
        base: &Candidate,
        groups: &Groups,
        scratch: &mut [PassSum; MAX_WIDTH],
        i: usize,
        j: usize,
    ) {
        let (p, q) = (usize::from(base.pass_of[i]), usize::from(base.pass_of[j]));
        let (ei, ej, bi, bj) = (&base.emits[i], &base.emits[j], 1 << i, 1 << j);
        let (mut sp, mut sq) = (groups.sums[p], groups.sums[q]);
        sp.remove(ei);
        sp.add(ej);
        sq.remove(ej);
        sq.add(ei);
        sp.settle();
        sq.settle();
        let changed = [
            (p, groups.members[p] & !bi | bj, sp),
            (q, groups.members[q] & !bj | bi, sq),
        ];
        self.offer_changed(base, groups, scratch, changed, None, |c| {
            c.pass_of.swap(i, j)
        });
    }

    /// Offers `base` with two passes changed by `change`, priced from `groups` (its
    /// passes summed) patched by `changed`: each changed pass's number, its emitters
    /// after the change (a mask of emitter indexes) and their sum, settled. The passes are
    /// renumbered in order of first emitter as [`regrouped`] does, so the same orders are
    /// tried in the same sequence; the candidate itself is built only if it wins. The
    /// change must keep every pass's emitters apart. The candidate's passes are summed
    /// into the first slots of `sums`. Its floors are the passes' least costs: the
    /// changed passes' are looked up first (if they leave no room, nothing else is
    /// done; `known` is the first changed pass's when the caller has it), the others'
    /// are `groups`' own.
    pub(super) fn offer_changed(
        &mut self,
        base: &Candidate,
        groups: &Groups,
        sums: &mut [PassSum; MAX_WIDTH],
        changed: [(usize, u32, PassSum); 2],
        known: Option<u32>,
        change: impl Fn(&mut Candidate),
    ) {
        // The changed passes at their least costs, the others at theirs from `groups`.
        let mut least = [0u32; 2];
        let mut total = groups.total;
        for (k, (l, &(p, _, sum))) in least.iter_mut().zip(&changed).enumerate() {
            let known = if k == 0 { known } else { None };
            let Some(c) = known.or_else(|| self.least_cost_of(&sum)) else {
                return;
            };
            *l = c;
            total = total - groups.least[p] + c;
        }
        if total >= self.best {
            return;
        }
        let lowest = |m: u32| m & m.wrapping_neg();
        // The first emitter of each pass after the change (all cleared before any is
        // set: one pass's old first may be the other's new one).
        let mut firsts = groups.firsts;
        for &(p, _, _) in &changed {
            firsts &= !lowest(groups.members[p]);
        }
        for &(_, members, _) in &changed {
            firsts |= lowest(members);
        }
        let mut passes = 0;
        let mut each = [0u16; MAX_WIDTH];
        for first in Bits(firsts) {
            (sums[passes], each[passes]) =
                match changed.iter().position(|&(_, m, _)| m >> first & 1 != 0) {
                    Some(k) => (changed[k].2, least[k] as u16),
                    None => {
                        let p = usize::from(base.pass_of[first]);
                        (groups.sums[p], groups.least[p] as u16)
                    }
                };
            passes += 1;
        }
        let floors = Floors {
            platform: sums[..passes].iter().any(|s| s.loose_flip != 0),
            passes: each[..passes].iter().map(|&f| u32::from(f)).sum(),
            each,
        };
        self.offer_orders_floored(&sums[..], passes, floors, || {
            regrouped(base, &change).expect("the change keeps the passes apart")
        });
    }

    /// Offers cover `c` grouped first fit from `end`, flipped emitters with singles and,
    /// if it has any, apart. Returns the emitters in the order grouped
    /// ([`Planner::by_end`]) and the passes first fit uses with flipped emitters among
    /// singles.
    pub(super) fn offer_groupings(
        &mut self,
        c: &mut Candidate,
        end: End,
    ) -> ([u16; MAX_WIDTH], usize) {
        let by_end = Self::by_end(c, end);
        let mut sums = [PassSum::ZERO; MAX_WIDTH];
        Self::group(c, &by_end, false, &mut sums);
        let first_fit = c.passes;
        self.offer_orders(&sums, c.passes, || *c);
        if self.first_fit_moves {
            self.offer_each_moved(c, &sums);
        }
        if matches!(end, End::Right) && self.repairs > 0 {
            self.repair(c, &sums);
        }
        // Grouped apart, unless no pass mixes them already: then first fit apart packs
        // every emitter into the same pass again (each pass it skips overlaps the
        // emitter, and the one it joins holds its kind only), and the same grouping
        // again cannot cost less. A mixed pass, on the other hand, is one grouping apart
        // never makes.
        let mixed = |s: &PassSum| s.flip_row != 0 && u32::from(s.pixels) != 3 * u32::from(s.n);
        if sums[..c.passes].iter().any(mixed) {
            Self::group(c, &by_end, true, &mut sums);
            self.offer_orders(&sums, c.passes, || *c);
        }
        (by_end, first_fit)
    }

    /// When first fit leaves one or two passes of `c` (summed in `sums`) with no fill in
    /// any order (none even on the most support, [`Planner::least_cost`]), offers `c`
    /// with each pair of overlapping emitters swapped between a pass without a fill and
    /// another, where the swap gives both passes a fill and their least costs leave
    /// room below the best. First fit packs by position; one swapped pair is often all
    /// that keeps it from a plan at the floor, and the local moves never start from a
    /// plan with no fill (the shadowed-letter row `0011111111111100`: 46 → 25 pieces,
    /// exact's). At most [`REPAIR_CHECKS`] swaps per row get their least costs priced.
    pub(super) fn repair(&mut self, c: &Candidate, sums: &[PassSum; MAX_WIDTH]) {
        let mut dead = 0u32;
        for (p, s) in sums[..c.passes].iter().enumerate() {
            if self.least_cost(s).is_none() {
                dead |= 1 << p;
            }
        }
        if dead == 0 || dead.count_ones() > 2 {
            return;
        }
        // The swaps are the local moves' ([`Planner::offer_swapped`]), priced the same
        // way (a pass without a fill counts at its floor until a swap gives it one).
        let mut groups = Groups::of(c);
        self.least_costs(&mut groups, c.passes);
        let mut scratch = [PassSum::ZERO; MAX_WIDTH];
        for i in 0..c.len {
            let (ei, pi) = (c.emits[i].above, usize::from(c.pass_of[i]));
            for j in i + 1..c.len {
                let (ej, pj) = (c.emits[j].above, usize::from(c.pass_of[j]));
                let pair = 1 << pi | 1 << pj;
                if pi == pj || dead & !pair != 0 || ei & ej == 0 {
                    continue;
                }
                // Each must be apart from the other's pass once the other has left it.
                if (sums[pi].above & !ei) & ej != 0 || (sums[pj].above & !ej) & ei != 0 {
                    continue;
                }
                if self.repairs == 0 {
                    return;
                }
                self.repairs -= 1;
                self.offer_swapped(c, &groups, &mut scratch, i, j);
            }
        }
    }

    /// A planner for `row` with the knobs `tuning` and the greedy classic split offered
    /// (so no plan it keeps costs more), using `c` as scratch.
    pub(super) fn start(row: &'a RowInput, tuning: Tuning, c: &mut Candidate) -> Planner<'a> {
        let mut planner = Planner {
            row,
            singles: [Emit::NONE; MAX_WIDTH],
            flips: [None; MAX_WIDTH],
            best: u32::MAX,
            best_plan: None,
            floor: least_pieces(1, row.len as u32),
            all: row.support | row.x[..row.len].iter().fold(0, |m, &x| m | 1 << x),
            cache: [(0, 0, false, 0); CACHE],
            right_too: tuning.right_too,
            most: [(0, 0); MOST_CACHE],
            repairs: tuning.repair_checks,
            dearest_first: tuning.dearest_first,
            stages: tuning.stages,
            covers_offered: 0,
            prices: 0,
            partition_emitters: tuning.partition_emitters,
            one_row_first: tuning.one_row_first,
            first_fit_moves: tuning.first_fit_moves,
            fills: [0; MAX_WIDTH],
            best_fills: [0; MAX_WIDTH],
            reaches: [((0, 0, 0), [0; WIDTH + 1]); REACH_CACHE],
        };
        for i in 0..row.len {
            (planner.singles[i], planner.flips[i]) = (row.single(i), row.flip(i));
        }
        let greedy = classic::greedy(&classic::Singles::of(row));
        offer_classic(&mut planner, c, &greedy);
        planner
    }

    /// Forgets every plan offered so far (the greedy split's too).
    #[cfg(feature = "search")]
    pub(super) fn clear_best(&mut self) {
        self.best = u32::MAX;
        self.best_plan = None;
    }

    /// The pieces of the best plan offered, if any.
    #[cfg(feature = "search")]
    pub(super) fn best_pieces(&self) -> Option<u32> {
        self.best_plan.map(|_| self.best)
    }

    /// The best plan offered.
    pub(super) fn finish(self) -> RowPlan {
        let plan = self
            .best_plan
            .expect("the greedy split always has a cost: its table patterns exist");
        RowPlan {
            platform: plan.platform,
            support: self.row.support,
            pieces: self.best,
            fills: self.best_fills,
            plan,
        }
    }

    /// Offers the cover with flipped emitters starting at the pixels in `flips` (a mask
    /// of pixel indexes, each the first of three adjacent pixels of one colour) and
    /// singles elsewhere, grouped first fit from both ends ([`Planner::offer_groupings`]),
    /// dealt round robin ([`Planner::offer_round_robin`]), in stages
    /// ([`Planner::offer_staged`]) and one-row passes first from the widest and from the
    /// first one-row pass ([`Planner::offer_one_row_first`]).
    pub(super) fn offer_cover(&mut self, c: &mut Candidate, flips: u32) {
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
        let (by_left, first_fit) = self.offer_groupings(c, End::Left);
        let (by_right, _) = self.offer_groupings(c, End::Right);
        self.offer_round_robin(c, &by_left, first_fit);
        self.offer_staged(c, Some(&[by_left, by_right]));
        if self.one_row_first {
            let all = (1 << c.len) - 1;
            let dp = OneRow::of(c, all);
            let (widest, first) = (dp.pass(c, true), dp.pass(c, false));
            self.offer_one_row_first(c, widest);
            if first != widest {
                self.offer_one_row_first(c, first);
            }
        }
    }

    /// Offers `c`'s emitters grouped *one-row passes first*: a pass of `n` pixels needs
    /// `h ≡ −n (mod 4)` matrix rows, so a pass that closes in one row (its cells above
    /// the row and horizontal I pieces tiling all 21 columns of row `y + 1`) is the
    /// cheapest kind there is, and first fit, packing by position, rarely makes one. The
    /// pass `first` (a mask of emitter indexes; none: nothing is offered), then
    /// repeatedly the widest one-row pass of the emitters left
    /// ([`one_row_pass`]), then the rest first fit in cover order, priced as
    /// [`Planner::offer_orders`] does. At most 17 column DPs.
    pub(super) fn offer_one_row_first(&mut self, c: &Candidate, first: u32) {
        if first == 0 || self.best <= self.floor {
            return;
        }
        let mut g = *c;
        let (mut left, mut passes) = ((1u32 << c.len) - 1, 0);
        let mut next = first;
        while next != 0 {
            for i in Bits(next) {
                g.pass_of[i] = passes as u8;
            }
            passes += 1;
            left &= !next;
            next = one_row_pass(c, left, true);
        }
        let mut used = [0u32; MAX_WIDTH + 1];
        for i in Bits(left) {
            let above = c.emits[i].above;
            let Some(p) = (passes..=MAX_WIDTH).find(|&p| used[p] & above == 0) else {
                unreachable!("17 emitters fit in 18 passes")
            };
            used[p] |= above;
            g.pass_of[i] = p as u8;
        }
        g.passes = (0..=MAX_WIDTH)
            .rev()
            .find(|&p| used[p] != 0)
            .map_or(passes, |p| p + 1);
        self.offer_renumbered(&mut g);
    }

    /// Offers `c` with its passes renumbered in order of first emitter ([`renumber`]),
    /// if its passes' emitters do not overlap, in every order.
    pub(super) fn offer_renumbered(&mut self, c: &mut Candidate) {
        if renumber(c) {
            self.offer_orders(&sums_of(c), c.passes, || *c);
        }
    }

    /// [`bar_reach`] through a small direct-mapped cache (the stages of different
    /// first passes and covers often meet the same singles on the same squares).
    fn bar_reach(&mut self, starts: u32, filled: u32, h: usize) -> [u8; WIDTH + 1] {
        let key = (starts, filled, h as u8);
        let slot = (starts.wrapping_mul(0x9E37_79B1) ^ filled.wrapping_mul(0x85EB_CA77))
            .wrapping_add(h as u32)
            >> (32 - REACH_CACHE.trailing_zeros());
        let slot = &mut self.reaches[slot as usize % REACH_CACHE];
        if slot.0 != key {
            *slot = (key, bar_reach(starts, filled, h));
        }
        slot.1
    }

    /// [`bar_set`] with the reach from the cache.
    fn bar_set(&mut self, starts: u32, filled: u32, h: usize, k: usize, narrow: bool) -> u32 {
        let reach = self.bar_reach(starts, filled, h);
        bar_set(&reach, starts, filled, h, k, narrow)
    }

    /// The passes of singles of `c` not yet grouped (`pass_of`) that a strip tiling
    /// can complete on `filled` (at most [`STAGE_HEIGHT`] rows, whole pieces), one per
    /// height and count, fewest pieces per pixel first (then the lower): `(h, k)`, how
    /// many, the single whose bar starts at each column and those columns. With `all`
    /// false only the first, and a height that cannot beat the best found is skipped.
    fn stage_options(
        &mut self,
        c: &Candidate,
        pass_of: &[u8; MAX_WIDTH],
        filled: u32,
        all: bool,
    ) -> ([(usize, usize); STAGE_OPTIONS], usize, [u8; WIDTH], u32) {
        // The first free single whose bar starts at each column and can land.
        let mut bar = [NO_PASS; WIDTH];
        for (i, e) in c.emits[..c.len].iter().enumerate() {
            let a = e.above.trailing_zeros() as usize;
            if pass_of[i] == NO_PASS
                && !e.flipped()
                && bar[a] == NO_PASS
                && (e.held || filled & e.above != 0)
            {
                bar[a] = i as u8;
            }
        }
        let starts = bar
            .iter()
            .enumerate()
            .fold(0u32, |m, (a, &i)| m | u32::from(i != NO_PASS) << a);
        let mut options = [(0, 0); STAGE_OPTIONS];
        let mut n = 0;
        // Whether pass (h1, k1) costs less per pixel than (h2, k2), or as much and is
        // lower: the order of the list.
        let before = |(h1, k1): (usize, usize), (h2, k2): (usize, usize)| {
            ((21 * h1 + k1) * k2, h1) < ((21 * h2 + k2) * k1, h2)
        };
        let most = (starts.count_ones() as usize).min(MOST_BARS);
        // The heights by the least pieces per pixel they could have (for the best alone,
        // a height that cannot come first is skipped).
        for h in [1, 2, 3, 5, 4] {
            if h > STAGE_HEIGHT {
                continue;
            }
            let Some(top) = (1..=most).rev().find(|k| (21 * h + k) % 4 == 0) else {
                continue;
            };
            if !all && n > 0 && !before((h, top), (options[0].0, options[0].1)) {
                continue;
            }
            let counts = self.bar_reach(starts, filled, h)[WIDTH];
            for k in (1..=most).filter(|k| (21 * h + k) % 4 == 0) {
                if counts >> k & 1 == 0 {
                    continue;
                }
                if all {
                    options[n] = (h, k);
                    n += 1;
                } else if n == 0 || before((h, k), (options[0].0, options[0].1)) {
                    options[0] = (h, k);
                    n = 1;
                }
            }
        }
        // Pieces per pixel, (21·h + k)/4k, lowest first (then the lower pass; two
        // options of one height differ in pieces per pixel, so no two tie).
        options[..n].sort_unstable_by(|&(h1, k1), &(h2, k2)| {
            ((21 * h1 + k1) * k2, h1).cmp(&((21 * h2 + k2) * k1, h2))
        });
        (options, n, bar, starts)
    }

    /// Offers cover `c` grouped in *stages*: each pass in turn is the cheapest per pixel
    /// ([`Planner::stage_options`]) of the singles left, resting on the passes before
    /// it, and after each the rest are grouped ([`Planner::offer_rest`]). The first
    /// pass is the first fit pass from either end, then each of the first
    /// [`STAGE_FIRSTS`] options (its bars from the walk back widest strip first):
    /// `2 + STAGE_FIRSTS` runs of at most 17 stages each (a stage takes at least one of
    /// the at most 17 singles). A later stage's bars are the set, of the two walks back
    /// ([`bar_set`]), whose leftover singles first fit packs into fewer passes. See the
    /// module docs.
    pub(super) fn offer_staged(&mut self, c: &mut Candidate, ends: Option<&[[u16; MAX_WIDTH]; 2]>) {
        let stages = self.stages;
        self.covers_offered += 1;
        if self.covers_offered > stages.covers {
            return;
        }
        // The emitters by left end and by right end, for first fit and the deals (the
        // caller's, if it has them: [`Planner::by_end`] of `c` from each end).
        let ends = match ends {
            Some(&ends) => ends,
            None => [Self::by_end(c, End::Left), Self::by_end(c, End::Right)],
        };
        // The options for the first pass, found once (for the first that needs them).
        let mut first_options = None;
        for first in 0..stages.firsts + 2 {
            if self.best <= self.floor {
                return;
            }
            let mut pass_of = [NO_PASS; MAX_WIDTH];
            let mut sums = [PassSum::ZERO; MAX_WIDTH];
            let mut filled = self.row.support;
            match first {
                0 | 1 => {
                    for &key in &ends[first][..c.len] {
                        let i = usize::from(key & 31);
                        if sums[0].above & c.emits[i].above == 0 {
                            sums[0].add(&c.emits[i]);
                            pass_of[i] = 0;
                        }
                    }
                }
                _ => {
                    let (options, n, bar, starts) = *first_options
                        .get_or_insert_with(|| self.stage_options(c, &pass_of, filled, true));
                    let Some(&(h, k)) = options[..n].get(first - 2) else {
                        return;
                    };
                    for a in Bits(self.bar_set(starts, filled, h, k, false)) {
                        let i = usize::from(bar[a]);
                        pass_of[i] = 0;
                        sums[0].add(&c.emits[i]);
                    }
                }
            }
            filled |= sums[0].row;
            let mut passes = 1;
            self.offer_rest(c, &ends, &sums, &pass_of, passes);
            while passes < stages.passes {
                let (options, n, bar, starts) = self.stage_options(c, &pass_of, filled, false);
                if n == 0 {
                    break;
                }
                let (h, k) = options[0];
                let mut set = self.bar_set(starts, filled, h, k, false);
                let other = self.bar_set(starts, filled, h, k, true);
                if other != set {
                    let left = |set: u32| {
                        let mut taken = pass_of;
                        for a in Bits(set) {
                            taken[usize::from(bar[a])] = 0;
                        }
                        Self::rest_passes(c, &ends[0], &taken)
                    };
                    if left(other) < left(set) {
                        set = other;
                    }
                }
                for a in Bits(set) {
                    let i = usize::from(bar[a]);
                    pass_of[i] = passes as u8;
                    sums[passes].add(&c.emits[i]);
                }
                filled |= sums[passes].row;
                passes += 1;
                self.offer_rest(c, &ends, &sums, &pass_of, passes);
            }
        }
    }

    /// Groups the emitters of `c` in no pass yet (`pass_of`, updated) first fit in the
    /// order `by_end` ([`Planner::by_end`]) into passes after the first `staged`
    /// (summed in `sums`, updated); how many passes there are then.
    fn first_fit_rest(
        c: &Candidate,
        by_end: &[u16; MAX_WIDTH],
        sums: &mut [PassSum; MAX_WIDTH],
        pass_of: &mut [u8; MAX_WIDTH],
        staged: usize,
    ) -> usize {
        let mut passes = staged;
        for &key in &by_end[..c.len] {
            let i = usize::from(key & 31);
            if pass_of[i] != NO_PASS {
                continue;
            }
            let e = &c.emits[i];
            let p = (staged..passes)
                .find(|&p| sums[p].above & e.above == 0)
                .unwrap_or(passes);
            if p == passes {
                sums[p] = PassSum::ZERO;
                passes += 1;
            }
            sums[p].add(e);
            pass_of[i] = p as u8;
        }
        passes
    }

    /// How many passes first fit in the order `by_end` packs the emitters of `c` in no
    /// pass yet (`pass_of`) into.
    fn rest_passes(c: &Candidate, by_end: &[u16; MAX_WIDTH], pass_of: &[u8; MAX_WIDTH]) -> usize {
        let mut sums = [PassSum::ZERO; MAX_WIDTH];
        Self::first_fit_rest(c, by_end, &mut sums, &mut pass_of.clone(), 0)
    }

    /// Offers `c` grouped as `pass_of` says, its `passes` passes summed in `sums`.
    pub(super) fn offer_grouped(
        &mut self,
        c: &mut Candidate,
        mut sums: [PassSum; MAX_WIDTH],
        pass_of: &[u8; MAX_WIDTH],
        passes: usize,
    ) {
        for s in &mut sums[..passes] {
            s.settle();
        }
        c.pass_of[..c.len].copy_from_slice(&pass_of[..c.len]);
        c.passes = passes;
        self.offer_orders(&sums, passes, || *c);
    }

    /// Offers `c` with its emitters in no pass yet (`pass_of`) dealt round robin in the
    /// order `by_end` into `p` passes after the first `staged` (summed in `sums`), for
    /// each `p` of `counts` where no two emitters of a pass overlap and none is empty.
    fn offer_dealt(
        &mut self,
        c: &mut Candidate,
        by_end: &[u16; MAX_WIDTH],
        (sums, pass_of, staged): (&[PassSum; MAX_WIDTH], &[u8; MAX_WIDTH], usize),
        counts: [usize; 3],
    ) {
        for p in counts {
            let (mut sums, mut pass_of) = (*sums, *pass_of);
            let (mut dealt, mut apart) = (0, true);
            for &key in &by_end[..c.len] {
                let i = usize::from(key & 31);
                if pass_of[i] != NO_PASS {
                    continue;
                }
                let (e, q) = (&c.emits[i], staged + dealt % p);
                dealt += 1;
                if sums[q].above & e.above != 0 {
                    apart = false;
                    break;
                }
                sums[q].add(e);
                pass_of[i] = q as u8;
            }
            // Dealing fills the first passes first: none is empty with `p` emitters.
            if apart && dealt >= p {
                self.offer_grouped(c, sums, &pass_of, staged + p);
            }
        }
    }

    /// Offers cover `c` with its first `staged` passes as `sums` and `pass_of` have
    /// them ([`NO_PASS`]: an emitter in none yet) and the rest grouped after them:
    /// first fit from either end (`ends`: the emitters by left end and by right end,
    /// [`Planner::by_end`]), and dealt round robin by left end into as many passes as
    /// first fit from the left uses and one and two more ([`Planner::offer_dealt`]).
    fn offer_rest(
        &mut self,
        c: &mut Candidate,
        ends: &[[u16; MAX_WIDTH]; 2],
        sums: &[PassSum; MAX_WIDTH],
        pass_of: &[u8; MAX_WIDTH],
        staged: usize,
    ) {
        // The passes first fit from the left uses for the rest (it comes first).
        let mut first_fit = 0;
        for (k, by_end) in ends.iter().enumerate() {
            let (mut rest_sums, mut rest_of) = (*sums, *pass_of);
            let passes = Self::first_fit_rest(c, by_end, &mut rest_sums, &mut rest_of, staged);
            self.offer_grouped(c, rest_sums, &rest_of, passes);
            if k == 0 {
                first_fit = passes - staged;
                if first_fit == 0 || !self.stages.rest_every_way {
                    // Nothing left (the stages alone, once), or first fit alone.
                    return;
                }
            }
        }
        let counts = [first_fit, first_fit + 1, first_fit + 2];
        self.offer_dealt(c, &ends[0], (sums, pass_of, staged), counts);
    }

    /// Offers cover `c` dealt round robin into `p` passes by left end (emitter `k` from
    /// the left into pass `k mod p`), for `p` the passes first fit uses and one and two
    /// more, where no two emitters of a pass overlap. First fit fills its first passes
    /// and leaves the last ones light; dealing spreads the emitters evenly, which often
    /// gives every pass a lower matrix (the 17 × 32 noise sprite: 2,467 → 2,404 pieces).
    /// `by_end` is `c`'s emitters by left end ([`Planner::by_end`]), `p0` the passes
    /// first fit uses in that order.
    pub(super) fn offer_round_robin(
        &mut self,
        c: &mut Candidate,
        by_end: &[u16; MAX_WIDTH],
        p0: usize,
    ) {
        if self.best <= self.floor {
            return;
        }
        let none = ([PassSum::ZERO; MAX_WIDTH], [NO_PASS; MAX_WIDTH]);
        self.offer_dealt(c, by_end, (&none.0, &none.1, 0), [p0, p0 + 1, p0 + 2]);
    }
}

/// The planner's knobs: the default's, or some switched off (for the tests that show
/// what each one does).
#[derive(Clone, Copy)]
pub(super) struct Tuning {
    /// At most this many rounds of local moves ([`Planner::improve`]).
    pub(super) rounds: usize,
    /// Whether each cover is also grouped first fit by right end ([`End::Right`]).
    pub(super) right_too: bool,
    /// At most this many swaps checked by [`Planner::repair`] per row.
    pub(super) repair_checks: u32,
    /// Whether a plan of four or more passes is also tried dearest pass first
    /// ([`Planner::offer_orders_floored`]).
    pub(super) dearest_first: bool,
    /// How covers are grouped in stages ([`Planner::offer_staged`]).
    pub(super) stages: Stages,
    /// Covers of at most this many emitters are also grouped every way (the searching
    /// planner's `Planner::partitions`; 0: none).
    pub(super) partition_emitters: usize,
    /// Each cover is also grouped one-row passes first
    /// ([`Planner::offer_one_row_first`]): from the widest one-row pass
    /// ([`one_row_pass`]), and in the thorough planner also from each of the
    /// first ones its enumeration finds.
    pub(super) one_row_first: bool,
    /// Each first-fit grouping is also offered with each emitter moved to each other
    /// pass ([`Planner::offer_each_moved`]).
    pub(super) first_fit_moves: bool,
}

impl Tuning {
    /// The grouped planner's ([`super::grouped`]): only its table's covers, grouped by
    /// the fixed rules of [`Planner::offer_cover`], each first-fit grouping with each
    /// emitter moved once, the repair as the thorough planner has it, and one round of
    /// local moves on the best plan (no repeat).
    pub(super) const GROUPED: Tuning = Tuning {
        rounds: 1,
        right_too: true,
        repair_checks: REPAIR_CHECKS,
        dearest_first: true,
        stages: Stages::GROUPED,
        partition_emitters: 0,
        first_fit_moves: true,
        one_row_first: true,
    };
}

/// How a planner groups covers in stages ([`Planner::offer_staged`]).
#[derive(Clone, Copy)]
pub(super) struct Stages {
    /// Only the first this many covers a planner offers are staged.
    pub(super) covers: usize,
    /// Stage options tried as the first pass besides the first-fit passes from either
    /// end (at most [`STAGE_FIRSTS`]).
    pub(super) firsts: usize,
    /// At most this many staged passes per run (the first pass included).
    pub(super) passes: usize,
    /// After each stage the rest is grouped every way [`Planner::offer_rest`] knows
    /// (first fit from either end and three round-robin deals); else first fit from
    /// the left alone.
    pub(super) rest_every_way: bool,
}

impl Stages {
    /// No stages.
    #[cfg(test)]
    pub(super) const NONE: Stages = Stages {
        covers: 0,
        firsts: 0,
        passes: 0,
        rest_every_way: false,
    };

    /// Every cover, from the two first-fit passes and [`STAGE_FIRSTS`] options, until
    /// no single is left, the rest grouped every way after each stage: the searching
    /// planner's, and what the run-cover table's prices were computed with.
    pub(super) const EVERY: Stages = Stages {
        covers: usize::MAX,
        firsts: STAGE_FIRSTS,
        passes: MAX_WIDTH,
        rest_every_way: true,
    };

    /// The grouped planner's: the first cover only (the run-cover table's first slot,
    /// the thorough planner's cover of each run), from the two first-fit passes, at
    /// most three staged passes, the rest grouped first fit from the left after each:
    /// at most 2 runs × 3 stages × 1 grouping per row.
    pub(super) const GROUPED: Stages = Stages {
        covers: 1,
        firsts: 0,
        passes: 3,
        rest_every_way: false,
    };
}

/// A *one-row pass* of the emitters `left` of `c` (a mask of indexes): a set whose
/// cells above the row and horizontal I pieces tile the 21 columns of row `y + 1` (so
/// its pixels are `≡ 3 (mod 4)`: one matrix row; whether the I pieces rest on something
/// is left to the pricing). With `widest`, one with the most pixels; else any. Of
/// those, the first in the order that prefers, column by column from the left, an I
/// piece to an emitter and an emitter to a later one (the order the thorough planner
/// enumerates them in). A DP from the right (the most pixels that tile columns
/// `col..21`), then a walk from the left; 0 if there is none.
pub(super) fn one_row_pass(c: &Candidate, left: u32, widest: bool) -> u32 {
    OneRow::of(c, left).pass(c, widest)
}

/// [`one_row_pass`]'s DP of the emitters `left` of a candidate, from which both of its
/// walks (widest or first) read: one DP for both.
pub(super) struct OneRow {
    /// The emitters of `left` starting at each column (a mask of indexes).
    at: [u32; WIDTH],
    /// The most pixels of a tiling of columns `col..21`, negative for none (no tiling
    /// reaches [`OneRow::NONE`] up from below: at most 21 pixels are ever added), and
    /// none past column 21.
    most: [i32; WIDTH + 5],
}

impl OneRow {
    /// No tiling.
    const NONE: i32 = -(1 << 20);

    /// The DP from the right over the emitters `left` of `c`.
    pub(super) fn of(c: &Candidate, left: u32) -> OneRow {
        let mut at = [0u32; WIDTH];
        let mut most = [Self::NONE; WIDTH + 5];
        for i in Bits(left) {
            if let Some(m) = at.get_mut(c.emits[i].above.trailing_zeros() as usize) {
                *m |= 1 << i;
            }
        }
        most[WIDTH] = 0;
        for col in (0..WIDTH).rev() {
            let mut best = most[col + 4];
            for i in Bits(at[col]) {
                let e = &c.emits[i];
                let end = (u32::BITS - e.above.leading_zeros()) as usize;
                best = best.max(most[end.min(WIDTH + 1)] + i32::from(e.pixels()));
            }
            most[col] = best;
        }
        OneRow { at, most }
    }

    /// The walk from the left ([`one_row_pass`]) over the DP of `c`'s emitters.
    pub(super) fn pass(&self, c: &Candidate, widest: bool) -> u32 {
        let end = |i: usize| (u32::BITS - c.emits[i].above.leading_zeros()) as usize;
        let pixels = |i: usize| i32::from(c.emits[i].pixels());
        let (at, most) = (&self.at, &self.most);
        // Whether a step to `to` that adds `px` pixels keeps to the chosen tilings.
        let keeps = |from: usize, to: usize, px: i32| {
            let (m, rest) = (most[from], most[to.min(WIDTH + 1)]);
            m >= 0 && rest >= 0 && (!widest || rest + px == m)
        };
        let (mut col, mut set) = (0, 0);
        while col < WIDTH {
            if col + 4 <= WIDTH && keeps(col, col + 4, 0) {
                col += 4;
                continue;
            }
            let Some(i) = Bits(at[col]).find(|&i| keeps(col, end(i), pixels(i))) else {
                return 0;
            };
            set |= 1 << i;
            col = end(i);
        }
        set
    }
}

/// `base` with its passes changed by `change` and renumbered ([`renumber`]); `None` if
/// some pass's emitters overlap.
pub(super) fn regrouped(base: &Candidate, change: &impl Fn(&mut Candidate)) -> Option<Candidate> {
    let mut c = *base;
    change(&mut c);
    renumber(&mut c).then_some(c)
}

/// Renumbers `c`'s passes in order of first emitter, their order the identity; whether
/// every pass's emitters are apart (if not, `c` is left half renumbered).
pub(super) fn renumber(c: &mut Candidate) -> bool {
    let mut renumber = [u8::MAX; MAX_WIDTH + 1];
    let mut used = [0u32; MAX_WIDTH];
    c.passes = 0;
    for i in 0..c.len {
        let p = &mut renumber[usize::from(c.pass_of[i])];
        if *p == u8::MAX {
            *p = c.passes as u8;
            c.passes += 1;
        }
        c.pass_of[i] = *p;
        let (used, above) = (&mut used[usize::from(*p)], c.emits[i].above);
        if *used & above != 0 {
            return false;
        }
        *used |= above;
    }
    for (p, o) in c.order[..c.passes].iter_mut().enumerate() {
        *o = p as u8;
    }
    true
}

/// Offers the classic plan `(pass bits, passes)` in its own order, using `c` as scratch.
fn offer_classic(planner: &mut Planner<'_>, c: &mut Candidate, split: &classic::Split) {
    let row = planner.row;
    let (passes, count) = (split.members(row.len), split.passes);
    c.len = row.len;
    c.passes = count;
    for i in 0..row.len {
        c.emits[i] = planner.singles[i];
        c.pass_of[i] = passes[..count]
            .iter()
            .position(|&m| m >> i & 1 != 0)
            .unwrap_or(0) as u8;
    }
    for (p, o) in c.order[..c.passes].iter_mut().enumerate() {
        *o = p as u8;
    }
    planner.offer_orders_fixed(c);
}
