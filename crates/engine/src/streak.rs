//! The dailies a player has solved, and the streaks they make. Text in,
//! text out; the file is `lightemall-store`'s.
//!
//! ```text
//! lightemall daily 1
//! 2026-12-04 2026-12-04 192000 41 38 no
//! end
//! ```
//!
//! One line per daily: the date it is for, the date it was solved, time in
//! milliseconds, moves, par (`-` if unknown), assisted (`yes` or `no`),
//! and, where the game gave one, its proof code ([`crate::proof`]).
//! A damaged line costs that line only: [`DailyLog::parse`] keeps the rest
//! and says what it left out.

use crate::clock::elapsed_millis;
use crate::daily::Date;
use std::time::Duration;
use thiserror::Error;

/// The first words of every daily file.
pub const MAGIC: &str = "lightemall daily";
/// The format version this release writes and the newest it reads.
pub const VERSION: u32 = 1;

/// One solved daily.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyResult {
    /// The date whose daily it is.
    pub date: Date,
    /// The player's date when it was won.
    pub solved_on: Date,
    /// Playing time.
    pub elapsed: Duration,
    /// Moves made.
    pub moves: u64,
    /// The fewest moves that solve it, if known.
    pub par: Option<u64>,
    /// Whether a hint or Solve was used.
    pub assisted: bool,
    /// The game's proof code, if kept.
    pub proof: Option<String>,
}

impl DailyResult {
    /// Whether it counts toward a streak: solved unaided on its own day.
    pub fn counts(&self) -> bool {
        !self.assisted && self.solved_on == self.date
    }
}

/// Why a daily file was refused whole (a damaged line is only left out).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DailyLogError {
    /// Not a LightEmAll daily file.
    #[error("not a LightEmAll daily file (it does not start with '{MAGIC}')")]
    Foreign,
    /// Written by a newer release.
    #[error("daily file format {0} is newer than this LightEmAll reads ({VERSION})")]
    Newer(String),
}

/// Every daily solved, by date, one result per date.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DailyLog {
    /// Oldest date first.
    pub days: Vec<DailyResult>,
}

/// A daily file read: the log, and what was left out of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadLog {
    /// The results that read.
    pub log: DailyLog,
    /// One line per damaged entry left out (empty if the file was whole).
    pub left_out: Vec<String>,
}

/// The streaks a log makes on a day.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    /// Days in a row, ending today or yesterday, whose daily counts.
    pub current: u32,
    /// The longest such run ever.
    pub best: u32,
}

impl DailyLog {
    /// Add a result. A date keeps one: the first that counts toward a
    /// streak, else the first. `true` if this one is kept.
    pub fn record(&mut self, result: DailyResult) -> bool {
        match self.days.binary_search_by_key(&result.date, |r| r.date) {
            Ok(at) if !self.days[at].counts() && result.counts() => {
                self.days[at] = result;
                true
            }
            Ok(_) => false,
            Err(at) => {
                self.days.insert(at, result);
                true
            }
        }
    }

    /// The result of `date`'s daily, if solved.
    pub fn of(&self, date: Date) -> Option<&DailyResult> {
        let at = self.days.binary_search_by_key(&date, |r| r.date).ok()?;
        Some(&self.days[at])
    }

    /// The streaks as they stand on `today`.
    pub fn streaks(&self, today: Date) -> Streaks {
        let mut best = 0;
        let mut run = 0;
        let mut last: Option<i64> = None;
        for day in self.days.iter().filter(|r| r.counts()) {
            let number = day.date.days_since_epoch();
            run = if last == Some(number - 1) { run + 1 } else { 1 };
            best = best.max(run);
            last = Some(number);
        }
        let live = last.is_some_and(|l| (0..=1).contains(&(today.days_since_epoch() - l)));
        Streaks {
            current: if live { run } else { 0 },
            best,
        }
    }

    /// The dailies in a line, as they stand on `today`: the streak, the
    /// best, how many were solved, and whether today's is (`"streak 2
    /// (best 5), 9 solved; today's is solved"`, or `"… is still to play"`).
    pub fn summary(&self, today: Date) -> String {
        let streaks = self.streaks(today);
        let today_done = self.of(today).is_some_and(DailyResult::counts);
        format!(
            "streak {} (best {}), {} solved; today's is {}",
            streaks.current,
            streaks.best,
            self.days.len(),
            if today_done {
                "solved"
            } else {
                "still to play"
            }
        )
    }

    /// The text of the file.
    pub fn print(&self) -> String {
        let mut out = format!("{MAGIC} {VERSION}\n");
        for r in &self.days {
            let par = r.par.map_or("-".to_string(), |p| p.to_string());
            let assisted = if r.assisted { "yes" } else { "no" };
            out.push_str(&format!(
                "{} {} {} {} {par} {assisted}",
                r.date,
                r.solved_on,
                elapsed_millis(r.elapsed),
                r.moves
            ));
            if let Some(proof) = &r.proof {
                out.push(' ');
                out.push_str(proof);
            }
            out.push('\n');
        }
        out.push_str("end\n");
        out
    }

