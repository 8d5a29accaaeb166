//! A predefined payment's life (seed 000 §4; DESIGN.md "Payment API decisions"): expiry,
//! invalidation, which attempts may start and settle, the customer's choice of brand and tip,
//! and the state the hosted checkout shows. Pure functions over plain facts: the store and the
//! service read the rows (under lock) and ask these; handlers never branch on statuses
//! themselves.

use chrono::{DateTime, Duration, Utc};
use noren_core::domain::payment::{MAX_AMOUNT, PaymentMethod, PaymentStatus};

/// When a payment created at `created_at` with `expires_after` seconds expires; unset or 0:
/// never.
pub fn expires_at(created_at: DateTime<Utc>, expires_after: Option<i64>) -> Option<DateTime<Utc>> {
    match expires_after {
        Some(secs) if secs > 0 => Some(created_at + Duration::seconds(secs)),
        _ => None,
    }
}

/// seed 000 §4: expired once `create_time + expires_after` has passed (at that instant on).
pub fn is_expired(
    created_at: DateTime<Utc>,
    expires_after: Option<i64>,
    now: DateTime<Utc>,
) -> bool {
    expires_at(created_at, expires_after).is_some_and(|at| at <= now)
}

/// What the rules read of a predefined payment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaymentFacts {
    /// Paid in full.
    pub fulfilled: bool,
    /// The merchant blocked the link.
    pub invalidated: bool,
    /// Past `create_time + expires_after` now.
    pub expired: bool,
}

/// How the brand answered an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Approved,
    Declined,
}

/// Why a payment or attempt cannot take this step (answered 409 with this text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotOpen {
    #[error("this payment is already paid")]
    Paid,
    #[error("this payment has expired")]
    Expired,
    #[error("this payment link was invalidated by the merchant")]
    Invalidated,
    #[error("payment {0} is already paid")]
    AttemptPaid(String),
    #[error("payment {0} is already refunded")]
    AttemptRefunded(String),
    #[error("payment {0} is cancelled or declined")]
    AttemptClosed(String),
}

/// Whether the customer may start an attempt (choose a brand): the first rule that refuses,
/// in the order paid, expired, invalidated.
pub fn may_start(p: PaymentFacts) -> Result<(), NotOpen> {
    if p.fulfilled {
        return Err(NotOpen::Paid);
    }
    if p.expired {
        return Err(NotOpen::Expired);
    }
    if p.invalidated {
        return Err(NotOpen::Invalidated);
    }
    Ok(())
}

/// Whether attempt `number` in `status` (None: unknown to this version) is open for the
/// brand's answer.
pub fn attempt_open(number: &str, status: Option<PaymentStatus>) -> Result<(), NotOpen> {
    match status {
        Some(PaymentStatus::Unpaid) => Ok(()),
        Some(PaymentStatus::Paid) => Err(NotOpen::AttemptPaid(number.to_string())),
        Some(PaymentStatus::Refunded) => Err(NotOpen::AttemptRefunded(number.to_string())),
        _ => Err(NotOpen::AttemptClosed(number.to_string())),
    }
}

/// Whether an open attempt may be settled with `outcome`. An approval needs a payment that has
/// not expired and is not paid yet; a decline is always taken. Invalidation does not stop
/// either (DESIGN.md: `invalidated` blocks the link but lets a started attempt finish).
pub fn may_settle(outcome: Outcome, p: PaymentFacts) -> Result<(), NotOpen> {
    match outcome {
        Outcome::Approved if p.expired => Err(NotOpen::Expired),
        Outcome::Approved if p.fulfilled => Err(NotOpen::Paid),
        _ => Ok(()),
    }
}

/// The largest tip on `amount`: the amount itself, and never past the largest payment.
pub fn max_tip(amount: i64) -> i64 {
    amount.min(MAX_AMOUNT - amount).max(0)
}

/// Checks the tip the customer chose (a whole number of yen: the checkout's value type
/// refuses anything else) against the payment's settings.
pub fn check_tip(tip: i64, tip_vas_enabled: bool, amount: i64) -> Result<i64, String> {
    match tip {
        t if t != 0 && !tip_vas_enabled => Err("this payment takes no tip".into()),
        t if !(0..=max_tip(amount)).contains(&t) => Err(format!(
            "must be from 0 to {} (at most the amount, and amount plus tip at most 99,999,999 \
             yen)",
            max_tip(amount)
        )),
        t => Ok(t),
    }
}

