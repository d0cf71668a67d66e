//! `lightemall solve`: solve a puzzle, say whether the solution is unique,
//! and list the solutions.

use crate::cli::SolveArgs;
use crate::puzzle_args::read_puzzle;
use lightemall_model::format::net::to_net_id;
use lightemall_model::format::text::picture;
use lightemall_model::{Board, Tile};
use lightemall_solve::{Report, Status, Turns, par, solve_within};
use serde::Serialize;

/// Run the command.
pub fn run(args: &SolveArgs) -> Result<(), String> {
    let resolved = read_puzzle(&args.puzzle)?;
    let board = &resolved.puzzle.board;
    let max_guesses = args.max_guesses.unwrap_or(u64::MAX);
    let report = solve_within(board, &[], usize::from(args.limit), max_guesses);
    let boards: Vec<Board> = report
        .solutions
        .iter()
        .map(|tiles| board.with_tiles(tiles.clone()))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let facts = Facts {
        // Rated by the whole work only: a search that gave up was cut short.
        rating: match report.status {
            Status::GaveUp => "unknown",
            _ => report.stats.rating(board.grid().len()).name(),
        },
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
        "work: {} local deductions, {} loops ruled out, {} island deductions, {} guesses\n",
        s.local, s.loops, s.islands, s.guesses
    ));
    out
}

/// `--json`: `{"id", "status", "solutions", "net", "rating", "par", "stats"}`.
#[derive(Serialize)]
struct SolveJson<'a> {
    id: &'a str,
    status: &'static str,
    solutions: Vec<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    net: Option<Vec<String>>,
    #[serde(flatten)]
    facts: &'a Facts,
    stats: StatsJson,
}

#[derive(Serialize)]
struct StatsJson {
    local: u64,
    loops: u64,
    islands: u64,
    guesses: u64,
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
        stats: StatsJson {
            local: s.local,
            loops: s.loops,
            islands: s.islands,
            guesses: s.guesses,
        },
    };
    serde_json::to_string(&object).map_err(|e| e.to_string())
}
