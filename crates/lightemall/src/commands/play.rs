//! `lightemall play` (and a bare `lightemall`): a game in a window. The
//! display is checked first, so a headless machine gets one clear line and
//! exit code 2 before any puzzle is generated.

use crate::cli::PlayArgs;
use crate::puzzle_args::{fresh_seed, source};
use lightemall_engine::{Game, save::SaveFile};
use lightemall_render_minifb::check_display;
use lightemall_store::{AUTOSAVE_SLOT, Store};
use lightemall_ui::{Files, InstantClock};

/// Run the command.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    check_display()?;
    let store = Store::in_default_folder().ok();
    let game = match resumed(args, store.as_ref())? {
        Some(save) => Game::from_save_file(save, Box::new(InstantClock::default()))
            .map_err(|e| format!("cannot resume the autosave: {e}"))?,
        None => new_game(args)?,
    };
    lightemall_render_minifb::play(game, Files { store }, Box::new(fresh_seed))
}

/// The autosave, if `--resume` asks for it and there is one.
fn resumed(args: &PlayArgs, store: Option<&Store>) -> Result<Option<SaveFile>, String> {
    if !args.resume {
        return Ok(None);
    }
    let store = store.ok_or("no folder for saves on this system: nothing to resume")?;
    let save = store.load_slot(AUTOSAVE_SLOT).map_err(|e| e.to_string())?;
    if save.is_none() {
        eprintln!(
            "lightemall: nothing to resume at {}; a new game",
            store.slot_path(AUTOSAVE_SLOT).display()
        );
    }
    Ok(save)
}

fn new_game(args: &PlayArgs) -> Result<Game, String> {
    let source = source(&args.puzzle)?;
    crate::progress::while_working("generating the game", || {
        Game::new(source, Box::new(InstantClock::default()))
    })
    .map_err(|e| e.to_string())
}
