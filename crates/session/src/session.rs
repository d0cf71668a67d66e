//! The session: one game and the interface state around it (arrow mode,
//! cursor, theme, help, hover, animation start times, zoom and pan, the
//! latest notice for the player, a hint's mark and a Solve waiting to be
//! confirmed). Actions from the keyboard and mouse become engine commands
//! here; the rules stay in the engine, and where things go on screen in
//! the view. Hint, Solve and Restart are in `session/assist.rs`.

use crate::action::{Action, Heading};
use crate::demo::Demo;
use crate::files::{Files, SAVE_SLOT};
use crate::keys::{Key, Modifiers, action_of};
use crate::mouse::{MouseButton, MouseEvent};
use crate::presets;
use lightemall_engine::score::Score;
use lightemall_engine::{Clock, Game, GameError, Move, PuzzleFacts};
use lightemall_gen::{Difficulty, Params, PuzzleSource};
use lightemall_model::{Dir, Topology};
use lightemall_view::{
    Animation, Button, HintMark, Hit, Layout, Point, Turning, UiState, WinSummary,
};
use std::collections::VecDeque;
use std::fmt;

/// Where new games get their clock and seed.
pub struct Fresh {
    /// A clock for a new or loaded game.
    pub clock: Box<dyn Fn() -> Box<dyn Clock>>,
    /// A seed for a new game.
    pub seed: Box<dyn FnMut() -> u64>,
}

impl fmt::Debug for Fresh {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Fresh")
    }
}

/// What the arrow keys move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Arrows {
    /// The power station, along a wire (a move).
    #[default]
    Station,
    /// The keyboard cursor.
    Cursor,
}

/// How the board is shown: zoom steps from "fit the window" and a pan in
/// pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Viewport {
    /// 0 fits the window; each step is a factor of `ZOOM_STEP`.
    pub zoom: i32,
    /// How far the board is moved from the centre.
    pub pan: (f32, f32),
    /// Columns and rows a wrapping board's tiles are shifted round by.
    pub shift: (usize, usize),
}

/// How long a notice stays on screen, in milliseconds: time enough to
/// read a line with a file's path in it, then it gets out of the way.
pub const NOTICE_MS: u64 = 4000;

/// A message for the player ("saved to ...", an error) and when it came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The message, in the player's words.
    pub text: String,
    /// When it came, on the clock of the session's `now_ms`.
    pub since_ms: u64,
}

/// What the first Esc says in a game in progress kept in the autosave
/// slot.
pub const LEAVE_ASKED: &str =
    "Esc again to leave; this game is kept: `lightemall play --resume` goes on with it";

/// What the first Esc says in a game in progress kept in `slot`.
pub fn leave_asked(slot: &str) -> String {
    if slot == lightemall_store::AUTOSAVE_SLOT {
        LEAVE_ASKED.to_string()
    } else {
        format!(
            "Esc again to leave; this game is kept in {slot}: `lightemall play --resume={slot}` goes on with it"
        )
    }
}

/// The most zoom steps in and out.
const MAX_ZOOM: i32 = 16;
/// How far Shift+arrow moves the view of a board that does not wrap, in
/// pixels.
const PAN_STEP: f32 = 48.0;
/// How much of the board's view a scroll key (Page Up, Page Down, Home,
/// End) moves it by: a page, less a little kept in sight.
const PAGE: f32 = 0.75;

