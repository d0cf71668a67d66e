//! A partial solution: the orientations still possible for each tile, the
//! groups of tiles already known to be wired together, the dead-end bounds,
//! the work queues, and the trail that takes changes back.
//!
//! This module holds the data and the few primitive changes every rule
//! makes (narrow a tile, join two groups, lower a dead-end bound); the
//! rules themselves are in [`crate::rules`], the search in
//! [`crate::search`].
//!
//! Per tile and direction a wire is *must* (every remaining orientation
//! has it), *must not* (none has) or *might*: the
//! `bounds` kept with each tile's candidates.
//!
//! Groups are the tiles joined by wires known on both sides. A solved board
//! is a tree, so a group of `k` tiles whose wires number `D` in all has
//! exactly `D - 2(k - 1)` wires leaving it ([`State::wires_out`]).

use crate::packed::{self, Stack, U24s};
use crate::problem::Problem;
use crate::stats::Technique;
use lightemall_model::{Dir, Tile};

/// No way to finish this partial solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// A dead-end bound that says nothing: no limit known.
pub const UNBOUNDED: u32 = u32::MAX;

/// Flags of [`State::waiting`]: the queues a tile waits in (`GROUP`: its
/// group, if it is a root, waits for the group-wide island rule).
const LOCAL: u8 = 1;
const CHECK: u8 = 2;
const GROUP: u8 = 4;

#[derive(Clone, Debug)]
pub struct State {
    /// Per tile, the bit set of its orientations still possible.
    candidates: Vec<u8>,
    /// Per tile, the wires all of those orientations have (*must*) and the
    /// wires some of them have (*might*), kept with `candidates`.
    bounds: Vec<(u8, u8)>,
    /// Groups of tiles joined by wires known on both sides (disjoint sets;
    /// a root holds minus its group's size).
    group: U24s,
    /// At a group's root, the number of wires of its tiles.
    wires: U24s,
    /// Per tile, the wires already counted in its group (see `join`).
    joined: Vec<u8>,
    /// The members of each group as a ring: the next tile of the same
    /// group. Two rings join (and part again, on undo) by swapping one
    /// entry of each.
    members: U24s,
    /// At a group's root, its ways out: the wires that may leave it, that
    /// is wires toward a tile of another group that both ends might have.
    /// Kept as tiles narrow and groups join, so the group-wide island rule
    /// looks only at the groups that changed.
    ways: U24s,
    /// Dead ends (Net's rule), if the solve uses them: per tile and
    /// direction, at most how many tiles a wire leaving the tile that way
    /// can reach ([`UNBOUNDED`] when no bound is known, kept as
    /// [`packed::MAX`]).
    dead_ends: Option<U24s>,
    /// Orientations removed so far: a sweep that removes none ends the
    /// propagation.
    progress: u64,
    /// Tile looks so far (bounds the work of a lookahead probe).
    pub looks: u64,
    /// Lookahead probes so far (bounds the lookahead of a solve).
    pub probes: u64,
    /// Tiles waiting for the local rule, a stack, and below it the tiles
    /// `first_look..` that were never looked at (every tile starts waiting,
    /// lowest first: kept as a counter, not four bytes a tile).
    local_queue: Stack,
    first_look: usize,
    /// Tiles waiting for the dearer per-tile checks (loop, island), a stack.
    check_queue: Stack,
    /// Groups (by a tile that was their root) whose wires out or ways out
    /// changed since the group-wide island rule last looked at them.
    group_queue: Stack,
    /// Per tile, the queues it waits in ([`LOCAL`], [`CHECK`]).
    waiting: Vec<u8>,
    /// The tiles that may still be undecided: all of them, or in a search
    /// those undecided at its root (no state below it has others), so that
    /// a sweep at a node costs work in proportion to them, not the board.
    scope: Option<Vec<u32>>,
    /// Whether a join queues the checks of the tiles around the smaller
    /// group (for a search that does not sweep; see [`State::focus`]).
    rechecks: bool,
    /// The tile chosen by the last guess: the next guess is made near it,
    /// so that the search finishes one tangle before it starts another.
    pub last_guess: Option<usize>,
    /// If kept (for hints): each tile as a rule decides it, in order, with
    /// the technique and the directions of the neighbours that forced it.
    pub log: Option<Vec<Decided>>,
    /// If kept (the unique generator's rounds, [`crate::rules::replay`]):
    /// every step of a rule that narrowed a tile, in order, as
    /// `tile << 2 | kind` ([`crate::rules::Step`]), so that the next round,
    /// on a board changed in a few tiles, can take the same steps first.
    trace: Option<Vec<u32>>,
    /// While searching or looking ahead: every change, newest last, so that
    /// an assumption is taken back by undoing (see [`State::undo_to`])
    /// rather than by keeping a copy of the whole state per guess.
    trail: Option<Vec<Undo>>,
    /// Large groups, as `(root, size, ways out)`, whose every way out was
    /// taken as a wire when they had that size and those ways (see
    /// [`State::exits_taken`]).
    exits_taken: Vec<(u32, u32, u32)>,
}

