//! The row planners' pricing, shared with the default lookup planner ([`super::lookup`]),
//! and the searching planner of [`Passes::Fewest`](crate::Passes::Fewest): flipped
//! emitters, support from squares already emitted in the row, and strip fillers.
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
//! The planner enumerates every way to cover the row's runs of same-colour pixels with
//! flipped emitters (at most 406 for 17 pixels), groups each cover's emitters into
//! passes first fit, once by left end and once by right end from the right (first fit
//! uses the fewest passes either way, but packs different emitters together), each
//! with flips among singles and apart from them, tries every order of up to three
//! passes (of more: the grouping order, the passes needing no landing first, and the
//! dearest first, by least cost) (when first fit from the right leaves a pass with no
//! fill at all, also with one overlapping pair swapped, [`Planner::repair`]), and keeps
//! the cheapest plan, starting from the greedy classic split, so it
//! never does worse than that. Then it improves the best plan by local moves
//! ([`Planner::improve`]): each emitter moved to another pass (or one of its own),
//! each pair in different passes swapped, each flipped emitter split into its singles,
//! each three singles on a run merged into a flipped one, every result priced in every
//! order of up to three passes; for at most [`IMPROVE_ROUNDS`] rounds. Last, a best
//! plan of four or five passes is priced in every order of its passes. First fit packs
//! passes by position, blind to their matrices; the moves find groupings whose passes
//! close in fewer matrix rows (on the 17 × 32 noise sprite 2,530 → 2,152 pieces). It
//! stops at the floor.
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
//!
//! # Work per row (worst case)
//! Bounded, but a search, not a lookup (the default is the lookup planner,
//! [`super::lookup`], which prices a fixed few of these candidates instead). No branch-and-bound and no node limit: every loop has a fixed bound,
//! and the cover enumeration recurses at most 17 deep (one level per pixel).
//! A *grouping price* is one candidate's least costs (at most 17 fill prices, and at
//! most 4 more for a split or merge, looked up before it is built), then its price in
//! every order of up to three passes (6 × 3 fill prices) or in three orders of more
//! (3 × 17): at most 72 fill prices.
//! - at most 406 covers (17 pixels in one run: the ways to write 17 as ones and
//!   threes), each grouped four times (two ends, flips with singles or apart): at
//!   most 1,624 grouping prices, and the right end's least costs looked up twice more
//!   for the repair (2 × 406 × 17 = 13,804 fill prices);
//! - at most [`REPAIR_CHECKS`] = 64 swaps of the repair per row, each two fill prices
//!   and at most one grouping price;
//! - one descent by local moves, at most 3 rounds of at most 17 × 17 moves, 136 swaps,
//!   5 × 18 splits and 15 × 18 merges: at most 3 × 785 = 2,355 grouping prices, plus
//!   the start plan's least costs each round (3 × 17 = 51 fill prices), though moves
//!   that overlap, and moves whose passes' floors or least costs cannot beat the best,
//!   are skipped before pricing;
//! - at most 120 orders of the best plan, after its least costs (605 fill prices);
//! - so at most (1,624 + 64 + 2,355) × 72 + 13,804 + 128 + 51 + 605 = 305,684 fill
//!   prices. A fill price is
//!   at most two strip tilings (the heights `h ≤ 5` with `21·h ≡ bottom cells (mod 4)`),
//!   each a left-to-right DP over the 21 columns with one inner-fit load and at most
//!   five edge-fit loads per column, a wide-pattern lookup at each of those heights and
//!   at 6 rows (a binary search of 442 keys), plus one emitter lookup; two direct-mapped
//!   caches skip repeats (16 slots, and 128 for the fills on the row's most support).
//!
//! Measured (callgrind), this planner costs 22× the greedy converter's instructions on
//! the nine benchmark sprites (23× on the 17 × 32 noise sprite, 61× on the smiley,
//! 2.0× on the solid sprite; the repair adds 23 % over the nine). Until the local moves it also priced the exact classic
//! split ([`classic::optimal_from`], a branch-and-bound with a node limit); the moves
//! find everything that split won (the stripes sprite's rows of seven side-by-side
//! triples) and more. Until the right-end grouping it also descended by local moves
//! from the two plans the best one replaced last, instead of grouping from the right:
//! 24 % more instructions (with the bounds above) for 42 fewer pieces on the nine
//! sprites, and 2,310 more on the random set.

