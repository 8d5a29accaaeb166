//! Why the inbound API refused a request (issue 12, item 4; DESIGN.md "Inbound API decisions":
//! every refusal carries a stable machine-readable `reason` besides its message).
//!
//! The values are part of the public contract: a partner's code switches on them, so a variant
//! is never renamed or removed, only added. The inbound spec lists them as the `reason` enum of
//! its error body (`InboundErrorBody` in `http/error.rs`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A refusal reason, serialized in snake_case (`slot_unavailable`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RefusalReason {
    /// The slot's seats are taken (capacity held by other reservations for their stay).
    SlotUnavailable,
    /// The time is not a bookable slot of the shop that day (closed, after the last order time,
    /// or not on the shop's slot grid).
    OutsideBusinessHours,
    /// The party is outside the shop's `minGuests..maxGuests` or the course's
    /// `orderMin..orderMax`.
    PartySize,
    /// The time is outside every `orderAvailableTimeRanges` entry of the course.
    OutsideCourseHours,
    /// The course is not valid on that day (`validFromDate` / `validToDate`) or not on sale.
    CourseNotValid,
    /// The course's `quantityLimit` is used up.
    QuantityLimit,
    /// The time is less than the shop's `cutoffHours` ahead (or in the past).
    CutoffPassed,
    /// The requested courses are not one course and its child courses.
    CourseMix,
    /// The `originPlatformReservationNumber` is already used by a reservation with a different
    /// request.
    DuplicateOriginNumber,
    /// Cancelling on the day of the reservation (JST) is refused.
    CancellationDayOf,
    /// The shop does not allow cancellation (`cancellationPolicyDays` < 0).
    CancellationNotAllowed,
    /// The reservation's status does not allow the change (already cancelled, rejected, …).
    StatusConflict,
    /// The update call is disabled for this platform.
    UpdatesDisabled,
    /// The hold given to create has expired, was released or already became a reservation.
    HoldExpired,
    /// The booking (or a hold repeated with its `Idempotency-Key`) differs from the hold's
    /// shop, start time, party size or courses.
    HoldMismatch,
}

impl RefusalReason {
    /// Every reason, in declaration order (the spec's enum, tests).
    pub const ALL: [RefusalReason; 15] = [
        RefusalReason::SlotUnavailable,
        RefusalReason::OutsideBusinessHours,
        RefusalReason::PartySize,
        RefusalReason::OutsideCourseHours,
        RefusalReason::CourseNotValid,
        RefusalReason::QuantityLimit,
        RefusalReason::CutoffPassed,
        RefusalReason::CourseMix,
        RefusalReason::DuplicateOriginNumber,
        RefusalReason::CancellationDayOf,
        RefusalReason::CancellationNotAllowed,
        RefusalReason::StatusConflict,
        RefusalReason::UpdatesDisabled,
        RefusalReason::HoldExpired,
        RefusalReason::HoldMismatch,
    ];

    /// The wire value (`slot_unavailable`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            RefusalReason::SlotUnavailable => "slot_unavailable",
            RefusalReason::OutsideBusinessHours => "outside_business_hours",
            RefusalReason::PartySize => "party_size",
            RefusalReason::OutsideCourseHours => "outside_course_hours",
            RefusalReason::CourseNotValid => "course_not_valid",
            RefusalReason::QuantityLimit => "quantity_limit",
            RefusalReason::CutoffPassed => "cutoff_passed",
            RefusalReason::CourseMix => "course_mix",
            RefusalReason::DuplicateOriginNumber => "duplicate_origin_number",
            RefusalReason::CancellationDayOf => "cancellation_day_of",
            RefusalReason::CancellationNotAllowed => "cancellation_not_allowed",
            RefusalReason::StatusConflict => "status_conflict",
            RefusalReason::UpdatesDisabled => "updates_disabled",
            RefusalReason::HoldExpired => "hold_expired",
            RefusalReason::HoldMismatch => "hold_mismatch",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wire_value_is_the_serde_value_for_every_reason() {
        for reason in RefusalReason::ALL {
            let json = serde_json::to_value(reason).expect("serializes");
            assert_eq!(json, serde_json::Value::String(reason.as_str().into()));
        }
    }
}
