//! A board: a grid with a tile on every cell and barriers between some cells.

use crate::error::ModelError;
use crate::grid::Grid;
use crate::tile::Tile;
use crate::topology::{Dir, Topology};
use thiserror::Error;

/// Tiles on a grid, with barriers. Barriers are symmetric: a barrier between
/// two tiles blocks both directions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    grid: Grid,
    tiles: Vec<Tile>,
    /// Per tile, the directions that lead to a neighbour with no barrier
    /// between: edges and barriers folded into one mask for the hot paths.
    open: Vec<u8>,
    /// Whether `add_barrier` ever closed an edge.
    barriers: bool,
}

/// Why a board is not a solved puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolutionError {
    /// A wire points off the board, into a barrier, or at a tile with no wire back.
    #[error("the wire of tile ({x}, {y}) toward {dir} is not matched")]
    DanglingWire {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// Direction name.
        dir: &'static str,
    },
    /// Some tiles are not connected to the others.
    #[error("only {reached} of {total} tiles are connected")]
    Disconnected {
        /// Tiles reached from tile 0.
        reached: usize,
        /// All tiles.
        total: usize,
    },
    /// The wires close a loop.
    #[error("the wires form a closed loop")]
    Loop,
}

/// Check that `tiles` fit `grid`: one per cell, no wire the topology lacks.
fn check_tiles(grid: &Grid, tiles: &[Tile]) -> Result<(), ModelError> {
    if tiles.len() != grid.len() {
        return Err(ModelError::TileCountMismatch {
            expected: grid.len(),
            found: tiles.len(),
        });
    }
    let full = grid.topology().full_mask();
    match tiles.iter().position(|t| t.0 & !full != 0) {
        Some(index) => Err(ModelError::TileOutOfRange {
            index,
            mask: u16::from(tiles[index].0),
            topology: grid.topology().name(),
        }),
        None => Ok(()),
    }
}

/// Join tile `from` and tile `to`, its neighbour toward `dir`, with a wire
/// each way: how every generator builds its tree. The caller knows `to`
/// (generators have it at hand; [`Board::link`] looks it up).
#[inline]
pub fn link_tiles(topology: Topology, tiles: &mut [Tile], from: usize, dir: Dir, to: usize) {
    tiles[from] = tiles[from].with(dir);
    tiles[to] = tiles[to].with(topology.opposite(dir));
}

impl Board {
    /// A board of the given tiles, checked against the grid.
    pub fn new(grid: Grid, tiles: Vec<Tile>) -> Result<Board, ModelError> {
        check_tiles(&grid, &tiles)?;
        Ok(Board {
            open: grid.open_masks(),
            grid,
            tiles,
            barriers: false,
        })
    }

    /// A board with no wires.
    pub fn empty(grid: Grid) -> Board {
        Board {
            open: grid.open_masks(),
            tiles: vec![Tile::EMPTY; grid.len()],
            grid,
            barriers: false,
        }
    }

    /// The same board (grid and barriers) carrying other tiles.
    pub fn with_tiles(&self, tiles: Vec<Tile>) -> Result<Board, ModelError> {
        check_tiles(&self.grid, &tiles)?;
        Ok(Board {
            grid: self.grid,
            tiles,
            open: self.open.clone(),
            barriers: self.barriers,
        })
    }

