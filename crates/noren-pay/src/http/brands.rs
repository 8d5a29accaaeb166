//! The brands a payment can be paid with (`available_payments`) and their badge images.

use crate::store::{payments, shops};
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use noren_core::domain::brands;
use noren_core::domain::payment::PaymentMethod;
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::extract::{Json, Path};
use noren_core::http::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;

// Seed 000 §3 "Available-payment-method item".
/// One brand the customer can choose.
#[derive(Debug, Serialize, ToSchema)]
pub struct AvailablePayment {
    /// The brand's badge (SVG).
    #[schema(example = "http://127.0.0.1:8080/checkout/brands/paypay.svg")]
    pub image_url: String,
    /// The same badge as a `data:` URL, for pages that load nothing from elsewhere.
    #[schema(example = "data:image/svg+xml,%3Csvg ...")]
    pub image_url_inline: String,
    /// The brand's display name.
    #[schema(example = "PayPay")]
    pub name: String,
    /// The brand's `payment_method` value; tolerate values you do not know.
    #[schema(example = "paypay")]
    pub payment: String,
}

/// Same-origin path of a brand's badge.
pub fn image_path(m: PaymentMethod) -> String {
    format!("/checkout/brands/{}.svg", brands::slug(m))
}

pub fn available(state: &AppState, methods: &[PaymentMethod]) -> Vec<AvailablePayment> {
    methods
        .iter()
        .map(|m| AvailablePayment {
            image_url: format!("{}{}", state.public_url, image_path(*m)),
            image_url_inline: brands::data_url(*m),
            name: m.display_name().to_string(),
            payment: m.as_str().to_string(),
        })
        .collect()
}

/// List a payment's brands
///
/// The brands the shop offers for this payment, in the order the checkout shows them. Needs no
/// key: the token is the secret.
#[utoipa::path(
    get,
    path = "/v3/predefined_payments/{token}/available_payments",
    operation_id = "available_payments",
    tag = "Predefined payments",
    security(()),
    params(("token" = String, Path, description = "The payment's token.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The brands, in display order.", body = Vec<AvailablePayment>),
        (status = 404, description = "No payment has this token.", body = ErrorBody),
    )
)]
pub async fn available_payments(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> Result<Json<Vec<AvailablePayment>>, ApiError> {
    let Some(record) = payments::find_by_token(&state.db, &token, true).await? else {
        return Err(ApiError::NotFound("payment not found".into()));
    };
    let methods = shops::payment_methods(&state.db, record.payment.shop_id).await?;
    Ok(Json(available(&state, &methods)))
}

/// `GET /checkout/brands/{slug}.svg`
pub async fn badge(Path(file): Path<String>) -> Response {
    let brand = file.strip_suffix(".svg").and_then(brands::from_slug);
    let Some(brand) = brand else {
        return ApiError::NotFound(format!("no brand image {file}")).into_response();
    };
    let mut res = brands::svg(brand).into_response();
    let headers = res.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml"),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400"),
    );
    res
}
