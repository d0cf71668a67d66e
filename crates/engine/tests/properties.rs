//! Property tests of the game: random command sequences never panic; undo
//! of everything returns to the start and redo to the end; save -> load
//! reproduces the game; the solution's turns solve it in par moves (or more,
//! when another solution is nearer);
//! move tokens print and parse back unchanged; the power kept up to date
//! move by move equals a full search after every command, and the tiles it
//! says changed include every tile that did.

use lightemall_engine::moves::{parse_moves, print_moves};
use lightemall_engine::save::SaveFile;
use lightemall_engine::{Coord, Game, JumbleTurn, ManualClock, Move};
use lightemall_power::Power;
use lightemall_solve::{Turns, fewest_turns};
use proptest::prelude::*;
use std::time::Duration;

const KINDS: &[&str] = &[
    "square:5x4:kruskal:medium",
    "square:4x4w:scan:hard",
    "octo:4x3:kruskal:easy",
    "hex:4x4w:frontier:hard",
    "hex:5x3:kruskal:medium",
];

/// A command as a player (or a fuzzer) gives it.
#[derive(Clone, Debug)]
enum Command {
    Play(Move),
    Tokens(String),
    Jumble,
    Undo,
    Redo,
    Restart,
    Pause,
    Resume,
    Solve,
    Hint,
    Wait(u64),
}

const NAMES: &[&str] = &["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

fn coord() -> impl Strategy<Value = Coord> {
    (0usize..5, 0usize..5).prop_map(|(x, y)| Coord { x, y })
}

fn log_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        10 => (coord(), any::<bool>()).prop_map(|(at, clockwise)| Move::Turn { at, clockwise }),
        1 => coord().prop_map(Move::Lock),
        2 => proptest::sample::select(NAMES).prop_map(Move::Station),
        1 => proptest::collection::vec((coord(), 1u32..8), 0..4).prop_map(|turns| {
            Move::Jumble(turns.into_iter().map(|(at, steps)| JumbleTurn { at, steps }).collect())
        }),
        1 => any::<u64>().prop_map(Move::SeededJumble),
        1 => Just(Move::Radius),
        1 => Just(Move::Fog),
    ]
}

fn command() -> impl Strategy<Value = Command> {
    prop_oneof![
        10 => log_move().prop_map(Command::Play),
        1 => "[CALSJRM0-9,;+/ NEW]{0,12}".prop_map(Command::Tokens),
        1 => Just(Command::Jumble),
        3 => Just(Command::Undo),
        2 => Just(Command::Redo),
        1 => Just(Command::Restart),
        1 => Just(Command::Pause),
        4 => Just(Command::Resume),
        1 => Just(Command::Solve),
        1 => Just(Command::Hint),
        1 => (1u64..5000).prop_map(Command::Wait),
    ]
}

/// A wrapping Net game ID with barriers: a given puzzle, solved by the solver.
const NET_ID: &str = "5x5w:82h68d2dc281veed5h4hav9a72vba8hb";

fn puzzle_id() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (proptest::sample::select(KINDS), 0u64..1000)
            .prop_map(|(kind, seed)| format!("{kind}#{seed}")),
        1 => Just(NET_ID.to_string()),
    ]
}

fn new_game(id: &str, clock: &ManualClock) -> Game {
    Game::from_id(id, Box::new(clock.clone())).expect("a valid seeded ID")
}

fn run(game: &mut Game, clock: &ManualClock, command: &Command) {
    // Refusals are part of the game; only panics would fail the test.
    match command {
        Command::Play(mv) => drop(game.play(mv.clone())),
        Command::Tokens(text) => drop(game.play_tokens(text)),
        Command::Jumble => drop(game.jumble()),
        Command::Undo => drop(game.undo()),
        Command::Redo => drop(game.redo()),
        Command::Restart => game.restart(),
        Command::Pause => game.pause(),
        Command::Resume => game.resume(),
        Command::Solve => drop(game.solve()),
        Command::Hint => drop(game.hint()),
        Command::Wait(ms) => clock.advance(Duration::from_millis(*ms)),
    }
}

