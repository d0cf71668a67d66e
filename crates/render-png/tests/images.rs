//! Image snapshots and the checks a person would make, on decoded pixels.
//!
//! Snapshots live in `tests/snapshots/images/*.png` and are compared by their
//! decoded pixels, never their PNG bytes. A missing snapshot is written unless
//! `INSTA_UPDATE=no` (as CI runs); `INSTA_UPDATE=always` rewrites them. On a
//! mismatch the new image is written beside the old as `NAME.new.png`.

use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::{Board, Grid, Topology};
use lightemall_power::Power;
use lightemall_render_png::{Rasterizer, decode_png, encode_png_compact, straight_rgba};
use lightemall_view::{
    Animation, Button, Color, FrameInput, HintMark, Layout, PanelInfo, Point, Shape, Theme, UNLIT,
    UiState, WinSummary, distance_word, draw_text_screen, error_marks, notice_box, scene_of,
    text_width,
};
use std::path::PathBuf;

struct Fixture {
    board: Board,
    station: usize,
    distance: Vec<u32>,
    errors: Vec<u8>,
    panel: PanelInfo,
}

impl Fixture {
    fn new(
        topology: Topology,
        size: (usize, usize),
        solved: bool,
        station: (usize, usize),
    ) -> Fixture {
        let params = Params {
            grid: Grid::new(topology, size.0, size.1, false).expect("valid grid"),
            generator: Generator::Kruskal,
            difficulty: Difficulty::Hard,
            seed: 5,
            station,
        };
        let puzzle = generate(&params).expect("generates");
        let board = if solved {
            puzzle.solution_board().expect("solution")
        } else {
            puzzle.board
        };
        let mut power = Power::default();
        power.compute(&board, puzzle.station);
        let grid = *board.grid();
        Fixture {
            distance: power.distances().map(distance_word).collect(),
            errors: error_marks(&board, &[]),
            panel: PanelInfo {
                time: "2:41".into(),
                moves: 23,
                par: Some(19),
                par_bound: false,
                radius: None,
                difficulty: "hard".into(),
                rating: None,
                measuring: false,
                size: grid.size_label(),
                mode: grid.topology().name().into(),
                solved,
                daily: false,
            },
            board,
            station: puzzle.station,
        }
    }

    fn input(&self, theme: Theme) -> FrameInput<'_> {
        FrameInput {
            distance: &self.distance,
            errors: &self.errors,
            ui: UiState {
                theme,
                ..UiState::default()
            },
            ..FrameInput::plain(&self.board, self.station)
        }
    }
}

/// A painted frame, as straight RGBA.
struct Image {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Image {
    fn at(&self, p: Point) -> Color {
        let (x, y) = (p.x.floor() as usize, p.y.floor() as usize);
        let i = (y * self.width as usize + x) * 4;
        Color {
            r: self.rgba[i],
            g: self.rgba[i + 1],
            b: self.rgba[i + 2],
            a: self.rgba[i + 3],
        }
    }

    /// Rows `top..` to the bottom, as an image of their own.
    fn rows_from(&self, top: u32) -> Image {
        let top = top.min(self.height);
        Image {
            width: self.width,
            height: self.height - top,
            rgba: self.rgba[(top * self.width * 4) as usize..].to_vec(),
        }
    }

