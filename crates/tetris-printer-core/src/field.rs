//! The playfield's size: the one fact moves, the playfield and every planner share, kept
//! below them all so that imports point down only.

/// Columns, x = 0..20 left to right.
pub const WIDTH: usize = 21;
/// Rows, y = 0 (bottom) ..41 (top).
pub const HEIGHT: usize = 42;
