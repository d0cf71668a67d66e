//! The minifb window and its loop: read input once per update (keys as
//! the events minifb reports, the mouse as levels), turn it into actions,
//! paint a frame only when something changed, and sleep in between. A
//! game made on another thread is waited for with the window open,
//! showing what the maker reports, Esc and closing read all along. Idle,
//! the loop only polls the X server every [`POLL_IDLE`]; the clock's
//! second, running animations and a notice coming or going are the only
//! reasons to paint without input.

use crate::clipboard::Clipboard;
use crate::ending::{self, LastWords};
use crate::key_names::key_of;
use crate::keyboard::{Keyboard, Typed};
use crate::memory;
use lightemall_engine::Game;
use lightemall_model::Grid;
use lightemall_present::{Building, Frames, MIN_FRAME, Measuring, frame_size, layout_for};
use lightemall_session::{
    Action, InstantClock, MouseEdges, MouseLevels, Notice, Session, action_of, say,
};
use lightemall_view::{Layout, NOTICE_STRIP};
use minifb::{MouseMode, ScaleMode, Window, WindowOptions};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// How often input is polled just after the player did something:
/// quick clicks and key repeats are read promptly.
const POLL_ACTIVE: Duration = Duration::from_millis(12);
/// How often input is polled once the player has paused: each poll asks
/// the X server where the pointer is, so fewer polls cost less CPU; still
/// shorter than any click a person holds, so no press is missed.
const POLL_IDLE: Duration = Duration::from_millis(30);
/// How long after the last input the loop stays at [`POLL_ACTIVE`].
const ACTIVE_FOR: Duration = Duration::from_millis(1500);
/// The pace of animation frames.
const FRAME: Duration = Duration::from_millis(16);
/// The largest window opened at start (it can be resized later).
const START_MAX: (u32, u32) = (1280, 960);
/// The tile size a new window aims for.
const START_CELL: f32 = 56.0;

/// The loop's state besides the session.
struct Screen {
    window: Window,
    keyboard: Keyboard,
    frames: Frames,
    mouse: MouseEdges,
    started: Instant,
    size: (u32, u32),
    title: String,
    shown_second: Option<u64>,
    /// A frame was painted and waits for the next update to be shown.
    painted: bool,
    /// When the input last changed something.
    last_input: Instant,
    /// Whether the last frame painted was mid-animation: the frame after
    /// an animation ends must still be painted, at rest.
    animating: bool,
    /// The notice in the last frame painted: a frame is painted when one
    /// comes, is replaced or expires, and only then.
    shown_notice: Option<Notice>,
}

/// Open the window and play until the player leaves, or a signal asks
/// the program to end (the game kept): that signal.
pub fn run(session: Session) -> Result<Option<i32>, String> {
    let screen = Screen::open(
        &session.game().title(),
        start_size(session.game().board().grid()),
    )?;
    play(screen, session)
}

/// Open the window while a game for `grid` is made on another thread,
/// showing what it reports (the window keeps reading input: Esc or
/// closing the window leaves at once, the thread left to end with the
/// process), then play it until the player leaves.
pub fn run_when_made(
    grid: &Grid,
    what: &str,
    reports: Receiver<Building>,
    start: impl FnOnce(Game) -> Result<Session, String>,
) -> Result<Option<i32>, String> {
    let mut screen = Screen::open(&format!("LightEmAll · {what}"), start_size(grid))?;
    let started = Instant::now();
    let mut doing = "starting".to_string();
    let mut shown = None;
    loop {
        screen.update();
        let quit = screen.keyboard.presses().iter().any(|press| {
            key_of(press.key).and_then(|key| action_of(key, press.mods)) == Some(Action::Quit)
        });
        if quit || !screen.window.is_open() || ending::signalled().is_some() {
            return Ok(ending::signalled());
        }
        loop {
            match reports.try_recv() {
                Ok(Building::Doing(text)) => doing = text,
                Ok(Building::Made(made)) => {
                    let game = made?.into_game(Box::new(InstantClock::default()));
                    return play(screen, start(game)?);
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    return Err("the game could not be made".to_string());
                }
            }
        }
        let size = screen.frame_size();
        let seconds = started.elapsed().as_secs();
        let now = (doing.clone(), seconds, size);
        if shown.as_ref() != Some(&now) {
            let lines = [doing.clone(), format!("{seconds} s · Esc leaves")];
            screen
                .frames
                .paint_building(grid, size.0, size.1, what, &lines)?;
            screen.painted = true;
            screen.size = size;
            shown = Some(now);
        }
        std::thread::sleep(POLL_IDLE);
    }
}

