//! Link settings for the `tetris-printer` binary.
//!
//! A native GNU/Linux build on glibc 2.36 or later is linked with packed relative
//! relocations (`DT_RELR`, `-z pack-relative-relocs`). Every pointer in the static data
//! of a position-independent executable (vtables, string slices, clap's definitions)
//! needs a relocation at load time, 24 bytes apiece in `.rela.dyn`; `DT_RELR` stores them
//! as a bitmap of a few bytes, about 100 kB less. The loader must know the format (glibc
//! 2.36 and later), and the linker marks the binary as needing it, so the option is only
//! given when the C library the binary is linked against (the build machine's, for a
//! native build) has it. Elsewhere the binary links as before.
//!
//! A GNU/Linux build in a release-based profile (`panic = "abort"`) also goes without the
//! unwinder's index (`.eh_frame_hdr`, about 27 kB). Nothing unwinds in such a binary: a
//! panic prints its message and aborts. The index only serves the backtrace a panic
//! prints under `RUST_BACKTRACE=1`, which then lists no frames (in a stripped binary it
//! held bare addresses). Test and debug builds unwind, and keep it.

/// glibc's version as `(major, minor)`, from the C library the build script runs on.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn host_glibc() -> Option<(u32, u32)> {
    use std::ffi::{c_char, CStr};
    extern "C" {
        fn gnu_get_libc_version() -> *const c_char;
    }
    // SAFETY: glibc returns a pointer to a static NUL-terminated string (the build
    // script only asks on a GNU/Linux host, whose C library is glibc).
    let text = unsafe { CStr::from_ptr(gnu_get_libc_version()) }
        .to_str()
        .ok()?;
    let mut parts = text.split('.').map(|p| p.parse::<u32>().ok());
    Some((parts.next()??, parts.next()??))
}

/// Not a glibc host.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn host_glibc() -> Option<(u32, u32)> {
    None
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let native = var("HOST") == var("TARGET");
    if native && host_glibc().is_some_and(|v| v >= (2, 36)) {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
    let gnu_linux = var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    // (Build scripts see the target's default `panic` cfg, not the profile's, so the test
    // is on the profile. The tests' `quick` profile is release-based too but unwinds: its
    // binary also goes without the index, so a panic there prints its message and
    // aborts, as in a release build.)
    if gnu_linux && var("PROFILE") == "release" {
        println!("cargo:rustc-link-arg-bins=-Wl,--no-eh-frame-hdr");
    }
}
