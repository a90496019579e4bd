//! Sprites: loading, validating and placing the pixel art to print (docs/spec.md §3).
//!
//! Everything here validates through [`Sprite::from_rgba`], which needs no `image` crate and
//! no heap, so a [`Sprite`] is a small fixed-size value that is cheap to copy.

use core::fmt;
#[cfg(feature = "image-io")]
use std::path::Path;

#[cfg(feature = "image-io")]
pub(crate) mod decode;
mod error;
mod limits;
mod rgb;

pub use error::SpriteError;
pub use limits::*;
pub use rgb::Rgb;

/// Colors of `0`, `1` and `2` in [`Sprite::from_ascii`]: blue, purple and orange, the usual
/// J, T and L colors.
pub const ASCII_COLORS: [Rgb; 3] = [
    Rgb::new(0x00, 0x00, 0xff),
    Rgb::new(0x80, 0x00, 0x80),
    Rgb::new(0xff, 0x80, 0x00),
];

/// Marks a transparent pixel in [`Sprite`]'s pixel array.
const TRANSPARENT: u8 = u8::MAX;

/// A validated, trimmed sprite of 1..=3 colors.
///
/// Pixels live in a fixed array (no heap): the sprite is copied freely into planners.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sprite {
    width: u8,
    height: u8,
    ncolors: u8,
    colors: [Rgb; MAX_COLORS],
    /// `pixels[row][col]`, row 0 at the top; color index or [`TRANSPARENT`]. Cells outside
    /// the sprite stay transparent so derived equality only sees real pixels.
    pixels: [[u8; MAX_WIDTH]; MAX_HEIGHT],
    /// Playfield column of the left edge ([`Sprite::x0`]): centred when validated,
    /// moved by [`Sprite::at_x0`] / [`Sprite::aligned`] (see [`crate::align`]).
    x0: u8,
}

impl Sprite {
    /// Validates a row-major RGBA8 buffer (`width * height * 4` bytes, top row first).
    ///
    /// Checks, in this order: buffer length, alpha 0/255, trims transparent borders, then
    /// non-empty, size ≤ 17x32, ≤ 3 colors, no transparent row inside. Does not allocate.
    pub fn from_rgba(width: usize, height: usize, rgba: &[u8]) -> Result<Sprite, SpriteError> {
        // In u128, where a 64-bit `width * height` still fits (the `* 4` may saturate).
        let expected = (width as u128)
            .saturating_mul(height as u128)
            .saturating_mul(4);
        if rgba.len() as u128 != expected {
            return Err(SpriteError::BufferSize {
                width,
                height,
                len: rgba.len(),
                expected,
            });
        }
        let mut scan = Scan::new(false);
        // The row length is only computed for a buffer that holds at least one row: with
        // `height` 0 a `width` of 2^30 would wrap `width * 4` to 0 on a 32-bit target.
        let row_len = width.checked_mul(4);
        if let (Some(row_len @ 1..), 1..) = (row_len, height) {
            for (y, row) in rgba.chunks_exact(row_len).enumerate() {
                let px = row.chunks_exact(4).map(|p| {
                    let [r, g, b, a] = [p[0], p[1], p[2], p[3]].map(|v| u16::from(v) * 257);
                    [r, g, b, a]
                });
                scan.row(y, px)?;
            }
        }
        scan.finish()
    }

