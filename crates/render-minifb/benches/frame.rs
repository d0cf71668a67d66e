//! The window's frame: a 64x64 board in a 1920x1080 window, from the
//! session to the `0RGB` words minifb shows (the view's Scene, painted by
//! the rasterizer, converted). DESIGN.md's target: under 8 ms.

use criterion::{Criterion, criterion_group, criterion_main};
use lightemall_engine::{Game, ManualClock};
use lightemall_render_minifb::{Frames, session_without_files};
use std::hint::black_box;
use std::time::Duration;

fn frame_64x64(c: &mut Criterion) {
    let game = Game::from_id(
        "square:64x64:kruskal:hard#1",
        Box::new(ManualClock::default()),
    )
    .expect("a puzzle");
    let session = session_without_files(game);
    let mut frames = Frames::default();
    let mut group = c.benchmark_group("window");
    group.measurement_time(Duration::from_secs(4));
    group.bench_function("frame 64x64 at 1920x1080", |b| {
        b.iter(|| {
            let pixels = frames.paint(&session, 1920, 1080, 10_000).expect("painted");
            black_box(pixels.len())
        });
    });
    group.finish();
}

criterion_group!(benches, frame_64x64);
criterion_main!(benches);
