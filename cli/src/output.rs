//! Writing output files safely. Every file the command-line tool writes goes through
//! [`create`] (or [`write_with`]); the library only produces bytes into any
//! [`Write`]. The rules:
//!
//! - `-` is standard output.
//! - A regular file (or a missing one) is written to a fresh temporary file with a short
//!   name in the same directory and renamed over the target only once complete, so an
//!   interrupted run never leaves a half-written file. The new file keeps the old one's
//!   permission bits, and its owner and group where the caller may give them (root keeps
//!   both; others keep the group when they belong to it, else the file becomes theirs).
//!   Without [`WriteOptions::force`] the target is refused when the caller may not write
//!   it (its mode bits allow no writing, or the system says no for this user:
//!   `faccessat(W_OK)` with the effective IDs), or when it has other hard links (they
//!   would keep the old contents; with `force` only this name gets the new file).
//! - A symbolic link is followed, the link stays: to a regular file, the file it points
//!   to is replaced; to nothing (a dangling link), the file it names is created.
//! - An existing target that is not a regular file (a device such as `/dev/null`, a FIFO,
//!   a socket, or a link to one), and any open file descriptor named as a file
//!   (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, whatever it leads to), is opened for
//!   appending and written in place, never replaced.
//! - An output that is one of the input files is refused instead of destroyed. Files are
//!   compared by what they are (device and inode), not by name: an input read through
//!   standard input, a link, `..` or a file descriptor path is the file behind it, and so
//!   is an output written through standard output or `/dev/stdin`.
//!
//! - Several files that belong together (`search`'s pattern files) are committed as one
//!   set with [`commit_all`]: all written and synced before any is renamed, so a failure
//!   until then leaves every target as it was.
//!
//! Temporary files are registered while they exist; [`remove_temp_files`] deletes them,
//! for a signal handler that ends the process (the command-line tool does this on every
//! signal it can catch whose default action would end it).

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::MetadataExt;
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
    /// The output is (as a file: device and inode) one of the input files.
    #[error("{}", overwrite_message(output, input))]
    WouldOverwriteInput {
        /// The output path (`-`: standard output).
        output: PathBuf,
        /// The input it would overwrite (`-`: standard input).
        input: PathBuf,
    },
    /// The output path has no file name (e.g. it ends in `..`).
    #[error("output path {} does not name a file", EscapedPath(path))]
    NotAFile {
        /// The output path.
        path: PathBuf,
    },
    /// The target is a regular file the caller may not write (mode bits or permission)
    /// and [`WriteOptions::force`] was not set.
    #[error(
        "refusing to replace read-only file {} (use --force to replace it)",
        EscapedPath(path)
    )]
    ReadOnly {
        /// The output path.
        path: PathBuf,
    },
    /// The target has other hard links and [`WriteOptions::force`] was not set.
    #[error(
        "refusing to replace {}: it has {links} hard links, and the others would keep the \
         old contents (use --force to replace this name only)",
        EscapedPath(path)
    )]
    HardLinked {
        /// The output path.
        path: PathBuf,
        /// The file's hard links, this name included.
        links: u64,
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
        /// Its directory (a dangling link's: where the file it names would be).
        dir: PathBuf,
    },
    /// Creating, writing or renaming the file failed. The message names the output path,
    /// never the temporary file.
    #[error("could not write {}: {source}", Target(path))]
    Io {
        /// The output path.
        path: PathBuf,
        /// What went wrong.
        #[source]
        source: io::Error,
    },
}

/// An output path as [`OutputError::Io`] names it: `to standard output` for `-`.
struct Target<'a>(&'a Path);

impl std::fmt::Display for Target<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if is_dash(self.0) {
            f.write_str("to standard output")
        } else {
            EscapedPath(self.0).fmt(f)
        }
    }
}

