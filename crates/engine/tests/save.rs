//! Save texts: what a save looks like, and every way a bad one is refused.

use lightemall_engine::save::{SaveError, SaveFile};
use lightemall_engine::{Game, ManualClock};
use std::time::Duration;

fn saved_game() -> (Game, ManualClock) {
    let clock = ManualClock::default();
    let mut game = Game::from_id("square:4x4:kruskal:easy#3", Box::new(clock.clone())).expect("id");
    game.play_tokens("C0,0;L1,1;R;A2,2;C3,3")
        .expect("valid moves");
    clock.advance(Duration::from_millis(83_250));
    game.undo();
    (game, clock)
}

#[test]
fn a_save_is_readable_text() {
    let (game, _) = saved_game();
    insta::assert_snapshot!(game.to_save().print(), @r"
    lightemall save 1
    puzzle: square:4x4:kruskal:easy#3
    elapsed-ms: 83250
    moves-made: 3
    assisted: no
    radius: on
    fog: off
    moves: C0,0;L1,1;R;A2,2
    redo: C3,3
    end
    ");
}

#[test]
fn loading_replays_to_the_same_state_and_the_clock_waits_for_a_move() {
    let (game, clock) = saved_game();
    let save = SaveFile::parse(&game.to_save().print()).expect("own output");
    let mut loaded = Game::from_save(&save, Box::new(clock.clone())).expect("loads");
    assert_eq!(loaded.state(), game.state());
    assert_eq!(loaded.text(), game.text());
    clock.advance(Duration::from_secs(5));
    assert_eq!(loaded.elapsed(), Duration::from_millis(83_250));
    assert!(loaded.redo());
    loaded.play_tokens("C0,1").expect("valid");
    clock.advance(Duration::from_secs(1));
    assert_eq!(loaded.elapsed(), Duration::from_millis(84_250));
}

fn refused(text: &str) -> SaveError {
    match SaveFile::parse(text) {
        Err(error) => error,
        Ok(save) => {
            Game::from_save(&save, Box::new(ManualClock::default())).expect_err("should be refused")
        }
    }
}

#[test]
fn foreign_newer_truncated_and_damaged_files_are_refused() {
    let (game, _) = saved_game();
    let good = game.to_save().print();
    assert_eq!(refused("# my notes\nhello\n"), SaveError::Foreign);
    assert_eq!(refused(""), SaveError::Foreign);
    assert_eq!(
        refused(&good.replace("save 1", "save 7")),
        SaveError::Newer { found: 7 }
    );
    let truncated = &good[..good.len() - 20];
    assert!(refused(truncated).to_string().contains("truncated"));
    let cases = [
        (good.replace("save 1", "save one"), "line 1: version 'one'"),
        (
            good.replace("elapsed-ms: 83250", "elapsed-ms: soon"),
            "line 3: elapsed-ms 'soon'",
        ),
        (
            good.replace("assisted: no", "assisted: maybe"),
            "line 5: assisted 'maybe'",
        ),
        (good.replace("fog: off\n", ""), "field 'fog' is missing"),
        (
            good.replace("fog: off", "fog: off\nfog: on"),
            "appears twice",
        ),
        (
            good.replace("fog: off", "colour: red"),
            "unknown field 'colour'",
        ),
        (good.replace("C0,0;L1,1", "C0,0;X1,1"), "move 2 'X1,1'"),
        (
            good.replace("A2,2", "A9,9"),
            "field 'moves': move 4 'A9,9': (9, 9) is off",
        ),
        (
            good.replace("C3,3", "C1,1"),
            "field 'redo': move 1 'C1,1': tile (1, 1) is locked",
        ),
        (good.replace("radius: on", "radius: off"), "disagrees"),
        (
            good.replace("moves-made: 3", "moves-made: 1"),
            "fewer than the 3 moves",
        ),
        (good.replace("#3", "#x"), "field 'puzzle'"),
    ];
    for (text, expected) in cases {
        let error = refused(&text).to_string();
        assert!(
            error.contains(expected),
            "{error}\nexpected: {expected}\n{text}"
        );
    }
}

/// A save with a million moves on a large board loads: the power is worked
/// out once after the replay, not after every move (which took minutes).
#[test]
fn a_million_moves_on_a_large_board_load() {
    let turns = "C0,0;".repeat(1_000_000);
    let text = format!(
        "lightemall save 1\npuzzle: square:300x300:kruskal:easy#1\nelapsed-ms: 5\n\
         moves-made: 1000004\nassisted: no\nradius: off\nfog: off\nmoves: {turns}\n\
         redo: C1,1;C1,1;C1,1;C1,1\nend\n"
    );
    let save = SaveFile::parse(&text).expect("a whole save");
    let game = Game::from_save(&save, Box::new(ManualClock::default())).expect("loads");
    let fresh = Game::from_id(&save.puzzle, Box::new(ManualClock::default())).expect("id");
    assert_eq!(game.board(), fresh.board(), "four turns are none");
    assert_eq!(game.history().len(), 1_000_000);
    assert_eq!(game.redo_moves().count(), 4);
    assert_eq!(game.powered_count(), fresh.powered_count());
}

/// Jumbles are their seeds in the log: a game with many jumbles of a large
/// board saves in a few bytes and loads back, and an older save whose
/// jumbles are written out still loads. Jumbles were written out tile by
/// tile (7 MB a jumble at 1000x1000): 37 of them made a save the reader
/// refused as too large.
#[test]
fn jumbles_save_in_a_few_bytes_and_load_back() {
    let clock = ManualClock::default();
    let mut game =
        Game::from_id("square:200x200:kruskal:easy#5", Box::new(clock.clone())).expect("id");
    game.play_tokens("L3,4;C0,0").expect("valid");
    for _ in 0..37 {
        game.jumble().expect("jumble");
    }
    game.undo();
    let text = game.to_save().to_text().expect("writable");
    assert!(text.len() < 2000, "{} bytes", text.len());
    assert!(text.starts_with("lightemall save 2\n"), "{text}");
    let save = SaveFile::parse(&text).expect("readable");
    let mut loaded = Game::from_save(&save, Box::new(clock.clone())).expect("loads");
    assert_eq!(loaded.state(), game.state());
    assert!(loaded.redo() && game.redo());
    assert_eq!(loaded.state(), game.state());
    while loaded.undo() {}
    let fresh = Game::from_id("square:200x200:kruskal:easy#5", Box::new(clock)).expect("id");
    assert_eq!(loaded.board(), fresh.board(), "every jumble undone");
    // A version 1 save with a jumble written out, as older releases wrote.
    let old = "lightemall save 1\npuzzle: square:4x4:kruskal:easy#3\nelapsed-ms: 0\n\
               moves-made: 1\nassisted: no\nradius: off\nfog: off\n\
               moves: J0,0+1/3,3+2\nredo: \nend\n";
    let save = SaveFile::parse(old).expect("readable");
    Game::from_save(&save, Box::new(ManualClock::default())).expect("loads");
    assert_eq!(save.print(), old);
}

#[test]
fn version_0_and_text_after_end_are_refused() {
    let (game, _) = saved_game();
    let good = game.to_save().print();
    let cases = [
        (good.replace("save 1", "save 0"), "line 1: version 0"),
        (format!("{good}moves: C1,1\n"), "line 11: text after 'end'"),
        (format!("{good}\n  \nend\n"), "line 13: text after 'end'"),
    ];
    for (text, expected) in cases {
        let error = refused(&text).to_string();
        assert!(error.contains(expected), "{error}\nexpected: {expected}");
    }
    assert!(
        SaveFile::parse(&format!("{good}\n \n")).is_ok(),
        "blank lines"
    );
}

/// Numbers saturate or are refused, never wrap: a time past what a save
/// holds was accepted, and a win then wrote an unreadable one; a move
/// count at 2^64-1 wrapped to 0 and the next save was refused.
#[test]
fn numbers_at_their_limits_saturate_and_every_save_reads_back() {
    let (game, _) = saved_game();
    let good = game.to_save().print();
    let error = refused(&good.replace("elapsed-ms: 83250", "elapsed-ms: 18446744073709551615"));
    assert!(error.to_string().contains("more than the"), "{error}");
    let most = lightemall_engine::MAX_ELAPSED.as_millis().to_string();
    let edge = good
        .replace("elapsed-ms: 83250", &format!("elapsed-ms: {most}"))
        .replace("moves-made: 3", "moves-made: 18446744073709551615");
    let clock = ManualClock::default();
    let save = SaveFile::parse(&edge).expect("at the limits");
    let mut loaded = Game::from_save(&save, Box::new(clock.clone())).expect("loads");
    loaded.play_tokens("C0,1").expect("valid");
    clock.advance(Duration::from_secs(3600));
    assert_eq!(loaded.moves_made(), u64::MAX);
    assert_eq!(loaded.elapsed(), lightemall_engine::MAX_ELAPSED);
    let text = loaded.to_save().to_text().expect("writable");
    let again = SaveFile::parse(&text).expect("readable");
    Game::from_save(&again, Box::new(clock)).expect("loads");
}

#[test]
fn the_writer_refuses_a_save_the_reader_would_refuse() {
    let (game, _) = saved_game();
    let mut save = game.to_save();
    save.puzzle.push_str("\nend");
    let error = save.to_text().expect_err("unreadable");
    assert!(error.to_string().contains("damaged save file"), "{error}");
}

/// The log is bounded, for the game and the save alike: a save of more
/// moves is refused before any is read (a 24 MB save of `R;` tokens took
/// 754 MB), and a game refuses a move past the bound, so no save is
/// written that would be refused.
#[test]
fn the_log_is_bounded_for_the_game_and_the_save_alike() {
    use lightemall_engine::GameError;
    use lightemall_engine::moves::MAX_MOVES;
    let (game, _) = saved_game();
    let good = game.to_save().print();
    let many = good.replace("redo: C3,3", &format!("redo: {}", "R;".repeat(MAX_MOVES)));
    let error = refused(&many).to_string();
    assert!(
        error.contains(&format!(
            "{} moves and redo moves, more than the {MAX_MOVES}",
            MAX_MOVES + 4
        )),
        "{error}"
    );
    let clock = ManualClock::default();
    let mut full = Game::from_id("square:2x2:6c21", Box::new(clock)).expect("id");
    full.play_tokens(&"R;".repeat(MAX_MOVES))
        .expect("within the bound");
    assert_eq!(
        full.play(lightemall_engine::Move::Radius),
        Err(GameError::LogFull)
    );
    let text = full.to_save().to_text().expect("a full log saves");
    let save = SaveFile::parse(&text).expect("and reads back");
    assert_eq!(save.moves.len(), MAX_MOVES);
}

/// Turns written out in jumbles (Solve's, older saves') are bounded too:
/// a turn costs 24 bytes in memory for a few bytes of text.
#[test]
fn written_turns_are_bounded_for_the_game_and_the_save_alike() {
    use lightemall_engine::moves::MAX_WRITTEN_TURNS;
    use lightemall_engine::{Coord, GameError, JumbleTurn, Move};
    let (game, _) = saved_game();
    let good = game.to_save().print();
    let many = good.replace(
        "redo: C3,3",
        &format!("redo: J{}", "0,0+1/".repeat(MAX_WRITTEN_TURNS + 1)),
    );
    let error = refused(&many).to_string();
    assert!(
        error.contains("turns written out in jumbles, more than"),
        "{error}"
    );
    let half = Move::Jumble(vec![
        JumbleTurn {
            at: Coord { x: 0, y: 0 },
            steps: 1,
        };
        MAX_WRITTEN_TURNS / 2
    ]);
    let mut full = Game::from_id("square:2x2:6c21", Box::new(ManualClock::default())).expect("id");
    full.play(half.clone()).expect("a quarter");
    full.play(half.clone()).expect("half");
    assert_eq!(full.play(half.clone()), Err(GameError::LogFull));
    // Undone turns are still in the save (the redo list), until a move drops them.
    assert!(full.undo());
    assert_eq!(full.play(half.clone()), Ok(()));
    assert_eq!(full.play(Move::Radius), Ok(()), "a move writes no turns");
    let text = full.to_save().to_text().expect("a full log saves");
    assert!(SaveFile::parse(&text).is_ok());
}

/// Seeded jumbles are bounded by the tiles they turn (issue 31): a
/// `J#SEED` token is a few bytes, but it turns every unlocked tile, so two
/// million of them on a 1000x1000 board replayed for hours. A save with
/// more is refused before a move is played, naming the bound; a game
/// refuses a jumble past it, and the writer never writes such a save.
#[test]
fn seeded_jumbles_are_bounded_by_the_tiles_they_turn() {
    use lightemall_engine::moves::{MAX_JUMBLED_TILES, max_seeded_jumbles};
    use lightemall_engine::{GameError, Move};
    assert_eq!(max_seeded_jumbles(1000 * 1000), 100);
    assert_eq!(max_seeded_jumbles(16), MAX_JUMBLED_TILES / 16);
    // The largest board: a hundred jumbles, refused before any is played.
    let id = "square:1000x1000:kruskal:easy#1";
    let jumbles = |n: usize| {
        (0..n)
            .map(|i| format!("J#{i}"))
            .collect::<Vec<_>>()
            .join(";")
    };
    let save = |moves: &str, redo: &str| {
        format!(
            "lightemall save 2\npuzzle: {id}\nelapsed-ms: 0\nmoves-made: 2000000\n\
             assisted: no\nradius: off\nfog: off\nmoves: {moves}\nredo: {redo}\nend\n"
        )
    };
    let error = refused(&save(&jumbles(2_000_000), "")).to_string();
    assert!(
        error.contains("2000000 seeded jumbles")
            && error.contains("at most 100 on this 1000x1000 board"),
        "{error}"
    );
    assert!(!error.contains('\n'), "one line: {error}");
    let error = refused(&save(&jumbles(60), &jumbles(41))).to_string();
    assert!(error.contains("101 seeded jumbles"), "{error}");
    assert!(SaveFile::parse(&save(&jumbles(60), &jumbles(40))).is_ok());
    // A save built in code is held to it too, before its moves are played.
    let mut built = SaveFile::parse(&save("", "")).expect("an empty log");
    built.moves = (0..101).map(Move::SeededJumble).collect();
    assert!(matches!(built.to_text(), Err(SaveError::Damaged { .. })));
    let error = Game::from_save_file(built, Box::new(ManualClock::default()))
        .expect_err("past the bound")
        .to_string();
    assert!(error.contains("101 seeded jumbles"), "{error}");
    // A game of a 250x200 board holds 2000 of them, undone ones included
    // (they are in the save's redo list), and refuses one more.
    let most = max_seeded_jumbles(250 * 200);
    assert_eq!(most, 2000);
    let clock = ManualClock::default();
    let mut game = Game::from_id("square:250x200:kruskal:easy#1", Box::new(clock)).expect("id");
    for seed in 0..most as u64 - 1 {
        game.play(Move::SeededJumble(seed))
            .expect("within the bound");
    }
    assert!(game.undo());
    assert_eq!(game.play(Move::Radius), Ok(()), "drops the undone jumble");
    assert!(game.jumble().is_ok());
    assert!(game.jumble().is_ok(), "the last one");
    assert_eq!(game.jumble(), Err(GameError::LogFull));
    assert_eq!(game.play(Move::SeededJumble(7)), Err(GameError::LogFull));
    assert_eq!(game.history().len(), most + 1);
    assert!(game.undo());
    assert!(game.redo(), "redo plays an undone jumble again");
    assert_eq!(game.jumble(), Err(GameError::LogFull));
    assert!(game.undo());
    assert!(game.jumble().is_ok(), "a new jumble drops the undone one");
    let text = game.to_save().to_text().expect("a full game saves");
    Game::from_save_file(
        SaveFile::parse(&text).expect("reads back"),
        Box::new(ManualClock::default()),
    )
    .expect("and replays");
}

/// A save resumed on a new game of its puzzle made elsewhere (as a window
/// makes it on another thread) is the game `from_save_file` loads; a game
/// with a move made is refused.
#[test]
fn a_save_replayed_on_a_game_made_elsewhere_is_the_loaded_game() {
    let (game, _) = saved_game();
    let save = game.to_save();
    let loaded = Game::from_save_file(save.clone(), Box::new(ManualClock::default())).expect("ok");
    let made = Game::from_id(&save.puzzle, Box::new(ManualClock::default())).expect("id");
    let resumed = made.replay_save(save.clone()).expect("resumed");
    assert_eq!(resumed.state(), loaded.state());
    assert_eq!(resumed.to_save(), loaded.to_save());
    assert_eq!(resumed.title(), loaded.title());
    let mut played = Game::from_id(&save.puzzle, Box::new(ManualClock::default())).expect("id");
    played.play_tokens("C0,0").expect("a move");
    assert!(matches!(
        played.replay_save(save),
        Err(SaveError::Replay { .. })
    ));
}

/// A save loaded to play (L in the window) is the game `from_save_file`
/// loads, but a large seeded board comes before its rating, with
/// provisional facts; a small one is rated first, as ever; a save whose
/// puzzle does not parse is refused alike.
#[test]
fn a_save_loaded_to_play_is_the_loaded_game_rated_later_when_large() {
    for (id, later) in [
        ("square:4x4:kruskal:easy#3", false),
        ("square:130x130:kruskal:easy#2", true),
    ] {
        let mut game = Game::from_id(id, Box::new(ManualClock::default())).expect(id);
        game.play_tokens("C0,0;L1,1;A2,2;C3,3")
            .expect("valid moves");
        game.undo();
        let save = game.to_save();
        let loaded =
            Game::from_save_file(save.clone(), Box::new(ManualClock::default())).expect("loads");
        let to_play =
            Game::from_save_to_play(save, Box::new(ManualClock::default())).expect("loads to play");
        assert_eq!(to_play.state(), loaded.state(), "{id}");
        assert_eq!(to_play.to_save(), loaded.to_save(), "{id}");
        assert_eq!(to_play.facts().measuring, later, "{id}");
        assert_eq!(to_play.facts().solution, loaded.facts().solution, "{id}");
    }
    let (game, _) = saved_game();
    let mut save = game.to_save();
    save.puzzle = "square:4x4:nonsense#3".to_string();
    let refusal = |result: Result<Game, SaveError>| result.err().map(|e| e.to_string());
    assert_eq!(
        refusal(Game::from_save_to_play(
            save.clone(),
            Box::new(ManualClock::default())
        )),
        refusal(Game::from_save_file(save, Box::new(ManualClock::default())))
    );
}
