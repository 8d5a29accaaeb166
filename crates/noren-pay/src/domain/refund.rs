//! Refund rules (seed 000 §8 result codes; DESIGN.md "Refund is full"): which attempt may be
//! refunded, and the result code and message of every outcome. No axum, no SQL: the refund
//! handler loads the attempt, asks [`eligibility`], and maps what it says to the answer.
//!
//! Refunds are full (the call takes no amount), so "more than remains" cannot happen: a second
//! refund of the same attempt is "already refunded".

use chrono::{DateTime, Duration, Utc};
use noren_core::domain::payment::PaymentStatus;

/// `result_code` of a refund's answer (seed 000 §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultCode {
    /// Refunded: the attempt is 30 and the payment no longer `fulfilled`.
    Success = 2000,
    /// The brand refused (or is not connected); the attempt stays paid.
    RefundError = 2100,
    /// Unpaid, already refunded, or a refund of it is in progress.
    NotEligible = 2101,
    /// Paid longer ago than the refund window.
    PeriodPassed = 2102,
    /// The brand refunded but the refund could not be recorded.
    Internal = 2200,
}

impl ResultCode {
    pub fn code(self) -> i32 {
        self as i32
    }
}

/// The message of a 2000.
pub const REFUNDED: &str = "refunded";

/// An outcome other than a refund: its code and message, answered with status 200.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ResultCode,
    pub message: String,
}

impl Refusal {
    fn new(code: ResultCode, message: impl Into<String>) -> Self {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// Another refund holds the attempt's claim: it finished (the attempt is now `current`,
    /// refunded) or is still running.
    pub fn claim_taken(current: Option<PaymentStatus>) -> Self {
        let message = if current == Some(PaymentStatus::Refunded) {
            "not eligible: already refunded"
        } else {
            "not eligible: a refund of this payment is in progress"
        };
        Refusal::new(ResultCode::NotEligible, message)
    }

    /// The attempt's brand has no connector in this installation.
    pub fn not_connected() -> Self {
        Refusal::new(
            ResultCode::RefundError,
            "error during refund: the brand is not connected",
        )
    }

    /// The brand refused the refund, saying `why`.
    pub fn refused_by_brand(why: impl std::fmt::Display) -> Self {
        Refusal::new(
            ResultCode::RefundError,
            format!("error during refund: {why}"),
        )
    }

    /// The brand refunded but the refund could not be recorded.
    pub fn not_recorded() -> Self {
        Refusal::new(ResultCode::Internal, "internal error during refund")
    }
}

/// How long after payment a refund is allowed (DESIGN.md: 90 days by default, configurable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefundWindow {
    days: i64,
}

impl RefundWindow {
    pub const fn days(days: i64) -> Self {
        RefundWindow { days }
    }

    /// True from exactly `days` after `paid_at` on.
    pub fn has_passed(self, paid_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        paid_at + Duration::days(self.days) <= now
    }
}

/// Whether an attempt with `status` (None: a status this version does not know), paid at
/// `paid_at`, may be refunded `now`: the status is checked first, then the window.
pub fn eligibility(
    status: Option<PaymentStatus>,
    paid_at: Option<DateTime<Utc>>,
    window: RefundWindow,
    now: DateTime<Utc>,
) -> Result<(), Refusal> {
    match status {
        Some(PaymentStatus::Paid) => {}
        Some(PaymentStatus::Refunded) => {
            return Err(Refusal::new(
                ResultCode::NotEligible,
                "not eligible: already refunded",
            ));
        }
        _ => {
            return Err(Refusal::new(
                ResultCode::NotEligible,
                "not eligible: not paid",
            ));
        }
    }
    if paid_at.is_some_and(|paid| window.has_passed(paid, now)) {
        return Err(Refusal::new(
            ResultCode::PeriodPassed,
            format!(
                "the refund period of {} days after payment has passed",
                window.days
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn paid_at() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 10, 9, 0, 0)
            .single()
            .expect("a time")
    }

    const NINETY: RefundWindow = RefundWindow::days(90);

    #[test]
    fn a_paid_attempt_inside_the_window_is_eligible() {
        let now = paid_at() + Duration::days(89);
        assert_eq!(
            eligibility(Some(PaymentStatus::Paid), Some(paid_at()), NINETY, now),
            Ok(())
        );
    }

    #[test]
    fn the_window_closes_exactly_90_days_after_payment() {
        let just_before = paid_at() + Duration::days(90) - Duration::seconds(1);
        assert!(
            eligibility(
                Some(PaymentStatus::Paid),
                Some(paid_at()),
                NINETY,
                just_before
            )
            .is_ok()
        );
        let exactly = paid_at() + Duration::days(90);
        let refusal = eligibility(Some(PaymentStatus::Paid), Some(paid_at()), NINETY, exactly)
            .expect_err("closed at 90 days");
        assert_eq!(refusal.code, ResultCode::PeriodPassed);
        assert_eq!(refusal.code.code(), 2102);
        assert_eq!(
            refusal.message,
            "the refund period of 90 days after payment has passed"
        );
    }

    #[test]
    fn a_window_of_zero_days_refuses_at_once() {
        let refusal = eligibility(
            Some(PaymentStatus::Paid),
            Some(paid_at()),
            RefundWindow::days(0),
            paid_at(),
        )
        .expect_err("zero days");
        assert_eq!(
            refusal.message,
            "the refund period of 0 days after payment has passed"
        );
    }

    #[test]
    fn wrong_statuses_are_not_eligible_whatever_the_window() {
        let late = paid_at() + Duration::days(365);
        for (status, message) in [
            (
                Some(PaymentStatus::Refunded),
                "not eligible: already refunded",
            ),
            (Some(PaymentStatus::Unpaid), "not eligible: not paid"),
            (Some(PaymentStatus::Canceled), "not eligible: not paid"),
            (None, "not eligible: not paid"),
        ] {
            let refusal =
                eligibility(status, Some(paid_at()), NINETY, late).expect_err("not eligible");
            assert_eq!(refusal.code, ResultCode::NotEligible, "{status:?}");
            assert_eq!(refusal.code.code(), 2101);
            assert_eq!(refusal.message, message, "{status:?}");
        }
    }

    #[test]
    fn a_paid_attempt_without_a_payment_time_is_not_held_to_the_window() {
        let late = paid_at() + Duration::days(365);
        assert!(eligibility(Some(PaymentStatus::Paid), None, NINETY, late).is_ok());
    }

    #[test]
    fn a_lost_claim_says_whether_the_other_refund_finished() {
        let done = Refusal::claim_taken(Some(PaymentStatus::Refunded));
        assert_eq!(done.code, ResultCode::NotEligible);
        assert_eq!(done.message, "not eligible: already refunded");
        for running in [Some(PaymentStatus::Paid), None] {
            assert_eq!(
                Refusal::claim_taken(running).message,
                "not eligible: a refund of this payment is in progress"
            );
        }
    }

    #[test]
    fn brand_failures_are_2100_and_unrecorded_refunds_2200() {
        assert_eq!(Refusal::not_connected().code.code(), 2100);
        assert_eq!(
            Refusal::not_connected().message,
            "error during refund: the brand is not connected"
        );
        let refused = Refusal::refused_by_brand("declined by the sandbox");
        assert_eq!(refused.code.code(), 2100);
        assert_eq!(
            refused.message,
            "error during refund: declined by the sandbox"
        );
        assert_eq!(Refusal::not_recorded().code.code(), 2200);
        assert_eq!(ResultCode::Success.code(), 2000);
    }
}