    /// Builds a sprite from text art, for tests and docs: one line per row, `.` transparent,
    /// `0`/`1`/`2` the colors [`ASCII_COLORS`]. Surrounding blank lines and indentation are
    /// ignored; all lines must be equally long. Validated exactly like an image, so the
    /// indices are renumbered by first appearance.
    pub fn from_ascii(art: &str) -> Result<Sprite, SpriteError> {
        let mut buf = [0u8; MAX_ASCII_SIDE * MAX_ASCII_SIDE * 4];
        let lines = || art.trim().lines().map(str::trim);
        let width = lines().next().map_or(0, |l| l.chars().count());
        let height = lines().count();
        if width > MAX_ASCII_SIDE || height > MAX_ASCII_SIDE {
            return Err(SpriteError::AsciiTooLarge { width, height });
        }
        for (y, line) in lines().enumerate() {
            let len = line.chars().count();
            if len != width {
                return Err(SpriteError::AsciiRagged {
                    line: y,
                    len,
                    expected: width,
                });
            }
            for (x, ch) in line.chars().enumerate() {
                let i = (y * width + x) * 4;
                let Rgb { r, g, b } = match ch {
                    '.' => continue,
                    '0' => ASCII_COLORS[0],
                    '1' => ASCII_COLORS[1],
                    '2' => ASCII_COLORS[2],
                    found => {
                        return Err(SpriteError::AsciiChar {
                            line: y,
                            column: x,
                            found,
                        })
                    }
                };
                buf[i..i + 4].copy_from_slice(&[r, g, b, 255]);
            }
        }
        Sprite::from_rgba(width, height, &buf[..width * height * 4])
    }

    /// Reads a sprite from an image file of any format the `image` crate knows (by content,
    /// falling back to the extension). The file is read into memory first (at most
    /// [`MAX_FILE_BYTES`]), so pipes such as `/dev/stdin` work. The header is checked
    /// before anything is decoded, so a huge image is rejected at once.
    #[cfg(feature = "image-io")]
    pub fn open(path: impl AsRef<Path>) -> Result<Sprite, SpriteError> {
        let path = path.as_ref();
        let file = std::fs::File::open(path).map_err(|source| SpriteError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Sprite::read_from(file, path)
    }

    /// Reads a sprite from `reader` (a pipe, standard input, ...), at most
    /// [`MAX_FILE_BYTES`]; `name` is the path errors show.
    #[cfg(feature = "image-io")]
    pub fn read_from(reader: impl std::io::Read, name: &Path) -> Result<Sprite, SpriteError> {
        decode_checked(&read_bytes(reader, name)?, Some(name))
    }

    /// Like [`Sprite::open`], for an image file already in memory.
    #[cfg(feature = "image-io")]
    pub fn from_image_bytes(bytes: &[u8]) -> Result<Sprite, SpriteError> {
        decode_checked(bytes, None)
    }

    /// Width in pixels (1..=17).
    #[must_use]
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// Height in pixels (1..=32).
    #[must_use]
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The 1..=3 colors, indexed by the numbers [`Sprite::pixel`] returns.
    pub fn colors(&self) -> &[Rgb] {
        &self.colors[..self.ncolors as usize]
    }

    /// Color index at sprite column `col`, row `row` (0 = top); `None` if transparent or
    /// outside the sprite.
    pub fn pixel(&self, col: usize, row: usize) -> Option<u8> {
        if col >= self.width() || row >= self.height() {
            return None;
        }
        Some(self.pixels[row][col]).filter(|&p| p != TRANSPARENT)
    }

    /// Playfield column of the sprite's left edge, where every consumer (converter,
    /// [`crate::compare`], renderers) places it. A validated sprite is centred in the
    /// printable columns 2..=18 (`2 + (17 − w) / 2`); [`Sprite::at_x0`] and
    /// [`Sprite::aligned`] move it (see [`crate::align`]).
    pub fn x0(&self) -> usize {
        usize::from(self.x0)
    }

    /// Sets the placement; the caller ([`crate::align`]) has checked `x0` against
    /// [`Sprite::x0_range`].
    pub(crate) fn set_x0(&mut self, x0: usize) {
        self.x0 = x0 as u8;
    }

    /// Color index the finished print has at playfield column `x`, row `y` (0 = bottom);
    /// `None` where the field must stay empty.
    pub fn cell(&self, x: usize, y: usize) -> Option<u8> {
        let col = x.checked_sub(self.x0())?;
        let row = self.height().checked_sub(y)?.checked_sub(1)?;
        self.pixel(col, row)
    }

    /// Every pixel, rows top to bottom, each left to right: its colour, or `None` where
    /// it is transparent. Needs no allocation; `Sprite::to_rgba` (`alloc`) collects it.
    ///
    /// ```
    /// use tetris_printer::{Sprite, ASCII_COLORS};
    ///
    /// let sprite = Sprite::from_ascii("0.\n12")?;
    /// let pixels: Vec<_> = sprite.pixels().collect();
    /// assert_eq!(pixels, [Some(ASCII_COLORS[0]), None, Some(ASCII_COLORS[1]), Some(ASCII_COLORS[2])]);
    /// # Ok::<(), tetris_printer::SpriteError>(())
    /// ```
    #[must_use]
    pub fn pixels(&self) -> Pixels<'_> {
        Pixels {
            sprite: self,
            next: 0,
        }
    }

