//! Fuzz target `convert`: runs [`checks::convert`] on every input (see `fuzz/checks.rs`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::convert(data));
