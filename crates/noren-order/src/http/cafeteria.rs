//! Dine-in cafeteria orders (seed 001 §3–§5, §7; DESIGN.md "Ordering API decisions"): the
//! merchant's create and read calls, and the customer's read, `begin` and `append`. Customer
//! calls are authorised by the order's `mutableToken` (compared in constant time in
//! `order::store::cafeteria`); a wrong token answers the same 404 as an unknown order. Status
//! changes are decided by `order::domain::order::next` under the order's row lock; its refusal is
//! the 409's text.

use crate::domain::masking::{mask_email, mask_phone};
use crate::domain::order::{self, OrderStatus};
use crate::domain::tax::price_stored_line;
use crate::service::cafeteria::{self as service, LinesError};
use crate::service::lines::MenuLines;
use crate::store::cafeteria as repo;
use axum::Json;
use axum::extract::{Path, State};
use noren_core::db::entities::{cafeteria_order, cafeteria_order_line};
use noren_core::domain::lang::Lang;
use noren_core::http::auth::Merchant;
use noren_core::http::error::{ApiError, ErrorBody, database_error};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Raw, Text, Value, Values};
use serde::Serialize;
use serde_json::Value as JsonValue;
use std::borrow::Cow;
use std::collections::BTreeMap;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, PartialSchema, ToSchema};

/// Seed 001 §5: `memo` 0 to 300 characters.
pub const MEMO_MAX: usize = 300;
/// Seed 001 §5: `membershipNumber` 0 to 32.
pub const MEMBERSHIP_NUMBER_MAX: usize = 32;
/// Seed 001 §5: `phoneNumber` 0 to 20.
pub const PHONE_NUMBER_MAX: usize = 20;
/// Seed 001 §5: `email` 0 to 100.
pub const EMAIL_MAX: usize = 100;
/// `messageTo` (the seed gives no limit): 0 to 300, like `memo`.
pub const MESSAGE_TO_MAX: usize = 300;
/// `tableNumber` (the seed gives no limit): 0 to 32.
pub const TABLE_NUMBER_MAX: usize = 32;
/// `extraParams`: a query string of at most 2,000 characters.
pub const EXTRA_PARAMS_MAX: usize = 2000;
/// The longest customer token accepted (tokens are 32 characters).
pub const TOKEN_MAX: usize = 64;
/// Seed 001 §5: `deviceTag` 1 to 32 characters.
pub const DEVICE_TAG_MAX: usize = 32;
/// The largest shop id.
pub const ID_MAX: i64 = i64::MAX;

type ShopId = Int<1, ID_MAX>;
type Memo = Blank<MEMO_MAX>;
type MembershipNumber = Blank<MEMBERSHIP_NUMBER_MAX>;
type PhoneNumber = Blank<PHONE_NUMBER_MAX>;
type Email = Blank<EMAIL_MAX>;
type MessageTo = Blank<MESSAGE_TO_MAX>;
type TableNumber = Blank<TABLE_NUMBER_MAX>;
type Token = Text<TOKEN_MAX>;
type DeviceTag = Text<DEVICE_TAG_MAX>;

/// Text of 0 to `MAX` characters without control characters but `\t` and `\n`; empty is the
/// same as leaving the value out (seed 001 §5 gives these fields a minimum of 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blank<const MAX: usize>(Option<String>);

impl<const MAX: usize> Blank<MAX> {
    pub fn into_option(self) -> Option<String> {
        self.0
    }
}

impl<const MAX: usize> Value for Blank<MAX> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let raw = raw.text()?;
        if raw.is_empty() {
            return Ok(Blank(None));
        }
        Text::<MAX>::parse(Raw::Text(raw)).map(|t| Blank(Some(t.into_string())))
    }
}

impl<const MAX: usize> ToSchema for Blank<MAX> {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Blank")
    }
}

impl<const MAX: usize> PartialSchema for Blank<MAX> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(0))
            .max_length(Some(MAX))
            .pattern(Some("^[^\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F]*$"))
            .into()
    }
}

/// `extraParams`: a query string (`a=1&b=x%20y`) kept as a map of its names to values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraParams(BTreeMap<String, String>);

