//! Drawing the board: cells, wires (powered ones glowing, brighter near the
//! station), leaf bulbs, the station's star, locks, error marks, fog, the
//! keyboard cursor, the generation demo's colours and a hint's mark.
//!
//! Painted in layers so a glow never covers a neighbour's wire. Everything
//! per tile is looked up with `get`, so a short slice or a board that does
//! not match the layout draws less, never panics.

use crate::animation::{celebration_wave, power_front, turn_offset};
use crate::input::{FrameInput, lit};
use crate::layout::Layout;
use crate::scene::{Color, Point, Scene, Shape, Stroke};
use crate::theme::Palette;
use lightemall_model::{Dir, Tile};
use std::f32::consts::{FRAC_PI_2, TAU};

/// The fog's ellipse: this many tiles around the station stay visible.
pub const FOG_RADIUS: f32 = 8.0;

/// What one tile looks like in this frame.
#[derive(Clone, Copy, Debug)]
struct Look {
    index: usize,
    tile: Tile,
    centre: Point,
    /// Powered wire colour, if powered.
    power: Option<Color>,
    /// Rotation of the drawing in radians (a tile turning).
    angle: f32,
}

/// Shared facts for drawing every tile.
struct Ctx<'a, 'b> {
    input: &'a FrameInput<'b>,
    layout: &'a Layout,
    palette: &'a Palette,
    /// Distance that maps to the dimmest powered colour.
    far: f32,
}

fn tiles_in(input: &FrameInput<'_>, layout: &Layout) -> usize {
    input.board.grid().len().min(layout.grid().len())
}

/// Draw the board of `input` into `scene`.
pub fn draw(scene: &mut Scene, layout: &Layout, input: &FrameInput<'_>, palette: &Palette) {
    // Tiles off the output (a zoomed board) are left out of the Scene.
    let tiles = tiles_in(input, layout);
    let shown: Vec<usize> = layout
        .visible_tiles()
        .into_iter()
        .filter(|&i| i < tiles)
        .collect();
    // Looked for only when a tile shows: a million tiles take a while.
    let far = match (input.radius, shown.is_empty()) {
        (Some(r), _) => r as f32,
        (None, false) => input
            .distance
            .iter()
            .filter_map(|&word| lit(word))
            .max()
            .map_or(1.0, |d| d as f32),
        (None, true) => 1.0,
    }
    .max(1.0);
    let ctx = Ctx {
        input,
        layout,
        palette,
        far,
    };
    let mut hidden = Vec::new();
    let looks: Vec<Look> = shown
        .into_iter()
        .filter(|&i| {
            let seen = !input.fog || layout.in_sight(i, input.station, FOG_RADIUS);
            if !seen {
                hidden.push(i);
            }
            seen
        })
        .map(|i| ctx.look(i))
        .collect();
    ctx.backdrop(scene);
    for &i in &hidden {
        ctx.cell(scene, i, palette.fog);
    }
    for look in &looks {
        ctx.cell(scene, look.index, ctx.cell_color(look));
    }
    ctx.wires(scene, &looks);
    for look in &looks {
        ctx.details(scene, look);
    }
    ctx.barriers(scene, &looks);
    ctx.station(scene);
    ctx.cursor(scene);
    ctx.hint(scene, &looks);
}

fn rotate(v: Point, angle: f32) -> Point {
    if angle == 0.0 {
        return v;
    }
    let (s, c) = angle.sin_cos();
    Point::new(v.x * c - v.y * s, v.x * s + v.y * c)
}

fn add(a: Point, b: Point) -> Point {
    Point::new(a.x + b.x, a.y + b.y)
}

fn scale(v: Point, k: f32) -> Point {
    Point::new(v.x * k, v.y * k)
}

/// The point `k` of the way from `a` to `b`.
fn toward(a: Point, b: Point, k: f32) -> Point {
    Point::new(a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k)
}

/// The point at `radius` from `centre`, `angle` radians clockwise from
/// the right (y grows downward).
fn polar(centre: Point, radius: f32, angle: f32) -> Point {
    let (s, c) = angle.sin_cos();
    Point::new(centre.x + radius * c, centre.y + radius * s)
}

