//! Which pixels of the image are the picture: alpha thresholded, background removed
//! ([`cut_out`]).
//!
//! Opacity is thresholded: a pixel is opaque from [`FitOptions::alpha`] up. When no pixel
//! reaches it, half the image's highest alpha (rounded up) is the threshold, so a picture
//! drawn faint still prints. The background (see [`Background`]) is the region of one
//! colour touching the image's border, up to compression noise ([`NEAR`]), and every
//! pixel of exactly that colour (so the holes of pixel art drawn on a coloured canvas are
//! transparent again). The region is found by sweeps over the rows, each row left to
//! right and back, down the image and up again, until a sweep finds no more of it (a
//! spiral-shaped background takes one sweep per turn; after [`MAX_SWEEPS`] the rest of it
//! stays, so the work stays linear in the image). Two bits a pixel are all it keeps.

use super::error::FitError;
use super::oklab::{self, Lab};
use super::options::{Background, FitOptions};
use super::plane::Plane;
use super::rows::Rows;
use crate::sprite::Rgb;

/// Background pixels are within this Oklab distance (ΔE) of the background colour:
/// compression noise such as `#fdfdfd` on white (ΔE 0.007) is background, the lightest
/// grey a picture draws on it (`#e0e0e0`, ΔE 0.09) is not.
pub(super) const NEAR: f32 = 0.04;

/// A colour this far or farther from the background in some 8-bit channel is never
/// within [`NEAR`] of it (a unit test checks it; near saturated cyan a change of over
/// 100 in red still is), so most pixels need no Oklab.
const FAR_CHANNEL: u8 = 128;

/// Bit planes the cut-out keeps at most (kept, near the background, background region).
pub(crate) const PLANES: u64 = 3;

/// Most sweeps pairs (down and up) looking for the background region.
pub(super) const MAX_SWEEPS: usize = 64;

/// The picture's pixels and what it took to find them.
pub(super) struct Cutout {
    /// The pixels kept: opaque enough and not background.
    pub(super) kept: Plane,
    /// The kept pixels' bounding box: left, top, width, height.
    pub(super) bbox: (usize, usize, usize, usize),
    /// The alpha from which a pixel is opaque.
    pub(super) alpha: u8,
    /// `alpha` is lower than asked, as no pixel reached it.
    pub(super) faint: bool,
    /// Pixels with an alpha from 1 to `alpha - 1`.
    pub(super) soft_dropped: usize,
    /// Pixels with an alpha from `alpha` to 254.
    pub(super) soft_kept: usize,
    /// The background colour and its pixels made transparent.
    pub(super) background: Option<(Rgb, usize)>,
}

/// Finds the picture in `rows` (see the module docs): one pass over the rows, two when
/// the picture is faint.
pub(super) fn cut_out(rows: &mut Rows<'_>, opts: &FitOptions) -> Result<Cutout, FitError> {
    let (w, h) = (rows.width(), rows.height());
    let mut ring = Vec::with_capacity(2 * (w + h));
    for x in 0..w {
        ring.push(rows.pixel(x, 0));
        ring.push(rows.pixel(x, h - 1));
    }
    for y in 0..h {
        ring.push(rows.pixel(0, y));
        ring.push(rows.pixel(w - 1, y));
    }
    let background = |alpha: u8| match opts.background {
        Background::None => None,
        Background::Color(c) => Some(c),
        Background::Auto => border_colour(&ring, alpha),
    };
    let asked = opts.alpha.max(1);
    let mut found = scan(rows, asked, background(asked));
    let Some(max) = (1..256).rev().find(|&a| found.alphas[a] > 0) else {
        return Err(FitError::Empty);
    };
    let mut alpha = asked;
    if max < usize::from(asked) {
        alpha = max.div_ceil(2) as u8;
        found = scan(rows, alpha, background(alpha));
    }
    let mut kept = found.kept;
    let mut removed = found.removed;
    if let Some(near) = &found.near {
        let region = flood(near, w, h);
        for y in 0..h {
            for x in 0..w {
                if region.get(x, y) && kept.get(x, y) {
                    kept.set(x, y, false);
                    removed += 1;
                }
            }
        }
    }
    let background = found.background.map(|c| (c, removed));
    let a = usize::from(alpha);
    let soft_dropped = found.alphas[1..a].iter().sum();
    let soft_kept = found.alphas[a..255].iter().sum();
    let Some(bbox) = bounding_box(&kept, w, h) else {
        return Err(match background {
            Some((c, _)) => FitError::OnlyBackground { color: c },
            None => FitError::Empty,
        });
    };
    Ok(Cutout {
        kept,
        bbox,
        alpha,
        faint: alpha < asked,
        soft_dropped,
        soft_kept,
        background: background.filter(|&(_, n)| n > 0),
    })
}

