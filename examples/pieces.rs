//! Piece totals per strategy on the nine benchmark sprites (`benches/sprites/`) and on a
//! fixed-seed set of 3000 random sprites, and on the real-sprite set
//! (`tests/sprites/real/`, its six directories): the figures the README's pieces tables
//! and every "no more pieces" claim are checked against. Every print is replayed and
//! compared with its sprite.
//!
//! ```text
//! cargo run --release --example pieces                 # every strategy
//! cargo run --release --example pieces -- grouped       # one (the default planner)
//! cargo run --release --example pieces -- grouped exact # the exact planner too (minutes)
//! cargo run --release --example pieces -- --first 500 grouped exact
//! cargo run --release --example pieces -- grouped --align best   # each sprite at its best column
//! cargo run --release --example pieces -- grouped direct          # with direct placement too
//! cargo run --release --example pieces -- --nine exact exact-direct # the nine alone
//! ```
//!
//! The exact planner (`exact`) runs only when named: it searches at run time and takes
//! up to seconds per sprite. `direct` is the default planner with direct placement
//! (`Converter::with_direct`, `convert --direct`); its prints are also replayed and
//! compared with the sprite. `--first N` takes the first N sprites of the random set, `--nine` the benchmark
//! sprites alone (no random or real set). `exact-direct` (the exact planner with direct
//! placement) also runs only when named.
//! Without `--align` every sprite is centred (the figures and hashes the README quotes);
//! `--align left|centre|right|best` places every sprite that way first.
//!
//! The random set mixes sizes (1–17 wide, 1–32 tall), 1–3 colours and densities from
//! sparse noise to solid blocks, outlines and runs; every row holds a pixel. It is the
//! same set on every machine (xorshift from a fixed seed), and each line also prints an
//! FNV hash of all the moves, so "same moves" can be checked without storing them.

use std::process::ExitCode;

#[path = "../tests/common/random_set.rs"]
mod random_set;
#[path = "common/sets.rs"]
mod sets;

use random_set::random_set;
use tetris_printer::{compare, Align, Converter, Planner, Playfield, Sprite};

fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash = (*hash ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
    }
}

fn main() -> ExitCode {
    let bench = match sets::benchmark() {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut random = random_set();
    let mut real = match sets::real() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut wanted: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = wanted.iter().position(|a| a == "--first") {
        let Some(n) = wanted.get(i + 1).and_then(|n| n.parse().ok()) else {
            eprintln!("--first takes a number of sprites");
            return ExitCode::FAILURE;
        };
        random.truncate(n);
        wanted.drain(i..i + 2);
    }
    if let Some(i) = wanted.iter().position(|a| a == "--nine") {
        random.clear();
        real.clear();
        wanted.remove(i);
    }
    let mut align = Align::Centre;
    if let Some(i) = wanted.iter().position(|a| a == "--align") {
        let Some(a) = wanted.get(i + 1).and_then(|v| v.parse().ok()) else {
            eprintln!("--align needs left, centre, right or best");
            return ExitCode::FAILURE;
        };
        align = a;
        wanted.drain(i..i + 2);
    }
    let strategies = Planner::ALL
        .iter()
        .map(|&p| (p.name(), Converter::with_planner(p)))
        .chain([
            ("direct", Converter::new().with_direct(true)),
            (
                "exact-direct",
                Converter::with_planner(Planner::Exact).with_direct(true),
            ),
        ]);
    for (name, c) in strategies {
        let named = wanted.iter().any(|w| w == name);
        if (!wanted.is_empty() || c.planner() == Planner::Exact) && !named {
            continue;
        }
        let mut hash = 0xCBF2_9CE4_8422_2325u64;
        let mut line = String::new();
        let mut total = 0;
        // Converts `s` placed as asked, replays the print and checks it, hashes it.
        let mut print = |s: &Sprite| {
            let placed = c.place(s, align);
            let moves = c.convert_to_vec(&placed);
            let field = Playfield::replay(&moves).expect("the converter's moves replay");
            assert_eq!(compare(&field, &placed), Ok(()), "\n{}", s.to_ascii());
            fnv(
                &mut hash,
                tetris_printer::moves_to_string(&moves).as_bytes(),
            );
            moves.len()
        };
        for (n, s) in &bench {
            let pieces = print(s);
            total += pieces;
            line += &format!(" {n}={pieces}");
        }
        let rtotal: usize = random.iter().map(&mut print).sum();
        let real_total: usize = real.iter().map(&mut print).sum();
        println!(
            "{name}: benchmark {total} [{line} ] random {rtotal} ({} sprites) real {real_total} ({} sprites) hash {hash:016x}",
            random.len(),
            real.len()
        );
    }
    ExitCode::SUCCESS
}
