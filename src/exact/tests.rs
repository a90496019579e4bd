//! The exact planner (issue #16): on small rows it agrees with a plain brute force over
//! every cover, every ordered split into passes and the platform choice; on random
//! sprites it never costs more than greedy, optimal or thorough, and every print replays
//! to exactly its sprite.

use std::collections::HashMap;

use crate::search::engine::{
    all_placements, solve_with_restarts, DeadTable, Outcome, Placement, Problem,
};
use proptest::prelude::*;

use super::{convert_exact, ExactPlanner, RowInput};
use crate::{compare, Converter, Planner, Playfield, Sprite};

/// The integration tests' random sprites, shared with them.
#[allow(dead_code)]
#[path = "../../tests/common/sprites.rs"]
mod common_sprites;
use common_sprites::sprites;

/// One emitter as the brute force sees it, written out from the rules independently of
/// the planner: cells in the row above (`above`), cells in the emission row (`row`),
/// whether the row below holds it, and which emission-row cells would hold it instead.
#[derive(Clone, Copy, Debug)]
struct BruteEmit {
    above: u32,
    row: u32,
    flipped: bool,
    held: bool,
    rests: u32,
}

struct Brute {
    table: DeadTable,
    order: Vec<Placement>,
    /// `(above, support, h)` → fillers of a packing, or none.
    memo: HashMap<(u32, u32, u8), Option<usize>>,
}

impl Brute {
    fn fillers(&mut self, above: u32, support: u32, h: u8) -> Option<usize> {
        if let Some(&r) = self.memo.get(&(above, support, h)) {
            return r;
        }
        let mut start = [0u8; 21];
        for (x, s) in start.iter_mut().enumerate() {
            *s = u8::from(above >> x & 1 == 1);
        }
        let p = Problem {
            start,
            goal: [h; 21],
            support,
        };
        // Restarts with reshuffled orders (deterministic): the same answers as a single
        // run, found sooner; the last attempt is unbounded, so "none" is still a proof.
        let order = &self.order;
        let r = match solve_with_restarts(
            &p,
            |k| {
                let mut o = order.clone();
                let n = o.len();
                for i in 0..n {
                    let j = (i * 7 + k as usize * 31 + (i * i) % 13) % n;
                    o.swap(i, j);
                }
                o
            },
            300,
            &self.table,
        ) {
            Outcome::Found { drops, .. } => Some(drops.len()),
            Outcome::None { .. } => None,
        };
        self.memo.insert((above, support, h), r);
        r
    }

    /// The least pieces over every cover, every ordered split, platform or not.
    fn row(&mut self, px: &[(u8, u8, bool)]) -> u32 {
        let mut best = u32::MAX;
        let mut cover = Vec::new();
        self.covers(px, 0, &mut cover, &mut best);
        best
    }

    fn covers(
        &mut self,
        px: &[(u8, u8, bool)],
        i: usize,
        cover: &mut Vec<BruteEmit>,
        best: &mut u32,
    ) {
        if i == px.len() {
            let hole = px.iter().any(|p| !p.2);
            for platform in [false, true] {
                if platform && !hole {
                    continue;
                }
                let mut passes: Vec<Vec<BruteEmit>> = Vec::new();
                self.splits(cover, 0, &mut passes, platform, best);
            }
            return;
        }
        let (x, c, held) = px[i];
        // Single: J0 at x − 2 (protrudes right), T0 at x − 1, L0 at x.
        let start = x + c - 2;
        cover.push(BruteEmit {
            above: 0b111 << start,
            row: 1 << x,
            flipped: false,
            held,
            rests: (0b111 << start) & !(1 << x),
        });
        self.covers(px, i + 1, cover, best);
        cover.pop();
        // Flipped: three adjacent pixels of one colour; top cell left (J), middle (T),
        // right (L).
        if i + 3 <= px.len() && (1..3).all(|d| px[i + d].0 == x + d as u8 && px[i + d].1 == c) {
            cover.push(BruteEmit {
                above: 1 << (x + c),
                row: 0b111 << x,
                flipped: true,
                held: px[i..i + 3].iter().any(|p| p.2),
                rests: 0,
            });
            self.covers(px, i + 3, cover, best);
            cover.pop();
        }
    }

