//! Predefined payments (seed 000 §7): create (two interfaces), read by token, list, update.

use crate::db::repo::payments::{
    self, Changes, ListQuery, NewPayment, OrderBy, PaymentError, PaymentRef,
};
use crate::domain::destination::parse_webhook_url;
use crate::domain::keys::Mode;
use crate::domain::payment::{PaymentInterface, Yen, parse_http_url};
use crate::http::auth::{Merchant, SecretKey};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::extract::{Json, Path};
use crate::http::values::{Reader, Values, boolean, integer, text};
use crate::pay::dto::{CreatedPayment, PaymentPage, PredefinedPayment};
use crate::pay::idempotency::{self, IdempotencyHeader, IdempotencyKey, fingerprint};
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, Utc};
use sea_orm::DatabaseExecutor;
use serde::Deserialize;
use utoipa::IntoParams;

/// Longest `order_no`.
const ORDER_NO_MAX: usize = 100;
/// Longest `custom`.
const CUSTOM_MAX: usize = 2000;
/// Longest `expires_after`: ten years, in seconds.
const EXPIRES_AFTER_MAX: i64 = 10 * 366 * 24 * 3600;

/// The answer to a payment for a shop that may not take payments (`noren shop create
/// --not-payable`; `whoami` shows `shop.is_payable`).
pub fn not_payable() -> ApiError {
    ApiError::Forbidden(
        "this shop cannot take payments (shop.is_payable is false in whoami); ask Noren support \
         to enable payments for it"
            .into(),
    )
}

fn livemode(m: &Merchant) -> bool {
    m.0.mode == Mode::Live
}

/// Values of the create calls (query values or a form body).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct CreateParams {
    /// Whole yen, from 50 to 99,999,999.
    #[param(minimum = 50, maximum = 99_999_999, example = 1000)]
    amount: i64,
    /// Your own text (up to 2000 characters), returned as given.
    #[param(
        min_length = 1,
        max_length = 2000,
        pattern = "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]+$"
    )]
    custom: Option<String>,
    /// Seconds after creation when the payment expires; 0 or absent: never.
    #[param(minimum = 0, maximum = 316_224_000)]
    expires_after: Option<i64>,
    /// Your order number (up to 100 characters), unique among the shop's payments.
    #[param(
        example = "A-0001",
        min_length = 1,
        max_length = 100,
        pattern = "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]+$"
    )]
    order_no: Option<String>,
    /// Absolute http(s) URL the checkout sends the customer to after paying.
    #[param(
        example = "https://shop.example/thanks",
        max_length = 2048,
        pattern = "^https?://[A-Za-z0-9._-]+(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?([/?#][^\\s\\u0000-\\u001F\\u007F-\\u009F]*)?$"
    )]
    redirection_url: Option<String>,
    /// Absolute http(s) URL that receives this payment's webhook events (else the shop's).
    #[param(
        example = "https://shop.example/noren/webhook",
        max_length = 2048,
        pattern = "^https?://[A-Za-z0-9._-]+(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?([/?#][^\\s\\u0000-\\u001F\\u007F-\\u009F]*)?$"
    )]
    webhook_callback_url: Option<String>,
    /// Whether the checkout offers the customer a tip.
    tip_vas_enabled: Option<bool>,
}

const CREATE_VALUES: [&str; 7] = [
    "amount",
    "custom",
    "expires_after",
    "order_no",
    "redirection_url",
    "webhook_callback_url",
    "tip_vas_enabled",
];

