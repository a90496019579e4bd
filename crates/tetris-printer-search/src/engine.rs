//! The packed-matrix search (docs/spec.md §5).
//!
//! A packed matrix never has a covered hole, so its whole state is the 21 column heights;
//! row fill counts follow from them and the number of completed (cleared) rows is the
//! smallest height. The search is a depth-first search over placements with:
//! - **profile matching**: a piece may only go where its bottom profile meets the column
//!   tops exactly, and must touch a column that still has uncleared cells (support);
//! - **regions**: columns at their goal height are walls; the empty cells between two
//!   walls must number a multiple of 4;
//! - **floor runs**: a run of columns at the cleared level can only be covered by pieces
//!   that hang on its edges, so it shrinks from the edges; a precomputed table
//!   (`RunTable`) says whether that can ever finish (support-aware forward checking);
//! - **decomposition**: walls split the matrix into regions that only interact through the
//!   cleared level; each region is searched alone with the others frozen (memoized per
//!   region), which proves the whole state dead or finishes it region by region;
//! - **forward checking** (crossword templates): the lowest empty cell of every column
//!   near the last drop must still be coverable by some piece, given that heights only
//!   grow; the test is a table lookup ([`DeadTable`], sokoban-style precomputed dead
//!   patterns, symmetric under mirroring by construction and checked so in tests);
//! - **nogoods** (crossword accelerators): every state proved dead is remembered, so no
//!   state is explored twice — which also makes the search complete: when it says "none",
//!   no packing exists;
//! - **rails** (battleship enumeration): placements are tried in a shuffled but complete
//!   order fixed by the seed, so different seeds give different-looking patterns and
//!   every run with one seed gives the same one.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hasher for the packed-heights keys (already well mixed by packing).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (v ^ v >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (v >> 32);
    }
}

type DeadSet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

use bitvec::prelude::*;

use tetris_printer_core::moves::Move;
use tetris_printer_core::piece::{Piece, Shape, SHAPES};
use tetris_printer_core::playfield::WIDTH;

/// States one restart may expand before the next gets a new rail order (times the Luby
/// sequence). The article restarted after 1000 attempts; 300 measured faster here.
pub const RESTART_BUDGET: u64 = 300;

/// Attempts after which a search with restarts has no budget left to run out of (so it
/// stays complete).
pub const LAST_RESTART: u32 = 200_000;

/// Column heights of a packed matrix.
pub type Heights = [u8; WIDTH];

/// One way to drop a piece into the matrix: shape and left column, with its profiles.
///
/// Every placement lies inside the 21-wide field: one is made only from a [`Move`] (which
/// is checked), by [`Placement::new`] (checked the same way) or by [`all_placements`].
///
/// ```
/// use tetris_printer_core::moves::Move;
/// use tetris_printer_core::piece::{Piece, Shape};
/// use tetris_printer_search::Placement;
///
/// let o = Shape::new(Piece::O, 0).unwrap();
/// // An O is 2 wide: at column 20 it would stick out.
/// assert!(Placement::new(o, 20).is_none());
/// let p = Placement::new(o, 19).unwrap();
/// assert_eq!((p.shape(), p.x()), (o, 19));
/// assert_eq!(p.as_move(), Move::new(o, 19).unwrap());
/// assert_eq!(Placement::from(p.as_move()), p);
/// ```
///
/// Its fields are private, so a placement off the field cannot be written out either:
///
/// ```compile_fail
/// # use tetris_printer_core::piece::{Piece, Shape};
/// # use tetris_printer_search::Placement;
/// let mut p = Placement::new(Shape::new(Piece::O, 0).unwrap(), 19).unwrap();
/// p.x = 20;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The drop: the piece in its orientation and its left column.
    mv: Move,
    width: u8,
    bottom: [u8; 4],
    top: [u8; 4],
}

impl Placement {
    /// The placement of `shape` with its left column at `x`; `None` when the piece would
    /// stick out of the 21-wide field, as for [`Move::new`].
    #[must_use]
    pub const fn new(shape: Shape, x: usize) -> Option<Placement> {
        match Move::new(shape, x) {
            Some(mv) => Some(Placement::of(mv)),
            None => None,
        }
    }

    /// The placement that makes the drop `mv` (inside the field, as every [`Move`] is).
    const fn of(mv: Move) -> Placement {
        let d = mv.shape().data();
        Placement {
            mv,
            width: d.width,
            bottom: d.bottom,
            top: d.top,
        }
    }

    /// The piece in its orientation.
    #[must_use]
    pub const fn shape(self) -> Shape {
        self.mv.shape()
    }

    /// Its left column (`x + shape.width() <= 21`).
    #[must_use]
    pub const fn x(self) -> usize {
        self.mv.x()
    }

    /// The drop this placement makes.
    #[must_use]
    pub const fn as_move(self) -> Move {
        self.mv
    }
}

impl From<Move> for Placement {
    fn from(mv: Move) -> Placement {
        Placement::of(mv)
    }
}

