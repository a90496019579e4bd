//! How far direct placement (`--direct`) can go under its rules: for each sprite, the
//! direct print's pieces, the same direct pieces with every row re-priced by the exact
//! planner, and a lower bound on any print under the rules.
//!
//! A measurement, run as an ignored test with its arguments in `DIRECT_BOUND` (paths
//! relative to the package's directory, where the test runs); it measures nothing when
//! the variable is not set:
//!
//! ```text
//! DIRECT_BOUND= cargo test --release --lib direct_bound -- --ignored --nocapture   # the benchmark sprites
//! DIRECT_BOUND=benches/sprites/05_noise17x32.png cargo test --release --lib direct_bound -- --ignored --nocapture
//! DIRECT_BOUND="--rows --budget 20" cargo test --release --lib direct_bound -- --ignored --nocapture  # per row, 20 s a row
//! ```
//!
//! Columns:
//! - `default`, `direct`: the default planner's pieces without and with `--direct`.
//! - `exact`: the exact planner (`Planner::Exact`) without direct pieces.
//! - `direct+exact`: the direct print's own direct pieces, every row's leftover pixels
//!   planned by the exact planner with the direct cells of its row as support
//!   ([`ExactPlanner::plan_row`] with the pre-filled cells as support): what a perfect row planner would make of today's
//!   direct pieces. A row whose exact plan needs a platform it may not have (a direct
//!   cell in it or one still missing in the row below) keeps the default's plan; the
//!   `no-plat` column counts those rows. `--passes exact --direct` writes this print
//!   (and checks it by replay).
//! - `bound`: no print under the rules needs fewer pieces (see below); `floor` is the
//!   same bound with the leftovers of rows that direct pieces could reach priced by the
//!   floor alone (no exact planner on them), to show how much the exact prices add.
//!
//! - `dp`: the fewest pieces of any print whose direct pieces are any set of J/T/L
//!   placements on pixels of their colour, not overlapping (landing and drop order
//!   ignored: more sets than the rules allow), with its rows priced by the default row
//!   planner exactly as `--direct` prices them (`row_pieces_with`): a DP over the rows
//!   whose state is the set of chosen placements meeting the row. So no `--direct`
//!   print, with any choice of direct pieces, beats it while rows are planned by the
//!   default planner. `n/a` when a row meets more than `--cap` placements (default 20).
//!
//! The last line adds up, per sprite, the larger of `bound` and `dp`: a lower bound on
//! the benchmark for any print under the rules whose rows the default planner plans
//! (it never beats the exact planner, so `bound` holds for it too).
//!
//! `--no-bound` skips the bound (the other columns take seconds; the bound up to
//! `--budget` seconds per row).
//!
//! # The bound
//! Under the rules a print is a set of direct pieces (J, T or L on four pixels of its
//! colour) plus, row by row, passes that emit the pixels left. Charge each direct piece
//! a quarter per cell to the row of the cell; then a print costs the sum over rows `y` of
//! `|C_y|/4 + cost_y(P_y \ C_y)`, with `P_y` the row's pixels, `C_y` the ones covered by
//! direct pieces, and `cost_y` the pieces of the row's passes (platform included). Each
//! term is at least its least value over every `C_y` that some set of pieces could
//! cover: any union of row-`y` slices of J/T/L placements on pixels of their colour
//! (overlaps, drop order and landing ignored: only more sets). For a row:
//! - `C_y = ∅`: no direct cell in or reaching over the row, so it is the plain row, and
//!   its cost is the exact planner's (proven fewest under the rules);
//! - `C_y = P_y`: `|P_y|/4`, and no term is lower (passes cost `(21·Σh + n)/4` with
//!   `Σh ≥ 1`), so a row that can be covered whole stops there;
//! - otherwise `(|P_y| + 21·Σh)/4` with `Σh` the least total matrix height of the
//!   leftover `S = P_y \ C_y`, found by the exact planner on `S` with every pixel held
//!   and every cell of `C_y` filled before the passes (a relaxation: the cells filled
//!   then are the pre-filled ones, a part of `C_y`; support and held pixels only ever
//!   help; and the platform's 21 pieces are left out), or, when the
//!   row's time `--budget` (seconds, default 60) runs out, by the floor `Σh ≥` the passes
//!   the bars of pixels no flip can take need (bars over one column go to different
//!   passes), raised to `Σh ≡ −|S| (mod 4)`.
//!
//! The leftovers of a row are tried cheapest floor first; once a floor reaches the best
//! term found, the rest cannot beat it. The bound is the rounded-up sum of the terms.
//! It holds for the rules as the exact planner states them (emitters J0/T0/L0 and
//! J2/T2/L2, pass matrices at most 7 rows, one row's passes at a time).

