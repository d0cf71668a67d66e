//! Hints: one tile the player should turn, and where to, from the puzzle
//! and the tiles the player has locked: proved when reasoning finds it or
//! the locks leave one solution, else a turn toward one of the solutions.

use crate::problem::Problem;
use crate::rules::{Rules, Technique, propagate_on};
use crate::state::{Decided, State};
use crate::stats::{Rating, Stats};
use crate::{Status, interactive_guesses, solve_within};
use lightemall_model::{Board, Tile};

/// What the solver advises for a board as the player left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Turn `tile` so that it shows `to`. `proved` is true when every
    /// solution that keeps the locks has it so; false when the puzzle has
    /// several such solutions, or the search gave up before it could tell,
    /// and this one is merely on the way to one. `why`, when reasoning
    /// found it: the technique, the tiles that force it and a sentence.
    Turn {
        /// Index of the tile, row-major.
        tile: usize,
        /// The orientation it should show.
        to: Tile,
        /// Whether every solution agrees.
        proved: bool,
        /// How reasoning finds it (`None`: from a solution the search found).
        why: Option<Why>,
    },
    /// Every tile already shows a solution.
    Solved,
    /// No solution keeps every locked tile as it is: a lock is wrong.
    LocksWrong,
    /// Reasoning proves no turn, and the search gave up (a huge puzzle
    /// with many solutions): no hint.
    GaveUp,
}

/// How reasoning finds a hint's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Why {
    /// The technique of the step that decides the tile.
    pub technique: Technique,
    /// The tiles that force it.
    pub because: Vec<usize>,
    /// One sentence for the player.
    pub text: String,
}

/// A hint for `board` (its tiles as the player sees them) with the tiles
/// `locked` (row-major flags; missing ones count as unlocked) held fixed.
/// The easiest deduction that turns a tile comes first ([`next_deduction`],
/// with its reason); if reasoning turns none, a tile it proves; only then
/// is a search run, within [`interactive_guesses`](crate::interactive_guesses).
pub fn hint(board: &Board, locked: &[bool]) -> Hint {
    let reasoned = match reason_from_locks(board, locked, true, HINT_LOOKS) {
        Err(LocksWrong) => return Hint::LocksWrong,
        Ok(reasoned) => reasoned,
    };
    if let Some(step) = reasoned.first
        && step.to != board.tiles()[step.tile]
    {
        return Hint::Turn {
            tile: step.tile,
            to: step.to,
            proved: true,
            why: Some(Why {
                technique: step.technique,
                because: step.because,
                text: step.text,
            }),
        };
    }
    // No deduction turns a tile, so the reasoning ran to its end.
    if let Some(turn) = first_turn(board, reasoned.decided.into_iter(), true) {
        return turn;
    }
    let pinned: Vec<usize> = (0..board.tiles().len())
        .filter(|&t| locked.get(t).copied().unwrap_or(false))
        .collect();
    let report = solve_within(board, &pinned, 2, interactive_guesses(board.tiles().len()));
    let Some(solution) = report.solutions.first() else {
        return match report.status {
            Status::GaveUp => Hint::GaveUp,
            _ => Hint::LocksWrong,
        };
    };
    let proved = report.status == Status::Unique;
    first_turn(board, solution.iter().map(|&t| Some(t)), proved).unwrap_or(Hint::Solved)
}

/// The first tile whose known orientation differs from the board's.
fn first_turn(
    board: &Board,
    known: impl Iterator<Item = Option<Tile>>,
    proved: bool,
) -> Option<Hint> {
    known
        .zip(board.tiles())
        .enumerate()
        .find_map(|(tile, (to, &now))| match to {
            Some(to) if to != now => Some(Hint::Turn {
                tile,
                to,
                proved,
                why: None,
            }),
            _ => None,
        })
}

/// The easiest next step of reasoning from the locked tiles: a tile that
/// reasoning decides, with how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// Index of the tile, row-major.
    pub tile: usize,
    /// The orientation it must show.
    pub to: Tile,
    /// The technique of the step that left it one orientation.
    pub technique: Technique,
    /// The tiles that forced that step (neighbours, or the tiles across
    /// the wires it concerns).
    pub because: Vec<usize>,
    /// One sentence for the player.
    pub text: String,
}

/// The easiest deduction from the tiles `locked` (row-major flags) held as
/// they stand: the first unlocked tile that the techniques, cheapest
/// first, decide. `Ok(None)` when reasoning decides no unlocked tile (the
/// puzzle needs a guess from here, or every tile is locked); `Err` when no
/// solution keeps the locks.
pub fn next_deduction(board: &Board, locked: &[bool]) -> Result<Option<Deduction>, LocksWrong> {
    reason_from_locks(board, locked, false, HINT_LOOKS).map(|reasoned| reasoned.first)
}

