//! What the examples that read a folder of sprites share: its PNGs, opened.

use std::path::{Path, PathBuf};

use tetris_printer::Sprite;

/// The PNGs of `dir`, sorted by name, each with its file name less `.png`.
pub fn open_dir(dir: &Path) -> Result<Vec<(String, Sprite)>, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let sprite = Sprite::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            let name = p.file_stem().unwrap_or_default().to_string_lossy();
            Ok((name.into_owned(), sprite))
        })
        .collect()
}
