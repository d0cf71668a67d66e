//! The level-by-level search itself, generic over the [`Walk`]: by cell
//! index on a padded layout (non-wrapping boards), or by column and row on a
//! wrapping board.
//!
//! A queue entry carries the tile's wires minus the one it was reached
//! through, so on a solved board (a tree) every wire left leads to a new
//! tile and the visit test is always true: the branch predicts perfectly.
//! (A branch-free version that tried every direction was slower: its stores
//! went to addresses that depended on the loads, which serialised them.) A
//! tile's byte is cleared when it is visited, so a loop never revisits it.

use crate::layout::Layout;
use lightemall_model::Grid;

/// Neighbour steps by row parity and direction, and the opposite wire.
pub struct Steps {
    pub offsets: [[(isize, isize); 8]; 2],
    pub back: [u8; 8],
}

impl Steps {
    pub fn new(grid: &Grid) -> Steps {
        let topology = grid.topology();
        let mut steps = Steps {
            offsets: [[(0, 0); 8]; 2],
            back: [0; 8],
        };
        for (parity, row) in grid.offset_table().iter().enumerate() {
            for (d, &(dx, dy)) in row.iter().enumerate() {
                steps.offsets[parity][d] = (isize::from(dx), isize::from(dy));
            }
        }
        for d in topology.directions() {
            steps.back[usize::from(d.0)] = topology.opposite(d).bit();
        }
        steps
    }
}

/// The buffers a search fills.
pub struct Buffers<'a> {
    /// Usable wires per cell, cleared as tiles are visited.
    pub cells: &'a mut [u8],
    /// Distance per cell.
    pub distance: &'a mut [u32],
    /// The queue, one entry per reached tile.
    pub order: &'a mut [u32],
    /// How many tiles are at most `d` hops away, per `d`.
    pub level_ends: &'a mut Vec<u32>,
}

/// How a search moves on its layout: what a queue entry holds besides the
/// wires, and where a direction leads from it.
pub trait Walk {
    /// Where the wires start in an entry.
    const WIRES_SHIFT: u32;

    /// The entry (without wires) of the tile at `(x, y)`.
    fn entry_at(&self, x: usize, y: usize) -> u32;

    /// The cell of an entry.
    fn cell(&self, entry: u32) -> usize;

    /// The cell toward direction `d` from an entry's tile, and the entry
    /// (without wires) of the tile there.
    fn step(&self, entry: u32, d: usize) -> (usize, u32);
}

/// Search from `(x, y)`; returns how many tiles it reached.
pub fn search<W: Walk>(
    walk: &W,
    steps: &Steps,
    start: (usize, usize),
    buffers: Buffers<'_>,
) -> usize {
    let Buffers {
        cells,
        distance,
        order,
        level_ends,
    } = buffers;
    let first = walk.entry_at(start.0, start.1);
    let first_cell = walk.cell(first);
    order[0] = first | u32::from(cells[first_cell]) << W::WIRES_SHIFT;
    cells[first_cell] = 0;
    distance[first_cell] = 0;
    let (mut begin, mut len) = (0, 1);
    let mut level = 0;
    while begin < len {
        let end = len;
        level_ends.push(end as u32);
        level += 1;
        for i in begin..end {
            let entry = order[i];
            let mut wires = entry >> W::WIRES_SHIFT;
            while wires != 0 {
                let d = wires.trailing_zeros() as usize;
                wires &= wires - 1;
                let (other, other_entry) = walk.step(entry, d);
                let other_wires = cells[other];
                if other_wires & steps.back[d] != 0 {
                    cells[other] = 0;
                    distance[other] = level;
                    let onward = other_wires & !steps.back[d];
                    order[len] = other_entry | u32::from(onward) << W::WIRES_SHIFT;
                    len += 1;
                }
            }
        }
        begin = end;
    }
    len
}

