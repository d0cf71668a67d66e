//! The game's rules one at a time: the clock, the score's move count, undo
//! and redo, restart, jumble, solve, hint, pause, and the window title.

use lightemall_engine::{Coord, Game, GameError, Hint, ManualClock, Move};
use lightemall_gen::{Params, PuzzleSource};
use lightemall_solve::{Options, Reach, solve_with};
use std::time::Duration;

const SECOND: Duration = Duration::from_secs(1);

fn game(id: &str) -> (Game, ManualClock) {
    let clock = ManualClock::default();
    let game = Game::from_id(id, Box::new(clock.clone())).expect(id);
    (game, clock)
}

fn turn(x: usize, y: usize) -> Move {
    Move::Turn {
        at: Coord { x, y },
        clockwise: true,
    }
}

#[test]
fn the_clock_starts_at_the_first_move_and_stops_while_paused() {
    let (mut game, clock) = game("square:4x4:kruskal:easy#3");
    clock.advance(10 * SECOND);
    assert_eq!(game.elapsed(), Duration::ZERO);
    game.play(Move::Lock(Coord { x: 1, y: 1 })).expect("lock");
    clock.advance(SECOND);
    assert_eq!(game.elapsed(), Duration::ZERO, "a lock is not a move");
    game.play(turn(0, 0)).expect("turn");
    clock.advance(3 * SECOND);
    assert_eq!(game.elapsed(), 3 * SECOND);
    game.pause();
    clock.advance(100 * SECOND);
    assert_eq!(
        game.title(),
        "LightEmAll · 4x4 easy · moves 1 · 0:03 · paused"
    );
    assert_eq!(game.play(turn(0, 0)), Err(GameError::Paused));
    assert!(!game.undo());
    game.resume();
    clock.advance(SECOND);
    assert_eq!(game.elapsed(), 4 * SECOND);
    assert_eq!(game.title(), "LightEmAll · 4x4 easy · moves 1 · 0:04");
}

#[test]
fn the_clock_stops_at_the_win() {
    let (mut game, clock) = game("square:2x2:6c21");
    game.play(turn(0, 1)).expect("turn");
    clock.advance(2 * SECOND);
    game.play(turn(0, 1)).expect("turn");
    clock.advance(2 * SECOND);
    game.play(turn(0, 1)).expect("turn");
    assert!(game.is_solved());
    clock.advance(50 * SECOND);
    assert_eq!(game.elapsed(), 4 * SECOND);
    assert!(!game.is_clock_running());
    assert!(
        game.title().ends_with(" · moves 3 · 0:04 · solved"),
        "{}",
        game.title()
    );
    let score = game.score().expect("won, unassisted");
    assert_eq!((score.moves, score.par), (3, Some(1)));
    assert_eq!(score.preset, "square:2x2:given");
}

#[test]
fn undo_keeps_the_moves_made_and_redo_does_not_count_again() {
    let (mut game, _) = game("square:4x4:kruskal:easy#3");
    let start = game.state().clone();
    game.play(turn(0, 0)).expect("turn");
    game.play(turn(1, 0)).expect("turn");
    assert!(game.undo());
    assert_eq!(game.moves_made(), 2);
    assert!(game.redo());
    assert_eq!(game.moves_made(), 2);
    game.restart();
    assert_eq!(game.state(), &start);
    assert_eq!(game.redo_moves().count(), 2);
    game.play(turn(2, 2)).expect("turn");
    assert_eq!(
        game.redo_moves().count(),
        0,
        "a new move drops the redo list"
    );
    assert_eq!(game.moves_made(), 3);
    assert!(!game.redo());
}

