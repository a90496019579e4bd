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
//! from the classic plan it is given, so it never does worse. It stops at the floor.
//! Everything is fixed-size; nothing allocates.

use std::sync::OnceLock;

use crate::moves::Move;
use crate::pattern::{Emitter, Strip, StripSide};
use crate::piece::{Piece, Shape};
use crate::playfield::WIDTH;
use crate::sprite::MAX_WIDTH;
use crate::tables;

/// Pieces of a platform.
const PLATFORM_PIECES: u32 = 21;

/// Widest inner strips, widest edge strips, tallest strips and the edge strips' window
/// that the index covers (the tables may hold fewer).
const STRIP_WIDTH: usize = 8;
const EDGE_WIDTH: usize = 13;
const EDGE_WINDOW: usize = 5;
const STRIP_HEIGHT: usize = 5;

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
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowInput {
    pub len: usize,
    pub x: [u8; MAX_WIDTH],
    pub colour: [u8; MAX_WIDTH],
    /// Whether the row below has a square under the pixel (always, on the floor).
    pub held: [bool; MAX_WIDTH],
}

impl RowInput {
    /// The unflipped emitter of pixel `i`.
    fn single(&self, i: usize) -> Emit {
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

/// How a pass's matrix is completed.
#[derive(Clone, Copy, Debug)]
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

/// A row's plan.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowPlan {
    pub platform: bool,
    pub passes: [PassPlan; MAX_WIDTH],
    pub len: usize,
    /// Pieces of the plan, platform included.
    pub pieces: u32,
}

/// The strips as a dense index over the `phf` table: inner ones by `(height, width,
/// bottom)`, edge ones by `(side, height, width, bottom within the window)`.
struct StripIndex {
    inner: [&'static [Strip]; INNER_SLOTS],
    edge: [&'static [Strip]; EDGE_SLOTS],
}

const INNER_SLOTS: usize = STRIP_HEIGHT * STRIP_WIDTH * 256;
const EDGE_WIDTHS: usize = EDGE_WIDTH - STRIP_WIDTH;
const EDGE_SLOTS: usize = 2 * STRIP_HEIGHT * EDGE_WIDTHS << EDGE_WINDOW;

/// Mask of the columns of an edge strip `w` wide that may hold bottom cells and support.
const fn window(side: StripSide, w: usize) -> u32 {
    match side {
        StripSide::Left => ((1 << EDGE_WINDOW) - 1) << (w - EDGE_WINDOW),
        _ => (1 << EDGE_WINDOW) - 1,
    }
}

/// Where the strips `w` × `h` on `side` over `bottom` are, if the index covers them.
fn slot(side: StripSide, w: usize, h: usize, bottom: u32) -> Option<(bool, usize)> {
    if !(1..=STRIP_HEIGHT).contains(&h) {
        return None;
    }
    match side {
        StripSide::Inner if (1..=STRIP_WIDTH).contains(&w) && bottom < 256 => Some((
            false,
            ((h - 1) * STRIP_WIDTH + (w - 1)) * 256 + bottom as usize,
        )),
        StripSide::Left | StripSide::Right
            if (STRIP_WIDTH + 1..=EDGE_WIDTH).contains(&w) && bottom & !window(side, w) == 0 =>
        {
            let b = if side == StripSide::Left {
                bottom >> (w - EDGE_WINDOW)
            } else {
                bottom
            };
            let s = usize::from(side == StripSide::Right);
            let i = ((s * STRIP_HEIGHT + h - 1) * EDGE_WIDTHS + w - STRIP_WIDTH - 1) << EDGE_WINDOW;
            Some((true, i + b as usize))
        }
        _ => None,
    }
}

fn strip_index() -> &'static StripIndex {
    static INDEX: OnceLock<StripIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = StripIndex {
            inner: [&[]; INNER_SLOTS],
            edge: [&[]; EDGE_SLOTS],
        };
        for list in tables::STRIPS.values() {
            if let Some(s) = list.first() {
                let (w, h) = (usize::from(s.width), usize::from(s.height));
                match slot(s.side, w, h, u32::from(s.bottom)) {
                    Some((false, i)) => index.inner[i] = list,
                    Some((true, i)) => index.edge[i] = list,
                    None => {}
                }
            }
        }
        index
    })
}

