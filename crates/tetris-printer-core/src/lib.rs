//! What `tetris-printer` and its table generator (`tetris-printer-gen`, run by the
//! library's build script) share: the pieces, the field and its simulation, moves and how
//! they are read and shown, the pattern records, the layout of the tables' indexes and,
//! with the `text` feature, the text formats of `pattern-src/`.
//!
//! It is one crate so that the build checks every pattern with the very code that plays
//! them at run time, without including library files by path. `tetris-printer`
//! re-exports what is its API (the pieces, moves, the playfield, `echo`); the rest is
//! internal to the project and may change in any release: depend on `tetris-printer`.
//! Without features the crate needs neither `std` nor `alloc`.

#![cfg_attr(not(feature = "std"), no_std)]
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]

#[cfg(feature = "text")]
pub mod cover_text;
pub mod echo;
pub mod field;
pub mod layout;
pub mod moves;
pub mod pattern;
#[cfg(feature = "text")]
pub mod pattern_text;
pub mod piece;
pub mod playfield;
