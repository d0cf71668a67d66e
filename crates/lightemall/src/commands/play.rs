//! `lightemall play` (and a bare `lightemall`): a game in a window. The
//! display is checked first, so a headless machine gets one clear line and
//! exit code 2 before any puzzle is generated. A new game is made on
//! another thread; if that takes a moment (a large board), the window
//! opens and shows how far it has come; so is the game of a resumed save
//! (`--resume`), its moves then replayed. A large seeded game is played as
//! soon as it is generated, the solver's rating and par to come (the
//! window has them worked out once the board shows); a small one is rated
//! first (in milliseconds), and a given puzzle waits for the solver, which
//! finds the solution it is measured by.

use crate::cli::PlayArgs;
use crate::progress::how_far;
use crate::puzzle_args::{fresh_seed, source};
use lightemall_engine::{Game, GameError, PuzzleFacts, save::SaveFile};
use lightemall_gen::PuzzleSource;
use lightemall_present::{Building, MadeGame};
use lightemall_render_minifb::check_display;
use lightemall_session::{Files, InstantClock, say};
use lightemall_solve::resolve_watched;
use lightemall_store::{AUTOSAVE_SLOTS, Store, is_autosave_slot};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// Run the command.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    if let Some(slot) = args.resume.as_deref() {
        check_slot(slot)?;
    }
    let daily = args
        .daily
        .then(|| daily_source(args.date.as_deref()))
        .transpose()?;
    check_display()?;
    let store = Store::in_default_folder();
    let (files, save) = match &args.resume {
        Some(slot) => resumed(slot, store.map_err(|e| e.to_string())?)?,
        None => (
            Files::claimed(store.ok()).offering_lessons(started_plainly()),
            None,
        ),
    };
    match save {
        Some(save) => {
            let source = PuzzleSource::parse(&save.puzzle)
                .map_err(|e| format!("cannot resume the autosave: {e}"))?;
            let what = format!("resuming {}", save.puzzle);
            let resume = move |game: Game| {
                game.replay_save(save)
                    .map_err(|e| format!("cannot resume the autosave: {e}"))
            };
            play_made(source, what, resume, files)
        }
        None => {
            let source = match daily {
                Some(daily) => daily,
                None => source(&args.puzzle)?,
            };
            let what = match &source {
                PuzzleSource::Seeded(params) => format!("generating {params}"),
                PuzzleSource::Given(_) => "reading the puzzle".to_string(),
            };
            play_made(source, what, Ok, files)
        }
    }
}

/// Whether the game was started with no argument but the command's name
/// (`lightemall` or `lightemall play`): only then are the lessons offered
/// on the very first start, not before a puzzle or option asked for.
fn started_plainly() -> bool {
    std::env::args_os().skip(1).all(|arg| arg == "play")
}

/// The daily of `date` (today's where the player is if `None`).
fn daily_source(date: Option<&str>) -> Result<PuzzleSource, String> {
    let today = lightemall_store::today();
    let date = match date {
        Some(text) => text.parse().map_err(|e| format!("--date: {e}"))?,
        None => today,
    };
    let id = lightemall_engine::daily::daily_id(date, today).map_err(|e| e.to_string())?;
    PuzzleSource::parse(&id).map_err(|e| e.to_string())
}

/// How long a game may take to make before the window opens to show
/// how far it has come (a small board's window opens with its game).
const WINDOW_WAITS: Duration = Duration::from_millis(300);

/// A game of `source`, made on another thread: generated (its rounds
/// reported) and rated, then `prepare`d (a resumed save's moves
/// replayed). Made within [`WINDOW_WAITS`], it is played at once;
/// otherwise the window opens and shows the reports (`what` it makes)
/// until it comes.
fn play_made(
    source: PuzzleSource,
    what: String,
    prepare: impl FnOnce(Game) -> Result<Game, String>,
    files: Files,
) -> Result<(), String> {
    let grid = *source.grid();
    let (reports, received) = mpsc::channel();
    // The thread is not joined: leaving the window while it works ends
    // the process, and it with it.
    std::thread::spawn(move || {
        let made = make(source, &reports);
        let _ = reports.send(Building::Made(made));
    });
    let seed = Box::new(fresh_seed);
    let started = Instant::now();
    loop {
        match received.recv_timeout(WINDOW_WAITS.saturating_sub(started.elapsed())) {
            Ok(Building::Doing(_)) => {}
            Ok(Building::Made(made)) => {
                let game = prepare(made?.into_game(Box::new(InstantClock::default())))?;
                return ended(lightemall_render_minifb::play(game, files, seed)?);
            }
            Err(RecvTimeoutError::Timeout) => break,
            Err(RecvTimeoutError::Disconnected) => {
                return Err("the game could not be made".to_string());
            }
        }
    }
    ended(lightemall_render_minifb::play_when_made(
        &grid, &what, received, prepare, files, seed,
    )?)
}

/// The window is closed: a signal that ended it (the game kept) ends the
/// program with its code, 128 + its number, as the shell expects.
fn ended(signal: Option<i32>) -> Result<(), String> {
    match signal {
        Some(signal) => std::process::exit(128 + signal),
        None => Ok(()),
    }
}

/// The game's parts for `source` (resolved as every entry point resolves
/// a puzzle, then rated), its progress sent as it goes. A seeded puzzle of
/// more than `RATED_FIRST` tiles comes with provisional facts at once
/// (`PuzzleFacts::before_rating`), from the generator's solution: the
/// window has the solver rate it once the board shows.
fn make(source: PuzzleSource, reports: &Sender<Building>) -> Result<Box<MadeGame>, String> {
    let tiles = source.grid().len();
    let resolved = resolve_watched(source, &mut |progress| {
        let _ = reports.send(Building::Doing(how_far(progress, tiles)));
    })
    .map_err(|e| GameError::Puzzle(e.to_string()).to_string())?;
    if let Some(facts) = PuzzleFacts::before_rating(&resolved.puzzle, resolved.params) {
        return Ok(Box::new(MadeGame { resolved, facts }));
    }
    let _ = reports.send(Building::Doing(
        "measuring it: the solver's rating and par".to_string(),
    ));
    let facts = PuzzleFacts::of(&resolved.puzzle, resolved.params);
    Ok(Box::new(MadeGame { resolved, facts }))
}

/// `Err` unless `slot` names an autosave slot (or is empty: the newest),
/// so no path reaches the store.
fn check_slot(slot: &str) -> Result<(), String> {
    if slot.is_empty() || is_autosave_slot(slot) {
        return Ok(());
    }
    Err(format!(
        "--resume={slot}: not an autosave slot (autosave, autosave-2 ... autosave-{AUTOSAVE_SLOTS})"
    ))
}

/// The files of a window going on with the game of autosave `slot` (the
/// newest no window plays, if empty), and that game; a new game's files
/// and none if there is nothing to resume.
fn resumed(slot: &str, store: Store) -> Result<(Files, Option<SaveFile>), String> {
    let slot = match slot {
        "" => store.slot_to_resume(),
        slot => Some(slot.to_string()),
    };
    let Some(slot) = slot else {
        say(&format!(
            "nothing to resume in {}; a new game",
            store.folder.display()
        ));
        return Ok((Files::claimed(Some(store)), None));
    };
    let save = store.load_slot(&slot).map_err(|e| e.to_string())?;
    if save.is_none() {
        say(&format!(
            "nothing to resume at {}; a new game",
            store.slot_path(&slot).display()
        ));
    }
    Ok((Files::resuming(store, &slot)?, save))
}
