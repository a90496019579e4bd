//! The sprite sets the measuring examples share: the nine benchmark sprites
//! (`benches/sprites/`) and the real-sprite set (`tests/sprites/real/`, its six
//! directories). The random set is `tests/common/random_set.rs`.

use std::path::{Path, PathBuf};

use tetris_printer::Sprite;

/// The PNG files of `dir`, sorted by path.
fn pngs(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut paths = Vec::new();
    for f in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let f = f.map_err(|e| e.to_string())?.path();
        if f.extension().is_some_and(|x| x == "png") {
            paths.push(f);
        }
    }
    paths.sort();
    Ok(paths)
}

/// `path`'s sprite, or an error naming the file.
fn open(path: &Path) -> Result<Sprite, String> {
    Sprite::open(path).map_err(|e| format!("{}: {e}", path.display()))
}

/// The nine benchmark sprites, each with its file's name (no extension), by name.
pub fn benchmark() -> Result<Vec<(String, Sprite)>, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/sprites");
    pngs(&dir)?
        .iter()
        .map(|p| {
            let name = p.file_stem().unwrap_or_default().to_string_lossy();
            Ok((name.into_owned(), open(p)?))
        })
        .collect()
}

/// The real-sprite set: every PNG of `tests/sprites/real/`'s directories, by path.
pub fn real() -> Result<Vec<Sprite>, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sprites/real");
    let mut paths = Vec::new();
    for dir in std::fs::read_dir(&root).map_err(|e| format!("{}: {e}", root.display()))? {
        let dir = dir.map_err(|e| e.to_string())?.path();
        if dir.is_dir() {
            paths.extend(pngs(&dir)?);
        }
    }
    paths.sort();
    paths.iter().map(|p| open(p)).collect()
}
