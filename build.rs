//! Compiles `pattern-src/` into `phf` perfect-hash tables (see `src/tables.rs`).
//!
//! Every pattern is parsed and checked by simulation with the library's own playfield
//! code (shared below through `#[path]`); a bad pattern fails the build with
//! `file:line: reason`. With `TETRIS_PRINTER_REGENERATE=1` (or the `regenerate`
//! feature) the searcher runs here instead and its output is checked the same way.
#![allow(dead_code, unused_imports)]

#[path = "src/moves.rs"]
mod moves;
#[path = "src/pattern.rs"]
mod pattern;
#[path = "src/piece.rs"]
mod piece;
#[path = "src/playfield.rs"]
mod playfield;
#[path = "src/search/mod.rs"]
mod search;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use pattern::text::{arrangements, parse_file, PatternFile};
use pattern::{strip_key, Platform};

fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    println!("cargo:warning={}", msg.lines().next().unwrap_or(msg));
    std::process::exit(1);
}

/// The pattern files as `(name, text)`: read from `pattern-src/` or generated.
fn sources() -> Vec<(String, String)> {
    let regenerate = std::env::var_os("CARGO_FEATURE_REGENERATE").is_some()
        || std::env::var("TETRIS_PRINTER_REGENERATE").is_ok_and(|v| v == "1");
    let mut names: Vec<String> = (1..=7).map(search::emitter_file_name).collect();
    names.push("platforms.txt".into());
    names.push("strips.txt".into());
    if regenerate {
        let config = search::Config::default();
        let g = search::generate(&config, &|_| {});
        let mut out: Vec<(String, String)> = g
            .emitters
            .iter()
            .map(|(n, f)| {
                (
                    search::emitter_file_name(*n),
                    search::emitter_file_text(*n, f, config.seed),
                )
            })
            .collect();
        let platforms = g.platforms.expect("a full run searches platforms");
        out.push((
            "platforms.txt".into(),
            search::platform_file_text(&platforms, config.seed),
        ));
        let strips = g.strips.expect("a full run searches strips");
        out.push((
            "strips.txt".into(),
            search::strip_file_text(&strips, config.seed),
        ));
        return out;
    }
    names
        .into_iter()
        .map(|name| {
            let path = Path::new("pattern-src").join(&name);
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| fail(&format!("pattern-src/{name}: cannot read: {e}")));
            (name, text)
        })
        .collect()
}

fn moves_code(moves: &[moves::Move]) -> String {
    let items: Vec<String> = moves
        .iter()
        .map(|m| format!("mv({}, {})", m.shape.index(), m.x))
        .collect();
    format!("&[{}]", items.join(", "))
}

