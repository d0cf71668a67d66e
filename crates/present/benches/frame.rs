//! The window's frame: a 64x64 board in a 1920x1080 window, from the
//! session to the `0RGB` words a window shows (the target in
//! docs/benchmarks.md: under 8 ms), and its parts: the view's Scene, the
//! rasterizer's painting. And a click: the turn and the frame after it,
//! painted in part over the frame before, on a 64x64 board and on a
//! 1000x1000 board in a 1280x960 window (issue 17's target: under 50 ms
//! from press to pixels), there also on tiles whose turn moves the
//! farthest lit tile (every lit tile's shade changes), and the station
//! moved there and back.

use criterion::{Criterion, criterion_group, criterion_main};
use lightemall_engine::{Game, ManualClock};
use lightemall_present::{Frames, layout_for};
use lightemall_render_png::Rasterizer;
use lightemall_session::{Action, Heading, Session, session_without_files};
use lightemall_view::{FrameInput, Layout, PanelInfo, distance_word, error_marks, scene_of};
use std::hint::black_box;
use std::time::Duration;

const PUZZLE: &str = "square:64x64:kruskal:hard#1";
const LARGE: &str = "square:1000x1000:kruskal:hard#1";

fn frame_64x64(c: &mut Criterion) {
    let game = Game::from_id(PUZZLE, Box::new(ManualClock::default())).expect("a puzzle");
    let mut group = c.benchmark_group("window_64x64_at_1920x1080");
    group.measurement_time(Duration::from_secs(3));
    parts(&mut group, &game);
    let mut session = session_without_files(game);
    let mut frames = Frames::default();
    group.bench_function("frame", |b| {
        b.iter(|| {
            frames.forget();
            let pixels = frames.paint(&session, 1920, 1080, 10_000).expect("painted");
            black_box(pixels.len())
        });
    });
    clicks(&mut group, &mut session, (1920, 1080));
    group.finish();
}

/// A click at rest, as a slow (huge) board's window paints it: a tile
/// in the window turns, the frame is painted again (in part), the tile
/// turns back, the frame again. Two clicks an iteration.
fn clicks(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    session: &mut Session,
    (width, height): (u32, u32),
) {
    session.resize(width, height);
    let shown: Vec<usize> = layout_for(session, width, height).visible_tiles();
    clicks_on(
        group,
        "two_clicks_and_their_frames",
        session,
        (width, height),
        &shown,
    );
}

/// As [`clicks`], on tiles whose turn changes the farthest lit tile's
/// distance (so the shade of every lit tile).
fn farthest_clicks(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    session: &mut Session,
    (width, height): (u32, u32),
) {
    session.resize(width, height);
    let mut moving = Vec::new();
    let turn = |session: &mut Session, tile, clockwise| {
        session.apply(Action::Turn { tile, clockwise }, 0);
        session.game().farthest_distance()
    };
    for tile in layout_for(session, width, height).visible_tiles() {
        // Left turned so that its next turn clockwise moves the farthest
        // tile, if one of its turns does.
        let mut before = session.game().farthest_distance();
        for _ in 0..4 {
            let after = turn(session, tile, true);
            if after != before {
                turn(session, tile, false);
                moving.push(tile);
                break;
            }
            before = after;
        }
        if moving.len() == 8 {
            break;
        }
    }
    assert!(!moving.is_empty(), "no turn moves the farthest tile");
    let name = "two_clicks_moving_the_farthest_tile";
    clicks_on(group, name, session, (width, height), &moving);
}

/// The station moved there and back by the arrows, and the frame after
/// each (early in a game: few tiles connected, so only they are painted
/// again). The station's tile is turned until the station can move.
fn station_moves(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    session: &mut Session,
    (width, height): (u32, u32),
) {
    session.resize(width, height);
    let station = session.game().state().station;
    let mut there = None;
    'turns: for _ in 0..4 {
        for degrees in [0, 90, 180, 270] {
            session.apply(Action::Arrow(Heading(degrees)), 0);
            if session.game().state().station != station {
                there = Some(degrees);
                break 'turns;
            }
        }
        let turn = Action::Turn {
            tile: station,
            clockwise: true,
        };
        session.apply(turn, 0);
    }
    let there = there.expect("the station can move");
    let back = (there + 180) % 360;
    session.apply(Action::Arrow(Heading(back)), 0);
    let mut frames = Frames::default();
    let mut now = 0;
    frames.paint(session, width, height, now).expect("painted");
    group.bench_function("station_there_and_back_and_their_frames", |b| {
        b.iter(|| {
            for degrees in [there, back] {
                now += 10_000;
                session.apply(Action::Arrow(Heading(degrees)), now);
                let pixels = frames
                    .paint(session, width, height, now + 5_000)
                    .expect("painted");
                black_box(pixels.len());
            }
        });
    });
}

/// Two clicks an iteration, on the next of `tiles`, and their frames.
fn clicks_on(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    session: &mut Session,
    (width, height): (u32, u32),
    shown: &[usize],
) {
    let mut frames = Frames::default();
    let mut now = 0;
    frames.paint(session, width, height, now).expect("painted");
    let mut next = 0;
    group.bench_function(name, |b| {
        b.iter(|| {
            next = (next + 7919) % shown.len();
            let tile = shown[next];
            for clockwise in [true, false] {
                now += 10_000;
                session.apply(Action::Turn { tile, clockwise }, now);
                // At rest (a small board's window animates the turn first).
                let pixels = frames
                    .paint(session, width, height, now + 5_000)
                    .expect("painted");
                black_box(pixels.len());
            }
        });
    });
}

fn click_1000x1000(c: &mut Criterion) {
    let game = Game::from_id(LARGE, Box::new(ManualClock::default())).expect("a puzzle");
    let mut group = c.benchmark_group("window_1000x1000_at_1280x960");
    group.sample_size(20);
    group.measurement_time(Duration::from_secs(5));
    let mut session = session_without_files(game);
    let mut frames = Frames::default();
    group.bench_function("frame", |b| {
        b.iter(|| {
            frames.forget();
            let pixels = frames.paint(&session, 1280, 960, 10_000).expect("painted");
            black_box(pixels.len())
        });
    });
    clicks(&mut group, &mut session, (1280, 960));
    farthest_clicks(&mut group, &mut session, (1280, 960));
    station_moves(&mut group, &mut session, (1280, 960));
    group.finish();
}

/// The Scene and the painting alone, on the same board.
fn parts(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>, game: &Game) {
    let distance: Vec<_> = game.distances().map(distance_word).collect();
    let errors = error_marks(game.board(), &game.state().locked);
    let panel = PanelInfo::default();
    let input = FrameInput {
        locked: &game.state().locked,
        distance: &distance,
        errors: &errors,
        panel: Some(&panel),
        ..FrameInput::plain(game.board(), game.state().station)
    };
    let layout = Layout::fit(game.board().grid(), 1920, 1080, true);
    group.bench_function("scene", |b| b.iter(|| scene_of(black_box(&input), &layout)));
    let scene = scene_of(&input, &layout);
    let mut rasterizer = Rasterizer::default();
    group.bench_function("paint", |b| {
        b.iter(|| rasterizer.paint(black_box(&scene)).map(|p| p.width()))
    });
}

criterion_group!(benches, frame_64x64, click_1000x1000);
criterion_main!(benches);
