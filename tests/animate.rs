//! Animated GIFs: frame counts, palette, the composited last frame, errors.
#![cfg(feature = "animate")]

use std::time::Instant;

use gif::{ColorOutput, DecodeOptions, Repeat};
use tetris_printer::animate::{
    animate, expected_frames, AnimateError, AnimateOptions, AnimationStats,
};
use tetris_printer::render::{BACKGROUND, GRID};
use tetris_printer::{parse_moves, Move, Playfield, Rgb, HEIGHT, WIDTH};
use tetris_printer::{Piece, Shape};

/// Moves that print a 1x1 sprite of colour 2060e0: one J cell at (10, 0).
const PIXEL1_MOVES: &str = include_str!("fixtures/pixel1.txt");
const SPRITE: Rgb = Rgb::new(0x20, 0x60, 0xe0);

fn pixel1() -> Vec<Move> {
    parse_moves(PIXEL1_MOVES).unwrap()
}

/// A decoded GIF: the global palette, each frame's delay, and each composited frame
/// (RGBA, full canvas).
struct Decoded {
    width: usize,
    height: usize,
    palette: Vec<Rgb>,
    repeat: Repeat,
    delays: Vec<u16>,
    /// Sizes (w, h) of the frames' rectangles.
    rects: Vec<(u16, u16)>,
    last: Vec<u8>,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut opts = DecodeOptions::new();
    opts.set_color_output(ColorOutput::RGBA);
    let mut d = opts.read_info(bytes).unwrap();
    let (width, height) = (usize::from(d.width()), usize::from(d.height()));
    let palette = d
        .global_palette()
        .expect("a global palette")
        .chunks(3)
        .map(|c| Rgb::new(c[0], c[1], c[2]))
        .collect();
    let mut canvas = vec![0u8; width * height * 4];
    let (mut delays, mut rects) = (Vec::new(), Vec::new());
    while let Some(f) = d.read_next_frame().unwrap() {
        assert!(f.palette.is_none(), "no local palettes");
        assert_eq!(f.dispose, gif::DisposalMethod::Keep);
        delays.push(f.delay);
        rects.push((f.width, f.height));
        let (l, t, w) = (
            usize::from(f.left),
            usize::from(f.top),
            usize::from(f.width),
        );
        for (i, px) in f.buffer.chunks(4).enumerate() {
            // Transparent pixels keep what was there.
            if px[3] != 0 {
                let start = ((t + i / w) * width + l + i % w) * 4;
                canvas[start..start + 4].copy_from_slice(px);
            }
        }
    }
    Decoded {
        width,
        height,
        palette,
        repeat: d.repeat(),
        delays,
        rects,
        last: canvas,
    }
}

impl Decoded {
    /// The centre pixel of cell (x, y) in the last frame.
    fn centre(&self, x: usize, y: usize, scale: usize) -> Rgb {
        let px = x * scale + (scale - 1) / 2;
        let py = (HEIGHT - 1 - y) * scale + (scale - 1) / 2;
        let p = &self.last[(py * self.width + px) * 4..][..4];
        assert_eq!(p[3], 255, "opaque");
        Rgb::new(p[0], p[1], p[2])
    }

    /// Asserts the last frame shows exactly the pixel1 sprite.
    fn assert_pixel1(&self, scale: usize) {
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let want = if (x, y) == (10, 0) {
                    SPRITE
                } else {
                    BACKGROUND
                };
                assert_eq!(self.centre(x, y, scale), want, "cell ({x}, {y})");
            }
        }
    }
}

fn run(moves: &[Move], opts: &AnimateOptions) -> (AnimationStats, Vec<u8>) {
    let mut out = Vec::new();
    let mut calls = Vec::new();
    let stats = animate(moves, &[SPRITE], opts, &mut out, &mut |d, t| {
        calls.push((d, t))
    })
    .unwrap();
    assert_eq!(calls.len(), moves.len());
    assert_eq!(calls.last(), Some(&(moves.len(), moves.len())));
    assert_eq!(stats.bytes, out.len() as u64);
    (stats, out)
}

