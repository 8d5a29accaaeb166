//! A cafeteria order's shared cart (seed 001 §3 "Cart: menu, subtotal, itemsCount", §4
//! "Submitting the cart appends its items to the order and clears the cart", §5 "cart item
//! quantity minimum 0 (0 removes the item)", §7). One cart per order, shared by every device of
//! the table; each item remembers the `deviceTag` that added it and the client's `metadata`.
//!
//! Decisions where the seed is silent:
//! - **`POST …/cart` adds** the body's `menus` (the same shape as `append`'s: `id`,
//!   `quantity`, `metadata`, `variations`) as new items, checked like an append (menu on sale,
//!   required and exclusive variation categories, quantity 1 to 999); `deviceTag` is required
//!   (1 to 32 characters), since each item remembers its device. Adding the same menu twice
//!   makes two items. A cart holds at most 100 items (what one append takes): more is a 409.
//! - **The answer prices each item like a line** with the menu's current price, in `lang`; an
//!   item that can no longer be ordered (its menu was hidden or sold out since it was added)
//!   stays in the cart with `problem` set and amounts 0, and `subtotal` and `itemsCount`
//!   (the sum of the quantities) leave it out.
//! - **Stock is judged at submit**, as for append: the cart reserves nothing.
//! - **`append/from-cart`** appends every item exactly as `append` would (the lines keep each
//!   item's `deviceTag`; the call's own `deviceTag` is only checked), takes the stock and
//!   empties the cart in one transaction. An empty cart is a 409 (the request is well formed;
//!   the cart's state refuses it), like an item that can no longer be ordered or ran out:
//!   nothing changes and the cart stays.
//! - Reading the cart is allowed in every status; changing and submitting it only in 1
//!   (`OrderEvent::EditCart`, `SubmitCart`). The token authorises every call; a wrong one
//!   answers the unknown order's 404, and so does an `itemId` of another order.
//!
//! The calls here read their values (`menus` and `variations` as the shared nested values of
//! `order::service::lines`, `metadata` with its limits), call the cart's service once
//! (`order::service::cart`: the checks under the order's lock, the pricing of each item) and
//! map its priced cart to the answer.

use super::cafeteria::{CafeteriaOrder, DEVICE_TAG_MAX, TOKEN_MAX, answer, order_error};
use crate::domain::menu::MAX_QUANTITY;
use crate::service::cart::{self as service, CartError, ItemGiven, ItemPrice, PricedCart};
use crate::service::lines::{MenuLines, Metadata, Variations, stored_variations};
use crate::store::cafeteria_cart::CART_ITEMS_MAX;
use axum::Json;
use axum::extract::{Path, State};
use noren_core::domain::lang::Lang;
use noren_core::http::error::{ApiError, ErrorBody, FieldError};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Text, Values};
use serde::Serialize;
use serde_json::Value as JsonValue;
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};

type Token = Text<TOKEN_MAX>;
type DeviceTag = Text<DEVICE_TAG_MAX>;
/// Seed 001 §5: cart item quantity minimum 0 (0 removes the item).
type CartQuantity = Int<0, MAX_QUANTITY>;

/// The menu of a cart item.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartMenu {
    /// The menu item's id.
    pub id: i64,
    /// Its name in `lang` (null when the menu is no longer listed).
    pub name: Option<String>,
}

// Seed 001 §3 "Order menu line".
/// An item of the cart, priced like an order line with the menu's current price.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "itemId": 7, "menu": {"id": 12, "name": "Shoyu Ramen"}, "quantity": 2,
    "variations": [{"id": 20, "categoryId": 3, "name": "Large", "quantity": 1, "price": 150}],
    "metadata": {"note": "no onions"}, "deviceTag": "phone-a", "price": 1028, "priceTaxed": 1130,
    "tax": 205, "taxRate": 10, "singleAmount": 1130, "totalAmount": 2260, "isTaxRelief": false,
    "problem": null
}))]
pub struct CartItem {
    /// The item's id (for `PATCH …/cart/{itemId}`).
    pub item_id: i64,
    pub menu: CartMenu,
    pub quantity: i64,
    /// The chosen variations: `id`, `categoryId`, `name`, `quantity` (per unit), `price`, and
    /// the `metadata` the client gave the variation, if any.
    pub variations: Vec<JsonValue>,
    /// The client's values, as given.
    pub metadata: BTreeMap<String, String>,
    /// The device that added the item.
    pub device_tag: String,
    /// Tax-excluded unit price.
    pub price: i64,
    /// Tax-included unit price, variations in.
    pub price_taxed: i64,
    /// Tax contained in `totalAmount`.
    pub tax: i64,
    /// Percent: 10 standard, 8 reduced.
    pub tax_rate: i64,
    /// One unit, tax included.
    pub single_amount: i64,
    /// The item, tax included.
    pub total_amount: i64,
    /// Reduced (8 %) rate.
    pub is_tax_relief: bool,
    /// Why the item cannot be ordered now (its menu was hidden or sold out since it was
    /// added, …); then its amounts are 0 and the sums leave it out. Null when it can.
    pub problem: Option<String>,
}

