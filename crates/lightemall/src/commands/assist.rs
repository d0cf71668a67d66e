//! `lightemall hint` and `lightemall check`: help from the solver for a game
//! as the player left it (the puzzle and the moves played, locks included).

use crate::cli::{AssistArgs, CheckArgs};
use crate::input::puzzle_text;
use lightemall_engine::{Game, Hint, LockCheck, ManualClock, PuzzleFacts};
use lightemall_gen::PuzzleSource;
use lightemall_solve::{Deduction, LocksWrong, next_deduction, resolve};
use serde::Serialize;

/// `hint`: the easiest deduction from the locks; when reasoning decides no
/// more, a turn toward a solution (`technique` `search`).
pub fn hint(args: &AssistArgs) -> Result<(), String> {
    let game = game_of(args)?;
    let locked = &game.state().locked;
    let answer = if game.has_no_solution() {
        Answer {
            no_solution: true,
            ..Answer::note(NO_SOLUTION)
        }
    } else {
        hint_of(&game, locked)
    };
    let output = if args.json {
        serde_json::to_string(&answer).map_err(|e| e.to_string())?
    } else {
        answer.text
    };
    crate::output::print(&output)
}

/// What `check` and `hint` say of a puzzle that has no solution at all.
const NO_SOLUTION: &str =
    "this puzzle has no solution: its wires cannot all connect, whatever the locks";

/// The hint for a puzzle that has a solution (or may have one).
fn hint_of(game: &Game, locked: &[bool]) -> Answer {
    let deduction =
        crate::progress::while_working("reasoning", || next_deduction(game.board(), locked));
    match deduction {
        Err(LocksWrong) => Answer::note("a locked tile is wrong: no solution keeps every lock"),
        Ok(Some(step)) => Answer::of(game, &step),
        Ok(None) => match crate::progress::while_working("searching", || game.hint()) {
            Hint::Turn { tile, to, .. } => Answer {
                tile: Some(xy(game, tile)),
                to: Some(to.0),
                technique: Some("search"),
                because: Some(Vec::new()),
                text: format!(
                    "no reasoning step is left from the locks: one solution turns {}",
                    at(game, tile)
                ),
                no_solution: false,
            },
            Hint::Solved => Answer::note("solved: every tile is where it belongs"),
            Hint::LocksWrong => {
                Answer::note("a locked tile is wrong: no solution keeps every lock")
            }
            Hint::GaveUp => Answer::note("no hint: the search gave up on this board"),
        },
    }
}

/// `check`: whether the locked tiles still allow a solution, and with
/// `--which`, a locked tile that is wrong.
pub fn check(args: &CheckArgs) -> Result<(), String> {
    let mut game = game_of(&args.game)?;
    if game.has_no_solution() {
        let output = if args.game.json {
            let json = CheckJson {
                ok: Some(false),
                wrong: None,
                no_solution: true,
                text: NO_SOLUTION,
            };
            serde_json::to_string(&json).map_err(|e| e.to_string())?
        } else {
            NO_SOLUTION.to_string()
        };
        return crate::output::print(&output);
    }
    let (ok, mut text) =
        match crate::progress::while_working("checking the locks", || game.check_locks()) {
            LockCheck::Wrong => (Some(false), "a locked tile is wrong".to_string()),
            LockCheck::Unknown => (
                None,
                "cannot tell: the search gave up on this board".to_string(),
            ),
            LockCheck::Fine => (
                Some(true),
                "your locked tiles still allow a solution".to_string(),
            ),
        };
    let wrong = (ok == Some(false) && args.which)
        .then(|| game.wrong_lock())
        .flatten();
    if let Some(tile) = wrong {
        text = format!("{text}: {}", at(&game, tile));
    } else if ok == Some(false) && args.which {
        text = format!(
            "{text}: each locked tile alone fits some solution, but no solution keeps them all; \
             unlock some"
        );
    }
    let output = if args.game.json {
        let json = CheckJson {
            ok,
            wrong: wrong.map(|t| xy(&game, t)),
            no_solution: false,
            text: &text,
        };
        serde_json::to_string(&json).map_err(|e| e.to_string())?
    } else {
        text
    };
    crate::output::print(&output)
}

/// The game as the player left it. Help needs no rating or par, so a
/// seeded puzzle's game has its provisional facts (the generator's
/// solution, without the solver's rating), which saves seconds on a large
/// board; a given puzzle's solution is the solver's, so it waits for it.
fn game_of(args: &AssistArgs) -> Result<Game, String> {
    let text = puzzle_text(&args.puzzle)?;
    crate::progress::while_working("setting up the game", || {
        let source = PuzzleSource::parse(&text).map_err(|e| e.to_string())?;
        let resolved = resolve(source).map_err(|e| e.to_string())?;
        let facts = PuzzleFacts::provisional(&resolved.puzzle, resolved.params)
            .unwrap_or_else(|| PuzzleFacts::of(&resolved.puzzle, resolved.params));
        let mut game = Game::with_facts(resolved, facts, Box::new(ManualClock::default()));
        game.play_tokens(&args.moves).map_err(|e| e.to_string())?;
        Ok(game)
    })
}

fn xy(game: &Game, tile: usize) -> [usize; 2] {
    let at = game.coord_of(tile);
    [at.x, at.y]
}

fn at(game: &Game, tile: usize) -> String {
    let [x, y] = xy(game, tile);
    format!("({x},{y})")
}

/// `hint --json`: `{"tile": [x, y], "to": mask, "technique", "because":
/// [[x, y], ...], "text"}`, `because` present with every tile (empty
/// where no tile forces it); only `text` when there is no tile to show.
#[derive(Serialize)]
struct Answer {
    #[serde(skip_serializing_if = "Option::is_none")]
    tile: Option<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    because: Option<Vec<[usize; 2]>>,
    /// The puzzle itself has no solution (only `text` beside it).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    no_solution: bool,
    text: String,
}

impl Answer {
    fn of(game: &Game, step: &Deduction) -> Answer {
        Answer {
            tile: Some(xy(game, step.tile)),
            to: Some(step.to.0),
            technique: Some(step.technique.name()),
            because: Some(step.because.iter().map(|&t| xy(game, t)).collect()),
            no_solution: false,
            text: step.text.clone(),
        }
    }

    fn note(text: &str) -> Answer {
        Answer {
            tile: None,
            to: None,
            technique: None,
            because: None,
            no_solution: false,
            text: text.to_string(),
        }
    }
}

/// `check --json`: `{"ok": true | false | null, "wrong": [x, y],
/// "no_solution": true, "text"}`.
#[derive(Serialize)]
struct CheckJson<'a> {
    ok: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wrong: Option<[usize; 2]>,
    /// The puzzle itself has no solution, whatever the locks.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    no_solution: bool,
    text: &'a str,
}
