//! Wide patterns: full-width fillers of a pass's matrix that rest on the emission row.
//!
//! Strips tile a matrix side by side, each standing on its own columns, so a stretch
//! with no bottom cell over an empty emission row holds nothing up. Two kinds of pass
//! run into that all the time, and a **wide** pattern, which packs the whole 21-column
//! matrix over the pass's bottom row (`bottom`) resting on emission-row squares
//! (`support`), lets the fillers lean across the row instead:
//! - **a lone triple** at column 3, 7, 11 or 15 has no 3-row classic pattern (the
//!   table's is 7 rows, 37 pieces) and no 3-row strip tiling. Two squares of a row are
//!   often printed in two such passes (overlapping triples), so the second pass has the
//!   first one's square in its emission row; any one square there lets it close in 3
//!   rows (16 pieces instead of 37);
//! - **a lone flipped emitter** (J2, T2 or L2 on three pixels) leaves one cell, its top,
//!   in the bottom row, over its own bar. The classic table has no such bottom, and no
//!   strip tiling packs it at 5 rows for most columns; a wide pattern does for the
//!   others (15 of the 17), resting on one square of the bar (27 pieces for the three
//!   pixels);
//! - **a flipped emitter and one single** in one pass leave a top cell and a bar: no
//!   classic pattern either, and often no strip tiling at 4 rows; 258 of those bottom
//!   rows pack in 4 rows with no support at all;
//! - **two triples** (two singles in a pass): the classic table needs 6 rows for all
//!   but three of them, but with squares of the row beside or between their bars 66
//!   pack in 2 where no strip tiling does (the file lists their 1,301 minimal
//!   supports). An outline's side walls print this way: two pixels at
//!   each edge of a row are two such passes, the second resting on the first one's
//!   squares (`00…00` rows: 64 → 43 pieces);
//! - **a flipped emitter and two singles** in one pass (a top cell and two bars) have
//!   no classic pattern either; on the real sprites, where letters and outlines put a
//!   run of three beside lone pixels, exact's plans use them at 3 rows, and most pack
//!   there with no support or a square of the flipped bar (709 bottom rows);
//! - **two flipped emitters** in one pass leave two top cells. No strip tiling packs
//!   them at 2 rows, and no other table has them, so without these the pass is split
//!   in two (a lone top cell each, 5 rows apiece). Resting on their two bars, every
//!   such pair packs at 6 rows: one pass of 6 rows for six pixels instead of two of 5
//!   (the outlines and letters of real sprites meet this all the time).
//! - **four flipped emitters side by side** (a run of twelve pixels printed as four
//!   flipped bars in one pass) leave four top cells. Strips tile few of them at 4 rows
//!   and no other kind has them, so without these the pass is split; on their own
//!   bars every one of the 486 packs at 4 rows (24 pieces with its emitters): 432
//!   need a pattern, strips tile the other 54.
//! - **a run**: singles and flipped emitters side by side leave one contiguous run of
//!   bottom cells (a triple's bar, a top cell, a bar, …). At 3 rows a run with an odd
//!   number of empty columns on each side has no strip tiling at all (a strip over `e`
//!   empty bottom cells holds `3·e + 2·(w − e)` cells, whole pieces only when `e` is
//!   even, so one strip would have to span the run and both its neighbours). The
//!   pyramid's widest rows print that way: three singles and two flipped emitters over
//!   columns 5..=15 in one 3-row pass of 13 fillers, where strips needed two passes
//!   (39 pieces).
//!
//! The family: every single triple at 3 rows whose empty support does not pack (those
//! that do are the classic table's 3-row patterns), with support drawn from the sprite
//! columns 2..=18 outside the bar (only those ever hold a square); and every single cell
//! in columns 2..=18 at 5 rows, with support drawn from the two columns either side of
//! it (where its bar lies; the pass always holds the bar); and every top cell with one
//! triple beside it at 4 rows, support drawn from the same columns, and every top cell
//! with two triples at 3 rows, the same way; every two triples at 2 rows, support drawn
//! from the sprite columns outside their bars (not only those within two of the bars:
//! a square far from them can hold the pass up too). Two top cells at 2 rows (two
//! flipped emitters in a pass) are left out: they saved next to no pieces. As for
//! strips, support only ever helps, so for each key the searcher records every *minimal* support that admits
//! a packing, smallest first, each with one packing; a support that admits none is
//! proved so by the exhaustive search. A support on which a strip tiling already packs
//! the matrix is left out, with every larger one: the converter tries strips first, so
//! it would never reach those patterns (half of the top-cell-and-two-triples ones).
//! Then every two top cells at 6 rows ([`search_flip_pair`]): proving supports
//! impossible costs too much there, so these supports are only known to serve every
//! pair of the emitters' bars, not to be minimal. Last, every run of 2..=21 cells that
//! no other kind searches, at every height up to 6 ([`run_candidates`],
//! [`search_run`]), on no support: 115 pack where no strip tiling does, 31 are tiled by
//! strips and the other 89 are proved not to pack. Between those two, every four
//! flipped emitters side by side at 4 rows on their own bars ([`search_flip_quad`]),
//! each search within a budget of states (a set of bars left out would not be proved
//! not to pack; today none is: strips tile the 54 with no pattern).

