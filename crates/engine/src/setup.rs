//! Setting a game up: the puzzle with the ID that reproduces it, and the
//! facts worked out once per puzzle (the solution the game measures by, par,
//! the initial power radius, the difficulty shown).

use lightemall_gen::{Params, PuzzleSource};
use lightemall_model::format::descriptive::to_descriptive_id;
use lightemall_model::{Puzzle, Tile};
use lightemall_power::{Power, diameter, initial_radius};
use lightemall_solve::generate;
use lightemall_solve::{Rating, Turns, par, solve_interactively};

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
    /// The fewest moves (turning either way) from the scramble to that solution.
    pub par: Option<u64>,
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
}

/// The puzzle a source names, with its origin. A given puzzle's own
/// solution, if any, is dropped: the ID does not carry it, and a reloaded
/// game must measure by the same solution.
pub(crate) fn resolve(source: PuzzleSource) -> Result<(Puzzle, Origin), String> {
    match source {
        PuzzleSource::Seeded(params) => {
            let puzzle = generate(&params).map_err(|e| e.to_string())?;
            let id = params.to_string();
            let params = Some(params);
            Ok((puzzle, Origin { id, params }))
        }
        PuzzleSource::Given(mut puzzle) => {
            puzzle.solution = None;
            let id = to_descriptive_id(&puzzle.board, puzzle.station);
            Ok((puzzle, Origin { id, params: None }))
        }
    }
}

impl PuzzleFacts {
    /// The facts of `puzzle`, generated from `params` or given (`None`):
    /// every entry point that shows them (the window's game, `lightemall
    /// render`) works them out here, so they agree. The solver rates every
    /// puzzle, and finds the solution of a given one (a solution a given
    /// puzzle carries is not used: its ID does not carry it, and a reloaded
    /// game must measure by the same one). A player waits for this, so the
    /// search is bounded: a huge puzzle with many solutions may get no
    /// rating (and, if given, no par) rather than a long wait.
    pub fn of(puzzle: &Puzzle, params: Option<Params>) -> PuzzleFacts {
        let board = &puzzle.board;
        let report = solve_interactively(board);
        let rating = report.rating();
        let (solution, difficulty) = match (&puzzle.solution, params) {
            (Some(solution), Some(params)) => (Some(solution.clone()), params.difficulty.name()),
            _ => (
                report.solutions.into_iter().next(),
                rating.map_or("unknown", Rating::name),
            ),
        };
        let topology = board.grid().topology();
        let par = solution
            .as_ref()
            .and_then(|solved| par(topology, board.tiles(), solved, Turns::EitherWay));
        let tree = solution
            .as_ref()
            .and_then(|solved| board.with_tiles(solved.clone()).ok())
            .unwrap_or_else(|| board.clone());
        let length = diameter(&tree, puzzle.station, &mut Power::default()).length;
        PuzzleFacts {
            solution,
            par,
            radius: initial_radius(length),
            difficulty,
            rating,
        }
    }
}