use crate::bits::Bits;
use crate::sprite::MAX_WIDTH;

use super::classic;
use super::row::{Emit, RowInput};
use super::tiling::{fill_pieces, fill_priced, Fill, NO_EMITTER};

/// Pieces of a platform.
const PLATFORM_PIECES: u32 = 21;

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
    support: u32,
    /// Pieces of the plan, platform included.
    pub pieces: u32,
    /// Pieces of each pass's fill, in order (what pricing found: [`RowPlan::passes`]
    /// builds each fill at its price instead of searching for it again).
    fills: [u16; MAX_WIDTH],
    plan: Candidate,
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
    emits: [Emit; MAX_WIDTH],
    len: usize,
    pass_of: [u8; MAX_WIDTH],
    order: [u8; MAX_WIDTH],
    passes: usize,
    platform: bool,
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
struct PassSum {
    above: u32,
    row: u32,
    /// The pass's flipped bars (dropped first: a single of the pass may rest on them).
    /// Not empty: the pass has a flipped emitter.
    flip_row: u32,
    /// Bar starts of its singles over a hole: each needs a filled cell of the emission
    /// row under its bar when it drops (see [`lands`]), else the row needs a platform.
    loose: u32,
    /// The bars of its flipped emitters over holes only (not empty: the row needs a
    /// platform).
    loose_flip: u32,
    n: u8,
    /// Its pixels (the cells of `row`).
    pixels: u8,
    /// The least the pass can cost: its emitters and the lowest matrix its cells allow
    /// (set by [`PassSum::settle`]).
    floor: u16,
}