/// A tile decided by a rule (see [`State::log`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    /// The tile.
    pub tile: u32,
    /// The technique of the step that left it one orientation.
    pub technique: Technique,
    /// Bit `d`: the neighbour toward `d` (or the board's edge) took part.
    pub because: u8,
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
    /// size entry, wire count and ways out.
    Join {
        small: u32,
        big: u32,
        group: i32,
        wires: u32,
        ways: u32,
    },
    /// A dead-end bound (index into `dead_ends`) and its old value.
    DeadEnd { slot: u32, bound: u32 },
}

impl State {
    /// Every orientation possible, every tile waiting to be looked at; with
    /// dead-end bounds if `dead_ends`.
    pub fn new(problem: &Problem<'_>, dead_ends: bool) -> State {
        let candidates = (0..problem.len())
            .map(|t| problem.all_candidates(t))
            .collect();
        let mut state = State::with_candidates(problem, candidates);
        state.dead_ends = dead_ends.then(|| U24s::new(problem.len() * problem.dirs, packed::MAX));
        state.waiting.fill(LOCAL);
        state.first_look = 0;
        state
    }

    /// The orientations `candidates` possible (each a subset of the
    /// tile's, holding a solution), no groups joined yet, no dead-end
    /// bounds, and no tile waiting: the caller joins the known wires
    /// ([`crate::rules::local::join_known_wires`]) and queues the tiles to
    /// look at (the carried rounds of [`crate::carried`]).
    pub fn with_candidates(problem: &Problem<'_>, candidates: Vec<u8>) -> State {
        let n = problem.len();
        let bounds: Vec<(u8, u8)> = (0..n).map(|t| bounds(problem, t, candidates[t])).collect();
        let ways = (0..n)
            .map(|t| {
                bits(bounds[t].1)
                    .filter(|&d| {
                        problem
                            .neighbour(t, Dir(d as u8))
                            .is_some_and(|o| bounds[o].1 & problem.back[d] != 0)
                    })
                    .count() as u32
            })
            .collect();
        State {
            candidates,
            bounds,
            group: U24s::new(n, packed::MAX),
            wires: problem.board.tiles().iter().map(|t| t.degree()).collect(),
            joined: vec![0; n],
            members: (0..n as u32).collect(),
            ways,
            dead_ends: None,
            progress: 0,
            looks: 0,
            probes: 0,
            local_queue: Stack::default(),
            first_look: n,
            check_queue: Stack::default(),
            group_queue: Stack::default(),
            waiting: vec![0; n],
            scope: None,
            rechecks: false,
            last_guess: None,
            log: None,
            trace: None,
            trail: None,
            exits_taken: Vec::new(),
        }
    }

    // --- Candidates -------------------------------------------------------

    /// The bit set of `tile`'s orientations still possible.
    #[inline]
    pub fn candidates(&self, tile: usize) -> u8 {
        self.candidates[tile]
    }

    /// How many orientations `tile` has left.
    #[inline]
    pub fn left(&self, tile: usize) -> u32 {
        self.candidates[tile].count_ones()
    }

    /// The orientations still possible for `tile`, as indices.
    pub fn choices(&self, tile: usize) -> impl Iterator<Item = usize> + use<> {
        bits(self.candidates[tile])
    }

    /// Orientations removed so far (never decreases, not even on undo).
    pub fn progress(&self) -> u64 {
        self.progress
    }

    /// Wires every remaining orientation of `tile` has.
    #[inline]
    pub fn must(&self, tile: usize) -> u8 {
        self.bounds[tile].0
    }

    /// Wires some remaining orientation of `tile` has.
    #[inline]
    pub fn might(&self, tile: usize) -> u8 {
        self.bounds[tile].1
    }

    /// `tile`'s *must* and *might* wires together.
    #[inline]
    pub fn wire_bounds(&self, tile: usize) -> (u8, u8) {
        self.bounds[tile]
    }

    /// Whether some remaining orientation of `tile` has a wire toward `d`.
    pub(crate) fn might_wire(&self, tile: usize, d: usize) -> bool {
        self.might(tile) & 1 << d != 0
    }

