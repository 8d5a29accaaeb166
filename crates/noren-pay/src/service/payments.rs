//! What other slices may do to predefined payments, inside their own transaction: the ordering
//! API creates an order's payment when the order is finalized and invalidates it when the order
//! is cancelled.

pub use crate::store::payments::{NewPayment, PaymentError, PaymentRecord};
use chrono::{DateTime, Utc};
use sea_orm::{DatabaseTransaction, DbErr};

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