fn main() {
    println!("cargo:rerun-if-changed=pattern-src");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=TETRIS_PRINTER_REGENERATE");
    for f in [
        "moves.rs",
        "pattern.rs",
        "piece.rs",
        "playfield.rs",
        "search/mod.rs",
        "search/engine.rs",
        "search/strips.rs",
    ] {
        println!("cargo:rerun-if-changed=src/{f}");
    }

    let mut files: Vec<(String, PatternFile)> = Vec::new();
    for (name, text) in sources() {
        match parse_file(&text) {
            Ok(f) => files.push((name, f)),
            Err((line, reason)) => fail(&format!("pattern-src/{name}:{line}: {reason}")),
        }
    }

    // Every arrangement of 1..=7 triples has exactly one pattern, in the file for its n.
    let mut emitters = BTreeMap::new();
    for (name, f) in &files {
        for e in &f.emitters {
            let want = format!("emitters-{}.txt", e.n());
            if *name != want {
                fail(&format!(
                    "pattern-src/{name}:{}: an n={} pattern belongs in {want}",
                    e.line,
                    e.n()
                ));
            }
            if emitters.insert(e.key, e.clone()).is_some() {
                fail(&format!(
                    "pattern-src/{name}:{}: a second pattern for the same triples",
                    e.line
                ));
            }
        }
    }
    for n in 1..=7 {
        for key in arrangements(n) {
            if !emitters.contains_key(&key) {
                let t: Vec<String> = pattern::text::triples_of(key)
                    .iter()
                    .map(u8::to_string)
                    .collect();
                fail(&format!(
                    "pattern-src/emitters-{n}.txt: no pattern for triples at {}",
                    t.join(",")
                ));
            }
        }
    }
    let platforms: Vec<_> = files
        .iter()
        .flat_map(|(_, f)| f.platforms.iter().cloned())
        .collect();
    let mut by_centre = BTreeMap::new();
    for p in platforms {
        by_centre.insert(p.centre, p);
    }
    let centres: Vec<u8> = by_centre.keys().copied().collect();
    if centres != (1..=19).step_by(2).collect::<Vec<u8>>() {
        fail(&format!(
            "pattern-src/platforms.txt: platforms for centres {centres:?}; need 1, 3, ..., 19"
        ));
    }

    // Strips: for each (width, height, side, bottom), its minimal supports, none implied by
    // another, smallest first — and the one-row strips every tiling leans on.
    let mut strips: BTreeMap<u32, Vec<pattern::text::StripText>> = BTreeMap::new();
    for (name, f) in &files {
        for s in &f.strips {
            if name != "strips.txt" {
                fail(&format!(
                    "pattern-src/{name}:{}: strips belong in strips.txt",
                    s.line
                ));
            }
            let list = strips
                .entry(strip_key(s.width, s.height, s.side, s.bottom))
                .or_default();
            if let Some(prev) = list.iter().find(|p| p.support & !s.support == 0) {
                fail(&format!(
                    "pattern-src/{name}:{}: support is implied by the strip on line {}",
                    s.line, prev.line
                ));
            }
            list.push(s.clone());
        }
    }
    for w in 1..=3u8 {
        let full = (1u8 << w) - 1;
        if !strips.contains_key(&strip_key(w, 1, pattern::StripSide::Inner, u16::from(full))) {
            fail(&format!(
                "pattern-src/strips.txt: no strip for a full bottom row {w} wide"
            ));
        }
    }

    let mut map = phf_codegen::Map::new();
    for (key, e) in &emitters {
        map.entry(
            *key,
            &format!(
                "Emitter {{ key: {key:#x}, n: {}, height: {}, fillers: {} }}",
                e.n(),
                e.height,
                moves_code(&e.fillers)
            ),
        );
    }
    let mut code = String::new();
    let _ = writeln!(
        code,
        "/// Every emitter pattern, keyed by its triples' bottom-row occupancy ({} entries).\n\
         pub static EMITTERS: phf::Map<u32, Emitter> = {};\n",
        emitters.len(),
        map.build()
    );
    let _ = writeln!(
        code,
        "/// The platform patterns for bar centres 1, 3, ..., 19.\npub static PLATFORMS: [Platform; {}] = [",
        by_centre.len()
    );
    for p in by_centre.values() {
        let _ = writeln!(
            code,
            "    Platform {{ centre: {}, add: {}, remove: mv({}, {}) }},",
            p.centre,
            moves_code(&p.add),
            p.remove.shape.index(),
            p.remove.x
        );
    }
    code.push_str("];\n");
    let mut strip_map = phf_codegen::Map::new();
    for (key, list) in &strips {
        let items: Vec<String> = list
            .iter()
            .map(|s| {
                format!(
                    "Strip {{ width: {}, height: {}, side: StripSide::{:?}, bottom: {:#x}, support: {:#x}, fillers: {} }}",
                    s.width,
                    s.height,
                    s.side,
                    s.bottom,
                    s.support,
                    moves_code(&s.fillers)
                )
            })
            .collect();
        strip_map.entry(*key, &format!("&[{}]", items.join(", ")));
    }
    let _ = writeln!(
        code,
        "\n/// Strip fillers by `strip_key(width, height, side, bottom)`: the minimal supports, \
         smallest first ({} keys, {} strips).\n\
         pub static STRIPS: phf::Map<u32, &'static [Strip]> = {};",
        strips.len(),
        strips.values().map(Vec::len).sum::<usize>(),
        strip_map.build()
    );
    let _ = std::mem::size_of::<Platform>();
    let out =
        Path::new(&std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("tables.rs");
    std::fs::write(&out, code)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", out.display())));
}
