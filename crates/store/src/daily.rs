//! The dailies solved ([`DailyLog`], `daily.txt` in the data folder) and
//! the player's calendar date. A damaged entry costs that entry only: the
//! file as it was is kept beside it (`daily-damaged-SECONDS.txt`), the
//! rest is written back whole, and the caller is told once what was left
//! out.

use crate::{Store, StoreError, read_text, write_atomically};
use lightemall_engine::daily::Date;
use lightemall_engine::streak::{DailyLog, DailyResult};
use std::io::ErrorKind;
use std::path::PathBuf;

/// The daily file's name.
pub const DAILY_FILE: &str = "daily.txt";

/// The dailies solved, and what a damaged file lost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dailies {
    /// Every daily that read.
    pub log: DailyLog,
    /// What was left out of a damaged file, where its copy went: said
    /// once, as the file is written back whole.
    pub repaired: Option<Repair>,
}

/// A damaged daily file, mended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// The entries left out, one line each.
    pub left_out: Vec<String>,
    /// The copy of the file as it was.
    pub copy: PathBuf,
}

impl Repair {
    /// One line for the player.
    pub fn message(&self) -> String {
        format!(
            "the daily results file was damaged: {} left out ({}); the file as it was is kept as {}",
            plural(self.left_out.len()),
            self.left_out.join("; "),
            self.copy.display()
        )
    }
}

fn plural(n: usize) -> String {
    if n == 1 {
        "1 entry".into()
    } else {
        format!("{n} entries")
    }
}

/// Today's date where the player is (the system's time zone, `TZ` first;
/// UTC if neither can be read).
pub fn today() -> Date {
    let today = jiff::Zoned::now().date();
    Date::new(
        i32::from(today.year()),
        today.month() as u32,
        today.day() as u32,
    )
    .unwrap_or_else(lightemall_engine::daily::first_daily)
}

impl Store {
    fn daily_path(&self) -> PathBuf {
        self.folder.join(DAILY_FILE)
    }

    /// The dailies solved (none if there is no file yet). A damaged entry
    /// is left out and the file mended (see the module's text).
    pub fn dailies(&self) -> Result<Dailies, StoreError> {
        let _lock = self.lock()?;
        self.read_dailies()
    }

    /// Add a solved daily and write the file back. `true` if the result is
    /// the one its date keeps.
    pub fn record_daily(&self, result: DailyResult) -> Result<(bool, Dailies), StoreError> {
        let _lock = self.lock()?;
        let mut dailies = self.read_dailies()?;
        let kept = dailies.log.record(result);
        self.write_dailies(&dailies.log)?;
        Ok((kept, dailies))
    }

    /// With the lock held: the file read, mended if damaged.
    fn read_dailies(&self) -> Result<Dailies, StoreError> {
        let path = self.daily_path();
        let text = match read_text(&path) {
            Err(StoreError::Io { source, .. }) if source.kind() == ErrorKind::NotFound => {
                return Ok(Dailies::default());
            }
            text => text?,
        };
        let read = DailyLog::parse(&text).map_err(|source| StoreError::Daily {
            path: path.clone(),
            source,
        })?;
        let mut dailies = Dailies {
            log: read.log,
            repaired: None,
        };
        if !read.left_out.is_empty() {
            let copy = self.keep_damaged(&text)?;
            self.write_dailies(&dailies.log)?;
            dailies.repaired = Some(Repair {
                left_out: read.left_out,
                copy,
            });
        }
        Ok(dailies)
    }

    /// A copy of a damaged file's text under a name not yet taken.
    fn keep_damaged(&self, text: &str) -> Result<PathBuf, StoreError> {
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let mut path = self.folder.join(format!("daily-damaged-{seconds}.txt"));
        for n in 1.. {
            if !path.exists() {
                break;
            }
            path = self.folder.join(format!("daily-damaged-{seconds}-{n}.txt"));
        }
        write_atomically(&path, text).map_err(|source| StoreError::Io {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    }

    fn write_dailies(&self, log: &DailyLog) -> Result<(), StoreError> {
        let path = self.daily_path();
        let text = log.print();
        DailyLog::parse(&text).map_err(|source| StoreError::Daily {
            path: path.clone(),
            source,
        })?;
        write_atomically(&path, text).map_err(|source| StoreError::Io { path, source })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scratch::scratch;
    use std::time::Duration;

    fn result(day: &str) -> DailyResult {
        DailyResult {
            date: day.parse().unwrap(),
            solved_on: day.parse().unwrap(),
            elapsed: Duration::from_millis(5_000),
            moves: 12,
            par: Some(10),
            assisted: false,
            proof: None,
        }
    }

    #[test]
    fn dailies_are_recorded_and_read_back() {
        let store = Store {
            folder: scratch("daily-record"),
        };
        assert_eq!(store.dailies().unwrap(), Dailies::default());
        assert!(store.record_daily(result("2026-12-04")).unwrap().0);
        assert!(store.record_daily(result("2026-12-05")).unwrap().0);
        assert!(!store.record_daily(result("2026-12-05")).unwrap().0);
        let dailies = store.dailies().unwrap();
        assert_eq!(dailies.log.days.len(), 2);
        assert_eq!(dailies.repaired, None);
        let today = "2026-12-05".parse().unwrap();
        assert_eq!(dailies.log.streaks(today).current, 2);
    }

    #[test]
    fn a_damaged_entry_is_said_once_and_the_file_kept() {
        let folder = scratch("daily-damaged");
        std::fs::create_dir_all(&folder).unwrap();
        let damaged =
            "lightemall daily 1\n2026-12-04 2026-12-04 1000 5 - no\n2026-12-05 garbage\nend\n";
        std::fs::write(folder.join(DAILY_FILE), damaged).unwrap();
        let store = Store { folder };
        let first = store.dailies().unwrap();
        let repair = first.repaired.expect("the damage is said");
        assert_eq!(repair.left_out.len(), 1);
        assert!(
            repair.message().contains("1 entry left out (line 3:"),
            "{}",
            repair.message()
        );
        assert_eq!(std::fs::read_to_string(&repair.copy).unwrap(), damaged);
        assert_eq!(first.log.days.len(), 1);
        let again = store.dailies().unwrap();
        assert_eq!(again.repaired, None);
        assert_eq!(again.log, first.log);
    }

    #[test]
    fn a_foreign_file_is_refused_and_left_alone() {
        let folder = scratch("daily-foreign");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join(DAILY_FILE), "my notes\n").unwrap();
        let store = Store {
            folder: folder.clone(),
        };
        assert!(matches!(store.dailies(), Err(StoreError::Daily { .. })));
        assert!(store.record_daily(result("2026-12-04")).is_err());
        assert_eq!(
            std::fs::read_to_string(folder.join(DAILY_FILE)).unwrap(),
            "my notes\n"
        );
    }
}
