//! Why a sprite could not be converted.

/// Why a sprite could not be converted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConvertError {
    /// The output slice is too short. Nothing is lost: `needed` is the exact count, so
    /// retry with a slice that long (or [`MAX_MOVES`](crate::MAX_MOVES) for any sprite).
    #[error("the output buffer holds {capacity} moves; this sprite needs {needed}")]
    BufferTooSmall {
        /// Moves the sprite needs.
        needed: usize,
        /// Moves the buffer holds.
        capacity: usize,
    },
    /// The compiled tables lack the emitter pattern for `key`: a bug in the build.
    #[error(
        "no emitter pattern for key {key:#07x} (row {row}): the pattern tables are incomplete"
    )]
    MissingEmitter {
        /// The emitter key (bottom-row cells of the triples).
        key: u32,
        /// The sprite row (0 = bottom).
        row: usize,
    },
    /// The compiled tables lack the platform with bar centre `centre`: a bug in the build.
    #[error("no platform with bar centre {centre} (row {row}): the pattern tables are incomplete")]
    MissingPlatform {
        /// The bar centre.
        centre: u8,
        /// The sprite row (0 = bottom).
        row: usize,
    },
}
