//! Row covers by a DP over the columns: how `--direct` covers one to three rows whole
//! with single pieces ([`super::row_covers`] prices them), whichever the row planner.
//!
//! The band's open cells (pixels no direct piece holds) are taken in column order,
//! bottom to top within a column. At each, every partial cover that leaves it open
//! covers it with a single that has a cell there, lies on pixels of its colour that no
//! direct piece holds, fits ([`Board::fits`]) and overlaps no piece of the cover so
//! far. A partial cover's future depends only on the cells its pieces hold in the
//! columns a later piece can reach (two either side of the open cell, in the band and
//! the two rows either side of it: 35 bits), so partial covers with the same such cells
//! are one *state*, kept with its best rank: the fewest pieces (or, with
//! [`Variant::most`], the most), then the fewest cells below the band. At most
//! [`STATES`] states are kept per cell: the best ranked, then the lowest (or highest)
//! state bits. A run's [`Variant`] also sets how many rows outside the band the
//! pieces may reach and the direction; each run gives at most one cover, the best
//! ranked state's at the last open cell.
//!
//! # Work
//! Per run: at most 2 × 17 = 34 open cells; each lists its ways (at most 4 × 12 = 48
//! singles, each checked by [`Board::fits`]; listed again on the walk back for the
//! cells where one is taken), and each of at most [`STATES`] states tries each way (a
//! 64-bit test); the at most 64 × 49 = 3,136 new states are taken at most [`NEXT`] at
//! a time, one entry per state found through a hash table, the best [`STATES`] kept
//! each time ([`keep_best`]: the same ones as sorting them all). Fixed-size on the
//! stack (about 14 KiB: the new states of one cell, [`NEXT`] words; the hash table,
//! [`SLOTS`] of 2 bytes; the trail back, 34 × 64 of 2 bytes; one cell's ways, 48 of
//! 16 bytes); nothing allocates and nothing recurses.

use super::blocks::{shape_at, Placed, BLOCKS, SINGLES, SINGLE_COUNT};
use super::board::Board;
use crate::sprite::MAX_WIDTH;

/// Most rows a cover covers at once.
pub(super) const COVER_BAND: usize = 2;
/// Rows around a band a cover's pieces may reach: its band and two rows either side.
pub(super) const WINDOW: usize = COVER_BAND + 4;
/// Most pieces of a cover: one per cell of the band at most.
const COVER_DEPTH: usize = COVER_BAND * MAX_WIDTH;
/// Most ways to cover one cell: each single with one of its four cells there.
const COVER_WAYS: usize = 4 * SINGLE_COUNT;
/// Most states kept per open cell.
const STATES: usize = 64;
/// Room for new states of one cell before the best are kept ([`keep_best`]): the
/// states kept and the new states of at least one state more.
const NEXT: usize = 8 * STATES;
const _: () = assert!(NEXT > STATES + COVER_WAYS);
/// The hash table [`keep_best`] finds each state's entries by ([`StateTable`]): indexes into the new
/// states, at most half of its slots taken.
const SLOTS: usize = 2 * NEXT;
const _: () = assert!(SLOTS.is_power_of_two() && NEXT <= 1 << INDEX_BITS);
/// Bits of a slot of that table that hold an index (the others, its generation).
const INDEX_BITS: u32 = 9;
/// Generations of that table before it is cleared ([`StateTable::next_generation`]).
const GENERATIONS: u16 = 1 << (16 - INDEX_BITS);

/// The hash table of [`keep_best`], generation-stamped: each slot an index into the new
/// states of one call and the generation (the call) it was written in, so a slot of an
/// older generation is free and the table is cleared once per [`GENERATIONS`] calls,
/// not for every open cell. Its slots are read only by the call that wrote them.
struct StateTable {
    slots: [u16; SLOTS],
    generation: u16,
}

impl StateTable {
    /// A table all free (generation 0 is never used).
    const fn new() -> StateTable {
        StateTable {
            slots: [0; SLOTS],
            generation: 0,
        }
    }

    /// Frees every slot for the next call: a new generation, or the table cleared once
    /// every generation has been used.
    fn next_generation(&mut self) {
        self.generation += 1;
        if self.generation == GENERATIONS {
            self.slots = [0; SLOTS];
            self.generation = 1;
        }
    }
}
/// Columns of a state: the open cell's and two either side.
const SPAN: u32 = 5;

