//! Hit testing with every pixel a window could report, and some it could
//! not: outside, negative, huge, infinite, NaN, on windows from zero pixels
//! up. Never a panic, and a tile hit is always on the board.

use lightemall_model::{Grid, Topology};
use lightemall_view::{Hit, Layout};

const COORDINATES: [f32; 12] = [
    0.0,
    -0.0,
    -1.0,
    0.5,
    37.0,
    1e4,
    -1e9,
    f32::MAX,
    f32::MIN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
];

fn layouts() -> Vec<(Grid, Layout)> {
    let mut layouts = Vec::new();
    for topology in Topology::ALL {
        for (width, height) in [(2, 2), (7, 5), (1000, 1000)] {
            let wrap = topology != Topology::Hex || height % 2 == 0;
            let grid = Grid::new(topology, width, height, wrap).expect("valid grid");
            for (w, h) in [(0, 0), (1, 1), (800, 600), (u32::MAX, u32::MAX)] {
                layouts.push((grid, Layout::fit(&grid, w, h, true)));
            }
            for cell in [0.0, -5.0, f32::NAN, 1e30] {
                layouts.push((grid, Layout::with_cell(&grid, cell, false)));
            }
        }
    }
    layouts
}

#[test]
fn every_pixel_hits_a_board_tile_a_button_or_nothing() {
    for (grid, layout) in layouts() {
        for x in COORDINATES {
            for y in COORDINATES {
                if let Some(Hit::Tile(tile)) = layout.hit(x, y) {
                    assert!(tile < grid.len(), "({x}, {y}) hit tile {tile}");
                }
            }
        }
    }
}
