//! The `pieces` guards (issue #36): the piece totals of every mode on the random set
//! (`examples/pieces.rs`, 3,000 fixed-seed sprites) and on the real set
//! (`tests/sprites/real/`, 569 sprites) may not get worse than their committed values in
//! [`GUARDS`]. Every print is replayed and compared with its sprite on the way. Long
//! proofs: `#[ignore]`d, run by `cargo test --profile quick -- --ignored`.

#![cfg(all(feature = "image-io", feature = "search"))]

use tetris_printer::{compare, Align, Converter, Playfield, Sprite};

mod common;
#[path = "common/random_set.rs"]
mod random_set;
#[path = "common/real_set.rs"]
mod real_set;

/// THE committed totals, one row per mode: (the mode as `examples/pieces.rs` names it,
/// pieces over the random set, pieces over the real set), every sprite centred. A change
/// that needs more pieces in total on either set fails that mode's test below. When a
/// planner gets better, lower its row to what the test prints (`-- --ignored
/// --nocapture`) in the same commit, so the guard keeps the gain. The random set's
/// totals are also what `cargo run --release --example pieces` prints.
const GUARDS: [(&str, usize, usize); 5] = [
    ("greedy", 3_430_756, 462_527),
    ("optimal", 3_347_008, 455_912),
    ("grouped", 2_376_934, 295_409),
    ("thorough", 2_364_208, 292_406),
    ("direct", 2_088_499, 183_416),
];

/// The converter `examples/pieces.rs` names `mode`.
fn converter(mode: &str) -> Converter {
    match mode {
        "direct" => Converter::new().with_direct(true),
        _ => Converter::with_planner(mode.parse().expect("a --passes name")),
    }
}

/// Pieces `c` needs for `sprites`, centred, every print replayed and compared, the
/// sprites shared among the cores (`common::par_map`).
fn total(c: Converter, sprites: &[(String, &Sprite)]) -> usize {
    common::par_map(sprites, |(name, s)| {
        let placed = c.place(s, Align::Centre);
        let moves = c.convert_to_vec(&placed);
        let field = Playfield::replay(&moves).unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Err(e) = compare(&field, &placed) {
            panic!("{name}: {e}\n{}", s.to_ascii());
        }
        moves.len()
    })
    .into_iter()
    .sum()
}

/// Checks `mode`'s totals against its row of [`GUARDS`].
fn guard(mode: &str) {
    let &(_, random_guard, real_guard) =
        GUARDS.iter().find(|g| g.0 == mode).expect("a guarded mode");
    let c = converter(mode);
    let random = random_set::random_set();
    let random: Vec<(String, &Sprite)> = random
        .iter()
        .enumerate()
        .map(|(i, s)| (format!("random sprite {i}"), s))
        .collect();
    let random_total = total(c, &random);
    let mut real = Vec::new();
    for (category, count) in real_set::CATEGORIES {
        let files = real_set::files(category);
        assert_eq!(files.len(), count, "{category}");
        for p in files {
            let s = Sprite::open(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            real.push((p.display().to_string(), s));
        }
    }
    assert_eq!(real.len(), 569);
    let real: Vec<(String, &Sprite)> = real.iter().map(|(n, s)| (n.clone(), s)).collect();
    let real_total = total(c, &real);
    println!("{mode}: random {random_total} real {real_total}");
    assert!(
        random_total <= random_guard && real_total <= real_guard,
        "{mode}: random set {random_total} (guard {random_guard}), real set {real_total} \
         (guard {real_guard}): more pieces than committed"
    );
    if random_total < random_guard || real_total < real_guard {
        println!("{mode}: fewer pieces than GUARDS says: lower its row in tests/pieces.rs");
    }
}

#[test]
#[ignore = "long proof: cargo test --profile quick -- --ignored"]
fn greedy_totals_hold() {
    guard("greedy");
}

#[test]
#[ignore = "long proof: cargo test --profile quick -- --ignored"]
fn optimal_totals_hold() {
    guard("optimal");
}

#[test]
#[ignore = "long proof: cargo test --profile quick -- --ignored"]
fn grouped_totals_hold() {
    guard("grouped");
}

#[test]
#[ignore = "long proof: cargo test --profile quick -- --ignored"]
fn thorough_totals_hold() {
    guard("thorough");
}

#[test]
#[ignore = "long proof: cargo test --profile quick -- --ignored"]
fn direct_totals_hold() {
    guard("direct");
}
