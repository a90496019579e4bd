//! What the firmware and the host must agree on: the conversions each sprite gets and the
//! lines that describe their results. The firmware (`embedded/src/main.rs`, which includes
//! this file) prints these lines over semihosting; the host program
//! `examples/embedded_expect.rs` (which includes it too) prints them for the same sprites
//! read from `benches/sprites/*.png`, and `embedded/run.sh` fails on any difference. The
//! file lives in the library's package, not in `embedded/` (a package of its own), so that
//! the published crate's example builds.
//!
//! - `sprite NAME WxH fnv=HASH`: the sprite's size and the hash of its text art
//!   (`Sprite::to_ascii`: a colour index or `.` per pixel, rows top first, each ended by
//!   a newline), so a sprite that differs from its PNG is named as such;
//! - `print NAME MODE pieces=N fnv=HASH`: a conversion's piece count and the hash of its
//!   moves written as a move file (`write_moves`, one `J0 5` a line).
//!
//! The hash is 64-bit FNV-1a, as `examples/pieces.rs` hashes whole move files.

use core::fmt::{self, Write};

use tetris_printer::{write_moves, ConvertError, Converter, Move, Sprite, Workspace};

/// One way of converting a sprite: its name in the lines, and the call that converts.
#[derive(Clone, Copy)]
pub struct Mode {
    /// `default`, `direct` or `direct+ws`.
    pub name: &'static str,
    /// Converts a sprite into a buffer of at least `MAX_MOVES` (with the workspace if the
    /// mode lends one): the number of moves written.
    pub convert: fn(&mut Workspace, &Sprite, &mut [Move]) -> Result<usize, ConvertError>,
}

/// The conversions every sprite gets: the default planner, direct placement with its row
/// plans on the stack (`Converter::convert`), and direct placement with a lent
/// [`Workspace`] (`Converter::convert_in`, as the command line's `--direct`).
pub const MODES: [Mode; 3] = [
    Mode {
        name: "default",
        convert: default,
    },
    Mode {
        name: "direct",
        convert: direct,
    },
    Mode {
        name: "direct+ws",
        convert: direct_in,
    },
];

// One function each, never inlined into the caller: each conversion's stack frame is its
// own mode's, with its converter a constant (the modes not taken are not in it).

#[inline(never)]
fn default(_: &mut Workspace, sprite: &Sprite, out: &mut [Move]) -> Result<usize, ConvertError> {
    Converter::new().convert(sprite, out)
}

#[inline(never)]
fn direct(_: &mut Workspace, sprite: &Sprite, out: &mut [Move]) -> Result<usize, ConvertError> {
    Converter::new().with_direct(true).convert(sprite, out)
}

#[inline(never)]
fn direct_in(
    workspace: &mut Workspace,
    sprite: &Sprite,
    out: &mut [Move],
) -> Result<usize, ConvertError> {
    Converter::new()
        .with_direct(true)
        .convert_in(workspace, sprite, out)
}

/// 64-bit FNV-1a over everything written to it.
pub struct Fnv(u64);

impl Fnv {
    /// The hash of nothing (FNV-1a's offset basis).
    pub const fn new() -> Fnv {
        Fnv(0xCBF2_9CE4_8422_2325)
    }
}

impl Write for Fnv {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for b in s.bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
        Ok(())
    }
}

/// Writes `sprite NAME WxH fnv=HASH` (without a newline).
pub fn sprite_line(out: &mut impl Write, name: &str, sprite: &Sprite) -> fmt::Result {
    let mut fnv = Fnv::new();
    for row in 0..sprite.height() {
        for col in 0..sprite.width() {
            fnv.write_char(sprite.pixel(col, row).map_or('.', |i| char::from(b'0' + i)))?;
        }
        fnv.write_char('\n')?;
    }
    let (w, h) = (sprite.width(), sprite.height());
    write!(out, "sprite {name} {w}x{h} fnv={:016x}", fnv.0)
}

/// Writes `print NAME MODE pieces=N fnv=HASH` (without a newline).
pub fn print_line(out: &mut impl Write, name: &str, mode: &Mode, moves: &[Move]) -> fmt::Result {
    let mut fnv = Fnv::new();
    write_moves(moves, &mut fnv)?;
    let pieces = moves.len();
    write!(
        out,
        "print {name} {} pieces={pieces} fnv={:016x}",
        mode.name, fnv.0
    )
}
