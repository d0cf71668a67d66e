//! The graded generator keeps its promise: exactly one solution, and the
//! level measured by the solver is the level asked for, on every topology,
//! wrapping or not.

use lightemall_gen::{Difficulty, Generator, Params};
use lightemall_model::{Grid, Topology};
use lightemall_solve::{GenerateError, Rating, Status, generate, solve};

fn params(
    topology: Topology,
    side: usize,
    wrap: bool,
    difficulty: Difficulty,
    seed: u64,
) -> Params {
    Params {
        grid: Grid::new(topology, side, side, wrap).expect("valid grid"),
        generator: Generator::Graded,
        difficulty,
        seed,
        station: (0, 0),
    }
}

const LEVELS: [(Difficulty, Rating); 3] = [
    (Difficulty::Easy, Rating::Easy),
    (Difficulty::Medium, Rating::Medium),
    (Difficulty::Hard, Rating::Hard),
];

/// `seeds` puzzles of each level at `side`: one solution, the level asked,
/// and the three levels of a seed three different puzzles.
fn check(topology: Topology, side: usize, wrap: bool, seeds: u64) {
    for seed in 1..=seeds {
        let mut made = Vec::new();
        for (difficulty, level) in LEVELS {
            let params = params(topology, side, wrap, difficulty, seed);
            let puzzle = match generate(&params) {
                // A wrapping octo board has no edge, and its trees seldom
                // a tile with one orientation (all eight wires): neighbour
                // matching alone mostly has nowhere to start, and the
                // generator says so.
                Err(GenerateError::LevelNotReached {
                    level: Rating::Easy,
                    ..
                }) if topology == Topology::Octo && wrap => continue,
                made => made.unwrap_or_else(|e| panic!("{params}: {e}")),
            };
            let report = solve(&puzzle.board, 2);
            assert_eq!(report.status, Status::Unique, "{params}");
            assert_eq!(
                Some(&report.solutions[0]),
                puzzle.solution.as_ref(),
                "{params}"
            );
            assert_eq!(report.rating(), Some(level), "{params}: {:?}", report.stats);
            assert!(
                !made.contains(&puzzle.board),
                "{params}: the same puzzle as an easier level"
            );
            made.push(puzzle.board);
        }
    }
}

#[test]
fn square_puzzles_have_the_level_asked() {
    check(Topology::Square, 10, false, 30);
    check(Topology::Square, 10, true, 30);
    check(Topology::Square, 20, false, 30);
    check(Topology::Square, 20, true, 30);
}

#[test]
fn hex_puzzles_have_the_level_asked() {
    check(Topology::Hex, 10, false, 30);
    check(Topology::Hex, 10, true, 30);
    check(Topology::Hex, 20, false, 30);
    check(Topology::Hex, 20, true, 30);
}

#[test]
fn octo_puzzles_have_the_level_asked() {
    check(Topology::Octo, 10, false, 30);
    check(Topology::Octo, 10, true, 30);
    check(Topology::Octo, 20, false, 30);
    check(Topology::Octo, 20, true, 30);
}

#[test]
fn a_board_too_small_for_its_level_says_so() {
    let params = params(Topology::Square, 2, false, Difficulty::Hard, 1);
    let error = generate(&params).expect_err("a 2x2 board is never hard");
    assert!(matches!(
        error,
        GenerateError::LevelNotReached {
            level: Rating::Hard,
            ..
        }
    ));
    assert!(
        error
            .to_string()
            .contains("found no hard puzzle for this 2x2 board"),
        "{error}"
    );
}
