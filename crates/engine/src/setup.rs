//! Setting a game up: the puzzle with the ID that reproduces it, and the
//! facts worked out once per puzzle (the solution the game measures by, par,
//! the initial power radius, the difficulty shown).
//!
//! A seeded puzzle's facts come in two steps when the solver is slow (a
//! huge board): [`PuzzleFacts::provisional`] at once, from the generator's
//! solution alone (par an upper bound, no rating yet), and
//! [`PuzzleFacts::of`] when the solver has rated it, which a front end
//! works out on a thread of its own and hands to the game
//! (`Game::settle_facts`). The engine itself starts no thread.

use crate::daily::{Date, date_of_daily};
use lightemall_gen::Params;
use lightemall_model::{Puzzle, Tile};
use lightemall_power::{Power, diameter, initial_radius};
use lightemall_solve::{Rating, Status, Turns, interactive_guesses, par, solve_within};

/// The most solutions weighed for par: a puzzle with more has a par that
/// is an upper bound.
pub const PAR_SOLUTIONS: usize = 32;

/// The most tiles of a board the solver rates before its game is shown
/// (a few milliseconds at 128x128; a 1000x1000 board takes 1.5 s):
/// a larger seeded board starts with provisional facts
/// ([`PuzzleFacts::to_start`]).
pub const RATED_FIRST: usize = 128 * 128;

/// Where the puzzle came from: the parameters of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The ID that reproduces the puzzle: a seeded ID for generated puzzles,
    /// a descriptive ID (the scrambled tiles) for given ones.
    pub id: String,
    /// The generation parameters, for seeded puzzles.
    pub params: Option<Params>,
}

/// What the game knows about its puzzle from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleFacts {
    /// The solution the game measures par and radius by: the generator's
    /// for seeded puzzles, the solver's first for given ones (`None` if the
    /// puzzle has no solution).
    pub solution: Option<Vec<Tile>>,
    /// The fewest moves (turning either way) from the scramble to any
    /// solution the solver found (the generator's among them).
    pub par: Option<u64>,
    /// Whether `par` is exact: every solution was weighed (one solution, or
    /// all of a few). Otherwise it is an upper bound (`≤ par`): the solver
    /// stopped at [`PAR_SOLUTIONS`] solutions or at its budget.
    pub par_exact: bool,
    /// The power radius when radius mode is on: `diameter / 2 + 1` of the
    /// solution tree (of the scrambled board if there is no solution).
    pub radius: u32,
    /// The difficulty to show: the chosen one for seeded puzzles, the
    /// solver's rating for given ones.
    pub difficulty: &'static str,
    /// The difficulty the solver measured (how much deduction and search
    /// the puzzle needs), shown beside the chosen one; `None` if the
    /// bounded search gave up.
    pub rating: Option<Rating>,
    /// Whether the solver's rating and par are still to come: facts
    /// [`PuzzleFacts::provisional`] made (par is then the generator's
    /// solution's, an upper bound, and there is no rating yet).
    pub measuring: bool,
    /// The day whose daily puzzle this is, if its seeded ID is one.
    pub daily: Option<Date>,
}

