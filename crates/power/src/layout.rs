//! Where each tile's byte lives during a search.
//!
//! A non-wrapping board is laid out with a border of empty cells around it,
//! so every direction of every tile is a fixed index offset away and stays in
//! bounds. A wrapping board has no edge to pad; its cells are the tiles in
//! row-major order and steps fold back across the edges.

use lightemall_model::{Board, Grid};

/// The bit above a cell's wires that marks a tile on the edge of a
/// wrapping board, whose steps may fold across it (see `search.rs`).
pub const EDGE: u32 = 1 << 8;

/// The cell layout of one board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub width: usize,
    pub height: usize,
    /// Cells per row: `width + 2` when padded.
    pub stride: usize,
    pub padded: bool,
}

impl Layout {
    pub fn new(grid: &Grid) -> Layout {
        let padded = !grid.wrap();
        Layout {
            width: grid.width(),
            height: grid.height(),
            stride: grid.width() + 2 * usize::from(padded),
            padded,
        }
    }

    /// Number of cells, border included.
    pub fn cells(&self) -> usize {
        self.stride * (self.height + 2 * usize::from(self.padded))
    }

    /// The cell of `(x, y)`.
    #[inline]
    pub fn cell(&self, x: usize, y: usize) -> usize {
        if self.padded {
            (y + 1) * self.stride + x + 1
        } else {
            y * self.stride + x
        }
    }

    /// The cell of a row-major tile index.
    pub fn cell_of_tile(&self, tile: usize) -> usize {
        self.cell(tile % self.width, tile / self.width)
    }

    /// The row-major tile index of a cell inside the board.
    pub fn tile_of_cell(&self, cell: usize) -> usize {
        let (row, column) = (cell / self.stride, cell % self.stride);
        let border = usize::from(self.padded);
        (row - border) * self.width + column - border
    }

    /// Each tile's usable wires (toward a neighbour through no barrier) in
    /// the low byte of its cell's word, [`EDGE`] on a wrapping board's
    /// edge tiles, above them `high`; border cells hold `high` alone.
    pub fn fill_words(&self, board: &Board, high: u32, words: &mut Vec<u32>) {
        words.clear();
        words.resize(self.cells(), high);
        let tiles = board.tiles();
        for y in 0..self.height {
            let first = self.cell(0, y);
            let row = &mut words[first..first + self.width];
            for (x, word) in row.iter_mut().enumerate() {
                let tile = y * self.width + x;
                *word = high | u32::from(tiles[tile].0 & board.open_directions(tile));
            }
            if !self.padded {
                let edge_row = y == 0 || y + 1 == self.height;
                let last = self.width - 1;
                for (x, word) in row.iter_mut().enumerate() {
                    if edge_row || x == 0 || x == last {
                        *word |= EDGE;
                    }
                }
            }
        }
    }

    /// Each tile's usable wires (toward a neighbour through no barrier), in
    /// this layout; border cells are empty.
    pub fn fill(&self, board: &Board, cells: &mut Vec<u8>) {
        cells.clear();
        cells.resize(self.cells(), 0);
        let tiles = board.tiles();
        for y in 0..self.height {
            let first = self.cell(0, y);
            let row = &mut cells[first..first + self.width];
            for (x, cell) in row.iter_mut().enumerate() {
                let tile = y * self.width + x;
                *cell = tiles[tile].0 & board.open_directions(tile);
            }
        }
    }
}
