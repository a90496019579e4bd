//! Writing output files safely. Every file the command-line tool writes goes through
//! [`create`] (or [`write_with`]); the library only produces bytes into any
//! [`Write`]. The rules:
//!
//! - `-` is standard output.
//! - A regular file (or a missing one) is written to a fresh temporary file with a short
//!   name in the same directory and renamed over the target only once complete, so an
//!   interrupted run never leaves a half-written file. A replaced file keeps its
//!   permissions; a read-only one is refused unless [`WriteOptions::force`] is set. A
//!   symbolic link to a regular file is followed: the file it points to is replaced, the
//!   link stays.
//! - An existing target that is not a regular file (a device such as `/dev/null`, a FIFO,
//!   a socket, or a link to one), and any open file descriptor named as a file
//!   (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, whatever it leads to), is opened for
//!   appending and written in place, never replaced.
//! - An output that is one of the input files is refused instead of destroyed.
//!
//! Temporary files are registered while they exist; [`remove_temp_files`] deletes them,
//! for a signal handler that ends the process (the command-line tool does this on SIGINT
//! and SIGTERM).

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use tempfile::NamedTempFile;

use image::RgbaImage;
use tetris_printer::echo::EscapedPath;
use tetris_printer::render;

/// Why an output file could not be written.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum OutputError {
    /// The output path is (after resolving links) one of the input files.
    #[error("refusing to overwrite input file {}", EscapedPath(path))]
    WouldOverwriteInput {
        /// The output path.
        path: PathBuf,
    },
    /// The output path has no file name (e.g. it ends in `..`).
    #[error("output path {} does not name a file", EscapedPath(path))]
    NotAFile {
        /// The output path.
        path: PathBuf,
    },
    /// The target is a read-only regular file and [`WriteOptions::force`] was not set.
    #[error(
        "refusing to replace read-only file {} (use --force to replace it)",
        EscapedPath(path)
    )]
    ReadOnly {
        /// The output path.
        path: PathBuf,
    },
    /// The process is being interrupted: no new temporary files are made.
    #[error("could not write {}: interrupted", EscapedPath(path))]
    Interrupted {
        /// The output path.
        path: PathBuf,
    },
    /// The directory the output goes into does not exist (or is not a directory).
    #[error(
        "could not write {}: directory {} does not exist",
        EscapedPath(path),
        EscapedPath(dir)
    )]
    MissingDir {
        /// The output path.
        path: PathBuf,
        /// Its directory.
        dir: PathBuf,
    },
    /// Creating, writing or renaming the file failed. The message names the output path,
    /// never the temporary file.
    #[error("could not write {}: {source}", EscapedPath(path))]
    Io {
        /// The output path.
        path: PathBuf,
        /// What failed.
        #[source]
        source: io::Error,
    },
}

/// How [`create`] treats the target.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteOptions<'a> {
    /// Files the output must not be (compared as files: links and `..` see through).
    pub inputs: &'a [&'a Path],
    /// Replace a read-only regular file (keeping its permissions).
    pub force: bool,
}

impl<'a> WriteOptions<'a> {
    /// Options refusing to write over `inputs`, replacing read-only files when `force`.
    #[must_use]
    pub const fn new(inputs: &'a [&'a Path], force: bool) -> WriteOptions<'a> {
        WriteOptions { inputs, force }
    }
}

/// The temporary files that exist right now, and whether new ones may be made.
struct Registry {
    paths: Vec<PathBuf>,
    closed: bool,
}

static TEMP_FILES: Mutex<Registry> = Mutex::new(Registry {
    paths: Vec::new(),
    closed: false,
});

fn registry() -> MutexGuard<'static, Registry> {
    // Nothing panics while holding the lock; a poisoned registry is still consistent.
    TEMP_FILES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Deletes every temporary file [`create`] has made and not yet renamed or removed, and
