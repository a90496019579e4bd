//! The exact planner: for every sprite row, the fewest pieces any plan that
//! follows our printing rules can use, found by an exhaustive search whose "no" answers
//! are proofs.
//!
//! # The rules a plan follows
//! A row `y` is printed in *passes*, one after the other. A pass drops its emitters, then
//! fillers that complete and clear every row of its `h`-row matrix (rows `y + 1 ..= y + h`),
//! so after the pass only its emitted cells remain in the emission row `y`:
//! - a **single** emitter J0/T0/L0 puts its protruding cell on one pixel; its bar lies in
//!   row `y + 1`;
//! - a **flipped** emitter J2/T2/L2 lies in row `y` on three adjacent pixels of its
//!   colour; its top cell sticks up into row `y + 1`. A pass drops its flipped emitters
//!   first, then its singles.
//!
//! The cells of a pass's emitters in row `y + 1` must not overlap. Its matrix is solved by
//! the pattern engine ([`super::engine::solve`]) over all 21 columns: start heights 1 under
//! the emitters' cells in row `y + 1`, goal `h` everywhere, and as *support* every cell of
//! the emission row that is filled while the pass runs — the squares of earlier passes,
//! this pass's own squares and flipped bars (exactly the columns of the pixels printed so
//! far, this pass's included), and any cells filled before the row's passes
//! ([`ExactPlanner::plan_row_on`]: direct pieces' cells; none for a plain print).
//!
//! An emitter must land where it should. A flipped emitter needs a square of row `y − 1`
//! under one of its three cells. A single needs a square of row `y − 1` under its pixel,
//! **or** a cell of row `y` already filled under one of its two other bar cells (a square
//! of an earlier pass, a flipped bar of its own pass — dropped first — or a cell filled
//! before the row's passes): its bar then rests on that cell. Row 0 stands on the floor.
//! When a row cannot be printed so, a **platform** ([`crate::tables::PLATFORMS`], 21
//! pieces) is built first, on the leftmost square of the row below, and removed after
//! the last pass; it holds every emitter.
//! (A platform is only ever useful for the whole row: it must stand before any square of
//! the row is emitted, it costs 21 pieces whenever it is removed, and removing it early
//! changes no pass's matrix. Two platforms never beat one.)
//!
//! A pass of `h` matrix rows and `n` pixels costs `(21·h + n)/4` pieces (its emitters and
//! `(21·h − cells in row y + 1)/4` fillers), so a row costs `(21·Σh + pixels)/4`, plus 21
//! with a platform, and every pass needs `h ≡ −n (mod 4)`. Pass heights are at most
//! [`MAX_PASS_HEIGHT`] = 7, the room the field has above the top sprite row on a platform.
//!
//! # The search
//! Minimising pieces is minimising `Σh + 4·platform`. The planner searches over the
//! printed set `S` of pixels (a bit set): from `S`, a pass is any non-empty set of
//! emitters over unprinted pixels (every single, every flipped triple: so every cover,
//! every split and every order is reachable) whose emitters land (the rule above), and it
//! moves to `S ∪ pixels(pass)` at the cost of a height at which the engine packs its
//! matrix. This is iterative deepening on the total height `Σh` from the floor
//! (`Σh ≡ −pixels (mod 4)`, `Σh ≥ 1`), first with a platform holding every emitter; then,
//! for rows with a pixel over a hole, the same search under the landing rule at that
//! `Σh` and at `Σh + 4` (which ties with the platform: same pieces, and no platform is
//! preferred). Its memory:
//! - proven lower bounds per `S`: a failed budget `b` proves `g(S) ≥ b + 4` (every
//!   budget for `S` has the same residue mod 4); bounds proved with a platform hold
//!   without one;
//! - plans found per `S` with their `Σh`, reused for any budget at least that.
//!
//! A pass is only considered at its least admissible height, or 4 more, while that fits
//! the budget left after the remaining pixels' bound; the rest of the plan is searched
//! *first*, and the pass's matrix goes to the engine only when the rest fits (a pass at
//! height `h` whose rest does not fit cannot do better at `h + 4`). Engine answers are
//! memoised by `(cells in row y + 1, height)` and reused for every support that is a
//! superset (for "found", keyed by the support the packing really rests on) or a subset
//! (for "none") of the one asked, which is sound because support only ever helps.
//! Before the whole-matrix search, two sufficient tests may answer "found" (never
//! "none"): an optional [`Hint`] (the compiled tables, `planner`'s), then a tiling
//! of the 21 columns by segments of at most 13 columns, each packed alone by the engine
//! with walls outside it (as the strip tables are made; such packings compose side by
//! side). A plan's fillers are computed afresh by the same steps, so the moves are a
//! function of the row alone, whatever the planner was asked before.
//!
//! Nothing is capped: no node limits, no time limits, no give-up. Engine searches use
//! restarts with reshuffled placement orders (deterministic seeds), but the last attempt
//! is unbounded and dead states carry over, so "none" is always a proof. The search is
//! deterministic: fixed enumeration order, fixed seeds.
//!
//! # What is proven optimal
//! For each row, the plan has the fewest pieces over **every** plan under the rules above
//! (every cover by singles and flipped emitters, every split into passes, every order,
//! every matrix at heights ≤ 7, platform or not), given the rows below. The engine is
//! exhaustive over packings: a filler that leaves a covered hole can never complete its
//! rows (hard drops do not slide), and no filler rises above the matrix (its `21·h`
//! cells are exactly what the emitters and fillers fill), so every packing is one of the
//! engine's profile-matching drop sequences.
//! Because a finished row leaves the field holding exactly the sprite's rows so far,
//! whatever plan printed it, the rows are independent: the sum of the per-row optima is
//! the fewest pieces over every row-by-row print of the sprite under these rules.
//!
//! Not covered (restrictions of the rules, not of the search): matrices taller than 7
//! rows; emitters other than J0/T0/L0 and J2/T2/L2; drops of one pass interleaved with
//! another's, or fillers before a pass's emitters; a platform's own cells or edge wells
//! as support for fillers, and platform shapes other than the tables' ten (whose centre
//! is fixed by the leftmost square of the row below, as the converter places them).

