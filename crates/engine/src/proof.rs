//! Proof codes: a won game as a short text anyone can check. The code is
//! the game's save text without its moves (the puzzle ID, the time, the
//! moves made and whether it was assisted, as the player's game counted
//! them), a zero byte, then the moves that stand, packed ([`packed`]: a
//! turn or lock about two bytes), all compressed (zlib, whose checksum
//! catches a damaged code) and written in URL-safe base64 behind a `LEA1-`
//! tag. A won 30x30 game, every tile turned and locked (1 100 to 2 000
//! moves), is 860 to 1 030 characters; its save text compressed alone was
//! about 4 000.
//!
//! [`verify`] replays the moves on the puzzle the ID names and says
//! whether they solve it, and in how many moves. What it proves: that
//! these moves solve this puzzle, and so that the claimed count is not
//! below what the log needs. What it cannot prove: the time (a clock is
//! not in the moves), undone moves (counted, not kept), or a hint taken
//! (hints move no tile); Solve's turns are in the log and are seen.

use crate::clock::Clock;
use crate::daily::Date;
use crate::game::Game;
use crate::moves::Move;
use crate::save::{MAX_BYTES, SaveFile};
use crate::score::{preset_name, speed_time};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use std::time::Duration;
use thiserror::Error;

mod packed;

/// What every proof code starts with: the format's name and version.
pub const TAG: &str = "LEA1-";

/// Why a code proves nothing.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProofError {
    /// Not a proof code of this format.
    #[error("not a LightEmAll proof code (it does not start with '{TAG}')")]
    Foreign,
    /// The text is damaged or cut short.
    #[error("the proof code is damaged or cut short ({0})")]
    Damaged(String),
    /// The moves do not replay on the puzzle.
    #[error("the proof's moves do not fit its puzzle: {0}")]
    Replay(String),
}

/// What a proof code shows, once replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The puzzle's ID.
    pub puzzle: String,
    /// Whether the moves solve it.
    pub solves: bool,
    /// The moves that stand in the log (undone ones are not kept).
    pub moves_in_log: u64,
    /// The moves the player's game counted (undone ones included).
    pub moves_claimed: u64,
    /// The time the player's game showed: claimed, not proved.
    pub time_claimed: Duration,
    /// Whether the game said it was assisted.
    pub assisted_claimed: bool,
    /// Whether the log holds Solve's turns.
    pub solve_used: bool,
    /// The fewest moves that solve the puzzle, if known.
    pub par: Option<u64>,
}

/// The proof code of `game` as it stands.
pub fn encode(game: &Game) -> String {
    let mut save = game.to_save();
    save.redo.clear();
    code_of(save)
}

/// The code of a save (its redo list is not kept).
fn code_of(mut save: SaveFile) -> String {
    let moves = std::mem::take(&mut save.moves);
    let mut bytes = save.print().into_bytes();
    bytes.push(0);
    packed::pack(&moves, &mut bytes);
    let zipped = miniz_oxide::deflate::compress_to_vec_zlib(&bytes, 10);
    format!("{TAG}{}", URL_SAFE_NO_PAD.encode(zipped))
}

/// The line a won game is shared by, before its proof code: "LightEmAll
/// daily 2026-12-04 · 12x10 hex, hard · 3:12.0 · 41 moves, par 38 ·
/// streak 5" (a daily, with the streak it makes, if known), "LightEmAll ·
/// 10x10 square, medium · 0:42.5 · 20 moves" (any other game).
pub fn share_line(game: &Game, daily: Option<Date>, streak: Option<u32>) -> String {
    let mut parts = vec![match daily {
        Some(date) => format!("LightEmAll daily {date}"),
        None => "LightEmAll".to_string(),
    }];
    parts.push(preset_name(&game.preset()));
    parts.push(speed_time(game.elapsed()));
    parts.push(match game.facts().par {
        Some(par) => format!("{} moves, par {par}", game.moves_made()),
        None => format!("{} moves", game.moves_made()),
    });
    if game.is_assisted() {
        parts.push("assisted".to_string());
    }
    if let Some(streak) = streak {
        parts.push(format!("streak {streak}"));
    }
    parts.join(" · ")
}

/// The save a code holds. Spaces and line breaks within it (a code pasted
/// from a wrapped message) are ignored.
pub fn decode(code: &str) -> Result<SaveFile, ProofError> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let body = code.strip_prefix(TAG).ok_or(ProofError::Foreign)?;
    let packed = URL_SAFE_NO_PAD
        .decode(body)
        .map_err(|e| ProofError::Damaged(e.to_string()))?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&packed, MAX_BYTES)
        .map_err(|e| ProofError::Damaged(format!("it does not inflate: {:?}", e.status)))?;
    let damaged = |why: &str| ProofError::Damaged(why.to_string());
    let split = bytes
        .iter()
        .position(|&b| b == 0)
        .ok_or(damaged("no moves"))?;
    let text = std::str::from_utf8(&bytes[..split]).map_err(|_| damaged("not text"))?;
    let mut save = SaveFile::parse(text).map_err(|e| ProofError::Damaged(e.to_string()))?;
    save.moves = packed::unpack(&bytes[split + 1..]).map_err(ProofError::Damaged)?;
    Ok(save)
}