/// The strip `w` × `h` on `side` over `bottom` that needs no more than `support`.
fn strip(
    index: &StripIndex,
    side: StripSide,
    w: usize,
    h: usize,
    bottom: u32,
    support: u32,
) -> Option<&'static Strip> {
    let list = match slot(side, w, h, bottom)? {
        (false, i) => index.inner[i],
        (true, i) => index.edge[i],
    };
    list.iter().find(|s| u32::from(s.support) & !support == 0)
}

/// Tiles the 21 columns with strips of height `h` over `bottom`, resting on `support`;
/// fills `tiles` (left to right) when given. Whether it can.
fn tile(
    index: &StripIndex,
    bottom: u32,
    support: u32,
    h: usize,
    tiles: Option<&mut ([(u8, &'static Strip); WIDTH], usize)>,
) -> bool {
    // parent[b] = (a, strip) of the first strip found ending at column b.
    let mut parent: [Option<(u8, &'static Strip)>; WIDTH + 1] = [None; WIDTH + 1];
    let mut reach: u32 = 1;
    let mut step = |a: usize, w: usize, side: StripSide, reach: &mut u32| {
        let mask = (1u32 << w) - 1;
        let b = bottom >> a & mask;
        // Only whole pieces fit: skip the lookup when the cells cannot be.
        if *reach >> (a + w) & 1 == 0 && (w * h - b.count_ones() as usize) % 4 == 0 {
            if let Some(st) = strip(index, side, w, h, b, support >> a & mask) {
                *reach |= 1 << (a + w);
                parent[a + w] = Some((a as u8, st));
            }
        }
    };
    for a in 0..WIDTH {
        if reach >> a & 1 == 0 {
            continue;
        }
        for w in 1..=STRIP_WIDTH.min(WIDTH - a) {
            step(a, w, StripSide::Inner, &mut reach);
        }
        for w in STRIP_WIDTH + 1..=EDGE_WIDTH {
            if a == 0 {
                step(a, w, StripSide::Left, &mut reach);
            }
            if a + w == WIDTH {
                step(a, w, StripSide::Right, &mut reach);
            }
        }
    }
    if reach >> WIDTH & 1 == 0 {
        return false;
    }
    if let Some((out, len)) = tiles {
        // Walk back from the right edge, then reverse into left-to-right order.
        let mut b = WIDTH;
        *len = 0;
        while b > 0 {
            let (a, st) = parent[b].expect("reached columns have a parent");
            out[*len] = (a, st);
            *len += 1;
            b = usize::from(a);
        }
        out[..*len].reverse();
    }
    true
}

/// The cheapest fill of a pass: its pieces and, when `build`, the fill itself.
fn fill(bottom: u32, support: u32, flips: bool, build: bool) -> Option<(u32, Option<Fill>)> {
    let table = if flips { None } else { tables::emitter(bottom) };
    let index = strip_index();
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
        let mut tiles = ([(0u8, &DUMMY); WIDTH], 0usize);
        if tile(index, bottom, support, h, build.then_some(&mut tiles)) {
            let fill = build.then_some(Fill::Strips {
                tiles: tiles.0,
                len: tiles.1,
            });
            return Some((pieces, fill));
        }
    }
    table.map(|e| (e.fillers.len() as u32, build.then_some(Fill::Table(e))))
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
    n: u32,
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
        let pieces = fill(above, support, flips, false).map(|f| f.0);
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
        sums
    }

    /// Cost of `c` with its passes in `order`, or `None` if it is infeasible or not below
    /// the best so far.
    fn cost(&mut self, c: &Candidate, sums: &[PassSum], order: &[u8]) -> Option<u32> {
        // A platform holds the emitters up; fillers rest on the emission row only.
        let mut support = 0;
        let mut total = if c.platform { PLATFORM_PIECES } else { 0 };
        for &p in order {
            let s = sums[usize::from(p)];
            total += s.n + self.fill_pieces(s.above, support | s.row, s.flips)?;
            if total >= self.best {
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
        let mut total = if c.platform { PLATFORM_PIECES } else { 0 };
        for s in &sums[..c.passes] {
            let filled = s.above.count_ones();
            // 21·h − filled ≡ 0 (mod 4) means h ≡ filled (mod 4).
            let h = match filled % 4 {
                0 => 4,
                r => r,
            };
            total += s.n + (21 * h - filled) / 4;
        }
        total
    }

    /// Groups `c`'s emitters into passes first fit by left end (flipped ones apart when
    /// `apart`), then tries the orders.
    fn group(&mut self, c: &mut Candidate, apart: bool) {
        let mut used = [0u32; MAX_WIDTH];
        let mut kind = [false; MAX_WIDTH];
        c.passes = 0;
        // Left ends ascending: an insertion order over indices.
        let mut idx = [0u8; MAX_WIDTH];
        for (i, v) in idx[..c.len].iter_mut().enumerate() {
            *v = i as u8;
        }
        let left = |e: &Emit| e.above.trailing_zeros();
        for i in 1..c.len {
            let mut j = i;
            while j > 0
                && left(&c.emits[usize::from(idx[j - 1])]) > left(&c.emits[usize::from(idx[j])])
            {
                idx.swap(j - 1, j);
                j -= 1;
            }
        }
        for &i in &idx[..c.len] {
            let e = c.emits[usize::from(i)];
            let p = (0..c.passes)
                .find(|&p| used[p] & e.above == 0 && (!apart || kind[p] == e.flipped()))
                .unwrap_or_else(|| {
                    kind[c.passes] = e.flipped();
                    c.passes += 1;
                    c.passes - 1
                });
            used[p] |= e.above;
            c.pass_of[usize::from(i)] = p as u8;
        }
        self.offer_orders(c);
    }

    /// Enumerates the covers of pixels `i..` by flipped and single emitters.
    fn covers(&mut self, c: &mut Candidate, i: usize) {
        if self.best <= self.floor {
            return;
        }
        if i == self.row.len {
            c.platform = !self.first_row && c.emits[..c.len].iter().any(|e| !e.held);
            self.group(c, false);
            if c.emits[..c.len].iter().any(Emit::flipped) {
                self.group(c, true);
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

/// Plans a row. `classic` gives the passes of the classic plan (pixel bits per pass, in
/// order); the planner offers it too unless its own best already meets the floor, so
/// the result never costs more.
pub(crate) fn plan_row(
    row: &RowInput,
    first_row: bool,
    classic: impl FnOnce() -> ([u32; MAX_WIDTH], usize),
) -> RowPlan {
    let pixels = row.len as u32;
    // Σh ≡ −pixels (mod 4) and Σh ≥ 1.
    let min_rows = match (4 - pixels % 4) % 4 {
        0 => 4,
        r => r,
    };
    let mut planner = Planner {
        row,
        first_row,
        best: u32::MAX,
        best_plan: None,
        floor: (21 * min_rows + pixels) / 4,
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
    planner.covers(&mut c, 0);
    if planner.best > planner.floor || planner.best_plan.is_none() {
        let (passes, count) = classic();
        c.len = row.len;
        c.passes = count;
        c.platform = !first_row && row.held[..row.len].iter().any(|&h| !h);
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
        planner.offer_orders_fixed(&c);
    }
    let best = planner
        .best_plan
        .expect("the classic plan always has a cost: its table patterns exist");
    materialize(&best, planner.best)
}

/// Builds the plan `c` with its fills.
fn materialize(c: &Candidate, pieces: u32) -> RowPlan {
    let empty = PassPlan {
        emits: [Emit::NONE; MAX_WIDTH],
        len: 0,
        fill: Fill::Strips {
            tiles: [(0, &DUMMY); WIDTH],
            len: 0,
        },
    };
    let mut plan = RowPlan {
        platform: c.platform,
        passes: [empty; MAX_WIDTH],
        len: c.passes,
        pieces,
    };
    let mut support = 0;
    for (k, &p) in c.order[..c.passes].iter().enumerate() {
        let pass = &mut plan.passes[k];
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
        pass.fill = fill(above, support | row, flips, true)
            .and_then(|(_, f)| f)
            .expect("a costed plan has its fills");
        support |= row;
    }
    plan
}
