//! The real-sprite set (`tests/sprites/real/`, issue #17): every sprite is a valid
//! sprite, and the default converter prints each exactly (replayed and compared), at the
//! default placement and at `Align::Best`, which never costs more.

#![cfg(feature = "image-io")]

use tetris_printer::{compare, Align, Converter, Playfield, Sprite};

#[path = "common/real_set.rs"]
mod real_set;
use real_set::{files, CATEGORIES};

#[test]
fn every_real_sprite_converts_and_replays_exactly() {
    let c = Converter::new();
    let mut total = 0;
    for (category, count) in CATEGORIES {
        let paths = files(category);
        assert_eq!(paths.len(), count, "{category}");
        for p in paths {
            let s = Sprite::open(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            assert!(s.width() <= 17 && s.height() <= 32 && s.colors().len() <= 3);
            let mut pieces = [0; 2];
            for (placed, n) in [s, c.place(&s, Align::Best)].into_iter().zip(&mut pieces) {
                let moves = c.convert_to_vec(&placed);
                let field =
                    Playfield::replay(&moves).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                if let Err(m) = compare(&field, &placed) {
                    panic!("{} at x0 = {}: {m}", p.display(), placed.x0());
                }
                *n = moves.len();
            }
            assert!(pieces[1] <= pieces[0], "{}: best {pieces:?}", p.display());
            total += 1;
        }
    }
    assert_eq!(total, 569);
}