/// Which cover a run of [`cover_dp`] finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Variant {
    /// Rows below the band its pieces may reach (at most 2).
    pub(super) below: usize,
    /// Rows above the band its pieces may reach (at most 2).
    pub(super) above: usize,
    /// The most pieces instead of the fewest (the most cells taken from the rows
    /// around the band); then, either way, the fewest cells below the band.
    pub(super) most: bool,
    /// The columns right to left instead of left to right.
    pub(super) rtl: bool,
    /// Of the states as good, those whose cells are highest in the bits of a state
    /// (row by row from the bottom, columns right to left of the open cell) first,
    /// instead of the lowest: which of the covers as good is found.
    pub(super) high: bool,
}

impl Variant {
    /// Every variant: each reach below and above (0 to 2), the fewest and the most
    /// pieces, both directions, both tie orders.
    pub(super) const ALL: [Variant; 72] = {
        let mut all = [Variant::fewest(0, 0); 72];
        let mut i = 0;
        while i < 72 {
            all[i] = Variant {
                below: i / 24,
                above: i / 8 % 3,
                most: i & 4 != 0,
                rtl: i & 2 != 0,
                high: i & 1 != 0,
            };
            i += 1;
        }
        all
    };

    /// The one a row settling a cover below it is covered by
    /// ([`super::row_covers`]): the fewest pieces reaching two rows either side.
    pub(super) const SETTLE: Variant = Variant::fewest(2, 2);

    /// The fewest pieces reaching `below` and `above`, left to right, lowest first.
    const fn fewest(below: usize, above: usize) -> Variant {
        Variant {
            below,
            above,
            most: false,
            rtl: false,
            high: false,
        }
    }
}

/// Per shift of 0 to 4 columns: the bits of each window row's lowest `SPAN − shift`
/// columns, those that stay in a state moved that far ([`moved`]).
const STAY: [u64; SPAN as usize] = {
    let mut stay = [0u64; SPAN as usize];
    let mut shift = 0;
    while shift < SPAN as usize {
        let mut w = 0;
        while w < WINDOW {
            stay[shift] |= ((1u64 << (SPAN as usize - shift)) - 1) << (w as u32 * SPAN);
            w += 1;
        }
        shift += 1;
    }
    stay
};

/// Per single (`SINGLES + k`): its rows' cells from its bottom, its height and width.
const SINGLE_ROWS: [([u32; 3], usize, usize); SINGLE_COUNT] = {
    let mut out = [([0u32; 3], 0, 0); SINGLE_COUNT];
    let mut k = 0;
    while k < SINGLE_COUNT {
        let shape = shape_at(BLOCKS[SINGLES + k].pieces[0].0);
        let mut dy = 0;
        while dy < shape.height() {
            out[k].0[dy] = shape.row_mask(dy);
            dy += 1;
        }
        out[k].1 = shape.height();
        out[k].2 = shape.width();
        k += 1;
    }
    out
};

/// A cover's pieces, in the order the DP placed them.
#[derive(Clone, Copy)]
pub(super) struct RowCover {
    pub(super) pieces: [Placed; COVER_DEPTH],
    pub(super) len: usize,
}

/// One way to cover an open cell: the single, and its cells as a state's bits.
#[derive(Clone, Copy, Default)]
pub(super) struct Way {
    pub(super) placed: Placed,
    bits: u64,
    /// Its cells below the band.
    down: u8,
}

impl Way {
    /// No way (a scratch slot).
    const EMPTY: Way = Way {
        placed: Placed::new(0, 0, 0),
        bits: 0,
        down: 0,
    };
}

/// A state after an open cell, packed in one word (the cells held, the pieces, the
/// cells below the band, and how it was reached), so that the new states of one cell
/// take 8 bytes each: from the top, the state's 35 bits, then 6 bits each for the
/// pieces, the cells below the band, the state at the cell before (its index) and the
/// way taken at this cell (or [`NO_WAY`]).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Entry(u64);

