//! Japan Standard Time: the one place where Noren turns instants into Japanese dates and
//! wall-clock times and back (the inbound catalogue's business hours and course ranges, the
//! availability engine's slots, the cancellation policy's days, the answers' JST times).
//!
//! JST is chrono's fixed `+09:00` offset rather than a time-zone database (`chrono-tz`'s
//! `Asia/Tokyo`): Japan has kept UTC+9 without daylight saving since 1951, so for every date
//! Noren handles the two agree, and a fixed offset maps every wall-clock time to exactly one
//! instant (no gap, no fold), which the engine relies on. Should Japan ever adopt daylight
//! saving, this module is the one to change.

use chrono::{
    DateTime, FixedOffset, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc,
};

/// UTC+9, all year.
pub fn offset() -> FixedOffset {
    // 9 h is within ±24 h: the constructor cannot fail.
    FixedOffset::east_opt(9 * 3600).unwrap_or_else(|| unreachable!())
}

/// The JST calendar date of an instant (it changes at 15:00 UTC).
pub fn date(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&offset()).date_naive()
}

/// The instant of a JST wall-clock time (always exactly one).
pub fn to_utc(local: NaiveDateTime) -> DateTime<Utc> {
    match offset().from_local_datetime(&local) {
        LocalResult::Single(at) => at.with_timezone(&Utc),
        // A fixed offset has neither gaps nor folds.
        LocalResult::None | LocalResult::Ambiguous(..) => unreachable!(),
    }
}

/// The JST wall-clock time of an instant.
pub fn from_utc(at: DateTime<Utc>) -> NaiveDateTime {
    at.with_timezone(&offset()).naive_local()
}

/// An instant as RFC 3339 text in JST (`2026-12-04T19:00:00+09:00`).
pub fn rfc3339(at: DateTime<Utc>) -> String {
    at.with_timezone(&offset()).to_rfc3339()
}

/// A JST time of day as the UTC time of day it is stored as (`22:00` → `13:00`).
pub fn time_to_utc(t: NaiveTime) -> NaiveTime {
    to_utc(reference_day().and_time(t)).time()
}

/// A UTC time of day as the JST time of day it is shown as (`13:00` → `22:00`).
pub fn time_from_utc(t: NaiveTime) -> NaiveTime {
    from_utc(reference_day().and_time(t).and_utc()).time()
}

/// Any day will do for times of day: neither zone has daylight saving.
fn reference_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 1).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> NaiveTime {
        NaiveTime::parse_from_str(s, "%H:%M").expect("time")
    }

    fn local(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M").expect("local time")
    }

    #[test]
    fn the_jst_date_changes_at_15_utc() {
        let before = Utc.with_ymd_and_hms(2026, 12, 4, 14, 59, 59).unwrap();
        let after = Utc.with_ymd_and_hms(2026, 12, 4, 15, 0, 0).unwrap();
        assert_eq!(date(before).to_string(), "2026-12-04");
        assert_eq!(date(after).to_string(), "2026-12-05");
    }

    #[test]
    fn wall_clock_times_and_instants_map_one_to_one_across_midnight_and_the_year() {
        assert_eq!(
            to_utc(local("2026-12-05T00:30")).to_rfc3339(),
            "2026-12-04T15:30:00+00:00"
        );
        assert_eq!(
            to_utc(local("2027-01-01T08:59")).to_rfc3339(),
            "2026-12-31T23:59:00+00:00"
        );
        for s in [
            "2026-12-31T23:59",
            "2027-01-01T00:00",
            "2026-03-29T02:30",
            "2028-02-29T09:00",
        ] {
            assert_eq!(from_utc(to_utc(local(s))), local(s));
        }
        assert_eq!(
            rfc3339(to_utc(local("2026-12-04T19:00"))),
            "2026-12-04T19:00:00+09:00"
        );
    }

    #[test]
    fn times_of_day_convert_across_midnight() {
        assert_eq!(time_from_utc(t("13:00")), t("22:00"));
        assert_eq!(time_from_utc(t("17:00")), t("02:00"));
        assert_eq!(time_from_utc(t("00:00")), t("09:00"));
        assert_eq!(time_to_utc(t("08:00")), t("23:00"));
        assert_eq!(time_to_utc(t("22:00")), t("13:00"));
        for s in ["00:00", "08:59", "09:00", "23:59"] {
            assert_eq!(time_from_utc(time_to_utc(t(s))), t(s));
        }
    }
}
