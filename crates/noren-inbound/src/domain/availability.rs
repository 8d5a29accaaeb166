//! The inbound availability engine (issue 12, item 2; DESIGN.md "Inbound API decisions"). Pure:
//! no SQL, no clock reads, no axum. The repository (`inbound/store/reservations.rs`) loads a
//! shop's [`ShopRules`], its [`HoursEntry`]s, the requested [`CourseRules`] and the [`Held`] seats
//! of active reservations of the caller's mode in one read; handlers pass `now` from the clock.
//! [`available_times`] answers the availability call, [`judge`] decides one requested start time
//! for create and update (inside their transaction), and both apply exactly the same rules.
//!
//! ## The rules
//! A start time is bookable when all of these hold (checked in this order; the first that fails
//! is the refusal's [`RefusalReason`]):
//! 1. `cutoff_passed`: it is at least `cutoffHours` ahead of `now` (a time in the past always
//!    fails; with `cutoffHours` 0 a slot starting exactly at `now` still passes).
//! 2. `party_size`: the party fits the shop's `minGuests..=maxGuests` and, with a course, the
//!    course's `orderMin..=orderMax` (a missing bound is no bound).
//! 3. `outside_business_hours`: it is a slot of one of the shop's business-hours entries: from the
//!    entry's start, every `slotMinutes`, up to and including its last order time
//!    (end − `lastOrderCutoffMins`). A time between two slots is not a slot.
//! 4. `course_not_valid`: the course is on sale and `validFrom <= start <= validTo` (both ends
//!    inclusive instants; a missing end is open).
//! 5. `outside_course_hours`: the course has no time ranges, or the start's UTC time of day lies
//!    in one of them, both ends inclusive (like the last order time). A range whose end is not
//!    after its start crosses midnight UTC (17:00–06:00 is 17:00..=24:00 and 00:00..=06:00); a
//!    range whose end equals its start is the whole day.
//! 6. `quantity_limit`: the course's active reservations (PENDING and SUCCESS, of the same mode,
//!    any date) and active holds are fewer than its `quantityLimit`.
//! 7. `slot_unavailable`: the guests of the active reservations and holds (a hold counts until
//!    it expires, `Held::expires`, judged at `now`) whose stay overlaps the new stay
//!    `[start, start + stayMinutes)` plus the party are at most `seatCapacity`. Stays are
//!    half-open, so a reservation ending at 19:00 leaves the 19:00 slot free. The sum is over
//!    every overlapping reservation (conservative: two that do not overlap each other still both
//!    count against a stay that overlaps both).
//!
//! ## Days, JST and midnight
//! - Business hours are JST wall-clock times (`HH:MM`), per JST weekday; JST is UTC+9 without
//!   daylight saving ([`jst`]), so every JST wall-clock time is exactly
//!   one instant and conversions go through chrono.
//! - An entry whose end is not after its start ends the next day (17:00–02:00). **A slot belongs
//!   to the JST calendar day it starts on** (issue 20, item 1): Friday's 17:00–02:00 opening gives
//!   Friday 17:00 … 23:30 and Saturday 00:00 … 01:30, so the availability of Saturday starts with
//!   `00:00` … `01:30` (Friday night's late slots) before Saturday's own evening. `requestDate` +
//!   a listed `HH:mm` is therefore always the exact start to book, no start is listed under two
//!   dates, and the list is in time order as text too. [`judge`] asks whether the requested start
//!   is on the grid of its own day ([`day_slots`]): one definition for the list and for create.
//! - Course ranges are stored in UTC and compared with the slot's UTC instant: a 00:30 JST slot
//!   is 15:30 UTC on the previous UTC day, so it lies in a 15:00–16:00 UTC range.
//! - The list is in time order and slots are unique (two entries that overlap give each slot
//!   once).

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use noren_core::domain::jst;
use noren_core::domain::refusal::RefusalReason;

/// A shop's booking settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShopRules {
    /// Minutes between two slots (30 for most shops); at least 1.
    pub slot_minutes: i64,
    /// Seats that overlapping stays may hold together.
    pub seat_capacity: i64,
    /// How long a reservation holds its seats.
    pub stay_minutes: i64,
    /// A slot must start at least this many hours after now.
    pub cutoff_hours: i64,
    pub min_guests: i64,
    pub max_guests: i64,
    /// The shop confirms in real time (the availability answer's `realTime`).
    pub real_time: bool,
}

/// One business-hours entry of a JST weekday.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoursEntry {
    /// JST weekday, 0 = Monday … 6 = Sunday.
    pub weekday: u32,
    /// JST opening time.
    pub start: NaiveTime,
    /// JST closing time; not after `start` means the next day.
    pub end: NaiveTime,
    /// The last order time is `end` minus this many minutes.
    pub last_order_cutoff_mins: i64,
}

