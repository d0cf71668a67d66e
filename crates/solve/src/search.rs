//! Guessing: a depth-first search over one tile's orientations at a time
//! when the rules stall, counting solutions up to a limit.
//!
//! The tile guessed is the one whose guesses failed most, else one near the
//! last guess, else the most constrained. The search restarts with a
//! doubling cutoff of dead ends, so that what it learned deep down also
//! reorders the first guesses. Guesses are taken back by undoing the
//! state's trail, so the memory a run needs grows with the changes it made,
//! not with its depth times the board.

use crate::problem::Problem;
use crate::reach::Reach;
use crate::rules::{Rules, propagate};
use crate::state::State;
use crate::stats::Stats;
use lightemall_model::{Dir, Tile};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

/// Dead ends allowed in the first run of the search before it restarts;
/// each restart doubles it, so the last run is always complete.
const FIRST_CUTOFF: u64 = 64;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Run {
    /// Every branch was tried.
    Exhausted,
    /// The limit of solutions was reached.
    Enough,
    /// Too many dead ends: start again with what was learned.
    Restart,
    /// The budget of guesses is used up.
    GaveUp,
}

/// The state of a search across its restarts.
pub struct Search<'p, 'b, 's> {
    pub problem: &'p Problem<'b>,
    /// The rules run at every node.
    pub rules: Rules,
    /// Solutions to count (at least two).
    pub limit: usize,
    pub max_guesses: u64,
    pub reach: Option<Reach>,
    pub solutions: Vec<Vec<Tile>>,
    /// A hash of each solution found, to tell a new one at once.
    seen: HashSet<u64>,
    /// Per tile, how often a guess on it led straight to a contradiction.
    /// Only the tiles with a failure, so that finding the most failed
    /// costs work in proportion to them, and memory too (a search of a
    /// million tiles fails on a few thousand).
    failures: HashMap<u32, u32>,
    pub stats: &'s mut Stats,
}

/// A guess being tried: the tile, the choices not yet tried, and the
/// trail mark to undo to before the next.
#[derive(Clone, Copy, Debug)]
struct Frame {
    tile: usize,
    choices: u8,
    mark: usize,
}

impl<'p, 'b, 's> Search<'p, 'b, 's> {
    pub fn new(
        problem: &'p Problem<'b>,
        rules: Rules,
        limit: usize,
        max_guesses: u64,
        reach: Option<Reach>,
        stats: &'s mut Stats,
    ) -> Self {
        Search {
            problem,
            rules,
            limit: limit.max(2),
            max_guesses,
            reach,
            solutions: Vec::new(),
            seen: HashSet::new(),
            failures: HashMap::new(),
            stats,
        }
    }

    /// Search from `state` (propagated) with restarts; how the last run
    /// ended. Solutions found before a restart are kept (each counted
    /// once).
    pub fn run_from(&mut self, state: &mut State) -> Run {
        if !self.consistent(state) {
            return Run::Exhausted;
        }
        state.start_trail();
        state.focus(!self.rules.sweep);
        let mut cutoff = FIRST_CUTOFF;
        loop {
            let last = self.run(state, cutoff);
            if last != Run::Restart {
                return last;
            }
            cutoff = cutoff.saturating_mul(2);
        }
    }

    /// One depth-first run from `state` (propagated, its trail started,
    /// and left as it was found), giving up after `cutoff` dead ends.
    fn run(&mut self, state: &mut State, cutoff: u64) -> Run {
        let root = state.mark();
        let result = self.descend(state, cutoff);
        state.undo_to(self.problem, root);
        result
    }

    fn descend(&mut self, state: &mut State, cutoff: u64) -> Run {
        let problem = self.problem;
        let mut dead_ends = 0;
        let mut frames: Vec<Frame> = Vec::new();
        loop {
            // `state` is propagated without contradiction here.
            match next_guess(state, problem, &self.failures) {
                Some(tile) => {
                    if self.stats.guesses >= self.max_guesses {
                        return Run::GaveUp;
                    }
                    self.stats.guesses += 1;
                    frames.push(Frame {
                        tile,
                        choices: state.candidates(tile),
                        mark: state.mark(),
                    });
                }
                None => {
                    if self.found(state) && self.solutions.len() >= self.limit {
                        return Run::Enough;
                    }
                }
            }
            // Take the next untried choice, backing up as far as needed.
            loop {
                let Some(frame) = frames.last_mut() else {
                    return Run::Exhausted;
                };
                state.undo_to(problem, frame.mark);
                if frame.choices == 0 {
                    frames.pop();
                    continue;
                }
                let k = frame.choices.trailing_zeros() as usize;
                frame.choices &= !(1 << k);
                let tile = frame.tile;
                state.last_guess = Some(tile);
                state.assume(problem, tile, k);
                if self.consistent(state) {
                    break;
                }
                let failures = self.failures.entry(tile as u32).or_default();
                *failures = failures.saturating_add(1);
                dead_ends += 1;
                if dead_ends > cutoff {
                    return Run::Restart;
                }
            }
        }
    }