/// [`OutputError::WouldOverwriteInput`]'s message: the input by its name, or, read from
/// standard input, by the output's.
fn overwrite_message(output: &Path, input: &Path) -> String {
    match (is_dash(output), is_dash(input)) {
        (false, false) => format!("refusing to overwrite input file {}", EscapedPath(input)),
        (false, true) => format!(
            "refusing to overwrite input file {} (read as standard input)",
            EscapedPath(output)
        ),
        (true, false) => format!(
            "refusing to write standard output: it is input file {}",
            EscapedPath(input)
        ),
        (true, true) => {
            "refusing to write standard output: it is the file standard input reads".into()
        }
    }
}

/// Whether `path` is `-`.
fn is_dash(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How [`create`] treats the target.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteOptions<'a> {
    /// Files the output must not be (compared as files, by device and inode; `-` is
    /// standard input).
    pub inputs: &'a [&'a Path],
    /// Replace a regular file the caller may not write, or one with other hard links
    /// (keeping its permissions).
    pub force: bool,
}

impl<'a> WriteOptions<'a> {
    /// Options refusing to write over `inputs`, replacing read-only or hard-linked files
    /// when `force`.
    #[must_use]
    pub const fn new(inputs: &'a [&'a Path], force: bool) -> WriteOptions<'a> {
        WriteOptions { inputs, force }
    }

    /// Refuses an output that is a regular file and one of the inputs: `out` is what
    /// would be written (`None`: nothing yet), `path` its name.
    fn check_not_input(&self, path: &Path, out: Option<&fs::Metadata>) -> Result<(), OutputError> {
        let Some(out) = out.filter(|m| m.is_file()) else {
            return Ok(());
        };
        let same = |m: fs::Metadata| m.dev() == out.dev() && m.ino() == out.ino();
        match self.inputs.iter().find(|i| read_as(i).is_some_and(same)) {
            Some(input) => Err(OutputError::WouldOverwriteInput {
                output: path.to_path_buf(),
                input: input.to_path_buf(),
            }),
            None => Ok(()),
        }
    }
}

/// What an input is as a file: standard input's file for `-`, else the file `path`
/// leads to. `None` when it cannot be told (missing, or standard input closed).
fn read_as(path: &Path) -> Option<fs::Metadata> {
    if is_dash(path) {
        stream_file(io::stdin().as_fd())
    } else {
        fs::metadata(path).ok()
    }
}

