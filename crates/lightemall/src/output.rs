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