/// One game in a window, and the interface state around it.
#[derive(Debug)]
pub struct Session {
    game: Game,
    ui: UiState,
    arrows: Arrows,
    animation: Animation,
    viewport: Viewport,
    /// The window's size, once the front end said it.
    window: Option<(u32, u32)>,
    /// A new game's view waits for the window's size to be brought to
    /// its station.
    station_unseen: bool,
    files: Files,
    fresh: Fresh,
    /// The generation demo, while it runs.
    demo: Option<Demo>,
    /// Whether this game's win was seen (and recorded).
    won_seen: bool,
    /// A win's result, taken when it was won while the solver still
    /// measured the puzzle: recorded with the solver's par when it comes
    /// ([`Session::settle_facts`]), or without a par if the player leaves
    /// first.
    unrecorded: Option<Score>,
    /// The lessons, while they are played.
    lessons: Option<teaching::Lessons>,
    /// The daily streak this game's win made, if it is a daily won here.
    streak: Option<u32>,
    /// Text the player copied and what it is, for the front end to put
    /// on the clipboard.
    copied: Option<(String, &'static str)>,
    /// The puzzle entry's line, while it is open.
    entry: Option<entry::Entry>,
    /// Messages not yet taken for the log.
    notices: Vec<String>,
    /// The latest message, shown for [`NOTICE_MS`].
    notice: Option<Notice>,
    /// The tile the latest hint says to turn, marked while its notice
    /// shows and until the game changes, with the tiles that force it
    /// (outlined with the mark; gone with it).
    hint: Option<(HintMark, Vec<u32>)>,
    /// An action asked for once that acts only when asked again while its
    /// notice shows (Solve; Esc and L with a game in progress, which
    /// would leave or replace it); any other action cancels it.
    asked: Option<Action>,
    /// Paused by the player (P); the game is also paused while the help
    /// shows, so its clock does not run then.
    player_paused: bool,
    /// The scores screen, while it shows.
    scores: Option<scores::ScoresScreen>,
    /// The game's version when the autosave failed at Esc: Esc again,
    /// with the game unchanged since, leaves without it.
    autosave_failed: Option<u64>,
    quit: bool,
    /// What was kept of the game as it was played, and results waiting.
    keeping: keeping::Keeping,
    /// The game as Ctrl+S last saved it (or L loaded it).
    saved_as: leaving::SavedAs,
    version: u64,
    /// The tiles each of the latest versions of the game changed (the
    /// version it made, and `Game::changed_tiles`), oldest first.
    changes: VecDeque<(u64, Option<Vec<usize>>)>,
}

/// How many versions of the game [`Session::changed_since`] looks back.
const CHANGES_KEPT: usize = 16;

impl Session {
    /// A session playing `game`.
    pub fn new(game: Game, files: Files, fresh: Fresh) -> Session {
        let won_seen = game.is_solved();
        let player_paused = game.is_paused();
        let lessons_first = files.lessons_first();
        let mut session = Session {
            game,
            ui: UiState::default(),
            arrows: Arrows::default(),
            animation: Animation::default(),
            viewport: Viewport::default(),
            window: None,
            station_unseen: true,
            files,
            fresh,
            demo: None,
            won_seen,
            unrecorded: None,
            lessons: None,
            streak: None,
            copied: None,
            entry: None,
            notices: Vec::new(),
            notice: None,
            hint: None,
            asked: None,
            player_paused,
            scores: None,
            autosave_failed: None,
            quit: false,
            keeping: keeping::Keeping::default(),
            saved_as: leaving::SavedAs::default(),
            version: 0,
            changes: VecDeque::new(),
        };
        if lessons_first {
            session.begin_lessons_before_this_game(0);
        }
        session
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Where the game is kept.
    pub fn files(&self) -> &Files {
        &self.files
    }

    /// The interface state for the view.
    pub fn ui(&self) -> UiState {
        UiState {
            cursor: self.ui.cursor.filter(|_| self.arrows == Arrows::Cursor),
            paused: self.player_paused,
            ..self.ui.clone()
        }
    }

    /// What the arrows move now.
    pub fn arrows(&self) -> Arrows {
        self.arrows
    }

    /// Zoom and pan.
    pub fn viewport(&self) -> Viewport {
        self.viewport
    }

    /// The animations, seen at `now_ms`.
    pub fn animation(&self, now_ms: u64) -> Animation {
        Animation {
            now_ms,
            ..self.animation
        }
    }

    /// Counts changes of the game, so derived data can be cached.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The tiles whose picture the game's changes since `version` may
    /// have changed, as `Game::changed_tiles` says of each (a tile may be
    /// listed more than once); `None` when any tile may have (a new game,
    /// a pause, a station move, ...) or when `version` is too old to say.
    pub fn changed_since(&self, version: u64) -> Option<Vec<usize>> {
        let mut tiles = Vec::new();
        let mut next = version.checked_add(1)?;
        for (made, changed) in self.changes.iter().filter(|(made, _)| *made > version) {
            if *made != next {
                return None;
            }
            tiles.extend(changed.as_ref()?);
            next += 1;
        }
        (next == self.version + 1).then_some(tiles)
    }

    /// Count a change of the game that changed the picture of `tiles`
    /// (`None`: of any tile).
    fn changed(&mut self, tiles: Option<Vec<usize>>) {
        self.version += 1;
        if self.changes.len() == CHANGES_KEPT {
            self.changes.pop_front();
        }
        self.changes.push_back((self.version, tiles));
    }

    /// Whether the player asked to leave (the game was autosaved, or the
    /// player chose to leave without it).
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Messages for the player since the last call (saves, loads, errors),
    /// for the log; the latest is also shown, see [`Session::notice`].
    pub fn take_notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notices)
    }

    /// The message to show at `now_ms`: the latest, for [`NOTICE_MS`]
    /// after it came.
    pub fn notice(&self, now_ms: u64) -> Option<&Notice> {
        self.notice.as_ref().filter(|notice| {
            self.is_entering() || now_ms < notice.since_ms.saturating_add(NOTICE_MS)
        })
    }

    /// The tile to mark at `now_ms` for the latest hint: while the hint's
    /// notice shows, and until the game changes.
    pub fn hint_mark(&self, now_ms: u64) -> Option<HintMark> {
        self.hint
            .as_ref()
            .filter(|_| self.notice(now_ms).is_some() || self.in_lessons())
            .map(|(mark, _)| *mark)
    }

    /// The tiles that force the hint [`Session::hint_mark`] marks.
    pub fn hint_forcing(&self) -> &[u32] {
        self.hint.as_ref().map_or(&[], |(_, forcing)| forcing)
    }

