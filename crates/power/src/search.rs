//! The level-by-level search itself, over the cells of a [`Layout`]: a
//! non-wrapping board padded with a border of empty cells, a wrapping one
//! row-major with its edge tiles marked.
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
use crate::layout::{EDGE, Layout};
use lightemall_model::Grid;

/// The wires in a cell's word.
const WIRES: u32 = 0xff;

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

/// Bits of a pending entry that hold the direction it was reached by.
const PENDING_DIR_SHIFT: u32 = 29;
const _: () = assert!(WIRES_SHIFT + 9 <= 32 && WIRES_SHIFT <= PENDING_DIR_SHIFT);

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
pub fn search(walk: &Walk, steps: &Steps, start: (usize, usize), buffers: Buffers<'_>) -> usize {
    match (steps.dirs, walk.layout.padded) {
        (4, true) => search_with::<4, false>(walk, steps, start, buffers),
        (4, false) => search_with::<4, true>(walk, steps, start, buffers),
        (6, true) => search_with::<6, false>(walk, steps, start, buffers),
        (6, false) => search_with::<6, true>(walk, steps, start, buffers),
        (_, true) => search_with::<8, false>(walk, steps, start, buffers),
        (_, false) => search_with::<8, true>(walk, steps, start, buffers),
    }
}

/// [`search`] on a topology of `DIRS` directions, on a wrapping board if
/// `FOLDS` (only then can a step fold across an edge).
fn search_with<const DIRS: usize, const FOLDS: bool>(
    walk: &Walk,
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
    let first_cell = cell_of(first);
    order[0] = first | (words[first_cell] & (WIRES | EDGE)) << WIRES_SHIFT;
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
        let listed = list::<DIRS, FOLDS>(walk, &order[begin..end], pending);
        len = claim(&steps.back, level, &pending[..listed], words, order, len);
        begin = end;
    }
    len
}

/// The first pass of a level: list the steps of every wire of `entries`
/// into `pending`, which has room for all and a window of eight past the
/// last; returns how many.
#[inline(never)]
fn list<const DIRS: usize, const FOLDS: bool>(
    walk: &Walk,
    entries: &[u32],
    pending: &mut [u32],
) -> usize {
    let mut listed = 0;
    for &entry in entries {
        let Some(window) = pending
            .get_mut(listed..listed + 8)
            .and_then(|window| <&mut [u32; 8]>::try_from(window).ok())
        else {
            break;
        };
        listed += walk.list::<DIRS, FOLDS>(entry, window);
    }
    listed
}

/// The second pass of a level: claim each listed step's tile for `level`
/// if it is not yet reached, appending it to `order` after the first
/// `len`; returns the new length. On its own, so the loop keeps its few
/// values in registers.
#[inline(never)]
fn claim(
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
        let other = cell_of(entry);
        let back = u32::from(back[(step >> PENDING_DIR_SHIFT) as usize]);
        let word = words[other];
        if word & back != 0 {
            words[other] = distance;
            order[len] = entry | (word & (WIRES | EDGE) & !back) << WIRES_SHIFT;
            len += 1;
        }
    }
    len
}

/// How a search steps over the cells of a layout. Entries are
/// `cell | parity << 20 | wires << 21 | edge << 29`: the cell, its row's
/// parity, the wires still to follow, and on a wrapping board whether the
/// tile lies on an edge (its steps may fold across it).
///
/// A step from a tile off the edges adds a fixed number to the entry per
/// row parity and direction (the cell offset and the parity's change), in
/// wrapping arithmetic; a padded layout's border makes every tile such a
/// tile. Everything above an entry's cell but its edge bit is its row of
/// [`Walk::lists`]: the additions for its wires, first to last, with each
/// one's direction in the pending step's high bits. Listing an entry's
/// steps is one addition of the entry to a whole row, instead of a step
/// worked out per direction. An edge tile's steps are folded one by one.
#[derive(Clone, Debug)]
pub struct Walk {
    layout: Layout,
    /// The neighbour offsets the lists were made for.
    offsets: [[(isize, isize); 8]; 2],
    /// Per `parity | wires << 1`: the pending steps' additions.
    lists: Box<[[u32; 8]; LIST_ROWS]>,
    /// Per `parity | wires << 1`: how many wires.
    counts: Box<[u8; LIST_ROWS]>,
}

