//! The classic split (the article's passes): each pixel is printed by its single
//! emitter, and a row's pixels are split into passes of non-overlapping triples, each
//! looked up as one emitter pattern. Two row planners: [`Greedy`], the article's
//! left-to-right filling ([`greedy`]), and [`Optimal`], an exact branch-and-bound search
//! for the split with the fewest pieces ([`optimal`]). Their plans are
//! [`ClassicPlan`]s; the grouped and the thorough planners start from the greedy split
//! ([`greedy_passes`]).

use crate::bits::Bits;
use crate::moves::{self, Move};
use crate::pattern::Emitter;
use crate::playfield::WIDTH;
use crate::sprite::MAX_WIDTH;
use crate::tables;
use crate::tables::SpanMovesExt as _;

use crate::convert::bounds::PLATFORM_PIECES;
use crate::convert::error::ConvertError;
use crate::convert::row::RowInput;
use crate::convert::row_planner::{PassSink, PlannedRow, RowPlanner};
use crate::piece::Shape;

/// Filler for fixed-size arrays of moves (any move does; it is overwritten).
const PLACEHOLDER: Move = moves::new_unchecked(Shape::ALL[0], 0);

/// Search nodes [`Planner::Optimal`](crate::Planner::Optimal) may visit per row before it settles for the best
/// split found so far (never worse than greedy). Only a guard on time: most rows are
/// settled at the root (1 node). It counts nodes, not time, so results stay
/// deterministic.
pub const NODE_LIMIT: u64 = 250_000;

/// A row's single emitters (J0/T0/L0), by pixel left to right: the moves, and their
/// triples' cells in the row above (the emitter table's key bits).
#[derive(Clone, Copy)]
pub(crate) struct Triples {
    pub(crate) len: usize,
    pub(crate) moves: [Move; MAX_WIDTH],
    pub(crate) masks: [u32; MAX_WIDTH],
}

impl Triples {
    /// The single emitters (J0, T0, L0) of a row's pixels.
    pub(crate) fn of(input: &RowInput) -> Triples {
        let mut row = Triples {
            len: input.len,
            moves: [PLACEHOLDER; MAX_WIDTH],
            masks: [0; MAX_WIDTH],
        };
        for i in 0..input.len {
            let e = input.single(i);
            row.moves[i] = e.mv;
            row.masks[i] = e.above;
        }
        row
    }
}

/// A split of a row's pixels into passes, numbered in order of their leftmost pixel.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Split {
    pub(crate) passes: usize,
    /// Pass of each pixel, by pixel index (left to right).
    pass_of: [u8; MAX_WIDTH],
    /// Key (OR of triple masks) of each pass.
    pub(crate) keys: [u32; MAX_WIDTH],
}

impl Split {
    /// Each pass's pixels, as bits by pixel index, for a row of `len` pixels.
    pub(crate) fn members(&self, len: usize) -> [u32; MAX_WIDTH] {
        let mut members = [0u32; MAX_WIDTH];
        for (i, &p) in self.pass_of[..len].iter().enumerate() {
            members[usize::from(p)] |= 1 << i;
        }
        members
    }
}

/// The article's converter ([`Planner::Greedy`](crate::Planner::Greedy)): each row split
/// by [`greedy`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Greedy;

/// The classic split with the fewest pieces
/// ([`Planner::Optimal`](crate::Planner::Optimal)): each row split by [`optimal`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Optimal;

impl RowPlanner for Greedy {
    type Plan = ClassicPlan;

    fn plan(&self, row: &RowInput) -> ClassicPlan {
        ClassicPlan::of(row, greedy)
    }
}

impl RowPlanner for Optimal {
    type Plan = ClassicPlan;

    fn plan(&self, row: &RowInput) -> ClassicPlan {
        ClassicPlan::of(row, optimal)
    }
}

/// A classic split of a row's singles into passes, each an emitter pattern of the
/// tables; on a platform when some pixel is over a hole.
#[derive(Clone, Copy)]
pub(crate) struct ClassicPlan {
    triples: Triples,
    split: Split,
    platform: bool,
}

impl ClassicPlan {
    /// `row`'s singles split by `split`.
    fn of(row: &RowInput, split: fn(&Triples) -> Split) -> ClassicPlan {
        let triples = Triples::of(row);
        ClassicPlan {
            split: split(&triples),
            triples,
            platform: row.singles_need_platform(),
        }
    }
}

