//! The groupings of a cover into passes, shared by the grouped planner (the default)
//! and the thorough one, each candidate priced by the [`Pricer`]
//! ([`super::pricing`]).
//!
//! A cover's emitters are grouped into passes first fit, once by left end and once
//! by right end from the right (first fit uses the fewest passes either way, but packs
//! different emitters together), each with flips among singles and apart from them;
//! when first fit from the right leaves a pass with no fill at all, also with one
//! overlapping pair swapped ([`Pricer::repair`]). Covers are also dealt round robin
//! ([`Pricer::offer_round_robin`]) and grouped one-row passes first
//! ([`Pricer::offer_one_row_first`], [`one_row_pass`]).
//!
//! Covers are also grouped in *stages* ([`Pricer::offer_staged`]), as the caller's
//! [`Stages`] say: one pass at a time, each the cheapest per pixel that the singles
//! left can form on the squares of the passes before it, found by a DP over the
//! columns ([`super::tiling`]'s bar reach: which sets of bars a strip tiling of each
//! height up to 5 can hold on those squares), and after each stage the rest grouped
//! (first fit from both ends and dealt round robin, or first fit from the left alone).
//! First fit packs every emitter that fits into a pass, so it seldom leaves the counts
//! whose matrix is low (3 or 7 bars in one row, 2 or 6 in two) and never builds a pass
//! on the squares of another; the exact planner's plans of dense rows are mostly such
//! passes. The first pass is the first fit pass from the right (and from the left,
//! if [`Stages::from_left`]; with [`Stages::EVERY`], both and the cheapest and second
//! cheapest options too); of the two sets of
//! bars a walk back through the DP finds (widest strips first, narrowest first), the
//! one whose leftover singles first fit packs into fewer passes is taken. This is a
//! fixed scan, not a search: no stage is undone.

use crate::bits::Bits;
use crate::playfield::WIDTH;
use crate::sprite::MAX_WIDTH;

use super::local_moves::Targets;
use super::plan::Candidate;
use super::pricing::{Groups, Part, PassSum, Pricer, REACH_CACHE};
use super::tiling::{bar_reach, bar_set, MOST_BARS};

/// An emitter in no pass yet (the stages' and the deals' `pass_of`).
const NO_PASS: u8 = u8::MAX;

/// The tallest pass [`Pricer::offer_staged`] looks for.
const STAGE_HEIGHT: usize = 5;

/// The passes [`Pricer::stage_options`] can list: one per height and count.
const STAGE_OPTIONS: usize = 9;

/// The cheapest first passes [`Pricer::offer_staged`] starts from.
pub(crate) const STAGE_FIRSTS: usize = 2;

/// Which end of the row first fit starts from ([`Pricer::group`]).
#[derive(Clone, Copy)]
pub(super) enum End {
    /// Emitters by left end, ascending.
    Left,
    /// Emitters by right end, descending.
    Right,
}

/// How [`Pricer::offer_staged`] groups a cover in stages.
#[derive(Clone, Copy)]
pub(super) struct Stages {
    /// Rows of fewer pixels are not staged at all.
    pub(super) min_pixels: usize,
    /// Whether the first-fit pass from the left is a first pass too (the one from the
    /// right always is).
    pub(super) from_left: bool,
    /// Stage options tried as the first pass besides the first-fit passes (at most
    /// [`STAGE_FIRSTS`]).
    pub(super) firsts: usize,
    /// At most this many staged passes per run (the first pass included).
    pub(super) passes: usize,
    /// After each stage the rest is grouped every way [`Pricer::offer_rest`] knows
    /// (first fit from either end and three round-robin deals); else first fit from
    /// the left alone.
    pub(super) rest_every_way: bool,
}

impl Stages {
    /// From the two first-fit passes and [`STAGE_FIRSTS`] options, until no single is
    /// left, the rest grouped every way after each stage: the thorough planner's on
    /// every cover, and the grouped planner's when it prices every candidate of direct
    /// placement and the run-cover table (whose prices were computed with it).
    pub(crate) const EVERY: Stages = Stages {
        min_pixels: 0,
        from_left: true,
        firsts: STAGE_FIRSTS,
        passes: MAX_WIDTH,
        rest_every_way: true,
    };