impl Entry {
    const fn new(bits: u64, pieces: u64, down: u64, parent: usize, way: usize) -> Entry {
        Entry(bits << 24 | pieces << 18 | down << 12 | (parent as u64) << 6 | way as u64)
    }
    const fn bits(self) -> u64 {
        self.0 >> 24
    }
    const fn pieces(self) -> u64 {
        self.0 >> 18 & 63
    }
    const fn down(self) -> u64 {
        self.0 >> 12 & 63
    }
    const fn step(self) -> Link {
        Link((self.0 & 0xFFF) as u16)
    }
}

/// How a state was reached: its state at the cell before (6 bits) and the way taken at
/// this cell (6 bits, or [`NO_WAY`]).
#[derive(Clone, Copy, Default)]
struct Link(u16);

impl Link {
    const fn parent(self) -> usize {
        (self.0 >> 6) as usize
    }
    const fn way(self) -> usize {
        (self.0 & 63) as usize
    }
}

/// No way taken: the cell was held already.
const NO_WAY: usize = 63;
// The fields fit: 35 state bits; pieces and cells below the band at most 51 and 34;
// a state index below 64; a way index below `NO_WAY`.
const _: () = assert!(WINDOW as u32 * SPAN <= 40 && STATES <= 64 && COVER_WAYS < NO_WAY);
const _: () = assert!(COVER_DEPTH < 64 && 2 * MAX_WIDTH < 64);

/// State `bits` with the open cell `shift` columns on, to the right (or with `rtl` to
/// the left): the columns it leaves behind dropped.
fn moved(bits: u64, shift: usize, rtl: bool) -> u64 {
    if shift >= SPAN as usize {
        return 0;
    }
    let stay = STAY[shift];
    if rtl {
        bits << shift & stay << shift
    } else {
        bits >> shift & stay
    }
}

/// `cells` (window rows from `lo`) as a state's bits with the open cell in column `x`.
fn pack(cells: &[u32; WINDOW], x: usize) -> u64 {
    let mut s = 0;
    for (w, &c) in cells.iter().enumerate() {
        s |= (u64::from(c) << 2 >> x & 0b11111) << (w as u32 * SPAN);
    }
    s
}

/// The working memory of [`cover_dp_with`]: every part is written before it is read in
/// each run, so one scratch serves any number of runs, and is not cleared between them
/// (about 10 KiB: the ways of one cell, 48 of 16 bytes; the trail back, 34 × 64 of 2
/// bytes; the generation-stamped hash table of [`keep_best`], [`SLOTS`] of 2 bytes; the
/// states of one cell, [`STATES`] words, and their new states, [`NEXT`] words).
pub(super) struct Scratch {
    ways: [Way; COVER_WAYS],
    trail: [[Link; STATES]; COVER_DEPTH],
    table: StateTable,
    states: [Entry; STATES],
    next: [Entry; NEXT],
}

impl Scratch {
    /// A scratch for any number of runs.
    pub(super) const fn new() -> Scratch {
        Scratch {
            ways: [Way::EMPTY; COVER_WAYS],
            trail: [[Link(0); STATES]; COVER_DEPTH],
            table: StateTable::new(),
            states: [Entry(0); STATES],
            next: [Entry(0); NEXT],
        }
    }
}

/// The cheapest cover of the rows `band` by singles reaching at most `below` rows
/// below it and `above` rows above it, none on a cell of `used` (the window's rows
/// from `band.start − 2`, every cell of a row outside the sprite set); `None` when
/// there is none (or every state that could lead to one was dropped).
#[cfg(test)]
pub(super) fn cover_dp(
    board: &Board,
    used: &[u32; WINDOW],
    band: core::ops::Range<usize>,
    variant: Variant,
) -> Option<RowCover> {
    let ways = BandWays::of(board, used, band.clone());
    cover_dp_with(board, &mut Scratch::new(), &ways, used, band, variant)
}

