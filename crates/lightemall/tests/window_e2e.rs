//! End-to-end tests of the game window: the real binary on a virtual X
//! display, clicked and typed at with xdotool as a person would, its title
//! read and its pixels screenshotted. Each is ignored (with its reason),
//! so a plain `cargo test` opens no window and says so; `cargo xtask e2e` (part of
//! `cargo xtask ci`) runs them one at a time where Xvfb, xdotool,
//! ImageMagick's `import` and `xprop` are installed.

mod e2e;

use e2e::{App, Display, data_home, needs_tools, shots_folder, wait_for};
use lightemall_engine::{Game, Hint, ManualClock};
use lightemall_gen::Params;
use lightemall_model::{Grid, Tile};
use lightemall_view::{Button, Layout, Point, Theme};
use std::process::Command;
use std::time::{Duration, Instant};

const PUZZLE: &str = "square:5x5:kruskal:easy#7";

fn grid_of(id: &str) -> Grid {
    id.parse::<Params>().expect("a seeded ID").grid
}

/// The layout the window uses at its current size.
fn layout(app: &App<'_>, id: &str) -> Layout {
    let (w, h) = app.size();
    Layout::fit(&grid_of(id), w, h, true)
}

fn centre(app: &App<'_>, id: &str, tile: usize) -> Point {
    layout(app, id).centre(tile)
}

fn moves_in(title: &str) -> Option<u64> {
    title
        .split(" · moves ")
        .nth(1)?
        .split(' ')
        .next()?
        .parse()
        .ok()
}

fn wait_moves(app: &App<'_>, moves: u64) -> String {
    app.wait_title(&format!("moves {moves}"), |t| moves_in(t) == Some(moves))
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn clicks_turn_the_tile_under_the_pointer_and_count_moves() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("clicks"), &["play", PUZZLE]);
    let title = app.title();
    assert_eq!(title, "LightEmAll · 5x5 easy · moves 0 · 0:00");
    // Old window managers read WM_NAME: the same title, not "Â·".
    assert_eq!(app.property("WM_NAME"), format!("WM_NAME = \"{title}\""));
    let before = app.settled_screenshot();
    before.save(&shots_folder().join("start.png"));
    let (tile, other) = (12, 0);
    let at = centre(&app, PUZZLE, tile);
    let half = layout(&app, PUZZLE).cell / 2.0 - 2.0;
    app.click(1, at.x, at.y);
    wait_moves(&app, 1);
    let turned = app.settled_screenshot();
    turned.save(&shots_folder().join("one-click.png"));
    assert!(
        turned.differences_around(&before, at.x, at.y, half) > 20,
        "the clicked tile looks different"
    );
    let far = centre(&app, PUZZLE, other);
    let far_changes = turned.differences_around(&before, far.x, far.y, half);
    // The far tile may only light up or go dark, not turn: few pixels change.
    assert!(far_changes < turned.differences_around(&before, at.x, at.y, half));
    app.click(3, at.x, at.y);
    wait_moves(&app, 2);
    let back = app.settled_screenshot();
    assert_eq!(
        back.differences_around(&before, at.x, at.y, half),
        0,
        "turned back, the tile looks as it did"
    );
    app.click(1, 2.0, app.size().1 as f32 - 2.0);
    app.key("u");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        moves_in(&app.title()),
        Some(2),
        "a click off the board is no move; undo counts none"
    );
}

/// The window manager shows the application's icon: `_NET_WM_ICON`
/// holds it at 32, 48 and 64 pixels, and the 48-pixel one is the icon
/// installed (`assets/icons/48x48.png`), pixel for pixel.
#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn the_window_shows_the_application_icon() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("icon"), &["play", PUZZLE]);
    let words = app.cardinals("_NET_WM_ICON");
    let mut sizes = Vec::new();
    let mut at = 0;
    let mut icon_48 = None;
    while at + 2 <= words.len() {
        let (w, h) = (words[at], words[at + 1]);
        let pixels = &words[at + 2..(at + 2 + (w * h) as usize).min(words.len())];
        if w == 48 {
            icon_48 = Some(pixels.to_vec());
        }
        sizes.push((w, h));
        at += 2 + (w * h) as usize;
    }
    assert_eq!(sizes, [(32, 32), (48, 48), (64, 64)], "the icon's sizes");
    assert_eq!(at, words.len(), "nothing after the last icon");
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/icons/48x48.png");
    let png = std::fs::read(path).expect("the installed icon");
    let (_, _, rgba) = lightemall_render_png::decode_png(&png).expect("a PNG");
    let argb: Vec<u64> = rgba
        .chunks_exact(4)
        .map(|p| {
            let [r, g, b, a] = [p[0], p[1], p[2], p[3]].map(u64::from);
            (a << 24) | (r << 16) | (g << 8) | b
        })
        .collect();
    assert!(
        icon_48.as_deref() == Some(argb.as_slice()),
        "the window's 48-pixel icon is the installed one"
    );
}

