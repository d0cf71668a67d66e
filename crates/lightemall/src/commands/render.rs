//! `lightemall render`: a puzzle as a PNG image (scrambled or solved, in any
//! theme, with radius or fog), or with `--gen-steps` the generator at work.
//!
//! This command fills the view's `FrameInput` from a puzzle and `power`; the
//! window (`lightemall-present`) fills the same struct from a game. The panel
//! is the window's: the puzzle's facts from the engine (`PuzzleFacts`), its
//! values and labels from `lightemall_present::puzzle_panel`.

use crate::cli::RenderArgs;
use crate::commands::canvas::layout_for;
use crate::progress::Steps;
use crate::puzzle_args::{Resolved, resolve_checked};
use lightemall_engine::PuzzleFacts;
use lightemall_model::{Board, Puzzle};
use lightemall_power::Power;
use lightemall_render_png::{Rasterizer, encode_png, write_png_in_bands};
use lightemall_solve::solve;
use lightemall_view::{
    FrameInput, Layout, PanelInfo, Theme, UiState, distance_word, error_marks, scene_of,
};
use std::io::Write;
use std::path::Path;

/// Run the command.
pub fn run(args: &RenderArgs) -> Result<(), String> {
    let theme: Theme = args.theme.parse()?;
    // A render stopped by SIGTERM or SIGINT removes its temporary file.
    crate::signals::remove_temporary_files_on_signals();
    // What can be refused is refused before a large puzzle is generated.
    let resolved = resolve_checked(&args.puzzle, |grid| {
        layout_for(grid, args.cell, !args.no_panel)?;
        check_outputs_apart(args)?;
        if let Some(path) = &args.output {
            check_output(path)?;
        }
        if let Some(path) = args.gen_steps.as_deref() {
            super::render_steps::check_size(grid)?;
            if super::render_steps::is_gif(path) {
                check_output(path)?;
            } else {
                super::render_steps::check_folder(path)?;
            }
        }
        Ok(())
    })?;
    let grid = *resolved.puzzle.board.grid();
    let layout = layout_for(&grid, args.cell, !args.no_panel)?;
    check_wire_budget(&resolved.puzzle.board)?;
    if let Some(path) = &args.gen_steps {
        super::render_steps::run(args, &resolved, theme, path)?;
    }
    if let Some(path) = &args.output {
        let picture = crate::progress::while_working("measuring the puzzle", || {
            Picture::new(args, &resolved)
        })?;
        let input = FrameInput {
            distance: &picture.distance,
            radius: picture.radius,
            fog: args.fog,
            errors: &picture.errors,
            panel: (!args.no_panel).then_some(&picture.panel),
            ui: UiState {
                theme,
                help: args.help_overlay,
                ..UiState::default()
            },
            ..FrameInput::plain(&picture.board, resolved.puzzle.station)
        };
        write_png(&layout, &input, path)?;
    }
    Ok(())
}

/// The most wire ends a render draws. The scene of a board (a shape or
/// two per wire, a small vector each) is built whole before painting, so
/// its memory grows with the wires: a 1000x1000 puzzle, whose wires form
/// a tree (at most 1 999 998 ends, every generator's and Net's), takes
/// about 450 MB; a 1000x1000 board of crosses (4 million ends) took
/// 1.34 GB and 30 s, an octo board of `ff` 2.3 GB. Boards past the bound
/// are refused before anything is drawn.
const MAX_WIRE_ENDS: u64 = 2_000_000;

/// Refuse a board with more wires than a render may draw ([`MAX_WIRE_ENDS`]).
pub fn check_wire_budget(board: &Board) -> Result<(), String> {
    let ends: u64 = board
        .tiles()
        .iter()
        .map(|tile| u64::from(tile.0.count_ones()))
        .sum();
    if ends > MAX_WIRE_ENDS {
        return Err(format!(
            "a {} board with {ends} wire ends is refused: a render draws at most \
             {MAX_WIRE_ENDS} (a 1000x1000 puzzle, a tree, has fewer)",
            board.grid().size_label()
        ));
    }
    Ok(())
}

