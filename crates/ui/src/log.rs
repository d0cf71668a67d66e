//! The program's messages to its log (stderr): "saved to ...", why a
//! save failed, where a game was rescued. A log that cannot be written (a
//! full device, a closed pipe) loses the message, never the game:
//! `eprintln!` would panic there, before anything is saved.

use std::io::Write;

/// Write `lightemall: TEXT` and a newline to stderr, ignoring a failure.
pub fn say(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "lightemall: {text}");
}
