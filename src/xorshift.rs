//! A xorshift generator for the unit tests' random inputs: the same numbers on every
//! machine.

/// The xorshift generator from `seed` (which must not be 0).
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}
