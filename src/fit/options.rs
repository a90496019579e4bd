//! What fitting may change, and how: [`FitOptions`].

use crate::sprite::{Rgb, MAX_COLORS, MAX_HEIGHT, MAX_WIDTH};

/// The alpha from which a pixel counts as opaque, out of 255 (50 %).
pub const DEFAULT_ALPHA: u8 = 128;

/// Which part of an image that does not fit is background, made transparent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Background {
    /// When every pixel of the image's outer border is opaque and of one colour (up to
    /// compression noise), that colour: the region of it touching the border, and every
    /// pixel of exactly that colour. Otherwise none.
    #[default]
    Auto,
    /// This colour, as for `Auto`, whatever the border is.
    Color(Rgb),
    /// None: every opaque pixel is kept.
    None,
}

/// How a fully transparent row between opaque rows, which no print can leave, is made
/// printable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Gaps {
    /// One pixel in each empty row, under or over a pixel of the rows around it and of
    /// its colour (the fewest pixels changed).
    #[default]
    Bridge,
    /// The empty rows are removed: the part above moves down.
    Close,
}

impl Gaps {
    /// Every choice, in the order of their names in [`Gaps::name`].
    pub const ALL: [Gaps; 2] = [Gaps::Bridge, Gaps::Close];

    /// The command line's name: `bridge` or `close`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Gaps::Bridge => "bridge",
            Gaps::Close => "close",
        }
    }
}

/// What fitting aims at; [`FitOptions::default`] is a sprite of at most 17 × 32 pixels
/// and 3 colours, alpha thresholded at [`DEFAULT_ALPHA`], the background found by itself
/// and empty rows bridged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FitOptions {
    /// A pixel is opaque from this alpha up (1..=255), transparent below. When no pixel
    /// reaches it, half the image's highest alpha is used instead (rounded up), so a
    /// picture drawn faint still prints.
    pub alpha: u8,
    /// What is background.
    pub background: Background,
    /// At most this many colours (1..=3).
    pub colors: usize,
    /// At most this wide (1..=17) and this tall (1..=32); a larger picture is scaled down,
    /// keeping its aspect ratio.
    pub size: (usize, usize),
    /// How rows no print can leave are filled.
    pub gaps: Gaps,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            alpha: DEFAULT_ALPHA,
            background: Background::Auto,
            colors: MAX_COLORS,
            size: (MAX_WIDTH, MAX_HEIGHT),
            gaps: Gaps::Bridge,
        }
    }
}