    /// Read a daily file's text: a foreign or newer file is refused, a
    /// damaged entry left out and named.
    pub fn parse(text: &str) -> Result<ReadLog, DailyLogError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
        let header = lines.next().map_or("", |(_, line)| line);
        let version = header
            .strip_prefix(MAGIC)
            .ok_or(DailyLogError::Foreign)?
            .trim();
        match version.parse::<u32>() {
            Ok(VERSION) => {}
            Ok(newer) if newer > VERSION => return Err(DailyLogError::Newer(newer.to_string())),
            _ => return Err(DailyLogError::Foreign),
        }
        let mut read = ReadLog {
            log: DailyLog::default(),
            left_out: Vec::new(),
        };
        let mut ended = false;
        for (number, line) in lines {
            if ended || line.is_empty() {
                if !line.is_empty() {
                    read.left_out
                        .push(format!("line {number}: text after 'end'"));
                }
                continue;
            }
            if line == "end" {
                ended = true;
                continue;
            }
            match parse_result(line) {
                Ok(result) => {
                    read.log.record(result);
                }
                Err(why) => read.left_out.push(format!("line {number}: {why}")),
            }
        }
        if !ended {
            read.left_out
                .push("the file ends before 'end': it is truncated".to_string());
        }
        Ok(read)
    }
}

fn parse_result(line: &str) -> Result<DailyResult, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let (fixed, proof) = fields.split_at(fields.len().min(6));
    let &[date, solved_on, millis, moves, par, assisted] = fixed else {
        return Err(format!(
            "expected 'DATE SOLVED-ON MILLISECONDS MOVES PAR ASSISTED [PROOF]', found '{}'",
            lightemall_model::one_line(line, 80)
        ));
    };
    let date_of = |text: &str| text.parse::<Date>().map_err(|e| e.to_string());
    let number = |what: &str, text: &str| {
        text.parse::<u64>().map_err(|_| {
            format!(
                "{what} '{}' is not a number",
                lightemall_model::one_line(text, 20)
            )
        })
    };
    let (date, solved_on) = (date_of(date)?, date_of(solved_on)?);
    if solved_on < date {
        return Err(format!(
            "{date}'s daily solved on {solved_on}, before it was out"
        ));
    }
    Ok(DailyResult {
        date,
        solved_on,
        elapsed: Duration::from_millis(number("time", millis)?),
        moves: number("moves", moves)?,
        par: match par {
            "-" => None,
            par => Some(number("par", par)?),
        },
        proof: match proof {
            [] => None,
            [code] if is_code(code) => Some(code.to_string()),
            _ => return Err("its proof code is damaged".to_string()),
        },
        assisted: match assisted {
            "yes" => true,
            "no" => false,
            other => {
                return Err(format!(
                    "assisted '{}' is neither yes nor no",
                    lightemall_model::one_line(other, 20)
                ));
            }
        },
    })
}