/// What one pass over the rows finds.
struct Scanned {
    /// Pixels by alpha.
    alphas: [usize; 256],
    /// Pixels from the threshold up, but those of exactly the background colour.
    kept: Plane,
    /// With a background: the pixels near its colour.
    near: Option<Plane>,
    /// The background colour.
    background: Option<Rgb>,
    /// Pixels of exactly the background colour (not kept).
    removed: usize,
}

/// One pass over the rows with the threshold `alpha` and the background colour.
fn scan(rows: &mut Rows<'_>, alpha: u8, background: Option<Rgb>) -> Scanned {
    let (w, h) = (rows.width(), rows.height());
    let mut out = Scanned {
        alphas: [0; 256],
        kept: Plane::new(w, h),
        near: background.map(|_| Plane::new(w, h)),
        background,
        removed: 0,
    };
    let bg = background.map(|c| (c, [c.r, c.g, c.b], oklab::from_srgb([c.r, c.g, c.b])));
    for y in 0..h {
        for (x, p) in rows.row(y).iter().enumerate() {
            out.alphas[usize::from(p[3])] += 1;
            if p[3] < alpha {
                continue;
            }
            let rgb = [p[0], p[1], p[2]];
            if let (Some(near), Some((c, exact, lab))) = (&mut out.near, bg) {
                if rgb == exact {
                    near.set(x, y, true);
                    out.removed += 1;
                    continue;
                }
                if is_near(rgb, c, lab) {
                    near.set(x, y, true);
                }
            }
            out.kept.set(x, y, true);
        }
    }
    out
}

/// The colour of the border `ring` when all of it is opaque (from `alpha`) and within
/// [`NEAR`] of its most frequent colour.
fn border_colour(ring: &[[u8; 4]], alpha: u8) -> Option<Rgb> {
    if ring.iter().any(|p| p[3] < alpha) {
        return None;
    }
    let mut colours: Vec<[u8; 3]> = ring.iter().map(|p| [p[0], p[1], p[2]]).collect();
    colours.sort_unstable();
    let mut best = (0, colours[0]);
    let mut run = 0;
    for (i, c) in colours.iter().enumerate() {
        run = if i > 0 && colours[i - 1] == *c {
            run + 1
        } else {
            1
        };
        if run > best.0 {
            best = (run, *c);
        }
    }
    let [r, g, b] = best.1;
    let c = Rgb::new(r, g, b);
    let lab = oklab::from_srgb(best.1);
    colours.iter().all(|&p| is_near(p, c, lab)).then_some(c)
}

/// Whether `p` is within [`NEAR`] of `c`, whose Oklab colour is `lab`.
fn is_near(p: [u8; 3], c: Rgb, lab: Lab) -> bool {
    let far = p
        .iter()
        .zip([c.r, c.g, c.b])
        .any(|(&a, b)| a.abs_diff(b) >= FAR_CHANNEL);
    !far && oklab::distance2(oklab::from_srgb(p), lab) <= NEAR * NEAR
}

