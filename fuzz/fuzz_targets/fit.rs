//! Fuzz target `fit`: runs [`checks::fit`] on every input (see `fuzz/checks.rs`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::fit(data));
