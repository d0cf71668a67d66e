//! `lightemall scores [--json]`: the results kept per preset in the data
//! folder: best time, fewest moves, best efficiency, and the last results
//! with the means of the last 3 and 5 (as speed puzzlers count them), and
//! the daily puzzles' streak.

use crate::cli::ScoresArgs;
use crate::output::print;
use lightemall_engine::daily::Date;
use lightemall_engine::score::{PresetSummary, preset_name, speed_time as clock};
use lightemall_engine::streak::DailyLog;
use lightemall_store::Store;
use serde_json::{Value, json};
use std::time::Duration;

/// Print the scores table of the default data folder.
pub fn run(args: &ScoresArgs) -> Result<(), String> {
    let store = Store::in_default_folder().map_err(|e| e.to_string())?;
    let table = store.scores().map_err(|e| e.to_string())?;
    let dailies = store.dailies().map_err(|e| e.to_string())?;
    if let Some(repair) = &dailies.repaired {
        lightemall_ui::say(&format!("note: {}", repair.message()));
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
    let streaks = log.streaks(today);
    let solved = log.days.len();
    let today_done = log.of(today).is_some_and(|r| r.counts());
    format!(
        "daily puzzles\n  streak {} (best {}), {solved} solved; today's is {}\n",
        streaks.current,
        streaks.best,
        if today_done {
            "solved"
        } else {
            "still to play: lightemall play --daily"
        }
    )
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
