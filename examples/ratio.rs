//! Each mode's time per benchmark sprite as a multiple of the greedy converter's,
//! measured in one process (the library as a user links it):
//!
//! ```text
//! cargo run --release --example ratio                      # greedy, grouped, direct
//! cargo run --release --example ratio -- grouped thorough direct
//! ```
//!
//! A mode is a [`Planner`] name, `direct` (the default planner with direct placement)
//! or `NAME-direct` for a strategy direct placement applies to (`exact-direct`);
//! `MODE+ws` converts with a [`Workspace`] (`Converter::convert_in`), as
//! `direct+ws`. A round converts the sprite over and over for at least 40 ms (at least
//! once) and takes the mean; each sprite gets 7 rounds of every mode, interleaved
//! (greedy's round, then each mode's, seven times over). A sprite's time is a mode's
//! best round, and its ratio the median of the 7 rounds' ratios to the greedy round
//! just before them: a shared machine's speed drifts over seconds (greedy's own best
//! time on one sprite has differed by 1.7× between runs), and a round's ratio compares
//! two times taken within a fraction of a second of each other. The lines "all nine"
//! and "worst sprite" read the same medians. Use instruction counts
//! (`examples/convert_loop.rs` under callgrind) for small differences.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use tetris_printer::{Converter, Move, Planner, Shape, Sprite, Workspace, MAX_MOVES};

#[path = "common/rounds.rs"]
mod rounds;
use rounds::median_ratio;

/// Rounds per sprite and mode; the best is kept.
const ROUNDS: usize = 7;
/// The least time of one round.
const ROUND: Duration = Duration::from_millis(40);

/// The converter a mode name stands for.
fn mode(name: &str) -> Option<Converter> {
    match name.strip_suffix("-direct") {
        _ if name == "direct" => Some(Converter::new().with_direct(true)),
        Some(passes) => Some(Converter::with_planner(passes.parse().ok()?).with_direct(true))
            .filter(Converter::direct),
        None => Some(Converter::with_planner(name.parse::<Planner>().ok()?)),
    }
}

/// The mean time of one conversion of `sprite` by `converter` over one round, in
/// `workspace` if one is given.
fn round(
    converter: Converter,
    mut workspace: Option<&mut Workspace>,
    sprite: &Sprite,
    buf: &mut [Move],
) -> Duration {
    let (start, mut n) = (Instant::now(), 0u32);
    while n == 0 || start.elapsed() < ROUND {
        let sprite = std::hint::black_box(sprite);
        match workspace.as_deref_mut() {
            Some(w) => converter.convert_in(w, sprite, buf),
            None => converter.convert(sprite, buf),
        }
        .expect("MAX_MOVES suffices");
        n += 1;
    }
    start.elapsed() / n
}

fn main() -> ExitCode {
    let mut names: Vec<String> = std::env::args().skip(1).collect();
    if names.is_empty() {
        names = ["grouped", "direct"].map(String::from).to_vec();
    }
    names.retain(|n| n != "greedy");
    let mut modes = vec![("greedy".to_string(), Converter::greedy())];
    for n in names {
        let Some(c) = mode(n.strip_suffix("+ws").unwrap_or(&n)) else {
            eprintln!("unknown mode {n:?}: a strategy name, `direct` or `NAME-direct`, each with `+ws` or not");
            return ExitCode::FAILURE;
        };
        modes.push((n, c));
    }
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/sprites");
    let mut paths: Vec<_> = match std::fs::read_dir(dir) {
        Ok(d) => d.filter_map(Result::ok).map(|e| e.path()).collect(),
        Err(e) => {
            eprintln!("{dir}: {e}");
            return ExitCode::FAILURE;
        }
    };
    paths.sort();
    let mut buf = vec![Move::new(Shape::ALL[0], 0).expect("valid"); MAX_MOVES];
    let mut workspace = Box::new(Workspace::new());
    let mut header = format!("{:<18}", "sprite");
    for (n, _) in &modes {
        header += &format!(" {n:>22}");
    }
    println!("{header}");
    // Per mode: the best times summed over the sprites, each round's sum (for the
    // ratios of "all nine"), and the worst sprite's ratio.
    let mut totals = vec![Duration::ZERO; modes.len()];
    let mut round_totals = vec![[Duration::ZERO; ROUNDS]; modes.len()];
    let mut worst = vec![0f64; modes.len()];
    for p in &paths {
        let sprite = match Sprite::open(p) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}: {e}", p.display());
                return ExitCode::FAILURE;
            }
        };
        let name = p.file_stem().unwrap_or_default().to_string_lossy();
        // times[k][r]: mode k's round r (greedy's first, then each mode's, per round).
        let mut times = vec![[Duration::ZERO; ROUNDS]; modes.len()];
        for r in 0..ROUNDS {
            for (k, (n, c)) in modes.iter().enumerate() {
                let ws = n.ends_with("+ws").then_some(&mut *workspace);
                times[k][r] = round(*c, ws, &sprite, &mut buf);
                round_totals[k][r] += times[k][r];
            }
        }
        let mut line = format!("{name:<18}");
        for (k, t) in times.iter().enumerate() {
            let best = *t.iter().min().expect("at least one round");
            let ratio = median_ratio(&times[0], t);
            worst[k] = worst[k].max(ratio);
            totals[k] += best;
            line += &format!(" {:>12.1} µs {:>6.0}×", best.as_secs_f64() * 1e6, ratio);
        }
        println!("{line}");
    }
    let mut line = format!("{:<18}", "all nine");
    for (t, rounds) in totals.iter().zip(&round_totals) {
        let ratio = median_ratio(&round_totals[0], rounds);
        line += &format!(" {:>12.1} µs {:>6.0}×", t.as_secs_f64() * 1e6, ratio);
    }
    println!("{line}");
    let mut line = format!("{:<18}", "worst sprite");
    for w in &worst {
        line += &format!(" {:>15} {w:>6.0}×", "");
    }
    println!("{line}");
    ExitCode::SUCCESS
}