impl Value for ExtraParams {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let raw = raw.text()?;
        if raw.chars().count() > EXTRA_PARAMS_MAX {
            return Err(format!("must be at most {EXTRA_PARAMS_MAX} characters"));
        }
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(raw.trim_start_matches('?'))
            .map_err(|_| "must be a query string (name=value&…)".to_string())?;
        let mut map = BTreeMap::new();
        for (k, v) in pairs {
            if k.is_empty() {
                return Err("must not hold an empty name".into());
            }
            if map.insert(k.clone(), v).is_some() {
                return Err(format!("names {k} more than once"));
            }
        }
        Ok(ExtraParams(map))
    }
}

impl ToSchema for ExtraParams {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ExtraParams")
    }
}

impl PartialSchema for ExtraParams {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(EXTRA_PARAMS_MAX))
            .description(Some(
                "Extra values in query-string form (`campaign=spring&seat=window`), kept as a map of names to values; each name once.",
            ))
            .examples([serde_json::json!("campaign=spring&seat=window")])
            .into()
    }
}

// Seed 001 §3 "Order menu line"; priced by `order::domain::tax::price_line`.
/// A line of a cafeteria order: a snapshot of what was appended, priced tax included (`tax` is
/// the tax in `totalAmount`).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": 1, "orderId": "Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU", "shopMenuId": 12, "name": "Shoyu Ramen",
    "quantity": 2, "price": 1028, "priceTaxed": 1130, "tax": 205, "taxRate": 10,
    "variations": [{"id": 20, "categoryId": 3, "name": "Large", "quantity": 1, "price": 150}],
    "groupTag": null, "deviceTag": "phone-a", "totalAmount": 2260, "singleAmount": 1130,
    "isTaxRelief": false, "isOption": false
}))]
pub struct OrderLine {
    pub id: i64,
    pub order_id: String,
    /// The menu item's id.
    pub shop_menu_id: i64,
    /// The menu's name in the language of the append, as it was then.
    pub name: String,
    pub quantity: i64,
    /// Tax-excluded unit price.
    pub price: i64,
    /// Tax-included unit price, variations in.
    pub price_taxed: i64,
    /// Tax contained in `totalAmount`: `floor(totalAmount × rate / (100 + rate))`.
    pub tax: i64,
    /// Percent: 10 standard, 8 reduced.
    pub tax_rate: i64,
    /// The chosen variations: `id`, `categoryId`, `name`, `quantity` (per unit), `price`.
    pub variations: Vec<JsonValue>,
    pub group_tag: Option<String>,
    /// The device that appended the line.
    pub device_tag: Option<String>,
    /// The line, tax included.
    pub total_amount: i64,
    /// One unit, tax included.
    pub single_amount: i64,
    /// Reduced (8 %) rate.
    pub is_tax_relief: bool,
    /// An option menu (`option` of the merchant's create call).
    pub is_option: bool,
}

// Seed 001 §3 "Cafeteria order".
/// A cafeteria order.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "type": "cafeteria", "id": "Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU", "status": 1, "number": "1",
    "shopId": 1, "livemode": false, "amount": 2260, "namePhonetic": null, "memo": "window seat",
    "predefinedPaymentToken": null, "paymentMethod": null, "menu": [],
    "mutableToken": "h7Gk2LmQ9xTzR4pWc8VbN3sJd6FyA1eU", "tableNumber": "12",
    "phoneNumberMasked": "*******5678", "emailMasked": "t***@example.com",
    "smaregiTempTransactionBarcode": null
}))]
pub struct CafeteriaOrder {
    /// Always `cafeteria`.
    #[serde(rename = "type")]
    #[schema(rename = "type", example = "cafeteria")]
    pub kind: &'static str,
    /// Unguessable (32 characters).
    pub id: String,
    // Seed 001 §4.
    /// 0 created, 1 mutable, 2 finalized, 5 pending confirmation (paid), 10 confirmed, 15
    /// prepared, 20 finished, 30 refunded, 90 cancelled, 99 cancelled with error.
    pub status: i32,
    /// Unique per shop and mode; the payment's `order_no`.
    pub number: String,
    pub shop_id: i64,
    /// Made with a live key.
    pub livemode: bool,
    /// The lines' `totalAmount` summed (yen, tax included).
    pub amount: i64,
    pub name_phonetic: Option<String>,
    pub memo: Option<String>,
    /// The token of the predefined payment made at finalize.
    pub predefined_payment_token: Option<String>,
    pub payment_method: Option<String>,
    /// The lines.
    pub menu: Vec<OrderLine>,
    /// The customer token (only in the merchant's answers; give it to the customers' devices).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mutable_token: Option<String>,
    pub table_number: Option<String>,
    /// Only the last 4 digits.
    pub phone_number_masked: Option<String>,
    /// `t***@example.com`.
    pub email_masked: Option<String>,
    /// Not used by Noren (always null).
    pub smaregi_temp_transaction_barcode: Option<String>,
}

