//! Every sprite size from 1×1 to 17×32 converts and replays to exactly the sprite.

use tetris_printer::{compare, Converter, Playfield, Sprite};

#[test]
fn every_size_round_trips() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = 0;
    for w in 1..=17usize {
        for h in 1..=32usize {
            let colours = 1 + rnd() % 3;
            let mut art = String::new();
            for _ in 0..h {
                // Random holes, but every row keeps a pixel (gap rows are invalid input)
                // and both border columns appear somewhere so the size is exactly w × h.
                let keep = (rnd() % w as u64) as usize;
                for c in 0..w {
                    let opaque = c == keep || c == 0 || c == w - 1 || rnd() % 3 != 0;
                    art.push(if opaque {
                        char::from(b'0' + (rnd() % colours) as u8)
                    } else {
                        '.'
                    });
                }
                art.push('\n');
            }
            let sprite = Sprite::from_ascii(&art).unwrap();
            assert_eq!((sprite.width(), sprite.height()), (w, h));
            // Pixels and RGBA agree with the art, and the RGBA reads back to the sprite.
            let pixels: Vec<_> = sprite.pixels().collect();
            assert_eq!(pixels.len(), w * h);
            let opaque = art.chars().filter(char::is_ascii_digit).count();
            assert_eq!(pixels.iter().flatten().count(), opaque);
            let rgba = sprite.to_rgba();
            assert_eq!(
                Sprite::from_rgba(w, h, &rgba).unwrap(),
                sprite,
                "{w}x{h}\n{art}"
            );
            for conv in [Converter::new(), Converter::greedy()] {
                let moves = conv.convert_to_vec(&sprite);
                let field =
                    Playfield::replay(&moves).unwrap_or_else(|e| panic!("{w}x{h}: {e}\n{art}"));
                compare(&field, &sprite).unwrap_or_else(|e| panic!("{w}x{h}: {e}\n{art}"));
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 17 * 32 * 2);
}
