//! The scores screen (B): the best results per preset, this game's
//! first, the dailies' streak, and a chart of the last results of this
//! game's kind (its preset, or the dailies for a daily).

use super::Session;
use crate::charts::{DAILY, chart_of};
use lightemall_engine::score::{ScoreTable, preset_name, speed_time};
use lightemall_store::Dailies;
use lightemall_view::Chart;

/// What the scores screen shows.
#[derive(Clone, Debug)]
pub(super) struct ScoresScreen {
    lines: Vec<String>,
    chart: Option<Chart>,
}

impl Session {
    /// The scores screen's lines, while it shows.
    pub fn scores_screen(&self) -> Option<&[String]> {
        self.scores.as_ref().map(|screen| screen.lines.as_slice())
    }

    /// The scores screen's chart, while it shows and there are results
    /// of this game's kind to chart.
    pub fn scores_chart(&self) -> Option<&Chart> {
        self.scores.as_ref()?.chart.as_ref()
    }

    /// B: show the best results per preset, this game's first; B again
    /// closes them.
    pub(super) fn toggle_scores(&mut self, now_ms: u64) -> bool {
        if self.scores.take().is_some() {
            return true;
        }
        let table = match self.files.scores() {
            Ok(table) => table,
            Err(error) => return self.tell(error, now_ms),
        };
        let dailies = self.files.dailies();
        let preset = self.game.preset();
        let mut lines = scores_lines(&table, &preset);
        lines.push("Daily puzzles".to_string());
        lines.push(format!("  {}", daily_line(&dailies)));
        let log = dailies.map(|d| d.log).unwrap_or_default();
        let kind = if self.game.facts().daily.is_some() {
            DAILY
        } else {
            &preset
        };
        let chart = chart_of(&table, &log, kind)
            .ok()
            .filter(|chart| !chart.points.is_empty());
        self.scores = Some(ScoresScreen { lines, chart });
        true
    }
}

/// The dailies in a line, as they stand today, with a note if the daily
/// file was damaged (or why it cannot be read).
fn daily_line(dailies: &Result<Dailies, String>) -> String {
    let dailies = match dailies {
        Ok(dailies) => dailies,
        Err(error) => return format!("the dailies cannot be read: {error}"),
    };
    let mut line = dailies.log.summary(lightemall_store::today());
    if line.ends_with("still to play") {
        line.push_str(" (Ctrl+D)");
    }
    if let Some(repair) = &dailies.repaired {
        line = format!("{line}; {}", repair.message());
    }
    line
}

/// The scores screen: per preset (`current` first) its name, then its
/// best time, fewest moves, best efficiency and the means of the last 3
/// and 5 (indented).
pub(crate) fn scores_lines(table: &ScoreTable, current: &str) -> Vec<String> {
    let mut summaries = table.summaries();
    summaries.sort_by_key(|summary| summary.preset != current);
    let mut lines = Vec::new();
    for summary in summaries {
        let mean = |m: Option<std::time::Duration>| m.map_or_else(|| "–".into(), speed_time);
        let efficiency = summary
            .best_efficiency
            .map_or_else(|| "–".into(), |e| format!("{:.0}%", e * 100.0));
        lines.push(preset_name(&summary.preset));
        lines.push(format!(
            "  best {} · fewest moves {} · efficiency {efficiency} · mean of 3 {} · of 5 {}",
            speed_time(summary.best_time),
            summary.fewest_moves,
            mean(summary.mean_of_3),
            mean(summary.mean_of_5)
        ));
    }
    if lines.is_empty() {
        lines.push("No results yet: a game won without a hint or Solve is recorded.".into());
    }
    lines
}
