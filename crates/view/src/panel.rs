//! The panel above the board: time, moves, par, radius and difficulty, and
//! the buttons Easy / Medium / Hard / Expert, size, mode, Daily, scores and help,
//! with their hover and pressed states. Geometry is fixed in pixels so hit testing needs no
//! font: the renderer measures text, the panel only places it.

use crate::input::{Button, PanelInfo, UiState};
use crate::scene::{Align, Color, Point, Rect, Scene, Shape, Stroke};
use crate::theme::Palette;

/// The panel's height in pixels.
pub const HEIGHT: f32 = 104.0;
/// The narrowest output that holds the panel.
pub const MIN_WIDTH: f32 = 640.0;

const PAD: f32 = 16.0;
const BUTTON_Y: f32 = 62.0;
const BUTTON_H: f32 = 30.0;

/// Where each button sits in the panel `area`.
pub fn button_rects(area: Rect) -> Vec<(Button, Rect)> {
    let y = area.y + BUTTON_Y;
    // Ends 6 px before the SOLVED badge at the narrowest panel.
    let widths = [46.0, 64.0, 46.0, 56.0, 76.0, 84.0, 50.0];
    let gaps = [0.0, 4.0, 4.0, 4.0, 10.0, 6.0, 6.0];
    let mut x = area.x + PAD;
    let mut out = Vec::with_capacity(Button::ALL.len());
    for (i, (w, gap)) in widths.into_iter().zip(gaps).enumerate() {
        x += gap;
        out.push((Button::ALL[i], Rect::new(x, y, w, BUTTON_H)));
        x += w;
    }
    let help_x = area.x + area.w - PAD - BUTTON_H;
    let scores_x = help_x - 6.0 - BUTTON_H;
    out.push((Button::Scores, Rect::new(scores_x, y, BUTTON_H, BUTTON_H)));
    out.push((Button::Help, Rect::new(help_x, y, BUTTON_H, BUTTON_H)));
    out
}

fn label_of(button: Button, info: &PanelInfo) -> String {
    match button {
        Button::Easy | Button::Medium | Button::Hard | Button::Expert => {
            button.difficulty().map_or("", |(_, label)| label).into()
        }
        Button::Size => info.size.clone(),
        Button::Mode => info.mode.clone(),
        Button::Daily => "Daily".into(),
        Button::Scores => "★".into(),
        Button::Help => "?".into(),
    }
}

fn is_chosen(button: Button, info: &PanelInfo) -> bool {
    match button {
        Button::Daily => info.daily,
        _ => button
            .difficulty()
            .is_some_and(|(name, _)| info.difficulty.eq_ignore_ascii_case(name)),
    }
}

/// Draw the panel into `scene`.
pub fn draw(scene: &mut Scene, area: Rect, info: &PanelInfo, ui: &UiState, palette: &Palette) {
    scene.push(Shape::Rect {
        rect: area,
        radius: 0.0,
        fill: Some(palette.panel),
        stroke: None,
    });
    scene.push(Shape::Line {
        points: vec![
            Point::new(area.x, area.y + area.h - 0.5),
            Point::new(area.x + area.w, area.y + area.h - 0.5),
        ],
        stroke: Stroke {
            color: palette.grid.mix(palette.text_dim, 0.35),
            width: 1.0,
        },
        round: false,
    });
    draw_title(scene, area, palette);
    draw_stats(scene, area, info, palette);
    for (button, rect) in button_rects(area) {
        draw_button(scene, button, rect, info, ui, palette);
    }
    if info.solved {
        draw_solved_badge(scene, area, palette);
    }
}

fn draw_title(scene: &mut Scene, area: Rect, palette: &Palette) {
    scene.push(Shape::Star {
        centre: Point::new(area.x + PAD + 11.0, area.y + 30.0),
        outer: 11.0,
        inner: 4.6,
        points: 5,
        fill: palette.station,
        stroke: Some(Stroke {
            color: palette.station_edge,
            width: 2.0,
        }),
    });
    scene.push(Shape::Text {
        at: Point::new(area.x + PAD + 30.0, area.y + 38.0),
        size: 22.0,
        color: palette.text,
        align: Align::Left,
        text: "LightEmAll".into(),
        max_width: None,
    });
}

