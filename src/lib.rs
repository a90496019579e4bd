//! CRATE DOCS PLACEHOLDER

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

#[cfg(feature = "alloc")]
extern crate alloc;

#[cfg(feature = "animate")]
pub mod animate;
mod bits;
#[cfg(feature = "alloc")]
mod blocks;
mod convert;
mod echo;
#[cfg(feature = "search")]
#[doc(hidden)]
pub mod exact;
mod move_file;
mod move_list;
mod moves;
#[cfg(feature = "fs")]
pub mod output;
#[doc(hidden)]
pub mod pattern;
#[cfg(feature = "search")]
#[doc(hidden)]
pub mod pattern_text;
mod piece;
mod playfield;
mod printer;
#[cfg(feature = "image-io")]
pub mod render;
#[cfg(feature = "search")]
pub mod search;
mod sprite;
#[doc(hidden)]
pub mod tables;

#[cfg(feature = "alloc")]
pub use blocks::{parse_blocks, write_blocks, BlocksError, ParseBlocksError};
pub use convert::{
    Block, BlockKind, ConvertError, ConvertStats, Converter, Passes, UnknownPasses, MAX_MOVES,
    MAX_PIECES_PER_SQUARE, PLATFORM_PIECES,
};
pub use echo::{Echo, MAX_ECHO};
#[cfg(feature = "std")]
pub use move_file::{MoveReader, ReadError};
pub use move_file::MoveLines;
#[cfg(feature = "alloc")]
pub use move_file::{moves_to_string, parse_moves, parse_moves_with_lines};
pub use move_list::{CapacityError, MoveList};
pub use moves::{write_moves, Move, MoveError, ParseError, MAX_LINE};
#[cfg(feature = "fs")]
pub use output::{write_atomic, OutputError};
pub use piece::{Piece, Shape, ShapeData};
pub use playfield::{DropError, Landing, Playfield, ReplayError, Row, FULL, HEIGHT, WIDTH};
pub use printer::{compare, expected_field, Mismatch};
#[cfg(feature = "image-io")]
pub use render::{piece_color, render_field, RenderError};
#[cfg(feature = "image-io")]
pub use sprite::MAX_FILE_BYTES;
pub use sprite::{
    Pixels, Rgb, Sprite, SpriteError, ASCII_COLORS, MAX_ASCII_SIDE, MAX_COLORS, MAX_HEIGHT,
    MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_WIDTH,
};

/// The README's examples run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
