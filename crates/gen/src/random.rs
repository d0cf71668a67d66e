//! The seeded random source of every generator.
//!
//! Built on PCG XSL-RR 128/64 (`rand_pcg::Pcg64`), a fixed, documented
//! algorithm. Seeding and bounded draws are written here rather than taken
//! from `rand`'s distributions, whose exact values may change between
//! releases: the same seed must give the same puzzle forever (a golden test
//! guards it).

use rand_core::Rng;
use rand_pcg::Pcg64;

/// A deterministic random stream: a 64-bit seed and a purpose (stream number).
#[derive(Clone, Debug)]
pub struct Random {
    pcg: Pcg64,
    /// Unused 16-bit pieces of the last word drawn by [`Random::small_below`].
    pieces: u64,
    pieces_left: u32,
}

/// Streams used by the generators, so that each purpose draws independently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Building the solution tree.
    Tree = 1,
    /// Scrambling the solved tiles.
    Scramble = 2,
    /// Rerouting a tree to make its puzzle unique.
    Reroute = 3,
    /// The ladder generator's climb toward its band of effort.
    Ladder = 4,
}

/// SplitMix64, to spread a small seed over the 128-bit state.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Random {
    /// The stream `stream` of seed `seed`.
    pub fn new(seed: u64, stream: Stream) -> Random {
        let mut mix = seed;
        let state = (u128::from(splitmix64(&mut mix)) << 64) | u128::from(splitmix64(&mut mix));
        Random {
            pcg: Pcg64::new(state, stream as u128),
            pieces: 0,
            pieces_left: 0,
        }
    }

    /// 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        self.pcg.next_u32()
    }

    /// 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.pcg.next_u64()
    }

    /// A uniform number in `0..bound` (Lemire's method, exact). `bound` must be positive.
    pub fn below(&mut self, bound: u32) -> u32 {
        debug_assert!(bound > 0);
        let bound = bound.max(1);
        let mut product = u64::from(self.next_u32()) * u64::from(bound);
        if (product as u32) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (product as u32) < threshold {
                product = u64::from(self.next_u32()) * u64::from(bound);
            }
        }
        (product >> 32) as u32
    }

    /// A uniform index into something `len` long (`len` positive, at most
    /// `u32::MAX`): [`Random::below`] of the length, the same draw.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).unwrap_or(u32::MAX)) as usize
    }

    /// A uniform number in `low..=high`.
    pub fn between(&mut self, low: u32, high: u32) -> u32 {
        low + self.below(high - low + 1)
    }

    /// A uniform number in `0..bound` for small bounds, drawn from 16-bit
    /// pieces of a word, four to a word (Lemire's method at 16 bits, exact).
    /// Much faster than [`Random::below`] for the millions of edge weights
    /// of a large board.
    pub fn small_below(&mut self, bound: u16) -> u16 {
        debug_assert!(bound > 0);
        let bound = u32::from(bound.max(1));
        loop {
            let product = u32::from(self.next_piece()) * bound;
            // Most draws land at or above `bound` and need no division.
            if product & 0xffff >= bound || product & 0xffff >= (0x1_0000 - bound) % bound {
                return (product >> 16) as u16;
            }
        }
    }

    /// A uniform number in `low..=high`, from 16-bit pieces.
    pub fn small_between(&mut self, low: u16, high: u16) -> u16 {
        low + self.small_below(high - low + 1)
    }

    fn next_piece(&mut self) -> u16 {
        if self.pieces_left == 0 {
            self.pieces = self.next_u64();
            self.pieces_left = 4;
        }
        self.pieces_left -= 1;
        let piece = self.pieces as u16;
        self.pieces >>= 16;
        piece
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_forever() {
        let mut random = Random::new(42, Stream::Tree);
        let drawn: Vec<u32> = (0..6).map(|_| random.below(100)).collect();
        insta::assert_debug_snapshot!("pcg_draws_seed_42", drawn);
    }

    #[test]
    fn draws_stay_in_range() {
        let mut random = Random::new(7, Stream::Scramble);
        for bound in [1, 2, 3, 7, 51, 1 << 31] {
            for _ in 0..1000 {
                assert!(random.below(bound) < bound);
            }
        }
        assert!((0..1000).all(|_| (50..=200).contains(&random.between(50, 200))));
        for bound in [1u16, 2, 3, 51, 151, u16::MAX] {
            assert!((0..1000).all(|_| random.small_below(bound) < bound));
        }
        assert!((0..1000).all(|_| (50..=200).contains(&random.small_between(50, 200))));
    }

    #[test]
    fn small_draws_cover_the_range_evenly() {
        let mut random = Random::new(3, Stream::Tree);
        let mut counts = [0u32; 151];
        for _ in 0..151_000 {
            counts[usize::from(random.small_below(151))] += 1;
        }
        // 1000 expected per value; 5 standard deviations is about 160.
        assert!(
            counts.iter().all(|&c| (840..1160).contains(&c)),
            "{counts:?}"
        );
    }
}