/// A value of a request that a rule refused: its field and why (answered in the 400's
/// `errors`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    pub field: &'static str,
    pub message: String,
}

/// What the customer chose on the checkout page, as it was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The brand; `None` for a code Noren does not know.
    pub brand: Option<PaymentMethod>,
    /// The tip in yen (0 when none was sent).
    pub tip: i64,
}

/// The customer's choice judged against the payment: the brand must be one the shop
/// `offered`, the tip [`check_tip`]'s. Every problem at once, the brand's first; an unknown
/// brand and one the shop does not offer read the same.
pub fn check_choice(
    choice: Choice,
    offered: &[PaymentMethod],
    tip_vas_enabled: bool,
    amount: i64,
) -> Result<(PaymentMethod, i64), Vec<FieldProblem>> {
    let mut problems = Vec::new();
    let brand = choice.brand.filter(|m| offered.contains(m));
    if brand.is_none() {
        problems.push(FieldProblem {
            field: "payment_method",
            message: "is not one of the brands this shop offers".into(),
        });
    }
    let tip = check_tip(choice.tip, tip_vas_enabled, amount).map_err(|message| {
        problems.push(FieldProblem {
            field: "tip",
            message,
        })
    });
    match (brand, tip) {
        (Some(brand), Ok(tip)) => Ok((brand, tip)),
        _ => Err(problems),
    }
}

/// The checkout's state (`checkout/API.md`), the first that applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckoutStage {
    Paid,
    Refunded,
    Expired,
    Invalidated,
    Open,
}

/// What the checkout shows: paid; else refunded when the paid attempt was refunded; else
/// expired; else invalidated unless an attempt is open (it may still finish); else open.
/// `last_paid` is the status of the latest attempt that was paid (or refunded since).
pub fn checkout_stage(
    p: PaymentFacts,
    last_paid: Option<PaymentStatus>,
    open_attempt: bool,
) -> CheckoutStage {
    if p.fulfilled {
        CheckoutStage::Paid
    } else if last_paid == Some(PaymentStatus::Refunded) {
        CheckoutStage::Refunded
    } else if p.expired {
        CheckoutStage::Expired
    } else if p.invalidated && !open_attempt {
        CheckoutStage::Invalidated
    } else {
        CheckoutStage::Open
    }
}

