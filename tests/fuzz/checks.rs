//! The checks behind the fuzz targets (`fuzz/fuzz_targets/`), shared with
//! `tests/fuzz_corpus.rs` (which replays every saved input under
//! `tests/fuzz/corpus/<target>/` through them on stable Rust). They live in the library's
//! package, not in `fuzz/` (a package of its own), so that the published crate's test
//! builds. Each takes arbitrary bytes, must not panic, and panics (the fuzzer's "crash")
//! when a property fails.
#![allow(dead_code)]

use std::io::Cursor;

use tetris_printer::{
    compare, parse_blocks, parse_moves, parse_moves_with_lines, write_blocks, Converter, Move,
    MoveLines, MoveReader, Piece, Planner, Playfield, Shape, Sprite, HEIGHT, WIDTH,
};

/// Every pass strategy but the exact planner (seconds per sprite: far too slow for a
/// fuzzer; `src/exact/tests.rs` checks it on random sprites instead).
pub fn all_passes() -> impl Iterator<Item = Planner> {
    Planner::ALL.iter().copied().filter(|p| p.name() != "exact")
}

/// The move-file grammar as docs/formats.md states it, read here independently of the
/// crate: the moves of a valid text (as `J0 5`) with their line numbers, or the number of
/// the first line that is not a move, a comment or blank.
pub fn grammar(text: &str) -> Result<Vec<(String, usize)>, usize> {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut moves = Vec::new();
    let mut n = 0;
    while !rest.is_empty() {
        n += 1;
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = &rest[..end];
        rest = &rest[end..];
        rest = rest
            .strip_prefix("\r\n")
            .or_else(|| rest.strip_prefix(['\r', '\n']))
            .unwrap_or(rest);
        let body = line.trim_start_matches([' ', '\t']);
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if line.len() > 256 {
            return Err(n);
        }
        let words: Vec<&str> = body.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
        let (&[name, col], &[piece, rot]) = (&words[..], name_bytes(&words)) else {
            return Err(n);
        };
        // Widths of the orientations, as drawn in docs/spec.md.
        let widths: &[usize] = match piece {
            b'T' | b'J' | b'L' => &[3, 2, 3, 2],
            b'S' | b'Z' => &[3, 2],
            b'I' => &[4, 1],
            b'O' => &[2],
            _ => return Err(n),
        };
        let Some(&width) = rot
            .checked_sub(b'0')
            .and_then(|r| widths.get(usize::from(r)))
        else {
            return Err(n);
        };
        let plain =
            col == "0" || (col.bytes().all(|b| b.is_ascii_digit()) && !col.starts_with('0'));
        match col.parse::<usize>() {
            Ok(x) if plain && x <= 21 - width => moves.push((format!("{name} {x}"), n)),
            _ => return Err(n),
        }
    }
    Ok(moves)
}

/// The bytes of the first word when there are two words and it is two bytes long.
fn name_bytes<'a>(words: &[&'a str]) -> &'a [u8] {
    match words {
        [name, _] if name.len() == 2 => name.as_bytes(),
        _ => &[],
    }
}

