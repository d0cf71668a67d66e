//! The solver on real puzzles: Net's fixtures (unique ones solved exactly as
//! Net solved them; ambiguous ones given an exact status with valid,
//! distinct solutions), fresh puzzles from Net itself when it is installed,
//! and generated puzzles of every topology.

use lightemall_gen::{Difficulty, Generator, Params};
use lightemall_model::format::net::{parse_net_desc, parse_net_id};
use lightemall_model::{Board, Grid, Tile, Topology};
use lightemall_power::Power;
use lightemall_solve::{GenerateError, generate};
use lightemall_solve::{Options, Reach, Status, solve, solve_with};
use lightemall_tests::{brute_force_solutions, net_fixtures};
use proptest::prelude::*;

/// Every reported solution is a solved rotation of the puzzle, and no two are equal.
fn check_solutions(board: &Board, solutions: &[Vec<Tile>]) {
    let topology = board.grid().topology();
    for (i, tiles) in solutions.iter().enumerate() {
        let solved = board.with_tiles(tiles.clone()).expect("same size");
        assert_eq!(solved.check_solved(), Ok(()), "solution {i}");
        for (scrambled, target) in board.tiles().iter().zip(tiles) {
            assert!(
                scrambled.steps_to(topology, *target).is_some(),
                "solution {i} is not a rotation"
            );
        }
        assert!(!solutions[..i].contains(tiles), "solution {i} repeats");
    }
}

#[test]
fn net_fixtures_are_solved_exactly() {
    for fixture in net_fixtures() {
        let board = parse_net_id(&fixture.id).expect("fixture reads");
        let report = solve(&board, 2);
        check_solutions(&board, &report.solutions);
        if fixture.kind == "unique" {
            let given =
                parse_net_desc(*board.grid(), &fixture.solution, 1).expect("solution reads");
            assert_eq!(report.status, Status::Unique, "{}", fixture.id);
            assert_eq!(
                report.solutions,
                vec![given.tiles().to_vec()],
                "{}",
                fixture.id
            );
        } else {
            assert_ne!(
                report.status,
                Status::None,
                "{}: Net generated it from a solution",
                fixture.id
            );
            let count = report.solutions.len();
            assert_eq!(
                report.status,
                if count == 1 {
                    Status::Unique
                } else {
                    Status::Multiple
                }
            );
        }
    }
}

#[test]
fn ambiguous_fixtures_include_some_with_several_solutions() {
    let multiple = net_fixtures()
        .iter()
        .filter(|f| f.kind == "ambiguous")
        .filter(|f| solve(&parse_net_id(&f.id).expect("reads"), 2).status == Status::Multiple)
        .count();
    assert!(
        multiple > 0,
        "no ambiguous fixture has two solutions: the solver misses them"
    );
}

#[test]
fn a_puzzle_without_solution_is_none() {
    // Two tiles, each with one wire, on a 2x2 board with two empty tiles:
    // the empty tiles can never connect.
    let board = parse_net_id("2x2:1400").expect("valid");
    assert_eq!(solve(&board, 2).status, Status::None);
    // Four corners on a 2x2 board can only make a loop, never a tree.
    let board = parse_net_id("2x2:9cc6").expect("valid");
    let report = solve(&board, 2);
    assert_eq!((report.status, report.solutions.len()), (Status::None, 0));
}

#[test]
fn the_limit_bounds_the_solutions_reported() {
    // Asking for one solution still decides uniqueness.
    let ambiguous = net_fixtures()
        .into_iter()
        .map(|f| parse_net_id(&f.id).expect("reads"))
        .find(|board| solve(board, 2).status == Status::Multiple)
        .expect("an ambiguous fixture");
    let one = solve(&ambiguous, 1);
    assert_eq!((one.status, one.solutions.len()), (Status::Multiple, 1));
    let many = solve(&ambiguous, 5);
    assert!((2..=5).contains(&many.solutions.len()));
    check_solutions(&ambiguous, &many.solutions);
}

/// Net's own puzzles, fresh from the Debian package `sgt-puzzles`, of many
/// sizes, wrapping and with barriers. Net promises a unique solution unless
/// the parameters end in `a`.
#[test]
#[ignore = "needs Simon Tatham's Net (/usr/games/sgt-net): cargo xtask ci runs it where installed"]
fn fresh_net_puzzles_are_solved() {
    let net = std::path::Path::new("/usr/games/sgt-net");
    assert!(
        net.exists(),
        "{} is missing (apt-get install sgt-puzzles)",
        net.display()
    );
    for params in [
        "5x5",
        "7x7w",
        "9x6b0.5",
        "8x8wb1",
        "12x10",
        "10x10wb0.3",
        "15x15",
        "6x6a",
        "8x8wa",
    ] {
        let output = std::process::Command::new(net)
            .args(["--generate", "3", &format!("{params}#lightemall")])
            .output()
            .expect("sgt-net runs");
        let text = String::from_utf8_lossy(&output.stdout);
        for id in text.lines() {
            let board = parse_net_id(id).unwrap_or_else(|e| panic!("{id}: {e}"));
            let report = solve(&board, 2);
            check_solutions(&board, &report.solutions);
            if params.ends_with('a') {
                assert_ne!(report.status, Status::None, "{id}");
            } else {
                assert_eq!(report.status, Status::Unique, "{id}");
            }
        }
    }
}

