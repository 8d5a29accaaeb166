//! An inbound reservation's statuses, who may move them where, and the cancellation policy
//! (seed 001 §4, §8; DESIGN.md "Inbound API decisions"). Pure: no SQL, no clock reads (`now` is a
//! parameter), so every rule is unit-tested here.
//!
//! ## Transitions
//!
//! | Change | Who | From | To |
//! |---|---|---|---|
//! | confirm | merchant | `PENDING` | `SUCCESS` |
//! | reject | merchant | `PENDING` | `NOT_AVAILABLE` |
//! | cancel | partner | `PENDING`, `SUCCESS` | `CANCELLED` or `CANCELLED_NO_REFUND` (the policy below) |
//! | cancel | merchant | `PENDING`, `SUCCESS` | `CANCELLED` (the restaurant cancels: full refund, no policy) |
//! | half refund | merchant | `SUCCESS`, `CANCELLED_NO_REFUND` | `CANCELLED_HALF_REFUND` |
//!
//! Half refund is allowed from `SUCCESS` (the restaurant cancels a booking and keeps half) and
//! from `CANCELLED_NO_REFUND` (the restaurant grants half back after a late cancellation); never
//! from `PENDING` (nothing was confirmed, so nothing is kept: reject it instead) nor from a
//! status that already refunded (`CANCELLED`) or never booked (`NOT_AVAILABLE`). Every other
//! change is refused with reason `status_conflict`, naming the current status and the statuses
//! the change is allowed from. A reservation's status never goes back to `PENDING`.
//!
//! ## Cancellation policy (partner cancel)
//!
//! Dates are JST calendar dates (UTC+9, no daylight saving, `chrono::FixedOffset`). "Days
//! ahead" is the JST date of the reservation's start minus the JST date of now, in whole days,
//! whatever the hours:
//!
//! 1. `cancellationPolicyDays` < 0: refused, `cancellation_not_allowed` (checked first).
//! 2. days ahead ≤ 0 (the day of the reservation, or later): refused, `cancellation_day_of`.
//! 3. days ahead > `cancellationPolicyDays`: `CANCELLED` (full refund).
//! 4. otherwise (1 ≤ days ahead ≤ `cancellationPolicyDays`): `CANCELLED_NO_REFUND`.
//!
//! Examples, for a reservation at 2026-12-03 19:00 JST (10:00Z) and policy 1 day:
//! - now 2026-12-01 23:59 JST (14:59Z): 2 days ahead → `CANCELLED`;
//! - now 2026-12-02 00:00 JST (2026-12-01T15:00Z): 1 day ahead → `CANCELLED_NO_REFUND`;
//! - now 2026-12-02 23:59 JST: still 1 day ahead → `CANCELLED_NO_REFUND`;
//! - now 2026-12-03 00:00 JST (2026-12-02T15:00Z): the day itself → refused (`cancellation_day_of`).
//!
//! With policy 0 the day before gives `CANCELLED`; with policy -1 nothing is ever cancelled by
//! the partner (the restaurant still can).

use chrono::{DateTime, Utc};
use noren_core::domain::jst;
use noren_core::domain::refusal::RefusalReason;
use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

/// Inbound reservation status, stored and served as its upper-case name.
///
/// Partners must accept values not listed here (the seed: unknown statuses may appear in
/// staging); Noren itself only ever writes these six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReservationStatus {
    /// Waiting for the restaurant to confirm (shops that are not real-time bookable).
    Pending,
    /// Booked: confirmed in real time or by the restaurant.
    Success,
    /// The restaurant rejected the pending request.
    NotAvailable,
    /// Cancelled, refunded in full if paid.
    Cancelled,
    /// Cancelled inside the shop's cancellation policy: no refund.
    CancelledNoRefund,
    /// Cancelled with half refunded (set by the restaurant).
    CancelledHalfRefund,
}

