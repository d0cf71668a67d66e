//! What the property tests draw: a Kruskal puzzle of any topology, size
//! and wrapping, a station on it, and barriers to add.

use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::{Board, Dir, Grid, Puzzle, Topology};
use proptest::prelude::*;
use std::ops::Range;

/// A drawn puzzle, its station and the barriers to add to a board of it.
#[derive(Clone, Debug)]
pub struct Drawn {
    pub puzzle: Puzzle,
    pub station: usize,
    barriers: Vec<(u16, u8)>,
}

impl Drawn {
    /// `board` (the puzzle's, scrambled or solved) with the drawn barriers.
    pub fn with_barriers(&self, mut board: Board) -> Board {
        let grid = *board.grid();
        for &(tile, dir) in &self.barriers {
            board.add_barrier(
                usize::from(tile) % grid.len(),
                Dir(dir % grid.topology().direction_count()),
            );
        }
        board
    }
}

/// Puzzles `widths` wide and twice `half_heights` high (hex wraps only at
/// even heights), with up to `barriers` barriers.
pub fn any_drawn(
    widths: Range<usize>,
    half_heights: Range<usize>,
    barriers: usize,
) -> impl Strategy<Value = Drawn> {
    (
        prop::sample::select(Topology::ALL.to_vec()),
        widths,
        half_heights,
        any::<bool>(),
        any::<u64>(),
        prop::collection::vec((any::<u16>(), 0u8..8), 0..barriers),
    )
        .prop_map(|(topology, width, half_height, wrap, seed, barriers)| {
            let grid = Grid::new(topology, width, half_height * 2, wrap).expect("valid grid");
            let params = Params {
                grid,
                generator: Generator::Kruskal,
                difficulty: Difficulty::Medium,
                seed,
                station: (0, 0),
            };
            Drawn {
                puzzle: generate(&params).expect("generates"),
                station: seed as usize % grid.len(),
                barriers,
            }
        })
}