impl HoursEntry {
    /// The entry's opening and last order time on the JST day `date` (a weekday that matches
    /// or not: the caller picks the entries of `date`'s weekday).
    fn window(&self, date: NaiveDate) -> (NaiveDateTime, NaiveDateTime) {
        let open = date.and_time(self.start);
        let end_day = if self.end > self.start {
            date
        } else {
            date.succ_opt().unwrap_or(date)
        };
        let close = end_day.and_time(self.end);
        (open, close - Duration::minutes(self.last_order_cutoff_mins))
    }

    fn crosses_midnight(&self) -> bool {
        self.end <= self.start
    }
}

/// A daily order time range of a course, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeRange {
    pub start: NaiveTime,
    pub end: NaiveTime,
}

impl TimeRange {
    /// Whether a UTC time of day lies in the range (both ends inclusive; see the module doc).
    pub fn contains(&self, t: NaiveTime) -> bool {
        if self.end > self.start {
            self.start <= t && t <= self.end
        } else if self.end == self.start {
            true
        } else {
            t >= self.start || t <= self.end
        }
    }
}

/// The requested course (the parent course of the reservation) and what limits it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseRules {
    /// Published (on sale); an unpublished course is `course_not_valid`.
    pub on_sale: bool,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_to: Option<DateTime<Utc>>,
    pub order_min: Option<i64>,
    pub order_max: Option<i64>,
    pub quantity_limit: Option<i64>,
    /// Active reservations and holds of the course (same mode, any date); counted only when
    /// the course has a `quantity_limit` (0 otherwise).
    pub active_reservations: i64,
    /// UTC time ranges; empty = any time.
    pub ranges: Vec<TimeRange>,
}

/// Seats held by an active reservation, or by a hold, over `[start, end)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub guests: i64,
    /// A hold's expiry: from then on it holds nothing (`None` for reservations). Kept reads
    /// may carry holds that expire after they were read; the engine drops them at `now`.
    pub expires: Option<DateTime<Utc>>,
}

/// Everything the engine reads for one shop.
#[derive(Clone, Debug)]
pub struct Inputs<'a> {
    pub shop: &'a ShopRules,
    /// All the shop's business-hours entries (every weekday).
    pub hours: &'a [HoursEntry],
    pub course: Option<&'a CourseRules>,
    /// Active reservations of the same mode; any that do not overlap a stay are ignored.
    pub held: &'a [Held],
    pub now: DateTime<Utc>,
    /// Party size.
    pub pax: i64,
}

/// Why a start time is not bookable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub reason: RefusalReason,
    pub message: String,
}

impl Refusal {
    fn new(reason: RefusalReason, message: impl Into<String>) -> Self {
        Refusal {
            reason,
            message: message.into(),
        }
    }
}

/// A bookable slot: its JST wall-clock start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slot(pub NaiveDateTime);

impl Slot {
    /// `HH:mm` as the availability answer shows it.
    pub fn label(&self) -> String {
        self.0.format("%H:%M").to_string()
    }

    /// The full JST start, `yyyy-MM-ddTHH:mm:ss`, as `reservationStartTime` takes it.
    pub fn start_time(&self) -> String {
        self.0.format("%Y-%m-%dT%H:%M:%S").to_string()
    }
}

fn weekday_of(date: NaiveDate) -> u32 {
    date.weekday().num_days_from_monday()
}

/// The slot times of one entry on `date` (the entry's own day).
fn entry_slots(entry: &HoursEntry, date: NaiveDate, step: i64) -> Vec<NaiveDateTime> {
    let (open, last) = entry.window(date);
    let step = Duration::minutes(step.max(1));
    let mut out = Vec::new();
    let mut t = open;
    while t <= last {
        out.push(t);
        t += step;
    }
    out
}

/// The slots offered on the JST day `date` (every slot starting on it: see [`day_slots`]), in
/// time order.
pub fn available_times(inputs: &Inputs<'_>, date: NaiveDate) -> Vec<Slot> {
    day_slots(inputs.shop, inputs.hours, date)
        .into_iter()
        .filter(|&t| check_all(inputs, t, true).is_ok())
        .map(Slot)
        .collect()
}

/// The slot grid of the JST calendar day `date`, before any rule: every slot that starts on
/// `date`, from that weekday's entries and from the previous weekday's entries that cross
/// midnight (their after-midnight part), in time order, each once.
fn day_slots(shop: &ShopRules, hours: &[HoursEntry], date: NaiveDate) -> Vec<NaiveDateTime> {
    let wd = weekday_of(date);
    let own = hours
        .iter()
        .filter(|e| e.weekday == wd)
        .flat_map(|e| entry_slots(e, date, shop.slot_minutes));
    let night_before = date.pred_opt().into_iter().flat_map(|prev| {
        let pwd = weekday_of(prev);
        hours
            .iter()
            .filter(move |e| e.weekday == pwd && e.crosses_midnight())
            .flat_map(move |e| entry_slots(e, prev, shop.slot_minutes))
    });
    let mut slots: Vec<NaiveDateTime> = own
        .chain(night_before)
        .filter(|t| t.date() == date)
        .collect();
    slots.sort();
    slots.dedup();
    slots
}