// Seed 001 §3 "Cart".
/// The order's shared cart.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "orderId": "Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU",
    "menu": [{
        "itemId": 7, "menu": {"id": 12, "name": "Shoyu Ramen"}, "quantity": 2,
        "variations": [{"id": 20, "categoryId": 3, "name": "Large", "quantity": 1, "price": 150}],
        "metadata": {}, "deviceTag": "phone-a", "price": 1028, "priceTaxed": 1130, "tax": 205,
        "taxRate": 10, "singleAmount": 1130, "totalAmount": 2260, "isTaxRelief": false, "problem": null
    }],
    "subtotal": 2260, "itemsCount": 2
}))]
pub struct Cart {
    pub order_id: String,
    /// The items, oldest first.
    pub menu: Vec<CartItem>,
    /// The items' `totalAmount` summed (yen, tax included).
    pub subtotal: i64,
    /// The items' quantities summed.
    pub items_count: i64,
}

/// The cart answer of the service's priced cart.
fn cart_answer(cart: PricedCart) -> Cart {
    let menu = cart
        .items
        .into_iter()
        .map(|i| {
            let (amounts, tax_rate, problem) = match i.price {
                ItemPrice::Priced(p) => (Some(p), p.tax_rate, None),
                ItemPrice::Unorderable { tax_rate, problem } => (None, tax_rate, Some(problem)),
            };
            CartItem {
                item_id: i.id,
                menu: CartMenu {
                    id: i.menu_id,
                    name: i.name,
                },
                quantity: i.quantity,
                variations: i.variations,
                metadata: i.metadata,
                device_tag: i.device_tag,
                price: amounts.map_or(0, |p| p.price),
                price_taxed: amounts.map_or(0, |p| p.price_taxed),
                tax: amounts.map_or(0, |p| p.tax),
                tax_rate: tax_rate.percent(),
                single_amount: amounts.map_or(0, |p| p.single_amount),
                total_amount: amounts.map_or(0, |p| p.total_amount),
                is_tax_relief: tax_rate.is_relief(),
                problem,
            }
        })
        .collect();
    Cart {
        order_id: cart.order_id,
        menu,
        subtotal: cart.subtotal,
        items_count: cart.items_count,
    }
}

/// The error body of a cart call; `item` is the `itemId` of the path, if the call has one.
fn cart_error(id: &str, item: &str, e: CartError) -> ApiError {
    match e {
        CartError::Order(e) => order_error(id, e),
        CartError::NoItem => no_item(item),
        CartError::Empty => ApiError::Conflict("the cart is empty".into()),
        CartError::Full => {
            ApiError::Conflict(format!("a cart holds at most {CART_ITEMS_MAX} items"))
        }
        CartError::Invalid(errors) => ApiError::invalid(errors),
        CartError::Rejected(errors) => ApiError::Conflict(rejected_message(&errors)),
    }
}

fn no_item(item: &str) -> ApiError {
    ApiError::NotFound(format!("no item {item} in this order's cart"))
}

/// Values of the cart read.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CartReadValues {
    /// The order's `mutableToken`.
    #[param(inline)]
    token: Token,
    /// Language of the names (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`); default `en`.
    #[param(inline)]
    lang: Option<Lang>,
}

#[utoipa::path(
    get,
    path = "/api/cafeteria/{id}/cart",
    operation_id = "get_cafeteria_cart",
    summary = "Retrieve the order's cart",
    tag = "Cafeteria orders",
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), CartReadValues),
    responses(
        (status = 200, description = "The cart shared by the order's devices, each item priced with the menu's current price (allowed in every status).", body = Cart),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid token: required", "errors": [{"field": "token", "message": "required"}]})),
        (status = 404, description = "No order has this id, or the token is not its token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
    )
)]
pub async fn get_cafeteria_cart(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: CartReadValues,
) -> Result<Json<Cart>, ApiError> {
    let lang = values.lang.unwrap_or_default();
    let cart = service::read(&state, &id, values.token.as_str(), lang)
        .await
        .map_err(|e| cart_error(&id, "", e))?;
    Ok(Json(cart_answer(cart)))
}

