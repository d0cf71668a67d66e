//! The solver's named techniques: each is needed where it should be, none
//! removes an orientation that a solution has, and together they settle
//! without a guess every puzzle that Simon Tatham's Net settles with its
//! deduction-only solver.

use lightemall_gen::{Difficulty, Generator, Params};
use lightemall_model::format::descriptive::parse_descriptive_id;
use lightemall_model::format::net::parse_net_id;
use lightemall_model::{Board, Grid, Tile, Topology};
use lightemall_solve::{
    Options, Rating, Stats, Status, generate, possibilities, solve, solve_with,
};
use lightemall_tests::brute_force_solutions;
use proptest::prelude::*;

/// Solve `board` with no technique dearer than `level`.
fn solve_up_to(board: &Board, level: Rating) -> lightemall_solve::Report {
    solve_with(
        board,
        &Options {
            max_level: level,
            ..Options::default()
        },
    )
}

/// `id` needs `level`: the level below leaves tiles undecided, `level`
/// settles it (one solution, no guess), and `used` says which technique
/// counts are non-zero (local, loop, island, lookahead).
fn check(id: &str, level: Rating, used: [bool; 4]) {
    let board = parse_descriptive_id(id).expect("a valid ID").board;
    let report = solve_up_to(&board, level);
    assert_eq!(report.status, Status::Unique, "{id} at {level}");
    assert_eq!((report.undecided, report.stats.guesses), (0, 0), "{id}");
    assert_eq!(report.rating(), Some(level), "{id}");
    let Stats {
        local,
        loops,
        islands,
        lookahead,
        ..
    } = report.stats;
    assert_eq!(
        [local, loops, islands, lookahead].map(|n| n > 0),
        used,
        "{id}: {:?}",
        report.stats
    );
    if let Some(below) = Rating::ALL.into_iter().rev().find(|&r| r < level) {
        let short = solve_up_to(&board, below);
        assert_eq!(short.status, Status::Undecided, "{id} at {below}");
        assert!(short.undecided > 0, "{id} at {below}");
        assert!(short.solutions.is_empty());
    }
    // Unlimited, the solve uses no dearer technique than it needs.
    assert_eq!(solve(&board, 2).rating(), Some(level), "{id}");
}

#[test]
fn local_alone_settles_an_easy_puzzle() {
    check(
        "square:5x5:8e5e49e1b458cf623cc61e829",
        Rating::Easy,
        [true, false, false, false],
    );
}

#[test]
fn a_loop_settles_a_puzzle_local_cannot() {
    check(
        "square:5x5:32818c7bdc369b6ea62982e51",
        Rating::Medium,
        [true, true, false, false],
    );
}

#[test]
fn an_island_settles_a_puzzle_local_cannot() {
    check(
        "square:5x5:418e4bbcd14eee4cd4f116191",
        Rating::Medium,
        [true, false, true, false],
    );
}

#[test]
fn lookahead_settles_a_puzzle_loop_and_island_cannot() {
    check(
        "hex:5x4:0106041122301337080a10321419202102081401",
        Rating::Hard,
        [true, false, true, true],
    );
}

#[test]
fn guessing_is_fiendish_and_held_to_hard_is_undecided() {
    // A Kruskal puzzle with two solutions: reasoning cannot settle it.
    let params: Params = "square:12x12:kruskal:hard#1".parse().expect("valid id");
    let board = generate(&params).expect("generates").board;
    let full = solve(&board, 2);
    assert_eq!(
        (full.status, full.rating()),
        (Status::Multiple, Some(Rating::Fiendish))
    );
    assert!(full.undecided > 0);
    let held = solve_up_to(&board, Rating::Hard);
    assert_eq!(held.status, Status::Undecided);
    assert_eq!(held.stats.guesses, 0);
    assert_eq!(
        held.undecided, full.undecided,
        "the same reasoning before the first guess"
    );
}

