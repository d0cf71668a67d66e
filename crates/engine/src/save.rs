//! The save file: human-readable, versioned text that names the puzzle and
//! lists the moves; loading regenerates the puzzle and replays them.
//!
//! ```text
//! lightemall save 1
//! puzzle: square:10x10:kruskal:medium#42
//! elapsed-ms: 83250
//! moves-made: 17
//! assisted: no
//! radius: off
//! fog: off
//! moves: C0,0;A1,2;S E
//! redo: C3,3
//! end
//! ```
//!
//! `moves` is the log as it stands; `redo` the undone moves in the order
//! redo would play them; `moves-made` the count for the score (undo does
//! not lower it, so it is stored). `radius` and `fog` repeat what the log
//! implies, as a check. The closing `end` shows the file is whole, and
//! nothing but blank lines may follow it. Parsing and printing are pure;
//! reading and writing files is `lightemall-store`'s.
//!
//! Versions: 1 is the format above. 2 is the same with seeded jumbles
//! (`J#SEED`) in the log; a save without one is still written as version
//! 1, so older releases read it, and a version 2 save tells them it is
//! newer rather than damaged. 3 adds edge marks (`E x,y,D`) and
//! checkpoints (`K`); a save is written in the lowest version that holds
//! its tokens. All three are read.
//!
//! The writer never writes what the reader refuses: one set of limits
//! ([`MAX_BYTES`], [`MAX_ELAPSED`], [`MAX_MOVES`], [`MAX_WRITTEN_TURNS`],
//! [`MAX_JUMBLED_TILES`]) holds for both (a game refuses moves past the
//! last three), and
//! [`SaveFile::to_text`] reads its own text back before it is written.

use crate::clock::{Clock, MAX_ELAPSED, Stopwatch, elapsed_millis};
use crate::error::GameError;
use crate::game::Game;
use crate::moves::{
    MAX_JUMBLED_TILES, MAX_MOVES, MAX_WRITTEN_TURNS, Move, max_seeded_jumbles, parse_moves,
    print_moves,
};
use lightemall_gen::PuzzleSource;
use lightemall_model::{Grid, MAX_SIDE};
use std::time::Duration;
use thiserror::Error;

/// The oldest save format version that holds `mv`.
fn version_of(mv: &Move) -> u32 {
    match mv {
        Move::Mark { .. } | Move::Checkpoint => VERSION,
        Move::SeededJumble(_) => SEEDED_VERSION,
        _ => PLAIN_VERSION,
    }
}

/// The first word of every save file.
pub const MAGIC: &str = "lightemall save";
/// The newest format version this release reads and writes.
pub const VERSION: u32 = 3;
/// The version of a save with seeded jumbles but no mark or checkpoint.
const SEEDED_VERSION: u32 = 2;
/// The version of a save without a seeded jumble, a mark or a
/// checkpoint: the oldest releases read it.
const PLAIN_VERSION: u32 = 1;
/// The largest save text read or written: more than any game can write.
/// A game's log and redo list hold at most [`MAX_MOVES`] tokens, each at
/// most 22 characters and a separator (`J#18446744073709551615;`) apart
/// from the written-out turns, at most [`MAX_WRITTEN_TURNS`] of 10 or
/// fewer (`999,999+7/`): 86 MB; a puzzle ID is at most about 4 MB (a
/// 1000x1000 hex board with barriers). The bound is well under the 256 MB
/// it was, so a file past it is refused by its size before it is read (a
/// 240 MB one was read whole: 482 MB resident).
pub const MAX_BYTES: usize = 96 << 20;

/// The contents of a save file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveFile {
    /// The ID that reproduces the puzzle.
    pub puzzle: String,
    /// Playing time when saved.
    pub elapsed: Duration,
    /// Moves made for the score.
    pub moves_made: u64,
    /// Whether Solve was used or a hint taken.
    pub assisted: bool,
    /// Whether radius mode was on (a check of the log).
    pub radius_on: bool,
    /// Whether fog was on (a check of the log).
    pub fog_on: bool,
    /// The log: moves played and not undone, oldest first.
    pub moves: Vec<Move>,
    /// Undone moves, in the order redo would play them.
    pub redo: Vec<Move>,
}