/// makes later [`create`] calls fail with [`OutputError::Interrupted`]. For a signal
/// handler (run on an ordinary thread, e.g. with `signal-hook`'s iterator) just before it
/// ends the process. Returns how many files were removed.
pub fn remove_temp_files() -> usize {
    let mut reg = registry();
    reg.closed = true;
    let n = reg.paths.len();
    for p in reg.paths.drain(..) {
        let _ = fs::remove_file(p);
    }
    n
}

/// An output being written: `impl Write`, then [`OutputFile::commit`]. Dropped without a
/// commit, a temporary file is removed and the target is left as it was.
#[derive(Debug)]
pub struct OutputFile {
    path: PathBuf,
    sink: Sink,
}

#[derive(Debug)]
enum Sink {
    Stdout(io::Stdout),
    /// A device, FIFO or socket, written where it is.
    InPlace(File),
    Temp(Temp),
}

/// A registered temporary file and where it goes.
#[derive(Debug)]
struct Temp {
    /// `None` once persisted.
    file: Option<NamedTempFile>,
    target: PathBuf,
}

impl Drop for Temp {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let mut reg = registry();
            reg.paths.retain(|p| p != file.path());
            drop(file); // removes it
        }
    }
}

/// Opens `path` for writing as the module docs describe. Fails before anything is written
/// when the target is an input, read-only (without `force`) or cannot be created.
pub fn create(path: &Path, opts: &WriteOptions<'_>) -> Result<OutputFile, OutputError> {
    let io_err = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let out = |sink| {
        Ok(OutputFile {
            path: path.to_path_buf(),
            sink,
        })
    };
    if path.as_os_str() == "-" {
        return out(Sink::Stdout(io::stdout()));
    }
    // Follows links: a link to a device is written in place, one to a file replaces it.
    let meta = match fs::metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(io_err(e)),
    };
    if let Some(m) = meta.as_ref().filter(|m| !m.is_file() || is_fd_alias(path)) {
        if m.is_dir() {
            return Err(io_err(io::Error::other("is a directory")));
        }
        // Appending: through /dev/stdout a `>>` redirection keeps what the file held.
        let file = OpenOptions::new().append(true).open(path).map_err(io_err)?;
        return out(Sink::InPlace(file));
    }
    if let Some(input) = opts
        .inputs
        .iter()
        .find(|i| meta.is_some() && same_file::is_same_file(path, i).unwrap_or(false))
    {
        return Err(OutputError::WouldOverwriteInput {
            path: input.to_path_buf(),
        });
    }
    let target = match &meta {
        // Replace the file a link points to, not the link.
        Some(_) => fs::canonicalize(path).map_err(io_err)?,
        None => path.to_path_buf(),
    };
    if target.file_name().is_none() {
        return Err(OutputError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    let perms = meta.map(|m| m.permissions());
    if perms.as_ref().is_some_and(Permissions::readonly) && !opts.force {
        return Err(OutputError::ReadOnly {
            path: path.to_path_buf(),
        });
    }
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(OutputError::MissingDir {
            path: path.to_path_buf(),
            dir: match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => dir.to_path_buf(),
            },
        });
    }
    let temp = make_temp(dir, perms).map_err(|e| match e {
        None => OutputError::Interrupted {
            path: path.to_path_buf(),
        },
        // `tempfile` names the temporary file in its errors: keep only what went wrong.
        Some(e) => io_err(io::Error::from(e.kind())),
    })?;
    out(Sink::Temp(Temp {
        file: Some(temp),
        target,
    }))
}

/// Whether `path` names an open file descriptor (`/dev/stdout`, `/dev/fd/1`,
/// `/proc/self/fd/1`): written in place even when it leads to a regular file, as the
/// shell's redirection set it up.
fn is_fd_alias(path: &Path) -> bool {
    let link = fs::read_link(path).unwrap_or_default();
    [path, link.as_path()].iter().any(|p| {
        ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"]
            .iter()
            .any(|prefix| p.starts_with(prefix))
    })
}