    /// Tell the player `text` at `now_ms`: shown in the window, replacing
    /// an older message (and what went with it: a hint's mark, a Solve
    /// waiting to be confirmed), and logged. `true`: the screen changes.
    fn tell(&mut self, text: String, now_ms: u64) -> bool {
        self.hint = None;
        self.asked = None;
        self.notices.push(text.clone());
        self.notice = Some(Notice {
            text,
            since_ms: now_ms,
        });
        true
    }

    /// The generation demo, while it runs.
    pub fn demo(&self) -> Option<&Demo> {
        self.demo.as_ref()
    }

    /// Let time pass to `now_ms`: the game is kept as it is played
    /// ([`Session::keep_up`]), the demo shows its steps due and starts its
    /// game once over. `true` if the screen must change.
    pub fn tick(&mut self, now_ms: u64) -> bool {
        let told = self.keep_up(now_ms) | self.next_lesson_when_due(now_ms);
        let Some(demo) = &mut self.demo else {
            return told;
        };
        let changed = demo.tick(now_ms);
        if demo.is_over(now_ms) {
            return self.end_demo(now_ms);
        }
        changed || told
    }

    /// A key pressed at `now_ms` with `mods` (`repeat`: the system's
    /// auto-repeat of a held key): its action from the key table, or,
    /// while the puzzle entry is open, the entry's. Auto-repeat repeats
    /// moves, never toggles. `true` if the screen must change.
    pub fn key_pressed(&mut self, key: Key, mods: Modifiers, repeat: bool, now_ms: u64) -> bool {
        if self.is_entering() {
            return self.entry_key(key, mods, now_ms);
        }
        match action_of(key, mods) {
            Some(action) if !repeat || action.repeats() => self.apply(action, now_ms),
            _ => false,
        }
    }

    /// Do what `action` asks at `now_ms`; `true` if the screen must change.
    /// Any other action cancels one waiting to be asked again, and closes
    /// the puzzle entry.
    pub fn apply(&mut self, action: Action, now_ms: u64) -> bool {
        let entry_closed = !matches!(action, Action::EnterId | Action::Paste) && self.close_entry();
        // A win's summary and the scores screen go at the player's first
        // action, which acts (B shows the scores again, so it closes them).
        let scores_closed = action != Action::Scores && self.scores.take().is_some();
        let closed = self.ui.win.take().is_some() || scores_closed;
        let cancelled = self.cancel_asked(Some(action)) || closed;
        let changed = if self.demo.is_some() {
            self.apply_in_demo(action, now_ms)
        } else {
            self.act(action, now_ms)
        };
        let left = self.leave_lessons_if_replaced(now_ms);
        changed | self.sync_pause() || cancelled || left || entry_closed
    }

    /// Whether `action` was asked for once and is asked again while that
    /// notice shows.
    fn asked_again(&self, action: Action, now_ms: u64) -> bool {
        self.asked == Some(action.question()) && self.notice(now_ms).is_some()
    }

    /// Say `text` and wait for `action` to be asked again.
    fn ask(&mut self, action: Action, text: String, now_ms: u64) -> bool {
        self.tell(text, now_ms);
        self.asked = Some(action.question());
        true
    }

    /// An action waiting to be asked again, if it is not `action`, is
    /// dropped, and its notice with it. `true` if there was one.
    fn cancel_asked(&mut self, action: Option<Action>) -> bool {
        if self.asked.is_none() || self.asked == action.map(Action::question) {
            return false;
        }
        self.asked = None;
        self.notice = None;
        true
    }

    /// Whether leaving or loading would drop a game the player has begun.
    fn in_progress(&self) -> bool {
        self.game.moves_made() > 0 && !self.game.is_solved()
    }

    /// Pause the game while the player paused it or the help shows (so
    /// the clock does not run under the help); `true` if that changed.
    fn sync_pause(&mut self) -> bool {
        let wanted = self.player_paused || self.ui.help;
        if wanted == self.game.is_paused() {
            return false;
        }
        if wanted {
            self.game.pause();
        } else {
            self.game.resume();
        }
        self.changed(None);
        true
    }

