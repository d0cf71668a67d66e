//! The commands: playing a move (checked, logged), undo and redo (moves
//! played backward or forward again), restart, jumble, solve, hint, pause.
//!
//! Every log move is undone by playing its inverse: a turn the other way,
//! the station back along the same wire, a jumble's turns backward, a toggle
//! again. That keeps undo cheap on the largest boards.

use crate::checkpoints::{KEEP_TOKEN, RETURN_TOKEN};
use crate::error::GameError;
use crate::game::Game;
use crate::marks::Edge;
use crate::moves::{
    Coord, JumbleTurn, MAX_MOVES, MAX_WRITTEN_TURNS, Move, TokenError, max_seeded_jumbles,
    parse_moves,
};
use lightemall_gen::random::{Random, Stream};
use lightemall_solve::{Hint, Options, Reach, Status, hint, interactive_guesses, solve_with};

/// What a check of the locked tiles found ([`Game::check_locks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LockCheck {
    /// Some solution keeps every locked tile as it is.
    Fine,
    /// No solution does: a locked tile is wrong.
    Wrong,
    /// The solver's budget ran out before it could tell.
    Unknown,
}

/// Which way a move is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    Forward,
    Backward,
}

impl Game {
    /// Play one move: checked against the board, applied, logged. The redo
    /// list is dropped. A refused move changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        let touched = self.touched(&mv);
        self.play_unlit(mv)?;
        self.relight(touched);
        Ok(())
    }

    /// [`Game::play`] without working out the power, for replaying a log:
    /// the caller refreshes once at the end, so a million moves on a large
    /// board cost a million turns, not a million searches.
    pub(crate) fn play_unlit(&mut self, mv: Move) -> Result<(), GameError> {
        self.may_play(&mv)?;
        self.written_turns = self.written_turns_after(&mv);
        self.seeded_jumbles = self.seeded_jumbles_after(&mv);
        self.apply_counted(&mv);
        self.history.push(mv);
        self.undone.clear();
        Ok(())
    }

    /// Play `mv` as [`Game::play_unlit`] does, checked and counted, but
    /// leave the log to the caller: loading a save makes its moves the log
    /// itself rather than a copy. The caller keeps the log's bounds.
    pub(crate) fn play_unlogged(&mut self, mv: &Move) -> Result<(), GameError> {
        if self.paused {
            return Err(GameError::Paused);
        }
        self.check(mv)?;
        self.apply_counted(mv);
        Ok(())
    }

    /// Apply a checked move forward and count it.
    fn apply_counted(&mut self, mv: &Move) {
        self.apply(mv, Way::Forward);
        if mv.counts() {
            // Saturates: a count read from an edited save may be 2^64-1,
            // and a count that wrapped to 0 would make the next save refused.
            self.moves_made = self.moves_made.saturating_add(1);
            self.started = true;
        }
    }

    /// Take back a move played with [`Game::play_unlogged`].
    pub(crate) fn unplay(&mut self, mv: &Move) {
        self.apply(mv, Way::Backward);
    }

    /// Whether `mv` may be played now: not paused, within the bounds of
    /// the log, and allowed on the board.
    fn may_play(&self, mv: &Move) -> Result<(), GameError> {
        if self.paused {
            return Err(GameError::Paused);
        }
        let most_jumbles = max_seeded_jumbles(self.state.board.grid().len());
        if self.history.len() >= MAX_MOVES
            || self.written_turns_after(mv) > MAX_WRITTEN_TURNS
            || self.seeded_jumbles_after(mv) > most_jumbles
        {
            return Err(GameError::LogFull);
        }
        self.check(mv)
    }

    /// The turns written out in the log and redo list once `mv` is played:
    /// the log and the redo list together stay within what a save holds,
    /// and playing drops the redo list.
    fn written_turns_after(&self, mv: &Move) -> usize {
        let dropped: usize = self.undone.iter().map(Move::written_turns).sum();
        self.written_turns - dropped + mv.written_turns()
    }

    /// The seeded jumbles in the log and redo list once `mv` is played
    /// (see [`Game::written_turns_after`]).
    fn seeded_jumbles_after(&self, mv: &Move) -> usize {
        let dropped = self.undone.iter().filter(|m| m.is_seeded_jumble()).count();
        self.seeded_jumbles - dropped + usize::from(mv.is_seeded_jumble())
    }

    /// Play `;`-separated move tokens in order. The first bad or refused
    /// token stops the play (the ones before it stay played) and is an error
    /// naming it and its position.
    pub fn play_tokens(&mut self, text: &str) -> Result<(), TokenError> {
        let played = self.play_tokens_unlit(text);
        self.refresh();
        played
    }

    fn play_tokens_unlit(&mut self, text: &str) -> Result<(), TokenError> {
        for (position, token) in text.split(';').enumerate() {
            if token.trim().is_empty() {
                continue;
            }
            let error = |problem: String| TokenError::new(position + 1, token, problem);
            if let Some(done) = self.checkpoint_command(token) {
                let refused = "no checkpoint stands to return to or keep";
                done.then_some(())
                    .ok_or_else(|| error(refused.to_string()))?;
                continue;
            }
            let mv = parse_moves(token)
                .map_err(|e| error(e.problem))?
                .pop()
                .ok_or_else(|| error("empty move".to_string()))?;
            self.play_unlit(mv).map_err(|e| error(e.to_string()))?;
        }
        Ok(())
    }

    /// Run `token` if it returns to the latest checkpoint (`K-`) or keeps
    /// its branch (`K+`): whether that could be done; `None` for any other
    /// token.
    fn checkpoint_command(&mut self, token: &str) -> Option<bool> {
        let compact: String = token.chars().filter(|c| !c.is_whitespace()).collect();
        let compact = compact.to_ascii_uppercase();
        if compact == RETURN_TOKEN {
            Some(self.return_to_checkpoint().is_some())
        } else if compact == KEEP_TOKEN {
            Some(self.keep_branch())
        } else {
            None
        }
    }

    /// Take back the last move. `false` if there is none (or the game is
    /// paused). The moves made for the score stay counted.
    pub fn undo(&mut self) -> bool {
        let touched = self.history.last().map(|mv| self.touched(mv));
        let undone = self.undo_unlit();
        if let Some(touched) = touched.filter(|_| undone) {
            self.relight(touched);
        }
        undone
    }

    /// [`Game::undo`] without working out the power (see [`Game::play_unlit`]).
    pub(crate) fn undo_unlit(&mut self) -> bool {
        if self.paused {
            return false;
        }
        let Some(mv) = self.history.pop() else {
            return false;
        };
        self.apply(&mv, Way::Backward);
        self.undone.push(mv);
        true
    }

    /// Play the last undone move again. `false` if there is none (or the
    /// game is paused). A redone move is not counted a second time.
    pub fn redo(&mut self) -> bool {
        if self.paused {
            return false;
        }
        let Some(mv) = self.undone.pop() else {
            return false;
        };
        self.apply(&mv, Way::Forward);
        self.started |= mv.counts();
        self.relight(self.touched(&mv));
        self.history.push(mv);
        true
    }

    /// Back to the puzzle's start: every move undone, so redo can bring
    /// them back. The moves made stay counted and the clock goes on. The
    /// power is worked out once, at the end: on a large board a search per
    /// move undone would keep the player waiting.
    pub fn restart(&mut self) {
        let mut undone = false;
        while self.undo_unlit() {
            undone = true;
        }
        if undone {
            self.refresh();
        }
    }

    /// Stop the clock and hide the board (the front end's part).
    pub fn pause(&mut self) {
        self.paused = true;
        self.repaint = None;
        self.set_clock();
    }

    /// Go on after a pause.
    pub fn resume(&mut self) {
        self.paused = false;
        self.repaint = None;
        self.set_clock();
    }

    /// Turn every unlocked tile a random number of steps: one move, a
    /// `J#SEED` token. The seed comes from the puzzle's seed and the moves
    /// made, so a game is reproducible, and the token is a few bytes on
    /// any board.
    pub fn jumble(&mut self) -> Result<(), GameError> {
        self.play(Move::SeededJumble(self.jumble_seed()))
    }

    /// Turn every tile to a solution that keeps the locked tiles: one move
    /// (a `J` token), and the game is marked assisted.
    pub fn solve(&mut self) -> Result<(), GameError> {
        let board = &self.state.board;
        let pinned: Vec<usize> = (0..self.state.locked.len())
            .filter(|&tile| self.state.locked[tile])
            .collect();
        // With the radius on, a solution that powers every tile from where
        // the station stands wins at once; if there is none, any solution
        // (the player then moves the station toward the middle).
        let mut options = Options {
            pinned: &pinned,
            limit: 1,
            max_guesses: interactive_guesses(board.tiles().len()),
            reach: self.radius().map(|radius| Reach {
                station: self.state.station,
                radius,
            }),
            ..Options::default()
        };
        let mut report = solve_with(board, &options);
        if report.solutions.is_empty() && options.reach.is_some() {
            options.reach = None;
            report = solve_with(board, &options);
        }
        let solution = report.solutions.first().ok_or(match report.status {
            Status::GaveUp => GameError::TooHardToSolve,
            _ => GameError::NoSolution,
        })?;
        let topology = board.grid().topology();
        let turns = board
            .tiles()
            .iter()
            .zip(solution)
            .enumerate()
            .filter_map(|(tile, (&now, &to))| {
                let steps = now.steps_to(topology, to).filter(|&k| k > 0)?;
                Some(JumbleTurn {
                    at: self.coord_of(tile),
                    steps,
                })
            })
            .collect();
        self.play(Move::Jumble(turns))?;
        self.assisted = true;
        Ok(())
    }

    /// One tile to turn, from the puzzle and the locks (proved, unless the
    /// locks leave several solutions: see [`Hint::Turn`]); shown, not
    /// applied. Asking changes nothing: see [`Game::take_hint`] for a hint
    /// given to the player.
    pub fn hint(&self) -> Hint {
        hint(&self.state.board, &self.state.locked)
    }

    /// A hint given to the player: [`Game::hint`], and a turn shown is
    /// help, so the game is marked assisted (not recorded in the scores,
    /// as after [`Game::solve`]). `Solved`, `LocksWrong` and `GaveUp` tell
    /// no turn and leave the game as it was. Refused while paused, when
    /// the board is hidden.
    pub fn take_hint(&mut self) -> Result<Hint, GameError> {
        if self.paused {
            return Err(GameError::Paused);
        }
        let hint = self.hint();
        if matches!(hint, Hint::Turn { .. }) {
            self.assisted = true;
        }
        Ok(hint)
    }

    /// Whether the locked tiles still allow a solution, without showing
    /// it (Ctrl+K, `lightemall check`): at once if every locked tile
    /// stands as in the solution the game is measured by (that solution
    /// keeps them), else the locks are held as they stand and the solver
    /// looks for one solution, within [`interactive_guesses`].
    pub fn check_locks(&self) -> LockCheck {
        let board = &self.state.board;
        if self.locks_agree_with_solution() {
            return LockCheck::Fine;
        }
        let pinned: Vec<usize> = (0..self.state.locked.len())
            .filter(|&tile| self.state.locked[tile])
            .collect();
        let options = Options {
            pinned: &pinned,
            limit: 1,
            max_guesses: interactive_guesses(board.tiles().len()),
            ..Options::default()
        };
        match solve_with(board, &options).status {
            Status::None => LockCheck::Wrong,
            Status::GaveUp => LockCheck::Unknown,
            _ => LockCheck::Fine,
        }
    }

    /// Whether the puzzle itself has no solution, whatever the locks: the
    /// solver worked out the game's facts and found none without giving
    /// up (a board whose wires cannot all connect, `2x2:0000`). Then a
    /// lock check's `Wrong` and a hint's `LocksWrong` blame no lock.
    pub fn has_no_solution(&self) -> bool {
        let facts = &self.facts;
        facts.solution.is_none() && facts.rating.is_some() && !facts.measuring
    }

    /// Whether every locked tile stands as in the game's solution (true
    /// with no lock; false with no solution known).
    fn locks_agree_with_solution(&self) -> bool {
        let Some(solution) = &self.facts.solution else {
            return false;
        };
        let tiles = self.state.board.tiles();
        (self.state.locked.iter().enumerate())
            .filter(|&(_, &locked)| locked)
            .all(|(tile, _)| solution.get(tile) == tiles.get(tile))
    }

    /// A locked tile that no solution keeps as it stands, even with every
    /// other lock let go (a spoiler: asked for, not given; the game is
    /// then marked assisted). Each lock that the game's solution does not
    /// keep is tried alone (those it keeps are fine alone), in row-major
    /// order, by a solve with that tile alone held, within
    /// [`interactive_guesses`]: so it answers on a puzzle with several
    /// solutions, and costs a bounded solve a suspect lock. `None` when
    /// every lock alone fits some solution (or the search gave up on it):
    /// then only locks together are wrong.
    pub fn wrong_lock(&mut self) -> Option<usize> {
        let board = &self.state.board;
        let solution = self.facts.solution.as_deref();
        let max_guesses = interactive_guesses(board.tiles().len());
        let tile = (0..self.state.locked.len())
            .filter(|&t| self.state.locked[t])
            .filter(|&t| solution.is_none_or(|s| s.get(t) != board.tiles().get(t)))
            .find(|&t| {
                let options = Options {
                    pinned: &[t],
                    limit: 1,
                    max_guesses,
                    ..Options::default()
                };
                solve_with(board, &options).status == Status::None
            })?;
        self.assisted = true;
        Some(tile)
    }

    fn jumble_seed(&self) -> u64 {
        let base = match self.origin.params {
            Some(params) => params.seed,
            None => fnv1a(self.origin.id.as_bytes()),
        };
        base ^ self
            .moves_made
            .wrapping_add(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// Whether `mv` may be played now.
    fn check(&self, mv: &Move) -> Result<(), GameError> {
        match mv {
            Move::Turn { at, .. } => self.turnable(self.index_of(*at)?),
            Move::Lock(at) => self.index_of(*at).map(|_| ()),
            Move::Station(name) => self.station_step(name),
            Move::Jumble(turns) => turns.iter().try_for_each(|turn| self.check_jumble(turn)),
            Move::Mark { at, dir } => self.edge_of(*at, dir).map(|_| ()),
            Move::SeededJumble(_) | Move::Checkpoint | Move::Radius | Move::Fog => Ok(()),
        }
    }

    /// The edge a mark names: from a tile on the board, toward a
    /// direction its topology has, where another tile lies.
    fn edge_of(&self, at: Coord, name: &'static str) -> Result<Edge, GameError> {
        let tile = self.index_of(at)?;
        let grid = self.state.board.grid();
        let topology = grid.topology();
        let dir = topology
            .direction_named(name)
            .ok_or(GameError::NoSuchDirection {
                name,
                topology: topology.name(),
            })?;
        Edge::between(grid, tile, dir).ok_or(GameError::NoEdge {
            x: at.x,
            y: at.y,
            dir: name,
        })
    }

    fn turnable(&self, tile: usize) -> Result<(), GameError> {
        if self.state.locked[tile] {
            let at = self.coord_of(tile);
            return Err(GameError::Locked { x: at.x, y: at.y });
        }
        Ok(())
    }

    fn check_jumble(&self, turn: &JumbleTurn) -> Result<(), GameError> {
        self.turnable(self.index_of(turn.at)?)?;
        let topology = self.state.board.grid().topology();
        let most = u32::from(topology.direction_count()) - 1;
        // Zero steps is no turn, and a `J` token cannot say it: refused, or
        // the log would hold a move that the save file cannot read back.
        if turn.steps == 0 || turn.steps > most {
            return Err(GameError::TooManySteps {
                steps: turn.steps,
                most,
                topology: topology.name(),
            });
        }
        Ok(())
    }

    /// Whether a connected wire leads from the station toward `name`.
    fn station_step(&self, name: &'static str) -> Result<(), GameError> {
        let board = &self.state.board;
        let topology = board.grid().topology();
        let dir = topology
            .direction_named(name)
            .ok_or(GameError::NoSuchDirection {
                name,
                topology: topology.name(),
            })?;
        let at = self.coord_of(self.state.station);
        match board.linked(self.state.station, dir) {
            Some(_) => Ok(()),
            None => Err(GameError::NoWire {
                x: at.x,
                y: at.y,
                name,
            }),
        }
    }

    /// Apply a checked move forward, or its inverse backward.
    fn apply(&mut self, mv: &Move, way: Way) {
        let topology = self.state.board.grid().topology();
        let n = u32::from(topology.direction_count());
        let steps = |k: u32| {
            if way == Way::Forward {
                k % n
            } else {
                (n - k % n) % n
            }
        };
        match mv {
            Move::Turn { at, clockwise } => {
                let k = if *clockwise { 1 } else { n - 1 };
                let tile = self.grid_index(at.x, at.y);
                self.state.board.rotate(tile, steps(k));
            }
            Move::Lock(at) => {
                let tile = self.grid_index(at.x, at.y);
                self.state.locked[tile] = !self.state.locked[tile];
            }
            Move::Station(name) => self.move_station(name, way),
            Move::Jumble(turns) => {
                for turn in turns {
                    let tile = self.grid_index(turn.at.x, turn.at.y);
                    self.state.board.rotate(tile, steps(turn.steps));
                }
            }
            Move::SeededJumble(seed) => {
                let mut random = Random::new(*seed, Stream::Scramble);
                for tile in 0..self.state.locked.len() {
                    if !self.state.locked[tile] {
                        let k = random.below(n);
                        self.state.board.rotate(tile, steps(k));
                    }
                }
            }
            Move::Mark { at, dir } => {
                if let Ok(edge) = self.edge_of(*at, dir) {
                    self.state.marks.cycle(edge, way == Way::Forward);
                }
            }
            Move::Checkpoint => match way {
                Way::Forward => self.checkpoints += 1,
                Way::Backward => self.checkpoints = self.checkpoints.saturating_sub(1),
            },
            Move::Radius => self.state.radius_on = !self.state.radius_on,
            Move::Fog => self.state.fog_on = !self.state.fog_on,
        }
    }

    fn grid_index(&self, x: usize, y: usize) -> usize {
        self.state.board.grid().index(x, y)
    }

    /// Forward: along the wire toward `name`. Backward: back the other way.
    fn move_station(&mut self, name: &str, way: Way) {
        let grid = *self.state.board.grid();
        let topology = grid.topology();
        let Some(dir) = topology.direction_named(name) else {
            return;
        };
        let dir = match way {
            Way::Forward => dir,
            Way::Backward => topology.opposite(dir),
        };
        if let Some(to) = grid.neighbour(self.state.station, dir) {
            self.state.station = to;
        }
    }
}

/// FNV-1a: a seed for the jumbles of a puzzle that has none of its own.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
