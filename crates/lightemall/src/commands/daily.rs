//! `lightemall daily`: the day's puzzle (the local date's, or `--date`'s),
//! as an ID, a text picture, a Net ID or JSON; `--share` prints the share
//! line and proof code of the last daily solved.

use crate::cli::DailyArgs;
use crate::commands::generate;
use crate::output::print;
use crate::puzzle_args::read_puzzle;
use lightemall_engine::daily::{Date, daily_id};
use lightemall_engine::score::speed_time;
use lightemall_store::{Store, today};
use serde_json::Value;

/// Run the command.
pub fn run(args: &DailyArgs) -> Result<(), String> {
    let today = today();
    if args.share {
        return share(today);
    }
    let date = match &args.date {
        Some(text) => text.parse::<Date>().map_err(|e| format!("--date: {e}"))?,
        None => today,
    };
    let id = daily_id(date, today).map_err(|e| e.to_string())?;
    let resolved = read_puzzle(&id)?;
    if !args.json {
        return print(&generate::formatted(&resolved, args.format, None)?);
    }
    // gen's object as it prints it (its fields in their order), then the day.
    let object = generate::json(&resolved, None)?;
    let day = Value::from(date.to_string()).to_string();
    let weekday = Value::from(date.weekday().name()).to_string();
    let open = object.strip_suffix('}').ok_or("gen's JSON is an object")?;
    print(&format!("{open},\"date\":{day},\"weekday\":{weekday}}}"))
}

/// The last daily solved: its share line, then its proof code.
fn share(today: Date) -> Result<(), String> {
    let store = Store::in_default_folder().map_err(|e| e.to_string())?;
    let dailies = store.dailies().map_err(|e| e.to_string())?;
    if let Some(repair) = &dailies.repaired {
        lightemall_session::say(&format!("note: {}", repair.message()));
    }
    let last = dailies
        .log
        .days
        .iter()
        .max_by_key(|r| (r.solved_on, r.date))
        .ok_or("no daily solved yet: `lightemall play --daily` plays today's")?;
    let proof = last
        .proof
        .as_deref()
        .ok_or_else(|| format!("the daily of {} was kept without a proof code", last.date))?;
    let id = daily_id(last.date, today).map_err(|e| e.to_string())?;
    let moves = match last.par {
        Some(par) => format!("{} moves, par {par}", last.moves),
        None => format!("{} moves", last.moves),
    };
    let mut line = vec![
        format!("LightEmAll daily {}", last.date),
        lightemall_engine::score::preset_name(preset_of(&id)),
        speed_time(last.elapsed),
        moves,
    ];
    if last.assisted {
        line.push("assisted".to_string());
    }
    line.push(format!("streak {}", dailies.log.streaks(today).current));
    print(&format!("{}\n{proof}", line.join(" · ")))
}

/// A seeded ID's preset: the ID without its `#SEED`.
fn preset_of(id: &str) -> &str {
    id.split_once('#').map_or(id, |(preset, _)| preset)
}