use std::collections::HashMap;
use std::rc::Rc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::convert::bounds::PLATFORM_PIECES;
use crate::convert::row::{Emit, RowInput};
use crate::moves::{self, Move};
use crate::playfield::WIDTH;
use crate::search::engine::{
    all_placements, solve_with_restarts, DeadTable, Outcome, Placement, Problem, RESTART_BUDGET,
};
use crate::search::strips::{strip_admissible, strip_placements, strip_problem};

/// The tallest pass matrix the planner considers: with a platform (3 rows of lift) under
/// the emission row of the top sprite row (31), rows 35..=41 are left.
pub const MAX_PASS_HEIGHT: u8 = 7;

/// An emitter of the row as the search takes it ([`RowInput::single`],
/// [`RowInput::flip`]), with the pixels it prints as bits by pixel index.
#[derive(Clone, Copy, Debug)]
struct SearchEmit {
    e: Emit,
    pixels: u32,
}

impl SearchEmit {
    /// Emission-row columns that hold a single up when filled: its other bar cells
    /// (none for a flipped emitter, which only the row below holds).
    fn rests(&self) -> u32 {
        match self.e.flipped() {
            true => 0,
            false => self.e.above & !self.e.row,
        }
    }
}

/// The least admissible matrix height for a pass of `n` pixels (`h ≥ 1`, `h + n ≡ 0 mod
/// 4`); 0 for no pixels.
#[must_use]
pub const fn floor_height(n: u32) -> u8 {
    if n == 0 {
        return 0;
    }
    match (4 - n % 4) % 4 {
        0 => 4,
        r => r as u8,
    }
}

/// One pass of a planned row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ExactPass {
    /// Emitters in drop order (flipped first, then singles, each left to right).
    pub(crate) emits: Vec<Emit>,
    /// Matrix rows.
    pub(crate) height: u8,
    /// The fillers, in drop order.
    pub(crate) fillers: Vec<Move>,
}

