//! Bands: the sprite's rows cut into bands of eight, a DP over each band's columns
//! picking blocks, a sweep dropping those that do not pay, and the add pass.

use crate::bits::Bits;
use crate::sprite::{MAX_HEIGHT, MAX_WIDTH};

use super::blocks::*;
use super::board::Board;
use super::plan::{priced_row, DirectPlan};

/// The blocks of one column item (at most 4), and the pixels they cover.
#[derive(Clone, Copy, Default)]
pub(super) struct Item {
    pub(super) blocks: [Placed; 4],
    pub(super) len: u8,
    pub(super) covered: u16,
}

impl Item {
    pub(super) fn push(&mut self, b: usize, x: usize, y: usize) {
        self.blocks[usize::from(self.len)] = Placed::new(b, x, y);
        self.len += 1;
        self.covered += 4 * BLOCKS[b].pieces.len() as u16;
    }
}

/// The column item `width` wide at column `x` of the band of rows `y..y + rows`.
pub(super) fn item(board: &Board, width: usize, x: usize, y: usize, rows: usize) -> Item {
    let mut it = Item::default();
    let first_fit = |it: &mut Item, blocks: &[usize], by: usize| {
        if let Some(&b) = blocks.iter().find(|&&b| board.fits(b, x, by)) {
            it.push(b, x, by);
            true
        } else {
            false
        }
    };
    match width {
        2 => {
            for s in (0..rows / 4).map(|k| y + 4 * k) {
                first_fit(&mut it, &[J_UP, L_UP], s);
            }
            if rows == BAND {
                let mut stair = Item::default();
                if first_fit(&mut stair, &STAIRS, y) && stair.covered > it.covered {
                    it = stair;
                }
            }
        }
        4 => {
            let mut s = 0;
            while s + 2 <= rows {
                if s % 4 == 0 && s + 4 <= rows && first_fit(&mut it, &[T_SQUARE], y + s) {
                    s += 4;
                    continue;
                }
                first_fit(&mut it, &[J_FLAT, L_FLAT], y + s);
                s += 2;
            }
        }
        3 => {
            const FLAT: [usize; 6] = [
                SINGLES,
                SINGLES + 1,
                SINGLES + 2,
                SINGLES + 3,
                SINGLES + 4,
                SINGLES + 5,
            ];
            for s in (0..rows / 2).map(|k| y + 2 * k) {
                first_fit(&mut it, &FLAT, s);
            }
        }
        _ => {
            if rows == BAND {
                first_fit(&mut it, &[J_WIDE, L_WIDE], y);
            }
        }
    }
    it
}

/// Picks the blocks of the band of rows `y..y + rows` that cover the most pixels (a DP
/// over its columns), into `plan`.
fn band_blocks(board: &Board, y: usize, rows: usize, widths: &[usize], plan: &mut DirectPlan) {
    let (x0, w) = (board.x0, board.width);
    // best[i]: most pixels covered in columns x0..x0 + i; how[i]: the item ending there.
    let mut best = [0u16; MAX_WIDTH + 1];
    let mut how = [(0u8, Item::default()); MAX_WIDTH + 1];
    for i in 1..=w {
        best[i] = best[i - 1];
        how[i] = (1, Item::default());
        for &iw in widths {
            if iw > i {
                continue;
            }
            let it = item(board, iw, x0 + i - iw, y, rows);
            if it.len > 0 && best[i - iw] + it.covered > best[i] {
                best[i] = best[i - iw] + it.covered;
                how[i] = (iw as u8, it);
            }
        }
    }
    let mut i = w;
    while i > 0 {
        let (iw, it) = how[i];
        for &p in &it.blocks[..usize::from(it.len)] {
            plan.add(p);
        }
        i -= usize::from(iw);
    }
}

/// The direct pieces of `plan`'s blocks from `first` on.
fn block_pieces(plan: &DirectPlan, first: usize) -> u32 {
    plan.blocks[first..plan.len]
        .iter()
        .map(|p| p.shape().pieces.len() as u32)
        .sum()
}

/// The band's pieces: its rows' (`priced`, `u32::MAX` if one is impossible) and its
/// blocks' (`plan`'s from `first` on).
fn band_cost(plan: &DirectPlan, priced: &[u32], first: usize) -> u32 {
    priced
        .iter()
        .try_fold(0u32, |t, &r| (r != u32::MAX).then(|| t + r))
        .map_or(u32::MAX, |rows| rows + block_pieces(plan, first))
}

/// The pieces of each row of the band `y..y + rows` with `plan`'s direct pieces.
fn priced_band<const N: usize>(
    plan: &DirectPlan,
    board: &Board,
    y: usize,
    rows: usize,
) -> [u32; N] {
    let mut priced = [0u32; N];
    for (r, p) in priced[..rows].iter_mut().enumerate() {
        *p = priced_row(plan, board, y + r);
    }
    priced
}

/// The column items each band tries: all of them, then each kind alone (the DP
/// maximises the pixels covered, which is not always what costs least).
pub(super) const VARIANTS: [&[usize]; 5] = [&[2, 3, 4, 5], &[2, 4, 5], &[2, 5], &[4], &[3]];