    fn count(&self, color: Color) -> usize {
        self.rgba
            .chunks_exact(4)
            .filter(|p| p[..3] == [color.r, color.g, color.b])
            .count()
    }
}

/// Paint a frame and compare it with its snapshot.
fn paint(input: &FrameInput<'_>, layout: &Layout, name: &str) -> Image {
    let image = paint_unchecked(input, layout);
    check_image(name, &image);
    image
}

/// Paint a frame for the checks alone, with no snapshot.
fn paint_unchecked(input: &FrameInput<'_>, layout: &Layout) -> Image {
    let mut rasterizer = Rasterizer::default();
    let pixmap = rasterizer.paint(&scene_of(input, layout)).expect("paints");
    Image {
        width: pixmap.width(),
        height: pixmap.height(),
        rgba: straight_rgba(pixmap),
    }
}

/// PNG bytes, compressed hard: snapshots live in the repository.
fn small_png(image: &Image) -> Vec<u8> {
    encode_png_compact(image.width, image.height, &image.rgba).expect("encodes")
}

fn check_image(name: &str, image: &Image) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/images");
    let path = dir.join(format!("{name}.png"));
    let mode = std::env::var("INSTA_UPDATE").unwrap_or_default();
    let stored = std::fs::read(&path).ok().filter(|_| mode != "always");
    let Some(bytes) = stored else {
        assert!(
            mode != "no",
            "{name}: no snapshot at {} (run with INSTA_UPDATE=always)",
            path.display()
        );
        std::fs::create_dir_all(&dir).expect("snapshot folder");
        std::fs::write(&path, small_png(image)).expect("writes the snapshot");
        return;
    };
    let (width, height, expected) = decode_png(&bytes).expect("the snapshot decodes");
    if (width, height) != (image.width, image.height) || expected != image.rgba {
        let differ = expected
            .chunks(4)
            .zip(image.rgba.chunks(4))
            .filter(|(a, b)| a != b)
            .count();
        let new = dir.join(format!("{name}.new.png"));
        std::fs::write(&new, small_png(image)).expect("writes the new image");
        panic!(
            "{name}: {differ} pixels differ (size {width}x{height} vs {}x{}); see {}",
            image.width,
            image.height,
            new.display()
        );
    }
}

fn near(a: Color, b: Color, tolerance: u8) -> bool {
    a.r.abs_diff(b.r) <= tolerance
        && a.g.abs_diff(b.g) <= tolerance
        && a.b.abs_diff(b.b) <= tolerance
}

/// Whether `c` lies between the powered colours near and far (per channel).
fn is_powered_colour(c: Color, theme: Theme) -> bool {
    let p = theme.palette();
    let within =
        |v: u8, a: u8, b: u8| v.saturating_add(3) >= a.min(b) && v <= a.max(b).saturating_add(3);
    within(c.r, p.wire_near.r, p.wire_far.r)
        && within(c.g, p.wire_near.g, p.wire_far.g)
        && within(c.b, p.wire_near.b, p.wire_far.b)
}

/// Points on the middle of each wire, away from hubs, lamps, the star and marks.
fn wire_samples(fixture: &Fixture, layout: &Layout) -> Vec<(usize, Point)> {
    let topology = fixture.board.grid().topology();
    let mut out = Vec::new();
    for i in (0..fixture.board.grid().len()).filter(|&i| i != fixture.station) {
        for d in topology
            .directions()
            .filter(|&d| fixture.board.tile(i).has(d))
        {
            if fixture.errors[i] & d.bit() == 0 {
                let (c, v) = (layout.centre(i), layout.wire_vector(i, d));
                out.push((i, Point::new(c.x + 0.75 * v.x, c.y + 0.75 * v.y)));
            }
        }
    }
    out
}

const SIZE: (usize, usize) = (5, 4);

#[test]
fn every_theme_and_topology_scrambled_and_solved() {
    for theme in Theme::ALL {
        for topology in Topology::ALL {
            for solved in [false, true] {
                let fixture = Fixture::new(topology, SIZE, solved, (0, 0));
                let layout = Layout::with_cell(fixture.board.grid(), 24.0, false);
                let state = if solved { "solved" } else { "scrambled" };
                paint(
                    &fixture.input(theme),
                    &layout,
                    &format!("{theme}_{topology}_{state}"),
                );
            }
        }
    }
}

#[test]
fn solved_boards_show_only_powered_wire_colours() {
    for theme in Theme::ALL {
        for topology in Topology::ALL {
            let fixture = Fixture::new(topology, SIZE, true, (0, 0));
            let layout = Layout::with_cell(fixture.board.grid(), 40.0, false);
            let image = paint_unchecked(&fixture.input(theme), &layout);
            for (tile, at) in wire_samples(&fixture, &layout) {
                let c = image.at(at);
                assert!(
                    is_powered_colour(c, theme),
                    "{theme} {topology} tile {tile}: {c}"
                );
            }
            assert_eq!(
                image.count(theme.palette().wire_off),
                0,
                "{theme} {topology}: grey wire"
            );
        }
    }
}

