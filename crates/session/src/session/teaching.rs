//! The lessons in a session: the game gives way to each lesson's puzzle
//! in turn, the notice strip shows the lesson and the hint engine's next
//! step (its tile marked), a won lesson leads to the next, and the last
//! one, or Esc, goes on to a real game. Lessons are never kept or scored:
//! the autosave and the scores see only real games.

use super::Session;
use super::assist::{advice, hint_text};
use crate::lessons::{LESSON_WON_MS, LESSONS};
use lightemall_engine::{Game, Hint};
use lightemall_gen::{Params, PuzzleSource};
use lightemall_view::HintMark;

/// The lessons under way.
#[derive(Debug)]
pub(super) struct Lessons {
    /// The lesson being played (an index into [`LESSONS`]).
    at: usize,
    /// When it was won, if it was.
    won_ms: Option<u64>,
    /// The next step, as the notice strip's second line.
    step: String,
    /// The game to play once they end.
    after: After,
}

/// What comes after the lessons.
#[derive(Debug)]
enum After {
    /// The game the window was started with, untouched.
    Game(Box<Game>),
    /// A new game like the one the lessons replaced.
    Like(Params),
}

impl Session {
    /// Whether the lessons are under way (then the game is a lesson's).
    pub fn in_lessons(&self) -> bool {
        self.lessons.is_some()
    }

    /// The notice strip's two lines while a lesson is played: the lesson,
    /// and the next step.
    pub fn lesson_caption(&self) -> Option<[String; 2]> {
        let lessons = self.lessons.as_ref()?;
        let lesson = LESSONS[lessons.at];
        let first = format!(
            "Lesson {} of {}, {}: {} · Esc skips",
            lessons.at + 1,
            LESSONS.len(),
            lesson.name,
            lesson.teaches
        );
        Some([first, lessons.step.clone()])
    }

    /// The first start: the lessons before `game`, which is kept for after.
    pub(super) fn begin_lessons_before_this_game(&mut self, now_ms: u64) {
        let game = std::mem::replace(&mut self.game, lesson_game(0, &self.fresh));
        self.open_lessons(After::Game(Box::new(game)), now_ms);
    }

    /// Ctrl+T: the lessons (asked first in a game in progress); after them
    /// a new game like this one.
    pub(super) fn lessons_from_help(&mut self, now_ms: u64) -> bool {
        if self.lessons.is_some() {
            return false;
        }
        let params = self.next_params();
        self.replace(lesson_game(0, &self.fresh), now_ms);
        self.open_lessons(After::Like(params), now_ms);
        true
    }

    fn open_lessons(&mut self, after: After, now_ms: u64) {
        self.lessons = Some(Lessons {
            at: 0,
            won_ms: None,
            step: String::new(),
            after,
        });
        self.ui.help = false;
        self.guide(now_ms);
    }

    /// After every change in a lesson: its next step worked out and its
    /// tile marked; a win noted.
    pub(super) fn guide(&mut self, now_ms: u64) {
        let Some(lessons) = &self.lessons else {
            return;
        };
        let last = lessons.at + 1 == LESSONS.len();
        let (step, mark) = if self.game.is_solved() {
            let text = if last {
                "Well done: that is the game. A real one comes in a moment"
            } else {
                "Well done! The next lesson comes in a moment"
            };
            (text.to_string(), None)
        } else {
            self.step()
        };
        self.hint = mark;
        if let Some(lessons) = &mut self.lessons {
            lessons.step = step;
            if self.game.is_solved() {
                lessons.won_ms.get_or_insert(now_ms);
            } else {
                lessons.won_ms = None;
            }
        }
        self.ui.win = None;
    }

    /// The hint engine's next step, in the words of a hint, and its mark.
    fn step(&self) -> (String, Option<(HintMark, Vec<u32>)>) {
        match self.game.hint() {
            Hint::Turn { tile, to, why, .. } => {
                let board = self.game.board();
                let topology = board.grid().topology();
                let from = board.tiles().get(tile).copied().unwrap_or_default();
                let advice = advice(topology, from, to);
                let (column, row) = self.column_and_row(tile);
                let reason = why.as_ref().map(|why| why.technique.reason());
                let text = hint_text(column, row, advice, reason, false);
                let mark = HintMark {
                    tile,
                    clockwise: advice.is_none_or(|a| a.clockwise),
                };
                let forcing = why.map_or_else(Vec::new, |why| {
                    why.because.iter().map(|&t| t as u32).collect()
                });
                (capitalised(&text), Some((mark, forcing)))
            }
            Hint::LocksWrong => (
                "A locked tile is wrong: Shift+click unlocks it".to_string(),
                None,
            ),
            Hint::Solved | Hint::GaveUp => (String::new(), None),
        }
    }

    /// A won lesson, once it has shown: the next lesson, or after the last
    /// the game that waits. `true` if the screen changes.
    pub(super) fn next_lesson_when_due(&mut self, now_ms: u64) -> bool {
        let Some(lessons) = &self.lessons else {
            return false;
        };
        let due = lessons
            .won_ms
            .is_some_and(|won| now_ms >= won + LESSON_WON_MS);
        if !due {
            return false;
        }
        let next = lessons.at + 1;
        if next == LESSONS.len() {
            self.end_lessons("The lessons are done; F1 shows every key", now_ms);
            return true;
        }
        let game = lesson_game(next, &self.fresh);
        self.replace(game, now_ms);
        if let Some(lessons) = &mut self.lessons {
            lessons.at = next;
            lessons.won_ms = None;
        }
        self.guide(now_ms);
        true
    }

    /// After an action: if the game is no longer the lesson's (N, L, a
    /// daily, a button), the lessons are over, as if skipped.
    pub(super) fn leave_lessons_if_replaced(&mut self, now_ms: u64) -> bool {
        let Some(lessons) = &self.lessons else {
            return false;
        };
        if self.game.origin().id == LESSONS[lessons.at].id {
            return false;
        }
        self.lessons = None;
        self.hint = None;
        if let Err(error) = self.files.set_lessons_done() {
            self.tell(
                format!("could not note the lessons as seen: {error}"),
                now_ms,
            );
        }
        true
    }

    /// Esc in a lesson: the lessons end for good.
    pub(super) fn skip_lessons(&mut self, now_ms: u64) -> bool {
        self.end_lessons("Lessons skipped; Ctrl+T shows them again", now_ms);
        true
    }

    /// The lessons end, finished or skipped: never offered at start again,
    /// and the game that waited is played.
    fn end_lessons(&mut self, text: &str, now_ms: u64) {
        let Some(lessons) = self.lessons.take() else {
            return;
        };
        let mut told = text.to_string();
        if let Err(error) = self.files.set_lessons_done() {
            told = format!("{told} (could not note it: {error})");
        }
        self.hint = None;
        match lessons.after {
            After::Game(game) => self.replace(*game, now_ms),
            After::Like(params) => {
                self.new_game(params, now_ms);
            }
        }
        self.tell(told, now_ms);
    }
}

/// Lesson `at`'s game. Its seeded ID always makes the same small puzzle,
/// which a test generates, so it cannot fail here.
fn lesson_game(at: usize, fresh: &super::Fresh) -> Game {
    let source = PuzzleSource::parse(LESSONS[at].id).expect("a lesson's ID reads");
    Game::to_play(source, (fresh.clock)()).expect("a lesson's puzzle is made")
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
