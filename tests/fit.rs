//! Fitting (`tetris_printer::fit`, issue #56): the pictures people have print. The
//! Adwaita icons (Debian's `adwaita-icon-theme`, which `.ci/run` installs) at 16, 24, 32
//! and 48 px, each fitted, converted, replayed and compared; sprites that already fit
//! left exactly as they are; nearest-neighbour upscales undone exactly; backgrounds,
//! faint pictures, empty rows and the errors.

#![cfg(feature = "image-io")]

use std::path::Path;

use image::{Rgba, RgbaImage};
use tetris_printer::fit::{self, Background, FitError, FitOptions, Gaps};
use tetris_printer::{compare, Converter, Playfield, Rgb, Sprite};

mod common;
use common::par_map;

#[path = "common/real_set.rs"]
mod real_set;

#[path = "common/pngs.rs"]
mod pngs;
use pngs::{pngs, ADWAITA};

/// Converts `sprite` with the default planner, replays the moves and compares.
fn prints(sprite: &Sprite) -> Result<usize, String> {
    let moves = Converter::new().convert_to_vec(sprite);
    let field = Playfield::replay(&moves).map_err(|e| e.to_string())?;
    compare(&field, sprite).map_err(|e| e.to_string())?;
    Ok(moves.len())
}

/// PNG bytes of an image.
fn png(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// At least 99 % of the Adwaita icons at 16, 24, 32 and 48 px print once fitted: each
/// is fitted, converted by the default planner, replayed and compared with the fitted
/// sprite. Fails, naming the package, when the icons are not installed.
#[test]
fn adwaita_icons_print_once_fitted() {
    let mut files = Vec::new();
    for size in ["16x16", "24x24", "32x32", "48x48"] {
        files.extend(pngs(&Path::new(ADWAITA).join(size)));
    }
    assert!(
        files.len() > 3000,
        "found {} Adwaita icons under {ADWAITA}/{{16x16,24x24,32x32,48x48}}: install Debian's \
         adwaita-icon-theme (apt-get install -y adwaita-icon-theme; .ci/run does)",
        files.len()
    );
    let results = par_map(&files, |p| {
        let fitted = fit::fit_file(p, &FitOptions::default()).map_err(|e| e.to_string())?;
        prints(&fitted.sprite)
    });
    let failed: Vec<String> = files
        .iter()
        .zip(&results)
        .filter_map(|(p, r)| r.as_ref().err().map(|e| format!("{}: {e}", p.display())))
        .collect();
    let printed = files.len() - failed.len();
    eprintln!(
        "{printed} of {} Adwaita icons print once fitted; failed: {failed:#?}",
        files.len()
    );
    assert!(printed * 100 >= files.len() * 99, "{failed:#?}");
}

/// Every sprite that already fits (the benchmark sprites and tests/sprites/real/) is left
/// exactly as `Sprite::open` reads it, so it prints with the same moves.
#[test]
fn sprites_that_fit_are_left_as_they_are() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = pngs(&root.join("benches/sprites"));
    assert_eq!(files.len(), 9);
    for (category, _) in real_set::CATEGORIES {
        files.extend(real_set::files(category));
    }
    assert_eq!(files.len(), 9 + 569);
    let c = Converter::new();
    for p in &files {
        let plain = Sprite::open(p).unwrap();
        let fitted = fit::fit_file(p, &FitOptions::default()).unwrap();
        assert_eq!(fitted.sprite, plain, "{}", p.display());
        assert!(fitted.report.unchanged, "{}", p.display());
        assert_eq!(c.convert_to_vec(&fitted.sprite), c.convert_to_vec(&plain));
    }
}