/// Play `session` in the open window until the player leaves. A game
/// begun with provisional facts (a huge board, before the solver rated
/// it) is measured on another thread once its first frame is shown (not
/// while it is painted: the two would share the cores and the memory),
/// and the facts are handed to the session when they come.
fn play(mut screen: Screen, mut session: Session) -> Result<Option<i32>, String> {
    // The frame of the game, whatever the window showed before.
    screen.size = (0, 0);
    let mut measuring = None;
    let mut game_id = session.game().origin().id.clone();
    let mut last_words = LastWords::default();
    let mut clipboard = Clipboard::default();
    loop {
        let shown = screen.painted;
        screen.update();
        if shown && measuring.is_none() {
            measuring = Measuring::start(session.game());
            if measuring.is_some() {
                // Before the solver's state is made: the frame's bands are freed.
                memory::release_freed();
            }
        }
        let settled = settle(&mut measuring, &mut session, screen.now_ms());
        let changed = screen.handle_input(&mut session)
            | clipboard.serve(&mut session, screen.now_ms())
            | session.tick(screen.now_ms())
            | settled;
        if session.game().origin().id != game_id {
            // Before the new game's first frame: the last game is freed.
            memory::release_freed();
            game_id.clone_from(&session.game().origin().id);
        }
        if !session.in_lessons() {
            // A lesson is never kept (the game kept before them stands).
            last_words.publish(session.files(), session.game(), session.version());
        }
        if !screen.window.is_open() || ending::signalled().is_some() {
            session.close();
        }
        for notice in session.take_notices() {
            say(&notice);
        }
        if session.wants_quit() {
            return Ok(ending::signalled());
        }
        screen.set_title(&session);
        let animating = screen.draw_if_needed(&session, changed)?;
        if changed {
            screen.last_input = Instant::now();
        } else {
            std::thread::sleep(screen.pause(animating));
        }
    }
}

/// The solver's facts, if `measuring` is done, handed to `session` (and
/// the memory the solver freed handed back); `true` if the screen must
/// change.
fn settle(measuring: &mut Option<Measuring>, session: &mut Session, now_ms: u64) -> bool {
    let Some(facts) = measuring.as_ref().and_then(Measuring::try_take) else {
        return false;
    };
    let id = measuring
        .take()
        .map(|m| m.id().to_string())
        .unwrap_or_default();
    memory::release_freed();
    session.settle_facts(&id, facts, now_ms)
}

/// The application's icon on the window (X11's `_NET_WM_ICON`, which
/// minifb's `set_icon` writes; the pixels are copied at once), for the
/// task bar and the window switcher. An icon that cannot be drawn is
/// left out: the game plays without it.
#[cfg_attr(not(target_os = "linux"), allow(unused_variables))]
fn set_icon(window: &mut Window) {
    #[cfg(target_os = "linux")]
    if let Ok(words) = lightemall_present::icon_argb()
        && let Ok(icon) = minifb::Icon::try_from(words.as_slice())
    {
        window.set_icon(icon);
    }
}

fn start_size(grid: &Grid) -> (u32, u32) {
    let layout = Layout::with_cell(grid, START_CELL, true);
    // An image has no notice strip; the window keeps one below the board.
    let height = layout.height + NOTICE_STRIP as u32;
    // Never below the smallest frame: without a window manager to keep
    // the minimum, a tiny board's window showed only its frame's top.
    frame_size(layout.width.min(START_MAX.0), height.min(START_MAX.1))
}

impl Screen {
    fn open(title: &str, (width, height): (u32, u32)) -> Result<Screen, String> {
        let options = WindowOptions {
            resize: true,
            scale_mode: ScaleMode::UpperLeft,
            ..WindowOptions::default()
        };
        let title = title.to_string();
        let mut window = Window::new(&title, width as usize, height as usize, options)
            .map_err(|e| format!("cannot open the game window: {e}; `lightemall render` draws puzzles without one"))?;
        // The loop sleeps itself, only when there is nothing to do.
        window.set_target_fps(0);
        // A window manager keeps the window at least the smallest frame
        // (a smaller one, without a window manager, shows its top-left part).
        window.set_min_size(MIN_FRAME.0 as usize, MIN_FRAME.1 as usize);
        set_icon(&mut window);
        let keyboard = Keyboard::attach(&mut window);
        Ok(Screen {
            window,
            keyboard,
            frames: Frames::default(),
            mouse: MouseEdges::default(),
            started: Instant::now(),
            size: (0, 0),
            title,
            shown_second: None,
            painted: false,
            last_input: Instant::now(),
            animating: false,
            shown_notice: None,
        })
    }

