//! A chart of the last results, as a [`Scene`]: the time of each game as a
//! bar, and below it the moves of each game as a bar with its par as a
//! line across it, oldest on the left. The scores screen and `lightemall
//! scores --plot` draw the same one.

use crate::scene::{Align, Color, Point, Rect, Scene, Shape, Stroke};
use crate::theme::{Palette, Theme};
use std::time::Duration;

/// One result on the chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartPoint {
    /// What the result is called under its bar (a date, or the game's number).
    pub label: String,
    /// Playing time.
    pub time: Duration,
    /// Moves made.
    pub moves: u64,
    /// The fewest moves that solve it, if known.
    pub par: Option<u64>,
}

/// What a chart shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chart {
    /// The heading.
    pub title: String,
    /// The results, oldest first.
    pub points: Vec<ChartPoint>,
}

const PAD: f32 = 12.0;
const TITLE: f32 = 16.0;
const LABEL: f32 = 11.0;

/// The chart laid out on a `width` x `height` image in `theme`'s colours.
pub fn chart_scene(chart: &Chart, theme: Theme, width: u32, height: u32) -> Scene {
    let palette = theme.palette();
    let mut scene = Scene::new(width, height, palette.background);
    let bounds = Rect::new(0.0, 0.0, width as f32, height as f32);
    draw_chart(&mut scene, palette, bounds, chart);
    scene
}

/// The chart drawn within `bounds` of `scene` (the scores screen's box,
/// or a whole image).
pub fn draw_chart(scene: &mut Scene, palette: &Palette, bounds: Rect, chart: &Chart) {
    let (x0, y0, w, h) = (bounds.x, bounds.y, bounds.w, bounds.h);
    let at = Point::new(x0 + PAD, y0 + PAD + TITLE);
    text(scene, palette.text, TITLE, at, &chart.title, w - 2.0 * PAD);
    let top = y0 + PAD * 2.0 + TITLE;
    let labels = LABEL + PAD;
    let panel_h = ((h - (top - y0) - labels - PAD) / 2.0).max(0.0);
    let area = |i: f32| {
        Rect::new(
            x0 + PAD,
            top + i * (panel_h + PAD / 2.0),
            w - 2.0 * PAD,
            panel_h - PAD / 2.0,
        )
    };
    if chart.points.is_empty() {
        let at = Point::new(x0 + w / 2.0, y0 + h / 2.0);
        centred(scene, palette.text_dim, at, "no results yet");
        return;
    }
    let longest = chart
        .points
        .iter()
        .map(|p| p.time)
        .max()
        .unwrap_or_default();
    let most = chart
        .points
        .iter()
        .map(|p| p.moves.max(p.par.unwrap_or(0)))
        .max()
        .unwrap_or(0);
    let times: Vec<f32> = chart
        .points
        .iter()
        .map(|p| ratio(p.time.as_secs_f32(), longest.as_secs_f32()))
        .collect();
    let caption = format!("time per game (longest {})", clock(longest));
    bars(scene, palette, area(0.0), &times, &caption);
    let moves: Vec<f32> = chart
        .points
        .iter()
        .map(|p| ratio(p.moves as f32, most as f32))
        .collect();
    let caption = format!("moves (bars) against par (lines), most {most}");
    let slots = bars(scene, palette, area(1.0), &moves, &caption);
    for (slot, point) in slots.iter().zip(&chart.points) {
        if let Some(par) = point.par {
            par_line(
                scene,
                palette,
                *slot,
                area(1.0),
                ratio(par as f32, most as f32),
            );
        }
    }
    let label_y = top + 2.0 * panel_h + LABEL;
    x_labels(scene, palette, &slots, &chart.points, label_y);
}