/// [`cover_dp`] with the band's ways worked out already ([`BandWays::of`] of `board`,
/// `used` and `band`): how [`super::row_covers`] runs every variant of one band.
pub(super) fn cover_dp_with(
    board: &Board,
    scratch: &mut Scratch,
    band_ways: &BandWays,
    used: &[u32; WINDOW],
    band: core::ops::Range<usize>,
    Variant {
        below,
        above,
        most,
        rtl,
        high,
    }: Variant,
) -> Option<RowCover> {
    let lo = band.start as isize - 2;
    let rows = band.len();
    // The open cells in column order, bottom to top.
    let mut open = [(0usize, 0usize); COVER_DEPTH];
    let mut n = 0;
    for i in 0..board.width {
        let x = if rtl {
            board.x0 + board.width - 1 - i
        } else {
            board.x0 + i
        };
        for r in band.clone() {
            if (board.any(r) & !used[(r as isize - lo) as usize]) >> x & 1 != 0 {
                open[n] = (x, r);
                n += 1;
            }
        }
    }
    if n == 0 {
        return None;
    }
    let w = board.work.get();
    board.work.set(super::board::Work {
        cover_runs: w.cover_runs + 1,
        ..w
    });
    let (first_row, last_row) = (2 - below, 2 + rows + above);
    let reach = (first_row, last_row);
    let Scratch {
        ways,
        trail,
        table,
        states,
        next,
    } = scratch;
    // The starting state: nothing held.
    states[0] = Entry::default();
    let mut len = 1;
    let mut column = open[0].0;
    for k in 0..n {
        let (x, y) = open[k];
        let count = band_ways.at(lo, reach, x, y, ways);
        if count == 0 {
            return None;
        }
        let shift = x.abs_diff(column);
        column = x;
        let here = 1u64 << ((y as isize - lo) as u32 * SPAN + 2);
        let mut m = 0;
        for (i, s) in states[..len].iter().enumerate() {
            if m + COVER_WAYS + 1 > NEXT {
                m = keep_best(&mut next[..m], most, high, table);
            }
            let bits = moved(s.bits(), shift, rtl);
            if bits & here != 0 {
                next[m] = Entry::new(bits, s.pieces(), s.down(), i, NO_WAY);
                m += 1;
                continue;
            }
            for (j, w) in ways[..count].iter().enumerate() {
                if bits & w.bits == 0 {
                    let down = s.down() + u64::from(w.down);
                    next[m] = Entry::new(bits | w.bits, s.pieces() + 1, down, i, j);
                    m += 1;
                }
            }
        }
        if m == 0 {
            return None;
        }
        len = keep_best(&mut next[..m], most, high, table);
        states[..len].copy_from_slice(&next[..len]);
        for (t, e) in trail[k].iter_mut().zip(&next[..len]) {
            *t = e.step();
        }
    }
    // The best ranked: the first state (sorted so). Walk back, listing each cell's ways
    // again.
    let mut cover = RowCover {
        pieces: [Placed::default(); COVER_DEPTH],
        len: 0,
    };
    let mut i = 0;
    for k in (0..n).rev() {
        let step = trail[k][i];
        if step.way() != NO_WAY {
            let (x, y) = open[k];
            band_ways.at(lo, reach, x, y, ways);
            cover.pieces[cover.len] = ways[step.way()].placed;
            cover.len += 1;
        }
        i = step.parent();
    }
    cover.pieces[..cover.len].reverse();
    Some(cover)
}

/// Keeps of the new states `next` one entry per state, the best ranked (the fewest
/// pieces, or with `most` the most, then the fewest cells below the band), then the
/// first listed (the lowest step), and of those at most [`STATES`], the best ranked,
/// then by the lowest state bits (or with `high` the highest); they come first in
/// `next`, in that order, and their number is returned. Keeping only those part way
/// through a cell's new states keeps the same ones in the end: a state dropped has
/// [`STATES`] others ranked before it, and those only get better ranks as more come,
/// so it could never come back.
///
/// Both choices are of one word per entry. An [`Entry`]'s fields from the top are the
/// bits, the pieces, the cells below and the step, so of the entries of one state the
/// one kept is the least entry (its pieces turned round with `most`), found through a
/// table of [`SLOTS`] indexes hashed by the state's bits ([`StateTable`], not cleared
/// for each call); the states kept are then
/// ranked by their rank above their bits (turned round with `high`), each once, and
/// only the best [`STATES`] are put in order.
fn keep_best(next: &mut [Entry], most: bool, high: bool, table: &mut StateTable) -> usize {
    const PIECES: u64 = 63 << 18;
    const BITS: u64 = (1 << (WINDOW as u32 * SPAN)) - 1;
    let turned = if most { PIECES } else { 0 };
    let slot =
        |bits: u64| (bits.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.ilog2())) as usize;
    table.next_generation();
    let stamp = table.generation << INDEX_BITS;
    let index = |v: u16| usize::from(v & ((1 << INDEX_BITS) - 1));
    let mut kept = 0;
    for i in 0..next.len() {
        // `kept <= i`: the entries kept so far are moved down over those read.
        let e = next[i];
        let bits = e.bits();
        let mut h = slot(bits);
        loop {
            let v = table.slots[h];
            if v >> INDEX_BITS != table.generation {
                // Free (written by an earlier call).
                table.slots[h] = stamp | kept as u16;
                next[kept] = e;
                kept += 1;
                break;
            }
            let k = index(v);
            if next[k].bits() == bits {
                if e.0 ^ turned < next[k].0 ^ turned {
                    next[k] = e;
                }
                break;
            }
            h = (h + 1) % SLOTS;
        }
    }
    let order = if high { BITS } else { 0 };
    let key = |e: &Entry| ((e.0 ^ turned) >> 12 & 0xFFF) << 40 | (e.bits() ^ order);
    let next = &mut next[..kept];
    if kept > STATES {
        next.select_nth_unstable_by_key(STATES - 1, key);
    }
    next[..kept.min(STATES)].sort_unstable_by_key(key);
    kept.min(STATES)
}

