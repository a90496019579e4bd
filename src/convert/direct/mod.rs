//! Direct placement (`Converter::with_direct`): J, T and L pieces dropped straight onto
//! pixels of their own colour, mixed with the emitter passes of the other pixels.
//!
//! # The rules
//! A *direct piece* covers four pixels of its colour and stays where it lands: no row
//! through the sprite ever completes (the sprite is at most 17 wide, the field 21). A
//! piece whose cells span rows `lo..=hi` is dropped **right after the passes of row
//! `hi − 1`** (after that row's platform is removed) and before anything of row `hi`.
//! Then:
//! - its cells are never cleared: the matrix of a pass of row `r` fills rows `r + 1…`
//!   and clears them, and every row `r ≥ hi` is printed after the piece, every row
//!   `r < hi` before it (so its matrix was in place and gone before the piece came);
//! - it lands exactly: every row above `hi` is still empty; in rows below `hi` every
//!   pixel is filled but the cells of direct pieces dropped later, and in row `hi` only
//!   the cells of direct pieces dropped before it are. So in each of its columns the
//!   cells above its top cell up to row `hi` must be none of those, and some cell of it
//!   must rest on the floor or on one of those (`DirectPlan::lands`; the drop order is
//!   by top row, then block, then the block's table order);
//! - its cells in row `hi` are filled before row `hi`'s passes: they are *pre-filled*,
//!   support for that row's fillers ([`RowInput::support`](super::row::RowInput::support)); its cells in rows below
//!   `hi` are *holes* while those rows print (no support, nothing emitted there);
//! - every emitted pixel stays held up: a pixel above a direct cell in a row below the
//!   piece's top row would be filled before the piece drops and bar its way, so such a
//!   pixel is emitted only after the piece is in;
//! - no platform meets a direct cell: a platform fills its row completely and rests
//!   on the leftmost square of the row below, so a row with a platform has no
//!   pre-filled cell and no direct cell still missing in the row below
//!   (`DirectPlan::platform_ok`); its own missing cells are fine (holes the platform
//!   fills and clears, as it does with the row's pixels).
//!
//! # The choice
//! Pieces come in *blocks* from one static table, [`BLOCKS`](blocks::BLOCKS), each with a drop order the
//! simulator checks (the unit test below): 2 × 4 upright J or L pairs, 4 × 2 flat J or L
//! pairs, the 4 × 4 of four T, a 5 × 8 of ten J or L (with the 2 × 4 it tiles any width
//! from 2 up, 17 included; J alone tiles no 3 × 4, 3 × 8, 5 × 4 or 17 × 4), the twelve
//! single pieces (J, T and L in every orientation), and four *stairs*: three T up a
//! 2 × 8 column, bars alternating left and right, each resting on the one below (T
//! tiles no 2-wide column; a stair leaves four of its 16 cells to the passes), from the
//! band's bottom row or one higher, and mirrored. A block fits where its cells are
//! pixels of its colour and each of its pieces rests on the floor, on a pixel that is
//! no cell of the block (emitted before the piece drops) or on an earlier piece of the
//! block.
//!
//! The sprite's rows are cut into *bands* of 8 rows from a row offset `o` (the first
//! band has `o` rows). In a band, a DP over the columns picks *column items* side by
//! side, each owning its columns over the band: 2 wide (a 2 × 4 per 4 rows, or a stair
//! if it covers more), 3 wide (a single flat piece per 2 rows), 4 wide (a 4 × 4 T,
//! else a 4 × 2, per slot) or 5 wide (a 5 × 8), maximising the pixels covered (ties:
//! the first found). Covering pixels is not what saves pieces (a row's passes cost
//! `(21·Σh + pixels)/4`, so only rows left with nothing, or with a pixel count that
//! closes in fewer matrix rows, get cheaper), so the band's rows are then *priced* with
//! the row planner the converter gives (`rows`: the converter plans the print's rows
//! with the same one), one sweep drops each block whose removal
//! lowers the band's pieces, and one more replaces each stair by the other stair that
//! lowers them most. Each band does this for five sets of items (all; no
//! singles; 2 and 5 wide; 4 wide; singles) and keeps the cheapest, or no blocks at all
//! when none beats the rows without. Then the *add pass* (`add_blocks`) tries every
//! block at every row and column of the band, in table order (passing over at once,
//! by masks per row and block worked out once per sprite, where its cells are not all
//! pixels of its colour: `Board::coloured`; a column where no block is left is not
//! visited; nor is a block at a row where none of its rows has a single that fits,
//! `Board::single_rows`: a block's first piece is one, so a band with none is passed
//! over whole), and keeps each that fits, covers no direct cell, lets
//! itself and every piece near it still land (`DirectPlan::all_land`) and lowers the
//! band's pieces; it runs a second time when the first saved something. A band's
//! pieces stay in its rows, and a row's plan and
//! platform depend only on its own pixels, its pre-filled cells and the missing cells
//! of its row and the row below, so the bands add up. Last, one add pass over the whole
//! sprite tries the blocks that cross a band's bottom edge. Every step keeps only what
//! lowers the pieces, so no offset's print costs more than the print without. All 8 offsets
//! are tried and the cheapest print (the lowest offset on a tie) is kept.
//!
//! Then one more candidate (`placement_dp`): when at most 255 singles fit, no row
//! meets more than 10 of them and the rows have at most 8,192 states in all (a row's
//! states are the subsets of the singles meeting it; else the same without the lone J1
//! and L3; else as many of them as keep within those caps, offered by row, column and
//! block), a DP over the
//! rows, whose state is the set of chosen singles meeting the row, finds the set of
//! them that costs least, rows priced as above, every piece landing: whether a single
//! lands depends only on the singles meeting its top row (those dropped after it that
//! reach its rows, and those dropped before it in that row), so the DP checks it in
//! that row's state. Singles with the same top row drop in the order the DP lists
//! them: by row, then column left to right. It is kept if it beats the bands' best. (The
//! `dp` of the `direct_bound` measurement, `src/exact/direct_bound.rs`, is the same DP
//! with no piece having to land: what landing costs.)
//!
//! Then the *row covers* (`cover_rows`, from no direct pieces and from the best print
//! so far): bottom to top, each row still left to the passes is covered whole, alone
//! or with the row above it, by single pieces on pixels of their colour
//! that no direct piece holds yet (they may reach two rows above and below the band).
//! A row with no pixel left costs nothing, which is where direct pieces pay. A band
//! with a pixel that no fitting single holds (`Board::coverable`, the union of their
//! cells by row) has no cover and is passed over. The
//! covers come from a DP over the columns (`cover_dp`, its module docs), with either
//! row planner: one run per *variant* (how many rows the pieces may reach below and above
//! the band, 0 to 2 each; the fewest or the most pieces; the columns from the left or
//! from the right; which of the partial covers as good is kept), 72 in all, each a
//! single pass over the band's open cells keeping at most 64 states per cell, nothing
//! undone, each giving at most one cover. Each cover whose pieces all land
//! (`DirectPlan::all_land`) is priced. A cover's pre-filled cells can leave a row
//! above it unprintable (its passes need a platform, which a pre-filled row may not
//! have); such a row is then covered too, the lowest first, each by the cheapest of
//! its covers (the DP's one variant with the fewest pieces reaching two rows either
//! side), at most 8 rows. The
//! cheapest cover is kept when it lowers the print's pieces, a row not yet reached
//! that cannot print being counted as a quarter of its pixels; a print is only kept
//! where every row prints. The DP keeps every partial cover that differs in the cells
//! a later piece can reach, so it finds the cover with the fewest pieces whenever its
//! 64 states per cell suffice, which a unit test checks against every way tried.
//!
//! Last, `improve` runs the same DP in 14 rounds over the best print so far, each
//! round over a window of columns: the whole width twice (columns scanned left to
//! right, then right to left), eight windows 4 wide (every 2 columns) and four 6 wide
//! (every 4 columns, columns and blocks scanned in reverse). The print's pieces are
//! taken as singles in their drop order; those that reach into the window are the
//! DP's to keep or drop, as many as the cap of 10 a row allows, the rest stay
//! (*fixed*: their cells priced, their landing checked with the chosen singles near
//! them). Then every other single that lies in the window, fits and overlaps no fixed
//! piece is offered, by row, column and block, while the caps allow. The DP prices
//! the fixed pieces too and can choose the print's own pieces again, landing as they
//! do, so no round costs more; a round's print is kept when it costs no more (a tie
//! is another print as cheap, from which a later round may find a cheaper one). The
//! rounds price rows with a second, cheaper row planner (`rounds`, the converter's
//! choice too), from the best print priced with it; the print they end with is priced again with
//! the rows' planner and kept only if it needs fewer pieces so, so the print's count
//! is always the rows' planner's.
//!
//! Before any of this, a sprite where no single piece fits anywhere (none has three
//! pixels of one colour side by side or one above another, checked by masks; else
//! none passes [`Board::fits`]) gets no direct plan at all ([`plan()`] is `None`):
//! the converter prints it as without direct placement, with its own row planner, at
//! that planner's cost. Otherwise the rows of the print without direct pieces are
//! planned first, always, and their plans kept small ([`PlainPlans`]): the converter
//! writes every row without a direct cell from them, not planned again.
//!
//! # Work
//! Everything is fixed-size on the stack; nothing allocates; nothing recurses. The
//! work of one sprite is bounded in three countable units, each a constant computed
//! from the tables and caps here, which a unit test counts on adversarial sprites
//! (every colour alternating, full rows, checkerboards, stripes, noise, blobs) and a
//! debug assertion checks on every plan:
//! - **row-planner calls**, at most [`MAX_ROW_PLANS`]: the rows without direct pieces;
//!   per offset (8) and band (at most 5), each of 5 item sets (its rows, each of at
//!   most 34 blocks dropped, re-planning its rows, each stair swapped for each of 3
//!   others, re-planning its 8 rows) and two add passes (its rows, then each block
//!   fitting at each of 8 rows × 17 columns: the blocks' heights add up to 94); the
//!   pass across the at most 4 band edges (each block at each column and each of the
//!   `h − 1` rows that put an edge inside it: Σ h·(h − 1) = 424); the placement DP and
//!   `improve`, 15 runs of at most 8,192 states, one row plan each; the row covers
//!   twice, per row, band of 1 to 2 rows and variant (144) one cover, re-planning the
//!   at most 6 rows it meets and settling at most 8 rows above it (5 rows each); and
//!   `improve`'s start and its print priced again, each row once. Each call is one
//!   row plan of one of the two row planners, each bounded as that planner's rows are
//!   (the converter's grouped planners: in fill prices). Rows priced before, a row of
//!   the same kind (the first row with the same pixels, colours and held pixels) with
//!   the same direct cells, are answered from a table of 512 remembered prices (or of
//!   the 8,192 of a workspace the caller lends: `Converter::convert_in`) and are not
//!   counted; the bound counts as if none were.
//! - **row-cover DP runs**, at most [`MAX_COVER_RUNS`]: twice, per row, 144 covers
//!   and at most 8 settling runs each; a run visits at most 34 open cells, each with
//!   at most 48 ways checked by [`Board::fits`] and at most 64 × 49 state steps.
//! - **placement-DP states**, at most [`MAX_DP_STATES`]: 15 runs of at most 8,192;
//!   each state checks the landing of the at most 10 chosen and 17 fixed singles
//!   meeting its row against each other and steps to at most 2^10 subsets of the next
//!   row's new singles.
//!
//! Each block tried in an add pass is checked against the plan's pieces
//! (`DirectPlan::all_land`: every piece sharing a column with it, each against every
//! piece of the plan, at most 136 × 136 pairs). The offsets stop early once a print
//! needs only a quarter of the pixels in pieces (all of them direct), and nothing
//! after the bands (the placement DP, the row covers, `improve`) runs on such a print:
//! no print needs fewer, and each keeps only fewer. Nor does `improve` run on a print
//! still without a direct piece after the row covers: where the stages before it
//! found none that pays, its windows start from no piece of the print's own.
//!
//! On the stack, at most one stage's working memory at a time: the placement DP's
//! table of where each state came from (8,192 states of 10 bits, 10 KiB) and its
//! costs (two rows of 2^10, 4 KiB); the row covers' DP (its new states, packed in a
//! word each and kept to the best 64 whenever 512 have come, 4 KiB, through a hash
//! table of 1,024 indexes, 2 KiB; its trail back, 34 × 64 of 2 bytes; the ways of one
//! cell: one scratch for 8 variants' runs; which ways each open cell of the band has,
//! 34 words, worked out once for its 72 variants); the remembered row plans (512
//! words, 4 KiB), unless the caller lends
//! a [`crate::Workspace`] of 8,192; the pixels' masks by row (each colour's pixels,
//! where each block's cells are all of its colour and where each single fits: 5 KiB);
//! the plain print's plans
//! ([`PlainPlans`], 32 of 120 bytes, 3 KiB); and a few plans of about 1 KiB.
//! `--direct` runs on a thread with a 64 KiB stack, the row planner's frames and an
//! 8 KiB move buffer included, when optimised (a test checks it).
//!
//! With the exact planner (`--passes exact --direct`) the converter asks this module
//! for the same direct pieces, then prints each row's leftover pixels with the exact
//! planner's plan where that is cheaper (heap and seconds per sprite, like `--passes
//! exact` itself), so no row costs more than with the grouped planner's.

