//! The daily puzzle: a calendar date names one seeded puzzle ID, the same
//! on every machine and in every release, and the dailies a player solved
//! make a streak.
//!
//! The mapping (docs/contracts.md, "The daily puzzle") is pinned in eras:
//! an era, from its first date on, gives each weekday a preset (topology,
//! size, generator, difficulty), and the seed is the date written as the
//! number `YYYYMMDD`. A later era (new grids, say) starts at a later date
//! and leaves every earlier date's puzzle as it was. Dates before the first
//! era have no daily; the caller refuses dates after its own today.
//!
//! Streaks: a daily solved without a hint or Solve, on the day it is for,
//! counts; the streak is the run of such days ending today or yesterday.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A day of the proleptic Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u32,
    day: u32,
}

/// Why a date or a daily was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DailyError {
    /// Not a date written `YYYY-MM-DD`.
    #[error("'{0}' is not a date (expected YYYY-MM-DD, such as 2026-12-05)")]
    Malformed(String),
    /// Written as a date, but no such day exists.
    #[error("{0} is not a day of the calendar")]
    NoSuchDay(String),
    /// Before the first daily.
    #[error("there is no daily before {first} (asked for {asked})")]
    BeforeFirst {
        /// The date asked for.
        asked: Date,
        /// The first date with a daily.
        first: Date,
    },
    /// After today.
    #[error("the daily of {asked} is not out yet (today is {today})")]
    Future {
        /// The date asked for.
        asked: Date,
        /// Today, where the player is.
        today: Date,
    },
}

impl Date {
    /// The date, if it is a day of the calendar (years 1 to 9999).
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        let valid = (1..=9999).contains(&year)
            && (1..=12).contains(&month)
            && (1..=days_in_month(year, month)).contains(&day);
        valid.then_some(Date { year, month, day })
    }

    /// Days since 1970-01-01 (negative before it).
    pub fn days_since_epoch(self) -> i64 {
        // Howard Hinnant's days_from_civil.
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let month = i64::from(self.month);
        let day_of_year =
            (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date `days` days after 1970-01-01, if it is within years 1 to 9999.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        // Howard Hinnant's civil_from_days.
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let day_of_era = z - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let mp = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = year_of_era + era * 400 + i64::from(month <= 2);
        Date::new(
            i32::try_from(year).ok()?,
            u32::try_from(month).ok()?,
            u32::try_from(day).ok()?,
        )
    }

    /// The day before, if there is one in the calendar.
    pub fn previous(self) -> Option<Date> {
        Date::from_days_since_epoch(self.days_since_epoch() - 1)
    }

    /// The day of the week.
    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        Weekday::ALL[(self.days_since_epoch() + 3).rem_euclid(7) as usize]
    }

    /// The date as the number `YYYYMMDD`: the daily's seed.
    pub fn as_number(self) -> u64 {
        self.year as u64 * 10_000 + u64::from(self.month) * 100 + u64::from(self.day)
    }
}

fn is_leap(year: i32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = DailyError;

    fn from_str(text: &str) -> Result<Date, DailyError> {
        let malformed = || DailyError::Malformed(lightemall_model::one_line(text, 40));
        let bytes = text.as_bytes();
        let shaped = bytes.len() == 10
            && bytes[4] == b'-'
            && bytes[7] == b'-'
            && bytes
                .iter()
                .enumerate()
                .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
        if !shaped {
            return Err(malformed());
        }
        let number = |range: std::ops::Range<usize>| text[range].parse::<u32>().ok();
        let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10))
        else {
            return Err(malformed());
        };
        Date::new(year as i32, month, day).ok_or_else(|| DailyError::NoSuchDay(text.to_string()))
    }
}

/// A day of the week.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weekday {
    /// Monday.
    Monday,
    /// Tuesday.
    Tuesday,
    /// Wednesday.
    Wednesday,
    /// Thursday.
    Thursday,
    /// Friday.
    Friday,
    /// Saturday.
    Saturday,
    /// Sunday.
    Sunday,
}

