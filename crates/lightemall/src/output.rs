//! Writing results to stdout. Every failed write is the command's failure:
//! a full disk and a standard output that was closed
//! (`lightemall gen >&-`, which Rust's runtime reopens on `/dev/null` before `main` and so
//! would swallow the output without a word) exit 2 with the reason on
//! stderr; a pipe its reader closed (`lightemall gen | head -c 10`: the
//! output was cut short) ends the program silently with 141, as a program
//! killed by SIGPIPE does (the reader has what it asked for; `pipefail`
//! still sees it).

use std::io::Write;

/// Print `text` and a newline to stdout.
pub fn print(text: &str) -> Result<(), String> {
    print_with(|out| writeln!(out, "{}", text.trim_end()))
}

/// Write `bytes` to stdout as they are (an image for `-o -`).
pub fn write_bytes(bytes: &[u8]) -> Result<(), String> {
    print_with(|out| out.write_all(bytes))
}

/// Write to stdout through `write` (which ends its own last line),
/// buffered: for output too large to build as one string first.
pub fn print_with(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), String> {
    check_stdout()?;
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    match write(&mut stdout).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(BROKEN_PIPE),
        result => result.map_err(|e| format!("cannot write the output: {e}")),
    }
}

/// The exit code of a program killed by SIGPIPE: 128 + 13.
const BROKEN_PIPE: i32 = 141;

/// `Err` if standard output was closed when the program started: a check
/// before long work whose result goes there (`render -o -`).
pub fn check_stdout() -> Result<(), String> {
    if stdout_was_closed() {
        return Err("standard output is closed; nothing was written".to_string());
    }
    Ok(())
}

/// Whether standard output is what Rust's runtime puts in place of a
/// closed one: `/dev/null` opened for reading and writing. A shell's
/// `> /dev/null` opens it write-only, so that is still a fine output; a
/// caller that hands us `/dev/null` opened read-write (Python's
/// `subprocess.DEVNULL` does) is taken for a closed stdout.
#[cfg(unix)]
fn stdout_was_closed() -> bool {
    use std::io::Read;
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let Ok(fd) = std::io::stdout().as_fd().try_clone_to_owned() else {
        return true;
    };
    let mut out = std::fs::File::from(fd);
    let (Ok(meta), Ok(null)) = (out.metadata(), std::fs::metadata("/dev/null")) else {
        return false;
    };
    // Reading succeeds (at the end, at once) only if it was opened to read.
    meta.file_type().is_char_device() && meta.rdev() == null.rdev() && out.read(&mut [0; 1]).is_ok()
}

#[cfg(not(unix))]
fn stdout_was_closed() -> bool {
    false
}
