//! Writes the pattern tables (`src/tables/mod.rs` includes them) with the generator crate,
//! `crates/tetris-printer-gen`: it reads `pattern-src/`, checks every pattern by
//! simulation and writes the `phf` maps and indexes to `OUT_DIR/tables.rs`. A bad
//! pattern fails the build with `file:line: reason`. With the `regenerate` feature the
//! searcher finds the patterns afresh instead (`covers.txt` is still read), and they are
//! checked the same way. docs/how-it-works.md gives the command, which optimises this
//! script.

use std::path::Path;

/// Ends the build with `msg` (its first line also as a Cargo warning, which Cargo shows
/// even when it hides the script's output).
fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    println!("cargo:warning={}", msg.lines().next().unwrap_or(msg));
    std::process::exit(1);
}

/// What the tables are made of: `pattern-src/`, or the searcher's patterns.
fn sources(dir: &Path) -> tetris_printer_gen::Sources {
    let sources = if cfg!(feature = "regenerate") {
        tetris_printer_gen::search_sources(dir)
    } else {
        tetris_printer_gen::read_sources(dir)
    };
    sources.unwrap_or_else(|e| fail(&e.to_string()))
}

fn main() {
    println!("cargo:rerun-if-changed=pattern-src");
    println!("cargo:rerun-if-changed=build.rs");
    // `cfg(unoptimised)`: the tests size their stacks and sweeps for optimised code
    // unless the build is unoptimised (`cargo test` in the dev profile). Not
    // `debug_assertions`: the test profile `quick` is optimised *and* keeps them on.
    println!("cargo:rustc-check-cfg=cfg(unoptimised)");
    if std::env::var("OPT_LEVEL").is_ok_and(|l| l == "0") {
        println!("cargo:rustc-cfg=unoptimised");
    }
    let code = tetris_printer_gen::generate(&sources(Path::new("pattern-src")))
        .unwrap_or_else(|e| fail(&e.to_string()));
    let out =
        Path::new(&std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("tables.rs");
    std::fs::write(&out, code)
        .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", out.display())));
}
