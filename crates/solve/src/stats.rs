//! The named techniques ([`Technique`]), what the solver had to do (how
//! often each technique concluded something), and what is read from it:
//! the difficulty rating (the hardest technique used) and the effort (how
//! much reasoning beyond neighbour matching, [`Stats::effort`]).

/// A named technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// Neighbours must agree; no wire off the board or through a barrier.
    Local,
    /// No closed cycle.
    Loop,
    /// No group or dead end closed off short of the whole board.
    Island,
    /// Assume one orientation, and refute it with the rules above.
    Lookahead,
}

impl Technique {
    /// Every technique, cheapest first.
    pub const ALL: [Technique; 4] = [
        Technique::Local,
        Technique::Loop,
        Technique::Island,
        Technique::Lookahead,
    ];

    /// The technique's name, as `solve --json` and hints give it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Local => "local",
            Technique::Loop => "loop",
            Technique::Island => "island",
            Technique::Lookahead => "lookahead",
        }
    }

    /// Why a step of this technique holds, in a few words for a player
    /// (the tiles it concerns are shown beside it).
    pub fn reason(self) -> &'static str {
        match self {
            Technique::Local => "no other way fits its neighbours",
            Technique::Loop => "any other way closes a loop",
            Technique::Island => "any other way cuts part of the network off",
            Technique::Lookahead => "any other way leads to a contradiction",
        }
    }

    /// The level of a puzzle that needs this technique.
    pub fn level(self) -> Rating {
        match self {
            Technique::Local => Rating::Easy,
            Technique::Loop | Technique::Island => Rating::Medium,
            Technique::Lookahead => Rating::Hard,
        }
    }
}

/// Work done by one solve, per technique.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Looks at a tile in which the `local` rule (neighbours must agree, no
    /// wire off the board or through a barrier) removed orientations.
    pub local: u64,
    /// Orientations ruled out by the `loop` rule: they would close a cycle.
    pub loops: u64,
    /// Deductions of the `island` rule: orientations that would close off
    /// a group or a dead end short of the whole board, and ways out that a
    /// group must take.
    pub islands: u64,
    /// Orientations ruled out by `lookahead`: assumed, they led the rules
    /// above to a contradiction.
    pub lookahead: u64,
    /// Times the search had to try the orientations of a tile.
    pub guesses: u64,
    /// Over the `lookahead` deductions: the rule steps (tiles narrowed,
    /// orientations ruled out) each assumption took to reach its
    /// contradiction, summed. How far the lookahead had to follow.
    pub lookahead_steps: u64,
    /// The most rule steps one `lookahead` deduction took: its longest
    /// chain of consequences.
    pub longest_lookahead: u64,
}

/// How hard a puzzle is to solve by reasoning: the hardest technique it
/// needs. Ordered from the easiest; also the level a solve may be limited
/// to ([`Options::max_level`](crate::Options::max_level)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rating {
    /// `local` alone: neighbours agreeing settles every tile.
    Easy,
    /// Needs `loop` or `island`, never `lookahead`.
    Medium,
    /// Needs `lookahead`, never a guess.
    Hard,
    /// Needs guessing (search).
    Fiendish,
}

impl Rating {
    /// Every rating, easiest first.
    pub const ALL: [Rating; 4] = [Rating::Easy, Rating::Medium, Rating::Hard, Rating::Fiendish];

    /// The rating one below (easy stays easy).
    pub fn easier(self) -> Rating {
        Rating::ALL[(self as usize).saturating_sub(1)]
    }

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

impl std::fmt::Display for Rating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Rating {
    type Err = String;

    fn from_str(s: &str) -> Result<Rating, String> {
        Rating::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| format!("'{s}' is not a level: easy, medium, hard or fiendish"))
    }
}

/// What one `lookahead` deduction costs in [`Stats::effort`] before the
/// steps of its chain: holding an assumption in mind and dropping it again
/// is dearer than any one global deduction.
pub const LOOKAHEAD_EFFORT: u64 = 2;

impl Stats {
    /// How much reasoning beyond neighbour matching the work took, as a
    /// player feels it: each `loop` or `island` deduction counts 1, each
    /// `lookahead` deduction [`LOOKAHEAD_EFFORT`] plus the steps of its
    /// chain (an assumption followed for twenty tiles is twenty
    /// deductions held in mind, then undone). `local` is free: matching a
    /// tile to its neighbours is what every level asks, and an easy puzzle
    /// has effort 0. Guesses are not reasoning and do not count.
    pub fn effort(&self) -> u64 {
        self.loops
            .saturating_add(self.islands)
            .saturating_add(self.lookahead.saturating_mul(LOOKAHEAD_EFFORT))
            .saturating_add(self.lookahead_steps)
    }

