//! The packed-matrix search (SPEC §5).
//!
//! A packed matrix never has a covered hole, so its whole state is the 21 column heights;
//! row fill counts follow from them and the number of completed (cleared) rows is the
//! smallest height. The search is a depth-first search over placements with:
//! - **profile matching**: a piece may only go where its bottom profile meets the column
//!   tops exactly, and must touch a column that still has uncleared cells (support);
//! - **regions**: columns at their goal height are walls; the empty cells between two
//!   walls must number a multiple of 4;
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

use crate::moves::Move;
use crate::piece::{Piece, Shape, SHAPES};
use crate::playfield::WIDTH;

/// Column heights of a packed matrix.
pub type Heights = [u8; WIDTH];

/// One way to drop a piece into the matrix: shape and left column, with its profiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    pub shape: Shape,
    pub x: u8,
    width: u8,
    bottom: [u8; 4],
    top: [u8; 4],
}

impl Placement {
    #[must_use]
    pub fn as_move(self) -> Move {
        Move {
            shape: self.shape,
            x: self.x,
        }
    }
}

/// All 371 placements in shape-then-column order.
#[must_use]
pub fn all_placements() -> Vec<Placement> {
    let mut out = Vec::with_capacity(371);
    for shape in Shape::ALL {
        let d = shape.data();
        for x in 0..=(WIDTH as u8 - d.width) {
            out.push(Placement {
                shape,
                x,
                width: d.width,
                bottom: d.bottom,
                top: d.top,
            });
        }
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
    pub start: Heights,
    pub goal: Heights,
    pub support: u32,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The drops, in order, that pack the matrix; `nodes` states were expanded.
    Found { drops: Vec<Move>, nodes: u64 },
    /// The whole reachable state space was explored: no packing exists.
    None { nodes: u64 },
}

impl Outcome {
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
    live: Vec<u64>,
}

/// Relative heights −2..=3 are 6 values; rooms 0..=4 are 5.
const REL_VALUES: usize = 6;
const ROOM_VALUES: usize = 5;
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
        let mut live = vec![0u64; n.div_ceil(64)];
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
                live[i / 64] |= 1 << (i % 64);
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
        self.live[idx / 64] & (1 << (idx % 64)) != 0
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

fn pack(h: &Heights) -> u64 {
    h.iter().fold(0u64, |a, &v| a << 3 | v as u64)
}

enum Step {
    Found,
    Dead,
    OutOfBudget,
}

/// A depth-first search with nogoods over one [`Problem`].
struct Search<'a> {
    budget: u64,
    goal: Heights,
    support: u32,
    order: Vec<Placement>,
    table: &'a DeadTable,
    /// `Some(g)` when every column's goal is `g`: then the dead table applies.
    uniform: Option<u8>,
    covers: Vec<(Cover, usize)>,
    dead: DeadSet,
    nodes: u64,
    path: Vec<Move>,
}

impl Search<'_> {
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
        let cleared = *h.iter().min().expect("21 columns");
        // Candidates, lowest landing first (the stack grows bottom-up, as a crystal),
        // then in rail order.
        let mut cand = [(0u8, 0u8, 0u16); 371];
        let mut k = 0;
        for (idx, p) in self.order.iter().enumerate() {
            let x = p.x as usize;
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
                let sz = matches!(p.shape.piece(), Piece::S | Piece::Z) && base == cleared;
                cand[k] = (u8::from(!sz), base, idx as u16);
                k += 1;
            }
        }
        let cand = &mut cand[..k];
        cand.sort_unstable_by_key(|c| (c.0, c.2));
        for &(_, base, idx) in cand.iter() {
            let p = self.order[idx as usize];
            let (x, w) = (p.x as usize, p.width as usize);
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
        let cleared = *h.iter().min().expect("21 columns");
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
                if open && (empty % 4 != 0 || !any_above) {
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
        // Forward check near the drop: every lowest empty cell must stay coverable.
        let lo = x.saturating_sub(3);
        let hi = (x + w + 3).min(WIDTH);
        (lo..hi).all(|i| self.live(h, i))
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
/// `first_budget << k` new states (no limit when `first_budget` is 0, and none after 20
/// doublings), so the search stays complete. Dead states proved in one attempt stay
/// known in the next, so no work is lost to a restart.
pub fn solve_with_restarts(
    problem: &Problem,
    mut orders: impl FnMut(u32) -> Vec<Placement>,
    first_budget: u64,
    table: &DeadTable,
) -> Outcome {
    let mut s = Search {
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
    };
    let start = problem.start;
    if !(0..WIDTH).all(|i| s.live(&start, i)) {
        return Outcome::None { nodes: 0 };
    }
    for attempt in 0u32.. {
        s.budget = if first_budget == 0 || attempt >= 200000 {
            u64::MAX
        } else {
            s.nodes + first_budget * luby(attempt + 1)
        };
        if attempt > 0 {
            s.order = orders(attempt);
        }
        s.path.clear();
        match s.dfs(&start) {
            Step::Found => {
                return Outcome::Found {
                    drops: std::mem::take(&mut s.path),
                    nodes: s.nodes,
                }
            }
            Step::Dead => return Outcome::None { nodes: s.nodes },
            Step::OutOfBudget => {}
        }
    }
    unreachable!("the last attempt has no budget")
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