#![cfg(feature = "image-io")]

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::{planner, RowInput};
use crate::convert::row_pieces_with;
use crate::{BlockKind, Converter, Piece, Playfield, Shape, Sprite, WIDTH};

/// The measurement, with the arguments in `DIRECT_BOUND` (split at white space; set and
/// empty for the benchmark sprites); nothing when it is not set, so that the long
/// proofs' `--ignored` run passes it by.
#[test]
#[ignore = "a measurement: set DIRECT_BOUND, run it by name with --ignored --nocapture"]
fn direct_bound() {
    super::measure("DIRECT_BOUND", run);
}

/// The direct cells of a print, per row.
#[derive(Clone, Default)]
struct DirectCells {
    /// Cells of direct pieces.
    cells: Vec<u32>,
    /// Cells of direct pieces whose top row it is (filled before the row's passes).
    prefill: Vec<u32>,
    /// Cells of direct pieces reaching above it.
    pending: Vec<u32>,
    /// Pieces of each row's passes (platform included) in the print.
    row_pieces: Vec<u32>,
    /// Direct pieces.
    direct: u32,
}

/// The direct print of `sprite` taken apart: where its direct pieces landed and what
/// each row's passes cost.
fn direct_cells(sprite: &Sprite) -> DirectCells {
    let h = sprite.height();
    let (moves, blocks) = Converter::new().with_direct(true).convert_blocks(sprite);
    let mut d = DirectCells {
        cells: vec![0; h],
        prefill: vec![0; h],
        pending: vec![0; h],
        row_pieces: vec![0; h],
        direct: 0,
    };
    let mut direct = vec![false; moves.len()];
    for b in &blocks {
        if b.kind == BlockKind::Direct {
            direct[b.moves.clone()].iter_mut().for_each(|f| *f = true);
            d.direct += b.moves.len() as u32;
        } else {
            d.row_pieces[b.row] += b.moves.len() as u32;
        }
    }
    let mut field = Playfield::new();
    for (m, &is_direct) in moves.iter().zip(&direct) {
        let landing = field.drop_piece(*m).expect("the converter's moves replay");
        if !is_direct {
            continue;
        }
        let top = landing.y + m.shape().height() - 1;
        for dy in 0..m.shape().height() {
            let y = landing.y + dy;
            let cells = m.shape().row_mask(dy) << m.x();
            d.cells[y] |= cells;
            if y == top {
                d.prefill[y] |= cells;
            } else {
                d.pending[y] |= cells;
            }
        }
    }
    d
}

/// Row `y`'s pixels without those in `covered`.
fn leftover(sprite: &Sprite, y: usize, covered: u32) -> RowInput {
    RowInput::of(sprite, y).without(covered, 0)
}

/// The twelve J, T and L orientations.
fn shapes() -> Vec<Shape> {
    [Piece::J, Piece::T, Piece::L]
        .into_iter()
        .flat_map(|p| (0..4).filter_map(move |r| Shape::new(p, r)))
        .collect()
}

