//! Prints pixel art by playing Tetris.
//!
//! Give it a small sprite (at most 17 × 32 pixels, 3 colours) and it emits a list of
//! piece drops; played on an empty 21 × 42 playfield with ordinary line clears, exactly
//! the sprite is left standing. See `README.md` for the algorithm and the formats.

#![forbid(unsafe_code)]
#![warn(missing_debug_implementations)]

pub mod align;
#[cfg(feature = "cli")]
pub mod animate;
mod bits;
pub mod blocks;
pub mod convert;
#[cfg(feature = "search")]
pub mod exact;
pub mod moves;
#[cfg(feature = "fs")]
pub mod output;
pub mod pattern;
pub mod piece;

pub mod playfield;
pub mod printer;
#[cfg(feature = "image-io")]
pub mod render;
#[cfg(feature = "search")]
pub mod search;
pub mod sprite;
pub mod tables;

pub use align::{find_placement, Align, PlacementError, UnknownAlign};
pub use blocks::{parse_blocks, write_blocks, BlocksError};
pub use convert::{
    Block, BlockKind, ConvertError, ConvertStats, Converter, Passes, UnknownPasses, MAX_MOVES,
};
pub use moves::{
    moves_to_string, parse_moves, parse_moves_with_lines, write_moves, Move, MoveError, MoveReader,
    ParseError, ReadError,
};
#[cfg(feature = "fs")]
pub use output::{write_atomic, OutputError};
pub use pattern::{Emitter, Platform, Strip, StripSide};
pub use piece::{Piece, Shape, ShapeData, SHAPES};
pub use playfield::{DropError, Landing, Playfield, ReplayError, Row, FULL, HEIGHT, WIDTH};
pub use printer::{compare, Mismatch};
#[cfg(feature = "image-io")]
pub use render::{piece_color, render_field, RenderError};
pub use sprite::{Rgb, Sprite, SpriteError};

/// The README's examples run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