/// A planned row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactPlan {
    /// Whether the row stands on a platform.
    pub platform: bool,
    /// The passes, in order.
    pub(crate) passes: Vec<ExactPass>,
    /// Pieces, platform included.
    pub pieces: u32,
    /// Σh over the passes.
    pub total_height: u32,
}

/// What the exact planner's tests and measurements read of a plan.
#[cfg(test)]
impl ExactPlan {
    /// The matrix rows of each pass, in order.
    pub fn heights(&self) -> impl Iterator<Item = u8> + '_ {
        self.passes.iter().map(|p| p.height)
    }

    /// The pixels each pass prints, in order.
    pub fn pass_pixels(&self) -> impl Iterator<Item = usize> + '_ {
        let pixels = |p: &ExactPass| p.emits.iter().map(|e| usize::from(e.pixels())).sum();
        self.passes.iter().map(pixels)
    }
}

/// Work counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExactCounters {
    /// Engine searches run (cache misses).
    pub engine_calls: u64,
    /// Engine states expanded in all.
    pub engine_nodes: u64,
    /// Pass-set nodes of the row searches.
    pub nodes: u64,
    /// Pass matrices answered by the hint (no engine search).
    pub hints: u64,
    /// Pass matrices answered by a tiling of engine-packed segments.
    pub segment_tilings: u64,
    /// Engine searches and their microseconds by matrix height, `[none, found]`.
    pub engine_by_height: [[(u64, u64); 2]; 8],
}

/// Segment packings by `(width, height, bottom, support)`.
type SegmentCache = HashMap<(u8, u8, u32, u32), Option<Rc<[Move]>>>;

/// Engine answers by `(cells in row y + 1, height)`: `(support, packing or none)`.
type EngineCache = HashMap<(u32, u8), Vec<(u32, Option<Rc<[Move]>>)>>;

/// A quick sufficient test that may answer a pass matrix before the engine is asked:
/// `(above, support, h)` → a packing and the support it actually rests on (a subset of
/// `support`), or `None` for "don't know". It must only return packings that are valid
/// (they are replayed at the end anyway); it never decides that a matrix has none.
pub type Hint = fn(u32, u32, u8) -> Option<(Vec<Move>, u32)>;

/// The exact planner. Keeps the engine's answers between rows and sprites.
#[derive(Debug)]
pub struct ExactPlanner {
    hint: Option<Hint>,
    table: DeadTable,
    order: Vec<Placement>,
    cache: EngineCache,
    /// Segment packings by `(width, height, bottom, support)`, relative to column 0.
    segments: SegmentCache,
    /// Placements that fit in `w` columns, by `w`.
    narrow: Vec<Vec<Placement>>,
    /// Plans by row ([`RowInput::key`]: its pixels and the cells filled before its
    /// passes).
    rows: HashMap<u128, ExactPlan>,
    /// What the planner has done so far.
    pub counters: ExactCounters,
}

impl Default for ExactPlanner {
    fn default() -> Self {
        Self::new()
    }
}

/// The engine on `problem` with restarts: reshuffled placement orders (seeded by `salt`)
/// find packings much sooner; dead states carry over, and the last attempt has no
/// budget, so "none" stays a proof.
fn engine(problem: &Problem, base: &[Placement], salt: u64, table: &DeadTable) -> Outcome {
    solve_with_restarts(
        problem,
        |k| {
            let mut order = base.to_vec();
            if k > 0 {
                let mix = salt.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ u64::from(k).wrapping_mul(0xD1B5_4A32_D192_ED03);
                order.shuffle(&mut ChaCha8Rng::seed_from_u64(mix));
            }
            order
        },
        RESTART_BUDGET,
        table,
    )
}

/// Widest segment [`ExactPlanner::segments`] packs alone.
const SEGMENT_WIDTH: usize = 13;

/// Tallest matrix [`ExactPlanner::segments`] is tried on.
const SEGMENT_HEIGHT: u8 = 5;

