//! Issue #15: output files, standard streams, inputs, bounded work. The command-line tool
//! runs as a separate process; library checks call the functions directly.
#![cfg(unix)]

use std::fs;
use std::io::{Read, Write};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use tetris_printer::{
    parse_blocks, parse_moves, write_blocks, Block, BlockKind, Converter, Move, Piece, Playfield,
    Shape, Sprite, SpriteError, HEIGHT,
};

mod common;
use common::{cmd, finish, names, run_in, run_with_stdin, workdir, PIXEL1_MOVES, PIXEL1_PNG};

fn mode(p: &Path) -> u32 {
    fs::metadata(p).unwrap().permissions().mode() & 0o7777
}

/// `n` moves that replay forever: vertical I pieces in every column, 21 of them clear 4
/// rows.
fn endless_moves(n: usize) -> String {
    let mut s = String::with_capacity(n * 6);
    for i in 0..n {
        s.push_str(&format!("I1 {}\n", i % 21));
    }
    s
}

// ---- Output files ----

#[test]
fn dash_output_is_stdout() {
    let (_t, dir) = workdir();
    let r = run_in(&dir, &["convert", "pixel1.png", "-o", "-"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout, converted());
    let r = run_in(&dir, &["render", "pixel1.png", "-o", "-", "--scale", "1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout_bytes.starts_with(b"\x89PNG"), "a PNG on stdout");
    assert!(!dir.join("-").exists(), "no file named `-`");
}

/// The pixel1 fixture moves without comments.
fn pixel1_moves_plain() -> String {
    tetris_printer::moves_to_string(&parse_moves(PIXEL1_MOVES).unwrap())
}

/// What `convert pixel1.png` prints.
fn converted() -> String {
    let sprite = Sprite::from_image_bytes(PIXEL1_PNG).unwrap();
    tetris_printer::moves_to_string(&Converter::new().convert_to_vec(&sprite))
}

/// Starts a reader of the FIFO at `path` that collects everything written to it.
fn fifo_reader(path: &Path) -> std::thread::JoinHandle<Vec<u8>> {
    let path = path.to_path_buf();
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        fs::File::open(path).unwrap().read_to_end(&mut buf).unwrap();
        buf
    })
}

#[test]
fn fifos_and_links_to_them_are_written_in_place() {
    let (_t, dir) = workdir();
    let fifo = dir.join("pipe");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let link = dir.join("link");
    std::os::unix::fs::symlink("pipe", &link).unwrap();
    for target in ["pipe", "link"] {
        let reader = fifo_reader(&fifo);
        let r = run_in(&dir, &["convert", "pixel1.png", "-o", target]);
        assert_eq!(r.code, 0, "{target}: {}", r.stderr);
        // Checked before waiting for the reader: a replaced FIFO would never be opened.
        assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(
            String::from_utf8(reader.join().unwrap()).unwrap(),
            converted()
        );
    }
    assert_eq!(names(&dir), ["link", "moves.txt", "pipe", "pixel1.png"]);
}

#[test]
fn dev_null_stays_a_device() {
    let (_t, dir) = workdir();
    for args in [
        &["convert", "pixel1.png", "-o", "/dev/null"][..],
        &["render", "pixel1.png", "-o", "/dev/null"],
        &["animate", "pixel1.png", "-o", "/dev/null"],
    ] {
        let r = run_in(&dir, args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());
    }
}

#[test]
fn dev_stdout_follows_the_redirection() {
    let (_t, dir) = workdir();
    let log = dir.join("log.txt");
    fs::write(&log, "old\n").unwrap();
    // `>> log.txt`
    let append = fs::OpenOptions::new().append(true).open(&log).unwrap();
    let out = cmd(&dir, &["convert", "pixel1.png", "-o", "/dev/stdout"])
        .stdout(append)
        .output()
        .unwrap();
    let r = finish(out, "convert -o /dev/stdout");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        fs::read_to_string(&log).unwrap(),
        format!("old\n{}", converted())
    );
    assert_eq!(names(&dir), ["log.txt", "moves.txt", "pixel1.png"]);
}