/// Move files: the streaming reader and the string parser agree on any bytes (on invalid
/// UTF-8: up to the line holding the first invalid byte, which the reader refuses, as not
/// UTF-8 or, past a move line's limit, as too long), and both read text as [`grammar`]
/// does; what parses writes back and parses again to the same moves; errors echo a
/// bounded amount of the input, with no raw control character.
pub fn moves(data: &[u8]) {
    let streamed: Vec<Result<(Move, usize), String>> = MoveReader::new(data)
        .map(|r| r.map_err(|e| e.to_string()))
        .collect();
    let lines = |text: &str| -> Vec<Result<(Move, usize), String>> {
        MoveLines::new(text)
            .map(|r| r.map_err(|e| e.to_string()))
            .collect()
    };
    for e in streamed.iter().filter_map(|r| r.as_ref().err()) {
        assert!(e.len() < 400, "error message of {} bytes", e.len());
        assert!(
            !e.chars().any(char::is_control),
            "raw control character in {e:?}"
        );
    }
    match std::str::from_utf8(data) {
        Ok(text) => {
            assert_eq!(lines(text), streamed, "reader and parser disagree");
            let read = match streamed.iter().find_map(|r| r.as_ref().err()) {
                Some(e) => Err(e.clone()),
                None => Ok(streamed
                    .iter()
                    .flatten()
                    .map(|(m, line)| (m.to_string(), *line))
                    .collect::<Vec<_>>()),
            };
            match (grammar(text), read) {
                (Ok(want), Ok(got)) => assert_eq!(got, want, "the grammar's moves"),
                (Err(n), Err(e)) => assert!(
                    e.starts_with(&format!("line {n}: ")),
                    "the grammar refuses line {n}, the reader says {e:?}"
                ),
                (want, got) => panic!("the grammar says {want:?}, the reader {got:?}"),
            }
        }
        Err(bad) => {
            // The lines before the one holding the first invalid byte.
            let valid = &data[..bad.valid_up_to()];
            let cut = valid
                .iter()
                .rposition(|&b| b == b'\n' || b == b'\r')
                .map_or(0, |i| i + 1);
            let before = std::str::from_utf8(&data[..cut]).expect("valid up to there");
            let mut want = lines(before);
            let mut read = MoveLines::new(before);
            read.by_ref().for_each(drop);
            let n = read.lines_read() + 1;
            if want.iter().all(Result::is_ok) {
                let Some((Err(e), rest)) = streamed.split_last() else {
                    panic!("invalid UTF-8 in line {n} not refused: {streamed:?}");
                };
                let start = format!("line {n}: line is not UTF-8: `");
                let long = format!("line {n}: line is longer than 256 bytes");
                assert!(
                    e.starts_with(&start) || e.starts_with(&long),
                    "{e:?} should start with {start:?} or {long:?}"
                );
                assert_eq!(
                    rest,
                    &want[..],
                    "reader and parser disagree before line {n}"
                );
                want.clear();
            } else {
                assert_eq!(want, streamed, "reader and parser disagree");
            }
        }
    }
    if streamed.iter().all(Result::is_ok) {
        let list: Vec<(Move, usize)> = streamed.into_iter().map(Result::unwrap).collect();
        let moves: Vec<Move> = list.iter().map(|&(m, _)| m).collect();
        let mut last = 0;
        for &(m, line) in &list {
            assert!(last < line, "line numbers increase");
            last = line;
            assert!(
                Move::new(m.shape(), m.x()).is_some(),
                "{m} is inside the field"
            );
        }
        let text = tetris_printer::moves_to_string(&moves);
        assert_eq!(parse_moves(&text).unwrap(), moves);
        assert_eq!(parse_moves_with_lines(&text).unwrap().len(), moves.len());
    }
}

/// Block listings: whatever parses has three colours and moves inside the field; a listing
/// that replays writes back (as one block) and parses again to the same moves.
pub fn blocks(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (colors, moves) = match parse_blocks(text) {
        Ok(parsed) => parsed,
        Err(e) => {
            let e = e.to_string();
            assert!(
                !e.chars().any(char::is_control),
                "raw control character in {e:?}"
            );
            return;
        }
    };
    assert_eq!(colors.len(), 3);
    for m in &moves {
        assert!(
            Move::new(m.shape(), m.x()).is_some(),
            "{m} is inside the field"
        );
    }
    let lettered = text
        .split(['\n', '\r'])
        .skip(1)
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::bytes)
        .filter(u8::is_ascii_alphabetic)
        .count();
    assert_eq!(
        lettered,
        4 * moves.len(),
        "every lettered cell is one move's"
    );
    // Re-listed one piece a block (a block of one piece is always drawable).
    if Playfield::replay(&moves).is_ok() {
        let blocks: Vec<tetris_printer::Block> = (0..moves.len())
            .map(|i| tetris_printer::Block {
                kind: tetris_printer::BlockKind::Emitter,
                row: 0,
                moves: i..i + 1,
            })
            .collect();
        let again = write_blocks(&colors, &moves, &blocks).unwrap();
        let (c2, m2) = parse_blocks(&again).unwrap();
        assert_eq!((c2, m2), (colors, moves));
    }
}

