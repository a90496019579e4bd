//! The playground page's WebAssembly module: `tetris-printer` behind a few raw
//! `extern "C"` exports, so the page needs plain JavaScript and no wasm-bindgen.
//!
//! Protocol (all lengths in bytes, all pointers into this module's memory):
//! 1. `tp_alloc(len)` reserves a buffer; the page copies RGBA pixels (or move text) into it.
//! 2. `tp_convert(ptr, len, width, height, strategy, direct, align)` validates the pixels
//!    with `Sprite::from_rgba`, places the sprite (`Converter::place`) and converts it; it
//!    returns the number of moves, or a negative status. Either way the text it leaves
//!    behind (`tp_text_ptr`/`tp_text_len`, UTF-8) is the move list, one move a line, or
//!    the error message: the same `Display` text the command line prints.
//! 3. `tp_info_ptr()` points at [`INFO_LEN`] bytes describing the last converted sprite
//!    (see [`Info`]), so the page can paint J, T and L in the sprite's own colours.
//!    `tp_expected_ptr()` points at the [`HEIGHT`] × [`WIDTH`] cells the finished print
//!    must have (see [`tp_expected_ptr`]), so the page can check its own animation.
//! 4. `tp_check(ptr, len)` parses a move list, replays it on an empty field and compares
//!    the result with the last converted sprite (the command line's `check`).
//! 5. `tp_free(ptr, len)` releases a buffer from `tp_alloc`.
//! 6. `tp_image_size_ok(width, height)` applies `Sprite::open`'s image-size limits before
//!    the page copies a decoded image in.
//! 7. `tp_gif(scale, fps, fall)` encodes the last conversion's print as an animated GIF
//!    with `tetris_printer::animate` (the command line's `animate`, byte for byte); it
//!    returns the GIF's length, and `tp_gif_ptr()` points at its bytes.
//! 8. `tp_max_width()`, `tp_max_height()`: the largest sprite.
//! 9. `tp_decode(ptr, len, name_ptr, name_len, fit, alpha, colors, gaps, background,
//!    rgb)` reads an image file's bytes, named as the file (UTF-8), as the command line
//!    reads a sprite file (`Sprite::read_from`: the name's extension tells a format its
//!    content does not, and messages name the file), or fits it (`tetris_printer::fit`, the command line's `--fit`) when `fit` is not
//!    0. It returns 0 and leaves the sprite's RGBA pixels behind `tp_sprite_ptr`
//!    (`tp_sprite_width` × `tp_sprite_height` × 4 bytes) and, when fitted, the one line
//!    saying what fitting changed as the text; or a negative status and the error
//!    message ([`STATUS_FITTABLE`] when fitting would make it a sprite).
//!
//! Only public API of the library is used. State lives in one `Mutex` (the module runs
//! single-threaded; the lock never contends). No export panics on any input; should the
//! module trap all the same (a bug, or a wild pointer from the caller), the lock stays
//! held and the allocator may be half-way through an update, so the module is not to
//! be called again: the page instantiates it afresh (`web/worker.js`).

use std::alloc::{alloc, dealloc, Layout};
use std::sync::Mutex;

use tetris_printer::animate::{animate, AnimateOptions};
use tetris_printer::fit::{self, Background, FitOptions, Gaps};
use tetris_printer::limits::{MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE};
use tetris_printer::{
    compare, moves_to_string, parse_moves, Align, Converter, Move, Piece, Planner, Playfield, Rgb,
    Sprite, SpriteError, HEIGHT, MAX_HEIGHT, MAX_WIDTH, WIDTH,
};