fn line_answer(l: &cafeteria_order_line::Model) -> OrderLine {
    let quantity = i64::from(l.quantity);
    let priced = price_stored_line(l.unit_price, l.tax_rate, quantity);
    OrderLine {
        id: l.id,
        order_id: l.order_id.clone(),
        shop_menu_id: l.shop_menu_id,
        name: l.name.clone(),
        quantity,
        price: priced.price,
        price_taxed: l.unit_price,
        tax: priced.tax,
        tax_rate: priced.tax_rate_percent(),
        variations: serde_json::from_str(&l.variations).unwrap_or_default(),
        group_tag: l.group_tag.clone(),
        device_tag: l.device_tag.clone(),
        total_amount: priced.total_amount,
        single_amount: l.unit_price,
        is_tax_relief: priced.is_tax_relief(),
        is_option: l.is_option,
    }
}

/// The answer; `with_token` for the merchant's calls only.
pub(crate) fn answer(r: &repo::OrderRecord, with_token: bool) -> CafeteriaOrder {
    let o: &cafeteria_order::Model = &r.order;
    CafeteriaOrder {
        kind: "cafeteria",
        id: o.id.clone(),
        status: o.status,
        number: o.number.clone(),
        shop_id: o.shop_id,
        livemode: o.livemode,
        amount: o.amount,
        name_phonetic: o.name_phonetic.clone(),
        memo: o.memo.clone(),
        predefined_payment_token: r.payment_token.clone(),
        payment_method: o.payment_method.clone(),
        menu: r.lines.iter().map(line_answer).collect(),
        mutable_token: if with_token {
            o.mutable_token.clone()
        } else {
            None
        },
        table_number: o.table_number.clone(),
        phone_number_masked: o.phone_number.as_deref().map(mask_phone),
        email_masked: o.email.as_deref().map(mask_email),
        smaregi_temp_transaction_barcode: None,
    }
}

pub(crate) fn no_order(id: &str) -> ApiError {
    ApiError::NotFound(format!("no cafeteria order with id {id}"))
}

pub(crate) fn order_error(id: &str, e: repo::OrderError) -> ApiError {
    match e {
        repo::OrderError::NotFound => no_order(id),
        repo::OrderError::Refused(r) => ApiError::Conflict(r.to_string()),
        repo::OrderError::NoStock { menu_id } => {
            ApiError::Conflict(format!("not enough stock of menu {menu_id}"))
        }
        repo::OrderError::Unpayable(message) => ApiError::Conflict(message),
        repo::OrderError::NotATarget(message) => ApiError::Conflict(message),
        repo::OrderError::Db(e) if id.is_empty() => database_error("creating a cafeteria order", e),
        repo::OrderError::Db(e) => database_error(format!("cafeteria order {id}"), e),
    }
}

/// The error body of a call that adds lines: its values' problems (400), or the order's.
fn lines_error(id: &str, e: LinesError) -> ApiError {
    match e {
        LinesError::Invalid(errors) => ApiError::invalid(errors),
        LinesError::NoShop => no_order(id),
        LinesError::Order(e) => order_error(id, e),
    }
}

// Seed 001 §3 "Admin order creation", §5.
/// Values of the merchant's create call.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct CreateOrderValues {
    /// The shop: must be the key's own shop (another shop's id answers 404).
    #[schema(inline, example = 1)]
    shop_id: ShopId,
    /// Initial lines (the merchant's), checked and priced like an append.
    #[schema(inline)]
    menu: Option<MenuLines>,
    /// Initial option-menu lines (`isOption`).
    #[schema(inline)]
    option: Option<MenuLines>,
    /// A note for the kitchen; 0 to 300 characters.
    #[schema(inline)]
    memo: Option<Memo>,
    /// The customer pays at the counter; default false.
    pay_offline: Option<bool>,
    /// Whom to notify (free text); 0 to 300 characters.
    #[schema(inline)]
    message_to: Option<MessageTo>,
    /// 0 to 32 characters.
    #[schema(inline)]
    membership_number: Option<MembershipNumber>,
    /// A query string kept as a map.
    #[schema(inline)]
    extra_params: Option<ExtraParams>,
    /// 0 to 20 characters; answered masked.
    #[schema(inline)]
    phone_number: Option<PhoneNumber>,
    /// 0 to 100 characters; answered masked.
    #[schema(inline)]
    email: Option<Email>,
    /// 0 to 32 characters.
    #[schema(inline)]
    table_number: Option<TableNumber>,
    /// Customers begin the order and add to it (created in status 0); default false: created
    /// finalized (status 2) with the merchant's lines only (`menu` or `option` then needs a
    /// line), its payment made at once (`predefinedPaymentToken`) unless `payOffline`.
    mutable: Option<bool>,
}

