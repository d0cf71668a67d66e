//! The unique generator: a Kruskal tree, rerouted where the solver finds
//! ambiguity, until the solver proves it has one solution.
//!
//! Each round deduces what the rules prove on the whole board (no
//! guessing) and collects the undecided tiles into regions (connected on
//! the grid). In each region one link of the tree that would join two
//! undecided tiles is added and another link of the loop it closes, next to
//! the region, is dropped (Net's `perturb`), once for every few tiles of the
//! region. The round whose deduction leaves no tile undecided is the proof,
//! so every puzzle it returns has exactly one solution.
//!
//! Boards with no edge to reason from (small wrapping ones, octo wrapping
//! ones) can stall: then the rounds ask the search for two solutions and
//! reroute where they differ, within a budget of guesses
//! ([`GENERATE_GUESSES`]), so a pathological board gives up instead of
//! running on.
//!
//! The `unique2` generator ([`Prover::Carried`]) makes the same kind of
//! puzzle faster, with puzzles of its own: its rounds carry the last
//! round's conclusions and reason again only near the changes
//! ([`crate::carried`], where a deduction from nothing is still the proof),
//! and it repairs only at the edge of the undecided tiles.
//!
//! The puzzles depend on every step here and on the solver's rules: a
//! change to either changes the puzzle a seeded ID names, which the golden
//! tests (`tests/determinism.rs`) catch.

use crate::carried::Carried;
use crate::stats::Rating;
use crate::{Reasoning, Status, solve_classic, undecided_after, undecided_again};
use lightemall_gen::random::{Random, Stream};
use lightemall_gen::{Difficulty, Generator, Link, NoSteps, Params, Rerouter, solution_tree};
use lightemall_model::{Board, Grid, ModelError, Puzzle, Tile, Topology};
use thiserror::Error;

/// The longest loop searched for when rerouting, in tiles visited.
const MAX_VISITS: usize = 4096;

/// A region gets one repair for each this many of its tiles (large regions
/// are many ambiguities side by side).
const SPREAD: usize = 8;

/// The largest region the ladder's prover repairs as Net does, once;
/// larger ones (an octo board's, where neighbour matching settles little)
/// get a repair for every [`SPREAD`] tiles, or the rounds would be many.
const NET_REGION: usize = 64;

/// Rounds without fewer ambiguous tiles than ever before after which a
/// search proof is given up (a deduction proof gets a quarter of them).
const PATIENCE: u32 = 64;

/// The search a unique generation may spend by default, in guesses of the
/// solver over all its search proofs. Most boards need none (reasoning
/// alone proves them); the most seen was 548 (octo, wrapping, 50x50, seed
/// 1). A bound for pathological boards, not a limit on real ones.
pub const GENERATE_GUESSES: u64 = 100_000;

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GenerateError {
    /// The parameters describe no board.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// A wrapping board with a side of 2 tiles reaches the same neighbour
    /// two ways, so some of its tiles always fit in two orientations (Net
    /// refuses these too).
    #[error("a unique wrapping puzzle needs a width and height of at least 3")]
    WrapTooSmall,
    /// Rerouting stopped making progress toward a unique puzzle.
    #[error(
        "found no puzzle with a unique solution for this board \
         ({undecided} tiles stayed ambiguous); try another size or seed"
    )]
    NoUniquePuzzle {
        /// Tiles still undecided at the best round.
        undecided: usize,
    },
    /// No attempt of the graded generator reached the level asked for.
    #[error(
        "found no {level} puzzle for this {size} board in {attempts} attempts: \
         no tree the graded generator made needed {level} reasoning and no more; \
         try another seed or difficulty, or the ladder generator"
    )]
    LevelNotReached {
        /// The level asked for.
        level: Rating,
        /// The board's size, as IDs write it (`10x10w`).
        size: String,
        /// The attempts made.
        attempts: u32,
    },
    /// The generator has no such level (the graded generator's levels are
    /// easy, medium and hard).
    #[error("the {generator} generator has no {difficulty} level; the ladder generator has")]
    NoSuchLevel {
        /// The generator asked.
        generator: Generator,
        /// The level asked.
        difficulty: Difficulty,
    },
    /// No attempt of the ladder generator reached its band of effort.
    #[error(
        "found no {difficulty} puzzle for this {size} board in {attempts} attempts: \
         its band is effort {low}-{high}{}, and the nearest reached {best}; \
         try another seed or difficulty",
        chain_text(*chain)
    )]
    BandNotReached {
        /// The level asked.
        difficulty: Difficulty,
        /// The board's size, as IDs spell it.
        size: String,
        /// The attempts made.
        attempts: u32,
        /// The band's least effort.
        low: u64,
        /// The band's most effort.
        high: u64,
        /// The lookahead chain the band needs at least (0: none).
        chain: u64,
        /// The effort of the nearest puzzle reached.
        best: u64,
    },
    /// The search proofs used up their budget of guesses.
    #[error(
        "gave up: proving this puzzle unique took more than {guesses} guesses; \
         try another size or seed"
    )]
    GaveUp {
        /// The budget.
        guesses: u64,
    },
}

