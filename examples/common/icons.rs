//! The Adwaita icons the fitting examples measure (Debian's `adwaita-icon-theme`).

use std::path::{Path, PathBuf};

#[path = "../../tests/common/pngs.rs"]
mod walk;
pub use walk::ADWAITA;

/// The PNG files under `dir`, recursively, sorted; exits naming the package when there
/// are none.
pub fn pngs(dir: &Path) -> Vec<PathBuf> {
    let out = walk::pngs(dir);
    if out.is_empty() {
        eprintln!(
            "no icons under {}: apt-get install adwaita-icon-theme",
            dir.display()
        );
        std::process::exit(1);
    }
    out
}