/// `tp_convert` status: the pixels are not a printable sprite; the text is the reason.
pub const STATUS_BAD_SPRITE: i32 = -1;
/// `tp_convert` status: unknown strategy number (0 greedy, 1 optimal, 2 thorough, 3 grouped),
/// or unknown placement (0 left, 1 centre, 2 right, 3 best).
pub const STATUS_BAD_STRATEGY: i32 = -2;
/// `tp_convert` status: the opaque part of the image is larger than a sprite may be
/// (`SpriteError::TooLarge`); the text is the reason. The page offers to scale or crop.
pub const STATUS_TOO_LARGE: i32 = -3;
/// `tp_decode` status: the image is not a sprite, but fitting would make one (the text
/// says why it is not); the page offers to fit it.
pub const STATUS_FITTABLE: i32 = -4;
/// `tp_gif` status: no sprite converted yet.
pub const STATUS_NO_PRINT: i32 = -1;
/// `tp_check` status: no sprite converted yet, or the move text is not UTF-8 / not moves.
pub const STATUS_BAD_INPUT: i32 = -1;
/// `tp_check` status: the moves do not print the sprite (a drop fails, or the field
/// differs); the text says where.
pub const STATUS_MISMATCH: i32 = 1;

/// Bytes behind `tp_info_ptr`.
pub const INFO_LEN: usize = 16;

/// The last converted sprite, as laid out behind `tp_info_ptr`:
/// `[width, height, x0, ncolors, r0, g0, b0, r1, g1, b1, r2, g2, b2, 0, 0, 0]`.
#[derive(Default)]
struct Info([u8; INFO_LEN]);

impl Info {
    fn of(sprite: &Sprite) -> Info {
        let mut b = [0u8; INFO_LEN];
        // Width ≤ 17, height ≤ 32 and x0 ≤ 10: all fit a byte.
        b[0] = sprite.width() as u8;
        b[1] = sprite.height() as u8;
        b[2] = sprite.x0() as u8;
        b[3] = sprite.colors().len() as u8;
        for (i, c) in sprite.colors().iter().enumerate() {
            b[4 + 3 * i..7 + 3 * i].copy_from_slice(&[c.r, c.g, c.b]);
        }
        Info(b)
    }
}

struct State {
    text: String,
    info: Info,
    /// Row-major from the bottom row: `expected[y * WIDTH + x]`.
    expected: [u8; HEIGHT * WIDTH],
    /// The last converted sprite, placed where its moves print it.
    sprite: Option<Sprite>,
    /// The moves of the last conversion (for `tp_gif`).
    moves: Vec<Move>,
    /// The last GIF `tp_gif` made.
    gif: Vec<u8>,
    /// The sprite `tp_decode` read or fitted: width, height and RGBA pixels.
    decoded: (u32, u32, Vec<u8>),
}

static STATE: Mutex<State> = Mutex::new(State {
    text: String::new(),
    info: Info([0; INFO_LEN]),
    expected: [0; HEIGHT * WIDTH],
    sprite: None,
    moves: Vec::new(),
    gif: Vec::new(),
    decoded: (0, 0, Vec::new()),
});

fn state() -> std::sync::MutexGuard<'static, State> {
    // Nothing panics while holding the lock (panic = "abort" anyway).
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Reserves `len` bytes (at least 1) for the page to write into. Null if out of memory.
#[no_mangle]
pub extern "C" fn tp_alloc(len: usize) -> *mut u8 {
    match Layout::from_size_align(len.max(1), 1) {
        // SAFETY: the layout has a non-zero size.
        Ok(layout) => unsafe { alloc(layout) },
        Err(_) => std::ptr::null_mut(),
    }
}

/// Releases a buffer from [`tp_alloc`] with the same `len`.
///
/// # Safety
/// `ptr` must come from `tp_alloc(len)` and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn tp_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: the caller passes what tp_alloc returned for this len.
        unsafe { dealloc(ptr, Layout::from_size_align_unchecked(len.max(1), 1)) }
    }
}

/// The strategy numbers the page sends.
fn passes(strategy: u32) -> Option<Planner> {
    match strategy {
        0 => Some(Planner::Greedy),
        1 => Some(Planner::Optimal),
        2 => Some(Planner::Thorough),
        3 => Some(Planner::Grouped),
        _ => None,
    }
}

/// The placement numbers the page sends: the order of `Align::ALL`.
fn align(n: u32) -> Option<Align> {
    Align::ALL.get(usize::try_from(n).ok()?).copied()
}

