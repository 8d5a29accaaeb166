//! An inbound reservation's statuses (seed 001 §4; DESIGN.md "Inbound API decisions").
//! Transitions, the cancellation policy and the reservation rules are added here as they land
//! (issue 12).

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
}
