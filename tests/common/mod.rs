//! Helpers shared by the library's integration tests: the test sprites
//! (`sprites.rs`). The command-line tests and their process helpers are in cli/tests/.
#![allow(dead_code)]

pub mod sprites;
