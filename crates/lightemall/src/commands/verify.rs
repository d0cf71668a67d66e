//! `lightemall verify CODE`: replay a proof code's moves on its puzzle and
//! say whether they solve it, and in how many moves. The time is the
//! player's word: a code cannot prove it, and the output says so.

use crate::cli::VerifyArgs;
use crate::input::puzzle_text;
use crate::output::print;
use lightemall_engine::ManualClock;
use lightemall_engine::daily::{Date, date_of_daily};
use lightemall_engine::proof::{Verdict, verify};
use lightemall_engine::score::speed_time;

/// Run the command: exit 0 if the code proves a solve, else an error (2).
pub fn run(args: &VerifyArgs) -> Result<(), String> {
    let code = puzzle_text(&args.code)?;
    let verdict = verify(&code, Box::new(ManualClock::default())).map_err(|e| e.to_string())?;
    if let Some(expected) = args.puzzle.as_ref().filter(|id| **id != verdict.puzzle) {
        return Err(format!(
            "the code is for {}, not {expected}",
            verdict.puzzle
        ));
    }
    if let Some(text) = &args.date {
        let date: Date = text.parse().map_err(|e| format!("--date: {e}"))?;
        if date_of_daily(&verdict.puzzle) != Some(date) {
            return Err(format!(
                "the code is for {}, not the daily of {date}",
                verdict.puzzle
            ));
        }
    }
    if !verdict.solves {
        return Err(format!(
            "the code's {} moves do not solve {}",
            verdict.moves_in_log, verdict.puzzle
        ));
    }
    if verdict.moves_claimed < verdict.moves_in_log {
        return Err(format!(
            "the code claims {} moves, but its log holds {}",
            verdict.moves_claimed, verdict.moves_in_log
        ));
    }
    print(&report(&verdict))
}

fn report(v: &Verdict) -> String {
    let daily = date_of_daily(&v.puzzle).map_or(String::new(), |d| format!(" (the daily of {d})"));
    let par = v.par.map_or(String::new(), |p| format!(", par {p}"));
    let undone = v.moves_claimed - v.moves_in_log;
    let counted = match undone {
        0 => String::new(),
        n => format!(" ({} counted, {n} of them undone)", v.moves_claimed),
    };
    let mut lines = vec![
        format!("verified: solves {}{daily}", v.puzzle),
        format!("moves: {}{counted}{par}", v.moves_in_log),
        format!(
            "time: {} as the player's game showed it (a code cannot prove a time)",
            speed_time(v.time_claimed)
        ),
    ];
    if v.solve_used {
        lines.push("assisted: Solve turned tiles (its turns are in the log)".to_string());
    } else if v.assisted_claimed {
        lines.push("assisted: the player's game says a hint was taken".to_string());
    } else {
        lines.push(
            "assisted: no Solve in the log (a hint moves no tile, so cannot be seen)".to_string(),
        );
    }
    lines.join("\n")
}