/// Why a save text was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SaveError {
    /// Not a LightEmAll save file at all.
    #[error("not a LightEmAll save file (it does not start with '{MAGIC}')")]
    Foreign,
    /// Written by a newer release.
    #[error("save file format {found} is newer than this LightEmAll reads ({VERSION})")]
    Newer {
        /// The file's version.
        found: u32,
    },
    /// A save file, but damaged or truncated.
    #[error("damaged save file, line {line}: {message}")]
    Damaged {
        /// 1-based line of the problem.
        line: usize,
        /// What was wrong.
        message: String,
    },
    /// A save too large to be read back: not written.
    #[error(
        "this save would be {} MB, more than the {} MB a save file may be",
        bytes.div_ceil(1 << 20),
        MAX_BYTES >> 20
    )]
    TooLarge {
        /// Its size.
        bytes: usize,
    },
    /// A save file whose fields read, but do not replay into a game.
    #[error("damaged save file, field '{field}': {message}")]
    Replay {
        /// The field that does not fit the game.
        field: &'static str,
        /// What was wrong.
        message: String,
    },
}

fn damaged(line: usize, message: impl Into<String>) -> SaveError {
    SaveError::Damaged {
        line,
        message: message.into(),
    }
}

const KEYS: [&str; 8] = [
    "puzzle",
    "elapsed-ms",
    "moves-made",
    "assisted",
    "radius",
    "fog",
    "moves",
    "redo",
];

impl SaveFile {
    /// The text of the file, checked: it is read back, and refused if the
    /// reader would refuse it (too large, or damaged some other way). Every
    /// writer of save files writes this.
    pub fn to_text(&self) -> Result<String, SaveError> {
        let text = self.print();
        SaveFile::parse(&text)?;
        Ok(text)
    }

    /// The text of the file, unchecked (see [`SaveFile::to_text`]). The
    /// time is whole milliseconds, at most [`MAX_ELAPSED`].
    pub fn print(&self) -> String {
        let flag = |on: bool, yes: &str, no: &str| if on { yes } else { no }.to_string();
        let version = (self.moves.iter().chain(&self.redo))
            .map(version_of)
            .max()
            .unwrap_or(PLAIN_VERSION);
        let values = [
            self.puzzle.clone(),
            elapsed_millis(self.elapsed).to_string(),
            self.moves_made.to_string(),
            flag(self.assisted, "yes", "no"),
            flag(self.radius_on, "on", "off"),
            flag(self.fog_on, "on", "off"),
            print_moves(&self.moves),
            print_moves(&self.redo),
        ];
        let mut out = format!("{MAGIC} {version}\n");
        for (key, value) in KEYS.iter().zip(values) {
            out.push_str(&format!("{key}: {value}\n"));
        }
        out.push_str("end\n");
        out
    }

    /// Read a save file's text: every field once, in any order, then `end`
    /// and nothing after it but blank lines.
    pub fn parse(text: &str) -> Result<SaveFile, SaveError> {
        if text.len() > MAX_BYTES {
            return Err(SaveError::TooLarge { bytes: text.len() });
        }
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim()));
        check_header(lines.next().map_or("", |(_, line)| line))?;
        let mut values: [Option<(usize, &str)>; 8] = [None; 8];
        let mut last_line = 1;
        while let Some((number, line)) = lines.next() {
            last_line = number;
            if line == "end" {
                if let Some((after, _)) = lines.find(|(_, line)| !line.is_empty()) {
                    return Err(damaged(after, "text after 'end'"));
                }
                return read_fields(&values, number);
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| damaged(number, format!("expected 'key: value', found '{line}'")))?;
            let slot = KEYS
                .iter()
                .position(|k| *k == key.trim())
                .ok_or_else(|| damaged(number, format!("unknown field '{}'", key.trim())))?;
            if values[slot].replace((number, value.trim())).is_some() {
                return Err(damaged(
                    number,
                    format!("field '{}' appears twice", KEYS[slot]),
                ));
            }
        }
        Err(damaged(
            last_line,
            "the file ends before 'end': it is truncated",
        ))
    }
}

fn check_header(first: &str) -> Result<(), SaveError> {
    let version = first.strip_prefix(MAGIC).ok_or(SaveError::Foreign)?.trim();
    let version: u32 = version
        .parse()
        .map_err(|_| damaged(1, format!("version '{version}' is not a number")))?;
    if version > VERSION {
        return Err(SaveError::Newer { found: version });
    }
    if version == 0 {
        return Err(damaged(1, "version 0 does not exist (the first is 1)"));
    }
    Ok(())
}

