//! Seeded puzzle generation for LightEmAll: union-find, Kruskal's algorithm,
//! Circuitry's growth generators, scrambling, and the seeded puzzle ID.
//!
//! Everything is deterministic from a 64-bit seed (see [`random`]) and generic
//! over the topology: generators ask the [`Grid`] for neighbours and never
//! name a direction. No I/O, no clock. Each generator can report its steps to
//! a [`StepSink`] for the live demo.

mod growth;
mod kruskal;
mod net_growth;
mod params;
pub mod random;
mod reroute;
mod scramble;
mod source;
mod steps;
mod union_find;

pub use growth::{frontier, scan};
pub use kruskal::kruskal;
pub use net_growth::net_growth;
pub use params::{Difficulty, Generator, Params, looks_seeded};
pub use reroute::{Link, Rerouter};
pub use scramble::scramble;
pub use source::PuzzleSource;
pub use steps::{MAX_STEP_TILES, NoSteps, RecordedStep, Step, StepRecorder, StepSink};
pub use union_find::UnionFind;

use lightemall_model::{Board, Grid, ModelError, Puzzle, Tile};
use random::{Random, Stream};

/// The solved tiles of the tree that `params` describe, reporting each step
/// of its construction to `steps` (the live demo). For the generators that
/// need the solver ([`Generator::needs_solver`]) this is their starting
/// tree, which the solver then reworks.
pub fn solution_tree<S: StepSink>(params: &Params, steps: &mut S) -> Vec<Tile> {
    let mut random = Random::new(params.seed, Stream::Tree);
    let grid: &Grid = &params.grid;
    match params.generator {
        Generator::Kruskal | Generator::Unique | Generator::Unique2 | Generator::Graded => {
            kruskal(grid, params.difficulty, &mut random, steps)
        }
        Generator::Scan => scan(grid, &mut random, steps),
        Generator::Frontier => frontier(grid, &mut random, steps),
        Generator::Ladder => net_growth(grid, &mut random, steps),
    }
}

/// Why [`generate`] made no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenError {
    /// The parameters describe no board (a station off the board, say).
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The generator's puzzle is the starting tree reworked by the solver
    /// (unique, graded): `lightemall_solve::generate` makes it.
    #[error("the {0} generator needs the solver: use lightemall_solve::generate")]
    NeedsSolver(Generator),
}

/// The puzzle that `params` describe: the tree, scrambled, with the station.
///
/// Only for the generators that make their puzzle alone (Kruskal, scan,
/// frontier): [`Generator::Unique`] and [`Generator::Graded`] are refused
/// ([`GenError::NeedsSolver`]), since their starting tree is not their
/// puzzle. `lightemall_solve::generate` serves every generator.
pub fn generate(params: &Params) -> Result<Puzzle, GenError> {
    if params.generator.needs_solver() {
        return Err(GenError::NeedsSolver(params.generator));
    }
    Ok(puzzle_from_tree(
        params,
        solution_tree(params, &mut NoSteps),
    )?)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_that_need_the_solver_are_refused() {
        for id in ["square:6x6:unique:medium#1", "hex:7x7:graded:easy#2"] {
            let params: Params = id.parse().expect("valid id");
            assert_eq!(
                generate(&params),
                Err(GenError::NeedsSolver(params.generator)),
                "{id}"
            );
        }
        let params: Params = "octo:5x5:frontier:hard#3".parse().expect("valid id");
        let puzzle = generate(&params).expect("generates");
        let tree = solution_tree(&params, &mut NoSteps);
        assert_eq!(puzzle.solution, Some(tree));
    }
}