/// `-o -`: the image goes to stdout.
fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Refuse outputs that would overwrite each other or the input: `-o` and
/// `--gen-steps` naming one file (the PNG replaced the GIF), or either
/// naming the puzzle file the render reads (`render in.txt -o in.txt`).
fn check_outputs_apart(args: &RenderArgs) -> Result<(), String> {
    let outputs = [
        ("-o", args.output.as_deref()),
        ("--gen-steps", args.gen_steps.as_deref()),
    ];
    let outputs: Vec<(&str, &Path)> = outputs
        .into_iter()
        .filter_map(|(option, path)| path.filter(|p| !is_stdout(p)).map(|p| (option, p)))
        .collect();
    if let [(_, image), (_, steps)] = outputs[..]
        && same_file(image, steps)
    {
        return Err(format!(
            "--gen-steps and -o name the same file ({}); give each its own",
            steps.display()
        ));
    }
    let input = args
        .puzzle
        .puzzle
        .as_deref()
        .and_then(crate::input::puzzle_file);
    if let Some(input) = input {
        for (option, path) in outputs {
            if same_file(input, path) {
                return Err(format!(
                    "{option} {} is the puzzle file this render reads; choose another name",
                    path.display()
                ));
            }
        }
    }
    Ok(())
}

/// Whether `a` and `b` name one file: the same device and inode if both
/// exist (whatever links or spellings lead there), else the same place
/// once their folders are resolved.
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return (a.dev(), a.ino()) == (b.dev(), b.ino());
        }
    }
    let place = |path: &Path| {
        std::fs::canonicalize(path).ok().or_else(|| {
            let folder = match path.parent() {
                Some(parent) if !parent.as_os_str().is_empty() => parent,
                _ => Path::new("."),
            };
            Some(std::fs::canonicalize(folder).ok()?.join(path.file_name()?))
        })
    };
    matches!((place(a), place(b)), (Some(a), Some(b)) if a == b)
}

/// Refuse, before any work, an output path the write would refuse: one in
/// a folder that does not exist, or one that names something other than a
/// regular file (a device such as
/// `/dev/null`, a FIFO, a folder for a GIF). Such a path is never replaced.
pub fn check_output(path: &Path) -> Result<(), String> {
    if is_stdout(path) {
        return crate::output::check_stdout();
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!(
            "cannot write {}: there is no folder {}",
            path.display(),
            folder.display()
        ));
    }
    lightemall_store::check_replaceable(path).map_err(|e| {
        let hint = if e.kind() == std::io::ErrorKind::InvalidInput {
            " (`-o -` writes to stdout)"
        } else {
            ""
        };
        format!("cannot write {}: {e}{hint}", path.display())
    })
}

/// Images taller than this are painted in bands of [`BAND_ROWS`] rows: a
/// 1000x1000 board's Scene whole (a few shapes a tile) took 400 MB.
const BANDED_ABOVE: u32 = 2048;

/// Rows of pixels a band keeps.
const BAND_ROWS: u32 = 512;

