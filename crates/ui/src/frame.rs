//! A frame of the window: the session turned into the view's
//! [`FrameInput`], the layout for the window's size and the viewport, and
//! the Scene. Everything here is asked of the view; nothing is placed or
//! drawn by this crate.

use crate::demo::Demo;
use crate::paint::Painter;
use crate::session::Session;
use lightemall_engine::{Game, PuzzleFacts};
use lightemall_model::Grid;
use lightemall_view::{
    Animation, FrameInput, Highlights, Layout, PanelInfo, Point, Scene, draw_caption, draw_status,
    draw_text_screen, error_marks, is_animating, scene_of,
};
use std::time::{Duration, Instant};

/// The smallest frame a window shows, in pixels: the panel's width, and
/// room for a board below it. A smaller window shows the frame's top-left
/// part rather than a panel whose parts overlap.
pub const MIN_FRAME: (u32, u32) = (640, 400);

/// The size to paint a frame for a window of `width` x `height`: at
/// least [`MIN_FRAME`].
pub fn frame_size(width: u32, height: u32) -> (u32, u32) {
    (width.max(MIN_FRAME.0), height.max(MIN_FRAME.1))
}

/// How much one zoom step (a wheel notch, + or -) enlarges the tiles.
pub const ZOOM_STEP: f32 = 1.25;

/// Paints the session's frames: the Scene of the view, painted by the
/// rasterizer into `0RGB` words, with the per-tile data it needs cached.
#[derive(Debug, Default)]
pub struct Frames {
    derived: Derived,
    painter: Painter,
    /// How long the last frame took.
    last_paint: Duration,
}

/// A frame slower than this is not animated: on a huge board each frame
/// takes long, and a turn or the power spreading would keep the window
/// busy (and deaf to input) for many frames.
pub const SLOW_FRAME: Duration = Duration::from_millis(40);

impl Frames {
    /// Whether an animation runs at `now_ms` (so the window draws again
    /// soon); never when frames are slow.
    pub fn animating(&mut self, session: &Session, now_ms: u64) -> bool {
        self.derived.refresh(session);
        !self.is_slow() && animating(session, &self.derived, now_ms)
    }

    /// Whether the last frame took longer than 40 ms (`SLOW_FRAME`).
    pub fn is_slow(&self) -> bool {
        self.last_paint > SLOW_FRAME
    }

    /// Paint the session's frame at `now_ms` for a window of `width` x
    /// `height` pixels (both at least 1); the pixels, row-major.
    pub fn paint(
        &mut self,
        session: &Session,
        width: u32,
        height: u32,
        now_ms: u64,
    ) -> Result<&[u32], String> {
        let started = Instant::now();
        self.derived.refresh(session);
        let layout = layout_for(session, width, height);
        let still = self.is_slow();
        let scene = scene(session, &self.derived, &layout, now_ms, still);
        let pixels = self.painter.paint(&scene)?;
        self.last_paint = started.elapsed();
        Ok(pixels)
    }

    /// The last frame painted.
    pub fn pixels(&self) -> &[u32] {
        self.painter.buffer()
    }
}

/// Per-tile data derived from the game, recomputed only when it changes.
#[derive(Clone, Debug, Default)]
struct Derived {
    version: Option<u64>,
    distance: Vec<Option<u32>>,
    errors: Vec<u8>,
    farthest: u32,
}

impl Derived {
    /// Bring the cache up to date with `session`.
    fn refresh(&mut self, session: &Session) {
        if self.version == Some(session.version()) {
            return;
        }
        let game = session.game();
        let tiles = game.board().grid().len();
        self.distance = (0..tiles).map(|tile| game.distance(tile)).collect();
        self.errors = error_marks(game.board(), &game.state().locked);
        self.farthest = self.distance.iter().flatten().copied().max().unwrap_or(0);
        self.version = Some(session.version());
    }
}