/// Looks at tiles that the reasoning behind a hint makes at least before
/// it stops at the deduction it looks for (a player waits for it). The
/// whole reasoning takes some 5-7 looks a tile on square boards and 35 on
/// octo ones, so on a board up to about 200x200 square or 80x80 octo it
/// ends within them and finds a wrong lock wherever it shows. On a larger
/// board the hint comes as soon as the reasoning reaches a turn (a fresh
/// 1000x1000 board: 70-80 ms against 1.5-2.4 s for the whole; a board
/// right but for its last row still takes the whole, 1.5 s), and a wrong
/// lock shows in it only if it shows near the locks (they are looked at
/// first); Ctrl+K checks them all.
const HINT_LOOKS: u64 = 1 << 18;

/// What reasoning from the locks found.
struct Reasoned {
    /// The deduction asked for (see [`reason_from_locks`]).
    first: Option<Deduction>,
    /// Per tile, its orientation if decided. Every tile reasoning decides
    /// when `first` is `None` or not a turn; otherwise the reasoning may
    /// have stopped early.
    decided: Vec<Option<Tile>>,
}

/// Reason from the tiles `locked` (row-major flags) held as they stand,
/// every technique up to lookahead, cheapest first, keeping a log of the
/// tiles decided in turn. The deduction asked for is the first unlocked
/// tile decided; with `turns_first`, the first one the board does not
/// show so yet (a turn to make) if there is one. The reasoning stops once
/// it has that turn and has made `looks` looks (or more: the bound
/// doubles until it has the turn), so a huge board's hint does not wait
/// for the reasoning over all of it: the log up to the stop is the same
/// as a whole run's. `Err` when reasoning shows that no solution keeps the
/// locks.
fn reason_from_locks(
    board: &Board,
    locked: &[bool],
    turns_first: bool,
    looks: u64,
) -> Result<Reasoned, LocksWrong> {
    let problem = Problem::new(board);
    let mut state = State::new(&problem, true);
    state.log = Some(Vec::new());
    let is_locked = |t: usize| locked.get(t).copied().unwrap_or(false);
    for tile in (0..problem.len()).filter(|&t| is_locked(t)) {
        state
            .pin(&problem, tile, board.tiles()[tile])
            .map_err(|_| LocksWrong)?;
    }
    // A tile that looks the same every way round (a cross, say) is decided
    // before any reasoning, but teaches nothing: it is the hint only when
    // no other deduction is left.
    let same_every_way = (0..problem.len())
        .find(|&t| !is_locked(t) && problem.count(t) == 1)
        .filter(|_| !turns_first);
    let open = |event: &Decided| !is_locked(event.tile as usize);
    // A logged tile is decided, and stays so.
    let turns = |state: &State, event: &Decided| {
        let tile = event.tile as usize;
        let left = state.candidates(tile);
        let to = Tile(problem.orientations(tile)[left.trailing_zeros() as usize % 8]);
        to != board.tiles()[tile]
    };
    let asked =
        |state: &State, event: &Decided| open(event) && (!turns_first || turns(state, event));
    let logged = |state: &State| {
        let log = state.log.as_deref().unwrap_or_default();
        log.iter().any(|event| asked(state, event))
    };
    let mut stats = Stats::default();
    let mut rules = Rules::up_to(Rating::Hard);
    rules.stop_at = looks.max(1);
    let mut swept_at = None;
    loop {
        propagate_on(&mut state, &problem, &rules, &mut stats, &mut swept_at)
            .map_err(|_| LocksWrong)?;
        let ended = state.looks < rules.stop_at;
        if ended || logged(&state) {
            break;
        }
        rules.stop_at = rules.stop_at.saturating_mul(2);
    }
    let decided = state.decided(&problem);
    let log = state.log.take().unwrap_or_default();
    let first = log
        .iter()
        .find(|event| asked(&state, event))
        .or_else(|| log.iter().find(|event| open(event)));
    let first = first
        .and_then(|event| {
            let tile = event.tile as usize;
            let to = decided[tile]?;
            Some(deduction(board, tile, to, event.technique, event.because))
        })
        .or_else(|| {
            same_every_way.map(|tile| {
                let to = decided[tile].unwrap_or(board.tiles()[tile]);
                deduction(board, tile, to, Technique::Local, 0)
            })
        });
    Ok(Reasoned { first, decided })
}

/// The tiles `names` as a sentence names them: "a", "a and b", "a, b and
/// c", and past three "a, b, c and 2 more", so that a hint stays short
/// enough for two lines of the window's notice.
fn named(names: &[String]) -> String {
    const MOST: usize = 3;
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., last] if names.len() <= MOST => format!("{} and {last}", first.join(", ")),
        _ => format!(
            "{} and {} more",
            names[..MOST].join(", "),
            names.len() - MOST
        ),
    }
}

