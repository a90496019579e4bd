//! `tetris-printer fit` and `--fit` (issue #56), run as a separate process: what they
//! write and say, the hint a refused sprite ends with, and their errors.

use std::fs;
use std::path::Path;

use image::{Rgba, RgbaImage};

mod common;
use common::{run_in, workdir};

/// The benchmark sprite `name`.
fn bench(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../benches/sprites")
        .join(name)
}

/// A 64 x 64 image, the 16 x 16 smiley at 4x, saved as `name` in `dir`.
fn upscaled_smiley(dir: &Path, name: &str) {
    let s = image::open(bench("01_smiley16.png")).unwrap().into_rgba8();
    let mut img = RgbaImage::new(64, 64);
    for (x, y, p) in img.enumerate_pixels_mut() {
        *p = *s.get_pixel(x / 4, y / 4);
    }
    img.save(dir.join(name)).unwrap();
}

#[test]
fn fit_writes_the_sprite_and_says_what_it_did() {
    let (_tmp, dir) = workdir();
    upscaled_smiley(&dir, "big.png");
    let r = run_in(&dir, &["fit", "big.png", "-o", "small.png"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "fit: 64x64 -> 16x16 (4x upscale undone) -> small.png\n"
    );
    let small = image::open(dir.join("small.png")).unwrap().into_rgba8();
    let original = image::open(bench("01_smiley16.png")).unwrap().into_rgba8();
    assert_eq!(small, original);
    // Fitted on the fly, it prints as the original does, move for move.
    let fitted = run_in(&dir, &["convert", "big.png", "--fit"]);
    assert_eq!(fitted.code, 0, "{}", fitted.stderr);
    assert!(
        fitted.stderr.starts_with("fit: 64x64 -> 16x16"),
        "{}",
        fitted.stderr
    );
    let plain = run_in(
        &dir,
        &["convert", bench("01_smiley16.png").to_str().unwrap()],
    );
    assert_eq!(fitted.stdout, plain.stdout);
    let v = run_in(&dir, &["verify", "big.png", "--fit"]);
    assert_eq!(v.code, 0, "{}", v.stderr);
    assert!(v.stdout.starts_with("ok: 16x16 sprite"), "{}", v.stdout);
}

#[test]
fn a_sprite_that_fits_gives_the_same_moves_with_fit() {
    let (_tmp, dir) = workdir();
    for name in ["05_noise17x32.png", "10_noise_t16.png"] {
        let p = bench(name);
        let p = p.to_str().unwrap();
        let plain = run_in(&dir, &["convert", p]);
        let fitted = run_in(&dir, &["convert", p, "--fit"]);
        assert_eq!(plain.code, 0);
        assert_eq!(fitted.code, 0, "{}", fitted.stderr);
        assert_eq!(plain.stdout, fitted.stdout, "{name}");
        assert!(
            fitted.stderr.contains("already fits, left as it is"),
            "{}",
            fitted.stderr
        );
    }
}

#[test]
fn every_command_that_reads_a_sprite_fits() {
    let (_tmp, dir) = workdir();
    upscaled_smiley(&dir, "big.png");
    let runs: [&[&str]; 5] = [
        &["render", "big.png", "--fit", "-o", "field.png"],
        &["animate", "big.png", "--fit", "-o", "a.gif", "--scale", "1"],
        &["stats", "big.png", "--fit"],
        &["convert", "big.png", "--fit", "-o", "moves.txt"],
        &["check", "big.png", "moves.txt", "--fit"],
    ];
    for args in runs {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("fit: 64x64 -> 16x16 (4x upscale undone)"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn a_refused_sprite_hints_at_fit() {
    let (_tmp, dir) = workdir();
    let mut img = RgbaImage::new(4, 1);
    for x in 0..4 {
        img.put_pixel(x, 0, Rgba([x as u8 * 60, 0, 0, 255]));
    }
    img.save(dir.join("four.png")).unwrap();
    let r = run_in(&dir, &["verify", "four.png"]);
    r.fails_saying(
        1,
        "at most 3 colors allowed (try --fit to reduce it to 3 colours)",
    );
    upscaled_smiley(&dir, "big.png");
    let r = run_in(&dir, &["convert", "big.png"]);
    r.fails_saying(
        1,
        "the limit is 17x32 (try --fit to scale it down to 17x32)",
    );
    let r = run_in(&dir, &["verify", "four.png", "--fit"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "fit: 4x1 -> 4x1, 4 colours -> 3\n");
}

#[test]
fn fitting_errors() {
    let (_tmp, dir) = workdir();
    RgbaImage::new(30, 30).save(dir.join("clear.png")).unwrap();
    let r = run_in(&dir, &["fit", "clear.png", "-o", "out.png"]);
    r.fails_with(1, "error: cannot fit clear.png: image has no visible pixel");
    assert!(!dir.join("out.png").exists());
    fs::write(dir.join("junk.png"), b"not a picture").unwrap();
    run_in(&dir, &["verify", "junk.png", "--fit"])
        .fails_with(1, "error: could not decode image junk.png");
    // Options of fitting need --fit, and are checked.
    run_in(&dir, &["verify", "pixel1.png", "--colors", "2"])
        .fails_saying(2, "--colors is an option of fitting: add --fit");
    run_in(&dir, &["fit", "pixel1.png", "-o", "o.png", "--colors", "4"])
        .fails_saying(2, "--colors");
    run_in(
        &dir,
        &["fit", "pixel1.png", "-o", "o.png", "--size", "18x4"],
    )
    .fails_saying(2, "WxH");
    run_in(
        &dir,
        &["fit", "pixel1.png", "-o", "o.png", "--background", "red"],
    )
    .fails_saying(2, "six hex digits");
    run_in(&dir, &["fit", "pixel1.png", "-o", "o.png", "--alpha", "0"]).fails_saying(2, "--alpha");
    run_in(
        &dir,
        &["fit", "pixel1.png", "-o", "o.png", "--gaps", "fill"],
    )
    .fails_saying(2, "bridge or close");
    // The input is never the output.
    run_in(&dir, &["fit", "pixel1.png", "-o", "pixel1.png"]).fails_saying(1, "pixel1.png");
}

/// `play --sprite` takes no `--fit`: a sprite it refuses points to the `fit` command.
#[test]
fn play_points_to_the_fit_command() {
    let (_tmp, dir) = workdir();
    upscaled_smiley(&dir, "big.png");
    let r = run_in(
        &dir,
        &["play", "moves.txt", "-o", "f.png", "--sprite", "big.png"],
    );
    r.fails_saying(
        1,
        "the limit is 17x32 (try `tetris-printer fit` to scale it down to 17x32)",
    );
    assert!(!r.stderr.contains("--fit"), "{}", r.stderr);
    // The commands that take --fit still name it.
    run_in(&dir, &["render", "big.png", "-o", "f.png"]).fails_saying(
        1,
        "the limit is 17x32 (try --fit to scale it down to 17x32)",
    );
    assert!(!dir.join("f.png").exists());
}

/// An option of fitting without `--fit` is a usage error of the command given, before
/// anything is read or written: `stats` prints no table header first, and the usage is
/// the command's own.
#[test]
fn fitting_options_without_fit_fail_before_any_output() {
    let (_tmp, dir) = workdir();
    for (args, usage) in [
        (
            &["stats", "pixel1.png", "pixel1.png", "--alpha", "3"][..],
            "Usage: tetris-printer stats [OPTIONS] <PATH>...",
        ),
        (
            &["stats", "pixel1.png", "--format", "tsv", "--gaps", "close"][..],
            "Usage: tetris-printer stats [OPTIONS] <PATH>...",
        ),
        (
            &["convert", "pixel1.png", "--size", "4x4"][..],
            "Usage: tetris-printer convert [OPTIONS] <SPRITE.png>",
        ),
        (
            &["check", "pixel1.png", "nothing.txt", "--colors", "2"][..],
            "Usage: tetris-printer check [OPTIONS] <SPRITE.png> <MOVES.txt>",
        ),
        (
            &[
                "render",
                "pixel1.png",
                "-o",
                "f.png",
                "--background",
                "none",
            ][..],
            "Usage: tetris-printer render [OPTIONS] --output <FIELD.png> <SPRITE.png>",
        ),
    ] {
        let r = run_in(&dir, args);
        r.fails_with(2, "error: --");
        r.fails_saying(2, "is an option of fitting: add --fit");
        assert_eq!(r.stdout, "", "{args:?}");
        r.fails_saying(2, usage);
    }
    assert!(!dir.join("f.png").exists());
}

#[test]
fn fit_options_change_the_sprite() {
    let (_tmp, dir) = workdir();
    upscaled_smiley(&dir, "big.png");
    let r = run_in(
        &dir,
        &[
            "fit", "big.png", "-o", "s.png", "--size", "8x8", "--colors", "2",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let s = image::open(dir.join("s.png")).unwrap().into_rgba8();
    assert_eq!(s.dimensions(), (8, 8));
    let mut colours: Vec<[u8; 4]> = s.pixels().map(|p| p.0).filter(|p| p[3] != 0).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(colours.len() <= 2, "{colours:?}");
    assert!(
        r.stderr.contains("(4x upscale undone, then scaled down)"),
        "{}",
        r.stderr
    );
}
