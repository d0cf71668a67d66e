use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::{Grid, Topology};
use lightemall_power::Power;
use std::time::Instant;
fn main() {
    for (topo, side, wrap, reps) in [
        (Topology::Square, 32usize, false, 3000),
        (Topology::Square, 1000, false, 40),
        (Topology::Square, 1000, true, 40),
        (Topology::Hex, 1000, false, 30),
        (Topology::Octo, 1000, false, 30),
    ] {
        let p = Params {
            grid: Grid::new(topo, side, side, wrap).unwrap(),
            generator: Generator::Kruskal,
            difficulty: Difficulty::Hard,
            seed: 1,
            station: (0, 0),
        };
        let board = generate(&p).unwrap().solution_board().unwrap();
        let mut power = Power::default();
        let st = board.grid().index(side / 2, side / 2);
        let mut best = f64::MAX;
        for _ in 0..reps {
            let t = Instant::now();
            power.compute(&board, st);
            std::hint::black_box(power.powered_count(None));
            best = best.min(t.elapsed().as_secs_f64());
        }
        print!(
            "{topo:?}{side}{}: {:.3} ms | ",
            if wrap { "w" } else { "" },
            best * 1e3
        );
    }
    println!();
}