/// Image files: a decoded sprite is within the limits and reads back from its text art.
pub fn sprite(data: &[u8]) {
    let Ok(s) = Sprite::from_image_bytes(data) else {
        return;
    };
    assert!((1..=17).contains(&s.width()) && (1..=32).contains(&s.height()));
    assert!((1..=3).contains(&s.colors().len()));
    let art = Sprite::from_ascii(&s.to_ascii()).unwrap();
    assert_eq!(art.to_ascii(), s.to_ascii());
    let _ = Sprite::read_from(Cursor::new(data), std::path::Path::new("fuzz"));
}

/// A sprite from bytes: width (1..=17), height (1..=32), then two bits a pixel (0 =
/// transparent, 1..=3 = colours). `None` when it is not a valid sprite.
pub fn sprite_from_bytes(data: &[u8]) -> Option<Sprite> {
    let (&w, rest) = data.split_first()?;
    let (&h, rest) = rest.split_first()?;
    let (w, h) = (usize::from(w % 17) + 1, usize::from(h % 32) + 1);
    let mut rgba = Vec::with_capacity(w * h * 4);
    for i in 0..w * h {
        let bits = rest.get(i / 4).map_or(0, |b| b >> (2 * (i % 4)) & 3);
        rgba.extend_from_slice(match bits {
            0 => &[0, 0, 0, 0],
            1 => &[200, 30, 30, 255],
            2 => &[30, 200, 30, 255],
            _ => &[30, 30, 200, 255],
        });
    }
    Sprite::from_rgba(w, h, &rgba).ok()
}

/// Conversion round trip: for every pass strategy, and with direct placement (the
/// default grouped planner's), the moves replay to exactly the sprite, and their block
/// listing parses back to the same moves; direct placement never needs more pieces than
/// the same planner without it.
pub fn convert(data: &[u8]) {
    let Some(sprite) = sprite_from_bytes(data) else {
        return;
    };
    let converters = all_passes()
        .map(Converter::with_planner)
        .chain([Converter::new().with_direct(true)]);
    for conv in converters {
        let passes = (conv.planner(), conv.direct());
        let moves = conv.convert_to_vec(&sprite);
        let field = Playfield::replay(&moves).unwrap_or_else(|e| panic!("{passes:?}: {e}"));
        if let Err(m) = compare(&field, &sprite) {
            panic!("{passes:?}: {m}\n{sprite:?}");
        }
        let (bm, blocks) = conv.convert_blocks(&sprite);
        assert_eq!(bm, moves, "{passes:?}");
        let text = write_blocks(sprite.colors(), &moves, &blocks).unwrap();
        let (_, back) = parse_blocks(&text).unwrap_or_else(|e| panic!("{passes:?}: {e}"));
        assert_eq!(back, moves, "{passes:?}");
        if conv.direct() {
            let without = Converter::with_planner(conv.planner())
                .stats(&sprite)
                .pieces;
            assert!(moves.len() <= without, "{passes:?}");
        }
    }
}

/// A plain grid model of the rules (hard drop, full rows removed with naive gravity).
struct Model {
    cells: [[Option<Piece>; WIDTH]; HEIGHT],
}

impl Model {
    /// Drops `m`; `false` (and no change) when it is out of the field or over the top.
    fn drop(&mut self, m: Move) -> bool {
        let cells = m.shape().data().cells;
        let fits = |y: usize| {
            cells.iter().all(|&(dx, dy)| {
                let (x, y) = (m.x() + usize::from(dx), y + usize::from(dy));
                x < WIDTH && (y >= HEIGHT || self.cells[y][x].is_none())
            })
        };
        if m.x() + m.shape().width() > WIDTH {
            return false;
        }
        // From above the field down, while the next row is free.
        let mut y = HEIGHT;
        while y > 0 && fits(y - 1) {
            y -= 1;
        }
        if y + m.shape().height() > HEIGHT {
            return false;
        }
        for &(dx, dy) in &cells {
            self.cells[y + usize::from(dy)][m.x() + usize::from(dx)] = Some(m.piece());
        }
        let kept: Vec<_> = self
            .cells
            .iter()
            .filter(|r| r.iter().any(Option::is_none))
            .copied()
            .collect();
        self.cells = [[None; WIDTH]; HEIGHT];
        self.cells[..kept.len()].copy_from_slice(&kept);
        true
    }
}

