//! The command-line tool, run as a separate process: exit codes, messages, output files.

use std::fs;
use std::path::Path;

mod common;
use common::{names, run_in, workdir, PIXEL1_MOVES, PIXEL1_PNG};

#[test]
fn play_writes_a_png_of_the_field() {
    let (_tmp, dir) = workdir();
    let r = run_in(&dir, &["play", "moves.txt", "-o", "field.png"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("16 pieces"), "{}", r.stderr);
    assert!(r.stderr.contains("3 lines cleared"), "{}", r.stderr);
    let img = image::open(dir.join("field.png")).unwrap().into_rgba8();
    assert_eq!(img.dimensions(), (21 * 8, 42 * 8));

    let r = run_in(
        &dir,
        &[
            "play",
            "moves.txt",
            "--output",
            "small.png",
            "--scale",
            "2",
            "--sprite",
            "pixel1.png",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let img = image::open(dir.join("small.png")).unwrap().into_rgba8();
    assert_eq!(img.dimensions(), (42, 84));
    // The J at (10, 0) is drawn in the sprite's colour.
    assert_eq!(img.get_pixel(20, 82).0, [0x20, 0x60, 0xe0, 0xff]);
    // Only regular files and no leftover temporaries.
    assert_eq!(
        names(&dir),
        ["field.png", "moves.txt", "pixel1.png", "small.png"]
    );
}

/// One move, one cleared line: the summary counts in the singular.
#[test]
fn play_counts_one_piece_and_one_line() {
    let (_tmp, dir) = workdir();
    fs::write(dir.join("one.txt"), "J0 5\n").unwrap();
    let r = run_in(&dir, &["play", "one.txt", "-o", "f.png"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "one.txt: 1 piece, 0 lines cleared, stack height 2 -> f.png (168x336)\n"
    );
    // Five flat I pieces and a standing one in the last column fill the bottom row.
    fs::write(
        dir.join("line.txt"),
        "I0 0\nI0 4\nI0 8\nI0 12\nI0 16\nI1 20\n",
    )
    .unwrap();
    let r = run_in(&dir, &["play", "line.txt", "-o", "f.png"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("line.txt: 6 pieces, 1 line cleared, "),
        "{}",
        r.stderr
    );
}

#[test]
fn check_passes_on_a_correct_print() {
    let (_tmp, dir) = workdir();
    let r = run_in(&dir, &["check", "pixel1.png", "moves.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "ok: 1x1 sprite, 16 pieces\n");
}

#[test]
fn check_names_the_first_wrong_cell() {
    let (_tmp, dir) = workdir();
    let cases = [
        // The last piece changed: rows 1..3 no longer clear.
        (
            PIXEL1_MOVES.replace("L1 19", "J3 19"),
            "cell (0, 1): expected empty, found J",
        ),
        // One piece too many.
        (
            format!("{PIXEL1_MOVES}O0 0\n"),
            "cell (0, 0): expected empty, found O",
        ),
        // The pixel missing: row 0 is scanned left to right, (10, 0) comes before the O.
        (
            "O0 15\n".to_owned(),
            "cell (10, 0): expected J, found empty",
        ),
    ];
    for (moves, want) in cases {
        fs::write(dir.join("bad.txt"), &moves).unwrap();
        // At the centred column (`check` alone reports the closest column, tests/cli_align.rs).
        let r = run_in(
            &dir,
            &["check", "pixel1.png", "bad.txt", "--align", "centre"],
        );
        assert_eq!(r.code, 1, "{want}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{}", r.stdout);
        assert!(r.stderr.starts_with("error: "), "{}", r.stderr);
        assert!(r.stderr.contains(want), "want {want:?}, got {}", r.stderr);
    }
}

/// `check pixel1.png FILE` and `play FILE -o x.png` both fail with an error starting
/// `start`.
fn check_and_play_fail_with(dir: &Path, file: &str, start: &str) {
    for args in [
        &["check", "pixel1.png", file][..],
        &["play", file, "-o", "x.png"],
    ] {
        run_in(dir, args).fails_with(1, start);
    }
}

#[test]
fn check_names_the_move_that_failed() {
    let (_tmp, dir) = workdir();
    // 11 vertical I pieces in column 0 need 44 rows: the 11th (move 27, line 30) tops out.
    let moves = format!("{PIXEL1_MOVES}{}", "I1 0\n".repeat(11));
    fs::write(dir.join("over.txt"), moves).unwrap();
    check_and_play_fail_with(
        &dir,
        "over.txt",
        "error: over.txt: line 30: move 27 (I1 0): game over",
    );
    assert!(!dir.join("x.png").exists());
}

#[test]
fn bad_move_file_names_the_line() {
    let (_tmp, dir) = workdir();
    fs::write(dir.join("bad.txt"), "# comment\nJ0 8\nX9 1\n").unwrap();
    check_and_play_fail_with(
        &dir,
        "bad.txt",
        "error: bad.txt: line 3: unknown piece `X9`",
    );
    fs::write(dir.join("bin.txt"), [0xff, 0xfe, 0x00]).unwrap();
    run_in(&dir, &["check", "pixel1.png", "bin.txt"]).fails_saying(1, "bin.txt");
}

#[test]
fn missing_or_bad_input_files() {
    let (_tmp, dir) = workdir();
    run_in(&dir, &["check", "pixel1.png", "nope.txt"])
        .fails_with(1, "error: could not read move file nope.txt");
    let r = run_in(&dir, &["check", "nope.png", "moves.txt"]);
    r.fails_saying(1, "nope.png");
    // Causes are not repeated when an error's message already shows its source.
    assert_eq!(r.stderr.matches("os error").count(), 1, "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    run_in(&dir, &["play", "nope.txt", "-o", "x.png"]).fails_saying(1, "nope.txt");
    // Not an image at all.
    run_in(&dir, &["check", "moves.txt", "moves.txt"]).fails_saying(1, "moves.txt");
    let r = run_in(
        &dir,
        &["play", "moves.txt", "-o", "x.png", "--sprite", "moves.txt"],
    );
    assert_eq!(r.code, 1);
    // Output into a directory that does not exist.
    let r = run_in(&dir, &["play", "moves.txt", "-o", "no/such/dir/x.png"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "error: could not write no/such/dir/x.png: directory no/such/dir does not exist\n"
    );
    assert!(!dir.join("x.png").exists());
}

#[test]
fn refuses_to_overwrite_an_input() {
    let (_tmp, dir) = workdir();
    for (args, victim) in [
        (&["play", "moves.txt", "-o", "moves.txt"][..], "moves.txt"),
        (&["play", "moves.txt", "-o", "./moves.txt"], "moves.txt"),
        (
            &[
                "play",
                "moves.txt",
                "-o",
                "pixel1.png",
                "--sprite",
                "pixel1.png",
            ],
            "pixel1.png",
        ),
    ] {
        let r = run_in(&dir, args);
        r.fails_saying(1, "refusing to overwrite input file");
        assert!(r.stderr.contains(victim), "{}", r.stderr);
    }
    assert_eq!(
        fs::read_to_string(dir.join("moves.txt")).unwrap(),
        PIXEL1_MOVES
    );
    assert_eq!(fs::read(dir.join("pixel1.png")).unwrap(), PIXEL1_PNG);
}

/// The subcommands listed in the top-level help (so new commands are covered too).
fn subcommands(dir: &Path) -> Vec<String> {
    let r = run_in(dir, &["--help"]);
    assert_eq!(r.code, 0);
    r.stdout
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_help_explains_and_shows_an_example() {
    let (_tmp, dir) = workdir();
    let r = run_in(&dir, &["--help"]);
    assert!(r.stdout.contains("Example"), "{}", r.stdout);
    let commands = subcommands(&dir);
    for c in ["play", "check"] {
        assert!(commands.iter().any(|x| x == c), "{c} in {commands:?}");
    }
    for c in &commands {
        for flag in ["--help", "-h"] {
            let r = run_in(&dir, &[c, flag]);
            assert_eq!(r.code, 0, "{c} {flag}");
            assert!(r.stdout.contains("Example"), "{c} {flag}: {}", r.stdout);
            assert!(r.stdout.contains(&format!("tetris-printer {c}")), "{c}");
        }
        let r = run_in(&dir, &["help", c]);
        assert_eq!(r.code, 0, "help {c}");
    }
    let r = run_in(&dir, &["--version"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("tetris-printer "));
}

#[test]
fn usage_errors_exit_2() {
    let (_tmp, dir) = workdir();
    for args in [
        &[][..],
        &["frobnicate"],
        &["play", "moves.txt"],
        &["play", "moves.txt", "-o", "x.png", "--scale", "0"],
        &["play", "moves.txt", "-o", "x.png", "--scale", "65"],
        &["play", "moves.txt", "-o", "x.png", "--scale", "big"],
        &["check", "pixel1.png"],
        &["check", "pixel1.png", "moves.txt", "extra"],
        &["check", "--bogus", "pixel1.png", "moves.txt"],
    ] {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(!r.stderr.is_empty());
    }
    assert!(!dir.join("x.png").exists());
}

/// Writes `art` (as [`tetris_printer::Sprite::from_ascii`] reads it: `.` transparent,
/// digits colours) to `dir/name` as a PNG.
fn write_ascii_png(dir: &Path, name: &str, art: &[&str]) {
    const COLOURS: [[u8; 4]; 3] = [[200, 0, 0, 255], [0, 200, 0, 255], [0, 0, 200, 255]];
    let mut img = image::RgbaImage::new(art[0].len() as u32, art.len() as u32);
    for (y, line) in art.iter().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            if let Some(d) = ch.to_digit(10) {
                img.put_pixel(x as u32, y as u32, image::Rgba(COLOURS[d as usize]));
            }
        }
    }
    img.save(dir.join(name)).unwrap();
}

#[test]
fn stats_shows_exact_and_the_ratio_to_it() {
    let (_tmp, dir) = workdir();
    // A sprite the exact planner prints in fewer pieces than the default (55 against 76).
    write_ascii_png(&dir, "hole.png", &["20002", "00000"]);
    let r = run_in(
        &dir,
        &["stats", "hole.png", "pixel1.png", "--passes", "all"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    let head: Vec<&str> = lines[0].split_whitespace().collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (exact, pieces, versus) = (col("exact"), col("pieces"), col("÷exact"));
    let row = |prefix: &str| -> Vec<&str> {
        lines
            .iter()
            .find(|l| l.starts_with(prefix))
            .unwrap()
            .split_whitespace()
            .collect()
    };
    let hole = row("hole.png");
    let n: usize = hole[pieces].parse().unwrap();
    let e: usize = hole[exact].parse().unwrap();
    assert!(e < n, "exact {e} should beat the default {n} here");
    assert_eq!(hole[versus], format!("{:.3}", n as f64 / e as f64));
    let pixel = row("pixel1.png");
    assert_eq!(
        (pixel[exact], pixel[pieces], pixel[versus]),
        ("16", "16", "1.000")
    );
    // The totals row has the same columns, shifted by the two words of "total (N sprites)".
    let total = row("total");
    assert_eq!(total[exact - 1].parse::<usize>().unwrap(), e + 16);
    assert_eq!(total[pieces - 1].parse::<usize>().unwrap(), n + 16);
    assert_eq!(
        total[versus - 1],
        format!("{:.3}", (n + 16) as f64 / (e + 16) as f64)
    );
    // The thorough planner has a column of its own, never above greedy's.
    let (thorough, greedy) = (col("thorough"), col("greedy"));
    let f: usize = hole[thorough].parse().unwrap();
    assert!(f <= hole[greedy].parse().unwrap());
}

#[test]
fn convert_with_exact_passes_prints_the_sprite() {
    let (_tmp, dir) = workdir();
    write_ascii_png(&dir, "hole.png", &["20002", "00000"]);
    let r = run_in(
        &dir,
        &[
            "convert",
            "hole.png",
            "-o",
            "exact.txt",
            "--passes",
            "exact",
        ],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run_in(&dir, &["convert", "hole.png", "-o", "thorough.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let exact = fs::read_to_string(dir.join("exact.txt")).unwrap();
    let thorough = fs::read_to_string(dir.join("thorough.txt")).unwrap();
    assert!(exact.lines().count() < thorough.lines().count());
    let r = run_in(&dir, &["check", "hole.png", "exact.txt"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

#[test]
fn stats_dir_takes_every_image_format_it_reads() {
    let (_tmp, dir) = workdir();
    let sprites = dir.join("sprites");
    fs::create_dir(&sprites).unwrap();
    let names = [
        "a.png", "b.jpg", "c.jpeg", "d.JPG", "e.bmp", "f.tga", "g.tif", "h.tiff", "i.qoi", "j.ppm",
        "k.gif", "l.webp", "m.ico",
    ];
    for name in names {
        // One opaque pixel: JPEG keeps a solid colour a single colour. (JPEG has no
        // alpha channel; an icon must be RGBA to be read back.)
        let img: image::DynamicImage = if name.ends_with(".ico") {
            image::RgbaImage::from_pixel(1, 1, image::Rgba([32, 96, 224, 255])).into()
        } else {
            image::RgbImage::from_pixel(1, 1, image::Rgb([32, 96, 224])).into()
        };
        img.save(sprites.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    fs::write(sprites.join("notes.txt"), "not a sprite").unwrap();
    fs::write(sprites.join("README"), "not a sprite").unwrap();
    let r = run_in(&dir, &["stats", "sprites", "--passes", "greedy"]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    for name in names {
        let line = r
            .stdout
            .lines()
            .find(|l| {
                l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.ends_with(name))
            })
            .unwrap_or_else(|| panic!("{name} missing from\n{}", r.stdout));
        assert!(line.contains(" 16 "), "{line}");
    }
    assert!(!r.stdout.contains("notes.txt") && !r.stdout.contains("README"));
    assert!(
        r.stdout.contains(&format!("({} sprites)", names.len())),
        "{}",
        r.stdout
    );
}

// ---- #37 item 6: the usual comforts ----

#[test]
fn completions_and_man_page() {
    let (_tmp, dir) = workdir();
    for (shell, want) in [
        ("bash", "complete -F _tetris__printer"),
        ("zsh", "#compdef tetris-printer"),
        ("fish", "complete -c tetris-printer"),
        ("elvish", "tetris-printer"),
        ("powershell", "tetris-printer"),
    ] {
        let r = run_in(&dir, &["completions", shell]);
        assert_eq!(r.code, 0, "{shell}: {}", r.stderr);
        assert!(r.stdout.contains(want), "{shell}: {}", r.stdout);
        // Every subcommand is completed.
        for c in ["convert", "stats", "manpage", "completions"] {
            assert!(r.stdout.contains(c), "{shell} completes {c}");
        }
    }
    assert_eq!(run_in(&dir, &["completions", "tcsh"]).code, 2);
    let r = run_in(&dir, &["manpage"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(".TH tetris-printer 1"), "{}", r.stdout);
    for c in ["convert", "stats", "completions"] {
        assert!(
            r.stdout.contains(&format!("tetris\\-printer\\-{c}")) || r.stdout.contains(c),
            "{c}"
        );
    }
}

/// A tree of sprites with a broken image and other files among them.
fn sprite_tree(dir: &Path) {
    let s = dir.join("sprites");
    fs::create_dir_all(s.join("a/b")).unwrap();
    fs::create_dir_all(s.join("c")).unwrap();
    fs::write(s.join("top.png"), PIXEL1_PNG).unwrap();
    fs::write(s.join("a/b/deep.png"), PIXEL1_PNG).unwrap();
    fs::write(s.join("a/notes.txt"), "not an image").unwrap();
    fs::write(s.join("c/README"), "not an image").unwrap();
    fs::write(s.join("c/broken.png"), b"\x89PNG but not really").unwrap();
}

#[test]
fn stats_recurses_and_reports_broken_files_everywhere() {
    let (_tmp, dir) = workdir();
    sprite_tree(&dir);
    for format in ["table", "json", "tsv"] {
        let r = run_in(&dir, &["stats", "sprites", "--format", format]);
        r.fails_with(1, "error: could not decode image sprites/c/broken.png");
        assert_eq!(r.stderr.lines().count(), 1, "{format}: {}", r.stderr);
        assert!(!r.stdout.contains("notes") && !r.stdout.contains("README"));
        assert!(
            r.stdout.contains("sprites/a/b/deep.png"),
            "{format}: {}",
            r.stdout
        );
        assert!(
            r.stdout.contains("sprites/top.png"),
            "{format}: {}",
            r.stdout
        );
    }
    // The table leaves the broken file out and counts it in the total.
    let r = run_in(&dir, &["stats", "sprites"]);
    assert!(!r.stdout.contains("broken"), "{}", r.stdout);
    assert!(
        r.stdout.contains("total (2 sprites, 1 failed)"),
        "{}",
        r.stdout
    );
    // JSON: one record per file, each sprite with its pieces, the broken file with its
    // error.
    let r = run_in(&dir, &["stats", "sprites", "--format", "json"]);
    let records: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["file"], "sprites/a/b/deep.png");
    assert_eq!(records[1]["file"], "sprites/c/broken.png");
    assert_eq!(records[2]["file"], "sprites/top.png");
    let error = records[1]["error"].as_str().unwrap();
    assert!(
        error.starts_with("could not decode image sprites/c/broken.png"),
        "{error}"
    );
    assert!(records[1].get("pieces").is_none(), "{}", records[1]);
    for rec in [&records[0], &records[2]] {
        assert_eq!(rec["pieces"], 16, "{rec}");
        assert_eq!(rec["direct"], true, "{rec}");
        assert_eq!(
            (rec["width"].as_u64(), rec["height"].as_u64()),
            (Some(1), Some(1))
        );
        assert_eq!(rec["passes"], "grouped");
        assert!(rec["seconds"].as_f64().is_some(), "{rec}");
        assert!(rec.get("exact").is_none(), "{rec}");
        assert!(rec.get("error").is_none(), "{rec}");
    }
    // TSV: a header, then one line per file with as many fields, the last one the error.
    let r = run_in(&dir, &["stats", "sprites", "--format", "tsv"]);
    let lines: Vec<Vec<&str>> = r.stdout.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    assert_eq!(lines[0][..5], ["file", "size", "colours", "rows", "pieces"]);
    assert_eq!(lines[0].last(), Some(&"error"));
    assert!(
        lines.iter().all(|l| l.len() == lines[0].len()),
        "{}",
        r.stdout
    );
    assert_eq!((lines[1][4], *lines[1].last().unwrap()), ("16", ""));
    assert_eq!(lines[2][0], "sprites/c/broken.png");
    assert!(lines[2][1..lines[2].len() - 1].iter().all(|f| f.is_empty()));
    assert!(lines[2]
        .last()
        .unwrap()
        .starts_with("could not decode image"));
    // Every file fine: exit 0.
    fs::remove_file(dir.join("sprites/c/broken.png")).unwrap();
    let r = run_in(&dir, &["stats", "sprites"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("total (2 sprites)"), "{}", r.stdout);
}

/// A directory `stats` cannot list (permission denied) is one failed record, like a file
/// it cannot read: its error on stderr, in JSON and TSV, and counted in the table's total;
/// the other sprites are measured, and the exit code is 1. Permissions do not bite root:
/// as root the tool runs as `nobody` through `setpriv`; without it, the test says so and
/// checks nothing.
#[test]
fn stats_reports_a_directory_it_cannot_list_and_goes_on() {
    use std::os::unix::fs::PermissionsExt;
    let root = common::is_root();
    if root && !common::has_setpriv() {
        eprintln!(
            "skipped (stats_reports_a_directory_it_cannot_list_and_goes_on): root may list \
             any directory, and setpriv is missing to run the tool as nobody"
        );
        return;
    }
    let (_tmp, dir) = workdir();
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
    sprite_tree(&dir);
    fs::remove_file(dir.join("sprites/c/broken.png")).unwrap();
    let locked = dir.join("sprites/locked");
    fs::create_dir(&locked).unwrap();
    fs::write(locked.join("hidden.png"), PIXEL1_PNG).unwrap();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o000)).unwrap();
    let stats = |format: &str| {
        let args = ["stats", "sprites", "--format", format];
        let mut c = match root {
            true => common::as_nobody(&dir, &args),
            false => common::cmd(&dir, &args),
        };
        common::finish(c.output().unwrap(), &format!("{args:?}"))
    };
    let error = "could not list sprites/locked: Permission denied (os error 13)";
    let runs: Vec<(&str, common::Run)> = ["table", "json", "tsv"]
        .into_iter()
        .map(|f| (f, stats(f)))
        .collect();
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    for (format, r) in &runs {
        assert_eq!(r.code, 1, "{format}: {}", r.stderr);
        assert_eq!(r.stderr, format!("error: {error}\n"), "{format}");
        assert!(!r.stdout.contains("hidden"), "{format}: {}", r.stdout);
    }
    let table = &runs[0].1.stdout;
    assert!(table.contains("sprites/a/b/deep.png"), "{table}");
    assert!(table.contains("sprites/top.png"), "{table}");
    assert!(table.contains("total (2 sprites, 1 failed)"), "{table}");
    let records: serde_json::Value = serde_json::from_str(&runs[1].1.stdout).unwrap();
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 3, "{records:?}");
    assert_eq!(records[1]["file"], "sprites/locked");
    assert_eq!(records[1]["error"], error);
    assert!(records[1].get("pieces").is_none(), "{}", records[1]);
    for rec in [&records[0], &records[2]] {
        assert_eq!(rec["pieces"], 16, "{rec}");
    }
    let lines: Vec<Vec<&str>> = runs[2]
        .1
        .stdout
        .lines()
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(lines.len(), 4, "{}", runs[2].1.stdout);
    assert_eq!(lines[2][0], "sprites/locked");
    assert_eq!(lines[2].len(), lines[0].len());
    assert!(lines[2][1..lines[2].len() - 1].iter().all(|f| f.is_empty()));
    assert_eq!(lines[2].last(), Some(&error));
}

/// A path that does not exist is a typo: an error before anything is measured, not an
/// empty table.
#[test]
fn stats_refuses_a_path_that_does_not_exist() {
    let (_tmp, dir) = workdir();
    for args in [&["stats", "nope"][..], &["stats", "pixel1.png", "nope.png"]] {
        let r = run_in(&dir, args);
        r.fails_with(1, "error: could not read nope");
        assert_eq!(r.stdout, "", "{args:?}");
    }
}

/// Standard input can be read once: `stats - -` is an error before anything is measured
/// (not a second sprite that fails to decode).
#[test]
fn stats_reads_standard_input_once() {
    let (_tmp, dir) = workdir();
    let r = common::run_with_stdin(&dir, &["stats", "-", "pixel1.png", "-"], PIXEL1_PNG);
    r.fails_with(1, "error: only one input can be `-` (standard input)");
    assert_eq!(r.stdout, "");
}

/// A file name with a control character: JSON escapes it once (a tab is `\t` in the
/// JSON text, a tab once parsed); the table and TSV show it escaped.
#[test]
fn stats_names_files_as_they_are() {
    let (_tmp, dir) = workdir();
    fs::write(dir.join("a\tb.png"), PIXEL1_PNG).unwrap();
    let r = run_in(&dir, &["stats", "a\tb.png", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains(r#""file": "a\tb.png""#), "{}", r.stdout);
    let records: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(records[0]["file"], "a\tb.png");
    let r = run_in(&dir, &["stats", "a\tb.png", "--format", "tsv"]);
    assert!(
        r.stdout.lines().nth(1).unwrap().starts_with("a\\tb.png\t"),
        "{}",
        r.stdout
    );
}

#[test]
fn stats_runs_the_default_planner_unless_asked() {
    let (_tmp, dir) = workdir();
    let r = run_in(&dir, &["stats", "pixel1.png"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let head: Vec<&str> = r
        .stdout
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        head,
        [
            "file",
            "size",
            "colours",
            "rows",
            "pieces",
            "platforms",
            "time"
        ]
    );
    let r = run_in(&dir, &["stats", "pixel1.png", "--passes", "all"]);
    assert!(
        r.stdout.lines().next().unwrap().contains("exact"),
        "{}",
        r.stdout
    );
}

/// The terminal columns a character takes: two for the CJK ideographs and kana the
/// test's names use, one for the rest of them.
fn columns(c: char) -> usize {
    if ('\u{3000}'..='\u{9fff}').contains(&c) {
        2
    } else {
        1
    }
}

/// Where each word of `line` ends (in terminal columns): a column's right edge.
fn word_ends(line: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut at = 0;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        at += columns(c);
        if c != ' ' && chars.peek().is_none_or(|&n| n == ' ') {
            ends.push(at);
        }
    }
    ends
}

#[test]
fn stats_table_columns_line_up_whatever_the_path_lengths() {
    let (_tmp, dir) = workdir();
    let deep = dir.join("sprites/a-directory-with-a-long-name/and-another-one-below-it");
    fs::create_dir_all(&deep).unwrap();
    fs::write(deep.join("a-sprite-with-a-long-name-too.png"), PIXEL1_PNG).unwrap();
    fs::write(dir.join("sprites/p.png"), PIXEL1_PNG).unwrap();
    // Wide characters take two columns each.
    fs::write(dir.join("sprites/日本語のファイル名.png"), PIXEL1_PNG).unwrap();
    for extra in [&[][..], &["--passes", "all"], &["--no-direct"]] {
        let mut args = vec!["stats", "sprites"];
        args.extend(extra);
        let r = run_in(&dir, &args);
        assert_eq!(r.code, 0, "{extra:?}: {}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 5, "{extra:?}: {}", r.stdout);
        assert!(lines[1].contains("a-sprite-with-a-long-name-too.png"));
        // Header, the sprites and the total: every column ends in the same place (the
        // total's first three cells are empty, so only its length is compared).
        let head = word_ends(lines[0]);
        for line in &lines[1..4] {
            assert_eq!(word_ends(line)[1..], head[1..], "{extra:?}:\n{}", r.stdout);
        }
        let width = |l: &str| l.chars().map(columns).sum::<usize>();
        assert!(
            lines.iter().all(|l| width(l) == width(lines[0])),
            "{extra:?}:\n{}",
            r.stdout
        );
    }
}

#[test]
fn force_only_where_something_is_written() {
    let (_tmp, dir) = workdir();
    for args in [
        &["verify", "pixel1.png", "--force"][..],
        &["check", "pixel1.png", "moves.txt", "--force"],
        &["stats", "pixel1.png", "--force"],
        &["completions", "bash", "--force"],
        &["manpage", "--force"],
    ] {
        run_in(&dir, args).fails_saying(2, "--force");
    }
    for c in ["verify", "check", "stats", "completions", "manpage"] {
        assert!(
            !run_in(&dir, &[c, "--help"]).stdout.contains("--force"),
            "{c}"
        );
    }
    for c in ["demo", "convert", "render", "animate", "play", "search"] {
        assert!(
            run_in(&dir, &[c, "--help"]).stdout.contains("--force"),
            "{c}"
        );
    }
    let r = run_in(&dir, &["convert", "pixel1.png", "--force", "-o", "x.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

/// Every argument that takes `-` says so in the help.
#[test]
fn dash_is_documented_wherever_accepted() {
    let (_tmp, dir) = workdir();
    for (c, inputs, outputs) in [
        ("convert", 1, 1),
        ("verify", 1, 0),
        ("render", 1, 1),
        ("animate", 2, 1),
        ("play", 2, 1),
        ("check", 2, 0),
        ("stats", 1, 0),
    ] {
        let help = run_in(&dir, &[c, "--help"]).stdout;
        let count = |what: &str| help.matches(&format!("`-`: {what}")).count();
        assert_eq!(
            count("standard input") + count("one sprite on standard input"),
            inputs,
            "{c}: {help}"
        );
        assert_eq!(count("standard output"), outputs, "{c}: {help}");
    }
    // And it works: a sprite on standard input, the moves on standard output.
    let r = common::run_with_stdin(&dir, &["convert", "-", "-o", "-"], PIXEL1_PNG);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 16);
}

/// Progress bars and spinners only on a terminal: piped stderr stays clean even with the
/// exact planner.
#[test]
fn no_progress_off_a_terminal() {
    let (_tmp, dir) = workdir();
    for args in [
        &[
            "verify",
            "pixel1.png",
            "--passes",
            "exact",
            "--align",
            "best",
        ][..],
        &["convert", "pixel1.png", "--passes", "exact"],
        &["stats", "pixel1.png", "--passes", "all"],
    ] {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr, "", "{args:?}");
    }
}
