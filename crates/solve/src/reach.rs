//! The power rule of radius mode: every tile must be powered, so every tile
//! must lie within the radius, in wire hops, of the station.
//!
//! A tile's distance from the station along the solution's wires is at
//! least its distance along the wires still possible (both ends *might*
//! have them). So a tile that the possible wires cannot bring within the
//! radius is a contradiction. Once every tile is decided the possible wires
//! are the solution's, and the rule is exact.

use crate::problem::Problem;
use crate::state::State;
use lightemall_model::Dir;

/// Radius mode: the station and the radius, in wire hops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// Index of the station's tile.
    pub station: usize,
    /// How many wire hops the power travels.
    pub radius: u32,
}

impl State {
    /// Whether every tile can still be within `reach` of the station.
    pub(crate) fn within_reach(&self, problem: &Problem<'_>, reach: Reach) -> bool {
        let n = problem.len();
        if reach.station >= n {
            return false;
        }
        let mut distance = vec![u32::MAX; n];
        distance[reach.station] = 0;
        let mut queue = std::collections::VecDeque::from([reach.station]);
        let mut reached = 1;
        while let Some(tile) = queue.pop_front() {
            if distance[tile] == reach.radius {
                continue;
            }
            for d in 0..problem.dirs {
                let Some(next) = problem.neighbour(tile, Dir(d as u8)) else {
                    continue;
                };
                let wired = self.might_wire(tile, d)
                    && self.might_wire(next, problem.back[d].trailing_zeros() as usize);
                if wired && distance[next] == u32::MAX {
                    distance[next] = distance[tile] + 1;
                    reached += 1;
                    queue.push_back(next);
                }
            }
        }
        reached == n
    }
}
