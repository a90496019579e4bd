//! Pictures of the playfield: an NES-like look, one colour per piece type.
//!
//! Every cell is `scale` × `scale` pixels; the image is 21 × 42 cells, row 41 at the top.
//! J, T and L cells take the sprite's colours when they are given (colour index =
//! [`Piece::color`]), so a finished print looks like the sprite; the other pieces get
//! distinct muted colours. From [`GRID_MIN_SCALE`] up, each cell's right column and bottom
//! row of pixels is a grid line and filled cells get a light bevel.
//!
//! The palette and [`paint_cell`] are public so animations can draw with the same look.

use std::io::Write;

use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder, Rgba, RgbaImage};

use crate::piece::Piece;
use crate::playfield::{Playfield, HEIGHT, WIDTH};
use crate::sprite::{Rgb, ASCII_COLORS};

/// Pixels per cell unless asked otherwise.
pub const DEFAULT_SCALE: u32 = 8;
/// Smallest pixels per cell.
pub const MIN_SCALE: u32 = 1;
/// Largest pixels per cell (a 1344 × 2688 image).
pub const MAX_SCALE: u32 = 64;
/// Smallest scale that draws grid lines and bevels.
pub const GRID_MIN_SCALE: u32 = 4;

/// Empty cells.
pub const BACKGROUND: Rgb = Rgb::new(0x14, 0x14, 0x1c);
/// Grid lines: a little lighter than the background.
pub const GRID: Rgb = Rgb::new(0x26, 0x26, 0x32);

/// Default colour of each piece, indexed by `Piece as usize` (T, J, L, S, Z, I, O).
/// J, T and L use [`ASCII_COLORS`] (blue, purple, orange) so text-art sprites render in
/// their own colours; S, Z, I and O are muted green, red, cyan and yellow.
pub const PIECE_COLORS: [Rgb; 7] = [
    ASCII_COLORS[1],            // T
    ASCII_COLORS[0],            // J
    ASCII_COLORS[2],            // L
    Rgb::new(0x4f, 0x7d, 0x52), // S
    Rgb::new(0x8c, 0x4a, 0x4f), // Z
    Rgb::new(0x4a, 0x7f, 0x8c), // I
    Rgb::new(0x8c, 0x82, 0x46), // O
];

// Grid lines are a little lighter than the background in every channel.
const _: () = assert!(GRID.r > BACKGROUND.r && GRID.g > BACKGROUND.g && GRID.b > BACKGROUND.b);

/// How much the bevel lightens (top/left edge) and darkens (bottom/right edge), in 1/256.
const BEVEL_LIGHT: u16 = 96;
const BEVEL_DARK: u16 = 80;

/// Why a picture could not be encoded.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum RenderError {
    /// PNG encoding failed.
    #[error("could not encode PNG: {0}")]
    Encode(#[from] image::ImageError),
}

/// The colour of `piece`'s cells: for J, T and L the sprite colour `colors[piece.color()]`
/// when present, otherwise [`PIECE_COLORS`].
#[must_use]
pub fn piece_color(piece: Piece, colors: Option<&[Rgb]>) -> Rgb {
    piece
        .color()
        .and_then(|i| colors?.get(i as usize).copied())
        .unwrap_or(PIECE_COLORS[piece as usize])
}

/// The playfield as an image of 21 × 42 cells of `scale` pixels each (clamped to
/// [`MIN_SCALE`]..=[`MAX_SCALE`]), row 41 at the top.
#[must_use]
pub fn render_field(field: &Playfield, colors: Option<&[Rgb]>, scale: u32) -> RgbaImage {
    let scale = scale.clamp(MIN_SCALE, MAX_SCALE);
    let mut img = RgbaImage::new(WIDTH as u32 * scale, HEIGHT as u32 * scale);
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let fill = field.get(x, y).map(|p| piece_color(p, colors));
            paint_cell(&mut img, x, y, fill, scale);
        }
    }
    img
}

