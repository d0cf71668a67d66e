//! The software rasterizer: the Scene's primitives painted in order, most
//! as tiny-skia paths filled and stroked with anti-aliasing. Fast paths
//! skip the path where it costs most: opaque rectangles on whole pixels are
//! written straight into the pixmap, axis-aligned wires are filled as
//! rectangles, small circles are pre-painted sprites (`sprites.rs`), and
//! text is the bundled font's glyph coverage (`text.rs`).

use crate::RenderError;
use crate::sprites::Sprites;
use crate::text;
use ab_glyph::FontRef;
use lightemall_view::{Color, Point, Rect, Scene, Shape, Stroke};
use tiny_skia::{FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Transform};

/// The most pixels a frame may have (a 8192x8192 image): 256 MB of pixels.
pub const MAX_PIXELS: u64 = 8192 * 8192;

/// Paints Scenes into a pixmap it keeps (and reuses while the size stays).
#[derive(Debug)]
pub struct Rasterizer {
    pixmap: Option<Pixmap>,
    font: FontRef<'static>,
    sprites: Sprites,
}

impl Default for Rasterizer {
    fn default() -> Rasterizer {
        Rasterizer {
            pixmap: None,
            font: text::font(),
            sprites: Sprites::default(),
        }
    }
}

/// The pixels of a painted frame: what the encoders take and a window
/// copies. tiny-skia's pixmap stays inside this crate.
#[derive(Clone, Copy, Debug)]
pub struct Pixels<'a> {
    pixmap: &'a Pixmap,
}

impl Pixels<'_> {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// Premultiplied RGBA bytes, row by row from the top.
    pub fn data(&self) -> &[u8] {
        self.pixmap.data()
    }
}

impl Rasterizer {
    /// Paint `scene`, replacing the frame before, and hand back its pixels.
    pub fn paint(&mut self, scene: &Scene) -> Result<Pixels<'_>, RenderError> {
        let pixmap = target(&mut self.pixmap, scene.width, scene.height)?;
        pixmap.fill(skia_color(scene.background));
        for shape in &scene.shapes {
            paint_shape(pixmap, &self.font, &mut self.sprites, shape);
        }
        Ok(Pixels { pixmap })
    }
}

/// The pixmap to paint into, reused while the size stays.
fn target(slot: &mut Option<Pixmap>, width: u32, height: u32) -> Result<&mut Pixmap, RenderError> {
    check_size(width, height)?;
    if !slot
        .as_ref()
        .is_some_and(|p| p.width() == width && p.height() == height)
    {
        *slot = Pixmap::new(width, height);
    }
    slot.as_mut().ok_or(RenderError::Size {
        width,
        height,
        max: MAX_PIXELS,
    })
}

/// Refuse empty or oversized frames before anything is allocated.
pub fn check_size(width: u32, height: u32) -> Result<(), RenderError> {
    let pixels = u64::from(width) * u64::from(height);
    if pixels == 0 || pixels > MAX_PIXELS {
        return Err(RenderError::Size {
            width,
            height,
            max: MAX_PIXELS,
        });
    }
    Ok(())
}

fn skia_color(c: Color) -> tiny_skia::Color {
    tiny_skia::Color::from_rgba8(c.r, c.g, c.b, c.a)
}

fn solid(c: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(skia_color(c));
    paint.anti_alias = true;
    paint
}