mod bands;
mod blocks;
mod board;
mod cover_dp;
mod placement;
mod plan;
mod row_covers;

use core::cell::Cell;

use crate::sprite::{Sprite, MAX_HEIGHT, MAX_WIDTH};

use super::plan::{RowPlan, StoredPlan};
use super::row_planner::RowPlanner;

pub(crate) use plan::DirectPlan;

use bands::{add_blocks, pruned, VARIANTS};
use blocks::BAND;
use board::{colour_masks, has_three, stack_memo, Board, Work};
use placement::{improve, placement_dp};
use row_covers::cover_rows;

/// The direct plan with the fewest pieces in all, never more than the print without
/// direct pieces; rows priced and planned by `planner`. The direct pieces are chosen
/// by fixed sweeps and DPs, with no search, whichever the row planner. `None` where no
/// direct piece can be placed at all (no single piece fits anywhere: every block is
/// made of singles): nothing is planned, and the sprite prints as without direct
/// placement.
pub(crate) fn plan(
    sprite: &Sprite,
    rows: &dyn RowPlanner<Plan = RowPlan>,
    rounds: &dyn RowPlanner<Plan = RowPlan>,
    plain: &mut PlainPlans,
    memo: Option<&[Cell<u64>]>,
) -> Option<DirectPlan> {
    let (plan, work) = plan_counted(sprite, rows, rounds, plain, memo);
    debug_assert!(
        work.row_plans <= MAX_ROW_PLANS
            && work.cover_runs <= MAX_COVER_RUNS
            && work.dp_states <= MAX_DP_STATES,
        "{work:?}"
    );
    plan
}

