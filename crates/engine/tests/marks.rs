//! Edge marks through the game: the `E x,y,D` token cycles an edge from
//! either side, costs no move, is undone and redone, kept by saves, and
//! refused off the board.

use lightemall_engine::marks::EdgeMark;
use lightemall_engine::save::SaveFile;
use lightemall_engine::{Game, GameError, ManualClock};

const ID: &str = "square:4x3:kruskal:easy#5";

fn game() -> Game {
    Game::from_id(ID, Box::new(ManualClock::default())).unwrap()
}

/// Every mark of `game` as (x, y, direction, mark), from its lower tile.
fn marks(game: &Game) -> Vec<(usize, usize, &'static str, EdgeMark)> {
    let topology = game.board().grid().topology();
    game.state()
        .marks
        .iter()
        .map(|(edge, mark)| {
            let at = game.coord_of(edge.tile);
            (at.x, at.y, topology.direction(edge.dir).name, mark)
        })
        .collect()
}

#[test]
fn a_mark_cycles_from_either_side_and_costs_no_move() {
    let mut game = game();
    game.play_tokens("E1,1,E").unwrap();
    assert_eq!(marks(&game), [(1, 1, "E", EdgeMark::Wire)]);
    game.play_tokens("E 2,1,W").unwrap();
    assert_eq!(marks(&game), [(1, 1, "E", EdgeMark::Cut)]);
    game.play_tokens("e2,1,w").unwrap();
    assert_eq!(marks(&game), []);
    game.play_tokens("E2,2,N;E0,0,S").unwrap();
    assert_eq!(
        marks(&game),
        [(0, 0, "S", EdgeMark::Wire), (2, 1, "S", EdgeMark::Wire)]
    );
    assert_eq!(game.moves_made(), 0);
    assert_eq!(game.board(), &game.puzzle().board, "no tile turned");
}

#[test]
fn undo_and_redo_take_a_mark_back_and_again() {
    let mut game = game();
    game.play_tokens("E1,1,E;E1,1,E").unwrap();
    assert!(game.undo());
    assert_eq!(marks(&game), [(1, 1, "E", EdgeMark::Wire)]);
    assert!(game.undo());
    assert_eq!(marks(&game), []);
    assert!(game.redo() && game.redo());
    assert_eq!(marks(&game), [(1, 1, "E", EdgeMark::Cut)]);
}

#[test]
fn a_save_keeps_the_marks() {
    let mut game = game();
    game.play_tokens("E1,1,E;C0,0;E3,2,N;E3,2,N").unwrap();
    let text = game.to_save().to_text().unwrap();
    assert!(text.contains("E1,1,E"), "{text}");
    let loaded = Game::from_save(
        &SaveFile::parse(&text).unwrap(),
        Box::new(ManualClock::default()),
    )
    .unwrap();
    assert_eq!(marks(&loaded), marks(&game));
    assert_eq!(
        marks(&loaded),
        [(1, 1, "E", EdgeMark::Wire), (3, 1, "S", EdgeMark::Cut)]
    );
}

#[test]
fn a_mark_off_the_board_or_toward_no_tile_is_refused_naming_its_token() {
    let check = |token: &str, problem: &str| {
        let mut game = game();
        let error = game.play_tokens(token).unwrap_err();
        assert_eq!(error.position, 1, "{token}");
        assert!(error.to_string().contains(problem), "{token}: {error}");
        assert!(error.to_string().contains(token.trim()), "{token}: {error}");
        assert_eq!(marks(&game), [], "{token}");
    };
    check("E0,0,N", "no neighbour toward N");
    check("E3,1,E", "no neighbour toward E");
    check("E9,9,E", "off the 4x3 board");
    check("E0,0,NE", "a square board has no direction NE");
    check("E0,0", "expected");
    check("E0,0,Q", "unknown direction 'Q'");
    let mut game = game();
    let refused = game.play(lightemall_engine::Move::Mark {
        at: lightemall_engine::Coord { x: 0, y: 2 },
        dir: "S",
    });
    assert!(matches!(refused, Err(GameError::NoEdge { x: 0, y: 2, .. })));
}

#[test]
fn a_wrapping_board_marks_across_its_edge() {
    let mut game = Game::from_id(
        "square:4x3w:kruskal:easy#5",
        Box::new(ManualClock::default()),
    )
    .unwrap();
    game.play_tokens("E0,0,N").unwrap();
    assert_eq!(marks(&game), [(0, 0, "N", EdgeMark::Wire)]);
    game.play_tokens("E0,2,S").unwrap();
    assert_eq!(marks(&game), [(0, 0, "N", EdgeMark::Cut)], "the same edge");
}
