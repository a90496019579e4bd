//! Sprites for the converter's property tests (`convert.rs`, `exact.rs`, `align.rs`).

use proptest::prelude::*;
use tetris_printer::{Sprite, ASCII_COLORS};

/// A sprite from rows of colour indexes (top row first; `None` is transparent).
pub fn sprite(rows: &[Vec<Option<u8>>]) -> Sprite {
    let h = rows.len();
    let w = rows[0].len();
    let mut rgba = vec![0u8; w * h * 4];
    for (y, row) in rows.iter().enumerate() {
        for (x, &p) in row.iter().enumerate() {
            if let Some(c) = p {
                let rgb = ASCII_COLORS[usize::from(c)];
                rgba[(y * w + x) * 4..][..4].copy_from_slice(&[rgb.r, rgb.g, rgb.b, 255]);
            }
        }
    }
    Sprite::from_rgba(w, h, &rgba).expect("test sprites are valid")
}

/// Random sprites up to `max_w` × `max_h`: 1–3 colours, holes of any density, every row
/// with at least one pixel (docs/spec.md §3 forbids gap rows).
pub fn sprites(max_w: usize, max_h: usize) -> impl Strategy<Value = Sprite> {
    (1..=max_w, 1..=max_h, 1..=3u8, 0.0..1.0f64)
        .prop_flat_map(|(w, h, colours, holes)| {
            let pixel = proptest::option::weighted(1.0 - holes * 0.9, 0..colours);
            (
                proptest::collection::vec(proptest::collection::vec(pixel, w), h),
                proptest::collection::vec(0..w, h),
                0..colours,
            )
        })
        .prop_map(|(mut rows, fill, colour)| {
            for (row, x) in rows.iter_mut().zip(fill) {
                if row.iter().all(Option::is_none) {
                    row[x] = Some(colour);
                }
            }
            sprite(&rows)
        })
}
