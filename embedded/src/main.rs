//! Firmware for QEMU's `mps2-an386` (a Cortex-M4 with FPU, `thumbv7em-none-eabihf`): the
//! library's `no_std` core, without `alloc`, converts the nine benchmark sprites on an
//! emulated microcontroller.
//!
//! Each sprite ([`sprites::SPRITES`], the PNGs of `benches/sprites/` as text art) is
//! converted in every mode of [`check::MODES`]: the default planner, and direct placement
//! with its row plans on the stack and in a lent `Workspace`. Every print is replayed on a
//! `Playfield` and compared with its sprite here on the target; its pieces and the hash of
//! its moves go out over semihosting (the `sprite` and `print` lines of [`check`]), where
//! `embedded/run.sh` compares them with the host's. Lines starting with `#` are the
//! measurements, which the host does not check:
//! - **instructions** per conversion: QEMU models no cycles, but with `-icount shift=0`
//!   its virtual clock advances 1 ns per instruction executed, and the SysTick counts that
//!   clock at the board's 25 MHz, so one tick is 40 instructions (checked at start against
//!   a loop of known length; the count includes the few instructions of the SysTick
//!   handler that runs every 2^24 ticks);
//! - **stack**: the free stack is painted before each conversion (`cortex-m-stack`), and
//!   the deepest word written is found after it: `stack` is the program's peak from the
//!   top of RAM, `own` the conversion's part below its caller;
//! - **flash and RAM** of the image, from the linker's section symbols.
//!
//! Any failure (a conversion error, a print that does not replay to its sprite, a
//! calibration that is off) ends the run with exit code 1; success with 0.

#![no_std]
#![no_main]

// Shared with the host's side (`examples/embedded_expect.rs`), in the library package so
// that the published crate's example builds.
#[path = "../../examples/common/embedded_check.rs"]
mod check;
mod sprites;

use core::fmt::Write;
use core::sync::atomic::{AtomicU32, Ordering};

use cortex_m::peripheral::{syst::SystClkSource, SCB, SYST};
use cortex_m_rt::{entry, exception};
use cortex_m_semihosting::{debug, hio};
use panic_semihosting as _;
use tetris_printer::{compare, Move, Playfield, Shape, Sprite, Workspace, MAX_MOVES};

/// SysTick's reload value: it counts down from here, 2^24 ticks a wrap.
const RELOAD: u32 = 0x00FF_FFFF;

/// Instructions per SysTick tick: the board's 25 MHz system clock ticks every 40 ns of
/// virtual time, which `-icount shift=0` advances 1 ns per instruction.
const INSTRUCTIONS_PER_TICK: u64 = 40;

/// SysTick wraps so far (its handler counts them).
static WRAPS: AtomicU32 = AtomicU32::new(0);

#[exception]
fn SysTick() {
    WRAPS.fetch_add(1, Ordering::Relaxed);
}

/// A fault (a bad memory access, an undefined instruction) ends the run with its frame
/// printed, rather than in cortex-m-rt's endless loop that only the timeout would end.
#[exception]
unsafe fn HardFault(frame: &cortex_m_rt::ExceptionFrame) -> ! {
    if let Ok(mut out) = hio::hstdout() {
        let _ = writeln!(out, "hard fault: {frame:?}");
    }
    fail()
}

/// Ticks since the SysTick started: the wraps counted, one more if a wrap is pending
/// (interrupts are off while reading), and the down-counter's progress.
fn ticks() -> u64 {
    cortex_m::interrupt::free(|_| {
        let mut wraps = WRAPS.load(Ordering::Relaxed);
        let mut current = SYST::get_current();
        if SCB::is_pendst_pending() {
            wraps += 1;
            current = SYST::get_current();
        }
        u64::from(wraps) * u64::from(RELOAD + 1) + u64::from(RELOAD - current)
    })
}

/// Instructions executed while `f` runs, and its result.
fn instructions<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let start = ticks();
    let result = f();
    ((ticks() - start) * INSTRUCTIONS_PER_TICK, result)
}

/// Runs `f` on a freshly painted stack: its result, the program's peak stack (bytes from
/// the top of RAM) while it ran, and the part of it below the caller's frame; `None` for
/// the stack if `f` reached its end (the paint there is gone: it may have overflowed).
fn stack_used<T>(f: impl FnOnce() -> T) -> (T, Option<(u32, u32)>) {
    let at_call = cortex_m_stack::current_stack_in_use();
    cortex_m_stack::repaint_stack();
    let result = f();
    let free = cortex_m_stack::stack_painted();
    let peak = cortex_m_stack::stack_size() - free;
    (result, (free > 0).then(|| (peak, peak - at_call)))
}

/// Checks the instruction count against a loop of known length (`LOOPS` iterations of a
/// subtract and a branch), and says so on `out`: within two ticks, plus the few
/// instructions that set the loop up and read the clock.
fn calibrate(out: &mut impl Write) -> bool {
    const LOOPS: u32 = 1_000_000;
    let (counted, ()) = instructions(|| unsafe {
        core::arch::asm!(
            "2:",
            "subs {n}, #1",
            "bne 2b",
            n = inout(reg) LOOPS => _,
            options(nomem, nostack),
        );
    });
    let expected = 2 * u64::from(LOOPS);
    let _ = writeln!(
        out,
        "# calibration: a loop of {expected} instructions counted as {counted}"
    );
    counted.abs_diff(expected) <= 2 * INSTRUCTIONS_PER_TICK + 100
}

