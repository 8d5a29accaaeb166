//! The payment service's one error type. A service function answers [`PayError`]; only
//! `pay/http/` turns it into the error body (`pay/http/error.rs`), so the service knows no HTTP
//! status, and each variant's doc says which one `http/` answers. A variant's text is the
//! answer's `message` (but [`PayError::Db`]'s, which is logged and never sent).

use crate::domain::lifecycle::FieldProblem;
use crate::store::attempts::AttemptError;
use noren_core::connectors::not_connected;
use noren_core::domain::payment::PaymentMethod;
use noren_core::webhooks::store::RedeliverError;
use sea_orm::DbErr;

#[derive(Debug, thiserror::Error)]
pub enum PayError {
    /// 404: no such payment (or not the caller's); the mini-program charge and an attempt
    /// whose payment is gone.
    #[error("payment not found")]
    PaymentNotFound,
    /// 404: the shop has no attempt with this payment number in the key's mode (the refund,
    /// the headless sandbox).
    #[error("payment {0} not found")]
    NumberNotFound(String),
    /// 404: the checkout's token names no payment.
    #[error("no payment with this token")]
    NoPaymentWithToken,
    /// 404: the checkout page names an attempt that is not one of the payment's.
    #[error("no such payment attempt")]
    AttemptNotFound,
    /// 404: the shop has no webhook event with this id in the key's mode.
    #[error("webhook event {0} not found")]
    EventNotFound(String),
    /// 400 naming each field: values judged against the payment (the checkout's brand and
    /// tip), every problem at once.
    #[error("invalid values")]
    Invalid(Vec<FieldProblem>),
    /// 400 without fields: the mini-program's app id is not registered for the shop.
    #[error("app id not found")]
    AppNotRegistered,
    /// 403: the shop may not take payments (`noren shop create --not-payable`; `whoami` shows
    /// `shop.is_payable`).
    #[error(
        "this shop cannot take payments (shop.is_payable is false in whoami); ask Noren support \
         to enable payments for it"
    )]
    NotPayable,
    /// 403: a live key on the headless sandbox brand, which settles test attempts only.
    #[error("the sandbox takes test keys only (sk_test_… or dk_test_…)")]
    SandboxTakesTestKeys,
    /// 409: the payment or attempt does not allow this now (expired, invalidated, paid, not
    /// open); the text is the rule's (`pay::domain::lifecycle::NotOpen`).
    #[error("{0}")]
    NotOpen(String),
    /// 409: the `order_no` is already used by another payment of the shop (DESIGN.md).
    #[error("order_no {0} is already used by another payment of this shop")]
    OrderNoTaken(String),
    /// 409: the shop does not offer this brand (the mini-program charge's wechatpay).
    #[error("{} is not offered by this shop", .0.as_str())]
    NotOffered(PaymentMethod),
    /// 409: no connector of this installation takes the brand in the payment's mode.
    #[error("{}", not_connected(*.0))]
    NotConnected(PaymentMethod),
    /// 409: the brand's connector refused to start the attempt; the text is its reason.
    #[error("{0}")]
    BrandRefused(String),
    /// 409: a live attempt, which only its brand settles, sent to the sandbox page.
    #[error("live payments are approved by their brand, not by the sandbox page")]
    SettledByBrand,
    /// 409: the `Idempotency-Key` was used with other parameters or on another call.
    #[error("this Idempotency-Key was already used with other parameters")]
    KeyReused,
    /// 409: the first request with this `Idempotency-Key` is still running.
    #[error("a request with this Idempotency-Key is still being processed; retry in a moment")]
    KeyInFlight,
    /// 409: the event cannot be sent again now (a delivery is running, or it has no URL); never
    /// [`RedeliverError::Db`], which is [`PayError::Db`].
    #[error(transparent)]
    CannotRedeliver(RedeliverError),
    /// 429 with `Retry-After: retry_after_secs`: the key asked for `per_minute` redeliveries
    /// in the last minute.
    #[error("this key asked for {per_minute} redeliveries in the last minute; try again later")]
    KeyRedeliversTooOften {
        per_minute: u32,
        retry_after_secs: u64,
    },
    /// 429 with `Retry-After: retry_after_secs`: the event was sent `per_hour` times in the
    /// last hour, retries included.
    #[error("this event was sent {per_hour} times in the last hour; try again later")]
    EventSentTooOften {
        per_hour: u64,
        retry_after_secs: u64,
    },
    /// 500 (503 with `Retry-After` while the database is away): a database error met while
    /// `doing` (an operation and its entity). Logged with both; the client gets the generic
    /// message.
    #[error("{doing}: database error: {source}")]
    Db {
        doing: String,
        #[source]
        source: DbErr,
    },
}

impl PayError {
    /// A database error met while `doing`.
    pub fn db(doing: impl std::fmt::Display, source: DbErr) -> Self {
        PayError::Db {
            doing: doing.to_string(),
            source,
        }
    }

    /// An attempt's change refused or failed in the store; `doing` names the payment or
    /// attempt in the log line of a database error.
    pub fn attempt(doing: impl std::fmt::Display) -> impl FnOnce(AttemptError) -> Self {
        move |e| match e {
            AttemptError::NotFound => PayError::PaymentNotFound,
            AttemptError::NotOpen(m) => PayError::NotOpen(m),
            AttemptError::Db(e) => PayError::db(doing, e),
        }
    }
}

/// Says what a step was doing when the database failed, for the log line of the 500
/// (`settling attempt 42: database error: …`):
///
/// ```ignore
/// let tx = begin_write(&state.db).await.doing(|| format!("settling attempt {id}"))?;
/// ```
pub trait Doing<T> {
    /// The error, if any, as [`PayError::Db`] with `what` as what it was doing.
    fn doing<S: std::fmt::Display>(self, what: impl FnOnce() -> S) -> Result<T, PayError>;
}

impl<T> Doing<T> for Result<T, DbErr> {
    fn doing<S: std::fmt::Display>(self, what: impl FnOnce() -> S) -> Result<T, PayError> {
        self.map_err(|e| PayError::db(what(), e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_error_names_what_it_was_doing_and_an_attempt_error_keeps_its_meaning() {
        let failed: Result<(), DbErr> = Err(DbErr::Custom("connection reset".into()));
        let err = failed.doing(|| "settling attempt 42").expect_err("failed");
        assert_eq!(
            err.to_string(),
            "settling attempt 42: database error: Custom Error: connection reset"
        );
        let to = |e| PayError::attempt("starting an attempt of payment 7")(e);
        assert!(matches!(
            to(AttemptError::NotFound),
            PayError::PaymentNotFound
        ));
        assert_eq!(
            to(AttemptError::NotOpen("this payment has expired".into())).to_string(),
            "this payment has expired"
        );
        assert!(matches!(
            to(AttemptError::Db(DbErr::Custom("x".into()))),
            PayError::Db { doing, .. } if doing == "starting an attempt of payment 7"
        ));
        assert_eq!(
            PayError::NotOffered(PaymentMethod::WeChatPay).to_string(),
            "wechatpay is not offered by this shop"
        );
    }
}