#[utoipa::path(
    post,
    path = "/api/admin/orders/cafeteria",
    operation_id = "create_cafeteria_order",
    summary = "Create a cafeteria order",
    tag = "Cafeteria orders",
    security(("apiKey" = [])),
    request_body = CreateOrderValues,
    responses(
        (status = 200, description = "The order, with its `mutableToken`.", body = CafeteriaOrder),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid memo: must be at most 300 characters", "errors": [{"field": "memo", "message": "must be at most 300 characters"}]})),
        (status = 404, description = "`shopId` is not the key's shop.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
        (status = 409, description = "A menu of the initial lines ran out during the request, or an order created finalized (`mutable` false) cannot be paid online (amount below 50 or above 99,999,999 yen).", body = ErrorBody,
            example = json!({"code": "conflict", "message": "not enough stock of menu 14"})),
    )
)]
pub async fn create_cafeteria_order(
    State(state): State<AppState>,
    Merchant(m): Merchant,
    values: CreateOrderValues,
) -> Result<Json<CafeteriaOrder>, ApiError> {
    let shop_id = values.shop_id.get();
    let no_shop = || ApiError::NotFound(format!("no shop with id {shop_id}"));
    if shop_id != m.shop.id {
        return Err(no_shop());
    }
    let new = repo::NewOrder {
        shop_id,
        livemode: m.livemode(),
        mutable: values.mutable.unwrap_or(false),
        memo: values.memo.and_then(Blank::into_option),
        table_number: values.table_number.and_then(Blank::into_option),
        phone_number: values.phone_number.and_then(Blank::into_option),
        email: values.email.and_then(Blank::into_option),
        membership_number: values.membership_number.and_then(Blank::into_option),
        extra_params: serde_json::to_string(&values.extra_params.map(|e| e.0).unwrap_or_default())
            .map_err(|e| ApiError::Internal(e.into()))?,
        pay_offline: values.pay_offline.unwrap_or(false),
        message_to: values.message_to.and_then(Blank::into_option),
    };
    let record = service::create(&state, new, values.menu.as_ref(), values.option.as_ref())
        .await
        .map_err(|e| match e {
            LinesError::NoShop => no_shop(),
            e => lines_error("", e),
        })?;
    Ok(Json(answer(&record, true)))
}

#[utoipa::path(
    get,
    path = "/api/admin/cafeteria/{id}",
    operation_id = "get_cafeteria_order_admin",
    summary = "Retrieve a cafeteria order (merchant)",
    tag = "Cafeteria orders",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    responses(
        (status = 200, description = "The order, with its `mutableToken`.", body = CafeteriaOrder),
        (status = 404, description = "No order of the key's shop and mode has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
    )
)]
pub async fn get_cafeteria_order_admin(
    State(state): State<AppState>,
    Merchant(m): Merchant,
    Path(id): Path<String>,
) -> Result<Json<CafeteriaOrder>, ApiError> {
    let record = repo::find(&state.db, &id)
        .await?
        .filter(|r| r.order.shop_id == m.shop.id && r.order.livemode == m.livemode())
        .ok_or_else(|| no_order(&id))?;
    Ok(Json(answer(&record, true)))
}

/// Values of the public read.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GetOrderValues {
    /// Accepted for symmetry with the menu calls (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`); line
    /// names are kept in the language of their append.
    #[param(inline)]
    lang: Option<Lang>,
}