/// Where everything goes in a window of `width` x `height` pixels: the
/// board fitted, or zoomed and panned by the viewport, a wrapping board's
/// tiles shifted round.
pub fn layout_for(session: &Session, width: u32, height: u32) -> Layout {
    let grid = shown_grid(session);
    let viewport = session.viewport();
    let (dx, dy) = viewport.shift;
    if (viewport.zoom, viewport.pan) == (0, (0.0, 0.0)) {
        return Layout::fit(grid, width, height, true).shifted(dx, dy);
    }
    let cell = zoomed_cell(grid, viewport.zoom, width, height);
    let (x, y) = viewport.pan;
    Layout::zoomed(grid, width, height, cell, Point::new(x, y)).shifted(dx, dy)
}

/// The grid on screen: the demo's while it runs, else the game's.
pub(crate) fn shown_grid(session: &Session) -> &Grid {
    match session.demo() {
        Some(demo) => &demo.params.grid,
        None => session.game().board().grid(),
    }
}

/// The tile width `zoom` steps from the one that fits the window.
pub(crate) fn zoomed_cell(grid: &Grid, zoom: i32, width: u32, height: u32) -> f32 {
    Layout::fit(grid, width, height, true).cell * ZOOM_STEP.powi(zoom)
}

/// The panel's values, as the player reads them.
pub fn panel_info(game: &Game) -> PanelInfo {
    let seconds = game.elapsed().as_secs();
    let seeded = game.origin().params.is_some();
    PanelInfo {
        time: format!("{}:{:02}", seconds / 60, seconds % 60),
        moves: u32::try_from(game.moves_made()).unwrap_or(u32::MAX),
        radius: game.radius(),
        solved: game.is_solved(),
        ..puzzle_panel(game.board().grid(), game.facts(), seeded)
    }
}

/// The panel of a puzzle on `grid` before the first move: its facts (par,
/// the difficulty chosen if it was generated, `seeded`, and the one
/// measured), size and mode, the clock at 0:00, radius off, not solved.
/// The window's panel and `lightemall render`'s are both made here.
pub fn puzzle_panel(grid: &Grid, facts: &PuzzleFacts, seeded: bool) -> PanelInfo {
    PanelInfo {
        time: "0:00".to_string(),
        moves: 0,
        par: facts.par.map(|par| u32::try_from(par).unwrap_or(u32::MAX)),
        par_bound: !facts.par_exact,
        radius: None,
        difficulty: if seeded {
            facts.difficulty.to_string()
        } else {
            String::new()
        },
        rating: facts.rating.map(|rating| rating.name().to_string()),
        size: grid.size_label(),
        mode: mode_label(grid),
        solved: false,
    }
}

fn animating(session: &Session, derived: &Derived, now_ms: u64) -> bool {
    is_animating(&session.animation(now_ms), derived.farthest)
}

/// The Scene of the session at `now_ms`; `still` shows everything at rest.
fn scene(session: &Session, derived: &Derived, layout: &Layout, now_ms: u64, still: bool) -> Scene {
    if let Some(demo) = session.demo() {
        return demo_scene(session, demo, layout, now_ms);
    }
    let game = session.game();
    let state = game.state();
    let panel = panel_info(game);
    let animation = if still {
        Animation {
            now_ms,
            ..Animation::default()
        }
    } else {
        session.animation(now_ms)
    };
    let paused = session.ui().paused;
    let input = FrameInput {
        board: game.board(),
        // Paused: the board is hidden, as if in fog with no station.
        station: if paused { usize::MAX } else { state.station },
        locked: &state.locked,
        distance: &derived.distance,
        radius: game.radius(),
        fog: state.fog_on || paused,
        errors: &derived.errors,
        highlights: Highlights {
            hint: session.hint_mark(now_ms),
            forcing: session.hint_forcing(),
            ..Highlights::default()
        },
        panel: Some(&panel),
        notice: notice_text(session, now_ms),
        ui: session.ui(),
        animation,
    };
    let mut scene = scene_of(&input, layout);
    if input.notice.is_none() && !paused && !input.ui.help {
        let lit = format!("lit {}/{}", game.powered_count(), game.board().grid().len());
        draw_status(&mut scene, layout, input.ui.theme.palette(), &lit);
    }
    if let Some(lines) = session.scores_screen() {
        let palette = input.ui.theme.palette();
        draw_text_screen(
            &mut scene,
            layout,
            palette,
            "Best results · B closes",
            lines,
        );
    }
    scene
}