#[test]
fn scrambled_boards_show_grey_wires_and_the_star() {
    for theme in Theme::ALL {
        for topology in Topology::ALL {
            let fixture = Fixture::new(topology, SIZE, false, (2, 2));
            let layout = Layout::with_cell(fixture.board.grid(), 40.0, false);
            let image = paint_unchecked(&fixture.input(theme), &layout);
            let palette = theme.palette();
            let grey = wire_samples(&fixture, &layout)
                .into_iter()
                .filter(|&(tile, _)| fixture.distance[tile] == UNLIT)
                .inspect(|&(tile, at)| {
                    let c = image.at(at);
                    assert!(
                        near(c, palette.wire_off, 2),
                        "{theme} {topology} tile {tile}: {c}"
                    );
                })
                .count();
            assert!(grey > 0, "{theme} {topology}: no unpowered wire to look at");
            let star = image.at(layout.centre(fixture.station));
            assert!(
                near(star, palette.station, 2),
                "{theme} {topology}: the star is {star}"
            );
        }
    }
}

#[test]
fn themes_differ() {
    let fixture = Fixture::new(Topology::Square, SIZE, true, (0, 0));
    let layout = Layout::with_cell(fixture.board.grid(), 24.0, false);
    let images: Vec<Image> = Theme::ALL
        .iter()
        .map(|&theme| {
            paint(
                &fixture.input(theme),
                &layout,
                &format!("{theme}_square_solved"),
            )
        })
        .collect();
    for (i, a) in images.iter().enumerate() {
        for b in &images[i + 1..] {
            let differ = a
                .rgba
                .chunks(4)
                .zip(b.rgba.chunks(4))
                .filter(|(x, y)| x != y)
                .count();
            assert!(differ * 2 > a.rgba.len() / 4, "only {differ} pixels differ");
        }
    }
}

#[test]
fn panel_help_radius_fog_and_win() {
    let fixture = Fixture::new(Topology::Square, (8, 6), false, (0, 0));
    let layout = Layout::with_cell(fixture.board.grid(), 32.0, true);
    let mut input = fixture.input(Theme::Classic);
    input.panel = Some(&fixture.panel);
    input.ui.hovered = Some(Button::Mode);
    input.ui.cursor = Some(9);
    paint(&input, &layout, "panel_hover_cursor");
    input.ui.help = true;
    paint(&input, &layout, "help_overlay");

    let solved = Fixture::new(Topology::Hex, (9, 7), true, (4, 3));
    let layout = Layout::with_cell(solved.board.grid(), 28.0, true);
    let mut input = solved.input(Theme::Circuit);
    input.panel = Some(&solved.panel);
    input.radius = Some(3);
    paint(&input, &layout, "radius_3_hex_circuit");
    input.radius = None;
    input.animation = Animation {
        now_ms: 400,
        won_since_ms: Some(0),
        ..Animation::default()
    };
    paint(&input, &layout, "win_celebration");
    input.animation.now_ms = 60_000;
    input.ui.win = Some(WinSummary {
        seconds: 192,
        moves: 41,
        par: Some(38),
        new_best: Some(false),
        share:
            "LightEmAll daily 2026-12-05 · 15x15 hex, hard · 3:12.4 · 41 moves, par 38 · streak 5"
                .to_string(),
        proof: format!("LEA1-{}", "q7Zx".repeat(160)),
    });
    paint(&input, &layout, "win_summary_share");
    input.ui.win = None;

    let mut walled = Fixture::new(Topology::Square, (6, 4), true, (0, 0));
    for (tile, dir) in [(1, 1), (8, 2), (14, 1), (15, 2)] {
        walled.board.add_barrier(tile, lightemall_model::Dir(dir));
    }
    let layout = Layout::with_cell(walled.board.grid(), 32.0, false);
    paint(&walled.input(Theme::Classic), &layout, "barriers_square");

    let foggy = Fixture::new(Topology::Octo, (24, 14), true, (5, 6));
    let layout = Layout::with_cell(foggy.board.grid(), 14.0, false);
    let mut input = foggy.input(Theme::Contrast);
    input.fog = true;
    let image = paint(&input, &layout, "fog_octo_contrast");
    let far_corner = layout.centre(foggy.board.grid().len() - 1);
    assert!(
        near(image.at(far_corner), Theme::Contrast.palette().fog, 0),
        "fog hides the far corner"
    );
}

