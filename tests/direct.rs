//! Direct placement (`Converter::with_direct`, `--direct`), with the default (grouped)
//! planner and the exact one: every print replays to exactly the sprite, never
//! needs more pieces than the same planner without direct pieces, is deterministic, and
//! the direct pieces really are direct (they stay in the print).
#![cfg(all(feature = "image-io", feature = "search"))]

mod common;
use common::sprites::{sprite, sprites};
use proptest::prelude::*;
use tetris_printer::{
    compare, parse_blocks, write_blocks, BlockKind, Converter, Move, Piece, Planner, Playfield,
    Shape, Sprite, Workspace, MAX_MOVES,
};

fn direct() -> Converter {
    Converter::new().with_direct(true)
}

/// [`check_with`] the default planner: its moves with direct placement and its pieces
/// without.
fn check(s: &Sprite) -> (Vec<Move>, usize) {
    check_with(s, Planner::Grouped)
}

/// Converts `s` with direct placement and the row planner `passes`, checks the moves
/// replay to exactly `s`, agree with `stats` and are deterministic, and never outnumber
/// the same planner's without direct placement; returns the moves and that count.
fn check_with(s: &Sprite, passes: Planner) -> (Vec<Move>, usize) {
    let c = Converter::with_planner(passes).with_direct(true);
    assert!(c.direct());
    let moves = c.convert_to_vec(s);
    let field = Playfield::replay(&moves).unwrap_or_else(|e| panic!("{e}\n{}", s.to_ascii()));
    assert_eq!(compare(&field, s), Ok(()), "\n{}", s.to_ascii());
    let stats = c.stats(s);
    assert_eq!(stats.pieces, moves.len());
    assert_eq!(c.convert_to_vec(s), moves, "deterministic");
    let default = Converter::with_planner(passes).stats(s).pieces;
    assert!(
        moves.len() <= default,
        "{passes}: direct {} > without {default}\n{}",
        moves.len(),
        s.to_ascii()
    );
    (moves, default)
}

/// Every cell a direct block's pieces fill is still filled, by that piece type, when the
/// print is done: direct pieces are never cleared.
fn direct_cells_stay(s: &Sprite) -> usize {
    let (moves, blocks) = direct().convert_blocks(s);
    let mut field = Playfield::new();
    let mut kept = Vec::new();
    for b in &blocks {
        for &m in &moves[b.moves.clone()] {
            let landing = field.drop_piece(m).unwrap();
            if b.kind == BlockKind::Direct {
                assert_eq!(landing.lines(), 0, "a direct piece completed a row");
                for &(dx, dy) in &m.shape().data().cells {
                    kept.push((
                        m.x() + usize::from(dx),
                        landing.y + usize::from(dy),
                        m.shape().piece(),
                    ));
                }
            }
        }
    }
    for &(x, y, p) in &kept {
        assert_eq!(field.get(x, y), Some(p), "direct cell ({x}, {y})");
        assert!(matches!(p, Piece::J | Piece::T | Piece::L));
    }
    kept.len() / 4
}

fn solid(w: usize, h: usize, c: u8) -> Sprite {
    sprite(&vec![vec![Some(c); w]; h])
}

#[test]
fn solid_17x32_is_tiled_completely() {
    let s = solid(17, 32, 0);
    let (moves, default) = check(&s);
    assert_eq!(default, 640);
    // 544 pixels, 136 pieces: every pixel placed directly, not one emitted.
    assert_eq!(moves.len(), 136);
    assert_eq!(direct().stats(&s).direct, 136);
    assert_eq!(direct().stats(&s).passes, 0);
    assert_eq!(direct_cells_stay(&s), 136);
}

#[test]
fn solid_blocks_of_every_colour_print_directly() {
    // J and L tile any width from 2 (2 × 4 and 5 × 8 blocks), T 4 × 4 squares.
    for (w, h, c, pieces) in [
        (4, 2, 0, 2),
        (4, 2, 2, 2),
        (2, 4, 0, 2),
        (2, 4, 2, 2),
        (4, 4, 1, 4),
        (5, 8, 0, 10),
        (5, 8, 2, 10),
        (16, 16, 1, 64),
        (17, 16, 2, 68),
    ] {
        let s = solid(w, h, c);
        let (moves, default) = check(&s);
        assert_eq!(moves.len(), pieces, "{w}x{h} colour {c}");
        assert!(pieces < default);
        assert_eq!(direct_cells_stay(&s), pieces);
    }
}

#[test]
fn rows_left_over_are_emitted_on_the_direct_cells() {
    // A solid 8 x 4 block of J colour under a T row: the T row is emitted on top of the
    // direct pieces, and a row with a pixel over a hole keeps its platform below.
    let s = Sprite::from_ascii(
        "
        1.1.1.11
        00000000
        00000000
        00000000
        00000000
        ",
    )
    .unwrap();
    let (moves, default) = check(&s);
    assert!(moves.len() < default, "{} vs {default}", moves.len());
    assert_eq!(direct_cells_stay(&s), 8);
}

