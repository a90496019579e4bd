//! The picture at the sprite's size ([`picture`]): taken as it is when it fits, one
//! pixel a block for an upscale, else scaled down keeping its aspect ratio.
//!
//! Scaling down resamples with the `image` crate's `imageops::resize` and the filter of
//! [`Resampling::DEFAULT`], chosen by measuring (`filters.rs`, docs/fit.md):
//! alpha premultiplied, so the colour of transparent pixels never bleeds in. A picture
//! many times larger than the sprite is first reduced by a whole factor, averaging each
//! block (as PIL's `reducing_gap`), to at least [`GAP`] times the final size, as it is
//! read row by row: the filter then works on a small image, and memory does not grow
//! with the picture.

use image::imageops::{self, FilterType};
use image::{Rgba, Rgba32FImage};

use super::cutout::Cutout;
use super::oklab;
use super::rows::Rows;
use super::upscale::kept_value;

/// The picture is reduced by whole factors to no less than this many times the final
/// size before the filter resamples it.
pub(super) const GAP: usize = 3;

/// How pictures are scaled down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Resampling {
    /// The `image` crate's filter.
    pub(super) filter: FilterType,
    /// Mix colours in linear light (else as their sRGB values).
    pub(super) linear: bool,
}

impl Resampling {
    /// What fitting uses.
    pub(super) const DEFAULT: Resampling = Resampling {
        filter: FilterType::Lanczos3,
        linear: false,
    };
}

/// The picture at its final size, straight (not premultiplied) 8-bit RGBA.
pub(super) struct Picture {
    pub(super) width: usize,
    pub(super) height: usize,
    /// Rows top first.
    pub(super) pixels: Vec<[u8; 4]>,
}

/// The picture `cut` out of `rows`, one pixel per `k` × `k` block (k = 1: every pixel),
/// scaled down to fit `target` keeping its aspect ratio when it is larger; and whether
/// it was scaled.
pub(super) fn picture(
    rows: &mut Rows<'_>,
    cut: &Cutout,
    k: usize,
    target: (usize, usize),
    resampling: Resampling,
) -> (Picture, bool) {
    let (left, top, w, h) = cut.bbox;
    let (cw, ch) = (w / k, h / k);
    if cw <= target.0 && ch <= target.1 {
        let mut pixels = Vec::with_capacity(cw * ch);
        for j in 0..ch {
            let y = top + j * k;
            let row = rows.row(y);
            pixels.extend((0..cw).map(|i| kept_value(cut, row, left + i * k, y)));
        }
        return (
            Picture {
                width: cw,
                height: ch,
                pixels,
            },
            false,
        );
    }
    let (fw, fh) = final_size((cw, ch), target);
    let ratio = (cw / fw).min(ch / fh);
    let reduce = (ratio / GAP).max(1);
    let small = reduced(rows, cut, k, reduce, resampling.linear);
    let pixels = resize_premultiplied(&small, (fw, fh), resampling);
    (
        Picture {
            width: fw,
            height: fh,
            pixels,
        },
        true,
    )
}

/// A premultiplied image resampled to `size`, as straight 8-bit RGBA.
fn resize_premultiplied(
    img: &Rgba32FImage,
    (w, h): (usize, usize),
    resampling: Resampling,
) -> Vec<[u8; 4]> {
    imageops::resize(img, w as u32, h as u32, resampling.filter)
        .pixels()
        .map(|p| straight(p.0, resampling.linear))
        .collect()
}

/// An RGBA image resampled to `width` × `height` as fitting resamples (alpha
/// premultiplied, in linear light if asked); for measuring the choices (`filters.rs`).
#[cfg(test)]
pub(super) fn resize_rgba(
    img: &image::RgbaImage,
    width: u32,
    height: u32,
    resampling: Resampling,
) -> image::RgbaImage {
    let premultiplied = Rgba32FImage::from_fn(img.width(), img.height(), |x, y| {
        let [r, g, b, a] = img.get_pixel(x, y).0;
        let a = f32::from(a) / 255.0;
        let c = |v: u8| {
            if resampling.linear {
                oklab::linear(v)
            } else {
                f32::from(v) / 255.0
            }
        };
        Rgba([c(r) * a, c(g) * a, c(b) * a, a])
    });
    let pixels = resize_premultiplied(
        &premultiplied,
        (width as usize, height as usize),
        resampling,
    );
    image::RgbaImage::from_fn(width, height, |x, y| Rgba(pixels[(y * width + x) as usize]))
}

/// The largest size within `target` with the aspect ratio of `size` (which is larger).
fn final_size(size: (usize, usize), target: (usize, usize)) -> (usize, usize) {
    let s = (target.0 as f64 / size.0 as f64).min(target.1 as f64 / size.1 as f64);
    let side = |v: usize, max: usize| ((v as f64 * s).round() as usize).clamp(1, max);
    (side(size.0, target.0), side(size.1, target.1))
}

/// The picture in `cut` (of `k` × `k` blocks), each `reduce` × `reduce` of its pixels
/// averaged into one, premultiplied, in linear light when `linear`.
fn reduced(
    rows: &mut Rows<'_>,
    cut: &Cutout,
    k: usize,
    reduce: usize,
    linear: bool,
) -> Rgba32FImage {
    let (left, top, w, h) = cut.bbox;
    let (cw, ch) = (w / k, h / k);
    let (rw, rh) = (cw / reduce, ch / reduce);
    let channel: [f32; 256] = core::array::from_fn(|v| {
        let v = v as u8;
        if linear {
            oklab::linear(v)
        } else {
            f32::from(v) / 255.0
        }
    });
    let mut out = Rgba32FImage::new(rw as u32, rh as u32);
    let mut acc = vec![[0f32; 4]; rw];
    let n = (reduce * reduce) as f32;
    for oy in 0..rh {
        acc.iter_mut().for_each(|a| *a = [0.0; 4]);
        for dy in 0..reduce {
            let y = top + (oy * reduce + dy) * k;
            let row = rows.row(y);
            for (ox, a) in acc.iter_mut().enumerate() {
                for dx in 0..reduce {
                    let x = left + (ox * reduce + dx) * k;
                    let [r, g, b, alpha] = kept_value(cut, row, x, y);
                    let alpha = f32::from(alpha) / 255.0;
                    a[0] += channel[usize::from(r)] * alpha;
                    a[1] += channel[usize::from(g)] * alpha;
                    a[2] += channel[usize::from(b)] * alpha;
                    a[3] += alpha;
                }
            }
        }
        for (ox, a) in acc.iter().enumerate() {
            out.put_pixel(ox as u32, oy as u32, Rgba(a.map(|v| v / n)));
        }
    }
    out
}

/// A premultiplied pixel (linear light when `linear`) as straight 8-bit RGBA.
fn straight([r, g, b, a]: [f32; 4], linear: bool) -> [u8; 4] {
    let a = a.clamp(0.0, 1.0);
    let alpha = (a * 255.0).round() as u8;
    if alpha == 0 {
        return [0; 4];
    }
    let channel = |v: f32| {
        let v = (v / a).clamp(0.0, 1.0);
        if linear {
            oklab::encode(v)
        } else {
            (v * 255.0).round() as u8
        }
    };
    [channel(r), channel(g), channel(b), alpha]
}
