//! The plain-text form of a game (Tatham's `text_format`): the board's
//! picture and one line per fact. Tests snapshot it; `lightemall replay`
//! prints it.

use crate::game::Game;
use lightemall_model::format::text::picture;
use std::fmt::Write;

impl Game {
    /// The board as a picture, then the station, locks, toggles, power,
    /// moves and the win, one per line.
    pub fn text(&self) -> String {
        let mut out = picture(self.board());
        let at = |tile: usize| {
            let c = self.coord_of(tile);
            format!("({}, {})", c.x, c.y)
        };
        let locked: Vec<String> = (0..self.state.locked.len())
            .filter(|&tile| self.state.locked[tile])
            .map(at)
            .collect();
        let on = |flag: bool| if flag { "on" } else { "off" };
        let par = self
            .facts
            .par
            .map_or("unknown".to_string(), |p| p.to_string());
        let total = self.board().grid().len();
        // Writing to a String cannot fail.
        let _ = write!(
            out,
            "station: {}\nlocked: {}\nradius: {} ({} hops)\nfog: {}\npowered: {}/{total}\nmoves: {} (par {par})\nsolved: {}\n",
            at(self.state.station),
            if locked.is_empty() {
                "none".to_string()
            } else {
                locked.join(" ")
            },
            on(self.state.radius_on),
            self.facts.radius,
            on(self.state.fog_on),
            self.powered_count(),
            self.moves_made,
            if self.is_solved() { "yes" } else { "no" },
        );
        out
    }
}