/// The smallest radius of the station's star, in pixels.
const STATION_MIN_RADIUS: f32 = 7.0;
/// How far along each side a hint's corner bracket reaches.
const HINT_BRACKET: f32 = 0.3;
/// The round arrow of a hint: its radius as a share of the tile.
const HINT_ARROW_RADIUS: f32 = 0.3;
/// The opening at the top of the round arrow, where its head points.
const HINT_ARROW_GAP: f32 = 1.4;
/// Tiles smaller than this many pixels get the brackets alone.
const HINT_ARROW_MIN_CELL: f32 = 16.0;

impl Ctx<'_, '_> {
    fn look(&self, index: usize) -> Look {
        let topology = self.layout.grid().topology();
        let step = std::f32::consts::TAU / f32::from(topology.direction_count());
        Look {
            index,
            tile: self
                .input
                .board
                .tiles()
                .get(index)
                .copied()
                .unwrap_or_default(),
            centre: self.layout.centre(index),
            power: self.power_color(index),
            angle: turn_offset(&self.input.animation, index) * step,
        }
    }

    fn power_color(&self, index: usize) -> Option<Color> {
        let input = self.input;
        let d = input.distance.get(index).copied().and_then(lit)?;
        let within = input.radius.is_none_or(|r| d <= r);
        let reached = power_front(&input.animation).is_none_or(|front| d as f32 <= front);
        if !(within && reached) {
            return None;
        }
        let p = self.palette;
        let color = p.wire_near.mix(p.wire_far, d as f32 / self.far);
        Some(match celebration_wave(&input.animation) {
            Some(wave) => {
                let near = 1.0 - ((d as f32 - wave).abs() / 2.0).min(1.0);
                color.mix(Color::hex(0xffffff), near * 0.85)
            }
            None => color,
        })
    }

    fn wire_width(&self, powered: bool) -> f32 {
        let k = if powered { 0.16 } else { 0.11 };
        self.snapped_width(k * self.layout.wire_scale())
    }

    /// `k` of a tile's width. On tiles of 12 pixels or more, an even number
    /// of pixels: wires centred on whole pixels then have whole-pixel edges,
    /// crisp (and the renderer's fast path).
    fn snapped_width(&self, k: f32) -> f32 {
        let w = self.layout.cell * k;
        if self.layout.cell >= 12.0 {
            (2.0 * (w / 2.0).round()).max(2.0)
        } else {
            w.max(1.0)
        }
    }

    fn backdrop(&self, scene: &mut Scene) {
        let b = self.layout.board;
        let pad = (self.layout.cell * 0.08).clamp(1.0, 6.0);
        scene.push(Shape::Rect {
            rect: crate::scene::Rect::new(b.x - pad, b.y - pad, b.w + 2.0 * pad, b.h + 2.0 * pad),
            radius: pad * 1.5,
            fill: Some(self.palette.grid),
            stroke: None,
        });
    }

    fn cell_color(&self, look: &Look) -> Color {
        let p = self.palette;
        let h = &self.input.highlights;
        if h.processing == Some(look.index) {
            p.processing
        } else if h.frontier.iter().any(|&f| f as usize == look.index) {
            p.frontier.mix(p.cell, 0.25)
        } else if look.power.is_some() {
            p.cell_lit
        } else {
            p.cell
        }
    }

    fn cell(&self, scene: &mut Scene, index: usize, fill: Color) {
        let gap = (self.layout.cell * 0.035).clamp(0.5, 2.0);
        let points = self.layout.outline(index, gap);
        // Square cells as whole-pixel rectangles: crisp, and the fast path.
        let shape = match crate::layout::square_cell(&points) {
            Some(rect) => Shape::Rect {
                rect,
                radius: 0.0,
                fill: Some(fill),
                stroke: None,
            },
            None => Shape::Polygon {
                points,
                fill: Some(fill),
                stroke: None,
            },
        };
        scene.push(shape);
    }

    /// The ends of each wire of a tile, from its centre; with `open_only`,
    /// only of wires toward a neighbour (not off the board or into a
    /// barrier).
    fn wire_ends(&self, look: &Look, open_only: bool) -> Vec<Point> {
        let topology = self.layout.grid().topology();
        let board = self.input.board;
        let open = if open_only && look.index < board.grid().len() {
            board.open_directions(look.index)
        } else {
            u8::MAX
        };
        topology
            .directions()
            .filter(|&d| look.tile.has(d) && open & d.bit() != 0)
            .map(|d: Dir| {
                let v = rotate(self.layout.wire_vector(look.index, d), look.angle);
                add(look.centre, v)
            })
            .collect()
    }

