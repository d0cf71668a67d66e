//! Writing results to stdout. A closed pipe (`lightemall gen | head`) is not
//! an error and never a panic: the reader has what it wanted.

use std::io::{ErrorKind, Write};

/// Print `text` and a newline to stdout.
pub fn print(text: &str) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    match writeln!(stdout, "{}", text.trim_end()).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write the output: {e}")),
        _ => Ok(()),
    }
}

/// Write `bytes` to stdout as they are (an image for `-o -`).
pub fn write_bytes(bytes: &[u8]) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write the output: {e}")),
        _ => Ok(()),
    }
}