/// Clockwise steps to turn each tile from `gen --json`'s scramble to its solution.
fn solution_steps(id: &str) -> Vec<u32> {
    let output = Command::new(env!("CARGO_BIN_EXE_lightemall"))
        .args(["gen", id, "--json"])
        .output()
        .expect("gen runs");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let masks = |key: &str| -> Vec<u8> {
        json[key]
            .as_array()
            .expect("an array of masks")
            .iter()
            .map(|v| v.as_u64().expect("a mask") as u8)
            .collect()
    };
    let topology = grid_of(id).topology();
    masks("tiles")
        .into_iter()
        .zip(masks("solution"))
        .map(|(from, to)| Tile(from).steps_to(topology, Tile(to)).expect("same shape"))
        .collect()
}

/// Click every tile of the window's puzzle `id` to its solution, waiting
/// for each move to count: the moves made.
fn solve_by_clicks(app: &App<'_>, id: &str) -> u64 {
    let layout = layout(app, id);
    let mut moves = 0;
    for (tile, steps) in solution_steps(id).into_iter().enumerate() {
        let at = layout.centre(tile);
        // Three quarter turns clockwise are one anticlockwise.
        let clicks = if steps == 3 {
            vec![3]
        } else {
            vec![1; steps as usize]
        };
        for button in clicks {
            app.click(button, at.x, at.y);
            moves += 1;
            wait_moves(app, moves);
        }
    }
    moves
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_scripted_solve_by_clicks_ends_solved() {
    needs_tools();
    let display = Display::start();
    let home = data_home("solve");
    let app = App::start(&display, &home, &["play", PUZZLE]);
    let moves = solve_by_clicks(&app, PUZZLE);
    let title = app.wait_title("solved", |t| t.ends_with(" · solved"));
    assert!(title.starts_with(&format!("LightEmAll · 5x5 easy · moves {moves} · ")));
    // After the lighting wave, the summary stays.
    std::thread::sleep(Duration::from_millis(lightemall_view::CELEBRATION_MS + 500));
    app.settled_screenshot()
        .save(&shots_folder().join("solved.png"));
    // The win is among the scores.
    let output = Command::new(env!("CARGO_BIN_EXE_lightemall"))
        .args(["scores", "--json"])
        .env("XDG_DATA_HOME", &home)
        .output()
        .expect("lightemall scores runs");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let preset = &json["presets"][0];
    assert_eq!(preset["preset"], "square:5x5:kruskal:easy", "{json}");
    assert_eq!(preset["fewest_moves"], moves, "{json}");
    assert_eq!(preset["last"].as_array().map(Vec::len), Some(1), "{json}");
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn an_idle_window_uses_almost_no_cpu() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("idle"), &["play", PUZZLE]);
    app.settled_screenshot();
    let window = Duration::from_secs(3);
    let before = app.cpu_ticks();
    std::thread::sleep(window);
    let used = app.cpu_ticks() - before;
    // Clock ticks are 1/100 s: 6 ticks in 3 s is 2 % of one core (the
    // clock's repaint each second and the 30 ms polls cost about 1 %; a
    // window repainting at every poll costs several times more).
    eprintln!("idle: {used} ticks of CPU in {window:?}");
    assert!(
        used <= 6,
        "idle for {window:?}, the game used {used} ticks of CPU"
    );
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn esc_autosaves_and_resume_continues() {
    needs_tools();
    let display = Display::start();
    let home = data_home("resume");
    let mut app = App::start(&display, &home, &["play", PUZZLE]);
    let at = centre(&app, PUZZLE, 7);
    app.click(1, at.x, at.y);
    app.click(1, at.x, at.y);
    wait_moves(&app, 2);
    let board = app.settled_screenshot();
    // A game in progress: the first Esc says it is kept, the second leaves.
    app.key("Escape");
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        app.child.try_wait().expect("waitable").is_none(),
        "Esc asks first"
    );
    app.key("Escape");
    assert_eq!(app.wait_exit(), Some(0));
    assert!(home.join("lightemall/autosave.lightemall-save").is_file());
    let resumed = App::start(&display, &home, &["play", "--resume"]);
    let title = wait_moves(&resumed, 2);
    assert!(
        title.starts_with("LightEmAll · 5x5 easy · moves 2 · "),
        "{title}"
    );
    let again = resumed.settled_screenshot();
    board.save(&shots_folder().join("before-esc.png"));
    again.save(&shots_folder().join("resumed.png"));
    let below_panel = layout(&resumed, PUZZLE).board.y as u32;
    assert!(
        again.same_below(&board, below_panel),
        "the board is as it was left"
    );
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn ctrl_s_says_where_it_saved_then_the_message_goes() {
    needs_tools();
    let display = Display::start();
    let home = data_home("save");
    let app = App::start(&display, &home, &["play", PUZZLE]);
    let before = app.settled_screenshot();
    let area = layout(&app, PUZZLE).notice_area();
    let (strip, strip_end) = notice_strip(&app);
    app.key("ctrl+s");
    let shown = wait_notice_change(&app, &before, "a notice at the bottom", 0.5);
    let since = Instant::now();
    shown.save(&shots_folder().join("saved-notice.png"));
    assert!(home.join("lightemall/saved.lightemall-save").is_file());
    assert_eq!(moves_in(&app.title()), Some(0), "Ctrl+S is no move");
    // The box's outline is centred on its edge: two rows of room.
    let above = (shown.width as f32, area.y - 2.0);
    assert_eq!(
        shown.differences_in(&before, (0.0, 0.0), above),
        0,
        "only the notice's strip changed"
    );
    e2e::wait_for("the notice to go", || {
        let shot = app.screenshot();
        (shot.differences_in(&before, strip, strip_end) == 0).then_some(())
    });
    let shown_for = since.elapsed();
    assert!(
        shown_for > Duration::from_secs(2),
        "the notice stayed only {shown_for:?}"
    );
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn the_keyboard_plays_too() {
    needs_tools();
    let display = Display::start();
    let mut app = App::start(&display, &data_home("keys"), &["play", PUZZLE]);
    let before = app.settled_screenshot();
    app.key("Tab");
    app.key("Right");
    app.key("space");
    wait_moves(&app, 1);
    app.key("BackSpace");
    wait_moves(&app, 2);
    app.key("x");
    app.key("space");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        moves_in(&app.title()),
        Some(2),
        "a locked tile does not turn"
    );
    app.key("t");
    let themed = app.settled_screenshot();
    themed.save(&shots_folder().join("theme-circuit.png"));
    assert!(themed.differences_around(&before, 320.0, 200.0, 100.0) > 1000);
    app.key("question");
    let help = app.settled_screenshot();
    help.save(&shots_folder().join("help.png"));
    let below_panel = layout(&app, PUZZLE).board.y as u32;
    assert!(
        !help.same_below(&themed, below_panel),
        "the help covers the board"
    );
    app.key("Escape");
    let closed = app.settled_screenshot();
    assert!(
        closed.same_below(&themed, below_panel),
        "Esc closes the help first"
    );
    assert!(
        app.child.try_wait().ok().flatten().is_none(),
        "and does not quit"
    );
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn the_window_resizes_and_stays_playable() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("resize"), &["play", PUZZLE]);
    // A window manager is asked to keep the window at least the smallest frame.
    let hints = app.property("WM_NORMAL_HINTS");
    assert!(hints.contains("minimum size: 640 by 400"), "{hints}");
    display
        .xdotool(&["windowsize", "--sync", &app.window, "900", "800"])
        .expect("the window resizes");
    e2e::wait_for("the new size", || (app.size() == (900, 800)).then_some(()));
    let shot = e2e::wait_for("a frame of the new size", || {
        let shot = app.settled_screenshot();
        (shot.width == 900 && shot.height == 800).then_some(shot)
    });
    shot.save(&shots_folder().join("resized.png"));
    let layout = layout(&app, PUZZLE);
    let board = layout.board;
    let left = board.x;
    let right = 900.0 - (board.x + board.w);
    assert!((left - right).abs() <= 1.0, "the board is centred");
    let at = layout.centre(24);
    app.click(1, at.x, at.y);
    wait_moves(&app, 1);
    let (_, easy) = layout
        .buttons()
        .into_iter()
        .find(|(b, _)| *b == Button::Hard)
        .expect("a Hard button");
    // A game in progress: the first click asks, the second starts it.
    app.click(1, easy.x + easy.w / 2.0, easy.y + easy.h / 2.0);
    std::thread::sleep(Duration::from_millis(300));
    let title = app.title();
    assert!(title.contains(" · moves 1 "), "the game stays: {title}");
    app.click(1, easy.x + easy.w / 2.0, easy.y + easy.h / 2.0);
    app.wait_title("a new hard game", |t| t.contains(" hard · moves 0 "));
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn g_builds_a_new_game_step_by_step() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("demo"), &["play", PUZZLE]);
    let orange = Theme::Classic.palette().processing;
    let orange = u32::from(orange.r) << 16 | u32::from(orange.g) << 8 | u32::from(orange.b);
    // A whole cell of orange (the star's outline is orange too, but thin).
    let cell = layout(&app, PUZZLE).cell;
    let has_orange = |shot: &e2e::image::Image| {
        let count = shot.pixels.iter().filter(|&&p| p == orange).count();
        count as f32 > cell * cell / 2.0
    };
    assert!(!has_orange(&app.settled_screenshot()));
    app.key("g");
    let building = e2e::wait_for("a tile being processed, in orange", || {
        let shot = app.screenshot();
        has_orange(&shot).then_some(shot)
    });
    building.save(&shots_folder().join("generation.png"));
    app.key("Escape");
    e2e::wait_for("the game it built", || {
        (!has_orange(&app.screenshot())).then_some(())
    });
    assert!(
        app.title()
            .starts_with("LightEmAll · 5x5 easy · moves 0 · ")
    );
    let at = centre(&app, PUZZLE, 12);
    app.click(1, at.x, at.y);
    wait_moves(&app, 1);
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn the_wheel_zooms_and_clicks_still_land_on_their_tile() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("zoom"), &["play", PUZZLE]);
    let before = app.settled_screenshot();
    let fit = layout(&app, PUZZLE);
    // At the board's centre, zooming moves nothing sideways.
    let centre = fit.board.centre();
    let (x, y) = (centre.x.to_string(), centre.y.to_string());
    display
        .xdotool(&["mousemove", "--window", &app.window, &x, &y, "click", "4"])
        .expect("xdotool scrolls");
    let zoomed_shot = e2e::wait_for("a zoomed picture", || {
        let shot = app.settled_screenshot();
        (shot != before).then_some(shot)
    });
    zoomed_shot.save(&shots_folder().join("zoomed.png"));
    let (w, h) = app.size();
    let cell = fit.cell * 1.25;
    let zoomed = Layout::zoomed(&grid_of(PUZZLE), w, h, cell, Point::new(0.0, 0.0));
    let at = zoomed.centre(18);
    app.click(1, at.x, at.y);
    wait_moves(&app, 1);
    let turned = app.settled_screenshot();
    let half = zoomed.cell / 2.0 - 2.0;
    assert!(turned.differences_around(&zoomed_shot, at.x, at.y, half) > 20);
}

