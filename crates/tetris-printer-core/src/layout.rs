//! How the indexes that the table generator derives from the patterns are laid out:
//! shared by the generator, which fills them, and the library's lookups (its private
//! `tables` module), which read them, so both sides compute every slot with the same
//! code.

use crate::moves::Move;
use crate::pattern::{StripSide, EDGE_WINDOW, MAX_EDGE_WIDTH, MAX_STRIP_HEIGHT, MAX_STRIP_WIDTH};

/// Slots of the emitter index: a power of two, over twice the emitter patterns (the
/// library's tests check it), so probes are short and a free slot always ends them.
pub const EMITTER_SLOTS: usize = 4096;

/// The first slot probed for emitter `key` (a multiply-shift hash; probing goes on to
/// the next slot, wrapping).
#[must_use]
pub const fn emitter_slot(key: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B1) >> 20) as usize % EMITTER_SLOTS
}

/// Slots of the wide-pattern index: a power of two, over twice the keys of `WIDE_KEYS`
/// (the library's tests check it), so probes are short and a free slot always ends them.
pub const WIDE_SLOTS: usize = 4096;

/// The first slot probed for the wide patterns `height` rows tall over `bottom` (a
/// multiply-shift hash of both; probing goes on to the next slot, wrapping).
#[must_use]
pub const fn wide_slot(bottom: u32, height: u8) -> usize {
    ((bottom ^ (height as u32) << 24).wrapping_mul(0x9E37_79B1) >> 20) as usize % WIDE_SLOTS
}

/// Widest inner strip, tallest strip, widest edge strip and the edge window, as sizes.
pub const STRIP_WIDTH: usize = MAX_STRIP_WIDTH as usize;
/// See [`STRIP_WIDTH`].
pub const STRIP_HEIGHT: usize = MAX_STRIP_HEIGHT as usize;
/// See [`STRIP_WIDTH`].
pub const EDGE_WIDTH: usize = MAX_EDGE_WIDTH as usize;
/// See [`STRIP_WIDTH`].
pub const WINDOW: usize = EDGE_WINDOW as usize;

// The inner-width index holds strips in 8 columns and their widths in a byte.
const _: () = assert!(STRIP_WIDTH == 8);

/// Inner strip fits, full form: for each height and each 8 columns of bottom and support,
/// a byte whose bit `w − 1` says some inner strip `w` wide fits there in whole pieces.
/// the generator stores it deduplicated: one 256-byte row (indexed by support) per distinct
/// `(height, bottom)`.
#[must_use]
pub const fn widths_slot(h: usize, bottom: u32, support: u32) -> usize {
    (fit_row_slot(h, bottom) << 8) | (support as usize & 0xFF)
}

/// The `(height, bottom byte)` whose 256 supports form one row of the inner index.
#[must_use]
pub const fn fit_row_slot(h: usize, bottom: u32) -> usize {
    ((h - 1) << 8) | (bottom as usize & 0xFF)
}

/// Rows of the inner index before deduplication.
pub const FIT_ROW_SLOTS: usize = STRIP_HEIGHT << 8;

/// A set of supports within an edge strip's window: bit `s` for support `s`.
pub type EdgeSupports = [u64; EDGE_WORDS];
/// 64-bit words of an [`EdgeSupports`].
pub const EDGE_WORDS: usize = if WINDOW > 6 { 1 << (WINDOW - 6) } else { 1 };

/// Edge strip widths (`STRIP_WIDTH < w ≤ EDGE_WIDTH`).
pub const EDGE_WIDTHS: usize = EDGE_WIDTH - STRIP_WIDTH;

/// Slots of the edge index: one support set ([`EdgeSupports`]) per side, height, width and bottom
/// within the window.
pub const EDGE_SLOTS: usize = (2 * STRIP_HEIGHT * EDGE_WIDTHS) << WINDOW;

/// The slot of an edge strip `w` × `h` on `side` over `window_bottom` (its bottom shifted
/// into the window). Bit `s` of the slot says a strip fits on support `s` (shifted too).
#[must_use]
pub const fn edge_slot(side: StripSide, w: usize, h: usize, window_bottom: u32) -> usize {
    let s = matches!(side, StripSide::Right) as usize;
    (((s * STRIP_HEIGHT + h - 1) * EDGE_WIDTHS + w - STRIP_WIDTH - 1) << WINDOW)
        + window_bottom as usize
}

/// Whether a strip `w` × `h` over `bottom` has a whole number of free cells (only whole
/// pieces fill it).
#[must_use]
pub const fn whole(w: usize, h: usize, bottom: u32) -> bool {
    (w * h)
        .wrapping_sub(bottom.count_ones() as usize)
        .is_multiple_of(4)
}

/// Entries of the run-cover table: one per colour, first column and length, with room
/// for every column of the field and every length up to 17.
pub const RUN_COVER_ENTRIES: usize = 3 * 21 * 18;

/// The slot of the run of `len` pixels of `colour` from column `x` in the run-cover
/// table, or `None` past its bounds.
#[must_use]
pub const fn run_cover_slot(colour: u8, x: u8, len: u8) -> Option<usize> {
    if colour < 3 && x < 21 && len < 18 {
        Some((colour as usize * 21 + x as usize) * 18 + len as usize)
    } else {
        None
    }
}

/// The escape byte of the move encoding ([`decode_move`]): the codes below it stand for
/// the commonest moves themselves.
pub const MOVE_ESCAPE: u8 = u8::MAX;

/// The move whose code starts at `bytes[i]`, and where the next code starts. A code is
/// one byte `b < MOVE_ESCAPE`, the move `common[b]`, or [`MOVE_ESCAPE`] and a byte `r`,
/// the move `rare[r]`. (the generator encodes the patterns' moves so and checks each
/// pattern with this very function.)
///
/// # Panics
/// If `bytes` ends inside a code or a code lies outside its list (never for the tables'
/// own spans).
#[inline]
#[must_use]
pub fn decode_move(bytes: &[u8], i: usize, common: &[Move], rare: &[Move]) -> (Move, usize) {
    match bytes[i] {
        MOVE_ESCAPE => (rare[usize::from(bytes[i + 1])], i + 2),
        b => (common[usize::from(b)], i + 1),
    }
}