async fn create(
    state: &AppState,
    merchant: &Merchant,
    values: Values,
    interface: PaymentInterface,
    db: &DatabaseExecutor<'_>,
) -> Result<CreatedPayment, ApiError> {
    let mut r = Reader::new(values, &CREATE_VALUES);
    let amount = r.required("amount", Yen::parse_amount);
    let custom = r.optional("custom", text(CUSTOM_MAX));
    let expires_after = r.optional("expires_after", integer(0, EXPIRES_AFTER_MAX));
    let order_no = r.optional("order_no", text(ORDER_NO_MAX));
    let redirection_url = r.optional("redirection_url", parse_http_url);
    // Issue 9 item 2: https only in live mode, no internal IP literals (checked again on the
    // resolved address at delivery).
    let allow_private = state.config.webhooks.allow_private;
    let webhook_callback_url = r.optional("webhook_callback_url", |raw| {
        parse_webhook_url(raw, livemode(merchant), allow_private)
    });
    let tip_vas_enabled = r.optional("tip_vas_enabled", boolean).unwrap_or(false);
    r.finish()?;
    let Some(amount) = amount else {
        return Err(ApiError::client("amount is required"));
    };
    let principal = &merchant.0;
    if !principal.shop.is_payable {
        return Err(not_payable());
    }
    let record = payments::create(
        db,
        NewPayment {
            shop_id: principal.shop.id,
            livemode: livemode(merchant),
            amount,
            order_no,
            custom,
            interface,
            redirection_url,
            webhook_callback_url,
            tip_vas_enabled,
            expires_after,
            now: state.clock.now(),
        },
    )
    .await
    .map_err(|e| match e {
        PaymentError::OrderNoTaken(_) => ApiError::Conflict(e.to_string()),
        PaymentError::Db(db) => db.into(),
    })?;
    let url = format!("{}/checkout/{}", state.public_url, record.payment.token);
    Ok(CreatedPayment {
        predefined_payment: PredefinedPayment::from_record(
            &record,
            &principal.shop.number,
            false,
            state.clock.now(),
        ),
        url,
    })
}

/// Create a payment
///
/// Creates a predefined payment and answers it with the hosted checkout `url` to send the
/// customer to (`payment_interface` `online_payment`). Values are query values or a form body.
#[utoipa::path(
    post,
    path = "/v3/predefined_payments/create_online_payment",
    operation_id = "create_online_payment",
    tag = "Predefined payments",
    security(("apiKey" = [])),
    params(CreateParams, IdempotencyHeader),
    responses(
        (status = 200, description = "The payment and its checkout URL.", body = CreatedPayment,
            links(
                ("GetPayment" = (operation_id = "get_predefined_payment", parameters(("path.token" = "$response.body#/predefined_payment/token")),
                    description = "Read the new payment by its token.")),
                ("AvailablePayments" = (operation_id = "available_payments", parameters(("path.token" = "$response.body#/predefined_payment/token")),
                    description = "The brands the customer can choose for it.")),
                ("UpdatePayment" = (operation_id = "update_predefined_payment", parameters(("query.token" = "$response.body#/predefined_payment/token")),
                    description = "Change it.")),
                ("ChargeFromMiniProgram" = (operation_id = "miniprogram_wechatpay", parameters(("path.token" = "$response.body#/predefined_payment/token")),
                    description = "Start a wechatpay attempt for it from a mini-program.")),
                ("ListWebhookEvents" = (operation_id = "list_webhook_events", parameters(("query.token" = "$response.body#/predefined_payment/token")),
                    description = "Its webhook events."))
            )),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid amount: must be at least 50", "errors": [{"field": "amount", "message": "must be at least 50"}]})),
        (status = 409, description = "`order_no` is already used by another payment of the shop.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "order_no A-0001 is already used by another payment of this shop"})),
    )
)]
pub async fn create_online_payment(
    State(state): State<AppState>,
    merchant: Merchant,
    key: IdempotencyKey,
    values: Values,
) -> Response {
    let hash = fingerprint(&values);
    idempotency::once(
        &state,
        &merchant,
        key,
        "create_online_payment",
        hash,
        async |db| {
            create(
                &state,
                &merchant,
                values,
                PaymentInterface::OnlinePayment,
                db,
            )
            .await
        },
    )
    .await
}