#[test]
fn a_jumble_is_one_move_that_leaves_locked_tiles_alone() {
    let (mut game, _) = game("square:5x5:kruskal:medium#8");
    game.play(Move::Lock(Coord { x: 2, y: 2 })).expect("lock");
    let locked_tile = game.board().tile(12);
    let before = game.board().clone();
    game.jumble().expect("jumble");
    assert_eq!(game.moves_made(), 1);
    assert_eq!(game.board().tile(12), locked_tile);
    assert_ne!(game.board(), &before);
    let Some(Move::SeededJumble(seed)) = game.history().last() else {
        panic!("the jumble is logged as one J token");
    };
    // Its seed, not its turns: a few bytes on any board.
    assert_eq!(
        game.history().last().map(Move::to_string),
        Some(format!("J#{seed}"))
    );
    // The same game jumbles the same way.
    let (mut again, _) = self::game("square:5x5:kruskal:medium#8");
    again.play(Move::Lock(Coord { x: 2, y: 2 })).expect("lock");
    again.jumble().expect("jumble");
    assert_eq!(again.board(), game.board());
    assert!(game.undo());
    assert_eq!(game.board(), &before);
}

#[test]
fn solve_wins_and_marks_the_game_assisted() {
    let (mut game, _) = game("hex:5x4:kruskal:hard#11");
    game.solve().expect("solvable");
    assert!(game.is_solved());
    assert!(game.is_assisted());
    assert_eq!(game.score(), None, "assisted games are not recorded");
    assert!(game.undo());
    assert!(!game.is_solved());
    assert!(game.is_assisted(), "undo does not take assistance back");
}

#[test]
fn with_the_radius_on_solve_picks_a_solution_that_wins_where_the_station_is() {
    // Among these (non-unique growth puzzles, the station on every tile)
    // are some whose first solution leaves tiles out of reach of the
    // station while another solution powers them all.
    let mut interesting = 0;
    for (seed, at) in (0..4).flat_map(|seed| (0..100).map(move |at| (seed, at))) {
        let (mut game, _) = game(&format!(
            "square:10x10:frontier:medium#{seed}@{},{}",
            at % 10,
            at / 10
        ));
        game.play(Move::Radius).expect("radius on");
        let board = game.board().clone();
        let reach = Some(Reach {
            station: game.state().station,
            radius: game.radius().expect("on"),
        });
        let within = solve_with(
            &board,
            &Options {
                reach,
                ..Options::default()
            },
        );
        let first = solve_with(&board, &Options::default());
        let first_wins = within.solutions.contains(&first.solutions[0]);
        game.solve().expect("solvable");
        assert_eq!(
            game.is_solved(),
            !within.solutions.is_empty(),
            "seed {seed} at {at}"
        );
        if !first_wins && !within.solutions.is_empty() {
            interesting += 1;
        }
    }
    assert!(
        interesting > 0,
        "no seed tells a radius-aware solve from a plain one"
    );
}

#[test]
fn solve_respects_locks_or_says_they_are_wrong() {
    let (mut game, _) = game("square:3x3:kruskal:medium#2");
    let solution = game.facts().solution.clone().expect("generated");
    // Lock tile 1 (a T piece) turned away from its solution.
    while game.board().tile(1) == solution[1] {
        game.play(turn(1, 0)).expect("turn");
    }
    game.play(Move::Lock(Coord { x: 1, y: 0 })).expect("lock");
    assert_eq!(game.hint(), Hint::LocksWrong);
    assert_eq!(game.solve(), Err(GameError::NoSolution));
    assert!(!game.is_assisted());
}

#[test]
fn a_hint_is_shown_not_applied() {
    let (game, _) = game("square:4x4:kruskal:easy#1");
    let before = game.state().clone();
    let Hint::Turn {
        tile, to, proved, ..
    } = game.hint()
    else {
        panic!("a scrambled board needs a turn");
    };
    assert!(proved);
    assert_eq!(Some(to), game.facts().solution.as_ref().map(|s| s[tile]));
    assert_eq!(game.state(), &before);
}

#[test]
fn a_hint_taken_marks_the_game_assisted_and_its_win_is_not_recorded() {
    let (mut game, _) = game("square:4x4:kruskal:easy#1");
    let before = game.state().clone();
    let expected = game.hint();
    assert!(!game.is_assisted(), "asking the engine is not taking");
    assert_eq!(game.take_hint(), Ok(expected.clone()));
    assert!(matches!(expected, Hint::Turn { .. }));
    assert!(game.is_assisted());
    assert_eq!(game.state(), &before, "a hint is shown, not applied");
    assert!(game.history().is_empty());
    assert_eq!(game.moves_made(), 0);
    assert!(game.to_save().print().contains("assisted: yes"));
    solve_by_turns(&mut game);
    assert!(game.is_solved());
    assert_eq!(game.score(), None, "a hinted game is not recorded");
}

