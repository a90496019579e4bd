//! The 21 × 42 playfield: hard drops and naive-gravity line clears.

pub use crate::field::{HEIGHT, WIDTH};
use crate::moves::Move;
use crate::piece::Piece;

/// A row as a bit mask: bit `x` set when column `x` holds a cell.
pub type Row = u32;
/// A row with all 21 cells.
pub const FULL: Row = (1 << WIDTH) - 1;

/// What one drop did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Row of the bottom of the piece's bounding box where it came to rest.
    pub y: usize,
    /// The rows (by `y`, before clearing) that were full and removed, as a bit mask: bit
    /// `y` set when row `y` was cleared (a mask, not a count: see [`Landing::lines`]).
    pub cleared: u64,
}

impl Landing {
    /// Number of rows the drop cleared.
    #[must_use]
    pub const fn lines(self) -> usize {
        self.cleared.count_ones() as usize
    }
}

/// Why a drop could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DropError {
    /// The piece would rest with a cell above row 41.
    #[error("game over: {0} would come to rest with a cell above the top row")]
    GameOver(Move),
    /// The piece sticks out of the field (not possible for a [`Move`], which is checked
    /// when it is made; kept so matching code keeps compiling).
    #[error("{0} sticks out of the 21-wide field")]
    OutOfField(Move),
}

/// A move that failed during [`Playfield::replay`], with its 0-based index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
// Counted from 1 in a `u128`: `usize::MAX + 1` neither overflows nor wraps to 0.
#[error("move {} ({move_}): {error}", *index as u128 + 1)]
pub struct ReplayError {
    /// The move's index (0-based; the message counts from 1).
    pub index: usize,
    /// The move.
    pub move_: Move,
    /// Why it failed.
    pub error: DropError,
}

/// The playfield. Plain data: copying it is cheap and it never allocates.
#[derive(Clone, PartialEq, Eq)]
pub struct Playfield {
    rows: [Row; HEIGHT],
    /// The piece of each cell, `0` = empty, else `1 + Piece as u8`.
    cells: [[u8; WIDTH]; HEIGHT],
    /// Per column: one above its highest cell (0 = empty column).
    heights: [u8; WIDTH],
    pieces: usize,
}

impl Default for Playfield {
    fn default() -> Self {
        Self::new()
    }
}

