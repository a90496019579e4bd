//! Patterns that rest on emission-row support (strips and wide patterns): each key's
//! minimal supports.

use std::collections::BTreeMap;

use tetris_printer_core::pattern_text::{PatternFile, StripText, WideText};

use crate::error::{bad, Error};

/// A pattern that rests on emission-row support (a strip or a wide pattern).
pub(crate) trait Supported: Clone {
    /// The emission-row cells it needs filled.
    fn support(&self) -> u32;
    /// Its line in its file.
    fn line(&self) -> usize;
}

impl Supported for StripText {
    fn support(&self) -> u32 {
        u32::from(self.support)
    }
    fn line(&self) -> usize {
        self.line
    }
}

impl Supported for WideText {
    fn support(&self) -> u32 {
        self.support
    }
    fn line(&self) -> usize {
        self.line
    }
}

/// The `kind` records of every file (all in `file`), grouped by `key`: each key's
/// minimal supports, none implied by an earlier one, smallest first.
pub(crate) fn minimal<'a, T: Supported + 'a, K: Ord>(
    files: &'a [(String, PatternFile)],
    file: &str,
    kind: &str,
    records: impl Fn(&'a PatternFile) -> &'a Vec<T>,
    key: impl Fn(&T) -> K,
) -> Result<BTreeMap<K, Vec<T>>, Error> {
    let mut by_key: BTreeMap<K, Vec<T>> = BTreeMap::new();
    for (name, f) in files {
        for r in records(f) {
            if name != file {
                return bad(format!(
                    "pattern-src/{name}:{}: {kind} belong in {file}",
                    r.line()
                ));
            }
            let list = by_key.entry(key(r)).or_default();
            if let Some(prev) = list.iter().find(|p| p.support() & !r.support() == 0) {
                return bad(format!(
                    "pattern-src/{name}:{}: support is implied by the pattern on line {}",
                    r.line(),
                    prev.line()
                ));
            }
            let order = |t: &T| (t.support().count_ones(), t.support());
            if list.last().is_some_and(|prev| order(prev) > order(r)) {
                return bad(format!(
                    "pattern-src/{name}:{}: supports are listed smallest first",
                    r.line()
                ));
            }
            list.push(r.clone());
        }
    }
    Ok(by_key)
}
