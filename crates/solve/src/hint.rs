//! Hints: one tile the player should turn, and where to, from the puzzle
//! and the tiles the player has locked: proved when reasoning finds it or
//! the locks leave one solution, else a turn toward one of the solutions.

use crate::{Status, deduce, interactive_guesses, solve_within};
use lightemall_model::{Board, Tile};

/// What the solver advises for a board as the player left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Turn `tile` so that it shows `to`. `proved` is true when every
    /// solution that keeps the locks has it so; false when the puzzle has
    /// several such solutions, or the search gave up before it could tell,
    /// and this one is merely on the way to one.
    Turn {
        /// Index of the tile, row-major.
        tile: usize,
        /// The orientation it should show.
        to: Tile,
        /// Whether every solution agrees.
        proved: bool,
    },
    /// Every tile already shows a solution.
    Solved,
    /// No solution keeps every locked tile as it is: a lock is wrong.
    LocksWrong,
    /// Reasoning proves no turn, and the search gave up (a huge puzzle
    /// with many solutions): no hint.
    GaveUp,
}

/// A hint for `board` (its tiles as the player sees them) with the tiles
/// `locked` (row-major flags; missing ones count as unlocked) held fixed.
/// Reasoning alone is tried first; only if it proves no turn is a search
/// run, within [`interactive_guesses`](crate::interactive_guesses). The
/// first tile in row-major order is chosen among equals.
pub fn hint(board: &Board, locked: &[bool]) -> Hint {
    let pinned: Vec<usize> = (0..board.tiles().len())
        .filter(|&t| locked.get(t).copied().unwrap_or(false))
        .collect();
    let Some(decided) = deduce(board, &pinned) else {
        return Hint::LocksWrong;
    };
    if let Some(turn) = first_turn(board, decided.iter().copied(), true) {
        return turn;
    }
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
            Some(to) if to != now => Some(Hint::Turn { tile, to, proved }),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve;
    use lightemall_gen::{Params, generate};
    use lightemall_model::Puzzle;

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
                Hint::Turn { tile, to, proved } => {
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

    #[test]
    fn a_solved_board_needs_no_hint() {
        let puzzle = puzzle("square:4x3:kruskal:medium#5");
        let solved = puzzle.solution_board().expect("generated");
        assert_eq!(hint(&solved, &[true; 12]), Hint::Solved);
        assert_eq!(hint(&solved, &[]), Hint::Solved);
    }
}
