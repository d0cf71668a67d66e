//! Power benchmarks:
//! - the search from the station over a solved board (every tile reached):
//!   square 32x32 and 1000x1000, wrapping or not, hex and octo 1000x1000;
//! - beside it on square 1000x1000, a plain breadth-first search over
//!   `Board::linked`; every distance copied out, tile by tile or row by
//!   row;
//! - the diameter by two searches;
//! - a turn and its update (`LivePower::turned`) beside the full search
//!   that the engine made after every move before, on solved and scrambled
//!   boards of 64x64 and 1000x1000.

use criterion::{Criterion, criterion_group, criterion_main};
use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::{Board, Grid, Topology};
use lightemall_power::{LivePower, Power, diameter};
use std::collections::VecDeque;
use std::hint::black_box;
use std::time::Duration;

fn params(topology: Topology, side: usize, wrap: bool) -> Params {
    Params {
        grid: Grid::new(topology, side, side, wrap).expect("valid grid"),
        generator: Generator::Kruskal,
        difficulty: Difficulty::Hard,
        seed: 1,
        station: (0, 0),
    }
}

fn solved_board(topology: Topology, side: usize, wrap: bool) -> Board {
    generate(&params(topology, side, wrap))
        .expect("generates")
        .solution_board()
        .expect("solved")
}

/// The reference the targets measure against (docs/benchmarks.md): a queue of tile indices over
/// `Board::linked`, a distance per tile.
fn plain_bfs(board: &Board, station: usize) -> usize {
    let mut distance = vec![u32::MAX; board.grid().len()];
    distance[station] = 0;
    let mut queue = VecDeque::from([station]);
    let mut reached = 0;
    while let Some(tile) = queue.pop_front() {
        reached += 1;
        for dir in board.grid().topology().directions() {
            if let Some(other) = board.linked(tile, dir)
                && distance[other] == u32::MAX
            {
                distance[other] = distance[tile] + 1;
                queue.push_back(other);
            }
        }
    }
    reached
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("power");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    let square = Topology::Square;
    for (topology, side, wrap) in [
        (square, 32, false),
        (square, 1000, false),
        (square, 1000, true),
        (Topology::Hex, 1000, false),
        (Topology::Octo, 1000, false),
    ] {
        let board = solved_board(topology, side, wrap);
        let mut power = Power::default();
        let station = board.grid().index(side / 2, side / 2);
        let shape = match topology {
            Topology::Square => "",
            Topology::Hex => "hex",
            Topology::Octo => "octo",
        };
        let label = format!("{shape}{side}{}", if wrap { "w" } else { "" });
        group.bench_function(format!("bfs/{label}"), |b| {
            b.iter(|| {
                power.compute(black_box(&board), station);
                power.powered_count(None)
            })
        });
        if topology != square {
            continue;
        }
        if side == 1000 && !wrap {
            group.bench_function(format!("plain_bfs/{label}"), |b| {
                b.iter(|| plain_bfs(black_box(&board), station))
            });
            // What a front end copies after a change: every distance.
            power.compute(&board, station);
            let tiles = board.grid().len();
            group.bench_function(format!("distance_each/{label}"), |b| {
                b.iter(|| (0..tiles).map(|t| power.distance(t)).collect::<Vec<_>>())
            });
            group.bench_function(format!("distances/{label}"), |b| {
                b.iter(|| power.distances().collect::<Vec<_>>())
            });
        }
        group.bench_function(format!("diameter/{label}"), |b| {
            b.iter(|| diameter(black_box(&board), 0, &mut power))
        });
    }
    group.finish();
}

/// A click on a random tile: it turns once clockwise, the power is brought
/// up to date, and it turns back (two updates per iteration, as two moves).
fn turn(c: &mut Criterion) {
    let mut group = c.benchmark_group("power");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    for side in [64, 1000] {
        let solved = solved_board(Topology::Square, side, false);
        let scrambled = generate(&params(Topology::Square, side, false))
            .expect("generates")
            .board;
        for (name, board) in [("solved", solved), ("scrambled", scrambled)] {
            let mut board = board;
            let station = board.grid().index(side / 2, side / 2);
            let tiles = board.grid().len();
            let mut live = LivePower::default();
            live.compute(&board, station);
            let mut clicks = Clicks { next: 1, tiles };
            group.bench_function(format!("turn/{name}/{side}"), |b| {
                b.iter(|| {
                    clicks.turn_and_back(&mut board, |board, tile| {
                        live.turned(black_box(board), tile, station);
                    });
                    live.powered_count(None)
                })
            });
            let mut power = Power::default();
            group.bench_function(format!("turn_full/{name}/{side}"), |b| {
                b.iter(|| {
                    clicks.turn_and_back(&mut board, |board, _| {
                        power.compute(black_box(board), station);
                    });
                    power.powered_count(None)
                })
            });
        }
    }
    group.finish();
}

/// Random clicks, the same sequence in every bench.
struct Clicks {
    next: u64,
    tiles: usize,
}

impl Clicks {
    /// Turn a random tile once clockwise and back, calling `update` after
    /// each of the two moves.
    fn turn_and_back(&mut self, board: &mut Board, mut update: impl FnMut(&Board, usize)) {
        self.next = self
            .next
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let tile = (self.next >> 33) as usize % self.tiles;
        board.rotate(tile, 1);
        update(board, tile);
        board.rotate(tile, 3);
        update(board, tile);
    }
}

criterion_group!(benches, search, turn);
criterion_main!(benches);