    /// Keep only the orientations of `tile` in `keep` (a subset of its
    /// candidates); an empty set is a contradiction. Returns whether
    /// anything was removed. The tile waits for the local rule again.
    pub fn narrow(
        &mut self,
        problem: &Problem<'_>,
        tile: usize,
        keep: u8,
    ) -> Result<bool, Contradiction> {
        let before = self.candidates[tile];
        let after = before & keep;
        if after == 0 {
            return Err(Contradiction);
        }
        if after == before {
            return Ok(false);
        }
        let old = self.bounds[tile];
        self.record(Undo::Candidates {
            tile: tile as u32,
            candidates: before,
            bounds: old,
        });
        self.candidates[tile] = after;
        self.bounds[tile] = bounds(problem, tile, after);
        self.progress += 1;
        let lost = old.1 & !self.bounds[tile].1;
        self.count_ways(problem, tile, lost, false);
        Ok(true)
    }

    /// The wires of `tile` toward `dirs` stop (or, on undo, start again)
    /// being ways out of its group and of the group across: count them.
    fn count_ways(&mut self, problem: &Problem<'_>, tile: usize, dirs: u8, gained: bool) {
        for d in bits(dirs) {
            let Some(other) = problem.neighbour(tile, Dir(d as u8)) else {
                continue;
            };
            if self.might(other) & problem.back[d] == 0 {
                continue;
            }
            let (a, b) = (self.root(tile), self.root(other));
            if a == b {
                continue;
            }
            for root in [a, b] {
                if gained {
                    self.ways.set(root, self.ways.get(root) + 1);
                } else {
                    self.ways.set(root, self.ways.get(root) - 1);
                    self.enqueue_group(root);
                }
            }
        }
    }

    /// [`State::narrow`] by a rule: `technique`, forced by the neighbours
    /// toward `because`; a tile it decides goes into the log, if kept.
    pub fn narrow_by(
        &mut self,
        problem: &Problem<'_>,
        tile: usize,
        keep: u8,
        technique: Technique,
        because: u8,
    ) -> Result<bool, Contradiction> {
        let changed = self.narrow(problem, tile, keep)?;
        if changed
            && self.left(tile) == 1
            && let Some(log) = &mut self.log
        {
            log.push(Decided {
                tile: tile as u32,
                technique,
                because,
            });
        }
        Ok(changed)
    }

    /// The orientations of `tile` whose wires include `need` and avoid
    /// `forbid`, among its candidates.
    pub fn fitting(&self, problem: &Problem<'_>, tile: usize, need: u8, forbid: u8) -> u8 {
        let masks = &problem.orientations(tile);
        bits(self.candidates[tile])
            .filter(|&k| masks[k] & need == need && masks[k] & forbid == 0)
            .fold(0u8, |c, k| c | 1 << k)
    }

    /// Keep only the orientations of `tile` that look like `as_is`.
    pub fn pin(
        &mut self,
        problem: &Problem<'_>,
        tile: usize,
        as_is: Tile,
    ) -> Result<(), Contradiction> {
        let masks = &problem.orientations(tile);
        let keep = bits(self.candidates[tile])
            .filter(|&k| masks[k] == as_is.0)
            .fold(0u8, |c, k| c | 1 << k);
        self.narrow(problem, tile, keep)?;
        self.enqueue(tile);
        Ok(())
    }

    /// Keep only orientation `k` of `tile` (an assumption: a guess or a
    /// lookahead probe), and look at it next.
    pub fn assume(&mut self, problem: &Problem<'_>, tile: usize, k: usize) {
        // `k` is one of the candidates, so the set is never empty.
        let _ = self.narrow(problem, tile, 1 << k);
        self.enqueue(tile);
    }

    /// Per tile, its orientation if only one is left.
    pub fn decided(&self, problem: &Problem<'_>) -> Vec<Option<Tile>> {
        self.candidates
            .iter()
            .enumerate()
            .map(|(tile, &c)| {
                (c.count_ones() == 1)
                    .then(|| Tile(problem.orientations(tile)[c.trailing_zeros() as usize]))
            })
            .collect()
    }

    /// How many tiles have more than one orientation left.
    pub fn undecided(&self) -> usize {
        self.candidates
            .iter()
            .filter(|c| c.count_ones() > 1)
            .count()
    }

    /// From now on, look only at the tiles undecided now: the search's
    /// root calls this, as nothing below it undecides a tile. If the
    /// search does not sweep, `rechecks` has joins queue the checks that a
    /// sweep would have made near them.
    pub fn focus(&mut self, rechecks: bool) {
        self.rechecks = rechecks;
        let undecided = (0..self.candidates.len() as u32).filter(|&t| self.left(t as usize) > 1);
        self.scope = Some(undecided.collect());
    }

    /// Whether a join queues the checks of the tiles around the smaller
    /// group, as after [`State::focus`], but with no change of scope.
    pub fn set_rechecks(&mut self, rechecks: bool) {
        self.rechecks = rechecks;
    }

