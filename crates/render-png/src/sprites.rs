//! Small circles from a cache of pre-painted sprites. Painting a circle's
//! path costs tiny-skia far more than copying its pixels, and a board has
//! thousands of identical hubs and lamps; each is painted once per size,
//! colour and sub-pixel offset (in eighths), then blended into place.

use lightemall_view::{Color, Point, Stroke};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Transform};

/// Circles wider than this are painted directly.
const MAX_SPRITE: f32 = 96.0;
/// The cache is cleared when it grows past this many sprites.
const MAX_SPRITES: usize = 512;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    radius: u32,
    fill: Option<Color>,
    stroke: Option<(Color, u32)>,
    eighth_x: u8,
    eighth_y: u8,
}

/// Pre-painted circles.
#[derive(Debug, Default)]
pub struct Sprites {
    cache: HashMap<Key, (Pixmap, i64)>,
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "circle r{}", f32::from_bits(self.radius))
    }
}

fn paint_of(color: Color) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(tiny_skia::Color::from_rgba8(
        color.r, color.g, color.b, color.a,
    ));
    paint.anti_alias = true;
    paint
}

impl Sprites {
    /// Paint a circle; `false` if it is too large for a sprite (paint it directly).
    pub fn circle(
        &mut self,
        target: &mut Pixmap,
        centre: Point,
        radius: f32,
        fill: Option<Color>,
        stroke: Option<Stroke>,
    ) -> bool {
        let reach = radius + stroke.map_or(0.0, |s| s.width / 2.0);
        if !(reach.is_finite() && reach > 0.0 && 2.0 * reach < MAX_SPRITE) {
            return false;
        }
        let (ix, iy) = (centre.x.floor(), centre.y.floor());
        let key = Key {
            radius: radius.to_bits(),
            fill,
            stroke: stroke.map(|s| (s.color, s.width.to_bits())),
            eighth_x: ((centre.x - ix) * 8.0).round() as u8,
            eighth_y: ((centre.y - iy) * 8.0).round() as u8,
        };
        if self.cache.len() >= MAX_SPRITES {
            self.cache.clear();
        }
        let entry = match self.cache.entry(key) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(v) => match paint_sprite(&key, reach, radius, fill, stroke) {
                Some(sprite) => v.insert(sprite),
                None => return false,
            },
        };
        let (sprite, pad) = (&entry.0, entry.1);
        blend(target, sprite, ix as i64 - pad, iy as i64 - pad);
        true
    }
}

/// The circle painted alone, its centre at `pad + eighths` in the sprite.
fn paint_sprite(
    key: &Key,
    reach: f32,
    radius: f32,
    fill: Option<Color>,
    stroke: Option<Stroke>,
) -> Option<(Pixmap, i64)> {
    let pad = reach.ceil() as i64 + 2;
    let side = (2 * pad + 2) as u32;
    let mut sprite = Pixmap::new(side, side)?;
    let cx = pad as f32 + f32::from(key.eighth_x) / 8.0;
    let cy = pad as f32 + f32::from(key.eighth_y) / 8.0;
    if let Some(path) = PathBuilder::from_circle(cx, cy, radius) {
        if let Some(color) = fill {
            sprite.fill_path(
                &path,
                &paint_of(color),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        if let Some(s) = stroke.filter(|s| s.width > 0.0) {
            let style = tiny_skia::Stroke {
                width: s.width,
                ..tiny_skia::Stroke::default()
            };
            sprite.stroke_path(
                &path,
                &paint_of(s.color),
                &style,
                Transform::identity(),
                None,
            );
        }
    }
    Some((sprite, pad))
}

/// Source-over of premultiplied `sprite` onto `target` with its corner at `(x, y)`.
fn blend(target: &mut Pixmap, sprite: &Pixmap, x: i64, y: i64) {
    let (tw, th) = (i64::from(target.width()), i64::from(target.height()));
    let sw = i64::from(sprite.width());
    let src = sprite.data();
    let dst = target.data_mut();
    for sy in 0..i64::from(sprite.height()) {
        let ty = y + sy;
        if ty < 0 || ty >= th {
            continue;
        }
        for sx in 0..sw {
            let tx = x + sx;
            if tx < 0 || tx >= tw {
                continue;
            }
            let s = ((sy * sw + sx) * 4) as usize;
            let alpha = u32::from(src[s + 3]);
            if alpha == 0 {
                continue;
            }
            let d = ((ty * tw + tx) * 4) as usize;
            for k in 0..4 {
                let under = u32::from(dst[d + k]) * (255 - alpha);
                dst[d + k] = (u32::from(src[s + k]) + (under + 127) / 255) as u8;
            }
        }
    }
}
