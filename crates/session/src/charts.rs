//! Charts of the last results, for the scores screen and `lightemall
//! scores --plot`: the points of a preset's kept results, or of the
//! dailies, as the view's [`Chart`].

use lightemall_engine::score::{Score, ScoreTable, preset_name};
use lightemall_engine::streak::DailyLog;
use lightemall_view::{Chart, ChartPoint};

/// The most results a chart shows.
pub const CHARTED: usize = 30;

/// What names the dailies' chart where a preset is asked for.
pub const DAILY: &str = "daily";

/// The chart of `preset`'s kept results (by the order they were played),
/// or of the last dailies ([`DAILY`]); `Err` naming the presets that have
/// results if `preset` has none.
pub fn chart_of(table: &ScoreTable, log: &DailyLog, preset: &str) -> Result<Chart, String> {
    let points = if preset == DAILY {
        daily_points(log)
    } else {
        preset_points(table, preset)?
    };
    let title = match preset {
        DAILY => "Daily puzzles: the last results".to_string(),
        preset => format!("{}: the results kept", preset_name(preset)),
    };
    Ok(Chart { title, points })
}

fn daily_points(log: &DailyLog) -> Vec<ChartPoint> {
    let from = log.days.len().saturating_sub(CHARTED);
    log.days[from..]
        .iter()
        .map(|r| ChartPoint {
            label: r.date.to_string()[5..].to_string(),
            time: r.elapsed,
            moves: r.moves,
            par: r.par,
        })
        .collect()
}

fn preset_points(table: &ScoreTable, preset: &str) -> Result<Vec<ChartPoint>, String> {
    let mut kept: Vec<&Score> = table.of(preset).collect();
    if kept.is_empty() {
        let known: Vec<&str> = table.presets();
        let known = if known.is_empty() {
            "none yet".to_string()
        } else {
            known.join(", ")
        };
        return Err(format!(
            "no results for preset '{preset}' (presets with results: {known})"
        ));
    }
    kept.sort_by_key(|s| s.played);
    let from = kept.len().saturating_sub(CHARTED);
    Ok(kept[from..]
        .iter()
        .map(|s| ChartPoint {
            label: format!("#{}", s.played),
            time: s.elapsed,
            moves: s.moves,
            par: s.par,
        })
        .collect())
}
