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

use super::cafeteria::{CafeteriaOrder, DEVICE_TAG_MAX, TOKEN_MAX, answer, no_order, order_error};
use crate::db::entities::cafeteria_cart_item as item;
use crate::domain::lang::Lang;
use crate::http::error::{ApiError, ErrorBody, FieldError};
use crate::http::state::AppState;
use crate::http::values::{Int, Raw, Text, Value, Values};
use crate::order::domain::menu::MAX_QUANTITY;
use crate::order::domain::tax::{LineInput, LinePrice, TaxRate, cart_totals, price_line};
use crate::order::service::cart as service;
use crate::order::service::lines::{
    LINES_MAX, MenuLineIn, MenuLines, VariationIn, merge_takes, price_lines,
};
use crate::order::store::cafeteria;
use crate::order::store::cafeteria_cart::{
    self as repo, CART_ITEMS_MAX, CartError, ItemChange, NewItem,
};
use crate::order::store::menus::Catalog;
use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use serde_json::{Value as JsonValue, json};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;
use utoipa::openapi::schema::ArrayBuilder;
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, PartialSchema, ToSchema};

pub use crate::order::service::lines::{
    METADATA_ENTRIES_MAX, METADATA_NAME_MAX, METADATA_VALUE_MAX,
};
/// The most variations one item chooses.
pub const VARIATIONS_MAX: usize = 50;

type Token = Text<TOKEN_MAX>;
type DeviceTag = Text<DEVICE_TAG_MAX>;
/// Seed 001 §5: cart item quantity minimum 0 (0 removes the item).
type CartQuantity = Int<0, MAX_QUANTITY>;

/// What is wrong with a metadata map, if anything.
fn metadata_problem(map: &BTreeMap<String, String>) -> Option<String> {
    if map.len() > METADATA_ENTRIES_MAX {
        return Some(format!("must hold at most {METADATA_ENTRIES_MAX} entries"));
    }
    for (k, v) in map {
        if k.is_empty() || k.chars().count() > METADATA_NAME_MAX {
            return Some(format!("names must be 1 to {METADATA_NAME_MAX} characters"));
        }
        if v.chars().count() > METADATA_VALUE_MAX {
            return Some(format!(
                "values must be at most {METADATA_VALUE_MAX} characters"
            ));
        }
    }
    None
}

/// The client's free values for an item (stored with it and given back): an object of up to
/// [`METADATA_ENTRIES_MAX`] string values.
#[derive(Clone, Debug, Default)]
pub struct Metadata(BTreeMap<String, String>);

impl Value for Metadata {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let Raw::Json(v @ JsonValue::Object(_)) = raw else {
            return Err("must be an object of strings".into());
        };
        let map = BTreeMap::<String, String>::deserialize(v)
            .map_err(|_| "must be an object of strings".to_string())?;
        match metadata_problem(&map) {
            Some(p) => Err(p),
            None => Ok(Metadata(map)),
        }
    }
}

impl ToSchema for Metadata {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Metadata")
    }
}

impl PartialSchema for Metadata {
    fn schema() -> RefOr<Schema> {
        crate::order::service::lines::metadata_schema()
    }
}

/// The chosen variations of an item (replacing the stored ones), a JSON array.
#[derive(Clone, Debug)]
pub struct Variations(Vec<VariationIn>);

impl Value for Variations {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let Raw::Json(JsonValue::Array(items)) = raw else {
            return Err("must be an array of variations".into());
        };
        if items.len() > VARIATIONS_MAX {
            return Err(format!("must hold at most {VARIATIONS_MAX} variations"));
        }
        let mut out = Vec::with_capacity(items.len());
        for (i, v) in items.iter().enumerate() {
            let v = VariationIn::deserialize(v).map_err(|e| format!("[{i}]: {e}"))?;
            if let Some(p) = v.metadata.as_ref().and_then(metadata_problem) {
                return Err(format!("[{i}].metadata: {p}"));
            }
            out.push(v);
        }
        Ok(Variations(out))
    }
}

impl ToSchema for Variations {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Variations")
    }
}

impl PartialSchema for Variations {
    fn schema() -> RefOr<Schema> {
        ArrayBuilder::new()
            .items(<VariationIn as PartialSchema>::schema())
            .max_items(Some(VARIATIONS_MAX))
            .into()
    }
}