/// Drops and drops that clear rows, by replaying.
fn drops_and_clears(moves: &[Move]) -> (usize, usize) {
    let mut f = Playfield::new();
    let clears = moves
        .iter()
        .filter(|&&m| f.drop_piece(m).unwrap().cleared != 0)
        .count();
    (moves.len(), clears)
}

#[test]
fn pixel1_frames_palette_and_last_frame() {
    let moves = pixel1();
    let opts = AnimateOptions::default();
    assert_eq!(
        (opts.scale, opts.fps, opts.fall, opts.hold_ms),
        (8, 30, false, 2000)
    );
    let (stats, bytes) = run(&moves, &opts);
    let (drops, clears) = drops_and_clears(&moves);
    assert!(clears > 0, "the fixture clears rows");
    let frames = drops + clears + 1;
    assert_eq!(
        (
            stats.drops,
            stats.clears,
            stats.hold_frames,
            stats.fall_frames
        ),
        (drops, clears, 1, 0)
    );
    assert_eq!(stats.frames, frames);
    assert_eq!(expected_frames(&moves, &opts).unwrap(), frames);

    let d = decode(&bytes);
    assert_eq!((d.width, d.height), (21 * 8, 42 * 8));
    assert_eq!(d.repeat, Repeat::Infinite);
    assert_eq!(d.delays.len(), frames);
    for c in [SPRITE, BACKGROUND, GRID] {
        assert!(d.palette.contains(&c), "palette lacks {c}");
    }
    // The final field is held 2 s; the others last one 30 fps tick (3 or 4 cs).
    assert_eq!(*d.delays.last().unwrap(), 200);
    assert!(d.delays[..frames - 1].iter().all(|&t| t == 3 || t == 4));
    // Only the first frame covers the whole field.
    assert_eq!(d.rects[0], (168, 336));
    assert!(d.rects[1..].iter().all(|&(w, h)| w < 168 || h < 336));
    d.assert_pixel1(8);
}

#[test]
fn falling_pieces_add_frames_and_end_the_same() {
    let moves = pixel1();
    let still = AnimateOptions::default();
    let fall = AnimateOptions {
        fall: true,
        scale: 5,
        ..still
    };
    let (s_still, _) = run(&moves, &still);
    let (s_fall, bytes) = run(&moves, &fall);
    assert!(s_fall.fall_frames > 0);
    assert_eq!(s_fall.frames, s_still.frames + s_fall.fall_frames);
    assert_eq!(expected_frames(&moves, &fall).unwrap(), s_fall.frames);
    let d = decode(&bytes);
    assert_eq!(d.delays.len(), s_fall.frames);
    assert_eq!((d.width, d.height), (21 * 5, 42 * 5));
    d.assert_pixel1(5);
}

#[test]
fn long_hold_is_split_and_no_change_frames_are_tiny() {
    // One O piece: no clear, so the hold frame changes nothing.
    let moves = [Move::new(Shape::new(Piece::O, 0).unwrap(), 4).unwrap()];
    let opts = AnimateOptions {
        hold_ms: 1_000_000, // 100 000 cs: two frames
        scale: 2,
        ..AnimateOptions::default()
    };
    let (stats, bytes) = run(&moves, &opts);
    assert_eq!(stats.hold_frames, 2);
    assert_eq!(stats.frames, 1 + 2);
    let d = decode(&bytes);
    assert_eq!(d.delays, [3, 65535, 34465]);
    assert_eq!(&d.rects[1..], &[(1, 1), (1, 1)]);
}

#[test]
fn top_out_names_the_move_and_writes_nothing() {
    let i1 = Move::new(Shape::new(Piece::I, 1).unwrap(), 3).unwrap();
    let moves = vec![i1; 11];
    let mut out = Vec::new();
    let err = animate(
        &moves,
        &[],
        &AnimateOptions::default(),
        &mut out,
        &mut |_, _| {},
    )
    .unwrap_err();
    match &err {
        AnimateError::Replay(e) => assert_eq!((e.index, e.move_), (10, i1)),
        e => panic!("wrong error {e:?}"),
    }
    assert!(
        err.to_string().starts_with("move 11 (I1 3): game over"),
        "{err}"
    );
    assert!(out.is_empty());
    assert!(expected_frames(&moves, &AnimateOptions::default()).is_err());
}

