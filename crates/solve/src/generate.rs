//! The one entry point for every generator: `kruskal`, `scan` and
//! `frontier` are `lightemall_gen`'s, `unique` and `unique2` are made
//! unique here (`unique.rs`), `graded` graded (`graded.rs`), `ladder`
//! climbed to its band of effort (`ladder.rs`). `lightemall_gen::generate`
//! refuses those that need the solver.

use crate::unique::{self, GENERATE_GUESSES, GenerateError, Progress, Prover};
use lightemall_gen::{Generator, NoSteps, Params, solution_tree};
use lightemall_model::Puzzle;

/// The puzzle that `params` describe, for every generator: `unique` is made
/// unique (within [`GENERATE_GUESSES`]), `graded` graded, the others are
/// `lightemall_gen::generate`'s.
pub fn generate(params: &Params) -> Result<Puzzle, GenerateError> {
    generate_watched(params, &mut |_| {})
}

/// [`generate`], telling `watch` how far it has come (for a progress line:
/// a large unique or graded board takes seconds to minutes). The puzzle
/// does not depend on the watcher.
pub fn generate_watched(
    params: &Params,
    watch: &mut dyn FnMut(Progress),
) -> Result<Puzzle, GenerateError> {
    generate_inner(params, GENERATE_GUESSES, watch)
}

/// [`generate`] that gives up ([`GenerateError::GaveUp`]) once its search
/// proofs have made `max_guesses` guesses. The budget counts work, not
/// time, so a puzzle that comes out is the same on every machine.
pub fn generate_within(params: &Params, max_guesses: u64) -> Result<Puzzle, GenerateError> {
    generate_inner(params, max_guesses, &mut |_| {})
}

fn generate_inner(
    params: &Params,
    max_guesses: u64,
    watch: &mut dyn FnMut(Progress),
) -> Result<Puzzle, GenerateError> {
    match params.generator {
        Generator::Unique => unique::generate(params, max_guesses, Prover::Classic, watch),
        Generator::Unique2 => unique::generate(params, max_guesses, Prover::Carried, watch),
        Generator::Graded => crate::graded::generate(params, watch),
        Generator::Ladder => crate::ladder::generate(params, watch),
        Generator::Kruskal | Generator::Scan | Generator::Frontier => {
            let tree = solution_tree(params, &mut NoSteps);
            Ok(lightemall_gen::puzzle_from_tree(params, tree)?)
        }
    }
}