    /// Every assignment of emitters `k..` to passes (existing or a new one), then every
    /// order of the passes.
    fn splits(
        &mut self,
        cover: &[BruteEmit],
        k: usize,
        passes: &mut Vec<Vec<BruteEmit>>,
        platform: bool,
        best: &mut u32,
    ) {
        if k == cover.len() {
            let mut order: Vec<usize> = (0..passes.len()).collect();
            permutations(&mut order, 0, &mut |o| {
                if let Some(c) = self.cost(passes, o, platform) {
                    *best = (*best).min(c);
                }
            });
            return;
        }
        let e = cover[k];
        for p in 0..passes.len() {
            if passes[p].iter().all(|f| f.above & e.above == 0) {
                passes[p].push(e);
                self.splits(cover, k + 1, passes, platform, best);
                passes[p].pop();
            }
        }
        passes.push(vec![e]);
        self.splits(cover, k + 1, passes, platform, best);
        passes.pop();
    }

    fn cost(&mut self, passes: &[Vec<BruteEmit>], order: &[usize], platform: bool) -> Option<u32> {
        let mut printed = 0u32;
        let mut pieces = if platform { 21 } else { 0 };
        for &p in order {
            let pass = &passes[p];
            let flipbars = pass.iter().filter(|e| e.flipped).fold(0, |a, e| a | e.row);
            for e in pass {
                let ok = platform || e.held || (!e.flipped && e.rests & (printed | flipbars) != 0);
                if !ok {
                    return None;
                }
            }
            let above = pass.iter().fold(0, |a, e| a | e.above);
            printed |= pass.iter().fold(0, |a, e| a | e.row);
            let n: u32 = pass.iter().map(|e| e.row.count_ones()).sum();
            let fill = (1..=7u8)
                .filter(|&h| (21 * u32::from(h) + n).is_multiple_of(4))
                .find_map(|h| self.fillers(above, printed, h))?;
            pieces += pass.len() as u32 + fill as u32;
        }
        Some(pieces)
    }
}

fn permutations(v: &mut Vec<usize>, k: usize, f: &mut dyn FnMut(&[usize])) {
    if k == v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, f);
        v.swap(k, i);
    }
}

fn spec(px: &[(u8, u8, bool)]) -> RowInput {
    RowInput::from_pixels(px.iter().copied()).expect("a valid row")
}

/// Random small rows: 1–6 pixels in 2..=18, in runs (so flips occur), some over holes.
fn random_rows(count: usize, max_pixels: usize, seed: u64) -> Vec<Vec<(u8, u8, bool)>> {
    let mut s = seed;
    let mut next = |m: u64| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s % m
    };
    let mut rows = Vec::new();
    while rows.len() < count {
        let n = 1 + next(max_pixels as u64) as usize;
        let colours = 1 + next(3) as u8;
        let holes = next(3);
        let mut x = 2 + next(8) as u8;
        let mut px = Vec::new();
        for _ in 0..n {
            if x > 18 {
                break;
            }
            px.push((
                x,
                next(u64::from(colours)) as u8,
                holes == 0 || next(holes + 1) != 0,
            ));
            x += 1 + if next(3) == 0 { next(4) as u8 } else { 0 };
        }
        rows.push(px);
    }
    rows
}

#[test]
fn exact_equals_brute_force_on_small_rows() {
    let mut brute = Brute {
        table: DeadTable::new(),
        order: all_placements(),
        memo: HashMap::new(),
    };
    // With the engine alone, and with the tables' hints first: the same optimum.
    let mut planner = ExactPlanner::new();
    let mut hinted = super::planner();
    let mut rows = random_rows(80, 5, 0x2545_F491_4F6C_DD1D);
    rows.extend(random_rows(12, 6, 0x9E37_79B9_7F4A_7C15));
    // Hand-picked: a run of one colour (flips), pixels over holes held by a neighbour.
    rows.push(vec![(5, 0, true), (6, 0, true), (7, 0, true), (8, 0, true)]);
    rows.push(vec![(5, 1, true), (6, 1, false), (7, 1, false)]);
    rows.push(vec![(9, 2, false), (10, 2, true), (11, 2, false)]);
    rows.push(vec![
        (3, 0, true),
        (4, 1, false),
        (12, 2, true),
        (13, 2, false),
    ]);
    let mut with_platform = 0;
    let mut held_by_neighbour = 0;
    for px in &rows {
        let want = brute.row(px);
        let plan = planner.plan_row(&spec(px));
        assert_eq!(plan.pieces, want, "row {px:?}: exact {plan:?}");
        assert_eq!(
            hinted.plan_row(&spec(px)).pieces,
            want,
            "row {px:?}, hinted"
        );
        let hole = px.iter().any(|p| !p.2);
        with_platform += usize::from(plan.platform);
        held_by_neighbour += usize::from(hole && !plan.platform);
    }
    // The rows exercise both ways of holding a pixel over a hole.
    assert!(
        with_platform > 0 && held_by_neighbour > 0,
        "{with_platform} {held_by_neighbour}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn exact_never_costs_more_and_replays(s in sprites(10, 6)) {
        let print = convert_exact(&s).expect("exact converts");
        let field = Playfield::replay(&print.moves).expect("exact moves replay");
        prop_assert!(compare(&field, &s).is_ok(), "exact print differs:\n{}", s.to_ascii());
        let exact = print.pieces();
        prop_assert_eq!(exact, print.rows.iter().map(|r| r.pieces as usize).sum::<usize>());
        for passes in [Planner::Greedy, Planner::Optimal, Planner::Thorough] {
            let other = Converter::with_planner(passes).stats(&s).pieces;
            prop_assert!(exact <= other, "{passes:?} {other} < exact {exact}:\n{}", s.to_ascii());
        }
    }
}

