//! The graded generator: a puzzle with exactly one solution whose level
//! (the hardest technique the solver needs, see [`Rating`]) is the
//! difficulty asked for.
//!
//! An attempt takes a Kruskal tree and reroutes it as the unique generator
//! does, where reasoning *up to the level asked* leaves tiles undecided,
//! until that reasoning settles every tile: the puzzle then has one
//! solution and needs nothing dearer than the level. The tangles that a
//! cheaper level cannot settle but the level asked can are left as they
//! are, so the puzzle often needs the level itself. One that a cheaper
//! level settles (too easy) is reshaped by a climb: a link of the tree
//! added and one of the loop it closes dropped, a step kept while the
//! level still settles the puzzle and neighbour matching leaves no fewer
//! tiles undecided, until it needs the level or [`RESHAPE_STEPS`] are
//! spent; then the next attempt starts from another
//! tree, its seed drawn from the first. A board that cannot reach
//! the level (a 2x2 board is never hard) gives up after [`ATTEMPTS`].
//! Only reasoning is used, never the search: a search proves one solution,
//! not a level.
//!
//! The puzzles depend on every step here and on exactly what the solver's
//! techniques deduce (lookahead's budgets included): a change to either
//! changes the puzzle a seeded `graded` ID names, which the golden tests
//! (`tests/determinism.rs`) catch. Such a change needs a new generator
//! name, as the unique generator keeps its classic rules.

use crate::stats::Rating;
use crate::unique::{GenerateError, Progress, Prover, check_wrap, make_unique};
use crate::{Options, Status, solve_with};
use lightemall_gen::random::{Random, Stream};
use lightemall_gen::{Difficulty, Link, NoSteps, Params, Rerouter, solution_tree};
use lightemall_model::{Board, Dir, Grid, Puzzle, Tile};

/// Attempts (trees) before the graded generator gives up.
pub const ATTEMPTS: u32 = 16;

/// Steps of the random walk that reshapes a puzzle that is too easy.
pub const RESHAPE_STEPS: u32 = 1000;

/// The level a difficulty asks for; `None` for expert, which only the
/// ladder generator has (its expert is hard's technique with more effort).
pub fn level_of(difficulty: Difficulty) -> Option<Rating> {
    match difficulty {
        Difficulty::Easy => Some(Rating::Easy),
        Difficulty::Medium => Some(Rating::Medium),
        Difficulty::Hard => Some(Rating::Hard),
        Difficulty::Expert => None,
    }
}

/// The graded puzzle that `params` describe, telling `watch` how far it
/// has come.
pub fn generate(params: &Params, watch: &mut dyn FnMut(Progress)) -> Result<Puzzle, GenerateError> {
    let grid = params.grid;
    check_wrap(&grid)?;
    let level = level_of(params.difficulty).ok_or(GenerateError::NoSuchLevel {
        generator: params.generator,
        difficulty: params.difficulty,
    })?;
    for attempt in 0..ATTEMPTS {
        let tree_params = Params {
            seed: attempt_seed(params.seed, attempt),
            ..*params
        };
        let mut tree = solution_tree(&tree_params, &mut NoSteps);
        if !made_unique(
            &grid,
            &mut tree,
            tree_params.seed,
            Prover::Graded(level),
            attempt,
            watch,
        )? {
            continue;
        }
        let solved = Board::new(grid, tree.clone())?;
        if level_needed(&solved, level) == Some(level)
            || reshape(&grid, &mut tree, level, tree_params.seed, &mut |step| {
                watch(Progress::Climb {
                    attempt,
                    step,
                    steps: RESHAPE_STEPS,
                });
            })?
        {
            return Ok(lightemall_gen::puzzle_from_tree(params, tree)?);
        }
    }
    Err(GenerateError::LevelNotReached {
        level,
        size: grid.size_label(),
        attempts: ATTEMPTS,
    })
}

/// Reroute `tree` until reasoning up to `level` settles it, telling
/// `watch` its rounds as attempt `attempt`; false if the rerouting stalled
/// (the next attempt starts from another tree).
pub(crate) fn made_unique(
    grid: &Grid,
    tree: &mut Vec<Tile>,
    seed: u64,
    prover: Prover,
    attempt: u32,
    watch: &mut dyn FnMut(Progress),
) -> Result<bool, GenerateError> {
    let mut rounds = |round, undecided| {
        watch(Progress::Round {
            attempt,
            round,
            undecided,
        });
    };
    match make_unique(grid, tree, seed, 0, prover, &mut rounds) {
        Ok(()) => Ok(true),
        Err(GenerateError::NoUniquePuzzle { .. }) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Walk from `tree` (unique, settled below `level`) by reroutes that keep
/// it settled at `level`, until one needs `level`; whether one did (then
/// `tree` is it).
pub(crate) fn reshape(
    grid: &Grid,
    tree: &mut Vec<Tile>,
    level: Rating,
    seed: u64,
    watch: &mut dyn FnMut(u32),
) -> Result<bool, GenerateError> {
    let mut random = Random::new(seed.rotate_left(17), Stream::Reroute);
    let mut rerouter = Rerouter::new(tree.len());
    let mut score = local_undecided(&Board::new(*grid, tree.clone())?);
    for step in 1..=RESHAPE_STEPS {
        watch(step);
        let Some(add) = absent_link(grid, tree, &mut random) else {
            return Ok(false);
        };
        let mut next = tree.clone();
        let choose = |path: &[Link], _: &[Tile]| random.index(path.len());
        if !rerouter.reroute(grid, &mut next, add, tree.len(), choose) {
            continue;
        }
        let board = Board::new(*grid, next.clone())?;
        let next_score = local_undecided(&board);
        if next_score < score {
            // Climb: keep only steps that leave neighbour matching at
            // least as much to the dearer techniques.
            continue;
        }
        match level_needed(&board, level) {
            Some(needed) if needed == level => {
                *tree = next;
                return Ok(true);
            }
            Some(_) => (*tree, score) = (next, next_score),
            None => {}
        }
    }
    Ok(false)
}

/// A random link that the tree lacks (tries a few tiles; none on a board
/// whose every possible link is in the tree).
pub(crate) fn absent_link(grid: &Grid, tree: &[Tile], random: &mut Random) -> Option<Link> {
    for _ in 0..64 {
        let tile = random.index(tree.len());
        let dirs: Vec<Dir> = grid
            .topology()
            .directions()
            .filter(|&dir| tree[tile].0 & dir.bit() == 0 && grid.neighbour(tile, dir).is_some())
            .collect();
        if !dirs.is_empty() {
            let dir = dirs[random.index(dirs.len())];
            return Some(Link { tile, dir });
        }
    }
    None
}

/// The tiles that `local` alone leaves undecided: how much a puzzle leaves
/// to the dearer techniques.
fn local_undecided(board: &Board) -> usize {
    let options = Options {
        max_level: Rating::Easy,
        ..Options::default()
    };
    solve_with(board, &options).undecided
}

/// The level `board` needs, if reasoning up to `at_most` settles it.
fn level_needed(board: &Board, at_most: Rating) -> Option<Rating> {
    let report = solve_with(
        board,
        &Options {
            max_level: at_most,
            ..Options::default()
        },
    );
    (report.status == Status::Unique).then(|| report.stats.rating())
}

/// The seed of attempt `attempt`: the seed itself first, then others drawn
/// from it (a fixed mix, the same on every machine).
pub(crate) fn attempt_seed(seed: u64, attempt: u32) -> u64 {
    if attempt == 0 {
        return seed;
    }
    let mut z = seed ^ u64::from(attempt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
