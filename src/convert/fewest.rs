//! The row planner of [`Passes::Fewest`](crate::Passes::Fewest): flipped emitters,
//! support from squares already emitted in the row, and strip fillers.
//!
//! A row's pixels are printed by *emitters*: a J0/T0/L0 whose protruding cell lands on
//! one pixel (its 3-cell bar lies in the row above), or a *flipped* J2/T2/L2 lying in
//! the emission row on three adjacent pixels of its colour (only its top cell sticks up
//! into the row above). Emitters whose cells above the row do not overlap form a *pass*;
//! its matrix is completed either by the classic emitter table (passes of unflipped
//! emitters) or by a tiling of [strips](crate::Strip), which may rest on everything
//! already in the emission row: squares of earlier passes and this pass's flipped bars.
//!
//! A tiling of height `h` over a bottom row with `b` filled cells always costs
//! `(21·h − b)/4` pieces, whatever strips it uses, so a pass costs `(21·h + pixels)/4`
//! and a row `(21·Σh + pixels)/4` (plus 21 for a platform): fewer, lower passes win,
//! and `Σh ≡ −pixels (mod 4)` gives a floor no plan can beat.
//!
//! The planner enumerates every way to cover the row's runs of same-colour pixels with
//! flipped emitters (at most 406 for 17 pixels), groups each cover's emitters into
//! passes (first fit by left end, which uses the fewest passes, and flips apart from
//! singles), tries every order of those passes, and keeps the cheapest plan — starting
//! from the greedy classic split and then pricing the exact one, so it never does worse
//! than either. It stops at the floor.
//! Everything is fixed-size; nothing allocates.
//!
//! # Work per row (worst case)
//! Bounded, but a search, not a lookup (issue #13 asks for a lookup-only planner; this
//! is not it yet):
//! - at most 406 covers (17 pixels in one run: the ways to write 17 as ones and
//!   threes), each grouped twice and priced in at most 6 pass orders (or one order
//!   when it has more than 3 passes): at most 406 × 2 × 6 × 3 = 14,616 fill prices;
//! - a fill price is at most two strip tilings (the heights `h ≤ 5` with
//!   `21·h ≡ bottom cells (mod 4)`), each a left-to-right DP over the 21 columns with
//!   one inner-fit load and at most five edge-fit loads per column, plus one emitter
//!   lookup; a 64-slot cache skips repeats;
//! - the classic exact split ([`classic::optimal_from`]): a branch-and-bound capped at
//!   [`classic::NODE_LIMIT`] = 250,000 nodes, run only when the planner's best is above
//!   both floors.
//!
//! Measured (callgrind), the default costs 19× the greedy converter's instructions on
//! the nine benchmark sprites (30× on the 17 × 32 noise sprite). On the noise and smiley
//! sprites about 40 % goes to the cover enumeration (its bookkeeping more than its
//! fills) and about 40 % to the classic split.

use crate::playfield::WIDTH;
use crate::sprite::MAX_WIDTH;

use super::classic;
use super::row::{Emit, RowInput};
use super::tiling::{fill, fill_pieces, Fill, NO_EMITTER};

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
    plan: Candidate,
}

impl RowPlan {
    /// Builds each pass with its fill, in order, and hands it to `f`.
    pub fn passes(&self, mut f: impl FnMut(&PassPlan)) {
        let c = &self.plan;
        let mut support = self.support;
        for &p in &c.order[..c.passes] {
            let mut pass = PassPlan {
                emits: [Emit::NONE; MAX_WIDTH],
                len: 0,
                fill: Fill::Table(&NO_EMITTER),
            };
            let (mut above, mut row, mut flips) = (0, 0, false);
            // Flipped emitters first (they lie under the row above), then singles.
            for flipped in [true, false] {
                for (e, _) in c.emits[..c.len]
                    .iter()
                    .zip(&c.pass_of)
                    .filter(|(e, &q)| q == p && e.flipped() == flipped)
                {
                    pass.emits[pass.len] = *e;
                    pass.len += 1;
                    above |= e.above;
                    row |= e.row;
                    flips |= flipped;
                }
            }
            pass.fill = fill(above, support | row, flips).expect("a costed plan has its fills");
            support |= row;
            f(&pass);
        }
    }
}

