//! `lightemall scores [--json]`: the results kept per preset in the data
//! folder: best time, fewest moves, best efficiency, and the last results
//! with the means of the last 3 and 5 (as speed puzzlers count them), and
//! the daily puzzles' streak; `--plot` draws the last results as a PNG.

use crate::cli::ScoresArgs;
use crate::output::print;
use lightemall_engine::daily::Date;
use lightemall_engine::score::{PresetSummary, preset_name, speed_time as clock};
use lightemall_engine::streak::DailyLog;
use lightemall_render_png::{Rasterizer, encode_png};
use lightemall_session::charts::chart_of;
use lightemall_store::Store;
use lightemall_view::{Chart, Theme, chart_scene};
use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;

/// Print the scores table of the default data folder.
pub fn run(args: &ScoresArgs) -> Result<(), String> {
    let store = Store::in_default_folder().map_err(|e| e.to_string())?;
    let table = store.scores().map_err(|e| e.to_string())?;
    let dailies = store.dailies().map_err(|e| e.to_string())?;
    if let Some(repair) = &dailies.repaired {
        lightemall_session::say(&format!("note: {}", repair.message()));
    }
    if let Some(path) = &args.plot {
        return plot(&chart_of(&table, &dailies.log, &args.preset)?, path);
    }
    let summaries = table.summaries();
    let today = lightemall_store::today();
    if args.json {
        let presets: Vec<Value> = summaries.iter().map(summary_json).collect();
        let daily = daily_json(&dailies.log, today);
        let text = serde_json::to_string(&json!({ "presets": presets, "daily": daily }))
            .map_err(|e| e.to_string())?;
        return print(&format!("{text}\n"));
    }
    let mut text: String = summaries.iter().map(summary_text).collect();
    if summaries.is_empty() {
        text.push_str("no results yet: a game won without a hint or Solve is recorded\n");
    }
    text.push_str(&daily_text(&dailies.log, today));
    print(&text)
}

fn daily_text(log: &DailyLog, today: Date) -> String {
    let mut summary = log.summary(today);
    if summary.ends_with("still to play") {
        summary.push_str(": lightemall play --daily");
    }
    format!("daily puzzles\n  {summary}\n")
}

fn daily_json(log: &DailyLog, today: Date) -> Value {
    let streaks = log.streaks(today);
    let days: Vec<Value> = log
        .days
        .iter()
        .map(|r| {
            json!({
                "date": r.date.to_string(),
                "solved_on": r.solved_on.to_string(),
                "time_ms": millis(r.elapsed),
                "moves": r.moves,
                "par": r.par,
                "assisted": r.assisted,
            })
        })
        .collect();
    json!({ "streak": streaks.current, "best_streak": streaks.best, "days": days })
}

fn percent(efficiency: Option<f64>) -> String {
    efficiency.map_or_else(|| "–".to_string(), |e| format!("{:.0}%", e * 100.0))
}

fn summary_text(s: &PresetSummary) -> String {
    let mean = |m: Option<Duration>| m.map_or_else(|| "–".to_string(), clock);
    let last: Vec<String> = s.last.iter().map(|r| clock(r.elapsed)).collect();
    format!(
        "{}\n  best time {}, fewest moves {}, best efficiency {}\n  mean of 3 {}, mean of 5 {}; last: {}\n",
        preset_name(&s.preset),
        clock(s.best_time),
        s.fewest_moves,
        percent(s.best_efficiency),
        mean(s.mean_of_3),
        mean(s.mean_of_5),
        last.join(", ")
    )
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

fn summary_json(s: &PresetSummary) -> Value {
    let last: Vec<Value> = s
        .last
        .iter()
        .map(|r| {
            json!({
                "time_ms": millis(r.elapsed),
                "moves": r.moves,
                "par": r.par,
                "efficiency": r.efficiency(),
            })
        })
        .collect();
    json!({
        "preset": s.preset,
        "name": preset_name(&s.preset),
        "best_time_ms": millis(s.best_time),
        "fewest_moves": s.fewest_moves,
        "best_efficiency": s.best_efficiency,
        "mean_of_3_ms": s.mean_of_3.map(millis),
        "mean_of_5_ms": s.mean_of_5.map(millis),
        "last": last,
    })
}

/// The chart's size in pixels.
const PLOT: (u32, u32) = (640, 360);

fn plot(chart: &Chart, path: &Path) -> Result<(), String> {
    crate::commands::render::check_output(path)?;
    let scene = chart_scene(chart, Theme::default(), PLOT.0, PLOT.1);
    let mut rasterizer = Rasterizer::default();
    let pixels = rasterizer.paint(&scene).map_err(|e| e.to_string())?;
    let bytes = encode_png(pixels).map_err(|e| e.to_string())?;
    if path == Path::new("-") {
        return crate::output::write_bytes(&bytes);
    }
    lightemall_store::write_file_atomically(path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
