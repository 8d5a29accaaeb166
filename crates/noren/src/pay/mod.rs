//! The payment API (seed 000 §3–§9): predefined payments with a hosted checkout, refunds,
//! key checks and mini-program charges. One `router()`; every call is one hop from here.

pub mod dto;
mod payments;
mod whoami;

use crate::app::AppState;
use crate::http::error::{ErrorBody, ErrorCode, FieldError};
use crate::openapi::{MerchantKeyScheme, Servers};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Noren payment API",
        version = "3.0.0",
        description = "One integration, many payment brands: create a predefined payment, send the \
customer to its hosted checkout `url`, receive a signed webhook when it is paid, list and refund.\n\n\
Values are sent as query values (form-encoded); a form body is accepted too. Amounts are whole \
Japanese yen. Every non-2xx answer has the body `{\"code\", \"message\", \"errors\"}` \
(`errors` only for validation) and every answer carries `X-Request-Id`."
    ),
    modifiers(&MerchantKeyScheme, &Servers),
    components(schemas(ErrorBody, ErrorCode, FieldError)),
    tags(
        (name = "Predefined payments", description = "Create a payment, send the customer to its checkout `url`, read, list and update it."),
        (name = "API keys", description = "Check which legal person, shop and device a key belongs to.")
    )
)]
pub struct PayApi;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(PayApi::openapi())
        .routes(routes!(payments::create_online_payment))
        .routes(routes!(payments::create_with_url_print))
        .routes(routes!(
            payments::list_predefined_payments,
            payments::update_predefined_payment
        ))
        .routes(routes!(payments::get_predefined_payment))
        .routes(routes!(whoami::whoami))
}
