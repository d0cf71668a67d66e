//! Text in the bundled font: measuring, and blending glyph coverage into a
//! premultiplied pixmap.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use lightemall_view::{Align, Color};
use std::borrow::Cow;
use tiny_skia::Pixmap;

/// What ends a text cut short to fit its width.
const ELLIPSIS: &str = "…";

static FONT_BYTES: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// The bundled font. Parsing it only reads tables, so it is cheap.
pub fn font() -> FontRef<'static> {
    // The bytes are compiled in and known good; a test parses them.
    FontRef::try_from_slice(FONT_BYTES).expect("the bundled font parses")
}

/// Width of `text` at `size` pixels, with kerning.
pub fn measure(font: &FontRef<'_>, size: f32, text: &str) -> f32 {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut width = 0.0;
    let mut prev = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = prev {
            width += scaled.kern(p, id);
        }
        width += scaled.h_advance(id);
        prev = Some(id);
    }
    width
}

/// `text` if it fits in `max_width` pixels at `size`; otherwise its
/// longest start that fits with an ellipsis after it, or nothing if not
/// even the ellipsis fits.
pub fn fit<'t>(
    font: &FontRef<'_>,
    size: f32,
    text: &'t str,
    max_width: Option<f32>,
) -> Cow<'t, str> {
    let Some(max_width) = max_width else {
        return Cow::Borrowed(text);
    };
    if measure(font, size, text) <= max_width {
        return Cow::Borrowed(text);
    }
    let room = max_width - measure(font, size, ELLIPSIS);
    if room.is_nan() || room < 0.0 {
        return Cow::Borrowed("");
    }
    let start = &text[..fitting_start(font, size, text, room)];
    Cow::Owned(format!("{}{ELLIPSIS}", start.trim_end()))
}

/// The length in bytes of the longest start of `text` at most `room`
/// pixels wide.
fn fitting_start(font: &FontRef<'_>, size: f32, text: &str, room: f32) -> usize {
    let scaled = font.as_scaled(PxScale::from(size));
    let mut width = 0.0;
    let mut prev = None;
    let mut end = 0;
    for (at, c) in text.char_indices() {
        let id = scaled.glyph_id(c);
        if let Some(p) = prev {
            width += scaled.kern(p, id);
        }
        width += scaled.h_advance(id);
        if width > room {
            break;
        }
        end = at + c.len_utf8();
        prev = Some(id);
    }
    end
}

/// Draw `text` with its baseline anchor at `(x, y)`.
pub fn draw(
    pixmap: &mut Pixmap,
    font: &FontRef<'_>,
    (x, y): (f32, f32),
    size: f32,
    color: Color,
    align: Align,
    text: &str,
) {
    if !(size.is_finite() && size > 0.5 && size < 1000.0) {
        return;
    }
    let scaled = font.as_scaled(PxScale::from(size));
    let width = measure(font, size, text);
    let mut caret = match align {
        Align::Left => x,
        Align::Centre => x - width / 2.0,
        Align::Right => x - width,
    };
    // A whole-pixel start and baseline keep text crisp.
    caret = caret.round();
    let baseline = y.round();
    let mut prev = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        if let Some(p) = prev {
            caret += scaled.kern(p, id);
        }
        let glyph = id.with_scale_and_position(size, point(caret, baseline));
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                let px = bounds.min.x as i64 + i64::from(gx);
                let py = bounds.min.y as i64 + i64::from(gy);
                blend(pixmap, px, py, color, coverage);
            });
        }
        caret += scaled.h_advance(id);
        prev = Some(id);
    }
}

/// Source-over one pixel of `color` at `coverage` (0..1) onto premultiplied RGBA.
fn blend(pixmap: &mut Pixmap, x: i64, y: i64, color: Color, coverage: f32) {
    let (w, h) = (i64::from(pixmap.width()), i64::from(pixmap.height()));
    if x < 0 || y < 0 || x >= w || y >= h {
        return;
    }
    let alpha = coverage.clamp(0.0, 1.0) * f32::from(color.a) / 255.0;
    let at = ((y * w + x) * 4) as usize;
    let data = pixmap.data_mut();
    let src = [color.r, color.g, color.b, 255];
    for (k, &s) in src.iter().enumerate() {
        let d = f32::from(data[at + k]);
        data[at + k] = (f32::from(s) * alpha + d * (1.0 - alpha)).round() as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_measures_text() {
        let font = font();
        let w = measure(&font, 20.0, "Moves");
        assert!(w > 40.0 && w < 90.0, "{w}");
        assert_eq!(measure(&font, 20.0, ""), 0.0);
    }

    #[test]
    fn a_long_text_is_cut_to_fit_with_an_ellipsis() {
        let font = font();
        let text = "saved to /home/player/.local/share/lightemall/saved.lightemall-save";
        let whole = measure(&font, 14.0, text);
        assert_eq!(fit(&font, 14.0, text, None), text);
        assert_eq!(fit(&font, 14.0, text, Some(whole + 1.0)), text);
        for max in [whole - 1.0, 200.0, 60.0, 20.0] {
            let cut = fit(&font, 14.0, text, Some(max));
            assert!(cut.ends_with('…'), "{cut}");
            assert!(text.starts_with(cut.trim_end_matches('…')), "{cut}");
            assert!(measure(&font, 14.0, &cut) <= max, "{cut} in {max}");
        }
        // The space before the cut goes too.
        let short = Some(measure(&font, 14.0, "saved to") - 1.0);
        assert_eq!(fit(&font, 14.0, "saved to", short), "saved…");
    }

    #[test]
    fn no_room_draws_nothing() {
        let font = font();
        for max in [5.0, 0.0, -3.0, f32::NAN] {
            assert_eq!(fit(&font, 14.0, "saved", Some(max)), "", "{max}");
        }
        assert_eq!(fit(&font, 14.0, "", Some(0.0)), "");
    }

    /// The view breaks lines by its own table of the font's advances: it
    /// is this font's, and kerning only narrows a text, so a line the view
    /// finds to fit is not cut.
    #[test]
    fn the_views_advances_are_the_fonts() {
        let font = font();
        let scaled = font.as_scaled(PxScale::from(1000.0));
        let advances: Vec<u16> = (' '..='~')
            .map(|c| scaled.h_advance(scaled.glyph_id(c)).round() as u16)
            .collect();
        assert_eq!(advances, lightemall_view::ASCII_ADVANCES);
        for text in [
            "(29,28) must point N, E, S, W: every other way cuts a part of the network off",
            "AV To Wa yo LT P. 'quoted' \"double\" ff fi",
            "saved to /home/a-player-with-a-long-name/.local/share/lightemall/x",
            "… · × → —",
        ] {
            let kerned = measure(&font, 14.0, text);
            let view = lightemall_view::text_width(14.0, text);
            assert!(kerned <= view + 0.01, "{text:?}: {kerned} > {view}");
        }
    }
}
