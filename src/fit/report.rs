//! What fitting changed: [`FitReport`], shown as one line.

use core::fmt;

use super::options::Gaps;
use crate::sprite::Rgb;

/// What fitting changed, step by step. Displays as one line, e.g. `fit: 64x64 -> 16x16
/// (4x upscale undone), 12 colours -> 3, 37 soft pixels dropped`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FitReport {
    /// The image's width and height.
    pub image: (usize, usize),
    /// The sprite's width and height.
    pub sprite: (usize, usize),
    /// The image already was a sprite within the options: nothing was changed.
    pub unchanged: bool,
    /// The image was a `k`× nearest-neighbour upscale (k × k blocks of one colour),
    /// taken back to one pixel a block.
    pub upscale: Option<usize>,
    /// The picture was resampled to a smaller size.
    pub scaled: bool,
    /// The background colour and how many pixels of it were made transparent.
    pub background: Option<(Rgb, usize)>,
    /// The alpha from which pixels counted as opaque.
    pub alpha: u8,
    /// `alpha` is lower than asked: no pixel reached the alpha asked for.
    pub faint: bool,
    /// Partly transparent pixels of the image made transparent (alpha below `alpha`).
    pub soft_dropped: usize,
    /// Partly transparent pixels of the image made opaque (alpha from `alpha` to 254).
    pub soft_kept: usize,
    /// Distinct colours before they were reduced, and after (equal when nothing was
    /// reduced).
    pub colors: (usize, usize),
    /// Empty rows filled, how, and the pixels added (bridged) or rows removed (closed).
    pub gaps: Option<(Gaps, usize)>,
}

impl fmt::Display for FitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (iw, ih) = self.image;
        let (sw, sh) = self.sprite;
        if self.unchanged {
            return write!(f, "fit: {iw}x{ih} already fits, left as it is");
        }
        write!(f, "fit: {iw}x{ih} -> {sw}x{sh}")?;
        match (self.upscale, self.scaled) {
            (Some(k), false) => write!(f, " ({k}x upscale undone)")?,
            (Some(k), true) => write!(f, " ({k}x upscale undone, then scaled down)")?,
            (None, true) => write!(f, " (scaled down)")?,
            (None, false) => {}
        }
        if let Some((color, pixels)) = self.background {
            write!(
                f,
                ", background #{color} removed ({pixels} {})",
                plural(pixels, "pixel")
            )?;
        }
        let (before, after) = self.colors;
        if before != after {
            write!(f, ", {before} colours -> {after}")?;
        }
        if self.faint {
            write!(
                f,
                ", alpha threshold lowered to {} (no pixel is more opaque)",
                self.alpha
            )?;
        }
        match (self.soft_dropped, self.soft_kept) {
            (0, 0) => {}
            (d, 0) => write!(f, ", {d} soft {} dropped", plural(d, "pixel"))?,
            (0, k) => write!(f, ", {k} soft {} made opaque", plural(k, "pixel"))?,
            (d, k) => write!(
                f,
                ", {d} soft {} dropped, {k} made opaque",
                plural(d, "pixel")
            )?,
        }
        match self.gaps {
            Some((Gaps::Bridge, pixels)) => write!(
                f,
                ", empty rows bridged ({pixels} {} added)",
                plural(pixels, "pixel")
            ),
            Some((Gaps::Close, rows)) => {
                write!(f, ", {rows} empty {} removed", plural(rows, "row"))
            }
            None => Ok(()),
        }
    }
}

/// `word` or `words` for `n`.
fn plural(n: usize, word: &str) -> impl fmt::Display + '_ {
    struct Plural<'a>(bool, &'a str);
    impl fmt::Display for Plural<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.1)?;
            if self.0 {
                f.write_str("s")?;
            }
            Ok(())
        }
    }
    Plural(n != 1, word)
}