    /// Propagate `state`; whether no rule (the power rule included, in
    /// radius mode) finds a contradiction.
    fn consistent(&mut self, state: &mut State) -> bool {
        propagate(state, self.problem, &self.rules, self.stats).is_ok()
            && self
                .reach
                .is_none_or(|reach| state.within_reach(self.problem, reach))
    }

    /// Record the solution `state` holds, if it is one and is new.
    fn found(&mut self, state: &State) -> bool {
        let Some(tiles) = state.tiles(self.problem) else {
            return false;
        };
        let solved = self
            .problem
            .board
            .with_tiles(tiles.clone())
            .is_ok_and(|b| b.check_solved().is_ok());
        // Restarts may find a solution again. A new hash is a new solution;
        // an old one is compared in full (a hash may collide).
        let hash = {
            let mut hasher = std::hash::DefaultHasher::new();
            tiles.hash(&mut hasher);
            hasher.finish()
        };
        let new = self.seen.insert(hash) || !self.solutions.contains(&tiles);
        if solved && new {
            self.solutions.push(tiles);
            return true;
        }
        false
    }
}

/// The tile to guess next. First the undecided tile whose guesses failed
/// most often (`failures`, per tile, kept by the search), then the nearest
/// undecided tile to the last guess with the fewest orientations left
/// (within the undecided tiles connected to it), else the most constrained
/// tile of the board.
///
/// Both keep a wrong guess from being refuted again and again: a tangle of
/// tiles that cannot be finished because of a guess made elsewhere is tried
/// first from then on, so the search no longer re-solves every tangle in
/// between under each combination of choices.
fn next_guess(state: &State, problem: &Problem<'_>, failures: &HashMap<u32, u32>) -> Option<usize> {
    most_failed(state, failures)
        .or_else(|| {
            state
                .last_guess
                .and_then(|last| nearest_undecided(state, problem, last))
        })
        .or_else(|| most_constrained(state))
}

/// The undecided tile with the most failures (at least one), the most
/// constrained among equals, then the lowest (a total order: the map's
/// order does not matter).
fn most_failed(state: &State, failures: &HashMap<u32, u32>) -> Option<usize> {
    failures
        .iter()
        .map(|(&tile, &count)| (tile as usize, count))
        .filter(|&(tile, _)| state.left(tile) > 1)
        .min_by_key(|&(tile, count)| (std::cmp::Reverse(count), state.left(tile), tile))
        .map(|(tile, _)| tile)
}

/// The undecided tile with the fewest orientations among those reached
/// from `start` through undecided tiles, the nearest among equals.
fn nearest_undecided(state: &State, problem: &Problem<'_>, start: usize) -> Option<usize> {
    let undecided = |t: usize| state.left(t) > 1;
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = std::collections::VecDeque::from([start]);
    let mut best: Option<(u32, usize)> = None;
    while let Some(tile) = queue.pop_front() {
        if tile != start {
            let left = state.left(tile);
            if best.is_none_or(|(b, _)| left < b) {
                best = Some((left, tile));
                if left == 2 {
                    break;
                }
            }
        }
        for d in 0..problem.dirs {
            if let Some(next) = problem.neighbour(tile, Dir(d as u8))
                && undecided(next)
                && seen.insert(next)
            {
                queue.push_back(next);
            }
        }
    }
    best.map(|(_, tile)| tile)
}

/// The tile with the fewest orientations left among those with more than
/// one, if any.
fn most_constrained(state: &State) -> Option<usize> {
    let mut best: Option<(u32, usize)> = None;
    for i in 0..state.scope_len() {
        let tile = state.scope_at(i);
        let left = state.left(tile);
        if left > 1 && best.is_none_or(|(b, _)| left < b) {
            best = Some((left, tile));
            if left == 2 {
                break;
            }
        }
    }
    best.map(|(_, tile)| tile)
}
