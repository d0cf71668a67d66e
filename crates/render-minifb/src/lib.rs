//! LightEmAll's desktop window: a minifb window and its input loop.
//!
//! This crate owns the window and the loop and nothing else. Input becomes
//! actions: key events recorded through minifb's callback (`keyboard`,
//! mapped by [`keys`]), mouse buttons as levels whose edges are detected
//! here (`input`); the session turns actions into engine commands and
//! keeps the interface state; frames are the view's Scenes painted by the
//! rasterizer of `lightemall-render-png`, the same one that writes PNGs.
//! Rules are the engine's, layout, hit testing and animation the view's.
//! The engine gets its time from [`InstantClock`]; files go through
//! `lightemall-store`.

mod action;
mod clock;
mod demo;
mod display;
mod files;
mod frame;
mod input;
mod keyboard;
pub mod keys;
mod paint;
mod presets;
mod session;
mod window;

pub use action::{Action, Heading};
pub use clock::InstantClock;
pub use display::{NO_DISPLAY, check_display};
pub use files::Files;
pub use frame::Frames;
pub use session::{Fresh, NOTICE_MS, Notice, Session};

use lightemall_engine::Game;

/// A session of `game` with no files and fixed seeds, as tests and
/// benchmarks use it.
pub fn session_without_files(game: Game) -> Session {
    let mut seeds = 1..;
    let fresh = Fresh {
        clock: Box::new(|| Box::new(InstantClock::default())),
        seed: Box::new(move || seeds.next().unwrap_or_default()),
    };
    Session::new(game, Files::default(), fresh)
}

/// Play `game` in a window until the player leaves (Esc or closing the
/// window autosaves through `files`). `Err` is one line for the player:
/// no display, or the window could not be opened.
pub fn play(game: Game, files: Files, seed: Box<dyn FnMut() -> u64>) -> Result<(), String> {
    check_display()?;
    let fresh = Fresh {
        clock: Box::new(|| Box::new(InstantClock::default())),
        seed,
    };
    window::run(Session::new(game, files, fresh))
}