/// A candidate plan: emitters, the pass of each, the order of the passes.
#[derive(Clone, Copy)]
struct Candidate {
    emits: [Emit; MAX_WIDTH],
    len: usize,
    pass_of: [u8; MAX_WIDTH],
    order: [u8; MAX_WIDTH],
    passes: usize,
    platform: bool,
}

/// What one pass of a candidate adds up to.
#[derive(Clone, Copy, Default)]
struct PassSum {
    above: u32,
    row: u32,
    flips: bool,
    /// The pass's flipped bars (dropped first: a single of the pass may rest on them).
    flip_row: u32,
    /// Bar starts of its singles over a hole: each needs a filled cell of the emission
    /// row under its bar when it drops (see [`lands`]), else the row needs a platform.
    loose: u32,
    /// Whether it has a flipped emitter over holes only (the row needs a platform).
    loose_flip: bool,
    n: u8,
    /// The least the pass can cost: its emitters and the lowest matrix its cells allow.
    floor: u16,
}

/// The fewest pieces that print `pixels` squares with at least `min_rows` matrix rows:
/// every piece is 4 cells, so `21·rows + pixels ≡ 0 (mod 4)`, i.e. `rows + pixels ≡ 0`.
/// This is the floor of one pass (`min_rows` = 1), of a whole row (the same: passes
/// only add rows), and of a split that needs `min_rows` passes.
fn least_pieces(min_rows: u32, pixels: u32) -> u32 {
    let mut rows = min_rows.max(1);
    while (rows + pixels) % 4 != 0 {
        rows += 1;
    }
    (21 * rows + pixels) / 4
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

/// Whether the passes need a platform whatever their order: a flipped emitter lies in
/// the emission row, so only the row below can hold it.
fn forced_platform(sums: &[PassSum], passes: usize) -> bool {
    sums[..passes].iter().any(|s| s.loose_flip)
}

/// Slots of the planner's fill cache (a power of two).
const CACHE: usize = 64;

struct Planner<'a> {
    row: &'a RowInput,
    best: u32,
    best_plan: Option<Candidate>,
    /// No plan costs less: stop when the best reaches it.
    floor: u32,
    /// Recent fills: `(above, support, flips) → pieces` (`u32::MAX`: none).
    cache: [(u32, u32, bool, u32); CACHE],
}