impl PlannedRow for ClassicPlan {
    fn pieces(&self) -> u32 {
        let passes = self.split.keys[..self.split.passes].iter();
        let pieces = passes.map(|&k| tables::emitter(k).map_or(u32::MAX, |e| e.pieces() as u32));
        let platform = if self.platform {
            PLATFORM_PIECES as u32
        } else {
            0
        };
        pieces.fold(platform, u32::saturating_add)
    }

    fn platform(&self) -> bool {
        self.platform
    }

    /// Each pass: its triples left to right, then the emitter pattern's fillers.
    fn write_passes(&self, y: usize, passes: &mut impl PassSink) -> Result<(), ConvertError> {
        let split = &self.split;
        for (&key, &pixels) in split.keys[..split.passes]
            .iter()
            .zip(&split.members(self.triples.len))
        {
            let emitter =
                tables::emitter(key).ok_or(ConvertError::MissingEmitter { key, row: y })?;
            passes.pass(|sink| {
                for i in Bits(pixels) {
                    sink.push(self.triples.moves[i]);
                }
                sink.extend(emitter.fillers.moves());
            });
        }
        Ok(())
    }
}

/// The greedy split of `row`'s singles ([`greedy`]) as the grouped and the thorough
/// planners start from it: each pass's pixels (a mask of pixel indexes), and how many
/// passes there are.
pub(crate) fn greedy_passes(row: &RowInput) -> ([u32; MAX_WIDTH], usize) {
    let split = greedy(&Triples::of(row));
    (split.members(row.len), split.passes)
}

/// The article's split: each pass takes, left to right, every pixel not yet printed whose
/// triple fits next to the ones already in the pass.
pub(crate) fn greedy(row: &Triples) -> Split {
    let mut plan = Split {
        passes: 0,
        pass_of: [0; MAX_WIDTH],
        keys: [0; MAX_WIDTH],
    };
    let mut left: u32 = (1 << row.len) - 1;
    while left != 0 {
        let mut key = 0;
        for i in Bits(left) {
            if row.masks[i] & key == 0 {
                key |= row.masks[i];
                left &= !(1 << i);
                plan.pass_of[i] = plan.passes as u8;
            }
        }
        plan.keys[plan.passes] = key;
        plan.passes += 1;
    }
    plan
}

/// Cost of a pass in the search: `pieces + 5·n`, which is `21·(height + n)/4` for any
/// pattern (its 21·height + n cells are 4 per piece). Like pieces it is additive over
/// passes, and as `pieces = Σ cost − 5·pixels` it ranks splits the same way, but it
/// hardly depends on `n`: 21 for a lone square, 42 for most other passes. `None` when
/// the tables have no pattern for `key`.
fn pass_cost(key: u32) -> Option<u32> {
    tables::emitter(key).map(emitter_cost)
}

fn emitter_cost(e: &Emitter) -> u32 {
    (e.pieces() + 5 * usize::from(e.n)) as u32
}

/// The cheap patterns [`Planner::Optimal`](crate::Planner::Optimal) can take into account; past this it keeps its
/// best heuristic split.
const MAX_CHEAP: usize = 128;

/// Takes a pass's cells out of per-column pass counts.
fn uncover(cover: &mut [u8; WIDTH], key: u32) {
    for x in Bits(key) {
        cover[x] -= 1;
    }
}

