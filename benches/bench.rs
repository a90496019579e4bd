//! `cargo bench`: conversion (with and without `--direct`), replay, check and pattern
//! search. (The pattern tables are not the library's API, so their lookups are measured
//! only as part of conversion.)

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion};
use tetris_printer::search::{search_emitters, search_strips, Config, DeadTable};
use tetris_printer::{compare, Converter, Move, Planner, Playfield, Shape, Sprite, MAX_MOVES};

/// A deterministic 17 × 32 three-colour noise sprite (every row non-empty).
fn noise() -> Sprite {
    let mut art = String::new();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for r in 0..32 {
        for c in 0..17 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = if c == r % 17 { 1 + x % 3 } else { x % 4 };
            art.push(match v {
                0 => '.',
                1 => '0',
                2 => '1',
                _ => '2',
            });
        }
        art.push('\n');
    }
    Sprite::from_ascii(&art).expect("valid noise sprite")
}

/// A 16 × 16 one-colour glyph (a ring with a bar), the kind of sprite people print.
fn glyph() -> Sprite {
    let mut art = String::new();
    for r in 0..16i32 {
        for c in 0..16i32 {
            let d = (r - 8) * (r - 8) + (c - 8) * (c - 8);
            art.push(if (30..=64).contains(&d) || (r == 8 && c > 3 && c < 13) {
                '0'
            } else {
                '.'
            });
        }
        art.push('\n');
    }
    Sprite::from_ascii(&art).expect("valid glyph")
}

fn blank() -> Vec<Move> {
    vec![Move::new(Shape::ALL[0], 0).expect("valid"); MAX_MOVES]
}

/// Benchmarks each of `strategies` on each sprite, in group `group` (`samples` samples
/// each).
fn bench_strategies(
    c: &mut Criterion,
    group: &str,
    samples: usize,
    sprites: &[(&str, Sprite)],
    strategies: &[(&str, Converter)],
) {
    let mut buf = blank();
    let mut g = c.benchmark_group(group);
    g.sample_size(samples);
    for (name, sprite) in sprites {
        for (strategy, converter) in strategies {
            g.bench_function(format!("{name}/{strategy}"), |b| {
                b.iter(|| {
                    converter
                        .convert(black_box(sprite), &mut buf)
                        .expect("fits")
                })
            });
        }
    }
    g.finish();
}

fn convert(c: &mut Criterion) {
    let sprites = [
        ("noise17x32", noise()),
        ("glyph16x16", glyph()),
        ("pixel1x1", Sprite::from_ascii("0").expect("valid")),
    ];
    let strategies = [
        ("grouped", Converter::new()),
        ("thorough", Converter::with_planner(Planner::Thorough)),
        ("optimal", Converter::with_planner(Planner::Optimal)),
        ("greedy", Converter::greedy()),
    ];
    bench_strategies(c, "convert", 100, &sprites, &strategies);
}

/// `--direct` (`Converter::with_direct`): tens of milliseconds and more, so few
/// samples.
fn direct(c: &mut Criterion) {
    let sprites = [("noise17x32", noise()), ("glyph16x16", glyph())];
    let strategies = [("grouped", Converter::new().with_direct(true))];
    bench_strategies(c, "direct", 10, &sprites, &strategies);
}

/// The nine benchmark sprites (`benches/sprites/`), each with greedy, the default and
/// `--direct`: the times the `ratio` example divides by greedy's (issue #35's targets).
fn nine(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/sprites");
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .expect("benches/sprites")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    paths.sort();
    let sprites: Vec<(String, Sprite)> = paths
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap_or_default().to_string_lossy();
            (
                name.into_owned(),
                Sprite::open(p).expect("a benchmark sprite"),
            )
        })
        .collect();
    let sprites: Vec<(&str, Sprite)> = sprites.iter().map(|(n, s)| (n.as_str(), *s)).collect();
    let strategies = [
        ("greedy", Converter::greedy()),
        ("grouped", Converter::new()),
    ];
    bench_strategies(c, "nine", 20, &sprites, &strategies);
    let direct = [("direct", Converter::new().with_direct(true))];
    bench_strategies(c, "nine-direct", 10, &sprites, &direct);
}

fn replay(c: &mut Criterion) {
    let sprite = noise();
    let moves = Converter::new().convert_to_vec(&sprite);
    let mut g = c.benchmark_group("replay");
    g.throughput(criterion::Throughput::Elements(moves.len() as u64));
    g.bench_function("noise17x32 moves", |b| {
        b.iter(|| Playfield::replay(black_box(&moves)).expect("valid"))
    });
    g.bench_function("check (replay + compare)", |b| {
        b.iter(|| {
            compare(
                &Playfield::replay(black_box(&moves)).expect("valid"),
                &sprite,
            )
            .is_ok()
        })
    });
    g.finish();
}

fn search(c: &mut Criterion) {
    let table = DeadTable::new();
    let config = Config {
        seed: 1,
        jobs: 1,
        only: None,
    };
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    for n in [7u8, 6, 5] {
        g.bench_function(format!("regenerate n={n}"), |b| {
            b.iter_batched(
                || (),
                |()| search_emitters(n, &config, &table, &|_| {}),
                BatchSize::PerIteration,
            )
        });
    }
    g.bench_function("regenerate strips", |b| {
        b.iter_batched(
            || (),
            |()| search_strips(&config, &table, &|_| {}),
            BatchSize::PerIteration,
        )
    });
    g.bench_function("dead-pattern table", |b| b.iter(DeadTable::new));
    g.finish();
}

criterion_group!(benches, convert, direct, nine, replay, search);
criterion_main!(benches);
