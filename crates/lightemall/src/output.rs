//! Writing results to stdout. A closed pipe (`lightemall gen | head`) is not
//! an error and never a panic: the reader has what it wanted.

use std::io::{ErrorKind, Write};

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
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    match write(&mut stdout).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write the output: {e}")),
        _ => Ok(()),
    }
}
