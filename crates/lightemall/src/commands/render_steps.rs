//! `lightemall render --gen-steps`: the generator at work (the window's demo),
//! orange the tile being processed, green the frontier, as a GIF or a folder
//! of PNG frames; then the solved tree, powered, and the scrambled puzzle.

use crate::cli::RenderArgs;
use crate::commands::canvas::{cell_for, layout_for};
use crate::puzzle_args::Resolved;
use lightemall_gen::{MAX_STEP_TILES, Step, StepSink, solution_tree};
use lightemall_model::{Board, Dir, Grid, Tile};
use lightemall_power::Power;
use lightemall_render_png::{GifWriter, Rasterizer, encode_png};
use lightemall_view::{FrameInput, Highlights, Layout, Theme, UiState, distance_word, scene_of};
use std::path::Path;

/// The most frames of generation; longer runs show several steps a frame.
const MAX_FRAMES: usize = 240;
/// The most frames: generation's, the solved tree, the puzzle, and one
/// for rounding.
const MOST_FRAMES: u64 = MAX_FRAMES as u64 + 3;
/// The most pixels painted over all frames: a 64x64 board at the default
/// cell (about 1.1 million pixels a frame) fits; at `--cell 120` (59
/// million a frame) it took 479 s, 896 MB and wrote a 370 MB GIF.
const MAX_STEP_PIXELS: u64 = 320_000_000;

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

/// Refuse a board too large to draw step by step (before it is generated).
pub fn check_size(grid: &Grid) -> Result<(), String> {
    if grid.len() > MAX_STEP_TILES {
        return Err(format!(
            "--gen-steps draws boards of at most {MAX_STEP_TILES} tiles; {} is larger",
            grid.size_label()
        ));
    }
    Ok(())
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
    check_size(&grid)?;
    let layout = layout_for(&grid, args.cell, false)?;
    check_budget(&grid, &layout, args.cell)?;
    // Kruskal looks at every edge, growth at every tile: frames ~ steps / every.
    let expected = grid.len() * usize::from(grid.topology().direction_count()) / 2;
    let mut sink = FrameSink {
        every: expected.div_ceil(MAX_FRAMES).max(1),
        count: 0,
        links: Vec::new(),
        marks: Vec::new(),
    };
    // The steps build the tree (for `unique` and `graded`, the starting
    // tree); the last frames show the puzzle: `resolved`, made by the one
    // generator entry point.
    solution_tree(&params, &mut sink);
    let puzzle = &resolved.puzzle;
    let mut out = FrameOut::new(path, &layout)?;
    let mut board = Board::new(grid, vec![Tile::EMPTY; grid.len()]).map_err(|e| e.to_string())?;
    let mut applied = 0;
    let progress = crate::progress::Steps::new("drawing frames", sink.marks.len() as u64);
    for mark in &sink.marks {
        progress.advance();
        for &(tile, dir) in &sink.links[applied..mark.links] {
            board.link(tile, dir);
        }
        applied = mark.links;
        let highlights = Highlights {
            processing: Some(mark.processing),
            frontier: &mark.frontier,
            hint: None,
            forcing: &[],
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
    let distance: Vec<_> = power.distances().map(distance_word).collect();
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

fn frame<'a>(
    board: &'a Board,
    station: usize,
    distance: &'a [u32],
    highlights: Highlights<'a>,
    theme: Theme,
) -> FrameInput<'a> {
    FrameInput {
        distance,
        highlights,
        ui: UiState {
            theme,
            ..UiState::default()
        },
        ..FrameInput::plain(board, station)
    }
}

fn frame_pixels(layout: &Layout) -> u64 {
    u64::from(layout.width) * u64::from(layout.height)
}

/// Refuse, before any work, frames that together pass [`MAX_STEP_PIXELS`],
/// naming the largest `--cell` that fits.
fn check_budget(grid: &Grid, layout: &Layout, cell: Option<u32>) -> Result<(), String> {
    let pixels = MOST_FRAMES * frame_pixels(layout);
    if pixels <= MAX_STEP_PIXELS {
        return Ok(());
    }
    let asked = cell_for(grid, cell);
    let fits = (4..asked).rev().find(|&cell| {
        let layout = Layout::with_cell(grid, cell as f32, false);
        MOST_FRAMES * frame_pixels(&layout) <= MAX_STEP_PIXELS
    });
    let advice = match fits {
        Some(cell) => format!("choose --cell {cell} or less"),
        None => "choose a smaller board".to_string(),
    };
    Err(format!(
        "--gen-steps would paint up to {MOST_FRAMES} frames of {}x{} pixels ({} million \
         pixels in all), more than the {} million allowed; {advice}",
        layout.width,
        layout.height,
        pixels / 1_000_000,
        MAX_STEP_PIXELS / 1_000_000
    ))
}

/// The file a folder of frames holds to say that `--gen-steps` made it:
/// the next run may replace the frames there.
pub const FRAMES_MARKER: &str = ".lightemall-frames";

/// What [`FRAMES_MARKER`] says to whoever opens it.
const MARKER_TEXT: &str = "lightemall render --gen-steps wrote the frames in this folder; \
                           the next run into it removes them first\n";

/// Refuse, before any work, a folder the frames may not go into. Frames go
/// into a new folder, an empty one, or one an earlier run made (it holds
/// [`FRAMES_MARKER`]); never into a folder of other files (the user's own
/// `frame-0003.png` was replaced), nor through a symbolic link.
pub fn check_folder(dir: &Path) -> Result<(), String> {
    let shown = dir.display();
    match std::fs::symlink_metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot write frames into {shown}: {e}")),
        Ok(meta) if meta.file_type().is_symlink() => Err(format!(
            "--gen-steps {shown} is a symbolic link; frames go only into a folder itself"
        )),
        Ok(meta) if !meta.is_dir() => Err(format!(
            "--gen-steps {shown} is no folder (a GIF's name ends in .gif); it is not replaced"
        )),
        Ok(_) => {
            let marked =
                std::fs::symlink_metadata(dir.join(FRAMES_MARKER)).is_ok_and(|meta| meta.is_file());
            let mut entries = std::fs::read_dir(dir)
                .map_err(|e| format!("cannot write frames into {shown}: {e}"))?;
            if marked || entries.next().is_none() {
                Ok(())
            } else {
                Err(format!(
                    "--gen-steps {shown} is not empty and no earlier --gen-steps made it \
                     (it has no {FRAMES_MARKER}); choose a new or empty folder"
                ))
            }
        }
    }
}