fn played(id: &str, commands: &[Command]) -> (Game, ManualClock) {
    let clock = ManualClock::default();
    let mut game = new_game(id, &clock);
    for command in commands {
        run(&mut game, &clock, command);
    }
    game.resume();
    (game, clock)
}

/// What a tile looks like, as far as the game decides: its wires, its
/// lock, its distance from the station.
fn looks(game: &Game) -> Vec<(u8, bool, Option<u32>)> {
    let state = game.state();
    (0..state.board.grid().len())
        .map(|t| (state.board.tiles()[t].0, state.locked[t], game.distance(t)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_power_after_every_command_equals_a_full_search(
        id in puzzle_id(),
        commands in proptest::collection::vec(command(), 0..60),
    ) {
        let clock = ManualClock::default();
        let mut game = new_game(&id, &clock);
        let mut full = Power::default();
        for command in &commands {
            let before = looks(&game);
            run(&mut game, &clock, command);
            let state = game.state();
            full.compute(&state.board, state.station);
            let tiles = state.board.grid().len();
            let expect: Vec<_> = (0..tiles).map(|t| full.distance(t)).collect();
            let ours: Vec<_> = (0..tiles).map(|t| game.distance(t)).collect();
            prop_assert_eq!(&ours, &expect, "after {:?}", command);
            prop_assert_eq!(&game.distances().collect::<Vec<_>>(), &expect);
            prop_assert_eq!(game.powered_count(), full.powered_count(game.radius()));
            prop_assert_eq!(game.is_solved(), full.all_powered(game.radius()));
            let farthest = expect.iter().flatten().max().copied().unwrap_or(0);
            prop_assert_eq!(game.farthest_distance(), farthest);
            if let Some(changed) = game.changed_tiles() {
                let after = looks(&game);
                for t in (0..tiles).filter(|&t| before[t] != after[t]) {
                    prop_assert!(changed.contains(&t), "tile {} changed after {:?}", t, command);
                }
            }
        }
    }

    #[test]
    fn undo_of_everything_returns_to_the_start_and_redo_to_the_end(
        id in puzzle_id(),
        commands in proptest::collection::vec(command(), 0..60),
    ) {
        let (mut game, clock) = played(&id, &commands);
        let end = (game.state().clone(), game.history().to_vec(), game.moves_made());
        game.restart();
        let start = new_game(&id, &clock);
        prop_assert_eq!(game.state(), start.state());
        prop_assert!(game.history().is_empty());
        for _ in 0..end.1.len() {
            prop_assert!(game.redo());
        }
        prop_assert_eq!((game.state().clone(), game.history().to_vec(), game.moves_made()), end);
    }

    #[test]
    fn save_then_load_reproduces_the_game(
        id in puzzle_id(),
        commands in proptest::collection::vec(command(), 0..60),
    ) {
        let (game, clock) = played(&id, &commands);
        let text = game.to_save().print();
        let save = SaveFile::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let loaded = Game::from_save(&save, Box::new(clock.clone()))
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(loaded.state(), game.state());
        prop_assert_eq!(loaded.history(), game.history());
        prop_assert!(loaded.redo_moves().eq(game.redo_moves()));
        prop_assert_eq!(loaded.moves_made(), game.moves_made());
        prop_assert_eq!(loaded.is_assisted(), game.is_assisted());
        prop_assert_eq!(loaded.elapsed().as_millis(), game.elapsed().as_millis());
        prop_assert_eq!(loaded.powered_count(), game.powered_count());
        prop_assert_eq!(loaded.to_save().print(), text);
    }

    /// Par is the fewest moves to any solution: the generator's solution
    /// takes exactly par moves when it is the only one, and never fewer.
    #[test]
    fn the_solutions_turns_solve_in_par_moves_or_more(id in puzzle_id()) {
        let clock = ManualClock::default();
        let mut game = new_game(&id, &clock);
        let unique = lightemall_solve::solve(game.board(), 2).status == lightemall_solve::Status::Unique;
        let solution = game.facts().solution.clone().expect("every puzzle here has one");
        let topology = game.board().grid().topology();
        let n = u32::from(topology.direction_count());
        for (tile, &to) in solution.iter().enumerate() {
            let from = game.board().tile(tile);
            let turns = fewest_turns(topology, from, to, Turns::EitherWay).expect("a rotation");
            let clockwise = from.rotated(topology, turns) == to;
            for _ in 0..turns {
                let at = game.coord_of(tile);
                game.play(Move::Turn { at, clockwise }).expect("unlocked, on the board");
            }
            prop_assert!(turns <= n / 2);
        }
        prop_assert!(game.is_solved());
        let par = game.facts().par.expect("a solution, so a par");
        prop_assert!(par <= game.moves_made());
        if unique {
            prop_assert_eq!(game.moves_made(), par);
        }
        prop_assert!(game.score().is_some());
    }

    #[test]
    fn random_commands_on_a_wrapping_net_board_with_barriers_never_panic(
        commands in proptest::collection::vec(command(), 0..60),
    ) {
        // A Net game ID: wrapping, with barriers, no known solution.
        let (mut game, _) = played(NET_ID, &commands);
        let end = game.state().clone();
        let (made, logged) = (game.moves_made(), game.history().len());
        game.restart();
        prop_assert_eq!(&game.state().board, &game.puzzle().board);
        for _ in 0..logged {
            prop_assert!(game.redo());
        }
        prop_assert_eq!(game.state(), &end);
        prop_assert_eq!(game.moves_made(), made);
        prop_assert!(game.powered_count() <= 25);
    }

    #[test]
    fn tokens_print_and_parse_back(moves in proptest::collection::vec(log_move(), 0..20)) {
        let text = print_moves(&moves);
        prop_assert_eq!(parse_moves(&text), Ok(moves));
    }

    /// What the save writer accepts, the reader reads; and any save with
    /// a puzzle on one line is accepted (times and counts saturate).
    #[test]
    fn the_save_writer_never_writes_what_the_reader_refuses(
        puzzle in "\\PC{0,20}|[a-z0-9:#x]{1,20}",
        millis in any::<u64>(),
        nanos in 0u32..1_000_000_000,
        moves_made in any::<u64>(),
        flags in 0u8..8,
        moves in proptest::collection::vec(log_move(), 0..8),
        redo in proptest::collection::vec(log_move(), 0..4),
    ) {
        let save = SaveFile {
            puzzle: puzzle.clone(),
            elapsed: Duration::from_millis(millis).saturating_add(Duration::from_nanos(nanos.into())),
            moves_made,
            assisted: flags & 1 != 0,
            radius_on: flags & 2 != 0,
            fog_on: flags & 4 != 0,
            moves,
            redo,
        };
        match save.to_text() {
            Ok(text) => prop_assert!(SaveFile::parse(&text).is_ok(), "{}", text),
            Err(_) => prop_assert!(SaveFile::parse(&save.print()).is_err()),
        }
        if !puzzle.contains('\n') && puzzle.trim() == puzzle {
            let text = save.to_text().map_err(|e| TestCaseError::fail(e.to_string()))?;
            let read = SaveFile::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(read.moves, save.moves);
            prop_assert_eq!(read.redo, save.redo);
        }
    }

    #[test]
    fn any_token_text_is_read_or_refused_without_panic(text in "\\PC{0,40}") {
        let clock = ManualClock::default();
        let mut game = new_game("square:3x3:kruskal:easy#1", &clock);
        if let Err(error) = game.play_tokens(&text) {
            prop_assert!(error.position >= 1);
        }
    }
}