/// The split with the fewest pieces (ties keep the greedy split).
///
/// Costs are [`pass_cost`]s (`pieces + 5·n`, additive, same ranking as pieces), seen
/// through [`tables::CostModel`]: a standard cost by size, and a few cheap patterns below it.
///
/// Branch and bound over set partitions. Pixels are taken in order of triple start, so
/// the triples form an interval order and every triple still to place starts at or right
/// of every placed one. Each pixel goes into an open pass it fits or into a new pass
/// (opened only after the previous ones: no two branches differ by renaming passes). A
/// new pass is *normal*, or *big*: meant to become one given cheap pattern whose first
/// triple this pixel is. A big pass takes only its pattern's triples; a normal one may
/// not end as a cheap pattern. So each split lies on one branch, and along it every pass
/// costs at least standard or exactly its pattern's cost: that makes the bound tight.
///
/// The bound ([`SplitSearch::bound`]) relaxes the rest of the row to an interval colouring:
/// with `k` colours for the passes that may still take pixels, first-fit in start order
/// keeps the most pixels possible; the others are lone passes, and so, at standard cost,
/// are pixels beyond what the passes hold at their price (`uniform` for a normal pass).
/// Closed passes (no pixel left fits) and big ones count their exact cost, and new
/// passes that could be cheap patterns are allowed the most they could save together.
/// Also:
/// - normal passes that can no longer reach a size with another cost ("settled") cost
///   `multi` whatever joins them, so a pixel tries only the first of them;
/// - the first incumbent is the best of the greedy split and of the relaxation's own
///   colourings, polished by local search ([`SplitSearch::seed`]); the search stops as soon
///   as the incumbent meets the root bound, for most rows before it starts.
///
/// Exact unless [`NODE_LIMIT`] search nodes are used up (then the best split found so
/// far, never worse than greedy, deterministically), or the tables hold more than
/// [`MAX_CHEAP`] cheap patterns (then the best of the heuristic splits).
pub(crate) fn optimal(row: &Triples) -> Split {
    optimal_from(row, greedy(row))
}

/// [`optimal`], given the row's [`greedy`] split (its first incumbent).
pub(crate) fn optimal_from(row: &Triples, greedy: Split) -> Split {
    let greedy_cost = plan_cost(&greedy);
    if row.len <= 1 {
        return greedy;
    }
    let mut s = SplitSearch::new(row, greedy_cost);
    if s.costs.cheap.len() <= MAX_CHEAP {
        s.discounts();
        // A floor for the whole row: once reached, nothing is cheaper.
        s.floor = s.root_floor();
        s.seed();
        s.dfs(0);
    } else {
        s.seed();
    }
    if !s.improved {
        return greedy;
    }
    // Back to pixel order, passes renumbered by their leftmost pixel.
    let mut plan = Split {
        passes: 0,
        pass_of: [0; MAX_WIDTH],
        keys: [0; MAX_WIDTH],
    };
    let mut renumber = [u8::MAX; MAX_WIDTH];
    let mut by_pixel = [0u8; MAX_WIDTH];
    for (j, &i) in s.order[..row.len].iter().enumerate() {
        by_pixel[usize::from(i)] = s.best_assign[j];
    }
    for (i, &p) in by_pixel[..row.len].iter().enumerate() {
        let p = usize::from(p);
        if renumber[p] == u8::MAX {
            renumber[p] = plan.passes as u8;
            plan.passes += 1;
        }
        let k = renumber[p];
        plan.pass_of[i] = k;
        plan.keys[usize::from(k)] |= row.masks[i];
    }
    plan
}

/// SplitSearch cost of a whole plan (`u32::MAX` if a key is missing from the tables).
fn plan_cost(plan: &Split) -> u32 {
    plan.keys[..plan.passes]
        .iter()
        .map(|&k| pass_cost(k).unwrap_or(u32::MAX))
        .fold(0u32, u32::saturating_add)
}

/// State of the branch-and-bound search in [`optimal`]; all fixed-size.
struct SplitSearch {
    len: usize,
    /// Pixel indices in search order (by triple start, then column).
    order: [u8; MAX_WIDTH],
    /// Triple masks in search order.
    masks: [u32; MAX_WIDTH],
    /// Triple starts (bit per start) of pixels `i..` in search order.
    rest_starts: [u32; MAX_WIDTH + 1],
    /// Open passes: key, triple starts (bit per start) and pixel count.
    keys: [u32; MAX_WIDTH],
    starts: [u32; MAX_WIDTH],
    sizes: [u8; MAX_WIDTH],
    /// For each open pass, the cheap pattern it is meant to become (index in
    /// [`tables::CostModel::cheap`] plus one), or 0 for a normal pass (see [`optimal`]).
    big: [u8; MAX_WIDTH],
    open: usize,
    /// Open passes covering each column.
    covering: [u8; WIDTH],
    /// Pass of each pixel (search order) on the current branch.
    assign: [u8; MAX_WIDTH],
    best: u32,
    best_assign: [u8; MAX_WIDTH],
    improved: bool,
    /// The bound at the root: a split this cheap is optimal, so the search stops.
    floor: u32,
    /// `discount[i]`: the most that new passes made of pixels `i..` can cost below
    /// standard, being cheap patterns (see [`SplitSearch::discounts`]).
    discount: [u32; MAX_WIDTH + 1],
    /// Whether [`SplitSearch::bound`] subtracts `discount` (not while [`SplitSearch::root_floor`]
    /// fixes the new cheap passes itself).
    use_discount: bool,
    /// Pixels (bit per search-order index) whose own single pass costs no less than
    /// `multi` (the hard lone squares): never cheaper alone than in a new pass.
    dear: u32,
    nodes: u64,
    costs: &'static tables::CostModel,
}

