//! The same Kruskal tree, built band by band so that most of the work stays
//! in the processor's cache.
//!
//! Edges are totally ordered by their key, `(weight, edge index)`, so the
//! tree is the unique minimum spanning tree and any correct method finds
//! exactly Kruskal's. This one splits the board into bands of rows small
//! enough that a band's union-find fits in the cache, and runs Kruskal
//! inside each band:
//!
//! - an edge that closes a loop inside its band is the heaviest edge of that
//!   loop, so it is in no minimum spanning tree: dropped (cycle property);
//! - an edge between two pieces A and B of the band (pieces joined by
//!   certain edges) is the lightest edge leaving A if every other edge
//!   leaving A, to another band or a candidate, is heavier: then it is in
//!   the tree, kept for certain, and A and B become one piece (cut property);
//! - otherwise it is a candidate, and A and B stay apart.
//!
//! So the pieces are exactly the trees of certain edges. A last Kruskal pass
//! over the candidates and the edges between bands, joining pieces rather
//! than tiles, completes the tree. On a 1000x1000 board about 15 % of the
//! edges reach that pass.

use super::{NO_EDGE, Slots};
use crate::union_find::UnionFind;
use lightemall_model::{Dir, Grid, Tile, link_tiles};
use std::ops::Range;

/// Tiles per band: the band's pieces (four `u32` per tile: label, next
/// member, size and lightest way out) stay in a 2 MB level-2 cache with
/// room to spare.
const BAND_TILES: usize = 1 << 15;

/// Bits of a slot in a key: a board has fewer than `2^22` slots.
const SLOT_BITS: u32 = 22;
const _: () =
    assert!(lightemall_model::MAX_SIDE * lightemall_model::MAX_SIDE * 4 <= 1 << SLOT_BITS);

/// Threads for the bands of a large board. Two: the project's machines have
/// two cores, and the last pass, which stays sequential, would soon bound
/// any more. (Asking the system for its core count reads files, which this
/// crate does not do.)
const WORKERS: usize = 2;

/// Edges of the last pass whose lookups are started together.
const BATCH: usize = 32;

/// Key of an edge: weight, then slot (edge index). Unique per edge.
fn key(weight: u8, slot: usize) -> u32 {
    u32::from(weight) << SLOT_BITS | slot as u32
}

fn slot_of(key: u32) -> usize {
    (key & ((1 << SLOT_BITS) - 1)) as usize
}

/// An internal edge of a band, as the band's sort lays it out.
#[derive(Clone, Copy, Debug, Default)]
struct BandEdge {
    slot: u32,
    from: u32,
    to: u32,
}

/// Kruskal's tree from one weight per slot.
pub fn kruskal(grid: &Grid, weights: &[u8]) -> Vec<Tile> {
    kruskal_in_bands(grid, weights, (BAND_TILES / grid.width()).max(1))
}

