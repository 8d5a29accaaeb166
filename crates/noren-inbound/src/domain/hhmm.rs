//! Times of day of the inbound catalogue (seed 001 §3, §9) as `HH:MM` text: business hours in
//! JST, course order time ranges stored in UTC and shown in JST (the conversions are
//! [`noren_core::domain::jst`]'s).

use chrono::{NaiveTime, Timelike};

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

/// The last order time of an opening: `end − cutoff_mins`, wrapping over midnight
/// (`"02:00"` − 60 → `"01:00"`, `"00:30"` − 60 → `"23:30"`).
pub fn last_order(end: NaiveTime, cutoff_mins: i32) -> NaiveTime {
    let (t, _) = end.overflowing_sub_signed(chrono::Duration::minutes(i64::from(cutoff_mins)));
    t
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
    fn last_order_subtracts_the_cutoff_and_wraps() {
        assert_eq!(format(last_order(t("22:00"), 60)), "21:00");
        assert_eq!(format(last_order(t("02:00"), 30)), "01:30");
        assert_eq!(format(last_order(t("00:30"), 60)), "23:30");
        assert_eq!(format(last_order(t("14:00"), 0)), "14:00");
    }
}
