//! The level-by-level search itself, generic over the [`Walk`]: by cell
//! index on a padded layout (non-wrapping boards), or by column and row on a
//! wrapping board.
//!
//! A queue entry carries the tile's wires minus the one it was reached
//! through, so on a solved board (a tree) every wire left leads to a new
//! tile and the visit test is always true: the branch predicts perfectly.
//! A visit writes the tile's distance over its wires: one store to the
//! word the test has just read.
//! A level's steps are listed first and tested after (see [`search`]).
//! (A branch-free version that tried every direction was slower: its stores
//! went to addresses that depended on the loads, which serialised them.) A
//! tile's byte is cleared when it is visited, so a loop never revisits it.

use crate::DISTANCE_SHIFT;
use crate::layout::Layout;

/// The wires in a cell's word.
const WIRES: u32 = (1 << DISTANCE_SHIFT) - 1;
use lightemall_model::Grid;

/// Neighbour steps by row parity and direction, and the opposite wire.
pub struct Steps {
    pub offsets: [[(isize, isize); 8]; 2],
    pub back: [u8; 8],
    /// How many directions the topology has.
    pub dirs: usize,
}

impl Steps {
    pub fn new(grid: &Grid) -> Steps {
        let topology = grid.topology();
        let mut steps = Steps {
            offsets: [[(0, 0); 8]; 2],
            back: [0; 8],
            dirs: usize::from(topology.direction_count()),
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
    /// Per cell: the distance above `DISTANCE_SHIFT`, the usable wires not
    /// yet followed below it (cleared as tiles are visited).
    pub words: &'a mut [u32],
    /// The queue, one entry per reached tile.
    pub order: &'a mut [u32],
    /// How many tiles are at most `d` hops away, per `d`.
    pub level_ends: &'a mut Vec<u32>,
    /// Steps of one level waiting to be tested: the neighbour's entry
    /// (without wires) with the direction above `PENDING_DIR_SHIFT`.
    pub pending: &'a mut Vec<u32>,
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

    /// Write the pending step (see [`Buffers::pending`]) of each of an
    /// entry's wires into `window`, first to last, and return how many.
    /// `window` has room for every direction; what lies past the count is
    /// scratch.
    fn list<const DIRS: usize>(&self, entry: u32, window: &mut [u32; 8]) -> usize;
}

/// Bits of a pending entry that hold the direction it was reached by.
const PENDING_DIR_SHIFT: u32 = 29;
const _: () = assert!(CELL_BITS < PENDING_DIR_SHIFT && 2 * SIDE_BITS <= PENDING_DIR_SHIFT);

/// Search from `(x, y)`; returns how many tiles it reached.
///
/// Each level goes in two passes. The first ([`list`]) lists every wire of
/// the level's tiles as a pending step (the neighbour's cell, and its
/// entry with the direction), touching only the queue, without a branch
/// (see [`Walk::list`]). The second ([`claim`]) tests and claims each
/// neighbour, with one branch per step that predicts on a tree, so the
/// processor runs many steps ahead and their cache misses overlap. One
/// loop over each tile's wires mispredicted its exit once a tile and
/// waited for each miss in turn. The number of directions is a constant
/// of each copy, so the first pass unrolls. Each pass is a function of its
/// own: inside one loop nest their values did not fit in the registers,
/// and the spills cost a quarter of the time.
pub fn search<W: Walk>(
    walk: &W,
    steps: &Steps,
    start: (usize, usize),
    buffers: Buffers<'_>,
) -> usize {
    match steps.dirs {
        4 => search_with::<W, 4>(walk, steps, start, buffers),
        6 => search_with::<W, 6>(walk, steps, start, buffers),
        _ => search_with::<W, 8>(walk, steps, start, buffers),
    }
}

/// [`search`] on a topology of `DIRS` directions.
fn search_with<W: Walk, const DIRS: usize>(
    walk: &W,
    steps: &Steps,
    start: (usize, usize),
    buffers: Buffers<'_>,
) -> usize {
    let Buffers {
        words,
        order,
        level_ends,
        pending,
    } = buffers;
    let first = walk.entry_at(start.0, start.1);
    let first_cell = walk.cell(first);
    order[0] = first | (words[first_cell] & WIRES) << W::WIRES_SHIFT;
    words[first_cell] = 0;
    let (mut begin, mut len) = (0, 1);
    let mut level = 0;
    while begin < len {
        let end = len;
        level_ends.push(end as u32);
        level += 1;
        // Room for every direction of every tile, and a whole window of
        // eight past the last step listed.
        let need = (end - begin) * DIRS + 8;
        if pending.len() < need {
            pending.resize(need, 0);
        }
        let listed = list::<W, DIRS>(walk, &order[begin..end], pending);
        len = claim(
            walk,
            &steps.back,
            level,
            &pending[..listed],
            words,
            order,
            len,
        );
        begin = end;
    }
    len
}

/// The first pass of a level: list the steps of every wire of `entries`
/// into `pending`, which has room for all and a window of eight past the
/// last; returns how many.
#[inline(never)]
fn list<W: Walk, const DIRS: usize>(walk: &W, entries: &[u32], pending: &mut [u32]) -> usize {
    let mut listed = 0;
    for &entry in entries {
        let Some(window) = pending
            .get_mut(listed..listed + 8)
            .and_then(|window| <&mut [u32; 8]>::try_from(window).ok())
        else {
            break;
        };
        listed += walk.list::<DIRS>(entry, window);
    }
    listed
}

/// The second pass of a level: claim each listed step's tile for `level`
/// if it is not yet reached, appending it to `order` after the first
/// `len`; returns the new length. On its own, so the loop keeps its few
/// values in registers.
#[inline(never)]
fn claim<W: Walk>(
    walk: &W,
    back: &[u8; 8],
    level: u32,
    steps: &[u32],
    words: &mut [u32],
    order: &mut [u32],
    mut len: usize,
) -> usize {
    let distance = level << DISTANCE_SHIFT;
    for &step in steps {
        let entry = step & ((1 << PENDING_DIR_SHIFT) - 1);
        let other = walk.cell(entry);
        let back = u32::from(back[(step >> PENDING_DIR_SHIFT) as usize]);
        let word = words[other];
        if word & back != 0 {
            words[other] = distance;
            order[len] = entry | (word & WIRES & !back) << W::WIRES_SHIFT;
            len += 1;
        }
    }
    len
}

/// The walk on a padded layout (non-wrapping boards): entries are
/// `cell | parity << 20 | wires << 21`, and a direction adds a fixed number
/// to the entry per row parity (the cell offset and the parity's change),
/// in wrapping arithmetic.
///
/// Everything above an entry's cell is its row of [`Padded::lists`]: the
/// additions for its wires, first to last, with each one's direction in
/// the pending step's high bits. Listing an entry's steps is one addition
/// of the entry to a whole row, which the compiler does four lanes at a
/// time, instead of a step worked out per direction.
#[derive(Clone, Debug)]
pub struct Padded {
    stride: usize,
    /// The neighbour offsets the lists were made for.
    offsets: [[(isize, isize); 8]; 2],
    /// Per `parity | wires << 1`: the pending steps' additions.
    lists: Box<[[u32; 8]; LIST_ROWS]>,
    /// Per `parity | wires << 1`: how many wires.
    counts: Box<[u8; LIST_ROWS]>,
}

/// Rows of [`Padded::lists`]: two parities by every set of eight wires.
const LIST_ROWS: usize = 2 << 8;

/// The bits of a padded entry below its wires.
const PADDED_ENTRY: u32 = (1 << (CELL_BITS + 1)) - 1;

const CELL_BITS: u32 = 20;
const _: () =
    assert!((lightemall_model::MAX_SIDE + 2) * (lightemall_model::MAX_SIDE + 2) < 1 << CELL_BITS);

/// The cell of a padded walk's entry.
pub fn padded_cell(entry: u32) -> usize {
    (entry & ((1 << CELL_BITS) - 1)) as usize
}

impl Padded {
    pub fn new(steps: &Steps, layout: &Layout) -> Padded {
        let delta = |parity: usize, d: usize| {
            let (dx, dy) = steps.offsets[parity][d];
            let cells = dy * layout.stride as isize + dx;
            let flip = (dy & 1) as u32;
            let parity = parity as u32;
            (cells as i32 as u32).wrapping_add(((parity ^ flip).wrapping_sub(parity)) << CELL_BITS)
        };
        let mut walk = Padded {
            stride: layout.stride,
            offsets: steps.offsets,
            lists: Box::new([[0; 8]; LIST_ROWS]),
            counts: Box::new([0; LIST_ROWS]),
        };
        for index in 0..LIST_ROWS {
            let (parity, wires) = (index & 1, index >> 1);
            let row = &mut walk.lists[index];
            let ds = (0..steps.dirs).filter(|d| wires >> d & 1 != 0);
            for (slot, d) in row.iter_mut().zip(ds) {
                *slot = delta(parity, d).wrapping_add((d as u32) << PENDING_DIR_SHIFT);
                walk.counts[index] += 1;
            }
        }
        walk
    }

    /// Whether this walk is the one [`Padded::new`] would make.
    pub fn fits(&self, steps: &Steps, layout: &Layout) -> bool {
        self.stride == layout.stride && self.offsets == steps.offsets
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
    fn list<const DIRS: usize>(&self, entry: u32, window: &mut [u32; 8]) -> usize {
        let index = (entry >> CELL_BITS) as usize % LIST_ROWS;
        let base = entry & PADDED_ENTRY;
        // A square tile has at most four wires: half a row is enough.
        let lanes = if DIRS <= 4 { 4 } else { 8 };
        for (slot, add) in window[..lanes].iter_mut().zip(&self.lists[index][..lanes]) {
            *slot = base.wrapping_add(*add);
        }
        usize::from(self.counts[index])
    }
}

/// The walk on a wrapping board: entries are `x | y << 10 | wires << 20`,
/// and a step looks up where each column and row lead, folded back across
/// the edges (two small tables, per row parity and direction, so a step
/// costs two loads instead of two folds).
pub struct Wrapping {
    /// `columns[(parity * 8 + d) * width + x]`: the column `x` leads to.
    columns: Vec<u32>,
    /// `rows[(parity * 8 + d) * height + y]`: the row `y` leads to, in its
    /// place in an entry.
    rows: Vec<u32>,
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
        let (width, height) = (layout.width, layout.height);
        let fold = |v: usize, delta: isize, len: usize| {
            (v as isize + delta).rem_euclid(len as isize) as u32
        };
        let mut walk = Wrapping {
            columns: Vec::with_capacity(16 * width),
            rows: Vec::with_capacity(16 * height),
            layout: *layout,
        };
        for row in &steps.offsets {
            for &(dx, dy) in row {
                walk.columns.extend((0..width).map(|x| fold(x, dx, width)));
                walk.rows
                    .extend((0..height).map(|y| fold(y, dy, height) << SIDE_BITS));
            }
        }
        walk
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

    /// Every direction is written, and the count advances by the wire's
    /// bit: no branch.
    #[inline]
    fn list<const DIRS: usize>(&self, entry: u32, window: &mut [u32; 8]) -> usize {
        let wires = entry >> Self::WIRES_SHIFT;
        let mut kept = 0;
        for d in 0..DIRS {
            window[kept & 7] = self.step(entry, d) | (d as u32) << PENDING_DIR_SHIFT;
            kept += (wires >> d & 1) as usize;
        }
        kept
    }
}

impl Wrapping {
    /// The entry (without wires) of the tile toward direction `d` from an
    /// entry's tile (its wires ignored).
    #[inline]
    fn step(&self, entry: u32, d: usize) -> u32 {
        let x = (entry & SIDE_MASK) as usize;
        let y = (entry >> SIDE_BITS & SIDE_MASK) as usize;
        let k = (y & 1) << 3 | d;
        self.columns[k * self.layout.width + x] | self.rows[k * self.layout.height + y]
    }
}
