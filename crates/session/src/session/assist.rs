//! Help for a player who is stuck: a hint (Ctrl+H), Solve (Ctrl+Shift+H,
//! asked twice) and Restart (Ctrl+R), and the words the window says for
//! them. The engine decides; this part only asks it and tells the player.
//!
//! A hint names its tile by column and row as the player counts them on
//! screen: from 1, at the top left, after a wrapping board's shift. Taking
//! a hint or Solve marks the game assisted (the engine's flag), so its win
//! is not recorded; the notice says so when that first happens.

use super::Session;
use crate::action::Action;
use lightemall_engine::{Hint, LockCheck, Why};
use lightemall_model::{Tile, Topology};
use lightemall_view::HintMark;

/// The first press of Ctrl+Shift+H.
pub const SOLVE_ASKED: &str = "press Ctrl+Shift+H again to solve it (a solved game is not scored)";
/// Solve turned every tile and the game is won.
pub const SOLVED: &str = "solved for you; this game is not scored (Ctrl+Z takes it back)";
/// A hint when every wire is right but, with the radius on, the station
/// must move.
pub const WIRES_RIGHT: &str =
    "every tile is turned right; move the star so the radius reaches them all";
/// Solve turned every tile, but with the radius on the station must move.
pub const SOLVED_WIRES: &str =
    "solved the wires for you (not scored); move the star so the radius reaches all";
/// Solve or a hint on a game already won.
pub const ALREADY_SOLVED: &str = "the puzzle is already solved";
/// A hint or a check on a puzzle that has no solution at all.
pub const NO_SOLUTION: &str =
    "this puzzle has no solution: its wires cannot all connect, whatever the locks";
/// A hint with a locked tile turned wrong.
pub const LOCKS_WRONG: &str =
    "no hint: a locked tile is wrong; unlock some (Shift+click) and ask again";
/// A hint the solver gave up on.
pub const GAVE_UP: &str =
    "no hint: this puzzle is too large to search here; lock some tiles and try again";
/// Ctrl+K with locks that allow a solution.
pub const LOCKS_FINE: &str = "your locked tiles still allow a solution";
/// Ctrl+K with a wrong lock.
pub const LOCK_WRONG: &str = "a locked tile is wrong; Ctrl+K again to see which (not scored then)";
/// Ctrl+K when the solver's budget ran out.
pub const LOCKS_UNKNOWN: &str = "cannot tell: this puzzle is too large to check here";
/// Ctrl+R with moves to undo.
pub const RESTARTED: &str = "back to the start; Ctrl+Y brings the moves back";
/// Ctrl+R with none.
pub const AT_THE_START: &str = "already at the start";

/// How to turn one tile: how many steps, and which way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Advice {
    /// Steps of the topology (a quarter turn on a square board).
    pub steps: u32,
    /// Clockwise (a left click) or anticlockwise (a right click).
    pub clockwise: bool,
}

/// The shorter way to turn `from` into `to` (clockwise when both are as
/// short), or `None` if `to` is not a turn of `from` or is `from` itself.
pub fn advice(topology: Topology, from: Tile, to: Tile) -> Option<Advice> {
    let clockwise = from.steps_to(topology, to).filter(|&k| k > 0)?;
    // A symmetric tile repeats itself every `period` steps.
    let period = from.orientation_count(topology);
    let anticlockwise = period.saturating_sub(clockwise);
    Some(if clockwise <= anticlockwise {
        Advice {
            steps: clockwise,
            clockwise: true,
        }
    } else {
        Advice {
            steps: anticlockwise,
            clockwise: false,
        }
    })
}

/// "one step clockwise", "two steps anticlockwise".
fn steps_text(advice: Advice) -> String {
    let count = match advice.steps {
        1 => "one".to_string(),
        2 => "two".to_string(),
        3 => "three".to_string(),
        4 => "four".to_string(),
        n => n.to_string(),
    };
    let unit = if advice.steps == 1 { "step" } else { "steps" };
    let way = if advice.clockwise {
        "clockwise"
    } else {
        "anticlockwise"
    };
    format!("{count} {unit} {way}")
}

/// The notice of a hint to turn the tile at `column`, `row` (counted from
/// 1), with the reason reasoning gives if it found the turn (the tiles
/// that force it are outlined); `first`: this hint is what stops the game
/// being scored.
pub fn hint_text(
    column: usize,
    row: usize,
    advice: Option<Advice>,
    reason: Option<&str>,
    first: bool,
) -> String {
    let mut turn = match advice {
        Some(advice) => format!(
            "hint: turn the tile at column {column}, row {row} {}",
            steps_text(advice)
        ),
        None => format!("hint: turn the tile at column {column}, row {row}"),
    };
    if let Some(reason) = reason {
        turn = format!("{turn}: {reason}");
    }
    if first {
        format!("{turn}; no score for this game")
    } else {
        turn
    }
}

