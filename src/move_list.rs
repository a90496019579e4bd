//! A fixed-capacity list of moves, held inline (no heap).

use core::fmt;
use core::ops::Deref;

use crate::convert::bounds::MAX_MOVES;
use crate::moves::{self, Move};
use crate::piece::Shape;

/// A list of at most `N` moves stored inline, with no heap and no placeholder to supply:
/// what [`Converter::convert_into`](crate::Converter::convert_into) fills. It derefs to
/// `&[Move]`.
///
/// The default capacity is [`MAX_MOVES`], enough for any sprite (41,600 bytes). Name the
/// type to use it: `let mut moves: MoveList = MoveList::new();`.
///
/// ```
/// use tetris_printer::{Move, MoveList};
///
/// let mut list = MoveList::<2>::new();
/// list.push("J0 5".parse()?)?;
/// list.push("T2 0".parse()?)?;
/// assert!(list.push("I1 20".parse()?).is_err()); // full
/// assert_eq!(list.len(), 2);
/// assert_eq!(list[1].to_string(), "T2 0"); // a slice of moves
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct MoveList<const N: usize = MAX_MOVES> {
    moves: [Move; N],
    len: usize,
}

/// [`MoveList::push`] on a full list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the move list is full")]
pub struct CapacityError;

impl<const N: usize> MoveList<N> {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList<N> {
        MoveList {
            // Never read: only `moves[..len]` is.
            moves: [moves::new_unchecked(Shape::ALL[0], 0); N],
            len: 0,
        }
    }

    /// How many moves it can hold: `N`.
    #[must_use]
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Moves held.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds no move.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Appends `m`, or gives [`CapacityError`] when the list already holds `N` moves.
    pub fn push(&mut self, m: Move) -> Result<(), CapacityError> {
        let slot = self.moves.get_mut(self.len).ok_or(CapacityError)?;
        *slot = m;
        self.len += 1;
        Ok(())
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// All `N` slots, for the converter to write into before [`MoveList::set_len`].
    pub(crate) fn storage_mut(&mut self) -> &mut [Move] {
        &mut self.moves
    }

    /// Takes the first `len` slots (at most `N`) as the list's moves.
    pub(crate) fn set_len(&mut self, len: usize) {
        self.len = len.min(N);
    }
}

impl<const N: usize> Default for MoveList<N> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<const N: usize> Deref for MoveList<N> {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<const N: usize> AsRef<[Move]> for MoveList<N> {
    fn as_ref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a, const N: usize> IntoIterator for &'a MoveList<N> {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<const N: usize> PartialEq for MoveList<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<const N: usize> Eq for MoveList<N> {}

/// Lists the moves held, as a slice would.
impl<const N: usize> fmt::Debug for MoveList<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size the docs give a default [`MoveList`]'s moves is theirs.
    #[test]
    fn the_docs_state_the_default_size() {
        use crate::convert::doc_figures::{assert_says, thousands};
        let bytes = MAX_MOVES * core::mem::size_of::<Move>();
        let stated = format!("enough for any sprite ({} bytes)", thousands(bytes as u64));
        assert_says("move_list.rs", include_str!("move_list.rs"), &stated);
    }
}
