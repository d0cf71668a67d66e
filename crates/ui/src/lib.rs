//! LightEmAll's front end without a window: the game's interface state and
//! the rules of interaction, as Simon Tatham's `game_ui`, `interpret_move`
//! and draw state are kept beside the game rather than in a front end.
//!
//! This crate owns what every window shares: the [`Session`] (one engine
//! `Game` and the interface state around it: arrow mode, cursor, theme,
//! help, hover, zoom and pan, notices, a hint's mark, the generation demo),
//! the vocabulary of input ([`Action`] for what a key asks, [`MouseEvent`]
//! for what the mouse did, [`MouseEdges`] for libraries that report the
//! buttons as levels), the key table ([`action_of`]: a [`Key`] with
//! [`Modifiers`] to an action), what a press at a position means (through the view's
//! `Layout::hit`), the next game's parameters (the panel's buttons), the
//! files a session writes (through `lightemall-store`), the engine's clock
//! on the OS clock ([`InstantClock`]), and the frames: the session turned
//! into the view's `FrameInput`, the layout for a window's size and
//! viewport, the Scene, painted by the rasterizer of `lightemall-render-png`
//! into `0RGB` words ([`Frames`]). The panel's values and labels are made
//! here once ([`puzzle_panel`]), for the window and for `lightemall render`.
//!
//! It knows no window library, opens no window and reads no device. Rules
//! are the engine's; layout, hit testing and animation the view's.
//!
//! A game that takes long to make (a large generated board) can be made
//! on another thread while the window shows how far it has come
//! ([`Building`], [`Frames::paint_building`]).
//!
//! A front end (`lightemall-render-minifb` is one) implements only:
//! - a window that shows the `0RGB` words of [`Frames::pixels`] at the size
//!   it asked [`Frames::paint`] for ([`frame_size`] of its own: never
//!   below [`MIN_FRAME`]), and its title from `Game::title`;
//! - its library's keys named as [`Key`]s (a table of names), turned into
//!   [`Action`]s by [`action_of`] and given to [`Session::apply`], a held
//!   key's auto-repeat only if [`Action::repeats`];
//!   mouse buttons as [`MouseEvent`]s (through [`MouseEdges`] if its library
//!   reports levels) given to [`Session::pointer`] with the layout of
//!   [`layout_for`]; the wheel to [`Session::zoom_at`];
//! - the loop: the window's size to [`Session::resize`] before input,
//!   [`Session::tick`] as time passes, a frame painted when
//!   something changed or [`Frames::animating`], [`Session::take_notices`]
//!   logged, [`Session::close`] when the window is closed, and leaving once
//!   [`Session::wants_quit`].

mod action;
mod building;
mod clock;
mod demo;
mod files;
mod frame;
mod icon;
mod keys;
mod log;
mod mouse;
mod paint;
mod presets;
mod session;

pub use action::{Action, Heading};
pub use building::{Building, MadeGame, Measuring};
pub use clock::InstantClock;
pub use files::{Files, Recorded};
pub use frame::{Frames, MIN_FRAME, frame_size, layout_for, puzzle_panel};
pub use icon::{
    APP_ID, ICON_PUZZLE, ICON_SIZES, WINDOW_ICON_SIZES, icon_argb, icon_png, icon_rgba,
};
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