impl Planner<'_> {
    /// [`fill`]'s pieces through a small direct-mapped cache (candidates share passes).
    fn fill_pieces(&mut self, above: u32, support: u32, flips: bool) -> Option<u32> {
        let h = (above.wrapping_mul(0x9E37_79B1) ^ support.wrapping_mul(0x85EB_CA77)) >> 26;
        let slot = &mut self.cache[h as usize % CACHE];
        if slot.0 == above && slot.1 == support && slot.2 == flips && slot.0 != 0 {
            return (slot.3 != u32::MAX).then_some(slot.3);
        }
        let pieces = fill_pieces(above, support, flips);
        *slot = (above, support, flips, pieces.unwrap_or(u32::MAX));
        pieces
    }

    /// The passes of `c`, summed.
    fn sums(c: &Candidate) -> [PassSum; MAX_WIDTH] {
        let mut sums = [PassSum::default(); MAX_WIDTH];
        for (e, &p) in c.emits[..c.len].iter().zip(&c.pass_of) {
            let s = &mut sums[usize::from(p)];
            s.above |= e.above;
            s.row |= e.row;
            s.n += 1;
            if e.flipped() {
                s.flips = true;
                s.flip_row |= e.row;
                s.loose_flip |= !e.held;
            } else if !e.held {
                s.loose |= 1 << e.above.trailing_zeros();
            }
        }
        for s in &mut sums[..c.passes] {
            s.floor = least_pieces(1, s.row.count_ones()) as u16;
        }
        sums
    }

    /// Cost of `c` with its passes in `order` and whether it needs a platform, or `None`
    /// if it is infeasible or not below the best so far.
    fn cost(&mut self, c: &Candidate, sums: &[PassSum], order: &[u8]) -> Option<(u32, bool)> {
        // A platform holds every emitter up; without one, each single over a hole must
        // land on a cell already filled in the emission row. Fillers rest on the
        // emission row only, either way. Cells filled before the row's passes (by direct
        // pieces) count from the start.
        let mut support = self.row.support;
        let mut platform = forced_platform(sums, c.passes);
        let mut total = if platform { PLATFORM_PIECES } else { 0 };
        // The floors of the passes not yet costed: no order can get below them.
        let mut rest: u32 = order
            .iter()
            .map(|&p| u32::from(sums[usize::from(p)].floor))
            .sum();
        if total + rest >= self.best {
            return None;
        }
        for &p in order {
            let s = sums[usize::from(p)];
            rest -= u32::from(s.floor);
            if !platform && !lands(s.loose, support | s.flip_row) {
                platform = true;
                total += PLATFORM_PIECES;
            }
            total += u32::from(s.n) + self.fill_pieces(s.above, support | s.row, s.flips)?;
            if total + rest >= self.best {
                return None;
            }
            support |= s.row;
        }
        Some((total, platform))
    }

    /// Prices `c` with its passes in `order` and keeps it, so ordered, if it is the best
    /// so far.
    fn offer(&mut self, c: &mut Candidate, sums: &[PassSum], order: &[u8]) {
        if let Some((cost, platform)) = self.cost(c, sums, order) {
            c.order[..order.len()].copy_from_slice(order);
            c.platform = platform;
            self.best = cost;
            self.best_plan = Some(*c);
        }
    }

    /// Offers `c` in its own order.
    fn offer_orders_fixed(&mut self, c: &mut Candidate) {
        let sums = Self::sums(c);
        let order = c.order;
        self.offer(c, &sums, &order[..c.passes]);
    }

    /// Tries every order of `c`'s passes (up to 3 passes; more keep their order).
    fn offer_orders(&mut self, c: &mut Candidate) {
        const ORDERS: [[u8; 3]; 6] = [
            [0, 1, 2],
            [1, 0, 2],
            [0, 2, 1],
            [2, 0, 1],
            [1, 2, 0],
            [2, 1, 0],
        ];
        let sums = Self::sums(c);
        if Self::floor_of(c, &sums) >= self.best {
            return;
        }
        if c.passes > 3 {
            // In grouping order; and, when some pass has singles over holes, with the
            // passes that need no landing first (stable), so theirs have squares to land on.
            let mut order = [0u8; MAX_WIDTH];
            for (i, o) in order[..c.passes].iter_mut().enumerate() {
                *o = i as u8;
            }
            let loose = sums[..c.passes].iter().any(|s| s.loose != 0);
            for held_first in [false, true] {
                if held_first {
                    if !loose {
                        break;
                    }
                    // A stable partition (no `alloc` for a stable sort in the core).
                    let mut k = 0;
                    for landing in [false, true] {
                        for (p, sum) in sums[..c.passes].iter().enumerate() {
                            if (sum.loose != 0) == landing {
                                order[k] = p as u8;
                                k += 1;
                            }
                        }
                    }
                }
                self.offer(c, &sums, &order[..c.passes]);
            }
            return;
        }
        for o in ORDERS {
            let o = &o[..c.passes];
            if o.iter().any(|&p| usize::from(p) >= c.passes) {
                continue;
            }
            self.offer(c, &sums, o);
        }
    }

    /// A floor under the cost of `c` in any order: each pass needs at least the lowest
    /// matrix height its cell count allows.
    fn floor_of(c: &Candidate, sums: &[PassSum]) -> u32 {
        let base = if forced_platform(sums, c.passes) {
            PLATFORM_PIECES
        } else {
            0
        };
        base + sums[..c.passes]
            .iter()
            .map(|s| u32::from(s.floor))
            .sum::<u32>()
    }

    /// Groups `c`'s emitters into passes first fit by left end (flipped ones apart when
    /// `apart`).
    fn group(&mut self, c: &mut Candidate, apart: bool) {
        let mut used = [0u32; MAX_WIDTH];
        let mut kind = [false; MAX_WIDTH];
        c.passes = 0;
        // Left ends ascending, ties in cover order: `left << 5 | index`, sorted.
        let mut by_left = [0u16; MAX_WIDTH];
        for (i, (k, e)) in by_left.iter_mut().zip(&c.emits[..c.len]).enumerate() {
            *k = (e.above.trailing_zeros() as u16) << 5 | i as u16;
        }
        by_left[..c.len].sort_unstable();
        for &k in &by_left[..c.len] {
            let i = usize::from(k & 31);
            let (above, flipped) = (c.emits[i].above, c.emits[i].flipped());
            let p = (0..c.passes)
                .find(|&p| used[p] & above == 0 && (!apart || kind[p] == flipped))
                .unwrap_or_else(|| {
                    kind[c.passes] = flipped;
                    c.passes += 1;
                    c.passes - 1
                });
            used[p] |= above;
            c.pass_of[i] = p as u8;
        }
    }

    /// Enumerates the covers of pixels `i..` by flipped and single emitters.
    fn covers(&mut self, c: &mut Candidate, i: usize) {
        if self.best <= self.floor {
            return;
        }
        if i == self.row.len {
            self.group(c, false);
            self.offer_orders(c);
            if c.emits[..c.len].iter().any(Emit::flipped) {
                let (passes, pass_of) = (c.passes, c.pass_of);
                self.group(c, true);
                // The same grouping again cannot cost less.
                if c.passes != passes || c.pass_of[..c.len] != pass_of[..c.len] {
                    self.offer_orders(c);
                }
            }
            return;
        }
        let len = c.len;
        if let Some(f) = self.row.flip(i) {
            c.emits[len] = f;
            c.len = len + 1;
            self.covers(c, i + 3);
        }
        c.emits[len] = self.row.single(i);
        c.len = len + 1;
        self.covers(c, i + 1);
        c.len = len;
    }
}