impl PassSum {
    /// An empty pass.
    const ZERO: PassSum = PassSum {
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
    fn add(&mut self, e: &Emit) {
        self.toggle(e);
        self.n += 1;
        self.pixels += if e.flipped() { 3 } else { 1 };
    }

    /// Takes out `e`, one of the pass's emitters.
    fn remove(&mut self, e: &Emit) {
        self.toggle(e);
        self.n -= 1;
        self.pixels -= if e.flipped() { 3 } else { 1 };
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
    fn settle(&mut self) {
        self.floor = PASS_FLOORS[usize::from(self.pixels)];
    }
}

/// A candidate's passes summed by pass number (one more slot for a new pass), the
/// emitters of each pass as a mask of emitter indexes, and the first emitter of every
/// pass as one mask: what [`Planner::offer_changed`] patches instead of summing each
/// local move's candidate again. With each pass's least cost on the most support it can
/// have, which the moves keep ([`Planner::least_costs`]).
struct Groups {
    sums: [PassSum; MAX_WIDTH + 1],
    members: [u32; MAX_WIDTH + 1],
    firsts: u32,
    /// Each pass's least cost ([`Planner::least_cost`]), at least its floor (0 for an
    /// empty pass).
    least: [u32; MAX_WIDTH + 1],
    /// The least costs summed.
    least_sum: u32,
    /// The least costs summed, with the platform a flipped emitter over holes forces.
    total: u32,
}

/// The passes a cover move changes, each summed after the move: at most four (a split's
/// pass and the three its singles join, or a merge's three and the one its flipped
/// emitter joins).
#[derive(Clone, Copy)]
struct Touched {
    pass: [usize; 4],
    sums: [PassSum; 4],
    len: usize,
}

impl Touched {
    const NONE: Touched = Touched {
        pass: [0; 4],
        sums: [PassSum::ZERO; 4],
        len: 0,
    };

    /// Pass `p`'s sum after the move so far (`groups`' own until the move touches it).
    fn sum(&mut self, groups: &Groups, p: usize) -> &mut PassSum {
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
fn sums_of(c: &Candidate) -> [PassSum; MAX_WIDTH] {
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
    fn of(c: &Candidate) -> Groups {
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
const fn least_pieces(min_rows: u32, pixels: u32) -> u32 {
    let least = if min_rows > 1 { min_rows } else { 1 };
    let rows = least + (4 - (least + pixels) % 4) % 4;
    (21 * rows + pixels) / 4
}

/// [`least_pieces`]`(1, n)` for the `n` pixels of one pass (at most 17), and 0 for an
/// empty one: the floor of a pass, looked up for every candidate's passes.
const PASS_FLOORS: [u16; MAX_WIDTH + 1] = {
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
fn floor_sum(pixels: &[u32]) -> u32 {
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
fn lands(loose: u32, filled: u32) -> bool {
    let under_bar = filled | filled >> 1 | filled >> 2;
    loose & !under_bar == 0
}

/// What bounds every order of a candidate's passes from below.
#[derive(Clone, Copy)]
struct Floors {
    /// Whether the passes need a platform whatever their order: a flipped emitter lies
    /// in the emission row, so only the row below can hold it.
    platform: bool,
    /// The sum of the passes' floors.
    passes: u32,
    /// The floor of each pass: [`PassSum::floor`], or the tighter one of
    /// [`Planner::tighten`].
    each: [u16; MAX_WIDTH],
}

impl Floors {
    /// The floors of the first `passes` passes summed in `sums`.
    fn of(sums: &[PassSum], passes: usize) -> Floors {
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
    fn total(self) -> u32 {
        if self.platform {
            PLATFORM_PIECES + self.passes
        } else {
            self.passes
        }
    }
}

/// Every order of five passes, in lexicographic order; those of fewer passes are the
/// ones whose tail is `n, n + 1, …` ([`Planner::reorder`]).
const ORDERS_OF_FIVE: [[u8; 5]; 120] = {
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
enum End {
    /// Emitters by left end, ascending.
    Left,
    /// Emitters by right end, descending.
    Right,
}

/// Swaps [`Planner::repair`] checks per row at most (each two fill prices, and a
/// grouping price if it may win). On the random set no row needs more than 16 of them
/// for the same plans; 64 leaves room.
const REPAIR_CHECKS: u32 = 64;

/// Rounds of [`Planner::improve`] at most (a round that finds nothing cheaper ends it).
const IMPROVE_ROUNDS: usize = 3;

/// Slots of the planner's fill cache (a power of two).
const CACHE: usize = 16;

/// Slots of the planner's cache of fills on the most support (a power of two).
const MOST_CACHE: usize = 128;

pub(super) struct Planner<'a> {
    row: &'a RowInput,
    /// The row's emitters, looked up once: each pixel's single ([`RowInput::single`])
    /// and the flipped emitter starting at each ([`RowInput::flip`]).
    singles: [Emit; MAX_WIDTH],
    flips: [Option<Emit>; MAX_WIDTH],
    best: u32,
    best_plan: Option<Candidate>,
    /// No plan costs less: stop when the best reaches it.
    floor: u32,
    /// The row's support and all its pixels' cells: the most support a pass can have
    /// (every plan's passes together print every pixel).
    all: u32,
    /// Recent fills: `(above, support, flips) → pieces` (`u32::MAX`: none), but those
    /// on `all`.
    cache: [(u32, u32, bool, u32); CACHE],
    /// Whether each cover is also grouped first fit by right end ([`End::Right`]).
    right_too: bool,
    /// Recent fills on `all`: `above | flips << 31 → pieces` (`u32::MAX`: none). The
    /// planner's floors ([`Planner::least_cost`]) ask for these most.
    most: [(u32, u32); MOST_CACHE],
    /// Swaps [`Planner::repair`] may still check in this row.
    repairs: u32,
    /// Whether plans of four or more passes are also tried dearest pass first.
    dearest_first: bool,
    /// Pieces of each pass's fill, in order, of the last order [`Planner::cost`] priced
    /// in full, and of the best plan's ([`RowPlan::fills`]).
    fills: [u16; MAX_WIDTH],
    best_fills: [u16; MAX_WIDTH],
}

impl<'a> Planner<'a> {
    /// `tiling::fill`'s pieces through small direct-mapped caches (candidates share passes).
    fn fill_pieces(&mut self, above: u32, support: u32, flips: bool) -> Option<u32> {
        if support == self.all {
            return self.fill_on_all(above, flips);
        }
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
    fn least_costs(&mut self, groups: &mut Groups, passes: usize) {
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
    fn may_win(&mut self, groups: &Groups, touched: &mut Touched) -> bool {
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
    fn least_cost_of(&mut self, s: &PassSum) -> Option<u32> {
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
    fn tighten(&mut self, sums: &[PassSum], floors: &mut Floors) -> bool {
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
    fn cost(&mut self, sums: &[PassSum], order: &[u8], floors: Floors) -> Option<(u32, bool)> {
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
    fn offer(
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
    fn offer_orders(&mut self, sums: &[PassSum], passes: usize, build: impl Fn() -> Candidate) {
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
        let mut by_end = [0u16; MAX_WIDTH];
        for (i, (k, e)) in by_end.iter_mut().zip(&c.emits[..c.len]).enumerate() {
            let key = match end {
                End::Left => e.above.trailing_zeros(),
                End::Right => e.above.leading_zeros(),
            };
            *k = (key as u16) << 5 | i as u16;
        }
        by_end[..c.len].sort_unstable();
        by_end
    }

    /// Groups `c`'s emitters into passes first fit in the order `by_end`
    /// ([`Planner::by_end`]), flipped ones apart when `apart`; the passes summed into the
    /// first slots of `sums`.
    fn group(
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

    /// Local moves on the best plan: each emitter moved to another pass or one of its
    /// own, each pair of emitters in different passes swapped, and the cover changed
    /// ([`Planner::cover_moves`]), every result priced as [`Planner::offer_orders`]
    /// does; repeated while a round finds a cheaper plan, at most `rounds` rounds.
    /// First-fit grouping packs passes by position, blind to what their matrices cost;
    /// these moves find the groupings whose passes close in fewer matrix rows.
    fn improve(&mut self, rounds: usize) {
        for _ in 0..rounds {
            let Some(base) = self.best_plan else {
                return;
            };
            if self.best <= self.floor {
                return;
            }
            let before = self.best;
            // Each pass's cells above the row and pixels: a move must keep a pass's
            // emitters apart, and cannot win unless the passes' floors leave room.
            let mut groups = Groups::of(&base);
            // Where each move's candidate is summed (only its passes' slots are read).
            let mut scratch = [PassSum::default(); MAX_WIDTH];
            let (mut used, mut pixels) = ([0u32; MAX_WIDTH + 1], [0u32; MAX_WIDTH + 1]);
            for (p, s) in groups.sums.iter().enumerate() {
                (used[p], pixels[p]) = (s.above, u32::from(s.pixels));
            }
            let floor = |n: u32| u32::from(PASS_FLOORS[n as usize]);
            // A move or swap keeps the emitters, so a platform that a flipped one over
            // holes forces stays forced ([`Floors`]), and the passes' cells together stay
            // the same: a pass it leaves alone costs at least its least cost on them.
            self.least_costs(&mut groups, base.passes);
            let (total, least) = (groups.total, groups.least);
            // The floors with `n` pixels moved from pass `a` to pass `b` (those two at
            // their pixels' floors, every other pass at its least cost).
            let moved = |a: usize, b: usize, n: u32, m: u32| {
                total - least[a] - least[b] + floor(pixels[a] - n + m) + floor(pixels[b] + n - m)
            };
            for i in 0..base.len {
                let pixels_of = |e: &Emit| if e.flipped() { 3 } else { 1 };
                let (from, above, n) = (
                    usize::from(base.pass_of[i]),
                    base.emits[i].above,
                    pixels_of(&base.emits[i]),
                );
                // The pass `i` leaves, summed, and its least cost: the same for every move
                // of `i` (looked up once a move needs it).
                let mut left = groups.sums[from];
                left.remove(&base.emits[i]);
                left.settle();
                let mut left_least = None;
                for p in (0..=base.passes).filter(|&p| p != from && used[p] & above == 0) {
                    if moved(from, p, n, 0) >= self.best {
                        continue;
                    }
                    let left_least = *left_least.get_or_insert_with(|| self.least_cost_of(&left));
                    let Some(ll) = left_least else {
                        break; // `i` leaves a pass that has no fill
                    };
                    if total - least[from] - least[p] + ll + floor(pixels[p] + n) < self.best {
                        self.offer_moved(&base, &groups, &mut scratch, i, p, (left, ll));
                    }
                }
                for j in i + 1..base.len {
                    let (to, other) = (usize::from(base.pass_of[j]), base.emits[j].above);
                    if to != from
                        && (used[from] & !above) & other == 0
                        && (used[to] & !other) & above == 0
                        && moved(from, to, n, pixels_of(&base.emits[j])) < self.best
                    {
                        self.offer_swapped(&base, &groups, &mut scratch, i, j);
                    }
                }
            }
            self.cover_moves(&base, &groups, &used, &pixels);
            if self.best == before {
                return;
            }
        }
    }

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

    /// Moves that change the cover of [`Planner::improve`]'s best plan: each flipped
    /// emitter split into its three singles (the first into each pass in turn, or one of
    /// its own; the others first fit), and each three singles on a same-colour run merged
    /// into a flipped emitter (into each pass in turn, or one of its own). `groups` holds
    /// the base's passes, `used` and `pixels` each pass's cells above the row and its
    /// pixels; a move whose passes' floors, or least costs ([`Planner::may_win`]), cannot
    /// beat the best, or that overlaps two emitters of a pass, is skipped before its
    /// candidate is built.
    fn cover_moves(
        &mut self,
        base: &Candidate,
        groups: &Groups,
        used: &[u32; MAX_WIDTH + 1],
        pixels: &[u32; MAX_WIDTH + 1],
    ) {
        let row = self.row;
        // The pixel at each column, and the emitter of each pixel printed by a single.
        let mut pixel = [0u8; 32];
        for k in 0..row.len {
            pixel[usize::from(row.x[k])] = k as u8;
        }
        let pixel_of = |e: &Emit| usize::from(pixel[e.row.trailing_zeros() as usize]);
        let mut single_of = [None; MAX_WIDTH];
        // The passes a cover move can fill: a split's three singles open at most three
        // passes past the base's (first fit takes the lowest pass with room).
        let reach = (base.passes + 3).min(MAX_WIDTH + 1);
        for (i, e) in base.emits[..base.len].iter().enumerate() {
            if !e.flipped() {
                single_of[pixel_of(e)] = Some(i);
            }
        }
        for (i, e) in base.emits[..base.len].iter().enumerate() {
            if !e.flipped() {
                continue;
            }
            let (k, from) = (pixel_of(e), usize::from(base.pass_of[i]));
            for first in 0..=base.passes {
                let (mut used, mut pixels) = (*used, *pixels);
                used[from] &= !e.above;
                pixels[from] -= 3;
                let mut passes = [0; 3];
                for (d, pass) in passes.iter_mut().enumerate() {
                    let above = self.singles[k + d].above;
                    let p = if d == 0 && used[first] & above == 0 {
                        first
                    } else {
                        match (0..=MAX_WIDTH).find(|&p| used[p] & above == 0) {
                            Some(p) => p,
                            None => unreachable!("17 singles fit in 18 passes"),
                        }
                    };
                    used[p] |= above;
                    pixels[p] += 1;
                    *pass = p;
                }
                if floor_sum(&pixels[..reach]) >= self.best {
                    continue;
                }
                let mut touched = Touched::NONE;
                touched.sum(groups, from).remove(e);
                for (d, &p) in passes.iter().enumerate() {
                    touched.sum(groups, p).add(&self.singles[k + d]);
                }
                if !self.may_win(groups, &mut touched) {
                    continue;
                }
                let mut c = *base;
                for (d, &p) in passes.iter().enumerate() {
                    let slot = if d == 0 { i } else { c.len };
                    c.emits[slot] = self.singles[k + d];
                    c.pass_of[slot] = p as u8;
                    c.len += usize::from(d > 0);
                }
                self.offer_renumbered(&mut c);
            }
        }
        for k in 0..row.len.saturating_sub(2) {
            let (Some(flip), Some(a), Some(b), Some(d)) = (
                self.flips[k],
                single_of[k],
                single_of[k + 1],
                single_of[k + 2],
            ) else {
                continue;
            };
            let (mut left, mut pixels) = (*used, *pixels);
            let mut unmerged = Touched::NONE;
            for r in [a, b, d] {
                let q = usize::from(base.pass_of[r]);
                left[q] &= !base.emits[r].above;
                pixels[q] -= 1;
                unmerged.sum(groups, q).remove(&base.emits[r]);
            }
            for p in 0..=base.passes {
                pixels[p] += 3;
                let floors = floor_sum(&pixels[..reach]);
                pixels[p] -= 3;
                if left[p] & flip.above != 0 || floors >= self.best {
                    continue;
                }
                let mut touched = unmerged;
                touched.sum(groups, p).add(&flip);
                if !self.may_win(groups, &mut touched) {
                    continue;
                }
                let mut c = *base;
                c.emits[a] = flip;
                c.pass_of[a] = p as u8;
                // Take out the other two, the later first (each replaced by the last).
                for r in [b.max(d), b.min(d)] {
                    c.len -= 1;
                    c.emits[r] = c.emits[c.len];
                    c.pass_of[r] = c.pass_of[c.len];
                }
                self.offer_renumbered(&mut c);
            }
        }
    }

    /// Offers `base` with emitter `i` moved to pass `to` (apart from its emitters; `to`
    /// may be a new pass), as [`regrouped`] would. `left` is the pass it leaves, summed
    /// without it and settled, with its least cost.
    fn offer_moved(
        &mut self,
        base: &Candidate,
        groups: &Groups,
        scratch: &mut [PassSum; MAX_WIDTH],
        i: usize,
        to: usize,
        (left, left_least): (PassSum, u32),
    ) {
        let (from, e, bit) = (usize::from(base.pass_of[i]), &base.emits[i], 1 << i);
        let mut joined = groups.sums[to];
        joined.add(e);
        joined.settle();
        let changed = [
            (from, groups.members[from] & !bit, left),
            (to, groups.members[to] | bit, joined),
        ];
        self.offer_changed(base, groups, scratch, changed, Some(left_least), |c| {
            c.pass_of[i] = to as u8;
        });
    }

    /// Offers `base` with emitters `i` and `j` (in different passes, each apart from
    /// the other's pass) swapped, as [`regrouped`] would.
    fn offer_swapped(
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
    fn offer_changed(
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
    fn offer_renumbered(&mut self, c: &mut Candidate) {
        if renumber(c) {
            self.offer_orders(&sums_of(c), c.passes, || *c);
        }
    }

    /// Offers cover `c` grouped first fit from `end`, flipped emitters with singles and,
    /// if it has any, apart. Returns the emitters in the order grouped
    /// ([`Planner::by_end`]) and the passes first fit uses with flipped emitters among
    /// singles.
    fn offer_groupings(&mut self, c: &mut Candidate, end: End) -> ([u16; MAX_WIDTH], usize) {
        let by_end = Self::by_end(c, end);
        let mut sums = [PassSum::ZERO; MAX_WIDTH];
        Self::group(c, &by_end, false, &mut sums);
        let first_fit = c.passes;
        self.offer_orders(&sums, c.passes, || *c);
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
    fn repair(&mut self, c: &Candidate, sums: &[PassSum; MAX_WIDTH]) {
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
            fills: [0; MAX_WIDTH],
            best_fills: [0; MAX_WIDTH],
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
    /// singles elsewhere, grouped first fit from both ends ([`Planner::offer_groupings`])
    /// and dealt round robin ([`Planner::offer_round_robin`]).
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
        self.offer_groupings(c, End::Right);
        self.offer_round_robin(c, &by_left, first_fit);
    }

    /// Offers cover `c` dealt round robin into `p` passes by left end (emitter `k` from
    /// the left into pass `k mod p`), for `p` the passes first fit uses and one and two
    /// more, where no two emitters of a pass overlap. First fit fills its first passes
    /// and leaves the last ones light; dealing spreads the emitters evenly, which often
    /// gives every pass a lower matrix (the 17 × 32 noise sprite: 2,467 → 2,404 pieces).
    /// `by_end` is `c`'s emitters by left end ([`Planner::by_end`]), `p0` the passes
    /// first fit uses in that order.
    fn offer_round_robin(&mut self, c: &mut Candidate, by_end: &[u16; MAX_WIDTH], p0: usize) {
        if self.best <= self.floor {
            return;
        }
        for p in [p0, p0 + 1, p0 + 2] {
            if p > c.len {
                continue;
            }
            let mut sums = [PassSum::ZERO; MAX_WIDTH];
            let mut ok = true;
            for (r, &k) in by_end[..c.len].iter().enumerate() {
                let i = usize::from(k & 31);
                let e = c.emits[i];
                let q = r % p;
                if sums[q].above & e.above != 0 {
                    ok = false;
                    break;
                }
                sums[q].add(&e);
                c.pass_of[i] = q as u8;
            }
            if !ok {
                continue;
            }
            c.passes = p;
            for s in &mut sums[..c.passes] {
                s.settle();
            }
            self.offer_orders(&sums, c.passes, || *c);
        }
    }

    /// Enumerates the covers of pixels `i..` by flipped and single emitters.
    fn covers(&mut self, c: &mut Candidate, i: usize) {
        if self.best <= self.floor {
            return;
        }
        if i == self.row.len {
            let ends: &[End] = if self.right_too {
                &[End::Left, End::Right]
            } else {
                &[End::Left]
            };
            for &end in ends {
                self.offer_groupings(c, end);
            }
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

/// Plans a row: the greedy classic split first (a bound for the planner's own
/// candidates, so the result never costs more), then every cover grouped and ordered
/// ([`Planner::covers`]), then [`IMPROVE_ROUNDS`] rounds of local moves on the best plan
/// ([`Planner::improve`]).
pub(crate) fn plan_row(row: &RowInput) -> RowPlan {
    plan_row_with(row, Tuning::DEFAULT)
}

/// The planner's knobs: the default's, or some switched off (for the tests that show
/// what each one does).
#[derive(Clone, Copy)]
pub(super) struct Tuning {
    /// At most this many rounds of local moves ([`Planner::improve`]).
    rounds: usize,
    /// Whether each cover is also grouped first fit by right end ([`End::Right`]).
    right_too: bool,
    /// At most this many swaps checked by [`Planner::repair`] per row.
    repair_checks: u32,
    /// Whether a plan of four or more passes is also tried dearest pass first
    /// ([`Planner::offer_orders_floored`]).
    dearest_first: bool,
}

impl Tuning {
    const DEFAULT: Tuning = Tuning {
        rounds: IMPROVE_ROUNDS,
        right_too: true,
        repair_checks: REPAIR_CHECKS,
        dearest_first: true,
    };

    /// The lookup planner's ([`super::lookup`]): no local moves (only its table's covers
    /// are priced, grouped by the fixed rules of [`Planner::offer_cover`]), the repair
    /// as the searching planner has it.
    pub(super) const LOOKUP: Tuning = Tuning {
        rounds: 0,
        right_too: true,
        repair_checks: REPAIR_CHECKS,
        dearest_first: true,
    };
}

/// [`plan_row`] with the knobs `tuning`.
fn plan_row_with(row: &RowInput, tuning: Tuning) -> RowPlan {
    let mut c = Candidate::EMPTY;
    let mut planner = Planner::start(row, tuning, &mut c);
    // The greedy split bounds the search below. The planner's own candidates may tie
    // with it (`best` is one above) and then win.
    let greedy_cost = planner.best;
    planner.best = greedy_cost.saturating_add(1);
    c.len = 0;
    planner.covers(&mut c, 0);
    if planner.best == greedy_cost.saturating_add(1) {
        planner.best = greedy_cost;
    }
    planner.improve(tuning.rounds);
    if tuning.rounds > 0 {
        planner.reorder();
    }
    planner.finish()
}

/// `base` with its passes changed by `change` and renumbered ([`renumber`]); `None` if
/// some pass's emitters overlap.
fn regrouped(base: &Candidate, change: &impl Fn(&mut Candidate)) -> Option<Candidate> {
    let mut c = *base;
    change(&mut c);
    renumber(&mut c).then_some(c)
}

/// Renumbers `c`'s passes in order of first emitter, their order the identity; whether
/// every pass's emitters are apart (if not, `c` is left half renumbered).
fn renumber(c: &mut Candidate) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sprite::Sprite;

    /// Random one-row sprites, 17 pixels of up to three colours (xorshift, fixed seed).
    fn random_rows(n: usize) -> impl Iterator<Item = RowInput> {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        (0..n).map(move |_| {
            let art: String = (0..17)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    char::from(b'0' + (state % 3) as u8)
                })
                .collect();
            let sprite = Sprite::from_ascii(&art).expect("a valid row");
            RowInput::of(&sprite, 0)
        })
    }

    /// The local moves never make a row dearer and make many cheaper (they fail to if
    /// [`Planner::improve`] does nothing).
    #[test]
    fn local_moves_lower_dense_rows() {
        let (mut cheaper, mut rows) = (0, 0);
        for row in random_rows(200) {
            let tuning = Tuning {
                rounds: 0,
                right_too: false,
                repair_checks: 0,
                ..Tuning::DEFAULT
            };
            let (before, after) = (plan_row_with(&row, tuning), plan_row(&row));
            assert!(after.pieces <= before.pieces, "{row:?}");
            cheaper += usize::from(after.pieces < before.pieces);
            rows += 1;
        }
        assert!(cheaper * 5 >= rows, "only {cheaper} of {rows} rows cheaper");
    }

    /// Grouping every cover from the right end too makes many rows cheaper and few
    /// dearer (the local moves then start from another plan), and the rows cheaper in
    /// all (it fails if [`End::Right`] groups as [`End::Left`] does).
    #[test]
    fn right_end_grouping_lowers_rows() {
        let (mut cheaper, mut dearer, mut saved) = (0, 0, 0i64);
        for row in random_rows(400) {
            let (left, both) = (
                plan_row_with(
                    &row,
                    Tuning {
                        right_too: false,
                        ..Tuning::DEFAULT
                    },
                ),
                plan_row(&row),
            );
            cheaper += usize::from(both.pieces < left.pieces);
            dearer += usize::from(both.pieces > left.pieces);
            saved += i64::from(left.pieces) - i64::from(both.pieces);
        }
        assert!(
            cheaper >= 20 && dearer * 4 <= cheaper && saved > 0,
            "{cheaper} rows cheaper, {dearer} dearer, {saved} pieces saved"
        );
    }

    /// The swap repair finds the shadowed-letter row's plan at the floor, which first fit
    /// from either end misses by one pair (it fails if [`Planner::repair`] offers
    /// nothing).
    #[test]
    fn repair_finds_the_shadowed_row_at_its_floor() {
        let sprite = Sprite::from_ascii("0011111111111100").expect("a valid row");
        let row = RowInput::of(&sprite, 0);
        let without = plan_row_with(
            &row,
            Tuning {
                repair_checks: 0,
                ..Tuning::DEFAULT
            },
        );
        assert_eq!(plan_row(&row).pieces, least_pieces(1, 16));
        assert!(without.pieces > least_pieces(1, 16), "{}", without.pieces);
    }

    /// Trying plans of four or more passes dearest pass first too makes more dense rows
    /// cheaper than dearer (11 and 3 of these 400: the local moves then start from
    /// another plan; it fails if that order is never offered).
    #[test]
    fn dearest_first_order_lowers_rows() {
        let (mut cheaper, mut dearer) = (0, 0);
        for row in random_rows(400) {
            let without = plan_row_with(
                &row,
                Tuning {
                    dearest_first: false,
                    ..Tuning::DEFAULT
                },
            );
            let with = plan_row(&row);
            cheaper += usize::from(with.pieces < without.pieces);
            dearer += usize::from(with.pieces > without.pieces);
        }
        assert!(
            cheaper >= 3 && dearer * 2 <= cheaper,
            "{cheaper} cheaper, {dearer} dearer"
        );
    }

    /// Two flipped emitters side by side print six pixels in one pass of 6 rows, a wide
    /// flip-pair pattern on their bars: (21·6 + 6)/4 = 33 pieces. Before those patterns
    /// no fill held both top cells, so each flip had a pass of its own (5 rows each).
    #[test]
    fn two_flips_share_a_pass_of_six_rows() {
        for (art, pieces) in [("000000", 33), ("111111", 33), ("222222", 33)] {
            let sprite = Sprite::from_ascii(art).expect("a valid row");
            let plan = plan_row(&RowInput::of(&sprite, 0));
            assert_eq!(plan.pieces, pieces, "{art}");
            let mut heights = Vec::new();
            plan.passes(|p| heights.push(p.len));
            assert!(heights.contains(&2), "{art}: {heights:?}");
        }
    }
}
