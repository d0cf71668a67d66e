//! The Scene: a display list of primitives in pixel coordinates, painted in
//! order. It is plain data, so a renderer needs no game knowledge and tests
//! can snapshot it as text ([`Scene::dump`]).

use std::fmt::{self, Write};

/// An sRGB colour with straight (not premultiplied) alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Opacity, 255 opaque.
    pub a: u8,
}

impl Color {
    /// An opaque colour from `0xRRGGBB`.
    pub const fn hex(rgb: u32) -> Color {
        Color {
            r: (rgb >> 16) as u8,
            g: (rgb >> 8) as u8,
            b: rgb as u8,
            a: 255,
        }
    }

    /// The same colour with opacity `a`.
    pub const fn with_alpha(self, a: u8) -> Color {
        Color { a, ..self }
    }

    /// The colour `t` of the way from `self` to `other` (0 is `self`).
    pub fn mix(self, other: Color, t: f32) -> Color {
        let t = if t.is_finite() {
            t.clamp(0.0, 1.0)
        } else {
            0.0
        };
        let lerp = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        Color {
            r: lerp(self.r, other.r),
            g: lerp(self.g, other.g),
            b: lerp(self.b, other.b),
            a: lerp(self.a, other.a),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)?;
        if self.a != 255 {
            write!(f, "/{:02x}", self.a)?;
        }
        Ok(())
    }
}

/// A point in pixels, x right, y down.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    /// Pixels from the left.
    pub x: f32,
    /// Pixels from the top.
    pub y: f32,
}

impl Point {
    /// A point.
    pub const fn new(x: f32, y: f32) -> Point {
        Point { x, y }
    }
}

/// An axis-aligned rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// Whether `p` lies inside (left and top edges included).
    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x + self.w && p.y < self.y + self.h
    }

    /// Whether the two rectangles share any area.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.x + other.w
            && other.x < self.x + self.w
            && self.y < other.y + other.h
            && other.y < self.y + self.h
    }

    /// The centre.
    pub fn centre(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// An outline: colour and width in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Colour.
    pub color: Color,
    /// Width in pixels.
    pub width: f32,
}

/// How text sits on its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The anchor is the left end of the baseline.
    Left,
    /// The anchor is the middle of the baseline.
    Centre,
    /// The anchor is the right end of the baseline.
    Right,
}

/// One primitive of a scene.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A rectangle with rounded corners (`radius` 0 for sharp ones).
    Rect {
        /// Where.
        rect: Rect,
        /// Corner radius.
        radius: f32,
        /// Fill, if any.
        fill: Option<Color>,
        /// Outline, if any (centred on the edge).
        stroke: Option<Stroke>,
    },
    /// Connected line segments with butt ends and round joins.
    Line {
        /// The points, at least two.
        points: Vec<Point>,
        /// Colour and width.
        stroke: Stroke,
        /// Round ends instead of butt ends.
        round: bool,
    },
    /// Wires from one centre out to each end, as one path with butt ends
    /// (the view puts a round hub on the centre).
    Spokes {
        /// Where the wires meet.
        centre: Point,
        /// The far end of each wire.
        ends: Vec<Point>,
        /// Colour and width.
        stroke: Stroke,
    },
    /// A closed polygon.
    Polygon {
        /// Corners in order.
        points: Vec<Point>,
        /// Fill, if any.
        fill: Option<Color>,
        /// Outline, if any.
        stroke: Option<Stroke>,
    },
    /// A circle.
    Circle {
        /// Centre.
        centre: Point,
        /// Radius.
        radius: f32,
        /// Fill, if any.
        fill: Option<Color>,
        /// Outline, if any.
        stroke: Option<Stroke>,
    },
    /// A star with `points` tips, the first one straight up.
    Star {
        /// Centre.
        centre: Point,
        /// Radius of the tips.
        outer: f32,
        /// Radius of the notches.
        inner: f32,
        /// Number of tips.
        points: u8,
        /// Fill.
        fill: Color,
        /// Outline, if any.
        stroke: Option<Stroke>,
    },
    /// A line of text in the bundled font.
    Text {
        /// Anchor on the baseline.
        at: Point,
        /// Font size in pixels (the em).
        size: f32,
        /// Colour.
        color: Color,
        /// Where the anchor is.
        align: Align,
        /// The text.
        text: String,
        /// The widest it may be drawn, in pixels: a renderer ends a longer
        /// text early with "…" (the view cannot measure text: the renderer
        /// owns the font). `None`: as wide as it is.
        max_width: Option<f32>,
    },
}

/// What to paint: a size, a background, and primitives painted in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The colour under everything.
    pub background: Color,
    /// Primitives, back to front.
    pub shapes: Vec<Shape>,
}

