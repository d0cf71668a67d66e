//! Fuzz a game: bytes become commands (turns, locks, station moves,
//! jumbles, toggles, undo, redo, restart, pause, solve, hints asked and
//! taken) played on a small puzzle of each topology. Never a panic; the
//! moves made never go down; and at the end the save text loads back to
//! the same game.

#![no_main]

use libfuzzer_sys::fuzz_target;
use lightemall_engine::save::SaveFile;
use lightemall_engine::{Coord, Game, Hint, JumbleTurn, ManualClock, Move};

const PUZZLES: [&str; 5] = [
    "square:5x5:kruskal:easy#1",
    "hex:4x4w:frontier:hard#2",
    "octo:3x3:scan:medium#3",
    "square:4x4w:unique:easy#4",
    "5x5:142763de6a4ed22cded412654",
];

const DIRECTIONS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// Off the board now and then: 0 to 6 on boards of 3 to 5 a side.
fn coord(a: u8, b: u8) -> Coord {
    Coord {
        x: usize::from(a % 7),
        y: usize::from(b % 7),
    }
}

/// Undo and redo say whether there was a move; either answer is fine.
fn undone(_: bool) {}

/// A hint is shown, not played.
fn shown(_: Hint) {}

fn command(game: &mut Game, op: u8, a: u8, b: u8) {
    let at = coord(a, b);
    // A refused command is fine; only a panic or a broken game is a failure.
    let _ = match op % 15 {
        0 => game.play(Move::Turn {
            at,
            clockwise: true,
        }),
        1 => game.play(Move::Turn {
            at,
            clockwise: false,
        }),
        2 => game.play(Move::Lock(at)),
        3 => game.play(Move::Station(DIRECTIONS[usize::from(a % 8)])),
        4 => game.play(Move::Jumble(vec![JumbleTurn {
            at,
            steps: u32::from(a >> 5),
        }])),
        5 => game.play(Move::Radius),
        6 => game.play(Move::Fog),
        7 => Ok(undone(game.undo())),
        8 => Ok(undone(game.redo())),
        9 => Ok(game.restart()),
        10 if game.is_paused() => Ok(game.resume()),
        10 => Ok(game.pause()),
        11 => game.jumble(),
        12 => game.solve(),
        13 => game.take_hint().map(shown),
        _ => Ok(shown(game.hint())),
    };
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&first, commands)) = bytes.split_first() else {
        return;
    };
    let clock = ManualClock::default();
    let id = PUZZLES[usize::from(first) % PUZZLES.len()];
    let mut game = Game::from_id(id, Box::new(clock.clone())).expect("a valid puzzle");
    let mut made = 0;
    for chunk in commands.chunks_exact(3).take(200) {
        command(&mut game, chunk[0], chunk[1], chunk[2]);
        assert!(game.moves_made() >= made, "the moves made went down");
        made = game.moves_made();
    }
    game.resume();
    let text = game
        .to_save()
        .to_text()
        .expect("the writer accepts any game");
    let save = SaveFile::parse(&text).expect("our save reads");
    let loaded = Game::from_save(&save, Box::new(clock)).expect("our save loads");
    assert_eq!(loaded.state(), game.state(), "{text}");
    assert_eq!(loaded.history(), game.history());
    assert!(loaded.redo_moves().eq(game.redo_moves()));
    assert_eq!(loaded.powered_count(), game.powered_count());
});