    /// The sprite as a row-major RGBA8 buffer, `width × height × 4` bytes (opaque pixels
    /// alpha 255, transparent ones all zero): [`Sprite::from_rgba`] reads it back to the
    /// same sprite.
    ///
    /// ```
    /// use tetris_printer::Sprite;
    ///
    /// let sprite = Sprite::from_ascii(".0.\n120")?;
    /// let rgba = sprite.to_rgba();
    /// assert_eq!(rgba.len(), 3 * 2 * 4);
    /// assert_eq!(Sprite::from_rgba(3, 2, &rgba)?, sprite);
    /// # Ok::<(), tetris_printer::SpriteError>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn to_rgba(&self) -> alloc::vec::Vec<u8> {
        self.pixels()
            .flat_map(|p| p.map_or([0; 4], |Rgb { r, g, b }| [r, g, b, 255]))
            .collect()
    }

    /// Text art in the [`Sprite::from_ascii`] format, with the sprite's own color indices.
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn to_ascii(&self) -> alloc::string::String {
        let mut s = alloc::string::String::with_capacity((self.width() + 1) * self.height());
        for row in 0..self.height() {
            for col in 0..self.width() {
                s.push(match self.pixel(col, row) {
                    Some(i) => char::from(b'0' + i),
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

/// The centred placement of a sprite `w` pixels wide: `2 + (17 − w) / 2`.
pub(crate) const fn centred_x0(w: usize) -> usize {
    2 + (MAX_WIDTH - w) / 2
}

/// The pixels of a [`Sprite`], from [`Sprite::pixels`]: rows top to bottom, each left to
/// right, `Some(colour)` for an opaque pixel and `None` for a transparent one.
#[derive(Clone, Debug)]
pub struct Pixels<'a> {
    sprite: &'a Sprite,
    next: usize,
}

impl Iterator for Pixels<'_> {
    type Item = Option<Rgb>;

    fn next(&mut self) -> Option<Option<Rgb>> {
        let w = self.sprite.width();
        if self.next >= w * self.sprite.height() {
            return None;
        }
        let (row, col) = (self.next / w, self.next % w);
        self.next += 1;
        Some(
            self.sprite
                .pixel(col, row)
                .and_then(|i| self.sprite.colors().get(usize::from(i)).copied()),
        )
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.sprite.width() * self.sprite.height()).saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Pixels<'_> {}
impl core::iter::FusedIterator for Pixels<'_> {}

/// Debug shows the art, not 544 raw bytes.
impl fmt::Debug for Sprite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Row<'a>(&'a [u8]);
        impl fmt::Debug for Row<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("\"")?;
                for &p in self.0 {
                    let c = if p == TRANSPARENT {
                        '.'
                    } else {
                        char::from(b'0' + p)
                    };
                    fmt::Write::write_char(f, c)?;
                }
                f.write_str("\"")
            }
        }
        let rows = &self.pixels[..self.height()];
        f.debug_struct("Sprite")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("colors", &self.colors())
            .field("x0", &self.x0)
            .field(
                "rows",
                &DebugList(rows.iter().map(|r| Row(&r[..self.width()]))),
            )
            .finish()
    }
}