    /// How long to sleep before the next turn of the loop.
    fn pause(&self, animating: bool) -> Duration {
        if animating {
            FRAME
        } else if self.last_input.elapsed() < ACTIVE_FOR || self.mouse.is_held() {
            POLL_ACTIVE
        } else {
            POLL_IDLE
        }
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// One minifb update: show the frame painted last, if any, and read
    /// the input that arrived. Exactly one update per turn of the loop, so
    /// no key press is read twice or lost.
    fn update(&mut self) {
        if self.painted {
            let (w, h) = self.size;
            let buffer = self.frames.pixels();
            if self
                .window
                .update_with_buffer(buffer, w as usize, h as usize)
                .is_err()
            {
                self.window.update();
            }
            self.painted = false;
        } else {
            self.window.update();
        }
    }

    /// The size of the frame for the window's size now (a window smaller
    /// than the smallest frame shows its top-left part).
    fn frame_size(&self) -> (u32, u32) {
        let (w, h) = self.window.get_size();
        frame_size(w as u32, h as u32)
    }

    fn layout(&self, session: &Session) -> Layout {
        let (w, h) = self.frame_size();
        layout_for(session, w, h)
    }

    /// The window's size, keys, then the mouse, then the wheel; `true` if
    /// the screen must change.
    fn handle_input(&mut self, session: &mut Session) -> bool {
        let now = self.now_ms();
        let (w, h) = self.frame_size();
        let mut changed = session.resize(w, h);
        for typed in self.keyboard.typed() {
            changed |= match typed {
                Typed::Char(ch) => session.typed(ch, now),
                Typed::Press(press) => key_of(press.key)
                    .is_some_and(|key| session.key_pressed(key, press.mods, press.repeat, now)),
            };
        }
        let shift = self.keyboard.modifiers().shift;
        let layout = self.layout(session);
        for event in self.mouse.update(self.mouse_levels()) {
            changed |= session.pointer(event, &layout, shift, now);
        }
        if let Some((_, dy)) = self.window.get_scroll_wheel() {
            let steps = dy.signum() as i32;
            changed |= match self.window.get_mouse_pos(MouseMode::Discard) {
                Some(at) if steps != 0 => session.zoom_at(steps, at, &layout, now),
                _ => session.apply(Action::Zoom(steps), now),
            };
        }
        changed
    }

    fn mouse_levels(&self) -> MouseLevels {
        MouseLevels {
            at: self.window.get_mouse_pos(MouseMode::Discard),
            left: self.window.get_mouse_down(minifb::MouseButton::Left),
            middle: self.window.get_mouse_down(minifb::MouseButton::Middle),
            right: self.window.get_mouse_down(minifb::MouseButton::Right),
        }
    }

    fn set_title(&mut self, session: &Session) {
        let title = session.game().title();
        if title != self.title {
            self.window.set_title(&title);
            self.title = title;
        }
    }

    /// Paint a frame if the input changed something, the window was
    /// resized, the clock's second turned, an animation runs or has just
    /// ended, or the notice to show changed (one came or expired).
    /// Returns whether an animation runs.
    fn draw_if_needed(&mut self, session: &Session, changed: bool) -> Result<bool, String> {
        let size = self.frame_size();
        let second = session.game().elapsed().as_secs();
        // The clock's second repaints the panel alone (the frame is kept).
        let ticked = self.shown_second != Some(second);
        let resized = size != self.size;
        let now = self.now_ms();
        let animating = self.frames.animating(session, now);
        let came_to_rest = std::mem::replace(&mut self.animating, animating) && !animating;
        let notice = session.notice(now);
        let notice_changed = notice != self.shown_notice.as_ref();
        if !(changed || ticked || resized || animating || came_to_rest || notice_changed) {
            return Ok(false);
        }
        self.shown_notice = notice.cloned();
        self.size = size;
        self.shown_second = Some(second);
        if size.0 > 0 && size.1 > 0 {
            self.frames.paint(session, size.0, size.1, now)?;
            self.painted = true;
        }
        Ok(animating)
    }
}