/// Create a payment for a printed QR code
///
/// As `create_online_payment`, for a checkout URL printed as a QR code (`payment_interface`
/// `dynamic_qr_print`).
#[utoipa::path(
    post,
    path = "/v3/predefined_payments/create_with_url_print",
    operation_id = "create_with_url_print",
    tag = "Predefined payments",
    security(("apiKey" = [])),
    params(CreateParams, IdempotencyHeader),
    responses(
        (status = 200, description = "The payment and its checkout URL.", body = CreatedPayment,
            links(
                ("GetPayment" = (operation_id = "get_predefined_payment", parameters(("path.token" = "$response.body#/predefined_payment/token")),
                    description = "Read the new payment by its token.")),
                ("AvailablePayments" = (operation_id = "available_payments", parameters(("path.token" = "$response.body#/predefined_payment/token")),
                    description = "The brands the customer can choose for it.")),
                ("UpdatePayment" = (operation_id = "update_predefined_payment", parameters(("query.token" = "$response.body#/predefined_payment/token")),
                    description = "Change it.")),
                ("ChargeFromMiniProgram" = (operation_id = "miniprogram_wechatpay", parameters(("path.token" = "$response.body#/predefined_payment/token")),
                    description = "Start a wechatpay attempt for it from a mini-program.")),
                ("ListWebhookEvents" = (operation_id = "list_webhook_events", parameters(("query.token" = "$response.body#/predefined_payment/token")),
                    description = "Its webhook events."))
            )),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody),
        (status = 409, description = "`order_no` is already used by another payment of the shop.", body = ErrorBody),
    )
)]
pub async fn create_with_url_print(
    State(state): State<AppState>,
    merchant: Merchant,
    key: IdempotencyKey,
    values: Values,
) -> Response {
    let hash = fingerprint(&values);
    idempotency::once(
        &state,
        &merchant,
        key,
        "create_with_url_print",
        hash,
        async |db| {
            create(
                &state,
                &merchant,
                values,
                PaymentInterface::DynamicQrPrint,
                db,
            )
            .await
        },
    )
    .await
}

/// Values of the read call.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct GetParams {
    /// Present with no value, `true` or `1`: leave out `associated_payments` and
    /// `value_added_services`; `false` or `0` (or absent): include them.
    #[param(pattern = "^(|true|false|1|0)$", example = "true")]
    simple: Option<String>,
}

/// `?simple`, `?simple=` and `?simple=true` mean yes.
fn flag(raw: &str) -> Result<bool, String> {
    if raw.is_empty() {
        Ok(true)
    } else {
        boolean(raw)
    }
}

/// Retrieve a payment
///
/// Answers a predefined payment by its token. Needs no key: the token itself is the secret,
/// which is what lets the checkout page and the customer's device read it.
#[utoipa::path(
    get,
    path = "/v3/predefined_payments/{token}",
    operation_id = "get_predefined_payment",
    tag = "Predefined payments",
    security(()),
    params(("token" = String, Path, description = "The payment's token.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), GetParams),
    responses(
        (status = 200, description = "The payment.", body = PredefinedPayment),
        (status = 400, description = "`simple` is not a flag.", body = ErrorBody),
        (status = 404, description = "No payment has this token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no payment with this token"})),
    )
)]
pub async fn get_predefined_payment(
    State(state): State<AppState>,
    Path(token): Path<String>,
    values: Values,
) -> Result<Json<PredefinedPayment>, ApiError> {
    let mut r = Reader::new(values, &["simple"]);
    let simple = r.optional("simple", flag).unwrap_or(false);
    r.finish()?;
    let payment = state
        .token_reads
        .get(&token)
        .await?
        .ok_or_else(|| ApiError::NotFound("no payment with this token".into()))?;
    let record = payments::with_children(&state.db, payment, simple).await?;
    let shop_number = state
        .shop_number(record.payment.shop_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("no payment with this token".into()))?;
    Ok(Json(PredefinedPayment::from_record(
        &record,
        &shop_number,
        simple,
        state.clock.now(),
    )))
}

