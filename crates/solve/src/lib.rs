//! The LightEmAll solver: decides any puzzle of any topology, wrapping or
//! not, with barriers, and counts its solutions up to a limit.
//!
//! Constraint propagation (seed 003's must / must-not / might wires, with a
//! work queue), two global rules (no closed loop, no isolated piece), and a
//! depth-first search over one tile's orientations at a time when the rules
//! stall (the tile whose guesses failed most, else one near the last guess,
//! else the most constrained), restarting with a doubling cutoff of dead
//! ends. Every solution is checked with the model's own
//! `Board::check_solved` before it is reported, so "unique", "multiple" and
//! "none" are exact answers.
//!
//! Also: the difficulty [`Rating`] read from the solver's work, [`par`],
//! the fewest moves that solve a puzzle from its scramble, [`hint`], and
//! the unique generator ([`generate`]).
//!
//! No I/O, no clock. The search may be given a budget of guesses
//! ([`solve_within`], [`Options`]); past it the answer is
//! [`Status::GaveUp`]. Without one it is bounded only by the puzzle.

mod hint;
mod par;
mod problem;
mod reach;
mod state;
mod stats;
mod unique;

pub use hint::{Hint, hint};
use lightemall_model::{Board, Tile};
pub use par::{Turns, fewest_turns, par};
use problem::Problem;
pub use reach::Reach;
use state::State;
pub use stats::{Rating, Stats};
pub use unique::{GENERATE_GUESSES, GenerateError, generate, generate_within};

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
    /// The search used up its budget of guesses before it could tell
    /// (any solutions found are reported; there may be more).
    GaveUp,
}

impl Status {
    /// The name used by `lightemall solve --json`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::GaveUp => "gave-up",
        }
    }
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Unique, multiple, none, or gave up.
    pub status: Status,
    /// Up to the limit of distinct solutions, each the solved tiles row-major.
    pub solutions: Vec<Vec<Tile>>,
    /// The work it took.
    pub stats: Stats,
}

impl Report {
    /// The rating of a puzzle of `tiles` tiles from the work this solve
    /// took; `None` if the search gave up (the work is not all known).
    pub fn rating(&self, tiles: usize) -> Option<Rating> {
        (self.status != Status::GaveUp).then(|| self.stats.rating(tiles))
    }
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
    solve_within(board, pinned, limit, u64::MAX)
}

/// The most guesses a solve made while a player waits may take
/// ([`interactive_guesses`]): every Net puzzle and generated puzzle up to
/// 300x300 tried needs fewer.
pub const INTERACTIVE_GUESSES: u64 = 1_000;

/// Guesses a solve made while a player waits may take on a board of
/// `tiles` tiles: a guess costs time in proportion to the board (about
/// 50 ns a tile, 50 ms at 1000x1000), so the budget shrinks with the size,
/// to about a second of guessing, between 10 and [`INTERACTIVE_GUESSES`].
pub fn interactive_guesses(tiles: usize) -> u64 {
    const TILE_GUESSES_PER_WAIT: u64 = 20_000_000;
    (TILE_GUESSES_PER_WAIT / tiles.max(1) as u64).clamp(10, INTERACTIVE_GUESSES)
}

/// The solve made while a player waits (the game's rating and solution,
/// `render`'s panel, `gen --rate`): one solution, uniqueness decided,
/// within [`interactive_guesses`] for the board's size.
pub fn solve_interactively(board: &Board) -> Report {
    solve_within(board, &[], 1, interactive_guesses(board.tiles().len()))
}

/// [`solve_pinned`] that gives up ([`Status::GaveUp`]) after `max_guesses`
/// guesses, for callers that cannot wait for the largest puzzles.
pub fn solve_within(board: &Board, pinned: &[usize], limit: usize, max_guesses: u64) -> Report {
    let options = Options {
        pinned,
        limit,
        max_guesses,
        reach: None,
    };
    solve_with(board, &options)
}

/// Everything a solve can be asked, beyond the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options<'a> {
    /// Tiles held as they stand on the board (see [`solve_pinned`]).
    pub pinned: &'a [usize],
    /// Solutions to report (at least two are sought whatever it is).
    pub limit: usize,
    /// Guesses after which the search gives up ([`Status::GaveUp`]).
    pub max_guesses: u64,
    /// Radius mode: only solutions that power every tile from the station
    /// within the radius count.
    pub reach: Option<Reach>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            pinned: &[],
            limit: 2,
            max_guesses: u64::MAX,
            reach: None,
        }
    }
}

/// Solve `board` as `options` ask.
pub fn solve_with(board: &Board, options: &Options<'_>) -> Report {
    let problem = Problem::new(board);
    let mut state = State::new(&problem);
    let mut stats = Stats::default();
    let pinned_ok = options
        .pinned
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
    search(&problem, state, options, &mut stats)
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

/// Dead ends allowed in the first run of the search before it restarts;
/// each restart doubles it, so the last run is always complete.
const FIRST_CUTOFF: u64 = 64;

/// Depth-first search from `start`, counting solutions up to `limit`
/// (at least two) and reporting up to `limit` (at least one).
///
/// The search learns which tiles' guesses fail (see `State::next_guess`)
/// and restarts from `start` after a number of dead ends that doubles each
/// time, so that what it learned deep down also reorders the first guesses.
/// Solutions found before a restart are kept (each counted once).
fn search(problem: &Problem<'_>, start: State, options: &Options<'_>, stats: &mut Stats) -> Report {
    let wanted = options.limit.max(1);
    let mut search = Search {
        problem,
        limit: options.limit.max(2),
        max_guesses: options.max_guesses,
        reach: options.reach,
        solutions: Vec::new(),
        failures: vec![0; problem.len()],
        stats,
    };
    let mut state = start;
    let mut last = Run::Exhausted;
    if search.consistent(&mut state) {
        state.start_trail();
        let mut cutoff = FIRST_CUTOFF;
        last = search.run(&mut state, cutoff);
        while last == Run::Restart {
            cutoff = cutoff.saturating_mul(2);
            last = search.run(&mut state, cutoff);
        }
    }
    let mut solutions = search.solutions;
    let status = match solutions.len() {
        2.. => Status::Multiple,
        _ if last == Run::GaveUp => Status::GaveUp,
        0 => Status::None,
        _ => Status::Unique,
    };
    solutions.truncate(wanted);
    Report {
        status,
        solutions,
        stats: *stats,
    }
}

/// The state of a search across its restarts.
struct Search<'p, 'b, 's> {
    problem: &'p Problem<'b>,
    limit: usize,
    max_guesses: u64,
    reach: Option<Reach>,
    solutions: Vec<Vec<Tile>>,
    /// Per tile, how often a guess on it led straight to a contradiction.
    failures: Vec<u32>,
    stats: &'s mut Stats,
}

