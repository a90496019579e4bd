//! Where a conversion's moves go: a [`Sink`] takes every move to its [`Out`], counting
//! them.

use crate::moves::Move;

/// Where a conversion's moves go, counted in [`Sink::len`].
pub(crate) enum Out<'a> {
    /// Into a slice, as far as it reaches (the count goes on past its end).
    Slice(&'a mut [Move]),
    /// To a callback, one by one.
    Each(&'a mut dyn FnMut(Move)),
    /// Nowhere: only counted.
    Count,
}

/// Takes every move of a conversion to its [`Out`], counting them.
pub(crate) struct Sink<'a> {
    out: Out<'a>,
    /// Moves taken so far.
    pub(crate) len: usize,
}

impl Sink<'_> {
    /// A sink for `out`, empty.
    pub(crate) fn new(out: Out<'_>) -> Sink<'_> {
        Sink { out, len: 0 }
    }

    /// Takes one move.
    pub(crate) fn push(&mut self, m: Move) {
        match &mut self.out {
            Out::Slice(s) => {
                if let Some(slot) = s.get_mut(self.len) {
                    *slot = m;
                }
            }
            Out::Each(f) => f(m),
            Out::Count => {}
        }
        self.len += 1;
    }

    /// Takes the moves of `moves`, in order.
    pub(crate) fn extend(&mut self, moves: impl ExactSizeIterator<Item = Move>) {
        let n = moves.len();
        match &mut self.out {
            Out::Slice(s) => {
                // The part that fits (most moves are a pattern's fillers).
                let start = self.len.min(s.len());
                for (slot, m) in s[start..].iter_mut().zip(moves) {
                    *slot = m;
                }
            }
            Out::Each(f) => moves.for_each(f),
            Out::Count => {}
        }
        self.len += n;
    }
}
