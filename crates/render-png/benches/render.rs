//! Rendering benchmarks: a 32x32 board at 48 px a tile (DESIGN.md's target:
//! a PNG in under 50 ms), split into building the Scene, painting it, and
//! encoding the PNG.

use criterion::{Criterion, criterion_group, criterion_main};
use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::{Grid, Topology};
use lightemall_power::Power;
use lightemall_render_png::{Rasterizer, encode_png};
use lightemall_view::{
    FrameInput, Highlights, Layout, PanelInfo, Theme, UiState, error_marks, scene_of,
};
use std::hint::black_box;
use std::time::Duration;

fn render_32x32(c: &mut Criterion) {
    let params = Params {
        grid: Grid::new(Topology::Square, 32, 32, false).expect("valid grid"),
        generator: Generator::Kruskal,
        difficulty: Difficulty::Hard,
        seed: 1,
        station: (16, 16),
    };
    let puzzle = generate(&params).expect("generates");
    let board = puzzle.solution_board().expect("has a solution");
    let mut power = Power::default();
    power.compute(&board, puzzle.station);
    let distance: Vec<_> = (0..board.grid().len()).map(|i| power.distance(i)).collect();
    let errors = error_marks(&board, &[]);
    let panel = PanelInfo {
        time: "3:07".into(),
        moves: 412,
        size: "32x32".into(),
        mode: "square".into(),
        difficulty: "hard".into(),
        solved: true,
        ..PanelInfo::default()
    };
    let input = FrameInput {
        board: &board,
        station: puzzle.station,
        locked: &[],
        distance: &distance,
        radius: None,
        fog: false,
        errors: &errors,
        highlights: Highlights::default(),
        panel: Some(&panel),
        notice: None,
        ui: UiState {
            theme: Theme::Classic,
            ..UiState::default()
        },
        animation: Default::default(),
    };
    let layout = Layout::with_cell(board.grid(), 48.0, true);
    let mut rasterizer = Rasterizer::default();
    let mut group = c.benchmark_group("render_32x32_at_48px");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    group.bench_function("scene", |b| b.iter(|| scene_of(black_box(&input), &layout)));
    let scene = scene_of(&input, &layout);
    group.bench_function("paint", |b| {
        b.iter(|| rasterizer.paint(black_box(&scene)).map(|p| p.width()))
    });
    group.bench_function("png_whole", |b| {
        b.iter(|| {
            let scene = scene_of(black_box(&input), &layout);
            let pixmap = rasterizer.paint(&scene).expect("paints");
            encode_png(pixmap).expect("encodes").len()
        })
    });
    group.finish();
}

criterion_group!(benches, render_32x32);
criterion_main!(benches);
