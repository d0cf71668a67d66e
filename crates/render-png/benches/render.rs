//! Rendering benchmarks: a 32x32 board at 48 px a tile (the target in
//! docs/benchmarks.md: a PNG in under 50 ms), split into building the Scene, painting it, and
//! encoding the PNG; then large boards painted in bands of 512 rows into the
//! encoder (`write_png_in_bands`, as `lightemall render` paints them) beside
//! the same image painted whole.

use criterion::{Criterion, criterion_group, criterion_main};
use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::Board;
use lightemall_model::{Grid, Topology};
use lightemall_power::Power;
use lightemall_render_png::{Rasterizer, encode_png, write_png_in_bands};
use lightemall_view::{
    FrameInput, Layout, PanelInfo, Theme, UiState, distance_word, error_marks, scene_of,
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
    let distance: Vec<_> = power.distances().map(distance_word).collect();
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
        distance: &distance,
        errors: &errors,
        panel: Some(&panel),
        ui: UiState {
            theme: Theme::Classic,
            ..UiState::default()
        },
        ..FrameInput::plain(&board, puzzle.station)
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

/// A solved Kruskal board of `side` tiles a side, its distances and marks.
fn solved(side: usize) -> (Board, usize, Vec<u32>, Vec<u8>) {
    let params = Params {
        grid: Grid::new(Topology::Square, side, side, false).expect("valid grid"),
        generator: Generator::Kruskal,
        difficulty: Difficulty::Hard,
        seed: 1,
        station: (side / 2, side / 2),
    };
    let puzzle = generate(&params).expect("generates");
    let board = puzzle.solution_board().expect("has a solution");
    let mut power = Power::default();
    power.compute(&board, puzzle.station);
    let distance = power.distances().map(distance_word).collect();
    let errors = error_marks(&board, &[]);
    (board, puzzle.station, distance, errors)
}

fn render_in_bands(c: &mut Criterion) {
    let mut group = c.benchmark_group("render_in_bands");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    let panel = PanelInfo::default();
    for (side, cell, whole_too) in [(300, 8.0, true), (1000, 4.0, false)] {
        let (board, station, distance, errors) = solved(side);
        let input = FrameInput {
            distance: &distance,
            errors: &errors,
            panel: Some(&panel),
            ..FrameInput::plain(&board, station)
        };
        let layout = Layout::with_cell(board.grid(), cell, true);
        group.bench_function(format!("banded/{side}"), |b| {
            b.iter(|| {
                let mut bytes = Vec::new();
                write_png_in_bands(&layout, true, 512, |l| scene_of(&input, l), &mut bytes)
                    .expect("paints");
                bytes.len()
            })
        });
        if whole_too {
            let mut rasterizer = Rasterizer::default();
            group.bench_function(format!("whole/{side}"), |b| {
                b.iter(|| {
                    let scene = scene_of(black_box(&input), &layout);
                    let pixmap = rasterizer.paint(&scene).expect("paints");
                    encode_png(pixmap).expect("encodes").len()
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, render_32x32, render_in_bands);
criterion_main!(benches);