/// The walk on a padded layout (non-wrapping boards): entries are
/// `cell | parity << 20 | wires << 21`, and a direction is a fixed cell
/// offset per row parity.
pub struct Padded {
    stride: usize,
    delta: [[isize; 8]; 2],
    /// Whether direction `d` changes the row parity.
    flip: [u32; 8],
}

const CELL_BITS: u32 = 20;
const _: () =
    assert!((lightemall_model::MAX_SIDE + 2) * (lightemall_model::MAX_SIDE + 2) < 1 << CELL_BITS);

/// The cell of a padded walk's entry.
pub fn padded_cell(entry: u32) -> usize {
    (entry & ((1 << CELL_BITS) - 1)) as usize
}

impl Padded {
    pub fn new(steps: &Steps, layout: &Layout) -> Padded {
        let mut walk = Padded {
            stride: layout.stride,
            delta: [[0; 8]; 2],
            flip: [0; 8],
        };
        for (parity, row) in walk.delta.iter_mut().enumerate() {
            for (d, slot) in row.iter_mut().enumerate() {
                let (dx, dy) = steps.offsets[parity][d];
                *slot = dy * layout.stride as isize + dx;
                walk.flip[d] = (dy & 1) as u32;
            }
        }
        walk
    }
}

impl Walk for Padded {
    const WIRES_SHIFT: u32 = CELL_BITS + 1;

    fn entry_at(&self, x: usize, y: usize) -> u32 {
        ((y + 1) * self.stride + x + 1) as u32 | ((y & 1) as u32) << CELL_BITS
    }

    #[inline]
    fn cell(&self, entry: u32) -> usize {
        padded_cell(entry)
    }

    #[inline]
    fn step(&self, entry: u32, d: usize) -> (usize, u32) {
        let parity = (entry >> CELL_BITS & 1) as usize;
        let other = (padded_cell(entry) as isize + self.delta[parity][d]) as usize;
        (
            other,
            other as u32 | (parity as u32 ^ self.flip[d]) << CELL_BITS,
        )
    }
}

/// The walk on a wrapping board: entries are `x | y << 10 | wires << 20`,
/// and a step folds back across the edges.
pub struct Wrapping {
    offsets: [[(isize, isize); 8]; 2],
    layout: Layout,
}

const SIDE_BITS: u32 = 10;
const SIDE_MASK: u32 = (1 << SIDE_BITS) - 1;
const _: () = assert!(lightemall_model::MAX_SIDE <= 1 << SIDE_BITS);

/// The cell of a wrapping walk's entry.
pub fn wrapping_cell(layout: &Layout, entry: u32) -> usize {
    layout.cell(
        (entry & SIDE_MASK) as usize,
        (entry >> SIDE_BITS & SIDE_MASK) as usize,
    )
}

impl Wrapping {
    pub fn new(steps: &Steps, layout: &Layout) -> Wrapping {
        Wrapping {
            offsets: steps.offsets,
            layout: *layout,
        }
    }
}

impl Walk for Wrapping {
    const WIRES_SHIFT: u32 = 2 * SIDE_BITS;

    fn entry_at(&self, x: usize, y: usize) -> u32 {
        x as u32 | (y as u32) << SIDE_BITS
    }

    #[inline]
    fn cell(&self, entry: u32) -> usize {
        wrapping_cell(&self.layout, entry)
    }

    #[inline]
    fn step(&self, entry: u32, d: usize) -> (usize, u32) {
        let (x, y) = (
            (entry & SIDE_MASK) as isize,
            (entry >> SIDE_BITS & SIDE_MASK) as isize,
        );
        let (dx, dy) = self.offsets[(y & 1) as usize][d];
        let fold = |v: isize, len: usize| {
            let len = len as isize;
            let v = if v < 0 { v + len } else { v };
            (if v >= len { v - len } else { v }) as usize
        };
        let (nx, ny) = (
            fold(x + dx, self.layout.width),
            fold(y + dy, self.layout.height),
        );
        (self.layout.cell(nx, ny), self.entry_at(nx, ny))
    }
}
