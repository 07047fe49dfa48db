//! The files a user names, opened without trusting what the path names.
//!
//! A path may name a directory, a device that never ends (`/dev/zero`), a named pipe that
//! blocks until someone writes to it, or a huge file. Only a regular file is read: its kind
//! is checked before opening (opening a pipe would block) and again on the opened file
//! (the path may have changed in between; on Unix the file is opened non-blocking, so a
//! pipe swapped in cannot hang it), and a read stops past its limit.

use std::fs::{self, File, Metadata};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// Why a file could not be read. Each message is one line, to follow the path.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// Nothing at the path.
    #[error("does not exist")]
    Missing,
    /// Not a regular file: what it is instead ("a directory", "a named pipe", ...).
    #[error("is {0}, not a regular file")]
    NotAFile(&'static str),
    /// Larger than the reader's limit.
    #[error("is larger than {max} bytes")]
    TooLarge {
        /// The limit, in bytes.
        max: u64,
        /// The file's size, or how much was read before giving up (`max + 1`).
        size: u64,
    },
    /// The system refused.
    #[error("cannot be read: {0}")]
    Io(io::Error),
}

impl From<io::Error> for ReadError {
    fn from(err: io::Error) -> ReadError {
        match err.kind() {
            io::ErrorKind::NotFound => ReadError::Missing,
            io::ErrorKind::IsADirectory => ReadError::NotAFile("a directory"),
            _ => ReadError::Io(err),
        }
    }
}

/// The regular file at `path`, opened for reading, of any size: for readers that stream.
///
/// # Errors
/// [`ReadError::Missing`], [`ReadError::NotAFile`] or [`ReadError::Io`].
///
/// ```
/// use cli_common::files::{open_regular, ReadError};
/// let err = open_regular(&std::env::temp_dir()).unwrap_err();
/// assert_eq!(err.to_string(), "is a directory, not a regular file");
/// ```
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    regular(&fs::metadata(path)?)?;
    let file = open_without_blocking(path)?;
    regular(&file.metadata()?)?;
    Ok(file)
}

/// The bytes of the regular file at `path`, if it has at most `max` of them.
///
/// # Errors
/// As [`open_regular`], and [`ReadError::TooLarge`] past `max` bytes (found from the
/// file's size when it says so, else after reading `max + 1` bytes).
///
/// ```
/// use cli_common::files::read_regular;
/// let path = std::env::temp_dir().join("cli-common-doc.txt");
/// std::fs::write(&path, "hello")?;
/// assert_eq!(read_regular(&path, 5)?, b"hello");
/// assert_eq!(read_regular(&path, 4).unwrap_err().to_string(), "is larger than 4 bytes");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_regular(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    let size = file.metadata()?.len();
    if size > max {
        return Err(ReadError::TooLarge { max, size });
    }
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    let size = bytes.len() as u64;
    if size > max {
        return Err(ReadError::TooLarge { max, size });
    }
    Ok(bytes)
}

/// What stops a file being written at `path` that can be seen without opening it: a
/// missing directory, or a path that is a directory or a special file. `None` if a regular
/// file is there or can be made. Ask again when writing: the directory may go meanwhile.
///
/// ```
/// use cli_common::files::output_problem;
/// assert_eq!(output_problem(&std::env::temp_dir()).as_deref(), Some("is a directory"));
/// assert_eq!(
///     output_problem(std::path::Path::new("/no/such/dir/out.png")).as_deref(),
///     Some("its directory does not exist")
/// );
/// assert_eq!(output_problem(&std::env::temp_dir().join("new.png")), None);
/// ```
pub fn output_problem(path: &Path) -> Option<String> {
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => return Some("is a directory".to_string()),
        Ok(m) if !m.is_file() => return Some(format!("is {}, not a regular file", file_kind(&m))),
        Ok(_) => return None,
        Err(_) => {}
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match fs::metadata(dir) {
        Ok(m) if m.is_dir() => None,
        Ok(_) => Some("its directory is not a directory".to_string()),
        Err(_) => Some("its directory does not exist".to_string()),
    }
}

/// A file being written in place of the one at a path: the bytes go to a new file beside
/// it, which [`Replacement::commit`] renames over the path once everything is written and
/// flushed to the disk. Until then the path keeps what it held, and a replacement dropped
/// uncommitted (an error, a full disk) removes its file: no cut file is ever left.
///
/// ```
/// use cli_common::files::Replacement;
/// use std::io::Write;
/// let path = std::env::temp_dir().join("cli-common-replacement.txt");
/// std::fs::write(&path, "old")?;
/// let mut new = Replacement::create(&path)?;
/// new.writer().write_all(b"new")?;
/// drop(new); // not committed: the old file stays
/// assert_eq!(std::fs::read(&path)?, b"old");
/// let mut new = Replacement::create(&path)?;
/// new.writer().write_all(b"new")?;
/// new.commit()?;
/// assert_eq!(std::fs::read(&path)?, b"new");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Replacement {
    target: PathBuf,
    temp: PathBuf,
    file: BufWriter<File>,
    committed: bool,
}

impl Replacement {
    /// Starts writing in place of `path`: creates a new file beside it (same directory, so
    /// the rename cannot cross file systems), named `.NAME.PID.partial`.
    ///
    /// # Errors
    /// When the file cannot be created.
    pub fn create(path: &Path) -> io::Result<Replacement> {
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let name = path.file_name().unwrap_or(path.as_os_str());
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".{}.partial", std::process::id()));
        let temp = dir.join(temp_name);
        let file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        Ok(Replacement {
            target: path.to_path_buf(),
            temp,
            file: BufWriter::with_capacity(1 << 16, file),
            committed: false,
        })
    }

    /// Where the bytes go.
    pub fn writer(&mut self) -> &mut BufWriter<File> {
        &mut self.file
    }

    /// Flushes the bytes to the disk and renames the new file over the path.
    ///
    /// # Errors
    /// When the bytes cannot be written (a full disk) or the rename fails; the new file is
    /// removed and the path keeps what it held.
    pub fn commit(mut self) -> io::Result<()> {
        self.file.flush()?;
        // A full disk may only say so when the data reaches it.
        self.file.get_ref().sync_all()?;
        fs::rename(&self.temp, &self.target)?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Replacement {
    fn drop(&mut self) {
        if !self.committed {
            // Nothing to report it to: the error that dropped it is reported instead.
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// What kind of file `metadata` describes, for messages: "a directory", "a named pipe",
/// "a character device"...
pub fn file_kind(metadata: &Metadata) -> &'static str {
    let kind = metadata.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_file() {
        "a regular file"
    } else {
        "a special file"
    }
}

fn regular(meta: &Metadata) -> Result<(), ReadError> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(ReadError::NotAFile(file_kind(meta)))
    }
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_directories_and_missing_files_are_refused_by_kind() {
        let dir = std::env::temp_dir();
        assert_eq!(
            read_regular(&dir, 10).unwrap_err().to_string(),
            "is a directory, not a regular file"
        );
        assert!(matches!(
            read_regular(Path::new("/no/such/file"), 10),
            Err(ReadError::Missing)
        ));
        #[cfg(unix)]
        assert_eq!(
            read_regular(Path::new("/dev/zero"), 10)
                .unwrap_err()
                .to_string(),
            "is a character device, not a regular file"
        );
    }
}
