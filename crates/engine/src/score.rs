//! Scores: time, moves, par and efficiency of a won game, and the table of
//! the best results per preset (the puzzle kind without its seed). Games in
//! which Solve was used or a hint taken (assisted) are not scored. Text in,
//! text out; the file is `lightemall-store`'s.
//!
//! ```text
//! lightemall scores 2
//! square:10x10:kruskal:medium 83250 17 15 4
//! end
//! ```
//!
//! One line per result: preset, time in milliseconds, moves, par (`-` if
//! unknown) and, from version 2, the result's number in the order results
//! were recorded (a version 1 line has none: 0). Within a preset the best
//! come first: the shortest time, then the fewest moves. A preset keeps
//! its [`KEPT_PER_PRESET`] best results and its [`RECENT_PER_PRESET`]
//! latest, so the means of the last results can be worked out.

use crate::clock::elapsed_millis;
use crate::game::Game;
use std::time::Duration;
use thiserror::Error;

/// The first words of every scores file.
pub const MAGIC: &str = "lightemall scores";
/// The format version this release writes and the newest it reads.
pub const VERSION: u32 = 2;
/// The best results kept per preset.
pub const KEPT_PER_PRESET: usize = 10;
/// The latest results kept per preset (besides the best).
pub const RECENT_PER_PRESET: usize = 5;

/// The result of one won game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The kind of puzzle: `topology:WxH[w]:generator:difficulty`, or
    /// `topology:WxH[w]:given` for puzzles not generated from a seed.
    pub preset: String,
    /// Playing time.
    pub elapsed: Duration,
    /// Moves made.
    pub moves: u64,
    /// The fewest moves that solve the puzzle, if known.
    pub par: Option<u64>,
    /// The result's number in the order results were recorded (given by
    /// [`ScoreTable::record`]; 0 if unknown, from an older file).
    pub played: u64,
}

impl Score {
    /// Par divided by the moves made: 1 is perfect play.
    pub fn efficiency(&self) -> Option<f64> {
        let par = self.par?;
        (self.moves > 0).then(|| par as f64 / self.moves as f64)
    }

    fn rank(&self) -> (Duration, u64) {
        (self.elapsed, self.moves)
    }
}

/// A preset in a player's words: `square:10x10w:ladder:medium` (the
/// default generator) is "10x10 square, wrapping, medium",
/// `square:10x10:graded:medium` "10x10 square, medium (graded)", `hex:8x8:given`
/// "8x8 hex, a given puzzle"; a text that is no preset comes back as it is.
pub fn preset_name(preset: &str) -> String {
    let fields: Vec<&str> = preset.split(':').collect();
    let (topology, size, kind) = match fields[..] {
        [topology, size, "given"] => (topology, size, "a given puzzle".to_string()),
        [topology, size, "ladder", difficulty] => (topology, size, difficulty.to_string()),
        [topology, size, generator, difficulty] => {
            (topology, size, format!("{difficulty} ({generator})"))
        }
        _ => return preset.to_string(),
    };
    match size.strip_suffix('w') {
        Some(size) => format!("{size} {topology}, wrapping, {kind}"),
        None => format!("{size} {topology}, {kind}"),
    }
}