fn small_board(
    topology: Topology,
    wide: bool,
    wrap: bool,
    tiles: &[u8],
    seed: Option<u64>,
) -> Board {
    // 3x2 or 2x2: at most 8^4 = 4096 combinations for octo, 6^6 for hex.
    let (width, height) = if wide && topology != Topology::Octo {
        (3, 2)
    } else {
        (2, 2)
    };
    let grid = Grid::new(topology, width, height, wrap).expect("valid grid");
    match seed {
        Some(seed) => {
            let params = Params {
                grid,
                generator: Generator::Kruskal,
                difficulty: Difficulty::Medium,
                seed,
                station: (0, 0),
            };
            generate(&params).expect("generates").board
        }
        None => {
            let full = topology.full_mask();
            let tiles = tiles
                .iter()
                .take(grid.len())
                .map(|&m| Tile(m & full))
                .collect();
            Board::new(grid, tiles).expect("valid board")
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The oracle: on boards small enough to try every combination, what
    /// each level of reasoning leaves possible still holds every solution
    /// (a rule that removed a true orientation fails here), and reasoning
    /// finds a contradiction only where there is no solution.
    #[test]
    fn no_technique_removes_a_true_orientation(
        topology in prop::sample::select(Topology::ALL.to_vec()),
        wide in any::<bool>(),
        wrap in any::<bool>(),
        tiles in prop::collection::vec(any::<u8>(), 6),
        seed in prop::option::of(any::<u64>()),
        pin in any::<prop::sample::Index>(),
    ) {
        let board = small_board(topology, wide, wrap, &tiles, seed);
        let solutions = brute_force_solutions(&board);
        // Pinned as the board stands: only solutions that keep that tile.
        let pinned = pin.index(board.tiles().len());
        for (pins, kept) in [
            (vec![], solutions.clone()),
            (vec![pinned], solutions.iter().filter(|s| s[pinned] == board.tiles()[pinned]).cloned().collect()),
        ] {
            for level in [Rating::Easy, Rating::Medium, Rating::Hard] {
                match possibilities(&board, &pins, level) {
                    None => prop_assert!(kept.is_empty(), "{level}: a contradiction, yet {} solutions", kept.len()),
                    Some(open) => {
                        for solution in &kept {
                            for (tile, orientation) in solution.iter().enumerate() {
                                prop_assert!(
                                    open[tile].contains(orientation),
                                    "{level} removed tile {tile}'s {orientation:?}, which a solution has"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Whether Net's deduction-only solver settles `id` (locks every tile).
fn net_settles(net: &std::path::Path, id: &str, folder: &std::path::Path) -> bool {
    use std::io::Write;
    let prefix = folder.join("P");
    let save = folder.join("P0.sav");
    let _ = std::fs::remove_file(&save);
    let mut child = std::process::Command::new(net)
        .arg("--save")
        .arg(&prefix)
        .args(["--save-suffix", ".sav", "--with-solutions"])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("sgt-net runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(format!("{id}\n").as_bytes())
        .expect("writes the ID");
    assert!(
        child.wait().expect("sgt-net ends").success(),
        "sgt-net --save failed on {id}"
    );
    let text = std::fs::read(&save).expect("sgt-net wrote the save");
    let text = String::from_utf8_lossy(&text);
    let solve = text
        .lines()
        .find(|l| l.starts_with("SOLVE"))
        .expect("a SOLVE line");
    let locks = solve.split(';').filter(|m| m.starts_with('L')).count();
    let board = parse_net_id(id).expect("Net's ID reads");
    locks == board.tiles().len()
}

/// At least as strong as Net without guessing: every fresh Net puzzle
/// that Net's deduction-only solver settles (all of those Net promises
/// unique, and some of those it does not), ours settles with no guess.
#[test]
#[ignore = "needs Simon Tatham's Net (/usr/games/sgt-net): cargo xtask ci runs it where installed"]
fn every_puzzle_net_settles_is_settled_without_guessing() {
    let net = std::path::Path::new("/usr/games/sgt-net");
    assert!(
        net.exists(),
        "{} is missing (apt-get install sgt-puzzles)",
        net.display()
    );
    let folder = std::env::temp_dir().join(format!("lightemall-net-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    let mut settled = 0;
    for params in [
        "5x5",
        "7x7w",
        "10x10",
        "10x10w",
        "9x6b0.5",
        "13x11wb0.3",
        "16x16",
        "20x20w",
        "8x8a",
        "12x12wa",
        "11x9wb0.2a",
    ] {
        let output = std::process::Command::new(net)
            .args(["--generate", "6", &format!("{params}#techniques")])
            .output()
            .expect("sgt-net runs");
        for id in String::from_utf8_lossy(&output.stdout).lines() {
            if !net_settles(net, id, &folder) {
                assert!(
                    params.ends_with('a'),
                    "Net promised {id} unique, yet left it"
                );
                continue;
            }
            settled += 1;
            let board = parse_net_id(id).expect("reads");
            let report = solve(&board, 2);
            assert_eq!(report.status, Status::Unique, "{id}");
            assert_eq!(
                report.stats.guesses, 0,
                "{id}: Net needs no guess, we guessed"
            );
            assert!(report.rating() <= Some(Rating::Hard), "{id}");
        }
    }
    let _ = std::fs::remove_dir_all(&folder);
    assert!(settled >= 50, "only {settled} puzzles compared");
}
