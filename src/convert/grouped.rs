//! The default row planner, [`Passes::Grouped`](crate::Passes::Grouped): covers looked
//! up in a build-time table, then a small bounded search over a fixed set of groupings
//! (no cover or grouping is enumerated).
//!
//! A row's cost is fixed by how its pixels are covered by emitters (a single per pixel,
//! or a flipped J2/T2/L2 over three adjacent pixels of its colour) and how those are
//! grouped into passes and ordered ([`planner`](super::planner)'s module docs give the
//! cost model). The thorough planner ([`thorough::plan_row`](super::thorough::plan_row))
//! tries every cover; this one looks each run of same-colour adjacent pixels up in the
//! static run-cover table ([`tables::run_covers`], `pattern-src/covers.txt`), which
//! lists, per colour, first column and length, up to [`COVER_SLOTS`] covers of the run:
//! the thorough planner's own for the run alone, the ones this planner prices lowest
//! for it, and the most flipped emitters packed against its right end (computed at
//! build time by `tetris_printer::covers`). Cover `k` of the row takes every run's
//! `k`-th cover (a run with fewer takes its first). Each distinct cover is grouped into
//! passes first fit from both ends, flipped emitters with singles and apart, and dealt
//! round robin into as many passes as first fit uses and one and two more
//! ([`Planner::offer_round_robin`](super::planner::Planner::offer_round_robin)); when
//! first fit from the right leaves a pass with no fill, each overlapping pair between
//! it and another is swapped once (the thorough planner's repair, at most 64 checks
//! per row); the first cover (each run's first slot: the thorough planner's cover of
//! the run alone) is grouped in stages, the cheapest pass per pixel of the singles
//! left on the squares of the passes before it, one at a time, from the first-fit
//! pass from either end, at most three staged passes, the rest first fit after each
//! ([`Stages::GROUPED`](super::planner::Stages::GROUPED),
//! [`Planner::offer_staged`](super::planner::Planner::offer_staged)); and each cover
//! is grouped *one-row passes first*, from its widest one-row pass and from its first
//! (column DPs, [`one_row_pass`](super::planner::one_row_pass); a pass whose cells
//! above the row and horizontal I pieces tile all 21 columns closes in one matrix
//! row), then the widest of the rest, one at a time
//! ([`Planner::offer_one_row_first`](super::planner::Planner::offer_one_row_first)).
//! Each first-fit grouping (from either end, flipped emitters with singles) is also
//! offered with each emitter moved to each other pass it fits or to one of its own, one
//! at a time ([`Planner::offer_each_moved`](super::planner::Planner::offer_each_moved):
//! first fit fills its first pass with every emitter that fits, and the one move that
//! balances two passes often closes each in one matrix row). Last, one round of the
//! thorough planner's local moves on the best plan (each emitter moved, each pair
//! swapped, each flipped emitter split, each three singles merged; [`Planner::improve`](super::planner::Planner::improve)
//! with one round: no round is repeated). Every plan is
//! priced in every order of up to three passes (of more: the
//! grouping order, the passes needing no landing first, and the dearest first), with
//! the same fills, landing rule and least-cost bounds as the thorough planner; the
//! greedy classic split is priced first, so no plan costs more than it.
//!
//! # Work per row (worst case)
//! A fixed scan: no recursion, no enumeration of covers, groupings or orders beyond
//! the fixed ones above, the stages (no stage is undone) and one sweep of moves from
//! each first-fit grouping and from the best plan (none repeated). The unit is the
//! *fill price* (a request for the cheapest fill of one pass on given support: at
//! most two strip tilings, each a left-to-right DP over the 21 columns of static
//! fit-index loads, plus wide-pattern and emitter lookups; many are answered by the
//! planner's caches). A grouping costs at most [`GROUPING_PRICES`] = 72 (its passes'
//! least costs, then the orders; see [`thorough`](super::thorough)). At most: the greedy
//! split (17); [`COVER_SLOTS`] = 4 covers × (4 first-fit groupings + 3 round-robin
//! deals) = 28 groupings; the repair's least costs (4 × 2 × 17 = 136) and its 64
//! swaps of two fill prices and one grouping each; the stages: 2 first passes × 3
//! staged passes × 1 grouping of the rest = 6 groupings; the one-row passes first:
//! 4 covers × 2 first passes = 8 groupings; the first-fit moves: 4 covers × 2
//! groupings × 17 emitters × 17 other passes = 2,312 groupings; the round of local
//! moves: 17 least costs, then 17 × 17 moves, 136 swaps, 5 × 18 splits and 15 × 18
//! merges = 785 groupings. In all **at most [`MAX_FILL_PRICES`] = 230,914 fill prices
//! per row**, whatever the row; a unit test counts them on adversarial rows. The
//! stages also run at most 2 × 2 × 5 = 20 bar reaches (a DP over the 21 columns, each
//! step one load of the compile-time bar-step tables: at most 21 × 8 + 5 + 5 = 178
//! loads) and 2 × 2 × 2 = 8 walks back (at most 21 steps of at most 14 loads), and
//! the one-row passes first at most
//! 4 × (2 + 2 × 17) = 144 column DPs (21 columns × at most 18 steps, then a walk of at
//! most 21). The `ratio` example measures the time against the greedy converter's.