/// A time as speed puzzlers read it: `m:ss.s`.
pub fn speed_time(time: Duration) -> String {
    let tenths = time.as_millis() / 100;
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

/// The results of one preset, as a scores screen shows them.
#[derive(Clone, Debug, PartialEq)]
pub struct PresetSummary {
    /// The preset.
    pub preset: String,
    /// The shortest time.
    pub best_time: Duration,
    /// The fewest moves of any result kept.
    pub fewest_moves: u64,
    /// The best par / moves of any result kept with a par.
    pub best_efficiency: Option<f64>,
    /// The mean time of the last 3 results, once there are 3.
    pub mean_of_3: Option<Duration>,
    /// The mean time of the last 5 results, once there are 5.
    pub mean_of_5: Option<Duration>,
    /// The latest results, newest first (up to [`RECENT_PER_PRESET`]).
    pub last: Vec<Score>,
}

/// Why a scores text was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScoreError {
    /// Not a LightEmAll scores file.
    #[error("not a LightEmAll scores file (it does not start with '{MAGIC}')")]
    Foreign,
    /// Written by a newer release.
    #[error("scores file format {found} is newer than this LightEmAll reads ({VERSION})")]
    Newer {
        /// The file's version.
        found: u32,
    },
    /// Damaged or truncated.
    #[error("damaged scores file, line {line}: {message}")]
    Damaged {
        /// 1-based line.
        line: usize,
        /// What was wrong.
        message: String,
    },
}

/// The best results, per preset.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreTable {
    /// Every kept result, best first within each preset.
    pub scores: Vec<Score>,
}

impl ScoreTable {
    /// Add a result, numbered after every result so far. `true` if it is
    /// among the best kept for its preset.
    pub fn record(&mut self, mut score: Score) -> bool {
        score.played = self.scores.iter().map(|s| s.played).max().unwrap_or(0) + 1;
        let preset = score.preset.clone();
        self.scores.push(score.clone());
        self.sort();
        let recent = self.recent(&preset, RECENT_PER_PRESET);
        let mut kept = 0;
        let mut made_it = false;
        self.scores.retain(|s| {
            if s.preset != preset {
                return true;
            }
            kept += 1;
            made_it |= kept <= KEPT_PER_PRESET && *s == score;
            kept <= KEPT_PER_PRESET || recent.contains(&s.played)
        });
        made_it
    }

    /// The numbers of the `n` latest results of `preset`, newest first.
    fn recent(&self, preset: &str, n: usize) -> Vec<u64> {
        let mut played: Vec<u64> = self.of(preset).map(|s| s.played).collect();
        played.sort_unstable_by(|a, b| b.cmp(a));
        played.truncate(n);
        played
    }

    /// The results kept of `preset`, best first.
    pub fn of<'a>(&'a self, preset: &'a str) -> impl Iterator<Item = &'a Score> + 'a {
        self.scores.iter().filter(move |s| s.preset == preset)
    }

    /// The presets with results, in order.
    pub fn presets(&self) -> Vec<&str> {
        let mut presets: Vec<&str> = self.scores.iter().map(|s| s.preset.as_str()).collect();
        presets.dedup();
        presets
    }

    /// What the results of `preset` add up to, if it has any.
    pub fn summary(&self, preset: &str) -> Option<PresetSummary> {
        self.runs()
            .find(|run| run[0].preset == preset)
            .map(summary_of)
    }

    /// What the results of every preset add up to, in the presets' order:
    /// one pass over the table (a table of 100 000 results, each of its
    /// own preset, summed up per preset took 94 s).
    pub fn summaries(&self) -> Vec<PresetSummary> {
        self.runs().map(summary_of).collect()
    }

    /// The results of each preset, best first: the table is kept sorted
    /// by preset, so each preset's results are one run.
    fn runs(&self) -> impl Iterator<Item = &[Score]> {
        self.scores.chunk_by(|a, b| a.preset == b.preset)
    }

    /// Sort the results by preset, then best first (as `record` keeps them).
    fn sort(&mut self) {
        self.scores
            .sort_by(|a, b| a.preset.cmp(&b.preset).then(a.rank().cmp(&b.rank())));
    }

    /// The best result of a preset.
    pub fn best(&self, preset: &str) -> Option<&Score> {
        self.scores.iter().find(|s| s.preset == preset)
    }

    /// The text of the file, read back first: refused if the reader would
    /// refuse it (a preset with a space in it, say). Every writer writes this.
    pub fn to_text(&self) -> Result<String, ScoreError> {
        let text = self.print();
        ScoreTable::parse(&text)?;
        Ok(text)
    }

    /// The text of the file, unchecked (see [`ScoreTable::to_text`]).
    pub fn print(&self) -> String {
        let mut out = format!("{MAGIC} {VERSION}\n");
        for score in &self.scores {
            let par = score.par.map_or("-".to_string(), |p| p.to_string());
            out.push_str(&format!(
                "{} {} {} {par} {}\n",
                score.preset,
                elapsed_millis(score.elapsed),
                score.moves,
                score.played
            ));
        }
        out.push_str("end\n");
        out
    }

    /// Read a scores file's text.
    pub fn parse(text: &str) -> Result<ScoreTable, ScoreError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim()));
        check_header(lines.next().map_or("", |(_, line)| line))?;
        let mut table = ScoreTable::default();
        let mut last_line = 1;
        while let Some((number, line)) = lines.next() {
            last_line = number;
            if line == "end" {
                if let Some((after, _)) = lines.find(|(_, line)| !line.is_empty()) {
                    return Err(ScoreError::Damaged {
                        line: after,
                        message: "text after 'end'".to_string(),
                    });
                }
                // A file written by hand may list them in any order.
                table.sort();
                return Ok(table);
            }
            table
                .scores
                .push(parse_score(line).map_err(|message| ScoreError::Damaged {
                    line: number,
                    message,
                })?);
        }
        Err(ScoreError::Damaged {
            line: last_line,
            message: "the file ends before 'end': it is truncated".to_string(),
        })
    }
}

