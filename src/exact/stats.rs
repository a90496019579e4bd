//! Pieces of the exact planner against the default (`grouped`) and greedy converters,
//! with the exact planner's time, for each sprite given. Every exact print is replayed
//! and compared with its sprite. A measurement, run as an ignored test with its
//! arguments in `EXACT_STATS`; it measures nothing when the variable is not set:
//!
//! ```text
//! EXACT_STATS="$(echo benches/sprites/*.png)" cargo test --release --lib exact_stats -- --ignored --nocapture
//! ```
//!
//! Each sprite gets a fresh planner (no engine answers carried over), so the time is
//! what one sprite costs alone; `--shared` keeps one planner for all of them.
//! `--random N` adds N random sprites (fixed seed; sizes 1×1 to 17×16, 1–3 colours,
//! holes of any density, as `tests/convert.rs` draws them); `--rows` prints each row's
//! plan and the engine's work by matrix height; `--threads N` plans rows on N threads
//! (`convert_parallel`) instead of one planner. Paths are relative to the package's
//! directory, where the test runs.
#![cfg(feature = "image-io")]

use std::time::Instant;

use super::{convert_parallel, convert_with, planner, ExactPlanner, RowInput};
use crate::{compare, Converter, Planner, Playfield, Sprite};

/// The measurement, with the arguments in `EXACT_STATS` (split at white space); nothing
/// when it is not set, so that the long proofs' `--ignored` run passes it by.
#[test]
#[ignore = "a measurement: set EXACT_STATS, run it by name with --ignored --nocapture"]
fn exact_stats() {
    super::measure("EXACT_STATS", run);
}

/// The measurement on `args`; `false` (the reasons printed) when one failed.
fn run(mut args: Vec<String>) -> bool {
    let shared = args.iter().any(|a| a == "--shared");
    let verbose = args.iter().any(|a| a == "--rows");
    args.retain(|a| a != "--shared" && a != "--rows");
    let mut threads = 0;
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        threads = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(0);
        args.drain(i..(i + 2).min(args.len()));
    }
    let mut random = 0;
    if let Some(i) = args.iter().position(|a| a == "--random") {
        random = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or(0);
        args.drain(i..(i + 2).min(args.len()));
    }
    if args.is_empty() && random == 0 {
        eprintln!(
            "usage: EXACT_STATS=\"[--shared] [--rows] [--random N] [--threads N] SPRITE.png...\""
        );
        return false;
    }
    let mut sprites: Vec<(String, Result<Sprite, String>)> = args
        .iter()
        .map(|path| {
            let name = std::path::Path::new(path)
                .file_stem()
                .map_or_else(|| path.clone(), |s| s.to_string_lossy().into_owned());
            (name, Sprite::open(path).map_err(|e| format!("{path}: {e}")))
        })
        .collect();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for k in 0..random {
        sprites.push((format!("random-{k}"), Ok(random_sprite(&mut seed))));
    }
    println!(
        "{:<24} {:>6} {:>6} {:>6} {:>8} {:>9} {:>8} {:>10}",
        "sprite", "exact", "default", "greedy", "default/x", "platforms", "time s", "engine"
    );
    let mut exact = planner();
    let (mut te, mut tf, mut tg) = (0, 0, 0);
    let mut failed = false;
    for (name, sprite) in sprites {
        let path = &name;
        let sprite = match sprite {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
                continue;
            }
        };
        if !shared {
            exact = planner();
        }
        if verbose {
            // Each row alone, bottom first: its time, engine searches and plan.
            let rows: usize = std::env::var("EXACT_ROWS")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(usize::MAX);
            for y in 0..sprite.height().min(rows) {
                let spec = RowInput::of(&sprite, y);
                let (c0, n0, h0) = (
                    exact.counters.engine_calls,
                    exact.counters.nodes,
                    exact.counters.hints,
                );
                let t = Instant::now();
                let plan = exact.plan_row(&spec);
                println!(
                    "  row {y:2}: {:2} pixels, {:4} pieces, platform {}, heights {:?}, {:.3} s, {} engine, {} hints, {} nodes",
                    spec.len,
                    plan.pieces,
                    plan.platform,
                    plan.heights().collect::<Vec<_>>(),
                    t.elapsed().as_secs_f64(),
                    exact.counters.engine_calls - c0,
                    exact.counters.hints - h0,
                    exact.counters.nodes - n0
                );
            }
        }
        if verbose {
            engine_summary(&exact);
            if std::env::var_os("EXACT_ROWS").is_some() {
                continue;
            }
        }
        let calls = exact.counters.engine_calls;
        let t = Instant::now();
        let result = if threads > 0 {
            convert_parallel(&sprite, threads)
        } else {
            convert_with(&mut exact, &sprite)
        };
        let print = match result {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {path}: {e}");
                failed = true;
                continue;
            }
        };
        let secs = t.elapsed().as_secs_f64();
        // Checked inside `convert` already; check again here, independently.
        let field = Playfield::replay(&print.moves).expect("exact moves replay");
        if let Err(m) = compare(&field, &sprite) {
            eprintln!("error: {path}: exact print differs: {m}");
            failed = true;
        }
        let default = Converter::new().stats(&sprite).pieces;
        let greedy = Converter::with_planner(Planner::Greedy)
            .stats(&sprite)
            .pieces;
        let pieces = print.pieces();
        if pieces > default {
            eprintln!("error: {path}: exact {pieces} > default {default}");
            failed = true;
        }
        te += pieces;
        tf += default;
        tg += greedy;
        println!(
            "{:<24} {:>6} {:>6} {:>6} {:>8.3} {:>9} {:>8.2} {:>10}",
            name,
            pieces,
            default,
            greedy,
            default as f64 / pieces.max(1) as f64,
            print.platforms(),
            secs,
            exact.counters.engine_calls - calls
        );
    }
    println!(
        "{:<24} {:>6} {:>6} {:>6} {:>8.3}",
        "total",
        te,
        tf,
        tg,
        tf as f64 / te.max(1) as f64
    );
    !failed
}

/// Engine searches by matrix height (with `--rows`).
fn engine_summary(exact: &ExactPlanner) {
    for (h, [none, found]) in exact.counters.engine_by_height.iter().enumerate() {
        println!(
            "engine h={h}: none {} in {:.3} s, found {} in {:.3} s",
            none.0,
            none.1 as f64 / 1e6,
            found.0,
            found.1 as f64 / 1e6
        );
    }
}

/// A random sprite: 1–17 wide, 1–16 tall, 1–3 colours, holes of any density, no empty
/// row.
fn random_sprite(seed: &mut u64) -> Sprite {
    let mut next = |m: u64| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed % m
    };
    let (w, h) = (1 + next(17) as usize, 1 + next(16) as usize);
    let colours = 1 + next(3);
    let holes = next(100);
    let palette = crate::ASCII_COLORS;
    let mut rgba = vec![0u8; w * h * 4];
    for y in 0..h {
        let mut any = false;
        for x in 0..w {
            if next(100) >= holes * 9 / 10 {
                let c = palette[next(colours) as usize];
                rgba[(y * w + x) * 4..][..4].copy_from_slice(&[c.r, c.g, c.b, 255]);
                any = true;
            }
        }
        if !any {
            let x = next(w as u64) as usize;
            let c = palette[0];
            rgba[(y * w + x) * 4..][..4].copy_from_slice(&[c.r, c.g, c.b, 255]);
        }
    }
    Sprite::from_rgba(w, h, &rgba).expect("valid random sprite")
}