/// The emission-row columns a packing's pieces really rest on: replaying `drops` from
/// `start` (the engine's rules), every piece that no matrix cell holds up rests on the
/// supported columns under it. With any support containing those, every piece is still
/// held, so the packing stays valid.
fn used_support(start: &[u8; WIDTH], support: u32, drops: &[Move]) -> u32 {
    let mut h = *start;
    let mut used = 0;
    for m in drops {
        let d = m.shape().data();
        let (x, w) = (m.x(), usize::from(d.width));
        let cleared = *h.iter().min().expect("21 columns");
        let base = h[x] - d.bottom[0];
        let under = support & (((1u32 << w) - 1) << x);
        // (`under` is never empty for the engine's packings; the final replay checks.)
        if (x..x + w).all(|i| h[i] <= cleared) && under & used == 0 && under != 0 {
            // One supported column is enough to hold it.
            used |= 1 << under.trailing_zeros();
        }
        for j in 0..w {
            h[x + j] = base + d.top[j];
        }
    }
    used
}

/// What [`RowSearch::enumerate`] works from: the printed set, the budget, the pixels
/// left and the emission-row columns filled.
struct Walk {
    s: u32,
    b: u8,
    rem: u32,
    scols: u32,
}

/// A pass the search may take from some state.
#[derive(Clone, Copy, Debug, Default)]
struct Cand {
    /// Emitters (bits by index into the row's emitter list).
    set: u64,
    pixels: u32,
    above: u32,
    /// Emission-row columns of its pixels.
    cols: u32,
}

impl Cand {
    /// This pass with emitter `k` (`e`) added.
    fn with(self, k: usize, e: &SearchEmit) -> Cand {
        Cand {
            set: self.set | 1 << k,
            pixels: self.pixels | e.pixels,
            above: self.above | e.e.above,
            cols: self.cols | e.e.row,
        }
    }
}

/// The row search: emitters, per-state lower bounds, the path found.
struct RowSearch<'a> {
    planner: &'a mut ExactPlanner,
    emits: Vec<SearchEmit>,
    /// Index of pixel `i`'s single, and of the flip starting at `i` (if any).
    single_of: Vec<usize>,
    flip_of: Vec<Option<usize>>,
    /// Pixel masks of the flipped emitters that take pixel `i`.
    flips_with: Vec<Vec<u32>>,
    columns: Vec<u32>,
    /// Emission-row cells filled before the row's passes (support from the start).
    support: u32,
    all: u32,
    /// Whether a platform holds every emitter.
    platform: bool,
    /// Proven lower bound on the total height still needed from each printed set.
    lb: Vec<u8>,
    /// [`RowSearch::passes_bound_of`] per printed set, computed on first use (`u8::MAX`:
    /// not yet).
    passes_bound: Vec<std::cell::Cell<u8>>,
    /// Plans found from a printed set: their Σh and passes (valid for any budget ≥ Σh).
    wins: HashMap<u32, (u8, Vec<(u64, u8)>)>,
    path: Vec<(u64, u8)>,
}