/// Values of the list call.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ListParams {
    /// Only payments whose `order_by` time is at or after this, in milliseconds since the epoch.
    #[param(
        example = 1735689600000_i64,
        minimum = 0,
        maximum = 253_402_300_799_999_i64
    )]
    time_start: Option<i64>,
    /// Only payments whose `order_by` time is before this, in milliseconds since the epoch.
    #[param(minimum = 0, maximum = 253_402_300_799_999_i64)]
    time_end: Option<i64>,
    /// How many matching payments to skip.
    #[param(minimum = 0, default = 0)]
    offset: Option<i64>,
    /// Page size, 1 to 100.
    #[param(minimum = 1, maximum = 100, default = 10)]
    limit: Option<i64>,
    /// Oldest first instead of newest first.
    #[param(default = false)]
    time_asc: Option<bool>,
    /// `create_time` (default) or `update_time`: the time that filters and sorts.
    #[param(pattern = "^(create_time|update_time)$", example = "create_time")]
    order_by: Option<String>,
    /// Only the payment with this order number.
    #[param(
        min_length = 1,
        max_length = 100,
        pattern = "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]+$"
    )]
    order_no: Option<String>,
}

/// The latest time a filter takes: the end of year 9999, in milliseconds.
const MILLIS_MAX: i64 = 253_402_300_799_999;

fn millis(raw: &str) -> Result<DateTime<Utc>, String> {
    let ms: i64 = raw
        .trim()
        .parse()
        .map_err(|_| "must be milliseconds since the Unix epoch".to_string())?;
    if !(0..=MILLIS_MAX).contains(&ms) {
        return Err(format!("must be from 0 to {MILLIS_MAX}"));
    }
    DateTime::from_timestamp_millis(ms).ok_or_else(|| "is out of range".to_string())
}

fn order_by(raw: &str) -> Result<OrderBy, String> {
    match raw {
        "create_time" => Ok(OrderBy::CreateTime),
        "update_time" => Ok(OrderBy::UpdateTime),
        _ => Err("must be create_time or update_time".into()),
    }
}

/// List payments
///
/// Answers a page of the shop's payments, newest first unless `time_asc`. `count` is the size
/// of this page and `total` the number of all payments that match.
#[utoipa::path(
    get,
    path = "/v3/predefined_payments",
    operation_id = "list_predefined_payments",
    tag = "Predefined payments",
    security(("apiKey" = [])),
    params(ListParams),
    responses(
        (status = 200, description = "A page of payments.", body = PaymentPage,
            example = super::examples::payment_page),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody),
    )
)]
pub async fn list_predefined_payments(
    State(state): State<AppState>,
    merchant: Merchant,
    values: Values,
) -> Result<Json<PaymentPage>, ApiError> {
    let mut r = Reader::new(
        values,
        &[
            "time_start",
            "time_end",
            "offset",
            "limit",
            "time_asc",
            "order_by",
            "order_no",
        ],
    );
    let time_start = r.optional("time_start", millis);
    let time_end = r.optional("time_end", millis);
    let (offset, limit) = r.page();
    let time_asc = r.optional("time_asc", boolean).unwrap_or(false);
    let order_by = r
        .optional("order_by", order_by)
        .unwrap_or(OrderBy::CreateTime);
    let order_no = r.optional("order_no", text(ORDER_NO_MAX));
    // A time_end before time_start matches nothing: an empty page, not an error.
    r.finish()?;
    let principal = &merchant.0;
    let query = ListQuery {
        shop_id: principal.shop.id,
        livemode: livemode(&merchant),
        time_start,
        time_end,
        offset,
        limit,
        time_asc,
        order_by,
        order_no,
    };
    let (records, total) = payments::list(&state.db, &query).await?;
    let now = state.clock.now();
    let data: Vec<PredefinedPayment> = records
        .iter()
        .map(|r| PredefinedPayment::from_record(r, &principal.shop.number, false, now))
        .collect();
    Ok(Json(PaymentPage {
        count: data.len() as u64,
        data,
        offset: query.offset,
        total,
    }))
}