    fn act(&mut self, action: Action, now_ms: u64) -> bool {
        match action {
            Action::Turn { tile, clockwise } => self.turn(tile, clockwise, now_ms),
            Action::Lock(tile) => self.lock(tile, now_ms),
            Action::Checkpoint => self.set_checkpoint(now_ms),
            Action::ReturnToCheckpoint => self.return_to_checkpoint(now_ms),
            Action::KeepBranch => self.keep_branch(now_ms),
            Action::Arrow(heading) => self.arrow(heading, now_ms),
            Action::TurnCursor { clockwise } => self
                .cursor_tile()
                .is_some_and(|tile| self.turn(tile, clockwise, now_ms)),
            Action::LockCursor => self
                .cursor_tile()
                .is_some_and(|tile| self.apply(Action::Lock(tile), now_ms)),
            Action::SwitchArrows => self.switch_arrows(),
            Action::Press(button) => self.press(button, now_ms),
            Action::Radius => self.play(Move::Radius, now_ms),
            Action::Fog => self.play(Move::Fog, now_ms),
            Action::Theme => {
                self.ui.theme = self.ui.theme.next();
                true
            }
            Action::OctoMode => {
                if self.asks_first(
                    action,
                    "H again",
                    "starts a new game on the other grid",
                    now_ms,
                ) {
                    return true;
                }
                let params = presets::toggle_octo(self.next_params());
                self.new_game(params, now_ms)
            }
            Action::Undo => self.command(|game| game.undo(), now_ms),
            Action::Redo => self.command(|game| game.redo(), now_ms),
            Action::NewGame => {
                if self.asks_first(action, "N again", "starts a new game", now_ms) {
                    return true;
                }
                let params = self.next_params();
                self.new_game(params, now_ms)
            }
            Action::Save => self.save(now_ms),
            Action::Copy => self.copy(),
            Action::Lessons => {
                if self.asks_first(action, "Ctrl+T again", "starts the lessons", now_ms) {
                    return true;
                }
                self.lessons_from_help(now_ms)
            }
            Action::Daily => self.daily(action, "Ctrl+D again", now_ms),
            Action::EnterId => self.open_entry(action, false, now_ms),
            Action::Paste => self.open_entry(action, true, now_ms),
            Action::Load => self.load(now_ms),
            Action::Help => {
                self.ui.help = !self.ui.help;
                true
            }
            Action::Pause => self.toggle_pause(),
            Action::Scores => self.toggle_scores(now_ms),
            Action::Jumble => self.command_or_full(Game::jumble, now_ms),
            Action::Hint => self.hint(now_ms),
            Action::Check => self.check_locks(now_ms),
            Action::Solve => self.solve(now_ms),
            Action::Restart => self.restart(now_ms),
            Action::GenerationDemo => self.start_demo(now_ms),
            Action::Zoom(steps) => self.zoom(steps),
            Action::Pan(heading) => self.page_toward(heading),
            Action::Shift(heading) => self.shift_toward(heading),
            Action::Fit => self.fit(),
            Action::GoToStar => self.centre_on(self.game.state().station),
            Action::GoToHint => self.go_to_hint(now_ms),
            Action::Quit => self.quit(now_ms),
        }
    }

    /// Do what a mouse event asks, `layout` saying what is under the
    /// pointer; `shift` held turns clicks into locks. A press or a drag
    /// cancels an action waiting to be asked again (Solve, Esc, L); moving
    /// the pointer does not, nor does a release unless it acts (a right
    /// click, a panel button: then the action cancels it). A release may be
    /// read after a key pressed later, so the release of a left click must
    /// not undo that key's question.
    pub fn pointer(
        &mut self,
        event: MouseEvent,
        layout: &Layout,
        shift: bool,
        now_ms: u64,
    ) -> bool {
        let hit = |at: (f32, f32)| layout.hit(at.0, at.1);
        let moved = matches!(event, MouseEvent::Moved { .. });
        let acts = matches!(
            event,
            MouseEvent::Pressed { .. } | MouseEvent::Dragged { .. }
        );
        // A press on the button whose second click is asked for keeps
        // the question for its release.
        let asked_button = match event {
            MouseEvent::Pressed { at, .. } => match hit(at) {
                Some(Hit::Button(button)) => Some(Action::Press(button)),
                _ => None,
            },
            _ => None,
        };
        // A press anywhere also closes the puzzle entry.
        let cancelled = acts && (self.cancel_asked(asked_button) | self.close_entry());
        if self.demo.is_some() && !moved {
            return cancelled;
        }
        if let MouseEvent::Pressed { at, .. } = event {
            // A click on the board only closes a win's summary; a panel
            // button acts too.
            let on_button = matches!(hit(at), Some(Hit::Button(_)));
            if self.ui.win.take().is_some() && !on_button {
                return true;
            }
        }
        let changed = match event {
            MouseEvent::Moved { at } => self.hover(hit(at)),
            MouseEvent::Pressed { .. } if self.ui.help => self.apply(Action::Help, now_ms),
            MouseEvent::Pressed { button, at } => self.press_at(button, hit(at), shift, now_ms),
            MouseEvent::Released {
                button,
                at,
                dragged,
            } => self.release_at(button, hit(at), shift && !dragged, dragged, now_ms),
            MouseEvent::Dragged { dx, dy } => self.pan_by(dx, dy),
        };
        changed || cancelled
    }

    /// During the demo: + and - change its speed, Space pauses, an arrow
    /// shows one step, G, N or Esc end it and start the game.
    fn apply_in_demo(&mut self, action: Action, now_ms: u64) -> bool {
        let Some(demo) = &mut self.demo else {
            return false;
        };
        match action {
            Action::Zoom(steps) => demo.change_speed(steps > 0),
            Action::TurnCursor { .. } | Action::Pause => demo.toggle_pause(now_ms),
            Action::Arrow(_) => return demo.single_step(),
            Action::GenerationDemo | Action::NewGame | Action::Quit => {
                return self.end_demo(now_ms);
            }
            Action::Help | Action::Theme => {
                let demo = self.demo.take();
                let changed = self.apply(action, now_ms);
                self.demo = demo;
                return changed;
            }
            _ => return false,
        }
        false
    }

