//! The game: a puzzle, what undo restores, the log, the clock and the
//! derived powered set. Its four kinds of state are kept apart, as in
//! Simon Tatham's puzzles: parameters ([`Origin`], [`PuzzleFacts`]), game
//! state ([`GameState`], restored by undo), play state (log, moves made,
//! assisted, paused, clock) and the powered set, which is derived: updated after a turn for the tiles
//! the turn connects or cuts off, searched again after other changes.
//! Commands live in `commands.rs`.

use crate::clock::{Clock, Stopwatch};
use crate::error::GameError;
use crate::marks::Marks;
use crate::moves::{Coord, Move};
use crate::setup::{Origin, PuzzleFacts};
use lightemall_gen::{Params, PuzzleSource};
use lightemall_model::format::minutes_seconds;
use lightemall_model::{Board, Puzzle};
use lightemall_power::{LivePower, Update};
use lightemall_solve::Resolved;
use std::time::Duration;

/// What a move changes, as far as the power and the picture care.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Touched {
    /// One tile turned.
    Turned(usize),
    /// One tile locked or unlocked.
    Locked(usize),
    /// An edge mark changed: the tiles on its two sides are drawn again.
    Marked(usize, Option<usize>),
    /// Radius or fog: no wire changed, but what is shown did.
    Toggle,
    /// Nothing on the board (a checkpoint).
    Nothing,
    /// The station moved along a wire.
    Station,
    /// Many tiles turned.
    Many,
}

/// What undo restores: everything a move can change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// The tiles as they stand, with the grid and barriers.
    pub board: Board,
    /// Per tile, row-major: whether the player locked it.
    pub locked: Vec<bool>,
    /// Row-major index of the power station.
    pub station: usize,
    /// Whether power reaches only tiles within the radius.
    pub radius_on: bool,
    /// Whether only tiles near the station are shown.
    pub fog_on: bool,
    /// The player's marks on edges between tiles.
    pub marks: Marks,
}

/// A game of LightEmAll. State changes only through moves ([`Game::play`]
/// and the commands built on it); the moves are the log that undo, the save
/// file and `replay` share.
#[derive(Debug)]
pub struct Game {
    pub(crate) origin: Origin,
    pub(crate) puzzle: Puzzle,
    pub(crate) facts: PuzzleFacts,
    pub(crate) state: GameState,
    /// Moves played and not undone, oldest first.
    pub(crate) history: Vec<Move>,
    /// Moves undone, the next to redo last.
    pub(crate) undone: Vec<Move>,
    /// Turns written out in the log and the redo list together
    /// ([`Move::written_turns`]), kept against their bound.
    pub(crate) written_turns: usize,
    /// Seeded jumbles (`J#SEED`) in the log and the redo list together,
    /// kept against [`crate::moves::max_seeded_jumbles`].
    pub(crate) seeded_jumbles: usize,
    pub(crate) moves_made: u64,
    /// Checkpoints standing in the log ([`Game::checkpoint_depth`]).
    pub(crate) checkpoints: usize,
    pub(crate) assisted: bool,
    pub(crate) paused: bool,
    /// Whether a move has been made since the game began or was loaded.
    pub(crate) started: bool,
    pub(crate) stopwatch: Stopwatch,
    pub(crate) clock: Box<dyn Clock>,
    pub(crate) power: LivePower,
    /// The tiles whose picture the last command may have changed; `None`:
    /// any tile (see [`Game::changed_tiles`]).
    pub(crate) repaint: Option<Vec<usize>>,
}

impl Game {
    /// A new game of the puzzle written in `text` (any form
    /// [`PuzzleSource::parse`] reads).
    pub fn from_id(text: &str, clock: Box<dyn Clock>) -> Result<Game, GameError> {
        let source = PuzzleSource::parse(text).map_err(|e| GameError::Puzzle(e.to_string()))?;
        Game::new(source, clock)
    }

