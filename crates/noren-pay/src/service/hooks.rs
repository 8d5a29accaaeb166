//! What other slices do when the money of a payment changes, inside the transaction that
//! changes it: the ordering API moves the order the payment belongs to (seed 001 §4: paid → 5,
//! refunded → 30), so the two can never be seen apart. The payment slice names no other slice:
//! `app.rs` gives it the followers ([`PaymentHooks::following`]).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use noren_core::db::Db;
use noren_core::db::entities::predefined_payment;
use noren_core::domain::clock::Clock;
use noren_core::http::state::SlicePart;
use sea_orm::{DatabaseTransaction, DbErr};
use std::sync::Arc;

/// How a payment's money changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoneyChange {
    Paid,
    Refunded,
}

/// A slice that follows payments (the ordering API's orders).
#[async_trait]
pub trait FollowsPayments: Send + Sync {
    /// The predefined payment `payment` was paid or refunded in `tx`, at `now`. An error
    /// rolls the payment's change back.
    async fn money_changed(
        &self,
        tx: &DatabaseTransaction,
        payment: &predefined_payment::Model,
        change: MoneyChange,
        now: DateTime<Utc>,
    ) -> Result<(), DbErr>;
}

/// This process's followers of payments.
pub struct PaymentHooks {
    followers: Vec<Arc<dyn FollowsPayments>>,
}

impl PaymentHooks {
    /// Hooks calling `followers`, in order.
    pub fn following(followers: Vec<Arc<dyn FollowsPayments>>) -> Self {
        PaymentHooks { followers }
    }

    /// Tells every follower, in `tx`.
    pub async fn money_changed(
        &self,
        tx: &DatabaseTransaction,
        payment: &predefined_payment::Model,
        change: MoneyChange,
        now: DateTime<Utc>,
    ) -> Result<(), DbErr> {
        for f in &self.followers {
            f.money_changed(tx, payment, change, now).await?;
        }
        Ok(())
    }
}

impl SlicePart for PaymentHooks {
    /// No follower: `app.rs` puts in the real ones at start-up.
    fn new(_: &Db, _: &Clock) -> Self {
        PaymentHooks::following(Vec::new())
    }
}