/// How a band's chain reads in [`GenerateError::BandNotReached`].
fn chain_text(chain: u64) -> String {
    match chain {
        0 => String::new(),
        _ => format!(" with a lookahead chain of at least {chain} steps"),
    }
}

/// The unique puzzle of `params` (a `unique` ID with [`Prover::Classic`], a
/// `unique2` ID with [`Prover::Carried`]): its Kruskal tree, rerouted until
/// the classic rules prove it has one solution, within `max_guesses` of
/// search where they stall.
pub(crate) fn generate(
    params: &Params,
    max_guesses: u64,
    prover: Prover,
    watch: &mut dyn FnMut(Progress),
) -> Result<Puzzle, GenerateError> {
    let grid = params.grid;
    check_wrap(&grid)?;
    let mut tree = solution_tree(params, &mut NoSteps);
    let mut rounds = |round, undecided| {
        watch(Progress::Round {
            attempt: 0,
            round,
            undecided,
        });
    };
    make_unique(
        &grid,
        &mut tree,
        params.seed,
        max_guesses,
        prover,
        &mut rounds,
    )?;
    Ok(lightemall_gen::puzzle_from_tree(params, tree)?)
}

/// How far a generation has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A round of reasoning and rerouting is done.
    Round {
        /// The tree being made unique: 0 first (the graded generator
        /// starts from another when one cannot reach its level).
        attempt: u32,
        /// Rounds on this tree so far, 1 first.
        round: u32,
        /// The tiles that the round's reasoning left undecided; the next
        /// round reroutes around them, and 0 ends the rounds.
        undecided: usize,
    },
    /// A step of the graded generator's climb toward its level, which
    /// ends when a step reaches it or after `steps`.
    Climb {
        /// The tree being climbed from (as in [`Progress::Round`]).
        attempt: u32,
        /// Steps taken, 1 first.
        step: u32,
        /// The most steps the climb takes.
        steps: u32,
    },
}

/// A wrapping board needs sides of at least 3 for a unique puzzle.
pub(crate) fn check_wrap(grid: &Grid) -> Result<(), GenerateError> {
    if grid.wrap() && grid.width().min(grid.height()) < 3 {
        return Err(GenerateError::WrapTooSmall);
    }
    Ok(())
}

/// What proves a round's puzzle unique, or shows where it is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Prover {
    /// The `unique` generator's: the classic rules, then the search where
    /// they stall (its seeded IDs depend on both, exactly).
    Classic,
    /// The `unique2` generator's: the classic rules, each round carried
    /// from the last and applied again only near the changes, repairs at
    /// the edge of the undecided tiles, and a deduction from nothing to
    /// prove the last round ([`crate::carried`]); the search where they
    /// stall.
    Carried,
    /// The graded generator's: every technique up to the level, never the
    /// search (a search proves one solution, not a level).
    Graded(Rating),
    /// The ladder generator's: every technique up to the level, as
    /// [`Prover::Graded`], with Net's repair ([`perturb`]) once for each
    /// region of up to [`NET_REGION`] tiles; a larger region, or one with
    /// no link Net's repair can add, is repaired as the others are.
    Ladder(Rating),
}

