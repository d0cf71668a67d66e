//! The session as a player drives it: clicks and keys in, engine moves and
//! interface state out, on a fixed puzzle with a clock that stands still.

use super::scores::scores_lines;
use super::*;
use crate::mouse::MouseEvent;
use lightemall_engine::ManualClock;
use lightemall_store::Store;
use lightemall_view::CELEBRATION_MS;
use std::path::PathBuf;

const PUZZLE: &str = "square:5x5:kruskal:easy#7";

fn session_in(id: &str, folder: Option<PathBuf>) -> Session {
    let game = Game::from_id(id, Box::new(ManualClock::default())).expect("puzzle");
    let files = Files::unclaimed(folder.map(|folder| Store { folder }));
    let mut seeds = 100..;
    let fresh = Fresh {
        clock: Box::new(|| Box::new(ManualClock::default())),
        seed: Box::new(move || seeds.next().unwrap_or_default()),
    };
    Session::new(game, files, fresh)
}

fn session() -> Session {
    session_in(PUZZLE, None)
}

fn scratch_folder(name: &str) -> PathBuf {
    let folder =
        std::env::temp_dir().join(format!("lightemall-session-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    folder
}

fn layout(session: &Session) -> Layout {
    Layout::fit(session.game().board().grid(), 640, 480, true)
}

fn click(session: &mut Session, button: MouseButton, tile: usize, shift: bool) -> bool {
    let layout = layout(session);
    let c = layout.centre(tile);
    let at = (c.x, c.y);
    let pressed = session.pointer(MouseEvent::Pressed { button, at }, &layout, shift, 0);
    let released = MouseEvent::Released {
        button,
        at,
        dragged: false,
    };
    session.pointer(released, &layout, shift, 0) || pressed
}

fn tiles(session: &Session) -> Vec<u8> {
    session.game().board().tiles().iter().map(|t| t.0).collect()
}

#[test]
fn a_left_click_turns_the_tile_clockwise_and_a_right_click_back() {
    let mut s = session();
    let before = tiles(&s);
    assert!(click(&mut s, MouseButton::Left, 6, false));
    assert_eq!(s.game().moves_made(), 1);
    assert_eq!(s.game().history().len(), 1);
    assert_ne!(tiles(&s)[6], before[6], "tile 6 turned");
    assert_eq!(tiles(&s)[..6], before[..6], "nothing else turned");
    assert!(
        s.animation(0)
            .turning
            .is_some_and(|t| t.tile == 6 && t.clockwise)
    );
    assert!(click(&mut s, MouseButton::Right, 6, false));
    assert_eq!(tiles(&s), before);
    assert_eq!(s.game().moves_made(), 2);
}

#[test]
fn a_locked_tile_does_not_turn() {
    let mut s = session();
    assert!(
        click(&mut s, MouseButton::Left, 3, true),
        "shift+click locks"
    );
    assert!(s.game().state().locked[3]);
    assert!(!click(&mut s, MouseButton::Left, 3, false));
    assert!(
        click(&mut s, MouseButton::Middle, 3, false),
        "middle click unlocks"
    );
    assert!(!s.game().state().locked[3]);
    assert_eq!(s.game().moves_made(), 0, "locks are free");
}

#[test]
fn clicks_off_the_board_do_nothing() {
    let mut s = session();
    let layout = layout(&s);
    for at in [
        (1.0, 479.0),
        (-50.0, -50.0),
        (639.0, 300.0),
        (f32::NAN, 3.0),
    ] {
        let pressed = MouseEvent::Pressed {
            button: MouseButton::Left,
            at,
        };
        assert!(!s.pointer(pressed, &layout, false, 0), "{at:?}");
    }
    assert_eq!(s.game().moves_made(), 0);
}

#[test]
fn headings_pick_the_nearest_direction_of_the_topology() {
    let name = |id: &str, degrees: u16| {
        let s = session_in(id, None);
        let topology = s.game().board().grid().topology();
        s.direction_toward(Heading(degrees))
            .map(|dir| topology.direction(dir).name)
    };
    assert_eq!(name(PUZZLE, 0), Some("N"));
    assert_eq!(name(PUZZLE, 315), None, "no diagonals on a square board");
    assert_eq!(name("octo:5x5:kruskal:easy#7", 315), Some("NW"));
    assert_eq!(name("hex:6x6:kruskal:easy#7", 90), Some("E"));
    assert_eq!(name("hex:6x6:kruskal:easy#7", 0), Some("NE"));
}

#[test]
fn the_arrows_move_the_station_only_along_a_wire() {
    let mut s = session();
    let mut moved = 0;
    for degrees in [0, 90, 180, 270] {
        let from = s.game().state().station;
        if s.apply(Action::Arrow(Heading(degrees)), 0) {
            moved += 1;
            assert_ne!(s.game().state().station, from);
        } else {
            assert_eq!(s.game().state().station, from);
        }
    }
    assert_eq!(s.game().moves_made(), moved);
}

#[test]
fn tab_gives_the_arrows_to_a_cursor_that_turns_and_locks() {
    let mut s = session();
    assert!(s.apply(Action::SwitchArrows, 0));
    assert_eq!(s.ui().cursor, Some(0), "the cursor starts on the station");
    assert!(s.apply(Action::Arrow(Heading(90)), 0));
    assert!(s.apply(Action::Arrow(Heading(180)), 0));
    assert_eq!(s.ui().cursor, Some(6));
    assert!(!s.apply(Action::Arrow(Heading(270)), 0) || s.ui().cursor == Some(5));
    let before = tiles(&s);
    let cursor = s.ui().cursor.expect("cursor");
    assert!(s.apply(Action::TurnCursor { clockwise: true }, 0));
    assert_ne!(tiles(&s)[cursor], before[cursor]);
    assert!(s.apply(Action::LockCursor, 0));
    assert!(s.game().state().locked[cursor]);
    assert!(s.apply(Action::SwitchArrows, 0));
    assert_eq!(
        s.ui().cursor,
        None,
        "no cursor shown while the arrows move the station"
    );
}

#[test]
fn the_cursor_stops_at_the_edge() {
    let mut s = session();
    s.apply(Action::SwitchArrows, 0);
    assert!(!s.apply(Action::Arrow(Heading(0)), 0));
    assert!(!s.apply(Action::Arrow(Heading(270)), 0));
    assert_eq!(s.ui().cursor, Some(0));
}

/// Turn every tile to the generator's solution, by clicks.
fn solve_by_clicks(s: &mut Session) {
    let topology = s.game().board().grid().topology();
    let solution = s.game().facts().solution.clone().expect("a solution");
    for (tile, to) in solution.into_iter().enumerate() {
        let now = s.game().board().tiles()[tile];
        let steps = now.steps_to(topology, to).expect("same shape");
        for _ in 0..steps {
            click(s, MouseButton::Left, tile, false);
        }
    }
}

#[test]
fn a_win_is_celebrated_and_recorded_once() {
    let folder = scratch_folder("win");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    solve_by_clicks(&mut s);
    assert!(s.game().is_solved());
    assert!(
        s.game().title().ends_with(" · solved"),
        "{}",
        s.game().title()
    );
    assert_eq!(s.animation(0).won_since_ms, Some(0));
    let notices = s.take_notices();
    assert_eq!(notices, ["A new best time for 5x5 square, easy (kruskal)!"]);
    let win = s.ui().win.expect("a summary");
    assert_eq!(win.moves, s.game().moves_made());
    assert_eq!(win.par, s.game().facts().par);
    assert_eq!(win.new_best, Some(true));
    let scores = Store {
        folder: folder.clone(),
    }
    .scores()
    .expect("scores");
    assert_eq!(scores.scores.len(), 1);
    s.apply(Action::Scores, 0);
    let chart = s.scores_chart().expect("the preset's results charted");
    assert_eq!(chart.title, "5x5 square, easy (kruskal): the results kept");
    assert_eq!(chart.points.len(), 1);
    s.apply(Action::Scores, 0);
    assert!(s.scores_chart().is_none(), "B again closes it");
    assert!(!s.apply(Action::Undo, CELEBRATION_MS) || !s.game().is_solved());
    assert_eq!(s.animation(0).won_since_ms, None, "undone: no longer won");
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn esc_closes_the_help_first_then_autosaves_and_quits() {
    let folder = scratch_folder("quit");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    click(&mut s, MouseButton::Left, 7, false);
    s.apply(Action::Help, 0);
    assert!(s.apply(Action::Quit, 0));
    assert!(!s.wants_quit());
    assert!(
        s.apply(Action::Quit, 0),
        "a game in progress: Esc asks first"
    );
    assert_eq!(s.notice(0).expect("a notice").text, LEAVE_ASKED);
    assert!(!s.wants_quit());
    assert!(!s.apply(Action::Quit, 0));
    assert!(s.wants_quit());
    let saved = Store {
        folder: folder.clone(),
    }
    .load_slot(lightemall_store::AUTOSAVE_SLOT)
    .expect("readable")
    .expect("autosaved");
    let resumed = Game::from_save(&saved, Box::new(ManualClock::default())).expect("loads");
    assert_eq!(resumed.board(), s.game().board());
    assert_eq!(resumed.moves_made(), 1);
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn save_and_load_bring_the_game_back() {
    let folder = scratch_folder("save");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    click(&mut s, MouseButton::Left, 2, false);
    let saved_board = s.game().board().clone();
    assert!(s.apply(Action::Save, 0), "the notice shows");
    click(&mut s, MouseButton::Left, 4, false);
    let played = s.game().board().clone();
    assert!(s.apply(Action::Load, 0), "the question shows");
    assert_eq!(
        s.game().board(),
        &played,
        "a game in progress: L asks first"
    );
    let asked = s.notice(0).expect("a notice").text.clone();
    assert!(asked.starts_with("L again loads the saved game"), "{asked}");
    assert!(s.apply(Action::Load, 0));
    assert_eq!(s.game().board(), &saved_board);
    assert!(s.take_notices().iter().any(|n| n.contains("loaded")));
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn without_a_store_saving_says_so_and_changes_nothing() {
    let mut s = session();
    let before = tiles(&s);
    assert!(s.apply(Action::Save, 0), "the notice shows");
    assert!(s.apply(Action::Load, 0), "the notice shows");
    assert_eq!(tiles(&s), before);
    assert_eq!(s.version(), 0, "the game did not change");
    let notices = s.take_notices();
    assert_eq!(notices.len(), 2);
    assert!(
        notices.iter().all(|n| n.contains("no folder")),
        "{notices:?}"
    );
}

#[test]
fn a_save_shows_a_notice_until_it_expires() {
    let folder = scratch_folder("notice");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    assert_eq!(s.notice(0), None);
    let at = 10_000;
    assert!(s.apply(Action::Save, at));
    let notice = s.notice(at).expect("a notice");
    assert!(notice.text.starts_with("saved to "), "{notice:?}");
    assert!(notice.text.contains(&folder.display().to_string()));
    assert_eq!(notice.since_ms, at);
    assert!(s.notice(at + NOTICE_MS - 1).is_some(), "still shown");
    assert_eq!(s.notice(at + NOTICE_MS), None, "gone after NOTICE_MS");
    assert_eq!(s.notice(u64::MAX), None);
    let logged = s.take_notices();
    assert_eq!(logged, vec![notice_text(&s, at)], "and logged");
    let _ = std::fs::remove_dir_all(folder);
}

fn notice_text(s: &Session, now_ms: u64) -> String {
    s.notice(now_ms).map(|n| n.text.clone()).unwrap_or_default()
}

#[test]
fn a_newer_notice_replaces_an_older_one_and_starts_its_own_time() {
    let folder = scratch_folder("newer");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    s.apply(Action::Save, 0);
    assert!(notice_text(&s, 0).starts_with("saved to "));
    assert!(s.apply(Action::Load, 3000));
    assert_eq!(notice_text(&s, 3000), "loaded the saved game");
    assert_eq!(s.notice(3000).map(|n| n.since_ms), Some(3000));
    assert_eq!(
        notice_text(&s, 3000 + NOTICE_MS - 1),
        "loaded the saved game",
        "its own time, not what was left of the older one's"
    );
    assert_eq!(s.take_notices().len(), 2, "both logged");
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn panel_buttons_start_new_games() {
    let mut s = session();
    let layout = layout(&s);
    let (_, rect) = layout
        .buttons()
        .into_iter()
        .find(|(b, _)| *b == Button::Hard)
        .expect("a Hard button");
    let at = (rect.x + rect.w / 2.0, rect.y + rect.h / 2.0);
    let press = MouseEvent::Pressed {
        button: MouseButton::Left,
        at,
    };
    assert!(s.pointer(press, &layout, false, 0));
    assert_eq!(s.ui().pressed, Some(Button::Hard));
    let release = MouseEvent::Released {
        button: MouseButton::Left,
        at,
        dragged: false,
    };
    assert!(s.pointer(release, &layout, false, 0));
    let params = s.game().origin().params.expect("seeded");
    assert_eq!(params.difficulty, Difficulty::Hard);
    assert_eq!(params.seed, 100);
    assert_eq!(s.ui().pressed, None);
    s.apply(Action::Press(Button::Size), 0);
    assert_eq!(s.game().board().grid().width(), 7);
    s.apply(Action::OctoMode, 0);
    assert_eq!(s.game().board().grid().topology(), Topology::Octo);
}

#[test]
fn pause_refuses_moves_until_resumed() {
    let mut s = session();
    assert!(s.apply(Action::Pause, 0));
    assert!(s.game().is_paused());
    assert!(!click(&mut s, MouseButton::Left, 6, false));
    assert!(s.apply(Action::Pause, 0));
    assert!(click(&mut s, MouseButton::Left, 6, false));
}

#[test]
fn toggles_theme_radius_fog_and_jumble() {
    let mut s = session();
    let theme = s.ui().theme;
    assert!(s.apply(Action::Theme, 0));
    assert_ne!(s.ui().theme, theme);
    assert!(s.apply(Action::Radius, 0));
    assert!(s.game().radius().is_some());
    assert!(s.apply(Action::Fog, 0));
    assert!(s.game().state().fog_on);
    assert!(s.apply(Action::Jumble, 0));
    assert_eq!(s.game().moves_made(), 1);
    assert!(s.apply(Action::Undo, 0));
    assert!(s.apply(Action::Redo, 0));
}

#[test]
fn zoom_and_pan_change_the_viewport_and_zooming_home_centres_it() {
    let mut s = session_in("square:40x40:kruskal:easy#7", None);
    s.resize(640, 480);
    assert_eq!(s.viewport(), Viewport::default(), "the board fits");
    assert!(s.apply(Action::Zoom(5), 0));
    let centred = s.viewport().pan;
    assert!(s.apply(Action::Shift(Heading(90)), 0));
    let layout = layout(&s);
    let drag = MouseEvent::Dragged { dx: 10.0, dy: -4.0 };
    assert!(s.pointer(drag, &layout, false, 0));
    assert_eq!(s.viewport().zoom, 5);
    assert_eq!(centred, (0.0, 0.0));
    assert_eq!(s.viewport().pan, (-PAN_STEP + 10.0, -4.0));
    for _ in 0..40 {
        s.apply(Action::Zoom(1), 0);
    }
    assert_eq!(s.viewport().zoom, MAX_ZOOM);
    assert!(!s.apply(Action::Zoom(1), 0), "no further");
    s.apply(Action::Zoom(-MAX_ZOOM), 0);
    assert_eq!(s.viewport(), Viewport::default());
}

/// The board's rectangle in a `width` x `height` window.
fn board_in(s: &Session, width: u32, height: u32) -> lightemall_view::Rect {
    s.layout(width, height).board
}

#[test]
fn scroll_keys_reach_every_edge_and_a_press_back_moves_at_once() {
    let mut s = session_in("square:200x200:kruskal:easy#7", None);
    s.resize(800, 600);
    for _ in 0..6 {
        s.apply(Action::Zoom(1), 0);
    }
    let pages = |s: &mut Session, heading: u16, presses: usize| {
        (0..presses)
            .filter(|_| s.apply(Action::Pan(Heading(heading)), 0))
            .count()
    };
    let moved = pages(&mut s, 0, 500);
    assert!(moved < 500, "it stops at the top edge");
    let top = board_in(&s, 800, 600);
    assert_eq!(top.y, 104.0 + lightemall_view::MARGIN, "the top edge shows");
    assert!(
        s.apply(Action::Pan(Heading(180)), 0),
        "one press back moves"
    );
    assert!(board_in(&s, 800, 600).y < top.y);
    pages(&mut s, 180, 500);
    let bottom = board_in(&s, 800, 600);
    assert!(bottom.y + bottom.h <= 600.0 - lightemall_view::MARGIN);
    pages(&mut s, 270, 500);
    assert_eq!(board_in(&s, 800, 600).x, lightemall_view::MARGIN);
    pages(&mut s, 90, 500);
    let right = board_in(&s, 800, 600);
    assert!(right.x + right.w <= 800.0 - lightemall_view::MARGIN);
    assert!(
        s.apply(Action::Pan(Heading(270)), 0),
        "one press back moves"
    );
}

#[test]
fn a_drag_past_the_edge_is_not_stored_up() {
    let mut s = session_in("square:60x60:kruskal:easy#7", None);
    s.resize(640, 480);
    s.apply(Action::Zoom(5), 0);
    let layout = layout(&s);
    let far = MouseEvent::Dragged { dx: -1e6, dy: 0.0 };
    assert!(s.pointer(far, &layout, false, 0));
    let stopped = s.viewport().pan;
    assert!(!s.pointer(far, &layout, false, 0), "no further");
    let back = MouseEvent::Dragged { dx: 5.0, dy: 0.0 };
    assert!(s.pointer(back, &layout, false, 0));
    assert_eq!(s.viewport().pan.0, stopped.0 + 5.0);
    s.apply(Action::Zoom(-5), 0);
    assert_eq!(s.viewport().pan, (0.0, 0.0), "zoomed out, the board fits");
}

#[test]
fn a_new_game_opens_with_its_station_in_view() {
    // A Kruskal puzzle's station is at (0, 0), in the far corner of a
    // board larger than the window even at the smallest tiles.
    let mut s = session_in("square:300x300:kruskal:easy#7", None);
    let station = |s: &Session| s.game().state().station;
    assert_eq!(station(&s), 0);
    let (width, height) = (480, 360);
    let in_view = |s: &Session| {
        let layout = s.layout(width, height);
        let c = layout.centre(station(s));
        let view = lightemall_view::Rect::new(0.0, 104.0, width as f32, height as f32 - 104.0);
        view.contains(c)
    };
    assert!(
        !in_view(&s),
        "the board is centred before the window's size is known"
    );
    assert!(s.resize(width, height));
    assert!(in_view(&s));
    s.apply(Action::Pan(Heading(90)), 0);
    s.apply(Action::Pan(Heading(180)), 0);
    assert!(
        !s.resize(width, height),
        "only a new game is brought to its station"
    );
    s.apply(Action::NewGame, 0);
    assert!(in_view(&s), "a new game");
}

#[test]
fn g_shows_a_new_game_being_built_then_plays_it() {
    let mut s = session();
    assert!(s.apply(Action::GenerationDemo, 0));
    let params = s.demo().expect("the demo runs").params;
    assert_eq!(params.seed, 100);
    assert!(s.tick(crate::demo::STEP_MS), "a step shows");
    assert!(
        !click(&mut s, MouseButton::Left, 3, false),
        "no play during the demo"
    );
    s.apply(Action::Zoom(1), 0);
    assert_eq!(
        s.viewport(),
        Viewport::default(),
        "+ speeds the demo, no zoom"
    );
    assert!(s.tick(u64::MAX / 2));
    assert!(s.demo().is_none());
    assert_eq!(s.game().origin().params, Some(params));
    assert!(s.apply(Action::GenerationDemo, 0));
    assert!(s.apply(Action::Quit, 0), "Esc ends the demo early");
    assert!(s.demo().is_none() && !s.wants_quit());
}

#[test]
fn the_wheel_zooms_toward_the_pointer() {
    let mut s = session_in("square:40x40:kruskal:easy#3", None);
    s.resize(640, 480);
    s.apply(Action::Zoom(4), 0);
    let before = s.layout(640, 480);
    let tile = s.game().board().grid().index(12, 12);
    let at = before.centre(tile);
    assert!(s.zoom_at(1, (at.x, at.y), &before, 0));
    let zoomed = s.layout(640, 480);
    assert!(zoomed.cell > before.cell);
    let after = zoomed.centre(tile);
    assert!((after.x - at.x).abs() <= zoomed.cell, "{after:?} vs {at:?}");
    assert!((after.y - at.y).abs() <= zoomed.cell, "{after:?} vs {at:?}");
    assert_eq!(zoomed.hit(at.x, at.y), Some(Hit::Tile(tile)));
}

#[test]
fn shift_arrows_shift_a_wrapping_board_round_and_pan_others() {
    let mut s = session_in("square:5x4w:kruskal:easy#3", None);
    assert!(s.apply(Action::Shift(Heading(90)), 0));
    assert!(s.apply(Action::Shift(Heading(0)), 0));
    assert_eq!(s.viewport().shift, (1, 3));
    let layout = s.layout(640, 480);
    let c = layout.centre(0);
    assert_eq!(layout.hit(c.x, c.y), Some(Hit::Tile(0)));
    let mut hex = session_in("hex:6x4w:kruskal:easy#3", None);
    hex.apply(Action::Shift(Heading(180)), 0);
    assert_eq!(hex.viewport().shift, (0, 2), "hex rows shift in pairs");
    let mut flat = session();
    assert!(flat.apply(Action::Shift(Heading(90)), 0));
    assert_eq!(flat.viewport().shift, (0, 0));
    assert_ne!(flat.viewport().pan, (0.0, 0.0));
}

mod assist {
    //! Hint, Solve and Restart as the player meets them.

    use super::super::assist::{
        ALREADY_SOLVED, AT_THE_START, Advice, LOCKS_WRONG, NO_SOLUTION, RESTARTED, SOLVE_ASKED,
        SOLVED, WIRES_RIGHT, advice, hint_text,
    };
    use super::*;
    use lightemall_engine::{Hint, Why};
    use lightemall_model::Tile;
    use lightemall_view::HintMark;

    fn check_advice(topology: Topology, from: u8, to: u8, expect: Option<(u32, bool)>) {
        let got = advice(topology, Tile(from), Tile(to));
        let expect = expect.map(|(steps, clockwise)| Advice { steps, clockwise });
        assert_eq!(got, expect, "{topology} {from} -> {to}");
    }

    #[test]
    fn a_hint_advises_the_shorter_way_round() {
        // N+E to W+N: three steps clockwise, or one anticlockwise.
        check_advice(Topology::Square, 3, 9, Some((1, false)));
        // A straight line turns one step either way: clockwise, a left click.
        check_advice(Topology::Square, 5, 10, Some((1, true)));
        // A half turn is as short both ways: clockwise.
        check_advice(Topology::Square, 7, 13, Some((2, true)));
        check_advice(Topology::Octo, 1, 128, Some((1, false)));
        check_advice(Topology::Octo, 1, 16, Some((4, true)));
        check_advice(Topology::Hex, 1, 8, Some((3, true)));
        check_advice(Topology::Hex, 1, 16, Some((2, false)));
        check_advice(Topology::Square, 5, 5, None);
        check_advice(Topology::Square, 1, 3, None);
    }

    #[test]
    fn a_hint_says_column_row_steps_and_way() {
        let text = |steps, clockwise, first| {
            hint_text(3, 5, Some(Advice { steps, clockwise }), None, first)
        };
        assert_eq!(
            text(1, true, false),
            "hint: turn the tile at column 3, row 5 one step clockwise"
        );
        assert_eq!(
            text(3, false, true),
            "hint: turn the tile at column 3, row 5 three steps anticlockwise; \
             no score for this game"
        );
        assert_eq!(
            hint_text(10, 1, None, None, false),
            "hint: turn the tile at column 10, row 1"
        );
        assert_eq!(
            hint_text(2, 4, None, Some("any other way closes a loop"), false),
            "hint: turn the tile at column 2, row 4: any other way closes a loop"
        );
    }

    fn the_hint(s: &Session) -> (usize, Tile, Option<Why>) {
        match s.game().hint() {
            Hint::Turn { tile, to, why, .. } => (tile, to, why),
            other => panic!("a scrambled board needs a turn, not {other:?}"),
        }
    }

    #[test]
    fn ctrl_h_names_and_marks_a_tile_to_turn_and_the_game_is_no_longer_scored() {
        let mut s = session();
        let before = tiles(&s);
        let (tile, to, why) = the_hint(&s);
        let why = why.expect("reasoning finds the first turn of a unique puzzle");
        let (x, y) = s.game().board().grid().coords(tile);
        let way = advice(Topology::Square, Tile(before[tile]), to).expect("a turn");
        assert!(s.apply(Action::Hint, 1000));
        let text = notice_text(&s, 1000);
        let reason = why.technique.reason();
        let expected = hint_text(x + 1, y + 1, Some(way), Some(reason), true);
        assert_eq!(text, expected);
        assert!(text.ends_with("; no score for this game"), "{text}");
        // The tiles that force it are outlined with the mark.
        let forcing: Vec<u32> = why.because.iter().map(|&t| t as u32).collect();
        assert_eq!(s.hint_forcing(), &forcing[..]);
        let mark = HintMark {
            tile,
            clockwise: way.clockwise,
        };
        assert_eq!(s.hint_mark(1000), Some(mark));
        assert!(s.game().is_assisted());
        assert_eq!(tiles(&s), before, "a hint turns nothing");
        assert_eq!(s.game().moves_made(), 0);
        assert!(s.apply(Action::Hint, 2000));
        assert!(
            !notice_text(&s, 2000).contains("score"),
            "only the first hint says so"
        );
        assert_eq!(s.hint_mark(2000 + NOTICE_MS - 1), Some(mark));
        assert_eq!(s.hint_mark(2000 + NOTICE_MS), None, "gone with its notice");
    }

    #[test]
    fn the_mark_goes_at_the_next_move_and_with_a_newer_notice() {
        let mut s = session();
        s.apply(Action::Hint, 0);
        let (tile, _, _) = the_hint(&s);
        assert!(s.hint_mark(0).is_some());
        let other = (tile + 1) % 25;
        assert!(click(&mut s, MouseButton::Left, other, false));
        assert_eq!(s.hint_mark(0), None, "a move takes the mark away");
        assert!(s.notice(0).is_some(), "the notice stays its time");
        s.apply(Action::Hint, 0);
        assert!(s.hint_mark(0).is_some());
        s.apply(Action::Save, 0);
        assert_eq!(s.hint_mark(0), None, "its notice was replaced");
    }

    #[test]
    fn a_hinted_win_is_not_recorded() {
        let folder = scratch_folder("hinted-win");
        let mut s = session_in(PUZZLE, Some(folder.clone()));
        s.apply(Action::Hint, 0);
        solve_by_clicks(&mut s);
        assert!(s.game().is_solved());
        assert!(
            !s.take_notices().iter().any(|n| n.contains("best result")),
            "no best result for an assisted game"
        );
        let scores = Store {
            folder: folder.clone(),
        }
        .scores()
        .expect("scores");
        assert!(scores.scores.is_empty(), "{scores:?}");
        let _ = std::fs::remove_dir_all(folder);
    }

    #[test]
    fn a_hint_counts_columns_and_rows_as_shown_on_a_shifted_board() {
        let mut s = session_in("square:5x4w:kruskal:easy#3", None);
        s.apply(Action::Shift(Heading(90)), 0);
        s.apply(Action::Shift(Heading(0)), 0);
        assert_eq!(s.viewport().shift, (1, 3));
        let (tile, _, _) = the_hint(&s);
        let (x, y) = s.game().board().grid().coords(tile);
        s.apply(Action::Hint, 0);
        let at = format!("column {}, row {} ", (x + 1) % 5 + 1, (y + 3) % 4 + 1);
        assert!(
            notice_text(&s, 0).contains(&at),
            "{} vs {at}",
            notice_text(&s, 0)
        );
        let layout = s.layout(640, 480);
        let shown = layout.centre(tile);
        let column = ((shown.x - layout.board.x) / layout.cell) as usize + 1;
        let row = ((shown.y - layout.board.y) / layout.cell) as usize + 1;
        assert!(
            notice_text(&s, 0).contains(&format!("column {column}, row {row} ")),
            "where the view shows it"
        );
        assert_ne!((column, row), (x + 1, y + 1), "the shift moved it");
    }

    #[test]
    fn a_hint_without_a_turn_says_why_and_leaves_the_game_scored() {
        let mut s = session();
        solve_by_clicks(&mut s);
        assert!(s.apply(Action::Hint, 0));
        assert_eq!(notice_text(&s, 0), ALREADY_SOLVED);
        // With the radius on, the same right wires may not reach every tile.
        s.apply(Action::Radius, 0);
        assert!(!s.game().is_solved(), "the corner star's radius is short");
        assert!(s.apply(Action::Hint, 0));
        assert_eq!(notice_text(&s, 0), WIRES_RIGHT);
        assert_eq!(s.hint_mark(0), None);

        let mut s = session_in("square:3x3:kruskal:medium#2", None);
        let solution = s.game().facts().solution.clone().expect("generated");
        while s.game().board().tile(1) == solution[1] {
            click(&mut s, MouseButton::Left, 1, false);
        }
        click(&mut s, MouseButton::Left, 1, true);
        assert!(s.apply(Action::Hint, 0));
        assert_eq!(notice_text(&s, 0), LOCKS_WRONG);
        assert!(!s.game().is_assisted());
    }

    #[test]
    fn solve_asks_first_and_solves_on_the_second_press() {
        let mut s = session();
        let before = tiles(&s);
        assert!(s.apply(Action::Solve, 0));
        assert_eq!(notice_text(&s, 0), SOLVE_ASKED);
        assert_eq!(tiles(&s), before, "one press does nothing to the board");
        assert!(!s.game().is_assisted());
        assert!(s.apply(Action::Solve, 500));
        assert!(s.game().is_solved());
        assert!(s.game().title().ends_with(" · solved"));
        assert!(s.game().is_assisted());
        assert_eq!(s.game().history().len(), 1, "one move");
        assert_eq!(notice_text(&s, 500), SOLVED);
        assert_eq!(s.animation(500).won_since_ms, Some(500));
        assert!(s.apply(Action::Undo, 600), "Ctrl+Z takes it back");
        assert_eq!(tiles(&s), before);
        assert!(s.apply(Action::Solve, 700));
        assert_eq!(notice_text(&s, 700), SOLVE_ASKED, "asks again");
    }

    #[test]
    fn any_other_action_cancels_a_solve_asked_for() {
        let mut s = session();
        let layout = layout(&s);
        let before = tiles(&s);
        s.apply(Action::Solve, 0);
        assert!(s.apply(Action::Theme, 0));
        assert_eq!(s.notice(0), None, "the question goes");
        assert!(s.apply(Action::Solve, 0));
        assert_eq!(notice_text(&s, 0), SOLVE_ASKED, "asked again, not solved");
        assert!(
            s.apply(Action::Undo, 0),
            "nothing to undo, but the question goes"
        );
        s.apply(Action::Solve, 0);
        let moved = MouseEvent::Moved { at: (1.0, 1.0) };
        s.pointer(moved, &layout, false, 0);
        assert_eq!(
            notice_text(&s, 0),
            SOLVE_ASKED,
            "moving the pointer is no action"
        );
        click(&mut s, MouseButton::Left, 24, false);
        let after_click = tiles(&s);
        s.apply(Action::Solve, 0);
        assert_eq!(notice_text(&s, 0), SOLVE_ASKED);
        assert_eq!(tiles(&s), after_click);
        s.apply(Action::Solve, 0);
        assert!(s.game().is_solved(), "two presses in a row solve");
        assert_ne!(before, tiles(&s));
    }

    #[test]
    fn a_solve_asked_for_lapses_with_its_notice() {
        let mut s = session();
        s.apply(Action::Solve, 0);
        s.apply(Action::Solve, NOTICE_MS);
        assert!(!s.game().is_solved());
        assert_eq!(notice_text(&s, NOTICE_MS), SOLVE_ASKED);
        s.apply(Action::Solve, NOTICE_MS + 1);
        assert!(s.game().is_solved());
    }

    #[test]
    fn solve_says_why_it_cannot() {
        let mut s = session_in("square:3x3:kruskal:medium#2", None);
        let solution = s.game().facts().solution.clone().expect("generated");
        while s.game().board().tile(1) == solution[1] {
            click(&mut s, MouseButton::Left, 1, false);
        }
        click(&mut s, MouseButton::Left, 1, true);
        let before = tiles(&s);
        s.apply(Action::Solve, 0);
        s.apply(Action::Solve, 0);
        assert!(
            notice_text(&s, 0).contains("no solution keeps the locked tiles"),
            "{}",
            notice_text(&s, 0)
        );
        assert_eq!(tiles(&s), before);
        assert!(!s.game().is_assisted());
        solve_by_hand_unlocked(&mut s);
        s.apply(Action::Solve, 0);
        assert_eq!(notice_text(&s, 0), ALREADY_SOLVED);
    }

    /// Unlock tile 1 and turn every tile to the solution.
    fn solve_by_hand_unlocked(s: &mut Session) {
        click(s, MouseButton::Left, 1, true);
        solve_by_clicks(s);
        assert!(s.game().is_solved());
    }

    #[test]
    fn ctrl_r_goes_back_to_the_start_and_redo_brings_the_moves_back() {
        let mut s = session();
        let start = tiles(&s);
        assert!(s.apply(Action::Restart, 0));
        assert_eq!(notice_text(&s, 0), AT_THE_START);
        assert_eq!(s.version(), 0, "nothing changed");
        click(&mut s, MouseButton::Left, 6, false);
        click(&mut s, MouseButton::Left, 7, true);
        click(&mut s, MouseButton::Right, 8, false);
        let end = s.game().state().clone();
        assert!(s.apply(Action::Restart, 0));
        assert_eq!(notice_text(&s, 0), RESTARTED);
        assert_eq!(tiles(&s), start);
        assert!(!s.game().state().locked[7]);
        assert_eq!(s.game().moves_made(), 2, "the moves made stay counted");
        while s.apply(Action::Redo, 0) {}
        assert_eq!(s.game().state(), &end);
    }

    #[test]
    fn a_puzzle_without_a_solution_is_told_so_not_a_wrong_lock() {
        let mut s = session_in("2x2:0000", None);
        assert!(s.apply(Action::Hint, 0));
        assert_eq!(s.notice(0).expect("told").text, NO_SOLUTION);
        assert_eq!(s.hint_mark(0), None, "no tile marked");
        assert!(s.apply(Action::Check, 1));
        assert_eq!(s.notice(1).expect("told").text, NO_SOLUTION);
    }

    #[test]
    fn paused_or_in_the_demo_they_do_nothing() {
        let mut s = session();
        click(&mut s, MouseButton::Left, 6, false);
        s.apply(Action::Pause, 0);
        let board = tiles(&s);
        for action in [Action::Hint, Action::Solve, Action::Solve, Action::Restart] {
            assert!(!s.apply(action, 0), "{action:?}");
        }
        assert_eq!(tiles(&s), board);
        assert_eq!(s.notice(0), None);
        assert!(!s.game().is_assisted());
        s.apply(Action::Pause, 0);
        // A game in progress: G asks first.
        s.apply(Action::GenerationDemo, 0);
        s.apply(Action::GenerationDemo, 0);
        for action in [Action::Hint, Action::Solve, Action::Solve, Action::Restart] {
            assert!(!s.apply(action, 0), "{action:?}");
        }
        assert!(s.demo().is_some());
        assert_eq!(s.notice(0), None);
    }
}

/// A slot the autosave may not replace: a file of the player's own.
fn blocked_autosave(name: &str) -> (Session, PathBuf) {
    let folder = scratch_folder(name);
    std::fs::create_dir_all(&folder).expect("folder");
    let slot = Store {
        folder: folder.clone(),
    }
    .slot_path(lightemall_store::AUTOSAVE_SLOT);
    std::fs::write(&slot, "my notes\n").expect("planted");
    (session_in(PUZZLE, Some(folder.clone())), folder)
}

#[test]
fn a_failed_autosave_keeps_the_game_until_esc_again() {
    let (mut s, folder) = blocked_autosave("autosave-fails");
    click(&mut s, MouseButton::Left, 7, false);
    assert!(s.apply(Action::Quit, 0), "asks first");
    assert!(s.apply(Action::Quit, 0), "the notice shows");
    assert!(!s.wants_quit(), "the game stays");
    let notice = s.notice(0).expect("a notice").text.clone();
    assert!(notice.contains("could not autosave"), "{notice}");
    assert!(
        notice.contains("Esc again leaves it in a rescue file"),
        "{notice}"
    );
    // Play goes on: the next Esc tries again, and warns again.
    click(&mut s, MouseButton::Left, 7, false);
    assert!(s.apply(Action::Quit, 10));
    assert_eq!(s.notice(10).expect("a notice").text, LEAVE_ASKED);
    assert!(s.apply(Action::Quit, 11));
    assert!(
        s.notice(11)
            .expect("a notice")
            .text
            .contains("could not autosave")
    );
    assert!(!s.wants_quit());
    // Saved elsewhere, then Esc again leaves.
    s.apply(Action::Save, 20);
    assert!(s.notice(20).expect("a notice").text.starts_with("saved to"));
    s.apply(Action::Quit, 40);
    assert!(s.wants_quit(), "Esc again leaves");
    let store = Store {
        folder: folder.clone(),
    };
    let saved = store
        .load_slot(SAVE_SLOT)
        .expect("readable")
        .expect("saved");
    assert_eq!(saved.moves.len(), 2);
    let slot = store.slot_path(lightemall_store::AUTOSAVE_SLOT);
    assert_eq!(std::fs::read_to_string(slot).expect("kept"), "my notes\n");
    let rescued = rescued_in(&folder).expect("left with a rescue file too");
    let save = lightemall_store::read_save(&rescued).expect("readable");
    assert_eq!(save.moves.len(), 2);
    let _ = std::fs::remove_dir_all(folder);
}

/// The rescue file in `folder`, if there is one.
fn rescued_in(folder: &std::path::Path) -> Option<PathBuf> {
    std::fs::read_dir(folder)
        .expect("folder")
        .map(|entry| entry.expect("entry").path())
        .find(|path| path.to_string_lossy().contains("rescued-"))
}

#[test]
fn a_closed_window_whose_autosave_failed_rescues_the_game() {
    let (mut s, folder) = blocked_autosave("rescue");
    click(&mut s, MouseButton::Left, 7, false);
    s.close();
    assert!(s.wants_quit());
    let notices = s.take_notices();
    let line = notices
        .iter()
        .find(|line| line.starts_with("the game was saved to"))
        .unwrap_or_else(|| panic!("no rescue in {notices:?}"));
    let rescued = std::fs::read_dir(&folder)
        .expect("folder")
        .map(|entry| entry.expect("entry").path())
        .find(|path| path.to_string_lossy().contains("rescued-"))
        .expect("a rescued save in the folder");
    assert!(line.contains(&*rescued.to_string_lossy()), "{line}");
    let save = lightemall_store::read_save(&rescued).expect("readable");
    let game = Game::from_save(&save, Box::new(ManualClock::default())).expect("loads");
    assert_eq!(game.board(), s.game().board());
    let _ = std::fs::remove_dir_all(folder);
}

/// A session with one move whose store's folder is a file: nothing can
/// be saved in it, no slot of its own either.
fn played_in_a_file(name: &str) -> (Session, PathBuf) {
    let not_a_folder = scratch_folder(name);
    std::fs::write(&not_a_folder, "a file").expect("planted");
    let mut s = session_in(PUZZLE, Some(not_a_folder.clone()));
    click(&mut s, MouseButton::Left, 7, false);
    (s, not_a_folder)
}

/// Where the log `notices` say the game was rescued to.
fn rescued_to(notices: &[String]) -> PathBuf {
    let line = notices
        .iter()
        .find_map(|line| line.strip_prefix("the game was saved to "))
        .unwrap_or_else(|| panic!("no rescue in {notices:?}"));
    PathBuf::from(line.split(" (").next().expect("a path"))
}

#[test]
fn a_game_the_store_cannot_take_is_rescued_to_the_temporary_folder() {
    let (mut s, not_a_folder) = played_in_a_file("not-a-folder");
    s.close();
    let path = rescued_to(&s.take_notices());
    assert!(path.starts_with(std::env::temp_dir()), "{}", path.display());
    let save = lightemall_store::read_save(&path).expect("readable");
    let game = Game::from_save(&save, Box::new(ManualClock::default())).expect("loads");
    assert_eq!(game.board(), s.game().board());
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(not_a_folder);
}

#[test]
fn a_full_move_log_is_told_not_silent() {
    let mut s = session();
    let tokens = "R;".repeat(lightemall_engine::moves::MAX_MOVES);
    s.game.play_tokens(&tokens).expect("within the bound");
    assert!(!s.apply(Action::Jumble, 0), "the game did not change");
    let notice = s.notice(0).expect("a notice").text.clone();
    assert!(notice.contains("the move log is full"), "{notice}");
    s.take_notices();
    assert!(!click(&mut s, MouseButton::Left, 7, false));
    assert_eq!(s.animation(0).turning, None, "no turn to animate");
    assert_eq!(s.take_notices().len(), 1, "told again");
    assert_eq!(
        s.game().history().len(),
        lightemall_engine::moves::MAX_MOVES
    );
}

#[test]
fn ctrl_k_says_whether_the_locks_are_right_and_which_is_wrong_when_asked_again() {
    use super::assist::{LOCK_WRONG, LOCKS_FINE};
    let mut s = session();
    let solution = s.game().facts().solution.clone().expect("generated");
    let board = s.game().board().clone();
    let wrong = (0..solution.len())
        .find(|&t| board.tiles()[t] != solution[t])
        .expect("a scrambled tile");
    assert!(s.apply(Action::Check, 1000));
    assert_eq!(notice_text(&s, 1000), LOCKS_FINE, "no locks: fine");
    // Lock a tile as it stands, turned wrong.
    assert!(click(&mut s, MouseButton::Left, wrong, true));
    assert!(s.game().state().locked[wrong]);
    assert!(s.apply(Action::Check, 2000));
    assert_eq!(notice_text(&s, 2000), LOCK_WRONG);
    assert!(!s.game().is_assisted(), "a yes or no is no spoiler");
    assert_eq!(s.hint_mark(2000), None);
    // Asked again while that shows: which one, marked; not scored then.
    assert!(s.apply(Action::Check, 2500));
    let (x, y) = board.grid().coords(wrong);
    assert_eq!(
        notice_text(&s, 2500),
        format!(
            "the locked tile at column {}, row {} is wrong; no score for this game",
            x + 1,
            y + 1
        )
    );
    assert_eq!(s.hint_mark(2500).map(|m| m.tile), Some(wrong));
    assert!(s.game().is_assisted());
}

#[test]
fn esc_and_l_ask_first_only_in_a_game_in_progress_and_any_other_action_cancels() {
    let folder = scratch_folder("ask");
    let session = || session_in(PUZZLE, Some(folder.clone()));
    let mut s = session();
    assert!(
        !s.apply(Action::Quit, 0),
        "no move made: Esc leaves at once"
    );
    assert!(s.wants_quit());
    let mut s = session();
    click(&mut s, MouseButton::Left, 7, false);
    s.apply(Action::Quit, 0);
    assert!(s.apply(Action::Theme, 1), "the question goes");
    assert!(s.notice(1).is_none());
    s.apply(Action::Quit, 2);
    assert!(!s.wants_quit(), "asked anew");
    s.apply(Action::Quit, 2 + NOTICE_MS);
    assert!(
        !s.wants_quit(),
        "the question lapsed with its notice: asked anew"
    );
    s.apply(Action::Quit, 3 + NOTICE_MS);
    assert!(s.wants_quit());
    let mut s = session();
    click(&mut s, MouseButton::Left, 7, false);
    s.apply(Action::Load, 0);
    s.apply(Action::Quit, 1);
    assert_eq!(
        s.notice(1).expect("a notice").text,
        LEAVE_ASKED,
        "Esc is not L"
    );
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn pause_hides_the_board_and_says_so_and_the_help_stops_the_clock() {
    let mut s = session();
    click(&mut s, MouseButton::Left, 7, false);
    assert!(s.game().is_clock_running());
    assert!(s.apply(Action::Pause, 0));
    assert!(s.ui().paused && s.game().is_paused());
    assert!(
        s.game().title().ends_with(" · paused"),
        "{}",
        s.game().title()
    );
    assert!(s.apply(Action::Pause, 0));
    assert!(!s.ui().paused && s.game().is_clock_running());
    assert!(s.apply(Action::Help, 0));
    assert!(
        !s.game().is_clock_running(),
        "the clock stops under the help"
    );
    assert!(!s.ui().paused, "the board is not hidden for the help");
    s.apply(Action::Pause, 0);
    s.apply(Action::Help, 0);
    assert!(
        s.game().is_paused(),
        "paused by the player, it stays paused"
    );
    s.apply(Action::Pause, 0);
    assert!(s.game().is_clock_running());
    s.apply(Action::Help, 0);
    let layout = layout(&s);
    let c = layout.centre(0);
    let press = MouseEvent::Pressed {
        button: MouseButton::Left,
        at: (c.x, c.y),
    };
    s.pointer(press, &layout, false, 0);
    assert!(
        !s.ui().help && s.game().is_clock_running(),
        "a click closes the help"
    );
}

#[test]
fn a_wins_summary_stays_until_the_player_acts_and_a_click_only_closes_it() {
    let folder = scratch_folder("summary");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    solve_by_clicks(&mut s);
    assert!(s.ui().win.is_some());
    let hover = MouseEvent::Moved { at: (1.0, 1.0) };
    s.pointer(hover, &layout(&s), false, 10 * NOTICE_MS);
    assert!(s.ui().win.is_some(), "moving the pointer is no action");
    let tiles_before = tiles(&s);
    assert!(click(&mut s, MouseButton::Left, 3, false));
    assert!(s.ui().win.is_none(), "a click closes it");
    assert_eq!(tiles(&s), tiles_before, "and turns nothing");
    assert!(s.game().is_solved());
    // The next game's win is not a new best if slower: new_best false.
    let _ = std::fs::remove_dir_all(folder);
}

/// The window may read a click's release after a key pressed later (a
/// release waits for the next update): the release of a click on the
/// board, which acts on nothing, must not cancel an Esc waiting to be
/// asked again, while a press still does.
#[test]
fn a_late_release_keeps_an_esc_waiting_and_a_press_cancels_it() {
    let folder = scratch_folder("late-release");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    let layout = layout(&s);
    let c = layout.centre(7);
    let (button, at) = (MouseButton::Left, (c.x, c.y));
    s.pointer(MouseEvent::Pressed { button, at }, &layout, false, 0);
    assert!(s.apply(Action::Quit, 0), "asks first");
    let released = MouseEvent::Released {
        button,
        at,
        dragged: false,
    };
    s.pointer(released, &layout, false, 1);
    assert!(!s.apply(Action::Quit, 2), "the second Esc leaves");
    assert!(s.wants_quit());

    let mut s = session_in(PUZZLE, Some(folder.clone()));
    click(&mut s, MouseButton::Left, 7, false);
    assert!(s.apply(Action::Quit, 0), "asks first");
    s.pointer(MouseEvent::Pressed { button, at }, &layout, false, 1);
    assert!(s.apply(Action::Quit, 2), "a click in between: asks again");
    assert!(!s.wants_quit());
    let _ = std::fs::remove_dir_all(folder);
}

/// The facts of `s`'s game, which its panel shows.
fn panel_of(s: &Session) -> &PuzzleFacts {
    s.game().facts()
}

/// A session of `id`'s game begun with provisional facts, as the window
/// plays a huge board before the solver has rated it.
fn provisional_session(id: &str, folder: Option<PathBuf>) -> Session {
    let game = Game::from_id(id, Box::new(ManualClock::default())).expect(id);
    let resolved = lightemall_engine::Resolved {
        puzzle: game.puzzle().clone(),
        id: game.origin().id.clone(),
        params: game.origin().params,
    };
    let facts = PuzzleFacts::provisional(&resolved.puzzle, resolved.params).expect("seeded");
    let mut s = session_in(PUZZLE, folder);
    s.game = Game::with_facts(resolved, facts, Box::new(ManualClock::default()));
    s
}

/// Played before the solver's facts come, a game shows "rating…" and par
/// as an upper bound, its title, hints and win as ever; a win waits to be
/// recorded until the solver's par comes, then is recorded with it, and
/// the panel and the win's summary show the solver's facts.
#[test]
fn a_game_played_before_its_facts_are_measured_settles_when_they_come() {
    let id = "square:6x6:kruskal:hard#3";
    let folder = scratch_folder("measuring");
    let mut s = provisional_session(id, Some(folder.clone()));
    let expected = Game::from_id(id, Box::new(ManualClock::default())).expect(id);
    let panel = panel_of(&s);
    assert!(panel.measuring && !panel.par_exact && panel.rating.is_none());
    assert_eq!(s.game().title(), expected.title());
    assert!(
        s.apply(Action::Hint, 0),
        "hints ask the solver, not the facts"
    );
    let mut s = provisional_session(id, Some(folder.clone()));
    let provisional_par = s.game().facts().par;
    solve_by_clicks(&mut s);
    assert!(s.game().is_solved() && s.game().title().ends_with(" · solved"));
    assert_eq!(s.ui().win.expect("a summary").par, provisional_par);
    let store = Store {
        folder: folder.clone(),
    };
    let recorded = || store.scores().expect("scores").scores;
    assert!(
        recorded().is_empty(),
        "the result waits for the solver's par"
    );
    assert!(s.game().facts().measuring, "provisional");
    let id_measured = s.game().origin().id.clone();
    let facts = PuzzleFacts::of(s.game().puzzle(), s.game().origin().params);
    let version = s.version();
    assert!(!s.settle_facts("square:6x6:kruskal:hard#4", facts.clone(), 5));
    assert!(s.settle_facts(&id_measured, facts.clone(), 5));
    assert!(!s.settle_facts(&id_measured, facts, 5), "settled once");
    assert_eq!(s.game().facts(), expected.facts());
    assert_eq!(
        s.changed_since(version),
        Some(Vec::new()),
        "the panel repaints"
    );
    let panel = panel_of(&s);
    assert!(!panel.measuring && panel.rating.is_some());
    assert_eq!(s.ui().win.expect("a summary").par, expected.facts().par);
    let scores = recorded();
    assert_eq!(scores.len(), 1);
    assert_eq!(scores[0].par, expected.facts().par);
    let _ = std::fs::remove_dir_all(folder);
}

/// A win whose solver's par has not come when the player leaves is
/// recorded without a par, not lost.
#[test]
fn a_win_still_measured_when_the_player_leaves_is_recorded_without_par() {
    let folder = scratch_folder("measuring-left");
    let mut s = provisional_session("square:6x6:kruskal:hard#3", Some(folder.clone()));
    solve_by_clicks(&mut s);
    s.apply(Action::Quit, 0);
    assert!(s.wants_quit());
    let scores = Store {
        folder: folder.clone(),
    }
    .scores()
    .expect("scores")
    .scores;
    assert_eq!(scores.len(), 1);
    assert_eq!(scores[0].par, None);
    let _ = std::fs::remove_dir_all(folder);
}

/// N on a board too large to rate first starts the next game at once
/// with provisional facts, measured later as the first one was (the
/// driver has it measured); on a small board the next game is
/// rated first, as ever.
#[test]
fn n_on_a_large_board_starts_the_next_game_before_its_rating() {
    for (id, measuring) in [
        ("square:6x6:kruskal:hard#3", false),
        ("square:150x150:kruskal:easy#7", true),
    ] {
        let game = Game::from_id(id, Box::new(ManualClock::default())).expect(id);
        let mut s = crate::session_without_files(game);
        assert!(s.apply(Action::NewGame, 0));
        assert_ne!(s.game().origin().id, id, "a new game");
        assert_eq!(s.game().facts().measuring, measuring, "{id}");
    }
}

/// The autosave of `folder`, if any.
fn autosaved(folder: &std::path::Path) -> Option<lightemall_engine::save::SaveFile> {
    Store {
        folder: folder.to_path_buf(),
    }
    .load_slot(lightemall_store::AUTOSAVE_SLOT)
    .expect("readable")
}

#[test]
fn the_game_is_kept_as_it_is_played_once_it_rests_and_every_few_seconds() {
    let folder = scratch_folder("kept-as-played");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    s.tick(0);
    assert!(autosaved(&folder).is_none(), "no move yet: nothing kept");
    click(&mut s, MouseButton::Left, 7, false);
    s.tick(10);
    s.tick(keeping::QUIET_MS - 1);
    assert!(autosaved(&folder).is_none(), "not yet at rest");
    s.tick(keeping::QUIET_MS + 10);
    assert_eq!(autosaved(&folder).expect("kept").moves.len(), 1);
    // Play without a pause: kept at least every few seconds all the same.
    let start = 2 * keeping::QUIET_MS;
    let mut now = start;
    while now < start + keeping::KEEP_EVERY_MS + 300 {
        click(&mut s, MouseButton::Left, 7, false);
        s.tick(now);
        now += 300;
    }
    let kept = autosaved(&folder).expect("kept").moves.len();
    assert!(kept > 1, "kept during play: {kept} moves");
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn an_unplayed_game_never_replaces_a_kept_one() {
    let folder = scratch_folder("unplayed");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    click(&mut s, MouseButton::Left, 7, false);
    click(&mut s, MouseButton::Left, 8, false);
    s.close();
    assert_eq!(autosaved(&folder).expect("kept").moves.len(), 2);
    // A new window, a new game left at once: by Esc, then by closing.
    for leave in [true, false] {
        let mut fresh = session_in("square:6x6:kruskal:easy#3", Some(folder.clone()));
        fresh.tick(10 * keeping::KEEP_EVERY_MS);
        if leave {
            assert!(!fresh.apply(Action::Quit, 0));
        } else {
            fresh.close();
        }
        assert!(fresh.wants_quit());
        let kept = autosaved(&folder).expect("still kept");
        assert_eq!((kept.puzzle.as_str(), kept.moves.len()), (PUZZLE, 2));
    }
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn esc_again_in_a_folder_that_takes_nothing_leaves_a_rescue_copy() {
    let (mut s, not_a_folder) = played_in_a_file("takes-nothing");
    assert!(s.apply(Action::Quit, 0), "asks first");
    assert!(
        s.apply(Action::Quit, 1),
        "the autosave fails: the game stays"
    );
    assert!(!s.wants_quit());
    s.take_notices();
    s.apply(Action::Quit, 2);
    assert!(s.wants_quit(), "Esc again leaves");
    let path = rescued_to(&s.take_notices());
    let save = lightemall_store::read_save(&path).expect("readable");
    assert_eq!(save.moves.len(), 1);
    let _ = std::fs::remove_file(path);
    let _ = std::fs::remove_file(not_a_folder);
}

#[test]
fn a_win_kept_out_by_the_folders_lock_is_recorded_once_it_is_free() {
    let folder = scratch_folder("win-locked");
    std::fs::create_dir_all(&folder).expect("folder");
    let lock = std::fs::File::options()
        .write(true)
        .create(true)
        .truncate(false)
        .open(folder.join(lightemall_store::LOCK_FILE))
        .expect("the lock file");
    lock.lock().expect("held, as by another LightEmAll");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    solve_by_clicks(&mut s);
    assert!(s.game().is_solved());
    let text = s.notice(0).expect("a notice").text.clone();
    assert!(
        text.contains("kept in") && text.contains("recorded later"),
        "{text}"
    );
    let store = Store {
        folder: folder.clone(),
    };
    assert_eq!(
        store.scores().expect("scores").scores.len(),
        1,
        "shown already"
    );
    s.tick(60_000);
    assert!(
        !folder.join(lightemall_store::SCORES_FILE).exists(),
        "still held"
    );
    drop(lock);
    assert!(s.tick(120_000), "told");
    assert_eq!(
        s.notice(120_000).expect("a notice").text,
        "recorded 1 result kept from earlier"
    );
    let table =
        std::fs::read_to_string(folder.join(lightemall_store::SCORES_FILE)).expect("the table");
    assert_eq!(
        lightemall_engine::score::ScoreTable::parse(&table)
            .expect("a table")
            .scores
            .len(),
        1
    );
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn every_way_of_leaving_a_game_in_progress_asks_first() {
    let folder = scratch_folder("leaving");
    let layout_of = |s: &Session| layout(s);
    for (name, action) in [
        ("N", Action::NewGame),
        ("H", Action::OctoMode),
        ("G", Action::GenerationDemo),
        ("Easy", Action::Press(Button::Easy)),
        ("Hard", Action::Press(Button::Hard)),
        ("Size", Action::Press(Button::Size)),
        ("Mode", Action::Press(Button::Mode)),
        ("Daily", Action::Press(Button::Daily)),
        ("Ctrl+D", Action::Daily),
    ] {
        let mut s = session_in(PUZZLE, Some(folder.clone()));
        click(&mut s, MouseButton::Left, 7, false);
        let id = s.game().origin().id.clone();
        assert!(s.apply(action, 0), "{name}: asks");
        let text = s.notice(0).expect("a question").text.clone();
        assert!(text.contains("(1 move) is not saved"), "{name}: {text}");
        assert_eq!(s.game().origin().id, id, "{name}: the game stays");
        assert!(s.apply(action, 1), "{name}: acts when asked again");
        let left = s.game().origin().id != id || s.demo().is_some();
        assert!(left, "{name}: the game replaced");
        assert_eq!(s.notice(1), None, "{name}: the question gone");
    }
    // A panel button clicked twice, press and release each time.
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    click(&mut s, MouseButton::Left, 7, false);
    let id = s.game().origin().id.clone();
    let layout = layout_of(&s);
    let (_, rect) = layout
        .buttons()
        .into_iter()
        .find(|(b, _)| *b == Button::Easy)
        .expect("the Easy button");
    let at = (rect.x + rect.w / 2.0, rect.y + rect.h / 2.0);
    for _ in 0..2 {
        s.pointer(
            MouseEvent::Pressed {
                button: MouseButton::Left,
                at,
            },
            &layout,
            false,
            0,
        );
        s.pointer(
            MouseEvent::Released {
                button: MouseButton::Left,
                at,
                dragged: false,
            },
            &layout,
            false,
            0,
        );
        if s.game().origin().id != id {
            break;
        }
        assert!(s.notice(0).is_some(), "asked");
    }
    assert_ne!(s.game().origin().id, id, "the second click starts the game");
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn a_game_as_it_was_saved_leaves_without_a_question_and_any_change_brings_it_back() {
    let folder = scratch_folder("saved-as-is");
    let mut s = session_in(PUZZLE, Some(folder.clone()));
    click(&mut s, MouseButton::Left, 7, false);
    click(&mut s, MouseButton::Left, 7, false);
    s.apply(Action::Save, 0);
    // Only the clock ran on: L loads at once.
    s.tick(1_000);
    assert!(s.apply(Action::Load, 1_000));
    assert_eq!(s.notice(1_000).expect("told").text, "loaded the saved game");
    // A lock costs no move but changes the game: L asks again.
    click(&mut s, MouseButton::Middle, 3, false);
    s.apply(Action::Load, 2_000);
    let text = s.notice(2_000).expect("asked").text.clone();
    assert!(
        text.starts_with("L again loads the saved game; this one (2 moves)"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(folder);
}

/// Whether `tile`'s centre shows in the window of `size`, below the panel
/// and above the notice strip.
fn in_view(s: &Session, tile: usize, size: (u32, u32)) -> bool {
    let layout = s.layout(size.0, size.1);
    let at = layout.centre(tile);
    let top = layout.panel.map_or(0.0, |panel| panel.y + panel.h);
    (0.0..=size.0 as f32).contains(&at.x) && (top..=layout.notice_area().y).contains(&at.y)
}

#[test]
fn f_fits_the_board_v_goes_to_the_star_and_a_hint_brings_its_tile_into_view() {
    let size = (640, 480);
    let mut s = session_in("square:80x80:kruskal:easy#2", None);
    s.resize(size.0, size.1);
    let station = s.game().state().station;
    let far = s.game().board().grid().len() - 1 - station;
    // Zoomed in, looking at the far corner: the star is off screen.
    s.apply(Action::Zoom(10), 0);
    s.centre_on(far);
    assert!(!in_view(&s, station, size), "the star is far off");
    assert!(s.apply(Action::GoToStar, 0), "V moves the view");
    assert!(in_view(&s, station, size), "V: the star in view");
    // The hint's tile, far off, comes into view by itself, and I goes back to it.
    assert!(s.apply(Action::Hint, 0));
    let tile = s.hint_mark(0).expect("a hint").tile;
    assert!(in_view(&s, tile, size), "the hint's tile in view");
    let away = if tile < s.game().board().grid().len() / 2 {
        s.game().board().grid().len() - 1
    } else {
        0
    };
    s.centre_on(away);
    assert!(!in_view(&s, tile, size), "looking away");
    assert!(s.apply(Action::GoToHint, 0), "I moves the view");
    assert!(in_view(&s, tile, size), "I: the hint's tile in view");
    // F: every tile in view.
    assert!(s.apply(Action::Fit, 0));
    assert_eq!(s.viewport().zoom, 0);
    for corner in [0, 79, 80 * 79, 80 * 80 - 1] {
        assert!(in_view(&s, corner, size), "F: tile {corner} in view");
    }
    // I with no hint marked says so.
    let mut fresh = session();
    fresh.resize(size.0, size.1);
    assert!(fresh.apply(Action::GoToHint, 0));
    assert_eq!(
        fresh.notice(0).expect("told").text,
        looking::NO_HINT_TO_GO_TO
    );
}

#[test]
fn b_shows_the_scores_screen_and_b_again_closes_it() {
    let mut session = session();
    // No store here: the screen cannot be read, and says why.
    session.apply(Action::Scores, 0);
    assert!(session.scores_screen().is_none());
    assert!(session.scores_chart().is_none());
    assert!(session.notice(0).is_some());
    let mut table = lightemall_engine::score::ScoreTable::default();
    table.record(lightemall_engine::score::Score {
        preset: "square:5x5:kruskal:easy".into(),
        elapsed: std::time::Duration::from_millis(61_000),
        moves: 30,
        par: Some(20),
        played: 0,
    });
    let lines = scores_lines(&table, "hex:4x4:graded:hard");
    assert_eq!(lines[0], "5x5 square, easy (kruskal)");
    assert!(
        lines[1].contains("best 1:01.0 · fewest moves 30 · efficiency 67%"),
        "{lines:?}"
    );
}

#[test]
fn ctrl_c_copies_the_id_before_the_win_and_the_share_line_with_its_proof_after() {
    let mut s = session();
    assert!(
        !s.apply(Action::Copy, 0),
        "nothing shows until the clipboard took it"
    );
    let (text, what) = s.take_copied().expect("the ID copied");
    assert_eq!((text.as_str(), what), (PUZZLE, "the puzzle's ID"));
    assert_eq!(s.take_copied(), None, "taken once");
    s.copy_done(what, Ok(()), 0);
    assert_eq!(
        s.notice(0).expect("told").text,
        "Copied the puzzle's ID to the clipboard"
    );

    solve_by_clicks(&mut s);
    let win = s.ui().win.expect("a summary");
    assert!(
        win.share
            .starts_with("LightEmAll · 5x5 square, easy (kruskal) · "),
        "{}",
        win.share
    );
    assert!(s.apply(Action::Copy, 0), "the summary closes");
    let (text, what) = s.take_copied().expect("the proof copied");
    assert_eq!(what, "the share line and its proof code");
    let (line, code) = text.split_once('\n').expect("two lines");
    assert_eq!(line, win.share);
    assert_eq!(
        code,
        win.proof.as_str(),
        "the summary's proof is the one copied"
    );
    let verdict = lightemall_engine::proof::verify(code, Box::new(ManualClock::default()))
        .expect("a proof that verifies");
    assert!(verdict.solves);
    assert_eq!(verdict.moves_claimed, s.game().moves_made());
    s.copy_done(what, Err("no clipboard here".into()), 0);
    assert_eq!(
        s.notice(0).expect("told").text,
        "could not copy the share line and its proof code: no clipboard here"
    );
}

#[test]
fn a_daily_won_says_its_date_and_streak_in_the_share_line() {
    let today = lightemall_store::today();
    let id = lightemall_engine::daily::daily_id(today, today).expect("today has a daily");
    let folder = scratch_folder("daily-share");
    let mut s = session_in(&id, Some(folder.clone()));
    solve_by_clicks(&mut s);
    let share = s.ui().win.expect("a summary").share;
    assert!(
        share.starts_with(&format!("LightEmAll daily {today} · ")),
        "{share}"
    );
    assert!(share.ends_with(" · streak 1"), "{share}");
    s.apply(Action::Scores, 0);
    let screen = s.scores_screen().expect("the scores screen");
    let daily = screen.iter().position(|l| l == "Daily puzzles");
    assert_eq!(
        daily.and_then(|at| screen.get(at + 1)).map(String::as_str),
        Some("  streak 1 (best 1), 1 solved; today's is solved"),
        "{screen:?}"
    );
    let chart = s
        .scores_chart()
        .expect("a daily's screen charts the dailies");
    assert_eq!(chart.title, "Daily puzzles: the last results");
    assert_eq!(chart.points.len(), 1);
    assert_eq!(chart.points[0].moves, s.game().moves_made());
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn ctrl_d_and_the_daily_button_start_today_s_daily_asking_first_in_a_game_in_progress() {
    let today = lightemall_store::today();
    let id = lightemall_engine::daily::daily_id(today, today).expect("today has a daily");
    for action in [Action::Daily, Action::Press(Button::Daily)] {
        let mut s = session();
        click(&mut s, MouseButton::Left, 7, false);
        assert!(s.apply(action, 0));
        assert_eq!(s.game().origin().id, PUZZLE, "{action:?}: asked first");
        let question = &s.notice(0).expect("a question").text;
        assert!(question.contains("starts today's daily"), "{question}");
        assert!(s.apply(action, 0));
        assert_eq!(s.game().origin().id, id, "{action:?}");
        click(&mut s, MouseButton::Left, 7, false);
        assert!(s.apply(action, 0));
        let notice = &s.notice(0).expect("told").text;
        assert_eq!(notice, "This is today's daily already", "{action:?}");
        assert_eq!(s.game().moves_made(), 1, "{action:?}: the daily goes on");
    }
}

#[test]
fn ctrl_d_answers_the_daily_buttons_question_and_the_button_ctrl_ds() {
    let today = lightemall_store::today();
    let id = lightemall_engine::daily::daily_id(today, today).expect("today has a daily");
    let (key, button) = (Action::Daily, Action::Press(Button::Daily));
    for (ask, answer) in [(key, button), (button, key)] {
        let mut s = session();
        click(&mut s, MouseButton::Left, 7, false);
        assert!(s.apply(ask, 0));
        assert_eq!(s.game().origin().id, PUZZLE, "{ask:?}: asked first");
        assert!(s.apply(answer, 1));
        assert_eq!(s.game().origin().id, id, "{ask:?} answered by {answer:?}");
        assert_eq!(s.notice(1), None, "the question gone");
    }
}

#[test]
fn a_checkpoint_is_set_returned_to_and_kept_with_the_notice_telling_each() {
    let mut s = session();
    let start = tiles(&s);
    assert!(s.apply(Action::Checkpoint, 0));
    assert!(
        s.notice(0)
            .expect("told")
            .text
            .starts_with("Checkpoint 1 set · ")
    );
    click(&mut s, MouseButton::Left, 6, false);
    click(&mut s, MouseButton::Left, 7, false);
    assert!(s.apply(Action::ReturnToCheckpoint, 0));
    assert_eq!(
        s.notice(0).expect("told").text,
        "Back at checkpoint 1: 2 moves undone (redo brings them back)"
    );
    assert_eq!(tiles(&s), start);
    assert_eq!(s.game().checkpoint_depth(), 0);
    assert!(s.apply(Action::ReturnToCheckpoint, 0));
    assert_eq!(
        s.notice(0).expect("told").text,
        "No checkpoint to come back to: K sets one"
    );
    s.apply(Action::Checkpoint, 0);
    s.apply(Action::Checkpoint, 0);
    click(&mut s, MouseButton::Left, 6, false);
    assert!(s.apply(Action::KeepBranch, 0));
    assert_eq!(
        s.notice(0).expect("told").text,
        "Kept what followed checkpoint 2; 1 checkpoint still stands"
    );
    assert_eq!(s.game().checkpoint_depth(), 1);
}

#[test]
fn a_lock_that_leaves_no_solution_under_a_checkpoint_is_told_with_the_way_back() {
    let mut s = session();
    // A tile that no solution has as it stands.
    let wrong = (0..s.game().board().grid().len())
        .find(|&tile| {
            let mut game =
                Game::from_id(PUZZLE, Box::new(ManualClock::default())).expect("the puzzle");
            game.play(Move::Lock(game.coord_of(tile))).expect("a lock");
            game.check_locks() == lightemall_engine::LockCheck::Wrong
        })
        .expect("a tile to lock wrong");
    click(&mut s, MouseButton::Left, wrong, true);
    assert!(
        s.notice(0).is_none(),
        "no checkpoint: a lock is not judged by itself"
    );
    click(&mut s, MouseButton::Left, wrong, true);
    s.apply(Action::Checkpoint, 0);
    click(&mut s, MouseButton::Left, wrong, true);
    assert_eq!(
        s.notice(0).expect("told").text,
        "No solution keeps these locks · Shift+K goes back to checkpoint 1"
    );
    s.apply(Action::ReturnToCheckpoint, 0);
    assert!(!s.game().state().locked[wrong]);
}

/// Press `key` with `ctrl` as a front end does.
fn key(s: &mut Session, key: Key, ctrl: bool) -> bool {
    let mods = Modifiers { shift: false, ctrl };
    s.key_pressed(key, mods, false, 0)
}

/// Type `text` into the session, a character at a time.
fn type_text(s: &mut Session, text: &str) {
    for ch in text.chars() {
        s.typed(ch, 0);
    }
}

#[test]
fn ctrl_i_plays_a_typed_puzzle_id_and_keys_only_type_meanwhile() {
    let mut s = session();
    assert!(key(&mut s, Key::I, true));
    assert!(s.is_entering());
    let line = &s.notice(0).expect("the line").text;
    assert!(line.starts_with("Puzzle ID: _ · Enter plays it"), "{line}");
    // N types an 'n', and starts no game.
    key(&mut s, Key::N, false);
    type_text(&mut s, "nhex:6x6:kruskal:easy#3");
    key(&mut s, Key::Backspace, false);
    type_text(&mut s, "4");
    assert_eq!(s.game().origin().id, PUZZLE, "typing plays nothing");
    let line = &s.notice(60_000).expect("the line stays").text;
    assert!(
        line.starts_with("Puzzle ID: nhex:6x6:kruskal:easy#4_"),
        "{line}"
    );
    // A bad ID is told and kept to mend.
    assert!(key(&mut s, Key::Enter, false));
    assert!(s.is_entering());
    let line = &s.notice(0).expect("told").text;
    assert!(line.contains("not a puzzle: "), "{line}");
    for _ in 0.."nhex:6x6:kruskal:easy#4".len() {
        key(&mut s, Key::Backspace, false);
    }
    type_text(&mut s, "hex:6x6:kruskal:easy#4");
    assert!(key(&mut s, Key::Enter, false));
    assert!(!s.is_entering());
    assert_eq!(s.game().origin().id, "hex:6x6:kruskal:easy#4");
    assert_eq!(s.notice(0), None, "the line gone");
}

#[test]
fn a_net_game_id_plays_and_esc_closes_the_line_leaving_the_game() {
    let mut s = session();
    key(&mut s, Key::I, true);
    type_text(&mut s, "2x2:4a82");
    key(&mut s, Key::Escape, false);
    assert!(
        !s.is_entering() && !s.wants_quit(),
        "Esc closed the line only"
    );
    assert_eq!(s.game().origin().id, PUZZLE);
    key(&mut s, Key::I, true);
    type_text(&mut s, "3x2:1621b3");
    key(&mut s, Key::Enter, false);
    assert!(!s.is_entering());
    assert_eq!(s.game().board().grid().size_label(), "3x2");
}

#[test]
fn ctrl_v_opens_the_line_with_the_clipboards_first_line() {
    let mut s = session();
    assert!(!s.take_paste_request(), "no line, no paste");
    key(&mut s, Key::V, true);
    assert!(s.is_entering());
    assert!(s.take_paste_request());
    assert!(!s.take_paste_request(), "asked once");
    s.pasted(Err("no clipboard here".into()), 0);
    let line = &s.notice(0).expect("told").text;
    assert!(
        line.ends_with("nothing to paste: no clipboard here"),
        "{line}"
    );
    key(&mut s, Key::V, true);
    assert!(s.take_paste_request(), "Ctrl+V in the line pastes");
    s.pasted(Ok("\n  octo:5x5:kruskal:hard#9  \nmore\n".into()), 0);
    key(&mut s, Key::Enter, false);
    assert_eq!(s.game().origin().id, "octo:5x5:kruskal:hard#9");
}

#[test]
fn the_line_asks_first_in_a_game_in_progress_and_a_click_closes_it() {
    let mut s = session();
    click(&mut s, MouseButton::Left, 7, false);
    key(&mut s, Key::I, true);
    assert!(!s.is_entering(), "asked first");
    let text = &s.notice(0).expect("a question").text;
    assert!(
        text.starts_with("Ctrl+I again opens a puzzle by its ID"),
        "{text}"
    );
    key(&mut s, Key::I, true);
    assert!(s.is_entering());
    click(&mut s, MouseButton::Left, 8, false);
    assert!(!s.is_entering(), "a click on the board closes the line");
    assert_eq!(s.game().moves_made(), 2);
}
