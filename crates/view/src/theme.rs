//! Themes: three palettes over the same board. `classic` is the original
//! LightEmAll game's dark grid with yellow power and a cyan star; `circuit`
//! is a green circuit board with copper traces; `contrast` is black and
//! white with the Okabe-Ito colours, safe for colour-blind players. Every
//! theme also tells powered from unpowered wires by width, not by colour
//! alone.

use crate::scene::Color;
use std::fmt;
use std::str::FromStr;

/// A look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// Dark grid, yellow power, the original game's look.
    #[default]
    Classic,
    /// A green circuit board with copper traces and solder pads.
    Circuit,
    /// High contrast, colour-blind-safe.
    Contrast,
}

impl Theme {
    /// Every theme, in the order the T key cycles through them.
    pub const ALL: [Theme; 3] = [Theme::Classic, Theme::Circuit, Theme::Contrast];

    /// The name as the CLI spells it.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::Circuit => "circuit",
            Theme::Contrast => "contrast",
        }
    }

    /// The next theme in cycle order.
    pub fn next(self) -> Theme {
        let at = Theme::ALL.iter().position(|&t| t == self).unwrap_or(0);
        Theme::ALL[(at + 1) % Theme::ALL.len()]
    }

    /// The colours of this theme.
    pub fn palette(self) -> &'static Palette {
        match self {
            Theme::Classic => &CLASSIC,
            Theme::Circuit => &CIRCUIT,
            Theme::Contrast => &CONTRAST,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = String;

    fn from_str(s: &str) -> Result<Theme, String> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown theme '{s}' (expected classic, circuit or contrast)"))
    }
}

/// The colours (and a few style choices) of a theme.
#[derive(Debug)]
pub struct Palette {
    /// Behind everything.
    pub background: Color,
    /// Between tiles (the grid lines).
    pub grid: Color,
    /// A tile without power.
    pub cell: Color,
    /// A tile with power (a faint glow).
    pub cell_lit: Color,
    /// A wire without power.
    pub wire_off: Color,
    /// A powered wire next to the station.
    pub wire_near: Color,
    /// A powered wire far from the station.
    pub wire_far: Color,
    /// A soft halo under powered wires (translucent).
    pub glow: Color,
    /// An edge drawn under every wire (traces on a circuit board), if any.
    pub wire_edge: Option<Color>,
    /// A pad at the centre of every tile with wires, if any.
    pub pad: Option<Color>,
    /// The station's fill.
    pub station: Color,
    /// The station's outline.
    pub station_edge: Color,
    /// The frame of a locked tile.
    pub lock: Color,
    /// A barrier (a wall between two tiles).
    pub barrier: Color,
    /// Error marks.
    pub error: Color,
    /// A tile hidden by fog.
    pub fog: Color,
    /// The keyboard cursor.
    pub cursor: Color,
    /// The tile a hint says to turn (its corner brackets and arrow).
    pub hint: Color,
    /// The panel's background.
    pub panel: Color,
    /// Small captions.
    pub text_dim: Color,
    /// Values and titles.
    pub text: Color,
    /// A button at rest.
    pub button: Color,
    /// A button under the mouse.
    pub button_hover: Color,
    /// A button held down, or the chosen option.
    pub button_pressed: Color,
    /// Text on a button.
    pub button_text: Color,
    /// Generation demo: the tile being processed.
    pub processing: Color,
    /// Generation demo: tiles on the frontier.
    pub frontier: Color,
    /// Veil behind the help overlay (translucent).
    pub veil: Color,
}

static CLASSIC: Palette = Palette {
    background: Color::hex(0x0e1016),
    grid: Color::hex(0x0e1016),
    cell: Color::hex(0x1c2029),
    cell_lit: Color::hex(0x262619),
    wire_off: Color::hex(0x737a88),
    wire_near: Color::hex(0xfff7a0),
    wire_far: Color::hex(0xf2b705),
    glow: Color::hex(0xffd43b).with_alpha(0x48),
    wire_edge: None,
    pad: None,
    station: Color::hex(0x22e4f5),
    station_edge: Color::hex(0xff8a1f),
    lock: Color::hex(0xc9d1e0),
    barrier: Color::hex(0xe6e9f0),
    error: Color::hex(0xff4d5e),
    fog: Color::hex(0x12141a),
    cursor: Color::hex(0x7cc7ff),
    hint: Color::hex(0xc18cff),
    panel: Color::hex(0x171a22),
    text_dim: Color::hex(0x8a91a0),
    text: Color::hex(0xf1f3f7),
    button: Color::hex(0x262b36),
    button_hover: Color::hex(0x343b4a),
    button_pressed: Color::hex(0x3f6fd8),
    button_text: Color::hex(0xe8ebf2),
    processing: Color::hex(0xff8a1f),
    frontier: Color::hex(0x2fbf5b),
    veil: Color::hex(0x07080c).with_alpha(0xd8),
};