/// A long, ordinary game: 1440 random pieces, each placed by a small greedy heuristic
/// (few holes, low and flat stack), so rows clear often all over the field.
fn random_game(drops: usize) -> Vec<Move> {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut field = Playfield::new();
    let mut moves = Vec::with_capacity(drops);
    while moves.len() < drops {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let piece = Piece::ALL[(seed >> 33) as usize % 7];
        let best = Shape::ALL
            .iter()
            .filter(|s| s.piece() == piece)
            .flat_map(|&s| (0..=WIDTH - s.width()).filter_map(move |x| Move::new(s, x)))
            .filter_map(|m| {
                let mut f = field.clone();
                let lines = f.drop_piece(m).ok()?.lines() as i64;
                let h: Vec<usize> = f.heights().collect();
                let holes: i64 = (0..WIDTH)
                    .map(|x| (0..h[x]).filter(|&y| f.get(x, y).is_none()).count() as i64)
                    .sum();
                let total = h.iter().sum::<usize>() as i64;
                let bump = h.windows(2).map(|w| w[0].abs_diff(w[1])).sum::<usize>() as i64;
                Some((76 * lines - 36 * holes - 51 * total - 18 * bump, m))
            })
            .max_by_key(|&(score, _)| score)
            .expect("some placement fits")
            .1;
        field.drop_piece(best).unwrap();
        moves.push(best);
    }
    moves
}

/// The worst case for frame rectangles: a 32-row stack over an empty column 0, where a
/// vertical I clears 4 rows and moves the whole stack down; then 20 I's rebuild it.
fn tall_stack(drops: usize) -> Vec<Move> {
    let i1 = |x| Move::new(Shape::new(Piece::I, 1).unwrap(), x).unwrap();
    let build = (0..8).flat_map(|_| (1..WIDTH).map(i1));
    let cycle = std::iter::once(i1(0)).chain((1..WIDTH).map(i1)).cycle();
    build.chain(cycle).take(drops).collect()
}

/// 1440-drop animations at scale 8: size and encode speed (run with `--nocapture`).
#[test]
fn long_print_is_small_and_fast() {
    for (name, moves) in [
        ("random game", random_game(1440)),
        ("tall stack", tall_stack(1440)),
    ] {
        // The ~19 000-frame falling versions only in release builds.
        for fall in [false, true] {
            if fall && cfg!(unoptimised) {
                continue;
            }
            let opts = AnimateOptions {
                fall,
                ..AnimateOptions::default()
            };
            let t = Instant::now();
            let (stats, bytes) = run(&moves, &opts);
            let secs = t.elapsed().as_secs_f64();
            eprintln!(
                "{name}, fall={fall}: {} drops, {} clearing drops ({} lines), {} frames, \
                 {} bytes ({:.0} KiB), {:.3} s ({:.1} ms / 100 frames)",
                stats.drops,
                stats.clears,
                stats.lines,
                stats.frames,
                stats.bytes,
                stats.bytes as f64 / 1024.0,
                secs,
                secs * 1e5 / stats.frames as f64
            );
            assert_eq!(stats.drops, 1440);
            assert!(stats.clears > 50);
            // Falling pieces multiply the frames by ~12 on a low stack.
            let limit = if fall { 4 << 20 } else { 1 << 20 };
            assert!(bytes.len() < limit, "{} bytes", bytes.len());
            let d = decode(&bytes);
            assert_eq!(d.delays.len(), stats.frames);
        }
    }
}

#[test]
fn no_moves_is_one_empty_frame() {
    let mut out = Vec::new();
    let opts = AnimateOptions::default();
    let stats = animate(&[], &[], &opts, &mut out, &mut |_, _| panic!("no drops")).unwrap();
    assert_eq!((stats.frames, stats.hold_frames), (1, 1));
    assert_eq!(expected_frames(&[], &opts).unwrap(), 1);
    let d = decode(&out);
    assert_eq!(d.delays, [200]);
    assert_eq!(d.centre(10, 0, 8), BACKGROUND);
}
