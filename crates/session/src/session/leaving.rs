//! Leaving a game in progress. Every action that would replace it (N, H,
//! G, the panel's difficulty, size and mode buttons, L) acts only when
//! asked again while its notice shows, unless the game stands exactly as
//! Ctrl+S last saved it: its puzzle, its moves made and its move log
//! (never the clock, which runs on).

use super::Session;
use crate::action::Action;
use lightemall_engine::{Game, Move};

/// What a game was when it was last saved to the save slot: enough to
/// tell whether it changed since (a move changes the moves made or the
/// log's length; a lock or undo changes its length or its last move).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct SavedAs(Option<(String, u64, usize, Option<Move>)>);

impl SavedAs {
    /// `game` as it stands.
    pub(super) fn of(game: &Game) -> SavedAs {
        let log = game.history();
        SavedAs(Some((
            game.origin().id.clone(),
            game.moves_made(),
            log.len(),
            log.last().cloned(),
        )))
    }
}

/// `n` moves, in words: "1 move", "3 moves".
pub fn moves_phrase(n: u64) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

impl Session {
    /// Whether the game in progress would be lost by leaving it: not won,
    /// with moves made, and not as it was last saved.
    pub(super) fn would_lose_game(&self) -> bool {
        self.in_progress() && SavedAs::of(&self.game) != self.saved_as
    }

    /// Ask before `action` replaces a game in progress that would be lost
    /// (`again` says how to ask again, e.g. "N again"; `doing` what it
    /// does, e.g. "starts a new game"): `true` if it asked, and the action
    /// waits to be asked again.
    pub(super) fn asks_first(
        &mut self,
        action: Action,
        again: &str,
        doing: &str,
        now_ms: u64,
    ) -> bool {
        if !self.would_lose_game() {
            return false;
        }
        if self.asked_again(action, now_ms) {
            // Asked and answered: the question goes.
            self.asked = None;
            self.notice = None;
            return false;
        }
        let text = format!(
            "{again} {doing}; this one ({}) is not saved: Ctrl+S saves it",
            moves_phrase(self.game.moves_made())
        );
        self.ask(action, text, now_ms);
        true
    }

    /// Note that the game stands as the save slot holds it now.
    pub(super) fn saved_as_it_is(&mut self) {
        self.saved_as = SavedAs::of(&self.game);
    }
}
