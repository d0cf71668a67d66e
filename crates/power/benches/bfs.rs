//! Power benchmarks: the search from the station over a solved board (every
//! tile reached) of 32x32 and 1000x1000, wrapping or not, and the diameter by
//! two searches.

use criterion::{Criterion, criterion_group, criterion_main};
use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::{Grid, Topology};
use lightemall_power::{Power, diameter};
use std::hint::black_box;
use std::time::Duration;

fn solved_board(side: usize, wrap: bool) -> lightemall_model::Board {
    let params = Params {
        grid: Grid::new(Topology::Square, side, side, wrap).expect("valid grid"),
        generator: Generator::Kruskal,
        difficulty: Difficulty::Hard,
        seed: 1,
        station: (0, 0),
    };
    generate(&params)
        .expect("generates")
        .solution_board()
        .expect("solved")
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("power");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    for (side, wrap) in [(32, false), (1000, false), (1000, true)] {
        let board = solved_board(side, wrap);
        let mut power = Power::default();
        let station = board.grid().index(side / 2, side / 2);
        let label = if wrap {
            format!("{side}w")
        } else {
            side.to_string()
        };
        group.bench_function(format!("bfs/{label}"), |b| {
            b.iter(|| {
                power.compute(black_box(&board), station);
                power.powered_count(None)
            })
        });
        group.bench_function(format!("diameter/{label}"), |b| {
            b.iter(|| diameter(black_box(&board), 0, &mut power))
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
