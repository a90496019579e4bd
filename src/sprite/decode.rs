//! Decoding image files in bounded memory (docs/hardening.md, "Inputs").
//!
//! [`header`] reads an image's format and size, and refuses sizes over
//! [`MAX_IMAGE_SIDE`] and [`MAX_IMAGE_PIXELS`], before anything is decoded. [`decode`]
//! refuses animations (GIF, APNG and WebP alike), then decodes a still image whole at its
//! own colour type and depth, at most [`MAX_DECODE_BYTES`] of it (checked from the header
//! too); a GIF's one frame is kept as it is stored, one palette index a pixel, not spread
//! over its screen. Its pixels are read out one row at a time as RGBA at 16 bits
//! ([`Image::row`]), so nothing else ever holds a converted copy of the picture.
//! [`png_rows`] reads a non-interlaced PNG without decoding it whole at all.

use std::io::Cursor;
use std::path::Path;

use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader};

use super::error::SpriteError;
use super::limits::{MAX_DECODE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE};

/// What a decoder's state, the reading's row buffers and the like take at most besides
/// the pixels, counted in [`MAX_DECODE_BYTES`] (`tests/decode_memory.rs` measures them).
const DECODER_STATE: u64 = 1 << 20;

/// An image file's format (by content, else by the file name's extension) and size, from
/// its header.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Header {
    /// The format, when it could be told.
    pub(crate) format: Option<ImageFormat>,
    /// Width in pixels.
    pub(crate) width: u32,
    /// Height in pixels.
    pub(crate) height: u32,
}

impl Header {
    /// Pixels in the image.
    pub(crate) fn pixels(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }
}

/// A decoding error of `path`'s image.
fn decode_error(path: Option<&Path>, source: ImageError) -> SpriteError {
    SpriteError::Decode {
        path: path.map(Path::to_path_buf),
        source,
    }
}

/// A decoder's own error as a [`SpriteError::Decode`] of `format`.
fn format_error(
    path: Option<&Path>,
    format: ImageFormat,
    e: impl Into<Box<dyn std::error::Error + Send + Sync>>,
) -> SpriteError {
    decode_error(
        path,
        ImageError::Decoding(image::error::DecodingError::new(format.into(), e)),
    )
}

/// Reads the header of the image in `bytes` (`path` names it in errors and gives the
/// format when the content does not): refuses images over [`MAX_IMAGE_SIDE`] or
/// [`MAX_IMAGE_PIXELS`] before anything is decoded.
pub(crate) fn header(bytes: &[u8], path: Option<&Path>) -> Result<Header, SpriteError> {
    let mut reader = ImageReader::new(Cursor::new(bytes));
    if let Some(ext) = path.and_then(|p| ImageFormat::from_path(p).ok()) {
        reader.set_format(ext);
    }
    let mut reader = reader
        .with_guessed_format()
        .map_err(|e| decode_error(path, ImageError::IoError(e)))?;
    let format = reader.format();
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(64 << 20);
    reader.limits(limits);
    // No side limits here: a too-large image gets our own error, not the decoder's.
    let (width, height) = reader
        .into_dimensions()
        .map_err(|e| decode_error(path, e))?;
    if width > MAX_IMAGE_SIDE
        || height > MAX_IMAGE_SIDE
        || u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS
    {
        return Err(SpriteError::ImageTooLarge { width, height });
    }
    Ok(Header {
        format,
        width,
        height,
    })
}

/// A decoded still image, read one row at a time.
pub(crate) enum Image {
    /// Decoded whole by the `image` crate, at the file's own colour type and depth.
    Whole(DynamicImage),
    /// A GIF's only frame, as stored.
    Gif(Box<GifFrame>),
}

/// A GIF's only frame: palette indices at `(left, top)` of a screen that is transparent
/// elsewhere.
pub(crate) struct GifFrame {
    /// The screen's width.
    width: u32,
    /// The screen's height.
    height: u32,
    /// The frame's left edge on the screen.
    left: u32,
    /// The frame's top edge on the screen.
    top: u32,
    /// The frame's width.
    frame_width: u32,
    /// One palette index a pixel, rows top first.
    indices: Vec<u8>,
    /// The frame's colours (its own palette, else the global one), the transparent index
    /// and every index past the palette fully transparent.
    palette: [[u8; 4]; 256],
}

impl Image {
    /// Width in pixels.
    pub(crate) fn width(&self) -> usize {
        match self {
            Image::Whole(img) => img.width() as usize,
            Image::Gif(g) => g.width as usize,
        }
    }

    /// Height in pixels.
    pub(crate) fn height(&self) -> usize {
        match self {
            Image::Whole(img) => img.height() as usize,
            Image::Gif(g) => g.height as usize,
        }
    }