impl RowSearch<'_> {
    /// The emission-row cells filled once the pixels `pixels` are printed.
    fn cols(&self, pixels: u32) -> u32 {
        let mut m = pixels;
        let mut c = self.support;
        while m != 0 {
            c |= self.columns[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        c
    }

    /// Lower bound on the height to print everything but `s`: the passes its pixels
    /// need at least (pixels that no flipped emitter within the rest can take keep their
    /// single's bar, and bars over one column go to different passes, each at least one
    /// row), raised to the residue `Σh ≡ −pixels (mod 4)`; or a bound proved before.
    fn bound(&self, s: u32) -> u8 {
        let known = self.passes_bound[s as usize].get();
        let fixed = if known != u8::MAX {
            known
        } else {
            let b = self.passes_bound_of(s);
            self.passes_bound[s as usize].set(b);
            b
        };
        fixed.max(self.lb[s as usize])
    }

    /// The part of [`RowSearch::bound`] that depends on `s` alone.
    fn passes_bound_of(&self, s: u32) -> u8 {
        let rem = self.all & !s;
        if rem == 0 {
            return 0;
        }
        let mut cover = [0u8; WIDTH + 2];
        let mut m = rem;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.flips_with[i].iter().all(|&f| f & !rem != 0) {
                let a = self.emits[self.single_of[i]].e.above.trailing_zeros() as usize;
                for c in &mut cover[a..a + 3] {
                    *c += 1;
                }
            }
        }
        let passes = cover.iter().copied().max().unwrap_or(0);
        let mut h = floor_height(rem.count_ones());
        while h < passes {
            h += 4;
        }
        h
    }

    /// Every pass from printed set `s` whose emitters land where they should and whose
    /// least height leaves room for the rest's bound within budget `b`.
    fn candidates(&self, s: u32, b: u8) -> Vec<Cand> {
        let mut out = Vec::new();
        let walk = Walk {
            s,
            b,
            rem: self.all & !s,
            scols: self.cols(s),
        };
        self.enumerate(&walk, 0, Cand::default(), 0, &mut out);
        out
    }

    /// Extends the pass `c` (emitters over pixels before `i` chosen) over pixels `i..`.
    fn enumerate(&self, w: &Walk, i: usize, c: Cand, flipbars: u32, out: &mut Vec<Cand>) {
        let r = if i >= 32 { 0 } else { w.rem >> i };
        if r == 0 {
            if c.pixels == 0
                || floor_height(c.pixels.count_ones()) + self.bound(w.s | c.pixels) > w.b
            {
                return;
            }
            if !self.platform {
                // Every unheld single rests on a filled cell of the emission row.
                let mut m = c.set;
                while m != 0 {
                    let e = &self.emits[m.trailing_zeros() as usize];
                    m &= m - 1;
                    if !e.e.held && !e.e.flipped() && e.rests() & (w.scols | flipbars) == 0 {
                        return;
                    }
                }
            }
            out.push(c);
            return;
        }
        let j = i + r.trailing_zeros() as usize;
        // Pixel j in a later pass.
        self.enumerate(w, j + 1, c, flipbars, out);
        // Pixel j by its single.
        let k = self.single_of[j];
        let e = &self.emits[k];
        if e.e.above & c.above == 0 {
            self.enumerate(w, j + 1, c.with(k, e), flipbars, out);
        }
        // Pixels j..j + 3 by a flipped emitter.
        if let Some(f) = self.flip_of[j] {
            let e = &self.emits[f];
            let (pixels, e_above) = (e.pixels, e.e.above);
            if pixels & !w.rem == 0 && e_above & c.above == 0 && (self.platform || e.e.held) {
                self.enumerate(w, j + 3, c.with(f, e), flipbars | e.e.row, out);
            }
        }
    }

    /// Can everything but `s` be printed with total height at most `b`? Leaves the
    /// passes on `self.path` when it can.
    fn search(&mut self, s: u32, b: u8) -> bool {
        if s == self.all {
            return true;
        }
        if let Some((used, rest)) = self.wins.get(&s) {
            if *used <= b {
                self.path.extend_from_slice(rest);
                return true;
            }
        }
        if self.bound(s) > b {
            return false;
        }
        self.planner.counters.nodes += 1;
        debug_assert_eq!(
            (u32::from(b) + (self.all & !s).count_ones()) % 4,
            0,
            "budgets keep the residue"
        );
        let mut cands = self.candidates(s, b);
        // More pixels per height first: the successful iteration finds its plan sooner.
        cands.sort_by_key(|c| {
            let n = c.pixels.count_ones();
            (floor_height(n), std::cmp::Reverse(n), c.set)
        });
        let scols = self.cols(s);
        for c in cands {
            let n = c.pixels.count_ones();
            let next = s | c.pixels;
            let rest = self.bound(next);
            let Some(cap) = b.checked_sub(rest) else {
                continue;
            };
            let cap = cap.min(MAX_PASS_HEIGHT);
            let mut h = floor_height(n);
            // The rest first (memoised, and cheap to refute), then the engine: a pass is
            // only checked when what follows it fits the budget.
            while h <= cap {
                let mark = self.path.len();
                self.path.push((c.set, h));
                if !self.search(next, b - h) {
                    // With a taller matrix the rest has even less.
                    self.path.truncate(mark);
                    break;
                }
                if self.planner.packs(c.above, scols | c.cols, h) {
                    let plan = self.path[mark..].to_vec();
                    let used = plan.iter().map(|p| p.1).sum();
                    self.wins.insert(s, (used, plan));
                    return true;
                }
                self.path.truncate(mark);
                h += 4;
            }
        }
        self.lb[s as usize] = b + 4;
        false
    }
}