/// What one preset's results (`run`, best first, never empty) add up to.
fn summary_of(run: &[Score]) -> PresetSummary {
    let best = &run[0];
    let mut last: Vec<Score> = run.to_vec();
    last.sort_by_key(|s| std::cmp::Reverse(s.played));
    last.truncate(RECENT_PER_PRESET);
    let mean = |n: usize| {
        (last.len() >= n).then(|| last[..n].iter().map(|s| s.elapsed).sum::<Duration>() / n as u32)
    };
    PresetSummary {
        preset: best.preset.clone(),
        best_time: best.elapsed,
        fewest_moves: run.iter().map(|s| s.moves).min().unwrap_or(best.moves),
        best_efficiency: run.iter().filter_map(Score::efficiency).reduce(f64::max),
        mean_of_3: mean(3),
        mean_of_5: mean(5),
        last,
    }
}

fn check_header(first: &str) -> Result<(), ScoreError> {
    let version = first.strip_prefix(MAGIC).ok_or(ScoreError::Foreign)?.trim();
    let version: u32 = version.parse().map_err(|_| ScoreError::Damaged {
        line: 1,
        message: format!("version '{version}' is not a number"),
    })?;
    if version > VERSION {
        return Err(ScoreError::Newer { found: version });
    }
    if version == 0 {
        return Err(ScoreError::Damaged {
            line: 1,
            message: "version 0 does not exist (the first is 1)".to_string(),
        });
    }
    Ok(())
}

fn parse_score(line: &str) -> Result<Score, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let (preset, millis, moves, par, played) = match fields[..] {
        [preset, millis, moves, par] => (preset, millis, moves, par, "0"),
        [preset, millis, moves, par, played] => (preset, millis, moves, par, played),
        _ => {
            return Err(format!(
                "expected 'PRESET MILLISECONDS MOVES PAR NUMBER', found '{line}'"
            ));
        }
    };
    if preset.chars().any(char::is_control) {
        // It would be printed: an escape sequence must not reach a terminal.
        return Err(format!("preset {preset:?} holds a control character"));
    }
    let number = |what: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{what} '{text}' is not a number"))
    };
    Ok(Score {
        preset: preset.to_string(),
        elapsed: Duration::from_millis(number("time", millis)?),
        moves: number("moves", moves)?,
        played: number("number", played)?,
        par: match par {
            "-" => None,
            par => Some(number("par", par)?),
        },
    })
}

