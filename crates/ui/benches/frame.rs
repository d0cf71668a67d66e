//! The window's frame: a 64x64 board in a 1920x1080 window, from the
//! session to the `0RGB` words a window shows (the target in
//! docs/benchmarks.md: under 8 ms), and its parts: the view's Scene, the rasterizer's painting.

use criterion::{Criterion, criterion_group, criterion_main};
use lightemall_engine::{Game, ManualClock};
use lightemall_render_png::Rasterizer;
use lightemall_ui::{Frames, session_without_files};
use lightemall_view::{FrameInput, Highlights, Layout, PanelInfo, UiState, error_marks, scene_of};
use std::hint::black_box;
use std::time::Duration;

const PUZZLE: &str = "square:64x64:kruskal:hard#1";

fn frame_64x64(c: &mut Criterion) {
    let game = Game::from_id(PUZZLE, Box::new(ManualClock::default())).expect("a puzzle");
    let mut group = c.benchmark_group("window_64x64_at_1920x1080");
    group.measurement_time(Duration::from_secs(3));
    parts(&mut group, &game);
    let session = session_without_files(game);
    let mut frames = Frames::default();
    group.bench_function("frame", |b| {
        b.iter(|| {
            let pixels = frames.paint(&session, 1920, 1080, 10_000).expect("painted");
            black_box(pixels.len())
        });
    });
    group.finish();
}

/// The Scene and the painting alone, on the same board.
fn parts(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>, game: &Game) {
    let tiles = game.board().grid().len();
    let distance: Vec<_> = (0..tiles).map(|i| game.distance(i)).collect();
    let errors = error_marks(game.board(), &game.state().locked);
    let panel = PanelInfo::default();
    let input = FrameInput {
        board: game.board(),
        station: game.state().station,
        locked: &game.state().locked,
        distance: &distance,
        radius: None,
        fog: false,
        errors: &errors,
        highlights: Highlights::default(),
        panel: Some(&panel),
        notice: None,
        ui: UiState::default(),
        animation: Default::default(),
    };
    let layout = Layout::fit(game.board().grid(), 1920, 1080, true);
    group.bench_function("scene", |b| b.iter(|| scene_of(black_box(&input), &layout)));
    let scene = scene_of(&input, &layout);
    let mut rasterizer = Rasterizer::default();
    group.bench_function("paint", |b| {
        b.iter(|| rasterizer.paint(black_box(&scene)).map(|p| p.width()))
    });
}

criterion_group!(benches, frame_64x64);
criterion_main!(benches);