/// The file an open standard stream is.
fn stream_file(fd: std::os::fd::BorrowedFd<'_>) -> Option<fs::Metadata> {
    File::from(fd.try_clone_to_owned().ok()?).metadata().ok()
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

/// The error of an I/O operation on the output `path` (named as the user gave it, never
/// as its temporary file).
fn io_error(path: &Path) -> impl Fn(io::Error) -> OutputError + Copy + '_ {
    move |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Opens `path` for writing as the module docs describe. Fails before anything is written
/// when the target is an input, read-only or hard-linked (without `force`), or cannot be
/// created.
pub fn create(path: &Path, opts: &WriteOptions<'_>) -> Result<OutputFile, OutputError> {
    let io_err = io_error(path);
    let out = |sink| {
        Ok(OutputFile {
            path: path.to_path_buf(),
            sink,
        })
    };
    if is_dash(path) {
        opts.check_not_input(path, stream_file(io::stdout().as_fd()).as_ref())?;
        return out(Sink::Stdout(io::stdout()));
    }
    // Follows links: a link to a device is written in place, one to a file replaces it.
    let meta = match fs::metadata(path) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(io_err(e)),
    };
    opts.check_not_input(path, meta.as_ref())?;
    if let Some(m) = meta.as_ref().filter(|m| !m.is_file() || is_fd_alias(path)) {
        if m.is_dir() {
            return Err(io_err(io::Error::other("is a directory")));
        }
        // Appending: through /dev/stdout a `>>` redirection keeps what the file held.
        let file = OpenOptions::new().append(true).open(path).map_err(io_err)?;
        return out(Sink::InPlace(file));
    }
    let target = match &meta {
        // Replace the file a link points to, not the link.
        Some(_) => fs::canonicalize(path).map_err(io_err)?,
        // A missing file, or the one a dangling link names.
        None => link_target(path).map_err(io_err)?,
    };
    if target.file_name().is_none() {
        return Err(OutputError::NotAFile {
            path: path.to_path_buf(),
        });
    }
    if let Some(m) = meta.as_ref().filter(|_| !opts.force) {
        if m.permissions().readonly() || !may_write(&target) {
            return Err(OutputError::ReadOnly {
                path: path.to_path_buf(),
            });
        }
        if m.nlink() > 1 {
            return Err(OutputError::HardLinked {
                path: path.to_path_buf(),
                links: m.nlink(),
            });
        }
    }
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        // The directory as the user named it (a dangling link's: the one it leads into).
        let named = if target == path {
            path.parent()
        } else {
            Some(dir)
        };
        return Err(OutputError::MissingDir {
            path: path.to_path_buf(),
            dir: match named {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => dir.to_path_buf(),
            },
        });
    }
    let temp = make_temp(dir, meta.as_ref()).map_err(|e| match e {
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

/// Where the file of a path that does not exist is to be made: the path itself, or,
/// when it is a symbolic link leading nowhere, the path its links lead to (each relative
/// to its link's directory), so the link stays and names the new file.
fn link_target(path: &Path) -> io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    // As many links as Linux follows before ELOOP.
    for _ in 0..40 {
        match fs::symlink_metadata(&at) {
            Ok(m) if m.is_symlink() => {
                let next = fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) => dir.join(next),
                    None => next,
                };
            }
            Ok(_) => return Ok(at),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(at),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::from_raw_os_error(40)) // ELOOP
}

/// Whether the system lets this process write `path` (`faccessat(W_OK)` with the
/// effective user and groups: mode bits, ACLs, read-only mounts); an answer it cannot
/// give counts as yes (creating or renaming will fail with the real reason).
fn may_write(path: &Path) -> bool {
    use rustix::fs::{accessat, Access, AtFlags, CWD};
    match accessat(CWD, path, Access::WRITE_OK, AtFlags::EACCESS) {
        Ok(()) => true,
        Err(e) => ![
            rustix::io::Errno::ACCESS,
            rustix::io::Errno::PERM,
            rustix::io::Errno::ROFS,
        ]
        .contains(&e),
    }
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

/// A registered temporary file in `dir` for a target that is `old` (`None`: a new file,
/// 0666 less the umask, like any created file): with its permission bits, and its owner
/// and group as far as this process may give them. `Err(None)`: the registry is closed.
fn make_temp(dir: &Path, old: Option<&fs::Metadata>) -> Result<NamedTempFile, Option<io::Error>> {
    let mut reg = registry();
    if reg.closed {
        return Err(None);
    }
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tp-").suffix(".tmp");
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(Permissions::from_mode(0o666));
    }
    let file = builder.tempfile_in(dir)?;
    if let Some(old) = old {
        let new = file.as_file().metadata()?;
        if (new.uid(), new.gid()) != (old.uid(), old.gid()) {
            // Root may give both; an owner the group when it is one of theirs. Else the
            // file is the caller's, as any file they write.
            let owner = std::os::unix::fs::fchown(file.as_file(), Some(old.uid()), Some(old.gid()));
            if owner.is_err() {
                let _ = std::os::unix::fs::fchown(file.as_file(), None, Some(old.gid()));
            }
        }
        // Exactly the old mode (not masked by the umask; after the owner, which may
        // clear set-id bits); a read-only file stays so.
        file.as_file().set_permissions(old.permissions())?;
    }
    reg.paths.push(file.path().to_path_buf());
    Ok(file)
}

