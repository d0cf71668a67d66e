//! Error marks: wires that cannot be part of a solution as the board stands.
//! A wire is marked when it points off the board or into a barrier, when it
//! points at a locked tile with no wire back, or when it lies on a loop.
//!
//! Loops are found as the 2-core of the connected wires (leaves pruned until
//! none is left): every loop is marked, and so is a wire that joins two loops.
//!
//! [`Marks`] keeps the marks of a game up to date move by move: a turn
//! prunes the loops its lost links break (the tiles that fall out of the
//! 2-core, nearest first), and for each link it adds searches the trees of
//! unmarked tiles at its two ends, side by side within a budget, for the
//! loop it closes or the two loops it joins; only when that search cannot
//! decide within its budget does it prune the whole board again.

use lightemall_model::{Board, Dir};
use std::collections::HashMap;

/// Per tile, the mask of its wires marked as errors. `locked` may be empty.
pub fn error_marks(board: &Board, locked: &[bool]) -> Vec<u8> {
    let mut marks = dangling(board, locked);
    for (mark, lp) in marks.iter_mut().zip(loops(board)) {
        *mark |= lp;
    }
    marks
}

fn is_locked(locked: &[bool], tile: usize) -> bool {
    locked.get(tile).copied().unwrap_or(false)
}

/// Wires off the board, into a barrier, or at a locked tile that does not answer.
fn dangling(board: &Board, locked: &[bool]) -> Vec<u8> {
    (0..board.grid().len())
        .map(|i| dangling_of(board, locked, i))
        .collect()
}

/// The dangling wires of tile `i`.
fn dangling_of(board: &Board, locked: &[bool], i: usize) -> u8 {
    let grid = board.grid();
    let topology = grid.topology();
    let tile = board.tile(i);
    let blocked = tile.0 & !board.open_directions(i);
    let unanswered = topology
        .directions()
        .filter(|&d| tile.has(d) && board.open_directions(i) & d.bit() != 0)
        .filter(|&d| {
            grid.neighbour(i, d)
                .is_some_and(|j| is_locked(locked, j) && !board.tile(j).has(topology.opposite(d)))
        })
        .fold(0, |m, d| m | d.bit());
    blocked | unanswered
}

/// Linked neighbours of `i`, as (direction, tile).
fn links(board: &Board, i: usize) -> impl Iterator<Item = (Dir, usize)> + '_ {
    board
        .grid()
        .topology()
        .directions()
        .filter_map(move |d| board.linked(i, d).map(|j| (d, j)))
}

/// Wires on loops: prune tiles with fewer than two links until none is left.
fn loops(board: &Board) -> Vec<u8> {
    let n = board.grid().len();
    let mut degree: Vec<u32> = (0..n).map(|i| links(board, i).count() as u32).collect();
    let mut alive = vec![true; n];
    let mut queue: Vec<usize> = (0..n).filter(|&i| degree[i] < 2).collect();
    while let Some(i) = queue.pop() {
        if !alive[i] {
            continue;
        }
        alive[i] = false;
        for (_, j) in links(board, i) {
            if alive[j] {
                degree[j] = degree[j].saturating_sub(1);
                if degree[j] < 2 {
                    queue.push(j);
                }
            }
        }
    }
    (0..n)
        .map(|i| {
            if !alive[i] {
                return 0;
            }
            links(board, i)
                .filter(|&(_, j)| alive[j])
                .fold(0, |m, (d, _)| m | d.bit())
        })
        .collect()
}

/// How many tiles the search for a loop an added link closes may visit
/// before the whole board is pruned again instead.
const SEARCH_BUDGET: usize = 4096;

/// The error marks of a board, kept up to date as its tiles turn and lock
/// ([`Marks::update`]); always equal to [`error_marks`] of the board.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Each tile's wires and lock as last seen.
    wires: Vec<u8>,
    locked: Vec<bool>,
    /// Each tile's linked directions.
    links: Vec<u8>,
    /// Wires off the board, into a barrier, or at a locked mismatch.
    dangling: Vec<u8>,
    /// Whether the tile is in the 2-core (on a loop or between two).
    core: Vec<bool>,
    /// For a tile in the core, its links to tiles in the core.
    core_links: Vec<u8>,
    in_core: usize,
    masks: Vec<u8>,
    budget: usize,
}

/// What the search from the two ends of an added link found.
enum Closes {
    /// No tile joins the core.
    Nothing,
    /// These tiles join the core.
    Tiles(Vec<usize>),
    /// Not decided within the budget.
    Unknown,
}

impl Marks {
    /// The marks of `board` with `locked` tiles (may be empty).
    pub fn new(board: &Board, locked: &[bool]) -> Marks {
        Marks::with_budget(board, locked, SEARCH_BUDGET)
    }

