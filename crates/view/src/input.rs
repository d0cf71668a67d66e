//! What a frame shows: the plain data a front end hands to [`crate::scene_of`].
//!
//! The view does not know the game's rules or its types beyond the model's
//! `Board`: whoever owns the game fills a [`FrameInput`] (the window from
//! the engine's `Game`, the render command from a puzzle and `power`).
//! Per-tile slices may be empty, meaning "none".
//!
//! The window's adapter (`frame.rs` of `lightemall-present`) is one
//! function that borrows: the board, station, locks and toggles from the
//! game state; `distance` (from `Game::distance`) and `errors` (from
//! [`crate::error_marks`]) from a cache it refreshes when the game changes;
//! the panel's text from the game's clock, moves and facts; `ui`,
//! `animation`, the hint's highlight and `notice` from its session.

use crate::theme::Theme;
use lightemall_model::Board;

/// A tile's [`FrameInput::distance`] when no wire path joins it to the
/// station.
pub const UNLIT: u32 = u32::MAX;

/// A tile's [`FrameInput::distance`] entry for its distance, if connected.
pub fn distance_word(distance: Option<u32>) -> u32 {
    distance.unwrap_or(UNLIT)
}

/// The distance a [`FrameInput::distance`] entry stands for.
pub fn lit(word: u32) -> Option<u32> {
    (word != UNLIT).then_some(word)
}

/// Everything a frame shows.
#[derive(Clone, Debug)]
pub struct FrameInput<'a> {
    /// The tiles as they stand now.
    pub board: &'a Board,
    /// Row-major index of the power station's tile (off the board: no star).
    pub station: usize,
    /// Per tile, whether it is locked. Empty: nothing is locked.
    pub locked: &'a [bool],
    /// Per tile, wire hops from the station, [`UNLIT`] if not connected
    /// (four bytes a tile, not an `Option`'s eight: a window keeps a copy
    /// of a million). Empty: nothing is powered (e.g. a generation frame).
    pub distance: &'a [u32],
    /// The power radius, when radius mode is on.
    pub radius: Option<u32>,
    /// Whether fog hides the tiles outside the ellipse around the station.
    pub fog: bool,
    /// Per tile, the mask of wires marked as errors (see [`crate::error_marks`]).
    /// Empty: no marks.
    pub errors: &'a [u8],
    /// Tiles picked out: the generation demo's colours, a hint.
    pub highlights: Highlights<'a>,
    /// The panel's values; `None` draws the board alone.
    pub panel: Option<&'a PanelInfo>,
    /// A short message for the player ("saved to ..."), shown on one line
    /// at the bottom of the output; `None` shows none. Whoever owns the
    /// message decides how long it stays.
    pub notice: Option<&'a str>,
    /// Interface state.
    pub ui: UiState,
    /// Animations in progress.
    pub animation: Animation,
}

impl<'a> FrameInput<'a> {
    /// The frame of `board` with its station and nothing else: no power,
    /// locks, marks, radius, fog, highlights, panel, notice or animation,
    /// the default interface. A caller sets what it shows beside that with
    /// `FrameInput { distance, panel, .. FrameInput::plain(board, station) }`.
    pub fn plain(board: &'a Board, station: usize) -> FrameInput<'a> {
        FrameInput {
            board,
            station,
            locked: &[],
            distance: &[],
            radius: None,
            fog: false,
            errors: &[],
            highlights: Highlights::default(),
            panel: None,
            notice: None,
            ui: UiState::default(),
            animation: Animation::default(),
        }
    }
}

/// Tiles picked out: the generation demo's colours, and the
/// tile a hint says to turn.
#[derive(Clone, Copy, Debug, Default)]
pub struct Highlights<'a> {
    /// The tile being processed (orange).
    pub processing: Option<usize>,
    /// Tiles on the frontier (green).
    pub frontier: &'a [u32],
    /// The tile a hint says to turn, and which way.
    pub hint: Option<HintMark>,
    /// The tiles that force the hint's turn (outlined in the hint's colour).
    pub forcing: &'a [u32],
}

/// A tile to turn, as a hint shows it: brackets at its corners in the
/// theme's hint colour and, on tiles large enough, a round arrow the way
/// to turn it. Shapes, not only a colour: it reads in every theme and
/// stands apart from the lock's frame and the cursor's outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintMark {
    /// Row-major index.
    pub tile: usize,
    /// The way to turn it: clockwise (a left click) or anticlockwise.
    pub clockwise: bool,
}

