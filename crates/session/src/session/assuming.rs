//! What-if play (K, Shift+K, Y): a checkpoint set where the player makes
//! an assumption, a return to it, or the branch kept; and, while one
//! stands, a lock that leaves no solution is told at once, with the way
//! back.

use super::Session;
use lightemall_engine::{LockCheck, Move};

impl Session {
    /// K: a checkpoint where the game stands.
    pub(super) fn set_checkpoint(&mut self, now_ms: u64) -> bool {
        if !self.play(Move::Checkpoint, now_ms) {
            return false;
        }
        let depth = self.game.checkpoint_depth();
        self.tell(
            format!("Checkpoint {depth} set · Shift+K comes back here · Y keeps the branch"),
            now_ms,
        )
    }

    /// Shift+K: back to the latest checkpoint, every move since undone
    /// (redo brings them back).
    pub(super) fn return_to_checkpoint(&mut self, now_ms: u64) -> bool {
        let depth = self.game.checkpoint_depth();
        let mut undone = None;
        self.command(
            |game| {
                undone = game.return_to_checkpoint();
                undone.is_some()
            },
            now_ms,
        );
        let text = match undone {
            Some(moves) => format!(
                "Back at checkpoint {depth}: {} undone (redo brings {} back)",
                plural(moves, "move"),
                if moves == 1 { "it" } else { "them" }
            ),
            None => "No checkpoint to come back to: K sets one".to_string(),
        };
        self.tell(text, now_ms)
    }

    /// Y: the branch since the latest checkpoint kept, the checkpoint gone.
    pub(super) fn keep_branch(&mut self, now_ms: u64) -> bool {
        let depth = self.game.checkpoint_depth();
        let text = if self.command(|game| game.keep_branch(), now_ms) {
            let left = match depth - 1 {
                0 => "no checkpoint stands now".to_string(),
                1 => "1 checkpoint still stands".to_string(),
                n => format!("{n} checkpoints still stand"),
            };
            format!("Kept what followed checkpoint {depth}; {left}")
        } else {
            "No checkpoint to keep: K sets one".to_string()
        };
        self.tell(text, now_ms)
    }

    /// A lock (or unlock) of `tile`; while a checkpoint stands, locks that
    /// leave no solution are told at once, with the way back.
    pub(super) fn lock(&mut self, tile: usize, now_ms: u64) -> bool {
        if !self.play(Move::Lock(self.game.coord_of(tile)), now_ms) {
            return false;
        }
        let depth = self.game.checkpoint_depth();
        if depth > 0 && self.game.check_locks() == LockCheck::Wrong {
            self.tell(
                format!("No solution keeps these locks · Shift+K goes back to checkpoint {depth}"),
                now_ms,
            );
        }
        true
    }
}

fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("1 {word}")
    } else {
        format!("{count} {word}s")
    }
}