/// The row-`y` cells of every J, T or L placement on pixels of its colour that reaches
/// row `y` (distinct, non-empty).
fn slices(sprite: &Sprite, y: usize) -> Vec<u32> {
    let mut out = HashSet::new();
    let x0 = sprite.x0();
    for s in shapes() {
        let colour = s.piece().color().expect("J, T, L");
        let (w, h) = (s.width(), s.height());
        for bottom in y.saturating_sub(h - 1)..=y {
            if bottom + h > sprite.height() {
                continue;
            }
            for x in x0..(x0 + sprite.width() + 1).saturating_sub(w) {
                let fits = (0..h).all(|dy| {
                    let m = s.row_mask(dy) << x;
                    (0..WIDTH).all(|c| {
                        m >> c & 1 == 0
                            || sprite.cell(c, bottom + dy).map(|v| v.min(2)) == Some(colour)
                    })
                });
                if fits {
                    out.insert(s.row_mask(y - bottom) << x);
                }
            }
        }
    }
    let mut v: Vec<u32> = out.into_iter().collect();
    v.sort_unstable();
    v
}

/// One J, T or L on four pixels of its colour: its bottom and top rows and its cells
/// in each (bottom first).
struct Placement {
    bottom: usize,
    top: usize,
    rows: [u32; 3],
}

impl Placement {
    /// Its cells in row `y` (none outside its rows).
    fn cells(&self, y: usize) -> u32 {
        if (self.bottom..=self.top).contains(&y) {
            self.rows[y - self.bottom]
        } else {
            0
        }
    }
}

/// Every J, T or L placement on pixels of its colour (landing and drop order ignored).
fn placements(sprite: &Sprite) -> Vec<Placement> {
    let mut out = Vec::new();
    let x0 = sprite.x0();
    for s in shapes() {
        let colour = s.piece().color().expect("J, T, L");
        let (w, h) = (s.width(), s.height());
        for bottom in 0..(sprite.height() + 1).saturating_sub(h) {
            for x in x0..(x0 + sprite.width() + 1).saturating_sub(w) {
                let mut rows = [0u32; 3];
                let fits = (0..h).all(|dy| {
                    let m = s.row_mask(dy) << x;
                    rows[dy] = m;
                    (0..WIDTH).all(|c| {
                        m >> c & 1 == 0
                            || sprite.cell(c, bottom + dy).map(|v| v.min(2)) == Some(colour)
                    })
                });
                if fits {
                    out.push(Placement {
                        bottom,
                        top: bottom + h - 1,
                        rows,
                    });
                }
            }
        }
    }
    out
}

/// The fewest pieces of any print of `sprite` whose direct pieces are any set of
/// non-overlapping J/T/L placements on pixels of their colour (landing and drop order
/// ignored: only more sets than the rules allow) and whose rows are priced by the
/// row planner `--direct` prices them with (`row_pieces_with`, platforms refused
/// where a direct cell meets them): a DP over the rows whose state is the set of
/// chosen placements reaching the row. `None` when some row meets more than `cap`
/// placements (too many states).
fn default_dp(sprite: &Sprite, cap: usize) -> Option<u32> {
    let pl = placements(sprite);
    let h = sprite.height();
    // The placements meeting each row.
    let meet: Vec<Vec<usize>> = (0..h)
        .map(|y| {
            (0..pl.len())
                .filter(|&i| (pl[i].bottom..=pl[i].top).contains(&y))
                .collect()
        })
        .collect();
    if meet.iter().any(|m| m.len() > cap) {
        return None;
    }
    let mut prices: HashMap<(usize, u32, u32, u32), Option<u32>> = HashMap::new();
    // Sets of placements meeting row y (sorted indexes) → fewest pieces so far: every
    // row below priced and every chosen placement counted.
    let mut states: HashMap<Vec<usize>, u32> = HashMap::new();
    extend(&pl, &[], &meet[0], 0, 0, 0, &mut states);
    for y in 0..h {
        let mut next: HashMap<Vec<usize>, u32> = HashMap::new();
        for (set, cost) in &states {
            let covered = set.iter().fold(0, |m, &i| m | pl[i].cells(y));
            let prefill = set
                .iter()
                .filter(|&&i| pl[i].top == y)
                .fold(0, |m, &i| m | pl[i].cells(y));
            let missing_below = if y == 0 {
                0
            } else {
                set.iter().fold(0, |m, &i| m | pl[i].cells(y - 1))
            };
            let key = (y, covered, prefill, missing_below);
            let price = *prices
                .entry(key)
                .or_insert_with(|| row_pieces_with(sprite, y, covered, prefill, missing_below));
            let Some(price) = price else { continue };
            let carried: Vec<usize> = set.iter().copied().filter(|&i| pl[i].top > y).collect();
            if y + 1 == h {
                let best = next.entry(Vec::new()).or_insert(u32::MAX);
                *best = (*best).min(cost + price);
                continue;
            }
            let fresh: Vec<usize> = meet[y + 1]
                .iter()
                .copied()
                .filter(|&i| pl[i].bottom == y + 1)
                .collect();
            extend(&pl, &carried, &fresh, 0, cost + price, y + 1, &mut next);
        }
        states = next;
    }
    states.values().copied().min()
}