impl Prover {
    /// Per tile, whether this prover's reasoning leaves it undecided on
    /// `board`. `steps`, if given, carries the classic rules' steps from
    /// round to round ([`undecided_again`]: the same answer, sooner);
    /// `carried` the carried rounds' conclusions.
    fn undecided(
        self,
        board: &Board,
        steps: Option<&mut Vec<u32>>,
        carried: &mut Carried,
    ) -> Option<Vec<bool>> {
        match self {
            Prover::Carried => carried.undecided(board),
            Prover::Classic => match steps {
                Some(steps) => undecided_again(board, steps),
                None => undecided_after(board, Rating::Medium, Reasoning::Classic),
            },
            Prover::Graded(level) | Prover::Ladder(level) => {
                undecided_after(board, level, Reasoning::Full)
            }
        }
    }
}

/// Reroute `tree` until the solver proves its puzzle has one solution:
/// by reasoning alone while that makes progress, then (tiny wrapping
/// boards, octo wrapping boards, with no edges to start from) by search.
pub(crate) fn make_unique(
    grid: &Grid,
    tree: &mut Vec<Tile>,
    seed: u64,
    max_guesses: u64,
    prover: Prover,
    watch: &mut dyn FnMut(u32, usize),
) -> Result<(), GenerateError> {
    let mut random = Random::new(seed, Stream::Reroute);
    let mut proof = Proof::Deduction;
    let mut budget = Budget {
        left: max_guesses,
        total: max_guesses,
    };
    let (mut fewest, mut stalled, mut restarts) = (usize::MAX, 0, 0);
    let mut round = 0;
    // The steps of the last round's reasoning, taken again first by the
    // next (the same answer, sooner). Only on octo boards, whose rounds
    // are many and dear (a fifth less time there); on square and hex
    // boards the steps would add 6.5-10.5 MB at 1000x1000, over the
    // memory the rounds are meant to keep within, for 5-20 % of time.
    let mut steps = Vec::new();
    let replay = grid.topology() == Topology::Octo && prover == Prover::Classic;
    let mut carried = Carried::default();
    loop {
        round += 1;
        let steps = replay.then_some(&mut steps);
        let prove = Prove {
            proof,
            prover,
            steps,
            carried: &mut carried,
        };
        let Some(ambiguous) = ambiguous_tiles(grid, tree, prove, &mut budget)? else {
            watch(round, 0);
            return Ok(());
        };
        let count = ambiguous.iter().filter(|&&u| u).count();
        watch(round, count);
        let exact = proof == Proof::Deduction && carried.was_from_nothing();
        if prover == Prover::Carried && exact && restarts < PATIENCE {
            // The carried rounds' counts may be low: progress is measured
            // again from each deduction from nothing.
            (fewest, stalled, restarts) = (usize::MAX, 0, restarts + 1);
        }
        if count < fewest {
            (fewest, stalled) = (count, 0);
        } else if stalled < proof.patience() {
            stalled += 1;
        } else if proof == Proof::Deduction
            && !matches!(prover, Prover::Graded(_) | Prover::Ladder(_))
        {
            (proof, fewest, stalled) = (Proof::Search, usize::MAX, 0);
        } else {
            return Err(GenerateError::NoUniquePuzzle { undecided: fewest });
        }
        // Made for each round's repairs, so that its scratch space is not
        // held while the next round deduces.
        let mut rerouter = Rerouter::new(tree.len());
        let focus = match (prover, proof) {
            (Prover::Carried, Proof::Deduction) => edge_of(grid, &ambiguous),
            _ => None,
        };
        let keep = Keep::of(prover, grid);
        for mut region in regions(grid, focus.as_deref().unwrap_or(&ambiguous)) {
            if matches!(prover, Prover::Ladder(_))
                && region.len() <= NET_REGION
                && perturb(
                    grid,
                    tree,
                    &ambiguous,
                    &region,
                    keep,
                    &mut random,
                    &mut rerouter,
                )
            {
                continue;
            }
            shuffle(&mut region, &mut random);
            for part in region.chunks(SPREAD) {
                repair(
                    grid,
                    tree,
                    &ambiguous,
                    part,
                    keep,
                    &mut random,
                    &mut rerouter,
                );
            }
        }
    }
}