impl core::fmt::Debug for Playfield {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        writeln!(f, "Playfield ({} pieces dropped)", self.pieces)?;
        for y in (0..self.stack_height()).rev() {
            for x in 0..WIDTH {
                let c = self.get(x, y).map_or('.', Piece::letter);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl Playfield {
    /// An empty field.
    #[must_use]
    pub const fn new() -> Playfield {
        Playfield {
            rows: [0; HEIGHT],
            cells: [[0; WIDTH]; HEIGHT],
            heights: [0; WIDTH],
            pieces: 0,
        }
    }

    /// Plays `moves` from an empty field.
    pub fn replay(moves: &[Move]) -> Result<Playfield, ReplayError> {
        let mut f = Playfield::new();
        f.play(moves)?;
        Ok(f)
    }

    /// Plays `moves` on this field; on error the field holds the moves before the failing one.
    pub fn play(&mut self, moves: &[Move]) -> Result<(), ReplayError> {
        for (index, &move_) in moves.iter().enumerate() {
            self.drop_piece(move_).map_err(|error| ReplayError {
                index,
                move_,
                error,
            })?;
        }
        Ok(())
    }

    /// The row masks, bottom first.
    #[must_use]
    pub const fn rows(&self) -> &[Row; HEIGHT] {
        &self.rows
    }

    /// The mask of row `y`; rows above the field (`y >= 42`) are empty.
    #[must_use]
    pub const fn row(&self, y: usize) -> Row {
        if y < HEIGHT {
            self.rows[y]
        } else {
            0
        }
    }

    /// The height of column `x`: one above its highest cell (0 for an empty column and
    /// for columns outside the field).
    #[must_use]
    pub const fn height(&self, x: usize) -> usize {
        if x < WIDTH {
            self.heights[x] as usize
        } else {
            0
        }
    }

    /// Every column's [`height`](Playfield::height), left to right.
    pub fn heights(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.heights.iter().map(|&h| usize::from(h))
    }

    /// The highest column height.
    #[must_use]
    pub fn stack_height(&self) -> usize {
        self.heights.iter().copied().max().unwrap_or(0) as usize
    }

    /// Pieces dropped so far (stays at `usize::MAX` once it gets there).
    #[must_use]
    pub const fn pieces(&self) -> usize {
        self.pieces
    }

    /// The piece whose cell is at `(x, y)`, if any. Out-of-range coordinates are empty.
    #[must_use]
    pub fn get(&self, x: usize, y: usize) -> Option<Piece> {
        let v = *self.cells.get(y)?.get(x)?;
        (v != 0).then(|| Piece::ALL[v as usize - 1])
    }

    /// Puts a cell of `piece` at `(x, y)` directly (no gravity, no clearing): for building
    /// test positions. Coordinates outside the field are ignored.
    pub fn set(&mut self, x: usize, y: usize, piece: Option<Piece>) {
        if x >= WIDTH || y >= HEIGHT {
            return;
        }
        // Only column `x`'s height can change. (`y + 1 <= HEIGHT` fits the byte.)
        match piece {
            Some(p) => {
                self.rows[y] |= 1 << x;
                self.cells[y][x] = p as u8 + 1;
                self.heights[x] = self.heights[x].max(y as u8 + 1);
            }
            None => {
                self.rows[y] &= !(1 << x);
                self.cells[y][x] = 0;
                if usize::from(self.heights[x]) == y + 1 {
                    // The column's top cell went: its next cell down is the top now.
                    let below = (0..y).rev().find(|&r| self.rows[r] >> x & 1 != 0);
                    self.heights[x] = below.map_or(0, |r| r as u8 + 1);
                }
            }
        }
    }

    /// Where `m` would come to rest (row of its bounding box's bottom), without dropping it.
    /// Columns of a move sticking out of the field are ignored ([`Playfield::drop_piece`]
    /// refuses such a move).
    #[must_use]
    pub fn landing_row(&self, m: Move) -> usize {
        let d = m.shape.data();
        let x = m.x as usize;
        let mut y = 0u8;
        let columns = self.heights.iter().skip(x).take(d.width as usize);
        for (&h, &b) in columns.zip(&d.bottom) {
            if h > b && h - b > y {
                y = h - b;
            }
        }
        y as usize
    }

    /// Hard-drops one piece and removes any rows it completes (naive gravity: every row
    /// above a removed row moves down by one per removed row below it, no cascades).
    pub fn drop_piece(&mut self, m: Move) -> Result<Landing, DropError> {
        let d = m.shape.data();
        let x = m.x as usize;
        if x + d.width as usize > WIDTH {
            return Err(DropError::OutOfField(m));
        }
        let y = self.landing_row(m);
        if y + d.height as usize > HEIGHT {
            return Err(DropError::GameOver(m));
        }
        let code = m.shape.piece() as u8 + 1;
        for &(dx, dy) in &d.cells {
            let (cx, cy) = (x + dx as usize, y + dy as usize);
            self.rows[cy] |= 1 << cx;
            self.cells[cy][cx] = code;
        }
        for i in 0..d.width as usize {
            let top = (y as u8) + d.top[i];
            if top > self.heights[x + i] {
                self.heights[x + i] = top;
            }
        }
        // Saturates: a streamed replay may drop more than 2^32 pieces on a 32-bit target.
        self.pieces = self.pieces.saturating_add(1);
        let mut cleared = 0u64;
        for (r, &row) in self.rows[y..y + d.height as usize].iter().enumerate() {
            if row == FULL {
                cleared |= 1 << (y + r);
            }
        }
        if cleared != 0 {
            self.remove_rows(cleared);
        }
        Ok(Landing { y, cleared })
    }

    /// Removes the rows in `mask`, moving everything above down.
    fn remove_rows(&mut self, mask: u64) {
        let top = self.stack_height();
        let first = mask.trailing_zeros() as usize;
        let mut dst = first;
        for src in first..top {
            if mask & (1 << src) == 0 {
                self.rows[dst] = self.rows[src];
                self.cells[dst] = self.cells[src];
                dst += 1;
            }
        }
        for y in dst..top {
            self.rows[y] = 0;
            self.cells[y] = [0; WIDTH];
        }
        self.recompute_heights_below(dst);
    }

    /// Recomputes the column heights when every row from `top` up is empty.
    fn recompute_heights_below(&mut self, top: usize) {
        let mut found: Row = 0;
        self.heights = [0; WIDTH];
        for y in (0..top).rev() {
            let mut new = self.rows[y] & !found;
            found |= new;
            while new != 0 {
                let x = new.trailing_zeros() as usize;
                self.heights[x] = y as u8 + 1;
                new &= new - 1;
            }
            if found == FULL {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Shape;

    fn mv(p: Piece, r: usize, x: usize) -> Move {
        Move::new(Shape::new(p, r).unwrap(), x).unwrap()
    }

    /// `set` keeps every column's height what a full recount gives, through random
    /// fills and clears (tops, cells below them, empty cells, outside the field).
    #[test]
    fn set_keeps_the_heights_of_a_recount() {
        let mut f = Playfield::new();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for step in 0..20_000 {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let r = (seed >> 33) as usize;
            let (x, y) = (r % (WIDTH + 1), (r >> 5) % 12);
            let piece = (r >> 9 & 1 == 0).then_some(Piece::ALL[(r >> 10) % 7]);
            f.set(x, y, piece);
            let mut recount = f.clone();
            recount.recompute_heights_below(HEIGHT);
            assert_eq!(
                f.heights, recount.heights,
                "step {step}: set({x}, {y}, {piece:?})"
            );
            assert_eq!(f.get(x, y), piece.filter(|_| x < WIDTH), "step {step}");
        }
    }

    /// #58 item 7: the last index a `usize` holds is shown as the move after it, not as
    /// move 0 (release) or an overflow panic (overflow checks on, as in the tests).
    #[test]
    fn replay_error_counts_from_one_at_any_index() {
        let m = mv(Piece::J, 0, 5);
        let error = DropError::GameOver(m);
        let shown = |index| {
            ReplayError {
                index,
                move_: m,
                error,
            }
            .to_string()
        };
        assert!(
            shown(0).starts_with("move 1 (J0 5): game over"),
            "{}",
            shown(0)
        );
        let last = (usize::MAX as u128 + 1).to_string();
        assert!(shown(usize::MAX).starts_with(&format!("move {last} (J0 5)")));
    }

    #[test]
    fn drops_land_on_the_stack() {
        let mut f = Playfield::new();
        assert_eq!(f.drop_piece(mv(Piece::O, 0, 0)).unwrap().y, 0);
        assert_eq!(f.drop_piece(mv(Piece::O, 0, 1)).unwrap().y, 2);
        // J0 protrudes down in its right column: the foot reaches the floor.
        let l = f.drop_piece(mv(Piece::J, 0, 3)).unwrap();
        assert_eq!(l.y, 0);
        assert_eq!(f.heights().take(6).collect::<Vec<_>>(), [2, 4, 4, 2, 2, 2]);
        assert_eq!(f.get(5, 0), Some(Piece::J));
        assert_eq!(f.get(3, 0), None, "a covered hole under the bar");
        // Resting on a higher column: J0 at 1 lands with its bar on column 1's top (4).
        assert_eq!(f.drop_piece(mv(Piece::J, 0, 1)).unwrap().y, 3);
    }

    #[test]
    fn single_double_triple_tetris_clears() {
        for lines in 1..=4 {
            let mut f = Playfield::new();
            // Fill columns 1..20 of `lines` rows with vertical I pieces trimmed by rows:
            for y in 0..lines {
                for x in 1..WIDTH {
                    f.set(x, y, Some(Piece::O));
                }
            }
            f.set(5, lines, Some(Piece::S)); // a cell above that must move down
            let l = f.drop_piece(mv(Piece::I, 1, 0)).unwrap();
            assert_eq!(l.lines(), lines);
            assert_eq!(f.get(5, 0), Some(Piece::S));
            // What is left of the I stays in column 0 above the cleared rows.
            let left = 4 - lines;
            for y in 0..left {
                assert_eq!(f.get(0, y), Some(Piece::I));
            }
            assert_eq!(f.height(0), left);
            assert_eq!(f.height(5), 1);
        }
    }

    #[test]
    fn non_adjacent_rows_clear_with_naive_gravity() {
        let mut f = Playfield::new();
        // Rows 0 and 2 full except column 0; row 1 full except columns 0 and 1.
        for x in 1..WIDTH {
            f.set(x, 0, Some(Piece::O));
            f.set(x, 2, Some(Piece::O));
            if x > 1 {
                f.set(x, 1, Some(Piece::O));
            }
        }
        f.set(7, 3, Some(Piece::Z)); // floats above row 2
        let l = f.drop_piece(mv(Piece::I, 1, 0)).unwrap();
        assert_eq!(l.cleared, 0b101);
        // Row 1 drops to row 0 (still missing column 1); the I's cells at rows 1, 3 remain.
        assert_eq!(f.row(0), FULL & !0b10);
        assert_eq!(f.get(7, 1), Some(Piece::Z));
        assert_eq!(f.get(0, 1), Some(Piece::I));
        assert_eq!(f.row(1), 1 | 1 << 7);
        assert_eq!(f.height(1), 0);
    }

    #[test]
    fn floating_cells_stay_put() {
        let mut f = Playfield::new();
        for x in 0..WIDTH - 1 {
            f.set(x, 1, Some(Piece::O));
        }
        f.set(3, 0, Some(Piece::T));
        f.set(3, 2, Some(Piece::L)); // above the row to clear, over a hole in row 0
        let l = f.drop_piece(mv(Piece::I, 1, 20)).unwrap();
        assert_eq!(l.lines(), 1);
        assert_eq!(f.get(3, 1), Some(Piece::L));
        assert_eq!(f.get(3, 0), Some(Piece::T));
        assert_eq!(f.get(20, 0), Some(Piece::I));
        assert_eq!(f.get(20, 1), Some(Piece::I));
    }

    #[test]
    fn game_over_leaves_the_field_unchanged() {
        let mut f = Playfield::new();
        for _ in 0..10 {
            f.drop_piece(mv(Piece::I, 1, 0)).unwrap();
        }
        assert_eq!(f.height(0), 40);
        let before = f.clone();
        assert_eq!(
            f.drop_piece(mv(Piece::I, 1, 0)),
            Err(DropError::GameOver(mv(Piece::I, 1, 0)))
        );
        assert_eq!(f, before);
        // Two rows still fit.
        f.drop_piece(mv(Piece::O, 0, 0)).unwrap();
        assert!(f.drop_piece(mv(Piece::O, 0, 0)).is_err());
    }

    #[test]
    fn heights_are_usize_views_of_the_columns() {
        let mut f = Playfield::new();
        f.drop_piece(mv(Piece::I, 1, 20)).unwrap();
        f.drop_piece(mv(Piece::O, 0, 3)).unwrap();
        let mut want = [0; WIDTH];
        (want[3], want[4], want[20]) = (2, 2, 4);
        assert_eq!(f.heights().len(), WIDTH);
        assert_eq!(f.heights().collect::<Vec<_>>(), want);
        for (x, &h) in want.iter().enumerate() {
            assert_eq!(f.height(x), h, "column {x}");
        }
        assert_eq!(f.height(WIDTH), 0);
        assert_eq!(f.height(usize::MAX), 0);
        assert_eq!(f.pieces(), 2);
    }

    #[test]
    fn out_of_field_is_rejected() {
        let mut f = Playfield::new();
        let m = Move {
            shape: Shape::new(Piece::I, 0).unwrap(),
            x: 18,
        };
        assert_eq!(f.drop_piece(m), Err(DropError::OutOfField(m)));
        assert!(Move::new(Shape::new(Piece::I, 0).unwrap(), 17).is_some());
        assert!(Move::new(Shape::new(Piece::I, 0).unwrap(), 18).is_none());
    }

    #[test]
    fn replay_reports_the_failing_move() {
        let moves = vec![mv(Piece::I, 1, 3); 11];
        let e = Playfield::replay(&moves).unwrap_err();
        assert_eq!(e.index, 10);
        assert_eq!(
            e.to_string(),
            "move 11 (I1 3): game over: I1 3 would come to rest with a cell above the top row"
        );
    }
}
