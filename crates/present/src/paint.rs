//! Pixels for a window: a Scene painted by the rasterizer, converted to
//! `0RGB` words (one `u32` a pixel, as minifb and softbuffer show them),
//! the whole frame or a part of it over the frame painted before.

use lightemall_render_png::Rasterizer;
use lightemall_view::Scene;

/// Paints scenes with the rasterizer into a buffer of `0RGB` words.
#[derive(Debug, Default)]
pub struct Painter {
    rasterizer: Rasterizer,
    /// Paints the parts of a frame (their sizes vary: its own pixmap).
    parts: Rasterizer,
    buffer: Vec<u32>,
}

/// A rectangle of whole pixels: columns `x0..x1`, rows `y0..y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
}

impl Area {
    pub fn width(&self) -> u32 {
        self.x1.saturating_sub(self.x0)
    }

    pub fn height(&self) -> u32 {
        self.y1.saturating_sub(self.y0)
    }

    pub fn is_empty(&self) -> bool {
        self.width() == 0 || self.height() == 0
    }

    /// Grown by `by` pixels on every side, within `width` x `height`.
    pub fn grown(&self, by: u32, width: u32, height: u32) -> Area {
        Area {
            x0: self.x0.saturating_sub(by),
            y0: self.y0.saturating_sub(by),
            x1: self.x1.saturating_add(by).min(width),
            y1: self.y1.saturating_add(by).min(height),
        }
    }
}

impl Painter {
    /// The last frame painted.
    pub fn buffer(&self) -> &[u32] {
        &self.buffer
    }

    /// Paint `scene`; the buffer holds `scene.width * scene.height` words.
    pub fn paint(&mut self, scene: &Scene) -> Result<&[u32], String> {
        let pixmap = self
            .rasterizer
            .paint(scene)
            .map_err(|e| format!("cannot paint the frame: {e}"))?;
        to_0rgb(pixmap.data(), &mut self.buffer);
        Ok(&self.buffer)
    }

    /// Repaint `keeps` of the frame (`width` pixels wide) painted last:
    /// `scene` paints `painted` (which holds them), only the pixels of
    /// `keeps` are copied.
    pub fn paint_parts(
        &mut self,
        scene: &Scene,
        painted: Area,
        keeps: &[Area],
        width: u32,
    ) -> Result<(), String> {
        let pixmap = self
            .parts
            .paint(scene)
            .map_err(|e| format!("cannot paint the frame: {e}"))?;
        for &keep in keeps {
            copy_part(
                pixmap.data(),
                pixmap.width(),
                painted,
                keep,
                width,
                &mut self.buffer,
                0,
            )?;
        }
        Ok(())
    }

    /// Make ready to paint frames `width` x `height` in bands: the
    /// pixmaps and the buffer, which stay, are made before the bands'
    /// Scenes, which go, so the memory of these is not left scattered
    /// between those.
    pub fn prepare(&mut self, width: u32, height: u32) -> Result<(), String> {
        let blank = Scene::new(width, height, lightemall_view::Color::hex(0));
        for rasterizer in [&mut self.rasterizer, &mut self.parts] {
            rasterizer
                .paint(&blank)
                .map_err(|e| format!("cannot paint the frame: {e}"))?;
        }
        self.buffer.resize(width as usize * height as usize, 0);
        Ok(())
    }

    /// Paint two bands of a frame `width` x `height` on two threads (a
    /// huge board's frame, band by band: the rasterizer is
    /// single-threaded): each `(scene, painted, keep)` as
    /// [`Painter::paint_parts`] takes it, the second band's rows right
    /// below the first's.
    pub fn paint_pair(
        &mut self,
        top: (&Scene, Area, Area),
        bottom: (&Scene, Area, Area),
        width: u32,
        height: u32,
    ) -> Result<(), String> {
        self.buffer.resize(width as usize * height as usize, 0);
        let split = top.2.y1;
        let (upper, lower) = self.buffer.split_at_mut(split as usize * width as usize);
        let (first, second) = (&mut self.rasterizer, &mut self.parts);
        std::thread::scope(|scope| {
            let helper =
                scope.spawn(move || paint_into(first, top.0, top.1, top.2, width, upper, 0));
            let here = paint_into(second, bottom.0, bottom.1, bottom.2, width, lower, split);
            let there = helper
                .join()
                .unwrap_or_else(|_| Err("cannot paint the frame: a painter failed".to_string()));
            there.and(here)
        })
    }
}

/// Paint `scene` (which paints `painted`) with `rasterizer` and copy its
/// pixels of `keep` into `buffer`, which holds the frame's rows from
/// `first_row` on, `width` words a row.
fn paint_into(
    rasterizer: &mut Rasterizer,
    scene: &Scene,
    painted: Area,
    keep: Area,
    width: u32,
    buffer: &mut [u32],
    first_row: u32,
) -> Result<(), String> {
    let pixmap = rasterizer
        .paint(scene)
        .map_err(|e| format!("cannot paint the frame: {e}"))?;
    copy_part(
        pixmap.data(),
        pixmap.width(),
        painted,
        keep,
        width,
        buffer,
        first_row,
    )
}

/// Copy the pixels of `keep` from `data` (premultiplied RGBA, `stride`
/// pixels a row, painting `painted`) into `buffer` as `0RGB` words (the
/// frame's rows from `first_row` on, `width` words a row).
fn copy_part(
    data: &[u8],
    stride: u32,
    painted: Area,
    keep: Area,
    width: u32,
    buffer: &mut [u32],
    first_row: u32,
) -> Result<(), String> {
    let stride = stride as usize * 4;
    let (dx, dy) = (
        keep.x0.saturating_sub(painted.x0) as usize,
        keep.y0.saturating_sub(painted.y0) as usize,
    );
    let w = keep.width() as usize;
    for row in 0..keep.height() as usize {
        let from = (dy + row) * stride + dx * 4;
        let to =
            (keep.y0.saturating_sub(first_row) as usize + row) * width as usize + keep.x0 as usize;
        let (Some(src), Some(dst)) = (data.get(from..from + 4 * w), buffer.get_mut(to..to + w))
        else {
            return Err("a part of the frame outside it".to_string());
        };
        for (word, p) in dst.iter_mut().zip(src.chunks_exact(4)) {
            *word = u32::from_be_bytes([p[0], p[1], p[2], p[3]]) >> 8;
        }
    }
    Ok(())
}

/// Premultiplied RGBA bytes of an opaque image to `0RGB` words. The frame
/// is opaque (the background is filled first), so no division is needed.
pub fn to_0rgb(rgba: &[u8], out: &mut Vec<u32>) {
    out.resize(rgba.len() / 4, 0);
    for (word, p) in out.iter_mut().zip(rgba.chunks_exact(4)) {
        // Bytes R G B A read big-endian are 0xRRGGBBAA: drop the alpha.
        *word = u32::from_be_bytes([p[0], p[1], p[2], p[3]]) >> 8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_become_words_in_order() {
        let mut out = Vec::new();
        to_0rgb(&[1, 2, 3, 255, 0xff, 0x80, 0x00, 255], &mut out);
        assert_eq!(out, vec![0x010203, 0xff8000]);
    }
}