    fn wires(&self, scene: &mut Scene, looks: &[Look]) {
        let p = self.palette;
        if p.glow.a > 0 && self.layout.cell >= 8.0 {
            // Opaque, premixed over the lit cell: overlaps never blend twice.
            let glow = p
                .cell_lit
                .mix(p.glow.with_alpha(255), f32::from(p.glow.a) / 255.0);
            // No glow off the board: a wire pointing out of it (a diagonal
            // one ends on the board's edge) would spill it outside.
            for look in looks.iter().filter(|l| l.power.is_some()) {
                let width = self.snapped_width(0.16 * 2.4);
                let ends = self.wire_ends(look, true);
                self.spokes(scene, look, ends, Stroke { color: glow, width });
            }
        }
        if let Some(edge) = p.wire_edge {
            for look in looks {
                let width =
                    self.wire_width(look.power.is_some()) + (self.layout.cell * 0.06).max(1.0);
                self.strokes(scene, look, Stroke { color: edge, width });
            }
        }
        for look in looks {
            let color = look.power.unwrap_or(p.wire_off);
            let width = self.wire_width(look.power.is_some());
            self.strokes(scene, look, Stroke { color, width });
        }
    }

    /// The wires of a tile as one shape.
    fn strokes(&self, scene: &mut Scene, look: &Look, stroke: Stroke) {
        let ends = self.wire_ends(look, false);
        self.spokes(scene, look, ends, stroke);
    }

    /// Wires from a tile's centre to `ends`, with a joint where they bend.
    fn spokes(&self, scene: &mut Scene, look: &Look, ends: Vec<Point>, stroke: Stroke) {
        let c = look.centre;
        // One wire ends under a lamp or the star; two in a line need no joint.
        let bends = match ends.as_slice() {
            [a, b] => (a.x + b.x - 2.0 * c.x).abs() > 0.01 || (a.y + b.y - 2.0 * c.y).abs() > 0.01,
            ends => ends.len() > 2,
        };
        if ends.is_empty() {
            return;
        }
        scene.push(Shape::Spokes {
            centre: c,
            ends,
            stroke,
        });
        if !bends {
            return;
        }
        // A round joint where wires meet (colours are opaque: no double blend).
        scene.push(Shape::Circle {
            centre: look.centre,
            radius: stroke.width / 2.0,
            fill: Some(stroke.color),
            stroke: None,
        });
    }

    fn details(&self, scene: &mut Scene, look: &Look) {
        let is_station = look.index == self.input.station;
        if look.tile.degree() == 1 && !is_station {
            self.bulb(scene, look);
        } else if let (Some(pad), true) = (self.palette.pad, look.tile.degree() >= 2) {
            let r = self.wire_width(look.power.is_some()) * 0.85;
            scene.push(Shape::Circle {
                centre: look.centre,
                radius: r,
                fill: Some(pad),
                stroke: None,
            });
        }
        if self.input.locked.get(look.index).copied().unwrap_or(false) {
            self.lock(scene, look.index);
        }
        if let Some(&mask) = self.input.errors.get(look.index) {
            self.error_marks(scene, look, mask);
        }
    }

    /// Walls between tiles, each drawn once (from the tile it faces
    /// forward), except across the seam of a wrapping board, where the two
    /// tiles it parts are shown apart: there it is drawn beside both.
    fn barriers(&self, scene: &mut Scene, looks: &[Look]) {
        let board = self.input.board;
        let topology = self.layout.grid().topology();
        let stroke = Stroke {
            color: self.palette.barrier,
            width: (self.layout.cell * 0.09).max(1.5),
        };
        for look in looks.iter().filter(|l| l.index < board.grid().len()) {
            let mask = board.barrier_mask(look.index);
            let drawn_here = |d: &Dir| {
                topology.forward_directions().any(|f| f == *d)
                    || self.layout.crosses_seam(look.index, *d)
            };
            for d in topology
                .directions()
                .filter(|d| mask & d.bit() != 0)
                .filter(drawn_here)
            {
                let (a, b) = self.layout.side(look.index, d);
                scene.push(Shape::Line {
                    points: vec![a, b],
                    stroke,
                    round: true,
                });
            }
        }
    }

