//! `lightemall solve`: solve a puzzle, say whether the solution is unique,
//! and list the solutions.

use crate::cli::SolveArgs;
use crate::puzzle_args::read_puzzle;
use lightemall_model::Board;
use lightemall_model::format::net::to_net_id;
use lightemall_model::format::text::picture;
use lightemall_solve::{Options, Rating, Report, Stats, Status, Turns, par, solve_with};
use serde::Serialize;
use std::io::{self, Write};

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
    let what = format!("solving {}", board.grid().size_label());
    let report = crate::progress::while_working(&what, || solve_with(board, &options));
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
    // Written as it is made, one solution's board at a time: a thousand
    // solutions of a large board are never held in memory a second time.
    crate::output::print_with(|out| {
        if args.json {
            json(out, &resolved.id, &report, board, &facts)
        } else {
            text(out, &report, board, &facts)
        }
    })
}

/// The board of each solution, made one at a time.
fn solved_boards<'a>(report: &'a Report, board: &'a Board) -> impl Iterator<Item = Board> + 'a {
    report.solutions.iter().map(|tiles| {
        board
            .with_tiles(tiles.clone())
            .expect("a solution has the board's size")
    })
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

fn text(out: &mut dyn Write, report: &Report, board: &Board, facts: &Facts) -> io::Result<()> {
    write!(
        out,
        "status: {}\nrating: {}\n",
        report.status.name(),
        facts.rating
    )?;
    if let Some(par) = &facts.par {
        writeln!(
            out,
            "par: {} moves clockwise only, {} turning either way",
            par.clockwise, par.either_way
        )?;
    }
    for (i, solved) in solved_boards(report, board).enumerate() {
        write!(out, "solution {}:\n{}", i + 1, picture(&solved))?;
    }
    let s = report.stats;
    writeln!(
        out,
        "techniques: {} local, {} loop, {} island, {} lookahead, {} guesses",
        s.local, s.loops, s.islands, s.lookahead, s.guesses
    )?;
    writeln!(out, "effort: {}", s.effort())?;
    if report.undecided > 0 {
        writeln!(out, "undecided: {} tiles after reasoning", report.undecided)?;
    }
    Ok(())
}

/// `--json`: `{"id", "status", "solutions", "net", "rating", "par",
/// "techniques", "undecided", "stats", "effort", "lookahead_chain"}`
/// (`stats`: the technique counts under
/// their first names, kept for older readers). The solutions and their Net
/// IDs are written one by one; the rest is [`Summary`].
#[derive(Serialize)]
struct Summary<'a> {
    #[serde(flatten)]
    facts: &'a Facts,
    techniques: TechniquesJson,
    undecided: usize,
    stats: StatsJson,
    effort: u64,
    lookahead_chain: ChainJson,
}

/// How far the lookahead deductions had to follow their assumptions.
#[derive(Serialize)]
struct ChainJson {
    steps: u64,
    longest: u64,
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

fn json(
    out: &mut dyn Write,
    id: &str,
    report: &Report,
    board: &Board,
    facts: &Facts,
) -> io::Result<()> {
    write!(out, "{{\"id\":{},", to_json(&id)?)?;
    write!(
        out,
        "\"status\":\"{}\",\"solutions\":[",
        report.status.name()
    )?;
    for (i, tiles) in report.solutions.iter().enumerate() {
        let masks: Vec<u8> = tiles.iter().map(|t| t.0).collect();
        write!(out, "{}{}", if i > 0 { "," } else { "" }, to_json(&masks)?)?;
    }
    out.write_all(b"]")?;
    // Net IDs exist for square boards only.
    if to_net_id(board).is_some() {
        out.write_all(b",\"net\":[")?;
        for (i, solved) in solved_boards(report, board).enumerate() {
            let net = to_net_id(&solved).unwrap_or_default();
            write!(out, "{}{}", if i > 0 { "," } else { "" }, to_json(&net)?)?;
        }
        out.write_all(b"]")?;
    }
    let s = report.stats;
    let summary = to_json(&Summary {
        facts,
        techniques: s.into(),
        undecided: report.undecided,
        stats: StatsJson {
            local: s.local,
            loops: s.loops,
            islands: s.islands,
            guesses: s.guesses,
        },
        effort: s.effort(),
        lookahead_chain: ChainJson {
            steps: s.lookahead_steps,
            longest: s.longest_lookahead,
        },
    })?;
    // The summary's fields, without its braces, close the object.
    writeln!(out, ",{}", summary.trim_start_matches('{'))
}

fn to_json<T: Serialize + ?Sized>(value: &T) -> io::Result<String> {
    serde_json::to_string(value).map_err(io::Error::other)
}
