//! Carried rounds: the `unique2` generator's deduction, which starts each
//! round from what the last round concluded and reasons again only near
//! the tiles the rerouting changed.
//!
//! A round's board differs from the last round's in a few tiles (each
//! reroute changes the wires of four). Every other tile keeps its wires, so
//! it keeps the solution's orientation, which the last round's rules kept
//! among its candidates: a state that starts from those candidates still
//! holds the solution, and no rule applied from there can contradict it.
//! Around each changed tile ([`RESET`] steps on the grid) the candidates
//! start again from every orientation, and only those tiles and their
//! neighbourhood are looked at, so a round costs work near the changes
//! and one pass to rebuild the groups, not a deduction of the board.
//!
//! What such a round decides may rest on a conclusion of an earlier board
//! that the change undid (a chain of deductions through a changed tile
//! reaches past [`RESET`]), so it can miss an ambiguity: it never proves
//! anything. A round that finds no undecided tile, or no fewer than the
//! round before, deduces from nothing instead (the classic rules on the
//! whole board, as the `unique` generator does), and only such a round
//! proves the puzzle has one solution; if it finds ambiguous tiles, the
//! rounds go on from its conclusions.

use crate::problem::Problem;
use crate::rules::{Rules, propagate};
use crate::state::State;
use crate::stats::{Rating, Stats};
use lightemall_model::{Board, Grid, Tile};

/// How far from a changed tile, in steps on the grid, the candidates start
/// again from every orientation. Chains of deductions through a changed
/// tile rarely reach farther (octo 300x300: at 2 steps a carried round
/// decided 3 % of the tiles a deduction from nothing left undecided, at 6
/// steps under 1 %); each step more costs a ring of looks around every
/// change.
const RESET: usize = 6;

/// What the rounds carry from one to the next.
#[derive(Debug, Default)]
pub(crate) struct Carried {
    /// The last round's board and the candidates its reasoning left; none
    /// before the first round.
    last: Option<(Vec<Tile>, Vec<u8>)>,
    /// The tiles the last round left undecided.
    undecided: usize,
    /// Whether the last round deduced from nothing.
    from_nothing: bool,
}

impl Carried {
    /// Per tile, whether this round's reasoning leaves it undecided on
    /// `board`; `None` on a contradiction (which the tree, a solution,
    /// rules out). A round with no undecided tile deduced from nothing, so
    /// `Some` with none undecided proves the puzzle unique.
    pub(crate) fn undecided(&mut self, board: &Board) -> Option<Vec<bool>> {
        let problem = Problem::new(board);
        let carried = self
            .last
            .take()
            .and_then(|(tiles, candidates)| near_changes(&problem, tiles, candidates))
            .filter(|candidates| (1..self.undecided).contains(&undecided(candidates)));
        self.from_nothing = carried.is_none();
        // The first round, the proof, and a round after one that found no
        // fewer undecided tiles (a carried round skips the sweep of the
        // board, so it may miss what only the sweep finds).
        let candidates = match carried {
            Some(candidates) => candidates,
            None => deduce_from_nothing(&problem)?,
        };
        self.undecided = undecided(&candidates);
        let ambiguous = candidates.iter().map(|c| c.count_ones() > 1).collect();
        self.last = Some((board.tiles().to_vec(), candidates));
        Some(ambiguous)
    }

    /// Whether the last round deduced from nothing (its count of undecided
    /// tiles is exact; a carried round's may be low).
    pub(crate) fn was_from_nothing(&self) -> bool {
        self.from_nothing
    }
}

/// How many tiles have more than one candidate.
fn undecided(candidates: &[u8]) -> usize {
    candidates.iter().filter(|c| c.count_ones() > 1).count()
}

/// The classic rules' conclusions about `problem`, from nothing.
fn deduce_from_nothing(problem: &Problem<'_>) -> Option<Vec<u8>> {
    let mut state = State::new(problem, false);
    let rules = Rules::fixpoint(Rating::Medium, false);
    propagate(&mut state, problem, &rules, &mut Stats::default()).ok()?;
    Some(state.into_candidates())
}