/// Replay the code's moves on its puzzle and say what they show.
pub fn verify(code: &str, clock: Box<dyn Clock>) -> Result<Verdict, ProofError> {
    let save = decode(code)?;
    let (moves_claimed, time_claimed, assisted_claimed) =
        (save.moves_made, save.elapsed, save.assisted);
    let solve_used = save.moves.iter().any(|mv| matches!(mv, Move::Jumble(_)));
    let game = Game::from_save(&save, clock).map_err(|e| ProofError::Replay(e.to_string()))?;
    let moves_in_log = game.history().iter().filter(|mv| mv.counts()).count() as u64;
    Ok(Verdict {
        puzzle: save.puzzle,
        solves: game.is_solved(),
        moves_in_log,
        moves_claimed,
        time_claimed,
        assisted_claimed,
        solve_used,
        par: game.facts().par,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use crate::moves::parse_moves;

    const ID: &str = "square:5x5:kruskal:easy#3";

    fn clock() -> Box<dyn Clock> {
        Box::new(ManualClock::default())
    }

    /// A game of `id` won by turning each tile its solution's way (and
    /// locking it, if `lock`).
    fn won_game(id: &str, lock: bool) -> Game {
        let mut game = Game::from_id(id, clock()).unwrap();
        let solution = game.facts().solution.clone().unwrap();
        for (tile, wanted) in solution.into_iter().enumerate() {
            let at = game.coord_of(tile);
            while game.board().tile(tile) != wanted {
                let clockwise = true;
                game.play(Move::Turn { at, clockwise }).unwrap();
            }
            if lock {
                game.play(Move::Lock(at)).unwrap();
            }
        }
        assert!(game.is_solved());
        game
    }

    fn won() -> Game {
        won_game(ID, false)
    }

    #[test]
    fn a_won_game_s_code_verifies_and_counts_its_moves() {
        let game = won();
        let code = encode(&game);
        assert!(code.starts_with(TAG));
        let verdict = verify(&code, clock()).unwrap();
        assert!(verdict.solves);
        assert_eq!(verdict.puzzle, ID);
        assert_eq!(verdict.moves_in_log, game.moves_made());
        assert_eq!(verdict.moves_claimed, game.moves_made());
        assert!(!verdict.solve_used);
    }

    /// Every tile of a 30x30 board turned to its solution and locked:
    /// short enough for a chat message (Discord's limit is 2 000).
    #[test]
    fn a_30x30_game_s_code_pastes_in_a_message() {
        for id in ["square:30x30:kruskal:hard#1", "hex:30x30:kruskal:medium#1"] {
            let game = won_game(id, true);
            let code = encode(&game);
            assert!(code.len() < 2_000, "{id}: {} characters", code.len());
            assert!(verify(&code, clock()).unwrap().solves);
        }
    }

    #[test]
    fn the_share_line_says_the_result_as_a_player_would() {
        let game = won();
        let moves = game.moves_made();
        let par = game.facts().par.unwrap();
        assert_eq!(
            share_line(&game, None, None),
            format!("LightEmAll · 5x5 square, easy (kruskal) · 0:00.0 · {moves} moves, par {par}")
        );
        let date = "2026-12-04".parse().unwrap();
        assert!(
            share_line(&game, Some(date), Some(5)).starts_with("LightEmAll daily 2026-12-04 · ")
        );
        assert!(share_line(&game, Some(date), Some(5)).ends_with(" · streak 5"));
    }

    #[test]
    fn one_move_removed_does_not_solve() {
        let mut save = won().to_save();
        save.moves.pop();
        assert!(!verify(&code_of(save), clock()).unwrap().solves);
    }

    #[test]
    fn a_wrapped_code_still_reads() {
        let code = encode(&won());
        let wrapped: String = code
            .chars()
            .enumerate()
            .flat_map(|(i, c)| (i % 20 == 19).then_some('\n').into_iter().chain([c]))
            .collect();
        assert!(verify(&wrapped, clock()).unwrap().solves);
    }

    #[test]
    fn a_cut_altered_or_foreign_code_is_refused_saying_why() {
        let code = encode(&won());
        let cut = &code[..code.len() - 6];
        assert!(matches!(decode(cut), Err(ProofError::Damaged(_))));
        let mut altered: Vec<char> = code.chars().collect();
        let middle = altered.len() / 2;
        altered[middle] = if altered[middle] == 'A' { 'B' } else { 'A' };
        let altered: String = altered.into_iter().collect();
        assert!(matches!(decode(&altered), Err(ProofError::Damaged(_))));
        assert_eq!(decode("hello"), Err(ProofError::Foreign));
        assert!(matches!(decode("LEA1-!!!"), Err(ProofError::Damaged(_))));
        assert!(matches!(decode("LEA1-"), Err(ProofError::Damaged(_))));
    }

    #[test]
    fn moves_off_the_board_are_refused_as_not_fitting() {
        let mut save = won().to_save();
        save.moves = parse_moves("C9,9").unwrap();
        assert!(matches!(
            verify(&code_of(save), clock()),
            Err(ProofError::Replay(_))
        ));
    }

    #[test]
    fn solve_s_turns_are_seen() {
        let mut game = Game::from_id(ID, clock()).unwrap();
        game.solve().unwrap();
        let verdict = verify(&encode(&game), clock()).unwrap();
        assert!(verdict.solves);
        assert!(verdict.solve_used);
        assert!(verdict.assisted_claimed);
    }
}
