//! Sprites: loading, validating and placing the pixel art to print (SPEC §3).
//!
//! Everything here validates through [`Sprite::from_rgba`], which needs no `image` crate and
//! no heap, so a [`Sprite`] is a small fixed-size value that is cheap to copy.

use std::fmt;
#[cfg(feature = "image-io")]
use std::path::{Path, PathBuf};

/// Widest trimmed sprite: the printable columns 2..=18 of the 21-wide playfield.
pub const MAX_WIDTH: usize = 17;
/// Tallest trimmed sprite, so printing never gets near the 42-row ceiling.
pub const MAX_HEIGHT: usize = 32;
/// Distinct opaque colors: one each for J, T and L.
pub const MAX_COLORS: usize = 3;
/// Largest image side [`Sprite::open`] decodes; transparent borders may make an image much
/// larger than the sprite, but not without bound.
pub const MAX_IMAGE_SIDE: u32 = 4096;
/// Largest pixel count [`Sprite::open`] decodes (1 Mpx), checked from the header alone.
pub const MAX_IMAGE_PIXELS: u64 = 1 << 20;
/// Widest and tallest art [`Sprite::from_ascii`] accepts (it converts on the stack).
pub const MAX_ASCII_SIDE: usize = 64;

/// Colors of `0`, `1` and `2` in [`Sprite::from_ascii`]: blue, purple and orange, the usual
/// J, T and L colors.
pub const ASCII_COLORS: [Rgb; 3] = [
    Rgb::new(0x00, 0x00, 0xff),
    Rgb::new(0x80, 0x00, 0x80),
    Rgb::new(0xff, 0x80, 0x00),
];

/// Marks a transparent pixel in [`Sprite`]'s pixel array.
const TRANSPARENT: u8 = u8::MAX;

/// An opaque 8-bit color. Displays as `rrggbb` (lowercase hex, no `#`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Rgb {
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// Why an image is not a printable sprite. Pixel and row numbers are in the ORIGINAL image,
/// 0-based from the top-left corner, so the user can find them in an editor.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum SpriteError {
    #[error("buffer has {len} bytes; a {width}x{height} RGBA image needs {expected}")]
    BufferSize {
        width: u32,
        height: u32,
        len: usize,
        expected: u64,
    },
    #[error("pixel ({x}, {y}) has alpha {alpha}; only 0 or 255 allowed")]
    PartialAlpha { x: u32, y: u32, alpha: u8 },
    #[error("image has no opaque pixel")]
    Empty,
    #[error(
        "sprite is {width}x{height} after trimming transparent borders; \
         the limit is {MAX_WIDTH}x{MAX_HEIGHT}"
    )]
    TooLarge { width: u32, height: u32 },
    #[error(
        "sprite has a 4th opaque color #{color} at pixel ({x}, {y}); \
         at most {MAX_COLORS} colors allowed"
    )]
    TooManyColors { color: Rgb, x: u32, y: u32 },
    #[error(
        "image row {row} (0 = top) is fully transparent between non-empty rows; \
         a printed sprite can have no gaps"
    )]
    GapRow { row: u32 },
    #[error(
        "image is {width}x{height} pixels; at most {MAX_IMAGE_SIDE} per side and \
         {MAX_IMAGE_PIXELS} pixels in all are read"
    )]
    ImageTooLarge { width: u32, height: u32 },
    #[error(
        "ascii art line {line}, column {column}: unexpected {found:?}; \
         use '.', '0', '1' or '2'"
    )]
    AsciiChar {
        line: usize,
        column: usize,
        found: char,
    },
    #[error("ascii art line {line} has {len} pixels; the first line has {expected}")]
    AsciiRagged {
        line: usize,
        len: usize,
        expected: usize,
    },
    #[error(
        "ascii art is {width}x{height}; at most {MAX_ASCII_SIDE}x{MAX_ASCII_SIDE} is accepted"
    )]
    AsciiTooLarge { width: usize, height: usize },
    #[cfg(feature = "image-io")]
    #[error("could not read image file {}: {source}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[cfg(feature = "image-io")]
    #[error("could not decode image{}: {source}", InFile(path))]
    Decode {
        path: Option<PathBuf>,
        #[source]
        source: image::ImageError,
    },
}

/// Formats an optional path as ` <path>` for [`SpriteError::Decode`].
#[cfg(feature = "image-io")]
struct InFile<'a>(&'a Option<PathBuf>);

#[cfg(feature = "image-io")]
impl fmt::Display for InFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(path) => write!(f, " {}", path.display()),
            None => Ok(()),
        }
    }
}

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
}