/// The image's flash (vector table, code, read-only data and the initial values of
/// `.data`) and static RAM (`.data`, `.bss`, `.uninit`) in bytes, from cortex-m-rt's
/// linker symbols.
fn image_size() -> (usize, usize) {
    extern "C" {
        static __vector_table: u8;
        static __sidata: u8;
        static __sdata: u8;
        static __edata: u8;
        static _stack_end: u8;
    }
    // Only the symbols' addresses are taken, never their contents.
    let [table, sidata, sdata, edata, ram_end] = [
        &raw const __vector_table,
        &raw const __sidata,
        &raw const __sdata,
        &raw const __edata,
        &raw const _stack_end,
    ]
    .map(|p| p as usize);
    (sidata + (edata - sdata) - table, ram_end - sdata)
}

/// Stops QEMU with exit code 1.
fn fail() -> ! {
    exit(debug::EXIT_FAILURE)
}

/// Stops QEMU with `status`; without a semihosting host to stop, waits for ever (the
/// runner's timeout ends it).
fn exit(status: debug::ExitStatus) -> ! {
    debug::exit(status);
    loop {
        cortex_m::asm::wfi();
    }
}

#[entry]
fn main() -> ! {
    // cortex-m-rt hands these over as `&'static mut`: the moves (41,600 bytes) and the
    // workspace (64 KiB) live in RAM, not on the stack.
    static mut OUT: [Move; MAX_MOVES] = [match Move::new(Shape::ALL[0], 0) {
        Some(m) => m,
        None => panic!("J0 at column 0 fits"),
    }; MAX_MOVES];
    static mut WORKSPACE: Workspace = Workspace::new();

    let Ok(mut out) = hio::hstdout() else { fail() };
    let mut core = cortex_m::Peripherals::take().expect("taken once, at start");
    core.SYST.set_clock_source(SystClkSource::Core);
    core.SYST.set_reload(RELOAD);
    core.SYST.clear_current();
    core.SYST.enable_interrupt();
    core.SYST.enable_counter();

    let (flash, ram) = image_size();
    let _ = writeln!(
        out,
        "# mps2-an386 (Cortex-M4F): flash {flash} bytes, static RAM {ram} bytes, stack {} bytes",
        cortex_m_stack::stack_size()
    );
    if !calibrate(&mut out) {
        let _ = writeln!(
            out,
            "# the instruction count is off: run QEMU with -icount shift=0"
        );
        fail();
    }
    for (name, art) in sprites::SPRITES {
        let Some(sprite) = parse(art) else {
            let _ = writeln!(out, "{name}: not a valid sprite");
            fail();
        };
        let _ = check::sprite_line(&mut out, name, &sprite);
        let _ = writeln!(out);
        for mode in &check::MODES {
            let ((count, converted), stack) =
                stack_used(|| instructions(|| (mode.convert)(WORKSPACE, &sprite, OUT)));
            let Some((stack, own)) = stack else {
                let _ = writeln!(out, "{name} ({}): the stack reached its end", mode.name);
                fail();
            };
            let checked = converted
                .map_err(Fault::Convert)
                .and_then(|n| replays_to(&OUT[..n], &sprite).map(|()| n));
            let n = match checked {
                Ok(n) => n,
                Err(e) => {
                    let _ = writeln!(out, "{name} ({}): {e}", mode.name);
                    fail();
                }
            };
            let _ = check::print_line(&mut out, name, mode, &OUT[..n]);
            let _ = writeln!(
                out,
                "\n# {name} {}: {count} instructions, stack {stack} bytes (own {own})",
                mode.name
            );
        }
    }
    exit(debug::EXIT_SUCCESS)
}

/// The sprite drawn by `art`, parsed in a frame of its own: `Sprite::from_ascii`'s
/// buffer (16 KiB) is not part of the stack below which the conversions run.
#[inline(never)]
fn parse(art: &str) -> Option<Sprite> {
    Sprite::from_ascii(art).ok()
}

/// Whether `moves`, played on an empty field, leave exactly `sprite`; the first fault.
fn replays_to(moves: &[Move], sprite: &Sprite) -> Result<(), Fault> {
    let field = Playfield::replay(moves).map_err(Fault::Replay)?;
    compare(&field, sprite).map_err(Fault::Mismatch)
}

/// Why a print is wrong.
enum Fault {
    Convert(tetris_printer::ConvertError),
    Replay(tetris_printer::ReplayError),
    Mismatch(tetris_printer::Mismatch),
}

impl core::fmt::Display for Fault {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Fault::Convert(e) => write!(f, "{e}"),
            Fault::Replay(e) => write!(f, "the moves do not replay: {e}"),
            Fault::Mismatch(e) => write!(f, "the print differs from the sprite: {e}"),
        }
    }
}
