//! Times of day of the inbound catalogue (seed 001 §3, §9): `HH:MM` text, business hours in JST,
//! course order time ranges stored in UTC and shown in JST. JST is chrono's fixed `+09:00`
//! offset (no daylight saving); the conversions go through it, never through hand-written
//! offset arithmetic.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveTime, TimeZone, Timelike, Utc};

/// Japan Standard Time, UTC+9 all year.
pub fn jst() -> FixedOffset {
    FixedOffset::east_opt(9 * 3600).expect("+09:00 is a valid offset")
}

/// Parses `HH:MM` (two digits each, 00:00–23:59).
pub fn parse(s: &str) -> Option<NaiveTime> {
    let b = s.as_bytes();
    if b.len() != 5
        || b[2] != b':'
        || !b
            .iter()
            .enumerate()
            .all(|(i, c)| i == 2 || c.is_ascii_digit())
    {
        return None;
    }
    NaiveTime::parse_from_str(s, "%H:%M").ok()
}

/// `HH:MM` of a time.
pub fn format(t: NaiveTime) -> String {
    format!("{:02}:{:02}", t.hour(), t.minute())
}

/// A UTC time of day shown in JST (`"13:00"` → `"22:00"`).
pub fn utc_to_jst(t: NaiveTime) -> NaiveTime {
    at_reference_date(Utc, t).with_timezone(&jst()).time()
}

/// A JST time of day stored in UTC (`"22:00"` → `"13:00"`).
pub fn jst_to_utc(t: NaiveTime) -> NaiveTime {
    at_reference_date(jst(), t).with_timezone(&Utc).time()
}

/// `t` on a fixed date in `tz` (any date will do: neither zone has daylight saving).
fn at_reference_date<Tz: TimeZone>(tz: Tz, t: NaiveTime) -> DateTime<Tz> {
    let date = NaiveDate::from_ymd_opt(2026, 1, 1).expect("a valid date");
    tz.from_local_datetime(&date.and_time(t))
        .single()
        .expect("fixed offsets have one local time")
}

/// The last order time of an opening: `end − cutoff_mins`, wrapping over midnight
/// (`"02:00"` − 60 → `"01:00"`, `"00:30"` − 60 → `"23:30"`).
pub fn last_order(end: NaiveTime, cutoff_mins: i32) -> NaiveTime {
    let (t, _) = end.overflowing_sub_signed(chrono::Duration::minutes(i64::from(cutoff_mins)));
    t
}

/// The JST calendar date of an instant.
pub fn jst_date(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&jst()).date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> NaiveTime {
        parse(s).expect("valid")
    }

    #[test]
    fn only_two_digit_hours_and_minutes_parse() {
        assert_eq!(format(t("09:05")), "09:05");
        for bad in [
            "9:05", "24:00", "12:60", "12-00", "12:00:00", "", "ab:cd", "+1:00",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn utc_ranges_show_in_jst_across_midnight() {
        assert_eq!(format(utc_to_jst(t("13:00"))), "22:00");
        assert_eq!(format(utc_to_jst(t("17:00"))), "02:00");
        assert_eq!(format(utc_to_jst(t("00:00"))), "09:00");
        assert_eq!(format(jst_to_utc(t("08:00"))), "23:00");
        assert_eq!(format(jst_to_utc(t("22:00"))), "13:00");
        for s in ["00:00", "08:59", "09:00", "23:59"] {
            assert_eq!(utc_to_jst(jst_to_utc(t(s))), t(s));
        }
    }

    #[test]
    fn last_order_subtracts_the_cutoff_and_wraps() {
        assert_eq!(format(last_order(t("22:00"), 60)), "21:00");
        assert_eq!(format(last_order(t("02:00"), 30)), "01:30");
        assert_eq!(format(last_order(t("00:30"), 60)), "23:30");
        assert_eq!(format(last_order(t("14:00"), 0)), "14:00");
    }

    #[test]
    fn the_jst_date_changes_at_15_utc() {
        let before = Utc.with_ymd_and_hms(2026, 12, 4, 14, 59, 59).unwrap();
        let after = Utc.with_ymd_and_hms(2026, 12, 4, 15, 0, 0).unwrap();
        assert_eq!(jst_date(before).to_string(), "2026-12-04");
        assert_eq!(jst_date(after).to_string(), "2026-12-05");
    }
}
