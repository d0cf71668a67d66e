//! Numbers below 2^24 kept in three bytes each: the solver's per-tile
//! group fields and dead-end bounds, which on a board of at most
//! 1000x1000 tiles never need a fourth byte (a tile index, a group's size,
//! its wires and ways out, and a dead end's reach are all at most eight
//! times the number of tiles). A quarter less memory for the state every
//! solve, rating and generator round holds.

use lightemall_model::MAX_SIDE;

/// The largest number kept.
pub const MAX: u32 = (1 << 24) - 1;

const _: () = assert!(8 * MAX_SIDE * MAX_SIDE < MAX as usize);

/// A vector of numbers up to [`MAX`], three bytes each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct U24s {
    /// Three bytes a number, little-endian, and one spare byte at the end
    /// so that every number can be read as four bytes.
    bytes: Vec<u8>,
}

impl U24s {
    /// `len` copies of `value`.
    pub fn new(len: usize, value: u32) -> U24s {
        let mut numbers = U24s {
            bytes: vec![0; 3 * len + 1],
        };
        numbers.fill(value);
        numbers
    }

    /// How many numbers.
    pub fn len(&self) -> usize {
        self.bytes.len() / 3
    }

    /// The number at `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        let four = &self.bytes[3 * i..3 * i + 4];
        u32::from_le_bytes([four[0], four[1], four[2], four[3]]) & MAX
    }

    /// Set the number at `i` to `value` (at most [`MAX`]).
    #[inline]
    pub fn set(&mut self, i: usize, value: u32) {
        debug_assert!(value <= MAX, "{value} needs more than three bytes");
        self.bytes[3 * i..3 * i + 3].copy_from_slice(&value.to_le_bytes()[..3]);
    }

    /// The number at `i` read as a signed one (two's complement in 24 bits).
    #[inline]
    pub fn get_signed(&self, i: usize) -> i32 {
        ((self.get(i) << 8) as i32) >> 8
    }

    /// Set the number at `i` to `value`, signed (within ±2^23).
    #[inline]
    pub fn set_signed(&mut self, i: usize, value: i32) {
        debug_assert!(
            (-(1 << 23)..1 << 23).contains(&value),
            "{value} out of range"
        );
        self.set(i, value as u32 & MAX);
    }

    /// Swap the numbers at `i` and `j`.
    pub fn swap(&mut self, i: usize, j: usize) {
        let (a, b) = (self.get(i), self.get(j));
        self.set(i, b);
        self.set(j, a);
    }

    /// Every number `value`.
    pub fn fill(&mut self, value: u32) {
        for i in 0..self.len() {
            self.set(i, value);
        }
    }
}

/// A stack of numbers up to [`MAX`], three bytes each: the solver's work
/// queues, which in a first propagation on a million tiles each reach
/// about every tile.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stack {
    /// Three bytes a number, little-endian, the newest last.
    bytes: Vec<u8>,
}

impl Stack {
    /// A stack of `numbers`, the last on top.
    #[cfg(test)]
    pub fn of(numbers: impl IntoIterator<Item = u32>) -> Stack {
        let mut stack = Stack::default();
        for value in numbers {
            stack.push(value);
        }
        stack
    }

    /// Whether the stack is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Put `value` (at most [`MAX`]) on top.
    #[inline]
    pub fn push(&mut self, value: u32) {
        debug_assert!(value <= MAX, "{value} needs more than three bytes");
        if self.bytes.capacity() - self.bytes.len() < 3 {
            // A quarter more room at a time, not double: a queue that
            // reaches every tile of a million holds at most a quarter more
            // than it needs, not twice as much.
            self.bytes
                .reserve_exact((self.bytes.len() / 4).max(3 * 1024));
        }
        self.bytes.extend_from_slice(&value.to_le_bytes()[..3]);
    }

    /// Take the number on top, if any.
    #[inline]
    pub fn pop(&mut self) -> Option<u32> {
        let top = self.bytes.len().checked_sub(3)?;
        let three = &self.bytes[top..];
        let value = u32::from_le_bytes([three[0], three[1], three[2], 0]);
        self.bytes.truncate(top);
        Some(value)
    }
}

impl FromIterator<u32> for U24s {
    fn from_iter<I: IntoIterator<Item = u32>>(numbers: I) -> U24s {
        let numbers = numbers.into_iter();
        // Exactly the room the numbers take where their count is known (a
        // vector left to double would hold up to a third more).
        let mut bytes = Vec::with_capacity(3 * numbers.size_hint().0 + 1);
        for value in numbers {
            debug_assert!(value <= MAX, "{value} needs more than three bytes");
            bytes.extend_from_slice(&value.to_le_bytes()[..3]);
        }
        bytes.push(0);
        U24s { bytes }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_their_values_beside_their_neighbours() {
        let mut numbers = U24s::new(5, MAX);
        assert_eq!(numbers.len(), 5);
        assert!((0..5).all(|i| numbers.get(i) == MAX));
        numbers.set(1, 0x12_3456);
        numbers.set(2, 0);
        numbers.set_signed(3, -1_000_000);
        numbers.set_signed(4, 1 << 22);
        assert_eq!(numbers.get(0), MAX);
        assert_eq!(numbers.get(1), 0x12_3456);
        assert_eq!(numbers.get(2), 0);
        assert_eq!(numbers.get_signed(3), -1_000_000);
        assert_eq!(numbers.get_signed(4), 1 << 22);
        numbers.swap(1, 3);
        assert_eq!(numbers.get_signed(1), -1_000_000);
        assert_eq!(numbers.get(3), 0x12_3456);
        let collected: U24s = [7, MAX, 0].into_iter().collect();
        assert_eq!(
            (0..3).map(|i| collected.get(i)).collect::<Vec<_>>(),
            [7, MAX, 0]
        );
    }

    #[test]
    fn a_stack_gives_back_what_was_pushed_newest_first() {
        let mut stack = Stack::default();
        assert!(stack.is_empty());
        assert_eq!(stack.pop(), None);
        for value in [5, MAX, 0, 0x01_0203] {
            stack.push(value);
        }
        assert_eq!(stack.pop(), Some(0x01_0203));
        stack.push(9);
        let popped: Vec<u32> = std::iter::from_fn(|| stack.pop()).collect();
        assert_eq!(popped, [9, 0, MAX, 5]);
        assert!(stack.is_empty());
        assert_eq!(Stack::of([1, 2]).pop(), Some(2));
    }

    #[test]
    fn a_stack_of_a_million_holds_at_most_a_quarter_more_than_it_needs() {
        let stack = Stack::of(0..1_000_000);
        assert_eq!(stack.bytes.len(), 3_000_000);
        assert!(
            stack.bytes.capacity() <= 3_750_000,
            "{}",
            stack.bytes.capacity()
        );
    }

    #[test]
    fn collecting_a_known_count_takes_no_more_room_than_needed() {
        let collected: U24s = (0..1000).collect();
        assert_eq!(collected.bytes.capacity(), 3001);
    }
}
