//! Solver benchmarks on Net's own unique puzzles (generated once by
//! `sgt-net --generate 1 'WxH[w]#lightemall-bench'` and kept beside this
//! file), and on generated Kruskal puzzles, which are not unique in general,
//! counting up to two solutions.

use criterion::{Criterion, criterion_group, criterion_main};
use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::format::net::parse_net_id;
use lightemall_model::{Grid, Topology};
use lightemall_solve::solve;
use std::hint::black_box;
use std::time::Duration;

fn net_puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_net");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for (name, id) in [
        ("30x30w", include_str!("net-30x30w.txt")),
        ("100x100", include_str!("net-100x100.txt")),
        ("200x200", include_str!("net-200x200.txt")),
    ] {
        let board = parse_net_id(id.trim()).expect("a Net game ID");
        group.bench_function(name, |b| b.iter(|| solve(black_box(&board), 2)));
    }
    group.finish();
}

fn generated_puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_generated");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for topology in Topology::ALL {
        let params = Params {
            grid: Grid::new(topology, 30, 30, false).expect("valid grid"),
            generator: Generator::Kruskal,
            difficulty: Difficulty::Hard,
            seed: 1,
            station: (0, 0),
        };
        let board = generate(&params).expect("generates").board;
        group.bench_function(format!("{topology}/30x30"), |b| {
            b.iter(|| solve(black_box(&board), 2))
        });
    }
    group.finish();
}

/// Large Kruskal puzzles, which have several solutions: deciding
/// "multiple" needs the search, and its nodes must cost work near the
/// guess, not in proportion to the board (issue 12's targets: octo
/// 100x100 under 0.3 s, 200x200 under 2 s).
fn large_kruskal_puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve_large_kruskal");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (topology, side) in [
        (Topology::Octo, 100),
        (Topology::Octo, 200),
        (Topology::Square, 300),
    ] {
        let params = Params {
            grid: Grid::new(topology, side, side, false).expect("valid grid"),
            generator: Generator::Kruskal,
            difficulty: Difficulty::Hard,
            seed: 1,
            station: (0, 0),
        };
        let board = generate(&params).expect("generates").board;
        group.bench_function(format!("{topology}/{side}x{side}"), |b| {
            b.iter(|| solve(black_box(&board), 2))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    net_puzzles,
    generated_puzzles,
    large_kruskal_puzzles
);
criterion_main!(benches);