    fn start_demo(&mut self, now_ms: u64) -> bool {
        let doing = "builds a new game step by step";
        if self.asks_first(Action::GenerationDemo, "G again", doing, now_ms) {
            return true;
        }
        let params = self.next_params();
        match Demo::start(params, now_ms) {
            Ok(demo) => {
                self.demo = Some(demo);
                self.ui.help = false;
                true
            }
            Err(error) => self.tell(error, now_ms),
        }
    }

    fn end_demo(&mut self, now_ms: u64) -> bool {
        match self.demo.take() {
            Some(demo) => self.new_game(demo.params, now_ms),
            None => false,
        }
    }

    fn hover(&mut self, hit: Option<Hit>) -> bool {
        let hovered = match hit {
            Some(Hit::Button(button)) => Some(button),
            _ => None,
        };
        let changed = hovered != self.ui.hovered;
        self.ui.hovered = hovered;
        changed
    }

    fn press_at(
        &mut self,
        button: MouseButton,
        hit: Option<Hit>,
        shift: bool,
        now_ms: u64,
    ) -> bool {
        match (button, hit) {
            (MouseButton::Left, Some(Hit::Button(pressed))) => {
                self.ui.pressed = Some(pressed);
                true
            }
            (MouseButton::Left, Some(Hit::Tile(tile))) if shift => {
                self.apply(Action::Lock(tile), now_ms)
            }
            (MouseButton::Left, Some(Hit::Tile(tile))) => self.turn(tile, true, now_ms),
            (MouseButton::Middle, Some(Hit::Tile(tile))) => self.apply(Action::Lock(tile), now_ms),
            _ => false,
        }
    }

    /// Buttons act when released over the button pressed; a right click
    /// (not a drag) turns anticlockwise.
    fn release_at(
        &mut self,
        button: MouseButton,
        hit: Option<Hit>,
        shift: bool,
        dragged: bool,
        now_ms: u64,
    ) -> bool {
        match (button, hit) {
            (MouseButton::Left, hit) => {
                let Some(pressed) = self.ui.pressed.take() else {
                    return false;
                };
                if hit == Some(Hit::Button(pressed)) {
                    self.press(pressed, now_ms);
                }
                true
            }
            (MouseButton::Right, Some(Hit::Tile(tile))) if !dragged => {
                let action = if shift {
                    Action::Lock(tile)
                } else {
                    Action::Turn {
                        tile,
                        clockwise: false,
                    }
                };
                self.apply(action, now_ms)
            }
            _ => false,
        }
    }

    fn press(&mut self, button: Button, now_ms: u64) -> bool {
        let again = format!("A second click on {button:?}");
        if button == Button::Daily {
            return self.daily(Action::Press(button), &again, now_ms);
        }
        if !matches!(button, Button::Help | Button::Scores)
            && self.asks_first(Action::Press(button), &again, "starts a new game", now_ms)
        {
            return true;
        }
        let params = self.next_params();
        let next = match button {
            Button::Easy => presets::with_difficulty(params, Difficulty::Easy),
            Button::Medium => presets::with_difficulty(params, Difficulty::Medium),
            Button::Hard => presets::with_difficulty(params, Difficulty::Hard),
            Button::Expert => presets::with_difficulty(params, Difficulty::Expert),
            Button::Size => presets::next_size(params),
            Button::Mode => presets::next_mode(params),
            Button::Daily => unreachable!("the Daily button is pressed above"),
            Button::Help => return self.apply(Action::Help, now_ms),
            Button::Scores => return self.apply(Action::Scores, now_ms),
        };
        self.new_game(next, now_ms)
    }

    fn turn(&mut self, tile: usize, clockwise: bool, now_ms: u64) -> bool {
        let at = self.game.coord_of(tile);
        if !self.play(Move::Turn { at, clockwise }, now_ms) {
            return false;
        }
        self.animation.turning = Some(Turning {
            tile,
            clockwise,
            since_ms: now_ms,
        });
        true
    }

    /// Play one move; `false` if the engine refused it (a locked tile, a
    /// station move along no wire, a paused game).
    fn play(&mut self, mv: Move, now_ms: u64) -> bool {
        self.command_or_full(|game| game.play(mv), now_ms)
    }

