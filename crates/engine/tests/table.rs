//! Data-driven game tests: a puzzle and move tokens in, the game's text
//! (picture, station, locks, power, moves, win) out, as insta snapshots in
//! `tests/snapshots/`. A refused token shows its error above the state the
//! moves before it left.

use lightemall_engine::{Game, ManualClock};

/// A solved 2x2 board: ┌┐ over ╵╵.
const SOLVED_2X2: &str = "square:2x2:6c11";
/// A solved snake over 3x2: ╶─┐ over ╶─┘, station at one end.
const SNAKE_3X2: &str = "square:3x2:2ac2a9";

fn check(name: &str, puzzle: &str, tokens: &str) {
    let mut game = Game::from_id(puzzle, Box::new(ManualClock::default())).expect(puzzle);
    let outcome = match game.play_tokens(tokens) {
        Ok(()) => String::new(),
        Err(error) => format!("error: {error}\n"),
    };
    let text = format!(
        "puzzle: {puzzle}\ntokens: {tokens}\n{outcome}{}",
        game.text()
    );
    insta::assert_snapshot!(name, text);
}

#[test]
fn table() {
    let cases: &[(&str, &str, &str)] = &[
        ("solved_from_the_start", SOLVED_2X2, ""),
        ("turning_breaks_the_win", SOLVED_2X2, "C1,1"),
        (
            "four_turns_are_none",
            SOLVED_2X2,
            "C1,1;C1,1;A1,1;A1,1;C1,1;A1,1",
        ),
        ("station_follows_wires", SOLVED_2X2, "S E;S S"),
        ("station_needs_a_wire", SOLVED_2X2, "S E;S E"),
        ("station_direction_of_another_topology", SOLVED_2X2, "S NE"),
        ("locked_tiles_refuse", SOLVED_2X2, "L0,0;C1,0;C0,0"),
        ("unlocked_tiles_turn", SOLVED_2X2, "L0,0;L0,0;C0,0"),
        ("off_the_board", SOLVED_2X2, "C0,0;C2,0"),
        ("malformed_token", SOLVED_2X2, "C0,0;C0;C1,1"),
        ("radius_cuts_the_far_end", SNAKE_3X2, "R"),
        ("radius_from_the_middle", SNAKE_3X2, "R;S E;S E"),
        ("fog_is_a_toggle", SNAKE_3X2, "M;M;M"),
        ("jumble_token", SNAKE_3X2, "J0,0+1/2,1+2"),
        ("jumble_refuses_locked", SNAKE_3X2, "L1,0;J1,0+1"),
        (
            "generated_square",
            "square:4x3:kruskal:medium#5",
            "C0,0;A3,2;C1,1",
        ),
        (
            "generated_octo",
            "octo:3x3:kruskal:easy#2",
            "C1,1;C1,1;A0,2",
        ),
        ("generated_hex", "hex:4x4:frontier:hard#7", "C1,1;A2,3"),
        ("net_game_id", "3x3:2d8cb2654", "C0,0;C1,1"),
        ("wrapping_board", "square:3x3w:kruskal:hard#3", "C2,2;A0,0"),
    ];
    for (name, puzzle, tokens) in cases {
        check(name, puzzle, tokens);
    }
}
