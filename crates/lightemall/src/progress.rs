//! Progress lines for long work, drawn on stderr by indicatif, only when
//! stderr is a terminal and the work has run past [`DELAY`]: pipes, files
//! and tests see nothing. The pure crates report nothing themselves: work
//! whose length the CLI knows (the bands of an image, the frames of a GIF)
//! advances a bar with an estimate; other work (generating, solving,
//! replaying) shows what it does and how long it has run.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long work runs before its progress line appears.
const DELAY: Duration = Duration::from_secs(1);

/// How often a spinner turns.
const TICK: Duration = Duration::from_millis(120);

fn on_terminal() -> bool {
    std::io::stderr().is_terminal()
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_spinner())
}

/// Run `work`; past [`DELAY`], a line on a terminal says `what` is being
/// done and for how long, until it ends.
pub fn while_working<T>(what: &str, work: impl FnOnce() -> T) -> T {
    if !on_terminal() {
        return work();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    bar.set_style(style("{spinner} {msg} ({elapsed})"));
    bar.set_message(what.to_string());
    let (done, wait) = mpsc::channel::<()>();
    let shown = bar.clone();
    let ticker = std::thread::spawn(move || {
        if wait.recv_timeout(DELAY) == Err(RecvTimeoutError::Timeout) {
            shown.set_draw_target(ProgressDrawTarget::stderr());
            shown.enable_steady_tick(TICK);
        }
    });
    let result = work();
    // The ticker is gone once the work is done, so the line is cleared
    // after its last draw.
    let _ = done.send(());
    let _ = ticker.join();
    bar.finish_and_clear();
    result
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