/// The tile the engine hints first on a fresh game of `id`.
fn first_hint(id: &str) -> usize {
    let game = Game::from_id(id, Box::new(ManualClock::default())).expect("a puzzle");
    match game.hint() {
        Hint::Turn { tile, .. } => tile,
        other => panic!("a fresh game needs a turn, not {other:?}"),
    }
}

/// The corners of the notice strip of [`PUZZLE`]'s window.
fn notice_strip(app: &App<'_>) -> ((f32, f32), (f32, f32)) {
    let area = layout(app, PUZZLE).notice_area();
    ((area.x, area.y), (area.x + area.w, area.y + area.h))
}

/// Wait until more than `share` of the notice strip's pixels differ from
/// `before`; the screenshot then.
fn wait_notice_change(
    app: &App<'_>,
    before: &e2e::image::Image,
    what: &str,
    share: f32,
) -> e2e::image::Image {
    let area = layout(app, PUZZLE).notice_area();
    let (strip, strip_end) = notice_strip(app);
    e2e::wait_for(what, || {
        let shot = app.screenshot();
        let changed = shot.differences_in(before, strip, strip_end);
        (changed as f32 > area.w * area.h * share).then_some(shot)
    })
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn ctrl_h_marks_a_tile_and_ctrl_shift_h_twice_solves_then_ctrl_r_restarts() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("assist"), &["play", PUZZLE]);
    let before = app.settled_screenshot();
    app.key("ctrl+h");
    let hinted = wait_notice_change(&app, &before, "the hint's notice", 0.05);
    hinted.save(&shots_folder().join("hint.png"));
    let layout = layout(&app, PUZZLE);
    let at = layout.centre(first_hint(PUZZLE));
    let half = layout.cell / 2.0;
    assert!(
        hinted.differences_around(&before, at.x, at.y, half) > 20,
        "the hinted tile is marked"
    );
    assert_eq!(moves_in(&app.title()), Some(0), "a hint is no move");

    app.key("ctrl+shift+h");
    let asked = wait_notice_change(&app, &hinted, "the question to confirm", 0.05);
    asked.save(&shots_folder().join("solve-asked.png"));
    assert!(
        !app.title().ends_with(" · solved"),
        "one press does not solve: {}",
        app.title()
    );
    app.key("ctrl+shift+h");
    let title = app.wait_title("solved", |t| t.ends_with(" · solved"));
    assert_eq!(moves_in(&title), Some(1), "Solve is one move");
    app.settled_screenshot()
        .save(&shots_folder().join("solved-by-ctrl-shift-h.png"));

    app.key("ctrl+r");
    app.wait_title("the start again", |t| !t.ends_with(" · solved"));
    app.key("ctrl+y");
    app.wait_title("solved again by redo", |t| t.ends_with(" · solved"));
}

