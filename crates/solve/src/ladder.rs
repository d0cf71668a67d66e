//! The ladder generator: a unique puzzle whose effort ([`Stats::effort`])
//! lies in a band measured against Net's own puzzles of the same size.
//!
//! Net's median effort at a size ([`net_median`], fitted to Net's puzzles
//! measured by this solver) is the yardstick `m`:
//!
//! | level | technique | effort |
//! |---|---|---|
//! | easy | `local` alone | 0 |
//! | medium | `loop`, `island` | 0.6 m to 1.4 m |
//! | hard | `lookahead` | 2 m' to 16 m' |
//! | expert | `lookahead` | 4 m' to 16 m', a chain of [`EXPERT_CHAIN`] |
//!
//! where `m'` is `m`, at least [`LOOKAHEAD_MEDIAN`] (on a board under 100
//! tiles, that in proportion to its tiles, at least 2). Hard and expert
//! overlap in effort above 4 m': what sets expert apart there is its long
//! chain of lookahead.
//!
//! The ladder makes its puzzles as Net makes its own, so that medium is
//! Net's puzzle and not only of Net's effort: an attempt grows a tree from
//! the centre as Net does ([`lightemall_gen::net_growth`]: each possible
//! link equally likely, no tile with every wire; on a wrapping board at
//! easy, the station's tile then gets every wire, and on a large one a
//! lattice of tiles about [`START_SPACING`] apart, so that neighbour
//! matching has starts) and makes it unique by reasoning up to the level
//! with Net's repair (`Prover::Ladder`: a link from the edge of each
//! ambiguous region to a decided tile, the loop it closes cut anywhere).
//! A square puzzle so made is most often in its medium band already
//! (100x100: efforts 350-600 where Net's median is 552).
//!
//! A puzzle out of its band climbs: a step reroutes a few links of the
//! tree at random (as many as the way to go asks at the effort a reroute
//! has been seen to add, [`Pace`]; medium aims at the band's middle, hard
//! and expert at its foot) and makes it unique at the level again, kept
//! if the puzzle, measured exactly as `solve --json` measures it, is no
//! farther from the band (a puzzle above the band is never taken). A
//! puzzle far above its band (an octo board's, where neighbour matching
//! settles little of such a tree) starts again from the same tree made
//! unique by the level below, effort 0, and climbs from there. An attempt
//! ends when a puzzle is in its band, or after [`CLIMB_STEPS`]; after
//! [`ATTEMPTS`] the generator says which band it did not reach. All the
//! work is counted in steps, never in time, so a seeded `ladder` ID names
//! the same puzzle on every machine; a change here changes those puzzles,
//! which the golden tests catch.

use crate::graded::{absent_link, attempt_seed, made_unique, reshape};
use crate::stats::Rating;
use crate::unique::{GenerateError, Progress, Prover, check_wrap};
use crate::{Options, Report, solve_with};
use lightemall_gen::random::{Random, Stream};
use lightemall_gen::{
    Difficulty, Link, NoSteps, Params, Rerouter, puzzle_from_tree, solution_tree,
};
use lightemall_model::{Grid, Puzzle, Tile};

/// Attempts (trees) before the ladder gives up.
pub const ATTEMPTS: u32 = 10;

/// Steps of one attempt's climb.
pub const CLIMB_STEPS: u32 = 120;

/// The longest lookahead chain (rule steps of one assumption) an expert
/// puzzle needs at least; on a small board (`m'` under 12) `2 m'`.
pub const EXPERT_CHAIN: u64 = 24;

/// The least median that the hard and expert bands reckon from.
pub const LOOKAHEAD_MEDIAN: u64 = 6;

/// Boards of fewer tiles than this are small: a climb short of its level
/// walks to it as the graded generator does (on a larger one stirring
/// finds it sooner), and hard and expert reckon from fewer lookaheads
/// ([`Band::on`]).
const SMALL_BOARD: usize = 100;

/// The most reroutes one climbing step makes.
const MAX_BATCH: u64 = 48;