fn paint_shape(pixmap: &mut Pixmap, font: &FontRef<'_>, sprites: &mut Sprites, shape: &Shape) {
    match shape {
        Shape::Rect {
            rect,
            radius: 0.0,
            fill: Some(color),
            stroke: None,
        } => fill_rect(pixmap, *rect, *color),
        Shape::Rect {
            rect,
            radius,
            fill,
            stroke,
        } => {
            fill_and_stroke(pixmap, rect_path(*rect, *radius), *fill, *stroke);
        }
        Shape::Line {
            points,
            stroke,
            round,
        } => {
            let cap = if *round {
                LineCap::Round
            } else {
                LineCap::Butt
            };
            stroke_path(pixmap, polyline(points, false), *stroke, cap);
        }
        Shape::Spokes {
            centre,
            ends,
            stroke,
        } => {
            paint_spokes(pixmap, *centre, ends, *stroke);
        }
        Shape::Polygon {
            points,
            fill,
            stroke,
        } => {
            fill_and_stroke(pixmap, polyline(points, true), *fill, *stroke);
        }
        Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => {
            if !sprites.circle(pixmap, *centre, *radius, *fill, *stroke) {
                let path = PathBuilder::from_circle(centre.x, centre.y, *radius);
                fill_and_stroke(pixmap, path, *fill, *stroke);
            }
        }
        Shape::Star {
            centre,
            outer,
            inner,
            points,
            fill,
            stroke,
        } => {
            let path = polyline(&star_points(*centre, *outer, *inner, *points), true);
            fill_and_stroke(pixmap, path, Some(*fill), *stroke);
        }
        Shape::Text {
            at,
            size,
            color,
            align,
            text,
            max_width,
        } => {
            let text = text::fit(font, *size, text, *max_width);
            text::draw(pixmap, font, (at.x, at.y), *size, *color, *align, &text);
        }
    }
}

/// A plain rectangle: the fast path, without anti-aliasing on whole pixels.
fn fill_rect(pixmap: &mut Pixmap, r: Rect, color: Color) {
    let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) else {
        return;
    };
    let whole = [r.x, r.y, r.w, r.h].iter().all(|v| v.fract() == 0.0);
    if whole && color.a == 255 {
        fill_opaque_pixels(pixmap, r, color);
        return;
    }
    let mut paint = solid(color);
    paint.anti_alias = !whole;
    pixmap.fill_rect(rect, &paint, Transform::identity(), None);
}

/// An opaque rectangle on whole pixels, written straight into the pixels
/// (premultiplied RGBA is the colour itself when opaque): tiny-skia builds
/// a pipeline for every call, and a window's frame has thousands of cells
/// and straight wires. The same pixels as tiny-skia's unsmoothed fill.
fn fill_opaque_pixels(pixmap: &mut Pixmap, r: Rect, color: Color) {
    let (width, height) = (pixmap.width() as f32, pixmap.height() as f32);
    let column = |v: f32| v.clamp(0.0, width) as usize;
    let row = |v: f32| v.clamp(0.0, height) as usize;
    let (x0, x1) = (column(r.x), column(r.x + r.w));
    let (y0, y1) = (row(r.y), row(r.y + r.h));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let stride = pixmap.width() as usize * 4;
    let first = y0 * stride + x0 * 4..y0 * stride + x1 * 4;
    let rgba = [color.r, color.g, color.b, 255];
    let data = pixmap.data_mut();
    for pixel in data[first.clone()].chunks_exact_mut(4) {
        pixel.copy_from_slice(&rgba);
    }
    // The other rows are copies of the first.
    for y in y0 + 1..y1 {
        data.copy_within(first.clone(), y * stride + x0 * 4);
    }
}