/// The most row-planner calls one [`plan()`] makes (see the module docs, *Work*): the
/// rows without direct pieces; per offset, each band's item sets and add passes and
/// the pass across the band edges; the placement DP's runs; the row covers.
pub(crate) const MAX_ROW_PLANS: u32 = {
    let h = MAX_HEIGHT as u32;
    let band = BAND as u32;
    let (w, blocks) = (MAX_WIDTH as u32, (band * MAX_WIDTH as u32) / 4);
    // A band's item set: its rows, each block dropped in turn (its rows), each stair
    // (at most one per two columns) swapped for each of the 3 others (its 8 rows).
    let pruned = band + blocks * band + w / 2 * 3 * band;
    // An add pass: its rows, then each block fitting at each row and column (its rows).
    let add = band + band * w * blocks::HEIGHTS;
    // The pass across the at most 4 band edges: each block at each column and each of
    // the rows that put an edge inside it.
    let across = h + 4 * w * blocks::HEIGHTS_ACROSS;
    let offsets = band * ((h / band + 1) * (VARIANTS.len() as u32 * pruned + 2 * add) + across);
    // The placement DP and `improve`: a row plan per state.
    let dp = placement::DP_RUNS * placement::DP_STATES as u32;
    // The row covers, twice: their rows, then per row, band of 1 to 2 rows and variant
    // a cover's rows (at most 7) and at most 8 rows settled (5 rows each).
    let covers = 2 * (h + h * row_covers::COVERS_PER_ROW * row_covers::ROWS_PER_COVER);
    // `improve`'s start priced by the rounds' planner, and its print by the rows'.
    let repriced = 2 * h;
    h + offsets + dp + covers + repriced
};

