//! Prints pixel art by playing Tetris: sprite in, verified piece drops out.
//!
//! Give it a small sprite (at most 17 × 32 pixels, at most 3 colours) and it emits a list
//! of piece drops; played in order on an empty 21 × 42 playfield with ordinary line
//! clears, they leave exactly the sprite standing. It is a re-implementation of the 2013
//! *Tetris Printer Algorithm*; the patterns it plays are found by an exhaustive searcher,
//! checked by simulation at build time and compiled into static tables, so a conversion
//! never allocates and the core needs neither `std` nor `alloc`. The rules are in
//! `docs/spec.md` in the repository, the design in `docs/how-it-works.md`.
//!
//! # From a PNG to a move file
//!
//! With the `image-io` feature, `Sprite::from_image_bytes` (or `Sprite::open` for a
//! path) reads any image the `image` crate decodes; the moves, one a line (`J0 5`), are
//! the file `tetris-printer convert` writes:
//!
//! ```
//! # #[cfg(feature = "image-io")] {
//! use tetris_printer::{moves_to_string, Converter, Sprite};
//!
//! let png = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/sprites/01_smiley16.png"));
//! let sprite = Sprite::from_image_bytes(png)?;
//! let moves = Converter::new().convert_to_vec(&sprite);
//! let text = moves_to_string(&moves);
//! assert_eq!(text.lines().count(), moves.len());
//! print!("{text}"); // or std::fs::write("smiley.txt", text)?
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Streaming, with no buffer at all
//!
//! [`Converter::for_each_move`] hands over one [`Move`] at a time, in drop order:
//!
//! ```
//! use tetris_printer::{Converter, Sprite};
//!
//! let sprite = Sprite::from_ascii("
//!     .00.
//!     0120
//!     .22.
//! ")?;
//! let mut pieces = 0;
//! Converter::new().for_each_move(&sprite, |m| {
//!     // One drop, e.g. `J0 5`: spawn a J, turn it to orientation 0, move its left
//!     // column to 5, hard-drop. An LED toy would animate it here.
//!     assert!(m.x() <= 20);
//!     pieces += 1;
//! })?;
//! assert!(pieces > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`Converter::convert_into`] fills a [`MoveList`] (fixed capacity, no heap), and with
//! the `alloc` feature `Converter::convert_to_vec` returns a `Vec`. [`Planner`] picks
//! how rows are split: [`Planner::Grouped`] (the default: covers from static tables,
//! then a small bounded search over fixed groupings), [`Planner::Thorough`] (a larger
//! bounded search at run time over every cover and grouping, a few pieces fewer),
//! [`Planner::Optimal`] or [`Planner::Greedy`] (the article's; greedy is the fastest).
//! [`Converter::with_direct`] goes beyond the article: it also drops whole J, T and L
//! pieces onto pixels of their colour where that saves pieces (a solid 17 × 32 sprite
//! in 136 pieces, one per four pixels), still without the heap or a search and never
//! with more pieces than without it. With the `search` feature, `Planner::Exact` is the
//! yardstick: the fewest pieces the printing rules allow for each row, found by a
//! search that allocates. `docs/results.md` in the repository has the piece counts of
//! each.
//!
//! Which to pick: `Converter::new()` where time or memory is short (a microcontroller,
//! a server converting on request): microseconds a sprite, a stated bound on its work, no
//! heap. `Converter::new().with_direct(true)` for the fewest pieces at hand, what the
//! `tetris-printer` command line prints by default: tenths of a second a sprite, best
//! with a [`Workspace`] ([`Converter::convert_in`]). `Planner::Exact` to measure the
//! others against.
//!
//! # Replaying and comparing
//!
//! [`Playfield`] plays moves by the rules (hard drop, naive-gravity line clears);
//! [`compare`] checks a field against a sprite and names the first wrong cell.
//!
//! ```
//! use tetris_printer::{compare, Converter, MoveList, Planner, Playfield, Sprite};
//!
//! let sprite = Sprite::from_ascii("
//!     1.1
//!     222
//! ")?;
//! let mut moves: MoveList = MoveList::new();
//! Converter::with_planner(Planner::Greedy).convert_into(&sprite, &mut moves)?;
//!
//! let field = Playfield::replay(&moves)?;
//! compare(&field, &sprite)?;
//!
//! // One move fewer, and the print is wrong; the error names the first wrong cell
//! // (rows bottom to top, each left to right), e.g. `cell (3, 0): expected empty, found I`.
//! let field = Playfield::replay(&moves[..moves.len() - 1])?;
//! let mismatch = compare(&field, &sprite).unwrap_err();
//! assert_ne!(mismatch.expected, mismatch.found);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Reading a move file
//!
//! One move a line, `<piece><orientation> <x>` as in `J0 5`; blank lines and lines
//! whose first non-blank character is `#` are comments. [`MoveLines`] reads text in
//! memory without allocating (`MoveReader` reads any `BufRead` with `std`,
//! `parse_moves` collects with `alloc`); errors name the line and quote it.
//!
//! ```
//! use tetris_printer::{MoveLines, Playfield};
//!
//! let file = "# one J, standing on the floor\nJ0 5\n";
//! let mut field = Playfield::new();
//! for line in MoveLines::new(file) {
//!     let (m, _line_number) = line?;
//!     field.drop_piece(m)?;
//! }
//! assert_eq!(field.stack_height(), 2);
//!
//! let err = MoveLines::new("J0 5\nJ0 19\n").find_map(Result::err).unwrap();
//! assert_eq!(
//!     err.to_string(),
//!     "line 2: J0 at column 19 sticks out of the 21-wide field (x must be 0..=18)"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! | feature | default | needs | adds |
//! |---|---|---|---|
//! | *(none)* | | `core` only | [`Converter`] (`for_each_move`, `convert_into`, `convert`, `convert_in` with a [`Workspace`], `stats`), [`Playfield`], [`compare`], [`Move`] parsing and formatting, [`MoveLines`], [`MoveList`], [`Sprite::from_rgba`], [`Sprite::from_ascii`], [`Sprite::pixels`], and their typed errors |
//! | `alloc` | (by `std`) | `alloc` | `Vec` and `String` conveniences: `parse_moves`, `parse_moves_with_lines`, `moves_to_string`, `Converter::convert_to_vec` and `convert_blocks`, the block listing (`write_blocks`, `parse_blocks`), `Sprite::to_rgba` and `to_ascii` |
//! | `std` | yes | `std`, `alloc` | `MoveReader` over `std::io::BufRead` |
//! | `image-io` | | `std`; `image`, `png`, `gif` | `Sprite::open`, `Sprite::read_from`, `Sprite::from_image_bytes` (every format of the `image` crate's PNG, GIF, BMP, ICO, JPEG, TGA, TIFF, WebP, PNM, QOI), `render`: the field as PNG bytes |
//! | `animate` | | `image-io` | `animate`: the print as an animated GIF, into any `std::io::Write` |
//! | `search` | | `std`; `tetris-printer-search`, `rand`, `rand_chacha`, `bitvec` | `search`: the pattern searcher (the `tetris-printer-search` crate); `Planner::Exact`, the exhaustive per-row planner |
//! | `regenerate` | | | the build runs the searcher for the patterns instead of reading them from `pattern-src/` (same tables; the covers still come from `pattern-src/covers.txt`) |
//!
//! With the default features the crate depends only on `phf`, `thiserror` and
//! `tetris-printer-core` (the pieces, the playfield and the pattern records it shares
//! with the table generator its build runs; re-exported here). With
//! `default-features = false` and no feature it needs neither `std` nor `alloc` and builds
//! for targets such as `thumbv7em-none-eabihf`. The library writes no files: `render`
//! and `animate` produce bytes, and the `tetris-printer` command line (the
//! `tetris-printer-cli` package in `cli/`) writes them safely (temp file + rename).
//!
//! # Integer types
//!
//! Every coordinate, size, index and count the API takes or returns is a `usize`: the
//! columns, rows, widths and heights of a sprite, a shape and the field
//! ([`Sprite::from_rgba`], [`Sprite::cell`], [`Move::new`], [`Move::x`],
//! [`Shape::width`], [`Landing::y`], [`Playfield::height`], [`WIDTH`], [`MAX_WIDTH`]),
//! orientations and shape indexes ([`Shape::new`], [`Shape::index`]) and counts
//! ([`Landing::lines`], [`Playfield::pieces`], [`ConvertStats`]). Storage stays compact
//! (a [`Move`] is two bytes, so a [`MoveList`] of [`MAX_MOVES`] stays small), and
//! converts at the API. Bit masks stay unsigned masks ([`Playfield::row`],
//! [`Landing::cleared`]), colours and colour numbers stay `u8` ([`Rgb`],
//! [`Sprite::cell`]'s value), and an image file's header size is the `image` crate's
//! `u32` ([`limits::MAX_IMAGE_SIDE`]).
//!
//! Everything that can fail returns a typed error implementing [`core::error::Error`];
//! the core's errors (all but those of file and image I/O) hold no heap data, and echo
//! bad input cut to [`limits::MAX_ECHO`] characters ([`limits::MAX_ECHO_BYTES`] bytes). No public
//! function panics on input its types allow.

