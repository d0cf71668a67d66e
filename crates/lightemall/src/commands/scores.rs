//! `lightemall scores [--json]`: the results kept per preset in the data
//! folder: best time, fewest moves, best efficiency, and the last results
//! with the means of the last 3 and 5 (as speed puzzlers count them).

use crate::cli::ScoresArgs;
use crate::output::print;
use lightemall_engine::score::{PresetSummary, preset_name, speed_time as clock};
use lightemall_store::Store;
use serde_json::{Value, json};
use std::time::Duration;

/// Print the scores table of the default data folder.
pub fn run(args: &ScoresArgs) -> Result<(), String> {
    let store = Store::in_default_folder().map_err(|e| e.to_string())?;
    let table = store.scores().map_err(|e| e.to_string())?;
    let summaries = table.summaries();
    if args.json {
        let presets: Vec<Value> = summaries.iter().map(summary_json).collect();
        let text =
            serde_json::to_string(&json!({ "presets": presets })).map_err(|e| e.to_string())?;
        return print(&format!("{text}\n"));
    }
    if summaries.is_empty() {
        return print("no results yet: a game won without a hint or Solve is recorded\n");
    }
    let text: String = summaries.iter().map(summary_text).collect();
    print(&text)
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
