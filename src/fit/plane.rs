//! [`Plane`]: one bit per pixel of an image.

/// One bit per pixel of a `width`-wide image, rows top first.
pub(super) struct Plane {
    width: usize,
    words: Vec<u64>,
}

impl Plane {
    /// All bits clear.
    pub(super) fn new(width: usize, height: usize) -> Plane {
        Plane {
            width,
            words: vec![0; (width * height).div_ceil(64)],
        }
    }

    /// The bit of pixel `(x, y)`.
    pub(super) fn get(&self, x: usize, y: usize) -> bool {
        let i = y * self.width + x;
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Sets the bit of pixel `(x, y)` to `on`.
    pub(super) fn set(&mut self, x: usize, y: usize, on: bool) {
        let i = y * self.width + x;
        let bit = 1 << (i % 64);
        if on {
            self.words[i / 64] |= bit;
        } else {
            self.words[i / 64] &= !bit;
        }
    }
}