/// Every way to cover a cell, in the order [`cell_ways`] lists them: the single (`k`
/// of [`SINGLE_ROWS`]), and the row and column of its cell on the open cell.
const CANDIDATES: [(usize, usize, usize); COVER_WAYS] = {
    let mut out = [(0, 0, 0); COVER_WAYS];
    let (mut n, mut k) = (0, 0);
    while k < SINGLE_COUNT {
        let (rows, height, width) = SINGLE_ROWS[k];
        let mut dy = 0;
        while dy < height {
            let mut dx = 0;
            while dx < width {
                if rows[dy] >> dx & 1 != 0 {
                    out[n] = (k, dy, dx);
                    n += 1;
                }
                dx += 1;
            }
            dy += 1;
        }
        k += 1;
    }
    assert!(n == COVER_WAYS);
    out
};

/// The ways to cover each open cell of a band, worked out once for every variant of
/// [`cover_dp`]: per row of the band and column from the sprite's left, bit `c` for
/// [`CANDIDATES`]`[c]` where that single lies in the window on pixels of its colour
/// not in `used`, and fits ([`Board::fits`]). What a variant's reach leaves out is
/// told by the rows alone ([`BandWays::at`]).
pub(super) struct BandWays {
    ways: [[u64; MAX_WIDTH]; COVER_BAND],
    x0: usize,
    start: usize,
}

impl BandWays {
    /// The ways of `band`'s open cells: its pixels not in `used` (the window's rows
    /// from `band.start − 2`).
    pub(super) fn of(
        board: &Board,
        used: &[u32; WINDOW],
        band: core::ops::Range<usize>,
    ) -> BandWays {
        let lo = band.start as isize - 2;
        let mut out = BandWays {
            ways: [[0; MAX_WIDTH]; COVER_BAND],
            x0: board.x0,
            start: band.start,
        };
        for (i, y) in band.enumerate() {
            let open = board.any(y) & !used[(y as isize - lo) as usize];
            for x in board.x0..board.x0 + board.width {
                if open >> x & 1 == 0 {
                    continue;
                }
                let mut mask = 0u64;
                for (c, &(k, dy, dx)) in CANDIDATES.iter().enumerate() {
                    let (rows, height, _) = SINGLE_ROWS[k];
                    let (Some(bx), Some(by)) = (x.checked_sub(dx), y.checked_sub(dy)) else {
                        continue;
                    };
                    if bx < board.x0 || !board.fits(SINGLES + k, bx, by) {
                        continue;
                    }
                    let free = (0..height).all(|r| {
                        let w = (by + r) as isize - lo;
                        (0..WINDOW as isize).contains(&w) && used[w as usize] & rows[r] << bx == 0
                    });
                    if free {
                        mask |= 1 << c;
                    }
                }
                out.ways[i][x - board.x0] = mask;
            }
        }
        out
    }