    /// Each tile's orientations still possible (the state is spent).
    pub fn into_candidates(self) -> Vec<u8> {
        self.candidates
    }

    /// How many tiles may still be undecided ([`State::focus`]).
    pub fn scope_len(&self) -> usize {
        self.scope.as_ref().map_or(self.candidates.len(), Vec::len)
    }

    /// The `i`th tile that may still be undecided.
    #[inline]
    pub fn scope_at(&self, i: usize) -> usize {
        self.scope.as_ref().map_or(i, |scope| scope[i] as usize)
    }

    /// The decided tiles, if every tile is decided. Built as tiles, a byte
    /// each: collected from [`State::decided`], the vector would keep that
    /// one's allocation of two bytes a tile, and a search holding many
    /// solutions twice the memory it needs.
    pub fn tiles(&self, problem: &Problem<'_>) -> Option<Vec<Tile>> {
        let mut tiles = Vec::with_capacity(self.candidates.len());
        for (tile, &c) in self.candidates.iter().enumerate() {
            if c.count_ones() != 1 {
                return None;
            }
            tiles.push(Tile(
                problem.orientations(tile)[c.trailing_zeros() as usize],
            ));
        }
        Some(tiles)
    }

    // --- Groups -----------------------------------------------------------

    /// The root of `tile`'s group.
    pub fn root(&mut self, mut tile: usize) -> usize {
        while self.group.get_signed(tile) >= 0 {
            let parent = self.group.get(tile) as usize;
            // Path splitting (each tile on the way is pointed at its
            // grandparent), but not while the trail is kept: undoing it
            // would cost more than it saves (union by size keeps paths
            // short).
            if self.group.get_signed(parent) >= 0 && self.trail.is_none() {
                self.group.set(tile, self.group.get(parent));
            }
            tile = parent;
        }
        tile
    }

    /// The number of tiles in the group of `root`.
    #[inline]
    pub fn size(&self, root: usize) -> usize {
        (-self.group.get_signed(root)) as usize
    }

    /// The number of wires of the tiles in the group of `root`.
    #[inline]
    pub fn wires(&self, root: usize) -> u32 {
        self.wires.get(root)
    }

    /// The wires that leave the group of `root` in any solution: a tree
    /// group of `k` tiles with `D` wires has `D - 2(k - 1)`.
    pub fn wires_out(&self, root: usize) -> i64 {
        i64::from(self.wires.get(root)) - 2 * (self.size(root) as i64 - 1)
    }

    /// Whether the wire from `tile` toward `d` is already counted in its
    /// group.
    #[inline]
    pub fn is_joined(&self, tile: usize, d: usize) -> bool {
        self.joined[tile] & 1 << d != 0
    }

