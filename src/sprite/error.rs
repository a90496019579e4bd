//! Why an image is not a printable sprite: [`SpriteError`], and what fitting
//! (`tetris_printer::fit`) would do about it.

#[cfg(feature = "image-io")]
use core::fmt;
#[cfg(feature = "image-io")]
use std::path::PathBuf;

use super::limits::{
    MAX_ASCII_SIDE, MAX_COLORS, MAX_HEIGHT, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_WIDTH,
};
#[cfg(feature = "image-io")]
use super::limits::{MAX_DECODE_BYTES, MAX_FILE_BYTES};
use super::rgb::Rgb;

/// Why an image is not a printable sprite. Pixel and row numbers are in the ORIGINAL image,
/// 0-based from the top-left corner, so the user can find them in an editor.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum SpriteError {
    /// The RGBA buffer's length is not `width × height × 4`.
    #[error("buffer has {len} bytes; a {width}x{height} RGBA image needs {expected}")]
    BufferSize {
        /// Image width given.
        width: usize,
        /// Image height given.
        height: usize,
        /// Bytes in the buffer.
        len: usize,
        /// Bytes it should have: `width × height × 4`, which may not fit a `usize`
        /// (saturates at `u128::MAX`, beyond any buffer).
        expected: u128,
    },
    /// A pixel is neither transparent (alpha 0) nor opaque (alpha 255).
    #[error("pixel ({x}, {y}) has alpha {alpha}; only 0 or 255 allowed")]
    PartialAlpha {
        /// Column in the image.
        x: usize,
        /// Row in the image (0 = top).
        y: usize,
        /// Its alpha.
        alpha: u8,
    },
    /// In a 16-bit image only alpha 65535 is opaque.
    #[error("pixel ({x}, {y}) has alpha {alpha} of 65535 (16-bit image); only 0 or 65535 allowed")]
    PartialAlpha16 {
        /// Column in the image.
        x: usize,
        /// Row in the image (0 = top).
        y: usize,
        /// Its alpha.
        alpha: u16,
    },
    /// The image has more than one frame.
    #[error("image is an animation of {frames} frames; a sprite is a single still image")]
    Animated {
        /// Frames in the image.
        frames: u64,
    },
    /// Every pixel is transparent.
    #[error("image has no opaque pixel")]
    Empty,
    /// The opaque part is wider than [`MAX_WIDTH`] or taller than [`MAX_HEIGHT`].
    #[error(
        "sprite is {width}x{height} after trimming transparent borders; \
         the limit is {MAX_WIDTH}x{MAX_HEIGHT}"
    )]
    TooLarge {
        /// Width of the opaque part.
        width: usize,
        /// Height of the opaque part.
        height: usize,
    },
    /// More than [`MAX_COLORS`] opaque colours.
    #[error(
        "sprite has a 4th opaque color #{color} at pixel ({x}, {y}); \
         at most {MAX_COLORS} colors allowed"
    )]
    TooManyColors {
        /// The first colour too many.
        color: Rgb,
        /// Column of its first pixel in the image.
        x: usize,
        /// Row of its first pixel in the image (0 = top).
        y: usize,
    },
    /// A fully transparent row between opaque rows (it could never be printed).
    #[error(
        "image row {row} (0 = top) is fully transparent between non-empty rows; \
         a printed sprite can have no gaps"
    )]
    GapRow {
        /// The row in the image (0 = top).
        row: usize,
    },
    /// The image is larger than [`MAX_IMAGE_SIDE`] or [`MAX_IMAGE_PIXELS`].
    #[error(
        "image is {width}x{height} pixels; at most {MAX_IMAGE_SIDE} per side and \
         {MAX_IMAGE_PIXELS} pixels in all are read"
    )]
    ImageTooLarge {
        /// Image width, from the file's header (`u32`, as the `image` crate reads it).
        width: u32,
        /// Image height, from the file's header.
        height: u32,
    },
    /// Decoding the image whole would take more than [`MAX_DECODE_BYTES`] (a size from
    /// the header, before anything is decoded).
    #[cfg(feature = "image-io")]
    #[error(
        "image is {width}x{height} pixels: decoding it would take {} MiB, over the limit of \
         {} MiB",
        bytes.div_ceil(1 << 20),
        MAX_DECODE_BYTES >> 20
    )]
    DecodeTooLarge {
        /// Image width, from the file's header.
        width: u32,
        /// Image height, from the file's header.
        height: u32,
        /// Bytes decoding it would take.
        bytes: u64,
    },
    /// [`Sprite::from_ascii`](crate::Sprite::from_ascii): a character other than `.`, `0`, `1`, `2`.
    #[error(
        "ascii art line {line}, column {column}: unexpected `{}`; \
         use '.', '0', '1' or '2'",
        crate::echo::EscapedChar::new(*found)
    )]
    AsciiChar {
        /// Line of the art (0-based, after trimming).
        line: usize,
        /// Character in the line (0-based).
        column: usize,
        /// The character.
        found: char,
    },
    /// [`Sprite::from_ascii`](crate::Sprite::from_ascii): lines of different lengths.
    #[error("ascii art line {line} has {len} pixels; the first line has {expected}")]
    AsciiRagged {
        /// Line of the art (0-based, after trimming).
        line: usize,
        /// Its length.
        len: usize,
        /// The first line's length.
        expected: usize,
    },
    /// [`Sprite::from_ascii`](crate::Sprite::from_ascii): more than [`MAX_ASCII_SIDE`] lines or characters a line.
    #[error(
        "ascii art is {width}x{height}; at most {MAX_ASCII_SIDE}x{MAX_ASCII_SIDE} is accepted"
    )]
    AsciiTooLarge {
        /// Characters in the first line.
        width: usize,
        /// Lines.
        height: usize,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[cfg(feature = "image-io")]
    #[error(
        "image file {} is larger than {MAX_FILE_BYTES} bytes",
        crate::echo::EscapedPath(path)
    )]
    FileTooLarge {
        /// The file.
        path: PathBuf,
    },
    /// The file could not be read.
    #[cfg(feature = "image-io")]
    #[error(
        "could not read image file {}: {source}",
        crate::echo::EscapedPath(path)
    )]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The `image` crate could not decode the image.
    #[cfg(feature = "image-io")]
    #[error("could not decode image{}: {source}", InFile(path))]
    Decode {
        /// The file, if it has a name.
        path: Option<PathBuf>,
        /// The decoder's error.
        #[source]
        source: image::ImageError,
    },
}

impl SpriteError {
    /// What fitting (`tetris_printer::fit`, the command line's `--fit`) would do about
    /// this error, in a few words (`reduce it to 3 colours`); `None` when fitting cannot
    /// help (the file cannot be read or decoded, it is an animation, it has no opaque
    /// pixel, it is over the decoding limits).
    #[must_use]
    pub const fn fit_hint(&self) -> Option<&'static str> {
        match self {
            SpriteError::PartialAlpha { .. } | SpriteError::PartialAlpha16 { .. } => {
                Some("make its soft pixels transparent or opaque")
            }
            SpriteError::TooLarge { .. } => Some("scale it down to 17x32"),
            SpriteError::TooManyColors { .. } => Some("reduce it to 3 colours"),
            SpriteError::GapRow { .. } => Some("fill its empty row"),
            _ => None,
        }
    }
}

/// Formats an optional path as ` <path>` for [`SpriteError::Decode`].
#[cfg(feature = "image-io")]
struct InFile<'a>(&'a Option<PathBuf>);

#[cfg(feature = "image-io")]
impl fmt::Display for InFile<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(path) => write!(f, " {}", crate::echo::EscapedPath(path)),
            None => Ok(()),
        }
    }
}
