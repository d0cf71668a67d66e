//! Paints a LightEmAll [`Scene`] into pixels with tiny-skia, and encodes PNG
//! images and GIF animations.
//!
//! A renderer consumes a Scene and knows nothing of game rules.
//! [`Rasterizer`] is the software one, the only one: `lightemall render`
//! encodes its frames, and the desktop window shows them (another back end
//! would be one more consumer of `lightemall_view::Scene`, not of this
//! crate). Text uses the bundled DejaVu
//! Sans Bold (see `fonts/`), never a system font, and tiny-skia is exact, so
//! the same Scene gives the same pixels on every x86-64 machine.

mod bands;
mod encode;
mod raster;
mod sprites;
mod text;

pub use bands::{band_margin, write_png_in_bands};
pub use encode::{GifWriter, decode_png, encode_png, encode_png_compact, straight_rgba};
pub use raster::{MAX_PIXELS, Pixels, Rasterizer, check_size};

/// Why a scene could not be painted or encoded.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The output would be empty or too large to allocate sensibly.
    #[error("an image of {width}x{height} pixels is refused (at most {max} pixels, none empty)")]
    Size {
        /// Width asked for.
        width: u32,
        /// Height asked for.
        height: u32,
        /// The most pixels allowed.
        max: u64,
    },
    /// The encoder failed.
    #[error("cannot encode the image: {0}")]
    Encode(String),
}
