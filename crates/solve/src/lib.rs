//! The LightEmAll solver: decides any puzzle of any topology, wrapping or
//! not, with barriers, and counts its solutions up to a limit.
//!
//! It reasons as a person learns to, with named techniques tried cheapest
//! first ([`rules`]: `local`, `loop`, `island`, `lookahead`), and guesses
//! ([`search`]) only when they all stall. Every solution is checked with
//! the model's own `Board::check_solved` before it is reported, so
//! "unique", "multiple" and "none" are exact answers.
//!
//! What each technique concluded is counted ([`Stats`]), and the puzzle's
//! [`Rating`] is the hardest technique it needed; a solve can be held to
//! a level ([`Options::max_level`]) and then reports the tiles it left
//! undecided. Also: [`par`], the fewest moves that solve a puzzle from its
//! scramble, [`hint`], and the unique generator ([`generate`]).
//!
//! No I/O, no clock. The search may be given a budget of guesses
//! ([`solve_within`], [`Options`]); past it the answer is
//! [`Status::GaveUp`]. Lookahead has a budget of its own, in probes
//! (`rules::lookahead`). Both count work, not time, so an answer is the same
//! on every machine.

mod carried;
mod generate;
mod graded;
mod hint;
pub mod ladder;
mod packed;
mod par;
mod problem;
mod reach;
mod resolve;
pub mod rules;
mod search;
mod state;
mod stats;
mod unique;

pub use generate::{generate, generate_watched, generate_within};
pub use hint::{Deduction, Hint, LocksWrong, Why, hint, next_deduction};
use lightemall_model::{Board, Tile};
pub use par::{Turns, fewest_turns, par};
use problem::Problem;
pub use reach::Reach;
pub use resolve::{Resolved, resolve, resolve_watched};
pub use rules::Technique;
use rules::{Rules, propagate};
use search::{Run, Search};
use state::State;
pub use stats::{Rating, Stats};
pub use unique::{GENERATE_GUESSES, GenerateError, Progress};

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
    /// Reasoning up to [`Options::max_level`] left tiles undecided, and the
    /// solve was not allowed to go further.
    Undecided,
}

impl Status {
    /// The name used by `lightemall solve --json`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::None => "none",
            Status::GaveUp => "gave-up",
            Status::Undecided => "undecided",
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
    /// The work it took, per technique.
    pub stats: Stats,
    /// Tiles that reasoning left undecided, before any guess.
    pub undecided: usize,
}

impl Report {
    /// The puzzle's level: the hardest technique this solve used. `None`
    /// if the search gave up (the work is not all known). Held to a level,
    /// it is the level of the reasoning done.
    pub fn rating(&self) -> Option<Rating> {
        (self.status != Status::GaveUp).then(|| self.stats.rating())
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
        ..Options::default()
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
    /// The dearest reasoning allowed: below [`Rating::Fiendish`] the solve
    /// never guesses, and below [`Rating::Hard`] never looks ahead; what it
    /// leaves undecided is [`Status::Undecided`].
    pub max_level: Rating,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            pinned: &[],
            limit: 2,
            max_guesses: u64::MAX,
            reach: None,
            max_level: Rating::Fiendish,
        }
    }
}

/// Solve `board` as `options` ask.
pub fn solve_with(board: &Board, options: &Options<'_>) -> Report {
    solve_reasoning(board, options, Reasoning::Full)
}

/// The rules a solve reasons with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reasoning {
    /// Every technique: dead ends in the island rule, lookahead before the
    /// search.
    Full,
    /// The rules the unique generator's puzzles were made with (no dead
    /// ends, no lookahead). Its seeded IDs depend on exactly what these
    /// deduce and on the order the search finds solutions in, so they stay
    /// as they are.
    Classic,
}

impl Reasoning {
    /// The rules at a node of the search: no lookahead; the classic rules
    /// sweep as they always did.
    fn search(self) -> Rules {
        Rules {
            sweep: self == Reasoning::Classic,
            ..Rules::up_to(Rating::Medium)
        }
    }

    /// The rules at the root, before any guess.
    fn root(self, options: &Options<'_>) -> Rules {
        match self {
            Reasoning::Full => Rules::up_to(options.max_level.min(Rating::Hard)),
            Reasoning::Classic => Rules::up_to(Rating::Medium),
        }
    }
}

