//! Encoding: PNG for one frame, GIF for an animation.

use crate::RenderError;
use crate::raster::Pixels;

/// The frame as PNG bytes, fast compression: a frame of a large board
/// encodes in milliseconds and stays small, as its colours are few. An
/// opaque frame (every frame with an opaque background) is stored as RGB.
pub fn encode_png(pixmap: Pixels<'_>) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let fast = png::Compression::Fastest;
    match opaque_rgb(pixmap) {
        Some(rgb) => encode(width, height, &rgb, png::ColorType::Rgb, fast),
        None => encode(
            width,
            height,
            &straight_rgba(pixmap),
            png::ColorType::Rgba,
            fast,
        ),
    }
}

/// The RGB bytes of a frame whose every pixel is opaque, else `None`.
fn opaque_rgb(pixmap: Pixels<'_>) -> Option<Vec<u8>> {
    let data = pixmap.data();
    let mut rgb = Vec::with_capacity(data.len() / 4 * 3);
    for px in data.chunks_exact(4) {
        if px[3] != 255 {
            return None;
        }
        rgb.extend_from_slice(&px[..3]);
    }
    Some(rgb)
}

/// Straight RGBA pixels as PNG bytes compressed hard, for images kept in a
/// repository (snapshots, docs): slower, about half the size.
pub fn encode_png_compact(width: u32, height: u32, rgba: &[u8]) -> Result<Vec<u8>, RenderError> {
    encode(
        width,
        height,
        rgba,
        png::ColorType::Rgba,
        png::Compression::High,
    )
}

/// An encoder's error as ours.
pub(crate) fn png_error(e: png::EncodingError) -> RenderError {
    RenderError::Encode(e.to_string())
}

fn encode(
    width: u32,
    height: u32,
    pixels: &[u8],
    color: png::ColorType,
    compression: png::Compression,
) -> Result<Vec<u8>, RenderError> {
    let error = png_error;
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(compression);
    let mut writer = encoder.write_header().map_err(error)?;
    writer.write_image_data(pixels).map_err(error)?;
    writer.finish().map_err(error)?;
    Ok(bytes)
}

/// Decode 8-bit RGB or RGBA PNG bytes into straight RGBA: width, height and
/// pixels (tests and tools compare images by their pixels, not their bytes).
pub fn decode_png(bytes: &[u8]) -> Result<(u32, u32, Vec<u8>), RenderError> {
    let error = |e: png::DecodingError| RenderError::Encode(e.to_string());
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
    let mut reader = decoder.read_info().map_err(error)?;
    let size = reader
        .output_buffer_size()
        .ok_or(RenderError::Encode("the PNG is too large".into()))?;
    let mut buffer = vec![0; size];
    let info = reader.next_frame(&mut buffer).map_err(error)?;
    buffer.truncate(info.buffer_size());
    if info.color_type == png::ColorType::Rgb && info.bit_depth == png::BitDepth::Eight {
        let rgba = buffer
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect();
        return Ok((info.width, info.height, rgba));
    }
    if info.color_type != png::ColorType::Rgba || info.bit_depth != png::BitDepth::Eight {
        let found = format!("{:?} {:?}", info.color_type, info.bit_depth);
        return Err(RenderError::Encode(format!(
            "expected 8-bit RGBA, found {found}"
        )));
    }
    Ok((info.width, info.height, buffer))
}

/// Straight (not premultiplied) RGBA bytes of a frame.
pub fn straight_rgba(pixmap: Pixels<'_>) -> Vec<u8> {
    let mut out = pixmap.data().to_vec();
    for px in out.chunks_exact_mut(4) {
        let straight = straight_pixel(px);
        px.copy_from_slice(&straight);
    }
    out
}

/// One premultiplied RGBA pixel, straight.
pub(crate) fn straight_pixel(px: &[u8]) -> [u8; 4] {
    // Opaque pixels (every pixel of a frame, whose background is opaque)
    // are the same premultiplied or not.
    if px[3] != 255
        && let Some(c) = tiny_skia::PremultipliedColorU8::from_rgba(px[0], px[1], px[2], px[3])
    {
        let c = c.demultiply();
        return [c.red(), c.green(), c.blue(), c.alpha()];
    }
    [px[0], px[1], px[2], px[3]]
}

/// An animated GIF being written into memory, one frame at a time, looping.
pub struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    width: u16,
    height: u16,
}

impl std::fmt::Debug for GifWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GifWriter({}x{})", self.width, self.height)
    }
}

fn gif_error(e: gif::EncodingError) -> RenderError {
    RenderError::Encode(e.to_string())
}

impl GifWriter {
    /// A GIF of frames `width` x `height` (GIF allows at most 65535 a side).
    pub fn new(width: u32, height: u32) -> Result<GifWriter, RenderError> {
        let too_big = || RenderError::Size {
            width,
            height,
            max: u64::from(u16::MAX).pow(2),
        };
        let w = u16::try_from(width).map_err(|_| too_big())?;
        let h = u16::try_from(height).map_err(|_| too_big())?;
        let mut encoder = gif::Encoder::new(Vec::new(), w, h, &[]).map_err(gif_error)?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(gif_error)?;
        Ok(GifWriter {
            encoder,
            width: w,
            height: h,
        })
    }

    /// Add a frame shown for `delay_ms` (GIF counts hundredths of a second).
    pub fn add(&mut self, pixmap: Pixels<'_>, delay_ms: u32) -> Result<(), RenderError> {
        if pixmap.width() != u32::from(self.width) || pixmap.height() != u32::from(self.height) {
            return Err(RenderError::Encode(
                "a GIF's frames must all have one size".into(),
            ));
        }
        let mut rgba = straight_rgba(pixmap);
        // Speed 10 of 1-30: NeuQuant's palette stays faithful to the glow.
        let mut frame = gif::Frame::from_rgba_speed(self.width, self.height, &mut rgba, 10);
        frame.delay = u16::try_from(delay_ms / 10).unwrap_or(u16::MAX);
        self.encoder.write_frame(&frame).map_err(gif_error)
    }

    /// The finished file's bytes.
    pub fn finish(self) -> Result<Vec<u8>, RenderError> {
        self.encoder
            .into_inner()
            .map_err(|e| RenderError::Encode(e.to_string()))
    }
}