/// Adds to `out` every set `carried` ∪ (a non-overlapping subset of `fresh[k..]`),
/// each fresh placement costing a piece.
fn extend(
    pl: &[Placement],
    carried: &[usize],
    fresh: &[usize],
    k: usize,
    cost: u32,
    y: usize,
    out: &mut HashMap<Vec<usize>, u32>,
) {
    if k == fresh.len() {
        let mut set = carried.to_vec();
        set.sort_unstable();
        let best = out.entry(set).or_insert(u32::MAX);
        *best = (*best).min(cost);
        return;
    }
    extend(pl, carried, fresh, k + 1, cost, y, out);
    let p = &pl[fresh[k]];
    let free = carried
        .iter()
        .all(|&i| (y..=p.top).all(|r| pl[i].cells(r) & p.cells(r) == 0));
    if free {
        let mut with = carried.to_vec();
        with.push(fresh[k]);
        extend(pl, &with, fresh, k + 1, cost + 1, y, out);
    }
}

/// The least admissible `Σh ≥ min` for `n` pixels: `Σh ≡ −n (mod 4)`.
fn residue_height(min: u32, n: u32) -> u32 {
    let mut h = min.max(1);
    while !(h + n).is_multiple_of(4) {
        h += 1;
    }
    h
}

/// The floor of `Σh` for printing `spec`: the passes its pixels that no flip within it
/// can take need (their single bars over one column go to different passes), raised to
/// the residue.
fn floor_height(spec: &RowInput) -> u32 {
    let n = spec.len;
    if n == 0 {
        return 0;
    }
    let (x, colour) = (&spec.x, &spec.colour);
    let flip_at = |i: usize| {
        i + 3 <= n && (1..3).all(|d| x[i + d] == x[i] + d as u8 && colour[i + d] == colour[i])
    };
    let mut cover = [0u32; WIDTH + 2];
    for i in 0..n {
        let in_flip = (i.saturating_sub(2)..=i).any(flip_at);
        if !in_flip {
            let start = usize::from(x[i] + colour[i] - 2);
            for c in &mut cover[start..start + 3] {
                *c += 1;
            }
        }
    }
    residue_height(cover.iter().copied().max().unwrap_or(0), n as u32)
}