use super::engine::{
    solve, solve_with_restarts, solve_within, DeadTable, Outcome, Placement, Problem,
};
use super::strips::StripIndex;
use tetris_printer_core::moves::Move;
use tetris_printer_core::pattern::{MAX_STRIP_HEIGHT, WIDE_SUPPORT};
use tetris_printer_core::pattern_text::{arrangements, WideText};
use tetris_printer_core::playfield::WIDTH;

/// The packing problem of a full-width matrix `height` rows tall over `bottom`, resting
/// on `support`.
#[must_use]
pub fn wide_problem(height: u8, bottom: u32, support: u32) -> Problem {
    let mut start = [0u8; WIDTH];
    for (x, h) in start.iter_mut().enumerate() {
        *h = u8::from(bottom >> x & 1 != 0);
    }
    Problem {
        start,
        goal: [height; WIDTH],
        support,
    }
}

/// The columns a flipped emitter with its top cell in column `t` may hold in the
/// emission row, outside `bottom`: the two either side of `t` (its bar lies on three of
/// them and `t`).
#[must_use]
pub const fn flip_window(t: u32, bottom: u32) -> u32 {
    WIDE_SUPPORT & (0b11011 << t >> 2) & !bottom
}

/// The submasks of `window`, by size then value.
fn supports_of(window: u32) -> Vec<u32> {
    let bits: Vec<u32> = (0..32).filter(|b| window >> b & 1 != 0).collect();
    let mut out: Vec<u32> = (0u32..1 << bits.len())
        .map(|m| {
            bits.iter()
                .enumerate()
                .filter(|(i, _)| m >> i & 1 != 0)
                .fold(0, |s, (_, &b)| s | 1 << b)
        })
        .collect();
    out.sort_by_key(|s| (s.count_ones(), *s));
    out
}

/// The `(bottom, height, window)` the searcher tries, in file order, with the columns
/// whose supports it tries: every single triple at 3 rows (the sprite columns outside
/// its bar; those whose empty support packs, the classic table's 3-row patterns, come
/// out empty, so the file holds the four that need support); every flipped emitter's
/// top cell alone at 5 rows; every two triples at 2 rows (the sprite columns outside
/// their bars; those whose empty support packs, the classic table's three 2-row
/// patterns, come out empty); and every top cell with one triple beside it at 4 rows
/// (both around the top cell, [`flip_window`]; a bottom row that two such pairs share is
/// one key, searched around both top cells).
#[must_use]
pub fn wide_candidates() -> Vec<(u32, u8, u32)> {
    let mut out: Vec<(u32, u8, u32)> = arrangements(1)
        .into_iter()
        .map(|key| (key, WIDE_HEIGHT, WIDE_SUPPORT & !key))
        .collect();
    out.extend((2..=18).map(|t| (1u32 << t, FLIP_HEIGHT, flip_window(t, 1 << t))));
    out.extend(
        arrangements(2)
            .into_iter()
            .map(|key| (key, PAIR_HEIGHT, WIDE_SUPPORT & !key)),
    );
    push_top_cell_keys(&mut out, 1, MIXED_HEIGHT);
    push_top_cell_keys(&mut out, 2, MIXED_TWO_HEIGHT);
    out
}

/// Appends to `out`, sorted, every top cell (columns 2..=18) beside `triples` triples at
/// `height` rows, searched around the top cell ([`flip_window`]). A top cell next to a
/// triple reads the same as the triple's other neighbour with the triple shifted (`A`
/// cells 3..=6: top 3 and triple 4, or triple 3 and top 6): one key per bottom row,
/// searched over the windows of every top cell it can be read with.
fn push_top_cell_keys(out: &mut Vec<(u32, u8, u32)>, triples: u8, height: u8) {
    let mut keys = Vec::new();
    for t in 2..=18u32 {
        for key in arrangements(triples) {
            if key >> t & 1 == 0 {
                let bottom = key | 1 << t;
                keys.push((bottom, height, flip_window(t, bottom)));
            }
        }
    }
    keys.sort_unstable();
    let first = out.len();
    for (bottom, height, window) in keys {
        match out[first..].last_mut() {
            Some(last) if (last.0, last.1) == (bottom, height) => last.2 |= window,
            _ => out.push((bottom, height, window)),
        }
    }
}