/// The instants the stays of the JST day `date`'s slots cover, `[first slot, last slot + stay)`:
/// [`available_times`] for `date` reads only the [`Held`] seats that overlap it (others may be
/// passed or not, with the same answer). `None` on a day without slots, which needs none.
pub fn day_stays(
    shop: &ShopRules,
    hours: &[HoursEntry],
    date: NaiveDate,
) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let slots = day_slots(shop, hours, date);
    let first = jst::to_utc(*slots.first()?);
    let last = jst::to_utc(*slots.last()?);
    Some((first, last + Duration::minutes(shop.stay_minutes)))
}

/// Whether the JST wall-clock `start` is a slot of the shop's hours: on the grid of its own
/// calendar day, the same grid the day's availability lists.
fn is_slot(inputs: &Inputs<'_>, start: NaiveDateTime) -> bool {
    day_slots(inputs.shop, inputs.hours, start.date())
        .binary_search(&start)
        .is_ok()
}

/// Judges one requested JST start time: `Ok` or the first rule it breaks (module doc).
pub fn judge(inputs: &Inputs<'_>, start: NaiveDateTime) -> Result<(), Refusal> {
    check_all(inputs, start, false)
}

fn check_all(inputs: &Inputs<'_>, start: NaiveDateTime, on_grid: bool) -> Result<(), Refusal> {
    let shop = inputs.shop;
    let at = jst::to_utc(start);
    let when = start.format("%Y-%m-%d %H:%M");
    let pax = inputs.pax;

    if at < inputs.now + Duration::hours(shop.cutoff_hours) {
        let message = if at < inputs.now {
            format!("{when} (JST) is in the past")
        } else {
            format!(
                "{when} (JST) is less than {} hours ahead; the shop takes reservations at least {} hours in advance",
                shop.cutoff_hours, shop.cutoff_hours
            )
        };
        return Err(Refusal::new(RefusalReason::CutoffPassed, message));
    }
    if pax < shop.min_guests || pax > shop.max_guests {
        return Err(Refusal::new(
            RefusalReason::PartySize,
            format!(
                "the shop takes parties of {} to {} guests, not {pax}",
                shop.min_guests, shop.max_guests
            ),
        ));
    }
    if let Some(course) = inputs.course {
        let below = course.order_min.is_some_and(|m| pax < m);
        let above = course.order_max.is_some_and(|m| pax > m);
        if below || above {
            let bound = match (course.order_min, course.order_max) {
                (Some(lo), Some(hi)) => format!("{lo} to {hi} guests"),
                (Some(lo), None) => format!("at least {lo} guests"),
                (None, Some(hi)) => format!("at most {hi} guests"),
                (None, None) => unreachable!("a bound failed"),
            };
            return Err(Refusal::new(
                RefusalReason::PartySize,
                format!("the course is ordered for {bound}, not {pax}"),
            ));
        }
    }
    if !on_grid && !is_slot(inputs, start) {
        return Err(Refusal::new(
            RefusalReason::OutsideBusinessHours,
            format!(
                "{when} (JST) is not a reservation slot of the shop (closed, after the last order time, or not on its {}-minute grid)",
                shop.slot_minutes
            ),
        ));
    }
    if let Some(course) = inputs.course {
        if !course.on_sale {
            return Err(Refusal::new(
                RefusalReason::CourseNotValid,
                "the course is not on sale",
            ));
        }
        let before = course.valid_from.is_some_and(|from| at < from);
        let after = course.valid_to.is_some_and(|to| at > to);
        if before || after {
            return Err(Refusal::new(
                RefusalReason::CourseNotValid,
                format!("the course is not valid at {when} (JST)"),
            ));
        }
        let utc_time = at.time();
        if !course.ranges.is_empty() && !course.ranges.iter().any(|r| r.contains(utc_time)) {
            return Err(Refusal::new(
                RefusalReason::OutsideCourseHours,
                format!(
                    "the course cannot be ordered for {when} (JST): outside its order time ranges"
                ),
            ));
        }
        if course
            .quantity_limit
            .is_some_and(|limit| course.active_reservations >= limit)
        {
            return Err(Refusal::new(
                RefusalReason::QuantityLimit,
                "the course is sold out (its quantity limit is reached)",
            ));
        }
    }
    let end = at + Duration::minutes(shop.stay_minutes);
    let taken: i64 = inputs
        .held
        .iter()
        .filter(|h| h.start < end && at < h.end)
        .filter(|h| h.expires.is_none_or(|e| e > inputs.now))
        .map(|h| h.guests)
        .sum();
    if taken + pax > shop.seat_capacity {
        let left = (shop.seat_capacity - taken).max(0);
        return Err(Refusal::new(
            RefusalReason::SlotUnavailable,
            format!("{when} (JST) has {left} seats left, not enough for {pax} guests"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> NaiveTime {
        NaiveTime::parse_from_str(s, "%H:%M").expect("HH:MM")
    }
    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }
    fn local(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M").expect("local")
    }
    fn utc(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("rfc3339")
            .with_timezone(&Utc)
    }

    fn shop() -> ShopRules {
        ShopRules {
            slot_minutes: 30,
            seat_capacity: 10,
            stay_minutes: 120,
            cutoff_hours: 0,
            min_guests: 1,
            max_guests: 10,
            real_time: true,
        }
    }
    /// 2026-12-04 is a Friday (weekday 4).
    const FRI: &str = "2026-12-04";
    fn entry(weekday: u32, start: &str, end: &str, cutoff: i64) -> HoursEntry {
        HoursEntry {
            weekday,
            start: t(start),
            end: t(end),
            last_order_cutoff_mins: cutoff,
        }
    }
    fn course() -> CourseRules {
        CourseRules {
            on_sale: true,
            valid_from: None,
            valid_to: None,
            order_min: None,
            order_max: None,
            quantity_limit: None,
            active_reservations: 0,
            ranges: vec![],
        }
    }
    fn early() -> DateTime<Utc> {
        utc("2026-12-01T00:00:00Z")
    }

    fn labels(slots: &[Slot]) -> Vec<String> {
        slots.iter().map(Slot::label).collect()
    }

    fn times(
        shop: &ShopRules,
        hours: &[HoursEntry],
        course: Option<&CourseRules>,
        held: &[Held],
        now: DateTime<Utc>,
        pax: i64,
        date: &str,
    ) -> Vec<String> {
        let inputs = Inputs {
            shop,
            hours,
            course,
            held,
            now,
            pax,
        };
        labels(&available_times(&inputs, d(date)))
    }

    fn reason(
        shop: &ShopRules,
        hours: &[HoursEntry],
        course: Option<&CourseRules>,
        held: &[Held],
        now: DateTime<Utc>,
        pax: i64,
        start: &str,
    ) -> Option<RefusalReason> {
        let inputs = Inputs {
            shop,
            hours,
            course,
            held,
            now,
            pax,
        };
        judge(&inputs, local(start)).err().map(|r| r.reason)
    }

    #[test]
    fn slots_run_from_opening_to_the_last_order_time_inclusive() {
        let hours = [entry(4, "11:00", "13:00", 30)];
        assert_eq!(
            times(&shop(), &hours, None, &[], early(), 2, FRI),
            ["11:00", "11:30", "12:00", "12:30"]
        );
        assert_eq!(
            reason(&shop(), &hours, None, &[], early(), 2, "2026-12-04T12:30"),
            None
        );
        assert_eq!(
            reason(&shop(), &hours, None, &[], early(), 2, "2026-12-04T13:00"),
            Some(RefusalReason::OutsideBusinessHours)
        );
        assert_eq!(
            reason(&shop(), &hours, None, &[], early(), 2, "2026-12-04T11:15"),
            Some(RefusalReason::OutsideBusinessHours),
            "off the slot grid"
        );
        assert_eq!(
            reason(&shop(), &hours, None, &[], early(), 2, "2026-12-04T10:30"),
            Some(RefusalReason::OutsideBusinessHours)
        );
    }

    #[test]
    fn the_days_stays_run_from_its_first_slot_to_its_last_slot_plus_a_stay() {
        // Friday 17:00-02:00 (last order 01:30 Saturday), stay 120 minutes.
        let hours = [
            entry(4, "17:00", "02:00", 30),
            entry(4, "11:00", "12:00", 0),
        ];
        assert_eq!(
            day_stays(&shop(), &hours, d(FRI)),
            Some((utc("2026-12-04T02:00:00Z"), utc("2026-12-04T16:30:00Z"))),
            "11:00 JST Friday to 23:30 + 2 h = 01:30 JST Saturday"
        );
        assert_eq!(
            day_stays(&shop(), &hours, d("2026-12-05")),
            Some((utc("2026-12-04T15:00:00Z"), utc("2026-12-04T18:30:00Z"))),
            "Saturday's slots are Friday night's 00:00 … 01:30: to 03:30 JST"
        );
        assert_eq!(day_stays(&shop(), &hours, d("2026-12-06")), None);
    }

    #[test]
    fn seats_held_outside_the_days_stays_change_no_answer() {
        let hours = [entry(4, "17:00", "02:00", 0), entry(5, "11:00", "23:00", 0)];
        let mut s = shop();
        s.seat_capacity = 4;
        let (from, to) = day_stays(&s, &hours, d(FRI)).expect("Friday has slots");
        // Every two hours from Thursday noon to Sunday noon, some inside and some outside.
        let held: Vec<Held> = (0..36)
            .map(|i| {
                let start = utc("2026-12-03T03:00:00Z") + Duration::hours(2 * i);
                Held {
                    start,
                    end: start + Duration::minutes(s.stay_minutes),
                    guests: 1 + (i % 3),
                    expires: None,
                }
            })
            .collect();
        let inside: Vec<Held> = held
            .iter()
            .copied()
            .filter(|h| h.start < to && from < h.end)
            .collect();
        assert!(inside.len() < held.len(), "some are outside");
        for pax in 1..=4 {
            assert_eq!(
                times(&s, &hours, None, &held, early(), pax, FRI),
                times(&s, &hours, None, &inside, early(), pax, FRI),
                "pax {pax}"
            );
        }
    }

    #[test]
    fn the_slot_length_is_the_shops_setting() {
        let hours = [entry(4, "11:00", "12:00", 0)];
        let mut s = shop();
        s.slot_minutes = 15;
        assert_eq!(
            times(&s, &hours, None, &[], early(), 2, FRI),
            ["11:00", "11:15", "11:30", "11:45", "12:00"]
        );
        assert_eq!(
            reason(&s, &hours, None, &[], early(), 2, "2026-12-04T11:45"),
            None
        );
    }

    #[test]
    fn a_day_without_hours_has_no_slots_and_several_entries_merge_in_order() {
        let hours = [
            entry(4, "18:00", "19:00", 0),
            entry(4, "11:00", "12:00", 0),
            entry(3, "11:00", "12:00", 0),
        ];
        assert_eq!(
            times(&shop(), &hours, None, &[], early(), 2, FRI),
            ["11:00", "11:30", "12:00", "18:00", "18:30", "19:00"]
        );
        assert!(times(&shop(), &hours, None, &[], early(), 2, "2026-12-05").is_empty());
    }

    #[test]
    fn the_cutoff_hides_slots_less_than_cutoff_hours_ahead() {
        let hours = [entry(4, "11:00", "13:00", 0)];
        let mut s = shop();
        s.cutoff_hours = 3;
        // now = 08:30 JST on the day: 11:30 is exactly 3 hours ahead.
        let now = utc("2026-12-03T23:30:00Z");
        assert_eq!(
            times(&s, &hours, None, &[], now, 2, FRI),
            ["11:30", "12:00", "12:30", "13:00"]
        );
        assert_eq!(
            reason(&s, &hours, None, &[], now, 2, "2026-12-04T11:00"),
            Some(RefusalReason::CutoffPassed)
        );
        assert_eq!(
            reason(&s, &hours, None, &[], now, 2, "2026-12-04T11:30"),
            None
        );
    }

    #[test]
    fn a_past_day_has_no_slots_and_a_past_time_is_refused_even_without_cutoff() {
        let hours = [entry(4, "11:00", "13:00", 0)];
        let now = utc("2026-12-04T03:10:00Z"); // 12:10 JST
        assert_eq!(
            times(&shop(), &hours, None, &[], now, 2, FRI),
            ["12:30", "13:00"]
        );
        assert!(times(&shop(), &hours, None, &[], now, 2, "2026-11-27").is_empty());
        assert_eq!(
            reason(&shop(), &hours, None, &[], now, 2, "2026-12-04T12:00"),
            Some(RefusalReason::CutoffPassed)
        );
    }

    #[test]
    fn the_party_must_fit_the_shops_min_and_max() {
        let hours = [entry(4, "11:00", "11:30", 0)];
        let mut s = shop();
        s.min_guests = 2;
        s.max_guests = 4;
        assert!(times(&s, &hours, None, &[], early(), 1, FRI).is_empty());
        assert!(times(&s, &hours, None, &[], early(), 5, FRI).is_empty());
        assert_eq!(times(&s, &hours, None, &[], early(), 4, FRI).len(), 2);
        assert_eq!(
            reason(&s, &hours, None, &[], early(), 5, "2026-12-04T11:00"),
            Some(RefusalReason::PartySize)
        );
    }

    #[test]
    fn the_party_must_fit_the_courses_order_min_and_max() {
        let hours = [entry(4, "11:00", "11:30", 0)];
        let mut c = course();
        c.order_min = Some(3);
        c.order_max = Some(6);
        assert!(times(&shop(), &hours, Some(&c), &[], early(), 2, FRI).is_empty());
        assert!(times(&shop(), &hours, Some(&c), &[], early(), 7, FRI).is_empty());
        assert_eq!(
            times(&shop(), &hours, Some(&c), &[], early(), 3, FRI).len(),
            2
        );
        assert_eq!(
            reason(
                &shop(),
                &hours,
                Some(&c),
                &[],
                early(),
                7,
                "2026-12-04T11:00"
            ),
            Some(RefusalReason::PartySize)
        );
    }

    #[test]
    fn an_entry_crossing_midnight_gives_each_slot_to_the_day_it_starts_on() {
        // Friday 23:00–02:00, last order 01:00.
        let hours = [entry(4, "23:00", "02:00", 60)];
        assert_eq!(
            times(&shop(), &hours, None, &[], early(), 2, FRI),
            ["23:00", "23:30"]
        );
        assert_eq!(
            times(&shop(), &hours, None, &[], early(), 2, "2026-12-05"),
            ["00:00", "00:30", "01:00"],
            "Friday night's late slots start on Saturday, so Saturday lists them"
        );
        assert!(times(&shop(), &hours, None, &[], early(), 2, "2026-12-06").is_empty());
        assert_eq!(
            reason(&shop(), &hours, None, &[], early(), 2, "2026-12-05T00:30"),
            None,
            "Saturday 00:30 is a slot of Friday's entry"
        );
        assert_eq!(
            reason(&shop(), &hours, None, &[], early(), 2, "2026-12-05T01:30"),
            Some(RefusalReason::OutsideBusinessHours)
        );
        assert_eq!(
            reason(&shop(), &hours, None, &[], early(), 2, "2026-12-04T00:30"),
            Some(RefusalReason::OutsideBusinessHours),
            "Friday 00:30 would belong to Thursday's entry, which does not exist"
        );
    }

    #[test]
    fn an_entry_ending_at_midnight_ends_the_next_day() {
        let hours = [entry(4, "22:00", "00:00", 30)];
        assert_eq!(
            times(&shop(), &hours, None, &[], early(), 2, FRI),
            ["22:00", "22:30", "23:00", "23:30"]
        );
        assert!(times(&shop(), &hours, None, &[], early(), 2, "2026-12-05").is_empty());
    }

    #[test]
    fn every_day_lists_each_start_once_in_time_order_and_books_exactly_it() {
        // Open every day 17:00–02:00 (last order 01:30), as the demo's izakaya; four weeks
        // across a month end and a year end.
        let hours: Vec<HoursEntry> = (0..7).map(|wd| entry(wd, "17:00", "02:00", 30)).collect();
        let mut seen = std::collections::BTreeSet::new();
        let mut day = d("2026-12-20");
        while day <= d("2027-01-17") {
            let inputs = Inputs {
                shop: &shop(),
                hours: &hours,
                course: None,
                held: &[],
                now: early(),
                pax: 2,
            };
            let slots = available_times(&inputs, day);
            let labels = labels(&slots);
            let mut sorted = labels.clone();
            sorted.sort();
            assert_eq!(labels, sorted, "{day}: in order as text");
            assert_eq!(labels.first().map(String::as_str), Some("00:00"), "{day}");
            assert_eq!(labels.last().map(String::as_str), Some("23:30"), "{day}");
            assert_eq!(slots.len(), 4 + 14, "{day}");
            for slot in &slots {
                assert_eq!(slot.0.date(), day, "{day}: every start lies on the day");
                assert!(seen.insert(slot.0), "{day}: {} listed twice", slot.0);
                assert_eq!(judge(&inputs, slot.0), Ok(()), "{day}: {} books", slot.0);
            }
            day = day.succ_opt().expect("day");
        }
        // 2027-01-01 00:30 is New Year's Eve's late slot; it is listed under 2027-01-01.
        assert!(seen.contains(&local("2027-01-01T00:30")));
    }

    #[test]
    fn the_cutoff_judges_a_late_slot_at_its_own_instant() {
        // Friday night 17:00–02:00; now is Friday 23:10 JST with a 1-hour cutoff: Saturday's
        // 00:00 is 50 minutes ahead (refused), 00:30 is 80 minutes ahead (offered).
        let hours = [entry(4, "17:00", "02:00", 0)];
        let mut s = shop();
        s.cutoff_hours = 1;
        let now = jst::to_utc(local("2026-12-04T23:10"));
        assert!(times(&s, &hours, None, &[], now, 2, FRI).is_empty());
        assert_eq!(
            times(&s, &hours, None, &[], now, 2, "2026-12-05"),
            ["00:30", "01:00", "01:30", "02:00"]
        );
        assert_eq!(
            reason(&s, &hours, None, &[], now, 2, "2026-12-05T00:00"),
            Some(RefusalReason::CutoffPassed)
        );
    }

    #[test]
    fn course_validity_is_inclusive_at_both_ends() {
        let hours = [entry(4, "11:00", "13:00", 0)];
        let mut c = course();
        c.valid_from = Some(jst::to_utc(local("2026-12-04T11:30")));
        c.valid_to = Some(jst::to_utc(local("2026-12-04T12:30")));
        assert_eq!(
            times(&shop(), &hours, Some(&c), &[], early(), 2, FRI),
            ["11:30", "12:00", "12:30"]
        );
        assert_eq!(
            reason(
                &shop(),
                &hours,
                Some(&c),
                &[],
                early(),
                2,
                "2026-12-04T11:00"
            ),
            Some(RefusalReason::CourseNotValid)
        );
        assert_eq!(
            reason(
                &shop(),
                &hours,
                Some(&c),
                &[],
                early(),
                2,
                "2026-12-04T13:00"
            ),
            Some(RefusalReason::CourseNotValid)
        );
        c.on_sale = false;
        assert!(times(&shop(), &hours, Some(&c), &[], early(), 2, FRI).is_empty());
    }

    #[test]
    fn course_ranges_are_utc_and_inclusive() {
        let hours = [entry(4, "11:00", "14:00", 0)];
        let mut c = course();
        // 03:00–04:00 UTC = 12:00–13:00 JST.
        c.ranges = vec![TimeRange {
            start: t("03:00"),
            end: t("04:00"),
        }];
        assert_eq!(
            times(&shop(), &hours, Some(&c), &[], early(), 2, FRI),
            ["12:00", "12:30", "13:00"]
        );
        assert_eq!(
            reason(
                &shop(),
                &hours,
                Some(&c),
                &[],
                early(),
                2,
                "2026-12-04T11:30"
            ),
            Some(RefusalReason::OutsideCourseHours)
        );
    }

    #[test]
    fn a_course_range_crossing_midnight_utc_covers_both_sides() {
        // 14:00–01:00 UTC = 23:00 JST to 10:00 JST next day.
        let hours = [entry(4, "09:00", "12:00", 0), entry(4, "22:00", "02:00", 0)];
        let mut c = course();
        c.ranges = vec![TimeRange {
            start: t("14:00"),
            end: t("01:00"),
        }];
        assert_eq!(
            times(&shop(), &hours, Some(&c), &[], early(), 2, FRI),
            ["09:00", "09:30", "10:00", "23:00", "23:30"]
        );
        assert_eq!(
            times(&shop(), &hours, Some(&c), &[], early(), 2, "2026-12-05"),
            ["00:00", "00:30", "01:00", "01:30", "02:00"]
        );
    }

    #[test]
    fn the_jst_day_boundary_a_0030_slot_is_on_the_previous_utc_day() {
        // Saturday 00:30 JST = Friday 15:30 UTC: inside a 15:00–16:00 UTC range.
        let hours = [entry(4, "23:00", "02:00", 0)];
        let mut c = course();
        c.ranges = vec![TimeRange {
            start: t("15:00"),
            end: t("16:00"),
        }];
        assert_eq!(
            jst::to_utc(local("2026-12-05T00:30")),
            utc("2026-12-04T15:30:00Z")
        );
        assert!(times(&shop(), &hours, Some(&c), &[], early(), 2, FRI).is_empty());
        assert_eq!(
            times(&shop(), &hours, Some(&c), &[], early(), 2, "2026-12-05"),
            ["00:00", "00:30", "01:00"]
        );
        // A validity that ends at Friday 23:59:59 UTC still covers Saturday 00:30 JST.
        c.valid_to = Some(utc("2026-12-04T23:59:59Z"));
        assert_eq!(
            reason(
                &shop(),
                &hours,
                Some(&c),
                &[],
                early(),
                2,
                "2026-12-05T00:30"
            ),
            None
        );
        // One ending at Friday 15:00 UTC (Saturday 00:00 JST) does not.
        c.valid_to = Some(utc("2026-12-04T15:00:00Z"));
        assert_eq!(
            reason(
                &shop(),
                &hours,
                Some(&c),
                &[],
                early(),
                2,
                "2026-12-05T00:30"
            ),
            Some(RefusalReason::CourseNotValid)
        );
    }

    #[test]
    fn a_full_range_is_the_whole_day() {
        let r = TimeRange {
            start: t("05:00"),
            end: t("05:00"),
        };
        assert!(r.contains(t("00:00")) && r.contains(t("23:59")));
    }

    #[test]
    fn the_quantity_limit_counts_active_reservations() {
        let hours = [entry(4, "11:00", "11:30", 0)];
        let mut c = course();
        c.quantity_limit = Some(3);
        c.active_reservations = 2;
        assert_eq!(
            times(&shop(), &hours, Some(&c), &[], early(), 2, FRI).len(),
            2
        );
        c.active_reservations = 3;
        assert!(times(&shop(), &hours, Some(&c), &[], early(), 2, FRI).is_empty());
        assert_eq!(
            reason(
                &shop(),
                &hours,
                Some(&c),
                &[],
                early(),
                2,
                "2026-12-04T11:00"
            ),
            Some(RefusalReason::QuantityLimit)
        );
    }

    #[test]
    fn seats_are_held_for_the_stay_and_overlapping_stays_add_up() {
        // Capacity 10, stay 2 h. 6 guests at 18:00 (until 20:00), 3 at 19:00 (until 21:00).
        let hours = [entry(4, "17:00", "22:00", 0)];
        let held = [
            Held {
                start: jst::to_utc(local("2026-12-04T18:00")),
                end: jst::to_utc(local("2026-12-04T20:00")),
                guests: 6,
                expires: None,
            },
            Held {
                start: jst::to_utc(local("2026-12-04T19:00")),
                end: jst::to_utc(local("2026-12-04T21:00")),
                guests: 3,
                expires: None,
            },
        ];
        // A party of 2: 17:00–19:00 overlaps the 6 only (8 ≤ 10); 17:30 to 19:30 overlap both
        // (11 > 10); 20:00 and 20:30 overlap the 3 only; 21:00 overlaps none.
        assert_eq!(
            times(&shop(), &hours, None, &held, early(), 2, FRI),
            ["17:00", "20:00", "20:30", "21:00", "21:30", "22:00"]
        );
        // A party of 1 fits with both (10 ≤ 10).
        assert_eq!(
            times(&shop(), &hours, None, &held, early(), 1, FRI).len(),
            11
        );
        assert_eq!(
            reason(&shop(), &hours, None, &held, early(), 2, "2026-12-04T19:00"),
            Some(RefusalReason::SlotUnavailable)
        );
        // A party bigger than the capacity never fits.
        let mut s = shop();
        s.max_guests = 20;
        assert!(times(&s, &hours, None, &[], early(), 11, FRI).is_empty());
    }

    #[test]
    fn a_hold_takes_seats_until_it_expires() {
        let hours = [entry(4, "18:00", "19:00", 0)];
        let start = jst::to_utc(local("2026-12-04T18:00"));
        let held = [Held {
            start,
            end: start + Duration::hours(2),
            guests: 9,
            expires: Some(utc("2026-12-01T00:05:00Z")),
        }];
        assert_eq!(
            times(&shop(), &hours, None, &held, early(), 2, FRI),
            Vec::<String>::new(),
            "held: 1 seat left"
        );
        let later = utc("2026-12-01T00:05:00Z");
        assert_eq!(
            times(&shop(), &hours, None, &held, later, 2, FRI),
            ["18:00", "18:30", "19:00"],
            "expired at its expiry instant"
        );
    }

    #[test]
    fn a_stay_ending_when_the_slot_starts_does_not_overlap() {
        let hours = [entry(4, "20:00", "20:00", 0)];
        let held = [Held {
            start: jst::to_utc(local("2026-12-04T18:00")),
            end: jst::to_utc(local("2026-12-04T20:00")),
            guests: 10,
            expires: None,
        }];
        let inputs = Inputs {
            shop: &shop(),
            hours: &hours,
            course: None,
            held: &held,
            now: early(),
            pax: 10,
        };
        // 20:00–20:00 is a 24-hour entry.
        assert_eq!(judge(&inputs, local("2026-12-04T20:00")), Ok(()));
        assert_eq!(
            judge(&inputs, local("2026-12-05T17:30")),
            Ok(()),
            "the whole-day entry's last slot on the next day"
        );
        assert_eq!(
            judge(&inputs, local("2026-12-04T19:30")).map_err(|r| r.reason),
            Err(RefusalReason::OutsideBusinessHours)
        );
    }

    #[test]
    fn refusals_carry_a_human_message() {
        let hours = [entry(4, "11:00", "12:00", 0)];
        let held = [Held {
            start: jst::to_utc(local("2026-12-04T11:00")),
            end: jst::to_utc(local("2026-12-04T13:00")),
            guests: 9,
            expires: None,
        }];
        let inputs = Inputs {
            shop: &shop(),
            hours: &hours,
            course: None,
            held: &held,
            now: early(),
            pax: 2,
        };
        let refusal = judge(&inputs, local("2026-12-04T11:30")).expect_err("full");
        assert_eq!(refusal.reason, RefusalReason::SlotUnavailable);
        assert_eq!(
            refusal.message,
            "2026-12-04 11:30 (JST) has 1 seats left, not enough for 2 guests"
        );
    }
}