/// Turn every tile to the puzzle's solution, one clockwise turn at a time.
fn solve_by_turns(game: &mut Game) {
    let solution = game.facts().solution.clone().expect("generated");
    let topology = game.board().grid().topology();
    for (tile, &to) in solution.iter().enumerate() {
        let steps = game
            .board()
            .tile(tile)
            .steps_to(topology, to)
            .expect("same shape");
        let (x, y) = game.board().grid().coords(tile);
        for _ in 0..steps {
            game.play(turn(x, y)).expect("unlocked");
        }
    }
}

#[test]
fn a_hint_that_tells_no_turn_leaves_the_game_unassisted() {
    let (mut game, _) = game("square:4x3:kruskal:medium#5");
    solve_by_turns(&mut game);
    assert_eq!(game.take_hint(), Ok(Hint::Solved));
    assert!(!game.is_assisted());
    assert!(game.score().is_some(), "won by hand, recorded");

    let (mut game, _) = self::game("square:3x3:kruskal:medium#2");
    let solution = game.facts().solution.clone().expect("generated");
    while game.board().tile(1) == solution[1] {
        game.play(turn(1, 0)).expect("turn");
    }
    game.play(Move::Lock(Coord { x: 1, y: 0 })).expect("lock");
    assert_eq!(game.take_hint(), Ok(Hint::LocksWrong));
    assert!(!game.is_assisted());
}

#[test]
fn no_hint_is_taken_while_paused() {
    let (mut game, _) = game("square:4x4:kruskal:easy#1");
    game.pause();
    assert_eq!(game.take_hint(), Err(GameError::Paused));
    assert!(!game.is_assisted());
    game.resume();
    assert!(matches!(game.take_hint(), Ok(Hint::Turn { .. })));
}

#[test]
fn restart_undoes_every_move_and_lights_the_start() {
    let (mut game, _) = game("square:5x5:kruskal:easy#7");
    let start_powered = game.powered_count();
    let start = game.state().clone();
    solve_by_turns(&mut game);
    game.play(Move::Lock(Coord { x: 3, y: 3 })).expect("lock");
    let (end, made) = (game.state().clone(), game.moves_made());
    assert!(game.is_solved() && made > 0);
    game.restart();
    assert_eq!(game.state(), &start);
    assert_eq!(
        game.powered_count(),
        start_powered,
        "power worked out again"
    );
    assert!(!game.is_solved());
    assert_eq!(game.moves_made(), made, "the moves made stay counted");
    while game.redo() {}
    assert_eq!(game.state(), &end);
}

#[test]
fn bad_puzzles_are_refused() {
    let clock = Box::new(ManualClock::default());
    let error = Game::from_id("square:1x9:kruskal:easy#1", clock).expect_err("too small");
    assert!(error.to_string().contains("out of range"), "{error}");
}

#[test]
fn a_new_game_comes_from_generation_parameters() {
    let params: Params = "octo:6x5w:frontier:hard#77@2,3".parse().expect("seeded ID");
    let game = Game::new(
        PuzzleSource::Seeded(params),
        Box::new(ManualClock::default()),
    )
    .expect("generates");
    assert_eq!(game.origin().id, "octo:6x5w:frontier:hard#77@2,3");
    assert_eq!(game.coord_of(game.state().station), Coord { x: 2, y: 3 });
    assert_eq!(game.moves_made(), 0);
    assert!(!game.is_solved());
    assert_eq!(game.preset(), "octo:6x5w:frontier:hard");
    assert!(game.facts().par.is_some_and(|par| par > 0));
    assert_eq!(game.title(), "LightEmAll · 6x5w hard · moves 0 · 0:00");
}

#[test]
fn every_puzzle_is_rated_by_the_solver() {
    // The same rating `lightemall solve` gives, beside the chosen difficulty.
    for id in [
        "square:8x8:kruskal:easy#1",
        "hex:6x6w:unique:hard#2",
        "3x3:5b3a6c9a1",
    ] {
        let (game, _) = game(id);
        let board = game.board().clone();
        let expected = lightemall_solve::solve(&board, 1).stats.rating();
        assert_eq!(game.facts().rating, Some(expected), "{id}");
    }
}