/// Esc closed the window and exited 0 even when the autosave failed: the
/// game was lost. Now the window stays with a notice; Esc again leaves.
#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_failed_autosave_keeps_the_window_until_esc_again() {
    needs_tools();
    let display = Display::start();
    let home = data_home("autosave-fails");
    let slot = home.join("lightemall/autosave.lightemall-save");
    std::fs::create_dir_all(home.join("lightemall")).expect("folder");
    std::fs::write(&slot, "my notes\n").expect("a file the save may not replace");
    let mut app = App::start(&display, &home, &["play", PUZZLE]);
    let at = centre(&app, PUZZLE, 7);
    app.click(1, at.x, at.y);
    wait_moves(&app, 1);
    // The first Esc asks (a game in progress), the second tries to save.
    app.key("Escape");
    app.key("Escape");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(
        app.child.try_wait().expect("waitable").is_none(),
        "the window closed although the autosave failed"
    );
    app.key("Escape");
    assert_eq!(app.wait_exit(), Some(0));
    assert_eq!(std::fs::read_to_string(&slot).expect("kept"), "my notes\n");
}

/// A Kruskal puzzle's station is at (0, 0): on this board, larger than
/// the window even at the smallest tiles, it is in the far corner.
const HUGE: &str = "square:1000x1000:kruskal:easy#1";

fn rgb(color: lightemall_view::Color) -> u32 {
    u32::from(color.r) << 16 | u32::from(color.g) << 8 | u32::from(color.b)
}