fn read_fields(
    values: &[Option<(usize, &str)>; 8],
    end_line: usize,
) -> Result<SaveFile, SaveError> {
    let field = |slot: usize| {
        values[slot].ok_or_else(|| damaged(end_line, format!("field '{}' is missing", KEYS[slot])))
    };
    let number = |slot: usize| -> Result<u64, SaveError> {
        let (line, value) = field(slot)?;
        value
            .parse()
            .map_err(|_| damaged(line, format!("{} '{value}' is not a number", KEYS[slot])))
    };
    let flag = |slot: usize, yes: &str, no: &str| -> Result<bool, SaveError> {
        match field(slot)? {
            (_, value) if value == yes => Ok(true),
            (_, value) if value == no => Ok(false),
            (line, value) => Err(damaged(
                line,
                format!("{} '{value}' is not {yes} or {no}", KEYS[slot]),
            )),
        }
    };
    // Counted before any move is read: the bound holds memory down.
    let count = |slot: usize| -> Result<usize, SaveError> {
        let (_, value) = field(slot)?;
        Ok(value
            .split(';')
            .filter(|token| !token.trim().is_empty())
            .count())
    };
    let logged = count(6)? + count(7)?;
    if logged > MAX_MOVES {
        return Err(damaged(
            field(6)?.0,
            format!("{logged} moves and redo moves, more than the {MAX_MOVES} a save holds"),
        ));
    }
    // Only a written-out turn has a '+'.
    let pluses = |slot: usize| -> Result<usize, SaveError> {
        Ok(field(slot)?.1.bytes().filter(|&b| b == b'+').count())
    };
    let turns = pluses(6)? + pluses(7)?;
    if turns > MAX_WRITTEN_TURNS {
        return Err(damaged(
            field(6)?.0,
            format!(
                "{turns} turns written out in jumbles, more than the {MAX_WRITTEN_TURNS} a save holds"
            ),
        ));
    }
    // Only a seeded jumble has a '#'. Each turns every tile of the board,
    // so the board bounds them: looked up only when there are more than
    // the largest board allows.
    let hashes = |slot: usize| -> Result<usize, SaveError> {
        Ok(field(slot)?.1.bytes().filter(|&b| b == b'#').count())
    };
    let jumbles = hashes(6)? + hashes(7)?;
    if jumbles > max_seeded_jumbles(MAX_SIDE * MAX_SIDE)
        && let Ok(source) = PuzzleSource::parse(field(0)?.1)
        && let Some(message) = jumbles_past_bound(jumbles, source.grid())
    {
        return Err(damaged(field(6)?.0, message));
    }
    let moves = |slot: usize| -> Result<Vec<Move>, SaveError> {
        let (line, value) = field(slot)?;
        parse_moves(value).map_err(|e| damaged(line, e.to_string()))
    };
    let elapsed = Duration::from_millis(number(1)?);
    if elapsed > MAX_ELAPSED {
        return Err(damaged(
            field(1)?.0,
            format!(
                "elapsed-ms {} is more than the {} a game may last",
                elapsed.as_millis(),
                MAX_ELAPSED.as_millis()
            ),
        ));
    }
    Ok(SaveFile {
        puzzle: field(0)?.1.to_string(),
        elapsed,
        moves_made: number(2)?,
        assisted: flag(3, "yes", "no")?,
        radius_on: flag(4, "on", "off")?,
        fog_on: flag(5, "on", "off")?,
        moves: moves(6)?,
        redo: moves(7)?,
    })
}

/// Why `jumbles` seeded jumbles are more than a save holds on `grid`'s
/// board, if they are ([`max_seeded_jumbles`]).
fn jumbles_past_bound(jumbles: usize, grid: &Grid) -> Option<String> {
    let most = max_seeded_jumbles(grid.len());
    (jumbles > most).then(|| {
        format!(
            "{jumbles} seeded jumbles (J#SEED) in moves and redo, more than a save holds: \
             each turns every tile, and jumbles may turn {MAX_JUMBLED_TILES} tiles in all, \
             at most {most} on this {} board",
            grid.size_label()
        )
    })
}

fn refused(field: &'static str, message: impl Into<String>) -> SaveError {
    SaveError::Replay {
        field,
        message: message.into(),
    }
}

impl Game {
    /// What a save file holds for this game now.
    pub fn to_save(&self) -> SaveFile {
        SaveFile {
            puzzle: self.origin.id.clone(),
            elapsed: self.elapsed(),
            moves_made: self.moves_made,
            assisted: self.assisted,
            radius_on: self.state.radius_on,
            fog_on: self.state.fog_on,
            moves: self.history.clone(),
            redo: self.redo_moves().cloned().collect(),
        }
    }

    /// The game a save file describes: the puzzle regenerated from its ID,
    /// the log replayed, the redo list rebuilt. The clock shows the saved
    /// time and starts again at the next move.
    pub fn from_save(save: &SaveFile, clock: Box<dyn Clock>) -> Result<Game, SaveError> {
        Game::from_save_file(save.clone(), clock)
    }

