//! A partial solution: the orientations still possible for each tile, the
//! groups of tiles already known to be wired together, and the deductions
//! that narrow them.
//!
//! Local rule (seed 003): for each direction a tile's wire is *must* (every
//! remaining orientation has it), *must not* (none has) or *might*; a tile
//! must agree with its neighbour about the wire between them, and edges of
//! the board and barriers are *must not*. Changes spread through a work
//! queue until nothing changes.
//!
//! Groups are the tiles joined by wires known on both sides. A solved board
//! is a tree, so a group of `k` tiles whose wires number `D` in all has
//! exactly `D - 2(k - 1)` wires leaving it. That gives the global rules:
//!
//! - no closed loop: an orientation with a wire into its own group (other
//!   than one already known), or two wires into one other group, is out;
//! - no isolated piece: an orientation that would leave its merged group
//!   with no wire out, while the group is not the whole board, is out;
//! - a group whose wires out equal its possible ways out takes them all,
//!   and one with more wires out than ways is a contradiction.
//!
//! The first two are checked with the local rule, tile by tile; the third
//! when the local rule stalls, followed by one more sweep over every
//! undecided tile (groups may have grown since it was last looked at).

use crate::problem::Problem;
use crate::stats::Stats;
use lightemall_model::{Dir, Tile};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// No way to finish this partial solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

#[derive(Clone, Debug)]
pub struct State {
    /// Per tile, the bit set of its orientations still possible.
    candidates: Vec<u8>,
    /// Per tile, the wires all of those orientations have (*must*) and the
    /// wires some of them have (*might*), kept with `candidates`.
    bounds: Vec<(u8, u8)>,
    /// Groups of tiles joined by wires known on both sides (disjoint sets;
    /// a root holds minus its group's size).
    group: Vec<i32>,
    /// At a group's root, the number of wires of its tiles.
    wires: Vec<u32>,
    /// Per tile, the wires already counted in its group (see `join`).
    joined: Vec<u8>,
    /// Orientations removed so far: a sweep that removes none ends the
    /// propagation.
    progress: u64,
    /// The tiles waiting to be looked at, a stack, and below it the tiles
    /// `first_look..` that were never looked at (every tile starts waiting,
    /// lowest first: kept as a counter, not four bytes a tile).
    queue: Vec<u32>,
    first_look: usize,
    /// Per tile, whether it waits (on the stack or not yet looked at).
    queued: Vec<bool>,
    /// The tile chosen by the last guess: the next guess is made near it,
    /// so that the search finishes one tangle before it starts another.
    last_guess: Option<usize>,
    /// While searching: every change, newest last, so that a guess is taken
    /// back by undoing (see [`State::undo_to`]) rather than by keeping a
    /// copy of the whole state per guess.
    trail: Option<Vec<Undo>>,
}

/// One change to a [`State`], with what it replaced.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// A tile's candidates and bounds.
    Candidates {
        tile: u32,
        candidates: u8,
        bounds: (u8, u8),
    },
    /// The wires a tile had already counted in its group.
    Joined { tile: u32, joined: u8 },
    /// `small`'s group joined into `big`'s (roots), with `big`'s old
    /// size entry and wire count.
    Join {
        small: u32,
        big: u32,
        group: i32,
        wires: u32,
    },
}

impl State {
    /// Every orientation possible, every tile waiting to be looked at.
    pub fn new(problem: &Problem<'_>) -> State {
        let n = problem.len();
        State {
            candidates: (0..n).map(|t| problem.all_candidates(t)).collect(),
            bounds: (0..n)
                .map(|t| bounds(problem, t, problem.all_candidates(t)))
                .collect(),
            group: vec![-1; n],
            wires: problem.board.tiles().iter().map(|t| t.degree()).collect(),
            joined: vec![0; n],
            progress: 0,
            queue: Vec::new(),
            first_look: 0,
            queued: vec![true; n],
            last_guess: None,
            trail: None,
        }
    }