/// Values of the cart add (`POST …/cart`): `append`'s body, with `deviceTag` required.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct CartAddValues {
    /// The order's `mutableToken`.
    #[schema(inline)]
    token: Token,
    /// The menus to add to the cart, checked like an append's; `metadata` is kept (at most 20
    /// entries, names 1 to 64 and values up to 500 characters).
    #[schema(inline)]
    menus: MenuLines,
    /// The device that adds them (1 to 32 characters), kept on the items.
    #[schema(inline)]
    device_tag: DeviceTag,
    /// Language of the answer's names (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`); default `en`.
    #[schema(inline)]
    lang: Option<Lang>,
}

#[utoipa::path(
    post,
    path = "/api/cafeteria/{id}/cart",
    operation_id = "add_to_cafeteria_cart",
    summary = "Add menus to the order's cart",
    tag = "Cafeteria orders",
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = CartAddValues,
    responses(
        (status = 200, description = "The whole cart, with the new items (each `menus` entry becomes one item; stock is judged at submit).", body = Cart),
        (status = 400, description = "A value is missing or invalid, or a menu or variation cannot be ordered; `errors` names every problem (`menus[0].variations`, …).", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid menus[0].id: menu 12 is sold out", "errors": [{"field": "menus[0].id", "message": "menu 12 is sold out"}]})),
        (status = 404, description = "No order has this id, or the token is not its token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
        (status = 409, description = "The order is not in status 1, or the cart would hold more than 100 items (nothing is added).", body = ErrorBody,
            example = json!({"code": "conflict", "message": "order is in status 2 (finalized); cart edit is allowed only in 1 (mutable)"})),
    )
)]
pub async fn add_to_cafeteria_cart(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: CartAddValues,
) -> Result<Json<Cart>, ApiError> {
    let lang = values.lang.unwrap_or_default();
    let cart = service::add(
        &state,
        &id,
        values.token.as_str(),
        lang,
        values.device_tag.as_str(),
        &values.menus,
    )
    .await
    .map_err(|e| cart_error(&id, "", e))?;
    Ok(Json(cart_answer(cart)))
}

/// Values of the cart clear (query values).
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CartClearValues {
    /// The order's `mutableToken`.
    #[param(inline)]
    token: Token,
}

#[utoipa::path(
    delete,
    path = "/api/cafeteria/{id}/cart",
    operation_id = "clear_cafeteria_cart",
    summary = "Empty the order's cart",
    tag = "Cafeteria orders",
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"), CartClearValues),
    responses(
        (status = 200, description = "The cart, now empty (emptying an empty cart succeeds).", body = Cart),
        (status = 400, description = "`token` is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid token: required", "errors": [{"field": "token", "message": "required"}]})),
        (status = 404, description = "No order has this id, or the token is not its token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
        (status = 409, description = "The order is not in status 1.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "order is in status 2 (finalized); cart edit is allowed only in 1 (mutable)"})),
    )
)]
pub async fn clear_cafeteria_cart(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: CartClearValues,
) -> Result<Json<Cart>, ApiError> {
    let cart = service::clear(&state, &id, values.token.as_str())
        .await
        .map_err(|e| cart_error(&id, "", e))?;
    Ok(Json(cart_answer(cart)))
}

/// Values of the item change (`PATCH …/cart/{itemId}`): the values given replace the item's.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct CartItemValues {
    /// The order's `mutableToken`.
    #[schema(inline)]
    token: Token,
    // Seed 001 §5.
    /// 0 to 999; 0 removes the item.
    #[schema(inline)]
    quantity: Option<CartQuantity>,
    /// Replaces the item's metadata (at most 20 entries).
    #[schema(inline)]
    metadata: Option<Metadata>,
    /// Replaces the chosen variations (checked like an append's).
    #[schema(inline)]
    variations: Option<Variations>,
    /// The device making the change (1 to 32 characters); the item keeps the `deviceTag` of
    /// the device that added it.
    #[schema(inline)]
    device_tag: Option<DeviceTag>,
    /// Language of the answer's names (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`); default `en`.
    #[schema(inline)]
    lang: Option<Lang>,
}

