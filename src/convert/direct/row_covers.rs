//! Row covers: rows covered whole by single pieces, found by the DP over the columns
//! ([`super::cover_dp`]).

use crate::sprite::MAX_HEIGHT;

use super::blocks::*;
use super::board::Board;
use super::cover_dp::{cover_dp_with, BandWays, RowCover, Scratch, Variant, COVER_BAND, WINDOW};
use super::plan::{priced_row, DirectPlan};

/// Row covers: from `start`, bottom to top, each row still left to the passes is
/// covered whole, alone or with the row above it, by single pieces where
/// that lowers the print's pieces. A band's covers come from the DP, one per variant
/// ([`cover_band`]). A cover may leave a row above it unprintable (a pre-filled cell
/// where its passes need a platform): such a row is priced at a quarter of its pixels
/// left, as if a later cover took them, and each cover that leaves one is followed by
/// the cheapest covers of such rows, lowest first (at most [`SETTLE`]). A print is kept
/// only at a row where every row prints. `None` when no print kept has fewer pieces
/// than `start`.
pub(super) fn cover_rows(board: &Board, start: &DirectPlan) -> Option<DirectPlan> {
    let h = board.height;
    let mut plan = *start;
    let mut priced = [0u32; MAX_HEIGHT];
    for (y, p) in priced[..h].iter_mut().enumerate() {
        *p = priced_row(&plan, board, y);
    }
    // The print's pieces with rows up to `done` priced, those above at their price or,
    // when they cannot print, a quarter of their pixels left; `None` if a row up to
    // `done` cannot print.
    let estimate = |plan: &DirectPlan, priced: &[u32; MAX_HEIGHT], done: usize| {
        let mut t = plan.direct_pieces() as u32;
        for (r, &p) in priced[..h].iter().enumerate() {
            t += match p {
                u32::MAX if r <= done => return None,
                u32::MAX => (board.any(r) & !plan.cells[r]).count_ones().div_ceil(4),
                p => p,
            };
        }
        Some(t)
    };
    let first = estimate(&plan, &priced, h)?;
    let mut best = (first, plan);
    for y in 0..h {
        let mut cost = estimate(&plan, &priced, y).unwrap_or(u32::MAX);
        if board.any(y) & !plan.cells[y] != 0 {
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
                            cover_band(board, &p, &t, r..r + 1, SETTLE_VARIANTS, |p2, t2| {
                                estimate(p2, t2, r).map(|c| (c, *p2, *t2))
                            })?;
                    }
                    None
                };
                if let Some(f) =
                    cover_band(board, &plan, &priced, y..top + 1, &Variant::ALL, settle)
                {
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
/// The covers [`cover_rows`] offers per row at most: one per band of 1 to 2 rows and
/// variant.
pub(super) const COVERS_PER_ROW: u32 = (COVER_BAND * Variant::ALL.len()) as u32;
/// The DP runs per row at most: each cover's, and one per row it settles.
pub(super) const COVER_RUNS_PER_ROW: u32 = COVERS_PER_ROW * (1 + SETTLE as u32);
/// The rows planned per cover at most: the rows its pieces meet (its band and two
/// either side), then those of each row it settles (one and two either side).
pub(super) const ROWS_PER_COVER: u32 = (WINDOW + SETTLE * (1 + 4)) as u32;
/// The DP's variant for each band that does: the fewest pieces reaching two rows either
/// side (on the real sprites the other 71 variants found nothing cheaper).
const SETTLE_VARIANTS: &[Variant] = &[Variant::SETTLE];

/// The cheapest cover of the rows `band` (at most [`COVER_BAND`]) by single pieces,
/// priced by `price` (the plan with the cover's pieces added, and its rows' pieces):
/// its price, plan and rows' pieces: the cover of each of `variants` ([`cover_dp`]),
/// each whose pieces all land with the plan's ([`DirectPlan::all_land`]) priced.
fn cover_band(
    board: &Board,
    plan: &DirectPlan,
    priced: &[u32; MAX_HEIGHT],
    band: core::ops::Range<usize>,
    variants: &[Variant],
    price: impl Fn(&DirectPlan, &[u32; MAX_HEIGHT]) -> Option<Covered>,
) -> Option<Covered> {
    let h = board.height;
    // A cover places every pixel of the band that no direct piece holds, each under a
    // single that fits: with a pixel no such single holds, no variant finds one.
    if band
        .clone()
        .any(|r| board.any(r) & !plan.cells[r] & !board.coverable[r] != 0)
    {
        return None;
    }
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
        if !(plan.len..trial.len).all(|i| trial.all_land(board, i)) {
            return;
        }
        let mut tp = *priced;
        for (r, t) in tp
            .iter_mut()
            .enumerate()
            .take(high.min(h - 1) + 1)
            .skip(low)
        {
            *t = priced_row(&trial, board, r);
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
    let mut found = None;
    let ways = BandWays::of(board, &base, band.clone());
    // The covers of a few variants at a time, then priced in variant order: the DP's
    // working memory is set up once for those runs, and is off the stack while the row
    // planner prices them.
    for chunk in variants.chunks(CHUNK) {
        let covers = run_chunk(board, &ways, &base, band.clone(), chunk);
        for c in covers.iter().flatten() {
            offer(&mut c.pieces[..c.len].iter().copied(), &mut found);
        }
    }
    found
}

/// How many variants' covers [`cover_band`] finds before it prices them.
const CHUNK: usize = 8;

/// The covers of the variants `chunk` (at most [`CHUNK`]) of the rows `band`, from one
/// DP scratch ([`Scratch`]). Out of line: the scratch leaves the stack with it.
#[inline(never)]
fn run_chunk(
    board: &Board,
    ways: &BandWays,
    base: &[u32; WINDOW],
    band: core::ops::Range<usize>,
    chunk: &[Variant],
) -> [Option<RowCover>; CHUNK] {
    let mut scratch = Scratch::new();
    let mut covers = [None; CHUNK];
    for (c, &variant) in covers.iter_mut().zip(chunk) {
        *c = cover_dp_with(board, &mut scratch, ways, base, band.clone(), variant);
    }
    covers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::plan::RowPlan;
    use crate::convert::planners::grouped::Grouped;
    use crate::convert::planners::thorough::Thorough;
    use crate::convert::row_planner::RowPlanner;
    use crate::playfield::Playfield;
    use crate::sprite::Sprite;

    /// The figures the direct module's docs type in are [`SETTLE`] and the cover
    /// variants.
    #[test]
    fn the_docs_state_the_caps() {
        use crate::convert::doc_figures::assert_says;
        let file = include_str!("mod.rs");
        for phrase in [
            format!("side), at most {SETTLE} rows."),
            format!(
                "settling at most {SETTLE} rows above it ({} rows each)",
                (ROWS_PER_COVER as usize - WINDOW) / SETTLE
            ),
            format!("and at most {SETTLE} settling runs each"),
        ] {
            assert_says("direct/mod.rs", file, &phrase);
        }
        let others = format!("the other {} variants", Variant::ALL.len() - 1);
        assert_says(
            "direct/row_covers.rs",
            include_str!("row_covers.rs"),
            &others,
        );
    }

    /// The smiley's top: four rows of one colour narrowing upwards. The row covers
    /// leave rows with no pixel to emit, the print costs less than without direct
    /// pieces, every piece lands, and the pieces and the rows' passes replay to the
    /// cells of the rows they cover. With two row planners (direct placement takes any):
    /// the thorough one and the grouped one.
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
        for (name, planner) in [
            (
                "thorough",
                &Thorough::DEFAULT as &'static dyn RowPlanner<Plan = RowPlan>,
            ),
            ("grouped", &Grouped::DEFAULT),
        ] {
            a_dome_with(&sprite, name, planner);
        }
    }

    fn a_dome_with(sprite: &Sprite, name: &str, planner: &'static dyn RowPlanner<Plan = RowPlan>) {
        let board = Board::of(sprite, planner);
        let h = sprite.height();
        let plain: u32 = (0..h)
            .map(|y| priced_row(&DirectPlan::EMPTY, &board, y))
            .sum();
        let plan = cover_rows(&board, &DirectPlan::EMPTY).expect("a cheaper print");
        assert!(plan.pieces < plain, "{name}: {} of {plain}", plan.pieces);
        let free = (0..h)
            .filter(|&y| board.any(y) & !plan.cells[y] == 0)
            .count();
        assert!(free >= 2, "{name}: {free} rows with no passes");
        for k in 0..plan.len {
            assert!(plan.lands(&board, k, 0), "{:?}", plan.blocks[k]);
        }
        // The pieces' cells are pixels of their colour and none is shared.
        let mut seen = [0u32; MAX_HEIGHT];
        for p in &plan.blocks[..plan.len] {
            for (m, bottom, _) in p.pieces() {
                let c = m.shape().piece().color().unwrap();
                for dy in 0..m.shape().height() {
                    let y = bottom + dy;
                    let cells = m.shape().row_mask(dy) << m.x();
                    assert_eq!(board.colour[y][usize::from(c)] & cells, cells);
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
                if (board.any(y) & !plan.cells[y]) >> x & 1 != 0 {
                    field.set(x, y, Some(crate::piece::Piece::J));
                }
            }
            plan.after_row(y, |m| {
                let landing = field.drop_piece(m).unwrap();
                assert_eq!(landing.lines(), 0);
            });
        }
        for y in 0..h {
            assert_eq!(field.rows()[y], board.any(y), "row {y}");
        }
    }
}
