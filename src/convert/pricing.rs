//! The row planners' pricing, shared by the grouped planner (the default) and the
//! thorough one: flipped emitters, support from squares already emitted in the row,
//! and strip fillers; a [`Pricer`] that prices candidate plans (covers grouped into
//! passes, in orders) and keeps the cheapest. How candidates are formed is the
//! groupings' ([`super::grouping`]) and the local moves' ([`super::local_moves`]).
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
//! A candidate is priced in every order of up to three passes (of more: the grouping
//! order, the passes needing no landing first, and the dearest first, by least cost).
//! The planners offer the greedy classic split first ([`Pricer::start`]), so they never
//! do worse than that.
//!
//! Most candidates are dropped before any order is priced: a fill never costs more on
//! more support, and no pass of any plan rests on more than the row's support and all
//! its pixels, so each pass's fill on those cells (its *least cost*,
//! [`Pricer::least_cost`]) bounds every order from below, and a candidate whose least
//! costs reach the best is skipped. A local move keeps those cells, so it reprices
//! only the passes it changes and takes the others' least costs from the plan it
//! starts from. Every skip is of a candidate that could not have won, so the plans are
//! those a search without these bounds finds.
//! Everything is fixed-size; nothing allocates.

use crate::bits::Bits;
use crate::playfield::WIDTH;
use crate::sprite::MAX_WIDTH;

use super::plan::{regrouped, renumber, Candidate, RowPlan};
use super::row::{Emit, RowInput};
use super::tiling::{price, PricedFill};

/// Pieces of a platform.
pub(super) const PLATFORM_PIECES: u32 = 21;

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
/// pass as one mask: what [`Pricer::offer_changed`] patches instead of summing each
/// local move's candidate again. With each pass's least cost on the most support it can
/// have, which the moves keep ([`Pricer::least_costs`]).
pub(super) struct Groups {
    pub(super) sums: [PassSum; MAX_WIDTH + 1],
    pub(super) members: [u32; MAX_WIDTH + 1],
    pub(super) firsts: u32,
    /// Each pass's least cost ([`Pricer::least_cost`]), at least its floor (0 for an
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
    /// [`Pricer::tighten`].
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
/// ones whose tail is `n, n + 1, …` ([`Pricer::reorder`]).
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

/// Swaps [`Pricer::repair`] checks per row at most (each two fill prices, and a
/// grouping price if it may win): a cap on its work, part of the planners' stated
/// bounds, with which every committed plan and piece total was computed.
pub(super) const REPAIR_CHECKS: u32 = 64;

/// Slots of the planner's cache of bar reaches (a power of two).
pub(super) const REACH_CACHE: usize = 32;

/// Slots of the planner's fill cache (a power of two).
const CACHE: usize = 16;

/// Slots of the planner's cache of fills on the most support (a power of two).
const MOST_CACHE: usize = 128;

/// A part of the grouped and the thorough planners that a unit test may leave out, to
/// show what it does ([`Pricer::has`]). Only the tests leave any part out: in every
/// other build [`Pricer::has`] is the constant `true`, so no converter reads a switch
/// at run time. What differs between the planners is their policy values
/// (`planners::grouped::Grouped`) and their own code, not these.
#[derive(Clone, Copy)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) enum Part {
    /// The local moves ([`Pricer::improve`]), and the thorough planner's reordering.
    LocalMoves,
    /// The thorough planner's grouping of each cover first fit from the right end.
    RightEnd,
    /// The swap repair ([`Pricer::repair`]).
    Repair,
    /// Plans of four or more passes also tried dearest pass first.
    DearestFirst,
    /// The thorough planner's staged groupings ([`Pricer::offer_staged`]).
    Stages,
    /// The thorough planner's groupings one-row passes first.
    OneRowFirst,
    /// The thorough planner's groupings of small covers every way.
    Partitions,
    /// The grouped planner's moves from each first-fit grouping
    /// ([`Pricer::offer_each_moved`]).
    FirstFitMoves,
}

/// The parts a unit test leaves out of a planner ([`Part`]): a test-only type, set in
/// the planners' policy values and handed to their [`Pricer`].
#[cfg(test)]
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Parts(u8);