/// The most runs of the row covers' DP one [`plan()`] makes: twice, per row, band of 1 to
/// 3 rows and variant, one run and at most 8 more settling the rows above.
pub(crate) const MAX_COVER_RUNS: u32 = 2 * MAX_HEIGHT as u32 * row_covers::COVER_RUNS_PER_ROW;

/// The most states the placement DP visits in one [`plan()`] (each with a landing check,
/// one row plan, and its transitions to the at most 2^10 subsets of the next row's new
/// singles).
pub(crate) const MAX_DP_STATES: u32 = placement::DP_RUNS * placement::DP_STATES as u32;

/// [`plan()`], and the work it did, counted.
pub(crate) fn plan_counted(
    sprite: &Sprite,
    rows: &dyn RowPlanner<Plan = RowPlan>,
    rounds: &dyn RowPlanner<Plan = RowPlan>,
    plain: &mut PlainPlans,
    memo: Option<&[Cell<u64>]>,
) -> (Option<DirectPlan>, Work) {
    // Most sprites without a direct piece have no three pixels of one colour in a
    // line: told by masks before the pixels' tables are built.
    if !has_three(&colour_masks(sprite), sprite.height()) {
        return (None, Work::default());
    }
    // The row plans remembered: in the caller's workspace, or in a table of our own.
    let own;
    let memo = match memo {
        Some(memo) => memo,
        None => {
            own = stack_memo();
            &own
        }
    };
    let board = Board::priced_by(sprite, rows, rounds, memo);
    let best = board.any_single_fits().then(|| choose(&board, plain));
    (best, board.work.get())
}

