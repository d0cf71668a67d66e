//! Text in the bundled font: measuring, and blending glyph coverage into a
//! premultiplied pixmap.

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use lightemall_view::{Align, Color};
use tiny_skia::Pixmap;

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
}