/// Paints playfield cell `(x, y)` (y = 0 at the bottom) of an image made by
/// [`render_field`] with the same `scale`: `fill` `None` is an empty cell. Cells outside
/// the image are ignored.
pub fn paint_cell(img: &mut RgbaImage, x: usize, y: usize, fill: Option<Rgb>, scale: u32) {
    let scale = scale.clamp(MIN_SCALE, MAX_SCALE);
    if x >= WIDTH || y >= HEIGHT {
        return;
    }
    let left = x as u32 * scale;
    let top = (HEIGHT - 1 - y) as u32 * scale;
    if left + scale > img.width() || top + scale > img.height() {
        return;
    }
    let grid = scale >= GRID_MIN_SCALE;
    // Inside the grid lines: the block.
    let inner = if grid { scale - 1 } else { scale };
    let bevel = (inner / 8).max(1);
    for dy in 0..scale {
        for dx in 0..scale {
            let c = if dx >= inner || dy >= inner {
                GRID
            } else {
                match fill {
                    None => BACKGROUND,
                    Some(c) if !grid => c,
                    Some(c) if dy < bevel || dx < bevel => lighten(c, BEVEL_LIGHT),
                    Some(c) if dy >= inner - bevel || dx >= inner - bevel => darken(c, BEVEL_DARK),
                    Some(c) => c,
                }
            };
            img.put_pixel(left + dx, top + dy, rgba(c));
        }
    }
}

/// The image as PNG bytes.
pub fn encode_png(img: &RgbaImage) -> Result<Vec<u8>, RenderError> {
    let mut bytes = Vec::new();
    write_png(img, &mut bytes)?;
    Ok(bytes)
}

/// Writes the image as PNG to `out` (a file, a socket, a `Vec`: any [`Write`]). Writing to
/// a file safely (no half-written file on an error) is the caller's business; the
/// command-line tool writes to a temporary file and renames it.
pub fn write_png(img: &RgbaImage, out: impl Write) -> Result<(), RenderError> {
    PngEncoder::new(out).write_image(
        img.as_raw(),
        img.width(),
        img.height(),
        ExtendedColorType::Rgba8,
    )?;
    Ok(())
}

/// An opaque pixel.
#[must_use]
pub const fn rgba(c: Rgb) -> Rgba<u8> {
    Rgba([c.r, c.g, c.b, 255])
}

fn blend(a: u8, b: u8, t: u16) -> u8 {
    ((u16::from(a) * (256 - t) + u16::from(b) * t) / 256) as u8
}

/// `c` moved `t`/256 of the way to white.
fn lighten(c: Rgb, t: u16) -> Rgb {
    Rgb::new(blend(c.r, 255, t), blend(c.g, 255, t), blend(c.b, 255, t))
}

