//! Animation as pure functions of time: how far a turning tile has turned,
//! how far power has spread, where the win celebration's wave is.

use crate::input::{Animation, Turning};

/// How long a tile takes to turn one step.
pub const TURN_MS: u64 = 140;
/// How long power takes to cross one wire hop.
pub const HOP_MS: u64 = 35;
/// How long the celebration's wave runs.
pub const CELEBRATION_MS: u64 = 1600;

/// Smooth start and stop: 0 at 0, 1 at 1.
fn ease(t: f32) -> f32 {
    let t = t.clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Milliseconds from `since` to `now` (0 if `since` is in the future).
fn elapsed(now: u64, since: u64) -> u64 {
    now.saturating_sub(since)
}

/// The part of a step still to turn for `tile`, signed: a tile that turns
/// clockwise is drawn this many steps anticlockwise of where it ends.
/// 0 when the tile is not turning or has finished.
pub fn turn_offset(animation: &Animation, tile: usize) -> f32 {
    match animation.turning {
        Some(Turning {
            tile: t,
            clockwise,
            since_ms,
        }) if t == tile => {
            let done = ease(elapsed(animation.now_ms, since_ms) as f32 / TURN_MS as f32);
            let left = 1.0 - done;
            if clockwise { -left } else { left }
        }
        _ => 0.0,
    }
}

/// How many wire hops from the station power has reached; `None` for all of them.
pub fn power_front(animation: &Animation) -> Option<f32> {
    animation
        .power_since_ms
        .map(|since| elapsed(animation.now_ms, since) as f32 / HOP_MS as f32)
}

/// The celebration's wave, in hops from the station, while it runs.
pub fn celebration_wave(animation: &Animation) -> Option<f32> {
    let since = animation.won_since_ms?;
    let t = elapsed(animation.now_ms, since);
    (t < CELEBRATION_MS).then(|| t as f32 / HOP_MS as f32 * 0.6)
}

/// Whether anything still moves, so a front end knows to keep drawing.
pub fn is_animating(animation: &Animation, farthest_hop: u32) -> bool {
    let turning = animation
        .turning
        .is_some_and(|t| elapsed(animation.now_ms, t.since_ms) < TURN_MS);
    let spreading = power_front(animation).is_some_and(|f| f <= farthest_hop as f32 + 1.0);
    turning || spreading || celebration_wave(animation).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(now_ms: u64) -> Animation {
        Animation {
            now_ms,
            turning: Some(Turning {
                tile: 3,
                clockwise: true,
                since_ms: 1000,
            }),
            power_since_ms: Some(1000),
            won_since_ms: None,
        }
    }

    #[test]
    fn a_turn_starts_one_step_back_and_ends_in_place() {
        assert_eq!(turn_offset(&at(1000), 3), -1.0);
        assert!((turn_offset(&at(1000 + TURN_MS / 2), 3) + 0.5).abs() < 1e-6);
        assert_eq!(turn_offset(&at(1000 + TURN_MS), 3), 0.0);
        assert_eq!(turn_offset(&at(1000), 4), 0.0);
        assert_eq!(
            turn_offset(&at(0), 3),
            -1.0,
            "a clock before the start is the start"
        );
    }

    #[test]
    fn power_spreads_one_hop_per_interval() {
        assert_eq!(power_front(&at(1000)), Some(0.0));
        assert_eq!(power_front(&at(1000 + 3 * HOP_MS)), Some(3.0));
        assert_eq!(power_front(&Animation::default()), None);
        assert!(is_animating(&at(1000 + 3 * HOP_MS), 10));
        assert!(!is_animating(&at(1000 + 20 * HOP_MS), 10));
    }

    #[test]
    fn the_celebration_ends() {
        let won = Animation {
            won_since_ms: Some(0),
            ..Animation::default()
        };
        assert_eq!(celebration_wave(&won), Some(0.0));
        let later = Animation {
            now_ms: CELEBRATION_MS,
            ..won
        };
        assert_eq!(celebration_wave(&later), None);
    }
}