#[utoipa::path(
    get,
    path = "/api/cafeteria/{id}",
    operation_id = "get_cafeteria_order",
    summary = "Retrieve a cafeteria order",
    tag = "Cafeteria orders",
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), GetOrderValues),
    responses(
        (status = 200, description = "The order (without `mutableToken`).", body = CafeteriaOrder),
        (status = 400, description = "A value is invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid lang: must be one of en, zh-CN, ja, ko, zh-TW", "errors": [{"field": "lang", "message": "must be one of en, zh-CN, ja, ko, zh-TW"}]})),
        (status = 404, description = "No order has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
    )
)]
pub async fn get_cafeteria_order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: GetOrderValues,
) -> Result<Json<CafeteriaOrder>, ApiError> {
    // Validated (an unknown language is a 400) but not needed: names are snapshots.
    let _ = values.lang;
    let record = repo::find(&state.db, &id)
        .await?
        .ok_or_else(|| no_order(&id))?;
    Ok(Json(answer(&record, false)))
}

/// Values of `begin` and `finalize`.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct TokenValues {
    /// The order's `mutableToken`.
    #[schema(inline)]
    token: Token,
}

#[utoipa::path(
    post,
    path = "/api/cafeteria/{id}/begin",
    operation_id = "begin_cafeteria_order",
    summary = "Begin the order session",
    tag = "Cafeteria orders",
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = TokenValues,
    responses(
        (status = 200, description = "The order, now in status 1 (begin on an order in 1 changes nothing: every phone at the table may call it).", body = CafeteriaOrder),
        (status = 400, description = "`token` is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid token: required", "errors": [{"field": "token", "message": "required"}]})),
        (status = 404, description = "No order has this id, or the token is not its token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
        (status = 409, description = "The order's status does not allow it.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "order is in status 2 (finalized); begin is allowed only in 0 (created), 1 (mutable)"})),
    )
)]
pub async fn begin_cafeteria_order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: TokenValues,
) -> Result<Json<CafeteriaOrder>, ApiError> {
    let record = service::begin(&state, &id, values.token.as_str())
        .await
        .map_err(|e| order_error(&id, e))?;
    Ok(Json(answer(&record, false)))
}

#[utoipa::path(
    post,
    path = "/api/cafeteria/{id}/finalize",
    operation_id = "finalize_cafeteria_order",
    summary = "Finalize the order",
    tag = "Cafeteria orders",
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = TokenValues,
    responses(
        (status = 200, description = "The order, now in status 2, with `predefinedPaymentToken`: the token of a predefined payment of the payment API for the order's amount (`order_no` is `C-` and the order's `number`, e.g. `C-12`, so the merchant's payment webhook names the order; paying it moves the order to 5); the customer pays it in the hosted checkout at `/checkout/{predefinedPaymentToken}`. An order paid at the counter (`payOffline`) gets no payment.", body = CafeteriaOrder),
        (status = 400, description = "`token` is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid token: required", "errors": [{"field": "token", "message": "required"}]})),
        (status = 404, description = "No order has this id, or the token is not its token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
        (status = 409, description = "The order is not in status 1, or it cannot be paid online (amount below 50 or above 99,999,999 yen, or `C-<number>` already another payment's `order_no`).", body = ErrorBody,
            example = json!({"code": "conflict", "message": "order is in status 2 (finalized); finalize is allowed only in 1 (mutable)"})),
    )
)]
pub async fn finalize_cafeteria_order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: TokenValues,
) -> Result<Json<CafeteriaOrder>, ApiError> {
    let record = service::finalize(&state, &id, values.token.as_str())
        .await
        .map_err(|e| order_error(&id, e))?;
    Ok(Json(answer(&record, false)))
}

/// Values of `append`.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct AppendValues {
    /// The order's `mutableToken`.
    #[schema(inline)]
    token: Token,
    /// The menus to add.
    #[schema(inline)]
    menus: MenuLines,
    /// The device that adds them (1 to 32 characters), kept on the lines.
    #[schema(inline)]
    device_tag: Option<DeviceTag>,
    /// Language of the lines' names (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`); default `en`.
    #[schema(inline)]
    lang: Option<Lang>,
}

