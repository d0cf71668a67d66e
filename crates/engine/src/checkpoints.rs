//! What-if checkpoints: the player assumes something and plays on, then
//! returns to the point of the assumption or keeps what followed.
//!
//! A checkpoint is a move of its own in the log ([`Move::Checkpoint`],
//! token `K`) that changes nothing on the board, so the log, undo, redo,
//! saves and replays carry checkpoints with no machinery of their own:
//! returning to one is undoing back past it (every move since goes to the
//! redo list, the checkpoint first, so redo brings the branch back whole),
//! and keeping the branch takes it out of the log. Checkpoints nest: each
//! return or keep acts on the latest. In a list of move tokens a return is
//! `K-` and a keep `K+` (commands on the log, never in it).

use crate::game::Game;
use crate::moves::Move;

/// The token that returns to the latest checkpoint in a list of tokens.
pub const RETURN_TOKEN: &str = "K-";
/// The token that keeps the branch since the latest checkpoint.
pub const KEEP_TOKEN: &str = "K+";

/// How many undone moves are repainted one by one on a return; past it
/// the power is worked out once for the whole board.
const RELIT_ONE_BY_ONE: usize = 64;

/// A checkpoint standing in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checkpoint<'a> {
    /// Its place in the log (the moves before it).
    pub at: usize,
    /// What was assumed: the first move after it, if one was made.
    pub assumed: Option<&'a Move>,
}

impl Game {
    /// The checkpoints standing in the log, oldest first.
    pub fn checkpoints(&self) -> Vec<Checkpoint<'_>> {
        let log = &self.history;
        (log.iter().enumerate())
            .filter(|(_, mv)| **mv == Move::Checkpoint)
            .map(|(at, _)| Checkpoint {
                at,
                assumed: log.get(at + 1),
            })
            .collect()
    }

    /// How many checkpoints stand in the log (how deep the assumptions go).
    pub fn checkpoint_depth(&self) -> usize {
        self.checkpoints
    }

    /// Back to the latest checkpoint: every move since undone (kept for
    /// redo), and the checkpoint with them. The moves made stay counted.
    /// How many moves were undone (the checkpoint not among them); `None`
    /// if no checkpoint stands (or the game is paused).
    pub fn return_to_checkpoint(&mut self) -> Option<usize> {
        let at = self.latest_checkpoint().filter(|_| !self.paused)?;
        let since = self.history.len() - at - 1;
        if since <= RELIT_ONE_BY_ONE {
            let mut repaint = Some(Vec::new());
            while self.history.len() > at {
                self.undo();
                repaint = merge(repaint, self.repaint.take());
            }
            self.repaint = repaint;
        } else {
            while self.history.len() > at {
                self.undo_unlit();
            }
            self.refresh();
        }
        Some(since)
    }

    /// Keep the branch since the latest checkpoint: the checkpoint is
    /// taken out of the log, every move stays. `false` if none stands (or
    /// the game is paused).
    pub fn keep_branch(&mut self) -> bool {
        let Some(at) = self.latest_checkpoint().filter(|_| !self.paused) else {
            return false;
        };
        self.history.remove(at);
        self.checkpoints -= 1;
        self.repaint = Some(Vec::new());
        true
    }

    fn latest_checkpoint(&self) -> Option<usize> {
        self.history.iter().rposition(|mv| *mv == Move::Checkpoint)
    }
}

/// The tiles to repaint after two changes (`None`: all of them).
fn merge(a: Option<Vec<usize>>, b: Option<Vec<usize>>) -> Option<Vec<usize>> {
    let (mut a, b) = (a?, b?);
    a.extend(b);
    a.sort_unstable();
    a.dedup();
    Some(a)
}