/// How a round tells the ambiguous tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    /// The tiles reasoning alone leaves undecided.
    Deduction,
    /// The tiles where the first two solutions the search finds differ.
    Search,
}

impl Proof {
    /// Rounds without progress before this proof is given up.
    fn patience(self) -> u32 {
        match self {
            Proof::Deduction => PATIENCE / 4,
            Proof::Search => PATIENCE,
        }
    }
}

/// The guesses the search proofs may still make.
struct Budget {
    left: u64,
    total: u64,
}

/// What a round proves with, and what it carries from the last round.
struct Prove<'a> {
    proof: Proof,
    prover: Prover,
    steps: Option<&'a mut Vec<u32>>,
    carried: &'a mut Carried,
}

/// Per tile, whether the round's proof finds it ambiguous; `None` if the
/// puzzle is proved to have one solution. A search proof spends from
/// `budget`.
fn ambiguous_tiles(
    grid: &Grid,
    tree: &mut Vec<Tile>,
    prove: Prove<'_>,
    budget: &mut Budget,
) -> Result<Option<Vec<bool>>, GenerateError> {
    // The round's board holds the tree's own tiles, given back after it (a
    // copy would be a byte a tile more at the round's peak).
    let board = Board::new(*grid, std::mem::take(tree))?;
    let ambiguous = ambiguous_on(&board, prove, budget);
    *tree = board.into_tiles();
    ambiguous
}

/// [`ambiguous_tiles`] on the round's `board`.
fn ambiguous_on(
    board: &Board,
    prove: Prove<'_>,
    budget: &mut Budget,
) -> Result<Option<Vec<bool>>, GenerateError> {
    let tiles = board.grid().len();
    let Prove {
        proof,
        prover,
        steps,
        carried,
    } = prove;
    let ambiguous: Vec<bool> = match proof {
        Proof::Deduction => match prover.undecided(board, steps, carried) {
            Some(undecided) => undecided,
            // Cannot happen (the tree is a solution); reroute everywhere.
            None => vec![true; tiles],
        },
        Proof::Search => {
            let report = solve_classic(board, 2, budget.left);
            budget.left -= report.stats.guesses.min(budget.left);
            if report.status == Status::GaveUp {
                return Err(GenerateError::GaveUp {
                    guesses: budget.total,
                });
            }
            match &report.solutions[..] {
                [first, second, ..] => first.iter().zip(second).map(|(a, b)| a != b).collect(),
                [_] => vec![false; tiles],
                [] => vec![true; tiles],
            }
        }
    };
    Ok(ambiguous.contains(&true).then_some(ambiguous))
}

/// The undecided tiles at the edge of the undecided part of the board:
/// next to a decided tile or to the board's edge, where the reasoning from
/// outside stalled (as Net's generator repairs). `None` if there are none
/// (a wrapping board with every tile undecided).
fn edge_of(grid: &Grid, undecided: &[bool]) -> Option<Vec<bool>> {
    let mut any = false;
    let edge: Vec<bool> = (0..undecided.len())
        .map(|tile| {
            let at_edge = undecided[tile]
                && grid
                    .topology()
                    .directions()
                    .any(|dir| grid.neighbour(tile, dir).is_none_or(|o| !undecided[o]));
            any |= at_edge;
            at_edge
        })
        .collect();
    any.then_some(edge)
}

