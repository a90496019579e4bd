//! What a conversion costs, counted.

/// What a conversion costs, counted without producing the moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ConvertStats {
    /// Moves (pieces dropped) in all.
    pub pieces: usize,
    /// Sprite rows printed.
    pub rows: usize,
    /// Rows that needed a platform.
    pub platforms: usize,
    /// Emitter patterns played (passes over all rows).
    pub passes: usize,
    /// Pieces dropped directly onto pixels of their colour ([`Converter::with_direct`](crate::Converter::with_direct)),
    /// counted in `pieces` too.
    pub direct: usize,
}
