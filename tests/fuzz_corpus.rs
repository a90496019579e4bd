//! Replays every saved fuzz input under `tests/fuzz/corpus/<target>/` (crash inputs
//! included) through the fuzz targets' own checks (`tests/fuzz/checks.rs`), on stable Rust,
//! as part of `cargo test`.
#![cfg(feature = "image-io")]

#[path = "fuzz/checks.rs"]
mod checks;

use std::path::Path;

/// Runs `check` on every file of `tests/fuzz/corpus/<target>/`; returns how many there were.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        eprintln!("{}", path.display());
        check(&data);
        n += 1;
    }
    assert!(n > 0, "{} is empty", dir.display());
    n
}

#[test]
fn moves_corpus() {
    replay("moves", checks::moves);
}

#[test]
fn blocks_corpus() {
    replay("blocks", checks::blocks);
}

#[test]
fn sprite_corpus() {
    replay("sprite", checks::sprite);
}

#[test]
fn convert_corpus() {
    replay("convert", checks::convert);
}

#[test]
fn playfield_corpus() {
    replay("playfield", checks::playfield);
}

#[test]
fn fit_corpus() {
    replay("fit", checks::fit);
}

/// The check functions run on the fuzzers' favourite edge cases too.
#[test]
fn checks_take_any_bytes() {
    for data in [&b""[..], b"\0", b"\xff\xff\xff", b"\n\r\n\r", &[0x41; 300]] {
        checks::moves(data);
        checks::blocks(data);
        checks::sprite(data);
        checks::convert(data);
        checks::playfield(data);
        checks::fit(data);
    }
}