/// Net's median effort on a `width`x`height` board, wrapping or not:
/// `0.014 T^1.15` for `T` tiles up to [`NET_FIT_TILES`] and in proportion
/// to `T` beyond, at least 2, plus `0.65 (W + H)` when wrapping. Fitted to
/// Net's puzzles measured by this solver (medians at 10x10 1.5, 20x20
/// 14.5, 30x30 36, 60x60 164, 100x100 552; wrapping 14, 35, 80, 221.5 up
/// to 60x60); at 200x200 Net's are 2124, 2225 and 2477, where the power
/// law would say 2751 and the proportion says 2208: past the edge's
/// reach the effort grows with the area. Rounded to a whole effort, so a
/// last-bit difference in `powf` between machines cannot move a band.
pub fn net_median(width: usize, height: usize, wrap: bool) -> u64 {
    let tiles = (width * height) as f64;
    let fit = |tiles: f64| 0.014 * tiles.powf(1.15);
    let mut median = match tiles <= NET_FIT_TILES {
        true => fit(tiles),
        false => fit(NET_FIT_TILES) * tiles / NET_FIT_TILES,
    }
    .max(2.0);
    if wrap {
        median += 0.65 * (width + height) as f64;
    }
    median.round() as u64
}

/// The largest board (in tiles) the power law of [`net_median`] is
/// fitted to.
const NET_FIT_TILES: f64 = 10_000.0;

/// What a level asks of a puzzle's effort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    /// The technique level the puzzle needs.
    pub level: Rating,
    /// The least effort.
    pub low: u64,
    /// The most effort.
    pub high: u64,
    /// The longest lookahead chain needed at least (expert only).
    pub chain: u64,
}

impl Band {
    /// The band of `difficulty` on a board whose Net median is `median`.
    /// Hard and expert reckon from at least [`LOOKAHEAD_MEDIAN`]: on a
    /// small board one lookahead already costs more than twice Net's median.
    pub fn of(difficulty: Difficulty, median: u64) -> Band {
        Band::reckoned(difficulty, median, LOOKAHEAD_MEDIAN)
    }

    /// The band of `difficulty` on `grid`: [`Band::of`] its Net median,
    /// where on a board under [`SMALL_BOARD`] tiles hard and expert reckon
    /// from at least a share of [`LOOKAHEAD_MEDIAN`] in proportion to its
    /// tiles (at least 2), as such a board has room for fewer lookaheads.
    pub fn on(difficulty: Difficulty, grid: &Grid) -> Band {
        let median = net_median(grid.width(), grid.height(), grid.wrap());
        let share = LOOKAHEAD_MEDIAN * grid.len() as u64 / SMALL_BOARD as u64;
        let floor = share.clamp(2, LOOKAHEAD_MEDIAN);
        Band::reckoned(difficulty, median, floor)
    }

    /// The band of `difficulty` for a Net median `median`, hard and expert
    /// reckoning from at least `floor`.
    fn reckoned(difficulty: Difficulty, median: u64, floor: u64) -> Band {
        let deep = median.max(floor);
        let (level, low, high, chain) = match difficulty {
            Difficulty::Easy => (Rating::Easy, 0, 0, 0),
            Difficulty::Medium => (Rating::Medium, median * 3 / 5, median * 7 / 5, 0),
            Difficulty::Hard => (Rating::Hard, deep * 2, deep * 16, 0),
            Difficulty::Expert => (
                Rating::Hard,
                deep * 4,
                deep * 16,
                EXPERT_CHAIN.min(deep * 2),
            ),
        };
        let low = low.max(u64::from(level > Rating::Easy));
        Band {
            level,
            low,
            high: high.max(low),
            chain,
        }
    }

    /// Whether a measured puzzle is in the band.
    pub fn holds(&self, measure: &Measure) -> bool {
        measure.level == self.level
            && (self.low..=self.high).contains(&measure.effort)
            && measure.chain >= self.chain
    }
}

/// A puzzle as `solve --json` measures it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    /// Its level.
    pub level: Rating,
    /// Its effort.
    pub effort: u64,
    /// Its longest lookahead chain.
    pub chain: u64,
}

impl Measure {
    fn of(report: &Report) -> Measure {
        Measure {
            level: report.stats.rating(),
            effort: report.stats.effort(),
            chain: report.stats.longest_lookahead,
        }
    }
}

