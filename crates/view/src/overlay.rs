//! Overlays drawn over the board: the help screen and the win banner.

use crate::layout::Layout;
use crate::scene::{Align, Point, Rect, Scene, Shape, Stroke};
use crate::theme::Palette;

/// The help screen's lines: a key and what it does.
pub const HELP: &[(&str, &str)] = &[
    ("Left click", "turn a tile clockwise (one move)"),
    ("Right click", "turn a tile anticlockwise"),
    ("Shift+click", "lock or unlock a tile"),
    ("Arrows / WASD", "move the star along a wire"),
    ("Q E Z C", "move it diagonally (octo)"),
    ("R  /  M", "power radius  /  fog"),
    ("H  /  T", "octo mode  /  next theme"),
    ("U  /  Ctrl+Y", "undo  /  redo"),
    ("N  /  G", "new game  /  watch one being made"),
    ("Tab, Space", "keyboard cursor, turn"),
    ("F1 or ?", "close this help"),
];

const GOAL: &str = "Turn the tiles until every wire meets the star and lights up.";

/// The help overlay, centred on the whole output, scaled to fit it.
pub fn draw_help(scene: &mut Scene, layout: &Layout, palette: &Palette) {
    let (w, h) = (layout.width as f32, layout.height as f32);
    scene.push(Shape::Rect {
        rect: Rect::new(0.0, 0.0, w, h),
        radius: 0.0,
        fill: Some(palette.veil),
        stroke: None,
    });
    let size = (w / 34.0).min(h / 22.0).clamp(7.0, 17.0);
    let line = size * 1.55;
    let box_w = (size * 30.0).min(w - 16.0);
    let box_h = line * (HELP.len() as f32 + 3.2);
    let bx = ((w - box_w) / 2.0).floor();
    let by = ((h - box_h) / 2.0).floor().max(0.0);
    scene.push(Shape::Rect {
        rect: Rect::new(bx, by, box_w, box_h),
        radius: size * 0.8,
        fill: Some(palette.panel),
        stroke: Some(Stroke {
            color: palette.station_edge,
            width: 2.0,
        }),
    });
    let x = bx + size * 1.2;
    let mut y = by + line * 1.2;
    let text = |at: Point, size: f32, color, align, text: &str| Shape::Text {
        at,
        size,
        color,
        align,
        text: text.into(),
        max_width: None,
    };
    scene.push(text(
        Point::new(bx + box_w / 2.0, y),
        size * 1.3,
        palette.text,
        Align::Centre,
        "How to play",
    ));
    y += line;
    scene.push(text(
        Point::new(bx + box_w / 2.0, y),
        size * 0.8,
        palette.text_dim,
        Align::Centre,
        GOAL,
    ));
    y += line * 1.1;
    for (key, what) in HELP {
        scene.push(text(
            Point::new(x, y),
            size,
            palette.station,
            Align::Left,
            key,
        ));
        scene.push(text(
            Point::new(x + size * 9.5, y),
            size,
            palette.text,
            Align::Left,
            what,
        ));
        y += line;
    }
}

/// The win banner, across the board's middle, while the celebration runs.
pub fn draw_win_banner(scene: &mut Scene, layout: &Layout, palette: &Palette) {
    let b = layout.board;
    let size = (b.w / 9.0).clamp(12.0, 48.0);
    let rect = Rect::new(b.x, b.y + b.h / 2.0 - size, b.w, size * 2.0);
    scene.push(Shape::Rect {
        rect,
        radius: 0.0,
        fill: Some(palette.veil),
        stroke: None,
    });
    let c = rect.centre();
    for dx in [-1.0, 1.0] {
        scene.push(Shape::Star {
            centre: Point::new(c.x + dx * size * 3.2, c.y),
            outer: size * 0.55,
            inner: size * 0.25,
            points: 5,
            fill: palette.station,
            stroke: Some(Stroke {
                color: palette.station_edge,
                width: (size / 12.0).max(1.0),
            }),
        });
    }
    scene.push(Shape::Text {
        at: Point::new(c.x, c.y + size * 0.36),
        size,
        color: palette.wire_near,
        align: Align::Centre,
        text: "Solved!".into(),
        max_width: None,
    });
}