/// How many pixels of the row `y` (from the margin to the margin) have
/// the window's background colour.
fn background_in_row(shot: &e2e::image::Image, y: u32) -> usize {
    let background = rgb(Theme::Classic.palette().background);
    let margin = lightemall_view::MARGIN as u32;
    shot.count_in(background, (margin, y), (shot.width - margin, y + 1))
}

/// Press `key` `times` times.
fn press(app: &App<'_>, key: &str, times: usize) {
    for _ in 0..times {
        app.key(key);
    }
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_huge_board_opens_on_its_star_and_the_scroll_keys_reach_every_edge() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("huge"), &["play", HUGE]);
    let (w, h) = app.size();
    let shot = app.settled_screenshot();
    shot.save(&shots_folder().join("huge-start.png"));
    let top = lightemall_view::MARGIN as u32 + layout(&app, HUGE).panel.expect("a panel").h as u32;
    let star = rgb(Theme::Classic.palette().station);
    let seen = shot.count_in(star, (0, top), (w, h));
    assert!(
        seen >= 10,
        "the star shows when the window opens ({seen} pixels)"
    );
    // The far corner: the bottom and right edges show.
    let full = (w - 2 * lightemall_view::MARGIN as u32) as usize;
    let wait_row = |what: &str, y: u32, edge: bool| {
        e2e::wait_for(what, || {
            let shot = app.screenshot();
            ((background_in_row(&shot, y) == full) == edge).then_some(shot)
        })
    };
    press(&app, "Next", 30);
    press(&app, "End", 30);
    // The row in the margin above the notice strip.
    let above_strip = h - (lightemall_view::NOTICE_STRIP + lightemall_view::MARGIN / 2.0) as u32;
    let corner = wait_row("the bottom edge", above_strip, true);
    corner.save(&shots_folder().join("huge-far-corner.png"));
    assert!(
        background_in_row(&corner, top - 4) < full,
        "the top edge does not show"
    );
    press(&app, "Prior", 30);
    wait_row("the top edge after 30 Page Up", top - 4, true)
        .save(&shots_folder().join("huge-top.png"));
    press(&app, "Next", 1);
    wait_row("one Page Down to move the view", top - 4, false);
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn clicks_with_no_hold_are_all_counted() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("quick-clicks"), &["play", PUZZLE]);
    let at = centre(&app, PUZZLE, 12);
    // Press and release at once, as `xdotool click` does: both reach the
    // game between two of its updates.
    for _ in 0..5 {
        app.quick_clicks(1, at.x, at.y, 1, 0);
    }
    wait_moves(&app, 5);
    // Ten clicks in a burst, 1 ms apart (several in one update).
    app.quick_clicks(1, at.x, at.y, 10, 1);
    wait_moves(&app, 15);
    app.quick_clicks(3, at.x, at.y, 2, 1);
    wait_moves(&app, 17);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(moves_in(&app.title()), Some(17), "no click counted twice");
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn p_pauses_the_game_and_the_title_and_board_say_so() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("pause"), &["play", PUZZLE]);
    let at = centre(&app, PUZZLE, 7);
    app.click(1, at.x, at.y);
    wait_moves(&app, 1);
    let playing = app.settled_screenshot();
    app.key("p");
    app.wait_title("· paused", |t| t.ends_with(" · paused"));
    let paused = app.settled_screenshot();
    paused.save(&shots_folder().join("paused.png"));
    let board = layout(&app, PUZZLE).board;
    let hidden = paused.differences_in(
        &playing,
        (board.x, board.y),
        (board.x + board.w, board.y + board.h),
    );
    assert!(
        hidden as f32 > board.w * board.h / 4.0,
        "the board is hidden"
    );
    app.key("p");
    app.wait_title("no pause", |t| !t.contains("paused"));
}

/// A board that takes long to make (graded, a million tiles): the window
/// opens at once, says what it is making and how long it has taken (its
/// frame changes as the seconds pass: it is not frozen), and Esc leaves
/// while it works.
#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_board_that_takes_long_to_make_shows_how_far_and_esc_leaves() {
    needs_tools();
    const SLOW: &str = "square:1000x1000:graded:hard#3";
    let display = Display::start();
    let mut app = App::start_making(&display, &data_home("making"), &["play", SLOW]);
    let making = format!("LightEmAll · generating {SLOW}");
    assert_eq!(app.title(), making);
    let first = app.screenshot();
    first.save(&shots_folder().join("making.png"));
    let later = e2e::wait_for("the frame to change while the game is made", || {
        let shot = app.screenshot();
        (shot != first && !shot.pixels.is_empty()).then_some(shot)
    });
    later.save(&shots_folder().join("making-later.png"));
    assert_eq!(app.title(), making, "still making it");
    let pressed = Instant::now();
    app.key("Escape");
    assert_eq!(app.wait_exit(), Some(0));
    assert!(
        pressed.elapsed() < Duration::from_secs(10),
        "Esc left while the game was made"
    );
}

