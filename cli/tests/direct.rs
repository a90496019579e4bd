//! Direct placement on the command line: the default of `convert`, `verify`, `render`,
//! `animate`, `stats` and `demo` (`--direct`), off with `--no-direct`; the classic splits
//! and the thorough planner have none and refuse `--direct` as a usage error. The
//! library's side is in the root package's tests/direct.rs.

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
    // By default, as with --direct; the fast planner alone with --no-direct; the last
    // of the two wins.
    for (args, pieces) in [
        (&[][..], "136 pieces"),
        (&["--direct"], "136 pieces"),
        (&["--no-direct"], "640 pieces"),
        (&["--direct", "--no-direct"], "640 pieces"),
        (&["--no-direct", "--direct"], "136 pieces"),
        (&["--passes", "thorough"], "640 pieces"),
    ] {
        let mut all = vec!["verify", SOLID];
        all.extend(args);
        let r = common::run_in(&dir, &all);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        assert!(r.stdout.contains(pieces), "{args:?}: {}", r.stdout);
    }
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
        for cmd in ["convert", "verify", "render", "animate", "stats", "demo"] {
            let mut args = vec![cmd];
            args.extend(match cmd {
                "demo" => &["-o", "d"][..],
                "stats" | "verify" => &[SOLID],
                _ => &[SOLID, "-o", "out"],
            });
            args.extend(["--direct", "--passes", passes]);
            // A usage error, said as clap says them: the problem, a tip, the usage.
            let r = common::run_in(&dir, &args);
            r.fails_with(
                2,
                &format!("error: --direct cannot be used with --passes {passes}\n\n  tip: "),
            );
            assert!(
                r.stderr.contains(&format!("Usage: tetris-printer {cmd} ")),
                "{}",
                r.stderr
            );
            assert!(r.stdout.is_empty());
        }
    }
    assert!(!dir.join("out").exists() && !dir.join("d").exists());
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
fn cli_stats_measures_what_convert_prints() {
    let (_tmp, dir) = common::workdir();
    let pieces = |args: &[&str]| -> (String, String) {
        let mut all = vec!["stats", SOLID];
        all.extend(args);
        let r = common::run_in(&dir, &all);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        let mut lines = r.stdout.lines();
        let head: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let row: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        let col = |name: &str| head.iter().position(|h| *h == name);
        // The header starts with `file`, as every row with its file name.
        let grouped = col("grouped").map_or_else(String::new, |c| row[c].to_string());
        (row[col("pieces").unwrap()].to_string(), grouped)
    };
    assert_eq!(pieces(&[]).0, "136");
    assert_eq!(pieces(&["--no-direct"]).0, "640");
    assert_eq!(pieces(&["--passes", "thorough"]).0, "640");
    assert_eq!(pieces(&["--passes", "exact"]).0, "136");
    // --passes all: the default's pieces, the fast planner's beside them.
    assert_eq!(pieces(&["--passes", "all"]), ("136".into(), "640".into()));
}