impl Scene {
    /// An empty scene.
    pub fn new(width: u32, height: u32, background: Color) -> Scene {
        Scene {
            width,
            height,
            background,
            shapes: Vec::new(),
        }
    }

    /// Add a primitive on top.
    pub fn push(&mut self, shape: Shape) {
        self.shapes.push(shape);
    }

    /// A plain-text listing, one primitive a line, numbers to one decimal:
    /// stable across platforms, for snapshot tests and debugging.
    pub fn dump(&self) -> String {
        let mut out = format!("scene {}x{} {}\n", self.width, self.height, self.background);
        for shape in &self.shapes {
            dump_shape(&mut out, shape);
            out.push('\n');
        }
        out
    }
}

fn num(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == 0.0 { "0".into() } else { format!("{r}") }
}

fn pt(p: Point) -> String {
    format!("{},{}", num(p.x), num(p.y))
}

fn paint(fill: Option<Color>, stroke: Option<Stroke>) -> String {
    let mut s = String::new();
    if let Some(c) = fill {
        let _ = write!(s, " fill {c}");
    }
    if let Some(k) = stroke {
        let _ = write!(s, " stroke {} {}", k.color, num(k.width));
    }
    s
}

fn points(ps: &[Point]) -> String {
    ps.iter().map(|&p| pt(p)).collect::<Vec<_>>().join(" ")
}

fn dump_shape(out: &mut String, shape: &Shape) {
    let _ = match shape {
        Shape::Rect {
            rect,
            radius,
            fill,
            stroke,
        } => write!(
            out,
            "rect {} {}x{} r{}{}",
            pt(Point::new(rect.x, rect.y)),
            num(rect.w),
            num(rect.h),
            num(*radius),
            paint(*fill, *stroke)
        ),
        Shape::Line {
            points: ps,
            stroke,
            round,
        } => write!(
            out,
            "line {} {}{} {}",
            stroke.color,
            num(stroke.width),
            if *round { " round" } else { "" },
            points(ps)
        ),
        Shape::Spokes {
            centre,
            ends,
            stroke,
        } => write!(
            out,
            "spokes {} {} {} to {}",
            stroke.color,
            num(stroke.width),
            pt(*centre),
            points(ends)
        ),
        Shape::Polygon {
            points: ps,
            fill,
            stroke,
        } => {
            write!(out, "polygon {}{}", points(ps), paint(*fill, *stroke))
        }
        Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => write!(
            out,
            "circle {} r{}{}",
            pt(*centre),
            num(*radius),
            paint(*fill, *stroke)
        ),
        Shape::Star {
            centre,
            outer,
            inner,
            points: n,
            fill,
            stroke,
        } => write!(
            out,
            "star {} {}x{}/{}{}",
            pt(*centre),
            n,
            num(*outer),
            num(*inner),
            paint(Some(*fill), *stroke)
        ),
        Shape::Text {
            at,
            size,
            color,
            align,
            text,
            max_width,
        } => write!(
            out,
            "text {} {} {} {:?} {:?}{}",
            pt(*at),
            num(*size),
            color,
            align,
            text,
            max_width.map_or_else(String::new, |max| format!(" max {}", num(max)))
        ),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_print_as_hex() {
        assert_eq!(Color::hex(0x12ab34).to_string(), "#12ab34");
        assert_eq!(
            Color::hex(0x12ab34).with_alpha(0x80).to_string(),
            "#12ab34/80"
        );
        let mid = Color::hex(0x000000).mix(Color::hex(0xffffff), 0.5);
        assert_eq!(mid, Color::hex(0x808080));
        assert_eq!(
            Color::hex(0).mix(Color::hex(0xffffff), f32::NAN),
            Color::hex(0)
        );
    }

    #[test]
    fn dump_lists_every_primitive() {
        let mut scene = Scene::new(10, 8, Color::hex(0x101010));
        scene.push(Shape::Line {
            points: vec![Point::new(0.0, 0.04), Point::new(5.26, 4.0)],
            stroke: Stroke {
                color: Color::hex(0xffff00),
                width: 2.0,
            },
            round: true,
        });
        scene.push(Shape::Text {
            at: Point::new(1.0, 7.0),
            size: 6.0,
            color: Color::hex(0xffffff),
            align: Align::Left,
            text: "hi".into(),
            max_width: None,
        });
        scene.push(Shape::Text {
            at: Point::new(5.0, 7.0),
            size: 6.0,
            color: Color::hex(0xffffff),
            align: Align::Centre,
            text: "a long line".into(),
            max_width: Some(8.04),
        });
        insta::assert_snapshot!(scene.dump(), @r#"
        scene 10x8 #101010
        line #ffff00 2 round 0,0 5.3,4
        text 1,7 6 #ffffff Left "hi"
        text 5,7 6 #ffffff Centre "a long line" max 8
        "#);
    }
}
