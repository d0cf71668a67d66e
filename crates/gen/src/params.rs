//! Generation parameters and the seeded puzzle ID that names them.
//!
//! A seeded ID is `TOPOLOGY:WxH[w]:GENERATOR:DIFFICULTY#SEED[@X,Y]`,
//! e.g. `square:10x10w:kruskal:hard#42`. Without `@X,Y` the station stands
//! where the generator puts it ([`Generator::default_station`]: the centre
//! for `graded` and `ladder`, (0, 0) for the others).

use lightemall_model::format::descriptive::split_station;
use lightemall_model::{Grid, ParseError, Topology, parse_size};
use std::fmt;
use std::str::FromStr;

const WHAT: &str = "puzzle ID";

/// Which algorithm builds the solution tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Generator {
    /// Random edge weights joined in order with union-find (the original
    /// LightEmAll game's generator).
    Kruskal,
    /// Circuitry's growth from the centre, sweeping rows each pass.
    Scan,
    /// Circuitry's growth from the centre, picking random frontier tiles.
    Frontier,
    /// A Kruskal tree rerouted until the solver proves its puzzle has
    /// exactly one solution. The rerouting needs the solver, so it is
    /// `lightemall_solve::generate`'s; here it is only the starting tree.
    Unique,
    /// As [`Generator::Unique`], made faster: the solver's rounds start
    /// from the last round's conclusions and reason again only near the
    /// changes, with repairs where the reasoning from outside stalled and
    /// a full deduction as the proof. Different puzzles from `unique`'s
    /// (whose seeded IDs keep theirs).
    Unique2,
    /// A unique puzzle whose level (the hardest technique the solver
    /// needs) is the difficulty asked for: `lightemall_solve::generate`
    /// reshapes it; here it is only the starting tree. The default before
    /// the ladder; its seeded IDs keep their puzzles.
    Graded,
    /// A unique puzzle generated to a band of effort measured against
    /// Net's puzzles of the same size (`lightemall_solve::generate` climbs
    /// to it); here it is only the starting tree, grown from the centre as
    /// Net grows its own. The default.
    #[default]
    Ladder,
}

/// The chosen difficulty. For Kruskal it sets the range of edge weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Difficulty {
    /// Weights 0-50.
    Easy,
    /// Weights 0-100.
    #[default]
    Medium,
    /// Weights 50-200.
    Hard,
    /// Weights 50-200, as hard; the top of the ladder generator's levels
    /// (the graded generator has no such level).
    Expert,
}

macro_rules! named_enum {
    ($ty:ident, $what:literal, $($variant:ident => $name:literal),+) => {
        impl $ty {
            /// Every value, in menu order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The name as the CLI and IDs spell it.
            pub fn name(self) -> &'static str {
                match self { $($ty::$variant => $name),+ }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $ty {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, String> {
                $ty::ALL.iter().copied().find(|v| v.name().eq_ignore_ascii_case(s)).ok_or_else(|| {
                    let names: Vec<_> = $ty::ALL.iter().map(|v| v.name()).collect();
                    format!("unknown {} '{s}' (expected {})", $what, names.join(", "))
                })
            }
        }
    };
}

named_enum!(Generator, "generator", Kruskal => "kruskal", Scan => "scan", Frontier => "frontier", Unique => "unique", Unique2 => "unique2", Graded => "graded", Ladder => "ladder");
named_enum!(Difficulty, "difficulty", Easy => "easy", Medium => "medium", Hard => "hard", Expert => "expert");

impl Generator {
    /// Where the power station stands unless an ID or `--station` says
    /// otherwise: the graded and ladder generators' puzzles are played
    /// from the centre, as Net's are; the others from (0, 0), as the
    /// original LightEmAll game has it.
    pub fn default_station(self, grid: &Grid) -> (usize, usize) {
        match self {
            Generator::Graded | Generator::Ladder => (grid.width() / 2, grid.height() / 2),
            _ => (0, 0),
        }
    }

    /// Whether the puzzle is the starting tree reworked by the solver
    /// (made unique, or of a level), so `lightemall_solve::generate` makes
    /// it rather than `lightemall_gen::generate`.
    pub fn needs_solver(self) -> bool {
        matches!(
            self,
            Generator::Unique | Generator::Unique2 | Generator::Graded | Generator::Ladder
        )
    }
}

impl Difficulty {
    /// The inclusive range of Kruskal edge weights (the original LightEmAll
    /// game's ranges; expert, new, takes hard's).
    pub fn weight_range(self) -> (u8, u8) {
        match self {
            Difficulty::Easy => (0, 50),
            Difficulty::Medium => (0, 100),
            Difficulty::Hard | Difficulty::Expert => (50, 200),
        }
    }
}

/// Everything that decides a generated puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Params {
    /// The grid: topology, size, wrapping.
    pub grid: Grid,
    /// The algorithm.
    pub generator: Generator,
    /// The difficulty.
    pub difficulty: Difficulty,
    /// The seed.
    pub seed: u64,
    /// `(x, y)` of the power station.
    pub station: (usize, usize),
}

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = &self.grid;
        write!(
            f,
            "{}:{}:{}:{}#{}",
            g.topology(),
            g.size_label(),
            self.generator,
            self.difficulty,
            self.seed
        )?;
        if self.station != self.generator.default_station(g) {
            write!(f, "@{},{}", self.station.0, self.station.1)?;
        }
        Ok(())
    }
}

