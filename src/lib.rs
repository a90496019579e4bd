//! Prints pixel art by playing Tetris.
//!
//! Give it a small sprite (at most 17 × 32 pixels, 3 colours) and it emits a list of
//! piece drops; played on an empty 21 × 42 playfield with ordinary line clears, exactly
//! the sprite is left standing. See `README.md` for the algorithm and the formats.

#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

pub mod moves;
pub mod pattern;
pub mod piece;
pub mod playfield;
#[cfg(feature = "search")]
pub mod search;
pub mod sprite;

pub use moves::{
    moves_to_string, parse_moves, parse_moves_with_lines, write_moves, Move, MoveError, ParseError,
};
pub use pattern::{Emitter, Platform};
pub use piece::{Piece, Shape, ShapeData, SHAPES};
pub use playfield::{DropError, Landing, Playfield, ReplayError, Row, FULL, HEIGHT, WIDTH};
pub use sprite::{Rgb, Sprite, SpriteError};
