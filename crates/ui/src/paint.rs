//! Pixels for a window: a Scene painted by the rasterizer, converted to
//! `0RGB` words (one `u32` a pixel, as minifb and softbuffer show them).

use lightemall_render_png::Rasterizer;
use lightemall_view::Scene;

/// Paints scenes with the rasterizer into a buffer of `0RGB` words.
#[derive(Debug, Default)]
pub struct Painter {
    rasterizer: Rasterizer,
    buffer: Vec<u32>,
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
