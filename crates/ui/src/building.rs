//! A game being made on another thread (generated, rated), as a window
//! waits for it: what the maker reports ([`Building`]) and the game's
//! parts it hands over ([`MadeGame`]). The maker is the caller's (the CLI
//! words the generator's progress as its terminal line does); the window
//! shows the reports ([`crate::Frames::paint_building`]) and keeps
//! reading input, so Esc or closing the window leaves at once.

use lightemall_engine::{Clock, Game, PuzzleFacts, Resolved};

/// What the thread making a game sends.
#[derive(Debug)]
pub enum Building {
    /// What it is doing now, in words for the player.
    Doing(String),
    /// The game's parts, or why there is no game (one line).
    Made(Result<Box<MadeGame>, String>),
}

/// A game's parts, made on another thread (a `Game` stays on the thread
/// of its clock): the resolved puzzle and its facts.
#[derive(Debug)]
pub struct MadeGame {
    /// The puzzle, its ID and its parameters (`lightemall_solve::resolve`).
    pub resolved: Resolved,
    /// `PuzzleFacts::of(&resolved.puzzle, resolved.params)`.
    pub facts: PuzzleFacts,
}

impl MadeGame {
    /// The game, on this thread's `clock`.
    pub fn into_game(self, clock: Box<dyn Clock>) -> Game {
        Game::with_facts(self.resolved, self.facts, clock)
    }
}
