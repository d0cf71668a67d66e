//! Text forms of boards and puzzles: Net game IDs, our descriptive IDs, JSON,
//! and a plain-text picture for tests and `--format text`; and the `m:ss`
//! of a playing time, as the window's title and panel show it.

pub mod descriptive;
pub mod json;
pub mod net;
pub mod text;

/// A playing time of `seconds` as `m:ss` (minutes not cut at an hour:
/// `75:03`), the form of the window title (docs/contracts.md), the panel
/// and a won game's summary.
pub fn minutes_seconds(seconds: u64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// Hex digit value of an ASCII byte.
pub(crate) fn hex_value(byte: u8) -> Option<u8> {
    char::from(byte).to_digit(16).map(|v| v as u8)
}

/// The character starting at byte `offset` of `text`, for an error about
/// it: the whole character, not the first byte of a multi-byte one.
pub(crate) fn char_at(text: &str, offset: usize) -> char {
    text.get(offset..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Lower-case hex digit for a value below 16.
pub(crate) fn hex_digit(value: u8) -> char {
    char::from_digit(u32::from(value & 15), 16).unwrap_or('0')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_minutes_and_seconds() {
        for (seconds, text) in [(0, "0:00"), (9, "0:09"), (65, "1:05"), (4503, "75:03")] {
            assert_eq!(minutes_seconds(seconds), text);
        }
    }
}