    /// Join the groups of `a` and `b`, known to be wired together (from
    /// `a` toward direction `d`). A wire between two tiles of one group
    /// closes a loop, and a group left with no wire out that is not the
    /// whole board is cut off: both are contradictions.
    pub fn join(
        &mut self,
        problem: &Problem<'_>,
        a: usize,
        d: usize,
        b: usize,
    ) -> Result<(), Contradiction> {
        if self.is_joined(a, d) {
            return Ok(());
        }
        for (tile, bit) in [(a, 1 << d), (b, problem.back[d])] {
            self.record(Undo::Joined {
                tile: tile as u32,
                joined: self.joined[tile],
            });
            self.joined[tile] |= bit;
        }
        let (big, small) = self.big_and_small(a, b)?;
        let between = self.ways_between(problem, small, big);
        self.record(Undo::Join {
            small: small as u32,
            big: big as u32,
            group: self.group.get_signed(big),
            wires: self.wires.get(big),
            ways: self.ways.get(big),
        });
        self.merge_groups(small, big);
        let ways = self.ways.get(big) + self.ways.get(small) - 2 * between;
        self.ways.set(big, ways);
        self.enqueue_group(big);
        if self.size(big) < problem.len() && self.wires_out(big) <= 0 {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// Join every two neighbours that must both have the wire between
    /// them, at once: what [`crate::rules::local::join_known_wires`] on
    /// every tile does, for a fresh state ([`State::with_candidates`]),
    /// without walking groups for the ways out between them (counted once
    /// at the end) and with no group waiting for the group-wide rule.
    /// A loop or a group cut off is a contradiction.
    pub fn join_all_known(&mut self, problem: &Problem<'_>) -> Result<(), Contradiction> {
        debug_assert!(
            self.trail.is_none() && (0..self.group.len()).all(|t| self.group.get_signed(t) == -1)
        );
        for tile in 0..problem.len() {
            for d in bits(self.must(tile) & !self.joined[tile]) {
                if let Some(other) = problem.neighbour(tile, Dir(d as u8))
                    && self.must(other) & problem.back[d] != 0
                {
                    self.joined[tile] |= 1 << d;
                    self.joined[other] |= problem.back[d];
                    self.union(tile, other)?;
                }
            }
        }
        self.ways.fill(0);
        for tile in 0..problem.len() {
            // A joined wire is inside a group: no way out.
            for d in bits(self.might(tile) & !self.joined[tile]) {
                if let Some(other) = problem.neighbour(tile, Dir(d as u8))
                    && self.might(other) & problem.back[d] != 0
                {
                    let root = self.root(tile);
                    if root != self.root(other) {
                        self.ways.set(root, self.ways.get(root) + 1);
                    }
                }
            }
        }
        let n = problem.len();
        for tile in 0..n {
            if self.group.get_signed(tile) < 0 && self.size(tile) < n && self.wires_out(tile) <= 0 {
                return Err(Contradiction);
            }
        }
        Ok(())
    }

    /// The groups of `a` and `b` become one (by size; no ways out kept).
    fn union(&mut self, a: usize, b: usize) -> Result<(), Contradiction> {
        let (big, small) = self.big_and_small(a, b)?;
        self.merge_groups(small, big);
        Ok(())
    }

    /// The roots of the groups of `a` and `b`, the bigger first; the same
    /// group twice is a loop, a contradiction.
    fn big_and_small(&mut self, a: usize, b: usize) -> Result<(usize, usize), Contradiction> {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return Err(Contradiction);
        }
        // A root holds minus its size: the smaller number is the bigger group.
        Ok(if self.group.get_signed(ra) <= self.group.get_signed(rb) {
            (ra, rb)
        } else {
            (rb, ra)
        })
    }

    /// `small`'s group (a root) becomes part of `big`'s: sizes, wires and
    /// member rings joined (ways out are the caller's).
    fn merge_groups(&mut self, small: usize, big: usize) {
        let size = self.group.get_signed(big) + self.group.get_signed(small);
        self.group.set_signed(big, size);
        self.group.set(small, big as u32);
        self.wires
            .set(big, self.wires.get(big) + self.wires.get(small));
        self.members.swap(small, big);
    }

    /// The ways out of `small`'s group that lead into `big`'s (both
    /// roots): walked from the smaller group's members. The undecided tiles
    /// of the group and at its ways out wait for their checks on the way:
    /// a tile with wires toward both groups may now close a loop.
    fn ways_between(&mut self, problem: &Problem<'_>, small: usize, big: usize) -> u32 {
        let mut count = 0;
        // The ring is walked by hand: `root` below needs `self` mutably.
        let mut tile = small;
        loop {
            if self.rechecks && self.left(tile) > 1 {
                self.enqueue_check(tile);
            }
            for d in bits(self.might(tile)) {
                let Some(other) = problem.neighbour(tile, Dir(d as u8)) else {
                    continue;
                };
                if self.might(other) & problem.back[d] == 0 {
                    continue;
                }
                if self.rechecks && self.left(other) > 1 {
                    self.enqueue_check(other);
                }
                if self.root(other) == big {
                    count += 1;
                }
            }
            tile = self.members.get(tile) as usize;
            if tile == small {
                return count;
            }
        }
    }

    /// The ways out of the group of `root`.
    #[inline]
    pub fn ways(&self, root: usize) -> u32 {
        self.ways.get(root)
    }

    /// Whether every way out of the group of `root` is known to be taken
    /// as a wire already: it was, and the group has neither joined another
    /// (its size is the same) nor lost a way since (ways only go, so the
    /// same count is the same ways). Taking them again would narrow nothing;
    /// on a huge board this spares a walk over a huge group's members each
    /// time a tile beside it is looked at.
    pub fn exits_taken(&self, root: usize) -> bool {
        let now = (root as u32, self.size(root) as u32, self.ways(root));
        self.exits_taken.contains(&now)
    }

    /// Note that every way out of the group of `root` is taken as a wire.
    pub fn note_exits_taken(&mut self, root: usize) {
        const KEPT: usize = 8;
        let now = (root as u32, self.size(root) as u32, self.ways(root));
        self.exits_taken.retain(|&(r, _, _)| r != now.0);
        if self.exits_taken.len() == KEPT {
            self.exits_taken.remove(0);
        }
        self.exits_taken.push(now);
    }

    /// The tiles of the group of `root`, `root` first.
    pub fn members_of(&self, root: usize) -> impl Iterator<Item = usize> + '_ {
        let mut next = Some(root);
        std::iter::from_fn(move || {
            let tile = next?;
            let after = self.members.get(tile) as usize;
            next = (after != root).then_some(after);
            Some(tile)
        })
    }

