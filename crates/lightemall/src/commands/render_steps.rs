//! `lightemall render --gen-steps`: the generator at work (seed 002's demo),
//! orange the tile being processed, green the frontier, as a GIF or a folder
//! of PNG frames; then the solved tree, powered, and the scrambled puzzle.

use crate::cli::RenderArgs;
use crate::commands::render::layout_for;
use crate::puzzle_args::Resolved;
use lightemall_gen::{Generator, Step, StepSink, generate_with_steps};
use lightemall_model::{Board, Dir, Grid, Tile};
use lightemall_power::Power;
use lightemall_render_png::{GifWriter, Rasterizer, encode_png};
use lightemall_view::{FrameInput, Highlights, Layout, Theme, UiState, scene_of};
use std::path::Path;

/// The most frames of generation; longer runs show several steps a frame.
const MAX_FRAMES: usize = 240;
/// The largest board the demo draws (every frame is a full picture).
const MAX_TILES: usize = 64 * 64;

/// One frame of generation: the links made so far, and the colours.
struct Mark {
    links: usize,
    processing: usize,
    frontier: Vec<u32>,
}

/// Keeps every link, and the frontier only at the steps that become frames.
struct FrameSink {
    every: usize,
    count: usize,
    links: Vec<(usize, Dir)>,
    marks: Vec<Mark>,
}

impl StepSink for FrameSink {
    fn step(&mut self, step: Step<'_>) {
        if let Some(link) = step.link {
            self.links.push(link);
        }
        if self.count.is_multiple_of(self.every) {
            self.marks.push(Mark {
                links: self.links.len(),
                processing: step.processing,
                frontier: step.frontier.to_vec(),
            });
        }
        self.count += 1;
    }
}

/// Write the frames to `path`.
pub fn run(
    args: &RenderArgs,
    resolved: &Resolved,
    theme: Theme,
    path: &Path,
) -> Result<(), String> {
    let params = resolved
        .params
        .ok_or("--gen-steps needs a generated puzzle (options or a seeded ID), not a given one")?;
    let grid = params.grid;
    if grid.len() > MAX_TILES {
        return Err(format!(
            "--gen-steps draws boards of at most {MAX_TILES} tiles; {} is larger",
            grid.size_label()
        ));
    }
    // Kruskal looks at every edge, growth at every tile: frames ~ steps / every.
    let expected = grid.len() * usize::from(grid.topology().direction_count()) / 2;
    let mut sink = FrameSink {
        every: expected.div_ceil(MAX_FRAMES).max(1),
        count: 0,
        links: Vec::new(),
        marks: Vec::new(),
    };
    let mut puzzle = generate_with_steps(&params, &mut sink).map_err(|e| e.to_string())?;
    if params.generator == Generator::Unique {
        // The steps build the starting tree; the last frames show the
        // puzzle the solver made unique from it.
        puzzle = lightemall_solve::generate(&params).map_err(|e| e.to_string())?;
    }
    let layout = layout_for(&grid, args.cell, false)?;
    let mut out = FrameOut::new(path, &layout)?;
    let mut tiles = vec![Tile::EMPTY; grid.len()];
    let mut applied = 0;
    for mark in &sink.marks {
        for &(tile, dir) in &sink.links[applied..mark.links] {
            link(&grid, &mut tiles, tile, dir);
        }
        applied = mark.links;
        let board = Board::new(grid, tiles.clone()).map_err(|e| e.to_string())?;
        let highlights = Highlights {
            processing: Some(mark.processing),
            frontier: &mark.frontier,
            hint: None,
        };
        out.frame(
            &layout,
            &frame(&board, puzzle.station, &[], highlights, theme),
            args.step_ms,
        )?;
    }
    let solved = puzzle
        .solution_board()
        .ok_or("the generator gave no solution")?;
    let mut power = Power::default();
    power.compute(&solved, puzzle.station);
    let distance: Vec<_> = (0..grid.len()).map(|i| power.distance(i)).collect();
    out.frame(
        &layout,
        &frame(
            &solved,
            puzzle.station,
            &distance,
            Highlights::default(),
            theme,
        ),
        1500,
    )?;
    out.frame(
        &layout,
        &frame(
            &puzzle.board,
            puzzle.station,
            &[],
            Highlights::default(),
            theme,
        ),
        2500,
    )?;
    out.finish()
}

fn link(grid: &Grid, tiles: &mut [Tile], tile: usize, dir: Dir) {
    if let Some(other) = grid.neighbour(tile, dir) {
        tiles[tile] = tiles[tile].with(dir);
        tiles[other] = tiles[other].with(grid.topology().opposite(dir));
    }
}

fn frame<'a>(
    board: &'a Board,
    station: usize,
    distance: &'a [Option<u32>],
    highlights: Highlights<'a>,
    theme: Theme,
) -> FrameInput<'a> {
    FrameInput {
        board,
        station,
        locked: &[],
        distance,
        radius: None,
        fog: false,
        errors: &[],
        highlights,
        panel: None,
        notice: None,
        ui: UiState {
            theme,
            ..UiState::default()
        },
        animation: Default::default(),
    }
}

/// Whether frames go to one GIF (else to a folder of PNGs).
pub fn is_gif(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gif"))
}

/// Where frames go: one GIF, or numbered PNG files in a folder.
enum FrameOut<'p> {
    Gif {
        path: &'p Path,
        writer: Box<GifWriter>,
        rasterizer: Rasterizer,
    },
    Folder {
        dir: &'p Path,
        next: usize,
        rasterizer: Rasterizer,
    },
}

impl<'p> FrameOut<'p> {
    fn new(path: &'p Path, layout: &Layout) -> Result<FrameOut<'p>, String> {
        let rasterizer = Rasterizer::default();
        if is_gif(path) {
            let writer = GifWriter::new(layout.width, layout.height).map_err(|e| e.to_string())?;
            return Ok(FrameOut::Gif {
                path,
                writer: Box::new(writer),
                rasterizer,
            });
        }
        std::fs::create_dir_all(path)
            .map_err(|e| format!("cannot create the folder {}: {e}", path.display()))?;
        Ok(FrameOut::Folder {
            dir: path,
            next: 0,
            rasterizer,
        })
    }

    fn frame(
        &mut self,
        layout: &Layout,
        input: &FrameInput<'_>,
        delay_ms: u32,
    ) -> Result<(), String> {
        let scene = scene_of(input, layout);
        match self {
            FrameOut::Gif {
                writer, rasterizer, ..
            } => {
                let pixmap = rasterizer.paint(&scene).map_err(|e| e.to_string())?;
                writer.add(pixmap, delay_ms).map_err(|e| e.to_string())
            }
            FrameOut::Folder {
                dir,
                next,
                rasterizer,
            } => {
                let pixmap = rasterizer.paint(&scene).map_err(|e| e.to_string())?;
                let bytes = encode_png(pixmap).map_err(|e| e.to_string())?;
                let file = dir.join(format!("frame-{next:04}.png"));
                *next += 1;
                lightemall_store::write_file_atomically(&file, bytes)
                    .map_err(|e| format!("cannot write {}: {e}", file.display()))
            }
        }
    }

    fn finish(self) -> Result<(), String> {
        match self {
            FrameOut::Gif { path, writer, .. } => {
                let bytes = writer.finish().map_err(|e| e.to_string())?;
                lightemall_store::write_file_atomically(path, bytes)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))
            }
            FrameOut::Folder { .. } => Ok(()),
        }
    }
}