    /// [`Session::command`] for a command that may find the move log full:
    /// that refusal is told (a click that did nothing would puzzle the
    /// player), the others (a locked tile, no wire) stay silent.
    fn command_or_full(
        &mut self,
        run: impl FnOnce(&mut Game) -> Result<(), GameError>,
        now_ms: u64,
    ) -> bool {
        let mut full = None;
        let changed = self.command(
            |game| match run(game) {
                Ok(()) => true,
                Err(error @ GameError::LogFull) => {
                    full = Some(error);
                    false
                }
                Err(_) => false,
            },
            now_ms,
        );
        if let Some(error) = full {
            // The game did not change (no turn to animate); the window
            // paints the notice when it comes.
            self.tell(error.to_string(), now_ms);
        }
        changed
    }

    /// Run an engine command; if it changed the game, power spreads again
    /// from the station and the win is checked.
    fn command(&mut self, run: impl FnOnce(&mut Game) -> bool, now_ms: u64) -> bool {
        if !run(&mut self.game) {
            return false;
        }
        self.changed(self.game.changed_tiles().map(<[usize]>::to_vec));
        self.hint = None;
        self.animation.turning = None;
        self.animation.power_since_ms = Some(now_ms);
        self.see_win(now_ms);
        self.guide(now_ms);
        true
    }

    /// A win is celebrated, recorded (unless a hint or Solve helped) and
    /// summed up; a new best time is also told. While the solver still
    /// measures the puzzle, the result waits for its par.
    fn see_win(&mut self, now_ms: u64) {
        let solved = self.game.is_solved();
        if solved && !self.won_seen && self.in_lessons() {
            // A lesson is celebrated, never recorded or summed up.
            self.animation.won_since_ms = Some(now_ms);
        } else if solved && !self.won_seen {
            self.animation.won_since_ms = Some(now_ms);
            let score = self.game.score();
            let new_best = match score {
                Some(score) if self.game.facts().measuring => {
                    self.unrecorded = Some(score);
                    None
                }
                Some(score) => self.record(score, now_ms),
                None => None,
            };
            self.streak = self.record_daily(now_ms);
            self.ui.win = Some(WinSummary {
                seconds: self.game.elapsed().as_secs(),
                moves: self.game.moves_made(),
                par: self.game.facts().par,
                new_best,
                share: self.share_line(),
                proof: lightemall_engine::proof::encode(&self.game),
            });
        }
        if !solved {
            self.animation.won_since_ms = None;
            self.ui.win = None;
        }
        self.won_seen = solved;
    }

    /// The solver's facts of the game's puzzle (the game's ID `id`),
    /// measured on another thread (the driver's `Measuring`) while the game was
    /// played with provisional ones: the panel shows the rating and par
    /// (a win's summary too), and a win's result waiting for them is
    /// recorded. `false` (nothing changed) if the game is another by now
    /// (a new or loaded one) or its facts are settled already.
    pub fn settle_facts(&mut self, id: &str, facts: PuzzleFacts, now_ms: u64) -> bool {
        if self.game.origin().id != id || !self.game.settle_facts(facts) {
            return false;
        }
        let par = self.game.facts().par;
        let share = self.share_line();
        if let Some(win) = &mut self.ui.win {
            win.par = par;
            win.share = share;
        }
        if let Some(score) = self.unrecorded.take() {
            let new_best = self.record(Score { par, ..score }, now_ms);
            if let Some(win) = &mut self.ui.win {
                win.new_best = new_best;
            }
        }
        // No tile changed: the panel is painted again.
        self.changed(Some(Vec::new()));
        true
    }

    /// A win's result still waiting for the solver's par when the player
    /// leaves or the game is replaced: recorded without a par.
    fn record_unsettled(&mut self, now_ms: u64) {
        if let Some(score) = self.unrecorded.take() {
            self.record(Score { par: None, ..score }, now_ms);
        }
    }

    fn arrow(&mut self, heading: Heading, now_ms: u64) -> bool {
        let Some(dir) = self.direction_toward(heading) else {
            return false;
        };
        match self.arrows {
            Arrows::Station => {
                let name = self.game.board().grid().topology().direction(dir).name;
                self.play(Move::Station(name), now_ms)
            }
            Arrows::Cursor => {
                let grid = *self.game.board().grid();
                let from = self.cursor_tile().unwrap_or(self.game.state().station);
                let to = grid.neighbour(from, dir);
                self.ui.cursor = to.or(Some(from));
                to.is_some()
            }
        }
    }

    /// The board direction nearest to `heading`, if one is less than 45°
    /// away (so Q, E, Z and C do nothing on a square board).
    fn direction_toward(&self, heading: Heading) -> Option<Dir> {
        let topology: Topology = self.game.board().grid().topology();
        let wanted = f32::from(heading.0);
        let off = |dir: Dir| {
            let d = (topology.direction(dir).angle_degrees - wanted).rem_euclid(360.0);
            d.min(360.0 - d)
        };
        topology
            .directions()
            .filter(|&dir| off(dir) < 44.9)
            .min_by(|&a, &b| off(a).total_cmp(&off(b)))
    }

    fn cursor_tile(&self) -> Option<usize> {
        (self.arrows == Arrows::Cursor)
            .then_some(self.ui.cursor)
            .flatten()
            .filter(|&tile| tile < self.game.board().grid().len())
    }