/// The ladder puzzle that `params` describe, telling `watch` how far it
/// has come.
pub fn generate(params: &Params, watch: &mut dyn FnMut(Progress)) -> Result<Puzzle, GenerateError> {
    check_wrap(&params.grid)?;
    let grid = params.grid;
    let band = Band::on(params.difficulty, &grid);
    let mut best: Option<Measure> = None;
    for attempt in 0..ATTEMPTS {
        let seed = attempt_seed(params.seed, attempt);
        let mut tree = solution_tree(&Params { seed, ..*params }, &mut NoSteps);
        plant_start(params, band.level, &mut tree);
        if !made_unique(
            &grid,
            &mut tree,
            seed,
            Prover::Ladder(band.level),
            attempt,
            watch,
        )? {
            continue;
        }
        let climb = Climb { params, band, seed };
        let (puzzle, measure) = climb.run(tree, &mut |step| {
            watch(Progress::Climb {
                attempt,
                step,
                steps: CLIMB_STEPS,
            })
        })?;
        if let Some(puzzle) = puzzle {
            return Ok(puzzle);
        }
        if best.is_none_or(|b| climb.distance(&measure) < climb.distance(&b)) {
            best = Some(measure);
        }
    }
    Err(GenerateError::BandNotReached {
        difficulty: params.difficulty,
        size: grid.size_label(),
        attempts: ATTEMPTS,
        low: band.low,
        high: band.high,
        chain: band.chain,
        best: best.map_or(0, |b| b.effort),
    })
}

/// On a wrapping board, whose tiles have no edge to match, starts for an
/// easy puzzle's neighbour matching: the station's tile with every wire,
/// and on a board wider or taller than [`START_SPACING`] more such tiles
/// on a lattice through it, about that far apart, so that the matching
/// spreads from each at once (from the station alone a wrapping octo
/// 100x100 board took about 44 rounds of repair, 250-500 ms).
fn plant_start(params: &Params, level: Rating, tree: &mut [Tile]) {
    let grid = params.grid;
    if level == Rating::Easy && grid.wrap() {
        let (x, y) = params.station;
        let across = grid.width().div_ceil(START_SPACING);
        let down = grid.height().div_ceil(START_SPACING);
        for row in 0..down {
            for column in 0..across {
                let sx = (x + column * grid.width() / across) % grid.width();
                let sy = (y + row * grid.height() / down) % grid.height();
                plant_full_tile(&grid, tree, grid.index(sx, sy));
            }
        }
    }
}

/// The most tiles across (or down) a wrapping board per start that
/// [`plant_start`] plants.
const START_SPACING: usize = 32;

/// Give `tile` every wire by rerouting `tree` (each link added drops one of
/// the loop it closes that does not touch `tile`): a tile that looks the
/// same every way round, where neighbour matching can start on a board
/// with no edge (a wrapping one; Net's trees, and so the ladder's, have no
/// such tile, as they have no crosses).
fn plant_full_tile(grid: &Grid, tree: &mut [Tile], tile: usize) {
    let mut rerouter = Rerouter::new(tree.len());
    let touches =
        |link: &Link| link.tile == tile || grid.neighbour(link.tile, link.dir) == Some(tile);
    for dir in grid.topology().directions() {
        let add = Link { tile, dir };
        rerouter.reroute(grid, tree, add, tree.len(), |path, _| {
            path.iter().position(|l| !touches(l)).unwrap_or(path.len())
        });
    }
}

/// How much effort one reroute of a climbing step adds, as the climb has
/// seen it: a step reroutes as many links as the way to go asks at that
/// pace. It starts at [`Pace::START`] (a square board's) and follows the
/// steps that raised the effort, never below the start: on an octo board
/// a reroute adds 30-250 (at 100x100w, 48 of them from effort 0 overshot
/// the medium band 412-962 to 1569-2738).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pace {
    /// Effort per reroute.
    per_reroute: u64,
}

impl Pace {
    /// The pace before any step has moved.
    const START: u64 = 4;

    /// The reroutes to move the effort by `gap`: at least 1, at most
    /// [`MAX_BATCH`].
    fn reroutes(&self, gap: u64) -> u64 {
        (gap / self.per_reroute).clamp(1, MAX_BATCH)
    }

