//! A cafeteria order's status machine (seed 001 §4; DESIGN.md "Ordering API decisions"): the
//! statuses, the events that move an order, and the refusal (a 409) that names the current
//! status and the statuses the event is allowed in. Pure: the repository reads the order's row
//! under lock, asks [`next`], writes the answer; handlers never compare statuses themselves.
//!
//! | Event | Allowed in | Moves to | Who |
//! |---|---|---|---|
//! | begin | 0 created, 1 mutable | 1 (from 1: nothing changes) | customer |
//! | append, cart submit, cart edit | 1 mutable | 1 | customer |
//! | finalize | 1 mutable | 2 finalized | customer |
//! | paid | 2 finalized | 5 pending confirmation | the order's payment (paid event) |
//! | confirm | 5 | 10 confirmed | merchant |
//! | prepare | 10 | 15 prepared | merchant |
//! | finish | 15 | 20 finished | merchant |
//! | refund | 5, 10, 15, 20 | 30 refunded | the order's payment (refund) |
//! | cancel | 0, 1, 2 | 90 cancelled | merchant |
//! | fail | 0, 1, 2 | 99 cancelled with error | the system (e.g. the payment could not be made) |
//!
//! Decisions where the seed is silent:
//! - **begin is idempotent**: several phones at one table call begin; the second and later
//!   calls on an order already in 1 succeed and change nothing (`next` answers 1 for 1).
//! - **the merchant's steps are one at a time** (5→10→15→20, DESIGN.md): skipping (5→20) is
//!   refused, so the kitchen's screens never miss a step.
//! - **cancel only before payment** (0, 1, 2): a paid order (5, 10, 15, 20) is undone by a
//!   refund, which gives the money back and moves it to 30; cancelling it would keep the money.
//!   Nothing leaves 20 but a refund, and nothing leaves 30, 90 or 99.
//! - **paid only from 2**: the payment exists only after finalize. A paid event for an order
//!   in any other status is refused; the caller logs it (money arrived for an order that was
//!   cancelled meanwhile) rather than moving the order.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Cafeteria order status (seed 001 §4), stored and served as its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum OrderStatus {
    /// 0: created (by the merchant's admin call), nobody has begun it.
    Created = 0,
    /// 1: a mutable session has begun: customers append and use the cart.
    Mutable = 1,
    /// 2: finalized: nothing more is added; the payment is waiting.
    Finalized = 2,
    /// 5: pending confirmation (paid).
    PendingConfirmation = 5,
    /// 10: confirmed by the merchant.
    Confirmed = 10,
    /// 15: prepared.
    Prepared = 15,
    /// 20: finished (served).
    Finished = 20,
    /// 30: refunded.
    Refunded = 30,
    /// 90: cancelled.
    Cancelled = 90,
    /// 99: cancelled with an error.
    CancelledWithError = 99,
}

impl OrderStatus {
    pub const ALL: [OrderStatus; 10] = [
        OrderStatus::Created,
        OrderStatus::Mutable,
        OrderStatus::Finalized,
        OrderStatus::PendingConfirmation,
        OrderStatus::Confirmed,
        OrderStatus::Prepared,
        OrderStatus::Finished,
        OrderStatus::Refunded,
        OrderStatus::Cancelled,
        OrderStatus::CancelledWithError,
    ];

    /// The number stored and served.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// The short name used in messages (`2 (finalized)`).
    pub fn name(self) -> &'static str {
        match self {
            OrderStatus::Created => "created",
            OrderStatus::Mutable => "mutable",
            OrderStatus::Finalized => "finalized",
            OrderStatus::PendingConfirmation => "pending confirmation",
            OrderStatus::Confirmed => "confirmed",
            OrderStatus::Prepared => "prepared",
            OrderStatus::Finished => "finished",
            OrderStatus::Refunded => "refunded",
            OrderStatus::Cancelled => "cancelled",
            OrderStatus::CancelledWithError => "cancelled with error",
        }
    }

    /// Customers may add to the order and use its cart (seed 001 §4: only while mutable).
    pub fn is_mutable(self) -> bool {
        self == OrderStatus::Mutable
    }

    /// The order's payment has been taken and not refunded (5, 10, 15, 20).
    pub fn is_paid(self) -> bool {
        PAID.contains(&self)
    }

    /// No event moves the order any more (30, 90, 99).
    pub fn is_closed(self) -> bool {
        matches!(
            self,
            OrderStatus::Refunded | OrderStatus::Cancelled | OrderStatus::CancelledWithError
        )
    }
}