/// The nine benchmark sprites' files, sorted.
fn benchmark_sprites() -> Vec<std::path::PathBuf> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/sprites");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

/// `--direct` converts three benchmark sprites and a 17 × 32 checkerboard of
/// three colours on a thread with a 64 KiB stack (a microcontroller's budget) when
/// optimised, with the same pieces as on the main thread; an unoptimised build's frames
/// are larger and get 256 KiB. An overflow aborts the test binary: that is the failure.
#[test]
fn direct_modes_run_on_a_64_kib_stack() {
    const STACK: usize = 64 * 1024;
    let stack = if cfg!(unoptimised) { 4 * STACK } else { STACK };
    // Three of the nine where the direct pieces pay (every stage runs), and a
    // checkerboard.
    let mut sprites: Vec<Sprite> = benchmark_sprites()
        .iter()
        .filter(|f| {
            let name = f.file_stem().unwrap().to_string_lossy();
            ["01_smiley16", "05_noise17x32", "07_stripes17x16"].contains(&&*name)
        })
        .map(|f| Sprite::open(f).unwrap())
        .collect();
    assert_eq!(sprites.len(), 3);
    let checker = "0.1.2.0.1.2.0.1.2\n.2.1.0.2.1.0.2.1.\n".repeat(16);
    sprites.push(Sprite::from_ascii(&checker).unwrap());
    let c = direct();
    let pieces = common::pieces_on_stack(stack, c, &sprites);
    let on_main: usize = sprites.iter().map(|s| c.stats(s).pieces).sum();
    assert_eq!(pieces, on_main);
}