/// Whether the checkout offers the brands: only while open and not invalidated (an
/// invalidated payment with an open attempt lets that attempt finish, nothing more).
pub fn can_choose_brand(stage: CheckoutStage, p: PaymentFacts) -> bool {
    stage == CheckoutStage::Open && !p.invalidated
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 9, 0, 0)
            .single()
            .expect("a time")
    }

    fn facts(fulfilled: bool, invalidated: bool, expired: bool) -> PaymentFacts {
        PaymentFacts {
            fulfilled,
            invalidated,
            expired,
        }
    }

    #[test]
    fn a_payment_expires_exactly_expires_after_seconds_after_creation() {
        assert_eq!(
            expires_at(t0(), Some(60)),
            Some(t0() + Duration::seconds(60))
        );
        assert!(!is_expired(t0(), Some(60), t0() + Duration::seconds(59)));
        assert!(is_expired(t0(), Some(60), t0() + Duration::seconds(60)));
        for never in [None, Some(0), Some(-5)] {
            assert_eq!(expires_at(t0(), never), None);
            assert!(!is_expired(t0(), never, t0() + Duration::days(10_000)));
        }
    }

    #[test]
    fn an_attempt_starts_only_on_an_open_payment_and_says_the_first_reason() {
        assert_eq!(may_start(facts(false, false, false)), Ok(()));
        assert_eq!(may_start(facts(true, true, true)), Err(NotOpen::Paid));
        assert_eq!(may_start(facts(false, true, true)), Err(NotOpen::Expired));
        assert_eq!(
            may_start(facts(false, true, false)),
            Err(NotOpen::Invalidated)
        );
        assert_eq!(
            NotOpen::Invalidated.to_string(),
            "this payment link was invalidated by the merchant"
        );
    }

    #[test]
    fn only_an_unpaid_attempt_is_open_for_the_brands_answer() {
        assert_eq!(attempt_open("1", Some(PaymentStatus::Unpaid)), Ok(()));
        for (status, text) in [
            (Some(PaymentStatus::Paid), "payment 1 is already paid"),
            (
                Some(PaymentStatus::Refunded),
                "payment 1 is already refunded",
            ),
            (
                Some(PaymentStatus::Canceled),
                "payment 1 is cancelled or declined",
            ),
            (None, "payment 1 is cancelled or declined"),
        ] {
            assert_eq!(
                attempt_open("1", status).expect_err("closed").to_string(),
                text
            );
        }
    }

    #[test]
    fn approvals_need_an_unexpired_unpaid_payment_and_declines_always_land() {
        let open = facts(false, false, false);
        assert_eq!(may_settle(Outcome::Approved, open), Ok(()));
        assert_eq!(
            may_settle(Outcome::Approved, facts(false, false, true)),
            Err(NotOpen::Expired)
        );
        assert_eq!(
            may_settle(Outcome::Approved, facts(true, false, false)),
            Err(NotOpen::Paid)
        );
        // Invalidation lets a started attempt finish.
        assert_eq!(
            may_settle(Outcome::Approved, facts(false, true, false)),
            Ok(())
        );
        for p in [facts(true, true, true), open] {
            assert_eq!(may_settle(Outcome::Declined, p), Ok(()));
        }
    }

    #[test]
    fn tips_are_whole_yen_up_to_the_amount_and_only_when_offered() {
        assert_eq!(check_tip(0, false, 1000), Ok(0));
        assert_eq!(check_tip(1000, true, 1000), Ok(1000));
        assert!(check_tip(1001, true, 1000).is_err());
        assert!(check_tip(-1, true, 1000).is_err());
        assert_eq!(
            check_tip(100, false, 1000),
            Err("this payment takes no tip".into())
        );
        // Amount plus tip never passes the largest payment.
        assert_eq!(max_tip(MAX_AMOUNT - 10), 10);
        assert_eq!(max_tip(MAX_AMOUNT), 0);
    }

    #[test]
    fn a_choice_needs_an_offered_brand_and_an_allowed_tip_and_names_every_problem() {
        let offered = [PaymentMethod::PayPay, PaymentMethod::LinePay];
        let choice = |brand, tip| Choice { brand, tip };
        assert_eq!(
            check_choice(
                choice(Some(PaymentMethod::PayPay), 300),
                &offered,
                true,
                1000
            ),
            Ok((PaymentMethod::PayPay, 300))
        );
        let fields = |r: Result<(PaymentMethod, i64), Vec<FieldProblem>>| {
            r.expect_err("refused")
                .into_iter()
                .map(|p| (p.field, p.message))
                .collect::<Vec<_>>()
        };
        let not_offered = (
            "payment_method",
            "is not one of the brands this shop offers".to_string(),
        );
        // Not offered, or not a brand at all: the same answer.
        for brand in [Some(PaymentMethod::WeChatPay), None] {
            let problems = fields(check_choice(choice(brand, 0), &offered, false, 1000));
            assert_eq!(problems, std::slice::from_ref(&not_offered));
        }
        assert_eq!(
            fields(check_choice(
                choice(Some(PaymentMethod::PayPay), 100),
                &offered,
                false,
                1000
            )),
            [("tip", "this payment takes no tip".to_string())]
        );
        let both = fields(check_choice(choice(None, -5), &offered, true, 1000));
        assert_eq!(both.len(), 2, "{both:?}");
        assert_eq!(both[0], not_offered);
        assert_eq!(both[1].0, "tip");
    }

    #[test]
    fn the_checkout_shows_the_first_state_that_applies() {
        use CheckoutStage::*;
        let refunded = Some(PaymentStatus::Refunded);
        let cases = [
            (facts(true, true, true), None, false, Paid),
            (facts(false, true, true), refunded, false, Refunded),
            (
                facts(false, true, true),
                Some(PaymentStatus::Paid),
                false,
                Expired,
            ),
            (facts(false, true, false), None, false, Invalidated),
            (facts(false, true, false), None, true, Open),
            (facts(false, false, false), None, false, Open),
        ];
        for (p, last_paid, open_attempt, want) in cases {
            assert_eq!(checkout_stage(p, last_paid, open_attempt), want, "{p:?}");
        }
        assert!(can_choose_brand(Open, facts(false, false, false)));
        assert!(
            !can_choose_brand(Open, facts(false, true, false)),
            "an open attempt only finishes"
        );
        assert!(!can_choose_brand(Expired, facts(false, false, true)));
    }
}