    // --- Dead ends --------------------------------------------------------

    /// Whether this solve keeps dead-end bounds.
    pub fn has_dead_ends(&self) -> bool {
        self.dead_ends.is_some()
    }

    /// At most how many tiles a wire from `tile` toward `d` can reach.
    #[inline]
    pub fn dead_end(&self, problem: &Problem<'_>, tile: usize, d: usize) -> u32 {
        match self
            .dead_ends
            .as_ref()
            .map(|bounds| bounds.get(tile * problem.dirs + d))
        {
            Some(bound) if bound != packed::MAX => bound,
            _ => UNBOUNDED,
        }
    }

    /// Lower the dead-end bound of `tile` toward `d` to `bound`; whether it
    /// was lowered.
    pub fn lower_dead_end(
        &mut self,
        problem: &Problem<'_>,
        tile: usize,
        d: usize,
        bound: u32,
    ) -> bool {
        let slot = tile * problem.dirs + d;
        let Some(old) = self.dead_ends.as_ref().map(|b| b.get(slot)) else {
            return false;
        };
        if bound >= old {
            return false;
        }
        self.record(Undo::DeadEnd {
            slot: slot as u32,
            bound: old,
        });
        if let Some(bounds) = &mut self.dead_ends {
            bounds.set(slot, bound);
        }
        true
    }

    // --- Work queues ------------------------------------------------------

    /// The next tile for the local rule: the newest waiting, else the
    /// lowest never looked at.
    pub fn next_local(&mut self) -> Option<usize> {
        let tile = match self.local_queue.pop() {
            Some(tile) => tile as usize,
            None if self.first_look < self.waiting.len() => {
                self.first_look += 1;
                self.first_look - 1
            }
            None => return None,
        };
        self.waiting[tile] &= !LOCAL;
        self.looks += 1;
        Some(tile)
    }

    /// The next tile for the per-tile loop and island checks.
    pub fn next_check(&mut self) -> Option<usize> {
        let tile = self.check_queue.pop()? as usize;
        self.waiting[tile] &= !CHECK;
        Some(tile)
    }

    /// The next group (by a tile that was its root when it changed) for
    /// the group-wide island rule.
    pub fn next_group(&mut self) -> Option<usize> {
        let tile = self.group_queue.pop()? as usize;
        self.waiting[tile] &= !GROUP;
        Some(tile)
    }

    /// Let the group of `tile` wait for the group-wide island rule.
    pub fn enqueue_group_of(&mut self, tile: usize) {
        let root = self.root(tile);
        self.enqueue_group(root);
    }

    /// Let the group of `root` wait for the group-wide island rule.
    fn enqueue_group(&mut self, root: usize) {
        if self.waiting[root] & GROUP == 0 {
            self.waiting[root] |= GROUP;
            self.group_queue.push(root as u32);
        }
    }

    /// Whether any tile waits for the local rule or the checks, or any
    /// group for the group-wide rule.
    pub fn has_queued(&self) -> bool {
        !self.local_queue.is_empty()
            || !self.check_queue.is_empty()
            || !self.group_queue.is_empty()
            || self.first_look < self.waiting.len()
    }

    /// Let `tile` wait for the local rule.
    pub fn enqueue(&mut self, tile: usize) {
        if self.waiting[tile] & LOCAL == 0 {
            self.waiting[tile] |= LOCAL;
            self.local_queue.push(tile as u32);
        }
    }

    /// Let `tile` wait for the per-tile loop and island checks.
    pub fn enqueue_check(&mut self, tile: usize) {
        if self.waiting[tile] & CHECK == 0 {
            self.waiting[tile] |= CHECK;
            self.check_queue.push(tile as u32);
        }
    }

    /// Forget all pending work.
    fn clear_queues(&mut self) {
        for queue in [
            &mut self.local_queue,
            &mut self.check_queue,
            &mut self.group_queue,
        ] {
            while let Some(tile) = queue.pop() {
                self.waiting[tile as usize] = 0;
            }
        }
        for tile in std::mem::replace(&mut self.first_look, self.waiting.len())..self.waiting.len()
        {
            self.waiting[tile] = 0;
        }
    }

    // --- The trace --------------------------------------------------------

    /// From now on, append every rule step that narrows a tile to `trace`.
    pub fn start_trace(&mut self, trace: Vec<u32>) {
        self.trace = Some(trace);
    }

    /// The steps traced so far (and stop tracing).
    pub fn take_trace(&mut self) -> Option<Vec<u32>> {
        self.trace.take()
    }