#[cfg(test)]
impl Parts {
    /// No part left out: the planner as it is.
    pub(crate) const NONE: Parts = Parts(0);

    /// These parts and `part` left out.
    pub(crate) const fn and(self, part: Part) -> Parts {
        Parts(self.0 | 1 << part as u8)
    }

    /// Whether `part` is left out.
    const fn has(self, part: Part) -> bool {
        self.0 >> part as u8 & 1 != 0
    }
}

/// Prices the candidate plans of one row and keeps the cheapest.
pub(crate) struct Pricer<'a> {
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
    /// Recent fills: `(above, support, flips) → fill`, but those on `all`.
    pub(super) cache: [(u32, u32, bool, PricedFill); CACHE],
    /// Recent fills on `all`: `above | flips << 31 → fill`. The planner's floors
    /// ([`Pricer::least_cost`]) ask for these most.
    pub(super) most: [(u32, PricedFill); MOST_CACHE],
    /// Swaps [`Pricer::repair`] may still check in this row.
    pub(super) repairs: u32,
    /// Fill prices requested so far ([`Pricer::fill`], cached or not): the
    /// unit of the planners' stated bounds on work per row.
    pub(super) prices: u32,
    /// The parts a unit test leaves out ([`Pricer::has`]).
    #[cfg(test)]
    pub(crate) left_out: Parts,
    /// Each pass's fill, in order, of the last order [`Pricer::cost`] priced in full,
    /// and of the best plan's ([`RowPlan::fills`]).
    pub(super) fills: [PricedFill; MAX_WIDTH],
    pub(super) best_fills: [PricedFill; MAX_WIDTH],
    /// Recent bar reaches ([`Pricer::bar_reach`]): `(starts, filled, h) → reach`.
    pub(super) reaches: [((u32, u32, u8), [u8; WIDTH + 1]); REACH_CACHE],
}

impl<'a> Pricer<'a> {
    /// The cheapest fill of a pass ([`price`]) through small direct-mapped caches
    /// (candidates share passes); `None` where there is none.
    pub(super) fn fill(&mut self, above: u32, support: u32, flips: bool) -> Option<PricedFill> {
        if support == self.all {
            return self.fill_on_all(above, flips);
        }
        self.prices += 1;
        let h = (above.wrapping_mul(0x9E37_79B1) ^ support.wrapping_mul(0x85EB_CA77))
            >> (32 - CACHE.trailing_zeros());
        let slot = &mut self.cache[h as usize % CACHE];
        if !(slot.0 == above && slot.1 == support && slot.2 == flips && slot.0 != 0) {
            *slot = (above, support, flips, price(above, support, flips));
        }
        slot.3.exists().then_some(slot.3)
    }

    /// [`Pricer::fill`] on [`Pricer::all`], through its own cache (`above` is not
    /// empty, and lies below bit 31).
    pub(super) fn fill_on_all(&mut self, above: u32, flips: bool) -> Option<PricedFill> {
        self.prices += 1;
        let key = above | u32::from(flips) << 31;
        let h = key.wrapping_mul(0x9E37_79B1) >> (32 - MOST_CACHE.trailing_zeros());
        let slot = &mut self.most[h as usize % MOST_CACHE];
        if slot.0 != key {
            *slot = (key, price(above, self.all, flips));
        }
        slot.1.exists().then_some(slot.1)
    }

