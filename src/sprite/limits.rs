//! The sizes a sprite and the images it is read from may have.

/// Widest trimmed sprite: the printable columns 2..=18 of the 21-wide playfield.
pub const MAX_WIDTH: usize = 17;
/// Tallest trimmed sprite, so printing never gets near the 42-row ceiling.
pub const MAX_HEIGHT: usize = 32;
/// Distinct opaque colors: one each for J, T and L.
pub const MAX_COLORS: usize = 3;
/// Largest image side `Sprite::open` decodes; transparent borders may make an image much
/// larger than the sprite (icon editors export mostly transparent 1200x1200 canvases), but
/// not without bound. Checked from the header, before decoding.
pub const MAX_IMAGE_SIDE: u32 = 8192;
/// Largest pixel count `Sprite::open` decodes (64 Mpx), checked from the header alone.
/// Non-interlaced PNGs are decoded one row at a time, so their size costs no memory.
pub const MAX_IMAGE_PIXELS: u64 = 1 << 26;
/// Largest image file [`Sprite::open`](crate::Sprite::open) reads into memory (256 MiB).
#[cfg(feature = "image-io")]
pub const MAX_FILE_BYTES: u64 = 1 << 28;
/// Most bytes of pixels an image is decoded into (128 MiB), from its header before
/// anything is decoded: width × height × the bytes a pixel takes in the file's own colour
/// type and depth (3 for 8-bit RGB, 8 for 16-bit RGBA, ...; a GIF's one frame takes 1).
/// Nothing else that reads or fits an image grows with its size beyond a few bits a
/// pixel; non-interlaced PNGs are read row by row and need none of it.
#[cfg(feature = "image-io")]
pub const MAX_DECODE_BYTES: u64 = 128 << 20;
/// Widest and tallest art [`Sprite::from_ascii`](crate::Sprite::from_ascii) accepts (it converts on the stack).
pub const MAX_ASCII_SIDE: usize = 64;