/// The classic rules' conclusions from `candidates`, the last round's on
/// the board `tiles`, looking again only near the tiles whose wires
/// changed since. `None` if the boards differ in size or the rules find a
/// contradiction (then the round deduces from nothing).
fn near_changes(
    problem: &Problem<'_>,
    tiles: Vec<Tile>,
    mut candidates: Vec<u8>,
) -> Option<Vec<u8>> {
    let board = problem.board;
    if tiles.len() != board.tiles().len() {
        return None;
    }
    let changed: Vec<usize> = (0..tiles.len())
        .filter(|&t| tiles[t] != board.tiles()[t])
        .collect();
    // Not held while the rules work (a byte a tile).
    drop(tiles);
    let grid = board.grid();
    for tile in within(grid, &changed, RESET) {
        let tile = tile as usize;
        candidates[tile] = problem.all_candidates(tile);
    }
    let mut state = State::with_candidates(problem, candidates);
    state.join_all_known(problem).ok()?;
    // No sweep of the board: joins queue the checks around them instead.
    state.set_rechecks(true);
    for tile in within(grid, &changed, RESET + 1) {
        let tile = tile as usize;
        state.enqueue(tile);
        state.enqueue_group_of(tile);
    }
    let rules = Rules {
        sweep: false,
        ..Rules::fixpoint(Rating::Medium, false)
    };
    propagate(&mut state, problem, &rules, &mut Stats::default()).ok()?;
    Some(state.into_candidates())
}

/// The tiles at most `reach` steps on the grid from one of `from`, each
/// once (four bytes each: on a million tiles they may be half of them).
fn within(grid: &Grid, from: &[usize], reach: usize) -> Vec<u32> {
    let mut seen = vec![false; grid.len()];
    let mut found: Vec<u32> = Vec::new();
    for &tile in from {
        if !seen[tile] {
            seen[tile] = true;
            found.push(tile as u32);
        }
    }
    let mut ring = 0..found.len();
    for _ in 0..reach {
        let end = found.len();
        for i in ring {
            for dir in grid.topology().directions() {
                if let Some(next) = grid.neighbour(found[i] as usize, dir)
                    && !seen[next]
                {
                    seen[next] = true;
                    found.push(next as u32);
                }
            }
        }
        ring = end..found.len();
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::undecided_after;
    use lightemall_gen::{NoSteps, Params, solution_tree};

    /// A round deduced from nothing decides exactly what the `unique`
    /// generator's rounds decide, so its proof is as good; a carried round
    /// after it changes nothing when the board did not change.
    #[test]
    fn a_round_from_nothing_is_the_classic_deduction() {
        for id in [
            "square:20x20:kruskal:medium#1",
            "hex:16x14w:kruskal:medium#2",
            "octo:20x20:kruskal:medium#3",
        ] {
            let params: Params = id.parse().expect("valid id");
            let tree = solution_tree(&params, &mut NoSteps);
            let board = Board::new(params.grid, tree).expect("valid board");
            let classic = undecided_after(&board, Rating::Medium, crate::Reasoning::Classic);
            let mut carried = Carried::default();
            assert_eq!(carried.undecided(&board), classic, "{id}");
            assert!(carried.was_from_nothing(), "{id}");
        }
    }

    #[test]
    fn within_reaches_rings_of_tiles() {
        let grid = Grid::new(lightemall_model::Topology::Octo, 20, 20, false).expect("grid");
        let centre = grid.index(10, 10);
        for reach in 0..4 {
            let side = 2 * reach + 1;
            assert_eq!(within(&grid, &[centre], reach).len(), side * side);
        }
        // Overlapping rings are counted once; the corner has fewer.
        assert_eq!(within(&grid, &[centre, centre], 1).len(), 9);
        assert_eq!(within(&grid, &[0], 1).len(), 4);
    }
}