#[test]
fn a_notice_reads_in_every_theme_and_is_cut_to_its_two_lines() {
    let fixture = Fixture::new(Topology::Square, (8, 6), false, (0, 0));
    let layout = Layout::with_cell(fixture.board.grid(), 32.0, true);
    // Too long for one line, and for two: the second is cut.
    let area = layout.notice_room();
    let strip_top = area.y as u32 - 6;
    for theme in Theme::ALL {
        let palette = theme.palette();
        let mut input = fixture.input(theme);
        input.panel = Some(&fixture.panel);
        let without = paint_unchecked(&input, &layout);
        input.notice = Some(
            "saved to /home/a-player-with-a-long-name/.local/share/lightemall/saved.lightemall-save \
             and to /home/a-player-with-a-long-name/.local/share/lightemall/backup.lightemall-save \
             and to /home/a-player-with-a-long-name/.local/share/lightemall/third.lightemall-save",
        );
        let with = paint_unchecked(&input, &layout);
        check_image(&format!("notice_{theme}"), &with.rows_from(strip_top));
        let above = (strip_top * with.width * 4) as usize;
        assert_eq!(
            with.rgba[..above],
            without.rgba[..above],
            "{theme}: only the notice's box changes"
        );
        assert!(
            with.count(palette.text) > without.count(palette.text) + 100,
            "{theme}: the text shows in the theme's text colour"
        );
        // The text is cut with an ellipsis before the box's inner edge:
        // near its right end the box is its fill alone.
        for x in (area.x + area.w - 10.0) as u32..(area.x + area.w - 3.0) as u32 {
            for y in (area.y + 3.0) as u32..(area.y + area.h - 3.0) as u32 {
                let c = with.at(Point::new(x as f32, y as f32));
                assert_eq!(c, palette.panel, "{theme}: ({x}, {y}) is {c}");
            }
        }
    }
}

/// The longest hint the solver writes: a tile of seven wires on a
/// 1000x1000 octo board, forced by an island with more than three tiles
/// across its wires (hint texts name three and count the rest).
const LONGEST_HINT: &str = "(999,998) must point N, NE, E, SE, S, SW, W: every other way \
    cuts a part of the network off, near (998,998), (999,997), (998,997) and 4 more";

#[test]
fn the_longest_hint_shows_whole_in_the_smallest_window() {
    let (width, height) = (640, 400);
    let fixture = Fixture::new(Topology::Octo, (30, 30), false, (0, 0));
    let layout = Layout::fit(fixture.board.grid(), width, height, true);
    let mut input = fixture.input(Theme::Classic);
    input.panel = Some(&fixture.panel);
    input.notice = Some(LONGEST_HINT);
    let scene = scene_of(&input, &layout);
    let lines: Vec<(&str, f32, f32)> = scene
        .shapes
        .iter()
        .filter_map(|shape| match shape {
            Shape::Text {
                text,
                size,
                max_width: Some(max),
                ..
            } => Some((text.as_str(), *size, *max)),
            _ => None,
        })
        .filter(|(text, _, _)| text.len() > 10 && LONGEST_HINT.contains(text))
        .collect();
    assert_eq!(lines.len(), 2, "two lines: {lines:?}");
    let joined: Vec<&str> = lines.iter().map(|(text, _, _)| *text).collect();
    assert_eq!(joined.join(" "), LONGEST_HINT, "every word shows");
    for (text, size, max) in lines {
        // The renderer draws a text of this width or less (its tests),
        // so it cuts neither line.
        assert!(text_width(size, text) <= max, "{text:?} fits {max}");
    }
    // The box stays below the board.
    let area = notice_box(&layout, LONGEST_HINT).expect("a notice");
    assert!(area.y >= layout.board.y + layout.board.h, "{area:?}");
    paint(&input, &layout, "longest_hint_640x400");
}

