//! Fuzz target `blocks`: runs [`checks::blocks`] on every input (see `fuzz/checks.rs`).
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::blocks(data));
