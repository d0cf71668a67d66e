//! A frame of the window: the session turned into the view's
//! [`FrameInput`], the layout for the window's size and the viewport, and
//! the Scene. Everything here is asked of the view; nothing is placed or
//! drawn by this crate.

use crate::paint::{Area, Painter};
use lightemall_engine::{Game, PuzzleFacts};
use lightemall_model::Grid;
use lightemall_model::format::minutes_seconds;
use lightemall_render_png::band_margin;
use lightemall_session::{Demo, Session};
use lightemall_view::{
    Animation, FrameInput, Highlights, HintMark, Layout, Marks, PanelInfo, Rect, Scene, Theme,
    UiState, distance_word, draw_caption, draw_status, draw_text_screen, is_animating, lit,
    scene_of,
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

/// Paints the session's frames: the Scene of the view, painted by the
/// rasterizer into `0RGB` words, with the per-tile data it needs cached.
/// The frame is kept: when only tiles changed since it was painted (the
/// game's `changed_tiles`, the marks they changed), the cursor moved, or
/// nothing but the panel and the notice strip (the clock, a hover), and
/// nothing moves, only those parts are painted again, each from the
/// frame's Scene with the tiles elsewhere left out, painted at the
/// frame's size and copied in: the same pixels as a whole frame (a test
/// holds them equal). A whole frame that is slow (a huge board) is
/// painted the same way in bands, two at a time on two threads.
#[derive(Debug, Default)]
pub struct Frames {
    derived: Derived,
    painter: Painter,
    /// How long the last frame took.
    last_paint: Duration,
    /// How long the last frame painted whole took.
    last_whole: Duration,
    /// What the frame in the painter shows, if it can be painted in part.
    shown: Option<Look>,
    /// How many frames were painted in part (for tests).
    parts_painted: u64,
    /// Paint whole frames in bands (two pairs at least) even when they
    /// are quick (tests).
    halves: bool,
    /// Whether the last frame showed more than [`MANY_TILES`] tiles.
    many_tiles: bool,
}

/// A frame showing more tiles than this is slow (over `SLOW_FRAME`) even
/// painted in bands, so its first frame is painted at rest, in bands,
/// and not once animated and once more at rest (a whole 1000x1000 board
/// at 2 px a tile shows about 270 000 tiles in a 1280x960 window; a
/// 64x64 board shows 4096).
pub const MANY_TILES: usize = 20_000;

/// The most tiles a band of a whole frame painted in bands shows, about:
/// memory holds two bands' Scenes at once (3-4 primitives a tile), not
/// the whole frame's (a 1000x1000 board's frame in a 1280x960 window
/// shows about 270 000 tiles, some 60 MB of shapes; it is painted in
/// four pairs of bands). More bands would hold less but paint more: each
/// band paints its margins again (the first frame there took 0.49-0.72 s
/// in three pairs or four; four kept the peak after N under 100 MB).
pub const BAND_TILES: usize = 40_000;

/// About how many tiles `layout` shows: the rows and columns that fit in
/// the output, at most the board's.
fn tiles_shown(layout: &Layout) -> usize {
    let grid = layout.grid();
    let across = (layout.width as f32 / layout.cell).ceil() as usize + 1;
    let down = (layout.height as f32 / layout.row_pitch).ceil() as usize + 1;
    across.min(grid.width()) * down.min(grid.height())
}

/// A frame slower than this is not animated: on a huge board each frame
/// takes long, and a turn or the power spreading would keep the window
/// busy (and deaf to input) for many frames.
pub const SLOW_FRAME: Duration = Duration::from_millis(40);

/// What a frame shows besides its tiles, its panel and its notice strip:
/// a frame showing the same at rest is painted only where tiles changed.
#[derive(Clone, Debug, PartialEq)]
struct Look {
    layout: Layout,
    /// The interface state, without the buttons hovered or pressed (the
    /// panel's) and the cursor (its tiles).
    ui: UiState,
    cursor: Option<usize>,
    notice: Option<String>,
    /// Whether the notice is drawn in the notice strip: then a notice
    /// that comes or goes repaints the strip and the notice's box alone.
    notice_in_strip: bool,
    hint: Option<HintMark>,
    forcing: Vec<u32>,
    scores: Option<Vec<String>>,
    radius: Option<u32>,
    fog: bool,
    station: usize,
    /// The distance of the dimmest colour, when the radius is off.
    farthest: Option<u32>,
}

impl Frames {
    /// Whether an animation runs at `now_ms` (so the window draws again
    /// soon); never when frames are slow.
    pub fn animating(&mut self, session: &Session, now_ms: u64) -> bool {
        self.derived.refresh(session);
        !self.is_slow() && animating(session, &self.derived, now_ms)
    }

    /// Whether the last frame painted whole took longer than 40 ms
    /// (`SLOW_FRAME`), or the frame shows so many tiles that it will
    /// ([`MANY_TILES`]): then nothing is animated.
    pub fn is_slow(&self) -> bool {
        self.last_whole > SLOW_FRAME || self.many_tiles
    }

    /// How long the last frame took to paint, whole or in part.
    pub fn last_paint(&self) -> Duration {
        self.last_paint
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
        self.many_tiles = tiles_shown(&layout) > MANY_TILES;
        let still = self.is_slow();
        let at_rest = still || !animating(session, &self.derived, now_ms);
        let look = (at_rest && session.demo().is_none())
            .then(|| Look::of(session, &self.derived, layout.clone(), now_ms));
        let dirty = self.derived.dirty.take();
        let parts = match (&self.shown, &look, dirty) {
            (Some(shown), Some(look), Some(mut tiles)) => {
                if shown.farthest != look.farthest {
                    // Every lit tile's shade is its distance over the
                    // farthest one's.
                    tiles.extend(self.derived.powered());
                }
                parts_to_paint(shown, look, &tiles).filter(|parts| !whole_is_better(parts, &layout))
            }
            _ => None,
        };
        self.shown = None;
        match parts {
            Some(parts) => {
                self.paint_parts(session, &layout, now_ms, still, &parts)?;
                self.parts_painted += 1;
            }
            None if (still || self.halves) && height >= 4 * band_margin(&layout) => {
                self.paint_bands(session, &layout, now_ms, still)?;
                self.last_whole = started.elapsed();
            }
            None => {
                let scene = scene(session, &self.derived, &layout, now_ms, still);
                self.painter.paint(&scene)?;
                self.last_whole = started.elapsed();
            }
        }
        self.derived.dirty = Some(Vec::new());
        self.shown = look;
        self.last_paint = started.elapsed();
        Ok(self.painter.buffer())
    }

    /// Paint the whole frame in bands, two at a time on two threads (a
    /// slow frame, a huge board), each from the frame's Scene with only the
    /// tiles that reach it, as [`Frames::paint_parts`] paints parts: the
    /// same pixels. Memory holds the Scenes of two bands at once, never
    /// the whole frame's ([`BAND_TILES`]).
    fn paint_bands(
        &mut self,
        session: &Session,
        layout: &Layout,
        now_ms: u64,
        still: bool,
    ) -> Result<(), String> {
        let (width, height) = (layout.width, layout.height);
        let pairs = self.band_pairs(layout);
        self.painter.prepare(width, height)?;
        let row = |band: u32| height * band / (2 * pairs);
        for pair in 0..pairs {
            let [top, bottom] = [2 * pair, 2 * pair + 1].map(|band| {
                let keep = Area {
                    x0: 0,
                    y0: row(band),
                    x1: width,
                    y1: row(band + 1),
                };
                let (scene, whole) = self.part_scene(session, layout, now_ms, still, &[keep]);
                (scene, whole, keep)
            });
            self.painter.paint_pair(
                (&top.0, top.1, top.2),
                (&bottom.0, bottom.1, bottom.2),
                width,
                height,
            )?;
        }
        Ok(())
    }

    /// How many pairs of bands [`Frames::paint_bands`] paints `layout`'s
    /// frame in: bands of about [`BAND_TILES`] tiles, each at least twice
    /// as tall as the margin painted round it (more would paint the
    /// margins over and over).
    fn band_pairs(&self, layout: &Layout) -> u32 {
        let most = (layout.height / (4 * band_margin(layout))).max(1);
        let wanted = u32::try_from(tiles_shown(layout).div_ceil(2 * BAND_TILES)).unwrap_or(most);
        // Tests paint small frames in more than one pair too.
        let least = if self.halves { 2 } else { 1 };
        wanted.max(least).min(most)
    }

    /// Paint the pixels of `parts` again, from the frame's Scene with only
    /// the tiles that reach them (and a margin), painted at full size so
    /// every shape kept is painted exactly as in the whole frame.
    fn paint_parts(
        &mut self,
        session: &Session,
        layout: &Layout,
        now_ms: u64,
        still: bool,
        parts: &[Area],
    ) -> Result<(), String> {
        let (scene, whole) = self.part_scene(session, layout, now_ms, still, parts);
        self.painter.paint_parts(&scene, whole, parts, layout.width)
    }

    /// The Scene that paints `parts` as the whole frame paints them: the
    /// frame's, with only the tiles that reach them and a margin round
    /// them (none under the opaque panel or strip drawn over the board),
    /// at the frame's size; and the frame's area.
    fn part_scene(
        &self,
        session: &Session,
        layout: &Layout,
        now_ms: u64,
        still: bool,
        parts: &[Area],
    ) -> (Scene, Area) {
        let margin = band_margin(layout).max(16);
        let sights = parts
            .iter()
            .map(|&keep| {
                let painted = keep.grown(margin, layout.width, layout.height);
                let area = Rect::new(
                    painted.x0 as f32,
                    painted.y0 as f32,
                    painted.width() as f32,
                    painted.height() as f32,
                );
                sight(layout, keep, area, session)
            })
            .collect();
        let part = layout.clone().within_areas(sights);
        let whole = Area {
            x0: 0,
            y0: 0,
            x1: layout.width,
            y1: layout.height,
        };
        (scene(session, &self.derived, &part, now_ms, still), whole)
    }

    /// Paint the frame a window shows while its game is made on another
    /// thread (see [`crate::Building`]): `title` and `lines` in a box on
    /// the background, in the default theme, in the window's layout for
    /// the game's `grid`.
    pub fn paint_building(
        &mut self,
        grid: &Grid,
        width: u32,
        height: u32,
        title: &str,
        lines: &[String],
    ) -> Result<&[u32], String> {
        let palette = Theme::default().palette();
        let mut scene = Scene::new(width, height, palette.background);
        let layout = Layout::fit(grid, width, height, true);
        draw_text_screen(&mut scene, &layout, palette, title, lines, None);
        self.shown = None;
        self.painter.paint(&scene)
    }

    /// Paint the next frame whole (a front end whose window lost its
    /// pixels; a benchmark of whole frames).
    pub fn forget(&mut self) {
        self.shown = None;
    }

    /// The last frame painted.
    pub fn pixels(&self) -> &[u32] {
        self.painter.buffer()
    }

    /// How many frames were painted in part, not whole.
    pub fn parts_painted(&self) -> u64 {
        self.parts_painted
    }
}

impl Look {
    fn of(session: &Session, derived: &Derived, layout: Layout, now_ms: u64) -> Look {
        let game = session.game();
        let ui = session.ui();
        let in_strip = notice_in_strip(&layout);
        Look {
            layout,
            ui: UiState {
                hovered: None,
                pressed: None,
                cursor: None,
                ..ui
            },
            cursor: ui.cursor,
            notice: notice_text(session, now_ms).map(str::to_string),
            notice_in_strip: in_strip,
            hint: session.hint_mark(now_ms),
            forcing: session.hint_forcing().to_vec(),
            scores: session.scores_screen().map(<[String]>::to_vec),
            radius: game.radius(),
            fog: game.state().fog_on,
            station: game.state().station,
            farthest: game.radius().is_none().then_some(derived.farthest),
        }
    }
}

/// Whether the whole frame is better painted than `parts`: they cover
/// more than half of it (painting them costs about as much, and a
/// Scene cut to them costs more to make), or they show so many tiles
/// that their Scene would hold more than a pair of bands' (see
/// [`BAND_TILES`]; a huge board's whole frame is painted in bands). A
/// move that lights half the board does so, or the farthest distance
/// changing with most of the board lit.
fn whole_is_better(parts: &[Area], layout: &Layout) -> bool {
    let pixels: f32 = parts
        .iter()
        .map(|part| part.width() as f32 * part.height() as f32)
        .sum();
    let frame = layout.width as f32 * layout.height as f32;
    pixels > frame / 2.0 || pixels / (layout.cell * layout.row_pitch) > (2 * BAND_TILES) as f32
}

/// Where the tiles drawn to paint `keep` again (painted over `area`) are:
/// nowhere when it is all under the panel or the notice strip drawn over
/// the board (an opaque rectangle over every tile there), else `area`.
fn sight(layout: &Layout, keep: Area, area: Rect, session: &Session) -> Rect {
    let inside = |r: Rect| {
        keep.x0 as f32 >= r.x
            && keep.y0 as f32 >= r.y
            && keep.x1 as f32 <= r.x + r.w
            && keep.y1 as f32 <= r.y + r.h
    };
    let palette = session.ui().theme.palette();
    let board = layout.board;
    let covered = |r: Option<Rect>, over_board: bool, opaque: bool| {
        r.is_some_and(|r| inside(r) && over_board && opaque)
    };
    let under_panel = layout.panel.is_some_and(|p| board.y < p.y + p.h);
    let under_strip = layout.notice_strip().is_some_and(|s| s.overlaps(&board));
    if covered(layout.panel, under_panel, palette.panel.a == 255)
        || covered(
            layout.notice_strip(),
            under_strip,
            palette.background.a == 255,
        )
    {
        Rect::new(-1e9, -1e9, 0.0, 0.0)
    } else {
        area
    }
}

/// Whether a notice is drawn inside the notice strip (a window's).
fn notice_in_strip(layout: &Layout) -> bool {
    let area = layout.notice_area();
    layout.notice_strip().is_some_and(|strip| {
        area.x >= strip.x
            && area.y >= strip.y
            && area.x + area.w <= strip.x + strip.w
            && area.y + area.h <= strip.y + strip.h
    })
}

/// The parts of the frame to paint again to go from showing `shown` to
/// showing `look`, where `tiles` changed: the panel, the notice strip and
/// the tiles' area; `None` if the whole frame must be painted.
fn parts_to_paint(shown: &Look, look: &Look, tiles: &[usize]) -> Option<Vec<Area>> {
    let same = Look {
        cursor: shown.cursor,
        // The caller counts the lit tiles as changed when it changed.
        farthest: shown.farthest,
        // A station move names the tiles it changed (the old and the new
        // station's among them); in fog, what shows depends on where it is.
        station: if look.fog {
            look.station
        } else {
            shown.station
        },
        notice: match look.notice_in_strip {
            true => shown.notice.clone(),
            false => look.notice.clone(),
        },
        ..look.clone()
    };
    if same != *shown {
        return None;
    }
    let layout = &look.layout;
    let (width, height) = (layout.width, layout.height);
    let whole = Area {
        x0: 0,
        y0: 0,
        x1: width,
        y1: height,
    };
    let cursors = [shown.cursor, look.cursor];
    let moved = cursors
        .iter()
        .flatten()
        .filter(|_| shown.cursor != look.cursor);
    let mut board: Option<(f32, f32, f32, f32)> = None;
    let reach = layout.reach();
    for &tile in tiles.iter().chain(moved) {
        if tile >= layout.grid().len() || !layout.is_visible(tile) {
            continue;
        }
        let c = layout.centre(tile);
        let (x0, y0, x1, y1) = board.unwrap_or((c.x, c.y, c.x, c.y));
        board = Some((x0.min(c.x), y0.min(c.y), x1.max(c.x), y1.max(c.y)));
    }
    let clip = |x0: f32, y0: f32, x1: f32, y1: f32| {
        let px = |v: f32, most: u32| v.clamp(0.0, most as f32) as u32;
        Area {
            x0: px(x0.floor(), width),
            y0: px(y0.floor(), height),
            x1: px(x1.ceil(), width),
            y1: px(y1.ceil(), height),
        }
    };
    let mut parts = Vec::new();
    if let Some((x0, y0, x1, y1)) = board {
        parts.push(clip(x0 - reach, y0 - reach, x1 + reach, y1 + reach));
    }
    let rect = |r: Rect| clip(r.x, r.y, r.x + r.w, r.y + r.h);
    parts.extend(layout.panel.map(rect));
    parts.extend(layout.notice_strip().map(rect));
    if shown.notice != look.notice {
        // A notice of more than one line reaches above the strip.
        parts.push(rect(layout.notice_reach()));
    }
    parts.retain(|part| !part.is_empty());
    let pixels: u64 = parts
        .iter()
        .map(|p| u64::from(p.width()) * u64::from(p.height()))
        .sum();
    // Parts as large as the frame cost as much as the frame, and more.
    (pixels * 2 < u64::from(whole.width()) * u64::from(whole.height())).then_some(parts)
}

/// Per-tile data derived from the game, brought up to date when it
/// changes: only for the tiles the change names, when it names them.
#[derive(Clone, Debug, Default)]
struct Derived {
    version: Option<u64>,
    distance: Vec<u32>,
    marks: Marks,
    farthest: u32,
    /// The tiles whose picture changed since the last frame painted took
    /// them (their marks too); `None`: any may have.
    dirty: Option<Vec<usize>>,
}

impl Derived {
    /// The tiles lit, by the distances kept.
    fn powered(&self) -> impl Iterator<Item = usize> + '_ {
        (self.distance.iter().enumerate()).filter_map(|(tile, &word)| lit(word).map(|_| tile))
    }

    /// Bring the cache up to date with `session`.
    fn refresh(&mut self, session: &Session) {
        let version = session.version();
        if self.version == Some(version) {
            return;
        }
        let game = session.game();
        let board = game.board();
        let locked = &game.state().locked;
        let tiles = board.grid().len();
        let changed = self
            .version
            .and_then(|old| session.changed_since(old))
            .filter(|_| self.distance.len() == tiles);
        match changed {
            Some(changed) => {
                for &tile in &changed {
                    if let Some(slot) = self.distance.get_mut(tile) {
                        *slot = distance_word(game.distance(tile));
                    }
                }
                let marked = self.marks.update(board, locked, &changed);
                if let Some(dirty) = &mut self.dirty {
                    dirty.extend(changed);
                    dirty.extend(marked);
                }
            }
            None => {
                self.distance.clear();
                self.distance.extend(game.distances().map(distance_word));
                // The old marks go first: a million tiles' are 7 MB.
                self.marks = Marks::default();
                self.marks = Marks::new(board, locked);
                self.dirty = None;
            }
        }
        self.farthest = game.farthest_distance();
        self.version = Some(version);
    }
}

