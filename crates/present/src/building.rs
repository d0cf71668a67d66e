//! A game being made on another thread (generated, rated), as a window
//! waits for it: what the maker reports ([`Building`]) and the game's
//! parts it hands over ([`MadeGame`]). The maker is the caller's (the CLI
//! words the generator's progress as its terminal line does); the window
//! shows the reports ([`crate::Frames::paint_building`]) and keeps
//! reading input, so Esc or closing the window leaves at once.
//!
//! A seeded game can be played before the solver has rated it, with
//! provisional facts (`PuzzleFacts::provisional`): [`Measuring`] works the
//! solver's out on a thread of its own, and the front end hands them to
//! `Session::settle_facts` when they come.

use lightemall_engine::{Clock, Game, PuzzleFacts, Resolved};
use std::sync::mpsc::{self, Receiver};

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
    /// `PuzzleFacts::of(&resolved.puzzle, resolved.params)`, or the
    /// provisional facts of a seeded puzzle, the solver's to come
    /// ([`Measuring`]).
    pub facts: PuzzleFacts,
}

impl MadeGame {
    /// The game, on this thread's `clock`.
    pub fn into_game(self, clock: Box<dyn Clock>) -> Game {
        Game::with_facts(self.resolved, self.facts, clock)
    }
}

/// The solver's facts of a game's puzzle (`PuzzleFacts::of`: its rating
/// and par), worked out on a thread of its own while the game is played
/// with provisional ones. The thread is not joined: a player who leaves
/// first ends the process, and it with it.
#[derive(Debug)]
pub struct Measuring {
    id: String,
    facts: Receiver<PuzzleFacts>,
}

impl Measuring {
    /// Start measuring `game`'s puzzle, if its facts are provisional.
    pub fn start(game: &Game) -> Option<Measuring> {
        if !game.facts().measuring {
            return None;
        }
        let puzzle = game.puzzle().clone();
        let params = game.origin().params;
        let (sender, facts) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = sender.send(PuzzleFacts::of(&puzzle, params));
        });
        Some(Measuring {
            id: game.origin().id.clone(),
            facts,
        })
    }

    /// The ID of the game measured.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The facts, if the solver is done; `None` while it works.
    pub fn try_take(&self) -> Option<PuzzleFacts> {
        self.facts.try_recv().ok()
    }

    /// Wait for the facts (`None` if the thread failed).
    pub fn wait(self) -> Option<PuzzleFacts> {
        self.facts.recv().ok()
    }
}
