//! The real-sprite set (`tests/sprites/real/`, issue #17): its categories and files.
//! `tests/real_sprites.rs` and `tests/pieces.rs` include this file with `#[path]`.

use std::path::PathBuf;

/// The categories and how many sprites each holds (`tests/sprites/real/SOURCES.md`).
pub const CATEGORIES: [(&str, usize); 6] = [
    ("cursors", 14),
    ("game", 22),
    ("glyphs", 162),
    ("icons", 136),
    ("icons-12", 156),
    ("two-colour", 79),
];

/// The PNG files of `category`, sorted.
pub fn files(category: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sprites/real")
        .join(category);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    out.sort();
    out
}