fn ratio(value: f32, max: f32) -> f32 {
    if max > 0.0 {
        (value / max).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

fn clock(time: Duration) -> String {
    let tenths = time.as_millis() / 100;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

/// A panel of bars (each `values[i]` of the panel's height) with its
/// caption; the horizontal span of each bar.
fn bars(
    scene: &mut Scene,
    palette: &Palette,
    area: Rect,
    values: &[f32],
    caption: &str,
) -> Vec<(f32, f32)> {
    scene.push(Shape::Rect {
        rect: area,
        radius: 4.0,
        fill: Some(palette.panel),
        stroke: None,
    });
    let inner = Rect::new(
        area.x + 6.0,
        area.y + LABEL + 8.0,
        area.w - 12.0,
        area.h - LABEL - 12.0,
    );
    let at = Point::new(area.x + 6.0, area.y + LABEL + 3.0);
    text(
        scene,
        palette.text_dim,
        LABEL,
        at,
        caption,
        area.w - 6.0 - 2.0 * PAD,
    );
    let slot = inner.w / values.len() as f32;
    let gap = (slot * 0.2).min(6.0);
    let bottom = inner.y + inner.h;
    let mut spans = Vec::with_capacity(values.len());
    for (i, &value) in values.iter().enumerate() {
        let x = inner.x + i as f32 * slot + gap / 2.0;
        let bar_h = (inner.h * value).max(1.0);
        let rect = Rect::new(x, bottom - bar_h, slot - gap, bar_h);
        scene.push(Shape::Rect {
            rect,
            radius: 0.0,
            fill: Some(palette.wire_near),
            stroke: None,
        });
        spans.push((x, slot - gap));
    }
    spans
}

fn par_line(scene: &mut Scene, palette: &Palette, (x, w): (f32, f32), area: Rect, value: f32) {
    let inner_y = area.y + LABEL + 8.0;
    let inner_h = area.h - LABEL - 12.0;
    let y = inner_y + inner_h * (1.0 - value);
    let stroke = Stroke {
        color: palette.station,
        width: 2.0,
    };
    scene.push(Shape::Line {
        points: vec![Point::new(x - 1.0, y), Point::new(x + w + 1.0, y)],
        stroke,
        round: false,
    });
}

/// Labels under the bars: as many as fit without overlapping, the newest
/// always among them.
fn x_labels(
    scene: &mut Scene,
    palette: &Palette,
    spans: &[(f32, f32)],
    points: &[ChartPoint],
    y: f32,
) {
    let widest = points
        .iter()
        .map(|p| p.label.chars().count())
        .max()
        .unwrap_or(1) as f32
        * LABEL
        * 0.62;
    let slot = spans.get(1).map_or(f32::MAX, |s| s.0 - spans[0].0);
    let every = (widest / slot).ceil().max(1.0) as usize;
    let last = points.len() - 1;
    for (i, ((x, w), point)) in spans.iter().zip(points).enumerate() {
        let shown = (last - i).is_multiple_of(every);
        if shown {
            centred_sized(
                scene,
                palette.text_dim,
                LABEL,
                Point::new(x + w / 2.0, y),
                &point.label,
            );
        }
    }
}

fn text(scene: &mut Scene, color: Color, size: f32, at: Point, text: &str, max_width: f32) {
    scene.push(Shape::Text {
        at,
        size,
        color,
        align: Align::Left,
        text: text.to_string(),
        max_width: Some(max_width),
    });
}

fn centred(scene: &mut Scene, color: Color, at: Point, text: &str) {
    centred_sized(scene, color, TITLE, at, text);
}

fn centred_sized(scene: &mut Scene, color: Color, size: f32, at: Point, text: &str) {
    scene.push(Shape::Text {
        at,
        size,
        color,
        align: Align::Centre,
        text: text.to_string(),
        max_width: None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(label: &str, seconds: u64, moves: u64, par: Option<u64>) -> ChartPoint {
        ChartPoint {
            label: label.to_string(),
            time: Duration::from_secs(seconds),
            moves,
            par,
        }
    }

    fn bar_heights(scene: &Scene, palette: &Palette) -> Vec<f32> {
        scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Rect {
                    rect,
                    fill: Some(c),
                    ..
                } if *c == palette.wire_near => Some(rect.h),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn bars_grow_with_time_and_moves_and_par_is_drawn_where_known() {
        let chart = Chart {
            title: "10x10 square, medium".into(),
            points: vec![
                point("1", 30, 20, Some(18)),
                point("2", 60, 40, None),
                point("3", 15, 10, Some(10)),
            ],
        };
        let scene = chart_scene(&chart, Theme::Classic, 480, 320);
        let palette = Theme::Classic.palette();
        let heights = bar_heights(&scene, palette);
        assert_eq!(heights.len(), 6);
        let (times, moves) = heights.split_at(3);
        assert!((times[1] - 2.0 * times[0]).abs() < 0.01, "{times:?}");
        assert!((times[0] - 2.0 * times[2]).abs() < 0.01, "{times:?}");
        assert!((moves[1] - 4.0 * moves[2]).abs() < 0.01, "{moves:?}");
        let par_lines = scene
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Line { .. }))
            .count();
        assert_eq!(par_lines, 2);
    }

    #[test]
    fn labels_that_would_overlap_are_thinned_keeping_the_newest() {
        let points: Vec<ChartPoint> = (1..=30)
            .map(|d| point(&format!("2026-12-{d:02}"), d, d, None))
            .collect();
        let chart = Chart {
            title: "daily".into(),
            points,
        };
        let scene = chart_scene(&chart, Theme::Classic, 480, 320);
        let labels: Vec<&str> = scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text {
                    text,
                    align: Align::Centre,
                    ..
                } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert!(labels.len() < 30 && labels.len() > 2, "{labels:?}");
        assert_eq!(labels.last(), Some(&"2026-12-30"));
    }

    #[test]
    fn an_empty_chart_says_so_and_a_tiny_one_does_not_panic() {
        let empty = Chart {
            title: "daily".into(),
            points: vec![],
        };
        let scene = chart_scene(&empty, Theme::Contrast, 320, 200);
        assert!(scene.dump().contains("no results yet"));
        let one = Chart {
            title: "x".into(),
            points: vec![point("1", 0, 0, Some(0))],
        };
        for (w, h) in [(1, 1), (10, 400), (400, 10)] {
            chart_scene(&one, Theme::Classic, w, h);
        }
    }
}
