//! [`Board`]: what direct placement works on: the sprite, its pixels by row and
//! colour, which blocks fit where, and its rows priced by the row planners it was
//! given, the plans made so far remembered.

use core::cell::Cell;

use crate::sprite::{Sprite, MAX_HEIGHT};

use super::super::plan::RowPlan;
use super::super::row::RowInput;
use super::super::row_planner::RowPlanner;
use crate::bits::Bits;

use super::blocks::{shape_at, Placed, BAND, BLOCKS, SINGLES, SINGLE_COUNT};

/// The sprite direct placement works on, its pixels as row masks and its colours per
/// row as masks per colour, where each block fits, and its rows priced.
pub(super) struct Board<'m> {
    /// The sprite.
    sprite: &'m Sprite,
    /// Each row's kind: the first row with the same pixels, colours and held pixels
    /// (so the same plans for the same direct cells): what the remembered plans are
    /// keyed by, with the row's direct cells.
    kind: [u8; MAX_HEIGHT],
    /// `colour[y][c]`: the cells of colour `c` in playfield row `y`.
    pub(super) colour: [[u32; 3]; MAX_HEIGHT],
    pub(super) height: usize,
    pub(super) x0: usize,
    pub(super) width: usize,
    /// Row plans made so far ([`Board::row_plan`]).
    memo: &'m [Cell<u64>],
    /// The row planner that prices and plans the rows (the converter's: the default's
    /// with its first cover staged more).
    pub(super) planner: &'m dyn RowPlanner<Plan = RowPlan>,
    /// The row planner that prices `improve`'s rounds.
    rounds: &'m dyn RowPlanner<Plan = RowPlan>,
    /// Whether rows are priced by `rounds` now ([`Board::price_rounds`]).
    in_rounds: Cell<bool>,
    /// The work done so far, counted.
    pub(super) work: Cell<Work>,
    /// `coloured[b][y]`: the columns where every cell of block `b` with its
    /// bottom-left cell in row `y` is a pixel of its colour
    /// ([`Board::colour_columns`], worked out once per sprite; the blocks of more
    /// than one piece all 0 when no single fits anywhere: then no block is tried).
    coloured: [[u32; MAX_HEIGHT]; BLOCKS.len()],
    /// `singles[k][y]`: the columns where single `SINGLES + k` fits with its
    /// bottom-left cell in row `y` ([`Board::fits`], worked out once).
    singles: [[u32; MAX_HEIGHT]; SINGLE_COUNT],
    /// `coverable[y]`: the cells of row `y` some single that fits holds (the union of
    /// [`Board::singles`]' cells): a pixel outside them no single piece can place.
    pub(super) coverable: [u32; MAX_HEIGHT],
    /// Bit `y`: some single fits with its bottom-left cell in row `y` (some
    /// [`Board::singles`]`[k][y]` is not empty; [`Board::single_rows`]).
    single_rows: u32,
}

/// The work of one [`super::plan()`], in its countable units (the module docs of
/// [`super`] bound each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Work {
    /// Calls of the row planner (rows planned, not answered from the remembered plans).
    pub(crate) row_plans: u32,
    /// Runs of the row covers' DP ([`super::cover_dp::cover_dp`]).
    pub(crate) cover_runs: u32,
    /// States of the placement DP visited (rows × states of each run).
    pub(crate) dp_states: u32,
}

/// How many row plans [`Board::row_plan`] remembers without a workspace: the table
/// `--direct` keeps on its own stack ([`stack_memo`]).
pub(super) const MEMO: usize = 512;

/// The table of remembered row plans on the stack, [`MEMO`] of them.
pub(super) type StackMemo = [Cell<u64>; MEMO];

/// An empty [`StackMemo`] ([`Board::priced_by`] empties any table it is given).
pub(super) const fn stack_memo() -> StackMemo {
    [const { Cell::new(Memo::EMPTY.0) }; MEMO]
}