    /// The tile to guess next. First the undecided tile whose guesses
    /// failed most often (`failures`, per tile, kept by the search), then
    /// the nearest undecided tile to the last guess with the fewest
    /// orientations left (within the undecided tiles connected to it), else
    /// the most constrained tile of the board.
    ///
    /// Both keep a wrong guess from being refuted again and again: a tangle
    /// of tiles that cannot be finished because of a guess made elsewhere
    /// is tried first from then on, so the search no longer re-solves every
    /// tangle in between under each combination of choices.
    pub fn next_guess(&self, problem: &Problem<'_>, failures: &[u32]) -> Option<usize> {
        self.most_failed(failures)
            .or_else(|| {
                self.last_guess
                    .and_then(|last| self.nearest_undecided(problem, last))
            })
            .or_else(|| self.most_constrained())
    }

    /// The undecided tile with the most failures (at least one), the most
    /// constrained among equals.
    fn most_failed(&self, failures: &[u32]) -> Option<usize> {
        let mut best: Option<(u32, u32, usize)> = None;
        for (tile, &failed) in failures.iter().enumerate() {
            let left = self.candidates[tile].count_ones();
            if failed == 0 || left < 2 {
                continue;
            }
            let better = match best {
                None => true,
                Some((f, l, _)) => failed > f || (failed == f && left < l),
            };
            if better {
                best = Some((failed, left, tile));
            }
        }
        best.map(|(_, _, tile)| tile)
    }

