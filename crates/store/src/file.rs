//! Opening files to read: only regular files. A FIFO would block the open
//! (or the read) until some other program writes to it, a device may never
//! end, a folder is no text: each is refused at once, naming what it is.
//! The open itself cannot block: it is made with `O_NONBLOCK`, and the type
//! is checked on the open file (`fstat`), so nothing can be swapped in
//! between the check and the read.

use std::fs::{File, FileType, OpenOptions};
use std::io;
use std::path::Path;

/// Open `path` to read, refusing anything but a regular file (a symbolic
/// link is followed to what it names).
pub fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    non_blocking(&mut options);
    let file = options.open(path)?;
    check_regular(&file)?;
    Ok(file)
}

/// `Err` unless `file` is a regular file.
pub(crate) fn check_regular(file: &File) -> io::Result<()> {
    let kind = file.metadata()?.file_type();
    if kind.is_file() {
        Ok(())
    } else {
        Err(not_regular(kind))
    }
}

/// The error for a file of type `kind` where a regular file was needed.
pub(crate) fn not_regular(kind: FileType) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{}, not a regular file", kind_name(kind)),
    )
}

/// What a file that is not a regular file is, in words.
fn kind_name(kind: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a symbolic link"
    } else {
        "not a file"
    }
}

/// Opening never waits for a writer (a FIFO) or a carrier (a device).
pub(crate) fn non_blocking(options: &mut OpenOptions) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    #[cfg(not(unix))]
    let _ = options;
}

/// Like [`non_blocking`], and a symbolic link is not followed: opening one
/// fails (`ELOOP`).
pub(crate) fn non_blocking_no_follow(options: &mut OpenOptions) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    #[cfg(not(unix))]
    let _ = options;
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::scratch::scratch;
    use std::fs;
    use std::process::Command;

    fn mkfifo(path: &Path) {
        let made = Command::new("mkfifo")
            .arg(path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success(), "mkfifo {}", path.display());
    }

    #[test]
    fn only_regular_files_open_and_nothing_blocks() {
        let dir = scratch("open-regular");
        fs::create_dir_all(&dir).expect("folder");
        let fifo = dir.join("fifo");
        mkfifo(&fifo);
        let link = dir.join("link");
        std::os::unix::fs::symlink(&fifo, &link).expect("symlink");
        let text = dir.join("text");
        fs::write(&text, "hello").expect("written");
        for (path, what) in [
            (fifo.as_path(), "a FIFO (named pipe)"),
            (link.as_path(), "a FIFO (named pipe)"),
            (dir.as_path(), "a folder"),
            (Path::new("/dev/zero"), "a device"),
        ] {
            let error = open_regular(path).expect_err("refused");
            assert_eq!(
                error.to_string(),
                format!("{what}, not a regular file"),
                "{}",
                path.display()
            );
        }
        assert!(open_regular(&text).is_ok());
        let _ = fs::remove_dir_all(&dir);
    }
}
