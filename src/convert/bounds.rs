//! The converter's proven bounds on pieces: a platform's, a pixel's at most, and so a
//! whole print's ([`MAX_MOVES`]).

use crate::sprite::{MAX_HEIGHT, MAX_WIDTH};

/// Pieces in every platform pattern: the T2, 19 more "add" pieces and the "remove"
/// piece, filling 4 rows of 21 cells (84 cells = 21 pieces).
pub const PLATFORM_PIECES: usize = 21;

/// The most pieces any emitter pattern spends per square it emits: a lone square whose
/// pattern needs 7 rows costs (7·21 + 1)/4 = 37 pieces. Every other pattern is cheaper
/// per square (at most 32 for two squares, 33 for six), so however a row's pixels are
/// split into passes, the row costs at most 37 pieces per pixel.
pub const MAX_PIECES_PER_SQUARE: usize = 37;

/// A proven upper bound on the moves [`Converter::convert`](crate::Converter::convert) writes for any valid sprite,
/// whatever the [`Planner`](crate::Planner): at most [`MAX_HEIGHT`] = 32 rows, each with at most one
/// platform ([`PLATFORM_PIECES`] = 21) and at most [`MAX_WIDTH`] = 17 pixels costing at
/// most [`MAX_PIECES_PER_SQUARE`] = 37 pieces each:
/// 32 × (21 + 17 × 37) = 32 × 650 = **20,800**.
/// A buffer this long never makes [`ConvertError::BufferTooSmall`](crate::ConvertError::BufferTooSmall).
pub const MAX_MOVES: usize = MAX_HEIGHT * (PLATFORM_PIECES + MAX_WIDTH * MAX_PIECES_PER_SQUARE);

#[cfg(test)]
mod tests {
    use super::*;

    /// [`MAX_MOVES`]'s docs work out its value from the constants it is made of.
    #[test]
    fn the_docs_state_the_bound() {
        use crate::convert::doc_figures::{assert_says, thousands};
        let (h, w, p, s) = (
            MAX_HEIGHT,
            MAX_WIDTH,
            PLATFORM_PIECES,
            MAX_PIECES_PER_SQUARE,
        );
        let row = p + w * s;
        let stated = format!(
            "{h} × ({p} + {w} × {s}) = {h} × {row} = **{}**",
            thousands(MAX_MOVES as u64)
        );
        assert_says("convert/bounds.rs", include_str!("bounds.rs"), &stated);
    }

    /// The derivation of `MAX_MOVES` rests on two facts about the tables.
    #[test]
    fn max_moves_derivation_holds_for_the_tables() {
        assert_eq!(MAX_MOVES, 20_800);
        assert_eq!(
            MAX_MOVES,
            MAX_HEIGHT * (PLATFORM_PIECES + MAX_WIDTH * MAX_PIECES_PER_SQUARE)
        );
        assert_eq!(crate::tables::EMITTERS.len(), 1872);
        let mut worst_per_square = 0;
        for e in crate::tables::EMITTERS.values() {
            assert!(
                e.pieces() <= usize::from(e.n) * MAX_PIECES_PER_SQUARE,
                "{e:?}"
            );
            worst_per_square = worst_per_square.max(e.pieces().div_ceil(usize::from(e.n)));
        }
        assert_eq!(
            worst_per_square, MAX_PIECES_PER_SQUARE,
            "the bound is tight"
        );
        for p in &crate::tables::PLATFORMS {
            assert!(p.pieces() <= PLATFORM_PIECES, "{p:?}");
        }
    }
}
