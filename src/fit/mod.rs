//! Fitting: any picture the `image` crate reads, made into a sprite that prints
//! (issue #56; docs/fit.md).
//!
//! [`fit_image_bytes`] (and [`fit_file`], [`fit_reader`], [`fit_rgba`]) changes only what
//! does not fit: an image that already is a sprite within the [`FitOptions`] comes back
//! exactly as [`Sprite::from_image_bytes`] reads it. Otherwise, in this order:
//!
//! 1. **Alpha** is thresholded and the **background** removed (`cutout`): what is left is
//!    the picture, cut to its bounding box.
//! 2. A nearest-neighbour **upscale** is undone exactly (`upscale`): k × k blocks of one
//!    value become one pixel.
//! 3. A picture still larger than the target is **scaled down** keeping its aspect ratio
//!    (`resample`), and its alpha thresholded again.
//! 4. Its **colours** are reduced in Oklab (`quantize`, `oklab`).
//! 5. **Empty rows** between opaque rows, which no print can leave, are filled (`gaps`).
//!
//! A [`FitReport`] says what each step changed, in one line. The image is decoded whole
//! within [`MAX_DECODE_BYTES`](crate::limits::MAX_DECODE_BYTES) and read one row at a
//! time; the steps keep two bits a pixel of it (`plane`) and a picture a few times the
//! sprite's size, so a 4,000 × 3,000 photo fits in a fraction of a second.

mod cutout;
mod error;
#[cfg(test)]
mod filters;
mod gaps;
mod oklab;
mod options;
mod plane;
mod quantize;
mod report;
mod resample;
mod rows;
mod upscale;

use std::path::Path;

use crate::sprite::decode::{self, Image};
use crate::sprite::{
    read_bytes, sprite_if_valid, Sprite, SpriteError, MAX_COLORS, MAX_HEIGHT, MAX_IMAGE_PIXELS,
    MAX_IMAGE_SIDE, MAX_WIDTH,
};

pub use error::FitError;
pub use options::{Background, FitOptions, Gaps, DEFAULT_ALPHA};
pub use report::FitReport;
use resample::Resampling;

/// A fitted sprite and what fitting changed.
#[derive(Clone, Copy, Debug)]
pub struct Fitted {
    /// The sprite.
    pub sprite: Sprite,
    /// What was changed.
    pub report: FitReport,
}

/// Fits the image file in `bytes` (any format [`Sprite::from_image_bytes`] reads).
pub fn fit_image_bytes(bytes: &[u8], opts: &FitOptions) -> Result<Fitted, FitError> {
    fit_bytes(bytes, None, opts, Resampling::DEFAULT)
}