    fn switch_arrows(&mut self) -> bool {
        self.arrows = match self.arrows {
            Arrows::Station => Arrows::Cursor,
            Arrows::Cursor => Arrows::Station,
        };
        if self.ui.cursor.is_none() {
            self.ui.cursor = Some(self.game.state().station);
        }
        true
    }

    fn toggle_pause(&mut self) -> bool {
        self.player_paused = !self.player_paused;
        true
    }

    /// The parameters of the next game: this one's with a fresh seed (the
    /// defaults, for a puzzle that was given).
    fn next_params(&mut self) -> Params {
        let seed = (self.fresh.seed)();
        match self.game.origin().params {
            Some(params) => presets::reseeded(params, seed),
            None => presets::params_like(*self.game.board().grid(), seed),
        }
    }

    fn new_game(&mut self, params: Params, now_ms: u64) -> bool {
        self.start(PuzzleSource::Seeded(params), &params.to_string(), now_ms);
        true
    }

    /// A new game of `source` (named `what`) replaces this one, or the
    /// notice says why none could be made.
    fn start(&mut self, source: PuzzleSource, what: &str, now_ms: u64) {
        match Game::to_play(source, (self.fresh.clock)()) {
            Ok(game) => self.replace(game, now_ms),
            Err(error) => {
                self.tell(format!("cannot start {what}: {error}"), now_ms);
            }
        }
    }

    fn replace(&mut self, game: Game, now_ms: u64) {
        self.record_unsettled(now_ms);
        self.won_seen = game.is_solved();
        self.streak = None;
        self.game = game;
        self.ui.win = None;
        self.ui.cursor = None;
        self.ui.help = false;
        self.hint = None;
        self.asked = None;
        self.player_paused = self.game.is_paused();
        self.sync_pause();
        self.arrows = Arrows::Station;
        self.viewport = Viewport::default();
        self.station_unseen = true;
        self.show_station();
        self.animation = Animation {
            power_since_ms: Some(now_ms),
            ..Animation::default()
        };
        self.changed(None);
    }

    fn save(&mut self, now_ms: u64) -> bool {
        if self.in_lessons() {
            return self.tell(
                "a lesson is not saved; Esc skips the lessons".into(),
                now_ms,
            );
        }
        let result = self.files.save(SAVE_SLOT, &self.game);
        if result.is_ok() {
            self.saved_as_it_is();
        }
        self.tell(result.unwrap_or_else(|e| e), now_ms)
    }

    /// L or Ctrl+O: load the saved game; with a game in progress, only
    /// when asked again (this one would be lost).
    fn load(&mut self, now_ms: u64) -> bool {
        if self.asks_first(Action::Load, "L again", "loads the saved game", now_ms) {
            return true;
        }
        match self.files.load(SAVE_SLOT, (self.fresh.clock)()) {
            Ok(game) => {
                self.replace(game, now_ms);
                self.saved_as_it_is();
                self.tell("loaded the saved game".to_string(), now_ms)
            }
            Err(error) => self.tell(error, now_ms),
        }
    }

    /// Esc: closes the help if it is open; otherwise autosaves and leaves
    /// (with a game in progress, when asked again: the player is told that
    /// the game is kept).
    /// If the autosave fails the game stays, with a notice saying why and
    /// the ways out: Ctrl+S saves to the other slot, and Esc again tries
    /// once more and leaves even if that fails too (unless the game changed
    /// since: then it warns again).
    fn quit(&mut self, now_ms: u64) -> bool {
        if self.ui.help {
            self.ui.help = false;
            return true;
        }
        if self.in_lessons() {
            return self.skip_lessons(now_ms);
        }
        let warned = self.autosave_failed == Some(self.version);
        if self.in_progress() && !warned && !self.asked_again(Action::Quit, now_ms) {
            return self.ask(
                Action::Quit,
                leave_asked(self.files.autosave_slot()),
                now_ms,
            );
        }
        self.record_unsettled(now_ms);
        match self.files.autosave(&self.game) {
            Ok(_) => self.quit = true,
            Err(error) if self.autosave_failed == Some(self.version) => {
                self.notices.push(format!("could not autosave: {error}"));
                self.rescue();
                self.quit = true;
            }
            Err(error) => {
                self.autosave_failed = Some(self.version);
                return self.tell(
                    format!(
                        "could not autosave: {error}. The game is still here: \
                         Ctrl+S saves it to the other slot; Esc again leaves it in a rescue file"
                    ),
                    now_ms,
                );
            }
        }
        false
    }

    /// Autosave and leave: the window was closed (or the program is asked
    /// to end: a signal, the display lost), and cannot stay to say that
    /// the autosave failed. Then the game is rescued to a file of its own
    /// ([`Files::rescue`]), and the log says where.
    pub fn close(&mut self) {
        // Leaving: the time no longer shows, so any will do.
        self.record_unsettled(0);
        self.keep_on_leaving();
        self.quit = true;
    }