impl fmt::Display for OrderStatus {
    /// `2 (finalized)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.code(), self.name())
    }
}

impl From<OrderStatus> for i32 {
    fn from(s: OrderStatus) -> i32 {
        s.code()
    }
}

/// A stored number that is no order status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown order status {0}")]
pub struct UnknownStatus(pub i32);

impl TryFrom<i32> for OrderStatus {
    type Error = UnknownStatus;
    fn try_from(v: i32) -> Result<Self, UnknownStatus> {
        OrderStatus::ALL
            .into_iter()
            .find(|s| s.code() == v)
            .ok_or(UnknownStatus(v))
    }
}

/// Something that asks to move an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderEvent {
    /// A customer opens the mutable session (`begin`).
    Begin,
    /// A customer appends menus (`append`).
    Append,
    /// A customer submits the cart (`append/from-cart`).
    SubmitCart,
    /// A customer changes the cart (cart `POST`, `DELETE`, `PATCH cart/{itemId}`).
    EditCart,
    /// A customer finalizes (`finalize`): the payment is created.
    Finalize,
    /// The order's payment was paid.
    Paid,
    /// The merchant confirms (→ 10).
    Confirm,
    /// The merchant marks it prepared (→ 15).
    Prepare,
    /// The merchant marks it finished (→ 20).
    Finish,
    /// The order's payment was refunded (→ 30).
    Refund,
    /// The merchant cancels (→ 90).
    Cancel,
    /// The system gives up on the order (→ 99).
    Fail,
}

const PAID: [OrderStatus; 4] = [
    OrderStatus::PendingConfirmation,
    OrderStatus::Confirmed,
    OrderStatus::Prepared,
    OrderStatus::Finished,
];
const UNPAID_OPEN: [OrderStatus; 3] = [
    OrderStatus::Created,
    OrderStatus::Mutable,
    OrderStatus::Finalized,
];

impl OrderEvent {
    pub const ALL: [OrderEvent; 12] = [
        OrderEvent::Begin,
        OrderEvent::Append,
        OrderEvent::SubmitCart,
        OrderEvent::EditCart,
        OrderEvent::Finalize,
        OrderEvent::Paid,
        OrderEvent::Confirm,
        OrderEvent::Prepare,
        OrderEvent::Finish,
        OrderEvent::Refund,
        OrderEvent::Cancel,
        OrderEvent::Fail,
    ];

