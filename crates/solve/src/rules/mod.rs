//! The named techniques, in the order a person learns them, and the
//! propagation that applies them cheapest first.
//!
//! - [`local`]: a tile agrees with each neighbour about the wire between
//!   them (must / must-not / might), and no wire leaves the
//!   board or crosses a barrier.
//! - [`loops`]: an orientation that would close a cycle is out.
//! - [`islands`]: an orientation that would close off a group, or a dead
//!   end, short of the whole board is out; a group with as many wires out
//!   as ways out takes them all.
//! - [`lookahead`]: an orientation that, assumed, leads the rules above to
//!   a contradiction is out.
//! - guessing is the search's ([`crate::search`]), not a rule.
//!
//! [`propagate`] runs `local` until it stalls, then the per-tile `loop`
//! and `island` checks one tile at a time (back to `local` after each that
//! concludes something), then the group-wide `island` rule, a sweep over
//! every undecided tile (groups far away may have grown), and only when
//! all of that stalls, `lookahead`. So each technique is used only where
//! every cheaper one is stuck, and the work counted per technique
//! ([`Stats`]) says what a puzzle needs.

pub mod islands;
pub mod local;
pub mod lookahead;
pub mod loops;

use crate::problem::Problem;
use crate::state::{Contradiction, State};
pub use crate::stats::Technique;
use crate::stats::{Rating, Stats};
use lightemall_model::Dir;

/// How far a propagation may go.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The dearest technique allowed: `Easy` is `local` alone, `Medium`
    /// adds `loop` and `island`, `Hard` (and `Fiendish`) `lookahead`.
    pub level: Rating,
    /// Only work near the changes: no sweep, no group-wide rule (the
    /// lookahead's probes, which must cost work near the assumption).
    pub near_only: bool,
    /// Stop (without a verdict) once the state has made this many tile
    /// looks: a probe's bound.
    pub stop_at: u64,
    /// Sweep every undecided tile when the queues run dry. Joins already
    /// queue the tiles around the smaller group, so a sweep finds little;
    /// the root's reasoning sweeps (a puzzle's rating must not miss a
    /// deduction), a search node may skip it.
    pub sweep: bool,
    /// After a tile narrows, look again only at the neighbours on the
    /// sides where its wires changed (must or might), not at all of them.
    /// Sound for any reasoning (a neighbour's `local` reads only the side
    /// facing it, and the sweep catches the checks), and the fixpoint it
    /// reaches is the same, as the rules' conclusions do not depend on
    /// the order they are drawn in. But the number of looks and the order
    /// of the work change, so it is only for a solve whose budgets do not
    /// count looks and whose caller asks for the fixpoint alone: the
    /// generators' rounds ([`Rules::fixpoint`]). Not with dead ends past
    /// `local` (a decided tile passes them on when checked, which no sweep
    /// repeats).
    pub changed_sides_only: bool,
}

impl Rules {
    /// Every technique up to `level`, run to the end.
    pub fn up_to(level: Rating) -> Rules {
        Rules {
            level,
            near_only: false,
            stop_at: u64::MAX,
            sweep: true,
            changed_sides_only: false,
        }
    }

    /// [`Rules::up_to`] for a caller that wants only what the rules decide
    /// in the end, not their work or its order: with
    /// [`Rules::changed_sides_only`] where that is sound (below lookahead,
    /// whose budgets count looks; no dead ends past `local`), so that fewer
    /// looks reach the same fixpoint.
    pub fn fixpoint(level: Rating, dead_ends: bool) -> Rules {
        Rules {
            changed_sides_only: level < Rating::Hard && (!dead_ends || level == Rating::Easy),
            ..Rules::up_to(level)
        }
    }

    fn allows(&self, technique: Technique) -> bool {
        technique.level() <= self.level
    }
}

/// What one rule concluded about one tile: the orientations it keeps, and
/// the directions of the neighbours (or the groups beyond them) that force
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The candidates left (a subset of those before).
    pub keep: u8,
    /// Bit `d`: the neighbour toward `d` took part.
    pub because: u8,
}

/// Apply the rules until nothing changes, cheapest first.
pub fn propagate(
    state: &mut State,
    problem: &Problem<'_>,
    rules: &Rules,
    stats: &mut Stats,
) -> Result<(), Contradiction> {
    propagate_on(state, problem, rules, stats, &mut None)
}