/// Fits the image file at `path` (read as [`Sprite::open`] reads it).
pub fn fit_file(path: impl AsRef<Path>, opts: &FitOptions) -> Result<Fitted, FitError> {
    let path = path.as_ref();
    let file = std::fs::File::open(path).map_err(|source| SpriteError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    fit_reader(file, path, opts)
}

/// Fits the image read from `reader` (as [`Sprite::read_from`] reads it); `name` is the
/// path errors show.
pub fn fit_reader(
    reader: impl std::io::Read,
    name: &Path,
    opts: &FitOptions,
) -> Result<Fitted, FitError> {
    let bytes = read_bytes(reader, name)?;
    fit_bytes(&bytes, Some(name), opts, Resampling::DEFAULT)
}

/// Fits a row-major RGBA8 image (`width × height × 4` bytes, top row first), within the
/// image limits [`Sprite::open`] applies.
pub fn fit_rgba(
    width: usize,
    height: usize,
    rgba: &[u8],
    opts: &FitOptions,
) -> Result<Fitted, FitError> {
    let side = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
    let (w, h) = (side(width), side(height));
    if w > MAX_IMAGE_SIDE || h > MAX_IMAGE_SIDE || u64::from(w) * u64::from(h) > MAX_IMAGE_PIXELS {
        return Err(SpriteError::ImageTooLarge {
            width: w,
            height: h,
        }
        .into());
    }
    let expected = width * height * 4;
    let Some(buffer) = (rgba.len() == expected)
        .then(|| image::RgbaImage::from_raw(w, h, rgba.to_vec()))
        .flatten()
    else {
        return Err(SpriteError::BufferSize {
            width,
            height,
            len: rgba.len(),
            expected: expected as u128,
        }
        .into());
    };
    fit_image(
        &Image::Whole(image::DynamicImage::ImageRgba8(buffer)),
        opts,
        Resampling::DEFAULT,
    )
}

/// Decodes and fits.
fn fit_bytes(
    bytes: &[u8],
    path: Option<&Path>,
    opts: &FitOptions,
    resampling: Resampling,
) -> Result<Fitted, FitError> {
    check(opts)?;
    let head = decode::header(bytes, path)?;
    // The bit planes of `cutout`.
    let planes = (head.pixels() * cutout::PLANES).div_ceil(8);
    let image = decode::decode(bytes, path, head, planes)?;
    fit_image(&image, opts, resampling)
}

/// Refuses options no sprite can meet.
fn check(opts: &FitOptions) -> Result<(), FitError> {
    if !(1..=MAX_COLORS).contains(&opts.colors) {
        return Err(FitError::Colors(opts.colors));
    }
    let (w, h) = opts.size;
    if !(1..=MAX_WIDTH).contains(&w) || !(1..=MAX_HEIGHT).contains(&h) {
        return Err(FitError::Size(w, h));
    }
    if opts.alpha == 0 {
        return Err(FitError::Alpha);
    }
    Ok(())
}

/// The steps of the module docs.
fn fit_image(image: &Image, opts: &FitOptions, resampling: Resampling) -> Result<Fitted, FitError> {
    check(opts)?;
    let size = (image.width(), image.height());
    if size.0 == 0 || size.1 == 0 {
        return Err(FitError::Empty);
    }
    let (tw, th) = opts.size;
    if let Some(sprite) = sprite_if_valid(image) {
        if sprite.width() <= tw && sprite.height() <= th && sprite.colors().len() <= opts.colors {
            let n = sprite.colors().len();
            let report = FitReport {
                image: size,
                sprite: (sprite.width(), sprite.height()),
                unchanged: true,
                upscale: None,
                scaled: false,
                background: None,
                alpha: 255,
                faint: false,
                soft_dropped: 0,
                soft_kept: 0,
                colors: (n, n),
                gaps: None,
            };
            return Ok(Fitted { sprite, report });
        }
    }
    let mut rows = rows::Rows::new(image);
    let cut = cutout::cut_out(&mut rows, opts)?;
    let k = upscale::upscale_factor(&mut rows, &cut);
    let (mut pic, scaled) =
        resample::picture(&mut rows, &cut, k.unwrap_or(1), opts.size, resampling);
    for p in &mut pic.pixels {
        *p = if p[3] >= cut.alpha {
            [p[0], p[1], p[2], 255]
        } else {
            [0; 4]
        };
    }
    let colors = quantize::reduce_colors(&mut pic.pixels, opts.colors);
    let gaps = gaps::fill_gaps(&mut pic, opts.gaps);
    let rgba: Vec<u8> = pic.pixels.iter().flatten().copied().collect();
    let sprite = Sprite::from_rgba(pic.width, pic.height, &rgba).map_err(|e| match e {
        SpriteError::Empty => FitError::Empty,
        e => FitError::Image(e),
    })?;
    let report = FitReport {
        image: size,
        sprite: (sprite.width(), sprite.height()),
        unchanged: false,
        upscale: k,
        scaled,
        background: cut.background,
        alpha: cut.alpha,
        faint: cut.faint,
        soft_dropped: cut.soft_dropped,
        soft_kept: cut.soft_kept,
        colors,
        gaps,
    };
    Ok(Fitted { sprite, report })
}