impl PuzzleFacts {
    /// The facts of `puzzle`, generated from `params` or given (`None`):
    /// every entry point that shows them (the window's game, `lightemall
    /// render`) works them out here, so they agree. The solver rates every
    /// puzzle, and finds the solution of a given one (a solution a given
    /// puzzle carries is not used: its ID does not carry it, and a reloaded
    /// game must measure by the same one). Par is the fewest moves to any
    /// of up to [`PAR_SOLUTIONS`] solutions, exact when they are all. A
    /// player waits for this, so the search is bounded: a huge puzzle with
    /// many solutions may get no rating (and, if given, no par) rather than
    /// a long wait.
    pub fn of(puzzle: &Puzzle, params: Option<Params>) -> PuzzleFacts {
        let board = &puzzle.board;
        let guesses = interactive_guesses(board.tiles().len());
        let report = solve_within(board, &[], PAR_SOLUTIONS, guesses);
        let rating = report.rating();
        let par_exact = match report.status {
            Status::Unique => true,
            Status::Multiple => report.solutions.len() < PAR_SOLUTIONS,
            _ => false,
        };
        let generators = puzzle.solution.as_ref().filter(|_| params.is_some());
        let topology = board.grid().topology();
        let moves = |solved: &Vec<Tile>| par(topology, board.tiles(), solved, Turns::EitherWay);
        let par = report
            .solutions
            .iter()
            .chain(generators)
            .filter_map(moves)
            .min();
        let (solution, difficulty) = match (generators, params) {
            (Some(solution), Some(params)) => (Some(solution.clone()), params.difficulty.name()),
            _ => (
                report.solutions.into_iter().next(),
                rating.map_or("unknown", Rating::name),
            ),
        };
        PuzzleFacts {
            radius: radius_of(puzzle, solution.as_deref()),
            solution,
            par,
            par_exact,
            difficulty,
            rating,
            measuring: false,
            daily: daily_of(params),
        }
    }

    /// The facts a game played in a window starts with: the solver's
    /// ([`PuzzleFacts::of`]) for a board of at most [`RATED_FIRST`] tiles,
    /// else a seeded puzzle's provisional facts ([`PuzzleFacts::provisional`]:
    /// the window shows the board at once and has the solver measure it
    /// meanwhile), else the solver's.
    pub fn to_start(puzzle: &Puzzle, params: Option<Params>) -> PuzzleFacts {
        PuzzleFacts::before_rating(puzzle, params)
            .unwrap_or_else(|| PuzzleFacts::of(puzzle, params))
    }

    /// The provisional facts a game starts with, if it is not rated
    /// first ([`PuzzleFacts::to_start`]): a seeded board of more than
    /// [`RATED_FIRST`] tiles.
    pub fn before_rating(puzzle: &Puzzle, params: Option<Params>) -> Option<PuzzleFacts> {
        let large = puzzle.board.grid().len() > RATED_FIRST;
        large
            .then(|| PuzzleFacts::provisional(puzzle, params))
            .flatten()
    }

    /// The facts of a seeded puzzle before the solver rates it, worked out
    /// in a moment from the generator's solution: the same solution,
    /// radius and difficulty as [`PuzzleFacts::of`], par the fewest moves
    /// to the generator's solution (an upper bound, not exact: the solver
    /// may find a nearer one), no rating, and `measuring`. `None` for a
    /// given puzzle (`params` `None`) or one without a solution: its
    /// solution is the solver's, so it waits for [`PuzzleFacts::of`].
    pub fn provisional(puzzle: &Puzzle, params: Option<Params>) -> Option<PuzzleFacts> {
        let params = params?;
        let solution = puzzle.solution.clone()?;
        let board = &puzzle.board;
        let topology = board.grid().topology();
        Some(PuzzleFacts {
            par: par(topology, board.tiles(), &solution, Turns::EitherWay),
            par_exact: false,
            radius: radius_of(puzzle, Some(&solution)),
            solution: Some(solution),
            difficulty: params.difficulty.name(),
            rating: None,
            measuring: true,
            daily: daily_of(Some(params)),
        })
    }
}

/// The day whose daily the puzzle generated from `params` is, if any.
fn daily_of(params: Option<Params>) -> Option<Date> {
    date_of_daily(&params?.to_string())
}

/// The initial power radius: half the diameter of the solution's tree
/// (of the scrambled board if there is no solution), plus one.
fn radius_of(puzzle: &Puzzle, solution: Option<&[Tile]>) -> u32 {
    let board = &puzzle.board;
    let tree = solution
        .and_then(|solved| board.with_tiles(solved.to_vec()).ok())
        .unwrap_or_else(|| board.clone());
    initial_radius(diameter(&tree, puzzle.station, &mut Power::default()).length)
}