/// Whether `text` is a seeded ID rather than a descriptive one.
pub fn looks_seeded(text: &str) -> bool {
    text.contains('#')
}

impl FromStr for Params {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Params, ParseError> {
        let text = text.trim();
        let (body, station) = split_station(text)?;
        let (fields, seed) = body
            .split_once('#')
            .ok_or_else(|| ParseError::new(WHAT, body.chars().count() + 1, "expected '#SEED'"))?;
        let parts: Vec<&str> = fields.split(':').collect();
        let [topology, size, generator, difficulty] = parts[..] else {
            return Err(ParseError::new(
                WHAT,
                1,
                "expected TOPOLOGY:WxH:GENERATOR:DIFFICULTY#SEED",
            ));
        };
        // Characters, not bytes: a column counts what the user sees.
        let column = |field: usize| {
            parts[..field]
                .iter()
                .map(|p| p.chars().count() + 1)
                .sum::<usize>()
                + 1
        };
        let topology: Topology =
            topology
                .parse()
                .map_err(|e: lightemall_model::UnknownTopology| {
                    ParseError::new(WHAT, 1, e.to_string())
                })?;
        let (width, height, wrap) =
            parse_size(size).map_err(|m| ParseError::new(WHAT, column(1), m))?;
        let grid = Grid::new(topology, width, height, wrap)
            .map_err(|e| ParseError::new(WHAT, column(1), e.to_string()))?;
        let generator: Generator = generator
            .parse()
            .map_err(|m| ParseError::new(WHAT, column(2), m))?;
        let difficulty = difficulty
            .parse()
            .map_err(|m| ParseError::new(WHAT, column(3), m))?;
        let seed = seed.parse().map_err(|_| {
            ParseError::new(
                WHAT,
                fields.chars().count() + 2,
                format!("seed '{seed}' is not a number from 0 to 2^64-1"),
            )
        })?;
        let station = match station {
            Some((x, y)) => {
                let index = grid
                    .checked_index(x, y)
                    .map_err(|e| ParseError::new(WHAT, body.chars().count() + 2, e.to_string()))?;
                grid.coords(index)
            }
            None => generator.default_station(&grid),
        };
        Ok(Params {
            grid,
            generator,
            difficulty,
            seed,
            station,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for id in [
            "square:10x10:kruskal:medium#42",
            "hex:6x4w:frontier:hard#18446744073709551615@3,2",
            "octo:2x2:scan:easy#0",
        ] {
            let params: Params = id.parse().expect(id);
            assert_eq!(params.to_string(), id);
        }
    }

    #[test]
    fn errors_say_where() {
        let check = |id: &str, column: usize| {
            let err = id.parse::<Params>().expect_err(id);
            assert_eq!(err.column, column, "{id}: {err}");
        };
        check("square:10x10:kruskal:medium", 28);
        check("square:10x10:prim:medium#1", 14);
        check("square:10x10:kruskal:insane#1", 22);
        check("square:10x10:kruskal:easy#-1", 27);
        check("square:10x10:kruskal:easy#1@10,0", 29);
        check("square:1x10:kruskal:easy#1", 8);
        check("hex:3x3w:kruskal:easy#1", 5);
        check("square:kruskal:easy#1", 1);
        check("square:10x10:kruskäl:insane#1", 14);
    }

    /// Found by the fuzzer: the station quoted a newline into the message.
    #[test]
    fn an_error_is_one_line_whatever_it_quotes() {
        let id = "square:10x10w:rd#42@3square:10x10w:\n\0\0k\u{e2}usk";
        let err = id.parse::<Params>().expect_err(id);
        assert!(!err.to_string().contains('\n'), "{err}");
    }
}
