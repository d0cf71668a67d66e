//! Screenshots as plain RGB pixels, read from the PPM that `import` writes,
//! and saved back as PPM (converted to PNG when ImageMagick is there).

use std::path::Path;

/// An RGB image.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Image {
    pub width: u32,
    pub height: u32,
    /// `0xRRGGBB`, row-major.
    pub pixels: Vec<u32>,
}

impl Image {
    /// Read a binary PPM (`P6`, 8 bits a channel).
    pub fn from_ppm(bytes: &[u8]) -> Option<Image> {
        let mut fields = Vec::new();
        let mut at = 0;
        while fields.len() < 4 {
            while bytes.get(at)?.is_ascii_whitespace() {
                at += 1;
            }
            if bytes[at] == b'#' {
                at += bytes[at..].iter().position(|&b| b == b'\n')?;
                continue;
            }
            let end = at + bytes[at..].iter().position(|b| b.is_ascii_whitespace())?;
            fields.push(std::str::from_utf8(&bytes[at..end]).ok()?.to_string());
            at = end;
        }
        let (width, height): (u32, u32) = (fields[1].parse().ok()?, fields[2].parse().ok()?);
        let data = bytes.get(at + 1..)?;
        (fields[0] == "P6" && fields[3] == "255" && data.len() >= (width * height * 3) as usize)
            .then(|| Image {
                width,
                height,
                pixels: data
                    .chunks_exact(3)
                    .take((width * height) as usize)
                    .map(|p| u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]))
                    .collect(),
            })
    }

    /// The pixel at `(x, y)`, if inside.
    pub fn at(&self, x: u32, y: u32) -> Option<u32> {
        (x < self.width && y < self.height).then(|| self.pixels[(y * self.width + x) as usize])
    }

    /// How many pixels of the square of half-side `r` around `(cx, cy)`
    /// differ between `self` and `other`.
    pub fn differences_around(&self, other: &Image, cx: f32, cy: f32, r: f32) -> usize {
        self.differences_in(other, (cx - r, cy - r), (cx + r, cy + r))
    }

    /// How many pixels of the rectangle from `top_left` to `bottom_right`
    /// (excluded) differ between `self` and `other`.
    pub fn differences_in(
        &self,
        other: &Image,
        top_left: (f32, f32),
        bottom_right: (f32, f32),
    ) -> usize {
        let (x0, x1) = (top_left.0.max(0.0) as u32, bottom_right.0 as u32);
        let (y0, y1) = (top_left.1.max(0.0) as u32, bottom_right.1 as u32);
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| self.at(x, y) != other.at(x, y))
            .count()
    }

    /// How many pixels of the rectangle from `top_left` to `bottom_right`
    /// (excluded) are `0xRRGGBB` `rgb`.
    pub fn count_in(&self, rgb: u32, top_left: (u32, u32), bottom_right: (u32, u32)) -> usize {
        let (x1, y1) = (
            bottom_right.0.min(self.width),
            bottom_right.1.min(self.height),
        );
        (top_left.1..y1)
            .flat_map(|y| (top_left.0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| self.at(x, y) == Some(rgb))
            .count()
    }

    /// Whether the two images agree on every pixel below row `top` (the
    /// board, below the panel whose clock may have ticked).
    pub fn same_below(&self, other: &Image, top: u32) -> bool {
        let from = (top * self.width) as usize;
        self.width == other.width
            && self.height == other.height
            && self.pixels.get(from..) == other.pixels.get(from..)
    }

    /// Save as PNG (through ImageMagick's `convert`) or PPM if it is absent.
    pub fn save(&self, path: &Path) {
        let mut ppm = format!("P6\n{} {}\n255\n", self.width, self.height).into_bytes();
        for p in &self.pixels {
            ppm.extend([(p >> 16) as u8, (p >> 8) as u8, *p as u8]);
        }
        let ppm_path = path.with_extension("ppm");
        std::fs::write(&ppm_path, ppm).expect("the screenshot is written");
        let converted = std::process::Command::new("convert")
            .arg(&ppm_path)
            .arg(path)
            .status()
            .is_ok_and(|s| s.success());
        if converted {
            let _ = std::fs::remove_file(ppm_path);
        }
    }
}