/// All 371 placements in shape-then-column order.
#[must_use]
pub fn all_placements() -> Vec<Placement> {
    let mut out = Vec::with_capacity(371);
    for shape in Shape::ALL {
        out.extend((0..=WIDTH - shape.width()).filter_map(|x| Placement::new(shape, x)));
    }
    out
}

/// What a search is asked: start heights, per-column goal heights, and the columns whose
/// cell just below the matrix (in the emission row) is filled.
///
/// `support` is what lets a pattern rest on squares already emitted in the row (or on a
/// flipped emitter's bar): a column in it supports a piece at the cleared level. Extra
/// support never changes where a packing's pieces land, so a packing found with support
/// `s` stays valid for every superset of `s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Column heights before the search.
    pub start: Heights,
    /// Column heights to reach.
    pub goal: Heights,
    /// Emission-row columns that hold a cell (bit `x`).
    pub support: u32,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The drops, in order, that pack the matrix; `nodes` states were expanded.
    Found {
        /// The drops.
        drops: Vec<Move>,
        /// States expanded.
        nodes: u64,
    },
    /// The whole reachable state space was explored: no packing exists.
    None {
        /// States expanded.
        nodes: u64,
    },
}

impl Outcome {
    /// States expanded.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        match self {
            Outcome::Found { nodes, .. } | Outcome::None { nodes } => *nodes,
        }
    }
}

/// Precomputed dead patterns: can the lowest empty cell of a column still be covered?
///
/// With a uniform goal height the answer depends only on the heights of the three columns
/// on each side relative to the column's own and on the room left above it, so it is
/// computed once for every such neighbourhood (sokoban-style). Relative heights are
/// clipped to −2..=3 (3 standing for "3 or more, or a wall") and the room to 0..=4: no
/// piece's profile reaches further, so every answer stays exact. Matrices with a
/// non-uniform goal (platforms) use the same test directly.
#[derive(Debug)]
pub struct DeadTable {
    live: BitVec<u64>,
}

/// Relative heights −2..=3 are 6 values.
pub const REL_VALUES: usize = 6;
/// Rooms 0..=4 are 5 values.
pub const ROOM_VALUES: usize = 5;
/// "Never fits": a neighbour 3 or more above, at its goal, or outside the field.
const BLOCKED: i32 = 3;

/// One way for a piece to cover a column's lowest empty cell with its column `k`: for each
/// of its columns, the offset `dj` from the covered column, the highest relative height
/// that column may have now (it must grow to exactly its bottom), and its top relative to
/// the covered cell.
type Cover = [(i32, i32, i32); 4];

fn covers() -> Vec<(Cover, usize)> {
    let mut out = Vec::new();
    for d in SHAPES.iter() {
        for k in 0..d.width as usize {
            let mut cols = [(0, 0, 0); 4];
            for (j, c) in cols.iter_mut().enumerate().take(d.width as usize) {
                *c = (
                    j as i32 - k as i32,
                    d.bottom[j] as i32 - d.bottom[k] as i32,
                    d.top[j] as i32 - d.bottom[k] as i32,
                );
            }
            out.push((cols, d.width as usize));
        }
    }
    out
}

/// The one coverability test, given each neighbour's relative height and room.
fn coverable(
    covers: &[(Cover, usize)],
    rel: impl Fn(i32) -> i32,
    room: impl Fn(i32) -> i32,
) -> bool {
    covers.iter().any(|(cols, w)| {
        cols[..*w]
            .iter()
            .all(|&(dj, need, top)| rel(dj) <= need && rel(dj) < BLOCKED && top <= room(dj))
    })
}

impl DeadTable {
    fn index(rel: [i32; 6], room: i32) -> usize {
        rel.iter().fold(room.clamp(0, 4) as usize, |i, &r| {
            i * REL_VALUES + (r.clamp(-2, BLOCKED) + 2) as usize
        })
    }

    /// Builds the table (233,280 entries as bits; a few milliseconds).
    #[must_use]
    pub fn new() -> DeadTable {
        let cv = covers();
        let n = ROOM_VALUES * REL_VALUES.pow(6);
        let mut live = bitvec![u64, Lsb0; 0; n];
        for i in 0..n {
            let mut rest = i;
            let mut rel = [0i32; 6];
            for r in rel.iter_mut().rev() {
                *r = (rest % REL_VALUES) as i32 - 2;
                rest /= REL_VALUES;
            }
            let room = rest as i32;
            debug_assert_eq!(Self::index(rel, room), i);
            if coverable(&cv, |dj| Self::rel_of(&rel, dj), |_| room) {
                live.set(i, true);
            }
        }
        DeadTable { live }
    }

    fn rel_of(rel: &[i32; 6], dj: i32) -> i32 {
        match dj {
            0 => 0,
            -3..=-1 => rel[(dj + 3) as usize],
            1..=3 => rel[(dj + 2) as usize],
            _ => BLOCKED,
        }
    }

