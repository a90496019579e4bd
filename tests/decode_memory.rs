//! Decoding takes at most `MAX_DECODE_BYTES` (issue #58 item 1): the peak of the heap
//! while an image is read (`Sprite::from_image_bytes`) or fitted (`fit_image_bytes`),
//! measured by a counting global allocator, for every format the library reads, and for
//! the image bombs of the issue, whose declared size is far beyond their file's.
//!
//! The allocator counts the whole process: the tests hold one lock while they measure,
//! so they never run beside each other. The bombs are cheap (refused from the header, or
//! read in a few megabytes, or one 64 MiB decode); decoding every format at sizes near
//! the limit takes half a minute and is a long proof (`--ignored`).

#![cfg(feature = "image-io")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{Cursor, Write};
use std::sync::atomic::{AtomicUsize, Ordering};

use image::{DynamicImage, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};
use tetris_printer::fit::{self, FitOptions};
use tetris_printer::limits::MAX_DECODE_BYTES;
use tetris_printer::{Sprite, SpriteError};

/// Counts the bytes allocated now and the most at any time since the last reset.
struct Peak;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(n: usize) {
    let now = NOW.fetch_add(n, Ordering::Relaxed) + n;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is forwarded unchanged to `System`; the bookkeeping is atomics only.
unsafe impl GlobalAlloc for Peak {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc(layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        grew(layout.size());
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            grew(new_size - layout.size());
        } else {
            NOW.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        System.realloc(ptr, layout, new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static GLOBAL: Peak = Peak;

/// Held while a test measures.
static MEASURING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The most bytes the heap grew by while `f` ran.
fn peak_of<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let base = NOW.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let out = f();
    (PEAK.load(Ordering::Relaxed) - base, out)
}

/// The image in `format`.
fn encode(img: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Vec::new();
    img.write_to(&mut Cursor::new(&mut out), format).unwrap();
    out
}

/// A PNG chunk.
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut crc = flate2::Crc::new();
    crc.update(kind);
    crc.update(data);
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    out.extend_from_slice(&crc.sum().to_be_bytes());
    out
}

/// An all-zero (transparent black or black) PNG: `depth` bits, colour type `color`
/// (0 grey, 6 RGBA), Adam7-interlaced when `interlaced`.
fn zero_png(w: usize, h: usize, depth: u8, color: u8, interlaced: bool) -> Vec<u8> {
    let channels = if color == 6 { 4 } else { 1 };
    let bytes = channels * usize::from(depth) / 8;
    let mut ihdr = (w as u32).to_be_bytes().to_vec();
    ihdr.extend_from_slice(&(h as u32).to_be_bytes());
    ihdr.extend_from_slice(&[depth, color, 0, 0, u8::from(interlaced)]);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    let passes: &[(usize, usize, usize, usize)] = if interlaced {
        &[
            (0, 0, 8, 8),
            (4, 0, 8, 8),
            (0, 4, 4, 8),
            (2, 0, 4, 4),
            (0, 2, 2, 4),
            (1, 0, 2, 2),
            (0, 1, 1, 2),
        ]
    } else {
        &[(0, 0, 1, 1)]
    };
    for &(x0, y0, dx, dy) in passes {
        let (pw, ph) = ((w + dx - 1 - x0) / dx, (h + dy - 1 - y0) / dy);
        if pw == 0 || ph == 0 {
            continue;
        }
        let row = vec![0u8; pw * bytes + 1];
        for _ in 0..ph {
            z.write_all(&row).unwrap();
        }
    }
    let idat = z.finish().unwrap();
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(chunk(b"IHDR", &ihdr));
    out.extend(chunk(b"IDAT", &idat));
    out.extend(chunk(b"IEND", &[]));
    out
}

/// A BMP of `w` × `h` 8-bit RLE whose data ends at once (the rest is "skipped").
fn rle8_bmp(w: i32, h: i32) -> Vec<u8> {
    let palette = 256 * 4;
    let data = [0u8, 1]; // end of bitmap
    let offset = 14 + 40 + palette;
    let mut out = b"BM".to_vec();
    out.extend(((offset + data.len()) as u32).to_le_bytes());
    out.extend([0; 4]);
    out.extend((offset as u32).to_le_bytes());
    out.extend(40u32.to_le_bytes());
    out.extend(w.to_le_bytes());
    out.extend(h.to_le_bytes());
    out.extend(1u16.to_le_bytes());
    out.extend(8u16.to_le_bytes());
    out.extend(1u32.to_le_bytes()); // BI_RLE8
    out.extend((data.len() as u32).to_le_bytes());
    out.extend([0; 8]);
    out.extend(256u32.to_le_bytes());
    out.extend(0u32.to_le_bytes());
    out.extend(vec![0u8; palette]);
    out.extend(data);
    out
}

/// A GIF with a `w` × `h` screen and one 1 × 1 frame.
fn tiny_frame_gif(w: u16, h: u16) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut e = gif::Encoder::new(&mut out, w, h, &[0, 0, 0, 255, 0, 0]).unwrap();
        let f = gif::Frame {
            width: 1,
            height: 1,
            buffer: std::borrow::Cow::Owned(vec![1]),
            ..gif::Frame::default()
        };
        e.write_frame(&f).unwrap();
    }
    out
}