impl ExactPlanner {
    /// A planner with empty caches.
    #[must_use]
    pub fn new() -> ExactPlanner {
        ExactPlanner {
            hint: None,
            table: DeadTable::new(),
            order: all_placements(),
            cache: EngineCache::default(),
            segments: HashMap::new(),
            narrow: (0..=SEGMENT_WIDTH as u8)
                .map(|w| strip_placements(w, &all_placements()))
                .collect(),
            rows: HashMap::new(),
            counters: ExactCounters::default(),
        }
    }

    /// A planner that asks `hint` before the engine (see [`Hint`]). Hints change how
    /// fast the answers come, never what they are.
    #[must_use]
    pub fn with_hint(hint: Hint) -> ExactPlanner {
        ExactPlanner {
            hint: Some(hint),
            ..ExactPlanner::new()
        }
    }

    /// The engine's packing of a pass matrix: `above` cells filled in its bottom row,
    /// `h` rows, resting on the emission-row cells `support`. Memoised; support only
    /// helps, so known answers for sub- and supersets of `support` are reused.
    pub fn packing(&mut self, above: u32, support: u32, h: u8) -> Option<Rc<[Move]>> {
        let entries = self.cache.entry((above, h)).or_default();
        for (s, r) in entries.iter() {
            match r {
                Some(p) if s & !support == 0 => return Some(Rc::clone(p)),
                None if support & !s == 0 => return None,
                _ => {}
            }
        }
        let (r, used) = match self.fresh_packing(above, support, h) {
            Some((drops, used)) => (Some(Rc::<[Move]>::from(drops)), used),
            None => (None, support),
        };
        let entries = self.cache.entry((above, h)).or_default();
        // Keep the list minimal: drop entries the new one implies. A packing is
        // remembered under the support it really rests on, so it answers every later
        // question whose support contains that.
        match &r {
            Some(_) => entries.retain(|(s, e)| !(e.is_some() && used & !s == 0)),
            None => entries.retain(|(s, e)| !(e.is_none() && s & !used == 0)),
        }
        entries.push((used, r.clone()));
        r
    }

    /// A packing computed afresh (not from the answer cache): the hint, else a segment
    /// tiling, else the engine; with the support it rests on. A function of its
    /// arguments alone, so plans do not depend on what was asked before.
    fn fresh_packing(&mut self, above: u32, support: u32, h: u8) -> Option<(Vec<Move>, u32)> {
        if let Some((drops, used)) = self.hint.and_then(|f| f(above, support, h)) {
            debug_assert_eq!(used & !support, 0, "a hint rests only on the support given");
            self.counters.hints += 1;
            return Some((drops, used));
        }
        let mut start = [0u8; WIDTH];
        for (x, v) in start.iter_mut().enumerate() {
            *v = u8::from(above >> x & 1 != 0);
        }
        if let Some(drops) = self.segments(above, support, h) {
            self.counters.segment_tilings += 1;
            let used = used_support(&start, support, &drops);
            return Some((drops, used));
        }
        let problem = Problem {
            start,
            goal: [h; WIDTH],
            support,
        };
        let t = std::time::Instant::now();
        let salt = u64::from(above) << 24 ^ u64::from(support) << 3 ^ u64::from(h);
        let outcome = engine(&problem, &self.order, salt, &self.table);
        self.counters.engine_calls += 1;
        let slot = &mut self.counters.engine_by_height[usize::from(h.min(7))]
            [usize::from(matches!(outcome, Outcome::Found { .. }))];
        slot.0 += 1;
        slot.1 += t.elapsed().as_micros() as u64;
        self.counters.engine_nodes += outcome.nodes();
        match outcome {
            Outcome::Found { drops, .. } => {
                let used = used_support(&start, support, &drops);
                Some((drops, used))
            }
            Outcome::None { .. } => None,
        }
    }

