//! Overlays drawn over the board: the help screen, the win banner and a
//! notice (a message for the player, on one line or two).

use crate::chart::{Chart, draw_chart};
use crate::input::WinSummary;
use crate::layout::{Layout, MARGIN, NOTICE_LINES};
use crate::measure::{text_width, wrap};
use crate::scene::{Align, Point, Rect, Scene, Shape, Stroke};
use crate::theme::Palette;
use lightemall_model::format::minutes_seconds;
use lightemall_model::one_line;

/// The help screen's lines: a key and what it does.
pub const HELP: &[(&str, &str)] = &[
    ("Left click", "turn a tile clockwise (one move)"),
    ("Right click", "turn a tile anticlockwise"),
    ("Shift+click", "lock or unlock a tile (or middle)"),
    ("Arrows / WASD", "move the star along a wire"),
    ("Q E Z C", "move it diagonally (octo)"),
    ("R / M / H / T", "radius / fog / octo mode / theme"),
    ("U, Ctrl+Z / Ctrl+R", "undo / restart (moves stay counted)"),
    ("Shift+U, Ctrl+Y", "redo"),
    (
        "K  /  Shift+K  /  Y",
        "checkpoint  /  back to it  /  keep the branch",
    ),
    ("Ctrl+H / Ctrl+K", "hint (not scored)  /  check the locks"),
    ("Ctrl+Shift+H", "solve it (press twice; not scored)"),
    ("P  /  J", "pause  /  jumble the tiles"),
    ("N  /  G  /  B", "new game  /  watch one made  /  scores"),
    ("Ctrl+S  /  L, Ctrl+O", "save  /  load the saved game"),
    (
        "Ctrl+C  /  Ctrl+D",
        "copy the ID or a win's proof  /  the daily",
    ),
    ("Wheel  /  + -", "zoom (drag with right button: pan)"),
    ("PgUp/Dn Home/End", "move a page (Shift+arrows: a step)"),
    (
        "F  /  V  /  I",
        "fit the board  /  to the star  /  the hint",
    ),
    ("Tab", "arrows move a cursor, not the star"),
    ("Space, Enter  /  X", "turn the cursor's tile  /  lock it"),
    ("Backspace", "turn the cursor's tile back"),
    ("Ctrl+I  /  Ctrl+V", "play a puzzle by its ID  /  pasted"),
    ("Ctrl+T", "the lessons: three tiny puzzles that teach"),
    ("Esc  /  F1 or ?", "quit, the game kept  /  close this help"),
];

const GOAL: &str = "Turn the tiles until every wire meets the star and lights up.";

/// Space between a notice's edge and its text.
const NOTICE_PAD: f32 = 12.0;
/// The narrowest notice drawn; in a smaller output none is.
const NOTICE_MIN_WIDTH: f32 = 48.0;
/// The most characters of a notice that reach the Scene (the renderer
/// cuts the line to the width shown, but need not measure a huge one).
const NOTICE_MAX_CHARS: usize = 300;
/// A notice's font size on one line.
const NOTICE_SIZE: f32 = 14.0;
/// Its font size on two lines, and the step between their baselines.
const NOTICE_SMALL_SIZE: f32 = 13.0;
const NOTICE_LINE_STEP: f32 = 15.0;

/// The help screen's font size for an output of `w` x `h` pixels: the
/// box, its title, goal and every line of [`HELP`], fits the height.
fn help_size(w: f32, h: f32) -> f32 {
    let lines = HELP.len() as f32 + 3.2;
    (w / 35.0)
        .min(h / (help_line(lines) + 2.0))
        .clamp(7.0, 17.0)
}

/// The help screen's line pitch for a font size.
fn help_line(size: f32) -> f32 {
    size * 1.55
}

/// Where the help screen's box goes, centred on the output.
pub fn help_box(layout: &Layout) -> Rect {
    let (w, h) = (layout.width as f32, layout.height as f32);
    let size = help_size(w, h);
    let box_w = (size * 31.0).min(w - 16.0);
    let box_h = help_line(size) * (HELP.len() as f32 + 3.2);
    let bx = ((w - box_w) / 2.0).floor();
    let by = ((h - box_h) / 2.0).floor().max(0.0);
    Rect::new(bx, by, box_w, box_h)
}