    /// A new game of the puzzle `source` names: a seeded one is generated.
    pub fn new(source: PuzzleSource, clock: Box<dyn Clock>) -> Result<Game, GameError> {
        Game::made(source, clock, PuzzleFacts::of)
    }

    /// A game to play in a window: [`Game::new`]'s, but a large seeded
    /// board comes with provisional facts, its rating to come
    /// ([`PuzzleFacts::to_start`]; the front end has the solver measure
    /// it once the board shows, then [`Game::settle_facts`]).
    pub fn to_play(source: PuzzleSource, clock: Box<dyn Clock>) -> Result<Game, GameError> {
        Game::made(source, clock, PuzzleFacts::to_start)
    }

    /// The game of `source` resolved, with the facts `facts` works out.
    fn made(
        source: PuzzleSource,
        clock: Box<dyn Clock>,
        facts: fn(&Puzzle, Option<Params>) -> PuzzleFacts,
    ) -> Result<Game, GameError> {
        let resolved =
            lightemall_solve::resolve(source).map_err(|e| GameError::Puzzle(e.to_string()))?;
        let facts = facts(&resolved.puzzle, resolved.params);
        Ok(Game::with_facts(resolved, facts, clock))
    }

    /// The game [`Game::new`] makes of a puzzle resolved already
    /// (`lightemall_solve::resolve`), with its facts worked out already:
    /// `facts` must be `PuzzleFacts::of(&resolved.puzzle, resolved.params)`,
    /// or its `PuzzleFacts::provisional` facts, settled later
    /// ([`Game::settle_facts`]).
    /// The slow parts (generating, rating) are the caller's, so it can do
    /// them on another thread while a window shows how far they have come
    /// (a `Game` stays on the thread of its clock). A given puzzle's own
    /// solution, if any, is dropped: the ID does not carry it, and a
    /// reloaded game must measure by the same solution.
    pub fn with_facts(resolved: Resolved, facts: PuzzleFacts, clock: Box<dyn Clock>) -> Game {
        let Resolved {
            mut puzzle,
            id,
            params,
        } = resolved;
        if params.is_none() {
            puzzle.solution = None;
        }
        Game::assemble(puzzle, Origin { id, params }, facts, clock)
    }

    fn assemble(puzzle: Puzzle, origin: Origin, facts: PuzzleFacts, clock: Box<dyn Clock>) -> Game {
        let state = GameState {
            board: puzzle.board.clone(),
            locked: vec![false; puzzle.board.grid().len()],
            station: puzzle.station,
            radius_on: false,
            fog_on: false,
            marks: Marks::default(),
        };
        let mut game = Game {
            origin,
            puzzle,
            facts,
            state,
            history: Vec::new(),
            undone: Vec::new(),
            written_turns: 0,
            seeded_jumbles: 0,
            moves_made: 0,
            checkpoints: 0,
            assisted: false,
            paused: false,
            started: false,
            stopwatch: Stopwatch::default(),
            clock,
            power: LivePower::default(),
            repaint: None,
        };
        game.refresh();
        game
    }

    /// Where the puzzle came from, with the ID that reproduces it.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The puzzle as it started.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Par, radius, difficulty.
    pub fn facts(&self) -> &PuzzleFacts {
        &self.facts
    }

    /// The solver's facts of this game's puzzle (`PuzzleFacts::of`, worked
    /// out elsewhere, on another thread) take the place of the provisional
    /// ones the game began with (`PuzzleFacts::provisional`): its rating,
    /// and par over the solutions it found. Only par and the rating change
    /// (the solution, radius and difficulty are the same), so the board,
    /// the power and the moves stand. Refused (`false`, nothing changed)
    /// when the game's facts are not provisional, or `facts` are
    /// provisional or of another puzzle (another solution, radius or
    /// difficulty).
    pub fn settle_facts(&mut self, facts: PuzzleFacts) -> bool {
        let same_puzzle = facts.solution == self.facts.solution
            && facts.radius == self.facts.radius
            && facts.difficulty == self.facts.difficulty;
        if !self.facts.measuring || facts.measuring || !same_puzzle {
            return false;
        }
        self.facts = facts;
        true
    }

