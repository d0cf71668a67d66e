//! Telling others about a game: the share line of a win, Ctrl+C's copy
//! (the puzzle's ID, or once won the share line and its proof code) for
//! the front end's clipboard, and Ctrl+D's daily puzzle.

use super::Session;
use crate::Action;
use lightemall_engine::daily::{Date, daily_id};
use lightemall_engine::proof;
use lightemall_gen::PuzzleSource;

impl Session {
    /// The line that tells this game's result: the daily's date and the
    /// streak its win made, if it is one.
    pub(super) fn share_line(&self) -> String {
        let date = self.game.facts().daily;
        proof::share_line(&self.game, date, self.streak)
    }

    /// Ctrl+C: what the player copies is kept for the front end
    /// ([`Session::take_copied`]), which says whether the clipboard took
    /// it ([`Session::copy_done`]).
    pub(super) fn copy(&mut self) -> bool {
        let (text, what) = if self.game.is_solved() {
            let text = format!("{}\n{}", self.share_line(), proof::encode(&self.game));
            (text, "the share line and its proof code")
        } else {
            (self.game.origin().id.clone(), "the puzzle's ID")
        };
        self.copied = Some((text, what));
        // Nothing shows until the front end says what became of it.
        false
    }

    /// Text copied by the player, with what it is, for the front end to
    /// put on the clipboard; taken once.
    pub fn take_copied(&mut self) -> Option<(String, &'static str)> {
        self.copied.take()
    }

    /// What became of a copy: the clipboard took `what`, or could not
    /// (`Err` saying why), which the notice tells.
    pub fn copy_done(&mut self, what: &str, result: Result<(), String>, now_ms: u64) {
        let line = match result {
            Ok(()) => format!("Copied {what} to the clipboard"),
            Err(why) => format!("could not copy {what}: {why}"),
        };
        self.tell(line, now_ms);
    }

    /// Ctrl+D or the Daily button (`action`, whose repeat `again` names):
    /// today's daily puzzle, a new game asked first when one is in
    /// progress; nothing new when today's daily is the game already.
    pub(super) fn daily(&mut self, action: Action, again: &str, now_ms: u64) -> bool {
        let today = lightemall_store::today();
        if self.game.facts().daily == Some(today) {
            self.tell("This is today's daily already".into(), now_ms);
            return true;
        }
        if self.asks_first(action, again, "starts today's daily", now_ms) {
            return true;
        }
        self.play_daily(today, now_ms)
    }

    fn play_daily(&mut self, today: Date, now_ms: u64) -> bool {
        let source = daily_id(today, today)
            .map_err(|e| e.to_string())
            .and_then(|id| {
                let source = PuzzleSource::parse(&id).map_err(|e| e.to_string())?;
                Ok((source, id))
            });
        match source {
            Ok((source, id)) => self.start(source, &id, now_ms),
            Err(error) => {
                self.tell(format!("no daily today: {error}"), now_ms);
            }
        }
        true
    }
}
