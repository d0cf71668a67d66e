//! Errors of the model: invalid boards and unreadable text.

use crate::limits::{MAX_SIDE, MIN_SIDE};
use thiserror::Error;

/// A board or grid that cannot exist.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ModelError {
    /// A side is outside `MIN_SIDE..=MAX_SIDE`.
    #[error(
        "board size {width}x{height} is out of range: each side must be {min} to {max}",
        min = MIN_SIDE,
        max = MAX_SIDE
    )]
    SizeOutOfRange {
        /// Requested width.
        width: u64,
        /// Requested height.
        height: u64,
    },
    /// A wrapping hexagonal board needs an even height.
    #[error("a wrapping hex board needs an even height, not {height}")]
    OddWrappingHexHeight {
        /// Requested height.
        height: usize,
    },
    /// The number of tiles does not match the size.
    #[error("expected {expected} tiles for this size, found {found}")]
    TileCountMismatch {
        /// Tiles the size asks for.
        expected: usize,
        /// Tiles given.
        found: usize,
    },
    /// A tile has a wire the topology does not have.
    #[error("tile {index} has mask {mask}, which has directions a {topology} board lacks")]
    TileOutOfRange {
        /// Row-major index of the tile.
        index: usize,
        /// Its mask.
        mask: u16,
        /// The topology's name.
        topology: &'static str,
    },
    /// A position outside the board.
    #[error("position ({x}, {y}) is outside the {width}x{height} board")]
    PositionOutOfRange {
        /// Column.
        x: u64,
        /// Row.
        y: u64,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
}

/// Text that could not be read as a board, with where the problem is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{what}: {message} (at character {column})")]
pub struct ParseError {
    /// The kind of text being read ("Net game ID", "puzzle ID", ...).
    pub what: &'static str,
    /// 1-based character position of the problem.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl ParseError {
    /// An error in text of kind `what` at 1-based `column`.
    /// Messages quote the input: a quote of a 10 MB field is cut here, and
    /// a newline in it escaped, so the message stays one short line.
    pub fn new(what: &'static str, column: usize, message: impl Into<String>) -> Self {
        ParseError {
            what,
            column,
            message: one_line(&message.into(), MAX_MESSAGE_CHARS),
        }
    }
}

/// The most characters of a message kept.
const MAX_MESSAGE_CHARS: usize = 200;

/// `message` as one short line: control characters (a newline inside a
/// quoted token) escaped, cut at `max_chars` characters with the length
/// said. Error messages quote input, which may be huge or hostile.
pub fn one_line(message: &str, max_chars: usize) -> String {
    let mut line = String::new();
    for (count, c) in message.chars().enumerate() {
        if count == max_chars {
            line.push_str(&format!("… ({} bytes in all)", message.len()));
            break;
        }
        if c.is_control() {
            line.extend(c.escape_default());
        } else {
            line.push(c);
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_quote_is_cut() {
        let error = ParseError::new("puzzle ID", 3, format!("seed '{}'", "9".repeat(1 << 20)));
        assert!(error.message.chars().count() < MAX_MESSAGE_CHARS + 30);
        assert!(error.message.ends_with("bytes in all)"), "{error}");
        let short = ParseError::new("puzzle ID", 3, "seed 'x'");
        assert_eq!(short.message, "seed 'x'");
        let two_lines = ParseError::new("puzzle ID", 3, "station '3,\n4'");
        assert_eq!(two_lines.message, "station '3,\\n4'");
    }
}
