//! Text forms of boards and puzzles: Net game IDs, our descriptive IDs, JSON,
//! and a plain-text picture for tests and `--format text`.

pub mod descriptive;
pub mod json;
pub mod net;
pub mod text;

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
