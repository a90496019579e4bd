//! Row covers: rows covered whole by single pieces, found depth first within a fixed
//! budget.

use crate::sprite::{Sprite, MAX_HEIGHT, MAX_WIDTH};

use super::blocks::*;
use super::pixels::Pixels;
use super::plan::{priced_row, DirectPlan};

/// Most steps a cover search takes ([`cover_band`]).
const COVER_NODES: usize = 4096;
/// Most complete covers one search prices.
const COVER_TRIES: usize = 16;
/// Most ways to cover one cell: each single with one of its four cells there.
const COVER_WAYS: usize = 4 * SINGLE_COUNT;
/// Most rows a cover search covers at once.
const COVER_BAND: usize = 3;
/// Rows of a cover search's window: its band and two rows either side.
const WINDOW: usize = COVER_BAND + 4;
/// Deepest a cover search goes: one piece per cell of the band at most.
const COVER_DEPTH: usize = COVER_BAND * MAX_WIDTH;

/// The ways to cover cell `(x, y)` with a single: every cell a pixel of the single's
/// colour, in the window of rows from `lo` and not in `used` (its cells so far),
/// resting as [`Pixels::fits`] asks. Singles with more cells in row `y` first.
fn cover_ways(
    px: &Pixels,
    used: &[u32; WINDOW],
    lo: isize,
    x: usize,
    y: usize,
    out: &mut [Placed; COVER_WAYS],
) -> usize {
    let mut n = 0;
    for in_row in (1..=3u32).rev() {
        for (b, single) in BLOCKS.iter().enumerate().skip(SINGLES).take(SINGLE_COUNT) {
            let shape = shape_at(single.pieces[0].0);
            for dy in 0..shape.height() {
                let mask = shape.row_mask(dy);
                if mask.count_ones() != in_row {
                    continue;
                }
                for dx in (0..shape.width()).filter(|&d| mask >> d & 1 != 0) {
                    let (Some(bx), Some(by)) = (
                        x.checked_sub(usize::from(dx)),
                        y.checked_sub(usize::from(dy)),
                    ) else {
                        continue;
                    };
                    if bx < px.x0 {
                        continue;
                    }
                    let free = (0..shape.height()).all(|r| {
                        let w = (by + usize::from(r)) as isize - lo;
                        (0..WINDOW as isize).contains(&w)
                            && used[w as usize] & shape.row_mask(r) << bx == 0
                    });
                    if free && px.fits(b, bx, by) {
                        out[n] = Placed::new(b, bx, by);
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

/// Row covers: from `start`, bottom to top, each row still left to the passes is
/// covered whole, alone or with the one or two rows above it, by single pieces where
/// that lowers the print's pieces. A band's covers are found depth first
/// ([`cover_band`]). A cover may leave a row above it unprintable (a pre-filled cell
/// where its passes need a platform): such a row is priced at a quarter of its pixels
/// left, as if a later cover took them, and each cover that leaves one is followed by
/// the cheapest covers of such rows, lowest first (at most [`SETTLE`]). A print is kept
/// only at a row where every row prints. `None` when no print kept has fewer pieces
/// than `start`.
pub(super) fn cover_rows(px: &Pixels, sprite: &Sprite, start: &DirectPlan) -> Option<DirectPlan> {
    let h = px.height;
    let mut plan = *start;
    let mut priced = [0u32; MAX_HEIGHT];
    for (y, p) in priced[..h].iter_mut().enumerate() {
        *p = priced_row(&plan, px, sprite, y);
    }
    // The print's pieces with rows up to `done` priced, those above at their price or,
    // when they cannot print, a quarter of their pixels left; `None` if a row up to
    // `done` cannot print.
    let estimate = |plan: &DirectPlan, priced: &[u32; MAX_HEIGHT], done: usize| {
        let mut t = plan.direct_pieces() as u32;
        for (r, &p) in priced[..h].iter().enumerate() {
            t += match p {
                u32::MAX if r <= done => return None,
                u32::MAX => (px.any(r) & !plan.cells[r]).count_ones().div_ceil(4),
                p => p,
            };
        }
        Some(t)
    };
    let first = estimate(&plan, &priced, h)?;
    let mut best = (first, plan);
    for y in 0..h {
        let mut cost = estimate(&plan, &priced, y).unwrap_or(u32::MAX);
        if px.any(y) & !plan.cells[y] != 0 {
            let mut found: Option<Covered> = None;
            for rows in 1..=COVER_BAND.min(h - y) {
                let top = y + rows - 1;
                // Each cover that leaves a row above unprintable is followed by the
                // cheapest covers of such rows, lowest first.
                let settle = |p: &DirectPlan, t: &[u32; MAX_HEIGHT]| {
                    let (mut p, mut t) = (*p, *t);
                    for _ in 0..SETTLE {
                        let Some(r) = (top + 1..h).find(|&r| t[r] == u32::MAX) else {
                            return estimate(&p, &t, top).map(|c| (c, p, t));
                        };
                        (_, p, t) =
                            cover_band(px, sprite, &p, &t, r..r + 1, SETTLE_BUDGET, |p2, t2| {
                                estimate(p2, t2, r).map(|c| (c, *p2, *t2))
                            })?;
                    }
                    None
                };
                if let Some(f) = cover_band(
                    px,
                    sprite,
                    &plan,
                    &priced,
                    y..top + 1,
                    (COVER_NODES, COVER_TRIES),
                    settle,
                ) {
                    if found.as_ref().is_none_or(|g| f.0 < g.0) {
                        found = Some(f);
                    }
                }
            }
            if let Some((c, trial, tp)) = found {
                if c < cost {
                    cost = c;
                    plan = trial;
                    priced = tp;
                }
            }
        }
        if cost == u32::MAX {
            break;
        }
        if let Some(c) = estimate(&plan, &priced, h) {
            if c < best.0 {
                best = (c, plan);
            }
        }
    }
    best.1.pieces = best.0;
    (best.0 < first).then_some(best.1)
}

/// A cover's price, the plan with its pieces, and the plan's rows' pieces.
type Covered = (u32, DirectPlan, [u32; MAX_HEIGHT]);

/// Most rows [`cover_rows`] covers to make a cover's print printable again.
const SETTLE: usize = 8;
/// The steps and complete covers of each search that does.
const SETTLE_BUDGET: (usize, usize) = (1024, 4);

/// The cheapest cover of the rows `band` (at most [`COVER_BAND`]) by single pieces,
/// priced by `price` (the plan with the cover's pieces added, and its rows' pieces):
/// its price, plan and rows' pieces. Depth first: the lowest, then leftmost, cell still
/// open, each of its [`cover_ways`] in turn; at most [`COVER_NODES`] steps, and the
/// first [`COVER_TRIES`] complete covers whose pieces all land with the plan's
/// ([`DirectPlan::all_land`]) are priced (the steps and covers are the budget passed
/// in). None when some open cell has no way to be covered at the start (the cells used
/// only grow, so it never will): the stripes' one-wide column of L skips its search.
fn cover_band(
    px: &Pixels,
    sprite: &Sprite,
    plan: &DirectPlan,
    priced: &[u32; MAX_HEIGHT],
    band: core::ops::Range<usize>,
    (max_nodes, max_tries): (usize, usize),
    price: impl Fn(&DirectPlan, &[u32; MAX_HEIGHT]) -> Option<Covered>,
) -> Option<Covered> {
    let h = px.height;
    let lo = band.start as isize - 2;
    let mut base = [0u32; WINDOW];
    for (w, u) in base.iter_mut().enumerate() {
        let r = lo + w as isize;
        *u = if (0..h as isize).contains(&r) {
            plan.cells[r as usize]
        } else {
            u32::MAX
        };
    }
    // The lowest, then leftmost, cell of the band not in `used`.
    let open = |used: &[u32; WINDOW]| {
        band.clone().find_map(|r| {
            let rest = px.any(r) & !used[(r as isize - lo) as usize];
            (rest != 0).then(|| (rest.trailing_zeros() as usize, r))
        })
    };
    // The search's stack: per depth, the cells used, the ways and the one tried.
    let mut used = [[0u32; WINDOW]; COVER_DEPTH + 1];
    let mut ways = [[Placed::default(); COVER_WAYS]; COVER_DEPTH];
    let mut count = [0usize; COVER_DEPTH];
    let mut tried = [0usize; COVER_DEPTH];
    used[0] = base;
    // A cell that no single can cover now never can: no cover then.
    for r in band.clone() {
        let mut rest = px.any(r) & !base[(r as isize - lo) as usize];
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            if cover_ways(px, &base, lo, x, r, &mut ways[0]) == 0 {
                return None;
            }
            rest &= rest - 1;
        }
    }
    let (x, y) = open(&used[0])?;
    count[0] = cover_ways(px, &used[0], lo, x, y, &mut ways[0]);
    let mut depth = 0;
    let (mut nodes, mut tries) = (0, 0);
    let mut found: Option<Covered> = None;
    while nodes < max_nodes && tries < max_tries {
        if tried[depth] == count[depth] {
            if depth == 0 {
                break;
            }
            depth -= 1;
            tried[depth] += 1;
            continue;
        }
        nodes += 1;
        let p = ways[depth][tried[depth]];
        let (m, bottom, _) = p.piece(0);
        let mut u = used[depth];
        for dy in 0..m.shape.height() {
            u[(bottom as isize - lo) as usize + usize::from(dy)] |= m.shape.row_mask(dy) << m.x;
        }
        used[depth + 1] = u;
        if let Some((x, y)) = open(&u) {
            let d = depth + 1;
            count[d] = cover_ways(px, &u, lo, x, y, &mut ways[d]);
            tried[d] = 0;
            depth = d;
            continue;
        }
        // A cover: its pieces with the plan's.
        tries += 1;
        let mut trial = *plan;
        let (mut low, mut high) = (band.start, band.end - 1);
        for d in 0..=depth {
            let q = ways[d][tried[d]];
            trial.add(q);
            let (_, b, t) = q.piece(0);
            low = low.min(b);
            high = high.max(t);
        }
        if (plan.len..trial.len).all(|i| trial.all_land(px, i)) {
            let mut tp = *priced;
            for (r, t) in tp
                .iter_mut()
                .enumerate()
                .take(high.min(h - 1) + 1)
                .skip(low)
            {
                *t = priced_row(&trial, px, sprite, r);
            }
            if let Some(f) = price(&trial, &tp) {
                if found.as_ref().is_none_or(|g| f.0 < g.0) {
                    found = Some(f);
                }
            }
        }
        tried[depth] += 1;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::fewest;
    use crate::playfield::Playfield;

    /// The smiley's top: four rows of one colour narrowing upwards. The row covers
    /// leave rows with no pixel to emit, the print costs less than without direct
    /// pieces, every piece lands, and the pieces and the rows' passes replay to the
    /// cells of the rows they cover.
    #[test]
    fn a_dome_of_one_colour_gets_rows_with_no_passes() {
        let sprite = Sprite::from_ascii(
            "
            .....000000.....
            ...0000000000...
            ..000000000000..
            .00000000000000.
            ",
        )
        .unwrap();
        let px = Pixels::of(&sprite, fewest::plan_row);
        let h = sprite.height();
        let plain: u32 = (0..h)
            .map(|y| priced_row(&DirectPlan::EMPTY, &px, &sprite, y))
            .sum();
        let plan = cover_rows(&px, &sprite, &DirectPlan::EMPTY).expect("a cheaper print");
        assert!(plan.pieces < plain, "{} of {plain}", plan.pieces);
        let free = (0..h).filter(|&y| px.any(y) & !plan.cells[y] == 0).count();
        assert!(free >= 2, "{free} rows with no passes");
        for k in 0..plan.len {
            assert!(plan.lands(&px, k, 0), "{:?}", plan.blocks[k]);
        }
        // The pieces' cells are pixels of their colour and none is shared.
        let mut seen = [0u32; MAX_HEIGHT];
        for p in &plan.blocks[..plan.len] {
            for (m, bottom, _) in p.pieces() {
                let c = m.shape.piece().color().unwrap();
                for dy in 0..m.shape.height() {
                    let y = bottom + usize::from(dy);
                    let cells = m.shape.row_mask(dy) << m.x;
                    assert_eq!(px.colour[y][usize::from(c)] & cells, cells);
                    assert_eq!(seen[y] & cells, 0);
                    seen[y] |= cells;
                }
            }
        }
        assert_eq!(seen, plan.cells);
        // Dropped on their own, bottom row first, every piece lands where it should
        // once the pixels below it that no piece covers are there.
        let mut field = Playfield::new();
        for y in 0..h {
            for x in 0..21 {
                if (px.any(y) & !plan.cells[y]) >> x & 1 != 0 {
                    field.set(x, y, Some(crate::piece::Piece::J));
                }
            }
            plan.after_row(y, |m| {
                let landing = field.drop_piece(m).unwrap();
                assert_eq!(landing.lines(), 0);
            });
        }
        for y in 0..h {
            assert_eq!(field.rows()[y], px.any(y), "row {y}");
        }
    }
}