/// The sprite drawn `k` times larger by nearest neighbour at `(dx, dy)` of a
/// `width` × `height` canvas of `canvas`.
fn upscaled(s: &Sprite, k: u32, canvas: [u8; 4], margin: u32) -> RgbaImage {
    let (w, h) = (s.width() as u32 * k, s.height() as u32 * k);
    let mut img = RgbaImage::from_pixel(w + 2 * margin, h + 2 * margin + 3, Rgba(canvas));
    for y in 0..h {
        for x in 0..w {
            if let Some(i) = s.pixel((x / k) as usize, (y / k) as usize) {
                let Rgb { r, g, b } = s.colors()[usize::from(i)];
                img.put_pixel(margin + 1 + x, margin + y, Rgba([r, g, b, 255]));
            }
        }
    }
    img
}

/// A 2×, 3× and 4× nearest-neighbour upscale of every benchmark sprite fits back to the
/// sprite exactly, on a transparent canvas and on an opaque one of a colour the sprite
/// does not have; where the upscale itself fits, it is left as it is.
#[test]
fn upscales_of_the_benchmark_sprites_come_back_exactly() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for p in pngs(&root.join("benches/sprites")) {
        let s = Sprite::open(&p).unwrap();
        for k in 2..=4 {
            for (canvas, margin) in [([0, 0, 0, 0], 5), ([0x12, 0x34, 0x56, 255], 9)] {
                let img = upscaled(&s, k, canvas, margin);
                let fitted = fit::fit_image_bytes(&png(&img), &FitOptions::default())
                    .unwrap_or_else(|e| panic!("{} at {k}x: {e}", p.display()));
                let as_given = Sprite::from_image_bytes(&png(&img));
                let name = format!("{} at {k}x on {canvas:?}", p.display());
                match as_given {
                    Ok(given) => {
                        assert_eq!(fitted.sprite, given, "{name}");
                        assert!(fitted.report.unchanged, "{name}");
                    }
                    Err(_) => {
                        assert_eq!(fitted.sprite.to_ascii(), s.to_ascii(), "{name}");
                        assert_eq!(fitted.sprite.colors(), s.colors(), "{name}");
                        assert_eq!(fitted.report.upscale, Some(k as usize), "{name}");
                        assert!(!fitted.report.scaled, "{name}");
                    }
                }
                prints(&fitted.sprite).unwrap();
            }
        }
    }
}

/// An image of four colours, some soft pixels, on white: the background goes, the
/// colours are three, the soft pixels are decided, and the report says so in one line.
#[test]
fn background_alpha_and_colours_in_one_line() {
    let mut img = RgbaImage::from_pixel(12, 10, Rgba([255, 255, 255, 255]));
    for y in 2..8 {
        for x in 2..10 {
            let c = match (x + y) % 4 {
                0 => [200, 0, 0, 255],
                1 => [0, 150, 0, 255],
                2 => [0, 0, 180, 255],
                _ => [20, 20, 20, 255],
            };
            img.put_pixel(x, y, Rgba(c));
        }
    }
    let fitted = fit::fit_image_bytes(&png(&img), &FitOptions::default()).unwrap();
    let s = fitted.sprite;
    assert_eq!((s.width(), s.height()), (8, 6));
    assert_eq!(s.colors().len(), 3);
    assert_eq!(
        fitted.report.to_string(),
        "fit: 12x10 -> 8x6, background #ffffff removed (72 pixels), 4 colours -> 3"
    );
    prints(&s).unwrap();
    // Without background removal, white is a colour, and the 12x10 image keeps it.
    let opts = FitOptions {
        background: Background::None,
        ..FitOptions::default()
    };
    let fitted = fit::fit_image_bytes(&png(&img), &opts).unwrap();
    assert_eq!(fitted.sprite.width(), 12);
    assert!(fitted.sprite.colors().contains(&Rgb::new(255, 255, 255)));
}