use super::planner::{Candidate, Planner, RowPlan, Stages, Tuning};
use super::row::RowInput;
use crate::tables;

/// The most fill prices one grouping of a cover into passes costs: a least cost per
/// pass (at most 17, and 4 more for a split or merge), then its price in every order
/// of up to three passes (6 × 3) or in three orders of more (3 × 17).
pub(crate) const GROUPING_PRICES: u32 = 17 + 4 + 3 * 17;

/// The most fill prices [`plan_row`] requests for any row (see the module docs).
pub(crate) const MAX_FILL_PRICES: u32 = {
    let (covers, g) = (COVER_SLOTS as u32, GROUPING_PRICES);
    let greedy = 17;
    let groupings = covers * (4 + 3) * g;
    let repair = covers * 2 * 17 + REPAIR_SWAPS * (2 + g);
    let stages = 2 * 3 * g;
    let one_row = covers * 2 * g;
    let first_fit_moves = covers * 2 * 17 * 17 * g;
    let local_moves = 17 + (17 * 17 + 136 + 5 * 18 + 15 * 18) * g;
    greedy + groupings + repair + stages + one_row + first_fit_moves + local_moves
};

/// Swaps the repair checks per row at most.
const REPAIR_SWAPS: u32 = super::planner::REPAIR_CHECKS;

/// The most covers [`plan_row`] prices per row: one per slot of the run-cover table
/// ([`tables::run_covers`]).
pub(crate) const COVER_SLOTS: usize = tables::RUN_COVER_SLOTS;

/// Plans a row by lookups (see the module docs): the greedy classic split, then the
/// row's covers from the run-cover table, each grouped into passes by the fixed rules
/// of `Planner::offer_cover` (first fit from both ends, round-robin deals, the swap
/// repair) and priced; the cheapest plan.
pub(crate) fn plan_row(row: &RowInput) -> RowPlan {
    let (plan, prices) = plan_row_with(row, Tuning::GROUPED);
    debug_assert!(prices <= MAX_FILL_PRICES, "{prices} fill prices");
    plan
}

/// The knobs of [`plan_row`] with every cover staged as the thorough planner stages
/// them ([`Stages::EVERY`]): the run-cover table's prices.
const STAGED_EVERY: Tuning = Tuning {
    stages: Stages::EVERY,
    ..Tuning::GROUPED
};

/// A row planned with every cover staged ([`Stages::EVERY`]; up to 328,402 fill prices
/// per row): the row planner of direct placement with the default planner, which
/// prices every candidate set of direct pieces by its rows and keeps the stages'
/// pieces (with [`plan_row`]'s prices `--direct` needs 5,236 pieces on the nine
/// benchmark sprites instead of 5,194, over issue #18's half of the original's 10,423).
pub(crate) fn plan_row_staged(row: &RowInput) -> RowPlan {
    plan_row_with(row, STAGED_EVERY).0
}

/// [`plan_row`] with the knobs `tuning`, and the fill prices it requested.
fn plan_row_with(row: &RowInput, tuning: Tuning) -> (RowPlan, u32) {
    let mut c = Candidate::EMPTY;
    let mut planner = Planner::start(row, tuning, &mut c);
    let mut covers = [0u32; COVER_SLOTS];
    for (start, len) in runs(row) {
        let slots = tables::run_covers(row.colour[start], row.x[start], len as u8);
        for (k, cover) in covers.iter_mut().enumerate() {
            let flips = slots.get(k).or(slots.first()).copied().unwrap_or(0);
            *cover |= u32::from(flips) << start;
        }
    }
    for k in 0..COVER_SLOTS {
        if covers[..k].contains(&covers[k]) {
            continue;
        }
        planner.offer_cover(&mut c, covers[k]);
    }
    planner.improve(tuning.rounds);
    let prices = planner.prices;
    (planner.finish(), prices)
}