/// The difficulty column: the level the solver measured (the chosen one
/// is the highlighted button); when the two differ, the caption says
/// what was asked. While the solver measures, the chosen level, and the
/// caption says the rating is to come.
fn difficulty(info: &PanelInfo) -> (String, String) {
    let asked = &info.difficulty;
    if info.measuring && info.rating.is_none() {
        return (MEASURING.into(), asked.clone());
    }
    match &info.rating {
        Some(rating) if !asked.is_empty() && !asked.eq_ignore_ascii_case(rating) => (
            format!("RATED (ASKED {})", asked.to_uppercase()),
            rating.clone(),
        ),
        Some(rating) => ("DIFFICULTY".into(), rating.clone()),
        None if asked.is_empty() => ("DIFFICULTY".into(), "–".into()),
        None => ("DIFFICULTY".into(), asked.clone()),
    }
}

/// The difficulty's caption while the solver measures the puzzle.
const MEASURING: &str = "DIFFICULTY · RATING…";

/// The figures left to right: caption, value and column width (the last
/// takes what is left).
fn stats(info: &PanelInfo) -> [(String, String, f32); 5] {
    let or_dash = |v: Option<u32>| v.map_or_else(|| "–".to_string(), compact);
    let (caption, difficulty) = difficulty(info);
    [
        ("TIME".into(), info.time.clone(), 66.0),
        ("MOVES".into(), compact(info.moves), 72.0),
        (
            "PAR".into(),
            match info.par {
                Some(par) if info.par_bound => format!("≤{}", compact(par)),
                par => or_dash(par),
            },
            88.0,
        ),
        (
            "RADIUS".into(),
            info.radius.map_or_else(|| "off".into(), compact),
            60.0,
        ),
        (caption, difficulty, f32::INFINITY),
    ]
}

/// Space between two columns of figures.
const COLUMN_GAP: f32 = 8.0;

/// A count short enough for its column: up to 99 999 as it is, then in
/// thousands (`880k`), then in millions (`1.2M`).
fn compact(n: u32) -> String {
    match n {
        0..100_000 => n.to_string(),
        100_000..9_999_500 => format!("{}k", (n + 500) / 1000),
        _ => format!("{:.1}M", f64::from(n) / 1e6),
    }
}

/// The figures, each cut to its column (with "…"), so a long one never
/// runs into the next.
fn draw_stats(scene: &mut Scene, area: Rect, info: &PanelInfo, palette: &Palette) {
    let mut x = area.x + PAD + 176.0;
    let right = area.x + area.w.max(MIN_WIDTH) - PAD;
    for (caption, value, width) in stats(info) {
        let room = width.min(right - x) - COLUMN_GAP;
        scene.push(Shape::Text {
            at: Point::new(x, area.y + 21.0),
            size: 10.0,
            color: palette.text_dim,
            align: Align::Left,
            text: caption,
            max_width: Some(room),
        });
        scene.push(Shape::Text {
            at: Point::new(x, area.y + 44.0),
            size: 19.0,
            color: palette.text,
            align: Align::Left,
            text: value,
            max_width: Some(room),
        });
        x += width;
    }
}

fn button_fill(button: Button, info: &PanelInfo, ui: &UiState, palette: &Palette) -> Color {
    if ui.pressed == Some(button) {
        palette.button_pressed.mix(palette.background, 0.25)
    } else if is_chosen(button, info) {
        palette.button_pressed
    } else if ui.hovered == Some(button) {
        palette.button_hover
    } else {
        palette.button
    }
}

fn draw_button(
    scene: &mut Scene,
    button: Button,
    rect: Rect,
    info: &PanelInfo,
    ui: &UiState,
    palette: &Palette,
) {
    let hovered = ui.hovered == Some(button);
    let edge = if hovered {
        palette.text
    } else {
        palette.text_dim.with_alpha(0x60)
    };
    let pressed = ui.pressed == Some(button);
    // A pressed button sinks by a pixel: a cue that is not colour.
    let rect = if pressed {
        Rect {
            y: rect.y + 1.0,
            ..rect
        }
    } else {
        rect
    };
    scene.push(Shape::Rect {
        rect,
        radius: 7.0,
        fill: Some(button_fill(button, info, ui, palette)),
        stroke: Some(Stroke {
            color: edge,
            width: if hovered { 1.5 } else { 1.0 },
        }),
    });
    let c = rect.centre();
    scene.push(Shape::Text {
        at: Point::new(c.x, c.y + 5.0),
        size: 14.0,
        color: palette.button_text,
        align: Align::Centre,
        text: label_of(button, info),
        max_width: None,
    });
}