/// [`kruskal`] with bands of `rows` rows.
pub(super) fn kruskal_in_bands(grid: &Grid, weights: &[u8], rows: usize) -> Vec<Tile> {
    let bands = Bands::new(grid, rows);
    let half = bands.slots.half;
    let mut tiles = vec![Tile::EMPTY; grid.len()];
    let (lightest_out, mut rest) = bands.cross_edges(weights);
    // Each tile's piece, named by one of its tiles.
    let mut piece_of = vec![0u32; grid.len()];
    // Bands are independent: split them over workers, each owning the tiles
    // of its bands. The result does not depend on the split, since the last
    // pass sorts what the bands leave.
    let workers = WORKERS.min(bands.count());
    let per_worker = bands.count().div_ceil(workers);
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        let (mut tiles_left, mut pieces_left) = (&mut tiles[..], &mut piece_of[..]);
        for first_band in (0..bands.count()).step_by(per_worker) {
            let band_range = first_band..(first_band + per_worker).min(bands.count());
            let rows = bands.rows(band_range.start).start..bands.rows(band_range.end - 1).end;
            let len = rows.len() * grid.width();
            let (own_tiles, more_tiles) = std::mem::take(&mut tiles_left).split_at_mut(len);
            let (own_pieces, more_pieces) = std::mem::take(&mut pieces_left).split_at_mut(len);
            (tiles_left, pieces_left) = (more_tiles, more_pieces);
            let work = BandWork {
                bands: &bands,
                weights,
                lightest_out: &lightest_out,
                first_tile: rows.start * grid.width(),
                tiles: own_tiles,
                piece_of: own_pieces,
            };
            let last = band_range.end == bands.count();
            let task = move || work.run(band_range);
            if last {
                rest.extend(task());
            } else {
                handles.push(scope.spawn(task));
            }
        }
        for handle in handles {
            match handle.join() {
                Ok(keys) => rest.extend(keys),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    rest.sort_unstable();
    // The last pass, in batches: the pieces of a batch's ends are looked up
    // and their union-find entries touched first, so that the cache misses
    // of the batch overlap instead of following one another.
    let mut sets = UnionFind::new(grid.len());
    let mut batch = Vec::with_capacity(BATCH);
    for keys in rest.chunks(BATCH) {
        batch.clear();
        for &key in keys {
            let slot = slot_of(key);
            let (from, k) = (slot / half, slot % half);
            let (x, y) = grid.coords(from);
            if let Some((nx, ny)) = bands.slots.neighbour(x, y, k) {
                let to = grid.index(nx, ny);
                batch.push((from as u32, to as u32, k, piece_of[from], piece_of[to]));
            }
        }
        for &(_, _, _, a, b) in &batch {
            std::hint::black_box((sets.touch(a), sets.touch(b)));
        }
        for &(from, to, k, a, b) in &batch {
            if sets.union(a, b) {
                add_wires(grid, &mut tiles, from, to, k);
            }
        }
    }
    tiles
}

/// The bands one worker runs Kruskal in, and the tiles it owns.
struct BandWork<'a> {
    bands: &'a Bands,
    weights: &'a [u8],
    lightest_out: &'a [u32],
    /// Index of the first tile of `tiles` and `piece_of`.
    first_tile: usize,
    tiles: &'a mut [Tile],
    piece_of: &'a mut [u32],
}

impl BandWork<'_> {
    /// Run the bands; returns the keys of the candidates.
    fn run(self, bands: Range<usize>) -> Vec<u32> {
        let grid = &self.bands.grid;
        let half = self.bands.slots.half;
        let mut candidates = Vec::new();
        let mut scratch = BandScratch::default();
        let mut pieces = BandPieces::default();
        for band in bands {
            let rows = self.bands.rows(band);
            self.bands
                .sort_internal_edges(self.weights, rows.clone(), &mut scratch);
            let in_band = rows.start * grid.width()..rows.end * grid.width();
            let first = in_band.start as u32;
            pieces.reset(&self.lightest_out[in_band.clone()]);
            for edge in &scratch.sorted {
                let key = key(self.weights[edge.slot as usize], edge.slot as usize);
                match pieces.join(edge.from - first, edge.to - first, key) {
                    Join::Loop => {}
                    Join::Certain => {
                        let (from, to) = (
                            edge.from - self.first_tile as u32,
                            edge.to - self.first_tile as u32,
                        );
                        add_wires(grid, self.tiles, from, to, edge.slot as usize % half);
                    }
                    Join::Candidate => candidates.push(key),
                }
            }
            let own = in_band.start - self.first_tile..in_band.end - self.first_tile;
            for (piece, &label) in self.piece_of[own].iter_mut().zip(&pieces.label) {
                *piece = first + label;
            }
        }
        candidates
    }
}

fn add_wires(grid: &Grid, tiles: &mut [Tile], from: u32, to: u32, k: usize) {
    let dir = Dir(k as u8 + 1);
    link_tiles(grid.topology(), tiles, from as usize, dir, to as usize);
}

/// The board cut into bands of rows.
struct Bands {
    grid: Grid,
    slots: Slots,
    rows: usize,
    band_of_row: Vec<u32>,
}

impl Bands {
    fn new(grid: &Grid, rows: usize) -> Bands {
        Bands {
            grid: *grid,
            slots: Slots::new(grid),
            rows,
            band_of_row: (0..grid.height()).map(|y| (y / rows) as u32).collect(),
        }
    }

    fn count(&self) -> usize {
        self.grid.height().div_ceil(self.rows)
    }

    fn rows(&self, band: usize) -> Range<usize> {
        band * self.rows..((band + 1) * self.rows).min(self.grid.height())
    }

    /// Whether row `y` is the first or last of its band: only there can an
    /// edge (whose rows differ by at most one, or wrap from the last row to
    /// the first) lead to another band.
    fn is_edge_row(&self, y: usize) -> bool {
        y.is_multiple_of(self.rows) || y % self.rows == self.rows - 1 || y + 1 == self.grid.height()
    }

    /// Calls `visit(slot, from, to, crosses)` for every existing edge whose
    /// slot lies in rows `rows`, in slot order.
    fn for_each_edge(
        &self,
        weights: &[u8],
        rows: Range<usize>,
        mut visit: impl FnMut(usize, usize, usize, bool),
    ) {
        let (width, half) = (self.grid.width(), self.slots.half);
        for y in rows {
            let edge_row = self.is_edge_row(y);
            for x in 0..width {
                let from = y * width + x;
                for k in 0..half {
                    let slot = from * half + k;
                    if weights[slot] == NO_EDGE {
                        continue;
                    }
                    if let Some((nx, ny)) = self.slots.neighbour(x, y, k) {
                        let crosses = edge_row && self.band_of_row[ny] != self.band_of_row[y];
                        visit(slot, from, ny * width + nx, crosses);
                    }
                }
            }
        }
    }