/// The plans of the print without direct pieces, kept small, one per row (rows with no
/// pixel keep [`StoredPlan::EMPTY`]): [`plan()`] fills them, and a plan with no direct
/// piece is written from them (rebuilt by [`StoredPlan::plan_on`]), not planned again.
pub(crate) type PlainPlans = [StoredPlan; MAX_HEIGHT];

/// The direct plan of [`plan()`] with the pixels `board`, where some single fits; the
/// print without direct pieces kept in `stored`.
fn choose(board: &Board, stored: &mut PlainPlans) -> DirectPlan {
    let h = board.height;
    // Every row's pieces without direct pieces.
    let mut plain = [0u32; MAX_HEIGHT];
    for (y, p) in plain[..h].iter_mut().enumerate() {
        stored[y] = StoredPlan::EMPTY;
        if board.any(y) != 0 {
            let planned = board.planned(y, 0, 0);
            stored[y] = StoredPlan::of(&planned, &board.row(y, 0, 0));
            *p = planned.pieces;
        }
    }
    let mut best = DirectPlan::EMPTY;
    best.pieces = plain[..h].iter().sum();
    // No print needs fewer pieces than a quarter of the pixels (a direct piece places
    // four, an emitted pixel costs more than a quarter piece): no stage runs on a print
    // that needs only that, since each keeps a print only if it has fewer pieces.
    let least = (0..h)
        .map(|y| board.any(y).count_ones())
        .sum::<u32>()
        .div_ceil(4);
    bands(board, &plain, least, &mut best);
    if best.pieces <= least {
        return best;
    }
    keep(&mut best, placement_dp(board));
    let start = best;
    keep(&mut best, cover_rows(board, &DirectPlan::EMPTY));
    keep(&mut best, cover_rows(board, &start));
    // `improve` neither where the print cannot get cheaper nor where it has no direct
    // piece yet: the stages above found none that pays there, and `improve`'s windows
    // only take the print's own pieces and singles near them.
    if best.pieces > least && best.direct_pieces() > 0 {
        improved(board, &mut best);
    }
    best
}

/// `improve`'s print in place of `best` where it has fewer pieces: its rounds price
/// with the rounds' planner, from `best` priced so; what they find is priced again
/// with the rows' planner. (Not inlined: the stages before it then leave the stack.
/// `best` itself is priced for the rounds and back: no copy of it while they run.)
#[inline(never)]
fn improved(board: &Board, best: &mut DirectPlan) {
    let pieces = best.pieces;
    board.price_rounds(true);
    best.pieces = best.priced(board);
    let found = improve(board, best);
    board.price_rounds(false);
    best.pieces = pieces;
    if let Some(mut found) = found {
        found.pieces = found.priced(board);
        if found.pieces < best.pieces {
            *best = found;
        }
    }
}

/// `found` in place of `best` if it has fewer pieces.
fn keep(best: &mut DirectPlan, found: Option<DirectPlan>) {
    if let Some(p) = found {
        if p.pieces < best.pieces {
            *best = p;
        }
    }
}