/// Rows of [`Walk::lists`]: two parities by every set of eight wires.
const LIST_ROWS: usize = 2 << 8;

const CELL_BITS: u32 = 20;
const _: () =
    assert!((lightemall_model::MAX_SIDE + 2) * (lightemall_model::MAX_SIDE + 2) < 1 << CELL_BITS);

/// Where the wires start in an entry; the edge bit follows them.
const WIRES_SHIFT: u32 = CELL_BITS + 1;

/// The bits of an entry below its wires: its cell and parity.
const PLACE: u32 = (1 << WIRES_SHIFT) - 1;

/// The edge bit of an entry.
const EDGE_ENTRY: u32 = EDGE << WIRES_SHIFT;

/// The cell of an entry.
#[inline]
pub fn cell_of(entry: u32) -> usize {
    (entry & ((1 << CELL_BITS) - 1)) as usize
}

impl Walk {
    pub fn new(steps: &Steps, layout: &Layout) -> Walk {
        let delta = |parity: usize, d: usize| {
            let (dx, dy) = steps.offsets[parity][d];
            let cells = dy * layout.stride as isize + dx;
            let flip = (dy & 1) as u32;
            let parity = parity as u32;
            (cells as i32 as u32).wrapping_add(((parity ^ flip).wrapping_sub(parity)) << CELL_BITS)
        };
        let mut walk = Walk {
            layout: *layout,
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

    /// Whether this walk is the one [`Walk::new`] would make.
    pub fn fits(&self, steps: &Steps, layout: &Layout) -> bool {
        self.layout == *layout && self.offsets == steps.offsets
    }

    /// The entry (without wires) of the tile at `(x, y)`.
    fn entry_at(&self, x: usize, y: usize) -> u32 {
        self.layout.cell(x, y) as u32 | ((y & 1) as u32) << CELL_BITS
    }

    /// Write the pending step (see [`Buffers::pending`]) of each of an
    /// entry's wires into `window`, first to last, and return how many.
    /// `window` has room for every direction; what lies past the count is
    /// scratch.
    #[inline]
    fn list<const DIRS: usize, const FOLDS: bool>(
        &self,
        entry: u32,
        window: &mut [u32; 8],
    ) -> usize {
        if FOLDS && entry & EDGE_ENTRY != 0 {
            return self.list_folded(entry, window);
        }
        let index = (entry >> CELL_BITS) as usize % LIST_ROWS;
        let base = entry & PLACE;
        // A square tile has at most four wires: half a row is enough.
        let lanes = if DIRS <= 4 { 4 } else { 8 };
        for (slot, add) in window[..lanes].iter_mut().zip(&self.lists[index][..lanes]) {
            *slot = base.wrapping_add(*add);
        }
        usize::from(self.counts[index])
    }

    /// [`Walk::list`] for a tile on the edge of a wrapping board: each
    /// step folded back across the edges.
    #[cold]
    fn list_folded(&self, entry: u32, window: &mut [u32; 8]) -> usize {
        let layout = &self.layout;
        let cell = cell_of(entry);
        let (x, y) = (cell % layout.stride, cell / layout.stride);
        let fold = |v: usize, delta: isize, len: usize| {
            (v as isize + delta).rem_euclid(len as isize) as usize
        };
        let wires = entry >> WIRES_SHIFT & WIRES;
        let mut kept = 0;
        for d in (0..8).filter(|d| wires >> d & 1 != 0) {
            let (dx, dy) = self.offsets[y & 1][d];
            let (x, y) = (fold(x, dx, layout.width), fold(y, dy, layout.height));
            window[kept] = self.entry_at(x, y) | (d as u32) << PENDING_DIR_SHIFT;
            kept += 1;
        }
        kept
    }
}