    /// A quick sufficient test: the matrix cut into segments at most
    /// [`SEGMENT_WIDTH`] columns wide, each packed alone by the engine as a strip (walls
    /// outside it, as `tables::STRIPS` are made; such packings compose side by side in
    /// any order), found by a DP over the 21 columns. Never answers "none".
    fn segments(&mut self, above: u32, support: u32, h: u8) -> Option<Vec<Move>> {
        if h > SEGMENT_HEIGHT {
            return None;
        }
        let parts = side_by_side(SEGMENT_WIDTH, |a, w| {
            let mask = (1u32 << w) - 1;
            self.segment(w, h, above >> a & mask, support >> a & mask)
        })?;
        Some(
            parts
                .iter()
                .flat_map(|(a, p)| {
                    p.iter()
                        .map(move |m| moves::new_unchecked(m.shape(), m.x() as u8 + *a as u8))
                })
                .collect(),
        )
    }

    /// One segment `w` × `h` over `bottom` on `support` (at column 0), memoised.
    fn segment(&mut self, w: usize, h: u8, bottom: u32, support: u32) -> Option<Rc<[Move]>> {
        if !strip_admissible(w as u8, h, bottom as u16) {
            return None;
        }
        let key = (w as u8, h, bottom, support);
        if let Some(r) = self.segments.get(&key) {
            return r.clone();
        }
        let problem = strip_problem(w as u8, h, bottom as u16, support as u16);
        let salt =
            (w as u64) << 48 ^ u64::from(bottom) << 24 ^ u64::from(support) ^ u64::from(h) << 56;
        let outcome = engine(&problem, &self.narrow[w], salt, &self.table);
        self.counters.engine_nodes += outcome.nodes();
        let r: Option<Rc<[Move]>> = match outcome {
            Outcome::Found { drops, .. } => Some(drops.into()),
            Outcome::None { .. } => None,
        };
        self.segments.insert(key, r.clone());
        r
    }

    fn packs(&mut self, above: u32, support: u32, h: u8) -> bool {
        self.packing(above, support, h).is_some()
    }

    /// The fewest-pieces plan of one row, its cells [`RowInput::support`] (none of them
    /// a pixel of the row) filled before its passes, as direct pieces pre-fill them:
    /// support for the fillers from the first pass on, and cells a single over a hole
    /// may rest its bar on. Support only ever helps, so the plan never costs more than
    /// without it. (A row's plan is the same whether or not a platform may stand under
    /// it: [`RowInput::may_platform`] is the caller's to check.)
    ///
    /// # Panics
    /// If `support` holds a pixel's column.
    pub fn plan_row(&mut self, row: &RowInput) -> ExactPlan {
        let support = row.support;
        assert!(
            row.x[..row.len].iter().all(|&x| support >> x & 1 == 0),
            "a pixel to print is not filled before its row"
        );
        let key = row.key();
        if let Some(p) = self.rows.get(&key) {
            return p.clone();
        }
        let plan = self.plan_row_uncached(row, support);
        self.rows.insert(key, plan.clone());
        plan
    }

