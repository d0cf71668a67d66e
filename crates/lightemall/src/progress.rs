//! Progress lines for long work, drawn on stderr by indicatif, only when
//! stderr is a terminal, `NO_COLOR` is not set (to anything but empty)
//! and the work has run past [`DELAY`]: pipes, files and tests see
//! nothing. The pure crates report nothing themselves: work
//! whose length the CLI knows (the bands of an image, the frames of a GIF)
//! advances a bar with an estimate; a generation says how far its rounds
//! have come (the solver reports them to a watcher, [`generate`]); other
//! work (solving,
//! replaying) shows what it does and how long it has run.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lightemall_gen::PuzzleSource;
use lightemall_solve::{GenerateError, Progress, Resolved, resolve_watched};
use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long work runs before its progress line appears.
const DELAY: Duration = Duration::from_secs(1);

/// How often a spinner turns.
const TICK: Duration = Duration::from_millis(120);

/// Whether progress lines are drawn: on a terminal, unless `NO_COLOR`
/// asks for plain output (<https://no-color.org>: set and not empty).
fn on_terminal() -> bool {
    let plain = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !plain && std::io::stderr().is_terminal()
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_spinner())
}

/// Run `work`; past [`DELAY`], a line on a terminal says `what` is being
/// done and for how long, until it ends.
pub fn while_working<T>(what: &str, work: impl FnOnce() -> T) -> T {
    while_telling(what, |_| work())
}

/// The message of a progress line, which the work may change as it goes
/// (nothing when stderr is not a terminal).
#[derive(Clone, Debug)]
pub struct Line(Option<ProgressBar>);

impl Line {
    /// Say `message` from now on (made only if a line is drawn).
    pub fn say(&self, message: impl FnOnce() -> String) {
        if let Some(bar) = &self.0 {
            bar.set_message(message());
        }
    }
}

/// [`while_working`] whose work may change what the line says.
pub fn while_telling<T>(what: &str, work: impl FnOnce(&Line) -> T) -> T {
    if !on_terminal() {
        return work(&Line(None));
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    // The message is cut to the terminal's width (a long ID would wrap).
    bar.set_style(style("{spinner} [{elapsed}] {wide_msg}"));
    bar.set_message(what.to_string());
    let (done, wait) = mpsc::channel::<()>();
    let shown = bar.clone();
    let ticker = std::thread::spawn(move || {
        if wait.recv_timeout(DELAY) == Err(RecvTimeoutError::Timeout) {
            shown.set_draw_target(ProgressDrawTarget::stderr());
            shown.enable_steady_tick(TICK);
        }
    });
    let result = work(&Line(Some(bar.clone())));
    // The ticker is gone once the work is done, so the line is cleared
    // after its last draw.
    let _ = done.send(());
    let _ = ticker.join();
    bar.finish_and_clear();
    result
}

/// The puzzle `source` names ([`lightemall_solve::resolve`]); if it is
/// generated, past [`DELAY`] a line says which round it is on and how many
/// tiles are still ambiguous, or how far the graded generator's climb
/// toward its level has come.
pub fn resolve(source: PuzzleSource) -> Result<Resolved, GenerateError> {
    let PuzzleSource::Seeded(params) = &source else {
        return lightemall_solve::resolve(source);
    };
    let what = format!("generating {params}");
    let tiles = params.grid.len();
    while_telling(&what, |line| {
        resolve_watched(source, &mut |progress| {
            // What changes first, so a narrow terminal cuts the ID.
            line.say(|| format!("{} · {what}", how_far(progress, tiles)));
        })
    })
}

/// A generation's progress in words.
pub fn how_far(progress: Progress, tiles: usize) -> String {
    let tree = |attempt: u32| match attempt {
        0 => String::new(),
        n => format!(" (tree {})", n + 1),
    };
    match progress {
        Progress::Round {
            attempt,
            round,
            undecided,
        } => format!(
            "round {round}{}: {undecided} of {tiles} tiles ambiguous",
            tree(attempt)
        ),
        Progress::Climb {
            attempt,
            step,
            steps,
        } => format!(
            "climbing to its level{}, step {step} of at most {steps}",
            tree(attempt)
        ),
    }
}

/// Work of a known number of steps: past [`DELAY`], a bar on a terminal
/// with how many are done, the time taken and an estimate of the rest.
/// The line is cleared when the `Steps` are dropped.
#[derive(Debug)]
pub struct Steps {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Steps {
    /// `total` steps of `what`.
    pub fn new(what: &str, total: u64) -> Steps {
        let bar = on_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
            bar.set_style(style(
                "{msg} [{bar:30}] {pos}/{len} ({elapsed}, about {eta} left)",
            ));
            bar.set_message(what.to_string());
            bar
        });
        Steps {
            bar,
            started: Instant::now(),
        }
    }

    /// One more step done.
    pub fn advance(&self) {
        let Some(bar) = &self.bar else {
            return;
        };
        bar.inc(1);
        if bar.is_hidden() && self.started.elapsed() >= DELAY {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Drop for Steps {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
