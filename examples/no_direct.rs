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
//! of those without a direct piece, and count those of them within 2× the default's.
//! A round converts the sprite for at least 10 ms (and 3 conversions) and takes the
//! mean; each sprite gets 5 rounds of each, interleaved (the default's, then
//! `--direct`'s, five times over). A time is the best of its 5 rounds, a ratio the
//! median of the rounds' ratios (`--direct`'s round to the default's just before it),
//! so a drift of the machine's speed between the two does not enter it; the sums'
//! ratios are the medians of the rounds' sums. The sprites are the same on every
//! machine (xorshift from a fixed seed); a sprite with an empty row (which no sprite
//! may have) is skipped.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use tetris_printer::{Converter, Move, Shape, Sprite, MAX_MOVES};

#[path = "common/rounds.rs"]
mod rounds;
use rounds::median_ratio;

/// Sprites tried (some are skipped).
const SPRITES: usize = 30;

/// Rounds per sprite and converter.
const ROUNDS: usize = 5;

/// The mean time of one conversion of `sprite` by `converter` over one round.
fn round(converter: Converter, sprite: &Sprite, buf: &mut [Move]) -> Duration {
    let (start, mut n) = (Instant::now(), 0u32);
    while n < 3 || start.elapsed() < Duration::from_millis(10) {
        converter
            .convert(std::hint::black_box(sprite), buf)
            .expect("a buffer of MAX_MOVES suffices");
        n += 1;
    }
    start.elapsed() / n
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
    // Each round's times summed: all sprites, and those printed without a direct piece.
    let zero = [Duration::ZERO; ROUNDS];
    let (mut all, mut none) = ((zero, zero), (zero, zero));
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
        let (mut a, mut b) = (zero, zero);
        for r in 0..ROUNDS {
            a[r] = round(default, &sprite, &mut buf);
            b[r] = round(direct, &sprite, &mut buf);
        }
        let placed = direct.stats(&sprite).direct;
        let r = median_ratio(&a, &b);
        for q in 0..ROUNDS {
            all.0[q] += a[q];
            all.1[q] += b[q];
            if placed == 0 {
                none.0[q] += a[q];
                none.1[q] += b[q];
            }
        }
        if placed == 0 {
            without += 1;
            within += usize::from(r <= 2.0);
        }
        let best = |t: &[Duration; ROUNDS]| t.iter().min().expect("rounds").as_secs_f64() * 1e6;
        println!(
            "{k:>6} {:>9.1} µs {:>9.1} µs {r:>7.2}× {}",
            best(&a),
            best(&b),
            match placed {
                0 => "no direct piece".to_string(),
                n => format!("{n} direct pieces"),
            }
        );
    }
    if all.0[0].is_zero() {
        println!("no sprite: at {percent} % every sprite had an empty row");
        return ExitCode::SUCCESS;
    }
    println!("all sprites: {:.2}×", median_ratio(&all.0, &all.1));
    if without == 0 {
        println!("every sprite got a direct piece");
    } else {
        println!(
            "the {without} without a direct piece: {:.2}×; {within} of them at most 2×",
            median_ratio(&none.0, &none.1)
        );
    }
    ExitCode::SUCCESS
}
