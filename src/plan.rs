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

use crate::moves::Move;
use crate::pattern::{
    strip_window, Emitter, Strip, StripSide, MAX_EDGE_WIDTH, MAX_STRIP_HEIGHT, MAX_STRIP_WIDTH,
};
use crate::piece::{Piece, Shape};
use crate::playfield::WIDTH;
use crate::sprite::MAX_WIDTH;
use crate::tables;

/// Pieces of a platform.
const PLATFORM_PIECES: u32 = 21;

/// The strip limits (see [`crate::pattern::MAX_STRIP_WIDTH`] and its neighbours) as
/// index sizes.
const STRIP_WIDTH: usize = MAX_STRIP_WIDTH as usize;
const EDGE_WIDTH: usize = MAX_EDGE_WIDTH as usize;
const STRIP_HEIGHT: usize = MAX_STRIP_HEIGHT as usize;

/// One emitter of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Emit {
    pub mv: Move,
    /// Its cells in the row above the emission row (a bar, or a flipped top cell).
    pub above: u32,
    /// Its cells in the emission row (the square, or a flipped piece's bar).
    pub row: u32,
    /// Whether the row below holds it up (else the row needs a platform).
    pub held: bool,
}

impl Emit {
    const NONE: Emit = Emit {
        mv: Move {
            shape: Shape::ALL[0],
            x: 0,
        },
        above: 0,
        row: 0,
        held: true,
    };

    fn flipped(&self) -> bool {
        self.row.count_ones() == 3
    }
}

/// The orientation of colour `c`'s piece: 0 (spawn) for a single, 2 for a flipped one.
fn shape(c: u8, rotation: u8) -> Shape {
    match Shape::new(Piece::for_color(c), rotation) {
        Some(s) => s,
        None => unreachable!("J, T and L have four orientations"),
    }
}

/// One row's pixels, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RowInput {
    pub len: usize,
    pub x: [u8; MAX_WIDTH],
    pub colour: [u8; MAX_WIDTH],
    /// Whether the row below has a square under the pixel (always, on the floor).
    pub held: [bool; MAX_WIDTH],
}

impl RowInput {
    /// Whether printing every pixel with a single emitter needs a platform: some pixel
    /// is over a hole (never on the floor).
    pub(crate) fn singles_need_platform(&self, first_row: bool) -> bool {
        !first_row && self.held[..self.len].iter().any(|&h| !h)
    }

    /// The unflipped emitter of pixel `i`.
    pub(crate) fn single(&self, i: usize) -> Emit {
        let (x, c) = (self.x[i], self.colour[i]);
        let start = x + c - 2; // J0 protrudes right, T0 in the middle, L0 left; x ≥ 2
        Emit {
            mv: Move {
                shape: shape(c, 0),
                x: start,
            },
            above: 0b111 << start,
            row: 1 << x,
            held: self.held[i],
        }
    }

    /// The flipped emitter on pixels `i..i + 3`, if they are adjacent and one colour.
    fn flip(&self, i: usize) -> Option<Emit> {
        if i + 3 > self.len {
            return None;
        }
        let (x, c) = (self.x[i], self.colour[i]);
        let run = (1..3).all(|d| self.x[i + d] == x + d as u8 && self.colour[i + d] == c);
        run.then(|| Emit {
            mv: Move {
                shape: shape(c, 2),
                x,
            },
            above: 1 << (x + c), // J2's top cell is left, T2's middle, L2's right
            row: 0b111 << x,
            held: self.held[i..i + 3].iter().any(|&h| h),
        })
    }
}