    /// Whether column `i`'s lowest empty cell can still be covered, for a uniform goal.
    #[inline]
    fn live(&self, h: &Heights, goal: u8, i: usize) -> bool {
        let hi = h[i] as i32;
        let mut rel = [BLOCKED; 6];
        for (slot, dj) in [-3i32, -2, -1, 1, 2, 3].into_iter().enumerate() {
            let j = i as i32 + dj;
            if (0..WIDTH as i32).contains(&j) && h[j as usize] < goal {
                rel[slot] = h[j as usize] as i32 - hi;
            }
        }
        let idx = Self::index(rel, goal as i32 - hi);
        self.live[idx]
    }
}

/// The direct test for any goal profile (used for platforms).
fn live_direct(covers: &[(Cover, usize)], h: &Heights, goal: &Heights, i: usize) -> bool {
    let hi = h[i] as i32;
    let at = |dj: i32| -> Option<usize> {
        let j = i as i32 + dj;
        (0..WIDTH as i32).contains(&j).then_some(j as usize)
    };
    coverable(
        covers,
        |dj| match at(dj) {
            Some(j) if h[j] < goal[j] || dj == 0 => h[j] as i32 - hi,
            _ => BLOCKED,
        },
        |dj| at(dj).map_or(-1, |j| goal[j] as i32 - hi),
    )
}

impl Default for DeadTable {
    fn default() -> Self {
        Self::new()
    }
}

/// Edge heights of a run, relative to the run: 1, 2, or 3 for "no piece can hang on it".
const RUN_BLOCKED: u8 = 3;

/// Can a run of `w` columns at the cleared level, with edges `hl` and `hr` above it and
/// `room` rows up to the goal, ever be covered? Every piece that covers one of its cells
/// must hang on an edge (nothing else holds it up), and so shrinks the run from that side,
/// leaving the piece's top as the new edge. Farther columns are assumed to fit, so a
/// "no" is a proof.
struct RunTable {
    live: BitVec,
}

const RUN_ROOMS: usize = 8;

impl RunTable {
    fn index(room: u8, w: usize, hl: u8, hr: u8) -> usize {
        ((usize::from(room.min(7)) * (WIDTH + 1) + w) * 4 + usize::from(hl)) * 4 + usize::from(hr)
    }

    fn new() -> RunTable {
        let n = RUN_ROOMS * (WIDTH + 1) * 16;
        let mut live = bitvec![0; n];
        // Profiles of every shape and of its mirror image (the right edge is the mirror).
        let mut shapes: Vec<(usize, [i32; 4], [i32; 4])> = Vec::new();
        for d in SHAPES.iter() {
            let w = d.width as usize;
            let mut b = [0i32; 4];
            let mut t = [0i32; 4];
            for j in 0..w {
                b[j] = i32::from(d.bottom[j]);
                t[j] = i32::from(d.top[j]);
            }
            shapes.push((w, b, t));
        }
        for room in 0..RUN_ROOMS as u8 {
            for w in 1..=WIDTH {
                for hl in 1..=RUN_BLOCKED {
                    for hr in 1..=RUN_BLOCKED {
                        let v = Self::solve(&shapes, &live, room, w, hl, hr)
                            || Self::solve(&shapes, &live, room, w, hr, hl);
                        live.set(Self::index(room, w, hl, hr), v);
                        let mirrored = live[Self::index(room, w, hr, hl)] | v;
                        live.set(Self::index(room, w, hr, hl), mirrored);
                    }
                }
            }
        }
        RunTable { live }
    }

    /// Attach at the left edge `hl` (the right-edge case is the mirror image, and the
    /// shape set is closed under mirroring, so swapping the edges covers it).
    fn solve(
        shapes: &[(usize, [i32; 4], [i32; 4])],
        live: &BitSlice,
        room: u8,
        w: usize,
        hl: u8,
        hr: u8,
    ) -> bool {
        if hl >= RUN_BLOCKED {
            return false;
        }
        let room = i32::from(room);
        shapes.iter().any(|&(wd, b, t)| {
            (1..wd).any(|s| {
                let inside = (wd - s).min(w);
                let b0 = b[s];
                if (s..s + inside).any(|j| b[j] != b0) || b[s - 1] - b0 < i32::from(hl) {
                    return false;
                }
                if (0..wd).any(|j| t[j] - b0 > room || b[j] - b0 < 0) {
                    return false;
                }
                if wd - s > w {
                    // Past the run: the piece also rests on the right edge.
                    let over = b[s + w] - b0;
                    return hr < RUN_BLOCKED && over >= i32::from(hr);
                }
                if wd - s == w {
                    return true;
                }
                let edge = (t[wd - 1] - b0).clamp(1, i32::from(RUN_BLOCKED)) as u8;
                let rest = w - (wd - s);
                let i = Self::index(room as u8, rest, edge, hr);
                live[i]
            })
        })
    }