    /// The most groupings [`Pricer::offer_staged`] offers on one cover staged so: the
    /// first-fit first passes and [`Stages::firsts`] options, each with at most
    /// [`Stages::passes`] staged passes, after each the rest grouped every way (first
    /// fit from either end and three round-robin deals: 5 groupings) or once.
    pub(crate) const fn groupings(self) -> u32 {
        let rest = if self.rest_every_way { 2 + 3 } else { 1 };
        (self.firsts as u32 + 1 + self.from_left as u32) * self.passes as u32 * rest
    }
}

impl Pricer<'_> {
    /// `c`'s emitters from `end` inwards (by left end ascending, or by right end
    /// descending), ties in cover order, each as `key << 5 | index` (the first `c.len`).
    pub(super) fn by_end(c: &Candidate, end: End) -> [u16; MAX_WIDTH] {
        // The emitters of each key (a mask of indexes), read out in order of key, then
        // of index: the keys `key << 5 | index` sorted, without a sort.
        // `keys`: the keys that have an emitter, so only those are read out. Every
        // emitter has a cell above the row, so a key is at most 31.
        let (mut of_key, mut keys) = ([0u32; 32], 0u32);
        for (i, e) in c.emits[..c.len].iter().enumerate() {
            debug_assert!(e.above != 0, "an emitter without a cell above the row");
            let key = match end {
                End::Left => e.above.trailing_zeros(),
                End::Right => e.above.leading_zeros(),
            };
            of_key[key as usize] |= 1 << i;
            keys |= 1 << key;
        }
        let mut by_end = [0u16; MAX_WIDTH];
        let mut n = 0;
        for key in Bits(keys) {
            for i in Bits(of_key[key]) {
                by_end[n] = (key as u16) << 5 | i as u16;
                n += 1;
            }
        }
        by_end
    }

    /// Groups `c`'s emitters into passes first fit in the order `by_end`
    /// ([`Pricer::by_end`]), flipped ones apart when `apart`; the passes summed into the
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

    /// Offers cover `c` grouped first fit from `end`, flipped emitters with singles and,
    /// if it has any, apart; with `moves`, each first-fit grouping also with each
    /// emitter moved to those passes ([`Pricer::offer_each_moved`]). Returns the
    /// emitters in the order grouped ([`Pricer::by_end`]) and the passes first fit uses
    /// with flipped emitters among singles.
    pub(super) fn offer_groupings(
        &mut self,
        c: &mut Candidate,
        end: End,
        moves: Option<Targets>,
    ) -> ([u16; MAX_WIDTH], usize) {
        let by_end = Self::by_end(c, end);
        let mut sums = [PassSum::ZERO; MAX_WIDTH];
        Self::group(c, &by_end, false, &mut sums);
        let first_fit = c.passes;
        self.offer_orders(&sums, c.passes, || *c);
        if let Some(targets) = moves {
            self.offer_each_moved(c, &sums, targets);
        }
        if matches!(end, End::Right) && self.repairs > 0 && self.has(Part::Repair) {
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
    /// any order (none even on the most support, [`Pricer::least_cost`]), offers `c`
    /// with each pair of overlapping emitters swapped between a pass without a fill and
    /// another, where the swap gives both passes a fill and their least costs leave
    /// room below the best. First fit packs by position; one swapped pair is often all
    /// that keeps it from a plan at the floor, and the local moves never start from a
    /// plan with no fill (first fit misses the shadowed-letter row `0011111111111100`'s
    /// plan at the floor by one pair). At most [`REPAIR_CHECKS`](super::pricing::REPAIR_CHECKS) swaps per row get their
    /// least costs priced.
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
        // The swaps are the local moves' ([`Pricer::offer_swapped`]), priced the same
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

    /// Offers `c`'s emitters grouped *one-row passes first*: a pass of `n` pixels needs
    /// `h ≡ −n (mod 4)` matrix rows, so a pass that closes in one row (its cells above
    /// the row and horizontal I pieces tiling all 21 columns of row `y + 1`) is the
    /// cheapest kind there is, and first fit, packing by position, rarely makes one. The
    /// pass `first` (a mask of emitter indexes; none: nothing is offered), then
    /// repeatedly the widest one-row pass of the emitters left
    /// ([`one_row_pass`]), then the rest first fit in cover order, priced as
    /// [`Pricer::offer_orders`] does. At most 17 column DPs.
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

    /// [`bar_reach`] through a small direct-mapped cache (the stages of different
    /// first passes and covers often meet the same singles on the same squares).
    pub(super) fn bar_reach(&mut self, starts: u32, filled: u32, h: usize) -> [u8; WIDTH + 1] {
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
    pub(super) fn bar_set(
        &mut self,
        starts: u32,
        filled: u32,
        h: usize,
        k: usize,
        narrow: bool,
    ) -> u32 {
        let reach = self.bar_reach(starts, filled, h);
        bar_set(&reach, starts, filled, h, k, narrow)
    }

    /// The passes of singles of `c` not yet grouped (`pass_of`) that a strip tiling
    /// can complete on `filled` (at most [`STAGE_HEIGHT`] rows, whole pieces), one per
    /// height and count, fewest pieces per pixel first (then the lower): `(h, k)`, how
    /// many, the single whose bar starts at each column and those columns. With `all`
    /// false only the first, and a height that cannot beat the best found is skipped.
    pub(super) fn stage_options(
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
        // The most bars apart among `starts`: taking the leftmost start each time
        // takes the most (a count the reach cannot exceed).
        let most = {
            let (mut rest, mut n) = (starts, 0);
            while rest != 0 {
                n += 1;
                rest &= !0u32 << (rest.trailing_zeros() + 3);
            }
            n.min(MOST_BARS)
        };
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
    /// ([`Pricer::stage_options`]) of the singles left, resting on the passes before
    /// it, and after each the rest are grouped ([`Pricer::offer_rest`]). The first
    /// pass is the first fit pass from the right (and from the left, if
    /// [`Stages::from_left`]), then each of the first [`Stages::firsts`] options (its
    /// bars from the walk back widest strip first): at most `2 + STAGE_FIRSTS` runs of
    /// at most 17 stages each (a stage takes at least one of
    /// the at most 17 singles). A later stage's bars are the set, of the two walks back
    /// ([`bar_set`]), whose leftover singles first fit packs into fewer passes. See the
    /// module docs.
    pub(crate) fn offer_staged(
        &mut self,
        c: &mut Candidate,
        ends: Option<&[[u16; MAX_WIDTH]; 2]>,
        stages: Stages,
    ) {
        // The emitters by left end and by right end, for first fit and the deals (the
        // caller's, if it has them: [`Pricer::by_end`] of `c` from each end).
        let ends = match ends {
            Some(&ends) => ends,
            None => [Self::by_end(c, End::Left), Self::by_end(c, End::Right)],
        };
        if self.row.len < stages.min_pixels {
            return;
        }
        // The options for the first pass, found once (for the first that needs them).
        let mut first_options = None;
        // First 0 is the first-fit pass from the left, 1 the one from the right.
        for first in usize::from(!stages.from_left)..stages.firsts + 2 {
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
            self.offer_rest(c, &ends, (&sums, &pass_of, passes), stages.rest_every_way);
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
                self.offer_rest(c, &ends, (&sums, &pass_of, passes), stages.rest_every_way);
            }
        }
    }

    /// Groups the emitters of `c` in no pass yet (`pass_of`, updated) first fit in the
    /// order `by_end` ([`Pricer::by_end`]) into passes after the first `staged`
    /// (summed in `sums`, updated); how many passes there are then.
    pub(super) fn first_fit_rest(
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
    pub(super) fn rest_passes(
        c: &Candidate,
        by_end: &[u16; MAX_WIDTH],
        pass_of: &[u8; MAX_WIDTH],
    ) -> usize {
        let mut sums = [PassSum::ZERO; MAX_WIDTH];
        Self::first_fit_rest(c, by_end, &mut sums, &mut pass_of.clone(), 0)
    }

    /// Offers `c` with its emitters in no pass yet (`pass_of`) dealt round robin in the
    /// order `by_end` into `p` passes after the first `staged` (summed in `sums`), for
    /// each `p` of `counts` where no two emitters of a pass overlap and none is empty.
    pub(super) fn offer_dealt(
        &mut self,
        c: &mut Candidate,
        by_end: &[u16; MAX_WIDTH],
        (sums, pass_of, staged): (&[PassSum; MAX_WIDTH], &[u8; MAX_WIDTH], usize),
        counts: &[usize],
    ) {
        // Each deal's passes: the first `staged` as given, then `p` dealt (only those
        // are read or written, so only those are copied).
        let mut dealt_sums = [PassSum::ZERO; MAX_WIDTH];
        for &p in counts {
            let used = (staged + p).min(MAX_WIDTH);
            dealt_sums[..used].copy_from_slice(&sums[..used]);
            let (sums, mut pass_of) = (&mut dealt_sums, *pass_of);
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
    /// [`Pricer::by_end`]), and dealt round robin by left end into as many passes as
    /// first fit from the left uses and one and two more ([`Pricer::offer_dealt`]); only
    /// first fit from the left unless `every_way`.
    pub(super) fn offer_rest(
        &mut self,
        c: &mut Candidate,
        ends: &[[u16; MAX_WIDTH]; 2],
        (sums, pass_of, staged): (&[PassSum; MAX_WIDTH], &[u8; MAX_WIDTH], usize),
        every_way: bool,
    ) {
        // The passes first fit from the left uses for the rest (it comes first).
        let mut first_fit = 0;
        for (k, by_end) in ends.iter().enumerate() {
            let (mut rest_sums, mut rest_of) = (*sums, *pass_of);
            let passes = Self::first_fit_rest(c, by_end, &mut rest_sums, &mut rest_of, staged);
            self.offer_grouped(c, &mut rest_sums, &rest_of, passes);
            if k == 0 {
                first_fit = passes - staged;
                if first_fit == 0 || !every_way {
                    // Nothing left (the stages alone, once), or first fit alone.
                    return;
                }
            }
        }
        let counts = [first_fit, first_fit + 1, first_fit + 2];
        self.offer_dealt(c, &ends[0], (sums, pass_of, staged), &counts);
    }

    /// Offers cover `c` dealt round robin into `p` passes by left end (emitter `k` from
    /// the left into pass `k mod p`), for `p` the passes first fit uses and, when
    /// `deals` says so, one and two more, where no two emitters of a pass overlap. First
    /// fit fills its first passes and leaves the last ones light; dealing spreads the
    /// emitters evenly, which often gives every pass a lower matrix.
    /// `by_end` is `c`'s emitters by left end ([`Pricer::by_end`]), `p0` the passes
    /// first fit uses in that order.
    pub(super) fn offer_round_robin(
        &mut self,
        c: &mut Candidate,
        by_end: &[u16; MAX_WIDTH],
        p0: usize,
        deals: Deals,
    ) {
        if self.best <= self.floor {
            return;
        }
        let none = ([PassSum::ZERO; MAX_WIDTH], [NO_PASS; MAX_WIDTH]);
        let counts = [p0, p0 + 1, p0 + 2];
        self.offer_dealt(c, by_end, (&none.0, &none.1, 0), &counts[..deals.count()]);
    }
}

/// Which round-robin deals [`Pricer::offer_round_robin`] offers.
#[derive(Clone, Copy)]
pub(crate) enum Deals {
    /// Into as many passes as first fit uses.
    FirstFit,
    /// Into as many as first fit uses, and one and two more (what the run-cover table
    /// is ranked with).
    #[cfg(any(test, feature = "search"))]
    Three,
}

impl Deals {
    /// How many deals.
    pub(crate) const fn count(self) -> usize {
        match self {
            Deals::FirstFit => 1,
            #[cfg(any(test, feature = "search"))]
            Deals::Three => 3,
        }
    }
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