    fn with_budget(board: &Board, locked: &[bool], budget: usize) -> Marks {
        let n = board.grid().len();
        let mut marks = Marks {
            wires: board.tiles().iter().map(|t| t.0).collect(),
            locked: (0..n).map(|i| is_locked(locked, i)).collect(),
            links: (0..n).map(|i| link_mask(board, i)).collect(),
            dangling: dangling(board, locked),
            budget,
            ..Marks::default()
        };
        marks.prune_all(board);
        marks.masks = (0..n).map(|i| marks.mask(board, i)).collect();
        marks
    }

    /// Per tile, the mask of wires marked (as [`error_marks`] gives it).
    pub fn masks(&self) -> &[u8] {
        &self.masks
    }

    /// Bring the marks up to date with `board` and `locked`, where only
    /// the tiles in `changed` may have turned or been locked or unlocked
    /// since the last call (others listed are skipped). The tiles whose
    /// mask changed, each once. A board of another size starts again.
    pub fn update(&mut self, board: &Board, locked: &[bool], changed: &[usize]) -> Vec<usize> {
        let n = board.grid().len();
        if n != self.wires.len() {
            *self = Marks::with_budget(board, locked, self.budget);
            return (0..n).collect();
        }
        let mut touched = Vec::new();
        let mut turned = Vec::new();
        for &tile in changed.iter().filter(|&&t| t < n) {
            let lock = is_locked(locked, tile);
            let wires = board.tile(tile).0;
            if lock == self.locked[tile] && wires == self.wires[tile] {
                continue;
            }
            if wires != self.wires[tile] {
                turned.push(tile);
            }
            self.locked[tile] = lock;
            self.wires[tile] = wires;
            touched.push(tile);
            touched.extend(neighbours(board, tile));
        }
        for &tile in &touched {
            self.dangling[tile] = dangling_of(board, locked, tile);
        }
        match turned.as_slice() {
            [] => {}
            &[tile] => {
                if !self.relink(board, tile, &mut touched) {
                    return self.start_again(board);
                }
            }
            _ => return self.start_again(board),
        }
        touched.sort_unstable();
        touched.dedup();
        touched.retain(|&tile| {
            let mask = self.mask(board, tile);
            std::mem::replace(&mut self.masks[tile], mask) != mask
        });
        touched
    }

    /// The links of `tile` brought up to date after it turned: lost links
    /// prune the core, added ones may grow it. The tiles whose core
    /// membership or links changed, with their neighbours, go into
    /// `touched`. `false` if the search could not decide.
    fn relink(&mut self, board: &Board, tile: usize, touched: &mut Vec<usize>) -> bool {
        let topology = board.grid().topology();
        let now = link_mask(board, tile);
        let before = self.links[tile];
        let mut prune = Vec::new();
        let lost = before & !now;
        for d in topology.directions().filter(|d| lost & d.bit() != 0) {
            let Some(other) = board.grid().neighbour(tile, d) else {
                continue;
            };
            self.links[tile] &= !d.bit();
            self.links[other] &= !topology.opposite(d).bit();
            if self.core[tile] && self.core[other] {
                self.core_links[tile] &= !d.bit();
                self.core_links[other] &= !topology.opposite(d).bit();
                prune.extend([tile, other]);
            }
        }
        while let Some(x) = prune.pop() {
            if !self.core[x] || self.core_links[x].count_ones() >= 2 {
                continue;
            }
            self.core[x] = false;
            self.in_core -= 1;
            touched.push(x);
            let links = self.core_links[x];
            for d in topology.directions().filter(|d| links & d.bit() != 0) {
                if let Some(y) = board.grid().neighbour(x, d) {
                    self.core_links[y] &= !topology.opposite(d).bit();
                    touched.push(y);
                    prune.push(y);
                }
            }
            self.core_links[x] = 0;
        }
        for d in topology
            .directions()
            .filter(|d| now & !before & d.bit() != 0)
        {
            let Some(other) = board.grid().neighbour(tile, d) else {
                continue;
            };
            let joined = if self.core[tile] && self.core[other] {
                Vec::new()
            } else {
                match self.closes(board, tile, d, other) {
                    Closes::Nothing => Vec::new(),
                    Closes::Tiles(tiles) => tiles,
                    Closes::Unknown => return false,
                }
            };
            self.links[tile] |= d.bit();
            self.links[other] |= topology.opposite(d).bit();
            for &x in &joined {
                self.core[x] = true;
                self.in_core += 1;
            }
            for x in joined.iter().copied().chain([tile, other]) {
                touched.push(x);
                for y in neighbours(board, x).chain([x]) {
                    touched.push(y);
                    self.core_links[y] = self.core_link_mask(board, y);
                }
            }
        }
        true
    }