    /// The undecided tile with the fewest orientations among those reached
    /// from `start` through undecided tiles, the nearest among equals.
    fn nearest_undecided(&self, problem: &Problem<'_>, start: usize) -> Option<usize> {
        let undecided = |t: usize| self.candidates[t].count_ones() > 1;
        let mut seen = std::collections::HashSet::from([start]);
        let mut queue = std::collections::VecDeque::from([start]);
        let mut best: Option<(u32, usize)> = None;
        while let Some(tile) = queue.pop_front() {
            if tile != start {
                let left = self.candidates[tile].count_ones();
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

    /// The tile with the fewest orientations left among those with more
    /// than one, if any.
    fn most_constrained(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (tile, &c) in self.candidates.iter().enumerate() {
            let left = c.count_ones();
            if left > 1 && best.is_none_or(|(b, _)| left < b) {
                best = Some((left, tile));
                if left == 2 {
                    break;
                }
            }
        }
        best.map(|(_, tile)| tile)
    }

    /// The orientations still possible for `tile`, as indices.
    pub fn choices(&self, tile: usize) -> impl Iterator<Item = usize> + '_ {
        let c = self.candidates[tile];
        (0..8).filter(move |k| c & 1 << k != 0)
    }

    /// Keep only the orientations of `tile` that look like `as_is`.
    pub fn pin(
        &mut self,
        problem: &Problem<'_>,
        tile: usize,
        as_is: Tile,
    ) -> Result<(), Contradiction> {
        let masks = &problem.orientations[tile];
        let keep = (0..usize::from(problem.count[tile]))
            .filter(|&k| masks[k] == as_is.0)
            .fold(0u8, |c, k| c | 1 << k)
            & self.candidates[tile];
        if keep == 0 {
            return Err(Contradiction);
        }
        self.set_candidates(problem, tile, keep);
        self.enqueue(tile);
        Ok(())
    }

    /// From now on, record every change so that it can be undone.
    pub fn start_trail(&mut self) {
        self.trail = Some(Vec::new());
    }

    /// A point to come back to with [`State::undo_to`].
    pub fn mark(&self) -> usize {
        self.trail.as_ref().map_or(0, Vec::len)
    }

    /// Undo every change made since `mark`, and forget the pending work.
    pub fn undo_to(&mut self, mark: usize) {
        while let Some(change) = self
            .trail
            .as_mut()
            .filter(|t| t.len() > mark)
            .and_then(Vec::pop)
        {
            match change {
                Undo::Candidates {
                    tile,
                    candidates,
                    bounds,
                } => {
                    self.candidates[tile as usize] = candidates;
                    self.bounds[tile as usize] = bounds;
                }
                Undo::Joined { tile, joined } => self.joined[tile as usize] = joined,
                Undo::Join {
                    small,
                    big,
                    group,
                    wires,
                } => {
                    self.group[small as usize] = self.group[big as usize] - group;
                    self.group[big as usize] = group;
                    self.wires[big as usize] = wires;
                }
            }
        }
        for tile in self.queue.drain(..) {
            self.queued[tile as usize] = false;
        }
        for tile in std::mem::replace(&mut self.first_look, self.queued.len())..self.queued.len() {
            self.queued[tile] = false;
        }
    }

    fn record(&mut self, change: Undo) {
        if let Some(trail) = &mut self.trail {
            trail.push(change);
        }
    }

    /// Per tile, its orientation if only one is left.
    pub fn decided(&self, problem: &Problem<'_>) -> Vec<Option<Tile>> {
        self.candidates
            .iter()
            .enumerate()
            .map(|(tile, &c)| {
                (c.count_ones() == 1)
                    .then(|| Tile(problem.orientations[tile][c.trailing_zeros() as usize]))
            })
            .collect()
    }

    /// Keep only orientation `k` of `tile`.
    pub fn choose(&mut self, problem: &Problem<'_>, tile: usize, k: usize) {
        self.last_guess = Some(tile);
        self.set_candidates(problem, tile, 1 << k);
        self.enqueue(tile);
    }

    fn set_candidates(&mut self, problem: &Problem<'_>, tile: usize, candidates: u8) {
        if candidates != self.candidates[tile] {
            self.record(Undo::Candidates {
                tile: tile as u32,
                candidates: self.candidates[tile],
                bounds: self.bounds[tile],
            });
            self.candidates[tile] = candidates;
            self.bounds[tile] = bounds(problem, tile, candidates);
            self.progress += 1;
        }
    }

    /// The decided tiles, if every tile is decided.
    pub fn tiles(&self, problem: &Problem<'_>) -> Option<Vec<Tile>> {
        self.decided(problem).into_iter().collect()
    }

    /// The next tile to look at: the newest waiting, else the lowest never
    /// looked at.
    fn next_queued(&mut self) -> Option<usize> {
        let tile = match self.queue.pop() {
            Some(tile) => tile as usize,
            None if self.first_look < self.queued.len() => {
                self.first_look += 1;
                self.first_look - 1
            }
            None => return None,
        };
        self.queued[tile] = false;
        Some(tile)
    }

    /// Whether any tile waits to be looked at.
    fn has_queued(&self) -> bool {
        !self.queue.is_empty() || self.first_look < self.queued.len()
    }

    fn enqueue(&mut self, tile: usize) {
        if !self.queued[tile] {
            self.queued[tile] = true;
            self.queue.push(tile as u32);
        }
    }

    /// Wires every remaining orientation of `tile` has.
    #[inline]
    fn must(&self, tile: usize) -> u8 {
        self.bounds[tile].0
    }

    /// Wires some remaining orientation of `tile` has.
    #[inline]
    fn might(&self, tile: usize) -> u8 {
        self.bounds[tile].1
    }

    /// Whether some remaining orientation of `tile` has a wire toward `d`.
    pub(crate) fn might_wire(&self, tile: usize, d: usize) -> bool {
        self.might(tile) & 1 << d != 0
    }

    /// Keep the orientations of `tile` whose wires include `need` and avoid
    /// `forbid`. Returns whether anything was removed.
    fn restrict(
        &mut self,
        problem: &Problem<'_>,
        tile: usize,
        need: u8,
        forbid: u8,
    ) -> Result<bool, Contradiction> {
        let before = self.candidates[tile];
        let masks = &problem.orientations[tile];
        let after = (0..usize::from(problem.count[tile]))
            .filter(|&k| before & 1 << k != 0 && masks[k] & need == need && masks[k] & forbid == 0)
            .fold(0u8, |c, k| c | 1 << k);
        if after == 0 {
            return Err(Contradiction);
        }
        self.set_candidates(problem, tile, after);
        Ok(after != before)
    }

    fn root(&mut self, mut tile: usize) -> usize {
        while self.group[tile] >= 0 {
            let parent = self.group[tile] as usize;
            // Path splitting (each tile on the way is pointed at its
            // grandparent), but not while searching: undoing it would cost
            // more than it saves (union by size keeps paths short).
            if self.group[parent] >= 0 && self.trail.is_none() {
                self.group[tile] = self.group[parent];
            }
            tile = parent;
        }
        tile
    }

    /// Join the groups of `a` and `b`, known to be wired together (from
    /// `a` toward direction `d`). A wire between two tiles of one group
    /// closes a loop, and a group left with no wire out that is not the
    /// whole board is cut off: both are contradictions.
    fn join(
        &mut self,
        problem: &Problem<'_>,
        a: usize,
        d: usize,
        b: usize,
    ) -> Result<(), Contradiction> {
        if self.joined[a] & 1 << d != 0 {
            return Ok(());
        }
        for (tile, bit) in [(a, 1 << d), (b, problem.back[d])] {
            self.record(Undo::Joined {
                tile: tile as u32,
                joined: self.joined[tile],
            });
            self.joined[tile] |= bit;
        }
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return Err(Contradiction);
        }
        let (big, small) = if self.group[ra] <= self.group[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.record(Undo::Join {
            small: small as u32,
            big: big as u32,
            group: self.group[big],
            wires: self.wires[big],
        });
        self.group[big] += self.group[small];
        self.group[small] = big as i32;
        self.wires[big] += self.wires[small];
        if self.size(big) < problem.len() && self.wires_out(big) <= 0 {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// The wires that leave the group of `root` in any solution: a tree
    /// group of `k` tiles with `D` wires has `D - 2(k - 1)`.
    fn wires_out(&self, root: usize) -> i64 {
        i64::from(self.wires[root]) - 2 * (self.size(root) as i64 - 1)
    }

    /// Apply the local rule, and the loop and isolation rules per
    /// orientation, until nothing changes.
    fn propagate_locally(
        &mut self,
        problem: &Problem<'_>,
        stats: &mut Stats,
    ) -> Result<(), Contradiction> {
        while let Some(tile) = self.next_queued() {
            let (mut need, mut forbid) = (0u8, 0u8);
            let mut neighbours = [None; 8];
            for (d, slot) in neighbours.iter_mut().enumerate().take(problem.dirs) {
                let dir = Dir(d as u8);
                let back = problem.back[usize::from(dir.0)];
                match problem.neighbour(tile, dir) {
                    None => forbid |= dir.bit(),
                    Some(other) => {
                        *slot = Some(other);
                        if self.must(other) & back != 0 {
                            need |= dir.bit();
                        } else if self.might(other) & back == 0 {
                            forbid |= dir.bit();
                        }
                    }
                }
            }
            let mut changed = self.restrict(problem, tile, need, forbid)?;
            if changed {
                stats.local += 1;
            }
            if self.candidates[tile].count_ones() > 1
                && self.rule_out_loops_and_islands(problem, tile, &neighbours, stats)?
            {
                changed = true;
            }
            if changed {
                for other in neighbours.iter().flatten() {
                    self.enqueue(*other);
                }
            }
            let must = self.must(tile);
            for (d, other) in neighbours.iter().enumerate() {
                if let Some(other) = *other {
                    let back = problem.back[d];
                    if must & 1 << d != 0 && self.must(other) & back != 0 {
                        self.join(problem, tile, d, other)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Remove the orientations of `tile` that would close a loop or cut off
    /// a group. Returns whether any was removed.
    fn rule_out_loops_and_islands(
        &mut self,
        problem: &Problem<'_>,
        tile: usize,
        neighbours: &[Option<usize>; 8],
        stats: &mut Stats,
    ) -> Result<bool, Contradiction> {
        let own = self.root(tile);
        let must = self.must(tile);
        // Per direction, the group a wire would join, looked up once for
        // all the orientations below.
        let mut roots = [0usize; 8];
        let mut sizes = [0usize; 8];
        let mut wires_of = [0u32; 8];
        let (mut reachable, mut known) = (0u8, 0u8);
        for (d, other) in neighbours.iter().enumerate().take(problem.dirs) {
            if let Some(other) = *other {
                let root = self.root(other);
                (roots[d], sizes[d], wires_of[d]) = (root, self.size(root), self.wires[root]);
                reachable |= 1 << d;
                let back = problem.back[d];
                if must & 1 << d != 0 && self.must(other) & back != 0 {
                    known |= 1 << d;
                }
            }
        }
        let n = problem.len();
        let before = self.candidates[tile];
        let masks = problem.orientations[tile];
        let mut after = before;
        for k in bits(before) {
            // The groups this orientation's new wires join, in direction
            // order: one met twice (or the tile's own) closes a loop.
            let mut merged = [own; 9];
            let (mut size, mut wires) = (self.size(own), self.wires[own]);
            let mut closes_loop = false;
            for (count, d) in (1..).zip(bits(masks[k] & reachable & !known)) {
                let root = roots[d];
                if merged[..count].contains(&root) {
                    closes_loop = true;
                    break;
                }
                merged[count] = root;
                size += sizes[d];
                wires += wires_of[d];
            }
            let cut_off = size < n && wires + 2 == 2 * size as u32;
            if closes_loop || cut_off {
                after &= !(1 << k);
                if closes_loop {
                    stats.loops += 1;
                } else {
                    stats.islands += 1;
                }
            }
        }
        if after == 0 {
            return Err(Contradiction);
        }
        if after == before {
            return Ok(false);
        }
        self.set_candidates(problem, tile, after);
        Ok(true)
    }

    fn size(&self, root: usize) -> usize {
        (-self.group[root]) as usize
    }

    /// Apply every rule until nothing changes.
    pub fn propagate(
        &mut self,
        problem: &Problem<'_>,
        stats: &mut Stats,
    ) -> Result<(), Contradiction> {
        let mut swept_at = None;
        loop {
            self.propagate_locally(problem, stats)?;
            self.take_forced_exits(problem, stats)?;
            if self.has_queued() {
                continue;
            }
            if swept_at == Some(self.progress) {
                return Ok(());
            }
            swept_at = Some(self.progress);
            for tile in 0..problem.len() {
                if self.candidates[tile].count_ones() > 1 {
                    self.enqueue(tile);
                }
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
    fn take_forced_exits(
        &mut self,
        problem: &Problem<'_>,
        stats: &mut Stats,
    ) -> Result<(), Contradiction> {
        let n = problem.len();
        // Keys are u32 (boards have at most a million tiles), and a tile's
        // ways out are two bit sets: on a large octo board these hold
        // several ways a tile.
        let mut ways_out: HashMap<u32, u32, BuildHasherDefault<TileHasher>> = HashMap::default();
        let mut exits: Vec<Exits> = Vec::new();
        for tile in 0..n {
            if self.candidates[tile].count_ones() < 2 {
                continue;
            }
            // A group with an undecided tile is checked even if no way out
            // is left to it.
            let own = self.root(tile);
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
                if self.might(tile) & 1 << d == 0 || self.might(other) & back == 0 {
                    continue;
                }
                let (a, b) = (self.root(tile), self.root(other));
                if a == b {
                    continue;
                }
                *ways_out.entry(a as u32).or_default() += 1;
                found.own |= 1 << d;
                if self.candidates[other].count_ones() == 1 {
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
            let out = self.wires_out(root as usize);
            if self.size(root as usize) < n && (out <= 0 || out > i64::from(ways)) {
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
                for root in std::iter::once(self.root(tile)).chain(across.map(|o| self.root(o))) {
                    let ways = ways_out.get(&(root as u32)).copied().unwrap_or(0);
                    if self.size(root) < n
                        && self.wires_out(root) == i64::from(ways)
                        && self.restrict(problem, tile, 1 << d, 0)?
                    {
                        stats.islands += 1;
                        self.enqueue(tile);
                    }
                }
            }
        }
        Ok(())
    }
}

/// The ways out of groups that [`State::take_forced_exits`] found at one
/// tile: bit `d` of `own` is the wire toward `d` as a way out of the
/// tile's group, bit `d` of `across` the same wire as a way out of the
/// decided neighbour's group. Eight bytes a tile, where a list of every way
/// out (group, tile and direction as `usize`) took 24 bytes a way.
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

/// The indices of the set bits of `set`, lowest first.
fn bits(set: u8) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        let bit = rest.trailing_zeros() as usize;
        rest &= rest.wrapping_sub(1);
        (bit < 8).then_some(bit)
    })
}

/// The *must* and *might* wires of a set of orientations of `tile`.
fn bounds(problem: &Problem<'_>, tile: usize, candidates: u8) -> (u8, u8) {
    let masks = &problem.orientations[tile];
    (0..usize::from(problem.count[tile]))
        .filter(|k| candidates & 1 << k != 0)
        .fold((0xff, 0), |(must, might), k| {
            (must & masks[k], might | masks[k])
        })
}
