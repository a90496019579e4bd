//! Row covers: rows covered whole by single pieces, found by the DP over the columns
//! ([`super::cover_dp`], the lookup planner's) or depth first within a fixed budget
//! (the searching planner's).

use crate::sprite::{Sprite, MAX_HEIGHT};

use super::blocks::*;
use super::cover_dp::{
    cell_ways, cover_dp, Variant, Way, COVER_BAND, COVER_DEPTH, COVER_WAYS, WINDOW,
};
use super::pixels::Pixels;
use super::plan::{priced_row, DirectPlan};

/// What finding one band's covers may do ([`cover_band`]).
#[derive(Clone, Copy)]
struct Budget {
    /// The search's most steps.
    nodes: usize,
    /// The search's most complete covers priced.
    tries: usize,
    /// The DP's runs, one cover each.
    variants: &'static [Variant],
}

/// A band's: 4,096 steps and 16 covers, or every variant of the DP.
const COVER_BUDGET: Budget = Budget {
    nodes: 4096,
    tries: 16,
    variants: &Variant::ALL,
};

/// The ways to cover cell `(x, y)` with a single: every cell a pixel of the single's
/// colour, in the window of rows from `lo` and not in `used` (its cells so far),
/// resting as [`Pixels::fits`] asks ([`cell_ways`]). Singles with more cells in row
/// `y` first.
fn cover_ways(
    px: &Pixels,
    used: &[u32; WINDOW],
    lo: isize,
    x: usize,
    y: usize,
    out: &mut [Placed; COVER_WAYS],
) -> usize {
    let mut ways = [Way::default(); COVER_WAYS];
    let n = cell_ways(px, used, lo, (0, WINDOW), x, y, &mut ways);
    let mut k = 0;
    for in_row in (1..=3u32).rev() {
        for w in &ways[..n] {
            let (m, bottom, _) = w.placed.piece(0);
            if m.shape.row_mask((y - bottom) as u8).count_ones() == in_row {
                out[k] = w.placed;
                k += 1;
            }
        }
    }
    k
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
pub(super) fn cover_rows(
    px: &Pixels,
    sprite: &Sprite,
    start: &DirectPlan,
    finder: Finder,
) -> Option<DirectPlan> {
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
                        (_, p, t) = cover_band(
                            px,
                            sprite,
                            &p,
                            &t,
                            r..r + 1,
                            (finder, SETTLE_BUDGET),
                            |p2, t2| estimate(p2, t2, r).map(|c| (c, *p2, *t2)),
                        )?;
                    }
                    None
                };
                if let Some(f) = cover_band(
                    px,
                    sprite,
                    &plan,
                    &priced,
                    y..top + 1,
                    (finder, COVER_BUDGET),
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

/// How [`cover_rows`] finds a band's covers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Finder {
    /// Depth first within a budget ([`cover_band`]; the searching planner's).
    Search,
    /// The DP over the columns, once per variant of the budget ([`cover_dp`]; the
    /// lookup planner's).
    Dp,
}

/// A cover's price, the plan with its pieces, and the plan's rows' pieces.
type Covered = (u32, DirectPlan, [u32; MAX_HEIGHT]);

/// Most rows [`cover_rows`] covers to make a cover's print printable again.
const SETTLE: usize = 8;
/// The budget of each band that does: 1,024 steps and 4 covers, or the DP's fewest
/// pieces reaching two rows either side (on the real sprites the other 71 variants
/// found nothing cheaper).
const SETTLE_BUDGET: Budget = Budget {
    nodes: 1024,
    tries: 4,
    variants: &[Variant::SETTLE],
};

/// The cheapest cover of the rows `band` (at most [`COVER_BAND`]) by single pieces,
/// priced by `price` (the plan with the cover's pieces added, and its rows' pieces):
/// its price, plan and rows' pieces. With [`Finder::Dp`], the cover of each of the
/// budget's variants ([`cover_dp`]); with [`Finder::Search`], depth first: the lowest,
/// then leftmost, cell still open, each of its [`cover_ways`] in turn, at most the
/// budget's steps, and its first complete covers. Each cover whose pieces all land with
/// the plan's ([`DirectPlan::all_land`]) is priced. The search finds none when some
/// open cell has no way to be covered at the start (the cells used only grow, so it
/// never will): the stripes' one-wide column of L skips its search.
fn cover_band(
    px: &Pixels,
    sprite: &Sprite,
    plan: &DirectPlan,
    priced: &[u32; MAX_HEIGHT],
    band: core::ops::Range<usize>,
    (finder, budget): (Finder, Budget),
    price: impl Fn(&DirectPlan, &[u32; MAX_HEIGHT]) -> Option<Covered>,
) -> Option<Covered> {
    let h = px.height;
    // A complete cover, its pieces with the plan's: priced if they all land, and kept
    // in `found` if cheapest.
    let offer = |pieces: &mut dyn Iterator<Item = Placed>, found: &mut Option<Covered>| {
        let mut trial = *plan;
        let (mut low, mut high) = (band.start, band.end - 1);
        for q in pieces {
            trial.add(q);
            let (_, b, t) = q.piece(0);
            low = low.min(b);
            high = high.max(t);
        }
        if !(plan.len..trial.len).all(|i| trial.all_land(px, i)) {
            return;
        }
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
                *found = Some(f);
            }
        }
    };
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
    if finder == Finder::Dp {
        let mut found = None;
        for &variant in budget.variants {
            if let Some(c) = cover_dp(px, &base, band.clone(), variant) {
                offer(&mut c.pieces[..c.len].iter().copied(), &mut found);
            }
        }
        return found;
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
    while nodes < budget.nodes && tries < budget.tries {
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
        offer(&mut (0..=depth).map(|d| ways[d][tried[d]]), &mut found);
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
    /// cells of the rows they cover. With both finders: the search, with the searching
    /// planner's rows, and the DP, with the lookup planner's.
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
        for (finder, planner) in [
            (Finder::Search, fewest::plan_row as super::super::RowPlanner),
            (Finder::Dp, crate::convert::lookup::plan_row),
        ] {
            a_dome_with(&sprite, finder, planner);
        }
    }

    fn a_dome_with(sprite: &Sprite, finder: Finder, planner: super::super::RowPlanner) {
        let px = Pixels::of(sprite, planner);
        let h = sprite.height();
        let plain: u32 = (0..h)
            .map(|y| priced_row(&DirectPlan::EMPTY, &px, sprite, y))
            .sum();
        let plan = cover_rows(&px, sprite, &DirectPlan::EMPTY, finder).expect("a cheaper print");
        assert!(
            plan.pieces < plain,
            "{finder:?}: {} of {plain}",
            plan.pieces
        );
        let free = (0..h).filter(|&y| px.any(y) & !plan.cells[y] == 0).count();
        assert!(free >= 2, "{finder:?}: {free} rows with no passes");
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
