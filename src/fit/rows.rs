//! A decoded image read one row at a time at 8 bits a channel: [`Rows`].

use crate::sprite::decode::Image;

/// Reads rows of a decoded image as 8-bit RGBA, into a buffer it reuses.
pub(super) struct Rows<'a> {
    image: &'a Image,
    wide: Vec<[u16; 4]>,
    narrow: Vec<[u8; 4]>,
}

impl<'a> Rows<'a> {
    /// A reader of `image`'s rows.
    pub(super) fn new(image: &'a Image) -> Rows<'a> {
        Rows {
            image,
            wide: Vec::with_capacity(image.width()),
            narrow: Vec::with_capacity(image.width()),
        }
    }

    /// The image's width.
    pub(super) fn width(&self) -> usize {
        self.image.width()
    }

    /// The image's height.
    pub(super) fn height(&self) -> usize {
        self.image.height()
    }

    /// Row `y` (0 = top), each channel rounded to 8 bits.
    pub(super) fn row(&mut self, y: usize) -> &[[u8; 4]] {
        self.image.row8(y, &mut self.wide, &mut self.narrow);
        &self.narrow
    }

    /// Pixel `(x, y)`.
    pub(super) fn pixel(&self, x: usize, y: usize) -> [u8; 4] {
        self.image.pixel8(x, y)
    }
}