/// The undecided tiles, grouped into regions connected on the grid.
fn regions(grid: &Grid, undecided: &[bool]) -> Vec<Vec<usize>> {
    let mut seen = vec![false; undecided.len()];
    let mut regions = Vec::new();
    for start in 0..undecided.len() {
        if !undecided[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut region = vec![start];
        let mut head = 0;
        while let Some(&tile) = region.get(head) {
            head += 1;
            for dir in grid.topology().directions() {
                if let Some(next) = grid.neighbour(tile, dir)
                    && undecided[next]
                    && !seen[next]
                {
                    seen[next] = true;
                    region.push(next);
                }
            }
        }
        regions.push(region);
    }
    regions
}

/// Add a link of the tree at `region` and drop another link of the loop it
/// closes (a random one that touches an undecided tile, if any does).
/// Links between two undecided tiles are tried first, in random order, then
/// those from the region outward; loops are searched for only so far,
/// except for the last try, so that one long loop costs one search.
fn repair(
    grid: &Grid,
    tree: &mut [Tile],
    undecided: &[bool],
    region: &[usize],
    keep: Keep,
    random: &mut Random,
    rerouter: &mut Rerouter,
) {
    let touches =
        |l: &Link| undecided[l.tile] || grid.neighbour(l.tile, l.dir).is_some_and(|o| undecided[o]);
    let links = candidate_links(grid, tree, undecided, region, random);
    for (i, &add) in links.iter().enumerate() {
        let reach = if i + 1 == links.len() {
            tree.len()
        } else {
            MAX_VISITS
        };
        let rerouted = rerouter.reroute(grid, tree, add, reach, |path, tiles| {
            let free = |i: &usize| keep.allows(grid, tiles, path[*i]);
            let near: Vec<usize> = (0..path.len())
                .filter(|&i| touches(&path[i]))
                .filter(free)
                .collect();
            match near.len() {
                0 => keep.pick(grid, tiles, path, random),
                n => near[random.index(n)],
            }
        });
        if rerouted {
            return;
        }
    }
}

/// Which links a repair may drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keep {
    /// Any.
    Nothing,
    /// Any but the links of a tile with every wire: on a board with no
    /// edge (a wrapping one) such a tile is where neighbour matching
    /// starts, and a repair that broke it would leave nothing there to
    /// reason from (a wrapping octo board's easy repair, so broken,
    /// failed 27 times in 29).
    FullTiles,
}

impl Keep {
    /// What `prover`'s repairs keep on `grid`: the ladder's, on a wrapping
    /// board, its full tiles.
    fn of(prover: Prover, grid: &Grid) -> Keep {
        match prover {
            Prover::Ladder(_) if grid.wrap() => Keep::FullTiles,
            _ => Keep::Nothing,
        }
    }

    /// Whether `link` of `tiles` may be dropped.
    fn allows(self, grid: &Grid, tiles: &[Tile], link: Link) -> bool {
        let full = |tile: usize| tiles[tile] == Tile(grid.topology().full_mask());
        self == Keep::Nothing
            || !(full(link.tile) || grid.neighbour(link.tile, link.dir).is_some_and(full))
    }

    /// A link of `path` to drop, at random among those allowed (an index
    /// past the path if none is): with nothing to keep, any, by the same
    /// draw as before there was anything to keep.
    fn pick(self, grid: &Grid, tiles: &[Tile], path: &[Link], random: &mut Random) -> usize {
        if self == Keep::Nothing {
            return random.index(path.len());
        }
        let allowed: Vec<usize> = (0..path.len())
            .filter(|&i| self.allows(grid, tiles, path[i]))
            .collect();
        match allowed.len() {
            n if n == path.len() => random.index(n),
            0 => path.len(),
            n => allowed[random.index(n)],
        }
    }
}

