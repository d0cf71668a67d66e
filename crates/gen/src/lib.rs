//! Seeded puzzle generation for LightEmAll: union-find, Kruskal's algorithm,
//! Circuitry's growth generators, scrambling, and the seeded puzzle ID.
//!
//! Everything is deterministic from a 64-bit seed (see [`random`]) and generic
//! over the topology: generators ask the [`Grid`] for neighbours and never
//! name a direction. No I/O, no clock. Each generator can report its steps to
//! a [`StepSink`] for the live demo.

mod growth;
mod kruskal;
mod params;
pub mod random;
mod reroute;
mod scramble;
mod source;
mod steps;
mod union_find;

pub use growth::{frontier, scan};
pub use kruskal::kruskal;
pub use params::{Difficulty, Generator, Params, looks_seeded};
pub use reroute::{Link, Rerouter};
pub use scramble::scramble;
pub use source::PuzzleSource;
pub use steps::{NoSteps, RecordedStep, Step, StepRecorder, StepSink};
pub use union_find::UnionFind;

use lightemall_model::{Board, Grid, ModelError, Puzzle, Tile};
use random::{Random, Stream};

/// The solved tiles of the tree that `params` describe.
pub fn solution_tree<S: StepSink>(params: &Params, steps: &mut S) -> Vec<Tile> {
    let mut random = Random::new(params.seed, Stream::Tree);
    let grid: &Grid = &params.grid;
    match params.generator {
        Generator::Kruskal | Generator::Unique | Generator::Graded => {
            kruskal(grid, params.difficulty, &mut random, steps)
        }
        Generator::Scan => scan(grid, &mut random, steps),
        Generator::Frontier => frontier(grid, &mut random, steps),
    }
}

/// The puzzle that `params` describe: the tree, scrambled, with the station.
///
/// For [`Generator::Unique`] and [`Generator::Graded`] this is only the
/// starting tree, whose puzzle may have several solutions:
/// `lightemall_solve::generate` makes it unique (and of its level).
pub fn generate(params: &Params) -> Result<Puzzle, ModelError> {
    generate_with_steps(params, &mut NoSteps)
}

/// [`generate`], reporting each step of the tree's construction to `steps`.
pub fn generate_with_steps<S: StepSink>(
    params: &Params,
    steps: &mut S,
) -> Result<Puzzle, ModelError> {
    puzzle_from_tree(params, solution_tree(params, steps))
}

/// The puzzle of the solved tiles `tree`: scrambled with the seed of
/// `params`, with its station.
pub fn puzzle_from_tree(params: &Params, tree: Vec<Tile>) -> Result<Puzzle, ModelError> {
    let grid = params.grid;
    let (x, y) = params.station;
    let station = grid.checked_index(x as u64, y as u64)?;
    let solved = Board::new(grid, tree)?;
    let mut random = Random::new(params.seed, Stream::Scramble);
    let board = scramble(&solved, &mut random);
    Ok(Puzzle {
        board,
        solution: Some(solved.tiles().to_vec()),
        station,
    })
}
