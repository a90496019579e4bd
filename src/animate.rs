//! Animated GIFs of a whole print: every drop, every line clear, the finished sprite.
//!
//! The picture is exactly [`render_field`](crate::render::render_field)'s: 21 × 42 cells of
//! `scale` pixels, J, T and L in the sprite's colours, the other pieces muted, dark
//! background and thin grid. Each cell look is painted once with
//! [`paint_cell`] and then copied as palette indices, so the
//! GIF has one small global palette and no colour quantization.
//!
//! # Frames
//!
//! For each drop, in order:
//! 1. with [`AnimateOptions::fall`]: the piece falling from the top of the field, one frame
//!    at every [`FALL_STEP`]-th row of its path, starting with its bounding box's top at
//!    row 41 and stopping before the landing row (see [`fall_frames`]);
//! 2. the field after the piece lands, before any line clear;
//! 3. if the drop completes rows: a *flash* frame with those rows drawn in [`FLASH`].
//!
//! The field after a clear shows in the next frame (the next drop, or the final frame).
//! Last come the *hold* frames: the final field, shown for [`AnimateOptions::hold_ms`].
//! So the frame count ([`expected_frames`]) is
//!
//! ```text
//! frames = drops + clearing drops + Σ fall_frames(drop) (0 without fall) + hold frames
//! hold frames = max(1, ceil(round(hold_ms / 10) / 65535))
//! ```
//!
//! Every frame but the hold frames lasts one tick of `fps` (GIF delays are in 1/100 s, so
//! at 30 fps they go 3, 3, 4, 3, 3, 4, … cs and keep the exact average). The hold delay is
//! split over several frames only when it does not fit the 16-bit GIF delay (> 655 s).
//!
//! After the first (full) frame, each frame holds only the bounding rectangle of the cells
//! that changed, with [`DisposalMethod::Keep`] and the unchanged cells inside it
//! transparent (the palette's last entry); a frame that changes nothing is one transparent
//! pixel.

use std::borrow::Cow;
use std::io::{self, Write};

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbaImage;

use crate::move_file::ReadError;
use crate::moves::Move;
use crate::piece::Piece;
use crate::playfield::{Playfield, ReplayError, HEIGHT, WIDTH};
use crate::render::{paint_cell, piece_color, BACKGROUND, DEFAULT_SCALE, MAX_SCALE, MIN_SCALE};
use crate::sprite::Rgb;

/// Frames per second unless asked otherwise.
pub const DEFAULT_FPS: u32 = 30;
/// Highest frame rate: GIF delays are whole 1/100 s, and viewers slow down delays under
/// 2/100 s, so faster rates are clamped to this.
pub const MAX_FPS: u32 = 50;
/// How long the finished field is shown unless asked otherwise, in milliseconds.
pub const DEFAULT_HOLD_MS: u32 = 2000;
/// With [`AnimateOptions::fall`], a falling piece is drawn at every `FALL_STEP`-th row.
pub const FALL_STEP: usize = 3;
/// Colour of the rows a drop completes, in the flash frame.
pub const FLASH: Rgb = Rgb::new(0xff, 0xff, 0xff);

/// How to animate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnimateOptions {
    /// Pixels per cell, clamped to [`MIN_SCALE`]..=[`MAX_SCALE`]. Default [`DEFAULT_SCALE`].
    pub scale: u32,
    /// Frames per second, clamped to 1..=[`MAX_FPS`]. Default [`DEFAULT_FPS`].
    pub fps: u32,
    /// Show each piece falling from the top. Default off.
    pub fall: bool,
    /// How long the last frame is shown, in milliseconds. Default [`DEFAULT_HOLD_MS`].
    pub hold_ms: u32,
}

impl Default for AnimateOptions {
    fn default() -> Self {
        AnimateOptions {
            scale: DEFAULT_SCALE,
            fps: DEFAULT_FPS,
            fall: false,
            hold_ms: DEFAULT_HOLD_MS,
        }
    }
}