/// Converts the `width` × `height` RGBA image at `ptr` (`len` bytes, top row first),
/// placed by `align` (0 left, 1 centre, 2 right, 3 best) and with direct placement when
/// `direct` is not 0 (`Converter::with_direct`: no effect with greedy, optimal or thorough).
///
/// Returns the number of moves and leaves the move list as the text; or returns
/// [`STATUS_BAD_SPRITE`], [`STATUS_TOO_LARGE`] or [`STATUS_BAD_STRATEGY`] and leaves the error message.
///
/// # Safety
/// `ptr..ptr + len` must be readable memory of this module (e.g. from [`tp_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn tp_convert(
    ptr: *const u8,
    len: usize,
    width: u32,
    height: u32,
    strategy: u32,
    direct: u32,
    align_number: u32,
) -> i32 {
    let rgba: &[u8] = if len == 0 {
        &[]
    } else {
        // SAFETY: guaranteed by the caller.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    let mut st = state();
    st.sprite = None;
    st.info = Info::default();
    st.expected = [0; HEIGHT * WIDTH];
    st.moves.clear();
    let Some(passes) = passes(strategy) else {
        st.text = format!(
            "unknown strategy {strategy}; use 0 (greedy), 1 (optimal), 2 (thorough) or 3 (grouped)"
        );
        return STATUS_BAD_STRATEGY;
    };
    let Some(align) = align(align_number) else {
        st.text = format!(
            "unknown placement {align_number}; use 0 (left), 1 (centre), 2 (right) or 3 (best)"
        );
        return STATUS_BAD_STRATEGY;
    };
    // u32 at the JavaScript boundary; the library takes `usize`, as wide or wider here.
    let (Ok(width), Ok(height)) = (usize::try_from(width), usize::try_from(height)) else {
        st.text = format!("image size {width}x{height} does not fit this target's usize");
        return STATUS_BAD_SPRITE;
    };
    let sprite = match Sprite::from_rgba(width, height, rgba) {
        Ok(s) => s,
        Err(e) => {
            st.text = e.to_string();
            return match e {
                SpriteError::TooLarge { .. } => STATUS_TOO_LARGE,
                _ => STATUS_BAD_SPRITE,
            };
        }
    };
    let converter = Converter::with_planner(passes).with_direct(direct != 0);
    let sprite = converter.place(&sprite, align);
    let moves = converter.convert_to_vec(&sprite);
    st.text = moves_to_string(&moves);
    st.info = Info::of(&sprite);
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            // What `printer::compare` expects: the J, T or L of the cell's sprite colour.
            let piece = sprite.cell(x, y).map(Piece::for_color);
            st.expected[y * WIDTH + x] = piece.map_or(0, |p| p as u8 + 1);
        }
    }
    st.sprite = Some(sprite);
    // At most MAX_MOVES = 20,800 moves.
    let count = moves.len() as i32;
    st.moves = moves;
    count
}

/// Encodes the print of the last successful [`tp_convert`] as an animated GIF, as the
/// command line's `animate` does with `--scale scale --fps fps` (and `--fall` when
/// `fall` is not 0); `scale` and `fps` are clamped as there. Returns the GIF's length in
/// bytes (at [`tp_gif_ptr`]), or [`STATUS_NO_PRINT`] with the reason as the text.
#[no_mangle]
pub extern "C" fn tp_gif(scale: u32, fps: u32, fall: u32) -> i32 {
    let mut st = state();
    let st = &mut *st;
    st.gif.clear();
    let Some(sprite) = st.sprite else {
        st.text = "no sprite converted yet".to_owned();
        return STATUS_NO_PRINT;
    };
    let opts = AnimateOptions {
        scale,
        fps,
        fall: fall != 0,
        ..AnimateOptions::default()
    };
    match animate(
        &st.moves,
        sprite.colors(),
        &opts,
        &mut st.gif,
        &mut |_, _| {},
    ) {
        Ok(stats) => match i32::try_from(st.gif.len()) {
            Ok(len) => {
                st.text = format!("{} frames, {} bytes", stats.frames, stats.bytes);
                len
            }
            Err(_) => {
                st.gif.clear();
                st.text = format!("the GIF would be {} bytes, over 2 GiB", stats.bytes);
                STATUS_NO_PRINT
            }
        },
        Err(e) => {
            st.gif.clear();
            st.text = e.to_string();
            STATUS_NO_PRINT
        }
    }
}