/// [`propagate`], to be called again after it stops at `rules.stop_at`
/// with a later stop: `swept_at` (`None` at first) carries the progress
/// at the last sweep from one call to the next, so the calls together do
/// exactly the work of one call without a stop, in the same order.
pub fn propagate_on(
    state: &mut State,
    problem: &Problem<'_>,
    rules: &Rules,
    stats: &mut Stats,
    swept_at: &mut Option<u64>,
) -> Result<(), Contradiction> {
    loop {
        settle(state, problem, rules, stats)?;
        if !rules.allows(Technique::Loop) || rules.near_only || state.looks >= rules.stop_at {
            return Ok(());
        }
        if rules.sweep && *swept_at != Some(state.progress()) {
            // Groups may have grown since a tile was last checked.
            *swept_at = Some(state.progress());
            for i in 0..state.scope_len() {
                let tile = state.scope_at(i);
                if state.left(tile) > 1 {
                    state.enqueue_check(tile);
                }
            }
            continue;
        }
        if !(rules.allows(Technique::Lookahead) && lookahead::run(state, problem, stats)?) {
            return Ok(());
        }
    }
}

/// The work the queues hold: `local` first, then the per-tile checks one
/// tile at a time, then the group-wide island rule.
fn settle(
    state: &mut State,
    problem: &Problem<'_>,
    rules: &Rules,
    stats: &mut Stats,
) -> Result<(), Contradiction> {
    let checks = rules.allows(Technique::Loop);
    loop {
        if state.looks >= rules.stop_at {
            return Ok(());
        }
        if let Some(tile) = state.next_local() {
            local::look(
                state,
                problem,
                tile,
                checks,
                rules.changed_sides_only,
                stats,
            )?;
            continue;
        }
        if !checks {
            return Ok(());
        }
        if let Some(tile) = state.next_check() {
            check(state, problem, tile, rules.changed_sides_only, stats)?;
            continue;
        }
        if rules.near_only {
            return Ok(());
        }
        islands::take_forced_exits(state, problem, stats)?;
        if !state.has_queued() {
            return Ok(());
        }
    }
}

/// The per-tile `loop` and `island` checks of an undecided tile; if they
/// narrow it, it and its neighbours (those on the sides that changed, if
/// `changed_sides_only`) go back to the local rule.
fn check(
    state: &mut State,
    problem: &Problem<'_>,
    tile: usize,
    changed_sides_only: bool,
    stats: &mut Stats,
) -> Result<(), Contradiction> {
    if state.left(tile) < 2 {
        // A decided tile still passes its dead ends on.
        if state.has_dead_ends() {
            islands::pass_dead_ends(state, problem, tile);
        }
        return Ok(());
    }
    let before = state.wire_bounds(tile);
    let around = Around::of(state, problem, tile);
    let by_loop = loop_rule(state, problem, tile, &around, stats)?;
    let by_island = island_rule(state, problem, tile, &around, stats)?;
    if by_loop {
        state.trace_step(tile, Step::Loop as u32);
    }
    if by_island {
        state.trace_step(tile, Step::Island as u32);
    }
    if by_loop || by_island {
        state.enqueue(tile);
        let sides = sides_to_notify(state, tile, before, changed_sides_only);
        for (d, other) in around.neighbours.iter().enumerate() {
            if let Some(other) = other
                && sides & 1 << d != 0
            {
                state.enqueue(*other);
            }
        }
    }
    Ok(())
}

/// The per-tile `loop` check of an undecided tile: whether it narrowed it.
fn loop_rule(
    state: &mut State,
    problem: &Problem<'_>,
    tile: usize,
    around: &Around,
    stats: &mut Stats,
) -> Result<bool, Contradiction> {
    let found = loops::find(state, problem, tile, around);
    stats.loops += u64::from((state.candidates(tile) & !found.keep).count_ones());
    state.narrow_by(problem, tile, found.keep, Technique::Loop, found.because)
}

/// The per-tile `island` checks of an undecided tile (cut off, and dead
/// ends if the solve keeps them): whether they narrowed it.
fn island_rule(
    state: &mut State,
    problem: &Problem<'_>,
    tile: usize,
    around: &Around,
    stats: &mut Stats,
) -> Result<bool, Contradiction> {
    let found = islands::find_cut_off(state, problem, tile, around);
    stats.islands += u64::from((state.candidates(tile) & !found.keep).count_ones());
    let mut changed =
        state.narrow_by(problem, tile, found.keep, Technique::Island, found.because)?;
    if state.has_dead_ends() {
        let found = islands::find_dead_ends(state, problem, tile, around);
        stats.islands += u64::from((state.candidates(tile) & !found.keep).count_ones());
        changed |= state.narrow_by(problem, tile, found.keep, Technique::Island, found.because)?;
        islands::pass_dead_ends(state, problem, tile);
    }
    Ok(changed)
}

