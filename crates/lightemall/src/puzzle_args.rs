//! Turning `PuzzleArgs` into a puzzle and the ID that reproduces it.

use crate::cli::PuzzleArgs;
use crate::input::puzzle_text;
use lightemall_gen::{Generator, Params, PuzzleSource};
use lightemall_model::format::descriptive::to_descriptive_id;
use lightemall_model::{Grid, Puzzle, parse_size};

/// A puzzle ready to use, with its ID and, if generated, its parameters.
#[derive(Debug)]
pub struct Resolved {
    pub puzzle: Puzzle,
    pub id: String,
    pub params: Option<Params>,
}

/// Read the puzzle named by a PUZZLE argument (an ID, Net ID, JSON, file or `-`).
pub fn read_puzzle(arg: &str) -> Result<Resolved, String> {
    let source = PuzzleSource::parse(&puzzle_text(arg)?).map_err(|e| e.to_string())?;
    resolve_source(source, None)
}

/// Build or read the puzzle the arguments describe.
pub fn resolve(args: &PuzzleArgs) -> Result<Resolved, String> {
    resolve_checked(args, |_| Ok(()))
}

/// [`resolve`], after `check` has accepted the board's grid: a command
/// that would refuse the board (an image too large, say) does so before a
/// large puzzle is generated.
pub fn resolve_checked(
    args: &PuzzleArgs,
    check: impl FnOnce(&Grid) -> Result<(), String>,
) -> Result<Resolved, String> {
    let source = source(args)?;
    check(match &source {
        PuzzleSource::Seeded(params) => &params.grid,
        PuzzleSource::Given(puzzle) => puzzle.board.grid(),
    })?;
    resolve_source(source, args.station.as_deref())
}

/// The puzzle the arguments name, with `--station` applied, not yet
/// generated (the engine generates seeded puzzles itself).
pub fn source_with_station(args: &PuzzleArgs) -> Result<PuzzleSource, String> {
    let Some(station) = args.station.as_deref() else {
        return source(args);
    };
    match source(args)? {
        PuzzleSource::Seeded(mut params) => {
            params.station = parse_station(station, &params.grid)?;
            Ok(PuzzleSource::Seeded(params))
        }
        PuzzleSource::Given(mut puzzle) => {
            let grid = *puzzle.board.grid();
            let (x, y) = parse_station(station, &grid)?;
            puzzle.station = grid.index(x, y);
            Ok(PuzzleSource::Given(puzzle))
        }
    }
}

fn source(args: &PuzzleArgs) -> Result<PuzzleSource, String> {
    match &args.puzzle {
        Some(arg) => PuzzleSource::parse(&puzzle_text(arg)?).map_err(|e| e.to_string()),
        None => Ok(PuzzleSource::Seeded(params_from_options(args)?)),
    }
}

fn resolve_source(source: PuzzleSource, station: Option<&str>) -> Result<Resolved, String> {
    match source {
        PuzzleSource::Seeded(mut params) => {
            if let Some(station) = station {
                params.station = parse_station(station, &params.grid)?;
            }
            let puzzle = crate::progress::generate(&params).map_err(|e| e.to_string())?;
            Ok(Resolved {
                puzzle,
                id: params.to_string(),
                params: Some(params),
            })
        }
        PuzzleSource::Given(mut puzzle) => {
            if let Some(station) = station {
                let grid = *puzzle.board.grid();
                let (x, y) = parse_station(station, &grid)?;
                puzzle.station = grid.index(x, y);
            }
            let id = to_descriptive_id(&puzzle.board, puzzle.station);
            Ok(Resolved {
                puzzle,
                id,
                params: None,
            })
        }
    }
}

fn params_from_options(args: &PuzzleArgs) -> Result<Params, String> {
    let (width, height, wrap_suffix) = parse_size(&args.size)?;
    let topology = args.topology.parse().map_err(|e| format!("{e}"))?;
    let grid =
        Grid::new(topology, width, height, args.wrap || wrap_suffix).map_err(|e| e.to_string())?;
    let generator: Generator = args.generator.parse()?;
    Ok(Params {
        grid,
        generator,
        difficulty: args.difficulty.parse()?,
        seed: args.seed.unwrap_or_else(fresh_seed),
        station: generator.default_station(&grid),
    })
}

/// `X,Y` or `center`, checked against the grid.
fn parse_station(text: &str, grid: &Grid) -> Result<(usize, usize), String> {
    if text.eq_ignore_ascii_case("center") || text.eq_ignore_ascii_case("centre") {
        return Ok((grid.width() / 2, grid.height() / 2));
    }
    let bad = || format!("--station '{text}' is not X,Y or center");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: u64 = x.trim().parse().map_err(|_| bad())?;
    let y: u64 = y.trim().parse().map_err(|_| bad())?;
    let index = grid
        .checked_index(x, y)
        .map_err(|e| format!("--station: {e}"))?;
    Ok(grid.coords(index))
}

/// A seed for a new puzzle when none is given: the clock's nanoseconds, mixed.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    (nanos ^ u64::from(std::process::id())).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11
}