    /// Follow a step whose `batch` reroutes raised the effort by `rise`:
    /// halfway from the pace so far to the step's own (one step's pace
    /// varies widely: 11 reroutes once added 2795).
    fn learn(&mut self, batch: u64, rise: u64) {
        let seen = rise / batch.max(1);
        self.per_reroute = self.per_reroute.midpoint(seen).max(Pace::START);
    }
}

impl Default for Pace {
    fn default() -> Pace {
        Pace {
            per_reroute: Pace::START,
        }
    }
}

/// What [`Climb::distance`] adds for a level short of the band's: more
/// than any effort.
const LEVEL_SHORT: u64 = 1 << 40;

/// What [`Climb::distance`] adds for an effort above the band: more than
/// a level short.
const ABOVE_BAND: u64 = 1 << 41;

/// One attempt's climb into the band.
struct Climb<'a> {
    params: &'a Params,
    band: Band,
    seed: u64,
}

impl Climb<'_> {
    /// How far a measured puzzle is from what the band asks: its effort's
    /// distance from the band (0 within it), a level or chain short of the
    /// band's as farther than any effort, and an effort above the band as
    /// farther still: the climb can only start again from such a puzzle
    /// (and softening one costs an octo 100x100 board about 250 ms, where
    /// another step from the start costs 60).
    fn distance(&self, measure: &Measure) -> u64 {
        let level_short = if measure.level == self.band.level {
            0
        } else {
            LEVEL_SHORT
        };
        let chain_short = self.band.chain.saturating_sub(measure.chain) * 8;
        let below = self.band.low.saturating_sub(measure.effort);
        let above = match measure.effort > self.band.high {
            true => ABOVE_BAND + measure.effort - self.band.high,
            false => 0,
        };
        level_short + chain_short + below + above
    }

    /// The puzzle of `tree`, and its measure.
    fn measure(&self, tree: Vec<Tile>) -> Result<(Puzzle, Measure), GenerateError> {
        let puzzle = puzzle_from_tree(self.params, tree)?;
        let report = solve_with(&puzzle.board, &Options::default());
        Ok((puzzle, Measure::of(&report)))
    }

    /// Lower the effort of `tree` far above the band: make it unique by
    /// the level below the band's alone (an effort of 0), for the climb to
    /// raise again (on a wrapping board, from a tile with every wire at
    /// the station, as an easy puzzle starts). On the octo grid, whose
    /// neighbour matching alone settles little of a tree grown as Net
    /// grows one, the climb starts so.
    fn soften(&self, tree: &mut Vec<Tile>, step_seed: u64) -> Result<bool, GenerateError> {
        let below = self.band.level.easier();
        plant_start(self.params, below, tree);
        made_unique(
            &self.params.grid,
            tree,
            step_seed,
            Prover::Ladder(below),
            0,
            &mut |_| {},
        )
    }

    /// How far a step from `measure` means to move the effort. A medium
    /// puzzle aims at the band's middle, Net's median. Hard and expert
    /// below their band aim at its foot: a step as large as the way to the
    /// middle tears up what the last steps built (square 30x30w hard took
    /// up to 1.5 s, expert missed its band on 5 seeds in 20). A puzzle
    /// short of the band's level counts as effort 0.
    fn gap(&self, measure: &Measure) -> u64 {
        let effort = match measure.level < self.band.level {
            true => 0,
            false => measure.effort,
        };
        match self.band.level > Rating::Medium && effort < self.band.low {
            true => self.band.low - effort,
            false => self.band.low.midpoint(self.band.high).abs_diff(effort),
        }
    }

    /// Move the effort of `tree`: reroute as many links at random as
    /// `pace` says it takes to move it by the [`Climb::gap`], which the
    /// next [`made_unique`] leaves as tangles where they need the level,
    /// or repairs. Returns how many.
    fn stir(&self, tree: &mut [Tile], measure: &Measure, pace: &Pace, random: &mut Random) -> u64 {
        let grid = self.params.grid;
        let batch = pace.reroutes(self.gap(measure));
        let mut rerouter = Rerouter::new(tree.len());
        for _ in 0..batch {
            let Some(add) = absent_link(&grid, tree, random) else {
                break;
            };
            let reach = tree.len();
            let choose = |path: &[Link], _: &[Tile]| random.index(path.len());
            rerouter.reroute(&grid, tree, add, reach, choose);
        }
        batch
    }

    /// Climb from `tree` (unique at the band's level): the puzzle if one
    /// arrived, and the measure of the nearest seen.
    fn run(
        &self,
        tree: Vec<Tile>,
        watch: &mut dyn FnMut(u32),
    ) -> Result<(Option<Puzzle>, Measure), GenerateError> {
        let grid = self.params.grid;
        let mut random = Random::new(self.seed, Stream::Ladder);
        let (mut puzzle, mut measure) = self.measure(tree)?;
        let mut pace = Pace::default();
        for step in 1..=CLIMB_STEPS {
            if self.band.holds(&measure) {
                return Ok((Some(puzzle), measure));
            }
            watch(step);
            let Some(mut next) = puzzle.solution.clone() else {
                break;
            };
            let step_seed = self.seed ^ u64::from(step).rotate_left(32);
            if measure.effort > self.band.high && self.band.level > Rating::Easy {
                // A fresh start below the band, taken whatever its distance.
                if self.soften(&mut next, step_seed)? {
                    (puzzle, measure) = self.measure(next)?;
                }
                continue;
            }
            if measure.level < self.band.level && grid.len() < SMALL_BOARD {
                // On a board too small for the level to come by chance (a
                // square 5x5 board's seldom needs a lookahead), the graded
                // generator's walk to a puzzle that needs it.
                if reshape(&grid, &mut next, self.band.level, step_seed, &mut |_| {})? {
                    (puzzle, measure) = self.measure(next)?;
                }
                continue;
            }
            let batch = self.stir(&mut next, &measure, &pace, &mut random);
            if !made_unique(
                &grid,
                &mut next,
                step_seed,
                Prover::Ladder(self.band.level),
                0,
                &mut |_| {},
            )? {
                continue;
            }
            let (next_puzzle, next_measure) = self.measure(next)?;
            if next_measure.level == self.band.level && next_measure.effort > measure.effort {
                pace.learn(batch, next_measure.effort - measure.effort);
            }
            if self.distance(&next_measure) <= self.distance(&measure) {
                (puzzle, measure) = (next_puzzle, next_measure);
            }
        }
        let holds = self.band.holds(&measure);
        Ok((holds.then_some(puzzle), measure))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn net_median_follows_nets_puzzles() {
        let check = |w, h, wrap, median| assert_eq!(net_median(w, h, wrap), median, "{w}x{h}");
        check(2, 2, false, 2);
        check(10, 10, false, 3);
        check(20, 20, false, 14);
        check(30, 30, false, 35);
        check(100, 100, false, 557);
        // Beyond 100x100, in proportion to the tiles (Net's 200x200: 2225).
        check(200, 200, false, 2229);
        check(1000, 1000, false, 55_735);
        check(20, 20, true, 40);
    }

    #[test]
    fn a_small_board_reckons_from_fewer_lookaheads() {
        let check = |side: usize, low: u64| {
            let grid = Grid::new(lightemall_model::Topology::Square, side, side, false);
            let band = Band::on(Difficulty::Hard, &grid.expect("grid"));
            assert_eq!(band.low, low, "{side}x{side}");
        };
        check(4, 4);
        check(7, 4);
        check(8, 6);
        check(9, 8);
        check(10, 12);
        check(30, 70);
    }

    #[test]
    fn bands_climb() {
        let m = 35;
        let bands: Vec<Band> = Difficulty::ALL.iter().map(|&d| Band::of(d, m)).collect();
        assert_eq!((bands[0].low, bands[0].high), (0, 0));
        assert_eq!((bands[1].low, bands[1].high), (21, 49));
        assert_eq!((bands[2].low, bands[2].high), (70, 560));
        assert_eq!((bands[3].low, bands[3].high), (140, 560));
        for pair in bands.windows(2) {
            assert!(pair[0].low < pair[1].low, "{pair:?}");
        }
        assert!(bands[1].high < bands[2].low, "medium is below hard");
        assert!(bands[3].chain > bands[2].chain, "expert looks further");
    }

    #[test]
    fn a_band_holds_only_its_level_effort_and_chain() {
        let band = Band::of(Difficulty::Expert, 10);
        let check = |level, effort, chain, holds| {
            // The median 10 is above LOOKAHEAD_MEDIAN: the band is 40-160.
            let measure = Measure {
                level,
                effort,
                chain,
            };
            assert_eq!(band.holds(&measure), holds, "{measure:?}");
        };
        check(Rating::Hard, 40, 20, true);
        check(Rating::Hard, 160, 99, true);
        check(Rating::Hard, 39, 99, false);
        check(Rating::Hard, 161, 99, false);
        check(Rating::Hard, 50, 19, false);
        check(Rating::Medium, 50, 99, false);
    }

    /// `check` the climb of a square `side`x`side` board at `difficulty`.
    fn with_climb(difficulty: Difficulty, side: usize, check: impl FnOnce(&Climb)) {
        let id = format!("square:{side}x{side}:ladder:{difficulty}#1");
        let params: Params = id.parse().expect("a seeded ID");
        let band = Band::on(difficulty, &params.grid);
        check(&Climb {
            params: &params,
            band,
            seed: 1,
        });
    }

    #[test]
    fn a_pace_follows_the_rises_it_sees_but_never_drops_below_its_start() {
        let mut pace = Pace::default();
        assert_eq!(pace.reroutes(400), 48, "at most MAX_BATCH");
        assert_eq!(pace.reroutes(2), 1, "at least one");
        // 48 reroutes that added 2832: 59 each; halfway from 4 is 31.
        pace.learn(48, 2832);
        assert_eq!(pace.per_reroute, 31);
        assert_eq!(pace.reroutes(687), 22);
        // A step that added little pulls it down, but not below the start.
        pace.learn(20, 20);
        assert_eq!(pace.per_reroute, 16);
        pace.learn(20, 0);
        pace.learn(20, 0);
        assert_eq!(pace.per_reroute, Pace::START);
    }

    #[test]
    fn medium_aims_at_the_middle_and_hard_below_its_band_at_its_foot() {
        let measure = |level, effort| Measure {
            level,
            effort,
            chain: 0,
        };
        with_climb(Difficulty::Medium, 30, |climb| {
            assert_eq!((climb.band.low, climb.band.high), (21, 49));
            assert_eq!(climb.gap(&measure(Rating::Medium, 10)), 25);
            assert_eq!(climb.gap(&measure(Rating::Easy, 0)), 35);
        });
        with_climb(Difficulty::Hard, 30, |climb| {
            assert_eq!((climb.band.low, climb.band.high), (70, 560));
            assert_eq!(climb.gap(&measure(Rating::Hard, 50)), 20);
            // Short of the level, the effort so far counts for nothing.
            assert_eq!(climb.gap(&measure(Rating::Medium, 50)), 70);
        });
    }

    #[test]
    fn a_puzzle_above_the_band_is_farther_than_one_short_of_its_level() {
        with_climb(Difficulty::Medium, 30, |climb| {
            let at = |level, effort| {
                climb.distance(&Measure {
                    level,
                    effort,
                    chain: 0,
                })
            };
            assert_eq!(at(Rating::Medium, 30), 0);
            assert_eq!(at(Rating::Medium, 11), 10);
            assert!(at(Rating::Easy, 0) > at(Rating::Medium, 11));
            assert!(at(Rating::Medium, 50) > at(Rating::Easy, 0));
            assert!(at(Rating::Medium, 60) > at(Rating::Medium, 50));
        });
    }

    #[test]
    fn a_large_wrapping_easy_board_gets_a_lattice_of_starts() {
        let full_tiles = |board: &str, level| {
            let params: Params = format!("{board}:ladder:easy#3")
                .parse()
                .expect("a seeded ID");
            let mut tree = solution_tree(&params, &mut NoSteps);
            plant_start(&params, level, &mut tree);
            let full = Tile(params.grid.topology().full_mask());
            tree.iter().filter(|&&t| t == full).count()
        };
        assert_eq!(full_tiles("octo:100x100w", Rating::Easy), 16);
        assert_eq!(full_tiles("square:40x40w", Rating::Easy), 4);
        assert_eq!(full_tiles("hex:32x32w", Rating::Easy), 1);
        assert_eq!(full_tiles("square:100x100w", Rating::Medium), 0);
        assert_eq!(full_tiles("octo:100x100", Rating::Easy), 0);
    }
}