#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

#[cfg(feature = "alloc")]
extern crate alloc;
// The unit tests that include the integration tests' shared helpers
// (`tests/common/`) name the crate as they do.
#[cfg(test)]
extern crate self as tetris_printer;

pub mod align;
#[cfg(feature = "animate")]
pub mod animate;
mod bits;
#[cfg(feature = "alloc")]
mod blocks;
mod convert;
#[cfg(feature = "search")]
use tetris_printer_core::cover_text;
#[cfg(feature = "search")]
pub mod covers;
pub use tetris_printer_core::echo;
#[cfg(all(test, feature = "search"))]
mod exact;
use tetris_printer_core::field;
#[cfg(feature = "image-io")]
pub mod fit;
mod move_file;
mod move_list;
use tetris_printer_core::moves;
use tetris_printer_core::pattern;
#[cfg(all(test, feature = "search"))]
use tetris_printer_core::pattern_text;
use tetris_printer_core::piece;
use tetris_printer_core::playfield;
mod printer;
#[cfg(feature = "image-io")]
pub mod render;
#[cfg(feature = "search")]
pub use tetris_printer_search as search;
#[cfg(all(test, feature = "search"))]
mod search_docs;
mod sprite;
mod tables;
#[cfg(test)]
mod xorshift;

// The vocabulary: what a program that converts, replays and checks prints names. Bounds
// are in `limits`, pictures in `render` and `animate`, the searcher in `search`.
pub use align::{Align, PlacementError, UnknownAlign};
#[cfg(feature = "alloc")]
pub use blocks::{parse_blocks, write_blocks, BlocksError, ParseBlocksError};
pub use convert::{
    Block, BlockKind, ConvertError, ConvertStats, Converter, Planner, UnknownPlanner, Workspace,
    MAX_MOVES,
};
pub use field::{HEIGHT, WIDTH};
pub use move_file::MoveLines;
#[cfg(feature = "alloc")]
pub use move_file::{moves_to_string, parse_moves, parse_moves_with_lines};
#[cfg(feature = "std")]
pub use move_file::{MoveReader, ReadError};
pub use move_list::{CapacityError, MoveList};
pub use moves::{write_moves, Move, MoveError, ParseError};
pub use piece::{Piece, Shape};
pub use playfield::{DropError, Landing, Playfield, ReplayError};
pub use printer::{compare, expected_field, Mismatch};
pub use sprite::{
    Pixels, Rgb, Sprite, SpriteError, ASCII_COLORS, MAX_COLORS, MAX_HEIGHT, MAX_WIDTH,
};

pub mod limits {
    //! Every bound the crate enforces, in one place: the field, the sprite, the inputs
    //! (image files, text art, move lines) and the outputs (moves, echoed text). The
    //! field's and the sprite's sizes and [`MAX_MOVES`] are also at the crate root.

    pub use crate::convert::{MAX_MOVES, MAX_PIECES_PER_SQUARE, PLATFORM_PIECES};
    pub use crate::echo::{MAX_ECHO, MAX_ECHO_BYTES};
    pub use crate::field::{HEIGHT, WIDTH};
    pub use crate::moves::MAX_LINE;
    pub use crate::sprite::{
        MAX_ASCII_SIDE, MAX_COLORS, MAX_HEIGHT, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, MAX_WIDTH,
    };
    #[cfg(feature = "image-io")]
    pub use crate::sprite::{MAX_DECODE_BYTES, MAX_FILE_BYTES};
}

/// The README's examples run as doc tests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
