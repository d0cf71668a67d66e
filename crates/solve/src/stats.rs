//! What the solver had to do: how many deductions of each rule and how many
//! guesses, and the difficulty rating read from it.

/// Work done by one solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Orientations removed by the local rule (neighbours must agree).
    pub local: u64,
    /// Orientations ruled out because they would close a loop.
    pub loops: u64,
    /// Deductions that keep a group from being cut off.
    pub islands: u64,
    /// Times the search had to try the orientations of a tile.
    pub guesses: u64,
}

/// How hard a puzzle is to solve by reasoning, from the rules it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rating {
    /// Neighbours agreeing is enough.
    Easy,
    /// Needs the loop or the island rule, but no guess.
    Medium,
    /// Needs a guess for at most one tile in a hundred.
    Hard,
    /// Needs more guessing than that.
    Fiendish,
}

impl Rating {
    /// The rating's name as the game shows it.
    pub fn name(self) -> &'static str {
        match self {
            Rating::Easy => "easy",
            Rating::Medium => "medium",
            Rating::Hard => "hard",
            Rating::Fiendish => "fiendish",
        }
    }
}

impl Stats {
    /// The rating of a puzzle of `tiles` tiles that took this work.
    pub fn rating(&self, tiles: usize) -> Rating {
        if self.guesses == 0 {
            if self.loops + self.islands == 0 {
                Rating::Easy
            } else {
                Rating::Medium
            }
        } else if self.guesses * 100 <= tiles as u64 {
            Rating::Hard
        } else {
            Rating::Fiendish
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_follow_the_rules_used() {
        let stats = |local, loops, islands, guesses| Stats {
            local,
            loops,
            islands,
            guesses,
        };
        assert_eq!(stats(50, 0, 0, 0).rating(100), Rating::Easy);
        assert_eq!(stats(50, 1, 0, 0).rating(100), Rating::Medium);
        assert_eq!(stats(50, 0, 3, 0).rating(100), Rating::Medium);
        assert_eq!(stats(50, 0, 3, 1).rating(100), Rating::Hard);
        assert_eq!(stats(50, 0, 3, 2).rating(100), Rating::Fiendish);
    }
}
