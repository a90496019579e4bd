//! The committed run-cover table (`pattern-src/covers.txt`, compiled into the grouped
//! planner's static table) is exactly what the thorough planner computes with the
//! tables of this build: a change to the patterns or the planners that is not followed
//! by `cargo run --release -- search` (which rewrites the file) fails here.
#![cfg(feature = "search")]

#[test]
fn committed_run_covers_are_the_planners() {
    let committed = include_str!("../pattern-src/covers.txt");
    let computed = tetris_printer::covers::file_text();
    if committed != computed {
        let (line, (a, b)) = committed
            .lines()
            .zip(computed.lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .unwrap_or((0, ("(length)", "(length)")));
        panic!(
            "pattern-src/covers.txt:{}: committed {a:?}, computed {b:?}; \
             regenerate with `cargo run --release -- search`",
            line + 1
        );
    }
}
