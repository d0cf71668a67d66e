//! Writes the pictures shown in the README (`docs/images/`): boards part
//! way through a game, in each theme. Run from the workspace root:
//! `cargo run -p lightemall-render-png --example showcase -- docs/images`.

use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::{Board, Grid, Topology};
use lightemall_power::Power;
use lightemall_render_png::{Rasterizer, encode_png_compact, straight_rgba};
use lightemall_view::{
    FrameInput, Layout, PanelInfo, Theme, UiState, distance_word, error_marks, scene_of,
};
use std::path::{Path, PathBuf};

struct Shot {
    file: &'static str,
    topology: Topology,
    size: (usize, usize),
    theme: Theme,
    /// Tiles this many hops from the station (in the solution) are solved.
    solved_within: u32,
    radius: Option<u32>,
    cell: f32,
}

fn main() -> Result<(), String> {
    let dir = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("docs/images"), PathBuf::from);
    let shots = [
        Shot {
            file: "classic-square.png",
            topology: Topology::Square,
            size: (14, 9),
            theme: Theme::Classic,
            solved_within: 9,
            radius: None,
            cell: 48.0,
        },
        Shot {
            file: "circuit-hex.png",
            topology: Topology::Hex,
            size: (12, 9),
            theme: Theme::Circuit,
            solved_within: u32::MAX,
            radius: None,
            cell: 48.0,
        },
        Shot {
            file: "contrast-octo.png",
            topology: Topology::Octo,
            size: (12, 8),
            theme: Theme::Contrast,
            solved_within: 6,
            radius: Some(7),
            cell: 48.0,
        },
    ];
    for shot in &shots {
        write(&dir, shot)?;
    }
    Ok(())
}

/// The scrambled board with every tile near the station turned to its solution.
fn part_solved(shot: &Shot) -> Result<(Board, usize, Option<u32>), String> {
    let (w, h) = shot.size;
    let params = Params {
        grid: Grid::new(shot.topology, w, h, false).map_err(|e| e.to_string())?,
        generator: Generator::Kruskal,
        difficulty: Difficulty::Hard,
        seed: 2026,
        station: (w / 2 - 1, h / 2),
    };
    let puzzle = generate(&params).map_err(|e| e.to_string())?;
    let solved = puzzle.solution_board().ok_or("no solution")?;
    let mut power = Power::default();
    power.compute(&solved, puzzle.station);
    let mut board = puzzle.board.clone();
    for i in 0..board.grid().len() {
        if power.distance(i).is_some_and(|d| d <= shot.solved_within) {
            board.set_tile(i, solved.tile(i));
        }
    }
    let par = puzzle.solution.as_ref().map(|s| {
        let topology = board.grid().topology();
        s.iter()
            .zip(puzzle.board.tiles())
            .map(|(a, b)| b.steps_to(topology, *a).unwrap_or(0))
            .sum()
    });
    Ok((board, puzzle.station, par))
}

fn write(dir: &Path, shot: &Shot) -> Result<(), String> {
    let (board, station, par) = part_solved(shot)?;
    let mut power = Power::default();
    power.compute(&board, station);
    let grid = *board.grid();
    let distance: Vec<_> = power.distances().map(distance_word).collect();
    let errors = error_marks(&board, &[]);
    let solved = power.all_powered(shot.radius) && board.check_solved().is_ok();
    let panel = PanelInfo {
        time: if solved { "4:58".into() } else { "1:12".into() },
        moves: if solved { par.unwrap_or(0) } else { 37 },
        par,
        par_bound: false,
        radius: shot.radius,
        difficulty: "hard".into(),
        rating: None,
        measuring: false,
        size: grid.size_label(),
        mode: grid.topology().name().into(),
        solved,
        daily: false,
    };
    let input = FrameInput {
        distance: &distance,
        radius: shot.radius,
        errors: &errors,
        panel: Some(&panel),
        ui: UiState {
            theme: shot.theme,
            ..UiState::default()
        },
        ..FrameInput::plain(&board, station)
    };
    let layout = Layout::with_cell(&grid, shot.cell, true);
    let mut rasterizer = Rasterizer::default();
    let pixmap = rasterizer
        .paint(&scene_of(&input, &layout))
        .map_err(|e| e.to_string())?;
    let rgba = straight_rgba(pixmap);
    let bytes =
        encode_png_compact(pixmap.width(), pixmap.height(), &rgba).map_err(|e| e.to_string())?;
    let path = dir.join(shot.file);
    std::fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
