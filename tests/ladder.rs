//! The ladder generator keeps its promise: a scrambled spanning tree that
//! its ID reproduces, exactly one solution, the level asked, and an effort (as `solve --json` measures it) within the band of
//! that level, on every topology, wrapping or not. A band a seed cannot
//! reach is said in words that name the board; most seeds reach it.

use lightemall_gen::{Difficulty, Generator, Params};
use lightemall_model::{Grid, Topology};
use lightemall_solve::ladder::{Band, Measure};
use lightemall_solve::{GenerateError, Options, Status, generate, solve_with};

/// `seeds` puzzles of each level on a `side`x`side` board: each made is
/// unique and in its band, the levels of a seed are different puzzles, and
/// at least `reached` of the seeds reach each level.
fn check(topology: Topology, side: usize, wrap: bool, seeds: u64, reached: usize) {
    let grid = Grid::new(topology, side, side, wrap).expect("valid grid");
    for &difficulty in Difficulty::ALL {
        let band = Band::on(difficulty, &grid);
        let mut made = Vec::new();
        for seed in 1..=seeds {
            let params = Params {
                grid,
                generator: Generator::Ladder,
                difficulty,
                seed,
                station: Generator::Ladder.default_station(&grid),
            };
            let puzzle = match generate(&params) {
                Err(GenerateError::BandNotReached { size, .. }) => {
                    assert_eq!(size, grid.size_label(), "{params}");
                    continue;
                }
                made => made.unwrap_or_else(|e| panic!("{params}: {e}")),
            };
            let solved = puzzle.solution_board().expect("has a solution");
            assert_eq!(solved.check_solved(), Ok(()), "{params}: a spanning tree");
            assert!(
                puzzle.board.check_solved().is_err(),
                "{params}: starts solved"
            );
            let again: Params = params.to_string().parse().expect("its ID reads");
            assert_eq!(generate(&again).as_ref(), Ok(&puzzle), "{params}: its ID");
            let report = solve_with(&puzzle.board, &Options::default());
            assert_eq!(report.status, Status::Unique, "{params}");
            assert_eq!(
                report.solutions[0],
                puzzle.solution.clone().expect("solved")
            );
            let measure = Measure {
                level: report.stats.rating(),
                effort: report.stats.effort(),
                chain: report.stats.longest_lookahead,
            };
            assert!(
                band.holds(&measure),
                "{params}: {measure:?} not in {band:?}"
            );
            made.push(puzzle.board);
        }
        assert!(
            made.len() >= reached,
            "{topology} {side} {wrap} {difficulty}: {} of {seeds} seeds reached {band:?}",
            made.len()
        );
    }
}

#[test]
fn square_puzzles_are_in_their_bands() {
    check(Topology::Square, 12, false, 6, 4);
    check(Topology::Square, 12, true, 6, 4);
    check(Topology::Square, 20, false, 3, 2);
}

#[test]
fn the_windows_small_boards_reach_every_level() {
    // A 5x5 square tree seldom needs a lookahead by chance: the climb
    // walks to one as the graded generator does, so every seed reaches.
    check(Topology::Square, 5, false, 4, 4);
    check(Topology::Hex, 7, false, 4, 4);
}

#[test]
fn hex_puzzles_are_in_their_bands() {
    check(Topology::Hex, 12, false, 6, 4);
    check(Topology::Hex, 12, true, 6, 4);
}

#[test]
fn octo_puzzles_are_in_their_bands() {
    check(Topology::Octo, 12, false, 6, 4);
    // No edge, and easy too: the ladder plants a start for neighbour matching.
    check(Topology::Octo, 12, true, 6, 4);
}

#[test]
fn a_band_out_of_reach_names_the_board() {
    // A 3x3 board has no room for an expert puzzle's lookahead chain.
    let params: Params = "square:3x3:ladder:expert#1".parse().expect("valid ID");
    let err = generate(&params).expect_err("no expert 3x3 puzzle");
    let text = err.to_string();
    assert!(text.contains("3x3 board"), "{text}");
    assert!(text.contains("lookahead chain"), "{text}");
}

#[test]
fn the_graded_generator_has_no_expert() {
    let params: Params = "square:10x10:graded:expert#1".parse().expect("valid ID");
    assert!(matches!(
        generate(&params),
        Err(GenerateError::NoSuchLevel { .. })
    ));
}
