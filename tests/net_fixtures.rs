//! Real puzzles from Simon Tatham's Net: their IDs round-trip through our
//! reader and writer, and their solutions pass our own validity check.

use lightemall_model::format::net::{parse_net_desc, parse_net_id, to_net_id};
use lightemall_tests::net_fixtures;

#[test]
fn there_are_fixtures_of_both_kinds() {
    let fixtures = net_fixtures();
    assert!(fixtures.iter().filter(|f| f.kind == "unique").count() >= 20);
    assert!(fixtures.iter().any(|f| f.kind == "ambiguous"));
}

#[test]
fn ids_round_trip_exactly() {
    for fixture in net_fixtures() {
        let board = parse_net_id(&fixture.id).unwrap_or_else(|e| panic!("{}: {e}", fixture.id));
        assert_eq!(to_net_id(&board).as_deref(), Some(fixture.id.as_str()));
    }
}

#[test]
fn solutions_are_solved_rotations_of_the_puzzle() {
    for fixture in net_fixtures() {
        let board = parse_net_id(&fixture.id).expect("fixture id reads");
        let grid = *board.grid();
        let solution_tiles = parse_net_desc(grid, &fixture.solution, 1)
            .unwrap_or_else(|e| panic!("{}: {e}", fixture.solution))
            .tiles()
            .to_vec();
        let solved = board.with_tiles(solution_tiles).expect("same size");
        assert_eq!(solved.check_solved(), Ok(()), "{}", fixture.id);
        for (index, (&scrambled, &target)) in board.tiles().iter().zip(solved.tiles()).enumerate() {
            assert!(
                scrambled.steps_to(grid.topology(), target).is_some(),
                "{}: tile {index} is not a rotation of its solution",
                fixture.id
            );
        }
        assert!(
            board.check_solved().is_err(),
            "{} starts solved",
            fixture.id
        );
    }
}
