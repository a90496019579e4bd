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
//! The shipped binary (a GNU/Linux build in the `dist` profile, `panic = "abort"`) also
//! goes without the unwinder's index (`.eh_frame_hdr`, about 27 kB). Nothing unwinds in
//! such a binary: a panic prints its message and aborts. The index only serves the
//! backtrace a panic prints under `RUST_BACKTRACE=1`, which then lists no frames (in a
//! stripped binary it held bare addresses). Every other profile keeps it: the link
//! arguments reach the binary's unit tests too, and a test harness without the index
//! cannot unwind a failing test's panic (`failed to initiate panic`), so it aborts without
//! saying which assertion failed.

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
    // Build scripts see neither the profile's `panic` nor its name (`PROFILE` is
    // `release` for every release-based profile), but the profile names the directory of
    // the build: OUT_DIR is `<target>/<profile>/build/<package>-<hash>/out`.
    let out_dir = std::path::PathBuf::from(var("OUT_DIR"));
    let profile = out_dir.ancestors().nth(3).and_then(|p| p.file_name());
    if gnu_linux && profile.is_some_and(|p| p == "dist") {
        println!("cargo:rustc-link-arg-bins=-Wl,--no-eh-frame-hdr");
    }
}