    /// Tiles, locks, station and toggles as they stand.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The tiles as they stand.
    pub fn board(&self) -> &Board {
        &self.state.board
    }

    /// The moves played and not undone, oldest first.
    pub fn history(&self) -> &[Move] {
        &self.history
    }

    /// The moves that redo would play, in the order it would play them.
    pub fn redo_moves(&self) -> impl Iterator<Item = &Move> {
        self.undone.iter().rev()
    }

    /// Moves made for the score: every turn, station move and jumble ever
    /// played, undone or not.
    pub fn moves_made(&self) -> u64 {
        self.moves_made
    }

    /// Whether Solve was used or a hint taken ([`Game::take_hint`]): the
    /// game is not recorded in the scores.
    pub fn is_assisted(&self) -> bool {
        self.assisted
    }

    /// Whether the game is paused (the board hidden, the clock stopped).
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Playing time so far, by the game's clock.
    pub fn elapsed(&self) -> Duration {
        self.stopwatch.elapsed(self.clock.now())
    }

    /// Whether the clock is counting now.
    pub fn is_clock_running(&self) -> bool {
        self.stopwatch.is_running()
    }

    /// The power radius in force: `Some` when radius mode is on.
    pub fn radius(&self) -> Option<u32> {
        self.state.radius_on.then_some(self.facts.radius)
    }

    /// Whether `tile` gets power.
    pub fn is_powered(&self, tile: usize) -> bool {
        self.power.is_powered(tile, self.radius())
    }

    /// Wire hops from the station to `tile`, if connected (for drawing
    /// power brighter near the station).
    pub fn distance(&self, tile: usize) -> Option<u32> {
        self.power.distance(tile)
    }

    /// The distance of the farthest connected tile (0 when none is): what
    /// the dimmest power colour stands for when the radius is off.
    pub fn farthest_distance(&self) -> u32 {
        self.power.farthest_distance()
    }

    /// The tiles whose picture the last command may have changed, each
    /// once: tiles turned or locked, and tiles whose distance from the
    /// station changed (so whether they are powered); after a station move
    /// every tile connected to it, before or after (their distances move
    /// by one). `None` when any tile may have changed: a new or loaded
    /// game, a station move with more than a quarter of the board
    /// connected, a jumble, undo of several moves at once, the radius or
    /// fog toggled, a pause. A front end that keeps its last frame
    /// repaints only these tiles (their neighbours too, where it draws
    /// marks that depend on them), and everything when
    /// [`Game::farthest_distance`] changed while the radius is off.
    pub fn changed_tiles(&self) -> Option<&[usize]> {
        self.repaint.as_deref()
    }

    /// Every tile's distance, row-major, as [`Game::distance`] gives it
    /// (cheaper than asking tile by tile on a large board).
    pub fn distances(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        self.power.distances()
    }

    /// How many tiles get power.
    pub fn powered_count(&self) -> usize {
        self.power.powered_count(self.radius())
    }

    /// The win: every tile powered (within the radius when it is on).
    pub fn is_solved(&self) -> bool {
        self.power.all_powered(self.radius())
    }

    /// The row-major index of a position, or an error if it is off the board.
    pub fn index_of(&self, at: Coord) -> Result<usize, GameError> {
        let grid = self.state.board.grid();
        if at.x < grid.width() && at.y < grid.height() {
            Ok(grid.index(at.x, at.y))
        } else {
            Err(GameError::OffBoard {
                x: at.x,
                y: at.y,
                width: grid.width(),
                height: grid.height(),
            })
        }
    }

    /// The position of a row-major index.
    pub fn coord_of(&self, tile: usize) -> Coord {
        let (x, y) = self.state.board.grid().coords(tile);
        Coord { x, y }
    }

