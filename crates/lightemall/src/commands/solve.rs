//! `lightemall solve`: solve a puzzle, say whether the solution is unique,
//! and list the solutions.

use crate::cli::SolveArgs;
use crate::puzzle_args::read_puzzle;
use lightemall_model::format::net::to_net_id;
use lightemall_model::format::text::picture;
use lightemall_model::{Board, Tile};
use lightemall_solve::{Options, Rating, Report, Stats, Status, Turns, par, solve_with};
use serde::Serialize;

/// Run the command.
pub fn run(args: &SolveArgs) -> Result<(), String> {
    let resolved = read_puzzle(&args.puzzle)?;
    let board = &resolved.puzzle.board;
    let options = Options {
        limit: usize::from(args.limit),
        max_guesses: args.max_guesses.unwrap_or(u64::MAX),
        max_level: args.max_level.unwrap_or(Rating::Fiendish),
        ..Options::default()
    };
    let report = solve_with(board, &options);
    let boards: Vec<Board> = report
        .solutions
        .iter()
        .map(|tiles| board.with_tiles(tiles.clone()))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let facts = Facts {
        // Rated by the whole work only: a search that gave up was cut short.
        rating: report.rating().map_or("unknown", Rating::name),
        par: (report.status == Status::Unique).then(|| {
            let topology = board.grid().topology();
            let solution = &report.solutions[0];
            let moves = |turns| par(topology, board.tiles(), solution, turns).unwrap_or(0);
            Par {
                clockwise: moves(Turns::Clockwise),
                either_way: moves(Turns::EitherWay),
            }
        }),
    };
    let output = if args.json {
        json(&resolved.id, &report, &boards, &facts)?
    } else {
        text(&report, &boards, &facts)
    };
    crate::output::print(&output)
}

/// What a solve says about the puzzle beyond its solutions.
#[derive(Serialize)]
struct Facts {
    rating: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    par: Option<Par>,
}

/// The fewest moves from the scramble to the unique solution.
#[derive(Serialize)]
struct Par {
    clockwise: u64,
    either_way: u64,
}

fn text(report: &Report, boards: &[Board], facts: &Facts) -> String {
    let mut out = format!(
        "status: {}\nrating: {}\n",
        report.status.name(),
        facts.rating
    );
    if let Some(par) = &facts.par {
        out.push_str(&format!(
            "par: {} moves clockwise only, {} turning either way\n",
            par.clockwise, par.either_way
        ));
    }
    for (i, board) in boards.iter().enumerate() {
        out.push_str(&format!("solution {}:\n{}", i + 1, picture(board)));
    }
    let s = report.stats;
    out.push_str(&format!(
        "techniques: {} local, {} loop, {} island, {} lookahead, {} guesses\n",
        s.local, s.loops, s.islands, s.lookahead, s.guesses
    ));
    if report.undecided > 0 {
        out.push_str(&format!(
            "undecided: {} tiles after reasoning\n",
            report.undecided
        ));
    }
    out
}

/// `--json`: `{"id", "status", "solutions", "net", "rating", "par",
/// "techniques", "undecided", "stats"}` (`stats`: the technique counts under
/// their first names, kept for older readers).
#[derive(Serialize)]
struct SolveJson<'a> {
    id: &'a str,
    status: &'static str,
    solutions: Vec<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    net: Option<Vec<String>>,
    #[serde(flatten)]
    facts: &'a Facts,
    techniques: TechniquesJson,
    undecided: usize,
    stats: StatsJson,
}

/// How often each technique concluded something.
#[derive(Serialize)]
struct TechniquesJson {
    local: u64,
    #[serde(rename = "loop")]
    loops: u64,
    island: u64,
    lookahead: u64,
    guesses: u64,
}

/// The first names of the counts (before `lookahead` was a technique).
#[derive(Serialize)]
struct StatsJson {
    local: u64,
    loops: u64,
    islands: u64,
    guesses: u64,
}

impl From<Stats> for TechniquesJson {
    fn from(s: Stats) -> Self {
        TechniquesJson {
            local: s.local,
            loops: s.loops,
            island: s.islands,
            lookahead: s.lookahead,
            guesses: s.guesses,
        }
    }
}

fn json(id: &str, report: &Report, boards: &[Board], facts: &Facts) -> Result<String, String> {
    let masks = |tiles: &[Tile]| tiles.iter().map(|t| t.0).collect::<Vec<_>>();
    let net = boards.iter().map(to_net_id).collect::<Option<Vec<_>>>();
    let s = report.stats;
    let object = SolveJson {
        id,
        status: report.status.name(),
        solutions: report.solutions.iter().map(|t| masks(t)).collect(),
        net,
        facts,
        techniques: s.into(),
        undecided: report.undecided,
        stats: StatsJson {
            local: s.local,
            loops: s.loops,
            islands: s.islands,
            guesses: s.guesses,
        },
    };
    serde_json::to_string(&object).map_err(|e| e.to_string())
}
