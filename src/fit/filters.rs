//! Which resampling fitting scales pictures down with (docs/fit.md): every Adwaita icon
//! drawn at 24, 32 or 48 px that the theme also draws at 16 px is scaled to 16 x 16 with
//! each of the `image` crate's filters, mixing colours as sRGB values or in linear light
//! (alpha premultiplied either way), and compared with the 16 px icon its artist drew:
//! the mean Oklab ΔE per pixel, both composited over mid grey, over the pixels that are
//! visible in either. [`Resampling::DEFAULT`] must come out closest. Needs Debian's
//! `adwaita-icon-theme`; a long proof, which prints its table:
//!
//! ```sh
//! cargo test --release --lib fit::filters -- --ignored --nocapture
//! ```

use std::path::Path;

use image::imageops::FilterType;
use image::RgbaImage;

use super::oklab;
use super::resample::{resize_rgba, Resampling};

/// The integration tests' PNG walker, shared with them.
#[path = "../../tests/common/pngs.rs"]
mod pngs;
use pngs::{pngs, ADWAITA};

/// The Oklab colour difference ΔE of two 8-bit sRGB colours.
fn delta_e(p: [u8; 3], q: [u8; 3]) -> f32 {
    oklab::distance2(oklab::from_srgb(p), oklab::from_srgb(q)).sqrt()
}

/// A pixel composited over mid grey (128) in sRGB values.
fn over_grey([r, g, b, a]: [u8; 4]) -> [u8; 3] {
    let a = f32::from(a) / 255.0;
    [r, g, b].map(|v| (f32::from(v) * a + 128.0 * (1.0 - a)).round() as u8)
}

/// The mean ΔE of two images' visible pixels, over grey.
fn difference(a: &RgbaImage, b: &RgbaImage) -> (f64, usize) {
    let mut sum = 0.0;
    let mut n = 0;
    for (p, q) in a.pixels().zip(b.pixels()) {
        if p.0[3] == 0 && q.0[3] == 0 {
            continue;
        }
        sum += f64::from(delta_e(over_grey(p.0), over_grey(q.0)));
        n += 1;
    }
    (sum, n)
}

#[test]
#[ignore = "long proof: cargo test --profile quick -- --ignored (needs adwaita-icon-theme)"]
fn the_default_resampling_is_closest_to_the_artists_drawings() {
    let root = Path::new(ADWAITA);
    let small = pngs(&root.join("16x16"));
    assert!(
        !small.is_empty(),
        "no icons under {ADWAITA}/16x16: apt-get install adwaita-icon-theme"
    );
    let filters = [
        ("nearest", FilterType::Nearest),
        ("triangle", FilterType::Triangle),
        ("catmull-rom", FilterType::CatmullRom),
        ("gaussian", FilterType::Gaussian),
        ("lanczos3", FilterType::Lanczos3),
    ];
    let mut pairs = Vec::new();
    for s in &small {
        let rel = s.strip_prefix(root.join("16x16")).unwrap();
        let Ok(target) = image::open(s).map(|i| i.into_rgba8()) else {
            continue;
        };
        for size in ["24x24", "32x32", "48x48"] {
            let big = root.join(size).join(rel);
            if let Ok(img) = image::open(&big) {
                pairs.push((size, img.into_rgba8(), target.clone()));
            }
        }
    }
    println!("{} pairs of an icon and its 16 px drawing", pairs.len());
    println!("| filter | mixing | 24 px | 32 px | 48 px | all |");
    println!("|---|---|---:|---:|---:|---:|");
    let mut rows = Vec::new();
    for (name, filter) in filters {
        for linear in [false, true] {
            let r = Resampling { filter, linear };
            let mut per = std::collections::BTreeMap::new();
            let (mut sum, mut n) = (0.0, 0);
            for (size, big, target) in &pairs {
                let resized = resize_rgba(big, 16, 16, r);
                let (s, k) = difference(&resized, target);
                let e = per.entry(*size).or_insert((0.0, 0));
                e.0 += s;
                e.1 += k;
                sum += s;
                n += k;
            }
            let mean = |(s, k): (f64, usize)| s / k.max(1) as f64;
            rows.push((
                sum / n as f64,
                name,
                r,
                per.values().map(|&v| mean(v)).collect::<Vec<_>>(),
            ));
        }
    }
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (all, name, r, per) in &rows {
        println!(
            "| {name} | {} | {:.4} | {:.4} | {:.4} | {all:.4} |",
            if r.linear { "linear" } else { "sRGB" },
            per[0],
            per[1],
            per[2]
        );
    }
    assert_eq!(
        rows[0].2,
        Resampling::DEFAULT,
        "another resampling is closer"
    );
}