/// bound for its own search) and, unless its own best is at the floor or below every
/// classic split, offers the optimal split too: priced with strips where they are
/// cheaper than the table, it still wins some rows. So the result never costs more
/// than either classic split.
pub(crate) fn plan_row(row: &RowInput, first_row: bool) -> RowPlan {
    let singles = classic::Singles::of(row);
    let greedy = classic::greedy(&singles);
    let mut planner = Planner {
        row,
        best: u32::MAX,
        best_plan: None,
        floor: least_pieces(1, row.len as u32),
        cache: [(0, 0, false, 0); CACHE],
    };
    let mut c = Candidate {
        emits: [Emit::NONE; MAX_WIDTH],
        len: 0,
        pass_of: [0; MAX_WIDTH],
        order: [0; MAX_WIDTH],
        passes: 0,
        platform: false,
    };
    // The greedy split bounds the search below. The planner's own candidates may tie
    // with it (`best` is one above) and then win.
    offer_classic(&mut planner, &mut c, &greedy);
    let greedy_cost = planner.best;
    planner.best = greedy_cost.saturating_add(1);
    c.len = 0;
    planner.covers(&mut c, 0);
    if planner.best == greedy_cost.saturating_add(1) {
        planner.best = greedy_cost;
    }
    if planner.best > planner.floor && planner.best > classic_floor(row, first_row) {
        offer_classic(
            &mut planner,
            &mut c,
            &classic::optimal_from(&singles, greedy),
        );
    }
    let plan = planner
        .best_plan
        .expect("the greedy split always has a cost: its table patterns exist");
    RowPlan {
        platform: plan.platform,
        support: row.support,
        pieces: planner.best,
        plan,
    }
}

/// Offers the classic plan `(pass bits, passes)` in its own order, using `c` as scratch.
fn offer_classic(planner: &mut Planner<'_>, c: &mut Candidate, split: &classic::Split) {
    let row = planner.row;
    let (passes, count) = (split.members(row.len), split.passes);
    c.len = row.len;
    c.passes = count;
    for i in 0..row.len {
        c.emits[i] = row.single(i);
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

/// A floor under the cost of every classic split of `row` (singles only): each pass of
/// `n` singles costs `(21·h + n)/4` for its matrix height `h ≡ −n (mod 4)`, so the row
/// costs `(21·Σh + pixels)/4` with `Σh ≡ −pixels (mod 4)` and `Σh` at least the passes
/// any split needs (the most triples over one column), plus a platform when one is
/// unavoidable: a single over a hole with no other pixel (or pre-filled cell) under its
/// bar.
fn classic_floor(row: &RowInput, first_row: bool) -> u32 {
    let mut depth = [0u8; WIDTH + 2];
    for i in 0..row.len {
        let start = usize::from(row.x[i] + row.colour[i] - 2);
        for d in &mut depth[start..start + 3] {
            *d += 1;
        }
    }
    let passes = u32::from(depth.iter().copied().max().unwrap_or(0));
    let columns = (0..row.len).fold(row.support, |m, i| m | 1 << row.x[i]);
    let platform = !first_row
        && (0..row.len).any(|i| {
            let single = row.single(i);
            !single.held && single.above & columns & !single.row == 0
        });
    least_pieces(passes, row.len as u32) + if platform { PLATFORM_PIECES } else { 0 }
}