    /// A leaf tile's end: a lamp, lit or not.
    fn bulb(&self, scene: &mut Scene, look: &Look) {
        let p = self.palette;
        let r = (self.layout.cell * 0.17).max(1.0);
        let (fill, edge) = match look.power {
            Some(c) => (c, p.background),
            None => (p.cell, p.wire_off),
        };
        let width = (self.layout.cell * 0.05).max(0.75);
        scene.push(Shape::Circle {
            centre: look.centre,
            radius: r,
            fill: Some(fill),
            stroke: Some(Stroke { color: edge, width }),
        });
    }

    /// A frame inside the tile: a shape, not only a colour.
    fn lock(&self, scene: &mut Scene, index: usize) {
        let cell = self.layout.cell;
        let width = (cell * 0.05).max(1.0);
        scene.push(Shape::Polygon {
            points: self.layout.outline(index, cell * 0.07 + width / 2.0),
            fill: None,
            stroke: Some(Stroke {
                color: self.palette.lock,
                width,
            }),
        });
    }

    /// A cross on each wire end in error, near the end, on a dark disc:
    /// one for a wire off the board or at a tile that does not answer, one
    /// for a link of two tiles on a loop (drawn by the tile first in
    /// row-major order), so a 4-tile loop has 4 crosses, not 8.
    fn error_marks(&self, scene: &mut Scene, look: &Look, mask: u8) {
        let cell = self.layout.cell;
        let arm = cell * 0.09;
        let width = (cell * 0.045).max(1.0);
        for d in self
            .layout
            .grid()
            .topology()
            .directions()
            .filter(|&d| mask & d.bit() != 0 && self.owns_mark(look.index, d))
        {
            let v = rotate(self.layout.wire_vector(look.index, d), look.angle);
            let at = add(look.centre, scale(v, 0.72));
            scene.push(Shape::Circle {
                centre: at,
                radius: arm * 1.6,
                fill: Some(self.palette.background),
                stroke: Some(Stroke {
                    color: self.palette.error,
                    width: width * 0.6,
                }),
            });
            for (dx, dy) in [(arm, arm), (arm, -arm)] {
                scene.push(Shape::Line {
                    points: vec![
                        Point::new(at.x - dx, at.y - dy),
                        Point::new(at.x + dx, at.y + dy),
                    ],
                    stroke: Stroke {
                        color: self.palette.error,
                        width,
                    },
                    round: true,
                });
            }
        }
    }

    /// Whether tile `i` draws the mark of its wire toward `d`: always,
    /// unless the wire links to a tile earlier in row-major order whose
    /// wire back is marked too (that tile draws the link's one cross).
    fn owns_mark(&self, i: usize, d: Dir) -> bool {
        let board = self.input.board;
        let back = board.grid().topology().opposite(d);
        !board.linked(i, d).is_some_and(|j| {
            j < i
                && self
                    .input
                    .errors
                    .get(j)
                    .is_some_and(|m| m & back.bit() != 0)
        })
    }

    fn station(&self, scene: &mut Scene) {
        let station = self.input.station;
        if station >= tiles_in(self.input, self.layout) {
            return;
        }
        let cell = self.layout.cell;
        // Small enough that the station's wires show around it (as Net's
        // box), and clear of error crosses; on tiny tiles (a huge board) it
        // stays big enough to find.
        let outer = (cell * 0.2).max(STATION_MIN_RADIUS);
        scene.push(Shape::Star {
            centre: self.layout.centre(station),
            outer,
            inner: outer * 0.46,
            points: 5,
            fill: self.palette.station,
            stroke: Some(Stroke {
                color: self.palette.station_edge,
                width: (cell * 0.06).max(1.0),
            }),
        });
    }

