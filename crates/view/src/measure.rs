//! How wide a text is in the bundled font (DejaVu Sans Bold), from its
//! advance widths, so that the view can break a long line where a
//! renderer would otherwise cut it short. The renderer measures with
//! kerning, which only narrows a text in this font; render-png's tests
//! check this table against the font itself.

/// The advance of each printable ASCII character, `' '` to `'~'`, in
/// thousandths of an em.
pub const ASCII_ADVANCES: [u16; 95] = [
    299, 392, 448, 720, 598, 861, 749, 263, 393, 393, 449, 720, 326, 357, 326, 314, 598, 598, 598,
    598, 598, 598, 598, 598, 598, 598, 344, 344, 720, 720, 720, 498, 859, 665, 655, 630, 713, 587,
    587, 705, 719, 320, 320, 666, 547, 855, 719, 730, 630, 730, 661, 619, 586, 698, 665, 948, 662,
    622, 623, 393, 314, 393, 720, 430, 430, 580, 615, 509, 615, 583, 374, 615, 612, 294, 294, 571,
    294, 895, 612, 590, 615, 615, 424, 511, 411, 612, 560, 794, 554, 560, 500, 612, 314, 612, 720,
];

/// What a character outside printable ASCII counts for, in thousandths of
/// an em: more than any the game writes (an ellipsis, a dot, an arrow).
const OTHER_ADVANCE: u16 = 1000;

/// The width of `text` at `size` pixels, at least what a renderer draws.
pub fn text_width(size: f32, text: &str) -> f32 {
    let thousandths: u32 = text.chars().map(|c| u32::from(advance(c))).sum();
    thousandths as f32 * size / 1000.0
}

fn advance(c: char) -> u16 {
    let index = (c as u32).wrapping_sub(' ' as u32) as usize;
    ASCII_ADVANCES.get(index).copied().unwrap_or(OTHER_ADVANCE)
}

/// `text` broken at spaces into at most `lines` lines, each at most
/// `width` pixels wide at `size` where the words allow; the last line
/// takes whatever is left (a renderer cuts it to its width). A text that
/// fits is one line; an empty one is none.
pub fn wrap(text: &str, size: f32, width: f32, lines: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let mut line = word.to_string();
        let last = out.len() + 1 >= lines;
        while let Some(next) = words.peek() {
            let longer = format!("{line} {next}");
            if !last && text_width(size, &longer) > width {
                break;
            }
            line = longer;
            words.next();
        }
        out.push(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_add_the_advances() {
        assert_eq!(text_width(10.0, ""), 0.0);
        // 'A' is 665 thousandths, 'i' 294.
        assert!((text_width(10.0, "Ai") - 9.59).abs() < 1e-4);
        assert!((text_width(20.0, "…") - 20.0).abs() < 1e-4);
    }

    #[test]
    fn wrap_breaks_at_spaces_within_the_width() {
        let check = |text: &str, width: f32, lines: usize, want: &[&str]| {
            assert_eq!(wrap(text, 10.0, width, lines), want, "{text:?} in {width}");
        };
        check("", 100.0, 2, &[]);
        check("one", 100.0, 2, &["one"]);
        // "aa aa" is 11.6 + 2.99 + 11.6 = 26.19 px wide at 10 px.
        check("aa aa", 26.5, 2, &["aa aa"]);
        check("aa aa", 26.0, 2, &["aa", "aa"]);
        check("aa  aa\taa", 26.0, 2, &["aa", "aa aa"]);
        check("aa aa aa", 26.0, 3, &["aa", "aa", "aa"]);
        check("aa aa aa", 26.0, 1, &["aa aa aa"]);
        // A word wider than the line is a line of its own.
        check("aaaaaaaa aa", 26.0, 2, &["aaaaaaaa", "aa"]);
    }
}
