//! Colours in Oklab, the perceptual space fitting measures and mixes colours in, by the
//! `palette` crate (its `libm` maths: the same bits on every target).

use palette::{Clamp, FromColor, LinSrgb, Oklab, Srgb};

/// An Oklab colour: lightness, green–red, blue–yellow.
pub(crate) type Lab = [f32; 3];

/// The Oklab colour of an 8-bit sRGB colour.
pub(crate) fn from_srgb([r, g, b]: [u8; 3]) -> Lab {
    let linear: LinSrgb<f32> = Srgb::new(r, g, b).into_format::<f32>().into_linear();
    let o = Oklab::from_color(linear);
    [o.l, o.a, o.b]
}

/// The 8-bit sRGB colour nearest an Oklab colour (outside the sRGB gamut, clamped).
pub(crate) fn to_srgb([l, a, b]: Lab) -> [u8; 3] {
    let linear = LinSrgb::from_color(Oklab::new(l, a, b)).clamp();
    let s: Srgb<u8> = Srgb::from_linear(linear);
    [s.red, s.green, s.blue]
}

/// The squared distance of two Oklab colours (ΔE², Oklab's colour difference squared).
pub(crate) fn distance2(p: Lab, q: Lab) -> f32 {
    let d = [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
    d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
}

/// An 8-bit sRGB channel in linear light (0..=1).
pub(crate) fn linear(v: u8) -> f32 {
    Srgb::new(v, 0, 0)
        .into_format::<f32>()
        .into_linear::<f32>()
        .red
}

/// A linear-light channel (clamped to 0..=1) as 8-bit sRGB.
pub(crate) fn encode(v: f32) -> u8 {
    let s: Srgb<u8> = Srgb::from_linear(LinSrgb::new(v, 0.0, 0.0).clamp());
    s.red
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn srgb_round_trips_through_oklab() {
        for c in [
            [0, 0, 0],
            [255, 255, 255],
            [255, 0, 0],
            [12, 200, 99],
            [253, 253, 253],
        ] {
            assert_eq!(to_srgb(from_srgb(c)), c);
        }
        for v in 0..=255 {
            assert_eq!(encode(linear(v)), v);
        }
        let white = from_srgb([255, 255, 255]);
        assert!(
            (white[0] - 1.0).abs() < 1e-3 && white[1].abs() < 1e-3,
            "{white:?}"
        );
    }
}