    /// The window title (docs/contracts.md):
    /// `LightEmAll · WxH difficulty · moves N · m:ss`, then ` · solved` once won,
    /// or ` · paused` while paused (the clock stopped: by P, or under the help).
    pub fn title(&self) -> String {
        let seconds = self.elapsed().as_secs();
        let solved = if self.is_solved() {
            " · solved"
        } else if self.paused {
            " · paused"
        } else {
            ""
        };
        format!(
            "LightEmAll · {} {} · moves {} · {}{solved}",
            self.state.board.grid().size_label(),
            self.facts.difficulty,
            self.moves_made,
            minutes_seconds(seconds)
        )
    }

    /// Recompute the powered set from scratch and run or stop the clock.
    pub(crate) fn refresh(&mut self) {
        self.power.compute(&self.state.board, self.state.station);
        self.repaint = None;
        self.set_clock();
    }

    /// What `mv` changes, for [`Game::relight`] after it is played.
    pub(crate) fn touched(&self, mv: &Move) -> Touched {
        let grid = self.state.board.grid();
        match mv {
            Move::Turn { at, .. } => Touched::Turned(grid.index(at.x, at.y)),
            Move::Lock(at) => Touched::Locked(grid.index(at.x, at.y)),
            Move::Radius | Move::Fog => Touched::Toggle,
            Move::Checkpoint => Touched::Nothing,
            Move::Station(_) => Touched::Station,
            Move::Jumble(_) | Move::SeededJumble(_) => Touched::Many,
            Move::Mark { at, dir } => {
                // A mark off the board is refused before this is used.
                let tile = self.index_of(*at).unwrap_or(0);
                let other = (grid.topology().direction_named(dir))
                    .and_then(|dir| grid.neighbour(tile, dir));
                Touched::Marked(tile, other)
            }
        }
    }

    /// After one move played forward or backward: the power updated for
    /// what the move changed, and the clock.
    pub(crate) fn relight(&mut self, touched: Touched) {
        match touched {
            Touched::Turned(tile) => {
                self.power
                    .turned(&self.state.board, tile, self.state.station);
                self.repaint = match self.power.last_update() {
                    Update::Tiles => {
                        let changed = self.power.changed();
                        let turned = (!changed.contains(&tile)).then_some(tile);
                        Some(turned.into_iter().chain(changed.iter().copied()).collect())
                    }
                    Update::All => None,
                };
                self.set_clock();
            }
            Touched::Locked(tile) => self.repaint = Some(vec![tile]),
            Touched::Nothing => self.repaint = Some(Vec::new()),
            Touched::Marked(tile, other) => {
                self.repaint = Some([tile].into_iter().chain(other).collect());
            }
            Touched::Toggle => {
                self.repaint = None;
                self.set_clock();
            }
            Touched::Station => {
                let before = self.connected_if_few();
                self.refresh();
                self.repaint = before
                    .zip(self.connected_if_few())
                    .map(|(mut tiles, after)| {
                        tiles.extend(after);
                        tiles.sort_unstable();
                        tiles.dedup();
                        tiles
                    });
            }
            Touched::Many => self.refresh(),
        }
    }

    /// The tiles connected to the station (every distance among them may
    /// change when it moves), if they are at most a quarter of the board:
    /// more are as well repainted all.
    fn connected_if_few(&self) -> Option<Vec<usize>> {
        let few = self.state.board.grid().len() / 4;
        (self.power.powered_count(None) <= few).then(|| {
            (self.power.distances().enumerate())
                .filter_map(|(tile, d)| d.map(|_| tile))
                .collect()
        })
    }

    /// Run or stop the clock: it runs once a move was made, unless the
    /// game is paused or won.
    pub(crate) fn set_clock(&mut self) {
        let running = self.started && !self.paused && !self.is_solved();
        self.stopwatch.set_running(running, self.clock.now());
    }
}
