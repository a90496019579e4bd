//! The article's block listing reads back into the same moves and the same field.

use tetris_printer::{parse_blocks, write_blocks, BlockKind, Converter, Playfield, Sprite};

fn sprites() -> Vec<Sprite> {
    [
        "0",
        "0.1\n012",
        // holes under pixels: platforms
        "0.0.0\n.1.1.\n22222",
        "..0..\n.000.\n00000\n0.0.0\n0...0",
        ".....000000.....\n...0011111100...\n0112222112222110\n...0222222220...",
    ]
    .iter()
    .map(|a| Sprite::from_ascii(a).unwrap())
    .collect()
}

#[test]
fn blocks_round_trip_to_the_same_moves_and_field() {
    for sprite in sprites() {
        for conv in [Converter::new(), Converter::greedy()] {
            let (moves, blocks) = conv.convert_blocks(&sprite);
            assert_eq!(moves, conv.convert_to_vec(&sprite));
            // Blocks tile the move list in order.
            let mut next = 0;
            for b in &blocks {
                assert_eq!(b.moves.start, next);
                next = b.moves.end;
            }
            assert_eq!(next, moves.len());
            let text = write_blocks(sprite.colors(), &moves, &blocks).unwrap();
            let (colors, back) = parse_blocks(&text).unwrap();
            assert_eq!(&colors[..sprite.colors().len()], sprite.colors());
            assert_eq!(back, moves, "listing:\n{text}");
            assert_eq!(
                Playfield::replay(&back).unwrap(),
                Playfield::replay(&moves).unwrap()
            );
        }
    }
}

#[test]
fn listing_shows_platforms_and_emitters() {
    // The top row's pixel is over a hole, with no other pixel of its row for its bar to
    // rest on: that row needs a platform.
    let sprite = Sprite::from_ascii("..0..\n0...0").unwrap();
    let (moves, blocks) = Converter::new().convert_blocks(&sprite);
    let kinds: Vec<BlockKind> = blocks.iter().map(|b| b.kind).collect();
    assert!(kinds.contains(&BlockKind::PlatformAdd), "{kinds:?}");
    assert_eq!(kinds.last(), Some(&BlockKind::PlatformRemove));
    let text = write_blocks(sprite.colors(), &moves, &blocks).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(first.split(' ').count(), 3, "three rrggbb colours: {first}");
    assert!(text.contains("# row 1: platform add"));
    // Every matrix row is 21 characters of `.` and letters.
    for l in text
        .lines()
        .skip(1)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        assert_eq!(l.len(), 21, "{l}");
        assert!(l.chars().all(|c| c == '.' || c.is_ascii_alphabetic()));
    }
    assert!(parse_blocks("zzzzzz\n").is_err());
    // The full row over one hole: a flipped emitter, no platform, 27 pieces for the row.
    let held = Sprite::from_ascii("000\n0.0").unwrap();
    let (moves, blocks) = Converter::new().convert_blocks(&held);
    assert!(blocks.iter().all(|b| b.kind != BlockKind::PlatformAdd));
    assert_eq!(moves.len(), Converter::new().convert_to_vec(&held).len());
}