/// A picture drawn faint (no pixel reaches half opacity) still prints: the threshold
/// falls to half its highest alpha.
#[test]
fn a_faint_picture_prints() {
    let mut img = RgbaImage::new(6, 6);
    for y in 1..5 {
        for x in 1..5 {
            img.put_pixel(x, y, Rgba([10, 20, 30, if x == 1 { 20 } else { 90 }]));
        }
    }
    img.put_pixel(0, 0, Rgba([10, 20, 30, 10]));
    let fitted = fit::fit_image_bytes(&png(&img), &FitOptions::default()).unwrap();
    assert_eq!(fitted.report.alpha, 45);
    assert!(fitted.report.faint);
    assert_eq!(fitted.sprite.to_ascii(), "000\n000\n000\n000\n");
    assert_eq!(
        (fitted.report.soft_dropped, fitted.report.soft_kept),
        (5, 12)
    );
    prints(&fitted.sprite).unwrap();
}

/// An empty row between opaque rows is bridged by one pixel (or closed), named in the
/// report.
#[test]
fn empty_rows_are_bridged_or_closed() {
    let art = "\
        .1.\n\
        ...\n\
        ...\n\
        000\n";
    let mut img = RgbaImage::new(3, 4);
    for (y, line) in art.lines().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            let c = match ch {
                '0' => [0, 0, 255, 128],
                '1' => [255, 0, 0, 255],
                _ => [0, 0, 0, 0],
            };
            img.put_pixel(x as u32, y as u32, Rgba(c));
        }
    }
    let bytes = png(&img);
    assert!(Sprite::from_image_bytes(&bytes).is_err());
    let bridged = fit::fit_image_bytes(&bytes, &FitOptions::default()).unwrap();
    assert_eq!(bridged.sprite.to_ascii(), ".0.\n.0.\n.1.\n111\n");
    assert_eq!(bridged.report.gaps, Some((Gaps::Bridge, 2)));
    prints(&bridged.sprite).unwrap();
    let opts = FitOptions {
        gaps: Gaps::Close,
        ..FitOptions::default()
    };
    let closed = fit::fit_image_bytes(&bytes, &opts).unwrap();
    assert_eq!(closed.sprite.to_ascii(), ".0.\n111\n");
    assert!(
        closed.report.to_string().ends_with("2 empty rows removed"),
        "{}",
        closed.report
    );
    prints(&closed.sprite).unwrap();
}

/// Images that cannot be fitted get an error, not a panic.
#[test]
fn what_cannot_be_fitted_is_an_error() {
    let opts = FitOptions::default();
    let clear = png(&RgbaImage::new(40, 40));
    assert!(matches!(
        fit::fit_image_bytes(&clear, &opts),
        Err(FitError::Empty)
    ));
    let white = png(&RgbaImage::from_pixel(40, 40, Rgba([255; 4])));
    let e = fit::fit_image_bytes(&white, &opts).unwrap_err();
    assert!(matches!(e, FitError::OnlyBackground { .. }), "{e}");
    assert!(fit::fit_image_bytes(b"not an image", &opts).is_err());
    assert!(fit::fit_image_bytes(&[], &opts).is_err());
    for bad in [
        FitOptions { colors: 0, ..opts },
        FitOptions { colors: 4, ..opts },
        FitOptions {
            size: (18, 3),
            ..opts
        },
        FitOptions {
            size: (3, 0),
            ..opts
        },
        FitOptions { alpha: 0, ..opts },
    ] {
        assert!(fit::fit_image_bytes(&white, &bad).is_err(), "{bad:?}");
    }
    assert!(fit::fit_rgba(2, 2, &[0; 15], &opts).is_err());
    assert!(fit::fit_rgba(usize::MAX, 2, &[], &opts).is_err());
}

/// `--size` and `--colors` ask for less than the sprite limits, even of a sprite that fits.
#[test]
fn smaller_targets_are_met() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/sprites/01_smiley16.png");
    let opts = FitOptions {
        size: (8, 8),
        colors: 2,
        ..FitOptions::default()
    };
    let fitted = fit::fit_file(&p, &opts).unwrap();
    let s = fitted.sprite;
    assert_eq!((s.width(), s.height()), (8, 8));
    assert!(s.colors().len() <= 2);
    assert!(fitted.report.scaled);
    prints(&s).unwrap();
}
