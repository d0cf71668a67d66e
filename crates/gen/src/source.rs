//! Reading any puzzle the user can give: a seeded ID, a descriptive ID, a Net
//! game ID or a JSON object.

use crate::params::{Params, looks_seeded};
use lightemall_model::format::descriptive::{parse_descriptive_id, starts_with_topology};
use lightemall_model::format::json::{PuzzleJson, looks_like_json};
use lightemall_model::format::net::{looks_like_net_id, parse_net_id};
use lightemall_model::{Grid, ModelError, ParseError, Puzzle};

/// Where a puzzle comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleSource {
    /// A seeded ID: generate it.
    Seeded(Params),
    /// The tiles themselves (descriptive ID, Net game ID or JSON).
    Given(Puzzle),
}

impl PuzzleSource {
    /// Read a puzzle in any of the accepted forms.
    pub fn parse(text: &str) -> Result<PuzzleSource, ParseError> {
        let text = text.trim();
        if looks_like_json(text) {
            let json = PuzzleJson::parse(text)?;
            return json.to_puzzle().map(PuzzleSource::Given);
        }
        if looks_like_net_id(text) {
            let board = parse_net_id(text)?;
            // Net puts its power source on the centre tile.
            let grid = board.grid();
            let station = grid.index(grid.width() / 2, grid.height() / 2);
            return Ok(PuzzleSource::Given(Puzzle {
                board,
                solution: None,
                station,
            }));
        }
        if starts_with_topology(text) {
            return if looks_seeded(text) {
                text.parse().map(PuzzleSource::Seeded)
            } else {
                parse_descriptive_id(text).map(PuzzleSource::Given)
            };
        }
        Err(ParseError::new(
            "puzzle",
            1,
            "not a puzzle ID, Net game ID or JSON object (try `lightemall gen` for an example)",
        ))
    }

    /// The board's grid, known before a seeded puzzle is generated (so a
    /// command can refuse a board it cannot handle first).
    pub fn grid(&self) -> &Grid {
        match self {
            PuzzleSource::Seeded(params) => &params.grid,
            PuzzleSource::Given(puzzle) => puzzle.board.grid(),
        }
    }

    /// The same puzzle with the power station at `(x, y)`, refused if that
    /// is off the board. A seeded puzzle's ID then carries the station.
    pub fn with_station(self, (x, y): (usize, usize)) -> Result<PuzzleSource, ModelError> {
        let station = self.grid().checked_index(x as u64, y as u64)?;
        Ok(match self {
            PuzzleSource::Seeded(params) => PuzzleSource::Seeded(Params {
                station: (x, y),
                ..params
            }),
            PuzzleSource::Given(puzzle) => PuzzleSource::Given(Puzzle { station, ..puzzle }),
        })
    }
}