/// Start of the bytes of the last GIF [`tp_gif`] made.
#[no_mangle]
pub extern "C" fn tp_gif_ptr() -> *const u8 {
    state().gif.as_ptr()
}

/// Replays the move text at `ptr` (`len` bytes of UTF-8) on an empty field and compares
/// it with the sprite of the last successful [`tp_convert`]. Returns 0 and the text
/// `ok: WxH sprite, N pieces` when it prints the sprite, [`STATUS_MISMATCH`] with the first
/// wrong cell, or [`STATUS_BAD_INPUT`] with the reason.
///
/// # Safety
/// `ptr..ptr + len` must be readable memory of this module (e.g. from [`tp_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn tp_check(ptr: *const u8, len: usize) -> i32 {
    let bytes: &[u8] = if len == 0 {
        &[]
    } else {
        // SAFETY: guaranteed by the caller.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    let mut st = state();
    let Some(sprite) = st.sprite else {
        st.text = "no sprite converted yet".to_owned();
        return STATUS_BAD_INPUT;
    };
    let moves = match std::str::from_utf8(bytes) {
        Err(e) => Err(format!("move text is not UTF-8: {e}")),
        Ok(text) => parse_moves(text).map_err(|e| e.to_string()),
    };
    let moves = match moves {
        Ok(m) => m,
        Err(e) => {
            st.text = e;
            return STATUS_BAD_INPUT;
        }
    };
    let field = match Playfield::replay(&moves) {
        Ok(f) => f,
        Err(e) => {
            st.text = e.to_string();
            return STATUS_MISMATCH;
        }
    };
    match compare(&field, &sprite) {
        Ok(()) => {
            st.text = format!(
                "ok: {}x{} sprite, {} pieces",
                sprite.width(),
                sprite.height(),
                moves.len()
            );
            0
        }
        Err(m) => {
            st.text = m.to_string();
            STATUS_MISMATCH
        }
    }
}

/// Whether a decoded image of `width` × `height` is within what `Sprite::open` reads
/// (`MAX_IMAGE_SIDE`, `MAX_IMAGE_PIXELS`): 0 if so, else [`STATUS_BAD_SPRITE`] with
/// `SpriteError::ImageTooLarge`'s message as the text. The page asks before it copies the
/// pixels, so a huge image is refused as the command line refuses it.
#[no_mangle]
pub extern "C" fn tp_image_size_ok(width: u32, height: u32) -> i32 {
    if width > MAX_IMAGE_SIDE
        || height > MAX_IMAGE_SIDE
        || u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS
    {
        state().text = SpriteError::ImageTooLarge { width, height }.to_string();
        return STATUS_BAD_SPRITE;
    }
    0
}

/// The widest sprite, in pixels ([`MAX_WIDTH`]).
#[no_mangle]
pub extern "C" fn tp_max_width() -> u32 {
    MAX_WIDTH as u32
}

/// The tallest sprite, in pixels ([`MAX_HEIGHT`]).
#[no_mangle]
pub extern "C" fn tp_max_height() -> u32 {
    MAX_HEIGHT as u32
}

/// Start of the text the last call left (moves or a message), UTF-8.
#[no_mangle]
pub extern "C" fn tp_text_ptr() -> *const u8 {
    state().text.as_ptr()
}

/// Length in bytes of the text the last call left.
#[no_mangle]
pub extern "C" fn tp_text_len() -> usize {
    state().text.len()
}

/// Start of the [`INFO_LEN`] bytes describing the last converted sprite (zeros after an
/// error).
#[no_mangle]
pub extern "C" fn tp_info_ptr() -> *const u8 {
    state().info.0.as_ptr()
}