#[utoipa::path(
    post,
    path = "/api/cafeteria/{id}/append",
    operation_id = "append_to_cafeteria_order",
    summary = "Append menus to the order",
    tag = "Cafeteria orders",
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = AppendValues,
    responses(
        (status = 200, description = "The order with the new lines and amount.", body = CafeteriaOrder),
        (status = 400, description = "A value is missing or invalid, or a menu or variation cannot be ordered; `errors` names every problem (`menus[0].variations`, …).", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid menus[0].variations: category 3 needs a choice", "errors": [{"field": "menus[0].variations", "message": "category 3 needs a choice"}]})),
        (status = 404, description = "No order has this id, or the token is not its token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
        (status = 409, description = "The order is not in status 1, or a menu ran out during the request (nothing is added).", body = ErrorBody,
            example = json!({"code": "conflict", "message": "not enough stock of menu 14"})),
    )
)]
pub async fn append_to_cafeteria_order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: AppendValues,
) -> Result<Json<CafeteriaOrder>, ApiError> {
    let lang = values.lang.unwrap_or_default();
    let device_tag = values.device_tag.map(Text::into_string);
    let record = service::append(
        &state,
        &id,
        values.token.as_str(),
        lang,
        device_tag,
        &values.menus,
    )
    .await
    .map_err(|e| lines_error(&id, e))?;
    Ok(Json(answer(&record, false)))
}

/// A status the merchant's status call may set: 10 confirmed, 15 prepared, 20 finished,
/// 90 cancelled, and 5 (paid) for an order paid at the counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetStatus(OrderStatus);

impl Value for TargetStatus {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let code = Int::<0, 99>::parse(raw)?.get();
        let asked = i32::try_from(code)
            .ok()
            .and_then(|c| OrderStatus::try_from(c).ok());
        match asked {
            Some(s) if order::merchant_targets(true).contains(&s) => Ok(TargetStatus(s)),
            Some(OrderStatus::Refunded) => Err(
                "must be one of 5, 10, 15, 20, 90; 30 (refunded) comes from refunding the order's payment"
                    .into(),
            ),
            _ => Err("must be one of 5, 10, 15, 20, 90".into()),
        }
    }
}

impl ToSchema for TargetStatus {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("TargetStatus")
    }
}

impl PartialSchema for TargetStatus {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Int32,
            )))
            .enum_values(Some([5, 10, 15, 20, 90]))
            .description(Some(
                "10 confirmed, 15 prepared, 20 finished, 90 cancelled; 5 (paid) only for an order paid at the counter (`payOffline`).",
            ))
            .examples([serde_json::json!(10)])
            .into()
    }
}

/// Values of the merchant's status call.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct StatusValues {
    /// The status to move the order to.
    #[schema(inline)]
    status: TargetStatus,
}

#[utoipa::path(
    post,
    path = "/api/admin/cafeteria/{id}/status",
    operation_id = "set_cafeteria_order_status",
    summary = "Move a cafeteria order on (merchant)",
    description = "The kitchen's progress: a paid order (5) is confirmed (10), prepared (15) and \
finished (20), one step at a time; an order not yet paid (0, 1, 2) can be cancelled (90), which \
also invalidates its payment link and gives back the stock its lines took. An order paid at the counter (`payOffline`) is marked paid \
(5) with this call; an online order reaches 5 when its payment is paid, and 30 when that \
payment is refunded (`POST /v3/universal_payments/refund`), never through this call.",
    tag = "Cafeteria orders",
    security(("apiKey" = [])),
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = StatusValues,
    responses(
        (status = 200, description = "The order in its new status.", body = CafeteriaOrder),
        (status = 400, description = "`status` is missing or not one of 5, 10, 15, 20, 90.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid status: must be one of 5, 10, 15, 20, 90; 30 (refunded) comes from refunding the order's payment", "errors": [{"field": "status", "message": "must be one of 5, 10, 15, 20, 90; 30 (refunded) comes from refunding the order's payment"}]})),
        (status = 404, description = "No order of the key's shop and mode has this id.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
        (status = 409, description = "The order's status does not allow this step, or 5 was asked for an order paid online (its payment moves it to 5).", body = ErrorBody,
            example = json!({"code": "conflict", "message": "order is in status 5 (pending confirmation); finish is allowed only in 15 (prepared)"})),
    )
)]
pub async fn set_cafeteria_order_status(
    State(state): State<AppState>,
    Merchant(m): Merchant,
    Path(id): Path<String>,
    values: StatusValues,
) -> Result<Json<CafeteriaOrder>, ApiError> {
    let record = service::merchant_status(&state, m.shop.id, m.livemode(), &id, values.status.0)
        .await
        .map_err(|e| order_error(&id, e))?;
    Ok(Json(answer(&record, true)))
}
