//! The random set: a fixed-seed set of random sprites (1–17 × 1–32, 1–3 colours;
//! noise, solid blocks, outlines and runs; every row holds a pixel), the same on every
//! machine (xorshift from a fixed seed). `examples/pieces.rs` prints its totals and
//! `tests/pieces.rs` guards them; both include this file with `#[path]`.

use tetris_printer::Sprite;

/// Sprites of the random set.
pub const RANDOM_SPRITES: usize = 3000;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The next sprite of the random set.
fn random_sprite(rng: &mut Rng) -> Sprite {
    let w = 1 + rng.below(17) as usize;
    let h = 1 + rng.below(32) as usize;
    let colours = 1 + rng.below(3);
    let kind = rng.below(4);
    let density = 1 + rng.below(4); // of 4
    let mut art = String::new();
    for r in 0..h {
        let mut line: Vec<char> = (0..w)
            .map(|c| {
                let on = match kind {
                    0 => rng.below(4) < density,                            // noise
                    1 => true,                                              // solid
                    2 => r == 0 || r == h - 1 || c == 0 || c == w - 1,      // outline
                    _ => (c / (1 + (r % 3))) % 2 == 0 || rng.below(8) == 0, // runs
                };
                if on {
                    char::from(b'0' + rng.below(colours) as u8)
                } else {
                    '.'
                }
            })
            .collect();
        if line.iter().all(|&c| c == '.') {
            line[rng.below(w as u64) as usize] = '0';
        }
        art.extend(line);
        art.push('\n');
    }
    Sprite::from_ascii(&art).expect("random sprites are valid")
}

/// The random set, all [`RANDOM_SPRITES`] of it.
pub fn random_set() -> Vec<Sprite> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    (0..RANDOM_SPRITES)
        .map(|_| random_sprite(&mut rng))
        .collect()
}