/// Start of the [`HEIGHT`] × [`WIDTH`] bytes of the field the last converted sprite prints
/// to, bottom row first: `0` for an empty cell, else `1 + Piece as u8` (T = 1, J = 2,
/// L = 3; the same codes the page's simulator uses). All zeros after an error.
#[no_mangle]
pub extern "C" fn tp_expected_ptr() -> *const u8 {
    state().expected.as_ptr()
}

/// Reads the image file at `ptr` (`len` bytes) named by the UTF-8 at `name_ptr`
/// (`name_len` bytes) as a sprite, or fits it when `fit` is not 0 with these options: `alpha` (1..=255), `colors` (1..=3), `gaps` (0 bridge, 1 close),
/// `background` (0 auto, 1 none, 2 the colour `rgb`, `0xRRGGBB`). Returns 0 with the
/// sprite behind [`tp_sprite_ptr`] (and, fitted, what fitting changed as the text), or
/// [`STATUS_FITTABLE`] or [`STATUS_BAD_SPRITE`] with the error message.
///
/// # Safety
/// `ptr..ptr + len` and `name_ptr..name_ptr + name_len` must be readable memory of this
/// module (e.g. from [`tp_alloc`]).
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn tp_decode(
    ptr: *const u8,
    len: usize,
    name_ptr: *const u8,
    name_len: usize,
    fit: u32,
    alpha: u32,
    colors: u32,
    gaps: u32,
    background: u32,
    rgb: u32,
) -> i32 {
    let bytes: &[u8] = if len == 0 {
        &[]
    } else {
        // SAFETY: guaranteed by the caller.
        unsafe { std::slice::from_raw_parts(ptr, len) }
    };
    let name: &[u8] = if name_len == 0 {
        &[]
    } else {
        // SAFETY: guaranteed by the caller.
        unsafe { std::slice::from_raw_parts(name_ptr, name_len) }
    };
    let name = std::path::PathBuf::from(String::from_utf8_lossy(name).into_owned());
    let mut st = state();
    st.decoded = (0, 0, Vec::new());
    let read = if fit == 0 {
        // The command line's words, its hint included.
        Sprite::read_from(bytes, &name)
            .map(|s| (s, String::new()))
            .map_err(|e| match e.fit_hint() {
                Some(hint) => (STATUS_FITTABLE, format!("{e} (try --fit to {hint})")),
                None => (STATUS_BAD_SPRITE, e.to_string()),
            })
    } else {
        let [_, r, g, b] = rgb.to_be_bytes();
        let opts = FitOptions {
            alpha: u8::try_from(alpha).unwrap_or(0),
            colors: colors as usize,
            gaps: if gaps == 0 { Gaps::Bridge } else { Gaps::Close },
            background: match background {
                0 => Background::Auto,
                1 => Background::None,
                _ => Background::Color(Rgb::new(r, g, b)),
            },
            ..FitOptions::default()
        };
        fit::fit_reader(bytes, &name, &opts)
            .map(|f| (f.sprite, f.report.to_string()))
            .map_err(|e| (STATUS_BAD_SPRITE, e.to_string()))
    };
    match read {
        Ok((sprite, text)) => {
            // Width ≤ 17 and height ≤ 32.
            st.decoded = (
                sprite.width() as u32,
                sprite.height() as u32,
                sprite.to_rgba(),
            );
            st.text = text;
            0
        }
        Err((status, text)) => {
            st.text = text;
            status
        }
    }
}

/// Start of the RGBA pixels of the sprite the last [`tp_decode`] read.
#[no_mangle]
pub extern "C" fn tp_sprite_ptr() -> *const u8 {
    state().decoded.2.as_ptr()
}

/// Width of the sprite the last [`tp_decode`] read (0 after an error).
#[no_mangle]
pub extern "C" fn tp_sprite_width() -> u32 {
    state().decoded.0
}

/// Height of the sprite the last [`tp_decode`] read (0 after an error).
#[no_mangle]
pub extern "C" fn tp_sprite_height() -> u32 {
    state().decoded.1
}
