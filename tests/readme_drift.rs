//! The README's headline table (the block `examples/results.rs` writes) says what the
//! code prints: the default's (the command line's: direct placement) and
//! `--no-direct`'s (`Converter::new()`) pieces on each of the nine benchmark
//! sprites and their totals, and the 2013 original's realtime figures as
//! `docs/benchmarks.md` gives them. The exact planner's column and the set ratios take
//! minutes; `cargo run --release --example results -- --check` checks those.

#![cfg(feature = "image-io")]

use std::path::PathBuf;

use tetris_printer::{Converter, Sprite};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A table cell as a number: `**6,769**` is 6769, `892 pieces` is 892.
fn number(cell: &str) -> usize {
    let digits: String = cell
        .trim()
        .trim_end_matches("pieces")
        .chars()
        .filter(|c| !matches!(c, '*' | ',' | ' '))
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("`{cell}` is not a piece count"))
}

fn cells(line: &str) -> Vec<&str> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(str::trim)
        .collect()
}

/// The rows of the README's generated block, header and rule left out.
fn headline_rows(readme: &str) -> Vec<Vec<&str>> {
    let begin = readme
        .find("<!-- results:begin")
        .expect("README.md has the results:begin marker");
    let end = readme[begin..]
        .find("<!-- results:end -->")
        .expect("README.md has the results:end marker")
        + begin;
    readme[begin..end]
        .lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .map(cells)
        .collect()
}

/// The original's realtime figure per sprite, from `docs/benchmarks.md`.
fn original_realtime(name: &str) -> usize {
    let text = read("docs/benchmarks.md");
    let row = text
        .lines()
        .map(cells)
        .find(|c| c.first() == Some(&name))
        .unwrap_or_else(|| panic!("docs/benchmarks.md has no row for {name}"));
    number(row[4])
}

#[test]
fn the_readme_headline_is_what_the_code_prints() {
    let readme = read("README.md");
    let rows = headline_rows(&readme);
    assert_eq!(
        rows.len(),
        10,
        "nine sprites and a total in the README's table"
    );
    let (total, sprites) = rows.split_last().expect("rows");
    assert_eq!(total[0], "**total**");
    let mut sums = [0; 3];
    for row in sprites {
        let name = row[0];
        let sprite = Sprite::open(root().join("benches/sprites").join(format!("{name}.png")))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let fast = Converter::new().convert_to_vec(&sprite).len();
        let default = Converter::new()
            .with_direct(true)
            .convert_to_vec(&sprite)
            .len();
        let realtime = original_realtime(name);
        assert_eq!(
            [number(row[1]), number(row[2]), number(row[3])],
            [realtime, default, fast],
            "{name}: the README's original realtime / default / --no-direct pieces against \
             docs/benchmarks.md and the code (regenerate: cargo run --release --example results)"
        );
        for (sum, n) in sums.iter_mut().zip([realtime, default, fast]) {
            *sum += n;
        }
    }
    assert_eq!(
        [number(total[1]), number(total[2]), number(total[3])],
        sums,
        "the README's totals (regenerate: cargo run --release --example results)"
    );
}

#[test]
fn the_headline_covers_every_benchmark_sprite() {
    let readme = read("README.md");
    let mut named: Vec<String> = headline_rows(&readme)
        .iter()
        .map(|r| r[0].to_owned())
        .filter(|n| n != "**total**")
        .collect();
    named.sort();
    let mut files: Vec<String> = std::fs::read_dir(root().join("benches/sprites"))
        .expect("benches/sprites")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "png").then(|| p.file_stem().unwrap().to_string_lossy().into())
        })
        .collect();
    files.sort();
    assert_eq!(named, files);
}

/// The README's Rust examples compile when pasted into a file of their own: a `main`
/// that returns a `Result` for their `?`s, and no rustdoc-only lines (`# ...`), which a
/// web page shows as they are.
#[test]
fn the_readme_examples_stand_on_their_own() {
    let readme = read("README.md");
    let mut blocks = 0;
    let mut rest = readme.as_str();
    while let Some(start) = rest.find("```rust") {
        let body = &rest[start + "```rust".len()..];
        let end = body.find("```").expect("a closed code block");
        let code = &body[..end];
        assert!(
            !code.lines().any(|l| l.trim_start().starts_with("# ")),
            "a rustdoc-only line in the README:\n{code}"
        );
        assert!(
            code.contains("fn main() -> Result<"),
            "no main returning a Result:\n{code}"
        );
        blocks += 1;
        rest = &body[end + 3..];
    }
    assert!(blocks > 0, "the README shows the library in Rust");
}

#[test]
fn numbers_parse_as_the_table_writes_them() {
    assert_eq!(number("**6,769**"), 6769);
    assert_eq!(number(" 892 pieces "), 892);
    assert_eq!(number("16"), 16);
}