fn solve_reasoning(board: &Board, options: &Options<'_>, reasoning: Reasoning) -> Report {
    let problem = Problem::new(board);
    let mut state = State::new(&problem, reasoning == Reasoning::Full);
    let mut stats = Stats::default();
    let report = |status, solutions, stats, undecided| Report {
        status,
        solutions,
        stats,
        undecided,
    };
    let pinned_ok = options
        .pinned
        .iter()
        .filter(|&&tile| tile < problem.len())
        .all(|&tile| state.pin(&problem, tile, board.tiles()[tile]).is_ok());
    let root_ok = pinned_ok
        && propagate(&mut state, &problem, &reasoning.root(options), &mut stats).is_ok()
        && options
            .reach
            .is_none_or(|reach| state.within_reach(&problem, reach));
    if !root_ok {
        return report(Status::None, Vec::new(), stats, 0);
    }
    let undecided = state.undecided();
    if options.max_level < Rating::Fiendish {
        let solution = state.tiles(&problem).filter(|tiles| {
            board
                .with_tiles(tiles.clone())
                .is_ok_and(|b| b.check_solved().is_ok())
        });
        let status = match (&solution, undecided) {
            (Some(_), _) => Status::Unique,
            (None, 0) => Status::None,
            (None, _) => Status::Undecided,
        };
        return report(status, solution.into_iter().collect(), stats, undecided);
    }
    let wanted = options.limit.max(1);
    let mut search = Search::new(
        &problem,
        reasoning.search(),
        options.limit,
        options.max_guesses,
        options.reach,
        &mut stats,
    );
    let last = search.run_from(&mut state);
    let mut solutions = search.solutions;
    let status = match solutions.len() {
        2.. => Status::Multiple,
        _ if last == Run::GaveUp => Status::GaveUp,
        0 => Status::None,
        _ => Status::Unique,
    };
    solutions.truncate(wanted);
    report(status, solutions, stats, undecided)
}

/// [`solve_within`] with the unique generator's rules ([`Reasoning::Classic`]).
fn solve_classic(board: &Board, limit: usize, max_guesses: u64) -> Report {
    let options = Options {
        limit,
        max_guesses,
        ..Options::default()
    };
    solve_reasoning(board, &options, Reasoning::Classic)
}

/// Per tile, whether `reasoning` up to `level` leaves it undecided: what
/// the generators ask each round (the unique generator with its classic
/// rules, the graded one at its level). `None` on a contradiction.
fn undecided_after(board: &Board, level: Rating, reasoning: Reasoning) -> Option<Vec<bool>> {
    let problem = Problem::new(board);
    let rules = Rules::fixpoint(level, reasoning == Reasoning::Full);
    let state = reason(&problem, &[], &rules, reasoning)?;
    Some(undecided_in(state.into_candidates()))
}

/// Per tile, whether `candidates` leave it more than one orientation,
/// made in the candidates' place (the state they came from is gone first).
fn undecided_in(candidates: Vec<u8>) -> Vec<bool> {
    candidates.into_iter().map(|c| c.count_ones() > 1).collect()
}

/// [`undecided_after`] for the unique generator's rounds (the classic
/// rules up to `Medium`), given `steps`: the rule steps traced on the
/// previous round's board (empty on the first), replaced by this board's.
/// The steps are taken again first ([`rules::replay`]), then every tile
/// is looked at as in a propagation from the start, which reaches the
/// same fixpoint, so the answer is exactly [`undecided_after`]'s; most of
/// the looks that found nothing are saved.
fn undecided_again(board: &Board, steps: &mut Vec<u32>) -> Option<Vec<bool>> {
    let problem = Problem::new(board);
    let mut stats = Stats::default();
    let mut state = State::new(&problem, false);
    if !steps.is_empty() {
        if rules::replay(&mut state, &problem, steps, &mut stats).is_ok() {
            state.requeue_all();
        } else {
            // Cannot happen (each step is a sound rule on this board, whose
            // tree is a solution); start again from nothing if it does.
            state = State::new(&problem, false);
            steps.clear();
        }
    }
    state.start_trace(std::mem::take(steps));
    let rules = Rules::fixpoint(Rating::Medium, false);
    let solved = propagate(&mut state, &problem, &rules, &mut stats).is_ok();
    *steps = state.take_trace().unwrap_or_default();
    solved.then(|| undecided_in(state.into_candidates()))
}

/// What reasoning up to `level` leaves possible: per tile, the orientations
/// still open (as tiles, each a rotation of the board's). `None` if the
/// rules find a contradiction. For tests and explanations: a rule that
/// removed an orientation some solution has would show here.
pub fn possibilities(board: &Board, pinned: &[usize], level: Rating) -> Option<Vec<Vec<Tile>>> {
    let problem = Problem::new(board);
    let state = reason(&problem, pinned, &Rules::up_to(level), Reasoning::Full)?;
    Some(
        (0..problem.len())
            .map(|tile| {
                state
                    .choices(tile)
                    .map(|k| Tile(problem.orientations(tile)[k]))
                    .collect()
            })
            .collect(),
    )
}

/// The state that `rules` reach from the pinned tiles.
fn reason(
    problem: &Problem<'_>,
    pinned: &[usize],
    rules: &Rules,
    reasoning: Reasoning,
) -> Option<State> {
    let mut state = State::new(problem, reasoning == Reasoning::Full);
    let mut stats = Stats::default();
    for &tile in pinned.iter().filter(|&&tile| tile < problem.len()) {
        state.pin(problem, tile, problem.board.tiles()[tile]).ok()?;
    }
    propagate(&mut state, problem, rules, &mut stats).ok()?;
    Some(state)
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
        assert_eq!(none.rating(), None, "no rating from a search cut short");
        let ample = solve_within(&board, &[], 2, full.stats.guesses);
        assert_eq!(ample, full);
        assert!(full.rating().is_some());
    }
}