/// Where everything goes in a window of `width` x `height` pixels
/// ([`Session::layout`]).
pub fn layout_for(session: &Session, width: u32, height: u32) -> Layout {
    session.layout(width, height)
}

/// The panel's values, as the player reads them.
pub fn panel_info(game: &Game) -> PanelInfo {
    let seconds = game.elapsed().as_secs();
    let seeded = game.origin().params.is_some();
    PanelInfo {
        time: minutes_seconds(seconds),
        moves: u32::try_from(game.moves_made()).unwrap_or(u32::MAX),
        radius: game.radius(),
        solved: game.is_solved(),
        ..puzzle_panel(game.board().grid(), game.facts(), seeded)
    }
}

/// The panel of a puzzle on `grid` before the first move: its facts (par,
/// the difficulty chosen if it was generated, `seeded`, and the one
/// measured), size and mode, whether it is a daily, the clock at 0:00,
/// radius off, not solved. The window's panel and `lightemall render`'s
/// are both made here.
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
        measuring: facts.measuring,
        size: grid.size_label(),
        mode: mode_label(grid),
        solved: false,
        daily: facts.daily.is_some(),
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
        errors: derived.marks.masks(),
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
    let caption = session.lesson_caption();
    if let (Some(lines), None, false) = (&caption, input.notice, input.ui.help) {
        draw_caption(&mut scene, layout, input.ui.theme.palette(), lines);
    } else if input.notice.is_none() && !paused && !input.ui.help {
        let mut lit = format!("lit {}/{}", game.powered_count(), game.board().grid().len());
        let depth = game.checkpoint_depth();
        if depth > 0 {
            lit.push_str(&format!(" · checkpoint {depth}"));
        }
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
            session.scores_chart(),
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
        highlights: demo.highlights(),
        panel: Some(&panel),
        notice: notice_text(session, now_ms),
        ui: session.ui(),
        ..FrameInput::plain(demo.board(), demo.station())
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
    use lightemall_engine::ManualClock;
    use lightemall_gen::random::{Random, Stream};
    use lightemall_model::Topology;
    use lightemall_session::{Action, Heading, NOTICE_MS, session_without_files};
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

    /// Random turns, locks, undos, cursor moves, hovers and zooms, each
    /// frame painted after the last (in part where it can be) and by
    /// fresh frames (whole): the same pixels, on every topology, zoomed
    /// in and out, a wrapping board shifted.
    #[test]
    fn a_frame_painted_in_part_is_the_frame_painted_whole() {
        let mut rng = Random::new(5, Stream::Tree);
        let mut in_part = 0;
        for (id, size) in [
            ("square:12x9:kruskal:hard#1", (700, 560)),
            ("hex:10x10:kruskal:hard#2", (640, 500)),
            ("octo:11x8:kruskal:hard#3", (900, 600)),
            ("square:16x12w:kruskal:medium#4", (640, 480)),
            ("octo:40x40:kruskal:hard#5", (640, 480)),
        ] {
            let game = Game::from_id(id, Box::new(ManualClock::default())).expect("puzzle");
            let tiles = game.board().grid().len();
            let mut session = session_without_files(game);
            // Whole frames in bands on two threads, as a huge
            // board's are, on some boards.
            let mut frames = Frames {
                halves: id.contains('w') || id.starts_with("hex"),
                ..Frames::default()
            };
            let mut now = 0;
            for step in 0..160 {
                let action = match rng.index(24) {
                    0 => Action::Zoom(if rng.index(2) == 0 { 2 } else { -2 }),
                    1 => Action::Lock(rng.index(tiles)),
                    2 => Action::Undo,
                    3 => Action::SwitchArrows,
                    4 | 5 => Action::Arrow(Heading(90 * rng.index(4) as u16)),
                    6 => Action::Shift(Heading(90 * rng.index(4) as u16)),
                    7 => Action::Pan(Heading(90 * rng.index(4) as u16)),
                    8 => Action::TurnCursor { clockwise: true },
                    9 => Action::Radius,
                    10 => Action::Save,
                    11 => Action::Fog,
                    _ => Action::Turn {
                        tile: rng.index(tiles),
                        clockwise: rng.index(2) == 0,
                    },
                };
                session.apply(action, now);
                let (w, h) = size;
                session.resize(w, h);
                if rng.index(4) == 0 {
                    // A frame mid-animation (painted whole, unless the
                    // frames are slow, then at rest), then one at rest.
                    frames.paint(&session, w, h, now + 20).expect("painted");
                }
                // At rest: a slow frame (a debug build) is painted still,
                // the fresh frames' first is not, and they must agree.
                now += 10_000;
                let kept = frames.paint(&session, w, h, now).expect("painted").to_vec();
                let whole = Frames::default()
                    .paint(&session, w, h, now)
                    .expect("painted")
                    .to_vec();
                let differ = kept.iter().zip(&whole).filter(|(a, b)| a != b).count();
                assert_eq!(differ, 0, "{id} step {step} after {action:?}");
            }
            in_part += frames.parts_painted();
        }
        assert!(in_part > 400, "most frames were painted in part: {in_part}");
    }

    /// A turn that lights a tile farther than any before (or puts out the
    /// farthest) changes the shade of every lit tile: those are painted
    /// again, in part, and the frame is the one painted whole.
    #[test]
    fn a_turn_that_moves_the_farthest_tile_repaints_the_lit_tiles_in_part() {
        let (w, h) = (700, 560);
        let game = Game::from_id(
            "square:12x9:kruskal:hard#1",
            Box::new(ManualClock::default()),
        )
        .expect("puzzle");
        let tiles = game.board().grid().len();
        let mut session = session_without_files(game);
        session.resize(w, h);
        let mut frames = Frames::default();
        let mut now = 0;
        frames.paint(&session, w, h, now).expect("painted");
        let mut moved = 0;
        for tile in (0..tiles).cycle().take(4 * tiles) {
            let before = session.game().farthest_distance();
            session.apply(
                Action::Turn {
                    tile,
                    clockwise: true,
                },
                now,
            );
            now += 10_000;
            let in_part = frames.parts_painted();
            let kept = frames.paint(&session, w, h, now).expect("painted").to_vec();
            if session.game().farthest_distance() == before {
                continue;
            }
            moved += 1;
            assert_eq!(
                frames.parts_painted(),
                in_part + 1,
                "turn of {tile} painted whole"
            );
            let whole = Frames::default()
                .paint(&session, w, h, now)
                .expect("painted")
                .to_vec();
            assert!(
                kept == whole,
                "turn of {tile}: the frame differs from the whole one"
            );
        }
        assert!(moved > 5, "only {moved} turns moved the farthest tile");
    }

    /// The station moved by the arrows is painted in part (the tiles it
    /// changed), in fog whole (what shows depends on where it is), and
    /// the frame is the one painted whole either way.
    #[test]
    fn a_station_move_is_painted_in_part_but_in_fog() {
        let (w, h) = (700, 560);
        for fog in [false, true] {
            let game = Game::from_id(
                "square:12x9:kruskal:easy#2",
                Box::new(ManualClock::default()),
            )
            .expect("puzzle");
            let mut session = session_without_files(game);
            session.resize(w, h);
            if fog {
                session.apply(Action::Fog, 0);
            }
            let mut frames = Frames::default();
            let mut now = 10_000;
            frames.paint(&session, w, h, now).expect("painted");
            let mut moved = 0;
            for step in 0..200 {
                let station = session.game().state().station;
                let action = match step % 5 {
                    // Turns near the station give it wires to move along.
                    0 => Action::Turn {
                        tile: (station + step % 3) % 108,
                        clockwise: true,
                    },
                    _ => Action::Arrow(Heading(90 * (step * 7 % 4) as u16)),
                };
                session.apply(action, now);
                now += 10_000;
                let in_part = frames.parts_painted();
                let kept = frames.paint(&session, w, h, now).expect("painted").to_vec();
                if session.game().state().station == station {
                    continue;
                }
                moved += 1;
                let painted_in_part = frames.parts_painted() == in_part + 1;
                assert_eq!(painted_in_part, !fog, "step {step}, fog {fog}");
                let whole = Frames::default()
                    .paint(&session, w, h, now)
                    .expect("painted")
                    .to_vec();
                assert!(kept == whole, "step {step}, fog {fog}: the frame differs");
            }
            assert!(moved > 5, "only {moved} station moves");
        }
    }

    /// A part that would show more tiles than two bands, or cover more
    /// than half the frame, is not painted as a part: the whole frame is.
    #[test]
    fn a_part_of_many_tiles_or_most_of_the_frame_is_painted_whole() {
        for (side, band_rule) in [(1000, true), (64, false)] {
            let grid = Grid::new(Topology::Square, side, side, false).expect("grid");
            let layout = Layout::fit(&grid, 1280, 960, true);
            let check = |height: u32, whole: bool| {
                let part = Area {
                    x0: 0,
                    y0: 0,
                    x1: layout.width,
                    y1: height,
                };
                let got = whole_is_better(&[part], &layout);
                assert_eq!(got, whole, "{side}x{side}: {height} rows");
            };
            let rows_of_a_band =
                (BAND_TILES as f32 * layout.cell * layout.row_pitch / layout.width as f32) as u32;
            let half = layout.height / 2;
            check(10, false);
            if band_rule {
                assert!(2 * rows_of_a_band + 2 < half, "the tiles decide");
                check(2 * rows_of_a_band - 2, false);
                check(2 * rows_of_a_band + 2, true);
            } else {
                assert!(2 * rows_of_a_band > layout.height, "the pixels decide");
                check(half - 2, false);
                check(half + 2, true);
            }
            check(layout.height, true);
        }
    }

    /// A frame of many tiles is painted at rest from the first (a small
    /// board's is not counted as many, whatever its time).
    #[test]
    fn a_frame_of_many_tiles_is_never_animated() {
        for (id, many) in [
            ("square:300x300:kruskal:easy#1", true),
            ("square:64x64:kruskal:easy#1", false),
        ] {
            let game = Game::from_id(id, Box::new(ManualClock::default())).expect("puzzle");
            let mut session = session_without_files(game);
            let mut frames = Frames::default();
            session.resize(640, 480);
            frames.paint(&session, 640, 480, 0).expect("painted");
            assert_eq!(frames.many_tiles, many, "{id}");
            if many {
                assert!(frames.is_slow());
                session.apply(
                    Action::Turn {
                        tile: 0,
                        clockwise: true,
                    },
                    10,
                );
                assert!(!frames.animating(&session, 20), "{id}");
            }
        }
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
    fn a_dailys_panel_lights_daily_and_the_next_seeds_does_not() {
        let check = |id: &str, daily: bool| {
            let game = Game::from_id(id, Box::new(ManualClock::default())).expect("puzzle");
            assert_eq!(panel_info(&game).daily, daily, "{id}");
            let panel = puzzle_panel(game.board().grid(), game.facts(), true);
            assert_eq!(panel.daily, daily, "{id}: as render shows it");
        };
        check("square:7x7:graded:easy#20261130", true);
        check("square:7x7:graded:easy#20261131", false);
        check("square:7x7:graded:medium#20261130", false);
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
