//! The image of a board, shared by `render` and `render --gen-steps`: the
//! tile width, and the layout, refused before any pixel is allocated when
//! the image would be too large.

use lightemall_model::Grid;
use lightemall_view::Layout;

/// The tile width: as asked, or 1024 / the board's longer side within 4
/// to 64 (the board about 1000 pixels on that side for 16 to 256 tiles).
pub fn cell_for(grid: &Grid, cell: Option<u32>) -> u32 {
    cell.unwrap_or_else(|| (1024 / grid.width().max(grid.height()) as u32).clamp(4, 64))
}

/// The layout, refused before any pixel is allocated if the image would be too large.
pub fn layout_for(grid: &Grid, cell: Option<u32>, panel: bool) -> Result<Layout, String> {
    let cell = cell_for(grid, cell);
    let layout = Layout::with_cell(grid, cell as f32, panel);
    lightemall_render_png::check_size(layout.width, layout.height).map_err(|e| {
        format!(
            "a {} board at --cell {cell}: {e}; choose a smaller --cell",
            grid.size_label()
        )
    })?;
    Ok(layout)
}