/// One row's share of the bound, in quarter pieces: `(exact-based, floor-based,
/// whether every leftover the bound needed was priced exactly within the budget)`.
fn row_bound(sprite: &Sprite, y: usize, plain: u32, budget: Duration) -> (u32, u32, bool) {
    let p = RowInput::of(sprite, y);
    let n = p.len as u32;
    let all: u32 = p.x[..p.len].iter().fold(0, |m, &x| m | 1 << x);
    let sl = slices(sprite, y);
    if sl.is_empty() {
        return (4 * plain, 4 * plain, true);
    }
    // Every union of slices.
    let mut unions: HashSet<u32> = HashSet::from([0]);
    for &s in &sl {
        let more: Vec<u32> = unions.iter().map(|&u| u | s).collect();
        unions.extend(more);
    }
    if unions.contains(&all) {
        return (n, n, true);
    }
    // Leftovers (C non-empty) by floor.
    let mut left: Vec<(u32, RowInput)> = unions
        .iter()
        .filter(|&&u| u != 0)
        .map(|&u| {
            let mut s = leftover(sprite, y, u);
            s.held[..s.len].fill(true);
            (floor_height(&s), s)
        })
        .collect();
    left.sort_by_key(|(f, s)| (*f, s.x[..s.len].to_vec()));
    let floor_best = (4 * plain).min(n + 21 * left[0].0);
    let mut best = 4 * plain;
    let mut planner = planner();
    let start = Instant::now();
    let mut complete = true;
    for (f, s) in &left {
        if n + 21 * f >= best {
            break;
        }
        if start.elapsed() > budget {
            best = best.min(n + 21 * f);
            complete = false;
            break;
        }
        let cols: u32 = s.x[..s.len].iter().fold(0, |m, &x| m | 1 << x);
        let plan = planner.plan_row(&RowInput {
            support: all & !cols,
            ..*s
        });
        best = best.min(n + 21 * plan.total_height);
    }
    (best, floor_best, complete)
}

/// Per row: plain exact pieces, direct+exact row pieces, whether the platform was
/// refused, bound and floor in quarter pieces, whether the bound is complete.
type RowResult = (u32, u32, bool, u32, u32, bool);

