//! How close fitting keeps the colours (docs/fit.md): for every 16 x 16 Adwaita icon
//! (Debian's `adwaita-icon-theme`), the mean Oklab ΔE between each opaque pixel of the
//! icon (alpha at or above the threshold fitting used) and the colour that pixel has in
//! the fitted sprite, against PIL's `quantize(colors=3)` (median cut) of the same
//! pixels, whose figures `examples/fit_colors_pil.py` computed into
//! `examples/fit_colors_pil.tsv` (committed, so no Python is needed to run this).
//!
//! ```sh
//! cargo run --release --example fit_colors                         # the comparison
//! cargo run --release --example fit_colors -- --dump pixels.txt    # PIL's input
//! python3 examples/fit_colors_pil.py pixels.txt > examples/fit_colors_pil.tsv
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use palette::{FromColor, LinSrgb, Oklab, Srgb};
use tetris_printer::fit::{self, FitOptions};

#[path = "common/icons.rs"]
mod icons;
use icons::{pngs, ADWAITA};

/// The Oklab colour difference ΔE of two 8-bit sRGB colours, by the `palette` crate's
/// conversions as fitting makes them.
fn delta_e(p: [u8; 3], q: [u8; 3]) -> f32 {
    let lab = |[r, g, b]: [u8; 3]| {
        let linear: LinSrgb<f32> = Srgb::new(r, g, b).into_format::<f32>().into_linear();
        Oklab::from_color(linear)
    };
    let (p, q) = (lab(p), lab(q));
    let d = [p.l - q.l, p.a - q.a, p.b - q.b];
    (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
}

/// One icon's opaque pixels and the colours the fitted sprite gives them.
struct Icon {
    name: String,
    pairs: Vec<([u8; 3], [u8; 3])>,
}

/// The icon at `path` fitted, its opaque pixels paired with the sprite's colours; `None`
/// when fitting removed a background (the pixels no longer correspond one to one).
fn measure(root: &Path, path: &Path) -> Option<Icon> {
    let img = image::open(path).ok()?.into_rgba8();
    let fitted = fit::fit_file(path, &FitOptions::default()).ok()?;
    let r = fitted.report;
    if r.background.is_some() || r.scaled || r.upscale.is_some() {
        return None;
    }
    let threshold = if r.unchanged { 255 } else { r.alpha };
    let opaque: Vec<(u32, u32, [u8; 3])> = img
        .enumerate_pixels()
        .filter(|(_, _, p)| p.0[3] >= threshold)
        .map(|(x, y, p)| (x, y, [p.0[0], p.0[1], p.0[2]]))
        .collect();
    let left = opaque.iter().map(|p| p.0).min()?;
    let top = opaque.iter().map(|p| p.1).min()?;
    let s = fitted.sprite;
    let pairs = opaque
        .iter()
        .map(|&(x, y, c)| {
            let i = s.pixel((x - left) as usize, (y - top) as usize)?;
            let f = s.colors()[usize::from(i)];
            Some((c, [f.r, f.g, f.b]))
        })
        .collect::<Option<Vec<_>>>()?;
    let name = path.strip_prefix(root).ok()?.display().to_string();
    Some(Icon { name, pairs })
}

fn main() {
    let root = &Path::new(ADWAITA).join("16x16");
    let files = pngs(root);
    let icons: Vec<Icon> = files.iter().filter_map(|p| measure(root, p)).collect();
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, out] = args.as_slice() {
        if flag == "--dump" {
            let mut text = String::new();
            for icon in &icons {
                let _ = write!(text, "{}\t", icon.name);
                for (c, _) in &icon.pairs {
                    let _ = write!(text, "{:02x}{:02x}{:02x} ", c[0], c[1], c[2]);
                }
                text.push('\n');
            }
            std::fs::write(out, text).expect("write the dump");
            eprintln!("{} icons' opaque pixels -> {out}", icons.len());
            return;
        }
    }
    let baseline_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/fit_colors_pil.tsv");
    let baseline: BTreeMap<String, (f64, usize)> = std::fs::read_to_string(&baseline_path)
        .expect("examples/fit_colors_pil.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut f = l.split('\t');
            let name = f.next()?.to_string();
            let mean = f.next()?.parse().ok()?;
            let n = f.next()?.parse().ok()?;
            Some((name, (mean, n)))
        })
        .collect();
    let (mut ours_icons, mut pil_icons, mut compared) = (0.0, 0.0, 0);
    let (mut ours_px, mut pil_px, mut pixels) = (0.0, 0.0, 0);
    let mut worse = Vec::new();
    for icon in &icons {
        let Some(&(pil, n)) = baseline.get(&icon.name) else {
            continue;
        };
        assert_eq!(
            n,
            icon.pairs.len(),
            "{}: other pixels than PIL's",
            icon.name
        );
        let sum: f64 = icon
            .pairs
            .iter()
            .map(|&(a, b)| f64::from(delta_e(a, b)))
            .sum();
        let ours = sum / n as f64;
        ours_icons += ours;
        pil_icons += pil;
        ours_px += sum;
        pil_px += pil * n as f64;
        pixels += n;
        compared += 1;
        if ours > pil + 1e-6 {
            worse.push((ours - pil, icon.name.clone()));
        }
    }
    worse.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!(
        "{compared} of {} 16x16 icons compared ({} left out: a background removed or not in the baseline)",
        files.len(),
        files.len() - compared
    );
    println!(
        "mean ΔE (Oklab) per icon: fit {:.4}, PIL quantize(colors=3) {:.4}",
        ours_icons / compared as f64,
        pil_icons / compared as f64
    );
    println!(
        "mean ΔE (Oklab) per pixel ({pixels} pixels): fit {:.4}, PIL {:.4}",
        ours_px / pixels as f64,
        pil_px / pixels as f64
    );
    println!("icons where fit is worse than PIL: {}", worse.len());
    for (d, name) in worse.iter().take(5) {
        println!("  {name}: +{d:.4}");
    }
}