    /// Whether the file stores more than 8 bits a channel (its alpha is judged at 16 bits).
    pub(crate) fn depth16(&self) -> bool {
        use image::DynamicImage as D;
        matches!(
            self,
            Image::Whole(
                D::ImageLuma16(_)
                    | D::ImageLumaA16(_)
                    | D::ImageRgb16(_)
                    | D::ImageRgba16(_)
                    | D::ImageRgb32F(_)
                    | D::ImageRgba32F(_)
            )
        )
    }

    /// Replaces `out` with row `y` (0 = top, below [`Image::height`]) as RGBA, each channel
    /// scaled to 16 bits (an 8-bit `v` as `v × 257`, floats clamped to 0..=1).
    pub(crate) fn row(&self, y: usize, out: &mut Vec<[u16; 4]>) {
        use image::DynamicImage as D;
        out.clear();
        let y = y as u32;
        let u8_16 = |v: u8| u16::from(v) * 257;
        let u16_16 = |v: u16| v;
        let f32_16 = |v: f32| (v.clamp(0.0, 1.0) * 65535.0).round() as u16;
        match self {
            Image::Whole(D::ImageRgba8(b)) => buffer_row(b, y, u8_16, out),
            Image::Whole(D::ImageRgb8(b)) => buffer_row(b, y, u8_16, out),
            Image::Whole(D::ImageLuma8(b)) => buffer_row(b, y, u8_16, out),
            Image::Whole(D::ImageLumaA8(b)) => buffer_row(b, y, u8_16, out),
            Image::Whole(D::ImageRgba16(b)) => buffer_row(b, y, u16_16, out),
            Image::Whole(D::ImageRgb16(b)) => buffer_row(b, y, u16_16, out),
            Image::Whole(D::ImageLuma16(b)) => buffer_row(b, y, u16_16, out),
            Image::Whole(D::ImageLumaA16(b)) => buffer_row(b, y, u16_16, out),
            Image::Whole(D::ImageRgba32F(b)) => buffer_row(b, y, f32_16, out),
            Image::Whole(D::ImageRgb32F(b)) => buffer_row(b, y, f32_16, out),
            // `DynamicImage` is non-exhaustive; a future variant goes through its own
            // RGBA conversion one pixel at a time.
            Image::Whole(img) => {
                use image::GenericImageView;
                out.extend((0..img.width()).map(|x| img.get_pixel(x, y).0.map(u8_16)));
            }
            Image::Gif(g) => g.row(y, out),
        }
    }
}

impl Image {
    /// Replaces `out` with row `y` (0 = top) as 8-bit RGBA: an 8-bit image's own values,
    /// a deeper one's rounded (from [`Image::row`] into `wide`).
    pub(crate) fn row8(&self, y: usize, wide: &mut Vec<[u16; 4]>, out: &mut Vec<[u8; 4]>) {
        use image::DynamicImage as D;
        out.clear();
        let y32 = y as u32;
        let same = |v: u8| v;
        match self {
            Image::Whole(D::ImageRgba8(b)) => buffer_row(b, y32, same, out),
            Image::Whole(D::ImageRgb8(b)) => buffer_row(b, y32, same, out),
            Image::Whole(D::ImageLuma8(b)) => buffer_row(b, y32, same, out),
            Image::Whole(D::ImageLumaA8(b)) => buffer_row(b, y32, same, out),
            _ => {
                self.row(y, wide);
                // An 8-bit value `v` was widened to `v × 257`: this gives `v` back.
                let to8 = |v: u16| ((u32::from(v) * 255 + 32_767) / 65_535) as u8;
                out.extend(wide.iter().map(|p| p.map(to8)));
            }
        }
    }

    /// Pixel `(x, y)` as 8-bit RGBA.
    pub(crate) fn pixel8(&self, x: usize, y: usize) -> [u8; 4] {
        use image::GenericImageView;
        match self {
            Image::Whole(img) => img.get_pixel(x as u32, y as u32).0,
            Image::Gif(g) => g.pixel(x as u32, y as u32),
        }
    }
}

/// Appends row `y` of `buf` to `out` as RGBA, channels scaled by `to16`.
fn buffer_row<P: image::Pixel, T>(
    buf: &image::ImageBuffer<P, Vec<P::Subpixel>>,
    y: u32,
    to16: impl Fn(P::Subpixel) -> T,
    out: &mut Vec<[T; 4]>,
) {
    let w = buf.width() as usize;
    let start = y as usize * w * usize::from(P::CHANNEL_COUNT);
    let samples = &buf.as_raw()[start..start + w * usize::from(P::CHANNEL_COUNT)];
    out.extend(
        samples
            .chunks_exact(usize::from(P::CHANNEL_COUNT))
            .map(|s| P::from_slice(s).to_rgba().0.map(&to16)),
    );
}