/// The bands from each offset (see the module docs): their print in place of `best`
/// where it has fewer pieces, until one needs only `least`. (Not inlined: its plans
/// then leave the stack before the later stages run.)
#[inline(never)]
fn bands(board: &Board, plain: &[u32; MAX_HEIGHT], least: u32, best: &mut DirectPlan) {
    let h = board.height;
    // A band where no single fits has no block to choose or add (`Board::single_rows`).
    let fit_rows = board.single_rows();
    for offset in 0..BAND.min(h) {
        if best.pieces <= least {
            break;
        }
        let mut plan = DirectPlan::EMPTY;
        let mut total = 0;
        let mut y = 0;
        // The rows where a band starts (the first one's excepted).
        let mut edges = 0u32;
        while y < h {
            if y > 0 {
                edges |= 1 << y;
            }
            let rows = if y == 0 && offset > 0 { offset } else { BAND }.min(h - y);
            let without: u32 = plain[y..y + rows].iter().sum();
            if fit_rows >> y & ((1 << rows) - 1) == 0 {
                total += without;
                y += rows;
                continue;
            }
            // The band's cheapest blocks, or none.
            let mut cost = without;
            let mut chosen = plan;
            for widths in VARIANTS {
                let mut trial = plan;
                let c = pruned(board, y, rows, widths, without, &mut trial);
                if c < cost {
                    cost = c;
                    chosen = trial;
                }
            }
            let first = plan.len;
            plan = chosen;
            let c1 = add_blocks(board, y..y + rows, first, cost, 0, &mut plan);
            total += if c1 < cost {
                add_blocks(board, y..y + rows, first, c1, 0, &mut plan)
            } else {
                c1
            };
            y += rows;
        }
        // Blocks anywhere in the sprite, across the bands' edges too.
        total = add_blocks(board, 0..h, 0, total, edges, &mut plan);
        if total < best.pieces {
            *best = plan;
            best.pieces = total;
        }
    }
}