impl Session {
    /// Ctrl+H: ask the engine for a hint (which marks the game assisted
    /// when it shows a turn) and tell the player; a turn is also marked on
    /// its tile. Nothing while paused (the engine refuses).
    pub(super) fn hint(&mut self, now_ms: u64) -> bool {
        let was_assisted = self.game.is_assisted();
        let Ok(hint) = self.game.take_hint() else {
            return false;
        };
        let text = match hint {
            Hint::Turn { tile, to, why, .. } => {
                return self.show_turn(tile, to, why, !was_assisted, now_ms);
            }
            Hint::LocksWrong if self.game.has_no_solution() => NO_SOLUTION,
            Hint::Solved if self.game.is_solved() => ALREADY_SOLVED,
            Hint::Solved => WIRES_RIGHT,
            Hint::LocksWrong => LOCKS_WRONG,
            Hint::GaveUp => GAVE_UP,
        };
        self.tell(text.to_string(), now_ms)
    }

    fn show_turn(
        &mut self,
        tile: usize,
        to: Tile,
        why: Option<Why>,
        first: bool,
        now_ms: u64,
    ) -> bool {
        let board = self.game.board();
        let topology = board.grid().topology();
        let from = board.tiles().get(tile).copied().unwrap_or_default();
        let advice = advice(topology, from, to);
        let (column, row) = self.column_and_row(tile);
        let reason = why.as_ref().map(|why| why.technique.reason());
        self.tell(hint_text(column, row, advice, reason, first), now_ms);
        let forcing = why.map_or_else(Vec::new, |why| {
            why.because.iter().map(|&t| t as u32).collect()
        });
        let mark = HintMark {
            tile,
            clockwise: advice.is_none_or(|a| a.clockwise),
        };
        self.hint = Some((mark, forcing));
        // Far off on a big board, the tile is brought into view.
        self.bring_into_view(tile);
        true
    }

    /// Ctrl+K: whether the locked tiles still allow a solution. Pressed
    /// again while the notice says one is wrong: which one, marked, and
    /// the game is then not scored. Nothing while paused.
    pub(super) fn check_locks(&mut self, now_ms: u64) -> bool {
        if self.game.is_paused() {
            return false;
        }
        let asked_again = self.notice(now_ms).is_some_and(|n| n.text == LOCK_WRONG);
        if asked_again && let Some(tile) = self.game.wrong_lock() {
            let (column, row) = self.column_and_row(tile);
            self.tell(
                format!(
                    "the locked tile at column {column}, row {row} is wrong; no score for this game"
                ),
                now_ms,
            );
            self.hint = Some((
                HintMark {
                    tile,
                    clockwise: true,
                },
                Vec::new(),
            ));
            return true;
        }
        let text = match self.game.check_locks() {
            LockCheck::Fine => LOCKS_FINE,
            LockCheck::Wrong if self.game.has_no_solution() => NO_SOLUTION,
            LockCheck::Wrong => LOCK_WRONG,
            LockCheck::Unknown => LOCKS_UNKNOWN,
        };
        self.tell(text.to_string(), now_ms)
    }

    /// Where the player sees `tile`: its column and row counted from 1 at
    /// the top left, after a wrapping board's shift.
    pub(super) fn column_and_row(&self, tile: usize) -> (usize, usize) {
        let grid = self.game.board().grid();
        let (x, y) = grid.coords(tile);
        let (dx, dy) = if grid.wrap() {
            self.viewport.shift
        } else {
            (0, 0)
        };
        (
            (x + dx) % grid.width().max(1) + 1,
            (y + dy) % grid.height().max(1) + 1,
        )
    }

    /// Ctrl+Shift+H: the first press asks for a second; the second, while
    /// the first's notice shows, solves (one move, the game marked
    /// assisted). Nothing while paused.
    pub(super) fn solve(&mut self, now_ms: u64) -> bool {
        if self.game.is_paused() {
            return false;
        }
        if self.game.is_solved() {
            return self.tell(ALREADY_SOLVED.to_string(), now_ms);
        }
        if !self.asked_again(Action::Solve, now_ms) {
            return self.ask(Action::Solve, SOLVE_ASKED.to_string(), now_ms);
        }
        let mut result = Ok(());
        self.command(
            |game| {
                result = game.solve();
                result.is_ok()
            },
            now_ms,
        );
        let text = match result {
            Ok(()) if self.game.is_solved() => SOLVED.to_string(),
            Ok(()) => SOLVED_WIRES.to_string(),
            // Too large to solve here, or no solution keeps the locks.
            Err(error) => error.to_string(),
        };
        self.tell(text, now_ms)
    }

    /// Ctrl+R: every move undone (redo brings them back). Nothing while
    /// paused.
    pub(super) fn restart(&mut self, now_ms: u64) -> bool {
        if self.game.is_paused() {
            return false;
        }
        if self.game.history().is_empty() {
            return self.tell(AT_THE_START.to_string(), now_ms);
        }
        self.command(
            |game| {
                game.restart();
                true
            },
            now_ms,
        );
        self.tell(RESTARTED.to_string(), now_ms)
    }
}