/// The stored form of chosen variations: what the client gave (priced again at each read).
fn variations_text(given: &[VariationIn]) -> String {
    let list: Vec<JsonValue> = given
        .iter()
        .map(|v| {
            let mut o = serde_json::Map::new();
            o.insert("id".into(), json!(v.id));
            if let Some(q) = v.quantity {
                o.insert("quantity".into(), json!(q));
            }
            if let Some(m) = &v.metadata {
                o.insert("metadata".into(), json!(m));
            }
            if let Some(c) = v.category {
                o.insert("category".into(), json!(c));
            }
            JsonValue::Object(o)
        })
        .collect();
    JsonValue::Array(list).to_string()
}

fn stored_variations(i: &item::Model) -> Vec<VariationIn> {
    serde_json::from_str(&i.variations).unwrap_or_default()
}

fn stored_metadata(i: &item::Model) -> BTreeMap<String, String> {
    serde_json::from_str(&i.metadata).unwrap_or_default()
}

fn metadata_text(m: &BTreeMap<String, String>) -> String {
    serde_json::to_string(m).unwrap_or_else(|_| "{}".into())
}

/// The item as a menu to append.
fn as_line(i: &item::Model) -> MenuLineIn {
    MenuLineIn {
        id: i.shop_menu_id,
        quantity: Some(i64::from(i.quantity)),
        metadata: None,
        variations: Some(stored_variations(i)),
    }
}

/// The priced variations of a line (`id`, `categoryId`, `name`, `quantity`, `price`), each with
/// the `metadata` the client gave it, if any.
fn with_metadata(snapshot: &str, given: &[VariationIn]) -> Vec<JsonValue> {
    let mut list: Vec<JsonValue> = serde_json::from_str(snapshot).unwrap_or_default();
    for v in &mut list {
        let id = v["id"].as_i64();
        let given = given.iter().find(|g| Some(g.id) == id);
        if let (Some(meta), JsonValue::Object(o)) = (given.and_then(|g| g.metadata.as_ref()), v) {
            o.insert("metadata".into(), json!(meta));
        }
    }
    list
}

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

fn priced_fields(unit_price: i64, rate: TaxRate, quantity: i64) -> Option<LinePrice> {
    price_line(LineInput {
        menu_price: unit_price,
        tax_rate: rate,
        variations: &[],
        quantity,
    })
    .ok()
}

/// The cart answer: each item priced alone against `catalog` in `lang`.
fn cart_answer(catalog: &Catalog, lang: Lang, order_id: &str, items: &[item::Model]) -> Cart {
    let view = super::dto::View::new(catalog, lang);
    let mut out = Vec::with_capacity(items.len());
    let mut prices = Vec::with_capacity(items.len());
    for i in items {
        let quantity = i64::from(i.quantity);
        let name = view.menu(i.shop_menu_id).map(|m| m.name);
        let menu = CartMenu {
            id: i.shop_menu_id,
            name,
        };
        let one = MenuLines(vec![as_line(i)]);
        let priced = price_lines(catalog, lang, "menu", &one, None, false);
        let line = match &priced {
            Ok(p) => p.lines.first().and_then(|l| {
                let rate = TaxRate::try_from(l.tax_rate).ok()?;
                priced_fields(l.unit_price, rate, quantity).map(|p| (l, p))
            }),
            Err(_) => None,
        };
        let item = match line {
            Some((l, p)) => {
                prices.push(p);
                CartItem {
                    item_id: i.id,
                    menu,
                    quantity,
                    variations: with_metadata(&l.variations, &stored_variations(i)),
                    metadata: stored_metadata(i),
                    device_tag: i.device_tag.clone(),
                    price: p.price,
                    price_taxed: p.price_taxed,
                    tax: p.tax,
                    tax_rate: p.tax_rate_percent(),
                    single_amount: p.single_amount,
                    total_amount: p.total_amount,
                    is_tax_relief: p.is_tax_relief(),
                    problem: None,
                }
            }
            None => {
                let problem = match priced {
                    Err(errors) => errors
                        .iter()
                        .map(|e| e.message.clone())
                        .collect::<Vec<_>>()
                        .join("; "),
                    Ok(_) => "cannot be priced".to_string(),
                };
                let rate = catalog
                    .items
                    .get(&i.shop_menu_id)
                    .and_then(|m| TaxRate::try_from(m.tax_rate).ok())
                    .unwrap_or(TaxRate::Standard);
                let variations = stored_variations(i)
                    .iter()
                    .map(|v| {
                        json!({
                            "id": v.id,
                            "categoryId": v.category,
                            "name": view.menu(v.id).map(|m| m.name),
                            "quantity": v.quantity.unwrap_or(1),
                            "price": catalog.items.get(&v.id).map(|m| m.price),
                        })
                    })
                    .collect();
                CartItem {
                    item_id: i.id,
                    menu,
                    quantity,
                    variations,
                    metadata: stored_metadata(i),
                    device_tag: i.device_tag.clone(),
                    price: 0,
                    price_taxed: 0,
                    tax: 0,
                    tax_rate: rate.percent(),
                    single_amount: 0,
                    total_amount: 0,
                    is_tax_relief: rate.is_relief(),
                    problem: Some(problem),
                }
            }
        };
        out.push(item);
    }
    let totals = cart_totals(&prices).unwrap_or_default();
    Cart {
        order_id: order_id.to_string(),
        menu: out,
        subtotal: totals.subtotal,
        items_count: totals.items_count,
    }
}