impl Weekday {
    /// Monday first.
    pub const ALL: [Weekday; 7] = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ];

    /// Its English name.
    pub fn name(self) -> &'static str {
        match self {
            Weekday::Monday => "Monday",
            Weekday::Tuesday => "Tuesday",
            Weekday::Wednesday => "Wednesday",
            Weekday::Thursday => "Thursday",
            Weekday::Friday => "Friday",
            Weekday::Saturday => "Saturday",
            Weekday::Sunday => "Sunday",
        }
    }
}

/// A pinned stretch of the calendar: from `first` on (until the next era),
/// each weekday's daily is `week[weekday]` with the date's number as seed.
struct Era {
    first: (i32, u32, u32),
    /// Monday first: the seeded ID without its `#SEED`.
    week: [&'static str; 7],
}

/// Every era, oldest first. Never change one: add an era from a later date.
const ERAS: &[Era] = &[
    Era {
        first: (2026, 11, 30),
        week: [
            "square:7x7:graded:easy",
            "square:10x10:graded:medium",
            "hex:10x10:graded:medium",
            "octo:10x10:graded:medium",
            "square:12x12w:graded:medium",
            "hex:15x15:graded:hard",
            "square:20x20:graded:hard",
        ],
    },
    // The ladder: medium is Net's standard, and Sunday's is expert.
    Era {
        first: (2026, 12, 14),
        week: [
            "square:7x7:ladder:easy",
            "square:10x10:ladder:medium",
            "hex:10x10:ladder:medium",
            "octo:10x10:ladder:medium",
            "square:12x12w:ladder:medium",
            "hex:15x15:ladder:hard",
            "square:20x20:ladder:expert",
        ],
    },
];

fn era_start(era: &Era) -> Date {
    let (year, month, day) = era.first;
    Date::new(year, month, day).expect("an era starts on a day of the calendar")
}

/// The first date with a daily.
pub fn first_daily() -> Date {
    era_start(&ERAS[0])
}

/// The seeded puzzle ID of `date`'s daily, if `today` has reached it.
pub fn daily_id(date: Date, today: Date) -> Result<String, DailyError> {
    if date > today {
        return Err(DailyError::Future { asked: date, today });
    }
    let era =
        ERAS.iter()
            .rev()
            .find(|era| era_start(era) <= date)
            .ok_or(DailyError::BeforeFirst {
                asked: date,
                first: first_daily(),
            })?;
    let preset = era.week[date.weekday() as usize];
    Ok(format!("{preset}#{}", date.as_number()))
}

/// The daily a seeded ID is, if it is one: the date whose daily it is.
pub fn date_of_daily(id: &str) -> Option<Date> {
    let (_, seed) = id.rsplit_once('#')?;
    let seed: u64 = seed.parse().ok()?;
    let date = Date::new(
        i32::try_from(seed / 10_000).ok()?,
        u32::try_from(seed / 100 % 100).ok()?,
        u32::try_from(seed % 100).ok()?,
    )?;
    (daily_id(date, date).ok()? == id).then_some(date)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    #[test]
    fn dates_read_and_print_as_written() {
        for text in ["2026-12-05", "2024-02-29", "0001-01-01", "9999-12-31"] {
            assert_eq!(date(text).to_string(), text);
        }
    }

    #[test]
    fn what_is_no_date_is_refused_saying_why() {
        let check = |text: &str, malformed: bool| {
            let err = text.parse::<Date>().unwrap_err();
            assert_eq!(matches!(err, DailyError::Malformed(_)), malformed, "{text}");
        };
        for text in [
            "",
            "2026-1-05",
            "2026/12/05",
            "20261205",
            "2026-12-5x",
            "+026-12-05",
        ] {
            check(text, true);
        }
        for text in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "0000-01-01",
        ] {
            check(text, false);
        }
    }