/// The matrix height of a pass of one flipped emitter and two singles (`21·h − 7 ≡ 0
/// mod 4`).
pub const MIXED_TWO_HEIGHT: u8 = 3;

/// The matrix height of a pass of two flipped emitters (`21·h − 2 ≡ 0 mod 4`: 2 or 6;
/// none packs at 2 on the squares of its bars).
pub const FLIP_PAIR_HEIGHT: u8 = 6;

/// States the search of a flip pair on a part of its bars may expand before it gives up
/// ([`search_flip_pair`]); those on the top cells' columns alone that pack do within 745.
pub const FLIP_PAIR_BUDGET: u64 = 20_000;

/// The matrix height of a pass of one flipped emitter and one single (`21·h − 4 ≡ 0
/// mod 4`).
pub const MIXED_HEIGHT: u8 = 4;

/// The matrix height of a pass of two triples (`21·h − 6 ≡ 0 mod 4`; the classic table
/// needs 6 rows for all but three of them).
pub const PAIR_HEIGHT: u8 = 2;

/// The matrix height of a lone triple's pass.
pub const WIDE_HEIGHT: u8 = 3;

/// The matrix height of a lone flipped emitter's pass (`21·h − 1 ≡ 0 mod 4`, and one
/// row cannot be packed).
pub const FLIP_HEIGHT: u8 = 5;

/// Searches every minimal support of one `(bottom, height)`, in order of increasing size,
/// then value; empty when the empty support already packs (the key is not in the family)
/// or nothing does. A support on which `strips` tile the matrix is left out, and so is
/// every larger one (the converter tries strip tilings first, so it would never reach
/// those patterns). `base` is the canonical placement order.
#[must_use]
pub fn search_wide_supports(
    bottom: u32,
    height: u8,
    window: u32,
    table: &DeadTable,
    base: &[Placement],
    strips: &StripIndex,
) -> Vec<WideText> {
    let mut found: Vec<WideText> = Vec::new();
    let mut tiled: Vec<u32> = Vec::new();
    for support in supports_of(window) {
        if found.iter().any(|f| f.support & !support == 0)
            || tiled.iter().any(|&t| t & !support == 0)
        {
            continue; // a smaller support already packs, or strips already tile it
        }
        if strips.tiles(bottom, support, height) {
            tiled.push(support);
            continue;
        }
        if let Outcome::Found { drops, nodes } =
            solve(&wide_problem(height, bottom, support), base, table)
        {
            if support == 0 && bottom.count_ones().is_multiple_of(3) {
                return Vec::new(); // the classic table's pattern
            }
            found.push(found_text(height, bottom, support, drops, nodes));
        }
    }
    found
}

/// The record of a packing the search found: `drops` fill the matrix `height` rows tall
/// over `bottom` on `support` (`nodes`: states expanded); its line is set when written.
fn found_text(height: u8, bottom: u32, support: u32, drops: Vec<Move>, nodes: u64) -> WideText {
    WideText {
        height,
        bottom,
        support,
        fillers: drops,
        nodes,
        line: 0,
    }
}

/// The two top cells `(t1, t2)` a pass of two flipped emitters can leave, as bottom
/// rows, in file order: top cells in the sprite columns 2..=18 whose emitters' bars
/// ([`flip_bars`]) can lie apart.
#[must_use]
pub fn flip_pair_candidates() -> Vec<u32> {
    (2..=18u32)
        .flat_map(|a| (a + 1..=18).map(move |b| 1 << a | 1 << b))
        .filter(|&bottom| !flip_bars(bottom).is_empty())
        .collect()
}

/// The emission-row squares two flipped emitters with top cells `bottom` can lie on:
/// each bar three columns of the sprite (2..=18) holding its top cell (J2 from it
/// rightwards, T2 around it, L2 leftwards), the two apart; every pair of bars, as one
/// mask, in increasing order.
#[must_use]
pub fn flip_bars(bottom: u32) -> Vec<u32> {
    let (a, b) = (bottom.trailing_zeros(), 31 - bottom.leading_zeros());
    let mut out: Vec<u32> = bars_of(a)
        .flat_map(|m| bars_of(b).map(move |n| (m, n)))
        .filter(|&(m, n)| m & n == 0 && (m | n) & !WIDE_SUPPORT == 0)
        .map(|(m, n)| m | n)
        .collect();
    out.sort_unstable();
    out
}