/// The help overlay, centred on the whole output, scaled to fit it.
pub fn draw_help(scene: &mut Scene, layout: &Layout, palette: &Palette) {
    let (w, h) = (layout.width as f32, layout.height as f32);
    scene.push(Shape::Rect {
        rect: Rect::new(0.0, 0.0, w, h),
        radius: 0.0,
        fill: Some(palette.veil),
        stroke: None,
    });
    let size = help_size(w, h);
    let line = help_line(size);
    let area = help_box(layout);
    let (bx, by, box_w) = (area.x, area.y, area.w);
    scene.push(Shape::Rect {
        rect: area,
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
            Point::new(x + size * 10.3, y),
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
    let (rect, size) = banner(scene, layout, palette);
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

/// The band across the middle of the board's part of the window that
/// the win and pause banners are drawn on (veiled); the band and the
/// text size that fits it.
fn banner(scene: &mut Scene, layout: &Layout, palette: &Palette) -> (Rect, f32) {
    let top = layout.panel.map_or(0.0, |panel| panel.y + panel.h);
    let (w, h) = (layout.width as f32, layout.height as f32);
    let b = layout.board;
    // A zoomed board may reach past the window: the band stays in sight.
    let (x0, x1) = (b.x.max(0.0), (b.x + b.w).min(w));
    let floor = h - layout.notice_strip().map_or(0.0, |strip| strip.h);
    let (y0, y1) = (b.y.max(top), (b.y + b.h).min(floor));
    let size = ((x1 - x0) / 9.0).clamp(12.0, 48.0);
    let rect = Rect::new(x0, (y0 + y1) / 2.0 - size, x1 - x0, size * 2.0);
    scene.push(Shape::Rect {
        rect,
        radius: 0.0,
        fill: Some(palette.veil),
        stroke: None,
    });
    (rect, size)
}

/// The lines of a won game's summary: time, moves, par, efficiency,
/// whether it is a new best, and the line to share it by.
///
/// ```
/// use lightemall_view::{WinSummary, win_lines};
/// let share = "LightEmAll · square 7x7 easy · 1:05 · 24 moves, par 18".to_string();
/// let proof = format!("LEA1-{}", "x".repeat(400));
/// let win = WinSummary { seconds: 65, moves: 24, par: Some(18), new_best: Some(true), share, proof };
/// assert_eq!(win_lines(&win)[1], "time 1:05 · moves 24 · par 18 · efficiency 75%");
/// assert_eq!(win_lines(&win)[3], win.share);
/// assert_eq!(
///     win_lines(&win)[4],
///     "proof LEA1-xxxxxxxxxxxxxxxxxxxx… (405 characters) · Ctrl+C copies both"
/// );
/// let solved = WinSummary { moves: 1, new_best: None, ..win };
/// assert_eq!(win_lines(&solved)[1], "time 1:05 · moves 1 · par 18");
/// ```
pub fn win_lines(win: &WinSummary) -> Vec<String> {
    let time = minutes_seconds(win.seconds);
    let mut figures = format!("time {time} · moves {}", win.moves);
    if let Some(par) = win.par {
        figures.push_str(&format!(" · par {par}"));
        // Only for a game played by hand (Solve makes one move); a par
        // that is only a bound can be beaten: 100% at most.
        if win.moves > 0 && win.new_best.is_some() {
            let efficiency = (par as f64 / win.moves as f64 * 100.0).round().min(100.0);
            figures.push_str(&format!(" · efficiency {efficiency}%"));
        }
    }
    let record = match win.new_best {
        Some(true) => "A new best time for this kind of puzzle!",
        Some(false) => "Recorded among your results.",
        None => "Not recorded: a hint or Solve helped.",
    };
    vec![
        "Solved!".to_string(),
        figures,
        record.to_string(),
        win.share.clone(),
        proof_line(&win.proof),
        "N new game · B scores · any other key goes on".to_string(),
    ]
}

/// How many characters of a proof code the summary shows.
const PROOF_SHOWN: usize = 25;

/// The summary's line for a proof code: its start, its length.
fn proof_line(proof: &str) -> String {
    let shown: String = proof.chars().take(PROOF_SHOWN).collect();
    let length = proof.chars().count();
    let cut = if length > PROOF_SHOWN { "…" } else { "" };
    format!("proof {shown}{cut} ({length} characters) · Ctrl+C copies both")
}

/// The box a summary or a text screen stands in: the panel's colour, a
/// rounded border in the station's.
fn push_box(scene: &mut Scene, area: Rect, palette: &Palette) {
    scene.push(Shape::Rect {
        rect: area,
        radius: 10.0,
        fill: Some(palette.panel),
        stroke: Some(Stroke {
            color: palette.station_edge,
            width: 2.0,
        }),
    });
}

/// A won game's summary, in a box over the middle of the board's part of
/// the window.
pub fn draw_win_summary(scene: &mut Scene, layout: &Layout, palette: &Palette, win: &WinSummary) {
    let (w, h) = (layout.width as f32, layout.height as f32);
    let top = layout.panel.map_or(0.0, |panel| panel.y + panel.h);
    // Wide enough for a share line at the window's smallest width.
    let box_w = (w - 2.0 * MARGIN).min(620.0);
    let box_h = 178.0;
    let x = ((w - box_w) / 2.0).floor();
    let y = ((top + h - box_h) / 2.0).floor().max(top);
    let area = Rect::new(x, y, box_w, box_h);
    push_box(scene, area, palette);
    let sizes = [26.0, 15.0, 15.0, 12.0, 12.0, 12.0];
    let colors = [
        palette.wire_near,
        palette.text,
        palette.text,
        palette.text,
        palette.text,
        palette.text_dim,
    ];
    let baselines = [38.0, 66.0, 90.0, 116.0, 138.0, 164.0];
    for (i, line) in win_lines(win).into_iter().enumerate() {
        scene.push(Shape::Text {
            at: Point::new(x + box_w / 2.0, y + baselines[i]),
            size: sizes[i],
            color: colors[i],
            align: Align::Centre,
            text: line,
            max_width: Some(box_w - 24.0),
        });
    }
}

/// The height of a text screen's chart, shown where the output has room
/// for it and a few lines.
const SCREEN_CHART_H: f32 = 200.0;

/// A screen of text over the whole output (the scores): a veil, a box,
/// `title` and `lines`, each cut to the box's width; as many lines as
/// fit; under them `chart`, where there is room for it.
pub fn draw_text_screen(
    scene: &mut Scene,
    layout: &Layout,
    palette: &Palette,
    title: &str,
    lines: &[String],
    chart: Option<&Chart>,
) {
    let (w, h) = (layout.width as f32, layout.height as f32);
    scene.push(Shape::Rect {
        rect: Rect::new(0.0, 0.0, w, h),
        radius: 0.0,
        fill: Some(palette.veil),
        stroke: None,
    });
    let line = 22.0;
    let room = h - 2.0 * MARGIN - 3.0 * line;
    let chart = chart.filter(|_| room - SCREEN_CHART_H >= 4.0 * line);
    let chart_h = if chart.is_some() { SCREEN_CHART_H } else { 0.0 };
    let fit = ((room - chart_h) / line).max(0.0) as usize;
    let shown = &lines[..lines.len().min(fit)];
    let box_w = (w - 2.0 * MARGIN).min(640.0);
    let box_h = line * (shown.len() as f32 + 2.6) + chart_h;
    let area = Rect::new(
        ((w - box_w) / 2.0).floor(),
        ((h - box_h) / 2.0).floor().max(0.0),
        box_w,
        box_h,
    );
    push_box(scene, area, palette);
    scene.push(Shape::Text {
        at: Point::new(area.x + 20.0, area.y + line * 1.3),
        size: 18.0,
        color: palette.wire_near,
        align: Align::Left,
        text: title.to_string(),
        max_width: Some(box_w - 40.0),
    });
    for (i, text) in shown.iter().enumerate() {
        let indented = text.starts_with(' ');
        scene.push(Shape::Text {
            at: Point::new(
                area.x + if indented { 36.0 } else { 20.0 },
                area.y + line * (i as f32 + 2.4),
            ),
            size: if indented { 13.0 } else { 14.0 },
            color: if indented {
                palette.text_dim
            } else {
                palette.text
            },
            align: Align::Left,
            text: text.trim_start().to_string(),
            max_width: Some(box_w - 56.0),
        });
    }
    if let Some(chart) = chart {
        let top = area.y + line * (shown.len() as f32 + 2.0);
        let bounds = Rect::new(area.x + 8.0, top, box_w - 16.0, chart_h);
        draw_chart(scene, palette, bounds, chart);
    }
}

/// A status line (`lit 12/25`, as Net shows it) at the right of a
/// window's notice strip; nothing on a layout without one.
pub fn draw_status(scene: &mut Scene, layout: &Layout, palette: &Palette, text: &str) {
    let Some(strip) = layout.notice_strip() else {
        return;
    };
    scene.push(Shape::Text {
        at: Point::new(strip.x + strip.w - MARGIN, strip.y + strip.h / 2.0 + 5.0),
        size: 13.0,
        color: palette.text_dim,
        align: Align::Right,
        text: text.to_string(),
        max_width: Some(strip.w / 3.0),
    });
}

/// Two lines of caption in a window's notice strip (the generation
/// demo's: what it shows, its speed, its keys); nothing on a layout
/// without one.
pub fn draw_caption(scene: &mut Scene, layout: &Layout, palette: &Palette, lines: &[String; 2]) {
    let Some(strip) = layout.notice_strip() else {
        return;
    };
    for (i, line) in lines.iter().enumerate() {
        scene.push(Shape::Text {
            at: Point::new(strip.x + strip.w / 2.0, strip.y + 12.0 + 14.0 * i as f32),
            size: 11.0,
            color: if i == 0 {
                palette.text
            } else {
                palette.text_dim
            },
            align: Align::Centre,
            text: line.clone(),
            max_width: Some(strip.w - 2.0 * MARGIN),
        });
    }
}

/// The pause banner: the board is hidden, and this says why and how to
/// go on.
pub fn draw_paused_banner(scene: &mut Scene, layout: &Layout, palette: &Palette) {
    let (rect, size) = banner(scene, layout, palette);
    let c = rect.centre();
    let size = size * 0.75;
    scene.push(Shape::Text {
        at: Point::new(c.x, c.y + size * 0.36),
        size,
        color: palette.text,
        align: Align::Centre,
        text: "Paused · P to go on".into(),
        max_width: Some(rect.w - 8.0),
    });
}

/// A notice: `text` (control characters shown escaped) in a box of the
/// panel's colour with the help screen's outline, on one line, or on two
/// in a smaller size where one is too narrow for it (up to
/// [`NOTICE_LINES`]); a renderer cuts what they cannot hold with an ellipsis. Nothing on an output too small
/// to hold it, or for a blank text.
pub fn draw_notice(scene: &mut Scene, layout: &Layout, text: &str, palette: &Palette) {
    let Some((area, size, lines)) = notice_lines(layout, text) else {
        return;
    };
    scene.push(Shape::Rect {
        rect: area,
        radius: 7.0,
        fill: Some(palette.panel),
        stroke: Some(Stroke {
            color: palette.station_edge,
            width: 1.5,
        }),
    });
    let centre = area.centre();
    let first = match lines.len() {
        1 => centre.y + 5.0,
        _ => area.y + 16.0,
    };
    for (row, line) in lines.into_iter().enumerate() {
        scene.push(Shape::Text {
            at: Point::new(centre.x, first + NOTICE_LINE_STEP * row as f32),
            size,
            color: palette.text,
            align: Align::Centre,
            text: line,
            max_width: Some(area.w - 2.0 * NOTICE_PAD),
        });
    }
}

/// Where the notice `text` shows, if it does: its box, its font size and
/// its lines.
fn notice_lines(layout: &Layout, text: &str) -> Option<(Rect, f32, Vec<String>)> {
    let area = layout.notice_area();
    if area.w.is_nan() || area.w < NOTICE_MIN_WIDTH || text.trim().is_empty() {
        return None;
    }
    let text = one_line(text, NOTICE_MAX_CHARS);
    let room = area.w - 2.0 * NOTICE_PAD;
    if text_width(NOTICE_SIZE, &text) <= room {
        return Some((area, NOTICE_SIZE, vec![text]));
    }
    let lines = wrap(&text, NOTICE_SMALL_SIZE, room, NOTICE_LINES);
    Some((
        layout.notice_area_for(lines.len()),
        NOTICE_SMALL_SIZE,
        lines,
    ))
}

/// The box the notice `text` takes, if it shows.
pub fn notice_box(layout: &Layout, text: &str) -> Option<Rect> {
    notice_lines(layout, text).map(|(area, _, _)| area)
}