/// The panel's values, already as the player reads them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PanelInfo {
    /// Elapsed time, e.g. `1:05`.
    pub time: String,
    /// Moves made.
    pub moves: u32,
    /// Fewest moves that solve the puzzle from its start, if known.
    pub par: Option<u32>,
    /// Whether `par` is only an upper bound (shown `≤ par`): the solver
    /// could not weigh every solution.
    pub par_bound: bool,
    /// The power radius, if radius mode is on.
    pub radius: Option<u32>,
    /// The chosen difficulty (`easy`, `medium`, `hard`), which also picks
    /// the highlighted button; empty for a puzzle that was given.
    pub difficulty: String,
    /// The solver's rating, if measured.
    pub rating: Option<String>,
    /// Whether the solver is still measuring the puzzle (a huge board's
    /// game is played before): the rating is to come, par an upper bound.
    pub measuring: bool,
    /// The size button's label, e.g. `10x10`.
    pub size: String,
    /// The mode button's label, e.g. `square`.
    pub mode: String,
    /// Whether the puzzle is solved.
    pub solved: bool,
    /// Whether the puzzle is a daily puzzle (its button is highlighted).
    pub daily: bool,
}

/// Interface state that is neither game nor animation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UiState {
    /// The button under the mouse.
    pub hovered: Option<Button>,
    /// The button held down.
    pub pressed: Option<Button>,
    /// The keyboard cursor's tile.
    pub cursor: Option<usize>,
    /// Whether the help overlay is shown.
    pub help: bool,
    /// Whether the player paused the game: the board is hidden and a
    /// banner says so.
    pub paused: bool,
    /// A won game's summary, shown once the lighting wave has passed and
    /// until the player acts.
    pub win: Option<WinSummary>,
    /// The look.
    pub theme: Theme,
}

/// What a won game's summary says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinSummary {
    /// Playing time, in whole seconds.
    pub seconds: u64,
    /// Moves made.
    pub moves: u64,
    /// The fewest moves that solve it, if known.
    pub par: Option<u64>,
    /// Whether it is the preset's new best time (`None`: not recorded,
    /// since a hint or Solve helped, or the scores could not be written).
    pub new_best: Option<bool>,
    /// The line a player shares to tell the result (the engine's
    /// `proof::share_line`), which Ctrl+C copies with its proof code.
    pub share: String,
    /// The proof code (the engine's `proof::encode`): the puzzle and the
    /// moves that solve it, which `lightemall verify` replays.
    pub proof: String,
}

/// Animations, as start times on one clock in milliseconds. The view is a
/// pure function of `now_ms`: the same input draws the same frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Animation {
    /// The time of this frame.
    pub now_ms: u64,
    /// A tile turning into its current orientation.
    pub turning: Option<Turning>,
    /// When power started spreading from the station (the last move);
    /// `None` shows all power at once.
    pub power_since_ms: Option<u64>,
    /// When the puzzle was solved, for the celebration.
    pub won_since_ms: Option<u64>,
}

/// A tile turning by one step; the board already holds its new orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turning {
    /// Row-major index.
    pub tile: usize,
    /// Clockwise (a left click) or anticlockwise.
    pub clockwise: bool,
    /// When the turn started.
    pub since_ms: u64,
}

/// A panel button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Button {
    /// New easy game.
    Easy,
    /// New medium game.
    Medium,
    /// New hard game.
    Hard,
    /// New expert game (the ladder generator's top level).
    Expert,
    /// Cycle the board size.
    Size,
    /// Cycle the mode (topology).
    Mode,
    /// Play today's daily puzzle.
    Daily,
    /// Show or hide the scores screen.
    Scores,
    /// Show or hide the help overlay.
    Help,
}

impl Button {
    /// Every button, left to right.
    pub const ALL: [Button; 9] = [
        Button::Easy,
        Button::Medium,
        Button::Hard,
        Button::Expert,
        Button::Size,
        Button::Mode,
        Button::Daily,
        Button::Scores,
        Button::Help,
    ];

    /// The difficulty a new-game button asks for, by its name in IDs and
    /// in [`PanelInfo::difficulty`], and its label.
    pub(crate) fn difficulty(self) -> Option<(&'static str, &'static str)> {
        match self {
            Button::Easy => Some(("easy", "Easy")),
            Button::Medium => Some(("medium", "Medium")),
            Button::Hard => Some(("hard", "Hard")),
            Button::Expert => Some(("expert", "Expert")),
            _ => None,
        }
    }
}
