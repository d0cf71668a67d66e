//! `lightemall solve`: solve a puzzle, say whether the solution is unique,
//! and list the solutions.

use crate::cli::SolveArgs;
use crate::puzzle_args::read_puzzle;
use lightemall_model::format::net::to_net_id;
use lightemall_model::format::text::picture;
use lightemall_model::{Board, Tile};
use lightemall_solve::{Report, solve};
use serde::Serialize;

/// Run the command.
pub fn run(args: &SolveArgs) -> Result<(), String> {
    let resolved = read_puzzle(&args.puzzle)?;
    let board = &resolved.puzzle.board;
    let report = solve(board, usize::from(args.limit));
    let boards: Vec<Board> = report
        .solutions
        .iter()
        .map(|tiles| board.with_tiles(tiles.clone()))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let output = if args.json {
        json(&resolved.id, &report, &boards)?
    } else {
        text(&report, &boards)
    };
    crate::output::print(&output)
}

fn text(report: &Report, boards: &[Board]) -> String {
    let mut out = format!("status: {}\n", report.status.name());
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

/// `--json`: `{"id", "status", "solutions", "net", "stats"}`.
#[derive(Serialize)]
struct SolveJson<'a> {
    id: &'a str,
    status: &'static str,
    solutions: Vec<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    net: Option<Vec<String>>,
    stats: StatsJson,
}

#[derive(Serialize)]
struct StatsJson {
    local: u64,
    loops: u64,
    islands: u64,
    guesses: u64,
}

fn json(id: &str, report: &Report, boards: &[Board]) -> Result<String, String> {
    let masks = |tiles: &[Tile]| tiles.iter().map(|t| t.0).collect::<Vec<_>>();
    let net = boards.iter().map(to_net_id).collect::<Option<Vec<_>>>();
    let s = report.stats;
    let object = SolveJson {
        id,
        status: report.status.name(),
        solutions: report.solutions.iter().map(|t| masks(t)).collect(),
        net,
        stats: StatsJson {
            local: s.local,
            loops: s.loops,
            islands: s.islands,
            guesses: s.guesses,
        },
    };
    serde_json::to_string(&object).map_err(|e| e.to_string())
}