#[test]
fn par_is_the_fewest_moves_to_any_solution() {
    let (mut ambiguous, mut nearer) = (0, 0);
    for seed in 1..=40 {
        for kind in [
            "square:3x3w:kruskal:medium",
            "square:3x2:kruskal:hard",
            "hex:3x2:kruskal:easy",
        ] {
            let id = format!("{kind}#{seed}");
            let (game, _) = game(&id);
            let board = game.board();
            let solutions = lightemall_tests::brute_force_solutions(board);
            ambiguous += usize::from(solutions.len() > 1);
            let topology = board.grid().topology();
            let fewest = solutions
                .iter()
                .filter_map(|s| {
                    lightemall_solve::par(
                        topology,
                        board.tiles(),
                        s,
                        lightemall_solve::Turns::EitherWay,
                    )
                })
                .min();
            assert_eq!(
                game.facts().par,
                fewest,
                "{id}: {} solutions",
                solutions.len()
            );
            let generators = game.facts().solution.as_ref().and_then(|s| {
                lightemall_solve::par(
                    topology,
                    board.tiles(),
                    s,
                    lightemall_solve::Turns::EitherWay,
                )
            });
            nearer += usize::from(generators > fewest);
            assert!(
                game.facts().par_exact,
                "{id}: every solution of a small board is weighed"
            );
        }
    }
    assert!(
        ambiguous > 10,
        "the boards should include ambiguous ones: {ambiguous}"
    );
    // Par measured against the generator's solution would be wrong here.
    assert!(
        nearer > 0,
        "some puzzle has a solution nearer than the generator's"
    );
}

/// A game made of a puzzle generated (with its progress watched) and
/// rated by the caller is the game `Game::new` makes of its source: same
/// origin, facts, tiles, power and title, for a seeded and a given puzzle.
#[test]
fn a_game_with_its_facts_worked_out_elsewhere_is_the_same_game() {
    use lightemall_engine::PuzzleFacts;
    let (seeded, _) = game("square:5x5:kruskal:easy#7");
    let given = lightemall_model::format::descriptive::to_descriptive_id(
        &seeded.puzzle().board,
        seeded.puzzle().station,
    );
    for id in [
        "square:9x9:graded:medium#4",
        "octo:6x6:unique:hard#2",
        "hex:7x6:kruskal:easy#9",
        given.as_str(),
    ] {
        let (expected, _) = game(id);
        // As a window's maker thread does it: resolved while watched.
        let mut reports = 0;
        let source = PuzzleSource::parse(id).expect(id);
        let resolved =
            lightemall_solve::resolve_watched(source, &mut |_| reports += 1).expect("resolved");
        let facts = PuzzleFacts::of(&resolved.puzzle, resolved.params);
        let made = Game::with_facts(resolved, facts, Box::new(ManualClock::default()));
        assert_eq!(made.origin(), expected.origin(), "{id}");
        assert_eq!(made.facts(), expected.facts(), "{id}");
        assert_eq!(made.puzzle(), expected.puzzle(), "{id}");
        assert_eq!(made.state(), expected.state(), "{id}");
        assert_eq!(made.powered_count(), expected.powered_count(), "{id}");
        assert_eq!(made.title(), expected.title(), "{id}");
    }
}

