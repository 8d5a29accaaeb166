//! Predefined payments (seed 000 §7): create (two interfaces), read by token, list, update.

use crate::http::dto::{CreatedPayment, PaymentPage, PredefinedPayment};
use crate::http::idempotency::{self, IdempotencyKey, fingerprint};
use crate::http::params::{Custom, ExpiresAfter, OrderNo, Token};
use crate::service;
use crate::store::payments::{self, Changes, ListQuery, NewPayment, OrderBy, PaymentRef};
use crate::store::token_reads::TokenReads;
use axum::extract::State;
use axum::response::Response;
use noren_core::db::Executor;
use noren_core::domain::payment::{PaymentInterface, Yen};
use noren_core::http::auth::{Merchant, SecretKey};
use noren_core::http::error::{ApiError, ErrorBody};
use noren_core::http::extract::{Json, Path};
use noren_core::http::state::AppState;
use noren_core::http::values::{
    FromValues, HttpUrl, Int, Limit, Millis, Offset, Page, PresenceFlag, Reader, Text, Values,
    WebhookUrl,
};
use noren_core::webhooks::endpoints::Owner;
use utoipa::IntoParams;

/// Values of the create calls (query values or a form body).
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CreateValues {
    /// Whole yen, from 50 to 99,999,999.
    #[param(inline, example = 1000)]
    amount: Yen,
    /// Your own text (up to 2000 characters), returned as given.
    #[param(inline)]
    custom: Option<Custom>,
    /// Seconds after creation when the payment expires; 0 or absent: never.
    #[param(inline)]
    expires_after: Option<ExpiresAfter>,
    /// Your order number (up to 100 characters), unique among the shop's payments.
    #[param(inline, example = "A-0001")]
    order_no: Option<OrderNo>,
    /// Absolute http(s) URL the checkout sends the customer to after paying.
    #[param(inline, example = "https://shop.example/thanks")]
    redirection_url: Option<HttpUrl>,
    /// Absolute http(s) URL that receives this payment's webhook events (else the shop's).
    #[param(inline, example = "https://shop.example/noren/webhook")]
    webhook_callback_url: Option<WebhookUrl>,
    /// Whether the checkout offers the customer a tip.
    tip_vas_enabled: Option<bool>,
}

