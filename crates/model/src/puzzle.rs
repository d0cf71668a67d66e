//! A puzzle: the scrambled board the player starts from, the solution if it is
//! known, and where the power station stands.

use crate::board::Board;
use crate::tile::Tile;

/// A puzzle as the game starts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The scrambled tiles, with the grid and the barriers.
    pub board: Board,
    /// The solved tiles, row-major, when the puzzle's maker knows them
    /// (a generator does; a Net game ID does not say).
    pub solution: Option<Vec<Tile>>,
    /// Row-major index of the power station's tile.
    pub station: usize,
}

impl Puzzle {
    /// The solution as a board (same grid and barriers), if known.
    pub fn solution_board(&self) -> Option<Board> {
        let tiles = self.solution.clone()?;
        self.board.with_tiles(tiles).ok()
    }
}
