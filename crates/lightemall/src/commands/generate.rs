//! `lightemall gen`: print a puzzle as an ID, a Net game ID, a text picture or JSON.

use crate::cli::{Format, GenArgs};
use crate::puzzle_args::{Resolved, resolve};
use lightemall_model::format::json::PuzzleJson;
use lightemall_model::format::net::to_net_id;
use lightemall_model::format::text::picture;
use serde::Serialize;

/// Run the command.
pub fn run(args: &GenArgs) -> Result<(), String> {
    let resolved = resolve(&args.puzzle)?;
    let output = if args.json {
        json(&resolved)?
    } else {
        match args.format {
            Format::Id => resolved.id.clone(),
            Format::Net => to_net_id(&resolved.puzzle.board)
                .ok_or("--format net needs a square board (Net has no octo or hex grids)")?,
            Format::Text => text(&resolved),
        }
    };
    crate::output::print(&output)
}

fn text(resolved: &Resolved) -> String {
    let mut out = format!("{}\n{}", resolved.id, picture(&resolved.puzzle.board));
    if let Some(solved) = resolved.puzzle.solution_board() {
        out.push_str("solution:\n");
        out.push_str(&picture(&solved));
    }
    out
}

/// `--json`: the model's puzzle object, then how it was made, and its Net ID.
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
}

fn json(resolved: &Resolved) -> Result<String, String> {
    let puzzle = &resolved.puzzle;
    let params = resolved.params.as_ref();
    let object = GenJson {
        puzzle: PuzzleJson::new(puzzle, resolved.id.clone()),
        generator: params.map(|p| p.generator.name()),
        difficulty: params.map(|p| p.difficulty.name()),
        seed: params.map(|p| p.seed),
        net: to_net_id(&puzzle.board),
    };
    serde_json::to_string(&object).map_err(|e| e.to_string())
}
