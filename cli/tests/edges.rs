//! The small edges a newcomer meets first (issue #57): `--quiet`, singular words, a tip
//! for `check`'s arguments swapped, binary output kept off a terminal, the man page.

use std::process::Command;

mod common;
use common::{run_in, workdir};

/// `--quiet` silences messages (summaries, `ok:` lines), never errors nor what a command
/// makes; the exit code tells how it went.
#[test]
fn quiet_keeps_results_and_errors_only() {
    let (_tmp, dir) = workdir();
    for args in [
        &["verify", "pixel1.png", "-q"][..],
        &["-q", "check", "pixel1.png", "moves.txt"],
        &["--quiet", "convert", "pixel1.png", "-o", "m.txt"],
        &["render", "pixel1.png", "-o", "f.png", "--quiet"],
        &["play", "moves.txt", "-o", "p.png", "-q"],
        &["animate", "pixel1.png", "-o", "a.gif", "-q"],
        &["demo", "-o", "d", "--no-gif", "-q"],
        &["fit", "pixel1.png", "-o", "fitted.png", "-q"],
        &["render", "pixel1.png", "-o", "-", "-q"],
        &["play", "moves.txt", "-o", "-", "-q"],
        &["animate", "pixel1.png", "-o", "-", "-q"],
        &["fit", "pixel1.png", "-o", "-", "-q"],
    ] {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr, "", "{args:?}");
        // A picture on standard output is what the command makes: still written.
        assert_eq!(r.stdout.is_empty(), !args.contains(&"-"), "{args:?}");
    }
    assert!(dir.join("m.txt").exists() && dir.join("a.gif").exists());
    // The moves on standard output are what convert makes: still written.
    let r = run_in(&dir, &["convert", "pixel1.png", "-q"]);
    assert_eq!(r.stdout.lines().count(), 16, "{}", r.stdout);
    // Errors are still said.
    run_in(&dir, &["verify", "nope.png", "-q"]).fails_saying(1, "nope.png");
    // Without it, the messages are there.
    let r = run_in(&dir, &["convert", "pixel1.png", "-o", "m.txt"]);
    assert!(r.stderr.contains("16 pieces"), "{}", r.stderr);
}