/// With a workspace (`Converter::convert_in`, one reused for every sprite) `--direct`
/// writes the same moves as without, on the nine and on blocky random sprites; and it
/// runs on a 64 KiB thread too, its workspace on the heap.
#[test]
fn a_workspace_changes_no_move() {
    let mut sprites: Vec<Sprite> = benchmark_sprites()
        .iter()
        .map(|f| Sprite::open(f).unwrap())
        .collect();
    // Blocky sprites drawn by the property tests' strategy, from a fixed seed.
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let blocky = blocky(17, 16);
    for _ in 0..24 {
        sprites.push(blocky.new_tree(&mut runner).unwrap().current());
    }
    let c = direct();
    let mut workspace = Box::new(Workspace::new());
    let mut buf = vec![Move::new(Shape::ALL[0], 0).unwrap(); MAX_MOVES];
    let mut placed = 0;
    for s in &sprites {
        let n = c.convert_in(&mut workspace, s, &mut buf).unwrap();
        assert_eq!(&buf[..n], &c.convert_to_vec(s)[..], "\n{}", s.to_ascii());
        let mut own = buf.clone();
        let m = c.convert(s, &mut own).unwrap();
        assert_eq!(&buf[..n], &own[..m], "\n{}", s.to_ascii());
        placed += usize::from(c.stats(s).direct > 0);
    }
    assert!(placed > 20, "{placed} sprites with direct pieces");
    let stack = if cfg!(unoptimised) {
        256 * 1024
    } else {
        64 * 1024
    };
    let smiley = sprites[0];
    let on_thread = std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || {
            let mut buf = [Move::new(Shape::ALL[0], 0).unwrap(); 4096];
            c.convert_in(&mut workspace, &smiley, &mut buf).unwrap()
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(on_thread, c.stats(&sprites[0]).pieces);
}

/// The quick suite's sample of the two benchmark tests below: three of the nine with
/// the default planner and the exact one.
#[test]
fn sampled_benchmark_sprites_print_with_fewer_pieces() {
    let files = benchmark_sprites();
    for name in ["03_solid17x32", "04_pixel1", "07_stripes17x16"] {
        let f = files
            .iter()
            .find(|f| f.file_stem().is_some_and(|s| s == name))
            .unwrap_or_else(|| panic!("{name}: no such benchmark sprite"));
        let s = Sprite::open(f).unwrap();
        check(&s);
        direct_cells_stay(&s);
        let (moves, _) = check_with(&s, Planner::Exact);
        assert!(moves.len() <= direct().stats(&s).pieces, "{name}");
    }
}

#[test]
#[ignore = "long proof (minutes): cargo test --profile quick -- --ignored"]
fn benchmark_sprites_print_with_fewer_pieces() {
    let files = benchmark_sprites();
    let (mut direct_total, mut default_total) = (0, 0);
    let counts = common::par_map(&files, |f| {
        let s = Sprite::open(f).unwrap();
        let (moves, default) = check(&s);
        direct_cells_stay(&s);
        [moves.len(), default]
    });
    for [direct, default] in counts {
        direct_total += direct;
        default_total += default;
    }
    assert_eq!(files.len(), 9);
    // Measured: the default (grouped) 6,832, with direct placement (its rows planned
    // with the first cover staged more) 5,194 (smiley 577 → 367, solid 640 → 136, noise 2,005 →
    // 1,816, stripes 992 → 320, invpyramid 225 → 204, noise_t 1,175 → 1,133). Neither
    // may grow. Issue #18's target: the default with direct placement needs at most half
    // the original's realtime total, 10,423.
    assert!(2 * direct_total <= 10_423, "{direct_total}");
    assert!(default_total <= 6832, "{default_total}");
    assert!(direct_total <= 5194, "{direct_total}");
}

#[test]
fn listing_marks_direct_blocks_and_reads_back() {
    for s in [
        solid(17, 32, 0),
        solid(6, 5, 2),
        Sprite::from_ascii("1.1.1.11\n00000000\n00000000\n00000000\n00000000").unwrap(),
    ] {
        let (moves, blocks) = direct().convert_blocks(&s);
        assert_eq!(moves, direct().convert_to_vec(&s));
        assert!(blocks.iter().any(|b| b.kind == BlockKind::Direct));
        // Blocks tile the move list in order, rows never going down.
        let mut next = 0;
        for w in blocks.windows(2) {
            assert!(w[0].row <= w[1].row, "{:?} then {:?}", w[0], w[1]);
        }
        for b in &blocks {
            assert_eq!(b.moves.start, next);
            next = b.moves.end;
        }
        assert_eq!(next, moves.len());
        let text = write_blocks(s.colors(), &moves, &blocks).unwrap();
        assert!(text.contains(": direct\n"), "{text}");
        let (_, back) = parse_blocks(&text).unwrap();
        assert_eq!(back, moves, "listing:\n{text}");
    }
}

/// Direct placement applies to the default planner and the exact one; with the others
/// it is kept but prints as without.
#[test]
fn direct_applies_to_the_default_and_the_exact_planner() {
    let s = solid(8, 8, 0);
    assert!(Converter::with_planner(Planner::Exact)
        .with_direct(true)
        .direct());
    for p in [Planner::Greedy, Planner::Optimal, Planner::Thorough] {
        let c = Converter::with_planner(p).with_direct(true);
        assert!(!c.direct());
        assert_eq!(
            c.convert_to_vec(&s),
            Converter::with_planner(p).convert_to_vec(&s)
        );
    }
    assert!(direct().direct());
    assert!(!Converter::new().direct());
    assert!(!direct().with_direct(false).direct());
}

/// A sprite found by the blocky-sprites proof when direct placement's own print could
/// need more pieces than the default's print without it (513): it prints, and needs no
/// more than that. (Today's direct print beats 513 here; the branch that writes the
/// default's print instead is tested beside the converter, against the default's own
/// count, in `convert::tests`.)
#[test]
fn direct_never_needs_more_than_the_default() {
    let s = Sprite::from_ascii(
        "01..000010.2.\n.12122.200000\n.200120220222\n1211012.10.21\n\
         0020111002201\n..0.001221110\n0120012100.20\n",
    )
    .unwrap();
    check(&s);
}

/// Where no direct piece fits anywhere (no three pixels of one colour side by side or
/// one above another), `--direct` prints exactly as the default without it: the
/// same moves. Dense three-colour noise with no such run, 17 × 32, whose rows the
/// planner that prices direct pieces would plan otherwise than the default's.
#[test]
fn where_no_piece_fits_direct_prints_as_without() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35);
    for _ in 0..4 {
        let mut grid = [[0u8; 17]; 32];
        for y in 0..32 {
            for x in 0..17 {
                // A colour that makes no run of three across or up.
                grid[y][x] = loop {
                    let c: u8 = rng.gen_range(0..3);
                    let across = x >= 2 && grid[y][x - 1] == c && grid[y][x - 2] == c;
                    let up = y >= 2 && grid[y - 1][x] == c && grid[y - 2][x] == c;
                    if !across && !up {
                        break c;
                    }
                };
            }
        }
        let art: String = grid
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&c| char::from(b'0' + c))
                    .collect::<String>()
                    + "\n"
            })
            .collect();
        let s = Sprite::from_ascii(&art).unwrap();
        let plain = Converter::new().convert_to_vec(&s);
        assert_eq!(direct().convert_to_vec(&s), plain, "\n{art}");
        assert_eq!(direct().stats(&s).direct, 0);
    }
}