/// The pixels of `near` connected to the image's border through `near` pixels (4-way).
fn flood(near: &Plane, w: usize, h: usize) -> Plane {
    let mut region = Plane::new(w, h);
    for x in 0..w {
        for y in [0, h - 1] {
            region.set(x, y, near.get(x, y));
        }
    }
    for y in 0..h {
        for x in [0, w - 1] {
            region.set(x, y, near.get(x, y));
        }
    }
    // Grows the region into pixel (x, y) when it is near and a neighbour is reached.
    let grow = |region: &mut Plane, x: usize, y: usize, from: [Option<(usize, usize)>; 2]| {
        if near.get(x, y)
            && !region.get(x, y)
            && from.iter().flatten().any(|&(a, b)| region.get(a, b))
        {
            region.set(x, y, true);
            true
        } else {
            false
        }
    };
    for _ in 0..MAX_SWEEPS {
        let mut grew = false;
        for down in [true, false] {
            for i in 0..h {
                let y = if down { i } else { h - 1 - i };
                let beside = if down {
                    y.checked_sub(1)
                } else {
                    Some(y + 1).filter(|&b| b < h)
                };
                for x in 0..w {
                    let left = x.checked_sub(1).map(|l| (l, y));
                    grew |= grow(&mut region, x, y, [left, beside.map(|b| (x, b))]);
                }
                for x in (0..w).rev() {
                    let right = Some(x + 1).filter(|&r| r < w).map(|r| (r, y));
                    grew |= grow(&mut region, x, y, [right, beside.map(|b| (x, b))]);
                }
            }
        }
        if !grew {
            break;
        }
    }
    region
}

/// Left, top, width and height of the set bits of `plane`.
fn bounding_box(plane: &Plane, w: usize, h: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut left, mut right, mut top, mut bottom) = (usize::MAX, 0, usize::MAX, 0);
    for y in 0..h {
        for x in 0..w {
            if plane.get(x, y) {
                left = left.min(x);
                right = right.max(x);
                top = top.min(y);
                bottom = bottom.max(y);
            }
        }
    }
    (left <= right).then(|| (left, top, right - left + 1, bottom - top + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`FAR_CHANNEL`] is safe: no colour with a channel that far from another's is
    /// within [`NEAR`] of it, on a grid of colours with each channel moved by exactly that
    /// much, and on random pairs of colours that far apart in one channel.
    #[test]
    fn far_channel_is_never_near() {
        let check = |c: [u8; 3], p: [u8; 3]| {
            let d2 = oklab::distance2(oklab::from_srgb(p), oklab::from_srgb(c));
            assert!(d2 > NEAR * NEAR, "{c:?} vs {p:?}: {}", d2.sqrt());
        };
        for r in (0..=255u8).step_by(15) {
            for g in (0..=255u8).step_by(15) {
                for b in (0..=255u8).step_by(15) {
                    let c = [r, g, b];
                    for ch in 0..3 {
                        for v in [
                            c[ch].checked_sub(FAR_CHANNEL),
                            c[ch].checked_add(FAR_CHANNEL),
                        ] {
                            let mut p = c;
                            let Some(v) = v else { continue };
                            p[ch] = v;
                            check(c, p);
                        }
                    }
                }
            }
        }
        let mut next = crate::xorshift::xorshift(56);
        for _ in 0..200_000 {
            let n = next();
            let c = [n as u8, (n >> 8) as u8, (n >> 16) as u8];
            let mut p = [(n >> 24) as u8, (n >> 32) as u8, (n >> 40) as u8];
            let ch = (n >> 48) as usize % 3;
            p[ch] = if c[ch] >= FAR_CHANNEL && (n >> 56) & 1 == 0 {
                c[ch] - FAR_CHANNEL
            } else if c[ch] <= 255 - FAR_CHANNEL {
                c[ch] + FAR_CHANNEL
            } else {
                c[ch] - FAR_CHANNEL
            };
            check(c, p);
        }
    }
}