/// Whether `text` is shaped as a proof code (checked in full by
/// [`crate::proof::decode`] when it is used).
fn is_code(text: &str) -> bool {
    text.strip_prefix(crate::proof::TAG).is_some_and(|body| {
        !body.is_empty()
            && body
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    fn solved(day: &str, on: &str, assisted: bool) -> DailyResult {
        DailyResult {
            date: date(day),
            solved_on: date(on),
            elapsed: Duration::from_millis(61_500),
            moves: 20,
            par: Some(18),
            assisted,
            proof: None,
        }
    }

    fn log_of(days: &[(&str, &str, bool)]) -> DailyLog {
        let mut log = DailyLog::default();
        for &(day, on, assisted) in days {
            log.record(solved(day, on, assisted));
        }
        log
    }

    #[test]
    fn streaks_count_days_in_a_row_ending_today_or_yesterday() {
        let check = |days: &[(&str, &str, bool)], today: &str, current: u32, best: u32| {
            let streaks = log_of(days).streaks(date(today));
            assert_eq!(streaks, Streaks { current, best }, "{days:?} on {today}");
        };
        let run = [
            ("2026-12-29", "2026-12-29", false),
            ("2026-12-30", "2026-12-30", false),
            ("2026-12-31", "2026-12-31", false),
            ("2027-01-01", "2027-01-01", false),
        ];
        check(&[], "2026-12-05", 0, 0);
        check(&run, "2027-01-01", 4, 4);
        check(&run, "2027-01-02", 4, 4);
        check(&run, "2027-01-03", 0, 4);
        check(&run[..2], "2026-12-31", 2, 2);
        // Across a leap day and a month end.
        let leap = [
            ("2028-02-28", "2028-02-28", false),
            ("2028-02-29", "2028-02-29", false),
            ("2028-03-01", "2028-03-01", false),
        ];
        check(&leap, "2028-03-01", 3, 3);
        let no_leap = [
            ("2027-02-27", "2027-02-27", false),
            ("2027-02-28", "2027-02-28", false),
            ("2027-03-01", "2027-03-01", false),
        ];
        check(&no_leap, "2027-03-02", 3, 3);
        // A gap ends a run; an assisted or late daily does not count.
        let broken = [
            ("2026-12-01", "2026-12-01", false),
            ("2026-12-02", "2026-12-02", false),
            ("2026-12-03", "2026-12-03", false),
            ("2026-12-05", "2026-12-05", false),
            ("2026-12-06", "2026-12-06", true),
            ("2026-12-07", "2026-12-08", false),
        ];
        check(&broken, "2026-12-05", 1, 3);
        check(&broken, "2026-12-08", 0, 3);
    }

    #[test]
    fn the_summary_tells_the_streak_and_whether_today_s_is_solved() {
        let check = |days: &[(&str, &str, bool)], today: &str, expected: &str| {
            assert_eq!(log_of(days).summary(date(today)), expected, "{days:?}");
        };
        check(
            &[],
            "2026-12-05",
            "streak 0 (best 0), 0 solved; today's is still to play",
        );
        let days = [
            ("2026-12-04", "2026-12-04", false),
            ("2026-12-05", "2026-12-05", true),
        ];
        check(
            &days,
            "2026-12-04",
            "streak 1 (best 1), 2 solved; today's is solved",
        );
        // Today's solved with a hint is solved, but does not count.
        check(
            &days,
            "2026-12-05",
            "streak 1 (best 1), 2 solved; today's is still to play",
        );
    }

    #[test]
    fn a_date_keeps_its_first_result_unless_a_later_one_counts() {
        let mut log = log_of(&[("2026-12-04", "2026-12-04", true)]);
        assert!(log.record(solved("2026-12-04", "2026-12-04", false)));
        assert!(!log.record(solved("2026-12-04", "2026-12-04", true)));
        assert!(log.of(date("2026-12-04")).unwrap().counts());
        assert!(log.record(solved("2026-12-01", "2026-12-09", false)));
        let dates: Vec<String> = log.days.iter().map(|r| r.date.to_string()).collect();
        assert_eq!(dates, ["2026-12-01", "2026-12-04"]);
    }

    #[test]
    fn a_log_reads_back_what_it_printed() {
        let mut log = log_of(&[
            ("2026-12-04", "2026-12-04", false),
            ("2026-12-01", "2026-12-03", true),
        ]);
        log.days[1].proof = Some("LEA1-eJz_a".to_string());
        let text = log.print();
        assert_eq!(
            text,
            "lightemall daily 1\n2026-12-01 2026-12-03 61500 20 18 yes\n2026-12-04 2026-12-04 61500 20 18 no LEA1-eJz_a\nend\n"
        );
        assert_eq!(
            DailyLog::parse(&text).unwrap(),
            ReadLog {
                log,
                left_out: vec![]
            }
        );
    }

    #[test]
    fn a_damaged_entry_costs_that_entry_only() {
        let text = "lightemall daily 1\n2026-12-01 2026-12-01 1000 5 - no\n2026-13-01 2026-12-01 1 1 1 no\n2026-12-02 2026-12-02 x 5 - no\n2026-12-03 2026-12-01 1 1 1 no\n2026-12-04 2026-12-04 1 1 1 maybe\nshort line\n2026-12-06 2026-12-06 1 1 1 no LEA1-a+b\n2026-12-07 2026-12-07 1 1 1 no LEA1-ab cd\n2026-12-05 2026-12-05 900 7 7 no\nend\n";
        let read = DailyLog::parse(text).unwrap();
        let dates: Vec<String> = read.log.days.iter().map(|r| r.date.to_string()).collect();
        assert_eq!(dates, ["2026-12-01", "2026-12-05"]);
        let lines: Vec<&str> = read.left_out.iter().map(|l| &l[..7]).collect();
        assert_eq!(
            lines,
            [
                "line 3:", "line 4:", "line 5:", "line 6:", "line 7:", "line 8:", "line 9:"
            ]
        );
    }

    #[test]
    fn a_truncated_file_keeps_what_it_holds_and_says_so() {
        let read = DailyLog::parse(
            "lightemall daily 1\n2026-12-01 2026-12-01 1000 5 - no\n2026-12-02 2026-1",
        )
        .unwrap();
        assert_eq!(read.log.days.len(), 1);
        assert_eq!(read.left_out.len(), 2);
        assert!(read.left_out[1].contains("truncated"));
    }

    #[test]
    fn a_foreign_or_newer_file_is_refused_whole() {
        assert_eq!(DailyLog::parse("hello"), Err(DailyLogError::Foreign));
        assert_eq!(DailyLog::parse(""), Err(DailyLogError::Foreign));
        assert_eq!(
            DailyLog::parse("lightemall daily x\nend\n"),
            Err(DailyLogError::Foreign)
        );
        assert_eq!(
            DailyLog::parse("lightemall daily 0\nend\n"),
            Err(DailyLogError::Foreign)
        );
        assert_eq!(
            DailyLog::parse("lightemall daily 2\nend\n"),
            Err(DailyLogError::Newer("2".to_string()))
        );
    }
}