/// The measurement on `args`; `false` (the reason printed) when a sprite cannot be read.
fn run(mut args: Vec<String>) -> bool {
    let verbose = args.iter().any(|a| a == "--rows");
    let bound = !args.iter().any(|a| a == "--no-bound");
    args.retain(|a| a != "--rows" && a != "--no-bound");
    let mut budget = 60.0;
    if let Some(i) = args.iter().position(|a| a == "--budget") {
        budget = args
            .get(i + 1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(budget);
        args.drain(i..(i + 2).min(args.len()));
    }
    let budget = Duration::from_secs_f64(budget);
    let mut cap = 20;
    if let Some(i) = args.iter().position(|a| a == "--cap") {
        cap = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(cap);
        args.drain(i..(i + 2).min(args.len()));
    }
    let mut paths = args;
    if paths.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/sprites");
        let Ok(d) = std::fs::read_dir(dir) else {
            eprintln!("{dir}: cannot read");
            return false;
        };
        paths = d
            .filter_map(Result::ok)
            .map(|e| e.path().to_string_lossy().into_owned())
            .collect();
        paths.sort();
    }
    let mut sprites = Vec::new();
    for p in &paths {
        match Sprite::open(p) {
            Ok(s) => {
                let name = std::path::Path::new(p)
                    .file_stem()
                    .map_or_else(|| p.clone(), |s| s.to_string_lossy().into_owned());
                sprites.push((name, s));
            }
            Err(e) => {
                eprintln!("{p}: {e}");
                return false;
            }
        }
    }
    let threads = std::thread::available_parallelism().map_or(1, usize::from);

    // Jobs: every row of every sprite, (sprite, row); each worker has its own planner.
    let jobs: Vec<(usize, usize)> = sprites
        .iter()
        .enumerate()
        .flat_map(|(i, (_, s))| (0..s.height()).map(move |y| (i, y)))
        .collect();
    let cells: Vec<DirectCells> = sprites.iter().map(|(_, s)| direct_cells(s)).collect();
    let results: Vec<Mutex<Option<RowResult>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut exact = planner();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(i, y)) = jobs.get(k) else { break };
                    let s = &sprites[i].1;
                    let d = &cells[i];
                    let plain = exact.plan_row(&RowInput::of(s, y)).pieces;
                    let spec = leftover(s, y, d.cells[y]);
                    let (repriced, refused) = if spec.len == 0 {
                        (0, false)
                    } else {
                        let plan = exact.plan_row(&RowInput {
                            support: d.prefill[y],
                            ..spec
                        });
                        let platform_ok = d.prefill[y] == 0 && (y == 0 || d.pending[y - 1] == 0);
                        if plan.platform && !platform_ok {
                            (d.row_pieces[y], true)
                        } else {
                            (plan.pieces.min(d.row_pieces[y]), false)
                        }
                    };
                    let (b, f, complete) = if bound {
                        row_bound(s, y, plain, budget)
                    } else {
                        (0, 0, true)
                    };
                    *results[k].lock().expect("no panic") =
                        Some((plain, repriced, refused, b, f, complete));
                }
            });
        }
    });
    let results: Vec<_> = results
        .into_iter()
        .map(|m| m.into_inner().expect("no panic").expect("every row done"))
        .collect();

    println!(
        "{:<20} {:>7} {:>7} {:>7} {:>12} {:>7} {:>7} {:>7} {:>7}",
        "sprite", "default", "direct", "exact", "direct+exact", "no-plat", "bound", "floor", "dp"
    );
    let mut totals = [0u64; 7];
    // The best lower bound on prints whose rows the default planner prices: the larger
    // of `bound` (the default never beats the exact planner) and `dp`.
    let mut default_bound = 0;
    for (i, (name, s)) in sprites.iter().enumerate() {
        let default = Converter::new().stats(s).pieces as u32;
        let direct = Converter::new().with_direct(true).stats(s).pieces as u32;
        let rows: Vec<_> = jobs
            .iter()
            .zip(&results)
            .filter(|((j, _), _)| *j == i)
            .map(|((_, y), r)| (*y, *r))
            .collect();
        let exact: u32 = rows.iter().map(|(_, r)| r.0).sum();
        let repriced: u32 = cells[i].direct + rows.iter().map(|(_, r)| r.1).sum::<u32>();
        let refused = rows.iter().filter(|(_, r)| r.2).count() as u32;
        let bound = rows.iter().map(|(_, r)| r.3).sum::<u32>().div_ceil(4);
        let floor = rows.iter().map(|(_, r)| r.4).sum::<u32>().div_ceil(4);
        let incomplete = rows.iter().filter(|(_, r)| !r.5).count();
        if verbose {
            for (y, r) in &rows {
                println!(
                    "  row {y:2}: {:2} pixels, exact {:3}, direct {:3} (+{} direct cells), direct+exact {:3}{}, bound {:6.2}, floor {:6.2}{}",
                    RowInput::of(s, *y).len,
                    r.0,
                    cells[i].row_pieces[*y],
                    cells[i].cells[*y].count_ones(),
                    r.1,
                    if r.2 { " (platform refused)" } else { "" },
                    f64::from(r.3) / 4.0,
                    f64::from(r.4) / 4.0,
                    if r.5 { "" } else { " (budget)" }
                );
            }
        }
        let dp = default_dp(s, cap);
        default_bound += dp.unwrap_or(0).max(bound);
        println!(
            "{:<20} {:>7} {:>7} {:>7} {:>12} {:>7} {:>7} {:>7} {:>7}{}",
            name,
            default,
            direct,
            exact,
            repriced,
            refused,
            bound,
            floor,
            dp.map_or_else(|| "n/a".to_string(), |d| d.to_string()),
            if incomplete > 0 {
                format!("  ({incomplete} rows at the floor after the budget)")
            } else {
                String::new()
            }
        );
        for (t, v) in totals
            .iter_mut()
            .zip([default, direct, exact, repriced, refused, bound, floor])
        {
            *t += u64::from(v);
        }
    }
    println!(
        "{:<20} {:>7} {:>7} {:>7} {:>12} {:>7} {:>7} {:>7}",
        "total", totals[0], totals[1], totals[2], totals[3], totals[4], totals[5], totals[6]
    );
    println!("lower bound with --direct's row planner: {default_bound}");
    true
}