/// Debug-formats an iterator as a list without collecting it.
struct DebugList<I>(I);

impl<I: Iterator<Item = T> + Clone, T: fmt::Debug> fmt::Debug for DebugList<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.clone()).finish()
    }
}

/// Validates an image fed row by row at 16 bits per channel: the checks and their order
/// are [`Sprite::from_rgba`]'s. Keeps only the opaque part while it fits 17x32, so an image
/// of any size takes a few kilobytes.
struct Scan {
    /// Report alpha in 16-bit terms ([`SpriteError::PartialAlpha16`]).
    depth16: bool,
    /// Bounding box of the opaque pixels so far: left, right, top, bottom.
    bbox: Option<(usize, usize, usize, usize)>,
    /// Whether `rows` still holds the whole opaque part.
    fits: bool,
    /// Per row from `top`: the first column kept and the opaque colours from there.
    rows: [(usize, [Option<[u16; 3]>; MAX_WIDTH]); MAX_HEIGHT],
}

impl Scan {
    fn new(depth16: bool) -> Scan {
        Scan {
            depth16,
            bbox: None,
            fits: true,
            rows: [(0, [None; MAX_WIDTH]); MAX_HEIGHT],
        }
    }

    /// Takes image row `y` (rows in order, top first) as RGBA pixels scaled to 16 bits.
    /// The image decoders hand it a row buffer ([`Scan::line`]), so that one copy of this
    /// code serves all their pixel formats.
    fn row(
        &mut self,
        y: usize,
        pixels: impl Iterator<Item = [u16; 4]> + Clone,
    ) -> Result<(), SpriteError> {
        let mut span: Option<(usize, usize)> = None;
        for (x, [_, _, _, a]) in pixels.clone().enumerate() {
            match a {
                0 => {}
                u16::MAX => span = Some(span.map_or((x, x), |(l, _)| (l, x))),
                alpha if self.depth16 => return Err(SpriteError::PartialAlpha16 { x, y, alpha }),
                alpha => {
                    return Err(SpriteError::PartialAlpha {
                        x,
                        y,
                        alpha: (alpha / 257) as u8,
                    })
                }
            }
        }
        let Some((l, r)) = span else { return Ok(()) };
        let (left, right, top, _) = self.bbox.unwrap_or((l, r, y, y));
        let bbox = (left.min(l), right.max(r), top, y);
        self.bbox = Some(bbox);
        let row = y - top;
        if bbox.1 - bbox.0 >= MAX_WIDTH || row >= MAX_HEIGHT {
            self.fits = false;
        }
        if self.fits {
            let mut kept = [None; MAX_WIDTH];
            for (k, [r, g, b, a]) in pixels.skip(l).take(MAX_WIDTH).enumerate() {
                kept[k] = (a == u16::MAX).then_some([r, g, b]);
            }
            self.rows[row] = (l, kept);
        }
        Ok(())
    }

    /// [`Scan::row`] from a row buffer.
    #[cfg(feature = "image-io")]
    fn line(&mut self, y: usize, pixels: &[[u16; 4]]) -> Result<(), SpriteError> {
        self.row(y, pixels.iter().copied())
    }

