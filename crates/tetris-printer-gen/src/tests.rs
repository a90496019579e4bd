//! Bad data fails with `file:line: reason`; good data gives the same code every time.

use std::path::{Path, PathBuf};

use super::*;

/// The committed `pattern-src/`.
fn pattern_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../pattern-src")
}

/// The committed file `name`.
fn committed(name: &str) -> String {
    std::fs::read_to_string(pattern_src().join(name)).expect("a committed pattern file")
}

/// `sources`' error, as text.
fn error_of(patterns: Vec<(&str, String)>, covers: String) -> String {
    let sources = Sources {
        patterns: patterns
            .into_iter()
            .map(|(name, text)| (name.to_owned(), text))
            .collect(),
        covers,
    };
    generate(&sources).expect_err("bad sources").to_string()
}

#[test]
fn a_file_that_cannot_be_read_is_named() {
    let e = read_sources(Path::new("no/such/dir"))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("no/such/dir/emitters-1.txt: cannot read: "),
        "{e}"
    );
}

#[test]
fn a_bad_record_is_named_by_file_and_line() {
    let text = committed("strips.txt");
    // The record on line 11, a strip 2 wide, gets a row of 3 cells.
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[10], "strip width=2 height=1 pieces=0 nodes=0");
    let text = text.replacen("\nAA\n..\n", "\nAAA\n..\n", 1);
    let e = error_of(vec![("strips.txt", text)], String::new());
    assert_eq!(
        e,
        "pattern-src/strips.txt:11: strip row `AAA` is not 2 characters wide"
    );
}

#[test]
fn a_pattern_in_the_wrong_file_is_named_by_its_line() {
    let e = error_of(
        vec![("emitters-1.txt", committed("emitters-2.txt"))],
        String::new(),
    );
    assert_eq!(
        e,
        "pattern-src/emitters-1.txt:4: an n=2 pattern belongs in emitters-2.txt"
    );
}

#[test]
fn a_missing_pattern_names_its_file_and_triples() {
    let e = error_of(vec![], String::new());
    assert_eq!(e, "pattern-src/emitters-1.txt: no pattern for triples at 0");
}

#[test]
fn a_second_pattern_for_the_same_triples_is_named_by_its_line() {
    let text = committed("emitters-1.txt");
    let first = text
        .split("\n\n")
        .find(|b| b.starts_with("emitter "))
        .expect("a pattern");
    let line = text.lines().count() + 2;
    let e = error_of(
        vec![("emitters-1.txt", format!("{text}\n{first}\n"))],
        String::new(),
    );
    assert_eq!(
        e,
        format!("pattern-src/emitters-1.txt:{line}: a second pattern for the same triples")
    );
}

#[test]
fn bad_run_covers_are_named_by_line() {
    let covers = committed("covers.txt");
    let record = "run colour=0 x=2 len=3 covers=0 -";
    let line = covers.lines().count() + 1;
    let e = code::run_covers(&format!("{covers}{record}\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("pattern-src/covers.txt:{line}: a second record for the same run")
    );
    let e = code::run_covers(&covers.replacen(&format!("{record}\n"), "", 1)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "pattern-src/covers.txt: no record for colour=0 x=2 len=3"
    );
    let e = code::run_covers("run colour=0 x=2 len=3 covers=9\n").unwrap_err();
    assert!(
        e.to_string().starts_with("pattern-src/covers.txt:1: "),
        "{e}"
    );
}

/// Generation depends on its input alone: the committed sources give the same bytes
/// twice, and the code names every table the library reads (`EMITTERS`, which only the
/// library's tests read, in their builds alone).
#[test]
fn the_committed_sources_give_the_same_code_every_time() {
    let sources = read_sources(&pattern_src()).expect("pattern-src/ reads");
    let code = generate(&sources).expect("the committed patterns check");
    assert_eq!(generate(&sources).as_ref(), Ok(&code));
    for table in [
        "pub static EMITTER_LIST",
        "\n#[cfg(test)]\npub static EMITTERS: phf::Map",
        "static EMITTER_INDEX",
        "pub static COSTS",
        "pub static WIDE",
        "pub static PLATFORMS",
        "pub static STRIP_LIST",
        "pub static STRIPS: phf::Map",
        "static FIT_ROWS",
        "static EDGE_SETS",
        "pub static RUN_COVERS",
        "pub static MOVE_BYTES",
    ] {
        assert!(code.contains(table), "no {table}");
    }
}

/// Identical move lists share one span; the tables must take the spans in the order the
/// lists were encoded, every one of them.
#[test]
fn spans_follow_the_lists_by_position() {
    use tetris_printer_core::moves::Move;
    use tetris_printer_core::piece::Shape;
    let mv = |s: usize, x: usize| Move::new(Shape::ALL[s], x).expect("inside the field");
    let (a, b) = (vec![mv(0, 0), mv(1, 3)], vec![mv(2, 5)]);
    let a_again = a.clone();
    let lists: Vec<&[Move]> = vec![&a, &b, &a_again];
    let encoded = moves::Encoded::new(&lists).expect("encodes");
    let mut spans = encoded.spans();
    let first = spans.next(&a).expect("in order").to_string();
    assert_eq!(first, "Span::new(0, 2)");
    assert_eq!(
        spans.next(&b).expect("in order").to_string(),
        "Span::new(2, 1)"
    );
    assert_eq!(spans.next(&a_again).expect("in order").to_string(), first);
    assert!(spans.next(&a).is_err(), "past the last list");

    let mut spans = encoded.spans();
    let e = spans.next(&b).expect_err("b is not the first list");
    assert_eq!(
        e.to_string(),
        "the tables list the patterns in another order than they were encoded"
    );
    let mut spans = encoded.spans();
    spans.next(&a).expect("in order");
    let e = spans.finish().expect_err("two lists left");
    assert_eq!(
        e.to_string(),
        "the tables list fewer patterns than were encoded"
    );
}