/// How a pass's matrix is completed. Built one pass at a time on the stack while a
/// row is written, never stored, so the variants' sizes do not matter.
#[derive(Clone, Copy, Debug)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Fill {
    /// A classic emitter pattern (passes of unflipped emitters only).
    Table(&'static Emitter),
    /// Strips side by side, `(left column, strip)`, left to right.
    Strips {
        tiles: [(u8, &'static Strip); WIDTH],
        len: usize,
    },
}

impl Fill {
    /// The pieces of the fill, in drop order, to `out`.
    pub fn moves(&self, mut out: impl FnMut(Move)) {
        match self {
            Fill::Table(e) => e.fillers.iter().copied().for_each(out),
            Fill::Strips { tiles, len } => {
                for &(a, s) in &tiles[..*len] {
                    for m in s.fillers {
                        out(Move {
                            shape: m.shape,
                            x: m.x + a,
                        });
                    }
                }
            }
        }
    }
}

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
    /// Passes.
    pub len: usize,
    /// Pieces of the plan, platform included.
    pub pieces: u32,
    plan: Candidate,
}

impl RowPlan {
    /// Builds each pass with its fill, in order, and hands it to `f`.
    pub fn passes(&self, mut f: impl FnMut(&PassPlan)) {
        let c = &self.plan;
        let mut support = 0;
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

static NO_EMITTER: Emitter = Emitter {
    key: 0,
    n: 0,
    height: 0,
    fillers: &[],
};

/// Mask of the columns of a strip `w` wide that may hold bottom cells and support.
fn window(side: StripSide, w: usize) -> u32 {
    u32::from(strip_window(w as u8, side))
}

/// Whether an edge strip `w` × `h` on `side` fits over `bottom` on `support` (both
/// relative to its left column, masked to its width). The index holds only strips of
/// whole pieces, and the slot fixes the bottom, so that needs no test here.
#[inline]
fn edge_fits(side: StripSide, w: usize, h: usize, bottom: u32, support: u32) -> bool {
    let win = window(side, w);
    if bottom & !win != 0 {
        return false;
    }
    let shift = win.trailing_zeros();
    tables::edge_fits(side, w, h, bottom >> shift) >> ((support & win) >> shift) & 1 != 0
}

/// The strip `w` × `h` on `side` over `bottom` that needs no more than `support`: the
/// first of its list, as the index's bits promise.
fn strip(side: StripSide, w: usize, h: usize, bottom: u32, support: u32) -> Option<&'static Strip> {
    tables::strips(w as u8, h as u8, side, bottom as u16)
        .iter()
        .find(|s| u32::from(s.support) & !support == 0)
}

/// Tiles the 21 columns with strips of height `h` over `bottom`, resting on `support`;
/// fills `tiles` (left to right) when given. Whether it can.
fn tile(bottom: u32, support: u32, h: usize, tiles: Option<&mut Tiles>) -> bool {
    // parent[b] = (a, w, side) of the first strip found ending at column b.
    let mut parent = [(0u8, 0u8, StripSide::Inner); WIDTH + 1];
    let mut reach: u32 = 1;
    let mut a = 0;
    while a < WIDTH {
        let (rest, sup) = (bottom >> a, support >> a);
        // Inner strips: every width at once, none past the right edge.
        let room = (1u32 << STRIP_WIDTH.min(WIDTH - a)) - 1;
        let ends = (u32::from(tables::inner_fits(h, rest, sup)) & room) << (a + 1) & !reach;
        let mut new = ends;
        while new != 0 {
            let b = new.trailing_zeros() as usize;
            parent[b] = (a as u8, (b - a) as u8, StripSide::Inner);
            new &= new - 1;
        }
        reach |= ends;
        // Edge strips: from column 0, or to column 21 (each at most one width here).
        let edges = [
            (
                StripSide::Left,
                STRIP_WIDTH + 1,
                if a == 0 { EDGE_WIDTH } else { 0 },
            ),
            (StripSide::Right, WIDTH - a, WIDTH - a),
        ];
        for (side, from, to) in edges {
            for w in from.max(STRIP_WIDTH + 1)..=to.min(EDGE_WIDTH) {
                let mask = (1u32 << w) - 1;
                if reach >> (a + w) & 1 == 0 && edge_fits(side, w, h, rest & mask, sup & mask) {
                    reach |= 1 << (a + w);
                    parent[a + w] = (a as u8, w as u8, side);
                }
            }
        }
        // Next reachable column.
        let next = reach & !((2u32 << a) - 1);
        if next == 0 {
            return false;
        }
        a = next.trailing_zeros() as usize;
    }
    if reach >> WIDTH & 1 == 0 {
        return false;
    }
    if let Some((out, len)) = tiles {
        // Walk back from the right edge, then reverse into left-to-right order.
        let mut b = WIDTH;
        *len = 0;
        while b > 0 {
            let (a, w, side) = parent[b];
            let (a, w) = (usize::from(a), usize::from(w));
            let mask = (1u32 << w) - 1;
            let st = strip(side, w, h, bottom >> a & mask, support >> a & mask)
                .expect("the index only holds listed strips");
            out[*len] = (a as u8, st);
            *len += 1;
            b = a;
        }
        out[..*len].reverse();
    }
    true
}

/// The tiles of a strip fill, left to right, and how many.
type Tiles = ([(u8, &'static Strip); WIDTH], usize);

/// The cheapest fill of a pass: its pieces, and the classic pattern when that is it
/// (else a strip tiling, written to `tiles` when given).
fn cheapest(
    bottom: u32,
    support: u32,
    flips: bool,
    mut tiles: Option<&mut Tiles>,
) -> Option<(u32, Option<&'static Emitter>)> {
    let table = if flips { None } else { tables::emitter(bottom) };
    let filled = bottom.count_ones() as usize;
    for h in 1..=STRIP_HEIGHT {
        let cells = 21 * h;
        if cells < filled || (cells - filled) % 4 != 0 {
            continue;
        }
        let pieces = ((cells - filled) / 4) as u32;
        if let Some(e) = table {
            if e.fillers.len() as u32 <= pieces {
                break; // the classic pattern is no dearer than any strip tiling left
            }
        }
        if tile(bottom, support, h, tiles.as_deref_mut()) {
            return Some((pieces, None));
        }
    }
    table.map(|e| (e.fillers.len() as u32, Some(e)))
}

/// The cheapest fill of a pass, built.
fn fill(bottom: u32, support: u32, flips: bool) -> Option<Fill> {
    let mut tiles: Tiles = ([(0u8, &DUMMY); WIDTH], 0);
    let (_, table) = cheapest(bottom, support, flips, Some(&mut tiles))?;
    Some(match table {
        Some(e) => Fill::Table(e),
        None => Fill::Strips {
            tiles: tiles.0,
            len: tiles.1,
        },
    })
}

/// The cheapest fill's pieces alone (no tiling is built).
fn fill_pieces(bottom: u32, support: u32, flips: bool) -> Option<u32> {
    cheapest(bottom, support, flips, None).map(|c| c.0)
}

static DUMMY: Strip = Strip {
    width: 1,
    height: 1,
    side: StripSide::Inner,
    bottom: 1,
    support: 0,
    fillers: &[],
};

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

/// Slots of the planner's fill cache (a power of two).
const CACHE: usize = 64;

struct Planner<'a> {
    row: &'a RowInput,
    first_row: bool,
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
            s.flips |= e.flipped();
            s.n += 1;
        }
        for s in &mut sums[..c.passes] {
            s.floor = least_pieces(1, s.row.count_ones()) as u16;
        }
        sums
    }

    /// Cost of `c` with its passes in `order`, or `None` if it is infeasible or not below
    /// the best so far.
    fn cost(&mut self, c: &Candidate, sums: &[PassSum], order: &[u8]) -> Option<u32> {
        // A platform holds the emitters up; fillers rest on the emission row only.
        let mut support = 0;
        let mut total = if c.platform { PLATFORM_PIECES } else { 0 };
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
            total += u32::from(s.n) + self.fill_pieces(s.above, support | s.row, s.flips)?;
            if total + rest >= self.best {
                return None;
            }
            support |= s.row;
        }
        Some(total)
    }

    /// Offers `c` in its own order.
    fn offer_orders_fixed(&mut self, c: &Candidate) {
        let sums = Self::sums(c);
        if let Some(cost) = self.cost(c, &sums, &c.order[..c.passes]) {
            self.best = cost;
            self.best_plan = Some(*c);
        }
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
            for (i, o) in c.order[..c.passes].iter_mut().enumerate() {
                *o = i as u8;
            }
            let order = c.order;
            if let Some(cost) = self.cost(c, &sums, &order[..c.passes]) {
                self.best = cost;
                self.best_plan = Some(*c);
            }
            return;
        }
        for o in ORDERS {
            let o = &o[..c.passes];
            if o.iter().any(|&p| usize::from(p) >= c.passes) {
                continue;
            }
            if let Some(cost) = self.cost(c, &sums, o) {
                c.order[..c.passes].copy_from_slice(o);
                self.best = cost;
                self.best_plan = Some(*c);
            }
        }
    }

    /// A floor under the cost of `c` in any order: each pass needs at least the lowest
    /// matrix height its cell count allows.
    fn floor_of(c: &Candidate, sums: &[PassSum]) -> u32 {
        let base = if c.platform { PLATFORM_PIECES } else { 0 };
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
            c.platform = !self.first_row && c.emits[..c.len].iter().any(|e| !e.held);
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

/// A classic split of a row: pixel bits per pass, in order, and how many passes.
pub(crate) type Split = ([u32; MAX_WIDTH], usize);

/// Plans a row. `greedy` is the article's classic split, `optimal` gives the cheapest
/// classic split by table cost. The planner starts from the greedy split (cheap, and a
/// bound for its own search) and, unless its own best is at the floor or below every
/// classic split, offers the optimal split too: priced with strips where they are
/// cheaper than the table, it still wins some rows. So the result never costs more
/// than either classic split.
pub(crate) fn plan_row(
    row: &RowInput,
    first_row: bool,
    greedy: Split,
    optimal: impl FnOnce() -> Split,
) -> RowPlan {
    let mut planner = Planner {
        row,
        first_row,
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
    offer_classic(&mut planner, &mut c, greedy);
    let greedy_cost = planner.best;
    planner.best = greedy_cost.saturating_add(1);
    c.len = 0;
    planner.covers(&mut c, 0);
    if planner.best == greedy_cost.saturating_add(1) {
        planner.best = greedy_cost;
    }
    if planner.best > planner.floor && planner.best > classic_floor(row, first_row) {
        offer_classic(&mut planner, &mut c, optimal());
    }
    let plan = planner
        .best_plan
        .expect("the greedy split always has a cost: its table patterns exist");
    RowPlan {
        platform: plan.platform,
        len: plan.passes,
        pieces: planner.best,
        plan,
    }
}

/// Offers the classic plan `(pass bits, passes)` in its own order, using `c` as scratch.
fn offer_classic(planner: &mut Planner<'_>, c: &mut Candidate, classic: Split) {
    let row = planner.row;
    let (passes, count) = classic;
    c.len = row.len;
    c.passes = count;
    c.platform = row.singles_need_platform(planner.first_row);
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
/// any split needs (the most triples over one column), plus its platform.
fn classic_floor(row: &RowInput, first_row: bool) -> u32 {
    let mut depth = [0u8; WIDTH + 2];
    for i in 0..row.len {
        let start = usize::from(row.x[i] + row.colour[i] - 2);
        for d in &mut depth[start..start + 3] {
            *d += 1;
        }
    }
    let passes = u32::from(depth.iter().copied().max().unwrap_or(0));
    let platform = row.singles_need_platform(first_row);
    least_pieces(passes, row.len as u32) + if platform { PLATFORM_PIECES } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FULL_ROW: u32 = (1 << WIDTH) - 1;

    /// The fit index tiles exactly as a plain DP over the strip lists does: inner strips
    /// anywhere, edge strips against their edge, each looked up with [`strip`].
    #[test]
    fn index_tiles_as_the_strip_lists_do() {
        let plain = |bottom: u32, support: u32, h: usize| {
            let mut reach = [false; WIDTH + 1];
            reach[0] = true;
            for a in 0..WIDTH {
                if !reach[a] {
                    continue;
                }
                for w in 1..=(WIDTH - a).min(EDGE_WIDTH) {
                    let side = if w <= STRIP_WIDTH {
                        StripSide::Inner
                    } else if a == 0 {
                        StripSide::Left
                    } else if a + w == WIDTH {
                        StripSide::Right
                    } else {
                        continue;
                    };
                    let mask = (1u32 << w) - 1;
                    if strip(side, w, h, bottom >> a & mask, support >> a & mask).is_some() {
                        reach[a + w] = true;
                    }
                }
            }
            reach[WIDTH]
        };
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let (mut tiled, mut tries) = (0, 0);
        for _ in 0..4000 {
            // Sparse bottoms (as a pass leaves them) over denser supports.
            let r = next();
            let bottom = (r as u32 & (r >> 21) as u32 & (r >> 42) as u32) & FULL_ROW;
            let support = (next() as u32 | next() as u32) & FULL_ROW;
            for h in 1..=STRIP_HEIGHT {
                let expected = plain(bottom, support, h);
                let mut tiles: Tiles = ([(0u8, &DUMMY); WIDTH], 0);
                assert_eq!(
                    tile(bottom, support, h, Some(&mut tiles)),
                    expected,
                    "bottom {bottom:021b} support {support:021b} height {h}"
                );
                tries += 1;
                if expected {
                    tiled += 1;
                    // The tiling covers the 21 columns left to right.
                    let mut next_column = 0;
                    for &(a, st) in &tiles.0[..tiles.1] {
                        assert_eq!(usize::from(a), next_column);
                        next_column += usize::from(st.width);
                    }
                    assert_eq!(next_column, WIDTH);
                }
            }
        }
        // Both answers occur, so the comparison means something.
        assert!(tiled > 0 && tiled < tries, "{tiled} of {tries} tiled");
    }

    /// The floors assume every classic pattern fills its whole matrix (`3·n + 4·fillers
    /// = 21·height`) and the edge index assumes edge supports stay in their window.
    #[test]
    fn floors_and_index_hold_for_the_tables() {
        for e in tables::EMITTERS.values() {
            assert_eq!(
                3 * usize::from(e.n) + 4 * e.fillers.len(),
                21 * usize::from(e.height)
            );
        }
        for s in tables::STRIPS.values().flat_map(|l| l.iter()) {
            let w = usize::from(s.width);
            if s.side != StripSide::Inner {
                assert_eq!(u32::from(s.bottom | s.support) & !window(s.side, w), 0);
            }
        }
    }
}
