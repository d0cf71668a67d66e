//! LightEmAll's desktop window: a minifb window and its input loop.
//!
//! This crate owns the window and the loop and nothing else: it is the
//! minifb front end of `lightemall-session` (the session, the key table,
//! what input means) and `lightemall-present` (the frames). Here key events are recorded
//! through minifb's callback (`keyboard`), named as the session's keys
//! (`key_names`) and mapped to actions by the session's key table; the mouse
//! buttons minifb reports as levels are read once an update and given to
//! the ui's `MouseEdges`; the frames the ui paints are shown, and the loop
//! sleeps while nothing changes. A game another thread makes is waited
//! for with the window open ([`play_when_made`]). Nothing here knows a game rule, a key's
//! meaning, a layout or a pixel of its own.

mod clipboard;
mod display;
mod ending;
mod key_names;
mod keyboard;
mod memory;
mod window;

pub use display::{NO_DISPLAY, check_display};

use lightemall_engine::Game;
use lightemall_model::Grid;
use lightemall_present::Building;
use lightemall_session::{Files, Fresh, InstantClock, Session};
use std::sync::mpsc::Receiver;

/// Play `game` in a window until the player leaves (Esc or closing the
/// window autosaves through `files`, and so do SIGTERM, SIGHUP, SIGINT
/// and a lost display; the game is kept as it is played, too). `Ok` with
/// the signal that ended it, if one did. `Err` is one line for the
/// player: no display, or the window could not be opened.
pub fn play(
    game: Game,
    files: Files,
    seed: Box<dyn FnMut() -> u64>,
) -> Result<Option<i32>, String> {
    check_display()?;
    ending::listen();
    let fresh = Fresh {
        clock: Box::new(|| Box::new(InstantClock::default())),
        seed,
    };
    window::run(Session::new(game, files, fresh))
}

/// Play a game for `grid` that another thread is making (generating,
/// rating): the window opens at once and shows `what` and the `reports`
/// until the game comes, then plays it, after `prepare` (a resumed save
/// replays its moves on it), as [`play`] does. Esc or closing the window
/// while it waits leaves without a game. `Err`: no display, no window,
/// the maker's own error or `prepare`'s.
pub fn play_when_made(
    grid: &Grid,
    what: &str,
    reports: Receiver<Building>,
    prepare: impl FnOnce(Game) -> Result<Game, String>,
    files: Files,
    seed: Box<dyn FnMut() -> u64>,
) -> Result<Option<i32>, String> {
    check_display()?;
    ending::listen();
    let fresh = Fresh {
        clock: Box::new(|| Box::new(InstantClock::default())),
        seed,
    };
    window::run_when_made(grid, what, reports, |game| {
        Ok(Session::new(prepare(game)?, files, fresh))
    })
}