impl GifFrame {
    /// Pixel `(x, y)` of the screen.
    fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let frame_height = (self.indices.len() / self.frame_width.max(1) as usize) as u32;
        match (x.checked_sub(self.left), y.checked_sub(self.top)) {
            (Some(fx), Some(fy)) if fx < self.frame_width && fy < frame_height => {
                let i = self.indices[(fy * self.frame_width + fx) as usize];
                self.palette[usize::from(i)]
            }
            _ => [0; 4],
        }
    }

    /// Row `y` of the screen into `out` (empty).
    fn row(&self, y: u32, out: &mut Vec<[u16; 4]>) {
        let clear = [0u16; 4];
        let frame_height = (self.indices.len() / self.frame_width.max(1) as usize) as u32;
        let Some(fy) = y.checked_sub(self.top).filter(|&fy| fy < frame_height) else {
            out.resize(self.width as usize, clear);
            return;
        };
        let fw = self.frame_width as usize;
        let line = &self.indices[fy as usize * fw..(fy as usize + 1) * fw];
        out.extend((0..self.width).map(|x| {
            x.checked_sub(self.left)
                .and_then(|fx| line.get(fx as usize))
                .map_or(clear, |&i| {
                    self.palette[usize::from(i)].map(|v| u16::from(v) * 257)
                })
        }));
    }
}

/// Decodes the image in `bytes`, whose [`header`] is `head`: refuses an animation (more
/// than one frame of GIF, APNG or WebP) and an image whose decoding would take more than
/// [`MAX_DECODE_BYTES`] with `reserved` more bytes (what the caller keeps beside it),
/// then decodes it whole. What decoding takes is [`DECODER_STATE`] and the decoded pixels at the file's own
/// colour type and depth, and for WebP and TIFF the decoder's own copy besides (WebP
/// decodes into 4 bytes a pixel first; TIFF's decoder holds a strip it decodes).
pub(crate) fn decode(
    bytes: &[u8],
    path: Option<&Path>,
    head: Header,
    reserved: u64,
) -> Result<Image, SpriteError> {
    let reserved = reserved + DECODER_STATE;
    let too_large = |bytes: u64| SpriteError::DecodeTooLarge {
        width: head.width,
        height: head.height,
        bytes: bytes + reserved,
    };
    match head.format {
        Some(ImageFormat::Gif) => {
            return decode_gif(bytes, path, reserved).map(|g| Image::Gif(Box::new(g)))
        }
        Some(ImageFormat::Png) => {
            let frames = png_frames(bytes).map_err(|e| format_error(path, ImageFormat::Png, e))?;
            if frames > 1 {
                return Err(SpriteError::Animated { frames });
            }
        }
        Some(ImageFormat::WebP) => {
            let d = image_webp::WebPDecoder::new(Cursor::new(bytes))
                .map_err(|e| format_error(path, ImageFormat::WebP, e))?;
            if d.is_animated() && d.num_frames() != 1 {
                return Err(SpriteError::Animated {
                    frames: d.num_frames().into(),
                });
            }
        }
        _ => {}
    }
    let mut reader = ImageReader::new(Cursor::new(bytes));
    if let Some(f) = head.format {
        reader.set_format(f);
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits.clone());
    let mut decoder = reader.into_decoder().map_err(|e| decode_error(path, e))?;
    let total = decoder.total_bytes();
    let own = match head.format {
        Some(ImageFormat::WebP) => head.pixels() * 4,
        Some(ImageFormat::Tiff) => total,
        _ => 0,
    };
    let needed = total.saturating_add(own);
    if needed.saturating_add(reserved) > MAX_DECODE_BYTES {
        return Err(too_large(needed));
    }
    // What the decoder may allocate besides the pixels it returns.
    limits.max_alloc = Some(MAX_DECODE_BYTES - total - reserved);
    decoder
        .set_limits(limits)
        .map_err(|e| decode_error(path, e))?;
    DynamicImage::from_decoder(decoder)
        .map(Image::Whole)
        .map_err(|e| decode_error(path, e))
}

/// Frames of an (A)PNG: 1 for a still image.
fn png_frames(bytes: &[u8]) -> Result<u64, png::DecodingError> {
    let decoder =
        png::Decoder::new_with_limits(Cursor::new(bytes), png::Limits { bytes: 64 << 20 });
    let reader = decoder.read_info()?;
    Ok(reader
        .info()
        .animation_control()
        .map_or(1, |a| a.num_frames.into()))
}