/// One row plan remembered, packed in a word: from the top, the row's direct cells
/// and pre-filled cells (21 bits each), the row's kind (5 bits: the first row alike), which planner planned it (1
/// bit: the rounds', [`Board::price_rounds`]), whether its plan has a platform (1 bit)
/// and its pieces (15 bits). An empty slot has a pre-filled cell that is no direct
/// cell, which no key has (pre-filled cells are direct cells).
#[derive(Clone, Copy)]
struct Memo(u64);

impl Memo {
    const EMPTY: Memo = Memo(1 << 22);

    /// The key of a row of kind `kind` with `covered` and `prefill` (the bits above the
    /// pieces).
    fn key(kind: u8, covered: u32, prefill: u32) -> u64 {
        (u64::from(covered) << 43 | u64::from(prefill) << 22 | u64::from(kind) << 17) >> 17
    }
}

// The fields fit: 21 columns, 32 rows.
const _: () = assert!(crate::playfield::WIDTH <= 21 && MAX_HEIGHT <= 32);

/// `sprite`'s cells by playfield row and colour: `[y][c]`, the cells of colour `c` in
/// row `y`.
pub(super) fn colour_masks(sprite: &Sprite) -> [[u32; 3]; MAX_HEIGHT] {
    let mut colour = [[0; 3]; MAX_HEIGHT];
    let x0 = sprite.x0();
    for (y, row) in colour.iter_mut().enumerate().take(sprite.height()) {
        for x in x0..x0 + sprite.width() {
            if let Some(c) = sprite.cell(x, y) {
                row[usize::from(c.min(2))] |= 1 << x;
            }
        }
    }
    colour
}

/// Whether some colour of the `h` rows of `colour` ([`colour_masks`]) has three pixels
/// side by side in a row or one above another in a column: a single's four cells do, so
/// where none has, no single fits (many sprites lack them; checked by masks).
pub(super) fn has_three(colour: &[[u32; 3]; MAX_HEIGHT], h: usize) -> bool {
    (0..3).any(|c| {
        (0..h).any(|y| {
            let m = colour[y][c];
            m & m >> 1 & m >> 2 != 0 || y + 2 < h && m & colour[y + 1][c] & colour[y + 2][c] != 0
        })
    })
}