    /// A hint's mark on its tile, if the tile is shown (not off the
    /// output, not in fog, not while paused): corner brackets, and a round
    /// arrow the way to turn it. Each is drawn over a rim of the
    /// background's colour, so it reads over lit wires too.
    fn hint(&self, scene: &mut Scene, looks: &[Look]) {
        let Some(mark) = self.input.highlights.hint else {
            return;
        };
        let Some(look) = looks.iter().find(|l| l.index == mark.tile) else {
            return;
        };
        let cell = self.layout.cell;
        let width = (cell * 0.08).max(2.0);
        self.forcing(scene, looks, width / 2.0);
        let brackets = self.hint_brackets(look.index, width);
        let arrow = (cell >= HINT_ARROW_MIN_CELL)
            .then(|| HintArrow::new(look.centre, cell, mark.clockwise));
        let rim = (cell * 0.05).max(2.0);
        for (color, extra) in [(self.palette.background, rim), (self.palette.hint, 0.0)] {
            let line = |points: &Vec<Point>, width: f32| Shape::Line {
                points: points.clone(),
                stroke: Stroke {
                    color,
                    width: width + extra,
                },
                round: true,
            };
            for points in &brackets {
                scene.push(line(points, width));
            }
            if let Some(arrow) = &arrow {
                scene.push(line(&arrow.arc, arrow.width));
                scene.push(Shape::Polygon {
                    points: arrow.head.clone(),
                    fill: Some(color),
                    stroke: (extra > 0.0).then_some(Stroke {
                        color,
                        width: extra,
                    }),
                });
            }
        }
    }

    /// The tiles that force a hint, outlined in the hint's colour (those
    /// shown; a thinner line than the brackets, inside the tile).
    fn forcing(&self, scene: &mut Scene, looks: &[Look], width: f32) {
        for &tile in self.input.highlights.forcing {
            if looks.iter().any(|l| l.index == tile as usize) {
                scene.push(Shape::Polygon {
                    points: self.layout.outline(tile as usize, width * 2.0),
                    fill: None,
                    stroke: Some(Stroke {
                        color: self.palette.hint,
                        width,
                    }),
                });
            }
        }
    }

    /// At each corner of the tile, an L (a V on a hexagon) along its sides.
    fn hint_brackets(&self, index: usize, width: f32) -> Vec<Vec<Point>> {
        let outline = self.layout.outline(index, width);
        let n = outline.len();
        (0..n)
            .map(|i| {
                let corner = outline[i];
                let before = outline[(i + n - 1) % n];
                let after = outline[(i + 1) % n];
                vec![
                    toward(corner, before, HINT_BRACKET),
                    corner,
                    toward(corner, after, HINT_BRACKET),
                ]
            })
            .collect()
    }

    fn cursor(&self, scene: &mut Scene) {
        let Some(index) = self
            .input
            .ui
            .cursor
            .filter(|&c| c < tiles_in(self.input, self.layout))
        else {
            return;
        };
        let width = (self.layout.cell * 0.07).max(2.0);
        scene.push(Shape::Polygon {
            points: self.layout.outline(index, width / 2.0),
            fill: None,
            stroke: Some(Stroke {
                color: self.palette.cursor,
                width,
            }),
        });
    }
}

/// A round arrow about a tile's centre the way it turns, as a clock's
/// hand would go for clockwise: most of a circle, open at the top, and a
/// head at its end pointing into the gap (↻; its mirror image ↺ for
/// anticlockwise).
struct HintArrow {
    arc: Vec<Point>,
    width: f32,
    head: Vec<Point>,
}

impl HintArrow {
    fn new(centre: Point, cell: f32, clockwise: bool) -> HintArrow {
        const STEPS: usize = 24;
        let radius = cell * HINT_ARROW_RADIUS;
        let way = if clockwise { 1.0 } else { -1.0 };
        // From beside the top, round the far side, to the top's other side.
        let from = -FRAC_PI_2 + way * HINT_ARROW_GAP / 2.0;
        let sweep = TAU - HINT_ARROW_GAP;
        let at = |k: usize| from + way * sweep * k as f32 / STEPS as f32;
        let arc = (0..=STEPS).map(|k| polar(centre, radius, at(k))).collect();
        let end = at(STEPS);
        let base = polar(centre, radius, end);
        // Along the way of the turn, and out from the centre.
        let ahead = Point::new(-end.sin() * way, end.cos() * way);
        let out = Point::new(end.cos(), end.sin());
        let (length, half) = (cell * 0.2, cell * 0.12);
        let head = vec![
            add(base, scale(ahead, length)),
            add(base, scale(out, half)),
            add(base, scale(out, -half)),
        ];
        HintArrow {
            arc,
            width: (cell * 0.06).max(1.5),
            head,
        }
    }
}