    /// What pass `s` costs resting on [`Pricer::all`], the most support it can have:
    /// no order of its plan makes it cheaper (`None`: it has no fill in any order).
    pub(super) fn least_cost(&mut self, s: &PassSum) -> Option<u32> {
        let fill = self.fill_on_all(s.above, s.flip_row != 0)?;
        Some(u32::from(s.n) + fill.pieces())
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

    /// [`Pricer::least_cost`] of a pass of a local move's candidate, at least its floor
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
            let fill = self.fill(s.above, support | s.row, flips)?;
            self.fills[k] = fill;
            total += u32::from(s.n) + fill.pieces();
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
    pub(super) fn offer_orders_fixed(&mut self, c: &Candidate) {
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

    /// [`Pricer::offer_orders`] with the passes' floors `floors` already raised as
    /// [`Pricer::tighten`] does.
    pub(super) fn offer_orders_floored(
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
            if self.has(Part::DearestFirst) {
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

    /// Offers `c` with its passes renumbered in order of first emitter ([`renumber`]),
    /// if its passes' emitters do not overlap, in every order.
    pub(super) fn offer_renumbered(&mut self, c: &mut Candidate) {
        if renumber(c) {
            self.offer_orders(&sums_of(c), c.passes, || *c);
        }
    }

    /// Offers `c` grouped as `pass_of` says, its `passes` passes summed in `sums`
    /// (settled here: [`PassSum::settle`]).
    pub(super) fn offer_grouped(
        &mut self,
        c: &mut Candidate,
        sums: &mut [PassSum; MAX_WIDTH],
        pass_of: &[u8; MAX_WIDTH],
        passes: usize,
    ) {
        for s in &mut sums[..passes] {
            s.settle();
        }
        c.pass_of[..c.len].copy_from_slice(&pass_of[..c.len]);
        c.passes = passes;
        self.offer_orders(sums, passes, || *c);
    }

    /// A planner for `row` with the classic split `greedy` offered (the pixels of each
    /// pass as a mask of pixel indexes: the greedy split, so no plan it keeps costs
    /// more), using `c` as scratch.
    pub(crate) fn start(row: &'a RowInput, greedy: &[u32], c: &mut Candidate) -> Pricer<'a> {
        let mut planner = Pricer {
            row,
            singles: [Emit::NONE; MAX_WIDTH],
            flips: [None; MAX_WIDTH],
            best: u32::MAX,
            best_plan: None,
            floor: least_pieces(1, row.len as u32),
            all: row.support | row.x[..row.len].iter().fold(0, |m, &x| m | 1 << x),
            cache: [(0, 0, false, PricedFill::NONE); CACHE],
            most: [(0, PricedFill::NONE); MOST_CACHE],
            repairs: REPAIR_CHECKS,
            #[cfg(test)]
            left_out: Parts::NONE,
            prices: 0,
            fills: [PricedFill::NONE; MAX_WIDTH],
            best_fills: [PricedFill::NONE; MAX_WIDTH],
            reaches: [((0, 0, 0), [0; WIDTH + 1]); REACH_CACHE],
        };
        for i in 0..row.len {
            (planner.singles[i], planner.flips[i]) = (row.single(i), row.flip(i));
        }
        planner.offer_classic(c, greedy);
        planner
    }

    /// Whether this pricer's planner has `part`: always, but in the unit tests that
    /// leave parts out to show what each does ([`Parts`]).
    #[cfg(not(test))]
    #[inline(always)]
    pub(super) const fn has(&self, _: Part) -> bool {
        true
    }

    /// Whether this pricer's planner has `part` (the tests leave some out: [`Parts`]).
    #[cfg(test)]
    pub(super) const fn has(&self, part: Part) -> bool {
        !self.left_out.has(part)
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

    /// Offers the classic plan whose passes hold the pixels `passes` (each a mask of
    /// pixel indexes) in its own order, using `c` as scratch.
    fn offer_classic(&mut self, c: &mut Candidate, passes: &[u32]) {
        let row = self.row;
        c.len = row.len;
        c.passes = passes.len();
        for i in 0..row.len {
            c.emits[i] = self.singles[i];
            c.pass_of[i] = passes.iter().position(|&m| m >> i & 1 != 0).unwrap_or(0) as u8;
        }
        for (p, o) in c.order[..c.passes].iter_mut().enumerate() {
            *o = p as u8;
        }
        self.offer_orders_fixed(c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thorough planner's docs give the sizes of the fill caches.
    #[test]
    fn the_docs_state_the_cache_sizes() {
        use crate::convert::doc_figures::assert_says;
        let stated = format!("caches skip repeats ({CACHE} slots, and {MOST_CACHE} for the fills");
        let file = include_str!("planners/thorough.rs");
        assert_says("planners/thorough.rs", file, &stated);
    }
}