    /// Record one `lookahead` deduction whose assumption took `steps` rule
    /// steps to reach its contradiction.
    pub fn add_lookahead(&mut self, steps: u64) {
        self.lookahead += 1;
        self.lookahead_steps = self.lookahead_steps.saturating_add(steps);
        self.longest_lookahead = self.longest_lookahead.max(steps);
    }

    /// The rule steps this work counts: what a probe's chain is measured in.
    pub fn steps(&self) -> u64 {
        self.local
            .saturating_add(self.loops)
            .saturating_add(self.islands)
    }

    /// The hardest technique this work used: guessing is fiendish,
    /// lookahead hard, loop or island medium, else easy.
    pub fn rating(&self) -> Rating {
        if self.guesses > 0 {
            Rating::Fiendish
        } else if self.lookahead > 0 {
            Rating::Hard
        } else if self.loops + self.islands > 0 {
            Rating::Medium
        } else {
            Rating::Easy
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rating_is_the_hardest_technique_used() {
        let check = |local, loops, islands, lookahead, guesses, rating| {
            let stats = Stats {
                local,
                loops,
                islands,
                lookahead,
                guesses,
                ..Stats::default()
            };
            assert_eq!(stats.rating(), rating, "{stats:?}");
        };
        check(0, 0, 0, 0, 0, Rating::Easy);
        check(50, 0, 0, 0, 0, Rating::Easy);
        check(50, 1, 0, 0, 0, Rating::Medium);
        check(50, 0, 3, 0, 0, Rating::Medium);
        check(50, 0, 3, 1, 0, Rating::Hard);
        check(0, 0, 0, 1, 0, Rating::Hard);
        check(50, 0, 3, 1, 1, Rating::Fiendish);
        check(0, 0, 0, 0, 7, Rating::Fiendish);
    }

    /// Effort from the global counts and the lookahead chains, and the
    /// work it was read from.
    fn effort_of(loops: u64, islands: u64, chains: &[u64]) -> u64 {
        let mut stats = Stats {
            local: 500,
            loops,
            islands,
            guesses: 3,
            ..Stats::default()
        };
        for &steps in chains {
            stats.add_lookahead(steps);
        }
        stats.effort()
    }

    #[test]
    fn effort_counts_global_deductions_and_lookahead_chains() {
        let check = |loops, islands, chains: &[u64], effort| {
            assert_eq!(
                effort_of(loops, islands, chains),
                effort,
                "{loops} {islands} {chains:?}"
            );
        };
        check(0, 0, &[], 0);
        check(1, 0, &[], 1);
        check(2, 3, &[], 5);
        check(0, 0, &[1], 3);
        check(0, 0, &[20], 22);
        check(4, 6, &[1, 5], 10 + 3 + 7);
    }

    #[test]
    fn effort_grows_with_every_kind_of_reasoning() {
        // Constructed work, each row one more piece of reasoning than the
        // last: one more global deduction, a lookahead instead of a global
        // deduction, a longer chain, one more lookahead.
        let ladder: [(u64, u64, &[u64]); 7] = [
            (0, 0, &[]),
            (1, 0, &[]),
            (1, 1, &[]),
            (1, 1, &[1]),
            (1, 1, &[4]),
            (1, 1, &[4, 1]),
            (1, 1, &[4, 9]),
        ];
        let efforts: Vec<u64> = ladder
            .iter()
            .map(|&(loops, islands, chains)| effort_of(loops, islands, chains))
            .collect();
        assert!(efforts.windows(2).all(|w| w[0] < w[1]), "{efforts:?}");
        // Local work and guesses are no reasoning a player feels here.
        let plain = Stats::default();
        let busy = Stats {
            local: 10_000,
            guesses: 7,
            ..plain
        };
        assert_eq!((plain.effort(), busy.effort()), (0, 0));
    }

    #[test]
    fn easier_steps_down_one_rating() {
        let easier: Vec<Rating> = Rating::ALL.iter().map(|r| r.easier()).collect();
        assert_eq!(
            easier,
            [Rating::Easy, Rating::Easy, Rating::Medium, Rating::Hard]
        );
    }

    #[test]
    fn the_longest_chain_is_kept() {
        let mut stats = Stats::default();
        for steps in [3, 11, 2] {
            stats.add_lookahead(steps);
        }
        assert_eq!(
            (
                stats.lookahead,
                stats.lookahead_steps,
                stats.longest_lookahead
            ),
            (3, 16, 11)
        );
    }

    #[test]
    fn levels_read_back_by_name() {
        for rating in Rating::ALL {
            assert_eq!(rating.name().parse(), Ok(rating));
        }
        assert!("impossible".parse::<Rating>().is_err());
    }
}