    /// The name used in messages.
    pub fn name(self) -> &'static str {
        match self {
            OrderEvent::Begin => "begin",
            OrderEvent::Append => "append",
            OrderEvent::SubmitCart => "cart submit",
            OrderEvent::EditCart => "cart edit",
            OrderEvent::Finalize => "finalize",
            OrderEvent::Paid => "payment",
            OrderEvent::Confirm => "confirm",
            OrderEvent::Prepare => "prepare",
            OrderEvent::Finish => "finish",
            OrderEvent::Refund => "refund",
            OrderEvent::Cancel => "cancel",
            OrderEvent::Fail => "fail",
        }
    }

    /// The statuses this event is allowed in (the module's table).
    pub fn allowed_in(self) -> &'static [OrderStatus] {
        use OrderStatus as S;
        match self {
            OrderEvent::Begin => &[S::Created, S::Mutable],
            OrderEvent::Append
            | OrderEvent::SubmitCart
            | OrderEvent::EditCart
            | OrderEvent::Finalize => &[S::Mutable],
            OrderEvent::Paid => &[S::Finalized],
            OrderEvent::Confirm => &[S::PendingConfirmation],
            OrderEvent::Prepare => &[S::Confirmed],
            OrderEvent::Finish => &[S::Prepared],
            OrderEvent::Refund => &PAID,
            OrderEvent::Cancel | OrderEvent::Fail => &UNPAID_OPEN,
        }
    }

    /// Where the event leads when allowed.
    fn target(self) -> OrderStatus {
        use OrderStatus as S;
        match self {
            OrderEvent::Begin
            | OrderEvent::Append
            | OrderEvent::SubmitCart
            | OrderEvent::EditCart => S::Mutable,
            OrderEvent::Finalize => S::Finalized,
            OrderEvent::Paid => S::PendingConfirmation,
            OrderEvent::Confirm => S::Confirmed,
            OrderEvent::Prepare => S::Prepared,
            OrderEvent::Finish => S::Finished,
            OrderEvent::Refund => S::Refunded,
            OrderEvent::Cancel => S::Cancelled,
            OrderEvent::Fail => S::CancelledWithError,
        }
    }

    /// The event behind the merchant's status call (`POST /api/admin/cafeteria/{id}/status`)
    /// asking for `target`: 10 confirm, 15 prepare, 20 finish, 90 cancel, and 5 (paid) for an
    /// order paid at the counter (`pay_offline`), whose money never passes through a payment.
    /// Any other target is `None`, a 400 naming [`merchant_targets`]: 30 comes only through a
    /// refund of the order's payment, 5 of an online order only through its payment.
    pub fn merchant_asks_for(target: OrderStatus, pay_offline: bool) -> Option<OrderEvent> {
        match target {
            OrderStatus::PendingConfirmation if pay_offline => Some(OrderEvent::Paid),
            OrderStatus::Confirmed => Some(OrderEvent::Confirm),
            OrderStatus::Prepared => Some(OrderEvent::Prepare),
            OrderStatus::Finished => Some(OrderEvent::Finish),
            OrderStatus::Cancelled => Some(OrderEvent::Cancel),
            _ => None,
        }
    }
}

/// The statuses the merchant's status call may ask for; 5 only for an order paid at the
/// counter.
pub fn merchant_targets(pay_offline: bool) -> &'static [OrderStatus] {
    const ONLINE: [OrderStatus; 4] = [
        OrderStatus::Confirmed,
        OrderStatus::Prepared,
        OrderStatus::Finished,
        OrderStatus::Cancelled,
    ];
    const OFFLINE: [OrderStatus; 5] = [
        OrderStatus::PendingConfirmation,
        OrderStatus::Confirmed,
        OrderStatus::Prepared,
        OrderStatus::Finished,
        OrderStatus::Cancelled,
    ];
    if pay_offline { &OFFLINE } else { &ONLINE }
}

/// An event refused in the order's current status: answered 409 with its text,
/// `order is in status 2 (finalized); append is allowed only in 1 (mutable)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Refusal {
    pub event: OrderEvent,
    pub current: OrderStatus,
    pub allowed: &'static [OrderStatus],
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "order is in status {}; {} is allowed only in ",
            self.current,
            self.event.name()
        )?;
        for (i, s) in self.allowed.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// The status after `event` on an order in `current`, or the refusal. An answer equal to
/// `current` (begin on 1, append, cart use) means the status does not change.
pub fn next(current: OrderStatus, event: OrderEvent) -> Result<OrderStatus, Refusal> {
    let allowed = event.allowed_in();
    if allowed.contains(&current) {
        Ok(event.target())
    } else {
        Err(Refusal {
            event,
            current,
            allowed,
        })
    }
}

/// The status an order is created in by the merchant's admin call (seed 001 §5 `mutable`,
/// default false): a mutable order starts at 0 and customers begin it and add to it; an order
/// that is not mutable holds only the merchant's lines, so it is created finalized (2), with
/// its payment made by the creation as finalize would; begin and append on it are refused.
pub fn initial_status(mutable: bool) -> OrderStatus {
    if mutable {
        OrderStatus::Created
    } else {
        OrderStatus::Finalized
    }
}

