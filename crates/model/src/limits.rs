//! The limits of a board, in a module of their own that imports nothing, so
//! the grid that enforces them and the error that quotes them both use it.

/// The smallest side of a board.
pub const MIN_SIDE: usize = 2;
/// The largest side of a board.
pub const MAX_SIDE: usize = 1000;
