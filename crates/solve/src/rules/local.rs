//! `local`: a tile agrees with each neighbour about the wire between them.
//!
//! Toward each direction the neighbour's wire back is *must* (all its
//! remaining orientations have it), *must not* (none has) or *might*; off
//! the board or through a barrier it is *must not*. The tile keeps the
//! orientations that have every *must* and no *must not*. Two tiles that
//! both must have the wire between them are joined into one group.

use super::{Finding, Technique};
use crate::problem::Problem;
use crate::state::{Contradiction, State};
use crate::stats::Stats;
use lightemall_model::Dir;

/// What the neighbours of `tile` demand: the orientations that fit, and
/// the directions whose neighbour (or the board's edge) ruled any out.
pub fn find(state: &State, problem: &Problem<'_>, tile: usize) -> Finding {
    let (mut need, mut forbid) = (0u8, 0u8);
    for d in 0..problem.dirs {
        let back = problem.back[d];
        match problem.neighbour(tile, Dir(d as u8)) {
            None => forbid |= 1 << d,
            Some(other) if state.must(other) & back != 0 => need |= 1 << d,
            Some(other) if state.might(other) & back == 0 => forbid |= 1 << d,
            Some(_) => {}
        }
    }
    let keep = state.fitting(problem, tile, need, forbid);
    let masks = &problem.orientations(tile);
    let removed = state.candidates(tile) & !keep;
    // The demands that some removed orientation breaks.
    let broken =
        crate::state::bits(removed).fold(0u8, |b, k| b | (need & !masks[k]) | (forbid & masks[k]));
    Finding {
        keep,
        because: broken,
    }
}

/// Look at `tile`: narrow it to what its neighbours allow (its neighbours,
/// or those on the sides that changed if `changed_sides_only`, then wait
/// for the rule in turn), queue it for the dearer checks if
/// `checks` and it is still undecided (or has dead ends to pass on), and
/// join it to the neighbours it is
/// known to be wired to.
pub fn look(
    state: &mut State,
    problem: &Problem<'_>,
    tile: usize,
    checks: bool,
    changed_sides_only: bool,
    stats: &mut Stats,
) -> Result<(), Contradiction> {
    let found = find(state, problem, tile);
    let before = state.wire_bounds(tile);
    if state.narrow_by(problem, tile, found.keep, Technique::Local, found.because)? {
        stats.local += 1;
        state.trace_step(tile, super::Step::Local as u32);
        let sides = super::sides_to_notify(state, tile, before, changed_sides_only);
        for d in 0..problem.dirs {
            if sides & 1 << d != 0
                && let Some(other) = problem.neighbour(tile, Dir(d as u8))
            {
                state.enqueue(other);
            }
        }
    }
    // A decided tile is checked too where it passes dead ends on.
    if checks && (state.left(tile) > 1 || state.has_dead_ends()) {
        state.enqueue_check(tile);
    }
    join_known_wires(state, problem, tile)
}

/// Join `tile`'s group to each neighbour's that it must be wired to.
pub(crate) fn join_known_wires(
    state: &mut State,
    problem: &Problem<'_>,
    tile: usize,
) -> Result<(), Contradiction> {
    let must = state.must(tile);
    for d in crate::state::bits(must) {
        if let Some(other) = problem.neighbour(tile, Dir(d as u8))
            && state.must(other) & problem.back[d] != 0
        {
            state.join(problem, tile, d, other)?;
        }
    }
    Ok(())
}