/// The patterns of one flip pair (`bottom`: two top cells) at [`FLIP_PAIR_HEIGHT`]
/// rows, enough that every pair of bars ([`flip_bars`]) holds one's support: parts of
/// the bars holding the top cells (`parts_of`), smallest first, each searched within
/// [`FLIP_PAIR_BUDGET`] states while a pair of bars it lies within has none yet; a whole
/// pair of bars is searched without a budget (each packs). Unlike the other kinds these supports are not
/// proved minimal: the exhaustive proofs cost too much at 6 rows. Every one is a
/// packing, checked by replay like all the others. `orders(salt, k)` is restart `k`'s
/// placement order.
#[must_use]
pub fn search_flip_pair(
    bottom: u32,
    table: &DeadTable,
    orders: &dyn Fn(u64, u32) -> Vec<Placement>,
) -> Vec<WideText> {
    let solve = |support: u32, budget: u64| {
        search_within(bottom, FLIP_PAIR_HEIGHT, support, budget, table, orders)
    };
    // Every support a pass of these two flips can have holds one pair of bars; a
    // support common to several pairs serves them all. Try the parts of the bars that
    // hold the top cells (the top cell alone, with either neighbour, or a whole bar),
    // smallest first, each only while some pair of bars it serves has no pattern yet.
    let all = flip_bars(bottom);
    let (a, b) = (bottom.trailing_zeros(), 31 - bottom.leading_zeros());
    let mut parts: Vec<u32> = Vec::new();
    for pa in parts_of(a) {
        for pb in parts_of(b) {
            let s = pa | pb;
            if pa & pb == 0 && all.iter().any(|&m| s & !m == 0) && !parts.contains(&s) {
                parts.push(s);
            }
        }
    }
    parts.sort_by_key(|s| (s.count_ones(), *s));
    let mut found: Vec<WideText> = Vec::new();
    let mut served = vec![false; all.len()];
    for s in parts {
        let serves: Vec<usize> = (0..all.len()).filter(|&i| s & !all[i] == 0).collect();
        if serves.iter().all(|&i| served[i]) {
            continue;
        }
        let whole = all.contains(&s);
        if let Some(w) = solve(s, if whole { u64::MAX } else { FLIP_PAIR_BUDGET }) {
            serves.iter().for_each(|&i| served[i] = true);
            found.push(w);
        }
    }
    found
}

/// A packing of the matrix `height` rows tall over `bottom` on `support`, if the search
/// finds one within `budget` states (restarts salted by the key; `orders(salt, k)` is
/// restart `k`'s placement order).
fn search_within(
    bottom: u32,
    height: u8,
    support: u32,
    budget: u64,
    table: &DeadTable,
    orders: &dyn Fn(u64, u32) -> Vec<Placement>,
) -> Option<WideText> {
    let salt = u64::from(bottom) << 24 ^ u64::from(support);
    match solve_within(
        &wide_problem(height, bottom, support),
        |k| orders(salt, k),
        super::engine::RESTART_BUDGET,
        budget,
        table,
    ) {
        Some(Outcome::Found { drops, nodes }) => {
            Some(found_text(height, bottom, support, drops, nodes))
        }
        _ => None,
    }
}

/// The bars of the flipped emitters whose top cell is in column `t`: J2's from it
/// rightwards, T2's around it, L2's leftwards.
fn bars_of(t: u32) -> impl Iterator<Item = u32> {
    (0..3u32)
        .filter(move |&c| t >= c)
        .map(move |c| 0b111u32 << (t - c))
}

/// The parts of a bar holding top cell `t` that some bar holds: `t` alone, with either
/// neighbour, and each whole bar (in the sprite columns).
fn parts_of(t: u32) -> Vec<u32> {
    let mut out = vec![1 << t, 0b11 << t, 0b11 << (t - 1)];
    out.extend(bars_of(t));
    out.retain(|&m| m & !WIDE_SUPPORT == 0);
    out
}

/// The matrix height of a pass of four flipped emitters (`21·h − 4 ≡ 0 mod 4`; one row
/// cannot hold four top cells and I pieces alone).
pub const FLIP_QUAD_HEIGHT: u8 = 4;

/// States the search of one pass of four flipped emitters may expand before it gives
/// up ([`search_flip_quad`]).
pub const FLIP_QUAD_BUDGET: u64 = 20_000;