/// What [`animate`] produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnimationStats {
    /// GIF frames written (= [`expected_frames`]).
    pub frames: usize,
    /// Pieces dropped (= moves).
    pub drops: usize,
    /// Drops that cleared at least one row (= flash frames).
    pub clears: usize,
    /// Rows cleared in total.
    pub lines: usize,
    /// Frames of falling pieces (0 without [`AnimateOptions::fall`]).
    pub fall_frames: usize,
    /// Frames showing the final field (usually 1).
    pub hold_frames: usize,
    /// Bytes written (0 from [`count_frames`]).
    pub bytes: u64,
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
}

/// Why an animation could not be made.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum AnimateError {
    /// A move cannot be played (game over or outside the field). Nothing was written.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The GIF encoder refused the data (should not happen: the palette is small).
    #[error("could not encode GIF: {0}")]
    Encode(#[source] gif::EncodingError),
    /// Writing to the output failed.
    #[error("could not write GIF: {0}")]
    Io(#[from] io::Error),
    /// The moves could not be read ([`animate_stream`]).
    #[error(transparent)]
    Moves(#[from] ReadError),
}

impl From<gif::EncodingError> for AnimateError {
    fn from(e: gif::EncodingError) -> Self {
        match e {
            gif::EncodingError::Io(e) => AnimateError::Io(e),
            e => AnimateError::Encode(e),
        }
    }
}

/// Frames shown while a piece of height `height` falls to landing row `landing_y`: one at
/// every [`FALL_STEP`]-th row from its spawn row `HEIGHT − height` down, above the landing.
#[must_use]
pub fn fall_frames(height: usize, landing_y: usize) -> usize {
    HEIGHT
        .saturating_sub(height)
        .saturating_sub(landing_y)
        .div_ceil(FALL_STEP)
}

/// Frames showing the final field: the hold delay in 1/100 s, split in pieces of at most
/// `u16::MAX`; always at least one.
#[must_use]
pub fn hold_frames(hold_ms: u32) -> usize {
    (hold_cs(hold_ms).div_ceil(u64::from(u16::MAX)) as usize).max(1)
}

/// The frame count [`animate`] will produce (see the module docs for the formula).
pub fn expected_frames(moves: &[Move], opts: &AnimateOptions) -> Result<usize, ReplayError> {
    count_frames(moves, opts).map(|s| s.frames)
}

/// Everything [`animate`] reports except `bytes`, without drawing or encoding anything.
pub fn count_frames(moves: &[Move], opts: &AnimateOptions) -> Result<AnimationStats, ReplayError> {
    let scale = clamp_scale(opts.scale);
    let mut stats = AnimationStats {
        drops: moves.len(),
        hold_frames: hold_frames(opts.hold_ms),
        width: WIDTH as u32 * scale,
        height: HEIGHT as u32 * scale,
        ..AnimationStats::default()
    };
    let mut field = Playfield::new();
    for (index, &move_) in moves.iter().enumerate() {
        let landing = field.drop_piece(move_).map_err(|error| ReplayError {
            index,
            move_,
            error,
        })?;
        if opts.fall {
            stats.fall_frames += fall_frames(move_.shape().height(), landing.y);
        }
        if landing.cleared != 0 {
            stats.clears += 1;
            stats.lines += landing.lines();
        }
    }
    stats.frames = stats.drops + stats.clears + stats.fall_frames + stats.hold_frames;
    Ok(stats)
}

/// Writes an animated GIF of `moves` played on an empty field to `out` (see the module
/// docs for the frames). `colors` are the sprite's colours for J, T and L (may be empty:
/// then every piece has its default colour). `progress(done, total)` is called after each
/// drop with the drops done so far and the number of moves.
///
/// The moves are replayed first: if one fails, [`AnimateError::Replay`] names it and
/// nothing is written.
pub fn animate(
    moves: &[Move],
    colors: &[Rgb],
    opts: &AnimateOptions,
    out: &mut impl Write,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<AnimationStats, AnimateError> {
    let expected = count_frames(moves, opts)?;
    let total = moves.len();
    let stats = animate_stream(
        moves.iter().map(|&m| Ok::<_, AnimateError>(m)),
        colors,
        opts,
        out,
        &mut |done, _| progress(done, total),
    )?;
    debug_assert_eq!(
        stats,
        AnimationStats {
            bytes: stats.bytes,
            ..expected
        }
    );
    Ok(stats)
}

/// Like [`animate`], for moves read as they are needed (e.g. from a [`MoveReader`]): the
/// GIF is written frame by frame while the moves are played, so memory stays flat however
/// many moves there are. An error in the moves or their replay stops the animation with
/// the frames so far already written to `out`; `progress(done, 0)` (the total is unknown).
///
/// [`MoveReader`]: crate::MoveReader
pub fn animate_stream<E: Into<AnimateError>>(
    moves: impl IntoIterator<Item = Result<Move, E>>,
    colors: &[Rgb],
    opts: &AnimateOptions,
    out: &mut impl Write,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<AnimationStats, AnimateError> {
    let scale = clamp_scale(opts.scale);
    let mut stats = AnimationStats {
        hold_frames: hold_frames(opts.hold_ms),
        width: WIDTH as u32 * scale,
        height: HEIGHT as u32 * scale,
        ..AnimationStats::default()
    };
    let fps = u64::from(opts.fps.clamp(1, MAX_FPS));
    let (tiles, palette, transparent) = tiles(colors, scale);

    let mut counter = Counting {
        inner: out,
        bytes: 0,
    };
    let mut enc = Encoder::new(
        &mut counter,
        stats.width as u16,
        stats.height as u16,
        &palette,
    )?;
    enc.set_repeat(Repeat::Infinite)?;
    let mut canvas = Canvas {
        scale: scale as usize,
        tiles,
        shown: None,
        transparent,
        buf: Vec::new(),
        frames: 0,
    };
    let mut tick = 0u64;
    let mut next_delay = || {
        let d = (tick + 1) * 100 / fps - tick * 100 / fps;
        tick += 1;
        d as u16
    };

    let mut field = Playfield::new();
    let mut grid = grid_of(&field);
    for (i, m) in moves.into_iter().enumerate() {
        let m = m.map_err(Into::into)?;
        let before = grid;
        let landing = field.drop_piece(m).map_err(|error| ReplayError {
            index: i,
            move_: m,
            error,
        })?;
        stats.drops += 1;
        let landing_y = landing.y;
        if opts.fall {
            let height = m.shape().height();
            let n = fall_frames(height, landing_y);
            stats.fall_frames += n;
            for k in 0..n {
                let mut g = before;
                put_piece(&mut g, m, HEIGHT - height - k * FALL_STEP);
                canvas.emit(&mut enc, &g, next_delay())?;
            }
        }
        let mut g = before;
        put_piece(&mut g, m, landing_y);
        canvas.emit(&mut enc, &g, next_delay())?;
        if landing.cleared != 0 {
            stats.clears += 1;
            stats.lines += landing.lines();
            for (y, row) in g.iter_mut().enumerate() {
                if landing.cleared & (1 << y) != 0 {
                    *row = [FLASH_TILE; WIDTH];
                }
            }
            canvas.emit(&mut enc, &g, next_delay())?;
        }
        grid = grid_of(&field);
        progress(i + 1, 0);
    }
    let mut hold = hold_cs(opts.hold_ms);
    for _ in 0..stats.hold_frames {
        let d = hold.min(u64::from(u16::MAX));
        hold -= d;
        canvas.emit(&mut enc, &grid, d as u16)?;
    }
    enc.into_inner()?;
    stats.frames = canvas.frames;
    stats.bytes = counter.bytes;
    Ok(stats)
}

fn clamp_scale(scale: u32) -> u32 {
    scale.clamp(MIN_SCALE, MAX_SCALE)
}

/// The hold delay in 1/100 s, rounded to nearest.
fn hold_cs(hold_ms: u32) -> u64 {
    (u64::from(hold_ms) + 5) / 10
}

/// The look of each cell: `0` empty, `1 + Piece as u8` a piece, [`FLASH_TILE`] a flash.
type Grid = [[u8; WIDTH]; HEIGHT];
const EMPTY_TILE: u8 = 0;
const FLASH_TILE: u8 = 1 + Piece::ALL.len() as u8;

fn grid_of(field: &Playfield) -> Grid {
    let mut g = [[EMPTY_TILE; WIDTH]; HEIGHT];
    for (y, row) in g.iter_mut().enumerate() {
        if field.row(y) == 0 {
            continue;
        }
        for (x, t) in row.iter_mut().enumerate() {
            *t = field.get(x, y).map_or(EMPTY_TILE, |p| p as u8 + 1);
        }
    }
    g
}

/// Draws `m`'s piece with its bounding box's bottom at row `y`.
fn put_piece(g: &mut Grid, m: Move, y: usize) {
    let tile = m.piece() as u8 + 1;
    for &(dx, dy) in &m.shape().data().cells {
        g[y + usize::from(dy)][m.x() + usize::from(dx)] = tile;
    }
}

/// Every cell look as `scale × scale` palette indices (rows top to bottom), the palette as
/// RGB bytes, and the index of its last entry, kept for "transparent". Painted with
/// [`paint_cell`], so the look is `render_field`'s.
fn tiles(colors: &[Rgb], scale: u32) -> (Vec<Vec<u8>>, Vec<u8>, u8) {
    let fills = std::iter::once(None)
        .chain(
            Piece::ALL
                .iter()
                .map(|&p| Some(piece_color(p, Some(colors)))),
        )
        .chain(std::iter::once(Some(FLASH)));
    let mut palette: Vec<Rgb> = Vec::new();
    let tiles = fills
        .map(|fill| {
            let mut img = RgbaImage::new(scale, scale);
            // Cell (0, 41) is the image's top-left cell.
            paint_cell(&mut img, 0, HEIGHT - 1, fill, scale);
            img.pixels()
                .map(|p| {
                    let c = Rgb::new(p[0], p[1], p[2]);
                    let i = palette.iter().position(|&q| q == c).unwrap_or_else(|| {
                        palette.push(c);
                        palette.len() - 1
                    });
                    // At most 9 looks × 4 shades (fill, light, dark, grid) + background.
                    u8::try_from(i).expect("palette fits 256 colours")
                })
                .collect()
        })
        .collect();
    let transparent = u8::try_from(palette.len()).expect("palette fits 256 colours");
    // Its colour never shows; the background's keeps the palette tidy.
    palette.push(BACKGROUND);
    let rgb = palette.iter().flat_map(|c| [c.r, c.g, c.b]).collect();
    (tiles, rgb, transparent)
}

/// The image as last shown, as a grid of cell looks, and the frame writer.
struct Canvas {
    scale: usize,
    tiles: Vec<Vec<u8>>,
    /// `None` before the first frame.
    shown: Option<Grid>,
    /// Palette index of "unchanged" in every frame after the first.
    transparent: u8,
    buf: Vec<u8>,
    frames: usize,
}

impl Canvas {
    /// Writes a frame that turns the shown image into `g`: the whole image the first time,
    /// then the bounding rectangle of the changed cells (one pixel if none changed).
    fn emit<W: Write>(
        &mut self,
        enc: &mut Encoder<W>,
        g: &Grid,
        delay: u16,
    ) -> Result<(), AnimateError> {
        let s = self.scale;
        let mut frame = Frame {
            delay,
            dispose: DisposalMethod::Keep,
            ..Frame::default()
        };
        let (x0, x1, y0, y1) = match &self.shown {
            None => (0, WIDTH - 1, 0, HEIGHT - 1),
            Some(old) => {
                frame.transparent = Some(self.transparent);
                match changed(old, g) {
                    Some(r) => r,
                    None => {
                        // Nothing changed: one transparent pixel.
                        frame.width = 1;
                        frame.height = 1;
                        frame.buffer = Cow::Owned(vec![self.transparent]);
                        enc.write_frame(&frame)?;
                        self.frames += 1;
                        return Ok(());
                    }
                }
            }
        };
        self.buf.clear();
        for y in (y0..=y1).rev() {
            for py in 0..s {
                for x in x0..=x1 {
                    let t = g[y][x];
                    if self.shown.is_some_and(|old| old[y][x] == t) {
                        // Unchanged cells are transparent: long runs compress well.
                        self.buf.resize(self.buf.len() + s, self.transparent);
                    } else {
                        let tile = &self.tiles[usize::from(t)];
                        self.buf.extend_from_slice(&tile[py * s..(py + 1) * s]);
                    }
                }
            }
        }
        // At most 21 × 64 by 42 × 64 pixels: fits u16.
        frame.left = (x0 * s) as u16;
        frame.top = ((HEIGHT - 1 - y1) * s) as u16;
        frame.width = ((x1 - x0 + 1) * s) as u16;
        frame.height = ((y1 - y0 + 1) * s) as u16;
        frame.buffer = Cow::Borrowed(&self.buf);
        enc.write_frame(&frame)?;
        self.shown = Some(*g);
        self.frames += 1;
        Ok(())
    }
}

/// The bounding box `(x_min, x_max, y_min, y_max)` of the cells that differ.
fn changed(a: &Grid, b: &Grid) -> Option<(usize, usize, usize, usize)> {
    let mut r: Option<(usize, usize, usize, usize)> = None;
    for (y, (ra, rb)) in a.iter().zip(b).enumerate() {
        if ra == rb {
            continue;
        }
        for x in (0..WIDTH).filter(|&x| ra[x] != rb[x]) {
            r = Some(match r {
                None => (x, x, y, y),
                Some((x0, x1, y0, _)) => (x0.min(x), x1.max(x), y0, y),
            });
        }
    }
    r
}

/// Counts the bytes written through it.
struct Counting<W> {
    inner: W,
    bytes: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Shape;

    #[test]
    fn fall_and_hold_counts() {
        // An I1 (4 tall) spawns at row 38: rows 38, 35, …, 2 above a landing on row 0.
        assert_eq!(fall_frames(4, 0), 13);
        assert_eq!(fall_frames(4, 37), 1);
        assert_eq!(fall_frames(4, 38), 0);
        assert_eq!(fall_frames(1, 41), 0);
        assert_eq!(hold_frames(0), 1);
        assert_eq!(hold_frames(2000), 1);
        assert_eq!(hold_frames(655_350), 1);
        assert_eq!(hold_frames(655_360), 2);
        assert_eq!(hold_frames(u32::MAX), 6554);
    }

    #[test]
    fn bounding_box_of_changes() {
        let a = [[0; WIDTH]; HEIGHT];
        assert_eq!(changed(&a, &a), None);
        let mut b = a;
        b[3][7] = 1;
        b[5][2] = 2;
        b[4][9] = 3;
        assert_eq!(changed(&a, &b), Some((2, 9, 3, 5)));
    }

    #[test]
    fn palette_is_small_and_tiles_match_render() {
        let colors = [Rgb::new(0x20, 0x60, 0xe0)];
        for scale in [1, 3, 4, 8, 64] {
            let (tiles, palette, transparent) = tiles(&colors, scale);
            assert!(palette.len() / 3 <= 256);
            assert_eq!(usize::from(transparent), palette.len() / 3 - 1);
            assert!(tiles.iter().flatten().all(|&i| i != transparent));
            assert_eq!(tiles.len(), 9);
            let s = scale as usize;
            // Compare with render_field on a field holding a J.
            let m = Move::new(Shape::new(Piece::J, 0).unwrap(), 0).unwrap();
            let f = Playfield::replay(&[m]).unwrap();
            let img = crate::render::render_field(&f, Some(&colors), scale);
            let g = grid_of(&f);
            for (y, row) in g.iter().enumerate() {
                for (x, &t) in row.iter().enumerate() {
                    for py in 0..s {
                        for px in 0..s {
                            let i = usize::from(tiles[usize::from(t)][py * s + px]);
                            let p = img
                                .get_pixel((x * s + px) as u32, ((HEIGHT - 1 - y) * s + py) as u32);
                            assert_eq!(&palette[i * 3..i * 3 + 3], &p.0[..3]);
                        }
                    }
                }
            }
        }
    }
}