/// `c` moved `t`/256 of the way to black.
fn darken(c: Rgb, t: u16) -> Rgb {
    Rgb::new(blend(c.r, 0, t), blend(c.g, 0, t), blend(c.b, 0, t))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::piece::Shape;

    /// The centre pixel of cell `(x, y)`: inside the bevel at every scale.
    fn centre(img: &RgbaImage, x: usize, y: usize, scale: u32) -> Rgb {
        let px = x as u32 * scale + (scale - 1) / 2;
        let py = (HEIGHT - 1 - y) as u32 * scale + (scale - 1) / 2;
        let p = img.get_pixel(px, py).0;
        assert_eq!(p[3], 255, "opaque");
        Rgb::new(p[0], p[1], p[2])
    }

    /// A field with a J0 at column 0 (foot at (2, 0), bar on row 1) and an O at 10.
    fn field() -> Playfield {
        let mv = |p, r, x| Move::new(Shape::new(p, r).unwrap(), x).unwrap();
        Playfield::replay(&[mv(Piece::J, 0, 0), mv(Piece::O, 0, 10)]).unwrap()
    }

    #[test]
    fn size_is_21_by_42_cells() {
        for scale in [1, 2, 4, 8, 13, 64] {
            let img = render_field(&Playfield::new(), None, scale);
            assert_eq!(img.dimensions(), (21 * scale, 42 * scale));
        }
        // Out-of-range scales are clamped.
        assert_eq!(
            render_field(&Playfield::new(), None, 0).dimensions(),
            (21, 42)
        );
        assert_eq!(
            render_field(&Playfield::new(), None, 1000).dimensions(),
            (21 * 64, 42 * 64)
        );
    }

    #[test]
    fn cell_colours() {
        let sprite_colors = [Rgb::new(0x20, 0x60, 0xe0)];
        let f = field();
        for scale in [1, 3, 4, 8, 16] {
            let img = render_field(&f, Some(&sprite_colors), scale);
            assert_eq!(centre(&img, 2, 0, scale), sprite_colors[0], "J foot");
            assert_eq!(centre(&img, 0, 1, scale), sprite_colors[0], "J bar");
            assert_eq!(centre(&img, 10, 0, scale), PIECE_COLORS[Piece::O as usize]);
            assert_eq!(centre(&img, 0, 0, scale), BACKGROUND, "hole under the bar");
            assert_eq!(centre(&img, 20, 41, scale), BACKGROUND, "top right");
        }
        let img = render_field(&f, None, 8);
        assert_eq!(centre(&img, 2, 0, 8), PIECE_COLORS[Piece::J as usize]);
    }

    #[test]
    fn grid_lines_from_scale_4() {
        let f = field();
        let img = render_field(&f, None, 8);
        // Right column and bottom row of every cell, empty or filled.
        let grid = rgba(GRID);
        assert_eq!(*img.get_pixel(7, 3), grid);
        assert_eq!(*img.get_pixel(3, 7), grid);
        assert_eq!(*img.get_pixel(20 * 8 + 7, 41 * 8 + 7), grid);
        assert_eq!(*img.get_pixel(2 * 8 + 7, 41 * 8 + 3), grid, "filled cell");
        // Bevel: a filled cell's top-left is lighter, bottom-right darker than its centre.
        let c = centre(&img, 2, 0, 8);
        let tl = img.get_pixel(2 * 8, 41 * 8).0;
        let br = img.get_pixel(2 * 8 + 6, 41 * 8 + 6).0;
        assert!(tl[1] > c.g && br[2] < c.b, "{tl:?} {c:?} {br:?}");
        // Below scale 4: flat cells, no grid.
        let img = render_field(&f, None, 3);
        assert_eq!(*img.get_pixel(2, 2), rgba(BACKGROUND));
        assert_eq!(
            *img.get_pixel(2 * 3 + 2, 41 * 3 + 2),
            rgba(PIECE_COLORS[Piece::J as usize])
        );
    }

    #[test]
    fn palette() {
        // Seven distinct default colours, none of them the background or the grid.
        for (i, a) in PIECE_COLORS.iter().enumerate() {
            assert!(*a != BACKGROUND && *a != GRID);
            for b in &PIECE_COLORS[i + 1..] {
                assert_ne!(a, b);
            }
        }
        let colors = [Rgb::new(1, 2, 3), Rgb::new(4, 5, 6)];
        assert_eq!(piece_color(Piece::J, Some(&colors)), colors[0]);
        assert_eq!(piece_color(Piece::T, Some(&colors)), colors[1]);
        // Missing sprite colours and non-printing pieces fall back to the palette.
        assert_eq!(piece_color(Piece::L, Some(&colors)), PIECE_COLORS[2]);
        assert_eq!(piece_color(Piece::S, Some(&colors)), PIECE_COLORS[3]);
        assert_eq!(piece_color(Piece::T, None), PIECE_COLORS[0]);
    }

    #[test]
    fn png_round_trip() {
        let img = render_field(&field(), None, 2);
        let bytes = encode_png(&img).unwrap();
        let back = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .unwrap()
            .into_rgba8();
        assert_eq!(back, img);
    }
}