impl ReservationStatus {
    pub const ALL: [ReservationStatus; 6] = [
        ReservationStatus::Pending,
        ReservationStatus::Success,
        ReservationStatus::NotAvailable,
        ReservationStatus::Cancelled,
        ReservationStatus::CancelledNoRefund,
        ReservationStatus::CancelledHalfRefund,
    ];

    /// The stored and served name (`PENDING`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            ReservationStatus::Pending => "PENDING",
            ReservationStatus::Success => "SUCCESS",
            ReservationStatus::NotAvailable => "NOT_AVAILABLE",
            ReservationStatus::Cancelled => "CANCELLED",
            ReservationStatus::CancelledNoRefund => "CANCELLED_NO_REFUND",
            ReservationStatus::CancelledHalfRefund => "CANCELLED_HALF_REFUND",
        }
    }

    /// Parses a stored name; `None` for anything else.
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|st| st.as_str() == s)
    }

    /// Whether a reservation in this status holds its seats and counts toward a course's
    /// `quantityLimit` (PENDING and SUCCESS).
    pub fn is_active(self) -> bool {
        matches!(
            self,
            ReservationStatus::Pending | ReservationStatus::Success
        )
    }
}

impl fmt::Display for ReservationStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A change to a reservation's status (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The merchant confirms a pending request.
    Confirm,
    /// The merchant rejects a pending request.
    Reject,
    /// The partner cancels (the policy decides the status).
    PartnerCancel,
    /// The merchant cancels (full refund).
    MerchantCancel,
    /// The merchant refunds half.
    HalfRefund,
}

impl Change {
    /// The statuses this change is allowed from.
    pub fn allowed_from(self) -> &'static [ReservationStatus] {
        use ReservationStatus::*;
        match self {
            Change::Confirm | Change::Reject => &[Pending],
            Change::PartnerCancel | Change::MerchantCancel => &[Pending, Success],
            Change::HalfRefund => &[Success, CancelledNoRefund],
        }
    }

    /// What the change is called in messages.
    pub fn describe(self) -> &'static str {
        match self {
            Change::Confirm => "confirm",
            Change::Reject => "reject",
            Change::PartnerCancel | Change::MerchantCancel => "cancel",
            Change::HalfRefund => "half-refund",
        }
    }
}