#[test]
fn a_solid_row_costs_the_floor() {
    // 17 pixels: one pass of 3 rows, (3·21 + 17)/4 = 20 pieces, in every colour (the
    // default planner needs 41 for the T-coloured one).
    let mut planner = ExactPlanner::new();
    for c in 0..3 {
        let px: Vec<(u8, u8, bool)> = (2..19).map(|x| (x, c, true)).collect();
        let plan = planner.plan_row(&spec(&px));
        assert_eq!((plan.pieces, plan.total_height), (20, 3), "colour {c}");
    }
}

#[test]
fn a_pixel_over_a_hole_rests_on_its_neighbour_without_a_platform() {
    // The top row's right pixel is over a hole. Its J0's bar rests on the square the
    // left pixel's pass printed first, so no platform is needed; the replay proves it.
    let s = Sprite::from_ascii("00\n0.").unwrap();
    let print = convert_exact(&s).expect("exact converts and replays");
    assert_eq!(print.platforms(), 0);
    assert_eq!(print.rows[1].passes, 2);
    let field = Playfield::replay(&print.moves).unwrap();
    assert!(compare(&field, &s).is_ok());
    // The default converter lands it the same way; the article's greedy passes put the
    // row on a platform.
    let moves = Converter::new().convert_to_vec(&s);
    assert!(compare(&Playfield::replay(&moves).unwrap(), &s).is_ok());
    assert_eq!(Converter::new().stats(&s).platforms, 0);
    assert_eq!(Converter::greedy().stats(&s).platforms, 1);
    assert!(print.pieces() <= moves.len());
}

#[test]
fn exact_prints_are_deterministic() {
    // Fresh planners give the same moves, and so does a planner that keeps its engine
    // answers from another sprite (fillers are computed afresh for the plan found).
    let s = Sprite::from_ascii("0110.\n.2201\n01.10\n22222").unwrap();
    let other = Sprite::from_ascii("0.1\n111\n2.2").unwrap();
    let a = convert_exact(&s).unwrap();
    let b = convert_exact(&s).unwrap();
    assert_eq!(a, b);
    let mut shared = super::planner();
    super::convert_with(&mut shared, &other).unwrap();
    let c = super::convert_with(&mut shared, &s).unwrap();
    assert_eq!(c, a);
    // And any number of threads.
    for threads in 1..=3 {
        assert_eq!(super::convert_parallel(&s, threads).unwrap(), a);
    }
}

#[test]
fn the_exact_strategy_of_the_converter_is_the_exact_planner() {
    assert_eq!("exact".parse::<Planner>(), Ok(Planner::Exact));
    assert!(Planner::ALL.contains(&Planner::Exact));
    let s = Sprite::from_ascii("0110.\n.2201\n01.10\n22222").unwrap();
    let print = convert_exact(&s).unwrap();
    let converter = Converter::with_planner(Planner::Exact);
    assert_eq!(converter.convert_to_vec(&s), print.moves);
    let stats = converter.stats(&s);
    assert_eq!(stats.pieces, print.pieces());
    assert_eq!(stats.platforms, print.platforms());
    assert_eq!(stats.passes, print.passes());
    // Its blocks cover the moves in order, one per pass and platform part.
    let (moves, blocks) = converter.convert_blocks(&s);
    assert_eq!(moves, print.moves);
    let mut next = 0;
    for b in &blocks {
        assert_eq!(b.moves.start, next);
        next = b.moves.end;
    }
    assert_eq!(next, moves.len());
    assert_eq!(blocks.len(), print.passes() + 2 * print.platforms());
}