/// Whether `event` is allowed in `current` (for screens that show or hide a button).
pub fn allows(current: OrderStatus, event: OrderEvent) -> bool {
    next(current, event).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use OrderEvent as E;
    use OrderStatus as S;

    #[test]
    fn every_status_round_trips_through_its_number_and_json() {
        for (s, n) in [
            (S::Created, 0),
            (S::Mutable, 1),
            (S::Finalized, 2),
            (S::PendingConfirmation, 5),
            (S::Confirmed, 10),
            (S::Prepared, 15),
            (S::Finished, 20),
            (S::Refunded, 30),
            (S::Cancelled, 90),
            (S::CancelledWithError, 99),
        ] {
            assert_eq!(i32::from(s), n);
            assert_eq!(S::try_from(n), Ok(s));
            assert_eq!(serde_json::to_string(&s).expect("json"), n.to_string());
            let back: S = serde_json::from_str(&n.to_string()).expect("json");
            assert_eq!(back, s);
        }
    }

    #[test]
    fn unknown_numbers_are_not_statuses() {
        for bad in [-1, 3, 4, 6, 11, 25, 31, 89, 91, 98, 100, i32::MAX, i32::MIN] {
            assert_eq!(S::try_from(bad), Err(UnknownStatus(bad)));
        }
        assert!(serde_json::from_str::<S>("3").is_err());
        assert_eq!(UnknownStatus(3).to_string(), "unknown order status 3");
    }

    /// The whole table: for every event and every status, allowed or not, and where it goes.
    #[test]
    fn every_event_in_every_status_follows_the_table() {
        let table: [(E, &[S], S); 12] = [
            (E::Begin, &[S::Created, S::Mutable], S::Mutable),
            (E::Append, &[S::Mutable], S::Mutable),
            (E::SubmitCart, &[S::Mutable], S::Mutable),
            (E::EditCart, &[S::Mutable], S::Mutable),
            (E::Finalize, &[S::Mutable], S::Finalized),
            (E::Paid, &[S::Finalized], S::PendingConfirmation),
            (E::Confirm, &[S::PendingConfirmation], S::Confirmed),
            (E::Prepare, &[S::Confirmed], S::Prepared),
            (E::Finish, &[S::Prepared], S::Finished),
            (
                E::Refund,
                &[
                    S::PendingConfirmation,
                    S::Confirmed,
                    S::Prepared,
                    S::Finished,
                ],
                S::Refunded,
            ),
            (
                E::Cancel,
                &[S::Created, S::Mutable, S::Finalized],
                S::Cancelled,
            ),
            (
                E::Fail,
                &[S::Created, S::Mutable, S::Finalized],
                S::CancelledWithError,
            ),
        ];
        assert_eq!(table.len(), E::ALL.len());
        for (event, allowed, to) in table {
            for current in S::ALL {
                let got = next(current, event);
                if allowed.contains(&current) {
                    assert_eq!(got, Ok(to), "{event:?} in {current:?}");
                    assert!(allows(current, event));
                } else {
                    let refusal = got.expect_err("refused");
                    assert_eq!(refusal.current, current);
                    assert_eq!(refusal.allowed, allowed, "{event:?}");
                    assert!(!allows(current, event));
                }
            }
        }
    }

    #[test]
    fn begin_on_a_begun_order_succeeds_and_changes_nothing() {
        assert_eq!(next(S::Mutable, E::Begin), Ok(S::Mutable));
        assert_eq!(next(S::Created, E::Begin), Ok(S::Mutable));
        assert!(next(S::Finalized, E::Begin).is_err());
    }

    #[test]
    fn closed_orders_take_no_event_and_finished_ones_only_a_refund() {
        for closed in [S::Refunded, S::Cancelled, S::CancelledWithError] {
            assert!(closed.is_closed());
            for event in E::ALL {
                assert!(next(closed, event).is_err(), "{event:?} in {closed:?}");
            }
        }
        let after_finish: Vec<E> = E::ALL
            .into_iter()
            .filter(|e| allows(S::Finished, *e))
            .collect();
        assert_eq!(after_finish, vec![E::Refund]);
    }

    #[test]
    fn a_paid_order_is_refunded_not_cancelled() {
        for paid in [
            S::PendingConfirmation,
            S::Confirmed,
            S::Prepared,
            S::Finished,
        ] {
            assert!(paid.is_paid());
            assert!(next(paid, E::Cancel).is_err());
            assert_eq!(next(paid, E::Refund), Ok(S::Refunded));
        }
        for unpaid in [S::Created, S::Mutable, S::Finalized] {
            assert!(!unpaid.is_paid());
            assert!(next(unpaid, E::Refund).is_err());
        }
    }

    #[test]
    fn the_merchant_moves_one_step_at_a_time() {
        assert!(next(S::PendingConfirmation, E::Finish).is_err());
        assert!(next(S::PendingConfirmation, E::Prepare).is_err());
        assert!(next(S::Confirmed, E::Finish).is_err());
        // The whole flow, in order.
        let mut s = S::Created;
        for event in [
            E::Begin,
            E::Begin,
            E::Append,
            E::EditCart,
            E::SubmitCart,
            E::Finalize,
            E::Paid,
            E::Confirm,
            E::Prepare,
            E::Finish,
        ] {
            s = next(s, event).expect("allowed");
        }
        assert_eq!(s, S::Finished);
    }

    #[test]
    fn only_an_order_created_mutable_can_be_begun() {
        assert_eq!(initial_status(true), S::Created);
        assert_eq!(next(initial_status(true), E::Begin), Ok(S::Mutable));
        assert_eq!(initial_status(false), S::Finalized);
        assert!(next(initial_status(false), E::Begin).is_err());
        assert_eq!(
            next(initial_status(false), E::Paid),
            Ok(S::PendingConfirmation)
        );
    }

    #[test]
    fn only_the_begun_order_is_mutable() {
        for s in S::ALL {
            assert_eq!(s.is_mutable(), s == S::Mutable, "{s:?}");
        }
    }

    #[test]
    fn a_refusal_names_the_current_and_the_allowed_statuses() {
        for (current, event, text) in [
            (
                S::Finalized,
                E::Append,
                "order is in status 2 (finalized); append is allowed only in 1 (mutable)",
            ),
            (
                S::Created,
                E::Refund,
                "order is in status 0 (created); refund is allowed only in 5 (pending \
                 confirmation), 10 (confirmed), 15 (prepared), 20 (finished)",
            ),
            (
                S::Confirmed,
                E::Cancel,
                "order is in status 10 (confirmed); cancel is allowed only in 0 (created), 1 \
                 (mutable), 2 (finalized)",
            ),
            (
                S::Refunded,
                E::Begin,
                "order is in status 30 (refunded); begin is allowed only in 0 (created), 1 \
                 (mutable)",
            ),
            (
                S::Mutable,
                E::Paid,
                "order is in status 1 (mutable); payment is allowed only in 2 (finalized)",
            ),
        ] {
            assert_eq!(next(current, event).expect_err("refused").to_string(), text);
        }
    }

    #[test]
    fn the_merchants_status_call_maps_targets_to_events() {
        for offline in [false, true] {
            for s in S::ALL {
                let event = OrderEvent::merchant_asks_for(s, offline);
                assert_eq!(
                    event.is_some(),
                    merchant_targets(offline).contains(&s),
                    "{s:?}"
                );
                if let Some(e) = event {
                    assert_eq!(e.target(), s);
                }
            }
        }
        assert_eq!(
            OrderEvent::merchant_asks_for(S::PendingConfirmation, false),
            None
        );
        assert_eq!(
            OrderEvent::merchant_asks_for(S::PendingConfirmation, true),
            Some(E::Paid)
        );
        assert_eq!(OrderEvent::merchant_asks_for(S::Refunded, true), None);
    }
}