    /// The tiles that join the core when `a` links to `b` toward `d`
    /// (not both in the core): the searches from both ends go through
    /// tiles outside the core, by the links there are now (not the new
    /// one), a tile at a time each. A tree outside the core meets the
    /// core at one tile at most, its anchor; the new link closes a loop
    /// (the ends are in one tree) or joins two (both trees are anchored),
    /// and the tiles on the way join the core.
    fn closes(&self, board: &Board, a: usize, d: Dir, b: usize) -> Closes {
        let topology = board.grid().topology();
        let skip = [(a, d), (b, topology.opposite(d))];
        // Per tile seen: which side, and the tile it was reached from.
        let mut seen: HashMap<usize, (usize, usize)> = HashMap::new();
        let mut queues = [vec![a], vec![b]];
        let mut heads = [0, 0];
        // Per side: the tile next to the core where it was reached.
        let mut anchor: [Option<usize>; 2] = [None, None];
        for (side, start) in [a, b].into_iter().enumerate() {
            if self.core[start] {
                anchor[side] = Some(start);
            } else {
                seen.insert(start, (side, usize::MAX));
            }
        }
        let path = |seen: &HashMap<usize, (usize, usize)>, mut x: usize| {
            let mut tiles = Vec::new();
            while x != usize::MAX {
                tiles.push(x);
                x = seen.get(&x).map_or(usize::MAX, |&(_, from)| from);
            }
            tiles
        };
        let done = |anchor: &[Option<usize>; 2],
                    heads: &[usize; 2],
                    queues: &[Vec<usize>; 2],
                    side: usize| {
            anchor[side].is_some() || heads[side] >= queues[side].len()
        };
        while !(done(&anchor, &heads, &queues, 0) && done(&anchor, &heads, &queues, 1)) {
            for side in 0..2 {
                if done(&anchor, &heads, &queues, side) {
                    continue;
                }
                if seen.len() > self.budget {
                    return Closes::Unknown;
                }
                let x = queues[side][heads[side]];
                heads[side] += 1;
                for e in topology
                    .directions()
                    .filter(|e| self.links[x] & e.bit() != 0)
                {
                    if skip.contains(&(x, e)) {
                        continue;
                    }
                    let Some(y) = board.grid().neighbour(x, e) else {
                        continue;
                    };
                    if self.core[y] {
                        anchor[side] = Some(x);
                        break;
                    }
                    match seen.get(&y) {
                        Some(&(s, _)) if s == side => {}
                        Some(_) if self.in_core == 0 => {
                            // One tree, and no core anywhere: the loop alone.
                            let mut tiles = path(&seen, x);
                            tiles.extend(path(&seen, y));
                            return Closes::Tiles(tiles);
                        }
                        Some(_) => return Closes::Unknown,
                        None => {
                            seen.insert(y, (side, x));
                            queues[side].push(y);
                        }
                    }
                }
            }
        }
        match anchor {
            [Some(x), Some(y)] => {
                let mut tiles = path(&seen, x);
                tiles.extend(path(&seen, y));
                tiles.retain(|&t| !self.core[t]);
                Closes::Tiles(tiles)
            }
            // A tree searched to its end, with no anchor and without the
            // other end: the link joins it to another tree, no loop.
            [None, _] if heads[0] >= queues[0].len() => Closes::Nothing,
            [_, None] if heads[1] >= queues[1].len() => Closes::Nothing,
            _ => Closes::Unknown,
        }
    }

    /// Prune the whole board again; every tile may have changed.
    fn start_again(&mut self, board: &Board) -> Vec<usize> {
        let n = board.grid().len();
        self.links = (0..n).map(|i| link_mask(board, i)).collect();
        self.prune_all(board);
        (0..n)
            .filter(|&i| {
                let mask = self.mask(board, i);
                std::mem::replace(&mut self.masks[i], mask) != mask
            })
            .collect()
    }

    fn prune_all(&mut self, board: &Board) {
        let n = board.grid().len();
        // A tile of the core has two links in it at least, so a mark.
        self.core = loops(board).into_iter().map(|m| m != 0).collect();
        debug_assert_eq!(self.core.len(), n);
        self.in_core = self.core.iter().filter(|&&c| c).count();
        self.core_links = (0..n).map(|i| self.core_link_mask(board, i)).collect();
    }

    fn core_link_mask(&self, board: &Board, i: usize) -> u8 {
        if !self.core[i] {
            return 0;
        }
        board
            .grid()
            .topology()
            .directions()
            .filter(|d| self.links[i] & d.bit() != 0)
            .filter(|&d| board.grid().neighbour(i, d).is_some_and(|j| self.core[j]))
            .fold(0, |m, d| m | d.bit())
    }

