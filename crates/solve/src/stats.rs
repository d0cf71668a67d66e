//! The named techniques ([`Technique`]), what the solver had to do (how
//! often each technique concluded something), and the difficulty rating
//! read from it (the hardest technique used).

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

impl Stats {
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

    #[test]
    fn levels_read_back_by_name() {
        for rating in Rating::ALL {
            assert_eq!(rating.name().parse(), Ok(rating));
        }
        assert!("impossible".parse::<Rating>().is_err());
    }
}
