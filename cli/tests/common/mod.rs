//! Helpers shared by the command-line tests (`cli.rs`, `cli_align.rs`, `direct.rs`,
//! `hardening.rs`): the tool run as a separate process in a scratch directory. The
//! sprites and fixtures are the root package's (`../tests/`).
#![allow(dead_code)]

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, Output, Stdio};

/// The command-line tool this build made.
pub const BIN: &str = env!("CARGO_BIN_EXE_tetris-printer");
/// A 1x1 sprite of colour (0x20, 0x60, 0xe0): one J cell at (10, 0).
pub const PIXEL1_PNG: &[u8] = include_bytes!("../../../tests/fixtures/pixel1.png");
/// Moves that print it: 16 pieces, moves on lines 4..=19.
pub const PIXEL1_MOVES: &str = include_str!("../../../tests/fixtures/pixel1.txt");

/// How a run ended.
pub struct Run {
    pub code: i32,
    /// Standard output as text (lossy) and as bytes.
    pub stdout: String,
    pub stdout_bytes: Vec<u8>,
    pub stderr: String,
    /// What ran (the arguments), for failure messages.
    pub what: String,
}

impl Run {
    /// Asserts that the run exited with `code` and its standard error starts with `start`.
    #[track_caller]
    pub fn fails_with(&self, code: i32, start: &str) {
        let found = self.stderr.starts_with(start);
        self.fails(code, found, format_args!("an error starting {start:?}"));
    }

    /// Asserts that the run exited with `code` and its standard error contains `part`.
    #[track_caller]
    pub fn fails_saying(&self, code: i32, part: &str) {
        let found = self.stderr.contains(part);
        self.fails(code, found, format_args!("{part:?} in the error"));
    }

    #[track_caller]
    fn fails(&self, code: i32, found: bool, want: std::fmt::Arguments) {
        assert_eq!(self.code, code, "{}: {}", self.what, self.stderr);
        assert!(found, "{}: want {want}, got {}", self.what, self.stderr);
    }
}

/// The run's outcome; fails the test if it was killed by a signal or panicked.
pub fn finish(out: Output, what: &str) -> Run {
    let r = Run {
        code: out
            .status
            .code()
            .unwrap_or_else(|| panic!("{what}: killed by a signal: {:?}", out.status)),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stdout_bytes: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        what: what.to_owned(),
    };
    assert!(
        !r.stderr.contains("panicked"),
        "{what} panicked: {}",
        r.stderr
    );
    r
}

/// The tool with `args`, in `dir`.
pub fn cmd(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args).current_dir(dir);
    c
}

/// Whether the tests run as root, whom file permissions do not stop.
pub fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout == b"0\n")
}

/// Whether `setpriv` is there to run the tool as another user ([`as_nobody`]).
pub fn has_setpriv() -> bool {
    Command::new("setpriv").arg("--version").output().is_ok()
}

/// The tool with `args`, in `dir`, run as `nobody` (user and group 65534, no other
/// groups) through `setpriv`: what root's tests use where permissions must bite.
pub fn as_nobody(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new("setpriv");
    c.args(["--reuid=65534", "--regid=65534", "--clear-groups", BIN])
        .args(args)
        .current_dir(dir);
    c
}

/// Runs the tool with `args` in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    finish(cmd(dir, args).output().unwrap(), &format!("{args:?}"))
}

/// Runs with `input` on standard input.
pub fn run_with_stdin(dir: &Path, args: &[&str], input: &[u8]) -> Run {
    let input = input.to_vec();
    spawn_with_stdin(dir, args, move |mut stdin| {
        // The program may stop reading early (an error): that is its business.
        let _ = stdin.write_all(&input);
    })
    .0
}

/// Runs the tool with `args` in `dir`, its standard input fed by `feed` on a thread of
/// its own (so a tool that stops reading cannot block the test), its output collected.
/// Returns the run and what `feed` returned.
pub fn spawn_with_stdin<T: Send + 'static>(
    dir: &Path,
    args: &[&str],
    feed: impl FnOnce(ChildStdin) -> T + Send + 'static,
) -> (Run, T) {
    let mut child = cmd(dir, args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || feed(stdin));
    let out = child.wait_with_output().unwrap();
    let fed = writer.join().unwrap();
    (finish(out, &format!("{args:?}")), fed)
}

/// A temporary directory holding `pixel1.png` and `moves.txt` (the pixel1 moves).
pub fn workdir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    fs::write(path.join("pixel1.png"), PIXEL1_PNG).unwrap();
    fs::write(path.join("moves.txt"), PIXEL1_MOVES).unwrap();
    (dir, path)
}

/// The names of the entries of `dir`, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}