/// Values of the update call.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct UpdateParams {
    /// The payment's token (give this or `order_no`).
    #[param(
        min_length = 1,
        max_length = 64,
        pattern = "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]+$"
    )]
    token: Option<String>,
    /// The payment's order number (give this or `token`).
    #[param(
        min_length = 1,
        max_length = 100,
        pattern = "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]+$"
    )]
    order_no: Option<String>,
    /// New text of your own.
    #[param(
        min_length = 1,
        max_length = 2000,
        pattern = "^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]+$"
    )]
    custom: Option<String>,
    /// New expiry in seconds after creation; 0: never.
    #[param(minimum = 0, maximum = 316_224_000)]
    expires_after: Option<i64>,
    /// `true` blocks the checkout link; a payment already started may still finish.
    invalidated: Option<bool>,
    /// New absolute http(s) URL to send the customer to after paying.
    #[param(
        max_length = 2048,
        pattern = "^https?://[A-Za-z0-9._-]+(:([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?([/?#][^\\s\\u0000-\\u001F\\u007F-\\u009F]*)?$"
    )]
    redirection_url: Option<String>,
    /// Whether the checkout offers a tip.
    tip_vas_enabled: Option<bool>,
}

/// Update a payment
///
/// Changes a payment named by `token` or `order_no` and answers it as it now is. Values not
/// sent stay as they are.
#[utoipa::path(
    post,
    path = "/v3/predefined_payments",
    operation_id = "update_predefined_payment",
    tag = "Predefined payments",
    security(("apiKey" = [])),
    params(UpdateParams),
    responses(
        (status = 200, description = "The payment as it now is.", body = PredefinedPayment),
        (status = 400, description = "Neither or both of `token` and `order_no`, or a bad value.", body = ErrorBody),
        (status = 404, description = "The shop has no such payment (in this key's mode).", body = ErrorBody),
    )
)]
pub async fn update_predefined_payment(
    State(state): State<AppState>,
    SecretKey(merchant): SecretKey,
    values: Values,
) -> Result<Json<PredefinedPayment>, ApiError> {
    let mut r = Reader::new(
        values,
        &[
            "token",
            "order_no",
            "custom",
            "expires_after",
            "invalidated",
            "redirection_url",
            "tip_vas_enabled",
        ],
    );
    let token = r.optional("token", text(64));
    let order_no = r.optional("order_no", text(ORDER_NO_MAX));
    let changes = Changes {
        custom: r.optional("custom", text(CUSTOM_MAX)),
        expires_after: r.optional("expires_after", integer(0, EXPIRES_AFTER_MAX)),
        invalidated: r.optional("invalidated", boolean),
        redirection_url: r.optional("redirection_url", parse_http_url),
        tip_vas_enabled: r.optional("tip_vas_enabled", boolean),
    };
    match (r.has("token"), r.has("order_no")) {
        (false, false) => r.error("token", "give the payment's token or its order_no"),
        (true, true) => r.error("order_no", "give either token or order_no, not both"),
        _ => {}
    }
    r.finish()?;
    let principal = &merchant.0;
    let by = match (&token, &order_no) {
        (Some(t), _) => PaymentRef::Token(t),
        (None, Some(o)) => PaymentRef::OrderNo(o),
        (None, None) => return Err(ApiError::client("give the payment's token or its order_no")),
    };
    let current = payments::find_for_shop(&state.db, principal.shop.id, livemode(&merchant), by)
        .await?
        .ok_or_else(|| ApiError::NotFound("this shop has no such payment".into()))?;
    let record = payments::update(&state.db, current, changes, state.clock.now()).await?;
    Ok(Json(PredefinedPayment::from_record(
        &record,
        &principal.shop.number,
        false,
        state.clock.now(),
    )))
}