/// A sprite's ASCII art, `w` × `h`, each cell's character from `cell(x, y)` (rows
/// top first), for the tests.
#[cfg(test)]
pub(super) fn ascii_art(w: usize, h: usize, mut cell: impl FnMut(usize, usize) -> u8) -> String {
    let mut art = String::new();
    for y in 0..h {
        for x in 0..w {
            art.push(char::from(cell(x, y)));
        }
        art.push('\n');
    }
    art
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::planners::grouped::Grouped;
    use crate::convert::planners::thorough::Thorough;
    use crate::convert::row::{Emit, RowInput};
    use crate::xorshift::xorshift;

    /// The figures the module docs type in are the constants the work bound is computed
    /// from ([`MAX_ROW_PLANS`], [`MAX_COVER_RUNS`], [`MAX_DP_STATES`]); the submodules'
    /// tests check those of their own private caps.
    #[test]
    fn the_docs_state_the_caps() {
        use crate::convert::doc_figures::{assert_says, thousands};
        let band = BAND;
        let (states, runs) = (placement::DP_STATES, placement::DP_RUNS);
        let edges = MAX_HEIGHT / band;
        let phrases = [
            format!("*bands* of {band} rows"),
            format!("All {band} offsets are tried"),
            format!("per offset ({band}) and band (at most {})", edges + 1),
            format!("each of {} item sets", VARIANTS.len()),
            format!("most {} blocks dropped", band * MAX_WIDTH / 4),
            format!("each of {} others", blocks::STAIRS.len() - 1),
            format!("each of {band} rows × {MAX_WIDTH} columns"),
            format!("heights add up to {}", blocks::HEIGHTS),
            format!("at most {edges} band edges"),
            format!("Σ h·(h − 1) = {}", blocks::HEIGHTS_ACROSS),
            format!("at most {} states in all", thousands(states as u64)),
            format!("{runs} runs of at most {}", thousands(states as u64)),
            format!("in {} rounds", runs - 1),
            format!(
                "{MAX_HEIGHT} of {} bytes, {} KiB",
                core::mem::size_of::<StoredPlan>(),
                core::mem::size_of::<PlainPlans>() / 1024
            ),
            format!("{} in all, each a", cover_dp::Variant::ALL.len()),
            format!("variant ({}) one cover", row_covers::COVERS_PER_ROW),
            format!("per row, {} covers", row_covers::COVERS_PER_ROW),
            format!("at most {} rows it meets", cover_dp::WINDOW),
            format!("1 to {} rows", cover_dp::COVER_BAND),
            format!(
                "at most {} × {} pairs",
                blocks::MAX_BLOCKS,
                blocks::MAX_BLOCKS
            ),
        ];
        for phrase in phrases {
            assert_says("direct/mod.rs", include_str!("mod.rs"), &phrase);
        }
    }

    /// Every stage keeps its plan's `pieces` equal to the print's: the direct pieces
    /// and the rows planned again (`improve` counts the pieces its rounds keep fixed
    /// too, or a plan's count would fall short of its print's).
    /// Sprites of blobs of one colour in three-colour noise, with two planners (direct
    /// placement takes any row planner). The
    /// plans of the print without direct pieces, stored small, rebuild to the planner's
    /// own on every row.
    #[test]
    fn a_plans_pieces_are_its_prints() {
        let mut rng = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = move |n: u64| rng() % n;
        let (mut direct, mut stored_rows) = (0, 0);
        for k in 0..24 {
            let (w, h) = (6 + next(12) as usize, 6 + next(11) as usize);
            // Blobs: a colour by 3 × 2 cell, now and then a pixel of noise or a hole.
            let art = ascii_art(w, h, |x, y| match next(10) {
                0 => b'.',
                1 => b'0' + next(3) as u8,
                _ => b'0' + ((x / 3 + y / 2 * 5 + k) % 3) as u8,
            });
            let sprite = Sprite::from_ascii(&art).unwrap();
            for (name, planner) in [
                (
                    "grouped",
                    &Grouped::DEFAULT as &dyn RowPlanner<Plan = RowPlan>,
                ),
                ("thorough", &Thorough::DEFAULT),
            ] {
                let mut stored = [StoredPlan::EMPTY; MAX_HEIGHT];
                let board = Board::of(&sprite, planner);
                let Some(p) = plan(&sprite, planner, planner, &mut stored, None) else {
                    // Only where no single fits anywhere.
                    assert!(!board.any_single_fits(), "{name}\n{art}");
                    continue;
                };
                assert_eq!(p.pieces, p.priced(&board), "{name}\n{art}");
                direct += p.direct_pieces();
                // The plain print's plans, stored small, rebuild to the planner's own.
                for (y, stored) in stored[..sprite.height()].iter().enumerate() {
                    let row = RowInput::of(&sprite, y);
                    if row.len > 0 {
                        assert_same_plan(&planner.plan(&row), &stored.plan_on(&row), name);
                        stored_rows += 1;
                    }
                }
            }
        }
        assert!(direct > 100, "{direct} direct pieces");
        assert!(stored_rows > 300, "{stored_rows} rows stored");
    }

    /// Whether plans `a` and `b` are the same in every part the writer reads, and write
    /// the same moves (a stored plan's fills are tiled again: [`StoredPlan`]).
    fn assert_same_plan(a: &RowPlan, b: &RowPlan, name: &str) {
        let written = |p: &RowPlan| {
            let mut out = Vec::new();
            p.passes(|pass| {
                out.extend(pass.emits[..pass.len].iter().map(|e| e.mv));
                pass.fill.moves(|m| out.push(m));
            });
            out
        };
        let fills = |p: &RowPlan| {
            p.fills[..p.plan.passes]
                .iter()
                .map(|f| f.pieces())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            (a.platform, a.support, a.pieces, fills(a), written(a)),
            (b.platform, b.support, b.pieces, fills(b), written(b)),
            "{name}"
        );
        let (a, b) = (&a.plan, &b.plan);
        assert_eq!(a.emits[..a.len], b.emits[..b.len], "{name}");
        assert_eq!(a.pass_of[..a.len], b.pass_of[..b.len], "{name}");
        assert_eq!(a.order[..a.passes], b.order[..b.passes], "{name}");
        assert_eq!(a.platform, b.platform, "{name}");
    }

    /// A plan stored small rebuilds to itself on its row, with the grouped planners and
    /// (on the first sprites only) the thorough one, on the rows of
    /// dense sprites with runs of one colour; a few of those plans keep their emitters
    /// out of pixel order (a local move split or merged a flipped emitter), which the
    /// store keeps.
    #[test]
    fn stored_plans_rebuild_to_themselves() {
        let mut rng = xorshift(0x5851_F42D_4C95_7F2D);
        let mut next = move |n: u64| rng() % n;
        let (mut rows, mut reordered) = (0, 0);
        for k in 0..400 {
            let density = 2 + k % 3;
            // Runs of one colour (a pixel often takes the last one's), and a pixel in
            // every row: a sprite has no empty row.
            let mut last = b'0';
            let art = ascii_art(MAX_WIDTH, 4, |x, y| {
                if x == y * 5 % 17 || next(4) < density {
                    if next(2) == 0 {
                        last = b'0' + next(3) as u8;
                    }
                    last
                } else {
                    b'.'
                }
            });
            let sprite = Sprite::from_ascii(&art).unwrap();
            let planners = [
                (
                    "grouped",
                    &Grouped::DEFAULT as &dyn RowPlanner<Plan = RowPlan>,
                ),
                ("staged", &Grouped::STAGED),
                ("thorough", &Thorough::DEFAULT),
            ];
            for &(name, planner) in &planners[..if k < 40 { 3 } else { 2 }] {
                for y in 0..sprite.height() {
                    let row = RowInput::of(&sprite, y);
                    let own = planner.plan(&row);
                    let rebuilt = StoredPlan::of(&own, &row).plan_on(&row);
                    assert_same_plan(&own, &rebuilt, name);
                    let x = |e: &Emit| e.row.trailing_zeros();
                    let emits = &own.plan.emits[..own.plan.len];
                    reordered += usize::from(emits.windows(2).any(|w| x(&w[0]) > x(&w[1])));
                    rows += 1;
                }
            }
        }
        assert!(
            rows > 3000 && reordered > 5,
            "{rows} rows, {reordered} reordered"
        );
    }

    /// The work bound of the module docs holds on adversarial 17 × 32 sprites: every
    /// colour alternating, full rows, checkerboards, stripes, random noise of each
    /// density and blobs; counted by [`plan_counted`] (row-planner calls, the row
    /// covers' DP runs, the placement DP's states), with the default row planner.
    #[test]
    fn the_work_stays_within_its_bound() {
        let mut rng = xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: u64| rng() % n;
        let (w, h) = (MAX_WIDTH, MAX_HEIGHT);
        let mut arts = [
            ascii_art(w, h, |x, _| b'0' + (x % 3) as u8),
            ascii_art(w, h, |x, y| b'0' + ((x + y) % 3) as u8),
            ascii_art(w, h, |_, _| b'1'),
            // Solid but for one pixel: its print needs more than a quarter of its
            // pixels, so the stages after the bands run (on the solid one they do not).
            ascii_art(w, h, |x, y| if (x, y) == (0, 0) { b'0' } else { b'1' }),
            ascii_art(w, h, |_, y| b'0' + (y % 3) as u8),
            ascii_art(w, h, |x, y| if (x + y) % 2 == 0 { b'0' } else { b'.' }),
            ascii_art(w, h, |x, y| b'0' + ((x + y) % 2) as u8),
            ascii_art(w, h, |x, _| if x % 4 < 2 { b'2' } else { b'0' }),
            ascii_art(w, h, |x, y| b'0' + ((x / 3 + y / 2) % 3) as u8),
        ]
        .to_vec();
        for density in 1..=4 {
            arts.push(ascii_art(w, h, |_, _| {
                if next(4) < density {
                    b'0' + next(3) as u8
                } else {
                    b'.'
                }
            }));
        }
        let mut most = Work::default();
        for art in &arts {
            let sprite = Sprite::from_ascii(art).unwrap();
            let (_, work) = plan_counted(
                &sprite,
                &Grouped::DEFAULT,
                &Grouped::DEFAULT,
                &mut [StoredPlan::EMPTY; MAX_HEIGHT],
                None,
            );
            assert!(work.row_plans <= MAX_ROW_PLANS, "{work:?}\n{art}");
            assert!(work.cover_runs <= MAX_COVER_RUNS, "{work:?}\n{art}");
            assert!(work.dp_states <= MAX_DP_STATES, "{work:?}\n{art}");
            most = Work {
                row_plans: most.row_plans.max(work.row_plans),
                cover_runs: most.cover_runs.max(work.cover_runs),
                dp_states: most.dp_states.max(work.dp_states),
            };
        }
        // The counters count.
        assert!(most.row_plans > 0 && most.cover_runs > 0 && most.dp_states > 0);
        std::println!("most work: {most:?} of {MAX_ROW_PLANS}, {MAX_COVER_RUNS}, {MAX_DP_STATES}");
    }
}