/// Net's repair of an ambiguous `region`: a link from one of its tiles to
/// a decided neighbour (chosen at random among those that make no tile a
/// cross), and a link of the loop it closes dropped, anywhere on the loop.
fn perturb(
    grid: &Grid,
    tree: &mut [Tile],
    undecided: &[bool],
    region: &[usize],
    keep: Keep,
    random: &mut Random,
    rerouter: &mut Rerouter,
) -> bool {
    let full = u32::from(grid.topology().direction_count());
    let mut links: Vec<Link> = absent_links(grid, tree, region)
        .filter(|l| {
            tree[l.tile].degree() + 1 < full
                && grid
                    .neighbour(l.tile, l.dir)
                    .is_some_and(|o| !undecided[o] && tree[o].degree() + 1 < full)
        })
        .collect();
    shuffle(&mut links, random);
    for add in links {
        if rerouter.reroute(grid, tree, add, tree.len(), |path, tiles| {
            keep.pick(grid, tiles, path, random)
        }) {
            return true;
        }
    }
    false
}

/// The links absent from the tree that start in `region`, tile by tile in
/// its order, each tile's in direction order.
fn absent_links<'a>(
    grid: &'a Grid,
    tree: &'a [Tile],
    region: &'a [usize],
) -> impl Iterator<Item = Link> + 'a {
    region
        .iter()
        .flat_map(|&tile| {
            grid.topology()
                .directions()
                .map(move |dir| Link { tile, dir })
        })
        .filter(|l| tree[l.tile].0 & l.dir.bit() == 0)
}

/// The links absent from the tree that start in `region`: those to another
/// undecided tile first, each group shuffled.
fn candidate_links(
    grid: &Grid,
    tree: &[Tile],
    undecided: &[bool],
    region: &[usize],
    random: &mut Random,
) -> Vec<Link> {
    let (mut inside, mut outward) = (Vec::new(), Vec::new());
    for link in absent_links(grid, tree, region) {
        match grid.neighbour(link.tile, link.dir) {
            Some(other) if undecided[other] => inside.push(link),
            Some(_) => outward.push(link),
            None => {}
        }
    }
    shuffle(&mut inside, random);
    shuffle(&mut outward, random);
    inside.extend(outward);
    inside
}

