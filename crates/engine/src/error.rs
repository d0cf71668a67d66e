//! Why a move or a game cannot be made.

use thiserror::Error;

/// A move the game refuses, or a puzzle it cannot start. Nothing changes.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// The puzzle could not be read or built.
    #[error("{0}")]
    Puzzle(String),
    /// A position off the board.
    #[error("({x}, {y}) is off the {width}x{height} board")]
    OffBoard {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A locked tile cannot turn.
    #[error("tile ({x}, {y}) is locked")]
    Locked {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
    },
    /// An edge mark toward no tile (off the board's edge).
    #[error("tile ({x}, {y}) has no neighbour toward {dir}: there is no edge to mark")]
    NoEdge {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The direction as written.
        dir: &'static str,
    },
    /// A direction this board's topology does not have.
    #[error("a {topology} board has no direction {name}")]
    NoSuchDirection {
        /// The direction as written.
        name: &'static str,
        /// The board's topology.
        topology: &'static str,
    },
    /// The station moves only along a connected wire.
    #[error("the station at ({x}, {y}) has no connected wire toward {name}")]
    NoWire {
        /// Station column.
        x: usize,
        /// Station row.
        y: usize,
        /// The direction asked for.
        name: &'static str,
    },
    /// A jumble turn of no steps, or of more steps than the topology has.
    #[error("a {topology} tile turns 1 to {most} steps, not {steps}")]
    TooManySteps {
        /// Steps asked for.
        steps: u32,
        /// The most steps that make a difference.
        most: u32,
        /// The board's topology.
        topology: &'static str,
    },
    /// The log holds [`crate::moves::MAX_MOVES`] moves,
    /// [`crate::moves::MAX_WRITTEN_TURNS`] written turns, or seeded
    /// jumbles turning [`crate::moves::MAX_JUMBLED_TILES`] tiles (with the
    /// redo list): a save could hold no more.
    #[error(
        "the move log is full (at most {} moves, {} turns written out in \
         jumbles and solves, and jumbles turning {} tiles in all, what a save \
         file holds); start a new game",
        crate::moves::MAX_MOVES,
        crate::moves::MAX_WRITTEN_TURNS,
        crate::moves::MAX_JUMBLED_TILES
    )]
    LogFull,
    /// No move is made while the game is paused.
    #[error("the game is paused")]
    Paused,
    /// Solve found no solution that keeps the locked tiles.
    #[error("no solution keeps the locked tiles as they are; unlock one")]
    NoSolution,
    /// Solve gave up: the puzzle is too large and has too many solutions to
    /// find one while the player waits.
    #[error("this puzzle is too large to solve here; lock some tiles and try again")]
    TooHardToSolve,
}