#[test]
fn a_hint_reads_in_every_theme_and_changes_only_its_tile() {
    let cases = [
        (Theme::Classic, Topology::Square, true),
        (Theme::Circuit, Topology::Hex, false),
        (Theme::Contrast, Topology::Octo, true),
    ];
    for (theme, topology, clockwise) in cases {
        let fixture = Fixture::new(topology, (8, 6), false, (0, 0));
        let layout = Layout::with_cell(fixture.board.grid(), 48.0, true);
        let tile = 9;
        let c = layout.centre(tile);
        // A hexagon reaches a little further up and down than a square.
        let half = layout.cell * 0.6;
        let mut input = fixture.input(theme);
        input.panel = Some(&fixture.panel);
        let without = paint_unchecked(&input, &layout);
        input.highlights.hint = Some(HintMark { tile, clockwise });
        let with = paint(&input, &layout, &format!("hint_{theme}_{topology}"));
        let mut outside = 0;
        for (i, (a, b)) in with.rgba.chunks(4).zip(without.rgba.chunks(4)).enumerate() {
            let (x, y) = (
                (i as u32 % with.width) as f32,
                (i as u32 / with.width) as f32,
            );
            let inside = (x - c.x).abs() <= half && (y - c.y).abs() <= half;
            outside += usize::from(a != b && !inside);
        }
        assert_eq!(outside, 0, "{theme}: only the hinted tile changes");
        let hint = theme.palette().hint;
        assert!(
            with.count(hint) > 100,
            "{theme}: the mark shows in the theme's hint colour"
        );
    }
}

/// The chart of the last results (the scores screen's, `scores --plot`'s):
/// a snapshot, and bars in the lit wire colour as tall as their values.
#[test]
fn the_chart_of_results_paints_its_bars_and_par_lines() {
    use lightemall_view::{Chart, ChartPoint, chart_scene};
    use std::time::Duration;
    let points = [(95, 30, 24), (61, 26, 24), (140, 41, 24), (48, 24, 24)]
        .into_iter()
        .enumerate()
        .map(|(i, (seconds, moves, par))| ChartPoint {
            label: format!("12-0{}", i + 1),
            time: Duration::from_secs(seconds),
            moves,
            par: Some(par),
        })
        .collect();
    let chart = Chart {
        title: "Daily puzzles: the last results".into(),
        points,
    };
    let theme = Theme::Classic;
    let mut rasterizer = Rasterizer::default();
    let pixmap = rasterizer
        .paint(&chart_scene(&chart, theme, 480, 270))
        .expect("paints");
    let image = Image {
        width: pixmap.width(),
        height: pixmap.height(),
        rgba: straight_rgba(pixmap),
    };
    check_image("chart_classic", &image);
    let palette = theme.palette();
    assert!(
        image.count(palette.wire_near) > 480 * 270 / 10,
        "bars are drawn"
    );
    assert!(image.count(palette.station) > 4 * 40, "par lines are drawn");

    // The scores screen (B) shows the same chart under its lines where
    // the window has room, and leaves it out where it has not.
    let lines = [
        "7x7 square, easy".to_string(),
        "  best 0:48.0 · fewest moves 24 · efficiency 100% · mean of 3 1:22.0 · of 5 –".into(),
        "Daily puzzles".into(),
        "  streak 4 (best 4), 4 solved; today's is solved".into(),
    ];
    let screen = |height: u32, chart: Option<&Chart>| {
        let fixture = Fixture::new(Topology::Square, (7, 7), true, (3, 3));
        let layout = Layout::fit(fixture.board.grid(), 640, height, true);
        let mut scene = scene_of(&fixture.input(theme), &layout);
        let title = "Best results · B closes";
        draw_text_screen(&mut scene, &layout, palette, title, &lines, chart);
        let mut rasterizer = Rasterizer::default();
        let pixmap = rasterizer.paint(&scene).expect("paints");
        Image {
            width: pixmap.width(),
            height: pixmap.height(),
            rgba: straight_rgba(pixmap),
        }
    };
    let roomy = screen(560, Some(&chart));
    check_image("scores_screen_chart", &roomy);
    let bars = roomy.count(palette.wire_near) - screen(560, None).count(palette.wire_near);
    assert!(bars > 4 * 200, "bars are drawn: {bars} pixels");
    let cramped = screen(300, Some(&chart));
    assert!(cramped.rgba == screen(300, None).rgba, "no room: no chart");
}