/// Every pass of four flipped emitters side by side in the sprite columns, in file
/// order, as `(top cells, bars)`: their bars one run of twelve pixels in columns
/// 2..=18 (from column 2 to 7), each bar a J2, T2 or L2 (top cell over its left, middle
/// or right cell), sorted by top cells, then bars (a bottom row of four top cells can
/// lie over several runs; each is one support of the key). Four flipped emitters anywhere
/// in the row are left out: they saved few pieces for many times the bytes of every
/// other wide pattern.
#[must_use]
pub fn flip_quad_candidates() -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for a in 2..=7u32 {
        let bars = 0xFFF << a;
        for colours in 0..81u32 {
            let tops = (0..4u32).fold(0u32, |m, k| {
                m | 1 << (a + 3 * k + colours / 3u32.pow(k) % 3)
            });
            out.push((tops, bars));
        }
    }
    out.sort_unstable();
    out
}

/// The pattern of one pass of four flipped emitters side by side (top cells `bottom`) at
/// [`FLIP_QUAD_HEIGHT`] rows on its own bars (`bars`, always in the emission row when
/// the pass is filled), if no strip tiling packs it there (the converter tries strips
/// first) and the search finds one within [`FLIP_QUAD_BUDGET`] states (so a key left
/// out would not be proved not to pack; none is). `orders(salt, k)` is restart `k`'s
/// placement order.
#[must_use]
pub fn search_flip_quad(
    bottom: u32,
    bars: u32,
    table: &DeadTable,
    orders: &dyn Fn(u64, u32) -> Vec<Placement>,
    strips: &StripIndex,
) -> Option<WideText> {
    if strips.tiles(bottom, bars, FLIP_QUAD_HEIGHT) {
        return None;
    }
    search_within(
        bottom,
        FLIP_QUAD_HEIGHT,
        bars,
        FLIP_QUAD_BUDGET,
        table,
        orders,
    )
}

/// The tallest matrix a run pattern is searched at (the tallest wide pattern).
pub const RUN_MAX_HEIGHT: u8 = FLIP_PAIR_HEIGHT;

/// The runs the searcher tries, in file order: every bottom row that is one contiguous
/// run of 2..=21 cells, at every height up to [`RUN_MAX_HEIGHT`] that takes whole
/// pieces, that no other kind ([`wide_candidates`], [`flip_pair_candidates`]) searches.
///
/// A pass of singles and flipped emitters side by side (a triple's bar, a top cell, a
/// bar, …) leaves such a run. At 3 rows an odd run with 5 empty columns either side
/// cannot be tiled by strips at all: a strip `w` wide over `e` empty bottom cells holds
/// `3·e + 2·(w − e)` cells, a whole number of pieces only when `e` is even, so one strip
/// would have to span the whole run and both its neighbours.
#[must_use]
pub fn run_candidates() -> Vec<(u32, u8)> {
    let taken: Vec<(u32, u8)> = wide_candidates()
        .into_iter()
        .map(|(bottom, height, _)| (bottom, height))
        .chain(
            flip_pair_candidates()
                .into_iter()
                .map(|b| (b, FLIP_PAIR_HEIGHT)),
        )
        .collect();
    let mut out = Vec::new();
    for k in 2..=WIDTH as u32 {
        for a in 0..=WIDTH as u32 - k {
            let bottom = ((1u32 << k) - 1) << a;
            for h in 1..=RUN_MAX_HEIGHT {
                let cells = WIDTH as u32 * u32::from(h);
                if cells >= k && (cells - k).is_multiple_of(4) && !taken.contains(&(bottom, h)) {
                    out.push((bottom, h));
                }
            }
        }
    }
    out
}

/// The pattern of one run (`bottom`, `height`) on no support, if it packs and no strip
/// tiling does (the converter tries strips first). The search is exhaustive, so a run
/// left out is proved not to pack (in well under a second for all of them). Resting on
/// its own sprite columns (the flipped emitters' bars, the squares under its triples)
/// was measured too: no run packs there that does not pack on nothing, so the empty
/// support is the only one searched, and it is minimal. `orders(salt, k)` is restart
/// `k`'s placement order.
#[must_use]
pub fn search_run(
    bottom: u32,
    height: u8,
    table: &DeadTable,
    orders: &dyn Fn(u64, u32) -> Vec<Placement>,
    strips: &StripIndex,
) -> Option<WideText> {
    if height <= MAX_STRIP_HEIGHT && strips.tiles(bottom, 0, height) {
        return None;
    }
    let salt = u64::from(bottom) << 8 | u64::from(height);
    match solve_with_restarts(
        &wide_problem(height, bottom, 0),
        |k| orders(salt, k),
        super::engine::RESTART_BUDGET,
        table,
    ) {
        Outcome::Found { drops, nodes } => Some(found_text(height, bottom, 0, drops, nodes)),
        Outcome::None { .. } => None,
    }
}
