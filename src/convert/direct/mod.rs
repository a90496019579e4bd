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
//!   support for that row's fillers ([`RowInput::support`]); its cells in rows below
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
//! the converter's row planner (the lookup planner with every cover staged, [`super::lookup::plan_row_staged`], or
//! with [`Passes::Fewest`](crate::Passes::Fewest) the searching one,
//! [`fewest::plan_row`]; the same one plans the rows when the print is written), one
//! sweep drops each block whose
//! removal lowers the band's pieces, and one more replaces each stair by the other
//! stair that lowers them most. Each band does this for five sets of items (all; no
//! singles; 2 and 5 wide; 4 wide; singles) and keeps the cheapest, or no blocks at all
//! when none beats the rows without. Then the *add pass* (`add_blocks`) tries every
//! block at every row and column of the band, in table order, and keeps each that
//! fits, covers no direct cell, lets itself and every piece near it still land
//! (`DirectPlan::all_land`) and lowers the band's pieces; it runs a second time when
//! the first saved something. A band's pieces stay in its rows, and a row's plan and
//! platform depend only on its own pixels, its pre-filled cells and the missing cells
//! of its row and the row below, so the bands add up. Last, one add pass over the whole
//! sprite tries the blocks that cross a band's bottom edge. Every step keeps only what
//! lowers the pieces, so no offset's print costs more than the print without. All 8 offsets
//! are tried and the cheapest print (the lowest offset on a tie) is kept.
//!
//! Then one more candidate (`placement_dp`): when at most 255 singles fit and no row
//! meets more than 10 of them (else the same without the lone J1 and L3; else as many
//! of them as keep within those caps, offered by row, column and block), a DP over the
//! rows, whose state is the set of chosen singles meeting the row, finds the set of
//! them that costs least, rows priced as above, every piece landing: whether a single
//! lands depends only on the singles meeting its top row (those dropped after it that
//! reach its rows, and those dropped before it in that row), so the DP checks it in
//! that row's state. Singles with the same top row drop in the order the DP lists
//! them, so it runs twice, listing them by row, then column left to right, then right
//! to left, and keeps the cheaper. It is kept if it beats the bands' best. (On the 17 × 32
//! noise sprite, rows priced by the searching planner: 1,879 pieces;
//! 1,774 if nothing had to land, the `direct_bound` example's `dp`. Before the
//! planners' stages: 1,963, the fewest of any set of singles dropped in these orders;
//! 1,984 without the J1 and L3, whose short column must be under empty cells or later
//! direct pieces; 1,837 if nothing had to land.)
//!
//! Then the *row covers* (`cover_rows`, from no direct pieces and from the best print
//! so far): bottom to top, each row still left to the passes is covered whole, alone
//! or with the one or two rows above it, by single pieces on pixels of their colour
//! that no direct piece holds yet (they may reach two rows above and below the band).
//! A row with no pixel left costs nothing, which is where direct pieces pay. The
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
//! where every row prints. (The smiley: 472 to 388 pieces with either planner, after
//! `improve`. A fixed set of sweeps, every way to cover the first cell each completed
//! by the first way at every later one, found none of the smiley's covers; the DP
//! keeps every partial cover that differs in the cells a later piece can reach, so it finds the cover with the fewest pieces whenever its 64
//! states per cell suffice, which a unit test checks against every way tried.)
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
//! is another print as cheap, from which a later round may find a cheaper one: the
//! smiley with the searching planner and the depth-first row covers it once had, 409
//! pieces kept only when cheaper, 388 so).
//!
//! # Work
//! Everything is fixed-size on the stack; nothing allocates; nothing recurses. A band
//! holds at most 8 × 17 = 136 pixels, so its DP keeps at most 34 blocks (4 cells or
//! more each), and its sweep tries each once, re-planning only the rows of the block
//! tried (at most 8): at most 8 + 34 × 8 = 280 row plans per band and item set; the
//! stair sweep at most 8 stairs × 3 others × 8 rows = 192 more. An add pass tries at
//! most 8 rows × 17 columns × 27 blocks, re-planning the rows of each that fits (the
//! blocks' heights add up to 94): at most 8 × 17 × 94 = 12,784 row plans, twice per
//! band. The pass across the at most 4 band edges tries, per edge and column, each
//! block at the `h − 1` rows that put the edge inside it: at most 4 × 17 × Σ h·(h − 1)
//! = 4 × 17 × 424 = 28,832 row plans. With at most 5 bands per offset, 5 item sets and
//! 8 offsets, plus the 32 rows planned once without blocks: at most
//! 32 + 8 × (5 × (5 × 472 + 2 × 12,784) + 28,832) = 1,347,808 row plans. The
//! placement DP runs at most 2 + 14 = 16 times, each over at most 32 rows × 2^10
//! states: one row plan each (32,768 a run, 524,288 in all), a landing check of the at
//! most 10 chosen and 17 fixed singles meeting the row against each other, and the
//! 2^10 subsets of the next row's new singles, each checked for overlaps (at most
//! 32 × 2^10 × 2^10 = 33,554,432 checks a run). The row covers run twice, each over
//! at most 32 rows × 3 bands. With the lookup planner a band runs the DP 72 times
//! (each at most 51 open cells, each with at most 48 ways checked by `Pixels::fits`,
//! 64 × 49 state steps and a sort of at most 3,136 of them) and prices at most 72
//! covers, each re-planning the at most 7 rows it meets and settling at most 8 rows
//! above with one DP run and one cover of at most 5 rows (7 + 8 × 5 = 47 row plans a
//! cover): at most 2 × 96 × 72 × 47 = 649,728 row plans and
//! 2 × 96 × 72 × (1 + 8) = 124,416 DP runs. So at most 2,521,824 row plans in all,
//! and 8 × 5 × 5 DPs of 17 columns × 4 items (each at most 4 blocks of at most 40
//! cells checked). Each block tried in an add pass is checked against the plan's pieces
//! (`DirectPlan::all_land`: every piece sharing a column with it, each against every
//! piece of the plan, at most 136 × 136 pairs). The offsets stop early once a print
//! needs only a quarter of the pixels in pieces (all of them direct), and `improve`
//! does not run on such a print. Row plans are
//! remembered in a table of 4,096 slots (each keeps the last plan hashed to it), so a
//! row planned again with the same direct cells costs a lookup. In practice far fewer:
//! on the 2-core machine at most ~0.9 s per benchmark sprite with the lookup planner
//! (the stripes 0.86 s and the smiley 0.64 s, `convert --direct`; 0.74 s and 0.53 s in
//! the same run before its row covers, whose DP runs cost most on the solid sprite:
//! 0.07 → 0.24 s; ~20 ms before the planners' stages, which price each row many times
//! more), and ~3 s with the searching one (the solid sprite, 2.5 to 2.9 s in two
//! runs; ~40 ms before the stages); without direct placement either plans any of them in at most ~10 ms.
//! On the stack: the placement DP's table of where each state came from (32 × 2^10 × 2
//! bytes, 64 KiB), the remembered row plans (48 KiB) and the row covers' two nested
//! DPs, one at a time (about 96 KiB: its ways, 51 × 48, and
//! the new states of one cell, 3,136, each 16 bytes, and its trail back, 51 × 64 of 2
//! bytes), and a few plans of about 1 KiB.
//!
//! With the exact planner (`--passes exact --direct`) this module chooses the direct
//! pieces as with the lookup planner; the converter then re-plans each row's leftover
//! pixels with the exact planner (`Converter::run_direct_exact`, heap and seconds per
//! sprite, like `--passes exact` itself): 5,173 pieces on the nine benchmark sprites,
//! where the lookup planner's rows need 5,194.