#[test]
fn replaced_files_keep_their_permissions() {
    let (_t, dir) = workdir();
    for m in [0o600, 0o755, 0o640] {
        let out = dir.join(format!("out{m:o}.txt"));
        fs::write(&out, "old").unwrap();
        fs::set_permissions(&out, fs::Permissions::from_mode(m)).unwrap();
        let r = run_in(
            &dir,
            &["convert", "pixel1.png", "-o", out.to_str().unwrap()],
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(mode(&out), m, "mode {m:o}");
        assert_eq!(fs::read_to_string(&out).unwrap(), converted());
    }
}

#[test]
fn read_only_targets_need_force() {
    let (_t, dir) = workdir();
    let out = dir.join("ro.txt");
    fs::write(&out, "old").unwrap();
    fs::set_permissions(&out, fs::Permissions::from_mode(0o444)).unwrap();
    let r = run_in(&dir, &["convert", "pixel1.png", "-o", "ro.txt"]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.stderr,
        "error: refusing to replace read-only file ro.txt (use --force to replace it)\n"
    );
    assert_eq!(fs::read_to_string(&out).unwrap(), "old");
    let r = run_in(&dir, &["convert", "pixel1.png", "-o", "ro.txt", "--force"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(fs::read_to_string(&out).unwrap(), converted());
    assert_eq!(mode(&out), 0o444);
    assert_eq!(names(&dir), ["moves.txt", "pixel1.png", "ro.txt"]);
}

#[test]
fn long_output_names_work() {
    let (_t, dir) = workdir();
    let name = format!("{}.gif", "n".repeat(246));
    assert_eq!(name.len(), 250);
    for args in [
        &["convert", "pixel1.png", "-o"][..],
        &["animate", "pixel1.png", "-o"],
    ] {
        let mut args = args.to_vec();
        args.push(&name);
        let r = run_in(&dir, &args);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(dir.join(&name).is_file());
    }
    assert_eq!(names(&dir).len(), 3);
}

/// `animate` of `long.txt` (with falling pieces) into `out.gif`.
const ANIMATE_LONG: [&str; 7] = [
    "animate",
    "pixel1.png",
    "--moves",
    "long.txt",
    "--fall",
    "-o",
    "out.gif",
];

/// A [`workdir`] with `long.txt`, `moves` moves that replay forever, and `out.gif`
/// holding `old`.
fn long_animation_dir(moves: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let (t, dir) = workdir();
    fs::write(dir.join("long.txt"), endless_moves(moves)).unwrap();
    fs::write(dir.join("out.gif"), "old").unwrap();
    (t, dir)
}

/// Interrupts `animate` with `signal` while it writes (see [`interrupt_animation`]): it
/// exits with `code`, leaves no temporary file and does not touch its target.
fn interrupted_animation_leaves_no_trace(signal: &str, code: i32) {
    let (exit, names, out) = interrupt_animation(signal);
    assert_eq!(exit, code, "{signal}");
    assert_eq!(names, ["long.txt", "moves.txt", "out.gif", "pixel1.png"]);
    assert_eq!(out, b"old", "{signal}: the target is untouched");
}

/// Starts `animate` over a long move file into `out.gif` (which holds `old`), waits until
/// its temporary file is being written, sends `signal`, and returns the exit code, the
/// directory's entries and the target's bytes.
fn interrupt_animation(signal: &str) -> (i32, Vec<String>, Vec<u8>) {
    let (_t, dir) = long_animation_dir(200_000);
    let mut child: Child = cmd(&dir, &ANIMATE_LONG)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait (however long it takes) until a temporary file holds part of the GIF.
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("animate finished ({status}) before its output was seen being written");
        }
        let temp = fs::read_dir(&dir).unwrap().find_map(|e| {
            let e = e.unwrap();
            let name = e.file_name().to_string_lossy().into_owned();
            (!["pixel1.png", "moves.txt", "long.txt", "out.gif"].contains(&name.as_str())
                && e.metadata().is_ok_and(|m| m.len() > 100_000))
            .then_some(name)
        });
        if temp.is_some() {
            break;
        }
        std::thread::yield_now();
    }
    assert!(Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    let out = child.wait_with_output().unwrap();
    let code = out.status.code().expect("exited, not killed");
    (code, names(&dir), fs::read(dir.join("out.gif")).unwrap())
}

#[test]
fn sigterm_mid_write_leaves_no_temp_file() {
    interrupted_animation_leaves_no_trace("-TERM", 143);
}

#[test]
fn sigint_mid_write_leaves_no_temp_file() {
    interrupted_animation_leaves_no_trace("-INT", 130);
}

// ---- Standard streams ----

#[test]
fn closed_stdout_ends_quietly() {
    let (_t, dir) = workdir();
    // More than a pipe buffer of table lines: some writes must find the pipe closed.
    let mut args = vec!["stats", "--passes", "greedy"];
    args.extend(std::iter::repeat_n("pixel1.png", 2000));
    let mut child = cmd(&dir, &args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // `| head -0`: the reader is gone.
    drop(child.stdout.take());
    let r = finish(child.wait_with_output().unwrap(), "stats");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "");
}

#[test]
fn full_stdout_is_an_error() {
    let (_t, dir) = workdir();
    for args in [
        &["verify", "pixel1.png"][..],
        &["convert", "pixel1.png"],
        &["check", "pixel1.png", "moves.txt"],
        &["stats", "pixel1.png"],
        &["--help"],
    ] {
        let out = cmd(&dir, args)
            .stdout(fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let r = finish(out, &format!("{args:?}"));
        assert_eq!(r.code, 1, "{args:?}");
        assert_eq!(
            r.stderr,
            "error: could not write to standard output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[test]
fn full_stderr_does_not_fail_a_write() {
    let (_t, dir) = workdir();
    for args in [
        &["convert", "pixel1.png", "-o", "f.txt"][..],
        &["render", "pixel1.png", "-o", "f.png"],
        &["play", "moves.txt", "-o", "p.png"],
        &["animate", "pixel1.png", "-o", "a.gif"],
    ] {
        let out = cmd(&dir, args)
            .stderr(fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let r = finish(out, &format!("{args:?}"));
        assert_eq!(r.code, 0, "{args:?}");
        assert!(dir.join(args[3]).is_file(), "{args:?}");
    }
    // An error message that cannot be shown still fails with 1, not an abort.
    let out = cmd(&dir, &["verify", "missing.png"])
        .stderr(fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

// ---- Inputs ----

#[test]
fn sprites_and_moves_from_pipes() {
    let (_t, dir) = workdir();
    for arg in ["/dev/stdin", "-"] {
        let r = run_with_stdin(&dir, &["verify", arg], PIXEL1_PNG);
        assert_eq!(r.code, 0, "{arg}: {}", r.stderr);
        assert_eq!(r.stdout, "ok: 1x1 sprite, 16 pieces, 1 row\n");
        let r = run_with_stdin(&dir, &["check", "pixel1.png", arg], PIXEL1_MOVES.as_bytes());
        assert_eq!(r.code, 0, "{arg}: {}", r.stderr);
        assert_eq!(r.stdout, "ok: 1x1 sprite, 16 pieces\n");
    }
    let r = run_with_stdin(&dir, &["play", "-", "-o", "f.png"], PIXEL1_MOVES.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    run_in(&dir, &["check", "-", "-"]).fails_saying(1, "only one input can be `-`");
}

#[test]
fn move_files_may_start_with_a_bom() {
    let plain = pixel1_moves_plain();
    let moves = parse_moves(PIXEL1_MOVES).unwrap();
    assert_eq!(parse_moves(&format!("\u{feff}{plain}")).unwrap(), moves);
    let (_t, dir) = workdir();
    fs::write(dir.join("bom.txt"), format!("\u{feff}{plain}")).unwrap();
    let r = run_in(&dir, &["check", "pixel1.png", "bom.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn move_files_may_end_lines_with_cr() {
    let moves = parse_moves(PIXEL1_MOVES).unwrap();
    let plain = pixel1_moves_plain();
    for text in [
        plain.replace('\n', "\r"),
        plain.replace('\n', "\r\n"),
        format!("\u{feff}# c\r\r\n{}", plain.replace('\n', "\r")),
    ] {
        assert_eq!(parse_moves(&text).unwrap(), moves, "{text:?}");
    }
    // Line numbers count every kind of break once.
    let err = parse_moves("J0 5\rJ0 5\r\nJ0 5\nbad").unwrap_err();
    assert_eq!(err.line, 4);
    let (_t, dir) = workdir();
    fs::write(dir.join("cr.txt"), plain.replace('\n', "\r")).unwrap();
    let r = run_in(&dir, &["check", "pixel1.png", "cr.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

#[test]
fn echoed_input_is_cut() {
    let long = format!("J0 {}", "7".repeat(50_000_000));
    let err = parse_moves(&long).unwrap_err().to_string();
    assert!(err.len() < 200, "{} bytes", err.len());
    assert!(err.contains('…'), "{err}");
    let err = parse_moves(&"x".repeat(1000)).unwrap_err().to_string();
    assert!(err.len() < 200, "{err}");
    // From a file: the line is never held whole.
    let (_t, dir) = workdir();
    fs::write(dir.join("long.txt"), format!("J0 5\n{long}\n")).unwrap();
    let r = run_in(&dir, &["check", "pixel1.png", "long.txt"]);
    assert_eq!(r.code, 1);
    assert!(r.stderr.len() < 300, "{}", r.stderr);
    assert!(r.stderr.contains("long.txt: line 2"), "{}", r.stderr);
}

/// A PNG of `w` x `h` whose pixels are all transparent except `opaque` (x, y, index into
/// a 3-colour palette), written row by row (an 8192 x 8192 canvas costs nothing).
fn sparse_png(w: u32, h: u32, opaque: &[(u32, u32, u8)]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Indexed);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_palette(vec![0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]);
        enc.set_trns(vec![0]);
        enc.set_compression(png::Compression::Fast);
        let mut w_ = enc.write_header().unwrap();
        let mut stream = w_.stream_writer().unwrap();
        let mut row = vec![0u8; w as usize];
        for y in 0..h {
            row.fill(0);
            for &(x, oy, c) in opaque {
                if oy == y {
                    row[x as usize] = c;
                }
            }
            stream.write_all(&row).unwrap();
        }
        stream.finish().unwrap();
    }
    out
}

#[test]
fn big_mostly_transparent_canvases_are_accepted() {
    for side in [1200, 8192] {
        let bytes = sparse_png(side, side, &[(600, 700, 1), (601, 700, 2), (600, 701, 3)]);
        let s = Sprite::from_image_bytes(&bytes).unwrap_or_else(|e| panic!("{side}: {e}"));
        assert_eq!((s.width(), s.height(), s.colors().len()), (2, 2, 3));
    }
    // An icon editor's RGBA export.
    let mut img = image::RgbaImage::new(1200, 1200);
    img.put_pixel(1100, 20, image::Rgba([1, 2, 3, 255]));
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .unwrap();
    assert_eq!(Sprite::from_image_bytes(&bytes).unwrap().width(), 1);
    // Too big for a sprite: the size of the opaque part is named.
    let bytes = sparse_png(8192, 40, &[(10, 0, 1), (8000, 39, 1)]);
    let err = Sprite::from_image_bytes(&bytes).unwrap_err();
    assert_eq!(
        err.to_string(),
        "sprite is 7991x40 after trimming transparent borders; the limit is 17x32"
    );
}

/// A 16-bit RGBA PNG of 2x1 pixels.
fn png16(pixels: [[u16; 4]; 2]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, 2, 1);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Sixteen);
        let mut w = enc.write_header().unwrap();
        let data: Vec<u8> = pixels
            .iter()
            .flatten()
            .flat_map(|v| v.to_be_bytes())
            .collect();
        w.write_image_data(&data).unwrap();
        w.finish().unwrap();
    }
    out
}

#[test]
fn sixteen_bit_colours_differ_in_the_low_byte() {
    let s = Sprite::from_image_bytes(&png16([
        [0x1200, 0x3400, 0x5600, 0xffff],
        [0x1201, 0x3400, 0x5600, 0xffff],
    ]))
    .unwrap();
    assert_eq!(s.colors().len(), 2);
    assert_eq!(s.pixel(0, 0), Some(0));
    assert_eq!(s.pixel(1, 0), Some(1));
}

#[test]
fn sixteen_bit_alpha_65534_is_not_opaque() {
    let err = Sprite::from_image_bytes(&png16([
        [0x1200, 0x3400, 0x5600, 0xffff],
        [0x1200, 0x3400, 0x5600, 0xfffe],
    ]))
    .unwrap_err();
    assert!(
        matches!(
            err,
            SpriteError::PartialAlpha16 {
                x: 1,
                y: 0,
                alpha: 0xfffe
            }
        ),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "pixel (1, 0) has alpha 65534 of 65535 (16-bit image); only 0 or 65535 allowed"
    );
}

#[test]
fn animated_gifs_are_refused() {
    let mut bytes = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut bytes, 2, 2, &[0, 0, 0, 255, 0, 0]).unwrap();
        for _ in 0..3 {
            let mut f = gif::Frame::from_indexed_pixels(2, 2, vec![1, 1, 1, 1], None);
            f.delay = 10;
            enc.write_frame(&f).unwrap();
        }
    }
    let err = Sprite::from_image_bytes(&bytes).unwrap_err();
    assert!(matches!(err, SpriteError::Animated { frames: 3 }), "{err}");
    assert_eq!(
        err.to_string(),
        "image is an animation of 3 frames; a sprite is a single still image"
    );
}

// ---- Bounded work ----

#[test]
fn search_jobs_are_capped_at_the_cores() {
    let (_t, dir) = workdir();
    let cores = std::thread::available_parallelism().unwrap().get();
    let mut child = cmd(
        &dir,
        &["search", "--only", "3", "--jobs", "64", "--out", "p"],
    )
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // The most threads seen while it runs (an upper bound can only be missed, not faked).
    let status = format!("/proc/{}/status", child.id());
    let mut most = 0;
    while child.try_wait().unwrap().is_none() {
        if let Some(n) = fs::read_to_string(&status).ok().and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Threads:"))
                .and_then(|n| n.trim().parse::<usize>().ok())
        }) {
            most = most.max(n);
        }
    }
    let r = finish(child.wait_with_output().unwrap(), "search");
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Workers, the main thread and the signal thread.
    assert!(most <= cores + 2, "{most} threads on {cores} cores");
    assert!(dir.join("p").read_dir().unwrap().next().is_some());
}

/// An output that cannot be written is refused, and nothing is left behind. (The
/// commands open it before converting, so the exact planner's many seconds on this
/// sprite are not spent first; how long a run takes is not asserted here.)
#[test]
fn unwritable_outputs_are_refused_and_nothing_is_left() {
    let (_t, dir) = workdir();
    let sprite = Path::new(env!("CARGO_MANIFEST_DIR")).join("../benches/sprites/05_noise17x32.png");
    let sprite = sprite.to_str().unwrap();
    for (args, error) in [
        (
            &["convert", sprite, "-o", "missing/m.txt"][..],
            "error: could not write missing/m.txt: directory missing does not exist",
        ),
        (
            &["render", sprite, "-o", "missing/f.png"][..],
            "error: could not write missing/f.png: directory missing does not exist",
        ),
        (
            &["animate", sprite, "-o", "missing/a.gif"][..],
            "error: could not animate into missing/a.gif: could not write missing/a.gif: \
             directory missing does not exist",
        ),
    ] {
        let args = [args, &["--passes", "exact"]].concat();
        run_in(&dir, &args).fails_with(1, error);
    }
    assert_eq!(names(&dir), ["moves.txt", "pixel1.png"]);
}

/// `search` refuses an output directory that is a file, and leaves the file as it was.
/// (It makes the directory before it searches, a minute and more without --only; how
/// long a run takes is not asserted here.)
#[test]
fn search_refuses_a_file_as_its_directory() {
    let (_t, dir) = workdir();
    run_in(&dir, &["search", "--out", "moves.txt"])
        .fails_with(1, "error: could not create moves.txt: File exists");
    assert_eq!(
        fs::read_to_string(dir.join("moves.txt")).unwrap(),
        PIXEL1_MOVES
    );
}

/// The files a whole `search` writes into its directory.
const PATTERN_FILES: [&str; 11] = [
    "covers.txt",
    "emitters-1.txt",
    "emitters-2.txt",
    "emitters-3.txt",
    "emitters-4.txt",
    "emitters-5.txt",
    "emitters-6.txt",
    "emitters-7.txt",
    "platforms.txt",
    "strips.txt",
    "wide.txt",
];

/// `search` replaces its pattern files as one set: one that cannot be replaced (the last
/// written read-only, another a directory) fails the run with every old file as it was
/// and no temporary file left. (Each file is opened before the search, so these runs
/// fail at once instead of searching for minutes; how long they take is not asserted.)
#[test]
fn search_replaces_its_files_all_or_none() {
    let (_t, dir) = workdir();
    let p = dir.join("p");
    let old = |name: &str| format!("old {name}\n");
    let fill = || {
        fs::create_dir_all(&p).unwrap();
        for name in PATTERN_FILES {
            let _ = fs::remove_dir(p.join(name));
            fs::write(p.join(name), old(name)).unwrap();
        }
    };
    let unchanged = || {
        // No temporary file either.
        assert_eq!(names(&p), PATTERN_FILES);
        for name in PATTERN_FILES.iter().filter(|&&n| p.join(n).is_file()) {
            assert_eq!(
                fs::read_to_string(p.join(name)).unwrap(),
                old(name),
                "{name}"
            );
        }
    };
    fill();
    fs::set_permissions(p.join("covers.txt"), fs::Permissions::from_mode(0o444)).unwrap();
    run_in(&dir, &["search", "--out", "p"]).fails_with(
        1,
        "error: refusing to replace read-only file p/covers.txt (use --force to replace it)",
    );
    unchanged();
    fs::set_permissions(p.join("covers.txt"), fs::Permissions::from_mode(0o644)).unwrap();
    fs::remove_file(p.join("wide.txt")).unwrap();
    fs::create_dir(p.join("wide.txt")).unwrap();
    fs::write(p.join("wide.txt/keep"), "kept").unwrap();
    run_in(&dir, &["search", "--out", "p", "--force"])
        .fails_with(1, "error: could not write p/wide.txt: is a directory");
    unchanged();
    assert_eq!(fs::read_to_string(p.join("wide.txt/keep")).unwrap(), "kept");
    // A small search replaces its one file, and only that.
    fs::remove_dir_all(p.join("wide.txt")).unwrap();
    fill();
    let r = run_in(&dir, &["search", "--only", "3", "--out", "p"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let emitters = fs::read_to_string(p.join("emitters-3.txt")).unwrap();
    assert!(
        emitters.starts_with("# Emitter patterns with 3 square(s)"),
        "{emitters}"
    );
    assert_eq!(names(&p), PATTERN_FILES);
    for name in PATTERN_FILES.iter().filter(|&&n| n != "emitters-3.txt") {
        assert_eq!(
            fs::read_to_string(p.join(name)).unwrap(),
            old(name),
            "{name}"
        );
    }
}

/// Interrupted while it searches (its files opened, a temporary file beside each), `search`
/// exits 130 with every old pattern file as it was and no temporary file left. (The
/// whole search takes a minute and more; the signal comes as soon as the temporary files
/// are seen.)
#[test]
fn search_interrupted_leaves_the_old_files() {
    let (_t, dir) = workdir();
    let p = dir.join("p");
    fs::create_dir(&p).unwrap();
    for name in PATTERN_FILES {
        fs::write(p.join(name), "old").unwrap();
    }
    let mut child = cmd(&dir, &["search", "--out", "p"])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait (however long it takes) until every file has its temporary file.
    while names(&p).len() < 2 * PATTERN_FILES.len() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("search finished ({status}) before its temporary files were seen");
        }
        std::thread::yield_now();
    }
    assert!(Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    let r = finish(child.wait_with_output().unwrap(), "search");
    assert_eq!(r.code, 130, "{}", r.stderr);
    assert_eq!(names(&p), PATTERN_FILES);
    for name in PATTERN_FILES {
        assert_eq!(fs::read_to_string(p.join(name)).unwrap(), "old", "{name}");
    }
}

/// No threads is a bad value of `--jobs`: a usage error (2), as clap reports, before the
/// search starts or the output directory is made.
#[test]
fn search_needs_a_job() {
    let (_t, dir) = workdir();
    run_in(&dir, &["search", "--jobs", "0", "--out", "p"]).fails_with(
        2,
        "error: invalid value '0' for '--jobs <N>': at least 1 worker thread is needed",
    );
    assert!(!dir.join("p").exists());
}

#[test]
fn animate_streams_a_move_file() {
    let (_t, dir) = workdir();
    fs::write(dir.join("m.txt"), endless_moves(2100)).unwrap();
    let r = run_in(
        &dir,
        &["animate", "pixel1.png", "--moves", "m.txt", "-o", "a.gif"],
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    // 2100 drops, 100 of them clearing, one hold frame.
    assert!(r.stderr.contains("a.gif: 2201 frames"), "{}", r.stderr);
    // An error late in the file leaves the target as it was.
    fs::write(dir.join("bad.txt"), endless_moves(2100) + "X9 9\n").unwrap();
    fs::write(dir.join("b.gif"), "old").unwrap();
    run_in(
        &dir,
        &["animate", "pixel1.png", "--moves", "bad.txt", "-o", "b.gif"],
    )
    .fails_saying(1, "bad.txt: line 2101");
    assert_eq!(fs::read(dir.join("b.gif")).unwrap(), b"old");
    assert_eq!(names(&dir).len(), 6, "{:?}", names(&dir));
}

// ---- Library: no panics, strict parsing ----

#[test]
fn from_rgba_size_overflow_is_an_error() {
    assert!(matches!(
        Sprite::from_rgba(1 << 31, 1 << 31, &[]),
        Err(SpriteError::BufferSize { .. })
    ));
}

#[test]
fn a_move_outside_the_field_cannot_be_built() {
    // Move's fields are private: the checked constructor and parsing are the only ways in.
    let i0 = Shape::new(Piece::I, 0).unwrap();
    assert_eq!(Move::new(i0, 200), None);
    assert_eq!(Move::new(i0, 18), None);
    assert_eq!(Move::new(i0, 17).map(|m| m.x()), Some(17));
    assert!("I0 18".parse::<Move>().is_err());
    // Every constructible move mirrors to a constructible move.
    for shape in Shape::ALL {
        for x in 0..=255 {
            if let Some(m) = Move::new(shape, x) {
                let r = m.mirrored();
                assert_eq!(Move::new(r.shape(), r.x()), Some(r), "{m}");
                assert_eq!(r.mirrored(), m);
            }
        }
    }
}

#[test]
fn rows_above_the_field_are_empty() {
    let f = Playfield::new();
    assert_eq!(f.row(HEIGHT), 0);
    assert_eq!(f.row(usize::MAX), 0);
}

#[test]
fn other_public_functions_take_any_input() {
    let mut g = Playfield::new();
    g.set(99, 99, Some(Piece::O));
    assert_eq!(g, Playfield::new());
    let sprite = Sprite::from_ascii("0").unwrap();
    assert_eq!(sprite.cell(usize::MAX, usize::MAX), None);
}

#[test]
fn write_blocks_past_the_moves_is_an_error() {
    let sprite = Sprite::from_ascii("0").unwrap();
    let moves = Converter::new().convert_to_vec(&sprite);
    let block = |moves| Block {
        kind: BlockKind::Emitter,
        row: 0,
        moves,
    };
    let err = write_blocks(sprite.colors(), &moves, &[block(0..moves.len() + 1)]).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "block 0 covers moves 0..{}, but there are {} moves",
            moves.len() + 1,
            moves.len()
        )
    );
    #[allow(clippy::reversed_empty_ranges)]
    let backwards = block(3..1);
    assert!(write_blocks(sprite.colors(), &moves, &[backwards]).is_err());
}

const COLORS: &str = "1ea03c 000000 000000\n\n";

/// `parse_blocks(text)` fails with a message containing `why`.
fn assert_blocks_error(text: &str, why: &str) {
    let err = parse_blocks(text).unwrap_err().to_string();
    assert!(err.contains(why), "{text:.60?}: {err}");
}

#[test]
fn parse_blocks_rejects_the_fuzz_input() {
    let fuzz = b"\naJXXKYYOWSSSQQQVRRRLT\n\n\n";
    assert_eq!(
        hex(fuzz),
        "0a614a58584b59594f57535353515151565252524c540a0a0a"
    );
    assert!(parse_blocks(std::str::from_utf8(fuzz).unwrap()).is_err());
    // A good listing still parses.
    let ok = format!("{COLORS}..........A..........\n.........AAA.........\n");
    let (c, m) = parse_blocks(&ok).unwrap();
    assert_eq!((c.len(), m.len()), (3, 1));
}

#[test]
fn parse_blocks_needs_three_colours() {
    assert_blocks_error("1ea03c 000000\n", "three rrggbb");
    assert_blocks_error("1ea03c 000000 000000 000000\n", "three rrggbb");
    assert_blocks_error("+ea03c 000000 000000\n", "not an rrggbb");
}

#[test]
fn parse_blocks_letters_run_without_gaps() {
    assert_blocks_error(&format!("{COLORS}AAAA.......CCCC......\n"), "no piece `B`");
    assert_blocks_error(
        &format!("{COLORS}AAAA.......AAAA......\n"),
        "not a tetromino",
    );
}

#[test]
fn parse_blocks_takes_any_line_breaks() {
    let lf = format!("{COLORS}..........A..........\n.........AAA.........\n");
    let want = parse_blocks(&lf).unwrap();
    for text in [
        lf.replace('\n', "\r"),
        lf.replace('\n', "\r\n"),
        format!("\u{feff}{lf}"),
    ] {
        assert_eq!(parse_blocks(&text).unwrap(), want, "{text:?}");
    }
}

#[test]
fn parse_blocks_rows_do_not_wrap() {
    // Rows 257 lines apart must not land on one row.
    let text = format!(
        "{COLORS}AA...................\n{}AA...................\n",
        ".....................\n".repeat(256)
    );
    assert_blocks_error(&text, "rows");
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

// ---- Issue #39: second round ----

#[test]
fn sighup_mid_write_leaves_no_temp_file() {
    interrupted_animation_leaves_no_trace("-HUP", 129);
}

#[test]
fn sigquit_mid_write_leaves_no_temp_file() {
    interrupted_animation_leaves_no_trace("-QUIT", 131);
}

/// Runs the tool with a move stream on standard input that ends the game at move 11
/// (line 12: vertical I pieces stacked in column 0) and then goes on with `tail_bytes`
/// bytes of valid moves. Returns the run and how many bytes the tool took before it
/// stopped reading (all of them if it read the whole stream).
fn game_over_then_tail(args: &[&str], tail_bytes: usize) -> (common::Run, usize) {
    let (_t, dir) = workdir();
    common::spawn_with_stdin(&dir, args, move |mut stdin| {
        let mut head = String::from("# eleven I pieces in column 0\n");
        head.push_str(&"I1 0\n".repeat(11));
        let mut written = 0;
        if stdin.write_all(head.as_bytes()).is_err() {
            return written;
        }
        written += head.len();
        let chunk = endless_moves(20_000);
        while written < head.len() + tail_bytes {
            if stdin.write_all(chunk.as_bytes()).is_err() {
                break; // the tool stopped reading
            }
            written += chunk.len();
        }
        written
    })
}

/// #39 item 2: `play` and `check` replay as they read, so a stream that fails early is
/// not read to its end (the old whole-file read took all 64 MB here before replaying).
#[test]
fn play_and_check_stop_reading_at_the_failing_move() {
    let tail = 64 << 20;
    for args in [
        &["check", "pixel1.png", "-"][..],
        &["play", "-", "-o", "field.png"],
    ] {
        let (r, written) = game_over_then_tail(args, tail);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.starts_with(
                "error: standard input: line 12: move 11 (I1 0): game over: I1 0 would come to rest"
            ),
            "{args:?}: {}",
            r.stderr
        );
        assert!(
            written < tail,
            "{args:?} read {written} bytes: the whole stream"
        );
    }
}

/// The commands that replay a move file, on `file`.
fn replaying(file: &str) -> [Vec<&str>; 3] {
    [
        vec!["play", file, "-o", "f.png"],
        vec!["check", "pixel1.png", file],
        vec!["animate", "pixel1.png", "--moves", file, "-o", "a.gif"],
    ]
}

/// #39 item 10: file, line, move, reason, in that order, for every command that replays a
/// move file.
#[test]
fn replay_errors_name_file_line_and_move() {
    let (_t, dir) = workdir();
    fs::write(
        dir.join("over.txt"),
        format!("# c\n{}", "I1 0\n".repeat(11)),
    )
    .unwrap();
    let want = "error: over.txt: line 12: move 11 (I1 0): game over: I1 0 would come to rest";
    for args in replaying("over.txt") {
        run_in(&dir, &args).fails_with(1, want);
    }
    fs::write(dir.join("bad.txt"), "J0 5\n\nX0 1\n").unwrap();
    for args in replaying("bad.txt") {
        run_in(&dir, &args).fails_with(1, "error: bad.txt: line 3: unknown piece `X0`");
    }
}

/// #39 item 4: no raw control byte of the input reaches the terminal, whether it comes
/// from a move line, a block listing or a file name.
#[test]
fn control_bytes_in_echoes_are_escaped() {
    let (_t, dir) = workdir();
    let raw = |s: &str| s.bytes().any(|b| b < 0x20 && b != b'\n' || b == 0x7f);
    fs::write(dir.join("evil.txt"), "J0 \x1b]0;pwned\x07\x1b[31m\n").unwrap();
    fs::write(dir.join("nul.txt"), "J0 5\nT0\x00 4\n").unwrap();
    for (file, want) in [
        (
            "evil.txt",
            "line 1: column `\\x1b]0;pwned\\x07\\x1b[31m` is not a number",
        ),
        ("nul.txt", "line 2: T has orientations 0..3, not 0\\0"),
    ] {
        for args in replaying(file) {
            let r = run_in(&dir, &args);
            assert_eq!(r.code, 1, "{args:?}");
            assert!(!raw(&r.stderr), "{args:?}: {:?}", r.stderr);
            assert!(r.stderr.contains(want), "{args:?}: {:?}", r.stderr);
        }
    }
    // A file name.
    let r = run_in(&dir, &["play", "a\x1b]0;x\x07.txt", "-o", "f.png"]);
    assert_eq!(r.code, 1);
    assert!(!raw(&r.stderr), "{:?}", r.stderr);
    assert!(r.stderr.contains("a\\x1b]0;x\\x07.txt"), "{:?}", r.stderr);
    // The block parser's row and character errors.
    let row = "a".repeat(21);
    for text in [
        format!("ff0000 00ff00 0000ff\n\n{}\x1b\x07\n", &row[..19]),
        format!("ff0000 00ff00 0000ff\n\n\x07{}\n", &row[..20]),
        format!("ff0000 00ff00 0000ff\n\n\x00{}\n", &row[..20]),
        format!("ff0000 00ff00 0000ff\n\n{}\u{9b}\n", &row[..20]),
    ] {
        let err = parse_blocks(&text).unwrap_err().to_string();
        assert!(!err.chars().any(char::is_control), "{err:?}");
        assert!(err.contains('\\'), "{err:?}");
    }
}

/// #39 item 5: the streaming reader refuses invalid UTF-8 as the parser does.
#[test]
fn invalid_utf8_move_lines_are_refused() {
    let (_t, dir) = workdir();
    fs::write(dir.join("bad.txt"), b"J0 5\xe2\x82\n").unwrap();
    run_in(&dir, &["play", "bad.txt", "-o", "f.png"]).fails_with(
        1,
        "error: bad.txt: line 1: line is not UTF-8: `J0 5\u{fffd}`",
    );
    let err = tetris_printer::MoveReader::new(&b"J0 5\xe2\x82"[..])
        .find_map(Result::err)
        .expect("refused")
        .to_string();
    assert_eq!(err, "line 1: line is not UTF-8: `J0 5\u{fffd}`");
}

/// #39 item 6: a comment indented by 300 spaces is a comment.
#[test]
fn long_indented_comments_parse() {
    let (_t, dir) = workdir();
    let text = format!("{}# comment\n{PIXEL1_MOVES}", " ".repeat(300));
    fs::write(dir.join("indented.txt"), &text).unwrap();
    let r = run_in(&dir, &["check", "pixel1.png", "indented.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        parse_moves(&text).unwrap(),
        parse_moves(PIXEL1_MOVES).unwrap()
    );
}

/// #39 item 9: an output into a missing directory names that directory, not a temporary
/// file.
#[test]
fn output_into_a_missing_directory_names_it() {
    let (_t, dir) = workdir();
    for args in [
        &["convert", "pixel1.png", "-o", "nodir/out.txt"][..],
        &["render", "pixel1.png", "-o", "nodir/out.png"],
        &["play", "moves.txt", "-o", "nodir/out.png"],
        &["animate", "pixel1.png", "-o", "nodir/out.gif"],
    ] {
        let r = run_in(&dir, args);
        r.fails_saying(1, "directory nodir does not exist");
        assert!(!r.stderr.contains(".tp-"), "{args:?}: {}", r.stderr);
    }
    assert_eq!(names(&dir), ["moves.txt", "pixel1.png"]);
}

// ---- Issue #58: third round ----

/// Runs the tool in `dir` with standard input read from the file `stdin` and standard
/// output appended to the file `stdout` (`>> stdout`), or piped when `None`.
fn run_redirected(dir: &Path, args: &[&str], stdin: &str, stdout: Option<&str>) -> common::Run {
    let mut c = cmd(dir, args);
    c.stdin(fs::File::open(dir.join(stdin)).unwrap());
    if let Some(out) = stdout {
        let append = fs::OpenOptions::new()
            .append(true)
            .open(dir.join(out))
            .unwrap();
        c.stdout(append);
    }
    finish(
        c.output().unwrap(),
        &format!("{args:?} < {stdin} >> {stdout:?}"),
    )
}

/// #58 item 2: an input read through standard input or a file-descriptor path is the
/// file behind it, and so is an output written through one: refused, never touched.
#[test]
fn inputs_behind_stdin_and_fd_paths_are_not_overwritten() {
    let (_t, dir) = workdir();
    let through_fd = |command, fd| -> (Vec<&str>, &str, Option<&str>, &str) {
        (
            vec![command, "pixel1.png", "-o", fd],
            "pixel1.png",
            None,
            "error: refusing to overwrite input file pixel1.png\n",
        )
    };
    let cases: Vec<(Vec<&str>, &str, Option<&str>, &str)> = vec![
        through_fd("convert", "/dev/stdin"),
        through_fd("convert", "/dev/fd/0"),
        through_fd("render", "/proc/self/fd/0"),
        (
            vec!["convert", "-", "-o", "pixel1.png"],
            "pixel1.png",
            None,
            "error: refusing to overwrite input file pixel1.png (read as standard input)\n",
        ),
        (
            vec!["convert", "-", "-o", "-"],
            "pixel1.png",
            Some("pixel1.png"),
            "error: refusing to write standard output: it is the file standard input reads\n",
        ),
        (
            vec!["convert", "-"],
            "pixel1.png",
            Some("pixel1.png"),
            "error: refusing to write standard output: it is the file standard input reads\n",
        ),
        (
            vec!["convert", "pixel1.png", "-o", "-"],
            "moves.txt",
            Some("pixel1.png"),
            "error: refusing to write standard output: it is input file pixel1.png\n",
        ),
        (
            vec!["play", "-", "-o", "moves.txt"],
            "moves.txt",
            None,
            "error: refusing to overwrite input file moves.txt (read as standard input)\n",
        ),
        (
            vec!["animate", "pixel1.png", "--moves", "-", "-o", "/dev/stdin"],
            "moves.txt",
            None,
            "error: could not animate into /dev/stdin: refusing to overwrite input file /dev/stdin (read as standard input)\n",
        ),
    ];
    for (args, stdin, stdout, want) in cases {
        let r = run_redirected(&dir, &args, stdin, stdout);
        assert_eq!((r.code, r.stderr.as_str()), (1, want), "{}", r.what);
        assert_eq!(fs::read(dir.join("pixel1.png")).unwrap(), PIXEL1_PNG);
        assert_eq!(
            fs::read_to_string(dir.join("moves.txt")).unwrap(),
            PIXEL1_MOVES
        );
        assert_eq!(names(&dir), ["moves.txt", "pixel1.png"], "{}", r.what);
    }
    // Standard input and output that are other files, a pipe or a terminal are fine.
    fs::write(dir.join("log.txt"), "").unwrap();
    let r = run_redirected(
        &dir,
        &["convert", "-", "-o", "-"],
        "pixel1.png",
        Some("log.txt"),
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        fs::read_to_string(dir.join("log.txt")).unwrap(),
        converted()
    );
    let r = run_with_stdin(&dir, &["convert", "-", "-o", "-"], PIXEL1_PNG);
    assert_eq!((r.code, r.stdout), (0, converted()), "{}", r.stderr);
}

/// `Some(uid, gid)` of `path`.
fn owner(path: &Path) -> (u32, u32) {
    use std::os::unix::fs::MetadataExt;
    let m = fs::metadata(path).unwrap();
    (m.uid(), m.gid())
}

/// Whether this test runs as root and `setpriv` can run the tool as `nobody`; if not,
/// says what it skips.
fn can_switch_users(what: &str) -> bool {
    let (root, setpriv) = (common::is_root(), common::has_setpriv());
    if !(root && setpriv) {
        eprintln!("skipped ({what}): needs root and setpriv (root: {root}, setpriv: {setpriv})");
    }
    root && setpriv
}

/// #58 item 3: read-only means the caller may not write the file, not only its mode bits:
/// `nobody` may not replace root's 0644 file in a world-writable directory without
/// `--force`; root replacing another user's file keeps its owner and group. Needs root
/// (as CI runs) to switch users; elsewhere it says so and checks nothing.
#[test]
fn read_only_means_the_caller_may_not_write() {
    if !can_switch_users("read_only_means_the_caller_may_not_write") {
        return;
    }
    let (_t, dir) = workdir();
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o777)).unwrap();
    let out = dir.join("out.txt");
    fs::write(&out, "old").unwrap();
    fs::set_permissions(&out, fs::Permissions::from_mode(0o644)).unwrap();
    let as_nobody = |extra: &[&str]| {
        let args = [&["convert", "pixel1.png", "-o", "out.txt"][..], extra].concat();
        let mut c = common::as_nobody(&dir, &args);
        finish(c.output().unwrap(), &format!("nobody: convert {extra:?}"))
    };
    as_nobody(&[]).fails_with(
        1,
        "error: refusing to replace read-only file out.txt (use --force to replace it)",
    );
    assert_eq!(fs::read_to_string(&out).unwrap(), "old");
    assert_eq!(owner(&out), (0, 0));
    // Forced, it is replaced as `cp -f` would: the directory allows it, the new file is
    // nobody's (only root may give a file away).
    let r = as_nobody(&["--force"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(fs::read_to_string(&out).unwrap(), converted());
    assert_eq!(owner(&out), (65534, 65534));
    assert_eq!(mode(&out), 0o644);
    // Root replacing nobody's 0640 file keeps its owner, group and mode.
    fs::set_permissions(&out, fs::Permissions::from_mode(0o640)).unwrap();
    let r = run_in(&dir, &["play", "moves.txt", "-o", "out.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(fs::read(&out).unwrap().starts_with(b"\x89PNG"));
    assert_eq!((owner(&out), mode(&out)), ((65534, 65534), 0o640));
    assert_eq!(names(&dir), ["moves.txt", "out.txt", "pixel1.png"]);
}

/// #58 item 4: every signal whose default action ends the process, and that a process
/// can catch without crashing, removes the temporary file and exits 128 + its number
/// (SIGHUP, SIGINT, SIGQUIT and SIGTERM have tests of their own above).
#[cfg(target_os = "linux")]
#[test]
fn every_ending_signal_leaves_no_temp_file() {
    use libc::{SIGALRM, SIGIO, SIGPROF, SIGPWR, SIGSTKFLT, SIGUSR1, SIGUSR2, SIGVTALRM, SIGXCPU};
    for sig in [
        SIGUSR1,
        SIGUSR2,
        SIGALRM,
        SIGSTKFLT,
        SIGXCPU,
        SIGVTALRM,
        SIGPROF,
        SIGIO,
        SIGPWR,
        libc::SIGRTMIN(),
        libc::SIGRTMAX(),
    ] {
        interrupted_animation_leaves_no_trace(&format!("-{sig}"), 128 + sig);
    }
}

/// #58 item 4: a GIF that grows past `ulimit -f` is an error naming it (the write fails
/// with EFBIG), not a SIGXFSZ crash that leaves the temporary file.
#[test]
fn file_size_limit_is_an_error() {
    let (_t, dir) = long_animation_dir(20_000);
    // 200 blocks of 512 bytes (dash) or 1 KiB (bash): far less than the GIF.
    let out = Command::new("sh")
        .args(["-c", "ulimit -f 200 && exec \"$0\" \"$@\"", common::BIN])
        .args(ANIMATE_LONG)
        .current_dir(&dir)
        .output()
        .unwrap();
    let r = finish(out, "animate under ulimit -f");
    r.fails_with(
        1,
        "error: could not animate into out.gif: could not write GIF: File too large",
    );
    assert_eq!(
        names(&dir),
        ["long.txt", "moves.txt", "out.gif", "pixel1.png"]
    );
    assert_eq!(fs::read(dir.join("out.gif")).unwrap(), b"old");
}

/// #58 item 6: clap's usage errors quote arguments escaped, like every other message;
/// invisible characters are escaped too.
#[test]
fn usage_errors_and_invisible_characters_are_escaped() {
    let (_t, dir) = workdir();
    let raw = |s: &str| s.chars().any(|c| c.is_control() && c != '\n');
    for (args, want) in [
        (&["\x1b[31mX\x07"][..], "'\\x1b[31mX\\x07'"),
        (
            &["convert", "pixel1.png", "--align", "\x1b[31m"],
            "'\\x1b[31m'",
        ),
        (&["convert", "pixel1.png", "--\u{202e}x"], "'--\\u{202e}x'"),
    ] {
        let r = run_in(&dir, args);
        r.fails_saying(2, want);
        assert!(!raw(&r.stderr), "{args:?}: {:?}", r.stderr);
        assert!(!r.stderr.contains('\u{202e}'), "{args:?}: {:?}", r.stderr);
    }
    fs::write(dir.join("bom.txt"), "\u{feff}\u{feff}J0 5\n").unwrap();
    run_in(&dir, &["play", "bom.txt", "-o", "f.png"])
        .fails_with(1, "error: bom.txt: line 1: unknown piece `\\u{feff}J0`");
    run_in(&dir, &["play", "\u{200b}x.txt", "-o", "f.png"])
        .fails_saying(1, "could not read move file \\u{200b}x.txt");
}

/// #58 item 9: a move line with no end is refused at its first byte past the limit, not
/// read to the end of the stream (`play /dev/zero` ran until it was killed).
#[test]
fn an_endless_line_fails_fast() {
    let tail = 64 << 20;
    let (_t, dir) = workdir();
    let (r, written) =
        common::spawn_with_stdin(&dir, &["play", "-", "-o", "f.png"], move |mut stdin| {
            let zeros = vec![0u8; 1 << 16];
            let mut written = 0;
            while written < tail && stdin.write_all(&zeros).is_ok() {
                written += zeros.len();
            }
            written
        });
    r.fails_with(
        1,
        "error: standard input: line 1: line is longer than 256 bytes, the most a move line may have, starting `\\0\\0",
    );
    assert!(written < tail, "read the whole stream: {written} bytes");
    assert_eq!(names(&dir), ["moves.txt", "pixel1.png"]);
}

/// #58 item 10: a symbolic link is followed whether its file exists or not: the link
/// stays and names the written file.
#[test]
fn dangling_links_are_followed_like_live_ones() {
    let (_t, dir) = workdir();
    std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
    std::os::unix::fs::symlink("link.txt", dir.join("link2.txt")).unwrap();
    for (n, link) in ["link.txt", "link2.txt"].into_iter().enumerate() {
        let r = run_in(&dir, &["convert", "pixel1.png", "-o", link]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(fs::symlink_metadata(dir.join(link)).unwrap().is_symlink());
        assert_eq!(
            fs::read_to_string(dir.join("real.txt")).unwrap(),
            converted()
        );
        if n == 0 {
            fs::remove_file(dir.join("real.txt")).unwrap();
        }
    }
    // Into a directory that does not exist: named, nothing made.
    std::os::unix::fs::symlink("nodir/x.txt", dir.join("lost.txt")).unwrap();
    run_in(&dir, &["convert", "pixel1.png", "-o", "lost.txt"]).fails_with(
        1,
        "error: could not write lost.txt: directory nodir does not exist",
    );
    assert_eq!(
        names(&dir),
        [
            "link.txt",
            "link2.txt",
            "lost.txt",
            "moves.txt",
            "pixel1.png",
            "real.txt"
        ]
    );
}

/// #58 item 10: a target with other hard links is refused without `--force` (they would
/// keep the old contents); with it, only the name given gets the new file.
#[test]
fn hard_linked_targets_need_force() {
    let (_t, dir) = workdir();
    fs::write(dir.join("out.txt"), "old").unwrap();
    fs::hard_link(dir.join("out.txt"), dir.join("other.txt")).unwrap();
    run_in(&dir, &["convert", "pixel1.png", "-o", "out.txt"]).fails_with(
        1,
        "error: refusing to replace out.txt: it has 2 hard links, and the others would keep \
         the old contents (use --force to replace this name only)",
    );
    assert_eq!(fs::read_to_string(dir.join("out.txt")).unwrap(), "old");
    let r = run_in(&dir, &["convert", "pixel1.png", "-o", "out.txt", "--force"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        fs::read_to_string(dir.join("out.txt")).unwrap(),
        converted()
    );
    assert_eq!(fs::read_to_string(dir.join("other.txt")).unwrap(), "old");
}

/// #58 item 10: summaries name standard input as errors do, not `-`.
#[test]
fn summaries_name_standard_input() {
    let (_t, dir) = workdir();
    let r = run_with_stdin(&dir, &["play", "-", "-o", "f.png"], PIXEL1_MOVES.as_bytes());
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.starts_with("standard input: 16 pieces,"),
        "{}",
        r.stderr
    );
    for args in [
        &["convert", "-", "-o", "m.txt"][..],
        &["render", "-", "-o", "r.png"],
    ] {
        let r = run_with_stdin(&dir, args, PIXEL1_PNG);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(
            r.stderr.starts_with("standard input: 16 pieces"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

/// #58 item 8: block listings share the move files' blanks (spaces and tabs): a line of
/// no-break spaces is not a blank line between blocks, and does not separate colours.
#[test]
fn parse_blocks_blanks_are_spaces_and_tabs() {
    let block = "..........A..........\n.........AAA.........\n";
    let ok = format!("1ea03c\t000000  000000 \n\n{block}\t \n{block}");
    assert_eq!(parse_blocks(&ok).unwrap().1.len(), 2);
    assert_blocks_error(
        &format!("{COLORS}{block}\u{a0}\n{block}"),
        "a block row has 21",
    );
    assert_blocks_error("1ea03c\u{a0}000000 000000\n", "is not an rrggbb colour");
}