static CIRCUIT: Palette = Palette {
    background: Color::hex(0x06281a),
    grid: Color::hex(0x0a3a24),
    cell: Color::hex(0x0d4a2d),
    cell_lit: Color::hex(0x125636),
    // Lit wires stand out from unlit ones by at least 3:1 (WCAG
    // contrast, checked by a test), not by hue alone.
    wire_off: Color::hex(0x667463),
    wire_near: Color::hex(0xffe9a8),
    wire_far: Color::hex(0xffcc4d),
    glow: Color::hex(0xffc25a).with_alpha(0x40),
    wire_edge: Some(Color::hex(0x05301c)),
    pad: Some(Color::hex(0xc9ccc4)),
    station: Color::hex(0x39e6f2),
    station_edge: Color::hex(0xff8c24),
    lock: Color::hex(0xe9f2e4),
    barrier: Color::hex(0xd9dccf),
    error: Color::hex(0xff5a4f),
    fog: Color::hex(0x052015),
    cursor: Color::hex(0xa8f0ff),
    hint: Color::hex(0xf59cff),
    panel: Color::hex(0x041d12),
    text_dim: Color::hex(0x86b39a),
    text: Color::hex(0xeaf7ee),
    button: Color::hex(0x0f4029),
    button_hover: Color::hex(0x175a3a),
    button_pressed: Color::hex(0xc98a2b),
    button_text: Color::hex(0xeaf7ee),
    processing: Color::hex(0xff8c24),
    frontier: Color::hex(0x59d97a),
    veil: Color::hex(0x02140c).with_alpha(0xdc),
};

// Okabe-Ito: yellow #F0E442, sky blue #56B4E9, orange #E69F00,
// vermillion #D55E00, bluish green #009E73, reddish purple #CC79A7.
static CONTRAST: Palette = Palette {
    background: Color::hex(0x000000),
    grid: Color::hex(0x5a5a5a),
    cell: Color::hex(0x000000),
    cell_lit: Color::hex(0x14140a),
    wire_off: Color::hex(0x9a9a9a),
    wire_near: Color::hex(0xfff36b),
    wire_far: Color::hex(0xf0e442),
    glow: Color::hex(0xf0e442).with_alpha(0x00),
    wire_edge: None,
    pad: None,
    station: Color::hex(0x56b4e9),
    station_edge: Color::hex(0xe69f00),
    lock: Color::hex(0xffffff),
    barrier: Color::hex(0xffffff),
    error: Color::hex(0xd55e00),
    fog: Color::hex(0x1e1e1e),
    cursor: Color::hex(0x56b4e9),
    hint: Color::hex(0xcc79a7),
    panel: Color::hex(0x000000),
    text_dim: Color::hex(0xd0d0d0),
    text: Color::hex(0xffffff),
    button: Color::hex(0x000000),
    button_hover: Color::hex(0x303030),
    button_pressed: Color::hex(0x0072b2),
    button_text: Color::hex(0xffffff),
    processing: Color::hex(0xe69f00),
    frontier: Color::hex(0x009e73),
    veil: Color::hex(0x000000).with_alpha(0xe8),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_cycle() {
        for theme in Theme::ALL {
            assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
        }
        assert_eq!(Theme::Contrast.next(), Theme::Classic);
        assert!("neon".parse::<Theme>().is_err());
    }

    /// WCAG 2 relative luminance of an opaque colour.
    fn luminance(c: Color) -> f64 {
        let channel = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.039_28 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }

    /// WCAG 2 contrast ratio of two colours, 1 to 21.
    fn contrast(a: Color, b: Color) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn wcag_contrast_is_measured_as_the_standard_says() {
        let (black, white) = (Color::hex(0x000000), Color::hex(0xffffff));
        assert!((contrast(black, white) - 21.0).abs() < 1e-9);
        assert!((contrast(Color::hex(0x777777), white) - 4.48).abs() < 0.01);
    }

    #[test]
    fn circuit_lit_wires_stand_out_from_unlit_ones_by_three_to_one() {
        let p = Theme::Circuit.palette();
        // Every shade of the lit gradient, from next to the station to the
        // farthest tile.
        for step in 0..=10 {
            let lit = p.wire_near.mix(p.wire_far, step as f32 / 10.0);
            let ratio = contrast(lit, p.wire_off);
            assert!(ratio >= 3.0, "lit {lit:?} against unlit: {ratio:.2}");
        }
        assert!(
            contrast(p.wire_off, p.cell) >= 2.0,
            "unlit wires still show"
        );
    }
}
