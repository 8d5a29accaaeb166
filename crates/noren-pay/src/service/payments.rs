//! What other slices may do to predefined payments, inside their own transaction: the ordering
//! API creates an order's payment when the order is finalized and invalidates it when the order
//! is cancelled. Also the payment API's own create, which judges the shop first.

use crate::service::error::PayError;
pub use crate::store::payments::{NewPayment, PaymentError, PaymentRecord};
use chrono::{DateTime, Utc};
use noren_core::db::entities::shop;
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr};

/// The payment API's create for `shop` through `db` (the idempotency transaction when the call
/// has a key): a shop that may not take payments is [`PayError::NotPayable`], an `order_no`
/// the shop used already [`PayError::OrderNoTaken`].
pub async fn create(
    db: &impl ConnectionTrait,
    shop: &shop::Model,
    new: NewPayment,
) -> Result<PaymentRecord, PayError> {
    if !shop.is_payable {
        return Err(PayError::NotPayable);
    }
    crate::store::payments::create(db, new)
        .await
        .map_err(|e| match e {
            PaymentError::OrderNoTaken(no) => PayError::OrderNoTaken(no),
            PaymentError::Db(e) => {
                PayError::db(format!("creating a payment of shop {}", shop.id), e)
            }
        })
}

/// Creates a predefined payment in `tx` (a violation of the shop's `order_no` index is
/// [`PaymentError::OrderNoTaken`]).
pub async fn create_in(
    tx: &DatabaseTransaction,
    new: NewPayment,
) -> Result<PaymentRecord, PaymentError> {
    crate::store::payments::create(tx, new).await
}

/// Invalidates the payment `id` in `tx`: its link takes no new attempt.
pub async fn invalidate_in(
    tx: &DatabaseTransaction,
    id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    crate::store::payments::invalidate(tx, id, now).await
}