fn cart_error(id: &str, e: CartError) -> ApiError {
    match e {
        CartError::Order(e) => order_error(id, e),
        CartError::NoItem(item_id) => no_item(item_id),
        CartError::Empty => ApiError::Conflict("the cart is empty".into()),
        CartError::Full => {
            ApiError::Conflict(format!("a cart holds at most {CART_ITEMS_MAX} items"))
        }
        CartError::Rejected(never) => match never {},
    }
}

fn no_item(item_id: i64) -> ApiError {
    ApiError::NotFound(format!("no item {item_id} in this order's cart"))
}

/// The order `id` if `token` is its token (in constant time), else the unknown order's 404.
async fn order_for(
    state: &AppState,
    id: &str,
    token: &str,
) -> Result<cafeteria::OrderRecord, ApiError> {
    cafeteria::find(&state.db, id)
        .await?
        .filter(|r| cafeteria::token_matches(&r.order, token))
        .ok_or_else(|| no_order(id))
}

async fn catalog_of(
    state: &AppState,
    id: &str,
    shop_id: i64,
    lang: Lang,
) -> Result<Arc<Catalog>, ApiError> {
    super::pricing_catalog(state, shop_id, lang)
        .await?
        .ok_or_else(|| no_order(id))
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
    let found = order_for(&state, &id, values.token.as_str()).await?;
    let lang = values.lang.unwrap_or_default();
    let catalog = catalog_of(&state, &id, found.order.shop_id, lang).await?;
    let items = repo::items(&state.db, &id).await?;
    Ok(Json(cart_answer(&catalog, lang, &id, &items)))
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
    let found = order_for(&state, &id, values.token.as_str()).await?;
    let lang = values.lang.unwrap_or_default();
    let catalog = catalog_of(&state, &id, found.order.shop_id, lang).await?;
    let mut errors: Vec<FieldError> = Vec::new();
    for (i, m) in values.menus.0.iter().enumerate() {
        if let Some(p) = m.metadata.as_ref().and_then(metadata_problem) {
            errors.push(FieldError::new(format!("menus[{i}].metadata"), p));
        }
        for (j, v) in m.variations.iter().flatten().enumerate() {
            if let Some(p) = v.metadata.as_ref().and_then(metadata_problem) {
                errors.push(FieldError::new(
                    format!("menus[{i}].variations[{j}].metadata"),
                    p,
                ));
            }
        }
    }
    if let Err(e) = price_lines(&catalog, lang, "menus", &values.menus, None, false) {
        errors.extend(e);
    }
    if !errors.is_empty() {
        return Err(ApiError::invalid(errors));
    }
    let device_tag = values.device_tag.into_string();
    let new: Vec<NewItem> = values
        .menus
        .0
        .iter()
        .map(|m| NewItem {
            device_tag: device_tag.clone(),
            shop_menu_id: m.id,
            quantity: m.quantity.unwrap_or(1),
            variations: variations_text(m.variations.as_deref().unwrap_or_default()),
            metadata: metadata_text(&m.metadata.clone().unwrap_or_default()),
        })
        .collect();
    let items = service::add(&state, &id, values.token.as_str(), &new)
        .await
        .map_err(|e| cart_error(&id, e))?;
    Ok(Json(cart_answer(&catalog, lang, &id, &items)))
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
    service::clear(&state, &id, values.token.as_str())
        .await
        .map_err(|e| cart_error(&id, e))?;
    Ok(Json(Cart {
        order_id: id,
        menu: Vec::new(),
        subtotal: 0,
        items_count: 0,
    }))
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

/// `item[0].quantity` (a problem of the changed item priced alone) → `quantity`.
fn item_field(field: &str) -> String {
    match field.strip_prefix("item[0]") {
        Some("") | Some(".id") => "itemId".to_string(),
        Some(rest) => rest.trim_start_matches('.').to_string(),
        None => field.to_string(),
    }
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
    let found = order_for(&state, &id, values.token.as_str()).await?;
    // Checked (1 to 32 characters) but not stored: the item keeps the adder's tag.
    let _ = values.device_tag;
    let item_id: i64 = match item_id.parse() {
        Ok(n) if n >= 1 => n,
        _ => {
            return Err(ApiError::NotFound(format!(
                "no item {item_id} in this order's cart"
            )));
        }
    };
    let current = repo::find_item(&state.db, &id, item_id)
        .await?
        .ok_or_else(|| no_item(item_id))?;
    let lang = values.lang.unwrap_or_default();
    let catalog = catalog_of(&state, &id, found.order.shop_id, lang).await?;
    let quantity = values
        .quantity
        .map(|q| q.get())
        .unwrap_or_else(|| i64::from(current.quantity));
    let variations = match values.variations {
        Some(v) => v.0,
        None => stored_variations(&current),
    };
    let metadata = match values.metadata {
        Some(m) => m.0,
        None => stored_metadata(&current),
    };
    if quantity > 0 {
        let line = MenuLines(vec![MenuLineIn {
            id: current.shop_menu_id,
            quantity: Some(quantity),
            metadata: None,
            variations: Some(variations.clone()),
        }]);
        if let Err(errors) = price_lines(&catalog, lang, "item", &line, None, false) {
            return Err(ApiError::invalid(
                errors
                    .into_iter()
                    .map(|e| FieldError::new(item_field(&e.field), e.message))
                    .collect(),
            ));
        }
    }
    let change = ItemChange {
        quantity,
        variations: variations_text(&variations),
        metadata: metadata_text(&metadata),
    };
    let items = service::change(&state, &id, values.token.as_str(), item_id, change)
        .await
        .map_err(|e| cart_error(&id, e))?;
    Ok(Json(cart_answer(&catalog, lang, &id, &items)))
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
    let found = order_for(&state, &id, values.token.as_str()).await?;
    let _ = values.device_tag;
    let lang = values.lang.unwrap_or_default();
    let catalog = catalog_of(&state, &id, found.order.shop_id, lang).await?;
    let price = |items: &[item::Model]| {
        let given = MenuLines(items.iter().map(as_line).collect());
        debug_assert!(given.0.len() <= LINES_MAX);
        let mut priced = price_lines(&catalog, lang, "cart", &given, None, false)?;
        for (line, i) in priced.lines.iter_mut().zip(items) {
            line.device_tag = Some(i.device_tag.clone());
        }
        Ok::<_, Vec<FieldError>>((priced.lines, merge_takes(priced.takes)))
    };
    let record = service::submit(&state, &id, values.token.as_str(), price)
        .await
        .map_err(|e| match e {
            CartError::Rejected(errors) => ApiError::Conflict(rejected_message(&errors)),
            CartError::Order(e) => order_error(&id, e),
            CartError::NoItem(n) => no_item(n),
            CartError::Empty => ApiError::Conflict("the cart is empty".into()),
            CartError::Full => {
                ApiError::Conflict(format!("a cart holds at most {CART_ITEMS_MAX} items"))
            }
        })?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_items_problems_are_named_by_the_patch_fields() {
        assert_eq!(item_field("item[0].quantity"), "quantity");
        assert_eq!(item_field("item[0].variations[1].id"), "variations[1].id");
        assert_eq!(item_field("item[0].id"), "itemId");
        assert_eq!(item_field("item[0]"), "itemId");
    }

    #[test]
    fn metadata_is_bounded() {
        let mut m = BTreeMap::new();
        assert_eq!(metadata_problem(&m), None);
        m.insert(String::new(), "x".into());
        assert!(metadata_problem(&m).is_some());
        let m: BTreeMap<String, String> = (0..=METADATA_ENTRIES_MAX)
            .map(|i| (i.to_string(), String::new()))
            .collect();
        assert!(metadata_problem(&m).is_some());
    }

    #[test]
    fn stored_variations_read_back() {
        let given = vec![VariationIn {
            id: 3,
            quantity: Some(2),
            metadata: None,
            category: Some(1),
        }];
        let text = variations_text(&given);
        let back: Vec<VariationIn> = serde_json::from_str(&text).expect("reads back");
        assert_eq!(back[0].id, 3);
        assert_eq!(back[0].quantity, Some(2));
        assert_eq!(back[0].category, Some(1));
    }
}