mod bands;
mod blocks;
mod cover_dp;
mod covers;
mod pixels;
mod placement;
mod plan;

use crate::sprite::{Sprite, MAX_HEIGHT};

use super::fewest;
use super::planner::RowPlan;
use super::row::RowInput;

pub(crate) use plan::DirectPlan;

use bands::{add_blocks, pruned, VARIANTS};
use blocks::BAND;
use covers::cover_rows;
use pixels::Pixels;
use placement::{improve, placement_dp};
use plan::row_pieces;

/// A row planner: [`super::lookup::plan_row_staged`] or [`fewest::plan_row`].
pub(crate) type RowPlanner = fn(&RowInput) -> RowPlan;

/// Row `y`'s pieces with the searching row planner ([`fewest::plan_row`], as
/// `--passes fewest --direct` prices rows) when direct pieces print its cells
/// `covered`, `prefill` of them filled before its passes, with the cells
/// `missing_below` of row `y − 1` still missing (direct cells dropped later): `None`
/// when it would need a platform it may not have. How [`plan`] prices rows with that
/// planner; for measuring (`examples/direct_bound.rs`), not part of the API.
#[doc(hidden)]
#[must_use]
pub fn row_pieces_with(
    sprite: &Sprite,
    y: usize,
    covered: u32,
    prefill: u32,
    missing_below: u32,
) -> Option<u32> {
    let row = RowInput::of(sprite, y).without(covered, prefill);
    if row.len == 0 {
        return Some(0);
    }
    let p = fewest::plan_row(&row);
    (!p.platform || (prefill == 0 && missing_below == 0)).then_some(p.pieces)
}
/// The direct plan with the fewest pieces in all, never more than the print without
/// direct pieces; rows priced and planned by `planner`. The direct pieces are chosen
/// by fixed sweeps and DPs, with no search, whichever the row planner.
pub(crate) fn plan(sprite: &Sprite, planner: RowPlanner) -> DirectPlan {
    let px = Pixels::of(sprite, planner);
    let h = sprite.height();
    // Every row's pieces without direct pieces.
    let mut plain = [0u32; MAX_HEIGHT];
    for (y, p) in plain[..h].iter_mut().enumerate() {
        *p = row_pieces(&DirectPlan::EMPTY, &px, sprite, y).0;
    }
    let mut best = DirectPlan::EMPTY;
    best.pieces = plain[..h].iter().sum();
    // No print needs fewer pieces than a quarter of the pixels (a direct piece places
    // four, an emitted pixel costs more than a quarter piece): stop there.
    let pixels: u32 = (0..h).map(|y| px.any(y).count_ones()).sum();
    for offset in 0..BAND.min(h) {
        if best.pieces <= pixels.div_ceil(4) {
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
            // The band's cheapest blocks, or none.
            let mut cost = without;
            let mut chosen = plan;
            for widths in VARIANTS {
                let mut trial = plan;
                let c = pruned(&px, sprite, y, rows, widths, without, &mut trial);
                if c < cost {
                    cost = c;
                    chosen = trial;
                }
            }
            let first = plan.len;
            plan = chosen;
            let c1 = add_blocks(&px, sprite, y..y + rows, first, cost, 0, &mut plan);
            total += if c1 < cost {
                add_blocks(&px, sprite, y..y + rows, first, c1, 0, &mut plan)
            } else {
                c1
            };
            y += rows;
        }
        // Blocks anywhere in the sprite, across the bands' edges too.
        total = add_blocks(&px, sprite, 0..h, 0, total, edges, &mut plan);
        if total < best.pieces {
            best = plan;
            best.pieces = total;
        }
    }
    if let Some(p) = placement_dp(&px, sprite) {
        if p.pieces < best.pieces {
            best = p;
        }
    }
    for start in [DirectPlan::EMPTY, best] {
        if let Some(p) = cover_rows(&px, sprite, &start) {
            if p.pieces < best.pieces {
                best = p;
            }
        }
    }
    if best.pieces <= pixels.div_ceil(4) {
        return best;
    }
    if let Some(p) = improve(&px, sprite, &best) {
        if p.pieces < best.pieces {
            best = p;
        }
    }
    best
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
    use crate::convert::lookup;
    use crate::xorshift::xorshift;

    /// The print `plan` stands for: its direct pieces and every row's passes, each row
    /// planned again from scratch (`u32::MAX` when a row would need a platform it may
    /// not have).
    fn print_pieces(plan: &DirectPlan, px: &Pixels, sprite: &Sprite) -> u32 {
        let rows = (0..sprite.height()).map(|y| plan::priced_row(plan, px, sprite, y));
        rows.fold(plan.direct_pieces() as u32, u32::saturating_add)
    }

    /// Every stage keeps its plan's `pieces` equal to the print's: the direct pieces
    /// and the rows planned again. (`improve` once left the pieces its rounds keep
    /// fixed out of the count: the smiley's plan said 365 pieces, its print had 388.)
    /// Sprites of blobs of one colour in three-colour noise, with both planners.
    #[test]
    fn a_plans_pieces_are_its_prints() {
        let mut rng = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = move |n: u64| rng() % n;
        let mut direct = 0;
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
                ("lookup", lookup::plan_row as RowPlanner),
                ("fewest", fewest::plan_row),
            ] {
                let p = plan(&sprite, planner);
                let px = Pixels::of(&sprite, planner);
                assert_eq!(p.pieces, print_pieces(&p, &px, &sprite), "{name}\n{art}");
                direct += p.direct_pieces();
            }
        }
        assert!(direct > 100, "{direct} direct pieces");
    }
}
