//! The tables the library was built with are what the generator writes from the
//! committed `pattern-src/`: a build that used stale or other tables (a `regenerate`
//! build whose searcher drifted from the committed files, a generator that is not
//! deterministic) fails here.

use std::path::Path;

/// The code `build.rs` wrote and the library includes.
const BUILT: &str = include_str!(concat!(env!("OUT_DIR"), "/tables.rs"));

#[test]
fn the_built_tables_are_what_the_generator_writes_from_pattern_src() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("pattern-src");
    let sources = tetris_printer_gen::read_sources(&dir).expect("pattern-src/ reads");
    let code = tetris_printer_gen::generate(&sources).expect("the committed patterns check");
    // Not `assert_eq!`: the code is megabytes; name the first line that differs.
    if let Some((i, (built, now))) = BUILT
        .lines()
        .zip(code.lines())
        .enumerate()
        .find(|(_, (b, n))| b != n)
    {
        panic!(
            "line {}: the build used\n{}\nthe generator writes\n{}",
            i + 1,
            built.chars().take(200).collect::<String>(),
            now.chars().take(200).collect::<String>()
        );
    }
    assert_eq!(BUILT.len(), code.len(), "the same lines, one side longer");
}
