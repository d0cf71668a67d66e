//! `lightemall gen`: print a puzzle as an ID, a Net game ID, a text picture or JSON.

use crate::cli::{Format, GenArgs};
use crate::puzzle_args::{Resolved, resolve};
use lightemall_model::format::json::PuzzleJson;
use lightemall_model::format::net::to_net_id;
use lightemall_model::format::text::picture;
use lightemall_solve::{Rating, solve_interactively};
use serde::Serialize;

/// Run the command.
pub fn run(args: &GenArgs) -> Result<(), String> {
    if args.rate && !args.json && args.format != Format::Text {
        return Err("--rate needs --json or --format text (an ID stays one line)".into());
    }
    let resolved = resolve(&args.puzzle)?;
    let rating = args
        .rate
        .then(|| crate::progress::while_working("rating", || rating(&resolved)));
    let output = if args.json {
        json(&resolved, rating)?
    } else {
        formatted(&resolved, args.format, rating)?
    };
    crate::output::print(&output)
}

/// The puzzle in `format` (`lightemall daily` prints the same).
pub fn formatted(
    resolved: &Resolved,
    format: Format,
    rating: Option<&str>,
) -> Result<String, String> {
    Ok(match format {
        Format::Id => resolved.id.clone(),
        Format::Net => to_net_id(&resolved.puzzle.board)
            .ok_or("--format net needs a square board (Net has no octo or hex grids)")?,
        Format::Text => text(resolved, rating),
    })
}

/// The solver's rating: how much deduction and guessing the puzzle needs,
/// measured as the game measures it (`unknown` if that search gives up).
fn rating(resolved: &Resolved) -> &'static str {
    let board = &resolved.puzzle.board;
    solve_interactively(board)
        .rating()
        .map_or("unknown", Rating::name)
}

fn text(resolved: &Resolved, rating: Option<&str>) -> String {
    let mut out = format!("{}\n", resolved.id);
    if let Some(rating) = rating {
        out.push_str(&format!("rating: {rating}\n"));
    }
    out.push_str(&picture(&resolved.puzzle.board));
    if let Some(solved) = resolved.puzzle.solution_board() {
        out.push_str("solution:\n");
        out.push_str(&picture(&solved));
    }
    out
}

/// `--json` (and `lightemall daily --json`): the model's puzzle object, then how it was made, and its Net ID.
#[derive(Serialize)]
struct GenJson<'a> {
    #[serde(flatten)]
    puzzle: PuzzleJson,
    #[serde(skip_serializing_if = "Option::is_none")]
    generator: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    difficulty: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    net: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<&'a str>,
}

pub fn json<'a>(resolved: &'a Resolved, rating: Option<&'a str>) -> Result<String, String> {
    let puzzle = &resolved.puzzle;
    let params = resolved.params.as_ref();
    let object = GenJson {
        puzzle: PuzzleJson::new(puzzle, resolved.id.clone()),
        generator: params.map(|p| p.generator.name()),
        difficulty: params.map(|p| p.difficulty.name()),
        seed: params.map(|p| p.seed),
        net: to_net_id(&puzzle.board),
        rating,
    };
    serde_json::to_string(&object).map_err(|e| e.to_string())
}
