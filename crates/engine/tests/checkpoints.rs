//! What-if checkpoints through the game: `K` sets one, `K-` returns to
//! the latest (every move since undone, kept for redo), `K+` keeps its
//! branch; they nest, cost no move, and saves and replays carry them.

use lightemall_engine::moves::print_moves;
use lightemall_engine::save::SaveFile;
use lightemall_engine::{Game, ManualClock, Move};

const ID: &str = "square:4x3:kruskal:easy#5";

fn game() -> Game {
    Game::from_id(ID, Box::new(ManualClock::default())).unwrap()
}

fn played(tokens: &str) -> Game {
    let mut game = game();
    game.play_tokens(tokens).unwrap();
    game
}

fn log(game: &Game) -> String {
    print_moves(game.history())
}

/// How many checkpoints stand, as the game counts them and as its log
/// lists them (which must agree).
trait Depth {
    fn depth(&self) -> usize;
}

impl Depth for Game {
    fn depth(&self) -> usize {
        assert_eq!(self.checkpoint_depth(), self.checkpoints().len());
        self.checkpoint_depth()
    }
}

/// What each standing checkpoint assumed, oldest first, as tokens.
fn assumed(game: &Game) -> Vec<String> {
    (game.checkpoints().iter())
        .map(|c| c.assumed.map_or("-".to_string(), Move::to_string))
        .collect()
}

#[test]
fn a_return_undoes_every_move_since_the_checkpoint_and_redo_brings_them_back() {
    let before = played("C0,0;L1,1");
    let mut game = played("C0,0;L1,1;K;C2,2;C2,2;L3,0;E1,1,E");
    assert_eq!(game.depth(), 1);
    assert_eq!(game.moves_made(), 3);
    assert_eq!(game.return_to_checkpoint(), Some(4));
    assert_eq!(game.state(), before.state(), "the board as it was");
    let changed = game.changed_tiles().expect("repainted in part");
    for tile in [2 * 4 + 2, 3, 4 + 1, 4 + 2] {
        assert!(changed.contains(&tile), "tile {tile} in {changed:?}");
    }
    assert_eq!(log(&game), "C0,0;L1,1");
    assert_eq!(game.depth(), 0);
    assert_eq!(game.moves_made(), 3, "moves made stay counted");
    let redone: Vec<String> = game.redo_moves().map(Move::to_string).collect();
    assert_eq!(redone, ["K", "C2,2", "C2,2", "L3,0", "E1,1,E"]);
    while game.redo() {}
    assert_eq!(log(&game), "C0,0;L1,1;K;C2,2;C2,2;L3,0;E1,1,E");
    assert_eq!(game.depth(), 1, "the checkpoint is back too");
}

#[test]
fn checkpoints_nest_and_each_return_or_keep_acts_on_the_latest() {
    let mut game = played("K;C0,0;K;C1,0;K");
    assert_eq!(game.depth(), 3);
    assert_eq!(assumed(&game), ["C0,0", "C1,0", "-"]);
    assert_eq!(
        game.return_to_checkpoint(),
        Some(0),
        "nothing after the last"
    );
    assert_eq!(log(&game), "K;C0,0;K;C1,0");
    assert!(game.keep_branch());
    assert_eq!(
        log(&game),
        "K;C0,0;C1,0",
        "the middle checkpoint kept its branch"
    );
    assert_eq!(assumed(&game), ["C0,0"]);
    assert_eq!(game.return_to_checkpoint(), Some(2));
    assert_eq!(log(&game), "");
    assert_eq!(game.return_to_checkpoint(), None, "none is left");
    assert!(!game.keep_branch());
}

#[test]
fn tokens_set_return_and_keep_as_the_keys_do() {
    let game = played("C0,0;K;C1,1;k-;K;C2,2;K +;C3,0");
    assert_eq!(log(&game), "C0,0;C2,2;C3,0");
    assert_eq!(game.depth(), 0);
    let mut game = played("C0,0");
    let error = game.play_tokens("C1,1;K-").unwrap_err();
    assert_eq!(error.position, 2);
    assert!(
        error.to_string().contains("no checkpoint stands"),
        "{error}"
    );
    let error = game.play_tokens("K+").unwrap_err();
    assert!(error.to_string().contains("'K+'"), "{error}");
}

#[test]
fn a_checkpoint_costs_no_move_and_changes_no_tile() {
    let mut game = game();
    game.play(Move::Checkpoint).unwrap();
    assert_eq!(game.moves_made(), 0);
    assert_eq!(game.board(), &game.puzzle().board);
    assert_eq!(game.changed_tiles(), Some(&[][..]), "nothing to repaint");
}

#[test]
fn a_save_keeps_standing_checkpoints_and_those_undone_and_is_version_3() {
    let mut game = played("C0,0;K;C1,1;K;C2,2");
    game.return_to_checkpoint();
    let text = game.to_save().to_text().unwrap();
    assert!(text.starts_with("lightemall save 3\n"), "{text}");
    let loaded = Game::from_save(
        &SaveFile::parse(&text).unwrap(),
        Box::new(ManualClock::default()),
    )
    .unwrap();
    assert_eq!(log(&loaded), "C0,0;K;C1,1");
    let redo: Vec<String> = loaded.redo_moves().map(Move::to_string).collect();
    assert_eq!(redo, ["K", "C2,2"]);
    assert_eq!(loaded.depth(), 1);
    // Without a mark or checkpoint a save stays at the oldest version.
    let plain = played("C0,0").to_save().to_text().unwrap();
    assert!(plain.starts_with("lightemall save 1\n"), "{plain}");
    let marked = played("E1,1,E").to_save().to_text().unwrap();
    assert!(marked.starts_with("lightemall save 3\n"), "{marked}");
}

#[test]
fn a_return_over_many_moves_on_a_large_board_leaves_the_power_right() {
    let mut game = Game::from_id(
        "square:60x60:kruskal:easy#3",
        Box::new(ManualClock::default()),
    )
    .unwrap();
    let before_power: Vec<bool> = (0..3600).map(|t| game.is_powered(t)).collect();
    game.play(Move::Checkpoint).unwrap();
    let turns: Vec<String> = (0..500)
        .map(|i| format!("C{},{}", i % 60, i / 60))
        .collect();
    game.play_tokens(&turns.join(";")).unwrap();
    assert_eq!(game.return_to_checkpoint(), Some(500));
    assert_eq!(game.board(), &game.puzzle().board);
    let after_power: Vec<bool> = (0..3600).map(|t| game.is_powered(t)).collect();
    assert_eq!(after_power, before_power);
    assert_eq!(game.changed_tiles(), None, "repainted whole");
}
