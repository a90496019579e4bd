//! `--direct`'s time against the default's on sprites where it may place no direct
//! piece: random 17 × 32 sprites with a given share of pixels set (25 % unless given),
//! each pixel one of three colours, measured in one process:
//!
//! ```text
//! cargo run --release --example no_direct            # 25 % of pixels set
//! cargo run --release --example no_direct -- 40      # 40 %
//! ```
//!
//! Each line is one sprite: the default's time, `--direct`'s, their ratio and whether
//! `--direct` placed any direct piece; the last lines sum the times of all sprites and
//! of those without a direct piece, and count those of them within 2× the default's. Each time is the best of 5 rounds of at least
//! 10 ms (and 3 conversions). The sprites are the same on every machine (xorshift from
//! a fixed seed); a sprite with an empty row (which no sprite may have) is skipped.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use tetris_printer::{Converter, Move, Shape, Sprite, MAX_MOVES};

/// Sprites tried (some are skipped).
const SPRITES: usize = 30;

/// The best mean time of one conversion of `sprite` by `converter`.
fn time(converter: Converter, sprite: &Sprite, buf: &mut [Move]) -> Duration {
    (0..5)
        .map(|_| {
            let (start, mut n) = (Instant::now(), 0u32);
            while n < 3 || start.elapsed() < Duration::from_millis(10) {
                converter
                    .convert(sprite, buf)
                    .expect("a buffer of MAX_MOVES suffices");
                n += 1;
            }
            start.elapsed() / n
        })
        .min()
        .expect("five rounds")
}

fn main() -> ExitCode {
    let percent: u64 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 25,
        Some(Ok(p)) if p <= 100 => p,
        Some(_) => {
            eprintln!("usage: no_direct [PERCENT of pixels set, 0 to 100]");
            return ExitCode::FAILURE;
        }
    };
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut buf = vec![Move::new(Shape::ALL[0], 0).expect("valid"); MAX_MOVES];
    let (default, direct) = (Converter::new(), Converter::new().with_direct(true));
    // Total times: all sprites, and those printed without a direct piece.
    let (mut all, mut none) = (
        (Duration::ZERO, Duration::ZERO),
        (Duration::ZERO, Duration::ZERO),
    );
    let (mut without, mut within) = (0, 0);
    println!(
        "{:>6} {:>12} {:>12} {:>8}",
        "sprite", "default", "--direct", "ratio"
    );
    for k in 1..=SPRITES {
        let art: String = (0..32)
            .map(|_| {
                let mut line: String = (0..17)
                    .map(|_| match next(100) < percent {
                        true => char::from(b'0' + next(3) as u8),
                        false => '.',
                    })
                    .collect();
                line.push('\n');
                line
            })
            .collect();
        let Ok(sprite) = Sprite::from_ascii(&art) else {
            continue;
        };
        let (a, b) = (
            time(default, &sprite, &mut buf),
            time(direct, &sprite, &mut buf),
        );
        let placed = direct.stats(&sprite).direct;
        all = (all.0 + a, all.1 + b);
        if placed == 0 {
            none = (none.0 + a, none.1 + b);
            without += 1;
            within += usize::from(b <= 2 * a);
        }
        println!(
            "{k:>6} {:>9.1} µs {:>9.1} µs {:>7.2}× {}",
            a.as_secs_f64() * 1e6,
            b.as_secs_f64() * 1e6,
            b.as_secs_f64() / a.as_secs_f64(),
            match placed {
                0 => "no direct piece".to_string(),
                n => format!("{n} direct pieces"),
            }
        );
    }
    if all.0.is_zero() {
        println!("no sprite: at {percent} % every sprite had an empty row");
        return ExitCode::SUCCESS;
    }
    let ratio = |(a, b): (Duration, Duration)| b.as_secs_f64() / a.as_secs_f64();
    println!("all sprites: {:.2}×", ratio(all));
    println!(
        "the {without} without a direct piece: {:.2}×; {within} of them at most 2×",
        ratio(none)
    );
    ExitCode::SUCCESS
}
