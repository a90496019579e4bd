//! The Adwaita icons the fitting examples measure (Debian's `adwaita-icon-theme`).

use std::path::{Path, PathBuf};

/// Where the theme's icons are.
pub const ADWAITA: &str = "/usr/share/icons/Adwaita";

/// The PNG files under `dir`, recursively, sorted; exits naming the package when there
/// are none.
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
    if out.is_empty() {
        eprintln!(
            "no icons under {}: apt-get install adwaita-icon-theme",
            dir.display()
        );
        std::process::exit(1);
    }
    out
}
