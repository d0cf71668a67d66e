//! Generation benchmarks: Kruskal and the growth generators from 10x10 to
//! 1000x1000; as the in-run reference, a straightforward Kruskal (comparison
//! sort of an edge list, then union-find) on the same weights; and the peer,
//! Simon Tatham's Net generating a 300x300 puzzle without the uniqueness
//! guarantee (`/usr/games/sgt-net`, skipped when not installed), beside ours.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lightemall_gen::random::{Random, Stream};
use lightemall_gen::{Difficulty, Generator, NoSteps, Params, UnionFind, generate, solution_tree};
use lightemall_model::{Grid, Tile, Topology, link_tiles};
use std::hint::black_box;
use std::time::Duration;

fn params(side: usize, generator: Generator) -> Params {
    Params {
        grid: Grid::new(Topology::Square, side, side, false).expect("valid grid"),
        generator,
        difficulty: Difficulty::Hard,
        seed: 1,
        station: (0, 0),
    }
}

fn straightforward_kruskal(grid: &Grid, seed: u64) -> Vec<Tile> {
    let topology = grid.topology();
    let (low, high) = Difficulty::Hard.weight_range();
    let mut random = Random::new(seed, Stream::Tree);
    let mut edges = Vec::new();
    for index in 0..grid.len() {
        for dir in topology.forward_directions() {
            if let Some(other) = grid.neighbour(index, dir) {
                let weight = random.small_between(u16::from(low), u16::from(high));
                edges.push((weight, index as u32, dir, other as u32));
            }
        }
    }
    edges.sort_by_key(|e| e.0);
    let mut sets = UnionFind::new(grid.len());
    let mut tiles = vec![Tile::EMPTY; grid.len()];
    for (_, a, dir, b) in edges {
        if sets.union(a, b) {
            link_tiles(topology, &mut tiles, a as usize, dir, b as usize);
        }
    }
    tiles
}

fn trees(c: &mut Criterion) {
    let mut group = c.benchmark_group("tree");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for generator in Generator::ALL {
        for side in [10, 100, 1000] {
            let p = params(side, *generator);
            group.bench_with_input(BenchmarkId::new(generator.name(), side), &p, |b, p| {
                b.iter(|| solution_tree(black_box(p), &mut NoSteps))
            });
        }
    }
    let grid = params(1000, Generator::Kruskal).grid;
    group.bench_function("straightforward_kruskal/1000", |b| {
        b.iter(|| straightforward_kruskal(black_box(&grid), 1))
    });
    group.finish();
}

fn puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("puzzle");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    let p = params(1000, Generator::Kruskal);
    group.bench_function("kruskal_scrambled/1000", |b| {
        b.iter(|| generate(black_box(&p)))
    });
    group.finish();
}

const NET: &str = "/usr/games/sgt-net";

fn peer(c: &mut Criterion) {
    let mut group = c.benchmark_group("peer");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    let p = params(300, Generator::Kruskal);
    group.bench_function("lightemall_kruskal/300", |b| {
        b.iter(|| generate(black_box(&p)))
    });
    if std::path::Path::new(NET).exists() {
        let mut seed = 0u64;
        group.bench_function("net_nonunique/300", |b| {
            b.iter(|| {
                seed += 1;
                let out = std::process::Command::new(NET)
                    .args(["--generate", "1", &format!("300x300a#{seed}")])
                    .output()
                    .expect("sgt-net runs");
                assert!(out.status.success() && out.stdout.starts_with(b"300x300:"));
            })
        });
    } else {
        eprintln!("{NET} not installed: skipping the peer benchmark (apt-get install sgt-puzzles)");
    }
    group.finish();
}

criterion_group!(benches, trees, puzzles, peer);
criterion_main!(benches);