    fn finish(self) -> Result<Sprite, SpriteError> {
        let Some((left, right, top, bottom)) = self.bbox else {
            return Err(SpriteError::Empty);
        };
        let (w, h) = (right - left + 1, bottom - top + 1);
        if !self.fits {
            return Err(SpriteError::TooLarge {
                width: w,
                height: h,
            });
        }
        // Both fit the byte: `fits` bounds them by 17 and 32.
        let mut sprite = Sprite {
            width: w as u8,
            height: h as u8,
            ncolors: 0,
            colors: [Rgb::default(); MAX_COLORS],
            pixels: [[TRANSPARENT; MAX_WIDTH]; MAX_HEIGHT],
            x0: centred_x0(w) as u8,
        };
        // Distinct at full depth; the stored colour is the high byte of each channel.
        let mut full = [[0u16; 3]; MAX_COLORS];
        for (r, &(first, kept)) in self.rows[..h].iter().enumerate() {
            for c in 0..w {
                let x = left + c;
                let Some(color) = x.checked_sub(first).and_then(|k| *kept.get(k)?) else {
                    continue;
                };
                let n = sprite.ncolors as usize;
                let index = match full[..n].iter().position(|&q| q == color) {
                    Some(i) => i,
                    None => {
                        let [r8, g8, b8] = color.map(|v| (v >> 8) as u8);
                        if n == MAX_COLORS {
                            return Err(SpriteError::TooManyColors {
                                color: Rgb::new(r8, g8, b8),
                                x,
                                y: top + r,
                            });
                        }
                        full[n] = color;
                        sprite.colors[n] = Rgb::new(r8, g8, b8);
                        sprite.ncolors += 1;
                        n
                    }
                };
                sprite.pixels[r][c] = index as u8;
            }
        }
        // Checked last: a gap is only worth reporting for an otherwise printable sprite.
        if let Some(r) = (0..h).find(|&r| sprite.pixels[r][..w].iter().all(|&p| p == TRANSPARENT)) {
            return Err(SpriteError::GapRow { row: top + r });
        }
        Ok(sprite)
    }
}

/// Reads all of `reader`, at most [`MAX_FILE_BYTES`]; `name` is the path errors show.
#[cfg(feature = "image-io")]
pub(crate) fn read_bytes(reader: impl std::io::Read, name: &Path) -> Result<Vec<u8>, SpriteError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| SpriteError::Read {
            path: name.to_path_buf(),
            source,
        })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SpriteError::FileTooLarge {
            path: name.to_path_buf(),
        });
    }
    Ok(bytes)
}

/// Checks the header, refuses animations, then reads the image: a non-interlaced PNG row
/// by row at its own depth, others decoded whole ([`decode::decode`]).
#[cfg(feature = "image-io")]
fn decode_checked(bytes: &[u8], path: Option<&Path>) -> Result<Sprite, SpriteError> {
    let head = decode::header(bytes, path)?;
    if head.format == Some(image::ImageFormat::Png) {
        let mut scan: Option<Scan> = None;
        let streamed = decode::png_rows(bytes, path, |y, depth16, line| {
            scan.get_or_insert_with(|| Scan::new(depth16)).line(y, line)
        })?;
        if streamed {
            return scan.unwrap_or_else(|| Scan::new(false)).finish();
        }
    }
    scan_image(&decode::decode(bytes, path, head, 0)?)
}

/// Validates a decoded image at its own depth, one row at a time.
#[cfg(feature = "image-io")]
fn scan_image(img: &decode::Image) -> Result<Sprite, SpriteError> {
    let mut scan = Scan::new(img.depth16());
    let mut line = Vec::with_capacity(img.width());
    for y in 0..img.height() {
        img.row(y, &mut line);
        scan.line(y, &line)?;
    }
    scan.finish()
}

