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

/// Write to stdout through `write` (which ends its own last line),
/// buffered: for output too large to build as one string first.
pub fn print_with(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<(), String> {
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let result = write(&mut stdout).and_then(|()| stdout.flush());
    match result {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write the output: {e}")),
        _ => Ok(()),
    }
}