    /// The wheel: zoom by `steps`, keeping the point under the pointer
    /// `at` where it is (as near as whole-pixel tiles allow).
    pub fn zoom_at(&mut self, steps: i32, at: (f32, f32), layout: &Layout, now_ms: u64) -> bool {
        let before = self.viewport.zoom;
        if self.demo.is_some() || !self.apply(Action::Zoom(steps), now_ms) {
            return false;
        }
        if self.viewport.zoom != 0 {
            let grow = 1.0 - ZOOM_STEP.powi(self.viewport.zoom - before);
            let centre = layout.board.centre();
            self.pan_by(grow * (at.0 - centre.x), grow * (at.1 - centre.y));
        }
        true
    }

    fn zoom(&mut self, steps: i32) -> bool {
        let zoom = (self.viewport.zoom + steps).clamp(-MAX_ZOOM, MAX_ZOOM);
        let changed = zoom != self.viewport.zoom;
        self.viewport.zoom = zoom;
        self.clamp_pan();
        changed
    }

    /// The window is `width` x `height` pixels: the pan is kept within
    /// what that size allows, and a new game's view is brought to its
    /// station. `true` if the view moved. A front end calls it before
    /// giving input, every turn of its loop.
    pub fn resize(&mut self, width: u32, height: u32) -> bool {
        let before = self.viewport;
        self.window = Some((width, height));
        self.show_station();
        self.clamp_pan();
        self.viewport != before
    }

    /// The pans the window's size allows at this zoom, if it is known.
    fn pan_range(&self) -> Option<(Point, Point)> {
        let (width, height) = self.window?;
        let grid = self.shown_grid();
        let cell = zoomed_cell(grid, self.viewport.zoom, width, height);
        Some(Layout::pan_range(grid, width, height, cell))
    }

    /// Keep the pan within [`Session::pan_range`], so that a press past
    /// the edge is not stored up and the first press back moves the view.
    fn clamp_pan(&mut self) {
        if let Some((low, high)) = self.pan_range() {
            let (x, y) = self.viewport.pan;
            self.viewport.pan = (x.clamp(low.x, high.x), y.clamp(low.y, high.y));
        }
    }

    /// Pan a new game's board so its station is in the middle of the view,
    /// as far as the pan goes (a board that fits is not moved), once the
    /// window's size is known.
    fn show_station(&mut self) {
        if self.window.is_none() || !self.station_unseen {
            return;
        }
        self.station_unseen = false;
        if self.demo.is_some() {
            return;
        }
        self.centre_on(self.game.state().station);
    }

    /// Shift a wrapping board's tiles one step toward `heading`.
    fn shift_toward(&mut self, heading: Heading) -> bool {
        let grid = *self.game.board().grid();
        if !grid.wrap() {
            return self.pan_toward(heading);
        }
        let radians = f32::from(heading.0).to_radians();
        let step = |v: f32, n: usize| match v.round() as i64 {
            1 => 1,
            -1 => n - 1,
            _ => 0,
        };
        let (w, h) = (grid.width(), grid.height());
        // Rows shift by whole periods (pairs on hex boards), so every row
        // keeps its offset.
        let rows = grid.topology().row_period();
        let (x, y) = self.viewport.shift;
        self.viewport.shift = (
            (x + step(radians.sin(), w)) % w,
            (y + rows * step(-radians.cos(), h)) % h,
        );
        self.viewport.shift != (x, y)
    }

    fn pan_toward(&mut self, heading: Heading) -> bool {
        self.pan_by_toward(heading, (PAN_STEP, PAN_STEP))
    }

    /// A scroll key: the view moves a page toward `heading` (a page of the
    /// board's part of the window; [`PAN_STEP`] while its size is unknown).
    fn page_toward(&mut self, heading: Heading) -> bool {
        let page = match self.window {
            Some((width, height)) => {
                let top = Layout::fit(self.shown_grid(), width, height, true)
                    .panel
                    .map_or(0.0, |panel| panel.h);
                (PAGE * width as f32, PAGE * (height as f32 - top).max(0.0))
            }
            None => (PAN_STEP, PAN_STEP),
        };
        self.pan_by_toward(heading, page)
    }

    fn pan_by_toward(&mut self, heading: Heading, step: (f32, f32)) -> bool {
        let radians = f32::from(heading.0).to_radians();
        // The view moves the other way from where the player looks.
        self.pan_by(-step.0 * radians.sin(), step.1 * radians.cos())
    }

    fn pan_by(&mut self, dx: f32, dy: f32) -> bool {
        let (x, y) = self.viewport.pan;
        self.viewport.pan = ((x + dx).round(), (y + dy).round());
        self.clamp_pan();
        self.viewport.pan != (x, y)
    }
}

mod assist;
mod assuming;
mod entry;
mod keeping;
mod leaving;
#[cfg(test)]
mod lessons_tests;
mod looking;
mod scores;
mod sharing;
mod teaching;
#[cfg(test)]
mod tests;
mod viewport;

use viewport::{ZOOM_STEP, zoomed_cell};