/// The covers of a run of `len` pixels of `colour` from column `x` that the run-cover
/// table lists (`pattern-src/covers.txt`), best first, each a mask of the run's pixels
/// where a flipped emitter starts: the cover of the thorough planner's plan of the run
/// alone ([`super::thorough::plan_row`]), then the covers [`price_cover`] prices lowest (ties: the
/// smaller mask), distinct, up to [`COVER_SLOTS`] − 1 in all, then the most flipped
/// emitters packed against the run's right end, if not listed yet (else the next
/// cheapest).
#[cfg(feature = "search")]
pub(crate) fn run_cover_slots(colour: u8, x: u8, len: u8) -> std::vec::Vec<u16> {
    let row = RowInput::run(x, len, colour);
    let searched = (super::thorough::plan_row(&row).flip_columns() >> x) as u16;
    // Every cover of the run: the ways to write `len` as ones and threes.
    let mut all = std::vec::Vec::new();
    let mut stack = std::vec![(0u16, 0u8)];
    while let Some((cover, i)) = stack.pop() {
        if i == len {
            all.push(cover);
            continue;
        }
        stack.push((cover, i + 1));
        if i + 3 <= len {
            stack.push((cover | 1 << i, i + 3));
        }
    }
    let mut priced: std::vec::Vec<(u32, u16)> = all
        .iter()
        .map(|&cover| {
            (
                price_cover(&row, u32::from(cover)).unwrap_or(u32::MAX),
                cover,
            )
        })
        .collect();
    priced.sort_unstable();
    let mut right = 0u16;
    let mut end = len;
    while end >= 3 {
        right |= 1 << (end - 3);
        end -= 3;
    }
    let mut slots = std::vec![searched];
    let mut ranked = priced.iter().map(|&(_, c)| c).filter(|c| *c != searched);
    while slots.len() < COVER_SLOTS - 1 {
        match ranked.next() {
            Some(c) if c != right => slots.push(c),
            Some(_) => {}
            None => break,
        }
    }
    if !slots.contains(&right) {
        slots.push(right);
    }
    for c in ranked {
        if slots.len() == COVER_SLOTS {
            break;
        }
        if !slots.contains(&c) {
            slots.push(c);
        }
    }
    slots
}

/// The runs of `row`: same-colour pixels in adjacent columns, as `(first pixel, length)`.
fn runs(row: &RowInput) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    core::iter::from_fn(move || {
        if i >= row.len {
            return None;
        }
        let start = i;
        i += 1;
        while i < row.len && row.x[i] == row.x[i - 1] + 1 && row.colour[i] == row.colour[start] {
            i += 1;
        }
        Some((start, i - start))
    })
}

