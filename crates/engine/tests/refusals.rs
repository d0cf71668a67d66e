//! Moves the game must refuse, found by the fuzzer: each once played and
//! logged, then a save the game could not read back.

use lightemall_engine::{Coord, Game, GameError, JumbleTurn, ManualClock, Move};

/// A jumble turning a tile by zero steps was logged as `J0,0+0`, which the
/// save file then refused to read.
#[test]
fn a_jumble_of_zero_steps_is_refused() {
    let mut game =
        Game::from_id("hex:4x4w:frontier:hard#2", Box::new(ManualClock::default())).expect("id");
    let zero = Move::Jumble(vec![JumbleTurn {
        at: Coord { x: 0, y: 0 },
        steps: 0,
    }]);
    assert!(matches!(
        game.play(zero),
        Err(GameError::TooManySteps { steps: 0, .. })
    ));
    assert!(game.history().is_empty());
}
