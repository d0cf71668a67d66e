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
//!   many as its ways out forces every one of them.

use super::{Around, Finding};
use crate::problem::Problem;
use crate::state::{Contradiction, State, UNBOUNDED, bits};
use crate::stats::Stats;
use lightemall_model::Dir;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The orientations of `tile` that close off no group, and the directions
/// of the groups they would have closed off.
pub fn find_cut_off(state: &State, problem: &Problem<'_>, tile: usize, around: &Around) -> Finding {
    let n = problem.len();
    let masks = &problem.orientations[tile];
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
    let masks = &problem.orientations[tile];
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
pub fn pass_dead_ends(state: &mut State, problem: &Problem<'_>, tile: usize, around: &Around) {
    let masks = &problem.orientations[tile];
    for d in bits(state.might(tile) & around.reachable) {
        let Some(other) = around.neighbours[d] else {
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

/// For every group short of the whole board: it has exactly
/// `wires - 2(size - 1)` wires out. None, or more than its ways out, is a
/// contradiction; exactly as many as its ways out forces them all.
///
/// Only groups next to an undecided tile are looked at: a way out is a
/// wire that may or may not be there, so one of its ends is undecided,
/// and a group with none has no way out (a closed group is caught by
/// `join`).
pub fn take_forced_exits(
    state: &mut State,
    problem: &Problem<'_>,
    stats: &mut Stats,
) -> Result<(), Contradiction> {
    let n = problem.len();
    // Keys are u32 (boards have at most a million tiles), and a tile's
    // ways out are two bit sets: on a large octo board these hold
    // several ways a tile.
    let mut ways_out: HashMap<u32, u32, BuildHasherDefault<TileHasher>> = HashMap::default();
    let mut exits: Vec<Exits> = Vec::new();
    for i in 0..state.scope_len() {
        let tile = state.scope_at(i);
        if state.left(tile) < 2 {
            continue;
        }
        // A group with an undecided tile is checked even if no way out
        // is left to it.
        let own = state.root(tile);
        ways_out.entry(own as u32).or_default();
        let mut found = Exits {
            tile: tile as u32,
            own: 0,
            across: 0,
        };
        for d in 0..problem.dirs {
            let Some(other) = problem.neighbour(tile, Dir(d as u8)) else {
                continue;
            };
            let back = problem.back[d];
            if state.might(tile) & 1 << d == 0 || state.might(other) & back == 0 {
                continue;
            }
            let (a, b) = (state.root(tile), state.root(other));
            if a == b {
                continue;
            }
            *ways_out.entry(a as u32).or_default() += 1;
            found.own |= 1 << d;
            if state.left(other) == 1 {
                // A decided neighbour's way out is counted here, as it
                // is never visited itself; if it must be taken, this
                // tile is the one to turn toward it.
                *ways_out.entry(b as u32).or_default() += 1;
                found.across |= 1 << d;
            }
        }
        if found.own != 0 {
            exits.push(found);
        }
    }
    for (&root, &ways) in &ways_out {
        let out = state.wires_out(root as usize);
        if state.size(root as usize) < n && (out <= 0 || out > i64::from(ways)) {
            return Err(Contradiction);
        }
    }
    for found in exits {
        let tile = found.tile as usize;
        for d in bits(found.own) {
            // The groups are as they were counted: turning tiles joins
            // none. The tile's own group's way out, then the one across.
            let across = problem
                .neighbour(tile, Dir(d as u8))
                .filter(|_| found.across & 1 << d != 0);
            for root in std::iter::once(state.root(tile)).chain(across.map(|o| state.root(o))) {
                let ways = ways_out.get(&(root as u32)).copied().unwrap_or(0);
                if state.size(root) < n && state.wires_out(root) == i64::from(ways) {
                    let keep = state.fitting(problem, tile, 1 << d, 0);
                    if state.narrow(problem, tile, keep)? {
                        stats.islands += 1;
                        state.enqueue(tile);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The ways out of groups that [`take_forced_exits`] found at one tile:
/// bit `d` of `own` is the wire toward `d` as a way out of the tile's
/// group, bit `d` of `across` the same wire as a way out of the decided
/// neighbour's group. Eight bytes a tile, where a list of every way out
/// (group, tile and direction as `usize`) took 24 bytes a way.
#[derive(Clone, Copy, Debug)]
struct Exits {
    tile: u32,
    own: u8,
    across: u8,
}

/// A hasher for tile indices (one multiply, as rustc's FxHash): std's
/// SipHash, made to resist hostile keys, was a twentieth of the unique
/// generator's time here, and tile indices are not chosen by anyone.
#[derive(Default)]
struct TileHasher(u64);

impl Hasher for TileHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
