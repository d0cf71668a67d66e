//! `lightemall gen`: print a puzzle as an ID, a Net game ID, a text picture or JSON.

use crate::cli::{Format, GenArgs};
use crate::puzzle_args::{Resolved, resolve};
use lightemall_model::format::json::PuzzleJson;
use lightemall_model::format::net::to_net_id;
use lightemall_model::format::text::picture;

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
    println!("{}", output.trim_end());
    Ok(())
}

fn text(resolved: &Resolved) -> String {
    let mut out = format!("{}\n{}", resolved.id, picture(&resolved.puzzle.board));
    if let Some(solved) = resolved.puzzle.solution_board() {
        out.push_str("solution:\n");
        out.push_str(&picture(&solved));
    }
    out
}

fn json(resolved: &Resolved) -> Result<String, String> {
    let puzzle = &resolved.puzzle;
    let mut value = serde_json::to_value(PuzzleJson::new(puzzle, resolved.id.clone()))
        .map_err(|e| e.to_string())?;
    if let Some(object) = value.as_object_mut() {
        if let Some(params) = &resolved.params {
            object.insert("generator".into(), params.generator.name().into());
            object.insert("difficulty".into(), params.difficulty.name().into());
            object.insert("seed".into(), params.seed.into());
        }
        if let Some(net) = to_net_id(&puzzle.board) {
            object.insert("net".into(), net.into());
        }
    }
    serde_json::to_string(&value).map_err(|e| e.to_string())
}
