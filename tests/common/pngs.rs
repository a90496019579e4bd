//! PNG files under a folder, shared by the fitting tests (`tests/fit.rs` and the
//! library's `src/fit/filters.rs`) and the fitting examples.

use std::path::{Path, PathBuf};

/// Where Debian's `adwaita-icon-theme` puts the icons.
pub const ADWAITA: &str = "/usr/share/icons/Adwaita";

/// The PNG files under `dir`, recursively, sorted (none where `dir` cannot be read).
pub fn pngs(dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "png") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}
