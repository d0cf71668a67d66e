//! The level-by-level search itself, in two forms: by cell index on a padded
//! layout (non-wrapping boards) and by column and row on a wrapping board.
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
    offsets: [[(isize, isize); 8]; 2],
    back: [u8; 8],
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

/// Queue entries of the padded search: `cell | parity << 20 | wires << 21`.
const CELL_BITS: u32 = 20;
const _: () =
    assert!((lightemall_model::MAX_SIDE + 2) * (lightemall_model::MAX_SIDE + 2) < 1 << CELL_BITS);

/// The cell of a padded-search queue entry.
pub fn padded_entry_cell(entry: u32) -> usize {
    (entry & ((1 << CELL_BITS) - 1)) as usize
}

/// Search a padded layout from `(x, y)`; returns how many tiles it reached.
pub fn padded(
    steps: &Steps,
    layout: &Layout,
    start: (usize, usize),
    buffers: Buffers<'_>,
) -> usize {
    let Buffers {
        cells,
        distance,
        order,
        level_ends,
    } = buffers;
    let stride = layout.stride as isize;
    let mut delta = [[0isize; 8]; 2];
    let mut flip = [0u32; 8];
    for (parity, row) in delta.iter_mut().enumerate() {
        for (d, slot) in row.iter_mut().enumerate() {
            let (dx, dy) = steps.offsets[parity][d];
            *slot = dy * stride + dx;
            flip[d] = (dy & 1) as u32;
        }
    }
    let first = layout.cell(start.0, start.1);
    order[0] = first as u32
        | ((start.1 & 1) as u32) << CELL_BITS
        | u32::from(cells[first]) << (CELL_BITS + 1);
    cells[first] = 0;
    distance[first] = 0;
    let (mut begin, mut len) = (0, 1);
    let mut level = 0;
    while begin < len {
        let end = len;
        level_ends.push(end as u32);
        level += 1;
        for i in begin..end {
            let entry = order[i];
            let here = padded_entry_cell(entry) as isize;
            let parity = (entry >> CELL_BITS & 1) as usize;
            let mut wires = entry >> (CELL_BITS + 1);
            while wires != 0 {
                let d = wires.trailing_zeros() as usize;
                wires &= wires - 1;
                let other = (here + delta[parity][d]) as usize;
                let other_wires = cells[other];
                if other_wires & steps.back[d] != 0 {
                    cells[other] = 0;
                    distance[other] = level;
                    let onward = other_wires & !steps.back[d];
                    order[len] = other as u32
                        | (parity as u32 ^ flip[d]) << CELL_BITS
                        | u32::from(onward) << (CELL_BITS + 1);
                    len += 1;
                }
            }
        }
        begin = end;
    }
    len
}

/// Queue entries of the wrapping search: `x | y << 10 | wires << 20`.
const SIDE_BITS: u32 = 10;
const _: () = assert!(lightemall_model::MAX_SIDE <= 1 << SIDE_BITS);

/// The cell of a wrapping-search queue entry.
pub fn wrapping_entry_cell(layout: &Layout, entry: u32) -> usize {
    let mask = (1 << SIDE_BITS) - 1;
    layout.cell(
        (entry & mask) as usize,
        (entry >> SIDE_BITS & mask) as usize,
    )
}

/// Search a wrapping board from `(x, y)`; returns how many tiles it reached.
pub fn wrapping(
    steps: &Steps,
    layout: &Layout,
    start: (usize, usize),
    buffers: Buffers<'_>,
) -> usize {
    let Buffers {
        cells,
        distance,
        order,
        level_ends,
    } = buffers;
    let (width, height) = (layout.width as isize, layout.height as isize);
    let fold = |v: isize, len: isize| {
        let v = if v < 0 { v + len } else { v };
        if v >= len { v - len } else { v }
    };
    let pack = |x: usize, y: usize, wires: u8| {
        x as u32 | (y as u32) << SIDE_BITS | u32::from(wires) << (2 * SIDE_BITS)
    };
    let first = layout.cell(start.0, start.1);
    order[0] = pack(start.0, start.1, cells[first]);
    cells[first] = 0;
    distance[first] = 0;
    let (mut begin, mut len) = (0, 1);
    let mut level = 0;
    while begin < len {
        let end = len;
        level_ends.push(end as u32);
        level += 1;
        for i in begin..end {
            let entry = order[i];
            let mask = (1 << SIDE_BITS) - 1;
            let (x, y) = (
                (entry & mask) as isize,
                (entry >> SIDE_BITS & mask) as isize,
            );
            let mut wires = entry >> (2 * SIDE_BITS);
            while wires != 0 {
                let d = wires.trailing_zeros() as usize;
                wires &= wires - 1;
                let (dx, dy) = steps.offsets[(y & 1) as usize][d];
                let (nx, ny) = (fold(x + dx, width) as usize, fold(y + dy, height) as usize);
                let other = ny * layout.stride + nx;
                let other_wires = cells[other];
                if other_wires & steps.back[d] != 0 {
                    cells[other] = 0;
                    distance[other] = level;
                    order[len] = pack(nx, ny, other_wires & !steps.back[d]);
                    len += 1;
                }
            }
        }
        begin = end;
    }
    len
}