impl OutputFile {
    /// Finishes the output: flushes it; a temporary file is synced to disk and renamed
    /// over the target (which keeps the old file's permissions).
    pub fn commit(mut self) -> Result<(), OutputError> {
        self.complete()?;
        let mut reg = registry();
        self.persist(&mut reg)
    }

    /// Flushes the output; a temporary file is also synced to disk (where a full disk
    /// often shows only now).
    fn complete(&mut self) -> Result<(), OutputError> {
        let io_err = io_error(&self.path);
        match &mut self.sink {
            Sink::Stdout(s) => s.flush().map_err(io_err),
            Sink::InPlace(f) => f.flush().map_err(io_err),
            Sink::Temp(t) => match t.file.as_mut() {
                Some(file) => file.as_file().sync_all().map_err(io_err),
                None => Ok(()),
            },
        }
    }

    /// Renames a completed temporary file over its target (nothing for the other
    /// sinks), with the registry `reg` held. Refused once the registry is closed (the
    /// process is ending on a signal, and the file is gone or going).
    fn persist(&mut self, reg: &mut Registry) -> Result<(), OutputError> {
        let Sink::Temp(t) = &mut self.sink else {
            return Ok(());
        };
        if reg.closed {
            return Err(OutputError::Interrupted {
                path: self.path.clone(),
            });
        }
        let Some(file) = t.file.take() else {
            return Ok(());
        };
        let tmp_path = file.path().to_path_buf();
        reg.paths.retain(|p| *p != tmp_path);
        // On failure the temporary file comes back and is removed.
        file.persist(&t.target)
            .map_err(|e| io_error(&self.path)(e.error))
            .map(drop)
    }

    /// Writes all of `bytes`; the error names the output, never its temporary file.
    pub fn write_bytes(&mut self, bytes: &[u8]) -> Result<(), OutputError> {
        self.write_all(bytes).map_err(io_error(&self.path))
    }
}

/// Finishes `files` as one set: every file is completed (flushed; a temporary file
/// synced) before any is renamed, so an error up to then (a full disk, say) leaves every
/// target as it was and removes every temporary file. Then the temporary files are
/// renamed over their targets one after another with the registry held, so a signal
/// arriving meanwhile waits for the renames to end ([`remove_temp_files`] takes the
/// registry too): an interrupt leaves the set all old or all new. A rename that fails
/// (the files are complete and beside their targets, so rarely: a target made a
/// directory meanwhile, a read-only remount) stops the set there, named in the error:
/// the targets before it have their new contents, it and the rest keep their old ones.
pub fn commit_all(mut files: Vec<OutputFile>) -> Result<(), OutputError> {
    for f in &mut files {
        f.complete()?;
    }
    let mut reg = registry();
    let renamed = files.iter_mut().try_for_each(|f| f.persist(&mut reg));
    // Let go first: dropping a file not renamed takes the registry to remove it.
    drop(reg);
    drop(files);
    renamed
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
    create(path, opts)?.finish(bytes)
}

/// `img` encoded as PNG ([`render::encode_png`]) and written with [`write_with`].
pub fn write_png(path: &Path, img: &RgbaImage, opts: &WriteOptions<'_>) -> anyhow::Result<()> {
    let bytes = render::encode_png(img)?;
    write_with(path, opts, &bytes)?;
    Ok(())
}

impl OutputFile {
    /// Writes `bytes` and commits: [`write_with`] for an output opened ahead (so a path
    /// that cannot be written fails before the work that makes the bytes).
    pub fn finish(mut self, bytes: &[u8]) -> Result<(), OutputError> {
        self.write_bytes(bytes)?;
        self.commit()
    }

    /// `img` encoded as PNG and written with [`OutputFile::finish`].
    pub fn finish_png(self, img: &RgbaImage) -> anyhow::Result<()> {
        let bytes = render::encode_png(img)?;
        self.finish(&bytes)?;
        Ok(())
    }
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