    /// The lightest key from each tile to another band, and the keys of all
    /// edges between bands.
    fn cross_edges(&self, weights: &[u8]) -> (Vec<u32>, Vec<u32>) {
        let mut lightest_out = vec![u32::MAX; self.grid.len()];
        let mut keys = Vec::new();
        for y in (0..self.grid.height()).filter(|&y| self.is_edge_row(y)) {
            self.for_each_edge(weights, y..y + 1, |slot, from, to, crosses| {
                if crosses {
                    let key = key(weights[slot], slot);
                    lightest_out[from] = lightest_out[from].min(key);
                    lightest_out[to] = lightest_out[to].min(key);
                    keys.push(key);
                }
            });
        }
        (lightest_out, keys)
    }

    /// The edges inside the band of rows `rows`, by key: one pass collects
    /// them and counts weights, a second places them (a stable counting sort).
    fn sort_internal_edges(&self, weights: &[u8], rows: Range<usize>, scratch: &mut BandScratch) {
        let mut starts = [0usize; 257];
        scratch.found.clear();
        self.for_each_edge(weights, rows, |slot, from, to, crosses| {
            if !crosses {
                starts[usize::from(weights[slot]) + 1] += 1;
                scratch.found.push(BandEdge {
                    slot: slot as u32,
                    from: from as u32,
                    to: to as u32,
                });
            }
        });
        for w in 1..257 {
            starts[w] += starts[w - 1];
        }
        scratch.sorted.clear();
        scratch
            .sorted
            .resize(scratch.found.len(), BandEdge::default());
        for edge in &scratch.found {
            let w = usize::from(weights[edge.slot as usize]);
            scratch.sorted[starts[w]] = *edge;
            starts[w] += 1;
        }
    }
}

/// Buffers reused from band to band.
#[derive(Debug, Default)]
struct BandScratch {
    /// The band's internal edges in slot order.
    found: Vec<BandEdge>,
    /// The same, in key order.
    sorted: Vec<BandEdge>,
}

/// What joining an edge inside a band did.
enum Join {
    /// Both ends were already one piece.
    Loop,
    /// The edge is in the tree for certain.
    Certain,
    /// The edge joined two pieces but may yet lose to an edge between bands.
    Candidate,
}

/// The pieces of one band, as labels: each tile holds its piece's label
/// (the band index of one of its tiles), so asking a tile's piece is one
/// read, with no path to follow and no loop to mispredict. Joining relabels
/// the smaller piece, walking its members on a circular list; a tile is
/// relabelled at most `log2` of the band's size times.
#[derive(Debug, Default)]
struct BandPieces {
    label: Vec<u32>,
    /// The next member of the same piece (circular).
    next: Vec<u32>,
    /// Members per piece, by label.
    size: Vec<u32>,
    /// The lightest key leaving the piece (to another band or as a
    /// candidate), by label.
    lightest_out: Vec<u32>,
}

impl BandPieces {
    /// Singleton pieces for the band's tiles, with their edges to other bands.
    fn reset(&mut self, lightest_out: &[u32]) {
        let tiles = 0..lightest_out.len() as u32;
        self.label.clear();
        self.label.extend(tiles.clone());
        self.next.clear();
        self.next.extend(tiles);
        self.size.clear();
        self.size.resize(lightest_out.len(), 1);
        self.lightest_out.clear();
        self.lightest_out.extend_from_slice(lightest_out);
    }

    /// Consider the edge `key` between band tiles `a` and `b`.
    fn join(&mut self, a: u32, b: u32, key: u32) -> Join {
        let (la, lb) = (
            self.label[a as usize] as usize,
            self.label[b as usize] as usize,
        );
        if la == lb {
            return Join::Loop;
        }
        let (out_a, out_b) = (self.lightest_out[la], self.lightest_out[lb]);
        if out_a < key && out_b < key {
            self.lightest_out[la] = out_a.min(key);
            self.lightest_out[lb] = out_b.min(key);
            return Join::Candidate;
        }
        let (small, big) = if self.size[la] < self.size[lb] {
            (la, lb)
        } else {
            (lb, la)
        };
        let mut member = small;
        loop {
            self.label[member] = big as u32;
            member = self.next[member] as usize;
            if member == small {
                break;
            }
        }
        self.next.swap(small, big);
        self.size[big] += self.size[small];
        self.lightest_out[big] = out_a.min(out_b);
        Join::Certain
    }
}
