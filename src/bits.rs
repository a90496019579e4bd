//! A set of up to 32 small indexes (columns of a row, pixels of a row) as the bits of a
//! `u32`, with an iterator over the set ones, lowest first.

/// The set bits of a `u32`, lowest first: `Bits(0b1010)` yields 1, then 3.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits(pub u32);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

#[cfg(test)]
mod tests {
    use super::Bits;

    #[test]
    fn yields_the_set_bits_lowest_first() {
        assert_eq!(Bits(0).count(), 0);
        assert!(Bits(0b1010).eq([1, 3]));
        assert!(Bits(1 << 31 | 1).eq([0, 31]));
        assert_eq!(Bits(0xFF00).len(), 8);
    }
}