    /// Trace a step of `kind` that narrowed `tile`, if tracing.
    #[inline]
    pub fn trace_step(&mut self, tile: usize, kind: u32) {
        if let Some(trace) = &mut self.trace {
            trace.push((tile as u32) << 2 | kind);
        }
    }

    /// Let every tile wait for the local rule again, lowest first, and
    /// every group for the group-wide rule: the propagation that follows
    /// looks at everything, as one from the start would.
    pub fn requeue_all(&mut self) {
        self.clear_queues();
        self.first_look = 0;
        for tile in 0..self.waiting.len() {
            self.waiting[tile] = LOCAL;
            if self.group.get_signed(tile) < 0 {
                self.enqueue_group(tile);
            }
        }
    }

    // --- The trail --------------------------------------------------------

    /// Whether changes are being recorded.
    pub fn has_trail(&self) -> bool {
        self.trail.is_some()
    }

    /// From now on, record every change so that it can be undone.
    pub fn start_trail(&mut self) {
        self.trail = Some(Vec::new());
    }

    /// Stop recording changes (they can no longer be undone).
    pub fn drop_trail(&mut self) {
        self.trail = None;
    }

    /// A point to come back to with [`State::undo_to`].
    pub fn mark(&self) -> usize {
        self.trail.as_ref().map_or(0, Vec::len)
    }

    /// Undo every change made since `mark`, and forget the pending work.
    pub fn undo_to(&mut self, problem: &Problem<'_>, mark: usize) {
        while let Some(change) = self
            .trail
            .as_mut()
            .filter(|t| t.len() > mark)
            .and_then(Vec::pop)
        {
            self.undo(problem, change);
        }
        self.exits_taken.clear();
        self.clear_queues();
    }

    fn undo(&mut self, problem: &Problem<'_>, change: Undo) {
        match change {
            Undo::Candidates {
                tile,
                candidates,
                bounds,
            } => {
                let tile = tile as usize;
                let regained = bounds.1 & !self.bounds[tile].1;
                self.candidates[tile] = candidates;
                self.bounds[tile] = bounds;
                self.count_ways(problem, tile, regained, true);
            }
            Undo::Joined { tile, joined } => self.joined[tile as usize] = joined,
            Undo::Join {
                small,
                big,
                group,
                wires,
                ways,
            } => {
                let (small, big) = (small as usize, big as usize);
                let small_size = self.group.get_signed(big) - group;
                self.group.set_signed(small, small_size);
                self.group.set_signed(big, group);
                self.wires.set(big, wires);
                self.ways.set(big, ways);
                self.members.swap(small, big);
            }
            Undo::DeadEnd { slot, bound } => {
                if let Some(bounds) = &mut self.dead_ends {
                    bounds.set(slot as usize, bound);
                }
            }
        }
    }

    fn record(&mut self, change: Undo) {
        if let Some(trail) = &mut self.trail {
            trail.push(change);
        }
    }
}

/// The indices of the set bits of `set`, lowest first.
pub fn bits(set: u8) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        let bit = rest.trailing_zeros() as usize;
        rest &= rest.wrapping_sub(1);
        (bit < 8).then_some(bit)
    })
}