/// The exact planner's `--direct` (the default's direct pieces, chosen by lookups only,
/// each row re-planned exactly where that is cheaper): on the nine benchmark sprites at
/// most half the 2013 original's realtime total (10,423), each print replayed to
/// exactly the sprite and never more pieces than the exact print without direct pieces,
/// nor than the default's with them.
#[test]
#[ignore = "long proof (minutes): cargo test --profile quick -- --ignored"]
fn exact_direct_halves_the_original_on_the_benchmark() {
    let files = benchmark_sprites();
    assert_eq!(files.len(), 9);
    let total: usize = common::par_map(&files, |f| {
        let s = Sprite::open(f).unwrap();
        // `check_with` without its second conversion and its stats (the quick suite's
        // sample checks both on three of the nine): the exact planner is the slowest.
        let exact = Converter::with_planner(Planner::Exact);
        let moves = exact.with_direct(true).convert_to_vec(&s);
        let field = Playfield::replay(&moves).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(compare(&field, &s), Ok(()), "{}", f.display());
        assert!(moves.len() <= exact.stats(&s).pieces, "{}", f.display());
        let grouped = direct().stats(&s).pieces;
        assert!(
            moves.len() <= grouped,
            "{}: {} > {grouped}",
            f.display(),
            moves.len()
        );
        moves.len()
    })
    .into_iter()
    .sum();
    // At most the default's --direct (5,194); exact alone needs 6,706.
    assert!(total <= 10_423 / 2, "{total}");
}

/// Sprites with areas of one colour, where direct pieces fit: a few random rectangles
/// of random colours over a random background, some pixels knocked out.
fn blocky(max_w: usize, max_h: usize) -> impl Strategy<Value = Sprite> {
    (1..=max_w, 1..=max_h)
        .prop_flat_map(|(w, h)| {
            (
                Just((w, h)),
                proptest::collection::vec(proptest::option::weighted(0.9, 0..3u8), w * h),
                proptest::collection::vec((0..w, 0..h, 1..=w, 1..=h, 0..3u8), 0..6),
                proptest::collection::vec((0..w, 0..h), 0..4),
            )
        })
        .prop_map(|((w, _h), base, rects, holes)| {
            let mut rows: Vec<Vec<Option<u8>>> = base.chunks(w).map(<[_]>::to_vec).collect();
            for (x, y, rw, rh, c) in rects {
                for row in rows.iter_mut().skip(y).take(rh) {
                    for p in row.iter_mut().skip(x).take(rw) {
                        *p = Some(c);
                    }
                }
            }
            for (x, y) in holes {
                rows[y][x] = None;
            }
            for row in &mut rows {
                if row.iter().all(Option::is_none) {
                    row[0] = Some(0);
                }
            }
            sprite(&rows)
        })
}

// 120 blocky sprites in two tests of 60 (each run draws its own), which the harness
// runs side by side.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    #[ignore = "long proof (minutes): cargo test --profile quick -- --ignored"]
    fn blocky_sprites_print_exactly_and_never_worse(s in blocky(17, 32)) {
        check(&s);
        direct_cells_stay(&s);
    }

    #[test]
    #[ignore = "long proof (minutes): cargo test --profile quick -- --ignored"]
    fn more_blocky_sprites_print_exactly_and_never_worse(s in blocky(17, 32)) {
        check(&s);
        direct_cells_stay(&s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    #[ignore = "long proof (minutes): cargo test --profile quick -- --ignored"]
    fn random_sprites_print_exactly_and_never_worse(s in sprites(17, 32)) {
        check(&s);
    }
}

// The quick suite's samples of the property tests above and below.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn sampled_blocky_sprites_print_exactly_and_never_worse(s in blocky(17, 32)) {
        check(&s);
        direct_cells_stay(&s);
    }

    #[test]
    fn sampled_random_sprites_print_exactly_and_never_worse(s in sprites(17, 32)) {
        check(&s);
    }

    #[test]
    fn sampled_exact_direct_prints_exactly_and_never_worse(s in blocky(10, 8)) {
        exact_direct_never_worse(&s)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The exact planner's `--direct` prints exactly, never needs more pieces than the
    /// exact print without direct pieces, nor than the default's with them (the same
    /// direct pieces, each row planned exactly where that is cheaper).
    #[test]
    #[ignore = "long proof (minutes): cargo test --profile quick -- --ignored"]
    fn exact_direct_prints_exactly_and_never_worse(s in blocky(10, 8)) {
        exact_direct_never_worse(&s)?;
    }
}

/// The exact planner's `--direct` on `s`: [`check_with`], and no more pieces than the
/// default's `--direct`.
fn exact_direct_never_worse(s: &Sprite) -> Result<(), TestCaseError> {
    let (moves, _) = check_with(s, Planner::Exact);
    let grouped = direct().stats(s).pieces;
    prop_assert!(
        moves.len() <= grouped,
        "{} > {grouped}\n{}",
        moves.len(),
        s.to_ascii()
    );
    Ok(())
}