    fn mask(&self, board: &Board, i: usize) -> u8 {
        self.dangling[i] | self.core_link_mask(board, i)
    }
}

/// The directions in which tile `i` is linked.
fn link_mask(board: &Board, i: usize) -> u8 {
    links(board, i).fold(0, |m, (d, _)| m | d.bit())
}

/// The tiles next to `i`.
fn neighbours(board: &Board, i: usize) -> impl Iterator<Item = usize> + '_ {
    let grid = board.grid();
    grid.topology()
        .directions()
        .filter_map(move |d| grid.neighbour(i, d))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_model::format::net::parse_net_id;
    use lightemall_model::{Grid, Tile, Topology};

    fn square(w: usize, h: usize, masks: &[u8]) -> Board {
        let grid = Grid::new(Topology::Square, w, h, false).expect("valid grid");
        Board::new(grid, masks.iter().map(|&m| Tile(m)).collect()).expect("valid board")
    }

    #[test]
    fn a_loop_is_marked_and_a_tree_is_not() {
        // ┌┐ / └┘ (N=1 E=2 S=4 W=8)
        assert_eq!(
            error_marks(&square(2, 2, &[6, 12, 3, 9]), &[]),
            vec![6, 12, 3, 9]
        );
        assert_eq!(error_marks(&square(2, 2, &[6, 12, 1, 1]), &[]), vec![0; 4]);
    }

    #[test]
    fn wires_off_the_board_or_at_a_locked_mismatch() {
        // (0,0) points N off the board; (1,0) points W at (0,0).
        let board = square(2, 2, &[1, 8, 0, 0]);
        assert_eq!(error_marks(&board, &[]), vec![1, 0, 0, 0]);
        assert_eq!(
            error_marks(&board, &[true, false, false, false]),
            vec![1, 8, 0, 0]
        );
    }

    #[test]
    fn barriers_count_as_edges() {
        let board = parse_net_id("2x2:1v400").expect("valid id");
        assert_eq!(error_marks(&board, &[])[0], 2);
    }
}

#[cfg(test)]
mod incremental {
    use super::*;
    use lightemall_gen::random::{Random, Stream};
    use lightemall_gen::{Params, generate};

    /// Random turns and locks, on scrambled and nearly solved boards of
    /// every topology, wrapping or not, with a search budget that decides
    /// and one that mostly cannot: the marks kept up to date are always
    /// the marks worked out afresh, and every tile whose mask changed is
    /// listed.
    #[test]
    fn marks_kept_up_to_date_equal_marks_worked_out_afresh() {
        let ids = [
            "square:9x7:kruskal:easy#1",
            "square:8x8w:kruskal:hard#2",
            "hex:7x6:kruskal:hard#3",
            "hex:6x6w:kruskal:hard#4",
            "octo:7x7:kruskal:hard#5",
            "octo:6x6w:kruskal:medium#6",
            "square:2x3w:kruskal:easy#7",
        ];
        let mut rng = Random::new(17, Stream::Tree);
        let mut updates = [0usize; 2];
        for id in ids {
            let params: Params = id.parse().expect("an ID");
            let puzzle = generate(&params).expect("a puzzle");
            let solved = puzzle.solution_board().expect("a solution");
            for (start, budget) in [
                (&puzzle.board, 4096),
                (&solved, 4096),
                (&puzzle.board, 3),
                (&solved, 3),
            ] {
                let mut board = start.clone();
                let n = board.grid().len();
                let mut locked = vec![false; n];
                let mut marks = Marks::with_budget(&board, &locked, budget);
                assert_eq!(marks.masks(), error_marks(&board, &locked).as_slice());
                for step in 0..300 {
                    let tile = rng.index(n);
                    if rng.index(8) == 0 {
                        locked[tile] = !locked[tile];
                    } else {
                        board.rotate(tile, 1 + rng.index(2) as u32);
                    }
                    let before = marks.masks().to_vec();
                    let mut changed = vec![tile, rng.index(n)];
                    if rng.index(20) == 0 {
                        // Two tiles turned between two updates.
                        let other = rng.index(n);
                        board.rotate(other, 1);
                        changed.push(other);
                    }
                    let listed = marks.update(&board, &locked, &changed);
                    let fresh = error_marks(&board, &locked);
                    assert_eq!(marks.masks(), fresh.as_slice(), "{id} step {step}");
                    for i in 0..n {
                        if before[i] != fresh[i] {
                            assert!(listed.contains(&i), "{id} step {step}: {i} not listed");
                        }
                    }
                    updates[usize::from(before != fresh)] += 1;
                }
            }
        }
        assert!(updates[1] > 100, "marks changed often: {updates:?}");
    }
}
