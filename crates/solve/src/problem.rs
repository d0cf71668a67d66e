//! The fixed facts of a puzzle for the solver: each tile's distinct
//! orientations and who its neighbours are.

use lightemall_model::{Board, Dir};

/// A puzzle as the solver sees it. Never changes during a solve.
#[derive(Debug)]
pub struct Problem<'b> {
    pub board: &'b Board,
    /// Directions per tile.
    pub dirs: usize,
    /// Per tile, its distinct orientations (the masks its rotations give,
    /// duplicates of symmetric tiles removed), `count[i]` of them.
    pub orientations: Vec<[u8; 8]>,
    pub count: Vec<u8>,
    /// `neighbours[tile * dirs + d]`: the tile a wire toward `d` reaches,
    /// or [`NONE`] (off the board or through a barrier). Worked out once,
    /// as the hot loops would otherwise divide for coordinates each time.
    neighbours: Vec<u32>,
    /// The bit of the opposite direction, per direction.
    pub back: [u8; 8],
}

/// No neighbour.
const NONE: u32 = u32::MAX;

impl<'b> Problem<'b> {
    pub fn new(board: &'b Board) -> Problem<'b> {
        let topology = board.grid().topology();
        let dirs = usize::from(topology.direction_count());
        let mut orientations = Vec::with_capacity(board.grid().len());
        let mut count = Vec::with_capacity(board.grid().len());
        for &tile in board.tiles() {
            let mut masks = [0u8; 8];
            let distinct = tile.orientation_count(topology);
            for (k, mask) in masks.iter_mut().enumerate().take(distinct as usize) {
                *mask = tile.rotated(topology, k as u32).0;
            }
            orientations.push(masks);
            count.push(distinct as u8);
        }
        // Sized at once: collected from a flat map, the table grew by
        // doubling and could hold twice the memory it needs.
        let mut neighbours = Vec::with_capacity(board.grid().len() * dirs);
        neighbours.extend((0..board.grid().len()).flat_map(|tile| {
            topology.directions().map(move |dir| {
                let open = board.open_directions(tile) & dir.bit() != 0;
                let next = board.grid().neighbour(tile, dir).filter(|_| open);
                next.map_or(NONE, |t| t as u32)
            })
        }));
        let mut back = [0u8; 8];
        for dir in topology.directions() {
            back[usize::from(dir.0)] = topology.opposite(dir).bit();
        }
        Problem {
            board,
            dirs,
            orientations,
            count,
            neighbours,
            back,
        }
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.count.len()
    }

    /// The neighbour a wire toward `dir` could reach: none off a
    /// non-wrapping board or through a barrier.
    #[inline]
    pub fn neighbour(&self, tile: usize, dir: Dir) -> Option<usize> {
        match self.neighbours[tile * self.dirs + usize::from(dir.0)] {
            NONE => None,
            next => Some(next as usize),
        }
    }

    /// The set of all orientations of a tile, as a candidate mask.
    pub fn all_candidates(&self, tile: usize) -> u8 {
        ((1u16 << self.count[tile]) - 1) as u8
    }
}
