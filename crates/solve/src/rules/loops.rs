//! `loop`: a solved board is a tree, so an orientation that would close a
//! cycle of connected wires is out: one whose new wires reach the tile's
//! own group, or reach one other group twice.

use super::{Around, Finding};
use crate::problem::Problem;
use crate::state::{State, bits};

/// The orientations of `tile` that close no loop, and the directions of
/// the wires that would have.
pub fn find(state: &State, problem: &Problem<'_>, tile: usize, around: &Around) -> Finding {
    let masks = &problem.orientations(tile);
    let mut keep = state.candidates(tile);
    let mut because = 0u8;
    for k in bits(keep) {
        if let Some(closing) = closes_loop(around, masks[k]) {
            keep &= !(1 << k);
            because |= closing;
        }
    }
    Finding { keep, because }
}

/// If the new wires of orientation `mask` close a loop, the two directions
/// that meet in one group (one, if it is the tile's own group).
fn closes_loop(around: &Around, mask: u8) -> Option<u8> {
    // The groups met so far, in direction order, the tile's own first.
    let mut met = [(around.own, 0u8); 9];
    for (count, d) in (1..).zip(bits(mask & around.reachable & !around.known)) {
        let root = around.roots[d];
        if let Some(&(_, earlier)) = met[..count].iter().find(|(r, _)| *r == root) {
            return Some(earlier | 1 << d);
        }
        met[count] = (root, 1 << d);
    }
    None
}