/// Why a change was refused: the stable reason and a message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub reason: RefusalReason,
    pub message: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn names(statuses: &[ReservationStatus]) -> String {
    statuses
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks that `change` is allowed from the stored status `current` (a name Noren may not know:
/// then it is refused too).
pub fn check_status(current: &str, change: Change) -> Result<ReservationStatus, Refusal> {
    let allowed = change.allowed_from();
    match ReservationStatus::parse(current) {
        Some(st) if allowed.contains(&st) => Ok(st),
        _ => Err(Refusal {
            reason: RefusalReason::StatusConflict,
            message: format!(
                "cannot {} a reservation in status {current}; allowed from: {}",
                change.describe(),
                names(allowed)
            ),
        }),
    }
}

/// The status a merchant change leads to, or why it is refused (`status_conflict`).
/// [`Change::PartnerCancel`] goes through [`partner_cancel`] instead.
pub fn merchant_change(current: &str, change: Change) -> Result<ReservationStatus, Refusal> {
    check_status(current, change)?;
    Ok(match change {
        Change::Confirm => ReservationStatus::Success,
        Change::Reject => ReservationStatus::NotAvailable,
        Change::MerchantCancel | Change::PartnerCancel => ReservationStatus::Cancelled,
        Change::HalfRefund => ReservationStatus::CancelledHalfRefund,
    })
}

/// The cancellation policy alone (module doc): the status a partner's cancellation of a
/// reservation starting at `start_at` leads to at `now`, or why it is refused.
pub fn cancellation_outcome(
    start_at: DateTime<Utc>,
    now: DateTime<Utc>,
    policy_days: i32,
) -> Result<ReservationStatus, Refusal> {
    if policy_days < 0 {
        return Err(Refusal {
            reason: RefusalReason::CancellationNotAllowed,
            message: "this shop does not allow cancellation (cancellationPolicyDays is negative)"
                .into(),
        });
    }
    let days_ahead = (jst::date(start_at) - jst::date(now)).num_days();
    if days_ahead <= 0 {
        return Err(Refusal {
            reason: RefusalReason::CancellationDayOf,
            message: format!(
                "cancellation is refused on the day of the reservation ({} JST) and after it",
                jst::date(start_at)
            ),
        });
    }
    Ok(if days_ahead > i64::from(policy_days) {
        ReservationStatus::Cancelled
    } else {
        ReservationStatus::CancelledNoRefund
    })
}

/// A partner's cancellation: the status first (`status_conflict`), then the policy.
pub fn partner_cancel(
    current: &str,
    start_at: DateTime<Utc>,
    now: DateTime<Utc>,
    policy_days: i32,
) -> Result<ReservationStatus, Refusal> {
    check_status(current, Change::PartnerCancel)?;
    cancellation_outcome(start_at, now, policy_days)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_round_trips_through_its_name_and_serde() {
        for st in ReservationStatus::ALL {
            assert_eq!(ReservationStatus::parse(st.as_str()), Some(st));
            assert_eq!(
                serde_json::to_value(st).expect("serializes"),
                serde_json::Value::String(st.as_str().into())
            );
        }
        assert_eq!(ReservationStatus::parse("pending"), None);
    }

    #[test]
    fn only_pending_and_success_hold_seats() {
        let active: Vec<_> = ReservationStatus::ALL
            .into_iter()
            .filter(|s| s.is_active())
            .collect();
        assert_eq!(
            active,
            [ReservationStatus::Pending, ReservationStatus::Success]
        );
    }

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("rfc3339")
            .with_timezone(&Utc)
    }

    /// 2026-12-03 19:00 JST.
    const START: &str = "2026-12-03T10:00:00Z";

    #[test]
    fn the_jst_day_boundary_moves_a_cancellation_from_refund_to_no_refund() {
        let start = at(START);
        // 23:59 JST on 12-01: two JST days ahead.
        assert_eq!(
            cancellation_outcome(start, at("2026-12-01T14:59:59Z"), 1),
            Ok(ReservationStatus::Cancelled)
        );
        // 00:00 JST on 12-02: one day ahead.
        assert_eq!(
            cancellation_outcome(start, at("2026-12-01T15:00:00Z"), 1),
            Ok(ReservationStatus::CancelledNoRefund)
        );
        assert_eq!(
            cancellation_outcome(start, at("2026-12-02T14:59:59Z"), 1),
            Ok(ReservationStatus::CancelledNoRefund)
        );
    }

    #[test]
    fn cancelling_is_refused_from_midnight_jst_of_the_day_itself() {
        let start = at(START);
        // 2026-12-02 23:59 JST: the day before.
        assert!(cancellation_outcome(start, at("2026-12-02T14:59:00Z"), 0).is_ok());
        // 2026-12-03 00:00 JST: the day itself, although it is still 12-02 in UTC.
        let refused =
            cancellation_outcome(start, at("2026-12-02T15:00:00Z"), 0).expect_err("day of");
        assert_eq!(refused.reason, RefusalReason::CancellationDayOf);
        assert!(
            refused.message.contains("2026-12-03"),
            "{}",
            refused.message
        );
        // After the start, too.
        let after = cancellation_outcome(start, at("2026-12-05T00:00:00Z"), 0).expect_err("after");
        assert_eq!(after.reason, RefusalReason::CancellationDayOf);
    }

    #[test]
    fn a_reservation_early_in_the_jst_morning_is_dated_by_jst_not_utc() {
        // 2026-12-03 08:00 JST is 2026-12-02T23:00Z.
        let start = at("2026-12-02T23:00:00Z");
        // 2026-12-02 10:00 JST: the day before in JST.
        assert_eq!(
            cancellation_outcome(start, at("2026-12-02T01:00:00Z"), 0),
            Ok(ReservationStatus::Cancelled)
        );
        let refused =
            cancellation_outcome(start, at("2026-12-02T15:00:00Z"), 0).expect_err("day of");
        assert_eq!(refused.reason, RefusalReason::CancellationDayOf);
    }

    #[test]
    fn a_negative_policy_refuses_every_cancellation() {
        let start = at(START);
        for now in [
            "2026-01-01T00:00:00Z",
            "2026-12-01T00:00:00Z",
            "2026-12-03T01:00:00Z",
        ] {
            let refused = cancellation_outcome(start, at(now), -1).expect_err("never");
            assert_eq!(refused.reason, RefusalReason::CancellationNotAllowed);
        }
    }

    #[test]
    fn the_policy_days_are_a_strict_bound_for_the_full_refund() {
        let start = at(START);
        let now = at("2026-11-30T03:00:00Z"); // 2026-11-30 JST: 3 days ahead
        assert_eq!(
            cancellation_outcome(start, now, 2),
            Ok(ReservationStatus::Cancelled)
        );
        assert_eq!(
            cancellation_outcome(start, now, 3),
            Ok(ReservationStatus::CancelledNoRefund)
        );
    }

    #[test]
    fn merchant_changes_follow_the_table_and_name_the_statuses_when_refused() {
        use ReservationStatus::*;
        assert_eq!(merchant_change("PENDING", Change::Confirm), Ok(Success));
        assert_eq!(merchant_change("PENDING", Change::Reject), Ok(NotAvailable));
        assert_eq!(
            merchant_change("SUCCESS", Change::MerchantCancel),
            Ok(Cancelled)
        );
        assert_eq!(
            merchant_change("PENDING", Change::MerchantCancel),
            Ok(Cancelled)
        );
        assert_eq!(
            merchant_change("SUCCESS", Change::HalfRefund),
            Ok(CancelledHalfRefund)
        );
        assert_eq!(
            merchant_change("CANCELLED_NO_REFUND", Change::HalfRefund),
            Ok(CancelledHalfRefund)
        );
        let refused = merchant_change("SUCCESS", Change::Confirm).expect_err("not pending");
        assert_eq!(refused.reason, RefusalReason::StatusConflict);
        assert_eq!(
            refused.message,
            "cannot confirm a reservation in status SUCCESS; allowed from: PENDING"
        );
        for st in [
            NotAvailable,
            Cancelled,
            CancelledNoRefund,
            CancelledHalfRefund,
        ] {
            for change in [Change::Confirm, Change::Reject, Change::MerchantCancel] {
                assert!(
                    merchant_change(st.as_str(), change).is_err(),
                    "{st} {change:?}"
                );
            }
        }
        for st in [Pending, Cancelled, NotAvailable, CancelledHalfRefund] {
            assert!(
                merchant_change(st.as_str(), Change::HalfRefund).is_err(),
                "{st}"
            );
        }
        assert!(merchant_change("SOMETHING_NEW", Change::Confirm).is_err());
    }

    #[test]
    fn a_partner_cancel_checks_the_status_before_the_policy() {
        let start = at(START);
        let now = at("2026-11-01T00:00:00Z");
        assert_eq!(
            partner_cancel("SUCCESS", start, now, 1),
            Ok(ReservationStatus::Cancelled)
        );
        assert_eq!(
            partner_cancel("PENDING", start, now, 1),
            Ok(ReservationStatus::Cancelled)
        );
        let refused = partner_cancel("CANCELLED", start, now, -1).expect_err("already");
        assert_eq!(refused.reason, RefusalReason::StatusConflict);
        assert_eq!(
            refused.message,
            "cannot cancel a reservation in status CANCELLED; allowed from: PENDING, SUCCESS"
        );
    }
}