/// A seeded game begun with provisional facts (the generator's solution,
/// no rating yet) plays as the game with the solver's facts: same title,
/// solution, radius, power and win; only par (an upper bound, not exact)
/// and the rating wait. Settling the solver's facts brings it level with
/// `Game::new`'s, moves made before included; facts of another puzzle,
/// provisional facts, or facts settled twice are refused.
#[test]
fn provisional_facts_settle_to_the_solvers() {
    use lightemall_engine::PuzzleFacts;
    for id in [
        "square:12x12:kruskal:hard#5",
        "hex:7x6:kruskal:easy#9",
        "octo:6x6:unique:hard#2",
    ] {
        let (expected, _) = game(id);
        let resolved = lightemall_solve::resolve(PuzzleSource::parse(id).expect(id)).expect(id);
        let early = PuzzleFacts::provisional(&resolved.puzzle, resolved.params).expect("seeded");
        let measured = PuzzleFacts::of(&resolved.puzzle, resolved.params);
        let other = game("square:12x12:kruskal:hard#6").0.facts().clone();
        let mut made = Game::with_facts(resolved, early, Box::new(ManualClock::default()));
        let facts = made.facts().clone();
        assert!(
            facts.measuring && !facts.par_exact && facts.rating.is_none(),
            "{id}"
        );
        assert_eq!(facts.solution, expected.facts().solution, "{id}");
        assert_eq!(facts.radius, expected.facts().radius, "{id}");
        assert!(facts.par >= expected.facts().par, "{id}: an upper bound");
        assert_eq!(made.title(), expected.title(), "{id}");
        made.play(turn(1, 1)).expect("a turn");
        assert!(!made.settle_facts(other.clone()), "{id}: another puzzle's");
        assert!(!made.settle_facts(facts.clone()), "{id}: provisional ones");
        assert!(made.settle_facts(measured.clone()), "{id}");
        assert_eq!(made.facts(), expected.facts(), "{id}");
        assert_eq!(made.moves_made(), 1, "{id}: the move stands");
        assert!(!made.settle_facts(measured), "{id}: settled already");
    }
    let (seeded, _) = game("square:5x5:kruskal:easy#7");
    let given = lightemall_model::format::descriptive::to_descriptive_id(
        &seeded.puzzle().board,
        seeded.puzzle().station,
    );
    let resolved =
        lightemall_solve::resolve(PuzzleSource::parse(&given).expect("given")).expect("given");
    assert_eq!(
        PuzzleFacts::provisional(&resolved.puzzle, resolved.params),
        None,
        "a given puzzle waits for the solver"
    );
}

/// A game to play starts with the solver's facts on a board of at most
/// `RATED_FIRST` tiles, with provisional ones on a larger seeded board,
/// and with the solver's on a larger given one (no solution to show
/// before the solver's).
#[test]
fn a_game_to_play_is_rated_first_only_when_small_or_given() {
    use lightemall_engine::{PuzzleFacts, RATED_FIRST};
    let check = |id: &str, measuring: bool| {
        let source = PuzzleSource::parse(id).expect(id);
        let tiles = source.grid().len();
        let game = Game::to_play(source, Box::new(ManualClock::default())).expect(id);
        assert_eq!(game.facts().measuring, measuring, "{id}: {tiles} tiles");
        assert_eq!(game.facts().rating.is_none(), measuring, "{id}");
        let resolved = lightemall_solve::resolve(PuzzleSource::parse(id).expect(id)).expect(id);
        let before = PuzzleFacts::before_rating(&resolved.puzzle, resolved.params);
        assert_eq!(before.is_some(), measuring, "{id}");
        tiles
    };
    assert_eq!(check("square:128x128:kruskal:easy#3", false), RATED_FIRST);
    assert!(check("square:129x128:kruskal:easy#3", true) > RATED_FIRST);
    assert!(check("hex:200x200:kruskal:hard#1", true) > RATED_FIRST);
    let (seeded, _) = game("square:130x130:kruskal:easy#4");
    let given = lightemall_model::format::descriptive::to_descriptive_id(
        &seeded.puzzle().board,
        seeded.puzzle().station,
    );
    check(&given, false);
}

