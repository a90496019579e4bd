//! Converts sprites over and over, for instruction-count profiling, where a noisy clock
//! cannot tell a 5 % change:
//!
//! ```text
//! cargo build --release --example convert_loop
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/convert_loop thorough 20 benches/sprites/*.png
//! ```
//!
//! A `.txt` sprite is read as ASCII art ([`Sprite::from_ascii`]), any other as an image.
//!
//! Run it with two counts (say 10 and 20) and divide the difference of the totals by
//! the difference of the counts: that is one conversion of every sprite given, without
//! start-up, image decoding and the tables' one-time indexes.

use std::process::ExitCode;

use tetris_printer::{Converter, Move, Planner, Shape, Sprite, Workspace, MAX_MOVES};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: convert_loop STRATEGY|direct|STRATEGY-direct[+ws] COUNT SPRITE.png|SPRITE.txt...";
    let (Some(passes), Some(count), paths) = (args.first(), args.get(1), args.get(2..)) else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    // `MODE+ws`: converted with a workspace (`Converter::convert_in`).
    let (passes, ws) = match passes.strip_suffix("+ws") {
        Some(p) => (p, true),
        None => (passes.as_str(), false),
    };
    let direct = passes == "direct" || passes.ends_with("-direct");
    let name = passes.strip_suffix("-direct").unwrap_or(passes);
    let name = if name == "direct" { "grouped" } else { name };
    let Ok(passes) = name.parse::<Planner>() else {
        eprintln!("unknown strategy {passes:?}; {usage}");
        return ExitCode::FAILURE;
    };
    let Ok(count) = count.parse::<usize>() else {
        eprintln!("COUNT must be a whole number, not {count:?}; {usage}");
        return ExitCode::FAILURE;
    };
    let mut sprites = Vec::new();
    for path in paths.unwrap_or_default() {
        match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| {
                if path.ends_with(".txt") {
                    let art = std::str::from_utf8(&bytes).map_err(|e| e.to_string())?;
                    Sprite::from_ascii(art).map_err(|e| e.to_string())
                } else {
                    Sprite::from_image_bytes(&bytes).map_err(|e| e.to_string())
                }
            }) {
            Ok(s) => sprites.push(s),
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let converter = Converter::with_planner(passes).with_direct(direct);
    let mut buf = vec![Move::new(Shape::ALL[0], 0).expect("valid"); MAX_MOVES];
    let mut workspace = Box::new(Workspace::new());
    let mut pieces = 0;
    for _ in 0..count {
        for s in &sprites {
            pieces += match ws {
                true => converter.convert_in(&mut workspace, s, &mut buf),
                false => converter.convert(s, &mut buf),
            }
            .expect("MAX_MOVES suffices");
        }
    }
    println!("{} sprites x {count}: {pieces} pieces", sprites.len());
    ExitCode::SUCCESS
}