/// A click on a 1000x1000 board turns its tile and shows: the title
/// counts the move and the pixels around the click change, well within a
/// generous bound (the latency itself is measured by
/// `docs/bench/window_latency.py`, see docs/benchmarks.md).
#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_click_on_a_1000x1000_board_shows_within_seconds() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("huge-click"), &["play", HUGE]);
    let (w, h) = app.size();
    let before = app.settled_screenshot();
    // A tile in the middle of the board, below the panel.
    let top = layout(&app, HUGE).panel.expect("a panel").h;
    let (x, y) = (w as f32 / 2.0 + 3.0, (h as f32 + top) / 2.0 + 3.0);
    let pressed = Instant::now();
    app.click(1, x, y);
    wait_moves(&app, 1);
    let took = pressed.elapsed();
    let after = app.settled_screenshot();
    after.save(&shots_folder().join("huge-click.png"));
    assert!(
        took < Duration::from_secs(5),
        "the title counted the click after {took:?}"
    );
    assert!(
        after.differences_around(&before, x, y, 6.0) > 0,
        "the pixels around the click changed"
    );
}

/// A 1000x1000 board shows before the solver has rated it (the panel
/// says the rating is to come), and the panel changes by itself, with no
/// input and the clock stopped, once the rating comes.
#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_huge_board_shows_before_its_rating_which_comes_later() {
    needs_tools();
    let display = Display::start();
    let app = App::start(&display, &data_home("huge-rating"), &["play", HUGE]);
    let panel = layout(&app, HUGE).panel.expect("a panel");
    let first = app.settled_screenshot();
    first.save(&shots_folder().join("huge-rating-to-come.png"));
    let changed = |shot: &e2e::image::Image| {
        shot.differences_in(
            &first,
            (panel.x, panel.y),
            (panel.x + panel.w, panel.y + panel.h),
        )
    };
    let rated = e2e::wait_for("the panel to show the rating", || {
        let shot = app.screenshot();
        (changed(&shot) > 0).then_some(shot)
    });
    rated.save(&shots_folder().join("huge-rated.png"));
    assert!(app.title().contains(" · moves 0 · 0:00"), "{}", app.title());
}

/// The save in autosave `slot` of the data folder `home`.
fn autosave_in(home: &std::path::Path, slot: &str) -> Option<lightemall_engine::save::SaveFile> {
    let store = lightemall_store::Store {
        folder: home.join("lightemall"),
    };
    store.load_slot(slot).expect("a readable save")
}

