//! Sprite loading and validation (docs/spec.md §3): every error, trimming, color numbering,
//! placement, text art, and (with `image-io`) real image files.

use proptest::prelude::*;
use tetris_printer::limits::{MAX_ASCII_SIDE, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE};
use tetris_printer::{Rgb, Sprite, SpriteError};
use tetris_printer::{ASCII_COLORS, MAX_COLORS, MAX_HEIGHT, MAX_WIDTH};

/// A w x h RGBA buffer from a per-pixel function.
fn rgba(w: usize, h: usize, f: impl Fn(usize, usize) -> [u8; 4]) -> Vec<u8> {
    (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .flat_map(|(x, y)| f(x, y))
        .collect()
}

/// RGBA buffer for text art with `.` transparent and digits indexing `colors`, surrounded by
/// `pad` transparent pixels on every side.
fn art_rgba(art: &[&str], colors: &[Rgb], pad: usize) -> (usize, usize, Vec<u8>) {
    let w = art[0].len() + 2 * pad;
    let h = art.len() + 2 * pad;
    let buf = rgba(w, h, |x, y| {
        let inside = x >= pad && y >= pad && x < w - pad && y < h - pad;
        let ch = if inside {
            art[y - pad].as_bytes()[x - pad]
        } else {
            b'.'
        };
        match ch {
            b'.' => [7, 7, 7, 0],
            d => {
                let c = colors[(d - b'0') as usize];
                [c.r, c.g, c.b, 255]
            }
        }
    });
    (w, h, buf)
}

const RED: Rgb = Rgb::new(0xff, 0, 0);
const GREEN: Rgb = Rgb::new(0, 0xff, 0);
const BLUE: Rgb = Rgb::new(0, 0, 0xff);
const GREY: Rgb = Rgb::new(0xaa, 0xbb, 0xcc);

#[test]
fn constants_match_spec() {
    assert_eq!((MAX_WIDTH, MAX_HEIGHT, MAX_COLORS), (17, 32, 3));
    assert_eq!(MAX_IMAGE_SIDE, 8192);
    assert_eq!(MAX_IMAGE_PIXELS, 8192 * 8192);
}

#[test]
fn rgb_display() {
    assert_eq!(GREY.to_string(), "aabbcc");
    assert_eq!(Rgb::new(1, 2, 3).to_string(), "010203");
}

#[test]
fn trims_transparent_borders() {
    let art = [".1.", "102", "1.."];
    let (w, h, buf) = art_rgba(&art, &[RED, GREEN, BLUE], 4);
    let padded = Sprite::from_rgba(w, h, &buf).unwrap();
    let (w, h, buf) = art_rgba(&art, &[RED, GREEN, BLUE], 0);
    let tight = Sprite::from_rgba(w, h, &buf).unwrap();
    assert_eq!(padded, tight);
    assert_eq!((padded.width(), padded.height()), (3, 3));
    // Uneven borders, including a transparent column inside the bounding box.
    let art = ["......", "..0.0.", "..0...", "......", "......"];
    let (w, h, buf) = art_rgba(&art, &[RED], 0);
    let s = Sprite::from_rgba(w, h, &buf).unwrap();
    assert_eq!(s.to_ascii(), "0.0\n0..\n");
}

#[test]
fn colors_numbered_by_first_appearance() {
    // Digits index the palette; expected numbering follows rows top to bottom, left to right.
    let art = [".2.0", "1210"];
    let (w, h, buf) = art_rgba(&art, &[RED, GREEN, BLUE], 1);
    let s = Sprite::from_rgba(w, h, &buf).unwrap();
    assert_eq!(s.colors(), &[BLUE, RED, GREEN]);
    assert_eq!(s.to_ascii(), ".0.1\n2021\n");
    let one = Sprite::from_ascii("22\n2.").unwrap();
    assert_eq!(one.colors(), &[ASCII_COLORS[2]]);
    assert_eq!(one.to_ascii(), "00\n0.\n");
}

#[test]
fn pixel_accessor() {
    let s = Sprite::from_ascii("0.1\n.22").unwrap();
    let expect = [[Some(0), None, Some(1)], [None, Some(2), Some(2)]];
    for (row, cells) in expect.iter().enumerate() {
        for (col, &want) in cells.iter().enumerate() {
            assert_eq!(s.pixel(col, row), want, "({col}, {row})");
        }
    }
    assert_eq!(s.pixel(3, 0), None);
    assert_eq!(s.pixel(0, 2), None);
    assert_eq!(s.pixel(usize::MAX, usize::MAX), None);
}

#[test]
fn largest_sprite_and_three_colors_accepted() {
    let buf = rgba(17, 32, |x, y| {
        let c = [RED, GREEN, BLUE][(x + y) % 3];
        [c.r, c.g, c.b, 255]
    });
    let s = Sprite::from_rgba(17, 32, &buf).unwrap();
    assert_eq!((s.width(), s.height()), (17, 32));
    assert_eq!(s.colors(), &[RED, GREEN, BLUE]);
    assert_eq!(s.x0(), 2);
}

#[test]
fn error_buffer_size() {
    let err = Sprite::from_rgba(3, 2, &[0; 23]).unwrap_err();
    assert!(matches!(
        err,
        SpriteError::BufferSize {
            width: 3,
            height: 2,
            len: 23,
            expected: 24
        }
    ));
    assert_eq!(
        err.to_string(),
        "buffer has 23 bytes; a 3x2 RGBA image needs 24"
    );
    // Sizes whose byte count overflows u32 do not wrap around.
    let err = Sprite::from_rgba(u32::MAX as usize, u32::MAX as usize, &[]).unwrap_err();
    assert!(matches!(err, SpriteError::BufferSize { .. }), "{err}");
}

#[test]
fn sizes_beyond_any_buffer_are_errors_not_overflows() {
    // `width × height × 4` overflows a usize: the buffer cannot match, and nothing wraps.
    let err = Sprite::from_rgba(usize::MAX, usize::MAX, &[0; 4]).unwrap_err();
    assert!(
        matches!(
            err,
            SpriteError::BufferSize {
                width: usize::MAX,
                height: usize::MAX,
                len: 4,
                ..
            }
        ),
        "{err}"
    );
    // An empty buffer matches a zero height whatever the width: no row, so no pixel (the
    // row length `width × 4` would overflow here).
    assert!(matches!(
        Sprite::from_rgba(usize::MAX, 0, &[]),
        Err(SpriteError::Empty)
    ));
    assert!(matches!(
        Sprite::from_rgba(0, usize::MAX, &[]),
        Err(SpriteError::Empty)
    ));
}

/// On a 64-bit target `from_rgba` takes sizes a `u32` cannot hold, and reports them whole.
#[cfg(target_pointer_width = "64")]
#[test]
fn sizes_beyond_u32_are_reported_whole() {
    let wide = 1usize << 32;
    let err = Sprite::from_rgba(wide, 1, &[0; 16]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "buffer has 16 bytes; a 4294967296x1 RGBA image needs 17179869184"
    );
    let err = Sprite::from_rgba(wide + 1, wide + 3, &[]).unwrap_err();
    assert!(
        matches!(err, SpriteError::BufferSize { expected, .. }
            if expected == (wide as u128 + 1) * (wide as u128 + 3) * 4),
        "{err}"
    );
}

#[test]
fn error_partial_alpha_in_original_coordinates() {
    let buf = rgba(9, 9, |x, y| match (x, y) {
        (4, 7) => [1, 2, 3, 128],
        (8, 8) => [1, 2, 3, 1],
        _ => [0, 0, 0, 0],
    });
    let err = Sprite::from_rgba(9, 9, &buf).unwrap_err();
    assert!(matches!(
        err,
        SpriteError::PartialAlpha {
            x: 4,
            y: 7,
            alpha: 128
        }
    ));
    assert_eq!(
        err.to_string(),
        "pixel (4, 7) has alpha 128; only 0 or 255 allowed"
    );
    // Checked before anything else, even a too-large sprite.
    let buf = rgba(40, 40, |x, y| {
        [0, 0, 0, if (x, y) == (39, 39) { 254 } else { 255 }]
    });
    assert!(matches!(
        Sprite::from_rgba(40, 40, &buf),
        Err(SpriteError::PartialAlpha { x: 39, y: 39, .. })
    ));
}

#[test]
fn error_empty() {
    for (w, h) in [(0, 0), (5, 0), (0, 5), (3, 4)] {
        let buf = rgba(w, h, |_, _| [9, 9, 9, 0]);
        let err = Sprite::from_rgba(w, h, &buf).unwrap_err();
        assert!(matches!(err, SpriteError::Empty), "{w}x{h}: {err}");
        assert_eq!(err.to_string(), "image has no opaque pixel");
    }
    assert!(matches!(Sprite::from_ascii(""), Err(SpriteError::Empty)));
    assert!(matches!(
        Sprite::from_ascii("...\n..."),
        Err(SpriteError::Empty)
    ));
}

#[test]
fn error_too_large() {
    let row = "0".repeat(18);
    let (w, h, buf) = art_rgba(&[row.as_str(); 5], &[RED], 3);
    let err = Sprite::from_rgba(w, h, &buf).unwrap_err();
    assert!(matches!(
        err,
        SpriteError::TooLarge {
            width: 18,
            height: 5
        }
    ));
    assert_eq!(
        err.to_string(),
        "sprite is 18x5 after trimming transparent borders; the limit is 17x32"
    );
    let tall = vec!["0"; 33];
    let (w, h, buf) = art_rgba(&tall, &[RED], 0);
    assert!(matches!(
        Sprite::from_rgba(w, h, &buf),
        Err(SpriteError::TooLarge {
            width: 1,
            height: 33
        })
    ));
    // Two far-apart pixels: the bounding box counts, not the pixel count.
    let buf = rgba(30, 2, |x, y| {
        [
            0,
            0,
            0,
            if (x, y) == (0, 0) || (x, y) == (20, 1) {
                255
            } else {
                0
            },
        ]
    });
    assert!(matches!(
        Sprite::from_rgba(30, 2, &buf),
        Err(SpriteError::TooLarge {
            width: 21,
            height: 2
        })
    ));
}

#[test]
fn error_too_many_colors_names_the_fourth() {
    let (w, h, buf) = art_rgba(&["0.1", "2.3", "000"], &[RED, GREEN, BLUE, GREY], 2);
    let err = Sprite::from_rgba(w, h, &buf).unwrap_err();
    assert!(matches!(
        err,
        SpriteError::TooManyColors {
            color: GREY,
            x: 4,
            y: 3
        }
    ));
    assert_eq!(
        err.to_string(),
        "sprite has a 4th opaque color #aabbcc at pixel (4, 3); at most 3 colors allowed"
    );
}

#[test]
fn error_gap_row_in_original_coordinates() {
    let (w, h, buf) = art_rgba(&["0", ".", ".", "0", ".", "0"], &[RED], 4);
    let err = Sprite::from_rgba(w, h, &buf).unwrap_err();
    assert!(matches!(err, SpriteError::GapRow { row: 5 }), "{err}");
    assert_eq!(
        err.to_string(),
        "image row 5 (0 = top) is fully transparent between non-empty rows; \
         a printed sprite can have no gaps"
    );
}

#[test]
fn error_order() {
    // Too large beats too many colors beats a gap.
    let art = [
        "0123.............0",
        "..................",
        "0.................",
    ];
    let (w, h, buf) = art_rgba(&art, &[RED, GREEN, BLUE, GREY], 0);
    assert!(matches!(
        Sprite::from_rgba(w, h, &buf),
        Err(SpriteError::TooLarge { .. })
    ));
    let (w, h, buf) = art_rgba(&["0123", "....", "0..."], &[RED, GREEN, BLUE, GREY], 0);
    assert!(matches!(
        Sprite::from_rgba(w, h, &buf),
        Err(SpriteError::TooManyColors { .. })
    ));
}

#[test]
fn from_ascii_format_and_errors() {
    let s = Sprite::from_ascii(
        "
        .0.
        120
        ",
    )
    .unwrap();
    assert_eq!(
        s.colors(),
        &[ASCII_COLORS[0], ASCII_COLORS[1], ASCII_COLORS[2]]
    );
    assert_eq!(s.to_ascii(), ".0.\n120\n");
    // Renumbered by first appearance, like an image.
    let s = Sprite::from_ascii("2.\n10").unwrap();
    assert_eq!(
        s.colors(),
        &[ASCII_COLORS[2], ASCII_COLORS[1], ASCII_COLORS[0]]
    );
    assert_eq!(s.to_ascii(), "0.\n12\n");

    let err = Sprite::from_ascii("00\n0x").unwrap_err();
    assert!(matches!(
        err,
        SpriteError::AsciiChar {
            line: 1,
            column: 1,
            found: 'x'
        }
    ));
    assert_eq!(
        err.to_string(),
        "ascii art line 1, column 1: unexpected `x`; use '.', '0', '1' or '2'"
    );
    let err = Sprite::from_ascii("000\n00").unwrap_err();
    assert!(matches!(
        err,
        SpriteError::AsciiRagged {
            line: 1,
            len: 2,
            expected: 3
        }
    ));
    assert_eq!(
        err.to_string(),
        "ascii art line 1 has 2 pixels; the first line has 3"
    );
    let err = Sprite::from_ascii(&"0".repeat(MAX_ASCII_SIDE + 1)).unwrap_err();
    assert!(matches!(
        err,
        SpriteError::AsciiTooLarge {
            width: 65,
            height: 1
        }
    ));
    assert_eq!(
        err.to_string(),
        "ascii art is 65x1; at most 64x64 is accepted"
    );
    // Image errors come through the same path, in art coordinates.
    assert!(matches!(
        Sprite::from_ascii("0\n.\n0"),
        Err(SpriteError::GapRow { row: 1 })
    ));
    let big = format!("{}\n", ".".repeat(MAX_ASCII_SIDE)).repeat(MAX_ASCII_SIDE - 1)
        + &format!("{}0", ".".repeat(MAX_ASCII_SIDE - 1));
    let s = Sprite::from_ascii(&big).unwrap();
    assert_eq!((s.width(), s.height()), (1, 1));
}

#[test]
fn x0_for_every_width() {
    for w in 1..=17 {
        let s = Sprite::from_ascii(&"1".repeat(w)).unwrap();
        assert_eq!(s.x0(), 2 + (17 - w) / 2, "width {w}");
        // Always inside the emitter columns 2..=18.
        assert!(s.x0() >= 2 && s.x0() + w - 1 <= 18);
    }
    let xs: Vec<usize> = (1..=17)
        .map(|w| Sprite::from_ascii(&"0".repeat(w)).unwrap().x0())
        .collect();
    assert_eq!(xs, [10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2]);
}

#[test]
fn cell_maps_sprite_rows_bottom_up() {
    let s = Sprite::from_ascii("0..\n.1.\n..2").unwrap();
    let x0 = s.x0();
    assert_eq!(x0, 9);
    assert_eq!(s.cell(x0 + 2, 0), Some(2));
    assert_eq!(s.cell(x0 + 1, 1), Some(1));
    assert_eq!(s.cell(x0, 2), Some(0));
    for x in 0..21 {
        for y in 0..42 {
            let want = if x >= x0 && x < x0 + 3 && y < 3 {
                s.pixel(x - x0, 2 - y)
            } else {
                None
            };
            assert_eq!(s.cell(x, y), want, "({x}, {y})");
        }
    }
    assert_eq!(s.cell(usize::MAX, usize::MAX), None);
}

#[test]
fn sprite_is_small_and_copy() {
    fn is_copy<T: Copy>() {}
    is_copy::<Sprite>();
    assert!(std::mem::size_of::<Sprite>() <= 17 * 32 + 16);
}

/// A random valid sprite: its text art (digits index `colors`) inside transparent padding.
#[derive(Debug, Clone)]
struct Case {
    colors: [Rgb; 3],
    w: usize,
    grid: Vec<u8>,   // row-major, 3 = transparent; every row has an opaque pixel
    pad: [usize; 4], // left, top, right, bottom
    junk: [u8; 3],
}

fn case() -> impl Strategy<Value = Case> {
    (1usize..=17, 1usize..=32)
        .prop_flat_map(|(w, h)| {
            (
                any::<[[u8; 3]; 3]>(),
                Just(w),
                prop::collection::vec(0u8..4, w * h),
                any::<[usize; 4]>().prop_map(|p| p.map(|v| v % 5)),
                any::<[u8; 3]>(),
            )
        })
        .prop_filter("colors must be distinct", |(c, ..)| {
            c[0] != c[1] && c[1] != c[2] && c[0] != c[2]
        })
        .prop_map(|(c, w, mut grid, pad, junk)| {
            for (r, row) in grid.chunks_mut(w).enumerate() {
                if row.iter().all(|&p| p == 3) {
                    row[r % w] = (r % 3) as u8;
                }
            }
            Case {
                colors: c.map(|[r, g, b]| Rgb::new(r, g, b)),
                w,
                grid,
                pad,
                junk,
            }
        })
}

fn case_rgba(c: &Case) -> (usize, usize, Vec<u8>) {
    let h = c.grid.len() / c.w;
    let [l, t, r, b] = c.pad;
    let (iw, ih) = (c.w + l + r, h + t + b);
    let buf = rgba(iw, ih, |x, y| {
        let inside = x >= l && y >= t && x < l + c.w && y < t + h;
        let p = if inside {
            c.grid[(y - t) * c.w + (x - l)]
        } else {
            3
        };
        match p {
            3 => [c.junk[0], c.junk[1], c.junk[2], 0],
            i => {
                let k = c.colors[i as usize];
                [k.r, k.g, k.b, 255]
            }
        }
    });
    (iw, ih, buf)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_sprites_round_trip(c in case()) {
        let (iw, ih, buf) = case_rgba(&c);
        let s = Sprite::from_rgba(iw, ih, &buf).unwrap();
        let h = c.grid.len() / c.w;
        // Rows all have a pixel; columns may still trim.
        let opaque_col = |x: usize| (0..h).any(|y| c.grid[y * c.w + x] != 3);
        let left = (0..c.w).find(|&x| opaque_col(x)).unwrap();
        let right = (0..c.w).rev().find(|&x| opaque_col(x)).unwrap();
        prop_assert_eq!((s.width(), s.height()), (right - left + 1, h));
        let mut order = Vec::new();
        for row in 0..h {
            for col in 0..s.width() {
                let p = c.grid[row * c.w + left + col];
                match s.pixel(col, row) {
                    None => prop_assert_eq!(p, 3),
                    Some(i) => {
                        prop_assert_eq!(s.colors()[i as usize], c.colors[p as usize]);
                        if !order.contains(&c.colors[p as usize]) {
                            order.push(c.colors[p as usize]);
                        }
                    }
                }
            }
        }
        prop_assert_eq!(s.colors(), &order[..]);
        // Text art round-trips the indices exactly.
        let again = Sprite::from_ascii(&s.to_ascii()).unwrap();
        prop_assert_eq!(again.to_ascii(), s.to_ascii());
        // cell() is pixel() placed on the floor at x0.
        for x in 0..21 {
            for y in 0..42 {
                let want = if x >= s.x0() && x < s.x0() + s.width() && y < s.height() {
                    s.pixel(x - s.x0(), s.height() - 1 - y)
                } else {
                    None
                };
                prop_assert_eq!(s.cell(x, y), want);
            }
        }
    }

    #[test]
    fn arbitrary_buffers_never_panic(w in 0usize..40, h in 0usize..40, bytes in prop::collection::vec(any::<u8>(), 0..7000)) {
        let _ = Sprite::from_rgba(w, h, &bytes);
    }

    #[test]
    fn arbitrary_text_never_panics(art in "[.0123 \n\té]{0,200}") {
        let _ = Sprite::from_ascii(&art);
    }
}

#[cfg(feature = "image-io")]
mod files {
    use super::*;
    use image::{ImageFormat, RgbaImage};
    use std::path::{Path, PathBuf};

    fn good_image() -> RgbaImage {
        let (w, h, buf) = art_rgba(&[".0.", "102", "1.."], &[RED, GREEN, BLUE], 3);
        RgbaImage::from_raw(u32::try_from(w).unwrap(), u32::try_from(h).unwrap(), buf).unwrap()
    }

    fn expected() -> Sprite {
        let (w, h, buf) = art_rgba(&[".0.", "102", "1.."], &[RED, GREEN, BLUE], 0);
        Sprite::from_rgba(w, h, &buf).unwrap()
    }

    fn save(dir: &Path, name: &str, img: &RgbaImage) -> PathBuf {
        let path = dir.join(name);
        img.save(&path).unwrap();
        path
    }

    #[test]
    fn reads_png_gif_bmp() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["s.png", "s.gif", "s.bmp", "s.tga", "s.qoi"] {
            let path = save(dir.path(), name, &good_image());
            let s = Sprite::open(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(s, expected(), "{name}");
            // TGA has no magic number: only its extension names it.
            if name != "s.tga" {
                let bytes = std::fs::read(&path).unwrap();
                let s = Sprite::from_image_bytes(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(s, expected(), "{name}");
            }
        }
    }

    #[test]
    fn format_comes_from_content_not_extension() {
        let dir = tempfile::tempdir().unwrap();
        let png = save(dir.path(), "s.png", &good_image());
        let renamed = dir.path().join("really-a-png.gif");
        std::fs::rename(&png, &renamed).unwrap();
        assert_eq!(Sprite::open(&renamed).unwrap(), expected());
        let no_ext = dir.path().join("sprite");
        std::fs::rename(&renamed, &no_ext).unwrap();
        assert_eq!(Sprite::open(&no_ext).unwrap(), expected());
    }

    #[test]
    fn validation_errors_from_files_use_image_coordinates() {
        let dir = tempfile::tempdir().unwrap();
        let mut img = good_image();
        img.put_pixel(5, 1, image::Rgba([1, 2, 3, 77]));
        let path = save(dir.path(), "alpha.png", &img);
        assert!(matches!(
            Sprite::open(&path),
            Err(SpriteError::PartialAlpha {
                x: 5,
                y: 1,
                alpha: 77
            })
        ));
    }

    /// A PNG signature, an 8-bit greyscale IHDR of `w` x `h`, and the start of an IDAT:
    /// all a decoder reads before the pixel data.
    fn png_header(w: u32, h: u32) -> Vec<u8> {
        fn crc32(data: &[u8]) -> u32 {
            let mut c = !0u32;
            for &b in data {
                c ^= u32::from(b);
                for _ in 0..8 {
                    c = if c & 1 != 0 {
                        0xedb8_8320 ^ (c >> 1)
                    } else {
                        c >> 1
                    };
                }
            }
            !c
        }
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = b"IHDR".to_vec();
        ihdr.extend_from_slice(&w.to_be_bytes());
        ihdr.extend_from_slice(&h.to_be_bytes());
        ihdr.extend_from_slice(&[8, 0, 0, 0, 0]);
        out.extend_from_slice(&13u32.to_be_bytes());
        out.extend_from_slice(&ihdr);
        out.extend_from_slice(&crc32(&ihdr).to_be_bytes());
        out.extend_from_slice(&1000u32.to_be_bytes());
        out.extend_from_slice(b"IDAT\x78\x01");
        out
    }

    #[test]
    fn huge_image_rejected_from_header() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.png");
        std::fs::write(&path, png_header(9000, 9000)).unwrap();
        let err = Sprite::open(&path).unwrap_err();
        assert!(
            matches!(
                err,
                SpriteError::ImageTooLarge {
                    width: 9000,
                    height: 9000
                }
            ),
            "{err}"
        );
        assert_eq!(
            err.to_string(),
            "image is 9000x9000 pixels; at most 8192 per side and 67108864 pixels in all are read"
        );
    }

    #[test]
    fn too_many_pixels_rejected() {
        for (w, h) in [(8193, 1), (1, 8193), (60_000, 60_000)] {
            assert!(matches!(
                Sprite::from_image_bytes(&png_header(w, h)),
                Err(SpriteError::ImageTooLarge { width, height }) if (width, height) == (w, h)
            ));
        }
        // Big but allowed images with transparent borders trim down fine.
        let dir = tempfile::tempdir().unwrap();
        let mut img = RgbaImage::new(1024, 1024);
        img.put_pixel(1000, 3, image::Rgba([5, 6, 7, 255]));
        let path = dir.path().join("ok.png");
        img.save(&path).unwrap();
        let s = Sprite::open(&path).unwrap();
        assert_eq!((s.width(), s.height()), (1, 1));
        assert_eq!(s.colors(), &[Rgb::new(5, 6, 7)]);
    }

    #[test]
    fn truncated_png_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        // A noisy image so the pixel data is a sizeable part of the file.
        let img = RgbaImage::from_fn(17, 32, |x, y| {
            let c = [RED, GREEN, BLUE][((x * 7 + y * 3) % 3) as usize];
            image::Rgba([c.r, c.g, c.b, 255])
        });
        let path = save(dir.path(), "t.png", &img);
        let bytes = std::fs::read(&path).unwrap();
        // Everything short of the 12-byte IEND chunk is missing pixel data or a header.
        for len in 0..bytes.len() - 12 {
            let err = Sprite::from_image_bytes(&bytes[..len]).unwrap_err();
            assert!(matches!(err, SpriteError::Decode { .. }), "{len}: {err}");
        }
        let cut = dir.path().join("cut.png");
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
        let err = Sprite::open(&cut).unwrap_err();
        assert!(matches!(err, SpriteError::Decode { path: Some(_), .. }));
        let msg = err.to_string();
        assert!(
            msg.starts_with("could not decode image ") && msg.contains("cut.png"),
            "{msg}"
        );
        assert!(std::error::Error::source(&err).is_some());
    }

    #[test]
    fn text_file_named_png_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.png");
        std::fs::write(&path, "this is not an image\n").unwrap();
        let err = Sprite::open(&path).unwrap_err();
        assert!(matches!(err, SpriteError::Decode { .. }), "{err}");
        // Unknown content and no usable extension.
        let path = dir.path().join("notes.txt");
        std::fs::write(&path, "this is not an image\n").unwrap();
        let err = Sprite::open(&path).unwrap_err();
        assert!(matches!(err, SpriteError::Decode { .. }), "{err}");
        let err = Sprite::from_image_bytes(b"hello").unwrap_err();
        assert!(matches!(err, SpriteError::Decode { path: None, .. }));
        assert!(
            err.to_string().starts_with("could not decode image: "),
            "{err}"
        );
        assert!(matches!(
            Sprite::from_image_bytes(&[]),
            Err(SpriteError::Decode { .. })
        ));
    }

    #[test]
    fn missing_file_is_a_read_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nope.png");
        let err = Sprite::open(&path).unwrap_err();
        assert!(matches!(err, SpriteError::Read { .. }), "{err}");
        let msg = err.to_string();
        assert!(
            msg.starts_with("could not read image file ") && msg.contains("nope.png"),
            "{msg}"
        );
        assert!(std::error::Error::source(&err).is_some());
        // A directory is not an image either.
        assert!(Sprite::open(dir.path()).is_err());
    }

    #[test]
    fn gif_with_transparency() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.gif");
        let img = good_image();
        img.save_with_format(&path, ImageFormat::Gif).unwrap();
        assert_eq!(Sprite::open(&path).unwrap(), expected());
    }

    /// A RIFF chunk, padded to an even size.
    fn riff_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut out = kind.to_vec();
        out.extend((data.len() as u32).to_le_bytes());
        out.extend_from_slice(data);
        if data.len() % 2 == 1 {
            out.push(0);
        }
        out
    }

    /// A 24-bit little-endian number.
    fn u24(v: u32) -> [u8; 3] {
        let b = v.to_le_bytes();
        [b[0], b[1], b[2]]
    }

    /// An animated WebP of `frames` frames, each the 1x1 lossless image of `still`.
    fn animated_webp(frames: usize) -> Vec<u8> {
        let mut still = Vec::new();
        let img = RgbaImage::from_pixel(1, 1, image::Rgba([200, 10, 10, 255]));
        img.write_to(&mut std::io::Cursor::new(&mut still), ImageFormat::WebP)
            .unwrap();
        // The VP8L chunk of the still image: after `RIFF size WEBP`.
        let vp8l = &still[12..];
        assert_eq!(&vp8l[..4], b"VP8L");
        let mut vp8x = vec![0x02, 0, 0, 0]; // animation
        vp8x.extend(u24(0));
        vp8x.extend(u24(0));
        let mut body = b"WEBP".to_vec();
        body.extend(riff_chunk(b"VP8X", &vp8x));
        body.extend(riff_chunk(b"ANIM", &[0, 0, 0, 0, 0, 0]));
        for _ in 0..frames {
            let mut frame = Vec::new();
            for v in [0, 0, 0, 0, 100] {
                frame.extend(u24(v));
            }
            frame.push(0);
            frame.extend_from_slice(vp8l);
            body.extend(riff_chunk(b"ANMF", &frame));
        }
        let mut out = b"RIFF".to_vec();
        out.extend((body.len() as u32).to_le_bytes());
        out.extend(body);
        out
    }

    /// An animated WebP is refused as an animated GIF or APNG is (issue #58 item 5); one
    /// of a single frame is a still image.
    #[test]
    fn animated_webp_is_refused() {
        let err = Sprite::from_image_bytes(&animated_webp(2)).unwrap_err();
        assert!(matches!(err, SpriteError::Animated { frames: 2 }), "{err}");
        assert_eq!(
            err.to_string(),
            "image is an animation of 2 frames; a sprite is a single still image"
        );
        let one = Sprite::from_image_bytes(&animated_webp(1)).unwrap();
        assert_eq!((one.width(), one.height(), one.colors().len()), (1, 1, 1));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn damaged_png_never_panics(pos in 0usize..4096, byte in any::<u8>(), cut in 1usize..200) {
            let mut bytes = Vec::new();
            good_image()
                .write_to(&mut std::io::Cursor::new(&mut bytes), ImageFormat::Png)
                .unwrap();
            let pos = pos % bytes.len();
            bytes[pos] = byte;
            bytes.truncate(cut);
            let _ = Sprite::from_image_bytes(&bytes);
        }

        #[test]
        fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
            let _ = Sprite::from_image_bytes(&bytes);
        }
    }
}
