//! The engine's clock in the window: time since the window opened, read from
//! `std::time::Instant` (monotonic). The engine reads no OS clock itself.

use lightemall_engine::Clock;
use std::time::{Duration, Instant};

/// A [`Clock`] counting from when it was made.
#[derive(Clone, Copy, Debug)]
pub struct InstantClock {
    origin: Instant,
}

impl Default for InstantClock {
    fn default() -> InstantClock {
        InstantClock {
            origin: Instant::now(),
        }
    }
}

impl Clock for InstantClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_starts_near_zero_and_never_goes_back() {
        let clock = InstantClock::default();
        let first = clock.now();
        assert!(first < Duration::from_secs(1));
        assert!(clock.now() >= first);
    }
}