    fn plan_row_uncached(&mut self, row: &RowInput, support: u32) -> ExactPlan {
        let n = row.len;
        if n == 0 {
            return ExactPlan {
                platform: false,
                passes: Vec::new(),
                pieces: 0,
                total_height: 0,
            };
        }
        let mut emits = Vec::new();
        let mut single_of = Vec::new();
        let mut flip_of = Vec::new();
        for i in 0..n {
            single_of.push(emits.len());
            emits.push(SearchEmit {
                e: row.single(i),
                pixels: 1 << i,
            });
        }
        for i in 0..n {
            flip_of.push(row.flip(i).map(|e| {
                emits.push(SearchEmit {
                    e,
                    pixels: 0b111 << i,
                });
                emits.len() - 1
            }));
        }
        let mut flips_with = vec![Vec::new(); n];
        for f in flip_of.iter().flatten() {
            let px = emits[*f].pixels;
            for (i, w) in flips_with.iter_mut().enumerate() {
                if px >> i & 1 != 0 {
                    w.push(px);
                }
            }
        }
        let columns = row.x[..n].iter().map(|&x| 1u32 << x).collect();
        let all = (1u32 << n) - 1;
        let hole = row.singles_need_platform();
        let mut rs = RowSearch {
            planner: self,
            emits,
            single_of,
            flip_of,
            flips_with,
            columns,
            support,
            all,
            // With no pixel over a hole the holding rule never bites: search once.
            platform: hole,
            lb: vec![0u8; 1 << n],
            passes_bound: vec![std::cell::Cell::new(u8::MAX); 1 << n],
            wins: HashMap::new(),
            path: Vec::new(),
        };
        // Iterative deepening on Σh (every single in a pass of its own always packs at
        // height ≤ 7, so this ends).
        let mut b = rs.bound(0);
        while !rs.search(0, b) {
            b += 4;
        }
        let mut platform = hole;
        if hole {
            // Without a platform every plan needs Σh ≥ b; try b, then b + 4, which ties
            // with the platform plan found (same pieces, one platform fewer: preferred).
            // Lower bounds proved with the platform hold without it.
            let with_platform = std::mem::take(&mut rs.path);
            rs.platform = false;
            rs.wins.clear();
            if rs.search(0, b) || rs.search(0, b + 4) {
                platform = false;
            } else {
                rs.path = with_platform;
            }
        }
        let path = std::mem::take(&mut rs.path);
        let emits = rs.emits;
        // Build the passes with their fillers.
        let mut passes = Vec::new();
        let mut printed = support;
        let mut total_height = 0u32;
        for (set, h) in path {
            let mut pe: Vec<Emit> = (0..emits.len())
                .filter(|&k| set >> k & 1 != 0)
                .map(|k| emits[k].e)
                .collect();
            pe.sort_by_key(|e| (!e.flipped(), e.mv.x()));
            let above = pe.iter().fold(0, |a, e| a | e.above);
            printed |= pe.iter().fold(0, |a, e| a | e.row);
            // Afresh, not from the cache: the same fillers whatever was asked before.
            let fillers = self
                .fresh_packing(above, printed, h)
                .expect("the search checked this pass")
                .0;
            total_height += u32::from(h);
            passes.push(ExactPass {
                emits: pe,
                height: h,
                fillers,
            });
        }
        let pieces =
            (21 * total_height + n as u32) / 4 + if platform { PLATFORM_PIECES as u32 } else { 0 };
        debug_assert_eq!(
            pieces,
            passes
                .iter()
                .map(|p| (p.emits.len() + p.fillers.len()) as u32)
                .sum::<u32>()
                + if platform { PLATFORM_PIECES as u32 } else { 0 }
        );
        ExactPlan {
            platform,
            passes,
            pieces,
            total_height,
        }
    }
}

/// The 21 columns cut into parts side by side, left to right, each at most `widest`
/// columns wide: `part(a, w)` is the part `w` wide from column `a`, if there is one. A
/// DP over the columns; of the parts ending at a column, the first found (the lowest
/// start, then the narrowest) is kept. `None` if no cut covers all 21 columns.
pub(crate) fn side_by_side<T>(
    widest: usize,
    mut part: impl FnMut(usize, usize) -> Option<T>,
) -> Option<Vec<(usize, T)>> {
    // from[b]: the start of the part kept that ends at column b, and the part.
    let mut from: [Option<(usize, T)>; WIDTH + 1] = core::array::from_fn(|_| None);
    for a in 0..WIDTH {
        if a > 0 && from[a].is_none() {
            continue;
        }
        for w in 1..=widest.min(WIDTH - a) {
            if from[a + w].is_none() {
                from[a + w] = part(a, w).map(|p| (a, p));
            }
        }
    }
    let mut parts = Vec::new();
    let mut b = WIDTH;
    while b > 0 {
        let (a, p) = from[b].take()?;
        parts.push((a, p));
        b = a;
    }
    parts.reverse();
    Some(parts)
}
