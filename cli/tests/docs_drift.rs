//! The demo files in `docs/` (the README's first picture among them) are what
//! `tetris-printer demo` writes today, byte for byte: a change to the converter, the
//! renderer or the GIF encoder that changes them fails here until they are made again
//! with `cargo run --release -- demo -o docs --force`.

use std::fs;
use std::path::Path;

mod common;

#[test]
fn the_demo_files_in_docs_are_what_demo_writes() {
    let (_tmp, dir) = common::workdir();
    let r = common::run_in(&dir, &["demo", "-o", "out"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs");
    for name in ["demo.gif", "demo-field.png", "demo.png", "demo.txt"] {
        let made = fs::read(dir.join("out").join(name)).unwrap();
        let kept = fs::read(docs.join(name)).unwrap_or_default();
        assert!(
            made == kept,
            "docs/{name} is not what `tetris-printer demo` writes ({} bytes, docs/ holds {}): \
             make it again with `cargo run --release -- demo -o docs --force`",
            made.len(),
            kept.len()
        );
    }
}

/// What the README's first command writes (`demo/` at the repository's root) is not
/// offered for committing.
#[test]
fn the_demo_directory_is_ignored() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = std::process::Command::new("git")
        .args(["check-ignore", "-q", "demo/demo.gif"])
        .current_dir(&root)
        .output()
        .expect("git runs (the tests run in a clone)");
    assert_eq!(out.status.code(), Some(0), "demo/ is not in .gitignore");
}