/// The *must* and *might* wires of a set of orientations of `tile`.
fn bounds(problem: &Problem<'_>, tile: usize, candidates: u8) -> (u8, u8) {
    let masks = &problem.orientations(tile);
    bits(candidates).fold((0xff, 0), |(must, might), k| {
        (must & masks[k], might | masks[k])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, propagate};
    use crate::stats::{Rating, Stats};
    use lightemall_gen::Params;
    use lightemall_model::Board;

    /// Every group's ways out, counted from scratch, equal those kept.
    fn check_ways(state: &mut State, problem: &Problem<'_>) {
        let n = problem.len();
        let mut counted = vec![0u32; n];
        for tile in 0..n {
            for d in bits(state.might(tile)) {
                if let Some(other) = problem.neighbour(tile, Dir(d as u8))
                    && state.might(other) & problem.back[d] != 0
                    && state.root(tile) != state.root(other)
                {
                    counted[state.root(tile)] += 1;
                }
            }
        }
        for (tile, &ways) in counted.iter().enumerate() {
            if state.root(tile) == tile {
                assert_eq!(state.ways(tile), ways, "ways of group {tile}");
                assert_eq!(state.members_of(tile).count(), state.size(tile));
            }
        }
    }

    /// The reasoning's result does not depend on the order the tiles are
    /// first looked at (a shuffled stack instead of index order), for
    /// every level without lookahead, with dead ends or without: what the
    /// rules decide is their common fixpoint, not an accident of order.
    /// So [`Rules::fixpoint`], which skips looks that cannot conclude
    /// anything, decides the same (the generators' rounds rely on it).
    #[test]
    fn what_reasoning_decides_does_not_depend_on_the_order_of_looks() {
        use lightemall_gen::random::{Random, Stream};
        let mut random = Random::new(11, Stream::Reroute);
        let mut differ = Vec::new();
        let mut compared = 0;
        for id in [
            "square:30x30:kruskal:hard#3",
            "square:20x20w:kruskal:hard#4",
            "hex:20x20w:kruskal:hard#5",
            "hex:24x20:unique:medium#1",
            "octo:16x16:kruskal:hard#6",
            "octo:20x20:unique:medium#2",
            "octo:12x12w:kruskal:medium#7",
            "square:25x25:graded:medium#8",
            "octo:20x20:graded:medium#9",
        ] {
            let params: Params = id.parse().expect("valid id");
            let board: Board = crate::generate(&params).expect("generates").board;
            let problem = Problem::new(&board);
            let n = problem.len();
            for dead_ends in [false, true] {
                for level in [Rating::Easy, Rating::Medium] {
                    let rules = Rules::up_to(level);
                    let mut stats = Stats::default();
                    let mut canonical = State::new(&problem, dead_ends);
                    propagate(&mut canonical, &problem, &rules, &mut stats).expect("solvable");
                    let mut fast = State::new(&problem, dead_ends);
                    let fixpoint = Rules::fixpoint(level, dead_ends);
                    propagate(&mut fast, &problem, &fixpoint, &mut stats).expect("solvable");
                    if fast.candidates != canonical.candidates {
                        differ.push(format!("{id} {level:?} dead ends {dead_ends}, fixpoint"));
                    }
                    for _ in 0..4 {
                        let rules = if random.below(2) == 0 {
                            rules
                        } else {
                            fixpoint
                        };
                        let mut order: Vec<u32> = (0..n as u32).collect();
                        for i in (1..n).rev() {
                            order.swap(i, random.below(i as u32 + 1) as usize);
                        }
                        let mut shuffled = State::new(&problem, dead_ends);
                        shuffled.local_queue = Stack::of(order);
                        shuffled.first_look = n;
                        propagate(&mut shuffled, &problem, &rules, &mut stats).expect("solvable");
                        compared += 1;
                        if shuffled.candidates != canonical.candidates {
                            differ.push(format!("{id} {level:?} dead ends {dead_ends}"));
                        }
                    }
                }
            }
        }
        assert!(compared > 100);
        assert!(differ.is_empty(), "order changed the result: {differ:#?}");
    }

    #[test]
    fn a_solution_takes_a_byte_a_tile() {
        let params: Params = "square:12x12:unique:medium#1".parse().expect("valid id");
        let board: Board = crate::generate(&params).expect("generates").board;
        let problem = Problem::new(&board);
        let mut state = State::new(&problem, false);
        let rules = Rules::up_to(Rating::Medium);
        propagate(&mut state, &problem, &rules, &mut Stats::default()).expect("solvable");
        let tiles = state.tiles(&problem).expect("reasoning settles it");
        assert_eq!((tiles.len(), tiles.capacity()), (144, 144));
    }

    #[test]
    fn ways_out_and_members_are_kept_through_guesses_and_undo() {
        let mut assumed = 0;
        for id in [
            "square:30x30:kruskal:hard#3",
            "square:20x20w:kruskal:hard#4",
            "hex:20x20w:kruskal:hard#5",
            "octo:16x16:kruskal:hard#6",
        ] {
            let params: Params = id.parse().expect("valid id");
            let board: Board = lightemall_gen::generate(&params).expect("generates").board;
            let problem = Problem::new(&board);
            let mut state = State::new(&problem, true);
            let mut stats = Stats::default();
            let rules = Rules::up_to(Rating::Medium);
            check_ways(&mut state, &problem);
            propagate(&mut state, &problem, &rules, &mut stats).expect("solvable");
            check_ways(&mut state, &problem);
            state.start_trail();
            let root = state.mark();
            // Assume the first orientation of undecided tiles, one after
            // another, checking after each and after each undo.
            let mut marks = Vec::new();
            while let Some(tile) = (0..problem.len()).find(|&t| state.left(t) > 1) {
                marks.push(state.mark());
                let k = state.choices(tile).next().expect("a choice");
                state.assume(&problem, tile, k);
                assumed += 1;
                let ok = propagate(&mut state, &problem, &rules, &mut stats).is_ok();
                check_ways(&mut state, &problem);
                if !ok {
                    break;
                }
            }
            while let Some(mark) = marks.pop() {
                state.undo_to(&problem, mark);
                check_ways(&mut state, &problem);
            }
            state.undo_to(&problem, root);
            check_ways(&mut state, &problem);
        }
        assert!(assumed > 10, "the boards need guesses: {assumed} made");
    }
}
