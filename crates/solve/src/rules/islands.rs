//! `island`: every tile ends up in one tree, so no part of it may be closed
//! off while other tiles remain.
//!
//! - Cut off: an orientation whose new wires would leave its merged group
//!   with no wire out ([`State::wires_out`]) is out.
//! - Dead ends (Net's rule): per tile and direction, a bound on how many
//!   tiles a wire leaving that way can reach, passed from tile to tile; an
//!   orientation whose wires all lead into dead ends that together, with
//!   the tile, fall short of the whole board is out.
//! - Forced exits: a group has exactly `wires - 2(size - 1)` wires out;
//!   none, or more than its ways out, is a contradiction, and exactly as
//!   many as its ways out forces every one of them. The ways out are kept
//!   per group, so only groups that changed are looked at.

use super::{Around, Finding, Technique};
use crate::problem::Problem;
use crate::state::{Contradiction, State, UNBOUNDED, bits};
use crate::stats::Stats;
use lightemall_model::Dir;

/// The orientations of `tile` that close off no group, and the directions
/// of the groups they would have closed off.
pub fn find_cut_off(state: &State, problem: &Problem<'_>, tile: usize, around: &Around) -> Finding {
    let n = problem.len();
    let masks = &problem.orientations(tile);
    let mut keep = state.candidates(tile);
    let mut because = 0u8;
    for k in bits(keep) {
        let new = masks[k] & around.reachable & !around.known;
        let mut merged = [around.own; 9];
        let (mut size, mut wires) = (state.size(around.own), state.wires(around.own));
        for (count, d) in (1..).zip(bits(new)) {
            let root = around.roots[d];
            if merged[..count].contains(&root) {
                // Closes a loop: the loop rule's to rule out.
                size = n;
                break;
            }
            merged[count] = root;
            size += around.sizes[d];
            wires += around.wires[d];
        }
        if size < n && wires + 2 == 2 * size as u32 {
            keep &= !(1 << k);
            because |= new;
        }
    }
    Finding { keep, because }
}

/// The orientations of `tile` whose wires do not all run into dead ends
/// too small to hold the rest of the board, and the directions of the dead
/// ends that ruled the others out.
pub fn find_dead_ends(
    state: &State,
    problem: &Problem<'_>,
    tile: usize,
    around: &Around,
) -> Finding {
    let masks = &problem.orientations(tile);
    let mut keep = state.candidates(tile);
    let mut because = 0u8;
    for k in bits(keep) {
        let reach = bits(masks[k] & around.reachable)
            .map(|d| u64::from(state.dead_end(problem, tile, d)))
            .sum::<u64>();
        if masks[k] != 0 && reach + 1 < problem.len() as u64 {
            keep &= !(1 << k);
            because |= masks[k];
        }
    }
    Finding { keep, because }
}

/// Pass `tile`'s dead ends on: a wire into `tile` from the neighbour
/// toward `d` reaches the tile and, through its other wires, at most what
/// they reach, in whichever orientation reaches most. Neighbours whose
/// bound is lowered wait for their checks.
pub fn pass_dead_ends(state: &mut State, problem: &Problem<'_>, tile: usize) {
    let masks = &problem.orientations(tile);
    for d in bits(state.might(tile)) {
        let Some(other) = problem.neighbour(tile, Dir(d as u8)) else {
            continue;
        };
        let bound = bits(state.candidates(tile))
            .filter(|&k| masks[k] & 1 << d != 0)
            .map(|k| {
                bits(masks[k] & !(1 << d)).fold(1u32, |sum, f| {
                    sum.saturating_add(state.dead_end(problem, tile, f))
                })
            })
            .max()
            .unwrap_or(UNBOUNDED);
        let back = problem.back[d].trailing_zeros() as usize;
        if bound < problem.len() as u32 && state.lower_dead_end(problem, other, back, bound) {
            state.enqueue_check(other);
        }
    }
}

/// For every group short of the whole board whose wires out or ways out
/// changed: it has exactly `wires - 2(size - 1)` wires out. None, or more
/// than its ways out, is a contradiction; exactly as many as its ways out
/// forces them all.
///
/// The ways out are kept per group as tiles narrow and groups join
/// ([`State::ways`]), so this looks only at the groups that changed, not at
/// the board.
pub fn take_forced_exits(
    state: &mut State,
    problem: &Problem<'_>,
    stats: &mut Stats,
) -> Result<(), Contradiction> {
    let n = problem.len();
    while let Some(tile) = state.next_group() {
        let root = state.root(tile);
        if state.size(root) >= n {
            continue;
        }
        let (out, ways) = (state.wires_out(root), i64::from(state.ways(root)));
        if out <= 0 || out > ways {
            return Err(Contradiction);
        }
        if out == ways {
            take_every_way(state, problem, root, stats)?;
        }
    }
    Ok(())
}

/// The forced-exits rule for the group of `tile` and those of its
/// neighbours across a way out (one of them forced a traced step at
/// `tile`, see [`super::replay`]); whether it narrowed any tile.
pub fn take_exits_near(
    state: &mut State,
    problem: &Problem<'_>,
    tile: usize,
    stats: &mut Stats,
) -> Result<bool, Contradiction> {
    let n = problem.len();
    let mut roots = [state.root(tile); 9];
    let mut count = 1;
    for d in bits(state.might(tile)) {
        if let Some(other) = problem.neighbour(tile, Dir(d as u8))
            && state.might(other) & problem.back[d] != 0
        {
            let root = state.root(other);
            if !roots[..count].contains(&root) {
                roots[count] = root;
                count += 1;
            }
        }
    }
    let mut narrowed = false;
    for &root in &roots[..count] {
        if state.size(root) >= n {
            continue;
        }
        let (out, ways) = (state.wires_out(root), i64::from(state.ways(root)));
        if out <= 0 || out > ways {
            return Err(Contradiction);
        }
        if out == ways {
            narrowed |= take_every_way(state, problem, root, stats)?;
        }
    }
    Ok(narrowed)
}

/// Every way out of the group of `root` is a wire: both its ends must have
/// it.
fn take_every_way(
    state: &mut State,
    problem: &Problem<'_>,
    root: usize,
    stats: &mut Stats,
) -> Result<bool, Contradiction> {
    let size = state.size(root);
    let remembered = size >= REMEMBERED_GROUP;
    if remembered && state.exits_taken(root) {
        return Ok(false);
    }
    let members: Vec<usize> = state.members_of(root).collect();
    let mut ways = Vec::new();
    for tile in members {
        for d in bits(state.might(tile)) {
            if let Some(other) = problem.neighbour(tile, Dir(d as u8))
                && state.might(other) & problem.back[d] != 0
                && state.root(other) != root
            {
                ways.push((tile, 1u8 << d, other, problem.back[d]));
            }
        }
    }
    let mut narrowed = false;
    for (tile, wire, other, back) in ways {
        for (end, need) in [(tile, wire), (other, back)] {
            if state.left(end) > 1 {
                let keep = state.fitting(problem, end, need, 0);
                if state.narrow_by(problem, end, keep, Technique::Island, need)? {
                    stats.islands += 1;
                    state.trace_step(end, super::Step::Exits as u32);
                    state.enqueue(end);
                    narrowed = true;
                }
            }
        }
    }
    if remembered && state.size(root) == size {
        state.note_exits_taken(root);
    }
    Ok(narrowed)
}

/// The least group whose taken ways out the state remembers: a walk over a
/// smaller one costs less than looking it up.
const REMEMBERED_GROUP: usize = 64;