    /// The grid.
    #[inline]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// All tiles, row-major.
    #[inline]
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The tiles, row-major, given back (the board's own, not a copy).
    pub fn into_tiles(self) -> Vec<Tile> {
        self.tiles
    }

    /// The tile at `index`.
    #[inline]
    pub fn tile(&self, index: usize) -> Tile {
        self.tiles[index]
    }

    /// Replace the tile at `index`. Masks beyond the topology are cut off.
    pub fn set_tile(&mut self, index: usize, tile: Tile) {
        self.tiles[index] = Tile(tile.0 & self.grid.topology().full_mask());
    }

    /// Join the tile at `index` and its neighbour toward `dir` with a wire
    /// each way; returns the neighbour, or `None` (nothing changes) at an
    /// edge of a board that does not wrap.
    pub fn link(&mut self, index: usize, dir: Dir) -> Option<usize> {
        let other = self.grid.neighbour(index, dir)?;
        link_tiles(self.grid.topology(), &mut self.tiles, index, dir, other);
        Some(other)
    }

    /// Turn the tile at `index` clockwise by `steps` steps.
    pub fn rotate(&mut self, index: usize, steps: u32) {
        self.tiles[index] = self.tiles[index].rotated(self.grid.topology(), steps);
    }

    /// Put a barrier on both sides of the edge from `index` toward `dir`.
    /// An edge of a non-wrapping board already blocks; nothing changes there.
    pub fn add_barrier(&mut self, index: usize, dir: Dir) {
        if let Some(other) = self.grid.neighbour(index, dir) {
            self.open[index] &= !dir.bit();
            self.open[other] &= !self.grid.topology().opposite(dir).bit();
            self.barriers = true;
        }
    }

    /// Whether a barrier stands between tile `index` and its neighbour toward `dir`.
    pub fn has_barrier(&self, index: usize, dir: Dir) -> bool {
        self.grid.neighbour(index, dir).is_some() && self.open[index] & dir.bit() == 0
    }

    /// The directions from `index` blocked by a barrier, as a mask.
    pub fn barrier_mask(&self, index: usize) -> u8 {
        self.grid.open_directions(index) & !self.open[index]
    }

    /// Put a barrier toward every direction of `mask` from `index`.
    pub fn add_barriers(&mut self, index: usize, mask: u8) {
        for dir in self
            .grid
            .topology()
            .directions()
            .filter(|d| mask & d.bit() != 0)
        {
            self.add_barrier(index, dir);
        }
    }

    /// Whether any barrier stands on the board.
    pub fn has_barriers(&self) -> bool {
        self.barriers
    }

    /// The directions from `index` that lead to a neighbour with no barrier between.
    #[inline]
    pub fn open_directions(&self, index: usize) -> u8 {
        self.open[index]
    }

    /// The neighbour that tile `index` is connected to toward `dir`: both tiles
    /// have a wire pointing at each other and no barrier stands between them.
    #[inline]
    pub fn linked(&self, index: usize, dir: Dir) -> Option<usize> {
        if self.tiles[index].0 & self.open[index] & dir.bit() == 0 {
            return None;
        }
        let other = self.grid.neighbour(index, dir)?;
        self.tiles[other]
            .has(self.grid.topology().opposite(dir))
            .then_some(other)
    }

    /// Check that the board is solved: every wire is matched and the wires form
    /// one tree over all tiles (connected, no loop).
    pub fn check_solved(&self) -> Result<(), SolutionError> {
        let topology = self.grid.topology();
        let mut links = 0usize;
        for index in 0..self.grid.len() {
            for dir in topology.directions().filter(|&d| self.tiles[index].has(d)) {
                if self.linked(index, dir).is_none() {
                    let (x, y) = self.grid.coords(index);
                    let dir = topology.direction(dir).name;
                    return Err(SolutionError::DanglingWire { x, y, dir });
                }
                links += 1;
            }
        }
        let reached = self.reachable_from(0);
        if reached != self.grid.len() {
            return Err(SolutionError::Disconnected {
                reached,
                total: self.grid.len(),
            });
        }
        // A connected graph on n vertices is a tree exactly when it has n - 1 edges.
        if links / 2 != self.grid.len() - 1 {
            return Err(SolutionError::Loop);
        }
        Ok(())
    }

    fn reachable_from(&self, start: usize) -> usize {
        let mut seen = vec![false; self.grid.len()];
        let mut stack = vec![start];
        seen[start] = true;
        let mut count = 0;
        while let Some(index) = stack.pop() {
            count += 1;
            for dir in self.grid.topology().directions() {
                if let Some(next) = self.linked(index, dir)
                    && !seen[next]
                {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::topology::Topology;

    fn square(width: usize, height: usize, masks: &[u8]) -> Board {
        let grid = Grid::new(Topology::Square, width, height, false).expect("valid grid");
        Board::new(grid, masks.iter().map(|&m| Tile(m)).collect()).expect("valid board")
    }

    #[test]
    fn connection_needs_both_wires() {
        // (0,0) points E; (1,0) points W: connected. (0,1) points N, (0,0) does not point S.
        let board = square(2, 2, &[2, 8, 1, 0]);
        assert_eq!(board.linked(0, Dir(1)), Some(1));
        assert_eq!(board.linked(1, Dir(3)), Some(0));
        assert_eq!(board.linked(2, Dir(0)), None);
    }

    #[test]
    fn barriers_block_both_ways() {
        let mut board = square(2, 2, &[2, 8, 0, 0]);
        board.add_barrier(1, Dir(3));
        assert!(board.has_barrier(0, Dir(1)));
        assert!(board.has_barriers());
        assert_eq!(board.linked(0, Dir(1)), None);
        assert!(
            !board.has_barrier(0, Dir(3)),
            "the board's edge is not a barrier"
        );
    }

    #[test]
    fn solved_means_one_tree() {
        // ┌┐ / └┘ is a loop; ┌┐ / ╵╵ is a tree.
        assert_eq!(
            square(2, 2, &[6, 12, 3, 9]).check_solved(),
            Err(SolutionError::Loop)
        );
        assert_eq!(square(2, 2, &[6, 12, 1, 1]).check_solved(), Ok(()));
        assert_eq!(
            square(2, 2, &[6, 8, 1, 0]).check_solved(),
            Err(SolutionError::Disconnected {
                reached: 3,
                total: 4
            })
        );
        assert!(matches!(
            square(2, 2, &[7, 12, 1, 1]).check_solved(),
            Err(SolutionError::DanglingWire {
                x: 0,
                y: 0,
                dir: "N"
            })
        ));
    }

    #[test]
    fn wrong_tiles_are_refused() {
        let grid = Grid::new(Topology::Square, 2, 2, false).expect("valid grid");
        assert!(Board::new(grid, vec![Tile(0); 3]).is_err());
        assert!(Board::new(grid, vec![Tile(16); 4]).is_err());
    }
}
