//! What the player asks for, whatever the input device: the vocabulary
//! between the input loop and the session.

use lightemall_view::Button;

/// A direction on the screen, in degrees clockwise from straight up. The
/// session picks the board direction nearest to it, so no key names a
/// direction of any topology.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heading(pub u16);

/// One thing the player asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Turn a tile one step (a click).
    Turn {
        /// Row-major index.
        tile: usize,
        /// Left click: clockwise.
        clockwise: bool,
    },
    /// Lock or unlock a tile (middle or Shift+click).
    Lock(usize),
    /// Arrows: move the station, or the cursor in cursor mode.
    Arrow(Heading),
    /// Space/Enter or Backspace: turn the cursor's tile.
    TurnCursor {
        /// Space/Enter: clockwise.
        clockwise: bool,
    },
    /// X: lock the cursor's tile.
    LockCursor,
    /// Tab: the arrows move the station or the cursor.
    SwitchArrows,
    /// A panel button was clicked.
    Press(Button),
    /// R.
    Radius,
    /// M.
    Fog,
    /// T.
    Theme,
    /// H: square and octo (the original LightEmAll game's "hex mode").
    OctoMode,
    /// U, Ctrl+Z.
    Undo,
    /// Shift+U, Ctrl+Y.
    Redo,
    /// N.
    NewGame,
    /// Ctrl+S.
    Save,
    /// K: a checkpoint, to try an assumption from.
    Checkpoint,
    /// Shift+K: back to the latest checkpoint, every move since undone.
    ReturnToCheckpoint,
    /// Y: keep what followed the latest checkpoint.
    KeepBranch,
    /// Ctrl+C: the puzzle's ID to the clipboard; once won, the share line
    /// and its proof code.
    Copy,
    /// Ctrl+T: the lessons (three tiny puzzles that teach the game).
    Lessons,
    /// Ctrl+D: today's daily puzzle.
    Daily,
    /// Ctrl+I: the puzzle entry, to play a puzzle by its ID.
    EnterId,
    /// Ctrl+V: the puzzle entry with the clipboard's text in it.
    Paste,
    /// Ctrl+O, L.
    Load,
    /// F1, ?.
    Help,
    /// B or the panel's ★: the scores screen (best results per preset).
    Scores,
    /// P.
    Pause,
    /// J.
    Jumble,
    /// Ctrl+H: show a tile to turn (the game is then not scored).
    Hint,
    /// Ctrl+K: whether the locked tiles still allow a solution; pressed
    /// again while that says one is wrong, which one (not scored then).
    Check,
    /// Ctrl+Shift+H: solve the puzzle, once asked twice in a row (the
    /// game is then not scored).
    Solve,
    /// Ctrl+R: back to the start, every move undone (redo brings them
    /// back).
    Restart,
    /// G: the live generation demo.
    GenerationDemo,
    /// +, - and the wheel: zoom in (positive) or out.
    Zoom(i32),
    /// The scroll keys: move the view.
    Pan(Heading),
    /// Shift+arrows: on a wrapping board, shift the tiles round by one
    /// (Net's view shift); on others, move the view as [`Action::Pan`].
    Shift(Heading),
    /// F: the whole board in the window.
    Fit,
    /// V: the view centred on the star.
    GoToStar,
    /// I: the view centred on the latest hint's tile.
    GoToHint,
    /// Esc or closing the window: autosave and leave.
    Quit,
}

impl Action {
    /// The question this action asks, or answers when it is asked again
    /// ("N again starts a new game"): its own, but the Daily button and
    /// Ctrl+D ask the same one, so either answers the other.
    pub fn question(self) -> Action {
        match self {
            Action::Press(Button::Daily) => Action::Daily,
            other => other,
        }
    }

    /// Whether holding the key down repeats the action. Moves repeat;
    /// toggles and commands do not, so a held key cannot flicker a mode.
    pub fn repeats(self) -> bool {
        matches!(
            self,
            Action::Arrow(_)
                | Action::TurnCursor { .. }
                | Action::Undo
                | Action::Redo
                | Action::Zoom(_)
                | Action::Pan(_)
                | Action::Shift(_)
        )
    }
}