/// A GIF's only frame (more frames are an animation, refused), kept as palette indices
/// (at most [`MAX_DECODE_BYTES`] less `reserved` of them).
fn decode_gif(bytes: &[u8], path: Option<&Path>, reserved: u64) -> Result<GifFrame, SpriteError> {
    let gif_error = |e: gif::DecodingError| format_error(path, ImageFormat::Gif, e);
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    opts.set_memory_limit(gif::MemoryLimit::Bytes(
        std::num::NonZeroU64::new(MAX_DECODE_BYTES).expect("not zero"),
    ));
    let mut d = opts.read_info(bytes).map_err(gif_error)?;
    let (width, height) = (u32::from(d.width()), u32::from(d.height()));
    let global: Vec<u8> = d.global_palette().unwrap_or(&[]).to_vec();
    let Some(frame) = d.next_frame_info().map_err(gif_error)? else {
        return Err(format_error(path, ImageFormat::Gif, "the GIF has no frame"));
    };
    let (left, top) = (u32::from(frame.left), u32::from(frame.top));
    let (frame_width, frame_height) = (u32::from(frame.width), u32::from(frame.height));
    let needed = u64::from(frame_width) * u64::from(frame_height);
    if needed.saturating_add(reserved) > MAX_DECODE_BYTES {
        return Err(SpriteError::DecodeTooLarge {
            width: frame_width,
            height: frame_height,
            bytes: needed + reserved,
        });
    }
    let mut palette = [[0u8; 4]; 256];
    let colours = frame.palette.as_deref().unwrap_or(&global);
    for (p, c) in palette.iter_mut().zip(colours.chunks_exact(3)) {
        *p = [c[0], c[1], c[2], 255];
    }
    if let Some(t) = frame.transparent {
        palette[usize::from(t)] = [0; 4];
    }
    let mut indices = vec![0u8; frame_width as usize * frame_height as usize];
    d.read_into_buffer(&mut indices).map_err(gif_error)?;
    let mut frames = 1;
    while d.next_frame_info().map_err(gif_error)?.is_some() {
        frames += 1;
    }
    if frames > 1 {
        return Err(SpriteError::Animated { frames });
    }
    Ok(GifFrame {
        width,
        height,
        left,
        top,
        frame_width,
        indices,
        palette,
    })
}

/// Reads a non-interlaced, still PNG one row at a time at its own depth, each row as
/// RGBA scaled to 16 bits, into `row(y, depth16, pixels)` (`depth16`: the samples are
/// 16-bit); returns whether it did. `Ok(false)` when the PNG is interlaced or has samples
/// the decoder does not expand to 8 or 16 bits (such a PNG is decoded whole by
/// [`decode`]); an animated PNG is [`SpriteError::Animated`]. `row`'s error ends the
/// reading and is returned.
pub(crate) fn png_rows(
    bytes: &[u8],
    path: Option<&Path>,
    mut row: impl FnMut(usize, bool, &[[u16; 4]]) -> Result<(), SpriteError>,
) -> Result<bool, SpriteError> {
    use png::{BitDepth, ColorType, Transformations};
    let png_error = |e: png::DecodingError| format_error(path, ImageFormat::Png, e);
    let limits = png::Limits { bytes: 64 << 20 };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    // Palette to RGB, tRNS to alpha, 1/2/4-bit to 8-bit; 16-bit stays 16-bit.
    decoder.set_transformations(Transformations::EXPAND);
    let mut reader = decoder.read_info().map_err(png_error)?;
    let info = reader.info();
    if let Some(frames) = info.animation_control().map(|a| a.num_frames) {
        if frames > 1 {
            return Err(SpriteError::Animated {
                frames: frames.into(),
            });
        }
    }
    if info.interlaced {
        return Ok(false);
    }
    let (color, depth) = reader.output_color_type();
    let channels = color.samples();
    let depth16 = depth == BitDepth::Sixteen;
    if !depth16 && depth != BitDepth::Eight {
        return Ok(false);
    }
    let mut y = 0;
    let mut line = Vec::new();
    while let Some(data) = reader.next_row().map_err(png_error)? {
        let data = data.data();
        let bytes_per = if depth16 { 2 } else { 1 };
        let sample = move |px: &[u8], i: usize| -> u16 {
            if depth16 {
                u16::from_be_bytes([px[2 * i], px[2 * i + 1]])
            } else {
                u16::from(px[i]) * 257
            }
        };
        let pixels = data.chunks_exact(channels * bytes_per).map(move |px| {
            let s = |i| sample(px, i);
            match color {
                ColorType::Grayscale => [s(0), s(0), s(0), u16::MAX],
                ColorType::GrayscaleAlpha => [s(0), s(0), s(0), s(1)],
                ColorType::Rgb => [s(0), s(1), s(2), u16::MAX],
                // Rgba (Indexed is expanded to Rgb or Rgba).
                _ => [s(0), s(1), s(2), s(3)],
            }
        });
        line.clear();
        line.extend(pixels);
        row(y, depth16, &line)?;
        y += 1;
    }
    Ok(true)
}