/// Adds to `plan` the blocks the DP picks for the band of rows `y..y + rows` with the
/// column items `widths`, then drops, in one sweep, each block whose removal lowers
/// the band's pieces (re-pricing only the rows of the block dropped); returns the
/// band's pieces (`without`, those without direct pieces, if no block is left).
pub(super) fn pruned(
    board: &Board,
    y: usize,
    rows: usize,
    widths: &[usize],
    without: u32,
    plan: &mut DirectPlan,
) -> u32 {
    let first = plan.len;
    band_blocks(board, y, rows, widths, plan);
    if plan.len == first {
        return without;
    }
    let mut priced = priced_band::<BAND>(plan, board, y, rows);
    let mut cost = band_cost(plan, &priced[..rows], first);
    let mut i = first;
    while i < plan.len {
        let mut trial = *plan;
        trial.remove(i);
        let (c, trial_priced) = if trial.len == first {
            (without, priced)
        } else {
            let mut tp = priced;
            let b = plan.blocks[i];
            let lo = usize::from(b.y) - y;
            let h = usize::from(b.shape().height);
            for (r, t) in tp.iter_mut().enumerate().skip(lo).take(h) {
                *t = priced_row(&trial, board, y + r);
            }
            (band_cost(&trial, &tp[..rows], first), tp)
        };
        if c < cost {
            *plan = trial;
            cost = c;
            priced = trial_priced;
        } else {
            i += 1;
        }
    }
    // Each stair replaced by the other stair that lowers the band's pieces most, if
    // any (the DP takes the first of those that cover as much).
    for i in first..plan.len {
        let b = plan.blocks[i];
        let (x, by) = (usize::from(b.x), usize::from(b.y));
        if !STAIRS.contains(&usize::from(b.block)) {
            continue;
        }
        let mut found = None;
        for other in STAIRS {
            if other == usize::from(b.block) || !board.fits(other, x, by) {
                continue;
            }
            let mut trial = *plan;
            trial.replace(i, other);
            let mut tp = priced;
            for (r, t) in tp.iter_mut().enumerate().skip(by - y).take(BAND) {
                *t = priced_row(&trial, board, y + r);
            }
            let c = band_cost(&trial, &tp[..rows], first);
            if c < found.map_or(cost, |(c, _, _)| c) {
                found = Some((c, trial, tp));
            }
        }
        if let Some((c, trial, tp)) = found {
            *plan = trial;
            cost = c;
            priced = tp;
        }
    }
    cost
}

/// The add pass: adds blocks to the rows `band` of `plan` (whose blocks from
/// `first` on are those rows', costing `cost` pieces with the rows) wherever one lowers
/// their pieces: each row, column and block in turn, once. A block goes only where it
/// fits, covers no direct cell, and it and every piece near it still land
/// ([`DirectPlan::all_land`]). With `across` not 0, only blocks with one of the rows in
/// `across` among their rows above the bottom one are tried. Returns the rows' pieces.
pub(super) fn add_blocks(
    board: &Board,
    band: core::ops::Range<usize>,
    first: usize,
    mut cost: u32,
    across: u32,
    plan: &mut DirectPlan,
) -> u32 {
    let (y, rows) = (band.start, band.len());
    let mut priced = priced_band::<MAX_HEIGHT>(plan, board, y, rows);
    // No block fits where none of its rows has a single that fits (`Board::single_rows`).
    let fit_rows = board.single_rows();
    for s in y..y + rows {
        // Where each block's cells are all pixels of its colour (a block fits nowhere
        // else: the rest of the fit is checked where this passes).
        // The blocks at each column (bit `b`) whose cells are all of their colour there:
        // the columns and blocks below are visited in the same order as every column
        // and block in turn, passing over the others at once.
        let sprite_columns = ((1u32 << board.width) - 1) << board.x0;
        let mut at = [0u32; 32];
        let mut columns = 0u32;
        for (b, block) in BLOCKS.iter().enumerate() {
            let h = usize::from(block.height);
            if s + h > y + rows || fit_rows >> s & ((1 << h) - 1) == 0 {
                continue;
            }
            let c = board.coloured(b, s) & sprite_columns;
            for x in Bits(c) {
                at[x] |= 1 << b;
            }
            columns |= c;
        }
        for x in Bits(columns) {
            for b in Bits(at[x]) {
                let block = &BLOCKS[b];
                let (w, h) = (usize::from(block.width), usize::from(block.height));
                if x + w > board.x0 + board.width {
                    continue;
                }
                // Only blocks across one of the rows `across` starts, if any.
                let starts = ((1u32 << h) - 2) << s;
                if across != 0 && across & starts == 0 {
                    continue;
                }
                let placed = Placed::new(b, x, s);
                let overlaps = placed.pieces().any(|(m, bottom, _)| {
                    (0..m.shape().height())
                        .any(|dy| plan.cells[bottom + dy] & m.shape().row_mask(dy) << m.x() != 0)
                });
                if overlaps || !board.fits(b, x, s) {
                    continue;
                }
                let mut trial = *plan;
                trial.add(placed);
                if !trial.all_land(board, trial.len - 1) {
                    continue;
                }
                let mut tp = priced;
                for (r, t) in tp.iter_mut().enumerate().skip(s - y).take(h) {
                    *t = priced_row(&trial, board, y + r);
                }
                let c = band_cost(&trial, &tp[..rows], first);
                if c < cost {
                    *plan = trial;
                    cost = c;
                    priced = tp;
                }
            }
        }
    }
    cost
}
