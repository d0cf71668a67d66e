//! LightEmAll's session: one game and the interface state around it, and
//! the rules of interaction, as Simon Tatham's `game_ui` and
//! `interpret_move` are kept beside the game rather than in a front end.
//!
//! This crate owns what every front end shares: the [`Session`] (one
//! engine `Game` and the interface state around it: arrow mode, cursor,
//! theme, help, hover, zoom and pan, notices, a hint's mark, the
//! generation demo), the vocabulary of input ([`Action`] for what a key
//! asks, [`MouseEvent`] for what the mouse did, [`MouseEdges`] for
//! libraries that report the buttons as levels), the key table
//! ([`action_of`]: a [`Key`] with [`Modifiers`] to an action), what a
//! press at a position means (through the view's `Layout::hit`), the next
//! game's parameters (the panel's buttons), the files a session writes
//! (through `lightemall-store`), and the engine's clock on the OS clock
//! ([`InstantClock`]).
//!
//! It paints nothing and uses no rasterizer: the Scene of a session and
//! its frames are `lightemall-present`'s. It knows no window library,
//! opens no window and reads no device. Rules are the engine's; layout,
//! hit testing and animation the view's.

mod action;
pub mod charts;
mod clock;
mod demo;
mod files;
mod keys;
pub mod lessons;
mod log;
mod mouse;
mod presets;
mod session;

pub use action::{Action, Heading};
pub use clock::InstantClock;
pub use demo::Demo;
pub use files::{Files, Recorded};
pub use keys::{Key, Modifiers, action_of};
pub use log::say;
pub use mouse::{MouseButton, MouseEdges, MouseEvent, MouseLevels};
pub use session::{Fresh, LEAVE_ASKED, NOTICE_MS, Notice, Session, leave_asked};

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