/// A registered temporary file in `dir` with the target's permissions (new files: 0666
/// less the umask, like any created file). `Err(None)`: the registry is closed.
fn make_temp(dir: &Path, perms: Option<Permissions>) -> Result<NamedTempFile, Option<io::Error>> {
    let mut reg = registry();
    if reg.closed {
        return Err(None);
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tp-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(Permissions::from_mode(0o666));
    }
    let file = builder.tempfile_in(dir)?;
    if let Some(p) = perms {
        // Exactly the old mode (not masked by the umask); a read-only file stays so.
        fs::set_permissions(file.path(), p)?;
    }
    reg.paths.push(file.path().to_path_buf());
    Ok(file)
}

impl OutputFile {
    /// Finishes the output: flushes it; a temporary file is synced to disk and renamed
    /// over the target (which keeps the old file's permissions).
    pub fn commit(mut self) -> Result<(), OutputError> {
        let io_err = |source| OutputError::Io {
            path: self.path.clone(),
            source,
        };
        match &mut self.sink {
            Sink::Stdout(s) => s.flush().map_err(io_err),
            Sink::InPlace(f) => f.flush().map_err(io_err),
            Sink::Temp(t) => {
                let file = t.file.as_mut().expect("present until committed");
                file.as_file().sync_all().map_err(io_err)?;
                let mut reg = registry();
                let file = t.file.take().expect("present until committed");
                let tmp_path = file.path().to_path_buf();
                reg.paths.retain(|p| *p != tmp_path);
                // On failure the temporary file comes back and is removed.
                file.persist(&t.target)
                    .map_err(|e| io_err(e.error))
                    .map(drop)
            }
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(s) => s.write(buf),
            Sink::InPlace(f) => f.write(buf),
            // Through the `File`: `NamedTempFile`'s own errors name the temporary file.
            Sink::Temp(t) => t
                .file
                .as_mut()
                .map_or(Ok(0), |f| f.as_file_mut().write(buf)),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(s) => s.write_all(buf),
            Sink::InPlace(f) => f.write_all(buf),
            Sink::Temp(t) => match t.file.as_mut() {
                Some(f) => f.as_file_mut().write_all(buf),
                None => Err(io::ErrorKind::WriteZero.into()),
            },
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(s) => s.flush(),
            Sink::InPlace(f) => f.flush(),
            Sink::Temp(t) => t.file.as_mut().map_or(Ok(()), |f| f.as_file_mut().flush()),
        }
    }
}

/// Writes `bytes` to `path` with [`create`] (no `force`): atomically for regular files, in
/// place for devices and FIFOs, standard output for `-`. On any error the target is left as
/// it was (a device or pipe may have taken part of the data).
///
/// Refuses (with [`OutputError::WouldOverwriteInput`]) when `path` is the same file as any
/// of `inputs` (links, `..` and hard links all count). Inputs that do not exist are ignored.
#[cfg(test)]
fn write_atomic(path: &Path, bytes: &[u8], inputs: &[&Path]) -> Result<(), OutputError> {
    write_with(
        path,
        &WriteOptions {
            inputs,
            force: false,
        },
        bytes,
    )
}

