//! Direct placement on the command line (`--direct`): `convert`, `check`, `verify`,
//! `render`, `animate` and `stats` take it, the classic splits and the thorough planner
//! refuse it. The library's
//! side is in the root package's tests/direct.rs.

mod common;

/// The benchmark sprites' directory and the solid sprite in it.
const SOLID: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../benches/sprites/03_solid17x32.png"
);

#[test]
fn cli_convert_direct_prints_what_check_accepts() {
    let (_tmp, dir) = common::workdir();
    let r = common::run_in(&dir, &["convert", SOLID, "--direct", "-o", "solid.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("136 pieces"), "{}", r.stderr);
    let r = common::run_in(&dir, &["check", SOLID, "solid.txt"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("136 pieces"), "{}", r.stdout);
    // Without --direct: today's print.
    let r = common::run_in(&dir, &["verify", SOLID]);
    assert!(r.stdout.contains("640 pieces"), "{}", r.stdout);
    let r = common::run_in(&dir, &["verify", SOLID, "--direct"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("136 pieces"), "{}", r.stdout);
    let r = common::run_in(&dir, &["convert", SOLID, "--direct", "--format", "blocks"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("# row 2: direct"), "{}", r.stdout);
    let r = common::run_in(&dir, &["render", SOLID, "--direct", "-o", "f.png"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stderr.contains("136 pieces"), "{}", r.stderr);
    let r = common::run_in(&dir, &["animate", SOLID, "--direct", "-o", "a.gif"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(dir.join("a.gif").exists());
}

#[test]
fn cli_direct_refuses_the_classic_splits_and_thorough() {
    let (_tmp, dir) = common::workdir();
    for passes in ["greedy", "optimal", "thorough"] {
        let r = common::run_in(&dir, &["convert", SOLID, "--direct", "--passes", passes]);
        assert_eq!(r.code, 1, "{}", r.stderr);
        assert!(
            r.stderr.contains("--direct") && r.stderr.contains(passes),
            "{}",
            r.stderr
        );
        assert!(r.stdout.is_empty());
    }
    // --moves animates a move file: --direct has nothing to do there.
    let r = common::run_in(
        &dir,
        &[
            "animate",
            "pixel1.png",
            "--moves",
            "moves.txt",
            "--direct",
            "-o",
            "a.gif",
        ],
    );
    assert_eq!(r.code, 2, "{}", r.stderr);
}

#[test]
fn cli_stats_shows_the_direct_column() {
    let (_tmp, dir) = common::workdir();
    // With the thorough planner reported, the default's direct pieces, as with the
    // classic splits.
    let r = common::run_in(&dir, &["stats", SOLID, "--passes", "thorough", "--direct"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut lines = r.stdout.lines();
    let head: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    let row: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    // The header starts with `file`, as every row with its file name.
    assert_eq!(row[col("pieces")], "640", "{}", r.stdout);
    assert_eq!(row[col("direct")], "136", "{}", r.stdout);
    // The exact planner's, the same way.
    let r = common::run_in(&dir, &["stats", SOLID, "--passes", "exact", "--direct"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let row: Vec<&str> = r
        .stdout
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(row[col("pieces")], "640", "{}", r.stdout);
    assert_eq!(row[col("direct")], "136", "{}", r.stdout);
    // Without --direct (and not --passes all): no such column.
    let r = common::run_in(&dir, &["stats", SOLID, "--passes", "thorough"]);
    let head = r.stdout.lines().next().unwrap();
    assert!(
        !head.split_whitespace().any(|h| h == "direct"),
        "{}",
        r.stdout
    );
}
