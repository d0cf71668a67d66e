//! The game's rules one at a time: the clock, the score's move count, undo
//! and redo, restart, jumble, solve, hint, pause, and the window title.

use lightemall_engine::{Coord, Game, GameError, Hint, ManualClock, Move};
use lightemall_gen::{Params, PuzzleSource};
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
    let Some(Move::Jumble(turns)) = game.history().last() else {
        panic!("the jumble is logged as one J token");
    };
    assert!(turns.iter().all(|t| t.at != Coord { x: 2, y: 2 }));
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
    let Hint::Turn { tile, to, proved } = game.hint() else {
        panic!("a scrambled board needs a turn");
    };
    assert!(proved);
    assert_eq!(Some(to), game.facts().solution.as_ref().map(|s| s[tile]));
    assert_eq!(game.state(), &before);
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