/// Writes `bytes` to `path` with [`create`].
pub fn write_with(path: &Path, opts: &WriteOptions<'_>, bytes: &[u8]) -> Result<(), OutputError> {
    let mut f = create(path, opts)?;
    f.write_all(bytes).map_err(|source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    f.commit()
}

/// `img` encoded as PNG ([`render::encode_png`]) and written with [`write_with`].
pub fn write_png(path: &Path, img: &RgbaImage, opts: &WriteOptions<'_>) -> anyhow::Result<()> {
    let bytes = render::encode_png(img)?;
    write_with(path, opts, &bytes)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The entries of `dir`, sorted. `cli/tests/common` has the same helper: this
    /// package is a binary only, so its unit and integration tests share no crate.
    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn writes_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.txt");
        write_atomic(&out, b"one", &[]).unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"one");
        write_atomic(&out, b"two", &[]).unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"two");
        // No temporary files left behind.
        assert_eq!(names(dir.path()), ["out.txt"]);
    }

    #[test]
    fn refuses_to_overwrite_an_input() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.txt");
        fs::write(&input, b"keep").unwrap();
        let other = dir.path().join("missing.txt");
        let roundabout = dir.path().join("sub").join("..").join("in.txt");
        fs::create_dir(dir.path().join("sub")).unwrap();
        for out in [&input, &roundabout] {
            let err = write_atomic(out, b"x", &[&other, &input]).unwrap_err();
            assert!(
                matches!(err, OutputError::WouldOverwriteInput { .. }),
                "{err}"
            );
            assert!(err
                .to_string()
                .starts_with("refusing to overwrite input file"));
        }
        assert_eq!(fs::read(&input).unwrap(), b"keep");
        // A different file next to it is fine.
        write_atomic(&dir.path().join("out.txt"), b"x", &[&input]).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn refuses_links_to_an_input() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.txt");
        fs::write(&input, b"keep").unwrap();
        let sym = dir.path().join("sym.txt");
        std::os::unix::fs::symlink(&input, &sym).unwrap();
        let hard = dir.path().join("hard.txt");
        fs::hard_link(&input, &hard).unwrap();
        for out in [&sym, &hard] {
            assert!(write_atomic(out, b"x", &[&input]).is_err());
        }
        assert_eq!(fs::read(&input).unwrap(), b"keep");
    }

    #[test]
    fn errors_leave_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let missing_dir = dir.path().join("nope").join("out.txt");
        let err = write_atomic(&missing_dir, b"x", &[]).unwrap_err();
        let want = format!(
            "could not write {}: directory {} does not exist",
            missing_dir.display(),
            dir.path().join("nope").display()
        );
        assert_eq!(err.to_string(), want);
        assert!(!err.to_string().contains(".tp-"), "{err}");
        // A directory is not replaced.
        let sub = dir.path().join("sub");
        fs::create_dir(&sub).unwrap();
        fs::write(sub.join("f"), b"x").unwrap();
        assert!(write_atomic(&sub, b"x", &[]).is_err());
        assert_eq!(names(dir.path()), ["sub"]);
        assert!(write_atomic(Path::new(".."), b"x", &[]).is_err());
        // Dropped without a commit: nothing.
        let out = dir.path().join("half.txt");
        let mut f = create(&out, &WriteOptions::default()).unwrap();
        f.write_all(b"half").unwrap();
        assert_eq!(names(dir.path()).len(), 2, "the temporary file exists");
        drop(f);
        assert_eq!(names(dir.path()), ["sub"]);
        assert!(!registry().paths.iter().any(|p| p.starts_with(dir.path())));
    }

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_and_refuses_read_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        for m in [0o600, 0o755, 0o640] {
            let out = dir.path().join(format!("f{m:o}"));
            fs::write(&out, b"old").unwrap();
            fs::set_permissions(&out, Permissions::from_mode(m)).unwrap();
            write_atomic(&out, b"new", &[]).unwrap();
            assert_eq!(mode(&out), m);
            assert_eq!(fs::read(&out).unwrap(), b"new");
        }
        let ro = dir.path().join("ro");
        fs::write(&ro, b"old").unwrap();
        fs::set_permissions(&ro, Permissions::from_mode(0o444)).unwrap();
        let err = write_atomic(&ro, b"new", &[]).unwrap_err();
        assert!(matches!(err, OutputError::ReadOnly { .. }), "{err}");
        assert!(err.to_string().contains("--force"), "{err}");
        assert_eq!(fs::read(&ro).unwrap(), b"old");
        let force = WriteOptions {
            inputs: &[],
            force: true,
        };
        write_with(&ro, &force, b"new").unwrap();
        assert_eq!(fs::read(&ro).unwrap(), b"new");
        assert_eq!(mode(&ro), 0o444);
    }

    #[cfg(unix)]
    #[test]
    fn links_to_files_are_followed() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        write_atomic(&link, b"new", &[]).unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
    }

    #[test]
    fn long_names_work() {
        let dir = tempfile::tempdir().unwrap();
        let name = "n".repeat(250);
        let out = dir.path().join(&name);
        write_atomic(&out, b"x", &[]).unwrap();
        assert_eq!(names(dir.path()), [name]);
    }
}