#[utoipa::path(
    patch,
    path = "/api/cafeteria/{id}/cart/{itemId}",
    operation_id = "update_cafeteria_cart_item",
    summary = "Change or remove a cart item",
    tag = "Cafeteria orders",
    params(
        ("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("itemId" = i64, Path, description = "The cart item's `itemId`.", minimum = 1),
    ),
    request_body = CartItemValues,
    responses(
        (status = 200, description = "The whole cart after the change (`quantity` 0 removed the item).", body = Cart),
        (status = 400, description = "A value is missing or invalid, or the changed item cannot be ordered; `errors` names every problem (`quantity`, `variations`, `itemId` for its menu).", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid quantity: must be at most 999", "errors": [{"field": "quantity", "message": "must be at most 999"}]})),
        (status = 404, description = "No order has this id, the token is not its token, or its cart has no item `itemId`.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no item 7 in this order's cart"})),
        (status = 409, description = "The order is not in status 1.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "order is in status 2 (finalized); cart edit is allowed only in 1 (mutable)"})),
    )
)]
pub async fn update_cafeteria_cart_item(
    State(state): State<AppState>,
    Path((id, item_id)): Path<(String, String)>,
    values: CartItemValues,
) -> Result<Json<Cart>, ApiError> {
    // Checked (1 to 32 characters) but not stored: the item keeps the adder's tag.
    let _ = values.device_tag;
    // An `itemId` that is no id names no item (answered once the token is checked).
    let item = item_id.parse::<i64>().ok().filter(|n| *n >= 1);
    let shown = item.map_or(item_id, |n| n.to_string());
    let given = ItemGiven {
        quantity: values.quantity.map(|q| q.get()),
        variations: values.variations.as_ref().map(stored_variations),
        metadata: values.metadata.map(Metadata::into_map),
    };
    let lang = values.lang.unwrap_or_default();
    let cart = service::change(&state, &id, values.token.as_str(), lang, item, given)
        .await
        .map_err(|e| cart_error(&id, &shown, e))?;
    Ok(Json(cart_answer(cart)))
}

/// Values of `append/from-cart`.
#[derive(Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "json")]
pub struct FromCartValues {
    /// The order's `mutableToken`.
    #[schema(inline)]
    token: Token,
    /// The device that submits the cart (1 to 32 characters); the lines keep the `deviceTag`
    /// of the device that added each item.
    #[schema(inline)]
    device_tag: Option<DeviceTag>,
    /// Language of the lines' names (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`); default `en`.
    #[schema(inline)]
    lang: Option<Lang>,
}

#[utoipa::path(
    post,
    path = "/api/cafeteria/{id}/append/from-cart",
    operation_id = "append_cart_to_cafeteria_order",
    summary = "Append the cart to the order",
    tag = "Cafeteria orders",
    params(("id" = String, Path, description = "The order's id.", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$")),
    request_body = FromCartValues,
    responses(
        (status = 200, description = "The order with the cart's items appended as lines (checked, priced and taken from stock exactly as `append` does); the cart is now empty.", body = CafeteriaOrder),
        (status = 400, description = "A value is missing or invalid.", body = ErrorBody,
            example = json!({"code": "client", "message": "invalid deviceTag: must be at most 32 characters", "errors": [{"field": "deviceTag", "message": "must be at most 32 characters"}]})),
        (status = 404, description = "No order has this id, or the token is not its token.", body = ErrorBody,
            example = json!({"code": "not_found", "message": "no cafeteria order with id Qx3rT8pLm2VwZ9aKd4nB7cYh1sFe6GjU"})),
        (status = 409, description = "The order is not in status 1, the cart is empty, an item can no longer be ordered (its menu was hidden or sold out since), or a menu ran out: nothing is appended and the cart stays.", body = ErrorBody,
            example = json!({"code": "conflict", "message": "the cart is empty"})),
    )
)]
pub async fn append_cart_to_cafeteria_order(
    State(state): State<AppState>,
    Path(id): Path<String>,
    values: FromCartValues,
) -> Result<Json<CafeteriaOrder>, ApiError> {
    // Checked (1 to 32 characters) but not stored: each line keeps its item's tag.
    let _ = values.device_tag;
    let lang = values.lang.unwrap_or_default();
    let record = service::submit(&state, &id, values.token.as_str(), lang)
        .await
        .map_err(|e| cart_error(&id, "", e))?;
    Ok(Json(answer(&record, false)))
}

/// `the cart cannot be ordered: cart[0].id: menu 12 is sold out; …`
fn rejected_message(errors: &[FieldError]) -> String {
    let parts: Vec<String> = errors
        .iter()
        .map(|e| format!("{}: {}", e.field, e.message))
        .collect();
    format!("the cart cannot be ordered: {}", parts.join("; "))
}