    fn live(&self, room: u8, w: usize, hl: u8, hr: u8) -> bool {
        self.live[Self::index(room, w, hl, hr)]
    }
}

fn run_table() -> &'static RunTable {
    static T: std::sync::OnceLock<RunTable> = std::sync::OnceLock::new();
    T.get_or_init(RunTable::new)
}

fn pack(h: &Heights) -> u64 {
    h.iter().fold(0u64, |a, &v| a << 3 | v as u64)
}

enum Step {
    Found,
    Dead,
    OutOfBudget,
}

/// A depth-first search with nogoods over one [`Problem`].
struct Solver<'a> {
    budget: u64,
    goal: Heights,
    support: u32,
    /// The cleared level never exceeds this (frozen lower regions outside a sub-search).
    cap: u8,
    order: Vec<Placement>,
    table: &'a DeadTable,
    /// `Some(g)` when every column's goal is `g`: then the dead table applies.
    uniform: Option<u8>,
    covers: Vec<(Cover, usize)>,
    dead: DeadSet,
    nodes: u64,
    path: Vec<Move>,
    /// Region memo of the main search (`None` inside a region sub-search, or when the
    /// decomposition is off).
    regions: Option<Box<RegionMemo>>,
    /// Whether the floor-run check ([`RunTable`]) is on.
    runs: bool,
}

/// What is known about one region (the other columns at their goal) for each cap.
#[derive(Default, Clone, Copy)]
struct RegionFacts {
    dead: u16,
    live: u16,
    unknown: u16,
}

#[derive(Default)]
struct RegionMemo {
    facts: std::collections::HashMap<u64, RegionFacts, BuildHasherDefault<KeyHasher>>,
    /// Nogoods of the region sub-searches, one set per cap.
    dead: Vec<DeadSet>,
}

/// Nodes one region sub-search may expand before its answer counts as unknown.
const REGION_BUDGET: u64 = 2000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Dead,
    Live,
    Unknown,
}

