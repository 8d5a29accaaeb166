//! The inbound services' errors as the error body: [`InboundError`] becomes the [`ApiError`] its
//! variant's doc names, so a handler's `?` answers it.

use crate::service::errors::InboundError;
use axum::http::StatusCode;
use noren_core::http::error::{ApiError, FieldError};

impl From<InboundError> for ApiError {
    fn from(e: InboundError) -> Self {
        match e {
            InboundError::NoShop(_) | InboundError::NoReservation(_) | InboundError::NoHold(_) => {
                ApiError::NotFound(e.to_string())
            }
            InboundError::Invalid { field, message } => {
                ApiError::invalid(vec![FieldError::new(field, message)])
            }
            InboundError::Refused { reason, message } => {
                ApiError::refused(StatusCode::CONFLICT, reason, message)
            }
            InboundError::Failed(e) => ApiError::Internal(e),
        }
    }
}

/// The answer for an unknown (or unpublished) shop.
pub fn no_shop(id: impl std::fmt::Display) -> ApiError {
    InboundError::no_shop(id).into()
}

/// The answer for a reservation outside the caller's scope, or missing.
pub fn no_reservation(key: &str) -> ApiError {
    InboundError::NoReservation(key.to_string()).into()
}

/// The answer for a hold outside the caller's scope, or missing.
pub fn no_hold(id: &str) -> ApiError {
    InboundError::NoHold(id.to_string()).into()
}
