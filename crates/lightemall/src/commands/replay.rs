//! `lightemall replay`: play move tokens on a fresh puzzle, or replay a save
//! file, and print the state the game reaches. A bad or refused token is an
//! error naming it and its position; nothing after it is played. With
//! `--proof`, the game's share line and proof code.

use crate::cli::ReplayArgs;
use crate::input::puzzle_text;
use lightemall_engine::proof::{encode, share_line};
use lightemall_engine::{Game, ManualClock};
use lightemall_store::read_save;
use serde::Serialize;

/// Run the command.
pub fn run(args: &ReplayArgs) -> Result<(), String> {
    let game = match (&args.save, &args.puzzle) {
        (Some(path), _) => {
            let save = read_save(path).map_err(|e| e.to_string())?;
            let what = format!("replaying {}", path.display());
            crate::progress::while_working(&what, || {
                Game::from_save_file(save, Box::new(ManualClock::default()))
            })
            .map_err(|e| format!("{}: {e}", path.display()))?
        }
        (None, Some(puzzle)) => {
            let text = puzzle_text(puzzle)?;
            crate::progress::while_working("replaying the moves", || {
                let mut game = Game::from_id(&text, Box::new(ManualClock::default()))
                    .map_err(|e| e.to_string())?;
                game.play_tokens(&args.moves).map_err(|e| e.to_string())?;
                Ok::<_, String>(game)
            })?
        }
        (None, None) => return Err("give a PUZZLE or --save FILE".to_string()),
    };
    let proof = args.proof.then(|| {
        let daily = game.facts().daily;
        (share_line(&game, daily, None), encode(&game))
    });
    let output = if args.json {
        let mut object = ReplayJson::of(&game);
        (object.share, object.proof) = proof.unzip();
        serde_json::to_string(&object).map_err(|e| e.to_string())?
    } else if let Some((share, proof)) = proof {
        format!("{share}\n{proof}")
    } else {
        format!("puzzle: {}\n{}", game.origin().id, game.text())
    };
    crate::output::print(&output)
}

/// `--json`: the contract's `{"moves", "solved", "powered", "tiles",
/// "station", "par"}` first, then the rest of the state.
#[derive(Serialize)]
struct ReplayJson {
    moves: u64,
    solved: bool,
    powered: usize,
    tiles: Vec<u8>,
    station: [usize; 2],
    par: Option<u64>,
    /// Whether `par` is exact; otherwise an upper bound.
    par_exact: bool,
    id: String,
    width: usize,
    height: usize,
    topology: &'static str,
    wrap: bool,
    locked: Vec<[usize; 2]>,
    radius: Option<u32>,
    fog: bool,
    assisted: bool,
    elapsed_ms: u128,
    log: String,
    /// Each marked edge once, from its lower tile: `[x, y, "D", "wire" | "cut"]`.
    marks: Vec<(usize, usize, &'static str, &'static str)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    share: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<String>,
}

impl ReplayJson {
    fn of(game: &Game) -> ReplayJson {
        let grid = game.board().grid();
        let state = game.state();
        let xy = |tile: usize| {
            let at = game.coord_of(tile);
            [at.x, at.y]
        };
        ReplayJson {
            moves: game.moves_made(),
            solved: game.is_solved(),
            powered: game.powered_count(),
            tiles: game.board().tiles().iter().map(|t| t.0).collect(),
            station: xy(state.station),
            par: game.facts().par,
            par_exact: game.facts().par_exact,
            id: game.origin().id.clone(),
            width: grid.width(),
            height: grid.height(),
            topology: grid.topology().name(),
            wrap: grid.wrap(),
            locked: (0..state.locked.len())
                .filter(|&tile| state.locked[tile])
                .map(xy)
                .collect(),
            radius: game.radius(),
            fog: state.fog_on,
            assisted: game.is_assisted(),
            elapsed_ms: game.elapsed().as_millis(),
            log: lightemall_engine::moves::print_moves(game.history()),
            marks: (state.marks.iter())
                .map(|(edge, mark)| {
                    let [x, y] = xy(edge.tile);
                    (x, y, grid.topology().direction(edge.dir).name, mark.name())
                })
                .collect(),
            share: None,
            proof: None,
        }
    }
}