    /// A dangling link is followed through every link of its chain, each relative to its
    /// own directory; the links stay.
    #[test]
    fn dangling_links_name_the_new_file() {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("sub")).unwrap();
        let first = dir.path().join("first");
        std::os::unix::fs::symlink("sub/second", &first).unwrap();
        std::os::unix::fs::symlink("../new.txt", dir.path().join("sub/second")).unwrap();
        assert_eq!(
            link_target(&first).unwrap(),
            dir.path().join("sub").join("../new.txt")
        );
        write_atomic(&first, b"new", &[]).unwrap();
        assert_eq!(fs::read(dir.path().join("new.txt")).unwrap(), b"new");
        assert!(fs::symlink_metadata(&first).unwrap().is_symlink());
        assert_eq!(names(dir.path()), ["first", "new.txt", "sub"]);
        // A path that is no link is its own target.
        let plain = dir.path().join("plain.txt");
        assert_eq!(link_target(&plain).unwrap(), plain);
    }

    #[test]
    fn hard_linked_targets_need_force() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.txt");
        fs::write(&out, b"old").unwrap();
        fs::hard_link(&out, dir.path().join("twin.txt")).unwrap();
        let err = write_atomic(&out, b"new", &[]).unwrap_err();
        assert!(
            matches!(err, OutputError::HardLinked { links: 2, .. }),
            "{err}"
        );
        write_with(&out, &WriteOptions::new(&[], true), b"new").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"new");
        assert_eq!(fs::read(dir.path().join("twin.txt")).unwrap(), b"old");
    }

    /// [`commit_all`] replaces a set of files together: dropped before it, or failing
    /// before the renames, every file keeps its old contents and no temporary file is
    /// left.
    #[test]
    fn sets_are_replaced_together() {
        let dir = tempfile::tempdir().unwrap();
        let all = ["a.txt", "b.txt", "c.txt"];
        for name in all {
            fs::write(dir.path().join(name), b"old").unwrap();
        }
        let open = || -> Vec<OutputFile> {
            all.iter()
                .map(|name| {
                    let mut f = create(&dir.path().join(name), &WriteOptions::default()).unwrap();
                    f.write_bytes(b"new").unwrap();
                    f
                })
                .collect()
        };
        let contents = || -> Vec<Vec<u8>> {
            all.iter()
                .map(|name| fs::read(dir.path().join(name)).unwrap_or_default())
                .collect()
        };
        // Written but not committed (an error on the way returns before it): nothing.
        let files = open();
        assert_eq!(names(dir.path()).len(), 6, "three temporary files");
        drop(files);
        assert_eq!(names(dir.path()), all);
        assert_eq!(contents(), [b"old"; 3]);
        commit_all(open()).unwrap();
        assert_eq!(names(dir.path()), all);
        assert_eq!(contents(), [b"new"; 3]);
        // A rename that fails (the target made a directory meanwhile) stops the set
        // there, named in the error: the file before it is new, the rest are not.
        for name in all {
            fs::write(dir.path().join(name), b"old").unwrap();
        }
        let files = open();
        fs::remove_file(dir.path().join("b.txt")).unwrap();
        fs::create_dir(dir.path().join("b.txt")).unwrap();
        fs::write(dir.path().join("b.txt/keep"), b"kept").unwrap();
        let err = commit_all(files).unwrap_err();
        let b = dir.path().join("b.txt");
        assert!(
            err.to_string()
                .starts_with(&format!("could not write {}: ", b.display())),
            "{err}"
        );
        assert_eq!(names(dir.path()), all);
        assert_eq!(fs::read(dir.path().join("a.txt")).unwrap(), b"new");
        assert_eq!(fs::read(b.join("keep")).unwrap(), b"kept");
        assert_eq!(fs::read(dir.path().join("c.txt")).unwrap(), b"old");
        assert!(!registry().paths.iter().any(|p| p.starts_with(dir.path())));
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