fn fill_and_stroke(
    pixmap: &mut Pixmap,
    path: Option<Path>,
    fill: Option<Color>,
    stroke: Option<Stroke>,
) {
    let Some(path) = path else { return };
    if let Some(color) = fill {
        pixmap.fill_path(
            &path,
            &solid(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    if let Some(stroke) = stroke {
        stroke_path(pixmap, Some(path), stroke, LineCap::Butt);
    }
}

fn stroke_path(pixmap: &mut Pixmap, path: Option<Path>, stroke: Stroke, cap: LineCap) {
    let Some(path) = path else { return };
    if !(stroke.width.is_finite() && stroke.width > 0.0) {
        return;
    }
    let style = tiny_skia::Stroke {
        width: stroke.width,
        line_cap: cap,
        line_join: LineJoin::Round,
        ..tiny_skia::Stroke::default()
    };
    pixmap.stroke_path(
        &path,
        &solid(stroke.color),
        &style,
        Transform::identity(),
        None,
    );
}

fn polyline(points: &[Point], close: bool) -> Option<Path> {
    let (first, rest) = points.split_first()?;
    let mut pb = PathBuilder::new();
    pb.move_to(first.x, first.y);
    for p in rest {
        pb.line_to(p.x, p.y);
    }
    if close {
        pb.close();
    }
    pb.finish()
}

/// Wires from a centre. An axis-aligned wire with butt ends is exactly a
/// rectangle, and tiny-skia fills rectangles far faster than it strokes
/// paths; the others are stroked as one path.
fn paint_spokes(pixmap: &mut Pixmap, centre: Point, ends: &[Point], stroke: Stroke) {
    let half = stroke.width / 2.0;
    let mut pb = PathBuilder::new();
    for end in ends {
        let (dx, dy) = (end.x - centre.x, end.y - centre.y);
        if dx.abs() < 1e-3 {
            let y0 = centre.y.min(end.y);
            fill_rect(
                pixmap,
                Rect::new(centre.x - half, y0, stroke.width, dy.abs()),
                stroke.color,
            );
        } else if dy.abs() < 1e-3 {
            let x0 = centre.x.min(end.x);
            fill_rect(
                pixmap,
                Rect::new(x0, centre.y - half, dx.abs(), stroke.width),
                stroke.color,
            );
        } else {
            pb.move_to(centre.x, centre.y);
            pb.line_to(end.x, end.y);
        }
    }
    stroke_path(pixmap, pb.finish(), stroke, LineCap::Butt);
}

fn rect_path(r: Rect, radius: f32) -> Option<Path> {
    let radius = radius.min(r.w / 2.0).min(r.h / 2.0);
    if radius.is_nan() || radius <= 0.0 {
        return tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h).map(PathBuilder::from_rect);
    }
    // Quarter circles as cubics (k = 0.5523 of the radius).
    let k = radius * (1.0 - 0.552_284_8);
    let (x0, y0, x1, y1) = (r.x, r.y, r.x + r.w, r.y + r.h);
    let mut pb = PathBuilder::new();
    pb.move_to(x0 + radius, y0);
    pb.line_to(x1 - radius, y0);
    pb.cubic_to(x1 - k, y0, x1, y0 + k, x1, y0 + radius);
    pb.line_to(x1, y1 - radius);
    pb.cubic_to(x1, y1 - k, x1 - k, y1, x1 - radius, y1);
    pb.line_to(x0 + radius, y1);
    pb.cubic_to(x0 + k, y1, x0, y1 - k, x0, y1 - radius);
    pb.line_to(x0, y0 + radius);
    pb.cubic_to(x0, y0 + k, x0 + k, y0, x0 + radius, y0);
    pb.close();
    pb.finish()
}

/// Tips and notches of a star, the first tip straight up.
fn star_points(c: Point, outer: f32, inner: f32, tips: u8) -> Vec<Point> {
    let n = u32::from(tips.max(2)) * 2;
    (0..n)
        .map(|k| {
            let r = if k % 2 == 0 { outer } else { inner };
            let a = (k as f32 * 360.0 / n as f32 - 90.0).to_radians();
            Point::new(c.x + r * a.cos(), c.y + r * a.sin())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_checked_before_allocating() {
        assert!(check_size(0, 10).is_err());
        assert!(check_size(100_000, 100_000).is_err());
        assert!(check_size(640, 480).is_ok());
        let mut r = Rasterizer::default();
        let scene = Scene::new(u32::MAX, 2, Color::hex(0));
        assert!(r.paint(&scene).is_err());
    }

    #[test]
    fn the_background_fills_the_frame() {
        let mut r = Rasterizer::default();
        let pixmap = r
            .paint(&Scene::new(3, 2, Color::hex(0x102030)))
            .expect("paints");
        assert_eq!((pixmap.width(), pixmap.height()), (3, 2));
        assert!(
            pixmap
                .data()
                .chunks_exact(4)
                .all(|p| p == [0x10, 0x20, 0x30, 0xff])
        );
    }
}