/// Ctrl+K: locks that all stand as in the game's solution are fine, at
/// once and as the solver says; a lock no solution keeps (on a unique
/// puzzle, any lock off its solution) is wrong. On a board the solver
/// would take long over, locks on the solution are fine without it.
#[test]
fn locks_on_the_solution_are_fine_at_once_and_as_the_solver_says() {
    use lightemall_engine::LockCheck;
    let lock = |x, y| Move::Lock(Coord { x, y });
    let locked_where = |game: &mut Game, on_solution: bool, most: usize| {
        let solution = game.facts().solution.clone().expect("a solution");
        let grid = *game.board().grid();
        let tiles: Vec<usize> = (0..grid.len())
            .filter(|&t| (game.board().tiles()[t] == solution[t]) == on_solution)
            .take(most)
            .collect();
        for &tile in &tiles {
            let (x, y) = grid.coords(tile);
            game.play(lock(x, y)).expect("a lock");
        }
        tiles.len()
    };
    for id in [
        "square:9x9:unique:hard#4",
        "hex:7x7:unique:medium#2",
        "octo:6x6:unique:hard#3",
    ] {
        let (mut game, _) = game(id);
        assert!(locked_where(&mut game, true, 12) > 0, "{id}");
        let pinned: Vec<usize> = (0..game.board().grid().len())
            .filter(|&t| game.state().locked[t])
            .collect();
        let solver = solve_with(
            game.board(),
            &Options {
                pinned: &pinned,
                limit: 1,
                ..Options::default()
            },
        );
        assert!(!solver.solutions.is_empty(), "{id}: the solver keeps them");
        assert_eq!(game.check_locks(), LockCheck::Fine, "{id}");
        assert_eq!(locked_where(&mut game, false, 1), 1, "{id}");
        assert_eq!(game.check_locks(), LockCheck::Wrong, "{id}: unique");
    }
    let big = PuzzleSource::parse("square:400x400:kruskal:hard#2").expect("id");
    let mut game = Game::to_play(big, Box::new(ManualClock::default())).expect("game");
    assert!(locked_where(&mut game, true, 5000) == 5000);
    assert_eq!(game.check_locks(), LockCheck::Fine);
}

/// A station move names the tiles it changed: every tile whose distance
/// changed is among them, forward and undone, on every topology; it names
/// tiles only while at most a quarter of the board is connected (more:
/// all may have changed).
#[test]
fn a_station_move_names_every_tile_whose_distance_changed() {
    let mut moved = 0;
    for id in [
        "square:12x12:kruskal:easy#3",
        "hex:10x10:kruskal:easy#4",
        "octo:9x9:kruskal:easy#5",
        "square:10x10w:kruskal:easy#6",
    ] {
        let (mut game, _) = game(id);
        let tiles = game.board().grid().len();
        let names: Vec<&str> = game
            .board()
            .grid()
            .topology()
            .spec()
            .directions
            .iter()
            .map(|d| d.name)
            .collect();
        for step in 0..400 {
            let distances: Vec<_> = game.distances().collect();
            let mv = match step % 5 {
                0 => turn(step * 7 % 12 % game.board().grid().width(), step % 9),
                _ => Move::Station(names[step * 13 % names.len()]),
            };
            let undo = step % 7 == 0;
            if game.play(mv.clone()).is_err() {
                continue;
            }
            if undo {
                game.undo();
            }
            let changed_distance: Vec<usize> = (0..tiles)
                .filter(|&t| game.distance(t) != distances[t])
                .collect();
            let connected = (0..tiles).filter(|&t| game.distance(t).is_some()).count();
            let Some(named) = game.changed_tiles() else {
                continue;
            };
            if matches!(mv, Move::Station(_)) {
                moved += 1;
                assert!(
                    connected <= tiles / 4,
                    "{id} step {step}: {connected} connected"
                );
            }
            for tile in changed_distance {
                assert!(
                    named.contains(&tile),
                    "{id} step {step} {mv:?}: {tile} not named"
                );
            }
        }
    }
    assert!(moved > 100, "only {moved} station moves named their tiles");
}

/// A puzzle with no solution at all is told apart from a wrong lock
/// (issue 31): `has_no_solution` holds with no lock; a puzzle with one,
/// however wrong its locks, is not said to have none.
#[test]
fn a_puzzle_without_a_solution_is_not_a_wrong_lock() {
    use lightemall_engine::ManualClock;
    for id in ["2x2:0000", "square:2x2:1111"] {
        let game = Game::from_id(id, Box::new(ManualClock::default())).expect("id");
        assert!(game.has_no_solution(), "{id}");
    }
    let mut game = Game::from_id(
        "square:4x4:kruskal:easy#3",
        Box::new(ManualClock::default()),
    )
    .expect("id");
    assert!(!game.has_no_solution());
    game.play_tokens("C0,0;L0,0;C1,1;L1,1").expect("valid");
    assert!(
        !game.has_no_solution(),
        "locks do not make the puzzle unsolvable"
    );
}