/// No solution keeps the locked tiles as they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocksWrong;

fn deduction(board: &Board, tile: usize, to: Tile, technique: Technique, dirs: u8) -> Deduction {
    let grid = board.grid();
    let topology = grid.topology();
    let across: Vec<Option<usize>> = topology
        .directions()
        .filter(|dir| dirs & dir.bit() != 0)
        .map(|dir| {
            grid.neighbour(tile, dir)
                .filter(|_| board.open_directions(tile) & dir.bit() != 0)
        })
        .collect();
    let because: Vec<usize> = across.iter().flatten().copied().collect();
    let edge = across.iter().any(Option::is_none);
    let at = |t: usize| {
        let (x, y) = grid.coords(t);
        format!("({x},{y})")
    };
    let wires: Vec<&str> = topology
        .directions()
        .filter(|dir| to.0 & dir.bit() != 0)
        .map(|dir| topology.direction(dir).name)
        .collect();
    let who = named(&because.iter().map(|&t| at(t)).collect::<Vec<_>>());
    let reason = match technique {
        Technique::Local if dirs == 0 => "it looks the same every way round".to_string(),
        Technique::Local => match (who.is_empty(), edge) {
            (false, true) => format!("{who} and the edge leave it no other way"),
            (false, false) => format!("{who} leave it no other way"),
            (true, _) => "the edge leaves it no other way".to_string(),
        },
        Technique::Loop if !who.is_empty() => format!("every other way closes a loop with {who}"),
        Technique::Loop => "every other way closes a loop".to_string(),
        Technique::Island if !who.is_empty() => {
            format!("every other way cuts a part of the network off, near {who}")
        }
        Technique::Island => "every other way cuts a part of the network off".to_string(),
        Technique::Lookahead => {
            "every other way leads to a contradiction a few steps on".to_string()
        }
    };
    let text = match wires.as_slice() {
        [] => format!("{} has no wires: {reason}", at(tile)),
        _ => format!("{} must point {}: {reason}", at(tile), wires.join(", ")),
    };
    Deduction {
        tile,
        to,
        technique,
        because,
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{generate, solve};
    use lightemall_gen::Params;
    use lightemall_model::Puzzle;

    #[test]
    fn tiles_are_named_as_a_sentence_would() {
        let check = |names: &[&str], want: &str| {
            let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            assert_eq!(named(&names), want);
        };
        check(&[], "");
        check(&["a"], "a");
        check(&["a", "b"], "a and b");
        check(&["a", "b", "c"], "a, b and c");
        check(&["a", "b", "c", "d"], "a, b, c and 1 more");
        check(&["a", "b", "c", "d", "e", "f"], "a, b, c and 3 more");
    }

    fn puzzle(id: &str) -> Puzzle {
        let params: Params = id.parse().expect("seeded id");
        generate(&params).expect("generates")
    }

    /// Following hints from the scramble, one at a time, solves the board
    /// within a turn per tile. On a unique puzzle each hint is proved, is
    /// the solution's orientation, and no tile is hinted twice.
    fn check_hints_solve(id: &str) {
        let puzzle = puzzle(id);
        let solution = puzzle.solution.clone().expect("generated");
        let unique = solve(&puzzle.board, 2).status == Status::Unique;
        let mut board = puzzle.board.clone();
        let mut turned = vec![false; solution.len()];
        for _ in 0..=solution.len() {
            match hint(&board, &[]) {
                Hint::Turn {
                    tile, to, proved, ..
                } => {
                    if unique {
                        assert!(proved, "{id}: tile {tile}");
                        assert_eq!(to, solution[tile], "{id}: tile {tile}");
                        assert!(!turned[tile], "{id}: tile {tile} hinted twice");
                    }
                    turned[tile] = true;
                    board.set_tile(tile, to);
                }
                Hint::Solved => {
                    assert!(board.check_solved().is_ok(), "{id}");
                    return;
                }
                Hint::LocksWrong | Hint::GaveUp => panic!("{id}: no hint: {:?}", hint(&board, &[])),
            }
        }
        panic!("{id}: hints went on longer than the board has tiles");
    }

    #[test]
    fn hints_lead_to_a_solution() {
        for id in [
            "square:4x4:kruskal:easy#1",
            "square:5x4w:kruskal:hard#3",
            "square:7x7:kruskal:medium#4",
            "octo:4x4:kruskal:medium#2",
            "hex:4x4w:kruskal:medium#9",
        ] {
            check_hints_solve(id);
        }
    }

    #[test]
    fn a_wrong_lock_is_reported() {
        let puzzle = puzzle("square:3x3:kruskal:medium#2");
        let solution = puzzle.solution.clone().expect("generated");
        let mut board = puzzle.board.clone();
        // Tile 1 is a T piece: every other orientation is wrong.
        let wrong = solution[1].rotated_cw(board.grid().topology());
        board.set_tile(1, wrong);
        let mut locked = vec![false; 9];
        locked[1] = true;
        assert_eq!(hint(&board, &locked), Hint::LocksWrong);
        // The same tile unlocked is simply the first to turn.
        assert!(matches!(
            hint(&board, &[]),
            Hint::Turn {
                tile: _,
                proved: true,
                ..
            }
        ));
    }

    /// Taking every deduction in turn, each applied as a turn and a lock,
    /// solves a unique puzzle; on an easy one every step is `local`.
    fn check_deductions_solve(id: &str, only_local: bool) {
        let puzzle = puzzle(id);
        let solution = puzzle.solution.clone().expect("generated");
        let mut board = puzzle.board.clone();
        let mut locked = vec![false; solution.len()];
        let mut techniques = Vec::new();
        while let Some(step) = next_deduction(&board, &locked).expect("the locks are right") {
            assert_eq!(step.to, solution[step.tile], "{id}: {}", step.text);
            assert!(!locked[step.tile], "{id}: a locked tile again");
            assert!(!step.text.is_empty());
            board.set_tile(step.tile, step.to);
            locked[step.tile] = true;
            techniques.push(step.technique);
        }
        assert!(
            locked.iter().all(|&l| l),
            "{id}: reasoning stopped with tiles left"
        );
        assert!(board.check_solved().is_ok(), "{id}");
        if only_local {
            assert!(
                techniques.iter().all(|&t| t == Technique::Local),
                "{id}: {techniques:?}"
            );
        }
    }

    #[test]
    fn every_deduction_in_turn_solves_the_puzzle() {
        check_deductions_solve("square:8x8:graded:easy#1", true);
        check_deductions_solve("hex:6x6:graded:easy#2", true);
        check_deductions_solve("square:8x8:graded:medium#3", false);
        check_deductions_solve("octo:6x6:graded:hard#4", false);
        check_deductions_solve("square:6x6w:graded:hard#5", false);
    }

    #[test]
    fn a_deduction_says_why() {
        let board = lightemall_model::format::descriptive::parse_descriptive_id(
            "square:5x5:32818c7bdc369b6ea62982e51",
        )
        .expect("valid")
        .board;
        let step = next_deduction(&board, &[])
            .expect("no locks")
            .expect("a step");
        assert_eq!(step.technique, Technique::Local);
        assert!(step.text.starts_with('('), "{}", step.text);
        assert!(
            step.text.contains("must point") || step.text.contains("no wires"),
            "{}",
            step.text
        );
        // A wrong lock: no solution keeps it.
        let mut wrong = board.clone();
        let turned = wrong.tiles()[step.tile].rotated_cw(board.grid().topology());
        let mut locked = vec![false; 25];
        locked[step.tile] = true;
        if turned != step.to {
            wrong.set_tile(step.tile, turned);
        } else {
            wrong.set_tile(step.tile, turned.rotated_cw(board.grid().topology()));
        }
        assert_eq!(next_deduction(&wrong, &locked), Err(LocksWrong));
    }

    /// Reasoning stopped at the first deduction it looks for, its bound
    /// doubling from one look, finds what reasoning run to its end finds,
    /// with locks and without, on boards that need every technique.
    #[test]
    fn stopping_early_finds_what_the_whole_reasoning_finds() {
        for id in [
            "square:12x12:graded:hard#1",
            "octo:8x8:graded:hard#2",
            "hex:10x10w:graded:medium#3",
            "square:30x30:unique:medium#4",
            "octo:16x16:kruskal:medium#5",
        ] {
            let puzzle = puzzle(id);
            let solution = puzzle.solution.clone().expect("generated");
            let mut board = puzzle.board.clone();
            let mut locked = vec![false; solution.len()];
            for tile in (0..solution.len()).step_by(7) {
                board.set_tile(tile, solution[tile]);
                locked[tile] = true;
            }
            for locks in [&locked[..], &[]] {
                for turns_first in [false, true] {
                    let first = |looks| {
                        reason_from_locks(&board, locks, turns_first, looks)
                            .map(|reasoned| reasoned.first)
                    };
                    let whole = first(u64::MAX);
                    assert!(matches!(whole, Ok(Some(_))), "{id}: {whole:?}");
                    assert_eq!(first(1), whole, "{id}, turns first: {turns_first}");
                }
            }
        }
    }

    #[test]
    fn a_solved_board_needs_no_hint() {
        let puzzle = puzzle("square:4x3:kruskal:medium#5");
        let solved = puzzle.solution_board().expect("generated");
        assert_eq!(hint(&solved, &[true; 12]), Hint::Solved);
        assert_eq!(hint(&solved, &[]), Hint::Solved);
    }
}
