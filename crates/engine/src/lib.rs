//! The LightEmAll game without a screen: a puzzle, commands, move tokens,
//! undo and redo, the clock, the win, save files and scores.
//!
//! Simon Tatham's midend is the model: state changes only through moves;
//! a move is a printable token ([`moves`]); the same tokens are the undo
//! history, the save file ([`save`]) and `lightemall replay`. The window,
//! `lightemall replay` and the tests all drive this one set of rules (the
//! PNG renderer and `lightemall render` draw puzzles without a game, with
//! the same [`PuzzleFacts`]).
//!
//! This crate does no I/O and reads no clock of the OS (time comes from a
//! [`Clock`] it is given), and never panics on input: a bad token, a move
//! the board does not allow or a damaged save text is an `Err` saying what
//! and where. Reading and writing files is `lightemall-store`'s.

pub mod checkpoints;
mod clock;
mod commands;
pub mod daily;
pub use commands::LockCheck;
mod error;
mod game;
pub mod marks;
pub mod moves;
pub mod proof;
pub mod save;
pub mod score;
mod setup;
pub mod streak;
mod text;

pub use clock::{Clock, MAX_ELAPSED, ManualClock, elapsed_millis};
pub use error::GameError;
pub use game::{Game, GameState};
pub use lightemall_solve::{Hint, Resolved, Why};
pub use moves::{Coord, JumbleTurn, Move, TokenError};
pub use setup::{Origin, PAR_SOLUTIONS, PuzzleFacts, RATED_FIRST};