    #[test]
    fn days_count_across_month_year_and_leap_day_ends() {
        let check = |text: &str, days: i64| {
            assert_eq!(date(text).days_since_epoch(), days, "{text}");
            assert_eq!(Date::from_days_since_epoch(days), Some(date(text)));
        };
        check("1970-01-01", 0);
        check("1969-12-31", -1);
        check("2000-02-29", 11_016);
        check("2000-03-01", 11_017);
        check("2026-12-05", 20_792);
        let check_previous = |text: &str, before: &str| {
            assert_eq!(date(text).previous(), Some(date(before)), "{text}");
        };
        check_previous("2027-01-01", "2026-12-31");
        check_previous("2024-03-01", "2024-02-29");
        check_previous("2023-03-01", "2023-02-28");
        check_previous("2100-03-01", "2100-02-28");
        check_previous("2026-12-01", "2026-11-30");
        assert_eq!(date("0001-01-01").previous(), None);
    }

    #[test]
    fn every_day_round_trips_through_its_number_of_days() {
        let first = date("1999-12-01").days_since_epoch();
        for days in first..first + 12_000 {
            let day = Date::from_days_since_epoch(days).unwrap();
            assert_eq!(day.days_since_epoch(), days);
        }
    }

    #[test]
    fn weekdays_are_the_calendars() {
        assert_eq!(date("2026-12-05").weekday(), Weekday::Saturday);
        assert_eq!(date("2026-11-30").weekday(), Weekday::Monday);
        assert_eq!(date("2000-01-01").weekday(), Weekday::Saturday);
    }

    /// The pinned mapping: these IDs are what these dates give, forever.
    #[test]
    fn the_daily_of_a_date_is_pinned() {
        let today = date("2030-01-01");
        let check = |day: &str, id: &str| assert_eq!(daily_id(date(day), today).unwrap(), id);
        check("2026-11-30", "square:7x7:graded:easy#20261130");
        check("2026-12-01", "square:10x10:graded:medium#20261201");
        check("2026-12-02", "hex:10x10:graded:medium#20261202");
        check("2026-12-03", "octo:10x10:graded:medium#20261203");
        check("2026-12-04", "square:12x12w:graded:medium#20261204");
        check("2026-12-05", "hex:15x15:graded:hard#20261205");
        check("2026-12-06", "square:20x20:graded:hard#20261206");
        check("2026-12-13", "square:20x20:graded:hard#20261213");
        // Era 2, the ladder, from Monday 2026-12-14.
        check("2026-12-14", "square:7x7:ladder:easy#20261214");
        check("2026-12-19", "hex:15x15:ladder:hard#20261219");
        check("2026-12-20", "square:20x20:ladder:expert#20261220");
        check("2027-02-28", "square:20x20:ladder:expert#20270228");
    }

    #[test]
    fn a_daily_before_the_first_or_after_today_is_refused() {
        let today = date("2026-12-05");
        assert!(matches!(
            daily_id(date("2026-11-29"), today),
            Err(DailyError::BeforeFirst { .. })
        ));
        let err = daily_id(date("2026-12-06"), today).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the daily of 2026-12-06 is not out yet (today is 2026-12-05)"
        );
        assert!(daily_id(today, today).is_ok());
    }

    #[test]
    fn a_daily_is_known_by_its_id_and_nothing_else_is() {
        let id = daily_id(date("2026-12-02"), date("2026-12-02")).unwrap();
        assert_eq!(date_of_daily(&id), Some(date("2026-12-02")));
        for other in [
            "hex:10x10:graded:medium#20261201",
            "square:10x10:graded:medium#1",
            "square:10x10:graded:medium#20261301",
            "hex:10x10:graded:medium",
        ] {
            assert_eq!(date_of_daily(other), None, "{other}");
        }
    }
}