/// Start a game on `display` with data in `home`, make `moves` turns of
/// one tile, and wait for the title to count them.
fn play_some<'d>(
    display: &'d Display,
    home: &std::path::Path,
    moves: u64,
    stderr: std::process::Stdio,
) -> App<'d> {
    let app = App::start_logging(display, home, &["play", PUZZLE], stderr);
    app.wait_title("a game (\" · moves \")", |title| {
        title.contains(" · moves ")
    });
    let at = centre(&app, PUZZLE, 7);
    for _ in 0..moves {
        app.click(1, at.x, at.y);
    }
    wait_moves(&app, moves);
    app
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn sigterm_sighup_and_sigint_keep_the_game_and_exit_with_the_signal() {
    needs_tools();
    let display = Display::start();
    for (signal, number) in [("TERM", 15), ("HUP", 1), ("INT", 2)] {
        let home = data_home(&format!("signal-{signal}"));
        let mut app = play_some(&display, &home, 3, std::process::Stdio::inherit());
        app.signal(signal);
        assert_eq!(app.wait_exit(), Some(128 + number), "SIG{signal}");
        let kept =
            autosave_in(&home, "autosave").unwrap_or_else(|| panic!("SIG{signal}: nothing kept"));
        assert_eq!(kept.moves.len(), 3, "SIG{signal}");
    }
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_lost_display_keeps_the_game() {
    needs_tools();
    let display = Display::start();
    let home = data_home("display-lost");
    let mut app = play_some(&display, &home, 3, std::process::Stdio::inherit());
    display.kill_server();
    assert_eq!(app.wait_exit(), Some(1));
    let kept = autosave_in(&home, "autosave").expect("the game kept");
    assert_eq!(kept.moves.len(), 3);
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_log_that_cannot_be_written_loses_no_game() {
    needs_tools();
    let display = Display::start();
    // stderr on a full device, then a pipe nobody reads: Ctrl+S and Esc
    // each write a line there.
    let full = std::fs::File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    for (name, stderr) in [
        ("log-full", std::process::Stdio::from(full)),
        ("log-closed", std::process::Stdio::piped()),
    ] {
        let home = data_home(name);
        let mut app = play_some(&display, &home, 2, stderr);
        drop(app.child.stderr.take());
        app.key("ctrl+s");
        app.key("Escape");
        app.key("Escape");
        assert_eq!(app.wait_exit(), Some(0), "{name}: no panic");
        let kept = autosave_in(&home, "autosave").expect("kept");
        assert_eq!(kept.moves.len(), 2, "{name}");
    }
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn two_windows_at_once_keep_two_games() {
    needs_tools();
    let display = Display::start();
    let home = data_home("two-windows");
    let mut first = play_some(&display, &home, 1, std::process::Stdio::inherit());
    // Side by side: the second opens where the first was.
    display.xdotool(&["windowmove", "--sync", &first.window, "1000", "0"]);
    let mut second = play_some(&display, &home, 2, std::process::Stdio::inherit());
    for app in [&mut second, &mut first] {
        app.key("Escape");
        app.key("Escape");
        assert_eq!(app.wait_exit(), Some(0));
    }
    assert_eq!(
        autosave_in(&home, "autosave")
            .expect("the first")
            .moves
            .len(),
        1
    );
    assert_eq!(
        autosave_in(&home, "autosave-2")
            .expect("the second")
            .moves
            .len(),
        2
    );
    // The newest game no window plays goes on first.
    let resumed = App::start(&display, &home, &["play", "--resume"]);
    wait_moves(&resumed, 1);
}

/// libfaketime, which sets the clock a program reads (Debian's faketime):
/// the daily of a pinned date played as if on that date.
const FAKETIME: &str = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_daily_won_by_clicks_makes_a_streak_and_a_proof_that_verifies() {
    needs_tools();
    assert!(
        std::path::Path::new(FAKETIME).exists(),
        "needs {FAKETIME} (apt-get install faketime)"
    );
    let display = Display::start();
    let home = data_home("daily");
    let on_the_day = [
        ("LD_PRELOAD", FAKETIME),
        ("FAKETIME", "@2026-11-30 12:00:00"),
        ("FAKETIME_DONT_FAKE_MONOTONIC", "1"),
    ];
    let id = "square:7x7:graded:easy#20261130";
    // Ctrl+D in a game in progress asks first, as does the panel's Daily
    // button; a second click on it plays the daily, its button lit.
    let app = App::start_with_env(&display, &home, &["play", PUZZLE], &on_the_day);
    let at = centre(&app, PUZZLE, 0);
    app.click(1, at.x, at.y);
    wait_moves(&app, 1);
    let (_, daily) = layout(&app, PUZZLE)
        .buttons()
        .into_iter()
        .find(|(b, _)| *b == Button::Daily)
        .expect("a Daily button");
    let lit = |shot: &e2e::image::Image| {
        let chosen = Theme::Classic.palette().button_pressed;
        let chosen = u32::from(chosen.r) << 16 | u32::from(chosen.g) << 8 | u32::from(chosen.b);
        let (x, y) = (daily.x as u32, daily.y as u32);
        let (w, h) = (daily.w as u32, daily.h as u32);
        shot.count_in(chosen, (x, y), (x + w, y + h)) > (w * h / 2) as usize
    };
    assert!(!lit(&app.settled_screenshot()), "not a daily yet");
    let asked = |app: &App| {
        std::thread::sleep(Duration::from_millis(500));
        let title = app.title();
        assert!(title.contains(" 5x5 "), "asked first: {title}");
    };
    // The button asks first in a game in progress; Ctrl+D answers it.
    app.click(1, daily.x + daily.w / 2.0, daily.y + daily.h / 2.0);
    asked(&app);
    app.key("ctrl+d");
    app.wait_title("the daily of 2026-11-30", |t| {
        t.starts_with("LightEmAll · 7x7 easy · ")
    });
    let shot = e2e::wait_for("the Daily button lit", || {
        let shot = app.settled_screenshot();
        lit(&shot).then_some(shot)
    });
    shot.save(&shots_folder().join("daily-started.png"));
    let moves = solve_by_clicks(&app, id);
    app.wait_title("solved", |t| t.ends_with(" · solved"));
    std::thread::sleep(Duration::from_millis(500));
    app.settled_screenshot()
        .save(&shots_folder().join("daily-solved.png"));
    let lightemall = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_lightemall"))
            .args(args)
            .env("XDG_DATA_HOME", &home)
            .envs(on_the_day)
            .output()
            .expect("lightemall runs");
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        (output.status.code(), text)
    };
    let (_, scores) = lightemall(&["scores", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&scores).expect("JSON");
    let daily = &json["daily"];
    assert_eq!(daily["streak"], 1, "{json}");
    assert_eq!(daily["days"][0]["date"], "2026-11-30", "{json}");
    assert_eq!(daily["days"][0]["moves"], moves, "{json}");
    assert_eq!(daily["days"][0]["assisted"], false, "{json}");
    let (code, shared) = lightemall(&["daily", "--share"]);
    assert_eq!(code, Some(0), "{shared}");
    let (line, proof) = shared.trim().split_once('\n').expect("a line and a code");
    assert!(
        line.starts_with("LightEmAll daily 2026-11-30 · 7x7 square, easy (graded) · "),
        "{line}"
    );
    assert!(line.ends_with(" · streak 1"), "{line}");
    let (code, verdict) = lightemall(&["verify", proof, "--date", "2026-11-30"]);
    assert_eq!(code, Some(0), "{verdict}");
    assert!(verdict.contains(&format!("moves: {moves}")), "{verdict}");

    // Ctrl+C puts the same share line, and a proof that verifies, on the
    // clipboard, for a paste in another program.
    app.key("ctrl+c");
    let pasted = wait_for("the share line on the clipboard", || {
        display.clipboard().filter(|text| text.contains("LEA1-"))
    });
    let (copied_line, copied_proof) = pasted.split_once('\n').expect("a line and a code");
    assert_eq!(copied_line, line);
    let (code, verdict) = lightemall(&["verify", copied_proof, "--date", "2026-11-30"]);
    assert_eq!(code, Some(0), "{verdict}");
    assert!(verdict.contains(&format!("moves: {moves}")), "{verdict}");

    // The same proof with its last move taken out proves nothing.
    let mut save = lightemall_engine::proof::decode(copied_proof).expect("the code decodes");
    save.moves.pop().expect("a move to take out");
    let short = Game::from_save(&save, Box::new(ManualClock::default())).expect("it replays");
    let short = lightemall_engine::proof::encode(&short);
    let output = Command::new(env!("CARGO_BIN_EXE_lightemall"))
        .args(["verify", &short])
        .output()
        .expect("lightemall runs");
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{error}");
    assert!(error.contains("do not solve"), "{error}");
}

/// A tile of `id` that no solution has as it stands, so that locking it
/// leaves none.
fn a_wrong_lock(id: &str) -> usize {
    let grid = grid_of(id);
    (0..grid.len())
        .find(|&tile| {
            let mut game = Game::from_id(id, Box::new(ManualClock::default())).unwrap();
            game.play(lightemall_engine::Move::Lock(game.coord_of(tile)))
                .unwrap();
            game.check_locks() == lightemall_engine::LockCheck::Wrong
        })
        .expect("a tile to lock wrong")
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn a_checkpoint_catches_a_wrong_lock_and_the_return_restores_the_board() {
    needs_tools();
    let display = Display::start();
    let home = data_home("checkpoint");
    let log_path = home.join("stderr.txt");
    let log = std::fs::File::create(&log_path).expect("a log file");
    let app = App::start_logging(&display, &home, &["play", PUZZLE], log.into());
    let layout = layout(&app, PUZZLE);
    let board = layout.board;
    let (top_left, bottom_right) = ((board.x, board.y), (board.x + board.w, board.y + board.h));
    let before = app.settled_screenshot();
    app.key("k");
    for tile in [6, 7] {
        let at = centre(&app, PUZZLE, tile);
        app.click(1, at.x, at.y);
    }
    wait_moves(&app, 2);
    let wrong = centre(&app, PUZZLE, a_wrong_lock(PUZZLE));
    app.click(2, wrong.x, wrong.y);
    let told = "No solution keeps these locks · Shift+K goes back to checkpoint 1";
    wait_for("the contradiction told", || {
        let text = std::fs::read_to_string(&log_path).ok()?;
        text.contains(told).then_some(())
    });
    let assumed = app.settled_screenshot();
    assumed.save(&shots_folder().join("checkpoint-assumed.png"));
    assert!(assumed.differences_in(&before, top_left, bottom_right) > 100);
    app.key("shift+k");
    wait_for("the return told", || {
        let text = std::fs::read_to_string(&log_path).ok()?;
        text.contains("Back at checkpoint 1: 3 moves undone")
            .then_some(())
    });
    let back = app.settled_screenshot();
    back.save(&shots_folder().join("checkpoint-back.png"));
    assert_eq!(
        back.differences_in(&before, top_left, bottom_right),
        0,
        "the board pixel for pixel as it was at the checkpoint"
    );
    assert_eq!(moves_in(&app.title()), Some(2), "moves made stay counted");
}

#[test]
#[ignore = "opens a window on Xvfb, driven by xdotool: cargo xtask e2e runs it"]
fn the_very_first_start_teaches_in_three_lessons_and_esc_skips_them_for_good() {
    needs_tools();
    let display = Display::start();
    let home = data_home("lessons");
    let app = App::start(&display, &home, &["play"]);
    let lesson = lightemall_session::lessons::LESSONS[0].id;
    assert!(
        app.title().starts_with("LightEmAll · 3x3 easy · "),
        "{}",
        app.title()
    );
    let shot = app.settled_screenshot();
    shot.save(&shots_folder().join("lesson-1.png"));
    assert!(
        (shot.width, shot.height) >= (640, 400),
        "a tiny board's window is still the smallest frame: {}x{}",
        shot.width,
        shot.height
    );
    // The step's tile, turned the way the caption says, by real clicks.
    let game = Game::from_id(lesson, Box::new(ManualClock::default())).expect("the lesson");
    let Hint::Turn { tile, .. } = game.hint() else {
        panic!("a first step");
    };
    let at = centre(&app, lesson, tile);
    app.click(1, at.x, at.y);
    wait_moves(&app, 1);
    app.settled_screenshot()
        .save(&shots_folder().join("lesson-1-step.png"));
    app.key("Escape");
    app.wait_title("the game after the lessons", |t| t.contains(" 10x10 "));
    let lessons_file = home.join("lightemall").join(lightemall_store::LESSONS_FILE);
    assert!(lessons_file.exists(), "skipped for good");
    assert!(
        autosave_in(&home, "autosave").is_none(),
        "a lesson is never kept"
    );
    app.settled_screenshot()
        .save(&shots_folder().join("lessons-skipped.png"));
    drop(app);
    // Never again: the next plain start plays a game at once.
    let again = App::start(&display, &home, &["play"]);
    let title = again.wait_title("a game, not a lesson", |t| t.contains(" 10x10 "));
    assert!(!title.contains(" 3x3 "), "{title}");
}
