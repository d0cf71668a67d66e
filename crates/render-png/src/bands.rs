//! A tall image painted band by band into the PNG encoder, so memory holds
//! one band's Scene and pixels and the rows in flight, never the whole
//! image (a 1000x1000 board is 4032x4136 pixels and millions of shapes).
//!
//! Each band's Scene is made by the caller from a layout that this module
//! gives it: the image's layout moved up by the band's top row and cut to
//! the band's height, so the view leaves out the tiles that do not reach
//! it. Each band is painted with [`band_margin`] extra rows above and below
//! that are thrown away, so a shape that reaches the rows kept is painted
//! whole, not cut at the band's edge where anti-aliasing could differ: the
//! rows kept are the whole image's rows, pixel for pixel (a test in the
//! `render` command compares them on boards of every topology).

use crate::RenderError;
use crate::encode::png_error;
use crate::raster::{Rasterizer, check_size};
use lightemall_view::{Layout, Rect, Scene};
use std::io::Write;

/// Rows painted and thrown away above and below the rows a band of
/// `layout`'s picture keeps: the view's [`Layout::reach`], so every shape
/// that touches the rows kept is painted whole.
pub fn band_margin(layout: &Layout) -> u32 {
    layout.reach().ceil().max(0.0) as u32
}

/// The rows a band's Scene must cover: `height` rows from `top`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Band {
    /// The image row that is the band's row 0.
    pub top: u32,
    /// Rows in the band, margins included.
    pub height: u32,
}

/// Paint the image of `layout` as PNG into `out`, `rows` rows at a time,
/// each band's Scene made by `scene_of` from the band's layout. `opaque`:
/// every pixel will be opaque (an opaque background), so the image is
/// stored as RGB, as [`crate::encode_png`] stores such a frame.
pub fn write_png_in_bands(
    layout: &Layout,
    opaque: bool,
    rows: u32,
    mut scene_of: impl FnMut(&Layout) -> Scene,
    out: impl Write,
) -> Result<(), RenderError> {
    let (width, height) = (layout.width, layout.height);
    check_size(width, height)?;
    let rows = rows.max(1);
    let mut encoder = png::Encoder::new(out, width, height);
    encoder.set_color(if opaque {
        png::ColorType::Rgb
    } else {
        png::ColorType::Rgba
    });
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fastest);
    let mut writer = encoder.write_header().map_err(png_error)?;
    let mut stream = writer.stream_writer().map_err(png_error)?;
    let mut rasterizer = Rasterizer::default();
    let mut line = Vec::with_capacity(width as usize * 4);
    let margin = band_margin(layout);
    for kept in (0..height).step_by(rows as usize) {
        let band = band_around(kept, rows.min(height - kept), height, margin);
        let scene = scene_of(&band_layout(layout, band));
        let pixmap = rasterizer.paint(&scene)?;
        let stride = width as usize * 4;
        let first = (kept - band.top) as usize;
        for row in first..first + rows.min(height - kept) as usize {
            let pixels = &pixmap.data()[row * stride..(row + 1) * stride];
            line.clear();
            push_row(&mut line, pixels, opaque);
            stream
                .write_all(&line)
                .map_err(|e| RenderError::Encode(e.to_string()))?;
        }
    }
    stream.finish().map_err(png_error)?;
    Ok(())
}

/// The band that keeps `rows` rows from `kept`: with the margins, within
/// the image.
fn band_around(kept: u32, rows: u32, height: u32, margin: u32) -> Band {
    let top = kept.saturating_sub(margin);
    let bottom = (kept + rows + margin).min(height);
    Band {
        top,
        height: bottom - top,
    }
}

/// The layout of one band: the image moved up by the band's top row and
/// cut to its height.
fn band_layout(layout: &Layout, band: Band) -> Layout {
    let dy = band.top as f32;
    let mut moved = layout.clone();
    moved.height = band.height;
    moved.board.y -= dy;
    moved.panel = layout
        .panel
        .map(|area| Rect::new(area.x, area.y - dy, area.w, area.h));
    moved
}

/// One row of premultiplied RGBA pixels, as RGB or straight RGBA bytes.
fn push_row(line: &mut Vec<u8>, pixels: &[u8], opaque: bool) {
    for px in pixels.chunks_exact(4) {
        if opaque {
            line.extend_from_slice(&px[..3]);
        } else {
            line.extend_from_slice(&crate::encode::straight_pixel(px));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_cover_the_image_with_their_margins() {
        let m = 40;
        assert_eq!(
            band_around(0, 10, 1000, m),
            Band {
                top: 0,
                height: 10 + m
            }
        );
        assert_eq!(
            band_around(500, 10, 1000, m),
            Band {
                top: 500 - m,
                height: 10 + 2 * m
            }
        );
        assert_eq!(
            band_around(995, 5, 1000, m),
            Band {
                top: 995 - m,
                height: 5 + m
            }
        );
        let grid = lightemall_model::Grid::new(lightemall_model::Topology::Square, 4, 4, false)
            .expect("a grid");
        let margin = |cell| band_margin(&Layout::with_cell(&grid, cell, false));
        assert_eq!(margin(4.0), 16);
        assert_eq!(margin(16.5), 41);
    }
}