    /// [`Game::from_save`], taking the save: its moves become the game's
    /// log rather than copies of them, so a long log is held once.
    pub fn from_save_file(save: SaveFile, clock: Box<dyn Clock>) -> Result<Game, SaveError> {
        Game::replayed(save, clock, Game::new)
    }

    /// [`Game::from_save_file`] for a window: the save's puzzle made as
    /// [`Game::to_play`] makes a new game (a large seeded board with
    /// provisional facts, rated while it is played), then its moves
    /// replayed.
    pub fn from_save_to_play(save: SaveFile, clock: Box<dyn Clock>) -> Result<Game, SaveError> {
        Game::replayed(save, clock, Game::to_play)
    }

    /// The save's moves replayed on the game `make` makes of its puzzle.
    fn replayed(
        save: SaveFile,
        clock: Box<dyn Clock>,
        make: fn(PuzzleSource, Box<dyn Clock>) -> Result<Game, GameError>,
    ) -> Result<Game, SaveError> {
        let game = PuzzleSource::parse(&save.puzzle)
            .map_err(|e| GameError::Puzzle(e.to_string()))
            .and_then(|source| make(source, clock))
            .map_err(|e| refused("puzzle", e.to_string()))?;
        game.replay_save(save)
    }

    /// [`Game::from_save_file`] from a new game of the save's puzzle made
    /// already (`self`: `Game::with_facts` of `save.puzzle` resolved, the
    /// slow part, done elsewhere while a window shows how far it has
    /// come): the save's moves replayed on it. Refused if `self` is not a
    /// new game (a move made) or the save's moves do not fit its puzzle.
    pub fn replay_save(self, save: SaveFile) -> Result<Game, SaveError> {
        let mut game = self;
        if game.moves_made > 0 || !game.history.is_empty() || !game.undone.is_empty() {
            return Err(refused("puzzle", "the game to resume on is not new"));
        }
        check_counts(&save)?;
        let SaveFile { moves, redo, .. } = save;
        let jumbles = (moves.iter().chain(&redo))
            .filter(|mv| mv.is_seeded_jumble())
            .count();
        if let Some(message) = jumbles_past_bound(jumbles, game.state.board.grid()) {
            return Err(refused("moves", message));
        }
        replay(&mut game, &moves, "moves")?;
        replay(&mut game, &redo, "redo")?;
        for mv in redo.iter().rev() {
            game.unplay(mv);
        }
        game.written_turns = moves.iter().chain(&redo).map(Move::written_turns).sum();
        game.seeded_jumbles = jumbles;
        // The save's moves become the log, and its redo list (reversed:
        // the next to redo last) the undone moves: held once, not copied.
        game.history = moves;
        game.undone = redo;
        game.undone.reverse();
        let state = game.state();
        if (state.radius_on, state.fog_on) != (save.radius_on, save.fog_on) {
            return Err(refused(
                "radius",
                "the radius or fog setting disagrees with the moves",
            ));
        }
        game.moves_made = save.moves_made;
        game.assisted = save.assisted;
        game.started = false;
        game.stopwatch = Stopwatch::stopped_at(save.elapsed);
        game.refresh();
        Ok(game)
    }
}

fn replay(game: &mut Game, moves: &[Move], field: &'static str) -> Result<(), SaveError> {
    for (index, mv) in moves.iter().enumerate() {
        game.play_unlogged(mv)
            .map_err(|e| refused(field, format!("move {} '{mv}': {e}", index + 1)))?;
    }
    Ok(())
}

/// The log within its bounds (a save built in code was never read), and
/// the move count at least the moves logged.
fn check_counts(save: &SaveFile) -> Result<(), SaveError> {
    let moves = save.moves.len() + save.redo.len();
    let turns: usize = save
        .moves
        .iter()
        .chain(&save.redo)
        .map(Move::written_turns)
        .sum();
    if moves > MAX_MOVES || turns > MAX_WRITTEN_TURNS {
        return Err(refused(
            "moves",
            format!(
                "{moves} moves and {turns} written turns: more than the \
                 {MAX_MOVES} and {MAX_WRITTEN_TURNS} a game holds"
            ),
        ));
    }
    let logged = save
        .moves
        .iter()
        .chain(&save.redo)
        .filter(|mv| mv.counts())
        .count() as u64;
    if save.moves_made < logged {
        return Err(refused(
            "moves-made",
            format!(
                "moves-made {} is fewer than the {logged} moves logged",
                save.moves_made
            ),
        ));
    }
    Ok(())
}
