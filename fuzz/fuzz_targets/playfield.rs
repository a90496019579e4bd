//! Fuzz target `playfield`: runs [`checks::playfield`] on every input (see `tests/fuzz/checks.rs`).
#![no_main]

#[path = "../../tests/fuzz/checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::playfield(data));
