//! What `ratio` and `no_direct` share: the ratio of interleaved timing rounds.

use std::time::Duration;

/// The median of the rounds' ratios `b[r] / a[r]` (each round of `b` to the round of `a`
/// taken just before it; not empty, the same count; the mean of the middle two for an
/// even count): a drift of the machine's speed between rounds does not enter it.
pub fn median_ratio(a: &[Duration], b: &[Duration]) -> f64 {
    assert!(
        !a.is_empty() && a.len() == b.len(),
        "one round of each, at least"
    );
    let mut ratios: Vec<f64> = a
        .iter()
        .zip(b)
        .map(|(a, b)| b.as_secs_f64() / a.as_secs_f64())
        .collect();
    ratios.sort_by(f64::total_cmp);
    let n = ratios.len();
    (ratios[(n - 1) / 2] + ratios[n / 2]) / 2.0
}
