//! `GET /v3/api_keys/whoami` (seed 000 §3 "Key check result", §7).

use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use noren_core::domain::lang::Lang;
use noren_core::http::auth::Merchant;
use noren_core::http::error::ErrorBody;
use serde::Serialize;
use utoipa::ToSchema;

/// The contracting company a key belongs to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LegalPerson {
    #[schema(example = "dev@example.co.jp")]
    pub company_email: String,
    #[schema(example = "Noren Demo K.K.")]
    pub company_name: String,
    /// ISO-8601 date the contract starts.
    #[schema(value_type = String, format = Date, example = "2025-04-01")]
    pub contract_date: NaiveDate,
    #[schema(example = "NOREN-DEMO-0001")]
    pub contract_number: String,
    pub id: i64,
}

/// The shop a key belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct Shop {
    pub id: i64,
    /// Whether the shop may take payments.
    pub is_payable: bool,
    #[schema(example = "Noren Demo Cafe")]
    pub name: String,
    #[schema(example = "のれんデモカフェ")]
    pub name_ja: String,
    /// The shop number, used in mini-program payment paths.
    #[schema(example = "10000001")]
    pub number: String,
    pub review_enabled: bool,
}

/// The shop device a key belongs to (a merchant secret key belongs to the shop's server device).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopDevice {
    /// Creation time, milliseconds since the Unix epoch.
    #[schema(example = 1735689600000_i64)]
    pub create_time: i64,
    pub device_name: String,
    pub device_number: String,
    /// Push-notification channel of the device, if it registered one.
    #[schema(required = true)]
    pub push_channel: Option<String>,
    /// Push-notification token of the device, if it registered one.
    #[schema(required = true)]
    pub push_token: Option<String>,
    /// `server`, `pos`, `tablet`, `ios`, `android` or `web`.
    #[schema(example = "server")]
    pub device_type: String,
    pub disabled: bool,
    pub id: i64,
    #[schema(required = true)]
    pub mobile_device_preferred_language: Option<Lang>,
    /// The id of the shop the device belongs to.
    pub parent_shop: i64,
    /// Last update time, milliseconds since the Unix epoch.
    pub update_time: i64,
}

/// The key itself: which family and mode it is.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyInfo {
    pub id: i64,
    /// `sk` (merchant secret key) or `dk` (device key).
    #[schema(example = "sk")]
    pub family: String,
    /// `test` keys only see test data; `live` keys move real money.
    #[schema(example = "test")]
    pub mode: String,
}

/// Key check result.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyCheckResult {
    pub legal_person: LegalPerson,
    pub shop: Shop,
    pub shop_device: ShopDevice,
    pub api_key: KeyInfo,
}

impl From<&Merchant> for KeyCheckResult {
    fn from(Merchant(p): &Merchant) -> Self {
        let p = p.as_ref().clone();
        KeyCheckResult {
            legal_person: LegalPerson {
                company_email: p.legal_person.company_email,
                company_name: p.legal_person.company_name,
                contract_date: p.legal_person.contract_date,
                contract_number: p.legal_person.contract_number,
                id: p.legal_person.id,
            },
            shop: Shop {
                id: p.shop.id,
                is_payable: p.shop.is_payable,
                name: p.shop.name,
                name_ja: p.shop.name_ja,
                number: p.shop.number,
                review_enabled: p.shop.review_enabled,
            },
            shop_device: ShopDevice {
                create_time: p.device.created_at.timestamp_millis(),
                device_name: p.device.device_name,
                device_number: p.device.device_number,
                push_channel: p.device.push_channel,
                push_token: p.device.push_token,
                device_type: p.device.device_type,
                disabled: p.device.disabled,
                id: p.device.id,
                mobile_device_preferred_language: p
                    .device
                    .preferred_language
                    .as_deref()
                    .and_then(Lang::parse),
                parent_shop: p.device.shop_id,
                update_time: p.device.updated_at.timestamp_millis(),
            },
            api_key: KeyInfo {
                id: p.key_id,
                family: p.family.as_str().to_string(),
                mode: p.mode.as_str().to_string(),
            },
        }
    }
}

/// Check an API key
///
/// Answers the legal person, shop and shop device that the key in `X-Auth-API-Key` belongs to.
/// Use it to check that a key works before making other calls. A missing or bad key answers 401.
#[utoipa::path(
    get,
    path = "/v3/api_keys/whoami",
    operation_id = "whoami",
    tag = "API keys",
    security(("apiKey" = [])),
    responses(
        (status = 200, description = "The key's legal person, shop and shop device.", body = KeyCheckResult),
        (status = 401, description = "The key is missing, malformed, unknown or revoked.", body = ErrorBody,
            example = json!({"code": "unauthorized", "message": "invalid API key: unknown or revoked"})),
        (status = 403, description = "The key's shop device is disabled.", body = ErrorBody,
            example = json!({"code": "forbidden", "message": "this key's shop device is disabled"})),
    )
)]
pub async fn whoami(merchant: Merchant) -> Response {
    // Serialized once per authenticated principal (it is what the answer is made of), not once
    // per request: measured with `make bench` (whoami / healthz), see bench/README.md.
    let rendered = merchant.0.rendered.get_or_init(|| {
        serde_json::to_vec(&KeyCheckResult::from(&merchant)).expect("plain fields serialize")
    });
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        Bytes::copy_from_slice(rendered),
    )
        .into_response()
}