/// A guess being tried: the tile, the choices not yet tried, and the
/// trail mark to undo to before the next.
#[derive(Clone, Copy, Debug)]
struct Frame {
    tile: usize,
    choices: u8,
    mark: usize,
}

/// How a run of the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Run {
    /// Every branch was tried.
    Exhausted,
    /// The limit of solutions was reached.
    Enough,
    /// Too many dead ends: start again with what was learned.
    Restart,
    /// The budget of guesses is used up.
    GaveUp,
}

impl Search<'_, '_, '_> {
    /// One depth-first run from `state` (propagated, its trail started,
    /// and left as it was found), giving up after `cutoff` dead ends.
    /// Guesses are taken back by undoing the trail, so the memory a run
    /// needs grows with the changes it made, not with its depth times the
    /// board.
    fn run(&mut self, state: &mut State, cutoff: u64) -> Run {
        let root = state.mark();
        let result = self.descend(state, cutoff);
        state.undo_to(root);
        result
    }

    fn descend(&mut self, state: &mut State, cutoff: u64) -> Run {
        let problem = self.problem;
        let mut dead_ends = 0;
        let mut frames: Vec<Frame> = Vec::new();
        loop {
            // `state` is propagated without contradiction here.
            match state.next_guess(problem, &self.failures) {
                Some(tile) => {
                    if self.stats.guesses >= self.max_guesses {
                        return Run::GaveUp;
                    }
                    self.stats.guesses += 1;
                    let mark = state.mark();
                    let choices = state.choices(tile).fold(0u8, |c, k| c | 1 << k);
                    frames.push(Frame {
                        tile,
                        choices,
                        mark,
                    });
                }
                None => {
                    if self.found(state) && self.solutions.len() >= self.limit {
                        return Run::Enough;
                    }
                }
            }
            // Take the next untried choice, backing up as far as needed.
            loop {
                let Some(frame) = frames.last_mut() else {
                    return Run::Exhausted;
                };
                state.undo_to(frame.mark);
                if frame.choices == 0 {
                    frames.pop();
                    continue;
                }
                let k = frame.choices.trailing_zeros() as usize;
                frame.choices &= !(1 << k);
                let tile = frame.tile;
                state.choose(problem, tile, k);
                if self.consistent(state) {
                    break;
                }
                self.failures[tile] = self.failures[tile].saturating_add(1);
                dead_ends += 1;
                if dead_ends > cutoff {
                    return Run::Restart;
                }
            }
        }
    }

    /// Propagate `state`; whether no rule (the power rule included, in
    /// radius mode) finds a contradiction.
    fn consistent(&mut self, state: &mut State) -> bool {
        state.propagate(self.problem, self.stats).is_ok()
            && self
                .reach
                .is_none_or(|reach| state.within_reach(self.problem, reach))
    }

    /// Record the solution `state` holds, if it is one and is new.
    fn found(&mut self, state: &State) -> bool {
        let Some(tiles) = state.tiles(self.problem) else {
            return false;
        };
        let solved = self
            .problem
            .board
            .with_tiles(tiles.clone())
            .is_ok_and(|b| b.check_solved().is_ok());
        if solved && !self.solutions.contains(&tiles) {
            self.solutions.push(tiles);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_gen::Params;

    #[test]
    fn the_interactive_budget_shrinks_with_the_board() {
        let check = |tiles: usize, guesses: u64| {
            assert_eq!(interactive_guesses(tiles), guesses, "{tiles} tiles");
        };
        check(0, INTERACTIVE_GUESSES);
        check(100 * 100, INTERACTIVE_GUESSES);
        check(200 * 200, 500);
        check(1000 * 1000, 20);
        check(usize::MAX, 10);
    }

    #[test]
    fn a_spent_budget_gives_up_and_keeps_what_it_found() {
        // A 40x40 Kruskal puzzle is not unique, and reasoning alone does
        // not settle it (it needs guesses).
        let params: Params = "square:40x40:kruskal:medium#3".parse().expect("valid id");
        let board = generate(&params).expect("generates").board;
        let full = solve(&board, 2);
        assert_eq!(full.status, Status::Multiple);
        assert!(full.stats.guesses > 1, "needs guessing");
        let none = solve_within(&board, &[], 2, 0);
        assert_eq!((none.status, none.solutions.len()), (Status::GaveUp, 0));
        assert_eq!(none.stats.guesses, 0);
        assert_eq!(
            none.rating(board.tiles().len()),
            None,
            "no rating from a search cut short"
        );
        let ample = solve_within(&board, &[], 2, full.stats.guesses);
        assert_eq!(ample, full);
        assert!(full.rating(board.tiles().len()).is_some());
    }
}
