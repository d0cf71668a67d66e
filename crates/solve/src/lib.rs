//! The LightEmAll solver: decides any puzzle of any topology, wrapping or
//! not, with barriers, and counts its solutions up to a limit.
//!
//! Constraint propagation (seed 003's must / must-not / might wires, with a
//! work queue), two global rules (no closed loop, no isolated piece), and a
//! depth-first search over the orientations of the most constrained tile
//! when the rules stall. Every solution is checked with the model's own
//! `Board::check_solved` before it is reported, so "unique", "multiple" and
//! "none" are exact answers.
//!
//! Also: the difficulty [`Rating`] read from the solver's work, and
//! [`par`], the fewest moves that solve a puzzle from its scramble.
//!
//! No I/O, no clock; the search is bounded only by the puzzle (a work
//! budget is issue 7's).

mod hint;
mod par;
mod problem;
mod state;
mod stats;
mod unique;

pub use hint::{Hint, hint};
use lightemall_model::{Board, Tile};
pub use par::{Turns, fewest_turns, par};
use problem::Problem;
use state::State;
pub use stats::{Rating, Stats};
pub use unique::{GenerateError, generate};

use lightemall_gen::PuzzleSource;
use lightemall_model::Puzzle;

/// Resolve a source into a puzzle, generating it if it is seeded (with
/// every generator, `unique` included).
pub fn puzzle_of(source: &PuzzleSource) -> Result<Puzzle, GenerateError> {
    match source {
        PuzzleSource::Seeded(params) => generate(params),
        PuzzleSource::Given(puzzle) => Ok(puzzle.clone()),
    }
}

/// How many solutions a puzzle has, as far as the search was asked to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Exactly one solution.
    Unique,
    /// At least two (as many as the limit allowed the search to find).
    Multiple,
    /// No solution.
    None,
}

impl Status {
    /// The name used by `lightemall solve --json`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
        }
    }
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Unique, multiple or none.
    pub status: Status,
    /// Up to the limit of distinct solutions, each the solved tiles row-major.
    pub solutions: Vec<Vec<Tile>>,
    /// The work it took.
    pub stats: Stats,
}

/// Solve `board`, reporting up to `limit` solutions. At least two are
/// sought, so that uniqueness is always decided.
pub fn solve(board: &Board, limit: usize) -> Report {
    solve_pinned(board, &[], limit)
}

/// Solve `board` with some tiles held as they stand on the board (the
/// player's locks): only solutions that keep every pinned tile are counted.
/// Pins out of range are ignored.
pub fn solve_pinned(board: &Board, pinned: &[usize], limit: usize) -> Report {
    let problem = Problem::new(board);
    let mut state = State::new(&problem);
    let mut stats = Stats::default();
    let pinned_ok = pinned
        .iter()
        .filter(|&&tile| tile < problem.len())
        .all(|&tile| state.pin(&problem, tile, board.tiles()[tile]).is_ok());
    if !pinned_ok {
        return Report {
            status: Status::None,
            solutions: Vec::new(),
            stats,
        };
    }
    search(&problem, state, limit, &mut stats)
}

/// What reasoning alone proves, without a single guess: per tile, its
/// orientation if the rules force one. `None` if the rules find that no
/// solution keeps the pinned tiles (see [`solve_pinned`]).
pub fn deduce(board: &Board, pinned: &[usize]) -> Option<Vec<Option<Tile>>> {
    let problem = Problem::new(board);
    let mut state = State::new(&problem);
    let mut stats = Stats::default();
    for &tile in pinned.iter().filter(|&&tile| tile < problem.len()) {
        state.pin(&problem, tile, board.tiles()[tile]).ok()?;
    }
    state.propagate(&problem, &mut stats).ok()?;
    Some(state.decided(&problem))
}

/// Depth-first search from `start`, counting solutions up to `limit`
/// (at least two) and reporting up to `limit` (at least one).
fn search(problem: &Problem<'_>, start: State, limit: usize, stats: &mut Stats) -> Report {
    let board = problem.board;
    let wanted = limit.max(1);
    let limit = limit.max(2);
    let mut solutions = Vec::new();
    let mut stack = vec![start];
    while let Some(mut state) = stack.pop() {
        if state.propagate(problem, stats).is_err() {
            continue;
        }
        match state.most_constrained() {
            Some(tile) => {
                stats.guesses += 1;
                let choices: Vec<usize> = state.choices(tile).collect();
                for &k in choices.iter().rev() {
                    let mut child = state.clone();
                    child.choose(problem, tile, k);
                    stack.push(child);
                }
            }
            None => {
                if let Some(tiles) = state.tiles(problem) {
                    let solved = board
                        .with_tiles(tiles.clone())
                        .is_ok_and(|b| b.check_solved().is_ok());
                    if solved {
                        solutions.push(tiles);
                        if solutions.len() >= limit {
                            break;
                        }
                    }
                }
            }
        }
    }
    let status = match solutions.len() {
        0 => Status::None,
        1 => Status::Unique,
        _ => Status::Multiple,
    };
    solutions.truncate(wanted);
    Report {
        status,
        solutions,
        stats: *stats,
    }
}