async fn create(
    state: &AppState,
    merchant: &Merchant,
    values: Values,
    interface: PaymentInterface,
    db: &Executor<'_>,
) -> Result<CreatedPayment, ApiError> {
    // Issue 9 item 2: https only in live mode, no internal IP literals (checked again on the
    // resolved address at delivery).
    let live = merchant.0.livemode();
    let reach = state.config.webhooks.reach();
    let values = CreateValues::from_values_with(&values, |r: &mut Reader| {
        r.rule("webhook_callback_url", |url: &WebhookUrl| {
            url.check(live, reach)
        });
    })?;
    let principal = &merchant.0;
    let now = state.now_of(merchant.owner()).await?.at;
    let new = NewPayment {
        shop_id: principal.shop.id,
        livemode: live,
        amount: values.amount,
        order_no: values.order_no.map(Text::into_string),
        custom: values.custom.map(Text::into_string),
        interface,
        redirection_url: values.redirection_url.map(HttpUrl::into_string),
        webhook_callback_url: values.webhook_callback_url.map(WebhookUrl::into_string),
        tip_vas_enabled: values.tip_vas_enabled.unwrap_or(false),
        expires_after: values.expires_after.map(Int::get),
        now,
    };
    let record = service::payments::create(db, &principal.shop, new).await?;
    let url = format!("{}/checkout/{}", state.public_url, record.payment.token);
    Ok(CreatedPayment {
        predefined_payment: PredefinedPayment::from_record(
            &record,
            &principal.shop.number,
            false,
            now,
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
    params(CreateValues, IdempotencyKey),
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
    params(CreateValues, IdempotencyKey),
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
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GetValues {
    /// Present with no value, `true` or `1`: leave out `associated_payments` and
    /// `value_added_services`; `false` or `0` (or absent): include them.
    #[param(inline, example = "true")]
    simple: Option<PresenceFlag>,
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
    params(("token" = String, Path, description = "The payment's token.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), GetValues),
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
    values: GetValues,
) -> Result<Json<PredefinedPayment>, ApiError> {
    let simple = values.simple.is_some_and(|s| s.0);
    let payment = state
        .slice::<TokenReads>()
        .get(&token)
        .await?
        .ok_or_else(|| ApiError::NotFound("no payment with this token".into()))?;
    let record = payments::with_children(&state.db, payment, simple).await?;
    let shop_number = state
        .shop_number(record.payment.shop_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("no payment with this token".into()))?;
    let p = &record.payment;
    let now = state.now_of(Owner::shop(p.shop_id, p.livemode)).await?.at;
    Ok(Json(PredefinedPayment::from_record(
        &record,
        &shop_number,
        simple,
        now,
    )))
}

/// Values of the list call.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListValues {
    /// Only payments whose `order_by` time is at or after this, in milliseconds since the epoch.
    #[param(inline, example = 1735689600000_i64)]
    time_start: Option<Millis>,
    /// Only payments whose `order_by` time is before this, in milliseconds since the epoch.
    #[param(inline)]
    time_end: Option<Millis>,
    /// How many matching payments to skip.
    #[param(inline)]
    offset: Option<Offset>,
    /// Page size, 1 to 100.
    #[param(inline)]
    limit: Option<Limit>,
    /// Oldest first instead of newest first.
    #[param(default = false)]
    time_asc: Option<bool>,
    /// `create_time` (default) or `update_time`: the time that filters and sorts.
    #[param(inline, example = "create_time")]
    order_by: Option<OrderBy>,
    /// Only the payment with this order number.
    #[param(inline)]
    order_no: Option<OrderNo>,
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
    params(ListValues),
    responses(
        (status = 200, description = "A page of payments.", body = PaymentPage,
            example = super::examples::payment_page),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody),
    )
)]
pub async fn list_predefined_payments(
    State(state): State<AppState>,
    merchant: Merchant,
    values: ListValues,
) -> Result<Json<PaymentPage>, ApiError> {
    let Page { offset, limit } = Page::new(values.offset, values.limit);
    // A time_end before time_start matches nothing: an empty page, not an error.
    let principal = &merchant.0;
    let query = ListQuery {
        shop_id: principal.shop.id,
        livemode: merchant.0.livemode(),
        time_start: values.time_start.map(|t| t.0),
        time_end: values.time_end.map(|t| t.0),
        offset,
        limit,
        time_asc: values.time_asc.unwrap_or(false),
        order_by: values.order_by.unwrap_or(OrderBy::CreateTime),
        order_no: values.order_no.map(Text::into_string),
    };
    let (records, total) = payments::list(&state.db, &query).await?;
    let now = state.now_of(merchant.owner()).await?.at;
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
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
#[values(check = Self::check)]
pub struct UpdateValues {
    /// The payment's token (give this or `order_no`).
    #[param(inline)]
    token: Option<Token>,
    /// The payment's order number (give this or `token`).
    #[param(inline)]
    order_no: Option<OrderNo>,
    /// New text of your own.
    #[param(inline)]
    custom: Option<Custom>,
    /// New expiry in seconds after creation; 0: never.
    #[param(inline)]
    expires_after: Option<ExpiresAfter>,
    /// `true` blocks the checkout link; a payment already started may still finish.
    invalidated: Option<bool>,
    /// New absolute http(s) URL to send the customer to after paying.
    #[param(inline)]
    redirection_url: Option<HttpUrl>,
    /// Whether the checkout offers a tip.
    tip_vas_enabled: Option<bool>,
}

impl UpdateValues {
    /// The payment is named by exactly one of `token` and `order_no`.
    fn check(r: &mut Reader) {
        match (r.has("token"), r.has("order_no")) {
            (false, false) => r.error("token", "give the payment's token or its order_no"),
            (true, true) => r.error("order_no", "give either token or order_no, not both"),
            _ => {}
        }
    }
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
    params(UpdateValues),
    responses(
        (status = 200, description = "The payment as it now is.", body = PredefinedPayment),
        (status = 400, description = "Neither or both of `token` and `order_no`, or a bad value.", body = ErrorBody),
        (status = 404, description = "The shop has no such payment (in this key's mode).", body = ErrorBody),
    )
)]
pub async fn update_predefined_payment(
    State(state): State<AppState>,
    SecretKey(merchant): SecretKey,
    values: UpdateValues,
) -> Result<Json<PredefinedPayment>, ApiError> {
    let token = values.token.map(Text::into_string);
    let order_no = values.order_no.map(Text::into_string);
    let changes = Changes {
        custom: values.custom.map(Text::into_string),
        expires_after: values.expires_after.map(Int::get),
        invalidated: values.invalidated,
        redirection_url: values.redirection_url.map(HttpUrl::into_string),
        tip_vas_enabled: values.tip_vas_enabled,
    };
    let principal = &merchant.0;
    let by = match (&token, &order_no) {
        (Some(t), _) => PaymentRef::Token(t),
        (None, Some(o)) => PaymentRef::OrderNo(o),
        (None, None) => return Err(ApiError::client("give the payment's token or its order_no")),
    };
    let current = payments::find_for_shop(&state.db, principal.shop.id, merchant.0.livemode(), by)
        .await?
        .ok_or_else(|| ApiError::NotFound("this shop has no such payment".into()))?;
    let now = state.now_of(merchant.owner()).await?.at;
    let record = payments::update(&state.db, current, changes, now).await?;
    Ok(Json(PredefinedPayment::from_record(
        &record,
        &principal.shop.number,
        false,
        now,
    )))
}