/// An ICO holding `png` as its one image.
fn ico_of_png(png: &[u8]) -> Vec<u8> {
    let mut out = vec![0, 0, 1, 0, 1, 0];
    out.extend([0, 0, 0, 0]); // 256 x 256, no palette
    out.extend(1u16.to_le_bytes());
    out.extend(32u16.to_le_bytes());
    out.extend((png.len() as u32).to_le_bytes());
    out.extend(22u32.to_le_bytes());
    out.extend_from_slice(png);
    out
}

/// Reads and fits `bytes`, each within the limit; returns the larger peak.
fn within_limit(name: &str, bytes: &[u8]) -> usize {
    let limit = MAX_DECODE_BYTES as usize;
    let (read, result) = peak_of(|| Sprite::from_image_bytes(bytes));
    assert!(
        read <= limit,
        "{name}: reading peaked at {read} bytes ({result:?})"
    );
    let (fitted, f) = peak_of(|| fit::fit_image_bytes(bytes, &FitOptions::default()));
    assert!(
        fitted <= limit,
        "{name}: fitting peaked at {fitted} bytes ({:?})",
        f.map(|f| f.report)
    );
    read.max(fitted)
}

/// MiB, for the figures the tests print.
fn mib(n: usize) -> f64 {
    n as f64 / f64::from(1 << 20)
}

#[test]
fn image_bombs_stay_within_the_limit() {
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    bombs_are_refused_before_decoding_or_read_in_bounded_memory();
    // The bombs: small files declaring huge images.
    let bombs: Vec<(&str, Vec<u8>)> = vec![
        (
            "interlaced 16-bit grey PNG, 8192x8192",
            zero_png(8192, 8192, 16, 0, true),
        ),
        (
            "interlaced 16-bit grey PNG, 2048x8192",
            zero_png(2048, 8192, 16, 0, true),
        ),
        ("BMP RLE8, 8192x8192", rle8_bmp(8192, 8192)),
        (
            "GIF, 8192x8192 screen, one 1x1 frame",
            tiny_frame_gif(8192, 8192),
        ),
        (
            "ICO holding an 8192x8192 RGBA PNG",
            ico_of_png(&zero_png(8192, 8192, 8, 6, false)),
        ),
    ];
    for (name, bytes) in &bombs {
        let peak = within_limit(name, bytes);
        eprintln!("{name}: {} bytes, peak {:.1} MiB", bytes.len(), mib(peak));
    }
}

/// Every format, at a size whose pixels take most of the limit.
#[test]
#[ignore = "long proof: half a minute"]
fn every_format_stays_within_the_limit() {
    let _one = MEASURING.lock().unwrap_or_else(|e| e.into_inner());
    // Every format, at a size whose pixels take most of the limit where the format's
    // decoder needs no more than them.
    let photo = |w: u32, h: u32| {
        DynamicImage::ImageRgb8(RgbImage::from_fn(w, h, |x, y| {
            Rgb([(x % 251) as u8, (y % 241) as u8, ((x + y) % 239) as u8])
        }))
    };
    let clear = |w: u32, h: u32| {
        DynamicImage::ImageRgba8(RgbaImage::from_fn(w, h, |x, y| {
            Rgba([(x % 7) as u8, 0, 0, u8::from(x < 10 && y < 10) * 255])
        }))
    };
    let cases: Vec<(String, Vec<u8>)> = vec![
        (
            "JPEG 4000x3000".into(),
            encode(&photo(4000, 3000), ImageFormat::Jpeg),
        ),
        (
            "PNG RGB 5000x5000".into(),
            encode(&photo(5000, 5000), ImageFormat::Png),
        ),
        (
            "WebP lossless RGB 3000x3000".into(),
            encode(&photo(3000, 3000), ImageFormat::WebP),
        ),
        (
            "WebP lossless RGB 4000x4000".into(),
            encode(&photo(4000, 4000), ImageFormat::WebP),
        ),
        (
            "BMP RGB 5000x5000".into(),
            encode(&photo(5000, 5000), ImageFormat::Bmp),
        ),
        (
            "TIFF RGB 5000x5000".into(),
            encode(&photo(5000, 5000), ImageFormat::Tiff),
        ),
        (
            "TIFF RGB 4000x4000".into(),
            encode(&photo(4000, 4000), ImageFormat::Tiff),
        ),
        (
            "QOI RGBA 4000x4000".into(),
            encode(&clear(4000, 4000), ImageFormat::Qoi),
        ),
        (
            "PNM RGB 5000x5000".into(),
            encode(&photo(5000, 5000), ImageFormat::Pnm),
        ),
    ];
    for (name, bytes) in &cases {
        let peak = within_limit(name, bytes);
        eprintln!("{name}: {} bytes, peak {:.1} MiB", bytes.len(), mib(peak));
    }
}

/// What the bombs are told.
fn bombs_are_refused_before_decoding_or_read_in_bounded_memory() {
    let e = Sprite::from_image_bytes(&rle8_bmp(8192, 8192)).unwrap_err();
    assert!(matches!(e, SpriteError::DecodeTooLarge { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "image is 8192x8192 pixels: decoding it would take 193 MiB, over the limit of 128 MiB"
    );
    // The one-pixel frame of a huge screen is a one-pixel sprite, as on a PNG canvas.
    let s = Sprite::from_image_bytes(&tiny_frame_gif(8192, 8192)).unwrap();
    assert_eq!((s.width(), s.height()), (1, 1));
}