/// A frame of the generation demo: the links so far, nothing powered, the
/// tile being processed and the frontier coloured.
fn demo_scene(session: &Session, demo: &Demo, layout: &Layout, now_ms: u64) -> Scene {
    let grid = demo.params.grid;
    let panel = PanelInfo {
        time: "0:00".to_string(),
        difficulty: demo.params.difficulty.name().to_string(),
        size: grid.size_label(),
        mode: mode_label(&grid),
        ..PanelInfo::default()
    };
    let input = FrameInput {
        board: demo.board(),
        station: demo.station(),
        locked: &[],
        distance: &[],
        radius: None,
        fog: false,
        errors: &[],
        highlights: demo.highlights(),
        panel: Some(&panel),
        notice: notice_text(session, now_ms),
        ui: session.ui(),
        animation: Animation::default(),
    };
    let mut scene = scene_of(&input, layout);
    if input.notice.is_none() {
        draw_caption(
            &mut scene,
            layout,
            input.ui.theme.palette(),
            &demo.caption(),
        );
    }
    scene
}

/// The message the frame at `now_ms` shows, if any.
fn notice_text(session: &Session, now_ms: u64) -> Option<&str> {
    session.notice(now_ms).map(|notice| notice.text.as_str())
}

fn mode_label(grid: &Grid) -> String {
    if grid.wrap() {
        format!("{} wrap", grid.topology())
    } else {
        grid.topology().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::session::NOTICE_MS;
    use crate::session_without_files;
    use lightemall_engine::ManualClock;
    use lightemall_view::Shape;

    /// A session on a fresh 5x5 game, with no files.
    fn session() -> Session {
        let game = Game::from_id(
            "square:5x5:kruskal:easy#7",
            Box::new(ManualClock::default()),
        )
        .expect("puzzle");
        session_without_files(game)
    }

    /// The frame of `session` at `now_ms` in a 640x480 window.
    fn frame_at(session: &Session, now_ms: u64) -> Scene {
        let mut derived = Derived::default();
        derived.refresh(session);
        let layout = layout_for(session, 640, 480);
        scene(session, &derived, &layout, now_ms, false)
    }

    fn texts(session: &Session, now_ms: u64) -> Vec<String> {
        frame_at(session, now_ms)
            .shapes
            .into_iter()
            .filter_map(|shape| match shape {
                Shape::Text { text, .. } => Some(text),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_fresh_games_panel_is_its_puzzles_panel_as_render_shows_it() {
        let game = Game::from_id(
            "square:6x6w:kruskal:easy#7",
            Box::new(ManualClock::default()),
        )
        .expect("puzzle");
        let panel = puzzle_panel(game.board().grid(), game.facts(), true);
        assert_eq!(panel_info(&game), panel);
        assert_eq!(panel.mode, "square wrap");
        assert_eq!(panel.difficulty, "easy");
        assert!(panel.par.is_some());
    }

    #[test]
    fn the_frame_shows_the_notice_until_it_expires() {
        let mut session = session();
        session.apply(Action::Save, 500);
        let text = session.notice(500).expect("a notice").text.clone();
        assert!(texts(&session, 500).contains(&text));
        assert!(texts(&session, 500 + NOTICE_MS - 1).contains(&text));
        assert!(!texts(&session, 500 + NOTICE_MS).contains(&text));
    }

    #[test]
    fn the_frame_counts_the_lit_tiles_as_net_does() {
        let mut session = session();
        let lit = |session: &Session| {
            texts(session, 0)
                .into_iter()
                .find(|t| t.starts_with("lit "))
        };
        let count = session.game().powered_count();
        assert_eq!(lit(&session), Some(format!("lit {count}/25")));
        session.apply(Action::Solve, 0);
        session.apply(Action::Solve, 0);
        assert_eq!(lit(&session), None, "a notice takes the strip");
        let later = texts(&session, 10 * NOTICE_MS);
        assert!(later.contains(&"lit 25/25".to_string()), "{later:?}");
        session.apply(Action::Help, 10 * NOTICE_MS);
        let over_help = texts(&session, 10 * NOTICE_MS);
        assert!(
            !over_help.iter().any(|t| t.starts_with("lit ")),
            "not over the help"
        );
    }

    #[test]
    fn the_demo_says_what_it_shows_its_speed_and_its_keys() {
        let mut session = session();
        session.apply(Action::GenerationDemo, 0);
        let shown = texts(&session, 0);
        let caption = |start: &str| shown.iter().any(|t| t.starts_with(start));
        assert!(
            caption("Demo: the kruskal generator builds a 5x5 board"),
            "{shown:?}"
        );
        assert!(
            caption("700 ms a step · + - speed · Space pause"),
            "{shown:?}"
        );
        session.apply(Action::Pause, 0);
        assert!(
            texts(&session, 0)
                .iter()
                .any(|t| t.starts_with("paused · + - speed"))
        );
    }

    #[test]
    fn a_paused_game_says_so_on_the_board() {
        let mut session = session();
        let banner = "Paused · P to go on".to_string();
        assert!(!texts(&session, 0).contains(&banner));
        session.apply(Action::Pause, 0);
        assert!(texts(&session, 0).contains(&banner));
        session.apply(Action::Pause, 0);
        session.apply(Action::Help, 0);
        assert!(!texts(&session, 0).contains(&banner), "not for the help");
    }

    #[test]
    fn a_wins_summary_shows_after_the_lighting_wave() {
        let mut session = session();
        session.apply(Action::Solve, 0);
        session.apply(Action::Solve, 0);
        assert!(session.game().is_solved());
        let summary = |session: &Session, now_ms| {
            texts(session, now_ms)
                .iter()
                .any(|t| t.starts_with("time ") && t.contains(" · moves 1"))
        };
        assert!(!summary(&session, 0), "not during the wave");
        assert!(summary(&session, lightemall_view::CELEBRATION_MS + 1));
        let lines = texts(&session, lightemall_view::CELEBRATION_MS + 1);
        assert!(
            lines
                .iter()
                .any(|t| t == "Not recorded: a hint or Solve helped.")
        );
        assert!(
            summary(&session, 10 * NOTICE_MS),
            "it stays until the player acts"
        );
        session.apply(Action::Theme, 10 * NOTICE_MS);
        assert!(!summary(&session, 10 * NOTICE_MS));
    }

    #[test]
    fn b_shows_the_scores_screen_and_b_again_closes_it() {
        let mut session = session();
        // No store here: the screen cannot be read, and says why.
        session.apply(Action::Scores, 0);
        assert!(session.scores_screen().is_none());
        assert!(session.notice(0).is_some());
        let mut table = lightemall_engine::score::ScoreTable::default();
        table.record(lightemall_engine::score::Score {
            preset: "square:5x5:kruskal:easy".into(),
            elapsed: Duration::from_millis(61_000),
            moves: 30,
            par: Some(20),
            played: 0,
        });
        let lines = crate::session::scores_lines(&table, "hex:4x4:graded:hard");
        assert_eq!(lines[0], "5x5 square, easy (kruskal)");
        assert!(
            lines[1].contains("best 1:01.0 · fewest moves 30 · efficiency 67%"),
            "{lines:?}"
        );
    }

    fn hint_shapes(session: &Session, now_ms: u64) -> usize {
        let hint = session.ui().theme.palette().hint;
        frame_at(session, now_ms)
            .shapes
            .iter()
            .filter(|shape| matches!(shape, Shape::Line { stroke, .. } if stroke.color == hint))
            .count()
    }

    #[test]
    fn the_frame_marks_the_hinted_tile_while_the_hint_shows() {
        let mut session = session();
        assert_eq!(hint_shapes(&session, 0), 0);
        session.apply(Action::Hint, 0);
        assert!(hint_shapes(&session, 0) > 0);
        session.apply(Action::Pause, 0);
        assert_eq!(hint_shapes(&session, 0), 0, "not on a hidden board");
        session.apply(Action::Pause, 0);
        assert!(hint_shapes(&session, NOTICE_MS - 1) > 0);
        assert_eq!(hint_shapes(&session, NOTICE_MS), 0);
    }
}
