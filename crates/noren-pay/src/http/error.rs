//! The payment service's errors as the error body: the one place `pay/` turns a
//! [`PayError`] into an HTTP status, `code`, `message` and `errors` (each variant's doc names
//! its status). Handlers return `ApiError` and use `?` on a service's answer.

use crate::service::error::PayError;
use noren_core::http::error::{ApiError, FieldError, database_error};

impl From<PayError> for ApiError {
    fn from(e: PayError) -> Self {
        use PayError::*;
        let message = e.to_string();
        match e {
            PaymentNotFound | NumberNotFound(_) | NoPaymentWithToken | AttemptNotFound
            | EventNotFound(_) => ApiError::NotFound(message),
            Invalid(problems) => ApiError::invalid(
                problems
                    .into_iter()
                    .map(|p| FieldError::new(p.field, p.message))
                    .collect(),
            ),
            AppNotRegistered => ApiError::client(message),
            NotPayable | SandboxTakesTestKeys => ApiError::Forbidden(message),
            NotOpen(_) | OrderNoTaken(_) | NotOffered(_) | NotConnected(_) | BrandRefused(_)
            | SettledByBrand | KeyReused | KeyInFlight | CannotRedeliver(_) => {
                ApiError::Conflict(message)
            }
            KeyRedeliversTooOften {
                retry_after_secs, ..
            }
            | EventSentTooOften {
                retry_after_secs, ..
            } => ApiError::TooManyRequests {
                message,
                retry_after_secs,
            },
            Db { doing, source } => database_error(doing, source),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::lifecycle::FieldProblem;
    use axum::http::StatusCode;

    #[test]
    fn each_service_error_answers_its_status_and_its_text() {
        let cases = [
            (PayError::PaymentNotFound, 404, "payment not found"),
            (
                PayError::NoPaymentWithToken,
                404,
                "no payment with this token",
            ),
            (PayError::AttemptNotFound, 404, "no such payment attempt"),
            (
                PayError::NumberNotFound("4829301746502918".into()),
                404,
                "payment 4829301746502918 not found",
            ),
            (
                PayError::EventNotFound("evt_1".into()),
                404,
                "webhook event evt_1 not found",
            ),
            (PayError::AppNotRegistered, 400, "app id not found"),
            (
                PayError::NotPayable,
                403,
                "this shop cannot take payments (shop.is_payable is false in whoami); ask \
                 Noren support to enable payments for it",
            ),
            (
                PayError::SandboxTakesTestKeys,
                403,
                "the sandbox takes test keys only (sk_test_… or dk_test_…)",
            ),
            (
                PayError::SettledByBrand,
                409,
                "live payments are approved by their brand, not by the sandbox page",
            ),
            (
                PayError::KeyReused,
                409,
                "this Idempotency-Key was already used with other parameters",
            ),
            (
                PayError::EventSentTooOften {
                    per_hour: 12,
                    retry_after_secs: 30,
                },
                429,
                "this event was sent 12 times in the last hour; try again later",
            ),
        ];
        for (e, status, message) in cases {
            let e = ApiError::from(e);
            assert_eq!(e.status(), StatusCode::from_u16(status).expect("status"));
            assert_eq!(e.to_string(), message);
        }
        let invalid = ApiError::from(PayError::Invalid(vec![FieldProblem {
            field: "tip",
            message: "this payment takes no tip".into(),
        }]));
        let ApiError::Client { message, errors } = invalid else {
            panic!("a 400");
        };
        assert_eq!(message, "invalid tip: this payment takes no tip");
        assert_eq!(
            errors,
            [FieldError::new("tip", "this payment takes no tip")]
        );
        let db = ApiError::from(PayError::db(
            "settling attempt 42",
            sea_orm::DbErr::Custom("reset".into()),
        ));
        let ApiError::Internal(err) = db else {
            panic!("a 500");
        };
        assert!(format!("{err:#}").starts_with("settling attempt 42: database error: "));
    }
}