/// The sprite a decoded image is, as [`scan_image`] reads it, or `None` as soon as a row
/// shows that it is not one (fitting asks this first: a photo is told at its first row).
#[cfg(feature = "image-io")]
pub(crate) fn sprite_if_valid(img: &decode::Image) -> Option<Sprite> {
    let mut scan = Scan::new(img.depth16());
    let mut line = Vec::with_capacity(img.width());
    for y in 0..img.height() {
        img.row(y, &mut line);
        scan.line(y, &line).ok()?;
        if !scan.fits {
            return None;
        }
    }
    scan.finish().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgba(w: usize, h: usize, f: impl Fn(usize, usize) -> [u8; 4]) -> Vec<u8> {
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .flat_map(|(x, y)| f(x, y))
            .collect()
    }

    #[test]
    fn rgb_displays_as_hex() {
        assert_eq!(Rgb::new(0xaa, 0x0b, 0xcc).to_string(), "aa0bcc");
        assert_eq!(Rgb::default().to_string(), "000000");
    }

    #[test]
    fn trims_and_numbers_colors_by_first_appearance() {
        let s = Sprite::from_ascii(
            "
            .....
            ..2..
            .201.
            .....
            ",
        )
        .unwrap();
        assert_eq!((s.width(), s.height()), (3, 2));
        assert_eq!(
            s.colors(),
            &[ASCII_COLORS[2], ASCII_COLORS[0], ASCII_COLORS[1]]
        );
        assert_eq!(s.to_ascii(), ".0.\n012\n");
        assert_eq!(s.pixel(0, 0), None);
        assert_eq!(s.pixel(1, 0), Some(0));
        assert_eq!(s.pixel(2, 1), Some(2));
        assert_eq!(s.pixel(3, 1), None);
        assert_eq!(s.pixel(0, 2), None);
    }

    #[test]
    fn transparent_pixels_ignore_their_rgb() {
        let buf = rgba(
            2,
            1,
            |x, _| {
                if x == 0 {
                    [1, 2, 3, 0]
                } else {
                    [9, 9, 9, 255]
                }
            },
        );
        let s = Sprite::from_rgba(2, 1, &buf).unwrap();
        assert_eq!(s.colors(), &[Rgb::new(9, 9, 9)]);
        assert_eq!((s.width(), s.height()), (1, 1));
    }

    #[test]
    fn errors_in_check_order() {
        let err = Sprite::from_rgba(2, 2, &[0; 15]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "buffer has 15 bytes; a 2x2 RGBA image needs 16"
        );
        let buf = rgba(3, 3, |x, y| {
            [0, 0, 0, if (x, y) == (2, 1) { 128 } else { 0 }]
        });
        let err = Sprite::from_rgba(3, 3, &buf).unwrap_err();
        assert_eq!(
            err.to_string(),
            "pixel (2, 1) has alpha 128; only 0 or 255 allowed"
        );
        assert!(matches!(
            Sprite::from_rgba(0, 0, &[]),
            Err(SpriteError::Empty)
        ));
        // Too large wins over too many colors and gaps.
        let buf = rgba(20, 3, |x, y| [x as u8, 0, 0, if y == 1 { 0 } else { 255 }]);
        assert!(matches!(
            Sprite::from_rgba(20, 3, &buf),
            Err(SpriteError::TooLarge {
                width: 20,
                height: 3
            })
        ));
        // Too many colors wins over a gap.
        let buf = rgba(5, 3, |x, y| [x as u8, 0, 0, if y == 1 { 0 } else { 255 }]);
        assert!(matches!(
            Sprite::from_rgba(5, 3, &buf),
            Err(SpriteError::TooManyColors { x: 3, y: 0, .. })
        ));
        let err = Sprite::from_ascii("0\n.\n.\n0").unwrap_err();
        assert!(matches!(err, SpriteError::GapRow { row: 1 }));
    }

    #[test]
    fn placement() {
        for w in 1..=MAX_WIDTH {
            let art = "0".repeat(w);
            let s = Sprite::from_ascii(&art).unwrap();
            assert_eq!(s.x0(), 2 + (17 - w) / 2);
            assert!(s.x0() >= 2 && s.x0() + w <= 19);
        }
        let s = Sprite::from_ascii("01\n2.").unwrap();
        assert_eq!(s.x0(), 9);
        assert_eq!(s.cell(9, 1), Some(0));
        assert_eq!(s.cell(10, 1), Some(1));
        assert_eq!(s.cell(9, 0), Some(2));
        assert_eq!(s.cell(10, 0), None);
        assert_eq!(s.cell(8, 0), None);
        assert_eq!(s.cell(11, 1), None);
        assert_eq!(s.cell(9, 2), None);
    }

    #[test]
    fn debug_shows_art() {
        let s = Sprite::from_ascii("0.\n01").unwrap();
        let d = format!("{s:?}");
        assert!(d.contains(r#"rows: ["0.", "01"]"#), "{d}");
    }
}