impl Sprite {
    /// Validates a row-major RGBA8 buffer (`width * height * 4` bytes, top row first).
    ///
    /// Checks, in this order: buffer length, alpha 0/255, trims transparent borders, then
    /// non-empty, size ≤ 17x32, ≤ 3 colors, no transparent row inside. Does not allocate.
    pub fn from_rgba(width: u32, height: u32, rgba: &[u8]) -> Result<Sprite, SpriteError> {
        let expected = u64::from(width) * u64::from(height) * 4;
        if rgba.len() as u64 != expected {
            return Err(SpriteError::BufferSize {
                width,
                height,
                len: rgba.len(),
                expected,
            });
        }
        // The length matched, so width * 4 and every index below fit in usize.
        let stride = width as usize * 4;
        let alpha = |x: usize, y: usize| rgba[y * stride + x * 4 + 3];
        let rgb = |x: usize, y: usize| {
            let i = y * stride + x * 4;
            Rgb::new(rgba[i], rgba[i + 1], rgba[i + 2])
        };

        // One pass: reject partial alpha, find the bounding box of opaque pixels.
        let (mut left, mut right, mut top, mut bottom) = (usize::MAX, 0, usize::MAX, 0);
        for y in 0..height as usize {
            for x in 0..width as usize {
                match alpha(x, y) {
                    0 => {}
                    255 => {
                        left = left.min(x);
                        right = right.max(x);
                        top = top.min(y);
                        bottom = bottom.max(y);
                    }
                    a => {
                        return Err(SpriteError::PartialAlpha {
                            x: x as u32,
                            y: y as u32,
                            alpha: a,
                        })
                    }
                }
            }
        }
        if left == usize::MAX {
            return Err(SpriteError::Empty);
        }
        let (w, h) = (right - left + 1, bottom - top + 1);
        if w > MAX_WIDTH || h > MAX_HEIGHT {
            return Err(SpriteError::TooLarge {
                width: w as u32,
                height: h as u32,
            });
        }

        let mut sprite = Sprite {
            width: w as u8,
            height: h as u8,
            ncolors: 0,
            colors: [Rgb::default(); MAX_COLORS],
            pixels: [[TRANSPARENT; MAX_WIDTH]; MAX_HEIGHT],
        };
        for y in top..=bottom {
            for x in left..=right {
                if alpha(x, y) == 0 {
                    continue;
                }
                let color = rgb(x, y);
                let n = sprite.ncolors as usize;
                let index = match sprite.colors[..n].iter().position(|&c| c == color) {
                    Some(i) => i,
                    None if n < MAX_COLORS => {
                        sprite.colors[n] = color;
                        sprite.ncolors += 1;
                        n
                    }
                    None => {
                        return Err(SpriteError::TooManyColors {
                            color,
                            x: x as u32,
                            y: y as u32,
                        })
                    }
                };
                sprite.pixels[y - top][x - left] = index as u8;
            }
        }
        // Checked last: a gap is only worth reporting for an otherwise printable sprite.
        if let Some(r) = (0..h).find(|&r| sprite.pixels[r][..w].iter().all(|&p| p == TRANSPARENT)) {
            return Err(SpriteError::GapRow {
                row: (top + r) as u32,
            });
        }
        Ok(sprite)
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
        Sprite::from_rgba(width as u32, height as u32, &buf[..width * height * 4])
    }

    /// Reads a sprite from an image file of any format the `image` crate knows (by content,
    /// falling back to the extension). The header is read first, so a huge image is
    /// rejected before anything is decoded.
    #[cfg(feature = "image-io")]
    pub fn open(path: impl AsRef<Path>) -> Result<Sprite, SpriteError> {
        let path = path.as_ref();
        let reader = || -> Result<_, SpriteError> {
            let read = |source| SpriteError::Read {
                path: path.to_path_buf(),
                source,
            };
            image::ImageReader::open(path)
                .map_err(read)?
                .with_guessed_format()
                .map_err(read)
        };
        decode_checked(reader, Some(path))
    }

    /// Like [`Sprite::open`], for an image file already in memory.
    #[cfg(feature = "image-io")]
    pub fn from_image_bytes(bytes: &[u8]) -> Result<Sprite, SpriteError> {
        let reader = || -> Result<_, SpriteError> {
            image::ImageReader::new(std::io::Cursor::new(bytes))
                .with_guessed_format()
                .map_err(|e| SpriteError::Decode {
                    path: None,
                    source: image::ImageError::IoError(e),
                })
        };
        decode_checked(reader, None)
    }

    pub fn width(&self) -> usize {
        self.width as usize
    }

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

    /// Playfield column of the sprite's left edge: centred in the printable columns 2..=18.
    pub fn x0(&self) -> usize {
        2 + (MAX_WIDTH - self.width()) / 2
    }

    /// Color index the finished print has at playfield column `x`, row `y` (0 = bottom);
    /// `None` where the field must stay empty.
    pub fn cell(&self, x: usize, y: usize) -> Option<u8> {
        let col = x.checked_sub(self.x0())?;
        let row = self.height().checked_sub(y + 1)?;
        self.pixel(col, row)
    }

    /// Text art in the [`Sprite::from_ascii`] format, with the sprite's own color indices.
    pub fn to_ascii(&self) -> String {
        let mut s = String::with_capacity((self.width() + 1) * self.height());
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

/// Limits for decoding: the header check already passed, this guards the decoder itself.
#[cfg(feature = "image-io")]
fn decode_limits() -> image::Limits {
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(64 << 20);
    limits
}

/// Reads the header with one reader, checks the size, then decodes with a fresh reader.
#[cfg(feature = "image-io")]
fn decode_checked<R: std::io::BufRead + std::io::Seek>(
    reader: impl Fn() -> Result<image::ImageReader<R>, SpriteError>,
    path: Option<&Path>,
) -> Result<Sprite, SpriteError> {
    let decode = |source| SpriteError::Decode {
        path: path.map(Path::to_path_buf),
        source,
    };
    let mut header = reader()?;
    // No side limits here: a too-large image gets our own error, not the decoder's.
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(64 << 20);
    header.limits(limits);
    let (width, height) = header.into_dimensions().map_err(decode)?;
    if width > MAX_IMAGE_SIDE
        || height > MAX_IMAGE_SIDE
        || u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS
    {
        return Err(SpriteError::ImageTooLarge { width, height });
    }
    let mut body = reader()?;
    body.limits(decode_limits());
    let rgba = body.decode().map_err(decode)?.into_rgba8();
    Sprite::from_rgba(rgba.width(), rgba.height(), rgba.as_raw())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rgba(w: u32, h: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> Vec<u8> {
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