/// The kind of a traced rule step ([`State::start_trace`]): what
/// [`replay`] runs again at its tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// `local` narrowed the tile.
    Local = 0,
    /// The per-tile `loop` check narrowed it.
    Loop = 1,
    /// The per-tile `island` checks narrowed it.
    Island = 2,
    /// A group's forced exits narrowed it (the group of the tile or of a
    /// neighbour across a way out).
    Exits = 3,
}

/// Take the traced `steps` of a propagation on another board (the board
/// before a few tiles changed) again, in their order, each as a fresh
/// application of its rule to the state as it is now: what the rule finds
/// here is narrowed, whether or not it is what it found there. `steps`
/// keeps the steps that narrowed something (they are this board's steps).
///
/// Each step is a rule applied to this board, so the state keeps every
/// orientation the fixpoint of the rules keeps; a propagation that then
/// looks at every tile and group again ([`State::requeue_all`]) reaches
/// that fixpoint itself, as the fixpoint does not depend on the order of
/// the work (`what_reasoning_decides_does_not_depend_on_the_order_of_looks`)
/// nor on where below the start it begins, as long as the rules removed
/// every orientation that it lacks. The steps only save looks: where the
/// board did not change they narrow what they narrowed before, without
/// the many looks that found nothing.
pub fn replay(
    state: &mut State,
    problem: &Problem<'_>,
    steps: &mut Vec<u32>,
    stats: &mut Stats,
) -> Result<(), Contradiction> {
    let mut kept = 0;
    for i in 0..steps.len() {
        let step = steps[i];
        let tile = (step >> 2) as usize;
        if tile >= problem.len() {
            continue;
        }
        let narrowed = match step & 3 {
            0 => {
                let found = local::find(state, problem, tile);
                let narrowed =
                    state.narrow_by(problem, tile, found.keep, Technique::Local, found.because)?;
                stats.local += u64::from(narrowed);
                narrowed
            }
            1 | 2 if state.left(tile) < 2 => false,
            1 => {
                let around = Around::of(state, problem, tile);
                loop_rule(state, problem, tile, &around, stats)?
            }
            2 => {
                let around = Around::of(state, problem, tile);
                island_rule(state, problem, tile, &around, stats)?
            }
            _ => islands::take_exits_near(state, problem, tile, stats)?,
        };
        if narrowed {
            local::join_known_wires(state, problem, tile)?;
            steps[kept] = step;
            kept += 1;
        }
    }
    steps.truncate(kept);
    Ok(())
}

/// The sides of `tile` whose neighbours must look again after it narrowed
/// from the wire bounds `before`: every side, or if `changed_sides_only`
/// those where its must or might wires changed.
pub fn sides_to_notify(
    state: &State,
    tile: usize,
    before: (u8, u8),
    changed_sides_only: bool,
) -> u8 {
    if !changed_sides_only {
        return u8::MAX;
    }
    let (must, might) = state.wire_bounds(tile);
    (must ^ before.0) | (might ^ before.1)
}

/// A tile's surroundings, looked up once for all the per-tile checks: its
/// neighbours, its group, and per direction the group a wire would join.
#[derive(Clone, Copy, Debug)]
pub struct Around {
    /// The neighbour a wire toward `d` reaches, if any.
    pub neighbours: [Option<usize>; 8],
    /// The root of the tile's own group.
    pub own: usize,
    /// Per direction with a neighbour: the root of its group, the group's
    /// size and its wires.
    pub roots: [usize; 8],
    pub sizes: [usize; 8],
    pub wires: [u32; 8],
    /// Directions with a neighbour.
    pub reachable: u8,
    /// Directions whose wire both ends must have (already in the group).
    pub known: u8,
}

impl Around {
    pub fn of(state: &mut State, problem: &Problem<'_>, tile: usize) -> Around {
        let mut around = Around {
            neighbours: [None; 8],
            own: state.root(tile),
            roots: [0; 8],
            sizes: [0; 8],
            wires: [0; 8],
            reachable: 0,
            known: 0,
        };
        let must = state.must(tile);
        for d in 0..problem.dirs {
            let Some(other) = problem.neighbour(tile, Dir(d as u8)) else {
                continue;
            };
            let root = state.root(other);
            around.neighbours[d] = Some(other);
            (around.roots[d], around.sizes[d], around.wires[d]) =
                (root, state.size(root), state.wires(root));
            around.reachable |= 1 << d;
            if must & 1 << d != 0 && state.must(other) & problem.back[d] != 0 {
                around.known |= 1 << d;
            }
        }
        around
    }
}
