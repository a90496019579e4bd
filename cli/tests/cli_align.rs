//! `--align` on the command line (issue #17): every converting command takes it, the
//! prints land where it says, and `check` finds the column of any print by itself.

mod common;
use common::run_in as run;

/// 7 wide, so centred at x0 = 7; its fewest-pieces column is another one.
const ARROW: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/sprites/real/cursors/arrow-small.png"
);
const PIXEL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/pixel1.png");

fn pieces(moves: &str) -> usize {
    moves
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .count()
}

/// `x0 = K` in a message.
fn x0_in(text: &str) -> usize {
    let at = text
        .find("x0 = ")
        .unwrap_or_else(|| panic!("no x0 in {text:?}"))
        + 5;
    text[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn best_prints_check_without_saying_where() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // The fast planner alone (--no-direct): what is checked here is the column.
    let centre = run(dir, &["convert", ARROW, "--no-direct", "-o", "centre.txt"]);
    assert_eq!(centre.code, 0, "{}", centre.stderr);
    let best = run(
        dir,
        &[
            "convert",
            ARROW,
            "--no-direct",
            "--align",
            "best",
            "-o",
            "best.txt",
        ],
    );
    assert_eq!(best.code, 0, "{}", best.stderr);
    let x0 = x0_in(&best.stderr);
    assert!(best.stderr.contains("(best)"), "{}", best.stderr);
    assert_ne!(x0, 7, "this sprite's best column is not the centre");
    let (c, b) = (
        std::fs::read_to_string(dir.join("centre.txt")).unwrap(),
        std::fs::read_to_string(dir.join("best.txt")).unwrap(),
    );
    assert!(
        pieces(&b) < pieces(&c),
        "best {} centre {}",
        pieces(&b),
        pieces(&c)
    );
    // Same output twice.
    let again = run(dir, &["convert", ARROW, "--no-direct", "--align", "best"]);
    assert_eq!(again.stdout, b);

    let ok = run(dir, &["check", ARROW, "best.txt"]);
    assert_eq!(ok.code, 0, "{}", ok.stderr);
    assert_eq!(
        ok.stdout,
        format!("ok: 7x11 sprite, {} pieces, at x0 = {x0}\n", pieces(&b))
    );
    let ok = run(dir, &["check", ARROW, "centre.txt"]);
    assert_eq!(
        ok.stdout,
        format!("ok: 7x11 sprite, {} pieces\n", pieces(&c))
    );
    // Demanding the centre: the best print fails, naming a cell.
    let no = run(dir, &["check", ARROW, "best.txt", "--align", "centre"]);
    assert_eq!(no.code, 1);
    assert!(
        no.stderr.contains("best.txt does not print") && no.stderr.contains("cell ("),
        "{}",
        no.stderr
    );
    // verify and stats agree with convert.
    let v = run(dir, &["verify", ARROW, "--no-direct", "--align", "best"]);
    assert_eq!(
        v.stdout,
        format!(
            "ok: 7x11 sprite, {} pieces, 11 rows, x0 = {x0} (best)\n",
            pieces(&b)
        )
    );
    let s = run(dir, &["stats", ARROW, "--no-direct", "--align", "best"]);
    assert_eq!(s.code, 0, "{}", s.stderr);
    assert!(
        s.stdout
            .lines()
            .last()
            .unwrap()
            .contains(&pieces(&b).to_string()),
        "{}",
        s.stdout
    );
}

#[test]
fn left_and_right_stand_at_the_edges() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for (align, x0) in [("left", 2), ("right", 18), ("centre", 10), ("center", 10)] {
        let v = run(dir, &["verify", PIXEL, "--align", align]);
        assert_eq!(v.code, 0, "{}", v.stderr);
        if x0 != 10 {
            assert_eq!(x0_in(&v.stdout), x0, "{align}");
        }
        let out = format!("{align}.txt");
        let c = run(dir, &["convert", PIXEL, "--align", align, "-o", &out]);
        assert_eq!(c.code, 0, "{}", c.stderr);
        for (demand, passes) in [
            ("any", true),
            ("left", x0 == 2),
            ("centre", x0 == 10),
            ("right", x0 == 18),
        ] {
            let r = run(dir, &["check", PIXEL, &out, "--align", demand]);
            assert_eq!(
                r.code == 0,
                passes,
                "{align} print, check --align {demand}: {}",
                r.stderr
            );
        }
        // The field picture shows the cell at that column: `play` agrees with `render`.
        let png = format!("{align}.png");
        let r = run(
            dir,
            &[
                "render", PIXEL, "--align", align, "-o", &png, "--scale", "1",
            ],
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        let p = run(dir, &["play", &out, "-o", "played.png", "--scale", "1"]);
        assert_eq!(p.code, 0, "{}", p.stderr);
    }
}

#[test]
fn check_reports_the_closest_column() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let c = run(
        dir,
        &["convert", PIXEL, "--align", "left", "-o", "left.txt"],
    );
    assert_eq!(c.code, 0, "{}", c.stderr);
    // One piece too many: no column prints the sprite; the error is for column 2, where
    // all but the extra piece's cells are right, not for the centre.
    let moves = std::fs::read_to_string(dir.join("left.txt")).unwrap() + "O0 15\n";
    std::fs::write(dir.join("bad.txt"), moves).unwrap();
    run(dir, &["check", PIXEL, "bad.txt"]).fails_saying(1, "cell (15, 0): expected empty, found O");
    let r = run(dir, &["check", PIXEL, "bad.txt", "--align", "centre"]);
    assert!(
        r.stderr.contains("cell (2, 0): expected empty, found J"),
        "{}",
        r.stderr
    );
}

#[test]
fn every_converting_command_takes_align() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for cmd in [
        "demo", "convert", "verify", "render", "animate", "stats", "check",
    ] {
        let help = run(dir, &[cmd, "--help"]);
        assert_eq!(help.code, 0);
        assert!(
            help.stdout.contains("--align"),
            "{cmd} --help:\n{}",
            help.stdout
        );
    }
    let d = run(dir, &["demo", "-o", "d", "--no-gif", "--align", "best"]);
    assert_eq!(d.code, 0, "{}", d.stderr);
    assert!(d.stdout.contains("(best)"), "{}", d.stdout);
    let a = run(dir, &["animate", PIXEL, "-o", "a.gif", "--align", "left"]);
    assert_eq!(a.code, 0, "{}", a.stderr);
    // A bad value is a usage error naming the choices.
    let bad = run(dir, &["convert", PIXEL, "--align", "middle"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("left") && bad.stderr.contains("best"),
        "{}",
        bad.stderr
    );
    let bad = run(dir, &["check", PIXEL, "x.txt", "--align", "best"]);
    assert_eq!(
        bad.code, 2,
        "check finds the column itself: any, left, centre, right"
    );
}