/// Paint `input` and write it as PNG to `path` (`-`: stdout): whole, or
/// band by band when the image is tall (the same pixels either way). The
/// help overlay is laid out on the whole image, so it is painted whole.
pub fn write_png(layout: &Layout, input: &FrameInput<'_>, path: &Path) -> Result<(), String> {
    if layout.height > BANDED_ABOVE && !input.ui.help {
        return stream_png_in_bands(layout, input, path);
    }
    let bytes = crate::progress::while_working("painting", || png_whole(layout, input))?;
    if is_stdout(path) {
        return crate::output::write_bytes(&bytes);
    }
    lightemall_store::write_file_atomically(path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The PNG of `input` painted from one Scene.
fn png_whole(layout: &Layout, input: &FrameInput<'_>) -> Result<Vec<u8>, String> {
    let scene = scene_of(input, layout);
    let mut rasterizer = Rasterizer::default();
    let pixmap = rasterizer.paint(&scene).map_err(|e| e.to_string())?;
    encode_png(pixmap).map_err(|e| e.to_string())
}

/// Paint `input` in bands straight into the file at `path` (`-`:
/// stdout) as it is encoded: the image is never held whole.
fn stream_png_in_bands(layout: &Layout, input: &FrameInput<'_>, path: &Path) -> Result<(), String> {
    let write = |out: &mut dyn Write| {
        png_in_bands(layout, input, BAND_ROWS, out).map_err(std::io::Error::other)
    };
    if is_stdout(path) {
        return crate::output::print_with(write);
    }
    lightemall_store::write_file_atomically_with(path, write)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Write the PNG of `input` into `out`, painted `rows` rows at a time,
/// each band from a Scene of the tiles that reach it.
fn png_in_bands(
    layout: &Layout,
    input: &FrameInput<'_>,
    rows: u32,
    out: &mut dyn Write,
) -> Result<(), String> {
    let opaque = input.ui.theme.palette().background.a == 255;
    let progress = Steps::new("painting bands", u64::from(layout.height.div_ceil(rows)));
    write_png_in_bands(
        layout,
        opaque,
        rows,
        |band| {
            progress.advance();
            scene_of(input, band)
        },
        out,
    )
    .map_err(|e| e.to_string())
}

/// What one picture shows, worked out from the puzzle.
struct Picture {
    board: Board,
    distance: Vec<u32>,
    radius: Option<u32>,
    errors: Vec<u8>,
    panel: PanelInfo,
}

impl Picture {
    fn new(args: &RenderArgs, resolved: &Resolved) -> Result<Picture, String> {
        let puzzle = &resolved.puzzle;
        // As a game of this puzzle measures it: the same solution, par,
        // radius and rating.
        let facts = PuzzleFacts::of(puzzle, resolved.params);
        let board = if args.solved {
            solution_of(puzzle, &facts)?
        } else {
            puzzle.board.clone()
        };
        let radius = radius_of(args.radius.as_deref(), &facts)?;
        let mut power = Power::default();
        power.compute(&board, puzzle.station);
        let distance = power.distances().map(distance_word).collect();
        let panel = PanelInfo {
            radius,
            solved: power.all_powered(radius) && board.check_solved().is_ok(),
            ..lightemall_present::puzzle_panel(board.grid(), &facts, resolved.params.is_some())
        };
        Ok(Picture {
            errors: error_marks(&board, &[]),
            board,
            distance,
            radius,
            panel,
        })
    }
}

/// The solved board: by the game's solution, or, where its bounded search
/// gave up, by the solver's first (a picture may wait for a full search).
fn solution_of(puzzle: &Puzzle, facts: &PuzzleFacts) -> Result<Board, String> {
    let tiles = match &facts.solution {
        Some(tiles) => tiles.clone(),
        None => solve(&puzzle.board, 1)
            .solutions
            .into_iter()
            .next()
            .ok_or("this puzzle has no solution")?,
    };
    puzzle.board.with_tiles(tiles).map_err(|e| e.to_string())
}

/// The radius: the game's (`auto`, half the solution's diameter plus one)
/// or the one asked for.
fn radius_of(arg: Option<&str>, facts: &PuzzleFacts) -> Result<Option<u32>, String> {
    match arg {
        None => Ok(None),
        Some("auto") => Ok(Some(facts.radius)),
        Some(text) => text
            .parse()
            .map(Some)
            .map_err(|_| format!("--radius '{text}' is not a number of wire hops")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightemall_gen::PuzzleSource;
    use lightemall_render_png::decode_png;

    /// A board painted in bands of `rows` rows gives the pixels of the
    /// board painted whole.
    fn check_bands_match(id: &str, cell: f32, rows: u32, fog: bool) {
        let source = PuzzleSource::parse(id).expect("valid id");
        let puzzle = lightemall_solve::resolve(source).expect("generates").puzzle;
        let board = &puzzle.board;
        let mut power = Power::default();
        power.compute(board, puzzle.station);
        let distance: Vec<_> = power.distances().map(distance_word).collect();
        let errors = error_marks(board, &[]);
        let panel =
            lightemall_present::puzzle_panel(board.grid(), &PuzzleFacts::of(&puzzle, None), false);
        let input = FrameInput {
            distance: &distance,
            fog,
            errors: &errors,
            panel: Some(&panel),
            ..FrameInput::plain(board, puzzle.station)
        };
        let layout = Layout::with_cell(board.grid(), cell, true);
        assert!(layout.height > 3 * rows, "{id}: several bands");
        let whole = decode_png(&png_whole(&layout, &input).expect("paints")).expect("decodes");
        let mut bytes = Vec::new();
        png_in_bands(&layout, &input, rows, &mut bytes).expect("paints");
        let banded = decode_png(&bytes).expect("decodes");
        assert_eq!((banded.0, banded.1), (whole.0, whole.1), "{id}: size");
        let differ = whole
            .2
            .chunks(4)
            .zip(banded.2.chunks(4))
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(differ, 0, "{id}: pixels that differ");
    }

    #[test]
    fn a_board_painted_in_bands_is_the_board_painted_whole() {
        check_bands_match("square:30x30:kruskal:hard#3", 20.0, 64, false);
        check_bands_match("square:24x24w:kruskal:hard#4", 13.0, 50, true);
        check_bands_match("hex:24x24:kruskal:hard#5", 17.0, 70, false);
        check_bands_match("octo:24x24:kruskal:hard#6", 19.0, 60, false);
        check_bands_match("square:120x120:kruskal:hard#7", 4.0, 64, false);
        check_bands_match("hex:90x90:kruskal:hard#8", 5.0, 64, false);
    }
}
