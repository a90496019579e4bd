//! Writing output files safely: every file the command-line tool writes goes through
//! [`write_atomic`], so an interrupted run never leaves a half-written file behind and an
//! output path that names one of the inputs is refused instead of destroying it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Why an output file could not be written.
#[derive(thiserror::Error, Debug)]
#[non_exhaustive]
pub enum OutputError {
    /// The output path is (after resolving links) one of the input files.
    #[error("refusing to overwrite input file {}", path.display())]
    WouldOverwriteInput { path: PathBuf },
    /// The output path has no file name (e.g. it ends in `..`).
    #[error("output path {} does not name a file", path.display())]
    NotAFile { path: PathBuf },
    /// Creating, writing or renaming the file failed.
    #[error("could not write {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

/// Distinguishes temporary files of concurrent writes within one process.
static TEMP_COUNTER: AtomicU32 = AtomicU32::new(0);

/// Writes `bytes` to `path` atomically: the data goes to a new temporary file in the same
/// directory, is flushed to disk, and is then renamed over `path`. On any error the
/// temporary file is removed and `path` is left as it was.
///
/// Refuses (with [`OutputError::WouldOverwriteInput`]) when `path` is the same file as any
/// of `inputs`, comparing canonicalized paths (so `./a.txt`, `dir/../a.txt` and symbolic
/// links all count as the same file) and, on Unix, device and inode numbers (hard links).
/// Inputs that do not exist are ignored.
///
/// If `path` is a symbolic link, the link itself is replaced by a regular file.
pub fn write_atomic(path: &Path, bytes: &[u8], inputs: &[&Path]) -> Result<(), OutputError> {
    let io_err = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let Some(name) = path.file_name() else {
        return Err(OutputError::NotAFile {
            path: path.to_path_buf(),
        });
    };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Some(input) = inputs.iter().find(|i| same_file(path, dir, name, i)) {
        return Err(OutputError::WouldOverwriteInput {
            path: input.to_path_buf(),
        });
    }

    let (tmp_path, file) = create_temp(dir, name).map_err(io_err)?;
    let result = write_and_sync(file, bytes).and_then(|()| fs::rename(&tmp_path, path));
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp_path);
        return Err(io_err(e));
    }
    Ok(())
}

/// Whether the output `path` (in directory `dir`, file `name`) is the file `input`.
fn same_file(path: &Path, dir: &Path, name: &std::ffi::OsStr, input: &Path) -> bool {
    let Ok(input_canon) = input.canonicalize() else {
        return false;
    };
    // The output usually does not exist yet: resolve its directory instead.
    let out_canon = path
        .canonicalize()
        .or_else(|_| dir.canonicalize().map(|d| d.join(name)));
    if out_canon.is_ok_and(|o| o == input_canon) {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (fs::metadata(path), fs::metadata(input)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    false
}

/// Creates a fresh temporary file next to the output: `.<name>.<pid>.<n>.tmp`.
fn create_temp(dir: &Path, name: &std::ffi::OsStr) -> io::Result<(PathBuf, File)> {
    let pid = std::process::id();
    loop {
        let n = TEMP_COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{pid}.{n}.tmp"));
        let tmp_path = dir.join(tmp_name);
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp_path)
        {
            Ok(f) => return Ok((tmp_path, f)),
            // A leftover from an earlier run with the same pid: try the next number.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && n < u32::MAX => continue,
            Err(e) => return Err(e),
        }
    }
}

fn write_and_sync(mut file: File, bytes: &[u8]) -> io::Result<()> {
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.txt");
        write_atomic(&out, b"one", &[]).unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"one");
        write_atomic(&out, b"two", &[]).unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"two");
        // No temporary files left behind.
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
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
        assert!(err.to_string().starts_with("could not write"), "{err}");
        // Renaming a file over a directory fails; the temp file must be cleaned up.
        let sub = dir.path().join("sub");
        fs::create_dir(&sub).unwrap();
        fs::write(sub.join("f"), b"x").unwrap();
        assert!(write_atomic(&sub, b"x", &[]).is_err());
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "{names:?}");
        assert!(matches!(
            write_atomic(Path::new(".."), b"x", &[]),
            Err(OutputError::NotAFile { .. })
        ));
    }
}