fn draw_solved_badge(scene: &mut Scene, area: Rect, palette: &Palette) {
    // Between the mode button and the scores button.
    let rect = Rect::new(
        area.x + area.w - PAD - 2.0 * BUTTON_H - 6.0 - 80.0,
        area.y + BUTTON_Y,
        74.0,
        BUTTON_H,
    );
    scene.push(Shape::Rect {
        rect,
        radius: BUTTON_H / 2.0,
        fill: Some(palette.wire_far),
        stroke: Some(Stroke {
            color: palette.wire_near,
            width: 2.0,
        }),
    });
    scene.push(Shape::Text {
        at: Point::new(rect.x + rect.w / 2.0, rect.y + 20.5),
        size: 14.0,
        color: palette.background,
        align: Align::Centre,
        text: "SOLVED".into(),
        max_width: None,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::Theme;

    /// The texts of the panel of `info`, with where they start and the
    /// width they may take.
    fn texts(info: &PanelInfo) -> Vec<(String, f32, f32, f32)> {
        let mut scene = Scene::new(640, 104, Color::hex(0));
        let area = Rect::new(0.0, 0.0, MIN_WIDTH, HEIGHT);
        draw(
            &mut scene,
            area,
            info,
            &UiState::default(),
            Theme::default().palette(),
        );
        scene
            .shapes
            .into_iter()
            .filter_map(|shape| match shape {
                Shape::Text {
                    text,
                    at,
                    max_width,
                    ..
                } => Some((text, at.x, at.y, max_width.unwrap_or(f32::INFINITY))),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn figures_never_run_into_each_other() {
        // The worst seen: a 200x200 board's par beside its radius ran
        // together as "35394off".
        let info = PanelInfo {
            time: "999:59".into(),
            moves: 9_999_999,
            par: Some(35_394),
            par_bound: true,
            radius: Some(394),
            difficulty: "medium".into(),
            rating: Some("fiendish".into()),
            measuring: false,
            size: "1000x1000".into(),
            mode: "octo wrap".into(),
            solved: true,
            daily: true,
        };
        for row in [21.0, 44.0] {
            let mut figures: Vec<_> = texts(&info).into_iter().filter(|t| t.2 == row).collect();
            figures.sort_by(|a, b| a.1.total_cmp(&b.1));
            assert_eq!(figures.len(), 5, "{figures:?}");
            for pair in figures.windows(2) {
                assert!(pair[0].1 + pair[0].3 < pair[1].1, "{pair:?}");
            }
            let last = figures.last().expect("figures");
            assert!(last.1 + last.3 <= MIN_WIDTH - PAD, "{last:?}");
        }
    }

    #[test]
    fn the_difficulty_says_what_was_asked_only_when_the_measure_differs() {
        let info = |asked: &str, rating: Option<&str>| PanelInfo {
            difficulty: asked.into(),
            rating: rating.map(str::to_string),
            ..PanelInfo::default()
        };
        let check = |i: PanelInfo, caption: &str, value: &str| {
            assert_eq!(difficulty(&i), (caption.to_string(), value.to_string()));
        };
        check(info("easy", Some("easy")), "DIFFICULTY", "easy");
        check(info("easy", Some("medium")), "RATED (ASKED EASY)", "medium");
        check(info("", Some("hard")), "DIFFICULTY", "hard");
        check(info("hard", None), "DIFFICULTY", "hard");
        check(info("", None), "DIFFICULTY", "–");
        let measuring = PanelInfo {
            measuring: true,
            ..info("hard", None)
        };
        check(measuring, MEASURING, "hard");
    }

    #[test]
    fn counts_stay_short_enough_for_their_column() {
        let check = |n: u32, shown: &str| assert_eq!(compact(n), shown, "{n}");
        check(0, "0");
        check(99_999, "99999");
        check(100_000, "100k");
        check(879_116, "879k");
        check(9_999_499, "9999k");
        check(9_999_500, "10.0M");
        check(u32::MAX, "4295.0M");
    }

    #[test]
    fn buttons_fit_the_narrowest_panel_without_overlap() {
        let rects = button_rects(Rect::new(0.0, 0.0, MIN_WIDTH, HEIGHT));
        assert_eq!(rects.len(), Button::ALL.len());
        for pair in rects.windows(2) {
            let (a, b) = (pair[0].1, pair[1].1);
            assert!(a.x + a.w < b.x, "{:?} overlaps {:?}", pair[0].0, pair[1].0);
        }
        let last = rects[rects.len() - 1].1;
        assert!(last.x + last.w <= MIN_WIDTH);
    }
}