    /// The ways to cover open cell `(x, y)` with every cell in window rows
    /// `first_row..last_row` (from `lo`): what [`cell_ways`] lists, looked up.
    fn at(
        &self,
        lo: isize,
        (first_row, last_row): (usize, usize),
        x: usize,
        y: usize,
        out: &mut [Way; COVER_WAYS],
    ) -> usize {
        let mut n = 0;
        let mut mask = self.ways[y - self.start][x - self.x0];
        while mask != 0 {
            let (k, dy, dx) = CANDIDATES[mask.trailing_zeros() as usize];
            mask &= mask - 1;
            let (rows, height, _) = SINGLE_ROWS[k];
            let (bx, by) = (x - dx, y - dy);
            let w0 = (by as isize - lo) as usize;
            if w0 < first_row || w0 + height > last_row {
                continue;
            }
            let mut cells = [0u32; WINDOW];
            for r in 0..height {
                cells[w0 + r] = rows[r] << bx;
            }
            out[n] = Way {
                placed: Placed::new(SINGLES + k, bx, by),
                bits: pack(&cells, x),
                down: (cells[0].count_ones() + cells[1].count_ones()) as u8,
            };
            n += 1;
        }
        n
    }
}

/// The ways to cover open cell `(x, y)`: every single with a cell there, all its cells
/// in window rows `rows` (from `lo`), on pixels of its colour not in `used`, fitting
/// ([`Board::fits`]); as state bits with the open cell in column `x`. The plain
/// listing: the oracle of [`BandWays::at`] in the tests.
#[cfg(test)]
fn cell_ways(
    board: &Board,
    used: &[u32; WINDOW],
    lo: isize,
    (first_row, last_row): (usize, usize),
    x: usize,
    y: usize,
    out: &mut [Way; COVER_WAYS],
) -> usize {
    let mut n = 0;
    for (k, &(rows, height, width)) in SINGLE_ROWS.iter().enumerate() {
        let b = SINGLES + k;
        for dy in 0..height {
            let mask = rows[dy];
            for dx in (0..width).filter(|&d| mask >> d & 1 != 0) {
                let (Some(bx), Some(by)) = (x.checked_sub(dx), y.checked_sub(dy)) else {
                    continue;
                };
                if bx < board.x0 || !board.fits(b, bx, by) {
                    continue;
                }
                let mut cells = [0u32; WINDOW];
                let free = (0..height).all(|r| {
                    let w = (by + r) as isize - lo;
                    let inside = (first_row as isize..last_row as isize).contains(&w);
                    if inside {
                        cells[w as usize] = rows[r] << bx;
                    }
                    inside && used[w as usize] & rows[r] << bx == 0
                });
                if free {
                    out[n] = Way {
                        placed: Placed::new(b, bx, by),
                        bits: pack(&cells, x),
                        down: (cells[0].count_ones() + cells[1].count_ones()) as u8,
                    };
                    n += 1;
                }
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Bits;
    use crate::convert::planners::grouped::Grouped;
    use crate::sprite::Sprite;
    use crate::xorshift::xorshift;

    /// The figures the docs (here and the direct module's) type in are this DP's caps.
    #[test]
    fn the_docs_state_the_caps() {
        use crate::convert::doc_figures::{assert_says, thousands};
        let steps = STATES * (COVER_WAYS + 1);
        for phrase in [
            format!("at most {COVER_BAND} × {MAX_WIDTH} = {COVER_DEPTH} open cells"),
            format!("at most 4 × {SINGLE_COUNT} = {COVER_WAYS} singles"),
            format!(
                "at most {STATES} × {} = {} new states",
                COVER_WAYS + 1,
                thousands(steps as u64)
            ),
            format!("the trail back, {COVER_DEPTH} × {STATES} of 2 bytes"),
            format!("one cell's ways, {COVER_WAYS} of"),
        ] {
            assert_says("direct/cover_dp.rs", include_str!("cover_dp.rs"), &phrase);
        }
        for phrase in [
            format!("at most {STATES} states per cell, nothing"),
            format!("whenever its {STATES} states per cell suffice"),
            format!("at most {COVER_DEPTH} open cells"),
            format!("at most {COVER_WAYS} ways checked"),
            format!("at most {STATES} × {} state steps", COVER_WAYS + 1),
            format!("the best {STATES} whenever {NEXT} have come"),
            format!("{COVER_DEPTH} × {STATES} of 2 bytes"),
            format!("{} in all", Variant::ALL.len()),
        ] {
            assert_says("direct/mod.rs", include_str!("mod.rs"), &phrase);
        }
    }

    /// The fewest singles that cover the open cells of `band`, every way tried
    /// (the oracle): `None` when none does.
    fn fewest_by_hand(
        board: &Board,
        used: &[u32; WINDOW],
        band: core::ops::Range<usize>,
        reach: (usize, usize),
    ) -> Option<usize> {
        let lo = band.start as isize - 2;
        let rows = (2 - reach.0, 2 + band.len() + reach.1);
        let open = band.clone().find_map(|r| {
            let rest = board.any(r) & !used[(r as isize - lo) as usize];
            (rest != 0).then(|| (rest.trailing_zeros() as usize, r))
        });
        let Some((x, y)) = open else {
            return Some(0);
        };
        let mut ways = [Way::default(); COVER_WAYS];
        let n = cell_ways(board, used, lo, rows, x, y, &mut ways);
        let mut best = None;
        for w in &ways[..n] {
            let mut u = *used;
            for (r, cells) in w.placed.cells() {
                u[(r as isize - lo) as usize] |= cells;
            }
            if let Some(k) = fewest_by_hand(board, &u, band.clone(), reach) {
                best = Some(best.map_or(k + 1, |b: usize| b.min(k + 1)));
            }
        }
        best
    }

    /// The window's cells already used: none in the sprite, all outside it.
    /// Every band of one to [`COVER_BAND`] rows of a sprite `h` rows tall, lowest first.
    fn bands(h: usize) -> impl Iterator<Item = core::ops::Range<usize>> {
        (0..h).flat_map(move |start| (1..=COVER_BAND.min(h - start)).map(move |n| start..start + n))
    }

    fn window(board: &Board, band: &core::ops::Range<usize>) -> [u32; WINDOW] {
        let mut used = [0u32; WINDOW];
        for (w, u) in used.iter_mut().enumerate() {
            let r = band.start as isize - 2 + w as isize;
            if !(0..board.height as isize).contains(&r) {
                *u = u32::MAX;
            }
        }
        used
    }

    /// A 4 × 2 block of one colour is two flat pieces; a cover's singles lie on pixels
    /// of their colour, share no cell and cover every cell of the band.
    #[test]
    fn a_block_is_covered_by_two_pieces() {
        let sprite = Sprite::from_ascii("0000\n0000\n").unwrap();
        let board = Board::of(&sprite, &Grouped::DEFAULT);
        let used = window(&board, &(0..2));
        let c = cover_dp(&board, &used, 0..2, Variant::fewest(0, 0)).expect("a cover");
        assert_eq!(c.len, 2);
        let mut cells = [0u32; 2];
        for p in &c.pieces[..c.len] {
            for (r, c) in p.cells() {
                assert_eq!(cells[r] & c, 0);
                cells[r] |= c;
            }
        }
        assert_eq!(cells, [board.any(0), board.any(1)]);
    }

    /// Oracle: on small sprites of blobs, the DP finds a cover exactly when one
    /// exists, with the fewest pieces any cover has (its states are never cut there),
    /// for every band of one to three rows and every reach.
    #[test]
    fn the_dp_finds_the_fewest_pieces() {
        let mut rng = xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: u64| rng() % n;
        let (mut found, mut none) = (0, 0);
        for k in 0..60 {
            let (w, h) = (4 + next(5) as usize, 3 + next(4) as usize);
            // Mostly one colour, a block of another now and then, few holes.
            let art = super::super::ascii_art(w, h, |x, y| match next(16) {
                0 => b'.',
                _ if (x / 4 + y / 3 + k) % 3 == 0 => b'1',
                _ => b'0',
            });
            let sprite = Sprite::from_ascii(&art).unwrap();
            let board = Board::of(&sprite, &Grouped::DEFAULT);
            for band in bands(h) {
                let used = window(&board, &band);
                for reach in [(0, 0), (1, 1), (2, 0), (0, 2), (2, 2)] {
                    let oracle = fewest_by_hand(&board, &used, band.clone(), reach);
                    // Both directions and both tie orders find as few pieces.
                    for (rtl, high) in [(false, false), (true, false), (false, true)] {
                        let variant = Variant {
                            rtl,
                            high,
                            ..Variant::fewest(reach.0, reach.1)
                        };
                        let dp = cover_dp(&board, &used, band.clone(), variant);
                        assert_eq!(dp.map(|c| c.len), oracle, "{band:?} {variant:?}\n{art}");
                    }
                    if oracle.is_some() {
                        found += 1;
                    } else {
                        none += 1;
                    }
                }
            }
        }
        assert!(found > 50 && none > 50, "{found} covers, {none} without");
    }

    /// One scratch serves any number of runs ([`Scratch`]: nothing in it is read before
    /// a run writes it, and its hash table's generations wrap): every variant of every
    /// band of random sprites, run on one scratch, finds the cover a fresh scratch finds.
    #[test]
    fn one_scratch_serves_every_run() {
        let mut rng = xorshift(0x51C0_FFEE_0000_0059);
        let mut next = move |n: u64| rng() % n;
        let mut scratch = Scratch::new();
        let (mut runs, mut covers) = (0, 0);
        for _ in 0..6 {
            let (w, h) = (6 + next(12) as usize, 3 + next(6) as usize);
            let art = super::super::ascii_art(w, h, |_, _| match next(10) {
                0 => b'.',
                1 => b'1',
                _ => b'0',
            });
            let sprite = Sprite::from_ascii(&art).unwrap();
            let board = Board::of(&sprite, &Grouped::DEFAULT);
            for band in bands(h) {
                let used = window(&board, &band);
                let ways = BandWays::of(&board, &used, band.clone());
                for variant in Variant::ALL {
                    let reused =
                        cover_dp_with(&board, &mut scratch, &ways, &used, band.clone(), variant);
                    let fresh = cover_dp(&board, &used, band.clone(), variant);
                    let pieces = |c: &Option<RowCover>| c.map(|c| c.pieces[..c.len].to_vec());
                    assert_eq!(
                        pieces(&reused),
                        pieces(&fresh),
                        "{band:?} {variant:?}\n{art}"
                    );
                    runs += 1;
                    covers += usize::from(fresh.is_some());
                }
            }
        }
        assert!(
            scratch.table.generation > 0 && runs > 1000 && covers > 300,
            "{runs} runs, {covers} covers"
        );
    }

    /// The ways a band's table gives each open cell are the plain listing's, in its
    /// order, for every reach (the oracle: `cell_ways`), on random sprites with random
    /// cells taken by direct pieces.
    #[test]
    fn the_band_ways_are_the_listed_ways() {
        let mut rng = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut next = move |n: u64| rng() % n;
        let (mut cells, mut ways) = (0, 0);
        for _ in 0..40 {
            let (w, h) = (3 + next(15) as usize, 2 + next(9) as usize);
            let art = super::super::ascii_art(w, h, |_, _| match next(8) {
                0 => b'.',
                1 => b'2',
                2 | 3 => b'1',
                _ => b'0',
            });
            let sprite = Sprite::from_ascii(&art).unwrap();
            let board = Board::of(&sprite, &Grouped::DEFAULT);
            for band in bands(h) {
                let rows = band.len();
                let mut used = window(&board, &band);
                for u in &mut used {
                    if *u != u32::MAX {
                        *u = (next(1 << 21) & next(1 << 21)) as u32;
                    }
                }
                let lo = band.start as isize - 2;
                let table = BandWays::of(&board, &used, band.clone());
                for y in band.clone() {
                    let open = board.any(y) & !used[(y as isize - lo) as usize];
                    for x in Bits(open) {
                        for below in 0..=2 {
                            for above in 0..=2 {
                                let reach = (2 - below, 2 + rows + above);
                                let mut a = [Way::default(); COVER_WAYS];
                                let mut b = [Way::default(); COVER_WAYS];
                                let n = cell_ways(&board, &used, lo, reach, x, y, &mut a);
                                let m = table.at(lo, reach, x, y, &mut b);
                                let key = |w: &Way| (w.placed, w.bits, w.down);
                                assert!(
                                    a[..n].iter().map(key).eq(b[..m].iter().map(key)),
                                    "({x}, {y}) {reach:?}\n{art}"
                                );
                                ways += n;
                            }
                        }
                        cells += 1;
                    }
                }
            }
        }
        assert!(cells > 1000 && ways > 1000, "{cells} cells, {ways} ways");
    }
}