impl Game {
    /// The preset this game's result counts for.
    pub fn preset(&self) -> String {
        let grid = self.puzzle.board.grid();
        let kind = match self.origin.params {
            Some(params) => format!("{}:{}", params.generator, params.difficulty),
            None => "given".to_string(),
        };
        format!("{}:{}:{kind}", grid.topology(), grid.size_label())
    }

    /// The result to record: `Some` once the game is won, unless Solve was
    /// used or a hint taken ([`Game::is_assisted`]).
    pub fn score(&self) -> Option<Score> {
        (self.is_solved() && !self.assisted).then(|| Score {
            preset: self.preset(),
            elapsed: self.elapsed(),
            moves: self.moves_made,
            par: self.facts.par,
            played: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(preset: &str, seconds: u64, moves: u64) -> Score {
        Score {
            preset: preset.to_string(),
            elapsed: Duration::from_secs(seconds),
            moves,
            par: Some(10),
            played: 0,
        }
    }

    #[test]
    fn the_table_keeps_the_latest_too_and_sums_a_preset_up() {
        let mut table = ScoreTable::default();
        let preset = "square:5x5:kruskal:easy";
        // Twelve fast games, then five slow ones: the slow are not among
        // the best ten, but are the last five.
        for seconds in 1..=12 {
            table.record(score(preset, seconds, 20 + seconds));
        }
        for seconds in [100, 110, 120, 130, 140] {
            assert!(!table.record(score(preset, seconds, 20)));
        }
        assert_eq!(
            table.of(preset).count(),
            KEPT_PER_PRESET + RECENT_PER_PRESET
        );
        let summary = table.summary(preset).expect("results");
        assert_eq!(summary.best_time, Duration::from_secs(1));
        assert_eq!(summary.fewest_moves, 20);
        assert_eq!(summary.best_efficiency, Some(0.5));
        let last: Vec<u64> = summary.last.iter().map(|s| s.elapsed.as_secs()).collect();
        assert_eq!(last, [140, 130, 120, 110, 100], "newest first");
        assert_eq!(summary.mean_of_3, Some(Duration::from_secs(130)));
        assert_eq!(summary.mean_of_5, Some(Duration::from_secs(120)));
        assert_eq!(ScoreTable::parse(&table.print()), Ok(table.clone()));
        assert_eq!(table.presets(), [preset]);
        let mut short = ScoreTable::default();
        short.record(score(preset, 5, 20));
        let one = short.summary(preset).expect("one result");
        assert_eq!((one.mean_of_3, one.mean_of_5), (None, None));
        assert!(short.summary("hex:4x4:scan:hard").is_none());
    }

    #[test]
    fn every_summary_is_made_in_one_pass_and_a_table_in_any_order_reads_best_first() {
        // Written by hand, out of order: the best of each preset last.
        let text = "lightemall scores 2\n\
                    square:5x5:kruskal:easy 9000 30 - 1\n\
                    hex:4x4:scan:hard 8000 12 10 2\n\
                    square:5x5:kruskal:easy 4000 25 20 3\n\
                    hex:4x4:scan:hard 2000 14 10 4\n\
                    end\n";
        let table = ScoreTable::parse(text).expect("a table");
        assert_eq!(
            table.presets(),
            ["hex:4x4:scan:hard", "square:5x5:kruskal:easy"]
        );
        let best = |preset| table.best(preset).map(|s| s.elapsed.as_millis());
        assert_eq!(best("hex:4x4:scan:hard"), Some(2000));
        assert_eq!(best("square:5x5:kruskal:easy"), Some(4000));
        let each: Vec<_> = table
            .presets()
            .into_iter()
            .filter_map(|p| table.summary(p))
            .collect();
        assert_eq!(table.summaries(), each);
        assert_eq!(each.len(), 2);
        assert_eq!(ScoreTable::parse(&table.print()), Ok(table.clone()));
    }

    #[test]
    fn a_preset_with_a_control_character_is_refused_escaped() {
        let text = "lightemall scores 2\n\u{1b}[31mred\u{1b}]0;title\u{7} 1000 20 - 1\nend\n";
        let error = ScoreTable::parse(text).expect_err("refused").to_string();
        assert!(error.contains("control character"), "{error}");
        assert!(!error.chars().any(char::is_control), "{error:?}");
    }

    #[test]
    fn presets_read_as_a_player_says_them() {
        let check = |preset: &str, name: &str| assert_eq!(preset_name(preset), name);
        check("square:4x4:kruskal:medium", "4x4 square, medium (kruskal)");
        check("octo:10x10w:ladder:hard", "10x10 octo, wrapping, hard");
        check("octo:10x10:ladder:expert", "10x10 octo, expert");
        check(
            "octo:10x10w:graded:hard",
            "10x10 octo, wrapping, hard (graded)",
        );
        check("hex:8x8:given", "8x8 hex, a given puzzle");
        check("nonsense", "nonsense");
    }

    #[test]
    fn a_version_1_table_is_read_its_results_unnumbered() {
        let text = "lightemall scores 1\nsquare:2x2:given 5000 3 -\nend\n";
        let table = ScoreTable::parse(text).expect("readable");
        assert_eq!(table.scores[0].played, 0);
        assert_eq!(table.scores[0].moves, 3);
    }

    #[test]
    fn the_table_keeps_the_best_per_preset() {
        let mut table = ScoreTable::default();
        for seconds in (1..=12).rev() {
            assert!(table.record(score("square:5x5:kruskal:easy", seconds, 20)));
        }
        assert!(!table.record(score("square:5x5:kruskal:easy", 60, 20)));
        assert!(table.record(score("hex:4x4:scan:hard", 60, 20)));
        // The ten best, the slow latest one (among the recent), the hex one.
        assert_eq!(table.scores.len(), KEPT_PER_PRESET + 2);
        let best = table.best("square:5x5:kruskal:easy").expect("recorded");
        assert_eq!(best.elapsed, Duration::from_secs(1));
        assert_eq!(best.efficiency(), Some(0.5));
        assert_eq!(ScoreTable::parse(&table.print()), Ok(table));
    }

    #[test]
    fn a_time_past_what_a_file_holds_is_written_as_the_longest_kept() {
        let mut table = ScoreTable::default();
        let mut long = score("square:5x5:kruskal:easy", 1, 20);
        long.elapsed = Duration::MAX;
        table.record(long);
        let read = ScoreTable::parse(&table.print()).expect("readable");
        assert_eq!(read.scores[0].elapsed, crate::clock::MAX_ELAPSED);
    }

    #[test]
    fn bad_tables_are_refused() {
        assert_eq!(ScoreTable::parse("hello"), Err(ScoreError::Foreign));
        assert_eq!(
            ScoreTable::parse("lightemall scores 9\nend\n"),
            Err(ScoreError::Newer { found: 9 })
        );
        let truncated = "lightemall scores 1\nsquare:2x2:given 5 3 -\n";
        assert!(matches!(
            ScoreTable::parse(truncated),
            Err(ScoreError::Damaged { line: 2, .. })
        ));
        for (text, line) in [
            ("lightemall scores 0\nend\n", 1),
            ("lightemall scores 1\nend\nsquare:2x2:given 5 3 -\n", 3),
        ] {
            assert!(
                matches!(ScoreTable::parse(text), Err(ScoreError::Damaged { line: l, .. }) if l == line),
                "{text}"
            );
        }
        let bad = "lightemall scores 1\nsquare:2x2:given five 3 -\nend\n";
        assert!(matches!(
            ScoreTable::parse(bad),
            Err(ScoreError::Damaged { line: 2, .. })
        ));
    }
}
