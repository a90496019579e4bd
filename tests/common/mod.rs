//! Helpers shared by the library's integration tests: the test sprites
//! (`sprites.rs`). The command-line tests and their process helpers are in cli/tests/.
#![allow(dead_code)]

pub mod sprites;

use tetris_printer::{Converter, Move, Shape, Sprite};

/// Pieces `c` needs for `sprites`, converted on a new thread with a `stack`-byte stack
/// and a 4,096-move buffer on that stack (a microcontroller's budget). An overflow
/// aborts the test binary: that is the failure.
pub fn pieces_on_stack(stack: usize, c: Converter, sprites: &[Sprite]) -> usize {
    let sprites = sprites.to_vec();
    std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || {
            let mut buf = [Move::new(Shape::ALL[0], 0).expect("a valid move"); 4096];
            sprites
                .iter()
                .map(|s| c.convert(s, &mut buf).expect("4,096 moves suffice"))
                .sum::<usize>()
        })
        .expect("a thread")
        .join()
        .expect("the conversions on the thread")
}