/// Fisher-Yates with the generator's own bounded draws.
fn shuffle<T>(items: &mut [T], random: &mut Random) {
    for i in (1..items.len()).rev() {
        let j = random.below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Status, solve};
    use crate::{generate, generate_watched, generate_within};
    use lightemall_gen::{GenError, Link};

    #[test]
    fn a_wrapping_ladder_repair_keeps_a_full_tile_whole() {
        let wrapping = Grid::new(Topology::Square, 3, 2, true).expect("grid");
        let flat = Grid::new(Topology::Square, 3, 2, false).expect("grid");
        assert_eq!(
            Keep::of(Prover::Ladder(Rating::Easy), &wrapping),
            Keep::FullTiles
        );
        assert_eq!(Keep::of(Prover::Ladder(Rating::Hard), &flat), Keep::Nothing);
        assert_eq!(
            Keep::of(Prover::Graded(Rating::Easy), &wrapping),
            Keep::Nothing
        );
        // Tile 1 has every wire; tiles 0 and 2 one each.
        let (e, w) = (lightemall_model::Dir(1), lightemall_model::Dir(3));
        let mut tiles = vec![Tile(0); 6];
        tiles[1] = Tile(0b1111);
        tiles[0].0 |= e.bit();
        tiles[2].0 |= w.bit();
        let path = [
            Link { tile: 0, dir: e },
            Link { tile: 3, dir: e },
            Link { tile: 1, dir: e },
            Link { tile: 4, dir: e },
        ];
        let check = |keep: Keep, allowed: &[usize]| {
            let mut random = Random::new(1, Stream::Reroute);
            for _ in 0..50 {
                let pick = keep.pick(&wrapping, &tiles, &path, &mut random);
                assert!(allowed.contains(&pick), "{keep:?} picked {pick}");
            }
        };
        check(Keep::FullTiles, &[1, 3]);
        check(Keep::Nothing, &[0, 1, 2, 3]);
        // With nothing to keep, the draw is the one made before keeping.
        let (mut a, mut b) = (
            Random::new(7, Stream::Reroute),
            Random::new(7, Stream::Reroute),
        );
        for _ in 0..20 {
            let pick = Keep::Nothing.pick(&wrapping, &tiles, &path, &mut a);
            assert_eq!(pick, b.index(path.len()));
        }
        // A loop of nothing but a full tile's links: none is dropped.
        let only = [path[0], path[2]];
        let mut random = Random::new(1, Stream::Reroute);
        assert_eq!(
            Keep::FullTiles.pick(&wrapping, &tiles, &only, &mut random),
            2
        );
    }

    #[test]
    fn unique_puzzles_have_one_solution() {
        for id in [
            "square:8x8:unique:medium#1",
            "square:9x7w:unique:hard#2",
            "hex:8x6:unique:easy#3",
            "hex:6x6w:unique:medium#4",
            "octo:6x6:unique:medium#5",
            "octo:5x6w:unique:medium#6",
        ] {
            let params: Params = id.parse().expect("valid id");
            let puzzle = generate(&params).expect("generates");
            let report = solve(&puzzle.board, 2);
            assert_eq!(report.status, Status::Unique, "{id}");
            assert_eq!(Some(&report.solutions[0]), puzzle.solution.as_ref(), "{id}");
        }
    }

    /// The carried rounds' generator proves its puzzles by a deduction
    /// from nothing, so they have one solution (the full solve says so),
    /// on every topology, wrapping or not (wrapping octo needs the search).
    #[test]
    fn unique2_puzzles_have_one_solution() {
        for id in [
            "square:30x30:unique2:medium#1",
            "square:9x7w:unique2:hard#2",
            "hex:24x20:unique2:easy#3",
            "hex:8x8w:unique2:medium#4",
            "octo:40x40:unique2:medium#5",
            "octo:6x6w:unique2:medium#6",
        ] {
            let params: Params = id.parse().expect("valid id");
            let puzzle = generate(&params).expect("generates");
            let report = solve(&puzzle.board, 2);
            assert_eq!(report.status, Status::Unique, "{id}");
            assert_eq!(Some(&report.solutions[0]), puzzle.solution.as_ref(), "{id}");
        }
    }

    /// The rounds that take the last round's steps again decide exactly
    /// what a deduction from nothing decides, on boards changed a little
    /// (as the rounds change them) or a lot, and even from the steps of an
    /// unrelated board: each step is only a rule applied to the new board.
    #[test]
    fn replayed_rounds_decide_what_fresh_rounds_decide() {
        use crate::undecided_after;
        use lightemall_gen::random::{Random, Stream};
        use lightemall_model::Dir;
        let mut compared = 0;
        for id in [
            "square:30x30:kruskal:hard#1",
            "square:20x20w:kruskal:medium#2",
            "hex:24x20:kruskal:medium#3",
            "hex:16x16w:kruskal:hard#4",
            "octo:30x30:kruskal:medium#5",
            "octo:12x12w:kruskal:medium#6",
        ] {
            let params: Params = id.parse().expect("valid id");
            let grid = params.grid;
            let mut tree = solution_tree(&params, &mut NoSteps);
            let mut random = Random::new(params.seed, Stream::Reroute);
            let mut rerouter = Rerouter::new(tree.len());
            let mut steps = Vec::new();
            for round in 0..16u32 {
                let board = Board::new(grid, tree.clone()).expect("valid board");
                let fresh = undecided_after(&board, Rating::Medium, Reasoning::Classic);
                let again = undecided_again(&board, &mut steps);
                assert_eq!(again, fresh, "{id} round {round}");
                compared += 1;
                if round == 8 {
                    // Steps of an unrelated board.
                    let other: Params = "square:30x30:scan:hard#9".parse().expect("valid id");
                    let other = lightemall_gen::generate(&other).expect("generates").board;
                    undecided_again(&other, &mut steps);
                }
                // A few reroutes early, many later.
                let dirs = u32::from(grid.topology().direction_count());
                for _ in 0..1 + round * round {
                    let tile = random.index(tree.len());
                    let add = Link {
                        tile,
                        dir: Dir(random.below(dirs) as u8),
                    };
                    let pick = random.below(1 << 16) as usize;
                    rerouter.reroute(&grid, &mut tree, add, usize::MAX, |path, _| {
                        pick % path.len()
                    });
                }
            }
        }
        assert_eq!(compared, 6 * 16);
    }

    #[test]
    fn a_search_proof_gives_up_when_its_budget_is_spent() {
        // A wrapping octo board has no edge to reason from: its proof needs
        // the search (more than 3 guesses for this one).
        let params: Params = "octo:8x8w:unique:medium#7".parse().expect("valid id");
        let ample = generate_within(&params, 1000).expect("generates");
        assert_eq!(Ok(ample), generate(&params));
        assert_eq!(
            generate_within(&params, 3),
            Err(GenerateError::GaveUp { guesses: 3 })
        );
        let message = GenerateError::GaveUp { guesses: 3 }.to_string();
        assert!(message.starts_with("gave up"), "{message}");
    }

    #[test]
    fn reasoning_alone_needs_no_budget() {
        let params: Params = "square:12x12:unique:hard#3".parse().expect("valid id");
        assert_eq!(generate_within(&params, 0), generate(&params));
        assert!(generate(&params).is_ok());
    }

    #[test]
    fn a_watcher_sees_each_round_and_changes_nothing() {
        let mut climbs = 0;
        for id in [
            "octo:30x30:unique:medium#1",
            "square:20x20:graded:hard#2",
            "hex:16x16:graded:easy#3",
        ] {
            let params: Params = id.parse().expect("valid id");
            let mut seen = Vec::new();
            let watched = generate_watched(&params, &mut |p| seen.push(p));
            assert_eq!(watched, generate(&params), "{id}");
            assert!(seen.len() > 1, "{id}: {seen:?}");
            // Rounds count from 1 on each tree, and a tree's rounds end
            // with none undecided before any climb from it.
            let mut last: Option<Progress> = None;
            for &now in &seen {
                match (last, now) {
                    (_, Progress::Round { round: 1, .. }) => {}
                    (
                        Some(Progress::Round {
                            attempt: a,
                            round: r,
                            undecided: u,
                        }),
                        Progress::Round { attempt, round, .. },
                    ) => assert!(a == attempt && r + 1 == round && u > 0, "{id}: {seen:?}"),
                    (
                        Some(Progress::Round { undecided: 0, .. }),
                        Progress::Climb { step: 1, .. },
                    ) => {}
                    (
                        Some(Progress::Climb { step: s, .. }),
                        Progress::Climb { step, steps, .. },
                    ) => {
                        assert!(s + 1 == step && step <= steps, "{id}: {seen:?}");
                    }
                    _ => panic!("{id}: {now:?} after {last:?}"),
                }
                last = Some(now);
            }
            climbs += seen
                .iter()
                .filter(|p| matches!(p, Progress::Climb { .. }))
                .count();
            let finished = matches!(
                last,
                Some(Progress::Round { undecided: 0, .. } | Progress::Climb { .. })
            );
            assert!(finished, "{id}: ends with {last:?}");
        }
        assert!(climbs > 0, "the hard graded puzzle climbs");
    }

    #[test]
    fn other_generators_are_gens() {
        for id in [
            "square:8x8:scan:medium#1",
            "hex:7x6w:frontier:easy#2",
            "octo:9x5:kruskal:hard#3",
        ] {
            let params: Params = id.parse().expect("valid id");
            let ours = generate(&params).expect("generates");
            assert_eq!(
                ours,
                lightemall_gen::generate(&params).expect("generates"),
                "{id}"
            );
        }
        // An error is gen's too: a station off the board.
        let mut params: Params = "square:8x8:scan:medium#1".parse().expect("valid id");
        params.station = (8, 0);
        let Err(GenError::Model(expected)) = lightemall_gen::generate(&params) else {
            panic!("gen accepts a station off the board");
        };
        assert_eq!(generate(&params), Err(GenerateError::Model(expected)));
    }
}
