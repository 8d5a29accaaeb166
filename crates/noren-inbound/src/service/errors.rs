//! What the inbound services answer when they do not do what was asked: [`InboundError`], one
//! variant per kind of answer. The services never build an HTTP answer; `inbound/http/errors.rs`
//! turns each variant into the error body (DESIGN.md "Errors"), with the status its doc names.

use crate::domain::availability::Refusal;
use noren_core::domain::refusal::RefusalReason;
use sea_orm::DbErr;

/// Why a booking, hold, change or read was not done.
#[derive(Debug, thiserror::Error)]
pub enum InboundError {
    /// No published shop with this id (404 `not_found`).
    #[error("no shop with id {0}")]
    NoShop(String),
    /// No reservation with this id or origin number in the caller's scope (404).
    #[error("no reservation {0}")]
    NoReservation(String),
    /// No hold with this id of the caller's platform and mode at the shop (404).
    #[error("no hold {0}")]
    NoHold(String),
    /// A value names something that does not exist: `field` is its name in the request
    /// (400 `client`, with `errors[0].field`).
    #[error("invalid {field}: {message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// A rule refuses the request (409 `conflict`, with its stable `reason`).
    #[error("{message}")]
    Refused {
        reason: RefusalReason,
        message: String,
    },
    /// Anything unexpected, with what was being done (500; 503 with `Retry-After` when the
    /// database is unavailable).
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

impl InboundError {
    /// A refusal with its reason.
    pub fn refused(reason: RefusalReason, message: impl Into<String>) -> Self {
        InboundError::Refused {
            reason,
            message: message.into(),
        }
    }

    /// The shop `id` is unknown or unpublished.
    pub fn no_shop(id: impl std::fmt::Display) -> Self {
        InboundError::NoShop(id.to_string())
    }
}

impl From<Refusal> for InboundError {
    fn from(r: Refusal) -> Self {
        InboundError::Refused {
            reason: r.reason,
            message: r.message,
        }
    }
}

impl From<crate::domain::reservation::Refusal> for InboundError {
    fn from(r: crate::domain::reservation::Refusal) -> Self {
        InboundError::Refused {
            reason: r.reason,
            message: r.message,
        }
    }
}

impl From<DbErr> for InboundError {
    fn from(e: DbErr) -> Self {
        InboundError::Failed(anyhow::Error::new(e).context("database error"))
    }
}

/// A database error with what the service was doing, so that a 500's log line names the
/// operation and the entity (`booking at shop 3`), not only "database error".
pub trait Doing<T> {
    fn doing<S: std::fmt::Display + Send + Sync + 'static>(
        self,
        what: impl FnOnce() -> S,
    ) -> Result<T, InboundError>;
}

impl<T> Doing<T> for Result<T, DbErr> {
    fn doing<S: std::fmt::Display + Send + Sync + 'static>(
        self,
        what: impl FnOnce() -> S,
    ) -> Result<T, InboundError> {
        self.map_err(|e| {
            InboundError::Failed(
                anyhow::Error::new(e)
                    .context("database error")
                    .context(what()),
            )
        })
    }
}