fn generated(
    topology: Topology,
    width: usize,
    height: usize,
    wrap: bool,
    generator: Generator,
    seed: u64,
) -> Board {
    let grid = Grid::new(topology, width, height, wrap).expect("valid grid");
    let params = Params {
        grid,
        generator,
        difficulty: Difficulty::Hard,
        seed,
        station: (0, 0),
    };
    generate(&params).expect("generates").board
}

/// Whether the unique generator refuses this board (Net does too).
fn too_small_for_unique(width: usize, height: usize, wrap: bool) -> bool {
    wrap && width.min(height) < 3
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn generated_puzzles_have_valid_solutions(
        topology in prop::sample::select(Topology::ALL.to_vec()),
        width in 2usize..8,
        half_height in 1usize..4,
        wrap in any::<bool>(),
        // The graded and ladder generators seldom reach hard on boards
        // this small; tests/graded.rs and tests/ladder.rs check their
        // puzzles, level and uniqueness.
        generator in prop::sample::select(
            Generator::ALL
                .iter()
                .copied()
                .filter(|&g| !matches!(g, Generator::Graded | Generator::Ladder))
                .collect::<Vec<_>>()
        ),
        seed in any::<u64>(),
    ) {
        let height = half_height * 2;
        let unique = matches!(generator, Generator::Unique | Generator::Unique2);
        if unique && too_small_for_unique(width, height, wrap) {
            return Ok(());
        }
        let board = generated(topology, width, height, wrap, generator, seed);
        let report = solve(&board, 3);
        prop_assert_ne!(report.status, Status::None, "a generated puzzle has its generator's solution");
        check_solutions(&board, &report.solutions);
        if unique {
            prop_assert_eq!(report.status, Status::Unique);
        }
    }

    /// The unique generator's puzzles have exactly one solution by the
    /// brute-force count, and it is the generator's.
    #[test]
    fn unique_puzzles_are_unique_by_brute_force(
        topology in prop::sample::select(Topology::ALL.to_vec()),
        wide in any::<bool>(),
        wrap in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let (width, height) = if wide && topology != Topology::Octo { (3, 2) } else { (2, 2) };
        let grid = Grid::new(topology, width, height, wrap).expect("valid grid");
        let params = Params { grid, generator: Generator::Unique, difficulty: Difficulty::Medium, seed, station: (0, 0) };
        if too_small_for_unique(width, height, wrap) {
            prop_assert_eq!(generate(&params), Err(GenerateError::WrapTooSmall));
            return Ok(());
        }
        let puzzle = generate(&params).expect("generates");
        let solutions = brute_force_solutions(&puzzle.board);
        prop_assert_eq!(solutions.len(), 1);
        prop_assert_eq!(Some(&solutions[0]), puzzle.solution.as_ref());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On boards small enough to try every combination, the solver finds
    /// exactly the solutions there are, for random tiles (mostly no
    /// solution) and generated puzzles (at least one) alike.
    #[test]
    fn the_solver_finds_exactly_every_solution(
        topology in prop::sample::select(Topology::ALL.to_vec()),
        wide in any::<bool>(),
        wrap in any::<bool>(),
        random_tiles in prop::collection::vec(any::<u8>(), 6),
        use_generated in any::<bool>(),
        seed in any::<u64>(),
    ) {
        // 3x2 or 2x2: at most 8^4 = 4096 combinations for octo, 6^6 for hex.
        let (width, height) = if wide && topology != Topology::Octo { (3, 2) } else { (2, 2) };
        let board = if use_generated {
            generated(topology, width, height, wrap, Generator::Kruskal, seed)
        } else {
            let grid = Grid::new(topology, width, height, wrap).expect("valid grid");
            let full = topology.full_mask();
            let tiles = random_tiles.iter().take(grid.len()).map(|&m| Tile(m & full)).collect();
            Board::new(grid, tiles).expect("valid board")
        };
        let mut expected = brute_force_solutions(&board);
        let report = solve(&board, 100_000);
        let mut found = report.solutions.clone();
        expected.sort();
        found.sort();
        prop_assert_eq!(&found, &expected);
        let status = match expected.len() { 0 => Status::None, 1 => Status::Unique, _ => Status::Multiple };
        prop_assert_eq!(report.status, status);
    }

    /// In radius mode the solver finds exactly the solutions that power
    /// every tile within the radius from the station.
    #[test]
    fn radius_mode_finds_exactly_the_solutions_within_reach(
        topology in prop::sample::select(Topology::ALL.to_vec()),
        wide in any::<bool>(),
        wrap in any::<bool>(),
        seed in any::<u64>(),
        station_pick in any::<usize>(),
        radius in 0u32..5,
    ) {
        let (width, height) = if wide && topology != Topology::Octo { (3, 2) } else { (2, 2) };
        let board = generated(topology, width, height, wrap, Generator::Kruskal, seed);
        let station = station_pick % board.grid().len();
        let within = |tiles: &Vec<Tile>| {
            let solved = board.with_tiles(tiles.clone()).expect("fits");
            let mut power = Power::default();
            power.compute(&solved, station);
            power.all_powered(Some(radius))
        };
        let mut expected: Vec<_> = brute_force_solutions(&board).into_iter().filter(within).collect();
        let reach = Some(Reach { station, radius });
        let report = solve_with(&board, &Options { limit: 100_000, reach, ..Options::default() });
        let mut found = report.solutions.clone();
        expected.sort();
        found.sort();
        prop_assert_eq!(&found, &expected);
    }
}

/// A second solution made by a swap in a 2x2 block: where the tree links
/// the block's top pair and bottom pair, link its left pair and right pair
/// instead (or the other way round). It is kept if it is again a solution
/// and every tile is a rotation of the tile that was there.
fn second_solution_by_swap(board: &Board, tree: &[Tile]) -> Option<Vec<Tile>> {
    let grid = board.grid();
    let topology = grid.topology();
    let dir = |name| topology.direction_named(name).expect("square or octo");
    let (east, south) = (dir("E"), dir("S"));
    let link = |tiles: &mut [Tile], a: usize, d: lightemall_model::Dir, on: bool| {
        let b = grid.neighbour(a, d).expect("inside the block");
        let back = topology.opposite(d);
        for (t, bit) in [(a, d.bit()), (b, back.bit())] {
            tiles[t].0 = if on {
                tiles[t].0 | bit
            } else {
                tiles[t].0 & !bit
            };
        }
    };
    let has = |tiles: &[Tile], a: usize, d: lightemall_model::Dir| tiles[a].0 & d.bit() != 0;
    for p in 0..tree.len() {
        let (Some(q), Some(s)) = (grid.neighbour(p, east), grid.neighbour(p, south)) else {
            continue;
        };
        let swaps = [
            ((p, east), (s, east), (p, south), (q, south)),
            ((p, south), (q, south), (p, east), (s, east)),
        ];
        for ((a, da), (b, db), (c, dc), (d, dd)) in swaps {
            let swappable =
                has(tree, a, da) && has(tree, b, db) && !has(tree, c, dc) && !has(tree, d, dd);
            if !swappable {
                continue;
            }
            let mut other = tree.to_vec();
            link(&mut other, a, da, false);
            link(&mut other, b, db, false);
            link(&mut other, c, dc, true);
            link(&mut other, d, dd, true);
            let same_shapes = other
                .iter()
                .zip(tree)
                .all(|(o, t)| t.steps_to(topology, *o).is_some());
            let solved = board
                .with_tiles(other.clone())
                .is_ok_and(|b| b.check_solved().is_ok());
            if same_shapes && solved {
                return Some(other);
            }
        }
    }
    None
}

proptest! {
    // Swaps that keep every shape are rare: most boards are tried and
    // skipped (about 1 in 25 has one).
    #![proptest_config(ProptestConfig { cases: 40, max_global_rejects: 20_000, ..ProptestConfig::default() })]

    /// A puzzle with a known second solution (a swap in a 2x2 block that
    /// keeps every tile's shape) is reported `multiple`, and with a generous
    /// limit the second solution is among those listed.
    #[test]
    fn puzzles_with_a_known_second_solution_are_multiple(
        octo in any::<bool>(),
        width in 3usize..12,
        height in 3usize..12,
        wrap in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let topology = if octo { Topology::Octo } else { Topology::Square };
        let board = generated(topology, width, height, wrap, Generator::Kruskal, seed);
        let first = solve(&board, 1);
        let second = second_solution_by_swap(&board, &first.solutions[0]);
        prop_assume!(second.is_some());
        let second = second.expect("assumed");
        let report = solve(&board, 100_000);
        prop_assert_eq!(report.status, Status::Multiple);
        prop_assert!(report.solutions.contains(&second));
        prop_assert!(report.solutions.contains(&first.solutions[0]));
        check_solutions(&board, &report.solutions);
    }
}