/// Whether `name` is a frame's file name: `frame-` digits `.png`.
fn is_frame_name(name: &str) -> bool {
    name.strip_prefix("frame-")
        .and_then(|rest| rest.strip_suffix(".png"))
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Make `dir` a folder of frames for this run: checked again, created if
/// missing, marked, and emptied of the frames of the run before (so two
/// runs' frames never mix). Only frame files go; nothing else is touched.
fn prepare_folder(dir: &Path) -> Result<(), String> {
    check_folder(dir)?;
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot create the folder {}: {e}", dir.display()))?;
    let marker = dir.join(FRAMES_MARKER);
    lightemall_store::write_file_atomically(&marker, MARKER_TEXT)
        .map_err(|e| format!("cannot write {}: {e}", marker.display()))?;
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the folder {}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        if entry.file_name().to_str().is_some_and(is_frame_name) {
            let old = entry.path();
            std::fs::remove_file(&old)
                .map_err(|e| format!("cannot remove the old frame {}: {e}", old.display()))?;
        }
    }
    Ok(())
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
        prepare_folder(path)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_model::Topology;

    #[test]
    fn frames_past_the_pixel_budget_are_refused_before_any_work() {
        let grid = Grid::new(Topology::Square, 64, 64, false).expect("grid");
        let default = layout_for(&grid, None, false).expect("fits one frame");
        assert_eq!(check_budget(&grid, &default, None), Ok(()));
        let huge = layout_for(&grid, Some(120), false).expect("fits one frame");
        let error = check_budget(&grid, &huge, Some(120)).expect_err("too many pixels");
        assert!(
            error.contains("more than the 320 million allowed"),
            "{error}"
        );
        let advised: u32 = error
            .rsplit("--cell ")
            .next()
            .and_then(|rest| rest.split(' ').next())
            .and_then(|cell| cell.parse().ok())
            .unwrap_or_else(|| panic!("no cell advised: {error}"));
        let fits = layout_for(&grid, Some(advised), false).expect("fits");
        assert_eq!(check_budget(&grid, &fits, Some(advised)), Ok(()));
        let over = layout_for(&grid, Some(advised + 1), false).expect("fits one frame");
        assert!(check_budget(&grid, &over, Some(advised + 1)).is_err());
    }
}
