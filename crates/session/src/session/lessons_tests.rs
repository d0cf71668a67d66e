//! The lessons as a new player meets them: offered on the very first
//! start, played by following their steps, never kept or scored, skipped
//! with Esc, and not offered again.

use super::*;
use crate::lessons::{LESSON_WON_MS, LESSONS};
use lightemall_engine::ManualClock;
use lightemall_store::Store;
use std::path::PathBuf;

const FIRST_GAME: &str = "square:5x5:kruskal:easy#7";

fn folder(name: &str) -> PathBuf {
    let folder =
        std::env::temp_dir().join(format!("lightemall-lessons-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    folder
}

fn first_start(folder: &std::path::Path) -> Session {
    let game = Game::from_id(FIRST_GAME, Box::new(ManualClock::default())).expect("a game");
    let store = Store {
        folder: folder.to_path_buf(),
    };
    let files = Files::unclaimed(Some(store)).offering_lessons(true);
    let mut seeds = 100..;
    let fresh = Fresh {
        clock: Box::new(|| Box::new(ManualClock::default())),
        seed: Box::new(move || seeds.next().unwrap_or_default()),
    };
    Session::new(game, files, fresh)
}

/// Follow the lesson's steps (its marked tile, turned the way it says)
/// until it is won: the steps shown, in order.
fn follow_the_steps(s: &mut Session, now_ms: u64) -> Vec<String> {
    let mut steps = Vec::new();
    for _ in 0..200 {
        if s.game().is_solved() {
            return steps;
        }
        let [_, step] = s.lesson_caption().expect("a lesson's caption");
        steps.push(step);
        let mark = s.hint_mark(now_ms).expect("the step's tile is marked");
        let action = Action::Turn {
            tile: mark.tile,
            clockwise: mark.clockwise,
        };
        assert!(s.apply(action, now_ms), "the step's turn is played");
    }
    panic!("the lesson was not won by its steps: {steps:?}");
}

#[test]
fn the_first_start_plays_three_lessons_then_the_game_it_was_started_with() {
    let folder = folder("first");
    let mut s = first_start(&folder);
    let mut now = 0;
    let mut all_steps = Vec::new();
    for (at, lesson) in LESSONS.iter().enumerate() {
        assert_eq!(s.game().origin().id, lesson.id, "lesson {at}");
        let [heading, _] = s.lesson_caption().expect("a caption");
        assert!(
            heading.starts_with(&format!("Lesson {} of 3, {}: ", at + 1, lesson.name)),
            "{heading}"
        );
        all_steps.extend(follow_the_steps(&mut s, now));
        assert!(s.ui().win.is_none(), "a lesson has no summary");
        assert!(!s.tick(now + LESSON_WON_MS - 1), "the win shows a while");
        now += LESSON_WON_MS;
        assert!(s.tick(now));
    }
    assert!(!s.in_lessons());
    assert_eq!(
        s.game().origin().id,
        FIRST_GAME,
        "the game it was started with"
    );
    assert_eq!(
        s.notice(now).expect("told").text,
        "The lessons are done; F1 shows every key"
    );
    let text = all_steps.join("\n");
    for reason in [
        "no other way fits its neighbours",
        "any other way closes a loop",
        "any other way cuts part of the network off",
    ] {
        assert!(text.contains(reason), "a step teaches '{reason}':\n{text}");
    }
    let store = Store {
        folder: folder.clone(),
    };
    assert!(!store.is_first_start(), "not offered again");
    assert_eq!(
        store.scores().expect("scores").scores.len(),
        0,
        "never scored"
    );
    assert!(
        store.load_slot("autosave").expect("readable").is_none(),
        "never kept"
    );
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn esc_skips_the_lessons_for_good_and_keeps_no_lesson() {
    let folder = folder("skip");
    let mut s = first_start(&folder);
    let tile = s.hint_mark(0).expect("a step").tile;
    s.apply(
        Action::Turn {
            tile,
            clockwise: true,
        },
        0,
    );
    s.tick(10_000);
    assert!(s.apply(Action::Save, 10_000));
    assert_eq!(
        s.notice(10_000).expect("told").text,
        "a lesson is not saved; Esc skips the lessons"
    );
    assert!(s.apply(Action::Quit, 10_000));
    assert!(!s.wants_quit(), "Esc in a lesson skips it, and stays");
    assert_eq!(s.game().origin().id, FIRST_GAME);
    assert_eq!(
        s.notice(10_000).expect("told").text,
        "Lessons skipped; Ctrl+T shows them again"
    );
    let store = Store {
        folder: folder.clone(),
    };
    assert!(store.load_slot("autosave").expect("readable").is_none());
    assert!(!store.is_first_start());
    // Started again: straight to the game.
    let again = first_start(&folder);
    assert!(!again.in_lessons());
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn ctrl_t_starts_the_lessons_and_n_during_them_ends_them() {
    let folder = folder("ctrl-t");
    let store = Store {
        folder: folder.clone(),
    };
    store.set_lessons_done().expect("noted");
    let mut s = first_start(&folder);
    assert!(!s.in_lessons(), "not the first start");
    assert!(s.apply(Action::Lessons, 0));
    assert_eq!(s.game().origin().id, LESSONS[0].id);
    assert!(s.lesson_caption().is_some());
    s.apply(Action::NewGame, 0);
    assert!(!s.in_lessons(), "a new game ends them");
    assert!(s.lesson_caption().is_none());
    assert!(s.game().origin().id.starts_with("square:3x3:graded:easy#"));
    let _ = std::fs::remove_dir_all(folder);
}