/// A picture written to standard output (`-o -`): the summary on standard error names it
/// in words, as errors do, not as `-`.
#[test]
fn summaries_name_standard_output_in_words() {
    let (_tmp, dir) = workdir();
    for (args, summary) in [
        (
            &["render", "pixel1.png", "-o", "-"][..],
            "pixel1.png: 16 pieces -> standard output\n",
        ),
        (
            &["play", "moves.txt", "-o", "-"],
            "moves.txt: 16 pieces, 3 lines cleared, stack height 1 -> standard output \
             (168x336)\n",
        ),
        (&["fit", "pixel1.png", "-o", "-"], "-> standard output\n"),
    ] {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(r.stderr.ends_with(summary), "{args:?}: {}", r.stderr);
        assert!(r.stdout_bytes.starts_with(b"\x89PNG"), "{args:?}");
    }
    let r = run_in(&dir, &["animate", "pixel1.png", "-o", "-"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let gif = r.stdout_bytes.len();
    assert!(r.stdout_bytes.starts_with(b"GIF89a"));
    assert_eq!(
        r.stderr,
        format!("standard output: 19 frames, {gif} bytes\n")
    );
    // A file is still named as given.
    let r = run_in(&dir, &["render", "pixel1.png", "-o", "f.png"]);
    assert_eq!(r.stderr, "pixel1.png: 16 pieces -> f.png\n");
}

/// One row, one sprite: no `1 rows`.
#[test]
fn counts_of_one_are_singular() {
    let (_tmp, dir) = workdir();
    let r = run_in(&dir, &["verify", "pixel1.png"]);
    assert_eq!(r.stdout, "ok: 1x1 sprite, 16 pieces, 1 row\n");
    let r = run_in(&dir, &["stats", "pixel1.png"]);
    assert!(r.stdout.contains("total (1 sprite)"), "{}", r.stdout);
}

/// `check MOVES SPRITE` fails on the move file as an image, and says which comes first.
#[test]
fn check_with_its_arguments_swapped_gives_a_tip() {
    let (_tmp, dir) = workdir();
    let r = run_in(&dir, &["check", "moves.txt", "pixel1.png"]);
    r.fails_with(1, "error: could not decode image moves.txt");
    assert!(
        r.stderr
            .contains("tip: the sprite comes first: tetris-printer check pixel1.png moves.txt"),
        "{}",
        r.stderr
    );
    // One tip: not also the formats' one.
    assert_eq!(r.stderr.matches("tip:").count(), 1, "{}", r.stderr);
    // Not when the sprite is just a bad image.
    let r = run_in(&dir, &["check", "moves.txt", "moves.txt"]);
    assert!(!r.stderr.contains("comes first"), "{}", r.stderr);
}

/// A picture in a format that is not read (HEIC, AVIF, SVG, ...) is refused with the
/// formats that are, with and without `--fit`.
#[test]
fn an_unread_format_names_the_formats_read() {
    let (_tmp, dir) = workdir();
    std::fs::write(
        dir.join("photo.heic"),
        b"\0\0\0\x18ftypheic\0\0\0\0heicmif1",
    )
    .unwrap();
    // AVIF is an `image` format this build does not read (no `avif` feature).
    std::fs::write(
        dir.join("photo.avif"),
        b"\0\0\0\x18ftypavif\0\0\0\0avifmif1",
    )
    .unwrap();
    for args in [
        &["verify", "photo.heic"][..],
        &["verify", "photo.avif"],
        &["verify", "photo.heic", "--fit"],
        &["fit", "photo.avif", "-o", "out.png"],
    ] {
        let r = run_in(&dir, args);
        r.fails_with(1, &format!("error: could not decode image {}", args[1]));
        r.fails_saying(1, "tip: the formats read are BMP, GIF, ICO, JPEG, PNG,");
        assert!(
            r.stderr.contains("TIFF") && !r.stderr.contains("AVIF"),
            "{}",
            r.stderr
        );
        assert!(!dir.join("out.png").exists());
    }
}

/// `-o -` on a terminal: refused (binary would garble it), as gzip does; `--force`
/// writes anyway; a pipe takes it. The terminal is `script`'s pseudo-terminal
/// (util-linux, in every Debian).
#[test]
fn binary_output_is_kept_off_a_terminal() {
    let (_tmp, dir) = workdir();
    let on_a_terminal = |args: &str| {
        let out = Command::new("script")
            .args(["-qec", &format!("{} {args}", common::BIN), "/dev/null"])
            .current_dir(&dir)
            .output()
            .expect("script (util-linux) runs a command on a pseudo-terminal");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    for args in [
        "render pixel1.png -o -",
        "play moves.txt -o -",
        "animate pixel1.png -o -",
        "fit pixel1.png -o -",
    ] {
        let (code, shown) = on_a_terminal(args);
        assert_eq!(code, Some(1), "{args}: {shown}");
        assert!(
            shown.contains("error: not writing a ") && shown.contains("to a terminal"),
            "{args}: {shown}"
        );
        let (code, shown) = on_a_terminal(&format!("{args} --force"));
        assert_eq!(code, Some(0), "{args} --force: {shown}");
        assert!(shown.contains("PNG") || shown.contains("GIF89a"), "{args}");
    }
    // Piped, it is written.
    let r = run_in(&dir, &["render", "pixel1.png", "-o", "-"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout_bytes.starts_with(b"\x89PNG"));
}

/// The man page holds every command: each one's options (`--passes` among them) and
/// examples; it names no other page (there is none).
#[test]
fn the_man_page_stands_on_its_own() {
    let (_tmp, dir) = workdir();
    let r = run_in(&dir, &["manpage"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let page = &r.stdout;
    for section in [
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH COMMANDS",
        ".SH \"EXIT STATUS\"",
    ] {
        assert!(page.contains(section), "{section}");
    }
    for c in [
        "demo", "convert", "verify", "render", "animate", "play", "check", "stats",
    ] {
        assert!(page.contains(&format!(".SS \"tetris-printer {c}\"")), "{c}");
    }
    assert!(page.contains("\\-\\-passes"));
    assert!(page.contains("\\-\\-no\\-direct"));
    assert!(!page.contains("tetris\\-printer\\-convert(1)"));
}