impl Solver<'_> {
    fn dfs(&mut self, h: &Heights) -> Step {
        if *h == self.goal {
            return Step::Found;
        }
        let key = pack(h);
        if self.dead.contains(&key) {
            return Step::Dead;
        }
        if self.nodes >= self.budget {
            return Step::OutOfBudget;
        }
        self.nodes += 1;
        let cleared = (*h.iter().min().expect("21 columns")).min(self.cap);
        if self.regions.is_some() {
            match self.decompose(h) {
                Verdict::Dead => {
                    self.dead.insert(key);
                    return Step::Dead;
                }
                Verdict::Live => return Step::Found,
                Verdict::Unknown => {}
            }
        }
        // Candidates: an S or Z on the floor first, then in rail order.
        let mut cand = [(0u8, 0u8, 0u16); 371];
        let mut k = 0;
        for (idx, p) in self.order.iter().enumerate() {
            let x = p.x();
            let w = p.width as usize;
            let Some(base) = h[x].checked_sub(p.bottom[0]) else {
                continue;
            };
            let mut ok = true;
            let mut supported = false;
            for j in 0..w {
                let hj = h[x + j];
                if hj != base + p.bottom[j] || base + p.top[j] > self.goal[x + j] {
                    ok = false;
                    break;
                }
                supported |= hj > cleared || self.support >> (x + j) & 1 != 0;
            }
            if ok && supported {
                // The article's rule: an S or Z on the bottom first, where there is room,
                // spreads the supported floor sideways fast.
                let sz = matches!(p.shape().piece(), Piece::S | Piece::Z) && base == cleared;
                cand[k] = (u8::from(!sz), base, idx as u16);
                k += 1;
            }
        }
        let cand = &mut cand[..k];
        cand.sort_unstable_by_key(|c| (c.0, c.2));
        for &(_, base, idx) in cand.iter() {
            let p = self.order[idx as usize];
            let (x, w) = (p.x(), p.width as usize);
            let mut next = *h;
            for j in 0..w {
                next[x + j] = base + p.top[j];
            }
            if !self.viable(&next, x, w) {
                continue;
            }
            self.path.push(p.as_move());
            match self.dfs(&next) {
                Step::Dead => {}
                other => return other,
            }
            self.path.pop();
        }
        self.dead.insert(key);
        Step::Dead
    }

    /// Cheap necessary conditions after a drop into columns `x..x + w`.
    fn viable(&self, h: &Heights, x: usize, w: usize) -> bool {
        // Every region between walls holds a multiple of 4 empty cells, and some piece
        // in it can still be supported (a region flat at the cleared level never can).
        let cleared = (*h.iter().min().expect("21 columns")).min(self.cap);
        let mut empty = 0u32;
        let mut any_above = false;
        let mut open = false;
        // The extra column past the edge is a wall that closes the last region.
        for (i, (&hi, &gi)) in h
            .iter()
            .chain([&0])
            .zip(self.goal.iter().chain([&0]))
            .enumerate()
        {
            if hi >= gi {
                if open && (!empty.is_multiple_of(4) || !any_above) {
                    return false;
                }
                empty = 0;
                any_above = false;
                open = false;
            } else {
                open = true;
                empty += u32::from(gi - hi);
                any_above |= hi > cleared || self.support >> i & 1 != 0;
            }
        }
        if self.runs && !self.runs_coverable(h, cleared) {
            return false;
        }
        // Forward check near the drop: every lowest empty cell must stay coverable.
        let lo = x.saturating_sub(3);
        let hi = (x + w + 3).min(WIDTH);
        (lo..hi).all(|i| self.live(h, i))
    }

    /// Support-aware check of the floor: a run of columns at the cleared level (without
    /// support below) stays there until a piece covers part of it, and that piece can
    /// only be held up by a column outside the run, above the cleared level. Heights
    /// only grow, so the run is dead when no piece can ever straddle one of its edges.
    fn runs_coverable(&self, h: &Heights, cleared: u8) -> bool {
        let mut i = 0;
        while i < WIDTH {
            if h[i] != cleared || h[i] >= self.goal[i] {
                i += 1;
                continue;
            }
            let a = i;
            while i < WIDTH && h[i] == cleared && h[i] < self.goal[i] {
                i += 1;
            }
            let b = i;
            let run = ((1u32 << b) - 1) & !((1u32 << a) - 1);
            if self.support & run != 0 {
                continue;
            }
            let rel = |j: usize| {
                if h[j] >= self.goal[j] {
                    RUN_BLOCKED
                } else {
                    (h[j] - cleared).min(RUN_BLOCKED)
                }
            };
            let hl = if a == 0 { RUN_BLOCKED } else { rel(a - 1) };
            let hr = if b == WIDTH { RUN_BLOCKED } else { rel(b) };
            // The highest goal anywhere bounds every piece's top (a relaxation).
            let room = *self.goal.iter().max().expect("21 columns") - cleared;
            if !run_table().live(room, b - a, hl, hr) {
                return false;
            }
        }
        true
    }

    /// Splits the state at its walls. Regions only interact through the cleared level
    /// (the lowest region's floor supports pieces elsewhere), which only rises, so a
    /// region that cannot be packed with the others frozen makes the state dead; and
    /// regions that can be packed one after the other (highest floor first, the others
    /// frozen) finish the state, with their drops appended to the path.
    fn decompose(&mut self, h: &Heights) -> Verdict {
        let mut regs = [(0usize, 0usize, 0u8); 11];
        let mut k = 0;
        let mut i = 0;
        while i < WIDTH {
            if h[i] >= self.goal[i] {
                i += 1;
                continue;
            }
            let a = i;
            let mut m = u8::MAX;
            while i < WIDTH && h[i] < self.goal[i] {
                m = m.min(h[i]);
                i += 1;
            }
            regs[k] = (a, i, m);
            k += 1;
        }
        if k < 2 {
            return Verdict::Unknown;
        }
        let regs = &mut regs[..k];
        // The relaxed test: each region with the others frozen at their floors.
        for r in 0..k {
            let ext = (0..k)
                .filter(|&q| q != r)
                .map(|q| regs[q].2)
                .min()
                .expect("two regions");
            if self.region(h, regs[r], ext, false) == Verdict::Dead {
                return Verdict::Dead;
            }
        }
        // One after the other, highest floor first (ties: left first).
        regs.sort_by_key(|r| (std::cmp::Reverse(r.2), r.0));
        for r in 0..k {
            let ext = regs[r + 1..].iter().map(|q| q.2).min().unwrap_or(u8::MAX);
            if self.region(h, regs[r], ext, false) != Verdict::Live {
                return Verdict::Unknown;
            }
        }
        for r in 0..k {
            let ext = regs[r + 1..].iter().map(|q| q.2).min().unwrap_or(u8::MAX);
            let v = self.region(h, regs[r], ext, true);
            debug_assert!(v == Verdict::Live);
        }
        Verdict::Live
    }

    /// Packs region `a..b` (floor `m`) of `h` alone with the cleared level capped at
    /// `ext`; appends its drops to the path when `record` (and it is live).
    fn region(
        &mut self,
        h: &Heights,
        (a, b, m): (usize, usize, u8),
        ext: u8,
        record: bool,
    ) -> Verdict {
        // Caps below the floor all mean "every piece is supported"; caps at or above
        // the goal mean "no help from outside".
        let top = (a..b).map(|i| self.goal[i]).max().expect("non-empty");
        let cap = if ext < m { 0 } else { ext.min(top) };
        let mut masked = self.goal;
        masked[a..b].copy_from_slice(&h[a..b]);
        let key = pack(&masked);
        let bit = 1u16 << cap;
        let memo = self.regions.as_mut().expect("main search");
        let f = memo.facts.get(&key).copied().unwrap_or_default();
        if !record {
            // Dead at a lower cap is dead at this one; live at a higher cap is live here.
            if f.dead & (bit | (bit - 1)) != 0 {
                return Verdict::Dead;
            }
            if f.live & !(bit - 1) != 0 {
                return Verdict::Live;
            }
            if f.unknown & bit != 0 {
                return Verdict::Unknown;
            }
        }
        if memo.dead.len() <= cap as usize {
            memo.dead.resize_with(cap as usize + 1, DeadSet::default);
        }
        let mut sub = Solver {
            budget: REGION_BUDGET,
            goal: self.goal,
            support: self.support,
            cap,
            order: std::mem::take(&mut self.order),
            table: self.table,
            uniform: self.uniform,
            covers: std::mem::take(&mut self.covers),
            dead: std::mem::take(&mut memo.dead[cap as usize]),
            nodes: 0,
            path: Vec::new(),
            regions: None,
            runs: self.runs,
        };
        let step = sub.dfs(&masked);
        self.nodes += sub.nodes;
        self.order = std::mem::take(&mut sub.order);
        self.covers = std::mem::take(&mut sub.covers);
        let memo = self.regions.as_mut().expect("main search");
        memo.dead[cap as usize] = std::mem::take(&mut sub.dead);
        let f = memo.facts.entry(key).or_default();
        match step {
            Step::Found => {
                f.live |= bit;
                if record {
                    self.path.extend_from_slice(&sub.path);
                }
                Verdict::Live
            }
            Step::Dead => {
                f.dead |= bit;
                Verdict::Dead
            }
            Step::OutOfBudget => {
                f.unknown |= bit;
                Verdict::Unknown
            }
        }
    }

    fn live(&self, h: &Heights, i: usize) -> bool {
        h[i] >= self.goal[i]
            || match self.uniform {
                Some(g) => self.table.live(h, g, i),
                None => live_direct(&self.covers, h, &self.goal, i),
            }
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, … (restart budgets with a proven bound).
fn luby(i: u32) -> u64 {
    let mut i = u64::from(i);
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Searches `problem` exhaustively, trying placements in `order` (which must hold all 371
/// for the "none" answer to be a proof).
#[must_use]
pub fn solve(problem: &Problem, order: &[Placement], table: &DeadTable) -> Outcome {
    solve_with_restarts(problem, |_| order.to_vec(), 0, table)
}

/// Searches `problem` with restarts: attempt `k` uses `order(k)` and may expand
/// `first_budget · luby(k + 1)` new states (no limit when `first_budget` is 0, or after
/// `LAST_RESTART` = 200,000 attempts), so the search stays complete. Dead states proved
/// in one attempt stay known in the next, so no work is lost to a restart.
pub fn solve_with_restarts(
    problem: &Problem,
    orders: impl FnMut(u32) -> Vec<Placement>,
    first_budget: u64,
    table: &DeadTable,
) -> Outcome {
    run(problem, orders, first_budget, u64::MAX, table, true)
        .expect("a search with no node limit always answers")
}

/// [`solve_with_restarts`] that gives up once it has expanded `max_nodes` states:
/// `None` then (neither a packing nor a proof that none exists). For families searched
/// at build time whose impossible cases cost too much to prove: what it finds is a
/// packing like any other; what it gives up on is simply not tabulated.
pub fn solve_within(
    problem: &Problem,
    orders: impl FnMut(u32) -> Vec<Placement>,
    first_budget: u64,
    max_nodes: u64,
    table: &DeadTable,
) -> Option<Outcome> {
    run(problem, orders, first_budget, max_nodes, table, true)
}

/// The search, with the floor-run check and the region decomposition (`pruning`) or
/// without them (the plain search they are tested against); `None` once it has
/// expanded `max_nodes` states.
fn run(
    problem: &Problem,
    mut orders: impl FnMut(u32) -> Vec<Placement>,
    first_budget: u64,
    max_nodes: u64,
    table: &DeadTable,
    pruning: bool,
) -> Option<Outcome> {
    let mut s = Solver {
        budget: 0,
        goal: problem.goal,
        support: problem.support,
        order: orders(0),
        table,
        uniform: problem
            .goal
            .iter()
            .all(|&g| g == problem.goal[0])
            .then_some(problem.goal[0]),
        covers: covers(),
        dead: DeadSet::default(),
        nodes: 0,
        path: Vec::new(),
        cap: u8::MAX,
        regions: pruning.then(Box::default),
        runs: pruning,
    };
    let start = problem.start;
    if !(0..WIDTH).all(|i| s.live(&start, i)) {
        return Some(Outcome::None { nodes: 0 });
    }
    for attempt in 0u32.. {
        s.budget = if first_budget == 0 || attempt >= LAST_RESTART {
            u64::MAX
        } else {
            s.nodes.saturating_add(first_budget * luby(attempt + 1))
        }
        .min(max_nodes);
        if attempt > 0 {
            s.order = orders(attempt);
        }
        s.path.clear();
        match s.dfs(&start) {
            Step::Found => {
                return Some(Outcome::Found {
                    drops: std::mem::take(&mut s.path),
                    nodes: s.nodes,
                })
            }
            Step::Dead => return Some(Outcome::None { nodes: s.nodes }),
            Step::OutOfBudget if s.nodes >= max_nodes => return None,
            Step::OutOfBudget => {}
        }
    }
    unreachable!("the last attempt has no budget")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A placement is made only inside the field: `new` refuses every column from the
    /// first where the piece sticks out (up to `usize::MAX`), and the ones it makes are
    /// exactly `all_placements`, each the drop it says.
    #[test]
    fn a_placement_off_the_field_is_refused() {
        let mut made = Vec::new();
        for shape in Shape::ALL {
            let last = WIDTH - shape.width();
            for x in (last + 1..=WIDTH + 4).chain([usize::from(u8::MAX) + last, usize::MAX]) {
                assert_eq!(Placement::new(shape, x), None, "{shape} at {x}");
            }
            for x in 0..=last {
                let p = Placement::new(shape, x).expect("inside the field");
                assert_eq!((p.shape(), p.x()), (shape, x));
                assert_eq!(p.as_move(), Move::new(shape, x).expect("inside the field"));
                assert_eq!(Placement::from(p.as_move()), p);
                made.push(p);
            }
        }
        assert_eq!(made, all_placements());
        assert_eq!(made.len(), 371);
    }

    #[test]
    fn dead_table_agrees_with_the_direct_test_and_its_mirror() {
        let t = DeadTable::new();
        let cv = covers();
        let mut rng = 12345u64;
        for _ in 0..20000 {
            let mut h = [0u8; WIDTH];
            for v in &mut h {
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *v = ((rng >> 33) % 6) as u8;
            }
            let g = 5;
            let goal = [g; WIDTH];
            let mut m = h;
            m.reverse();
            for i in 0..WIDTH {
                if h[i] < g {
                    assert_eq!(
                        t.live(&h, g, i),
                        live_direct(&cv, &h, &goal, i),
                        "{h:?} column {i}"
                    );
                    assert_eq!(
                        t.live(&h, g, i),
                        t.live(&m, g, WIDTH - 1 - i),
                        "mirror of {h:?} column {i}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_deep_narrow_well_without_room_is_dead() {
        let t = DeadTable::new();
        let mut h = [3u8; WIDTH];
        h[10] = 0; // depth 3 and only 3 rows of room: no I1 fits
        assert!(!t.live(&h, 3, 10));
        assert!(t.live(&h, 4, 10), "with 4 rows an I1 fills it");
    }

    #[test]
    fn support_below_lets_a_flat_floor_close_in_one_row() {
        // Five I0s fill 20 columns; a square under columns 0..4, 4..8, … holds each up,
        // and column 20 is one triple cell short of 21 (so start it filled).
        let t = DeadTable::new();
        let mut start = [0; WIDTH];
        start[20] = 1;
        let supported = Problem {
            start,
            goal: [1; WIDTH],
            support: 0b1_0001_0001_0001_0001,
        };
        assert!(matches!(
            solve(&supported, &all_placements(), &t),
            Outcome::Found { ref drops, .. } if drops.len() == 5
        ));
        let one_short = Problem {
            support: 0b1_0001_0001_0001,
            ..supported
        };
        assert!(matches!(
            solve(&one_short, &all_placements(), &t),
            Outcome::None { .. }
        ));
    }

    #[test]
    fn floor_runs_need_an_edge_to_hang_on() {
        let r = run_table();
        // Between two walls (or columns 3+ above) nothing can ever cover the run.
        assert!(!r.live(5, 6, RUN_BLOCKED, RUN_BLOCKED));
        assert!(!r.live(5, 1, RUN_BLOCKED, RUN_BLOCKED));
        // A one-column well between columns one above: a T pointing down fills it.
        assert!(r.live(5, 1, 1, 1));
        // Without room for anything to hang down, nothing fits.
        assert!(!r.live(0, 1, 1, 1));
        // Wider runs are eaten from their edges.
        assert!(r.live(5, 6, 1, RUN_BLOCKED));
        for room in 0..RUN_ROOMS as u8 {
            for w in 1..=WIDTH {
                for hl in 1..=RUN_BLOCKED {
                    for hr in 1..=RUN_BLOCKED {
                        assert_eq!(r.live(room, w, hl, hr), r.live(room, w, hr, hl));
                    }
                }
            }
        }
    }

    /// Replays `drops` on `p` with the search's rules: every piece lands with its
    /// bottom profile on the column tops, stays under the goal and is held up.
    fn replays(p: &Problem, drops: &[Move]) -> bool {
        let mut h = p.start;
        for m in drops {
            let d = m.shape().data();
            let x = m.x();
            let cleared = *h.iter().min().expect("21 columns");
            let Some(base) = h[x].checked_sub(d.bottom[0]) else {
                return false;
            };
            let mut held = false;
            for j in 0..d.width as usize {
                if h[x + j] != base + d.bottom[j] || base + d.top[j] > p.goal[x + j] {
                    return false;
                }
                held |= h[x + j] > cleared || p.support >> (x + j) & 1 != 0;
            }
            if !held {
                return false;
            }
            for j in 0..d.width as usize {
                h[x + j] = base + d.top[j];
            }
        }
        h == p.goal
    }

    #[test]
    fn floor_runs_and_regions_agree_with_the_plain_search() {
        // The floor-run check and the region decomposition only prune dead states and
        // finish live ones: on random matrices the answer is the plain search's, and
        // every packing found replays.
        let t = DeadTable::new();
        let order = all_placements();
        let mut rng = 0x5eed_u64;
        let mut next = |m: u64| {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (rng >> 33) % m
        };
        let (mut found, mut none) = (0, 0);
        for case in 0..200 {
            // An emitter-like floor (n triples at random places) under a goal of 1 to 3
            // rows, then a few random legal drops.
            let mut start = [0u8; WIDTH];
            let n = 1 + next(7) as usize;
            for _ in 0..n {
                let x = next(19) as usize;
                if start[x..x + 3].iter().all(|&v| v == 0) {
                    start[x..x + 3].fill(1);
                }
            }
            let ones = start.iter().filter(|&&v| v == 1).count();
            let Some(g) = (1..=3u8).find(|&g| (21 * g as usize - ones).is_multiple_of(4)) else {
                continue;
            };
            for _ in 0..next(7) {
                let p = order[next(order.len() as u64) as usize];
                let (x, w) = (p.x(), p.width as usize);
                let cleared = *start.iter().min().expect("21 columns");
                let Some(base) = start[x].checked_sub(p.bottom[0]) else {
                    continue;
                };
                if (0..w).all(|j| start[x + j] == base + p.bottom[j] && base + p.top[j] <= g)
                    && (0..w).any(|j| start[x + j] > cleared)
                {
                    for j in 0..w {
                        start[x + j] = base + p.top[j];
                    }
                }
            }
            let support = if case % 3 == 0 {
                next(1 << 21) as u32 & next(1 << 21) as u32
            } else {
                0
            };
            let p = Problem {
                start,
                goal: [g; WIDTH],
                support,
            };
            let pruned = run(&p, |_| order.clone(), 0, u64::MAX, &t, true).unwrap();
            let plain = run(&p, |_| order.clone(), 0, u64::MAX, &t, false).unwrap();
            match (&pruned, &plain) {
                (Outcome::Found { drops, .. }, Outcome::Found { .. }) => {
                    assert!(replays(&p, drops), "{p:?}: {drops:?}");
                    found += 1;
                }
                (Outcome::None { .. }, Outcome::None { .. }) => none += 1,
                _ => panic!("{p:?}: pruned {pruned:?}, plain {plain:?}"),
            }
        }
        assert!(found > 30 && none > 30, "found {found}, none {none}");
    }

    #[test]
    fn there_are_371_placements() {
        assert_eq!(all_placements().len(), 371);
    }

    #[test]
    fn one_row_with_seven_triples_is_already_packed() {
        let t = DeadTable::new();
        let p = Problem {
            start: [1; WIDTH],
            goal: [1; WIDTH],
            support: 0,
        };
        assert_eq!(
            solve(&p, &all_placements(), &t),
            Outcome::Found {
                drops: vec![],
                nodes: 0
            }
        );
    }

    #[test]
    fn unsupported_flat_floor_has_no_packing() {
        // An empty one-row matrix: only I0 fits and nothing supports it.
        let t = DeadTable::new();
        let p = Problem {
            start: [0; WIDTH],
            goal: [1; WIDTH],
            support: 0,
        };
        assert!(matches!(
            solve(&p, &all_placements(), &t),
            Outcome::None { .. }
        ));
    }

    /// This file's doc comments as one line of prose (each comment line's text trimmed,
    /// joined by spaces), where the figures below are looked up.
    fn docs() -> String {
        let lines = include_str!("engine.rs").lines().map(str::trim_start);
        let text = lines.filter_map(|l| l.strip_prefix("//!").or_else(|| l.strip_prefix("///")));
        text.map(str::trim)
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// `n` with thousands separators, as the docs write figures.
    fn written(n: usize) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, d) in digits.char_indices() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(d);
        }
        out
    }

    #[test]
    fn the_docs_state_the_dead_tables_size_placements_and_last_restart() {
        let docs = docs();
        for phrase in [
            format!(
                "({} entries as bits;",
                written(ROOM_VALUES * REL_VALUES.pow(6))
            ),
            format!("All {} placements", all_placements().len()),
            format!(
                "`LAST_RESTART` = {} attempts",
                written(LAST_RESTART as usize)
            ),
        ] {
            assert!(
                docs.contains(&phrase),
                "engine.rs's docs do not say {phrase:?}"
            );
        }
        assert_eq!(written(1_234_567), "1,234,567");
    }
}
