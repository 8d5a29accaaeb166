//! Retry schedules: the waits before each retry of a job kind, written like `10s,30s,1m`
//! (`NOREN_WEBHOOK_RETRY_SCHEDULE`), and which wait a failed run gets. Pure: no SQL, no clock.

use std::time::Duration;

/// Parses a schedule like `10s,30s,1m` (units `ms`, `s`, `m`, `h`); 1 to 10 waits.
pub fn parse_schedule(raw: &str) -> Result<Vec<Duration>, String> {
    let mut out = Vec::new();
    for part in raw.split(',').map(str::trim) {
        let (num, unit) = part
            .find(|c: char| !c.is_ascii_digit())
            .map(|i| part.split_at(i))
            .ok_or_else(|| format!("{part}: missing unit (ms, s, m, h)"))?;
        let n: u64 = num.parse().map_err(|_| format!("{part}: not a number"))?;
        let d = match unit {
            "ms" => Duration::from_millis(n),
            "s" => Duration::from_secs(n),
            "m" => Duration::from_secs(n * 60),
            "h" => Duration::from_secs(n * 3600),
            _ => return Err(format!("{part}: unknown unit (ms, s, m, h)")),
        };
        out.push(d);
    }
    if out.is_empty() || out.len() > 10 {
        return Err("between 1 and 10 waits".into());
    }
    Ok(out)
}

/// The wait before the run after run number `attempt` (from 1) fails, or `None` when that run
/// was the last: `max_attempts` used, or the schedule has no wait for it.
pub fn next_wait(schedule: &[Duration], attempt: i32, max_attempts: i32) -> Option<Duration> {
    if attempt >= max_attempts || attempt < 1 {
        return None;
    }
    schedule.get(attempt as usize - 1).copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules_parse_with_units() {
        assert_eq!(
            parse_schedule("50ms,1s,2m,1h").expect("valid"),
            vec![
                Duration::from_millis(50),
                Duration::from_secs(1),
                Duration::from_secs(120),
                Duration::from_secs(3600)
            ]
        );
        assert!(parse_schedule("10").is_err());
        assert!(parse_schedule("10d").is_err());
        assert!(parse_schedule("").is_err());
        assert!(parse_schedule("1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s").is_err());
    }

    #[test]
    fn each_failed_run_waits_its_step_until_attempts_run_out() {
        let s = [Duration::from_secs(10), Duration::from_secs(30)];
        assert_eq!(next_wait(&s, 1, 3), Some(Duration::from_secs(10)));
        assert_eq!(next_wait(&s, 2, 3), Some(Duration::from_secs(30)));
        assert_eq!(next_wait(&s, 3, 3), None, "the last attempt");
        assert_eq!(next_wait(&s, 3, 10), None, "no wait left in the schedule");
        assert_eq!(next_wait(&s, 1, 1), None, "a single-shot job");
        assert_eq!(next_wait(&[], 1, 5), None);
    }
}