/// The fewest pieces of `row` with the flipped emitters starting at the pixels in
/// `flips` (a mask of pixel indexes) and singles for the rest, grouped and ordered as
/// [`plan_row`] does; `None` if no grouping has a fill. What the run-cover table
/// ranks covers by (`search::covers`), not used by any converter.
#[cfg(feature = "search")]
pub(crate) fn price_cover(row: &RowInput, flips: u32) -> Option<u32> {
    // Staged as the thorough planner stages every cover: the table was ranked so,
    // at build time, where the work is paid once.
    let mut c = Candidate::EMPTY;
    let mut planner = Planner::start(row, STAGED_EVERY, &mut c);
    // Not the greedy split's price: only this cover's.
    planner.clear_best();
    planner.offer_cover(&mut c, flips);
    planner.best_pieces()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::thorough;
    use crate::sprite::Sprite;
    use crate::xorshift::xorshift;

    /// The grouped planner without its moves: no first-fit moves
    /// ([`Planner::offer_each_moved`]) and no round of local moves.
    const NO_MOVES: Tuning = Tuning {
        rounds: 0,
        first_fit_moves: false,
        ..Tuning::GROUPED
    };

    /// The smiley's row 6 as `--direct` leaves it to the passes (`00 1 ··· 0000000 1 · 0`
    /// from column 2, columns 5 to 7 filled by direct pieces before them). First fit
    /// from the left packs both flipped J of the run of seven into its first pass;
    /// moving one into the second gives passes of 7 and 5 pixels on a matrix row each:
    /// 24 pieces, the thorough planner's. Without the moves: 45.
    #[test]
    fn one_move_balances_a_first_fit_grouping() {
        let mut row = RowInput::of(&Sprite::from_ascii("001...00000001.0").unwrap(), 0);
        // The sprite stands from column 2 (16 wide, centred); direct cells 5..=7.
        assert_eq!(
            row.x[..row.len],
            [2, 3, 4, 8, 9, 10, 11, 12, 13, 14, 15, 17]
        );
        row.support = 0b111 << 5;
        let (with, without) = (plan_row(&row), plan_row_with(&row, NO_MOVES).0);
        assert_eq!(with.pieces, thorough::plan_row(&row).pieces);
        assert_eq!((with.pieces, without.pieces), (24, 45));
    }

    /// Over random dense rows the moves never make a row dearer (they only add
    /// candidates) and make many cheaper.
    #[test]
    fn the_moves_lower_dense_rows() {
        let mut rng = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut cheaper, mut saved) = (0, 0);
        for _ in 0..300 {
            let art: String = (0..17)
                .map(|_| char::from(b"0120"[(rng() % 4) as usize]))
                .collect();
            let row = RowInput::of(&Sprite::from_ascii(&art).unwrap(), 0);
            let (with, without) = (plan_row(&row), plan_row_with(&row, NO_MOVES).0);
            assert!(with.pieces <= without.pieces, "{art}");
            cheaper += usize::from(with.pieces < without.pieces);
            saved += without.pieces - with.pieces;
        }
        assert!(
            cheaper >= 20,
            "{cheaper} rows cheaper, {saved} pieces saved"
        );
    }

    /// The stated bound on work holds on adversarial rows: every colour alternating,
    /// full rows, checkerboards, runs of every length and random rows, each over an
    /// empty row below (held up), over a checkerboard (every other pixel over a hole)
    /// and with random cells filled before its passes (as direct pieces leave them).
    #[test]
    fn fill_prices_stay_within_the_stated_bound() {
        let mut rng = xorshift(0x0DDB_1A5E_5BAD_5EED);
        let mut rows: Vec<String> = Vec::new();
        for k in 0..3 {
            let c = |i: usize| char::from(b'0' + ((i + k) % 3) as u8);
            let d = |i: usize| char::from(b'0' + ((i / 3 + k) % 3) as u8);
            rows.push((0..17).map(c).collect());
            rows.push((0..17).map(d).collect());
            rows.push(
                (0..17)
                    .map(|i| if i % 2 == 0 { c(i / 2) } else { '.' })
                    .collect(),
            );
            rows.push(
                (0..17)
                    .map(|i| if i % 2 == 1 { c(i) } else { '.' })
                    .collect(),
            );
            rows.push(c(0).to_string().repeat(17));
        }
        for len in 1..=17 {
            rows.push("0".repeat(len));
        }
        for _ in 0..300 {
            rows.push(
                (0..17)
                    .map(|_| char::from(b"0120."[(rng() % 5) as usize]))
                    .collect(),
            );
        }
        let (mut most, mut most_row) = (0, String::new());
        for art in &rows {
            // Below: nothing (the floor), a full row, a checkerboard.
            for below in ["", "00000000000000000", "0.0.0.0.0.0.0.0.0"] {
                let (text, y) = match below {
                    "" => (art.clone(), 0),
                    _ => (format!("{art:.<17}\n{below}"), 1),
                };
                let Ok(sprite) = Sprite::from_ascii(&text) else {
                    assert!(!art.contains(['0', '1', '2']), "{text}");
                    continue;
                };
                let mut row = RowInput::of(&sprite, y);
                for support in [0, rng() as u32] {
                    let pixels = row.x[..row.len].iter().fold(0u32, |m, &x| m | 1 << x);
                    row.support = support & ((1 << 21) - 1) & !pixels;
                    let (_, prices) = plan_row_with(&row, Tuning::GROUPED);
                    if prices > most {
                        (most, most_row) = (prices, format!("{art} over {below:?}"));
                    }
                }
            }
        }
        assert!(
            most <= MAX_FILL_PRICES,
            "{most} fill prices (row {most_row}) > the stated {MAX_FILL_PRICES}"
        );
        // The count is real: a dense row takes many.
        assert!(most > 500, "{most} fill prices at most ({most_row})");
    }
}
