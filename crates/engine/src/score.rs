//! Scores: time, moves, par and efficiency of a won game, and the table of
//! the best results per preset (the puzzle kind without its seed). Games in
//! which Solve was used or a hint taken (assisted) are not scored. Text in,
//! text out; the file is `lightemall-store`'s.
//!
//! ```text
//! lightemall scores 1
//! square:10x10:kruskal:medium 83250 17 15
//! end
//! ```
//!
//! One line per result: preset, time in milliseconds, moves, par (`-` if
//! unknown). Within a preset the best come first: the shortest time, then
//! the fewest moves.

use crate::clock::elapsed_millis;
use crate::game::Game;
use std::time::Duration;
use thiserror::Error;

/// The first words of every scores file.
pub const MAGIC: &str = "lightemall scores";
/// The format version this release writes and the newest it reads.
pub const VERSION: u32 = 1;
/// Results kept per preset.
pub const KEPT_PER_PRESET: usize = 10;

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
    /// Add a result. `true` if it is among the best kept for its preset.
    pub fn record(&mut self, score: Score) -> bool {
        let preset = score.preset.clone();
        self.scores.push(score.clone());
        self.scores
            .sort_by(|a, b| a.preset.cmp(&b.preset).then(a.rank().cmp(&b.rank())));
        let mut kept = 0;
        let mut made_it = false;
        self.scores.retain(|s| {
            if s.preset != preset {
                return true;
            }
            kept += 1;
            made_it |= kept <= KEPT_PER_PRESET && *s == score;
            kept <= KEPT_PER_PRESET
        });
        made_it
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
                "{} {} {} {par}\n",
                score.preset,
                elapsed_millis(score.elapsed),
                score.moves
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
    let [preset, millis, moves, par] = fields[..] else {
        return Err(format!(
            "expected 'PRESET MILLISECONDS MOVES PAR', found '{line}'"
        ));
    };
    let number = |what: &str, text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{what} '{text}' is not a number"))
    };
    Ok(Score {
        preset: preset.to_string(),
        elapsed: Duration::from_millis(number("time", millis)?),
        moves: number("moves", moves)?,
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
        }
    }

    #[test]
    fn the_table_keeps_the_best_per_preset() {
        let mut table = ScoreTable::default();
        for seconds in (1..=12).rev() {
            assert!(table.record(score("square:5x5:kruskal:easy", seconds, 20)));
        }
        assert!(!table.record(score("square:5x5:kruskal:easy", 60, 20)));
        assert!(table.record(score("hex:4x4:scan:hard", 60, 20)));
        assert_eq!(table.scores.len(), KEPT_PER_PRESET + 1);
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
