//! The board model of LightEmAll: directions and topologies, tiles as direction
//! masks, grids, boards with barriers, puzzles, and their text forms (Net game
//! IDs, descriptive IDs, JSON, plain-text pictures); and `grids`, the
//! grid-neutral description of a board as cells and ports, one file a grid.
//!
//! This crate does no I/O, knows no pixels and no clock, and never panics on
//! input: text that cannot be read is a [`ParseError`] saying what and where.

mod board;
mod error;
pub mod format;
mod grid;
pub mod grids;
mod limits;
mod puzzle;
mod tile;
mod topology;

pub use board::{Board, SolutionError, link_tiles};
pub use error::{ModelError, ParseError, one_line};
pub use grid::{Grid, parse_size};
pub use limits::{MAX_SIDE, MIN_SIDE};
pub use puzzle::Puzzle;
pub use tile::Tile;
pub use topology::{CellShape, Dir, DirectionSpec, Topology, TopologySpec, UnknownTopology};
