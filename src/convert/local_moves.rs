//! Local moves on a row plan, shared by both row planners: [`Pricer::improve`], one
//! round of which the grouped planner ([`super::planners::grouped`]) runs on its best plan and up to
//! three the thorough one ([`super::planners::thorough`]), and [`Pricer::offer_each_moved`], the
//! grouped planner's sweep over each first-fit grouping. First fit packs passes by
//! position, blind to what their matrices cost; a move finds the groupings whose passes
//! close in fewer matrix rows.

use crate::sprite::MAX_WIDTH;

use super::plan::Candidate;
use super::pricing::{floor_sum, Groups, PassSum, Pricer, Touched, PASS_FLOORS};
use super::row::Emit;

/// Where a move may take an emitter: which passes [`Pricer::improve`] and
/// [`Pricer::offer_each_moved`] try.
#[derive(Clone, Copy)]
pub(crate) enum Targets {
    /// Each other pass of the plan it fits.
    OtherPasses,
    /// Each other pass of the plan it fits, or a new pass of its own.
    OrOwn,
}

impl Targets {
    /// The passes tried of a plan of `passes` passes: `0..` this (pass `passes` is the
    /// new one).
    pub(crate) const fn end(self, passes: usize) -> usize {
        match self {
            Targets::OtherPasses => passes,
            Targets::OrOwn => passes + 1,
        }
    }
}

impl Pricer<'_> {
    /// Local moves on the best plan: each emitter moved to another pass (or one of its
    /// own, as `targets` says), each pair of emitters in different passes
    /// swapped, and the cover changed ([`Pricer::cover_moves`]), every result priced
    /// as [`Pricer::offer_orders`] does; repeated while a round finds a cheaper plan, at
    /// most `rounds` rounds. First-fit grouping packs passes by position, blind to what
    /// their matrices cost; these moves find the groupings whose passes close in fewer
    /// matrix rows.
    pub(super) fn improve(&mut self, rounds: usize, targets: Targets) {
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
                let (from, above, n) = (
                    usize::from(base.pass_of[i]),
                    base.emits[i].above,
                    u32::from(base.emits[i].pixels()),
                );
                // The pass `i` leaves, summed, and its least cost: the same for every move
                // of `i` (looked up once a move needs it).
                let mut left = groups.sums[from];
                left.remove(&base.emits[i]);
                left.settle();
                let mut left_least = None;
                // Pass `base.passes` is a new one, of `i`'s own.
                for p in
                    (0..targets.end(base.passes)).filter(|&p| p != from && used[p] & above == 0)
                {
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
                        && moved(from, to, n, u32::from(base.emits[j].pixels())) < self.best
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

    /// Moves that change the cover of [`Pricer::improve`]'s best plan: each flipped
    /// emitter split into its three singles (the first into each pass in turn, or one of
    /// its own; the others first fit), and each three singles on a same-colour run merged
    /// into a flipped emitter (into each pass in turn, or one of its own). `groups` holds
    /// the base's passes, `used` and `pixels` each pass's cells above the row and its
    /// pixels; a move whose passes' floors, or least costs ([`Pricer::may_win`]), cannot
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
    /// may be a new pass), as [`regrouped`](super::plan::regrouped) would. `left` is the pass it leaves, summed
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

    /// Offers `c`, grouped first fit into passes summed in `sums`, with each of its
    /// emitters moved to each other pass it fits (or to a pass of its own, as
    /// `targets` says), one at a time, each priced as [`Pricer::offer_renumbered`]
    /// would price it, but from the grouping's passes patched ([`Pricer::offer_changed`],
    /// as the local moves do: two least costs per move, not one per pass; a move whose
    /// passes' pixel floors cannot beat the best, or that leaves a pass with no fill as
    /// it is, is skipped before, as pricing would reject it). One sweep, no repeat: at
    /// most 17 emitters × 17 passes. First fit puts every emitter into the first pass
    /// it fits; the one move that balances two passes' pixels (a row of 12 pixels in
    /// two passes of 5 and 7, each closing in one matrix row) is often all that keeps
    /// it from a plan a matrix row cheaper, and the moves of [`Pricer::improve`] start
    /// from the best plan, not from these.
    pub(super) fn offer_each_moved(
        &mut self,
        c: &Candidate,
        sums: &[PassSum; MAX_WIDTH],
        targets: Targets,
    ) {
        let n = c.passes;
        let mut pixels = [0u32; MAX_WIDTH + 1];
        for (p, s) in pixels.iter_mut().zip(&sums[..n]) {
            *p = u32::from(s.pixels);
        }
        // The passes summed, with their least costs, patched by each move instead of
        // summing and renumbering its candidate again ([`Pricer::offer_changed`]).
        // A pass with no fill even on the most support sinks every move that leaves
        // it as it is (pricing it in any order fails): those moves are skipped.
        let mut groups = Groups::of(c);
        self.least_costs(&mut groups, n);
        let mut dead = 0u32;
        for (p, s) in sums[..n].iter().enumerate() {
            if self.least_cost_of(s).is_none() {
                dead |= 1 << p;
            }
        }
        let mut scratch = [PassSum::ZERO; MAX_WIDTH];
        // The passes' pixel floors summed; a move changes two of them.
        let floors = floor_sum(&pixels[..=n]);
        let floor = |n: u32| u32::from(PASS_FLOORS[n as usize]);
        // What a pass's pixel floor gains at least, of every pass (and the new one), when
        // one single (`[0]`) or one flipped emitter (`[1]`) joins it: an emitter whose
        // every move is hopeless by the pixel floors is passed over whole.
        let mut least_gain = [i64::MAX; 2];
        for &b in &pixels[..=n] {
            for (g, k) in least_gain.iter_mut().zip([1, 3]) {
                // A pass too full to take the emitter is no move's (its cells would overlap).
                if let Some(&joined) = PASS_FLOORS.get((b + k) as usize) {
                    *g = (*g).min(i64::from(joined) - i64::from(floor(b)));
                }
            }
        }
        for i in 0..c.len {
            if self.best <= self.floor {
                return;
            }
            let (e, from) = (c.emits[i], usize::from(c.pass_of[i]));
            let k = u32::from(e.pixels());
            let a = pixels[from];
            let left = i64::from(floors) - i64::from(floor(a)) + i64::from(floor(a - k));
            if left + least_gain[usize::from(k == 3)] >= i64::from(self.best) {
                continue;
            }
            let end = targets.end(n);
            for to in (0..end).filter(|&p| p != from && (p == n || sums[p].above & e.above == 0)) {
                let (a, b) = (pixels[from], pixels[to]);
                let moved = floors - floor(a) - floor(b) + floor(a - k) + floor(b + k);
                let hopeless = moved >= self.best;
                if hopeless || dead & !(1 << from | 1 << to) != 0 {
                    continue;
                }
                let (bit, mut left, mut joined) = (1 << i, groups.sums[from], groups.sums[to]);
                left.remove(&e);
                left.settle();
                joined.add(&e);
                joined.settle();
                let changed = [
                    (from, groups.members[from] & !bit, left),
                    (to, groups.members[to] | bit, joined),
                ];
                self.offer_changed(c, &groups, &mut scratch, changed, None, |g| {
                    g.pass_of[i] = to as u8;
                });
            }
        }
    }
}
