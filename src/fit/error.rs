//! Why an image could not be fitted: [`FitError`].

use crate::sprite::{Rgb, SpriteError, MAX_COLORS, MAX_HEIGHT, MAX_WIDTH};

/// Why an image could not be fitted.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum FitError {
    /// The image could not be read or decoded, is an animation, or is over the decoding
    /// limits.
    #[error(transparent)]
    Image(#[from] SpriteError),
    /// Every pixel is fully transparent (alpha 0), or none is left at the sprite's size.
    #[error("image has no visible pixel: every pixel is fully transparent")]
    Empty,
    /// Every visible pixel is the background colour.
    #[error(
        "image is all background (#{color}): nothing is left once it is removed \
         (keep it with --background none)"
    )]
    OnlyBackground {
        /// The background colour.
        color: Rgb,
    },
    /// [`FitOptions::colors`](super::FitOptions::colors) is not 1..=3.
    #[error("cannot fit to {0} colours: 1 to {MAX_COLORS} are printable")]
    Colors(usize),
    /// [`FitOptions::size`](super::FitOptions::size) is not within 1..=17 × 1..=32.
    #[error(
        "cannot fit into {0}x{1}: the size must be 1 to {MAX_WIDTH} wide and 1 to \
         {MAX_HEIGHT} tall"
    )]
    Size(usize, usize),
    /// [`FitOptions::alpha`](super::FitOptions::alpha) is 0.
    #[error("alpha threshold 0 would make every pixel opaque: it must be 1 to 255")]
    Alpha,
}
