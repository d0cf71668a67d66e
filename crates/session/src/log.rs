//! The program's messages to its log (stderr): "saved to ...", why a
//! save failed, where a game was rescued. A log that cannot be written (a
//! full device, a closed pipe) loses the message, never the game:
//! the standard printing macro would panic there, before anything is saved.

use std::io::Write;

/// The most characters of a message logged.
const MAX_CHARS: usize = 2000;

/// Write `lightemall: TEXT` and a newline to stderr, ignoring a failure.
/// The text is one line, its control characters escaped: a message may
/// quote a file (a damaged save, a scores table), whose escape sequences
/// must not reach a terminal.
pub fn say(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(
        err,
        "lightemall: {}",
        lightemall_model::one_line(text, MAX_CHARS)
    );
}