impl<'m> Board<'m> {
    /// The pixels of `sprite`, its rows to be planned by `planner`.
    #[cfg(test)]
    pub(super) fn of(
        sprite: &Sprite,
        planner: &'static dyn RowPlanner<Plan = RowPlan>,
    ) -> Board<'static> {
        let memo: &'static StackMemo = std::boxed::Box::leak(std::boxed::Box::new(stack_memo()));
        let sprite: &'static Sprite = std::boxed::Box::leak(std::boxed::Box::new(*sprite));
        Board::priced_by(sprite, planner, planner, memo)
    }

    /// The pixels of `sprite`, its rows to be planned by `planner` and `improve`'s
    /// rounds priced by `rounds`, row plans remembered in `memo` (emptied first; its
    /// length a power of two). Built in place: a `Board` is kilobytes, and a copy
    /// would stay on the stack under every stage.
    pub(super) fn priced_by(
        sprite: &'m Sprite,
        planner: &'m dyn RowPlanner<Plan = RowPlan>,
        rounds: &'m dyn RowPlanner<Plan = RowPlan>,
        memo: &'m [Cell<u64>],
    ) -> Board<'m> {
        debug_assert!(memo.len().is_power_of_two());
        for m in memo {
            m.set(Memo::EMPTY.0);
        }
        let mut keys = [0u128; MAX_HEIGHT];
        let mut kind = [0u8; MAX_HEIGHT];
        for y in 0..sprite.height() {
            keys[y] = RowInput::of(sprite, y).key();
            kind[y] = keys[..y].iter().position(|&k| k == keys[y]).unwrap_or(y) as u8;
        }
        let mut board = Board {
            sprite,
            kind,
            colour: colour_masks(sprite),
            height: sprite.height(),
            x0: sprite.x0(),
            width: sprite.width(),
            memo,
            planner,
            rounds,
            in_rounds: Cell::new(false),
            work: Cell::new(Work::default()),
            coloured: [[0; MAX_HEIGHT]; BLOCKS.len()],
            singles: [[0; MAX_HEIGHT]; SINGLE_COUNT],
            coverable: [0; MAX_HEIGHT],
            single_rows: 0,
        };
        let h = board.height;
        let three = has_three(&board.colour, h);
        if three {
            for k in 0..SINGLE_COUNT {
                for y in 0..h {
                    board.coloured[SINGLES + k][y] = board.colour_columns(SINGLES + k, y);
                    board.singles[k][y] = board.single_columns(SINGLES + k, y);
                    board.single_rows |= u32::from(board.singles[k][y] != 0) << y;
                    for x in Bits(board.singles[k][y]) {
                        for (r, cells) in Placed::new(SINGLES + k, x, y).cells() {
                            board.coverable[r] |= cells;
                        }
                    }
                }
            }
            // The other blocks are only tried where some single fits somewhere.
            if board.any_single_fits() {
                let others = (0..SINGLES).chain(SINGLES + SINGLE_COUNT..BLOCKS.len());
                for b in others {
                    for y in 0..h {
                        board.coloured[b][y] = board.colour_columns(b, y);
                    }
                }
            }
        }
        board
    }

    /// The columns `x` (bit `x`) where every cell of block `b` with its bottom-left cell
    /// at `(x, y)` is a pixel of the block's colour: what [`Board::fits`] asks first,
    /// for every column at once, by masks (the colour masks keep the block on the
    /// sprite).
    pub(super) fn colour_columns(&self, b: usize, y: usize) -> u32 {
        let block = &BLOCKS[b];
        if y + usize::from(block.height) > self.height {
            return 0;
        }
        let colour = |r: usize| self.colour[r][usize::from(block.colour)];
        let mut columns = u32::MAX;
        for &(s, dx, dy) in block.pieces {
            let shape = shape_at(s);
            for r in 0..shape.height() {
                for j in Bits(shape.row_mask(r)) {
                    columns &= colour(y + usize::from(dy) + r) >> (usize::from(dx) + j);
                }
            }
        }
        columns
    }

    /// The columns `x` (bit `x`) where single `b` fits with its bottom-left cell at
    /// `(x, y)`: [`Board::block_fits`] for every column at once, by masks. Each cell
    /// on a pixel of the single's colour ([`Board::colour_columns`]), and some lowest
    /// cell of a column of the piece on the field's floor or on a pixel (emitted before
    /// the piece drops).
    fn single_columns(&self, b: usize, y: usize) -> u32 {
        let &[(s, dx, dy)] = BLOCKS[b].pieces else {
            unreachable!("a single is one piece")
        };
        let columns = self.coloured[b][y];
        if columns == 0 {
            return 0;
        }
        let shape = shape_at(s);
        let mut rests = 0;
        let (dx, bottom) = (usize::from(dx), y + usize::from(dy));
        for r in 0..shape.height() {
            let cells = shape.row_mask(r);
            let lowest = cells & !if r == 0 { 0 } else { shape.row_mask(r - 1) };
            let below = match bottom + r {
                0 => u32::MAX,
                at => self.any(at - 1),
            };
            for j in Bits(lowest) {
                rests |= below >> (dx + j);
            }
        }
        columns & rests
    }

    /// Rows priced from now on by the rounds' planner (`true`) or the rows' (`false`);
    /// each planner's plans stay remembered apart (a bit of their key).
    pub(super) fn price_rounds(&self, on: bool) {
        self.in_rounds.set(on);
    }

    /// Row `y`'s pieces with the row planner when direct pieces print its cells
    /// `covered`, `prefill` of them filled before its passes (0 when nothing is left to
    /// emit), and whether its plan has a platform. The last two plans of each pair of
    /// slots of a fixed table are remembered ([`Board::memo_pair`]), keyed by the row's
    /// contents (its kind and its direct cells: rows that repeat share their plans), so
    /// the same row is not planned twice in a row, nor two rows that meet in a pair each
    /// time the other was; the answers are the planner's either way.
    pub(super) fn row_plan(&self, y: usize, covered: u32, prefill: u32) -> (u32, bool) {
        if self.any(y) & !covered == 0 {
            return (0, false);
        }
        let kind = self.kind[y];
        let key = self.memo_key(kind, covered, prefill);
        for slot in self.memo_pair(kind, covered, prefill) {
            let m = slot.get();
            if m >> 16 == key {
                return (m as u32 & 0x7FFF, m >> 15 & 1 != 0);
            }
        }
        let p = self.planned(y, covered, prefill);
        (p.pieces, p.platform)
    }

    /// Row `y` of the sprite without the pixels `covered` (printed by direct pieces),
    /// the cells `prefill` filled before its passes.
    pub(super) fn row(&self, y: usize, covered: u32, prefill: u32) -> RowInput {
        RowInput::of(self.sprite, y).without(covered, prefill)
    }

    /// Row `y`'s plan with the row planner when direct pieces print its cells
    /// `covered`, `prefill` of them filled before its passes (some pixel left to
    /// emit): always planned (counted), and remembered for [`Board::row_plan`].
    pub(super) fn planned(&self, y: usize, covered: u32, prefill: u32) -> RowPlan {
        self.work.set(Work {
            row_plans: self.work.get().row_plans + 1,
            ..self.work.get()
        });
        let planner = if self.in_rounds.get() {
            self.rounds
        } else {
            self.planner
        };
        let p = planner.plan(&self.row(y, covered, prefill));
        if p.pieces < 1 << 15 {
            // The newest first, the one it was before second (the older one goes).
            let kind = self.kind[y];
            let key = self.memo_key(kind, covered, prefill);
            let [newest, older] = self.memo_pair(kind, covered, prefill);
            older.set(newest.get());
            newest.set(key << 16 | u64::from(p.platform) << 15 | u64::from(p.pieces));
        }
        p
    }

    /// The key of a row of kind `kind` with `covered` and `prefill` planned by the
    /// planner of now: the bits above the platform's.
    fn memo_key(&self, kind: u8, covered: u32, prefill: u32) -> u64 {
        Memo::key(kind, covered, prefill) << 1 | u64::from(self.in_rounds.get())
    }

    /// The pair of slots of the remembered plans where a row of kind `kind` with these
    /// cells goes (two adjacent slots: two rows whose hashes meet both stay), the newest
    /// first.
    fn memo_pair(&self, kind: u8, covered: u32, prefill: u32) -> [&Cell<u64>; 2] {
        let hash = (u64::from(covered) << 32 | u64::from(prefill))
            .wrapping_add(u64::from(kind) | u64::from(self.in_rounds.get()) << 5)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The hash's top bits but the highest, as many as the table has pairs.
        let bits = self.memo.len().trailing_zeros() - 1;
        let pair = 2 * ((hash >> (63 - bits)) as usize & (self.memo.len() / 2 - 1));
        [&self.memo[pair], &self.memo[pair + 1]]
    }

    /// Whether some single piece fits anywhere ([`Board::fits`]): every block is made
    /// of singles, so without one no direct piece can be placed.
    pub(super) fn any_single_fits(&self) -> bool {
        self.single_rows != 0
    }

    /// The columns where some single fits with its bottom-left cell in row `y` (0: no
    /// single to try in that row).
    pub(super) fn single_columns_at(&self, y: usize) -> u32 {
        self.singles.iter().fold(0, |m, k| m | k[y])
    }

    /// The rows where some single fits with its bottom-left cell there (bit `y`). Every
    /// block's first piece is such a single (it rests on the floor or on a pixel, not
    /// on the block), inside the block's rows: no block fits where none of its rows
    /// has one.
    pub(super) fn single_rows(&self) -> u32 {
        self.single_rows
    }

    /// The columns where every cell of block `b` with its bottom-left cell at row `y`
    /// is a pixel of its colour ([`Board::colour_columns`], looked up).
    pub(super) fn coloured(&self, b: usize, y: usize) -> u32 {
        self.coloured[b][y]
    }

    pub(super) fn any(&self, y: usize) -> u32 {
        self.colour[y][0] | self.colour[y][1] | self.colour[y][2]
    }

    /// Whether block `b` fits with its bottom-left cell at `(x, y)`: every cell a pixel
    /// of its colour, and every piece resting on the floor, on a pixel that is no cell
    /// of the block (emitted in its row's passes, before the piece drops), or on a piece
    /// of the block dropped before it.
    pub(super) fn fits(&self, b: usize, x: usize, y: usize) -> bool {
        match b.checked_sub(SINGLES) {
            Some(k) if k < SINGLE_COUNT => y < self.height && self.singles[k][y] >> x & 1 != 0,
            _ => y < self.height && self.coloured[b][y] >> x & 1 != 0 && self.block_fits(b, x, y),
        }
    }

    /// [`Board::fits`], worked out. Out of line: its callers' hot loops ask the masks
    /// first and come here seldom, and stay smaller without it.
    #[inline(never)]
    fn block_fits(&self, b: usize, x: usize, y: usize) -> bool {
        let shape_b = &BLOCKS[b];
        let (w, h) = (usize::from(shape_b.width), usize::from(shape_b.height));
        if y + h > self.height || x + w > self.x0 + self.width {
            return false;
        }
        let c = usize::from(shape_b.colour);
        let placed = Placed::new(b, x, y);
        let mut block = [0u32; BAND];
        for (m, bottom, _) in placed.pieces() {
            for dy in 0..m.shape().height() {
                let cells = m.shape().row_mask(dy) << m.x();
                if self.colour[bottom + dy][c] & cells != cells {
                    return false;
                }
                block[bottom + dy - y] |= cells;
            }
        }
        // The block's cells filled so far, rows y..y + h.
        let mut done = [0u32; BAND];
        for (m, bottom, _) in placed.pieces() {
            let mut rests = false;
            for dy in 0..m.shape().height() {
                let cells = m.shape().row_mask(dy) << m.x();
                let r = bottom + dy;
                let below = if r == 0 {
                    u32::MAX
                } else if r == y {
                    self.any(r - 1)
                } else {
                    done[r - 1 - y] | self.any(r - 1) & !block[r - 1 - y]
                };
                // Only the piece's lowest cell in each column can rest on something.
                let lowest = cells
                    & !(if dy == 0 {
                        0
                    } else {
                        m.shape().row_mask(dy - 1) << m.x()
                    });
                rests |= lowest & below != 0;
            }
            if !rests {
                return false;
            }
            for dy in 0..m.shape().height() {
                done[bottom + dy - y] |= m.shape().row_mask(dy) << m.x();
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `cases` random sprites from `seed` (1 to 17 × 1 to 32 pixels of one to three
    /// colours in turn, `density` % of them set) and their ASCII art; those with an
    /// empty row (no sprite may have one) are left out.
    fn random_sprites(
        seed: u64,
        cases: usize,
        density: core::ops::Range<u64>,
    ) -> impl Iterator<Item = (String, Sprite)> {
        let mut next = crate::xorshift::xorshift(seed);
        (0..cases).filter_map(move |case| {
            let (w, h) = (1 + next() as usize % 17, 1 + next() as usize % 32);
            let colours = 1 + case % 3;
            let set = density.start + next() % (density.end - density.start);
            let art = super::super::ascii_art(w, h, |_, _| match next() % 100 < set {
                true => b'0' + (next() % colours as u64) as u8,
                false => b'.',
            });
            Sprite::from_ascii(&art).ok().map(|sprite| (art, sprite))
        })
    }

    /// The singles worked out by masks fit exactly where [`Board::block_fits`] says,
    /// every block's colour columns are exactly where its cells are all pixels of its
    /// colour, and the colour columns looked up ([`Board::coloured`]) and every
    /// block's fit ([`Board::fits`]) are those worked out, on dense random sprites of one to three colours (every row, every
    /// column).
    #[test]
    fn singles_by_masks_fit_as_block_fits_says() {
        use crate::convert::planners::grouped::Grouped;
        let (mut fits, mut coloured_blocks) = (0, 0);
        for (art, sprite) in random_sprites(0x2545_F491_4F6C_DD1D, 300, 40..100) {
            let board = Board::of(&sprite, &Grouped::DEFAULT);
            // The cells of the singles that fit, by row.
            let mut held = [0u32; MAX_HEIGHT];
            for k in 0..SINGLE_COUNT {
                for y in 0..board.height {
                    let plain = (board.x0..board.x0 + board.width)
                        .filter(|&x| board.block_fits(SINGLES + k, x, y))
                        .fold(0u32, |m, x| m | 1 << x);
                    assert_eq!(
                        board.single_columns(SINGLES + k, y),
                        plain,
                        "{art}single {k} row {y}"
                    );
                    fits += plain.count_ones();
                    for x in Bits(plain) {
                        for (r, cells) in Placed::new(SINGLES + k, x, y).cells() {
                            held[r] |= cells;
                        }
                    }
                }
            }
            assert_eq!(board.coverable, held, "{art}coverable");
            let rows = (0..MAX_HEIGHT).fold(0, |m, y| {
                m | u32::from(board.single_columns_at(y) != 0) << y
            });
            assert_eq!(board.single_rows(), rows, "{art}single rows");
            // Every block's colour columns: exactly where each of its cells is a pixel
            // of its colour (so wherever it fits).
            for (b, block) in BLOCKS.iter().enumerate() {
                for y in 0..board.height {
                    let columns = board.colour_columns(b, y);
                    // Looked up as worked out, wherever a block may be tried: where
                    // some single fits somewhere (else no block is tried at all).
                    if board.any_single_fits() {
                        assert_eq!(board.coloured(b, y), columns, "{art}block {b} row {y}");
                        for x in board.x0..board.x0 + board.width {
                            let plain = board.block_fits(b, x, y);
                            assert_eq!(board.fits(b, x, y), plain, "{art}block {b} at {x}, {y}");
                        }
                    }
                    for x in 0..crate::playfield::WIDTH {
                        let coloured = y + usize::from(block.height) <= board.height
                            && x + usize::from(block.width) <= crate::playfield::WIDTH
                            && Placed::new(b, x, y).cells().all(|(r, cells)| {
                                board.colour[r][usize::from(block.colour)] & cells == cells
                            });
                        assert_eq!(
                            columns >> x & 1 != 0,
                            coloured,
                            "{art}block {b} at {x}, {y}"
                        );
                        if x >= board.x0 && x < board.x0 + board.width && board.block_fits(b, x, y)
                        {
                            assert!(coloured, "{art}block {b} at {x}, {y}");
                        }
                        coloured_blocks += usize::from(coloured && BLOCKS[b].pieces.len() > 1);
                    }
                }
            }
        }
        assert!(fits > 1000, "{fits} fits: the sprites test too little");
        assert!(coloured_blocks > 100, "{coloured_blocks} blocks coloured");
    }

    /// Every block that fits ([`Board::block_fits`]) has a single that fits with its
    /// bottom-left cell in one of the block's rows ([`Board::single_rows`]): what the
    /// bands and the add passes pass over the rest by. On random sprites from sparse to
    /// dense, where blocks of several pieces fit.
    #[test]
    fn every_block_that_fits_has_a_single_in_its_rows() {
        use crate::convert::planners::grouped::Grouped;
        let (mut checked, mut tight) = (0, 0);
        for (art, sprite) in random_sprites(0x51B6_1E5F_0000_0035, 400, 20..90) {
            let board = Board::of(&sprite, &Grouped::DEFAULT);
            let rows = board.single_rows();
            for (b, block) in BLOCKS.iter().enumerate() {
                let own = (1u32 << block.height) - 1;
                for y in 0..board.height {
                    for x in board.x0..board.x0 + board.width {
                        if !board.block_fits(b, x, y) {
                            continue;
                        }
                        assert!(
                            rows >> y & own != 0,
                            "{art}block {b} fits at {x}, {y}, no single in its rows"
                        );
                        checked += 1;
                        // Only its bottom row has one: a check one row off fails here.
                        tight += usize::from(block.pieces.len() > 1 && rows >> y & own == 1);
                    }
                }
            }
        }
        assert!(
            checked > 1000 && tight > 10,
            "{checked} fits, {tight} tight"
        );
    }

    /// Two rows whose hashes meet in one pair of slots of the remembered plans
    /// ([`Board::memo_pair`]) both stay remembered: asked for in turn, each is
    /// planned once.
    #[test]
    fn two_rows_meeting_in_a_pair_both_stay() {
        use crate::convert::planners::grouped::Grouped;
        let mut next = crate::xorshift::xorshift(0x9E37_79B9_7F4A_7C15);
        let art = super::super::ascii_art(crate::sprite::MAX_WIDTH, MAX_HEIGHT, |_, _| {
            b'0' + (next() % 3) as u8
        });
        let sprite = Sprite::from_ascii(&art).unwrap();
        let board = Board::of(&sprite, &Grouped::DEFAULT);
        let x0 = board.x0;
        // Two (row, covered pixel) keys of different contents in one pair.
        let keys: Vec<(usize, u32)> = (0..MAX_HEIGHT)
            .flat_map(|y| (0..3).map(move |dx| (y, 1u32 << (x0 + dx))))
            .collect();
        let pair =
            |&(y, covered): &(usize, u32)| board.memo_pair(board.kind[y], covered, 0)[0].as_ptr();
        let content = |&(y, covered): &(usize, u32)| (board.kind[y], covered);
        let (a, b) = keys
            .iter()
            .enumerate()
            .find_map(|(i, k)| {
                keys[i + 1..]
                    .iter()
                    .find(|l| pair(l) == pair(k) && content(l) != content(k))
                    .map(|l| (*k, *l))
            })
            .expect("two keys in one pair among 96");
        for _ in 0..3 {
            for (y, covered) in [a, b] {
                board.row_plan(y, covered, 0);
            }
        }
        assert_eq!(board.work.get().row_plans, 2, "{a:?} and {b:?}");
    }

    /// Rows with the same pixels, colours and held pixels share their remembered plans
    /// (the memo is keyed by the row's kind, not its index): asking for the same cells
    /// in each of the rows of a striped sprite plans them once per kind, and the plans
    /// are the planner's own.
    #[test]
    fn rows_alike_share_their_plans() {
        use crate::convert::planners::grouped::Grouped;
        use crate::convert::row_planner::RowPlanner;
        // Rows of period 3 (row 0 on the floor is like the others: every pixel held).
        let art = super::super::ascii_art(crate::sprite::MAX_WIDTH, 12, |x, y| {
            b'0' + ((x / 3 + y) % 3) as u8
        });
        let sprite = Sprite::from_ascii(&art).unwrap();
        let board = Board::of(&sprite, &Grouped::DEFAULT);
        let covered = 0b111 << board.x0;
        for y in 0..12 {
            let (pieces, _) = board.row_plan(y, covered, 0);
            assert_eq!(
                pieces,
                Grouped::DEFAULT.plan(&board.row(y, covered, 0)).pieces
            );
        }
        assert_eq!(board.work.get().row_plans, 3, "{art}");
    }

    /// The figures the direct module's docs type in are [`MEMO`] and its size.
    #[test]
    fn the_docs_state_the_remembered_plans() {
        use crate::convert::doc_figures::{assert_says, thousands};
        use crate::Workspace;
        let kib = core::mem::size_of::<StackMemo>() / 1024;
        // The masks by row, rounded to the nearest KiB.
        let masks = core::mem::size_of::<[[u32; 3]; MAX_HEIGHT]>()
            + core::mem::size_of::<[[u32; MAX_HEIGHT]; BLOCKS.len()]>()
            + core::mem::size_of::<[[u32; MAX_HEIGHT]; SINGLE_COUNT]>()
            + core::mem::size_of::<[u32; MAX_HEIGHT]>();
        let masks_kib = (masks + 512) / 1024;
        for phrase in [
            format!("a table of {MEMO} remembered prices"),
            format!(
                "or of the {} of a workspace",
                thousands(Workspace::PLANS as u64)
            ),
            format!(
                "a [`crate::Workspace`] of {}",
                thousands(Workspace::PLANS as u64)
            ),
            format!("the remembered row plans ({MEMO} words, {kib} KiB)"),
            format!("where each single fits: {masks_kib} KiB)"),
        ] {
            assert_says("direct/mod.rs", include_str!("mod.rs"), &phrase);
        }
    }
}
