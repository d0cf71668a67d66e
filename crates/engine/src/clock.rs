//! Time, given from outside: the engine reads no clock of the OS. A front
//! end passes a [`Clock`] backed by `std::time::Instant`; tests and `replay`
//! pass a [`ManualClock`] that moves only when told.

use std::cell::Cell;
use std::fmt;
use std::rc::Rc;
use std::time::Duration;

/// The longest playing time a game keeps: its clock stops counting there
/// (100 years), and a save file may say no more. Without a bound, a
/// time read from a file plus the time played could pass what the file's
/// number can hold (2^64 ms), and the next save would be unreadable.
pub const MAX_ELAPSED: Duration = Duration::from_millis(100 * 365 * 24 * 3600 * 1000);

/// Whole milliseconds of `elapsed`, at most [`MAX_ELAPSED`]'s.
pub fn elapsed_millis(elapsed: Duration) -> u64 {
    let most = MAX_ELAPSED.as_millis() as u64;
    u64::try_from(elapsed.as_millis()).map_or(most, |ms| ms.min(most))
}

/// A monotonic clock: the time since some fixed origin of its own.
pub trait Clock: fmt::Debug {
    /// Now, as time since the clock's origin. Never goes backwards.
    fn now(&self) -> Duration;
}

/// A clock that stands still until advanced. Clones share the same time, so
/// a test can keep one and give another to the game.
#[derive(Clone, Debug, Default)]
pub struct ManualClock {
    now: Rc<Cell<Duration>>,
}

impl ManualClock {
    /// Move the clock forward by `by`.
    pub fn advance(&self, by: Duration) {
        self.now.set(self.now.get().saturating_add(by));
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Duration {
        self.now.get()
    }
}

/// Elapsed playing time: what was banked, plus the running stretch if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Stopwatch {
    banked: Duration,
    running_since: Option<Duration>,
}

impl Stopwatch {
    /// A stopped watch showing `elapsed`.
    pub(crate) fn stopped_at(elapsed: Duration) -> Stopwatch {
        Stopwatch {
            banked: elapsed.min(MAX_ELAPSED),
            running_since: None,
        }
    }

    pub(crate) fn elapsed(&self, now: Duration) -> Duration {
        let running = self
            .running_since
            .map_or(Duration::ZERO, |since| now.saturating_sub(since));
        self.banked.saturating_add(running).min(MAX_ELAPSED)
    }

    pub(crate) fn is_running(&self) -> bool {
        self.running_since.is_some()
    }

    /// Run or stop the watch at `now`; nothing changes if it already is so.
    pub(crate) fn set_running(&mut self, running: bool, now: Duration) {
        match (running, self.running_since) {
            (true, None) => self.running_since = Some(now),
            (false, Some(_)) => *self = Stopwatch::stopped_at(self.elapsed(now)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watch_counts_only_while_running() {
        let second = Duration::from_secs(1);
        let mut watch = Stopwatch::default();
        watch.set_running(true, 5 * second);
        assert_eq!(watch.elapsed(7 * second), 2 * second);
        watch.set_running(false, 8 * second);
        assert_eq!(watch.elapsed(100 * second), 3 * second);
        watch.set_running(true, 100 * second);
        watch.set_running(true, 101 * second);
        assert_eq!(watch.elapsed(102 * second), 5 * second);
    }

    #[test]
    fn the_watch_stops_at_the_longest_time_kept() {
        let mut watch = Stopwatch::stopped_at(Duration::MAX);
        assert_eq!(watch.elapsed(Duration::ZERO), MAX_ELAPSED);
        watch = Stopwatch::stopped_at(MAX_ELAPSED - Duration::from_secs(1));
        watch.set_running(true, Duration::ZERO);
        assert_eq!(watch.elapsed(Duration::from_secs(5)), MAX_ELAPSED);
        assert_eq!(elapsed_millis(Duration::MAX), elapsed_millis(MAX_ELAPSED));
        assert_eq!(elapsed_millis(Duration::from_micros(1999)), 1);
    }
}
