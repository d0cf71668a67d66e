//! `lookahead`: assume one orientation of one tile and run the cheaper
//! rules near it; if they reach a contradiction, the orientation is out.
//!
//! One level deep, and bounded: each probe may look at
//! [`PROBE_LOOKS`] tiles, and one solve may make [`PROBES_PER_TILE`]
//! probes a tile (plus [`PROBES_AT_LEAST`]). Tiles with the fewest
//! orientations left are probed first, row-major among equals. A probe
//! works near its assumption only (no sweep, no group-wide rule), so its
//! cost does not grow with the board.

use super::{Rules, Technique, propagate, settle};
use crate::problem::Problem;
use crate::state::{Contradiction, State, bits};
use crate::stats::{Rating, Stats};

/// The most tile looks one probe may make before it is abandoned (as if
/// it had found nothing).
pub const PROBE_LOOKS: u64 = 2_000;

/// Probes a solve may make for each tile of the board...
pub const PROBES_PER_TILE: u64 = 16;

/// ...and at least this many on any board.
pub const PROBES_AT_LEAST: u64 = 50_000;

/// One pass of lookahead over the undecided tiles; whether it ruled any
/// orientation out. After each one it rules out, the cheaper rules run
/// near it before the pass goes on.
pub fn run(
    state: &mut State,
    problem: &Problem<'_>,
    stats: &mut Stats,
) -> Result<bool, Contradiction> {
    let own_trail = !state.has_trail();
    if own_trail {
        state.start_trail();
    }
    let last_guess = state.last_guess;
    let found = probe_all(state, problem, stats);
    state.last_guess = last_guess;
    if own_trail {
        state.drop_trail();
    }
    found
}

fn probe_all(
    state: &mut State,
    problem: &Problem<'_>,
    stats: &mut Stats,
) -> Result<bool, Contradiction> {
    let budget = PROBES_AT_LEAST.max(PROBES_PER_TILE.saturating_mul(problem.len() as u64));
    let mut order: Vec<u32> = (0..problem.len() as u32)
        .filter(|&t| state.left(t as usize) > 1)
        .collect();
    order.sort_by_key(|&t| state.left(t as usize));
    let mut found = false;
    for tile in order.into_iter().map(|t| t as usize) {
        for k in bits(state.candidates(tile)) {
            if state.probes >= budget {
                return Ok(found);
            }
            if state.left(tile) < 2 || state.candidates(tile) & 1 << k == 0 {
                continue;
            }
            state.probes += 1;
            if let Some(steps) = refutes(state, problem, tile, k) {
                let keep = state.candidates(tile) & !(1 << k);
                state.narrow_by(problem, tile, keep, Technique::Lookahead, 0)?;
                stats.add_lookahead(steps);
                found = true;
                state.enqueue(tile);
                let near = Rules {
                    level: Rating::Medium,
                    near_only: true,
                    stop_at: u64::MAX,
                    sweep: false,
                    changed_sides_only: false,
                };
                settle(state, problem, &near, stats)?;
            }
        }
    }
    Ok(found)
}

/// Whether assuming orientation `k` of `tile` leads the cheaper rules,
/// near it, to a contradiction, and if so in how many rule steps (the
/// chain a player follows). The state is left as it was.
fn refutes(state: &mut State, problem: &Problem<'_>, tile: usize, k: usize) -> Option<u64> {
    let mark = state.mark();
    // What a probe assumes is no deduction: keep it out of the log.
    let log = state.log.take();
    let probe = Rules {
        level: Rating::Medium,
        near_only: true,
        stop_at: state.looks.saturating_add(PROBE_LOOKS),
        sweep: false,
        changed_sides_only: false,
    };
    state.assume(problem, tile, k);
    let mut scratch = Stats::default();
    let refuted = propagate(state, problem, &probe, &mut scratch).is_err();
    state.undo_to(problem, mark);
    state.log = log;
    refuted.then(|| scratch.steps())
}