impl SplitSearch {
    fn new(row: &Triples, incumbent: u32) -> SplitSearch {
        let mut order = [0u8; MAX_WIDTH];
        for (i, o) in order[..row.len].iter_mut().enumerate() {
            *o = i as u8;
        }
        // Insertion sort by start, hard lone squares first among equal starts (the
        // bound likes them first), then column order.
        let costs = &tables::COSTS;
        let dear_pixel =
            |i: u8| pass_cost(row.masks[usize::from(i)]).is_none_or(|cost| cost >= costs.multi);
        let rank = |i: u8| (row.moves[usize::from(i)].x(), !dear_pixel(i), i);
        for i in 1..row.len {
            let mut j = i;
            while j > 0 && rank(order[j - 1]) > rank(order[j]) {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut masks = [0u32; MAX_WIDTH];
        let mut dear = 0u32;
        for (j, (m, &i)) in masks.iter_mut().zip(&order[..row.len]).enumerate() {
            *m = row.masks[usize::from(i)];
            if dear_pixel(i) {
                dear |= 1 << j;
            }
        }
        let mut rest_starts = [0u32; MAX_WIDTH + 1];
        for i in (0..row.len).rev() {
            rest_starts[i] = rest_starts[i + 1] | 1 << masks[i].trailing_zeros();
        }
        SplitSearch {
            len: row.len,
            order,
            masks,
            rest_starts,
            keys: [0; MAX_WIDTH],
            starts: [0; MAX_WIDTH],
            sizes: [0; MAX_WIDTH],
            big: [0; MAX_WIDTH],
            open: 0,
            covering: [0; WIDTH],
            assign: [0; MAX_WIDTH],
            best: incumbent,
            best_assign: [0; MAX_WIDTH],
            improved: false,
            floor: 0,
            discount: [0; MAX_WIDTH + 1],
            use_discount: true,
            dear,
            nodes: 0,
            costs,
        }
    }

    /// Lower bound on the cost of any completion of the current branch (pixels `..i`
    /// placed), `u32::MAX` if the branch has none (a big pass that can no longer become
    /// its pattern, a closed pass that is not what its branch stands for). With every
    /// pixel placed, the exact cost. See [`optimal`].
    fn bound(&self, i: usize) -> u32 {
        let c = self.costs;
        let rest = &self.masks[i..self.len];
        let free = self.rest_starts[i];
        // Cost so far: exact for closed passes (no pixel left fits) and big ones, the
        // least possible for the others. Room: pixels the passes can hold at that cost.
        let mut total = 0u32;
        let mut room = 0usize;
        // Normal passes of 2+ pixels (colours below) and of 1 pixel (may grow).
        let mut normal = 0usize;
        let mut singles = 0usize;
        // Open big passes take no colour below: each only takes pixels that start where
        // its pattern still needs a triple (`targets`), one per start.
        let mut bigs = 0usize;
        let mut targets = [0u32; MAX_WIDTH];
        let mut cover_base = self.covering;
        for p in 0..self.open {
            let (key, size) = (self.keys[p], usize::from(self.sizes[p]));
            let meant = usize::from(self.big[p]).checked_sub(1).map(|b| c.cheap[b]);
            let closed = rest.iter().all(|&m| m & key != 0);
            match meant {
                Some((k, ks, n, cost)) => {
                    let want = ks & !self.starts[p];
                    if (closed && key != k) || want & !free != 0 {
                        return u32::MAX; // can no longer become its pattern
                    }
                    total = total.saturating_add(cost);
                    room += usize::from(n);
                    targets[bigs] = want;
                    bigs += 1;
                    uncover(&mut cover_base, key);
                }
                None if closed => {
                    let cost = pass_cost(key).unwrap_or(u32::MAX);
                    if cost < c.standard(size) {
                        // A cheap pattern: the branch where this pass is big has it.
                        return u32::MAX;
                    }
                    total = total.saturating_add(cost);
                    room += size;
                    uncover(&mut cover_base, key);
                }
                None if size >= 2 => {
                    total = total.saturating_add(c.multi);
                    room += c.uniform;
                    normal += 1;
                }
                None if pass_cost(key).is_none_or(|cost| cost >= c.multi) => {
                    // A hard lone square costs `multi` alone: like a normal pass.
                    total = total.saturating_add(c.multi);
                    room += c.uniform;
                    normal += 1;
                }
                None => {
                    // Stays single (room 1) or grows at the price of `multi − single`:
                    // below it is like a new pass that already holds a pixel.
                    total = total.saturating_add(c.single);
                    singles += 1;
                    uncover(&mut cover_base, key);
                }
            }
        }
        // The pixels left go to big passes, normal passes, `t` new multi-pixel passes
        // (the first ones single passes that grow, cheaper than new ones) or new single
        // passes. Those in normal and new multi passes are coloured with `normal + t`
        // colours: at every column at most that many of them and of those passes'
        // triples overlap. The most pixels that allows is what first-fit keeps in
        // start order (optimal for intervals sorted by end; every triple left starts at
        // or right of every placed one), except that hard lone squares are always kept
        // (alone they cost a new pass anyway) and push out the last kept other triple
        // over their column if need be. The rest are single passes, and so, at the
        // standard cost, are pixels beyond the room. New cheap passes cost less than
        // standard by at most `discount[i]`.
        let mut least = u32::MAX;
        'colourings: for t in 0..=rest.len() + singles {
            let grown = t.min(singles);
            let fixed = (grown as u32)
                .saturating_mul(c.multi.saturating_sub(c.single))
                .saturating_add(((t - grown) as u32).saturating_mul(c.multi));
            if fixed >= least {
                break;
            }
            let colours = normal + t;
            let mut cover = cover_base;
            let mut want = targets;
            let mut kept = 0usize;
            // Starts of the kept triples that are not hard lone squares, in order.
            let mut others = [0usize; MAX_WIDTH];
            let mut nothers = 0;
            for (j, &m) in rest.iter().enumerate() {
                let s = m.trailing_zeros() as usize;
                if let Some(w) = want[..bigs].iter_mut().find(|w| **w & (1 << s) != 0) {
                    *w &= !(1 << s);
                    kept += 1;
                    continue;
                }
                let dear = self.dear & (1 << (i + j)) != 0;
                if usize::from(cover[s]) >= colours {
                    if !dear {
                        continue;
                    }
                    match others[..nothers].last() {
                        Some(&e) if e + 2 >= s => {
                            nothers -= 1;
                            kept -= 1;
                            cover[e] -= 1;
                            cover[e + 1] -= 1;
                            cover[e + 2] -= 1;
                        }
                        _ => continue 'colourings, // too few colours for these
                    }
                }
                kept += 1;
                cover[s] += 1;
                cover[s + 1] += 1;
                cover[s + 2] += 1;
                if !dear {
                    others[nothers] = s;
                    nothers += 1;
                }
            }
            let room = room + (singles - grown) + c.uniform * t;
            let lone = rest.len() - kept + (i + kept).saturating_sub(room);
            least = least.min(fixed.saturating_add((lone as u32).saturating_mul(c.single)));
        }
        let discount = if self.use_discount {
            self.discount[i]
        } else {
            0
        };
        total.saturating_add(least).saturating_sub(discount)
    }

    /// A lower bound on the whole row, tighter than `bound(0)`: at the root every pass
    /// is new, so instead of a discount for the cheap patterns the new passes may form,
    /// take the least bound over every set of them that the row's pixels can supply at
    /// once (each set fixed as empty big passes), the empty set included.
    fn root_floor(&mut self) -> u32 {
        let c = self.costs;
        let mut count = [0u8; WIDTH];
        for &m in &self.masks[..self.len] {
            count[m.trailing_zeros() as usize] += 1;
        }
        let mut fits = [0u8; MAX_CHEAP];
        let mut nfits = 0;
        for (b, &(_, ks, _, _)) in c.cheap.iter().enumerate() {
            if (0..WIDTH).all(|s| ks & (1 << s) == 0 || count[s] > 0) {
                fits[nfits] = b as u8;
                nfits += 1;
            }
        }
        if nfits == 0 {
            return self.bound(0);
        }
        /// Least bound over the sets that extend the `self.open` passes already fixed
        /// with patterns from `fits`; `None` when out of budget.
        fn least(
            s: &mut SplitSearch,
            fits: &[u8],
            count: &mut [u8; WIDTH],
            budget: &mut u32,
        ) -> Option<u32> {
            *budget = budget.checked_sub(1)?;
            let mut best = s.bound(0);
            for (j, &b) in fits.iter().enumerate() {
                let ks = s.costs.cheap[usize::from(b)].1;
                if (0..WIDTH).any(|x| ks & (1 << x) != 0 && count[x] == 0) {
                    continue;
                }
                for (x, k) in count.iter_mut().enumerate() {
                    *k -= u8::from(ks & (1 << x) != 0);
                }
                let p = s.open;
                s.big[p] = b + 1;
                s.open += 1;
                let deeper = least(s, &fits[j..], count, budget);
                s.open -= 1;
                s.big[p] = 0;
                for (x, k) in count.iter_mut().enumerate() {
                    *k += u8::from(ks & (1 << x) != 0);
                }
                best = best.min(deeper?);
            }
            Some(best)
        }
        self.use_discount = false;
        let mut budget = 10_000u32;
        let floor = least(self, &fits[..nfits], &mut count, &mut budget);
        self.use_discount = true;
        floor.unwrap_or_else(|| self.bound(0))
    }

    /// Fills [`SplitSearch::discount`]: for each `i`, the most the cheap patterns that can be
    /// made of pixels `i..` can save below standard cost together, by a small
    /// exhaustive packing (each start used at most as often as those pixels have it).
    fn discounts(&mut self) {
        let c = self.costs;
        for i in (0..self.len).rev() {
            let free = self.rest_starts[i];
            let mut count = [0u8; WIDTH];
            for &m in &self.masks[i..self.len] {
                count[m.trailing_zeros() as usize] += 1;
            }
            let mut fits = [(0u32, 0u32); MAX_CHEAP];
            let mut nfits = 0;
            for &(_, ks, n, cost) in c.cheap {
                if ks & !free == 0 {
                    fits[nfits] = (ks, c.standard(usize::from(n)) - cost);
                    nfits += 1;
                }
            }
            if nfits == 0 {
                continue;
            }
            fn best(fits: &[(u32, u32)], count: &mut [u8; WIDTH], budget: &mut u32) -> u32 {
                let mut most = 0;
                for (j, &(starts, saving)) in fits.iter().enumerate() {
                    if *budget == 0 {
                        return u32::MAX / 2;
                    }
                    *budget -= 1;
                    if (0..WIDTH).any(|s| starts & (1 << s) != 0 && count[s] == 0) {
                        continue;
                    }
                    for (s, k) in count.iter_mut().enumerate() {
                        *k -= u8::from(starts & (1 << s) != 0);
                    }
                    let total = saving.saturating_add(best(&fits[j..], count, budget));
                    for (s, k) in count.iter_mut().enumerate() {
                        *k += u8::from(starts & (1 << s) != 0);
                    }
                    most = most.max(total);
                }
                most
            }
            // Cheap patterns have 2+ pixels of at most 17, so this is tiny; the budget
            // only guards against strange tables (then the discount is "anything").
            let mut budget = 100_000u32;
            self.discount[i] = best(&fits[..nfits], &mut count, &mut budget);
        }
    }

    /// Tries the splits the root bound is built from, as a better first incumbent: for
    /// `k` colours, the pixels first-fit keeps are coloured (first fit, and tightest
    /// fit), the others become single passes. Usually one of them reaches the floor and
    /// the search is over before it starts.
    fn seed(&mut self) {
        // More colours than the most triples over one column change nothing.
        let mut cover = [0u8; WIDTH];
        for &m in &self.masks[..self.len] {
            let s = m.trailing_zeros() as usize;
            cover[s] += 1;
            cover[s + 1] += 1;
            cover[s + 2] += 1;
        }
        let widest = cover.iter().copied().max().map_or(1, usize::from);
        // Plain constructions first; local search only if none reaches the floor.
        for polish in [false, true] {
            // Polishing is dearer: only the splits into the fewest passes.
            let fewest = if polish { widest } else { 1 };
            for k in fewest..=widest {
                for tightest in [false, true] {
                    if self.best <= self.floor {
                        return;
                    }
                    let (mut keys, mut assign) = self.colour(k, tightest);
                    let cost = if polish {
                        self.improve(&mut keys, &mut assign)
                    } else {
                        keys.iter()
                            .filter(|&&key| key != 0)
                            .map(|&key| pass_cost(key).unwrap_or(u32::MAX))
                            .fold(0u32, u32::saturating_add)
                    };
                    if cost < self.best {
                        self.best = cost;
                        self.best_assign = assign;
                        self.improved = true;
                    }
                }
            }
        }
    }

    /// The split that colours pixels in search order with passes `0..k` (the first that
    /// fits, or the one whose last triple ends furthest right), pixels that fit none
    /// becoming passes of their own. Returns `(keys by pass, pass by pixel)`.
    fn colour(&self, k: usize, tightest: bool) -> ([u32; MAX_WIDTH], [u8; MAX_WIDTH]) {
        let mut keys = [0u32; MAX_WIDTH];
        let mut assign = [0u8; MAX_WIDTH];
        let mut passes = k;
        for (a, &m) in assign[..self.len].iter_mut().zip(&self.masks[..self.len]) {
            let fits = (0..k).filter(|&p| keys[p] & m == 0);
            let chosen = if tightest {
                fits.max_by_key(|&p| 32 - keys[p].leading_zeros())
            } else {
                fits.min()
            };
            let p = chosen.unwrap_or_else(|| {
                passes += 1;
                passes - 1
            });
            keys[p] |= m;
            *a = p as u8;
        }
        (keys, assign)
    }

    /// Local search on a split (`keys` by pass, `assign` by pixel in search order; empty
    /// passes allowed): moves one pixel to another pass or a pass of its own, or swaps
    /// two passes' parts right of a column neither straddles, while that makes the split
    /// cheaper. Returns the final cost.
    fn improve(&self, keys: &mut [u32; MAX_WIDTH], assign: &mut [u8; MAX_WIDTH]) -> u32 {
        let cost = |key: u32| {
            if key == 0 {
                0
            } else {
                pass_cost(key).unwrap_or(u32::MAX)
            }
        };
        let masks = &self.masks[..self.len];
        let mut costs = [0u32; MAX_WIDTH];
        for (c, &k) in costs.iter_mut().zip(keys.iter()) {
            *c = cost(k);
        }
        loop {
            let mut better = false;
            // Planner in use are 0..used (with gaps); one spare slot for a new pass.
            let used = MAX_WIDTH - keys.iter().rev().take_while(|&&k| k == 0).count();
            let slots = (used + 1).min(MAX_WIDTH);
            // Move pixel j from pass a to pass b.
            for j in 0..self.len {
                let (m, a) = (masks[j], usize::from(assign[j]));
                for b in 0..slots {
                    if b == a || keys[b] & m != 0 {
                        continue;
                    }
                    let (na, nb) = (cost(keys[a] & !m), cost(keys[b] | m));
                    if na.saturating_add(nb) < costs[a].saturating_add(costs[b]) {
                        keys[a] &= !m;
                        keys[b] |= m;
                        (costs[a], costs[b]) = (na, nb);
                        assign[j] = b as u8;
                        better = true;
                        break;
                    }
                }
            }
            // Swap the parts of passes a and b from column c on.
            for c in 1..WIDTH {
                let mut right = [0u32; MAX_WIDTH];
                let mut straddles = 0u32;
                for (&m, &p) in masks.iter().zip(&assign[..self.len]) {
                    let s = m.trailing_zeros() as usize;
                    if s >= c {
                        right[usize::from(p)] |= m;
                    } else if s + 3 > c {
                        straddles |= 1 << p;
                    }
                }
                for a in 0..used {
                    for b in a + 1..used {
                        if straddles & (1 << a | 1 << b) != 0 || right[a] == right[b] {
                            continue;
                        }
                        let na = cost(keys[a] & !right[a] | right[b]);
                        let nb = cost(keys[b] & !right[b] | right[a]);
                        if na.saturating_add(nb) < costs[a].saturating_add(costs[b]) {
                            keys[a] = keys[a] & !right[a] | right[b];
                            keys[b] = keys[b] & !right[b] | right[a];
                            (costs[a], costs[b]) = (na, nb);
                            for (&m, p) in masks.iter().zip(assign.iter_mut()) {
                                if m.trailing_zeros() as usize >= c {
                                    if usize::from(*p) == a {
                                        *p = b as u8;
                                    } else if usize::from(*p) == b {
                                        *p = a as u8;
                                    }
                                }
                            }
                            right.swap(a, b);
                            better = true;
                        }
                    }
                }
            }
            if !better {
                return costs.iter().fold(0, |a, &c| a.saturating_add(c));
            }
        }
    }

    /// Places pixel `i` in each pass it fits (first fit first), then in a new pass, and
    /// recurses while the bound beats the incumbent.
    fn dfs(&mut self, i: usize) {
        self.nodes += 1;
        if self.nodes > NODE_LIMIT || self.best <= self.floor {
            return;
        }
        let bound = self.bound(i);
        if bound >= self.best {
            return;
        }
        if i == self.len {
            // Every pass is closed: the bound is the exact cost.
            self.best = bound;
            self.best_assign = self.assign;
            self.improved = true;
            return;
        }
        let m = self.masks[i];
        let start = m.trailing_zeros() as usize;
        // Planner that fit this pixel lie wholly left of it. A normal one that can no
        // longer become or outgrow a pattern whose cost is not `multi` ("settled") costs
        // `multi` whatever joins it, so settled passes are interchangeable: the pixel
        // tries only the first.
        let c = self.costs;
        let more = (WIDTH - start) / 3;
        let mut settled_tried = false;
        for p in 0..self.open {
            if self.keys[p] & m != 0 {
                continue;
            }
            if let Some(b) = usize::from(self.big[p]).checked_sub(1) {
                // A big pass takes only the triples of its pattern.
                if c.cheap[b].1 & (1 << start) == 0 {
                    continue;
                }
            } else {
                let size = usize::from(self.sizes[p]);
                if c.flat && size >= 2 && size > c.small_cheap && size + more <= c.uniform {
                    if settled_tried {
                        continue;
                    }
                    settled_tried = true;
                }
            }
            self.place(i, p, 0);
            self.dfs(i + 1);
            self.unplace(i, p);
        }
        // A new pass: meant to become one of the cheap patterns whose first triple
        // starts here and whose other triples pixels left can supply, or normal.
        let p = self.open;
        for (b, &(_, ks, _, _)) in c.cheap.iter().enumerate() {
            let rest = ks & !(1 << start);
            if ks.trailing_zeros() as usize == start && rest & !self.rest_starts[i + 1] == 0 {
                self.place(i, p, b as u8 + 1);
                self.dfs(i + 1);
                self.unplace(i, p);
            }
        }
        self.place(i, p, 0);
        self.dfs(i + 1);
        self.unplace(i, p);
    }

    /// Puts pixel `i` into pass `p` (`p == open` opens a new pass, `big` or not).
    fn place(&mut self, i: usize, p: usize, big: u8) {
        let m = self.masks[i];
        if p == self.open {
            self.open += 1;
            self.big[p] = big;
        }
        self.keys[p] |= m;
        self.starts[p] |= 1 << m.trailing_zeros();
        self.sizes[p] += 1;
        self.cover(m, true);
        self.assign[i] = p as u8;
    }

    /// Undoes [`SplitSearch::place`].
    fn unplace(&mut self, i: usize, p: usize) {
        let m = self.masks[i];
        self.cover(m, false);
        self.keys[p] &= !m;
        self.starts[p] &= !(1 << m.trailing_zeros());
        self.sizes[p] -= 1;
        if self.sizes[p] == 0 {
            self.open -= 1;
        }
    }

    fn cover(&mut self, mask: u32, add: bool) {
        for x in Bits(mask) {
            if add {
                self.covering[x] += 1;
            } else {
                self.covering[x] -= 1;
            }
        }
    }
}