/// Playfield replay: moves from pairs of bytes (any shape, any column, also outside the
/// field) agree with the grid model cell for cell, and no function panics.
pub fn playfield(data: &[u8]) {
    let mut field = Playfield::new();
    let mut model = Model {
        cells: [[None; WIDTH]; HEIGHT],
    };
    let mut played = Vec::new();
    for pair in data.chunks_exact(2) {
        let Some(shape) = Shape::from_index(usize::from(pair[0] % 19)) else {
            continue;
        };
        let x = usize::from(pair[1] % 24);
        let Some(m) = Move::new(shape, x) else {
            assert!(x + shape.width() > WIDTH);
            continue;
        };
        let _ = field.landing_row(m);
        let _ = m.mirrored();
        let before = field.clone();
        let ok = field.drop_piece(m).is_ok();
        assert_eq!(ok, model.drop(m), "{m} on\n{before:?}");
        if !ok {
            assert_eq!(field, before, "a failed drop changes nothing");
            continue;
        }
        played.push(m);
        for y in 0..=HEIGHT {
            let mut mask = 0;
            for x in 0..=WIDTH {
                let got = field.get(x, y);
                let want = model.cells.get(y).and_then(|r| r.get(x).copied().flatten());
                assert_eq!(got, want, "cell ({x}, {y}) after {m}");
                if got.is_some() {
                    mask |= 1 << x;
                }
            }
            assert_eq!(field.row(y), mask);
        }
        assert_eq!(field.heights().len(), WIDTH);
        for (x, h) in field.heights().enumerate() {
            let top = (0..HEIGHT).rev().find(|&y| field.get(x, y).is_some());
            assert_eq!(h, top.map_or(0, |y| y + 1), "column {x}");
            assert_eq!(field.height(x), h);
        }
        assert_eq!(field.height(WIDTH), 0);
    }
    assert_eq!(Playfield::replay(&played).as_ref(), Ok(&field));
}

/// Fitting (`tetris_printer::fit`): any bytes, as an image file (first byte even) or as
/// RGBA pixels of a small image whose width the second byte gives (odd), with options
/// from the first byte, either fit into a sprite within the options that prints (the
/// default planner's moves replay to exactly it), the same sprite each time, or are
/// refused with an error; an image that already is a sprite within the options comes
/// back as it is.
pub fn fit(data: &[u8]) {
    use tetris_printer::fit::{self, Background, FitOptions, Gaps};
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let opts = FitOptions {
        alpha: (mode >> 1) | 1,
        background: match mode >> 4 & 3 {
            0 => Background::Auto,
            1 => Background::None,
            _ => Background::Color(tetris_printer::Rgb::new(mode, 0, 255)),
        },
        colors: usize::from(mode >> 2 & 3).clamp(1, 3),
        size: (usize::from(mode % 17) + 1, usize::from(mode % 32) + 1),
        gaps: if mode >> 6 & 1 == 0 {
            Gaps::Bridge
        } else {
            Gaps::Close
        },
    };
    let run = || {
        if mode & 1 == 0 {
            fit::fit_image_bytes(rest, &opts)
        } else {
            let (&w, pixels) = rest.split_first().unwrap_or((&1, &[]));
            let w = usize::from(w % 64) + 1;
            let h = pixels.len() / 4 / w;
            fit::fit_rgba(w, h, &pixels[..w * h * 4], &opts)
        }
    };
    let Ok(fitted) = run() else {
        return;
    };
    let s = fitted.sprite;
    assert!(
        s.width() <= opts.size.0 && s.height() <= opts.size.1,
        "{s:?} {opts:?}"
    );
    assert!(s.colors().len() <= opts.colors, "{s:?} {opts:?}");
    assert_eq!(
        run().map(|f| f.sprite).ok(),
        Some(s),
        "not the same sprite twice"
    );
    if mode & 1 == 0 {
        if let Ok(plain) = Sprite::from_image_bytes(rest) {
            if plain.width() <= opts.size.0
                && plain.height() <= opts.size.1
                && plain.colors().len() <= opts.colors
            {
                assert_eq!(plain, s, "a sprite that fits was changed");
                assert!(fitted.report.unchanged);
            }
        }
    }
    let moves = Converter::new().convert_to_vec(&s);
    let field = Playfield::replay(&moves).expect("the moves replay");
    compare(&field, &s).expect("the moves print the fitted sprite");
}
