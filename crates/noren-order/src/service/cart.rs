//! A cafeteria order's shared cart (seed 001 §3 "Cart", §4 "Submitting the cart appends its
//! items to the order and clears the cart"). The token is checked first (in constant time,
//! `super::cafeteria::order_for`), so that a wrong one learns nothing about menus, and the
//! shop's catalogue is read (`super::lines::catalog`, kept for a second). Every change then
//! begins the write and locks the order's row through `store::cafeteria::lock_for` (token
//! again, then `order::domain::order::next` with `EditCart` or `SubmitCart`), so a cart only
//! changes while the order is mutable, and checks the items it writes against the catalogue
//! under that lock, like an append: what is added or changed is what was checked. Submitting
//! reads the items under the lock, prices them together, takes the stock, writes the lines,
//! adds them to the amount and empties the cart in one transaction: if anything fails (a menu
//! ran out), nothing changes and the cart stays.
//!
//! Every answer but submit's is the whole cart, each item priced alone with the menu's current
//! price ([`PricedCart`]): an item that can no longer be ordered keeps its place with the
//! reason and no amounts, and the sums leave it out.

use super::cafeteria::order_for;
use super::lines::{
    self, Asked, LINES_MAX, MenuLines, Metadata, listed_name, merge_takes, price_lines,
    stored_variations,
};
use crate::domain::cart::{
    StoredVariation, item_price, metadata_text, read_metadata, read_variations, variations_text,
    with_metadata,
};
use crate::domain::order::OrderEvent;
use crate::domain::tax::{LinePrice, TaxRate, cart_totals};
use crate::store::cafeteria::{self as orders, OrderChange, OrderError, OrderRecord};
use crate::store::cafeteria_cart::{self as store, CART_ITEMS_MAX, ItemChange, NewItem};
use crate::store::menus::{Catalog, Localized};
use crate::store::shop_pages::ShopPages;
use noren_core::db::begin_write;
use noren_core::db::entities::cafeteria_cart_item as item;
use noren_core::domain::lang::Lang;
use noren_core::http::error::FieldError;
use noren_core::http::state::{AppState, Effects};
use sea_orm::DbErr;
use serde_json::{Value as JsonValue, json};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Why a cart call failed.
#[derive(Debug)]
pub enum CartError {
    /// Unknown order, wrong token, refused status, stock, database.
    Order(OrderError),
    /// The cart has no such item (another order's item, or an `itemId` that is no id).
    NoItem,
    /// Submitting an empty cart.
    Empty,
    /// Adding would make the cart hold more than [`CART_ITEMS_MAX`] items.
    Full,
    /// What is added or changed cannot be ordered (a 400): every problem, named by its path
    /// (`menus[0].id`; a changed item's as its call's values: `quantity`, `variations[1].id`).
    Invalid(Vec<FieldError>),
    /// A submitted item can no longer be ordered (its menu was hidden or sold out since it was
    /// added: a 409), named `cart[i]…`.
    Rejected(Vec<FieldError>),
}

impl From<OrderError> for CartError {
    fn from(e: OrderError) -> Self {
        CartError::Order(e)
    }
}

impl From<DbErr> for CartError {
    fn from(e: DbErr) -> Self {
        CartError::Order(OrderError::Db(e))
    }
}

/// How a cart item is priced now.
#[derive(Clone, Debug, PartialEq)]
pub enum ItemPrice {
    /// Like an order line, with the menu's current price.
    Priced(LinePrice),
    /// It cannot be ordered now: why, and the menu's tax rate (standard if unknown).
    Unorderable { tax_rate: TaxRate, problem: String },
}

/// A cart item as the cart answers it.
#[derive(Clone, Debug)]
pub struct PricedItem {
    /// The item's id.
    pub id: i64,
    /// Its menu item's id.
    pub menu_id: i64,
    /// The menu's name in the asked language; `None` when the menu is no longer listed.
    pub name: Option<String>,
    pub quantity: i64,
    /// Priced: the line's variations (`id`, `categoryId`, `name`, `quantity`, `price`) with
    /// each one's `metadata`; unorderable: the chosen ones with their current names and prices.
    pub variations: Vec<JsonValue>,
    /// The client's values, as given.
    pub metadata: BTreeMap<String, String>,
    /// The device that added the item.
    pub device_tag: String,
    pub price: ItemPrice,
}

/// The order's cart priced: its items, oldest first, and the sums of those that can be
/// ordered.
#[derive(Clone, Debug)]
pub struct PricedCart {
    pub order_id: String,
    pub items: Vec<PricedItem>,
    /// The orderable items' `totalAmount` summed (yen, tax included).
    pub subtotal: i64,
    /// The orderable items' quantities summed.
    pub items_count: i64,
}

impl PricedCart {
    /// The cart of `order_id` with nothing in it.
    pub fn empty(order_id: &str) -> Self {
        PricedCart {
            order_id: order_id.to_string(),
            items: Vec::new(),
            subtotal: 0,
            items_count: 0,
        }
    }
}

/// What a change of one item gives; what is left out stays as it is.
#[derive(Clone, Debug, Default)]
pub struct ItemGiven {
    /// 0 to 999; 0 removes the item.
    pub quantity: Option<i64>,
    /// Replaces the chosen variations.
    pub variations: Option<Vec<StoredVariation>>,
    /// Replaces the client's values.
    pub metadata: Option<BTreeMap<String, String>>,
}

/// The catalogue of the order `id`'s shop in `lang`, once `token` is checked (the unknown
/// order's refusal otherwise).
async fn checked(
    state: &AppState,
    id: &str,
    token: &str,
    lang: Lang,
) -> Result<Arc<Catalog>, CartError> {
    let order = order_for(state, id, token).await?;
    Ok(lines::catalog(state, order.shop_id, lang)
        .await?
        .ok_or(OrderError::NotFound)?)
}

/// The cart of the order `id` (every status may read it), priced in `lang`.
pub async fn read(
    state: &AppState,
    id: &str,
    token: &str,
    lang: Lang,
) -> Result<PricedCart, CartError> {
    let catalog = checked(state, id, token, lang).await?;
    let items = store::items(&state.db, id).await?;
    Ok(priced_cart(&catalog, lang, id, &items))
}

/// Adds `menus` to the cart of the order `id` (status 1 only), each as an item kept with
/// `device_tag`, after checking them like an append under the order's lock; answers the whole
/// cart.
pub async fn add(
    state: &AppState,
    id: &str,
    token: &str,
    lang: Lang,
    device_tag: &str,
    menus: &MenuLines,
) -> Result<PricedCart, CartError> {
    let catalog = checked(state, id, token, lang).await?;
    let tx = begin_write(&state.db).await?;
    let (order, _) = orders::lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    price_lines(&catalog, lang, "menus", &menus.asked(), None, false)
        .map_err(CartError::Invalid)?;
    if store::count(&tx, &order.id).await? + menus.len() as u64 > CART_ITEMS_MAX {
        return Err(CartError::Full);
    }
    let new: Vec<NewItem> = menus
        .iter()
        .map(|m| {
            let m = &m.0;
            NewItem {
                device_tag: device_tag.to_string(),
                shop_menu_id: m.id.get(),
                quantity: m.quantity.map_or(1, |q| q.get()),
                variations: variations_text(
                    &m.variations
                        .as_ref()
                        .map(stored_variations)
                        .unwrap_or_default(),
                ),
                metadata: metadata_text(
                    &m.metadata
                        .clone()
                        .map(Metadata::into_map)
                        .unwrap_or_default(),
                ),
            }
        })
        .collect();
    store::insert(&tx, &order.id, &new, state.clock.now()).await?;
    let all = store::items(&tx, &order.id).await?;
    tx.commit().await?;
    Ok(priced_cart(&catalog, lang, id, &all))
}

/// Changes (or, with quantity 0, removes) the item `item_id` of the order `id`'s cart: under
/// the order's lock, the values `given` replace the item's, and the item they make is checked
/// like an append's line (unless it is removed). `None` is an `itemId` that is no id: the cart
/// has no such item.
pub async fn change(
    state: &AppState,
    id: &str,
    token: &str,
    lang: Lang,
    item_id: Option<i64>,
    given: ItemGiven,
) -> Result<PricedCart, CartError> {
    let catalog = checked(state, id, token, lang).await?;
    let item_id = item_id.ok_or(CartError::NoItem)?;
    let tx = begin_write(&state.db).await?;
    let (order, _) = orders::lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    let found = store::find_item(&tx, &order.id, item_id)
        .await?
        .ok_or(CartError::NoItem)?;
    let quantity = given.quantity.unwrap_or_else(|| i64::from(found.quantity));
    let variations = given
        .variations
        .unwrap_or_else(|| read_variations(&found.variations));
    if quantity > 0 {
        let line = Asked {
            id: found.shop_menu_id,
            quantity: Some(quantity),
            variations: variations.iter().map(StoredVariation::chosen).collect(),
        };
        price_lines(&catalog, lang, "item", &[line], None, false).map_err(|errors| {
            CartError::Invalid(
                errors
                    .into_iter()
                    .map(|e| FieldError::new(item_field(&e.field), e.message))
                    .collect(),
            )
        })?;
    }
    let change = ItemChange {
        quantity,
        variations: variations_text(&variations),
        metadata: match &given.metadata {
            Some(m) => metadata_text(m),
            None => found.metadata.clone(),
        },
    };
    store::change(&tx, found, change, state.clock.now()).await?;
    let all = store::items(&tx, &order.id).await?;
    tx.commit().await?;
    Ok(priced_cart(&catalog, lang, id, &all))
}

/// `item[0].quantity` (a problem of the changed item priced alone) → `quantity`, the change's
/// own value; the item's menu is `itemId`.
fn item_field(field: &str) -> String {
    match field.strip_prefix("item[0]") {
        Some("") | Some(".id") => "itemId".to_string(),
        Some(rest) => rest.trim_start_matches('.').to_string(),
        None => field.to_string(),
    }
}

/// Empties the cart of the order `id` (status 1 only).
pub async fn clear(state: &AppState, id: &str, token: &str) -> Result<PricedCart, CartError> {
    let tx = begin_write(&state.db).await?;
    let (order, _) = orders::lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    store::empty(&tx, &order.id).await?;
    tx.commit().await?;
    Ok(PricedCart::empty(id))
}

/// `append/from-cart`: under the order's lock, prices the cart's items together in `lang` (the
/// same checks and prices as `append`; each line keeps its item's `deviceTag`), takes their
/// stock, stores the lines, adds them to the amount and empties the cart, in one transaction;
/// the shop's rendered pages then show the stock taken (of items with a stock).
pub async fn submit(
    state: &AppState,
    id: &str,
    token: &str,
    lang: Lang,
) -> Result<OrderRecord, CartError> {
    let catalog = checked(state, id, token, lang).await?;
    let now = state.clock.now();
    let tx = begin_write(&state.db).await?;
    let (order, _) = orders::lock_for(&tx, id, token, OrderEvent::SubmitCart).await?;
    let held = store::items(&tx, &order.id).await?;
    if held.is_empty() {
        return Err(CartError::Empty);
    }
    debug_assert!(held.len() <= LINES_MAX);
    let given: Vec<Asked> = held.iter().map(asked).collect();
    let mut priced =
        price_lines(&catalog, lang, "cart", &given, None, false).map_err(CartError::Rejected)?;
    for (line, i) in priced.lines.iter_mut().zip(&held) {
        line.device_tag = Some(i.device_tag.clone());
    }
    let (lines, takes) = (priced.lines, merge_takes(priced.takes));
    let stocked = orders::take_stock(&tx, &takes).await?;
    orders::insert_lines(&tx, &order.id, &lines, now).await?;
    store::empty(&tx, &order.id).await?;
    let change = OrderChange {
        add_amount: lines.iter().map(|l| l.total_amount).sum(),
        ..OrderChange::default()
    };
    let order = orders::change(&tx, order, change, now).await?;
    let record = orders::record(&tx, order).await?;
    tx.commit().await?;
    if stocked {
        Effects::none()
            .forget::<ShopPages>(record.order.shop_id)
            .apply(state);
    }
    Ok(record)
}

/// The item as a line to price.
fn asked(i: &item::Model) -> Asked {
    Asked {
        id: i.shop_menu_id,
        quantity: Some(i64::from(i.quantity)),
        variations: read_variations(&i.variations)
            .iter()
            .map(StoredVariation::chosen)
            .collect(),
    }
}

/// The cart of `order_id` holding `items`, each priced alone against `catalog` in `lang`.
fn priced_cart(catalog: &Catalog, lang: Lang, order_id: &str, items: &[item::Model]) -> PricedCart {
    let texts = Localized::new(catalog, lang);
    let items: Vec<PricedItem> = items
        .iter()
        .map(|i| priced_item(catalog, &texts, lang, i))
        .collect();
    let prices: Vec<LinePrice> = items
        .iter()
        .filter_map(|i| match &i.price {
            ItemPrice::Priced(p) => Some(*p),
            ItemPrice::Unorderable { .. } => None,
        })
        .collect();
    let totals = cart_totals(&prices).unwrap_or_default();
    PricedCart {
        order_id: order_id.to_string(),
        items,
        subtotal: totals.subtotal,
        items_count: totals.items_count,
    }
}

/// One item priced like a line with the menu's current price, or why it cannot be ordered now.
fn priced_item(
    catalog: &Catalog,
    texts: &Localized<'_>,
    lang: Lang,
    i: &item::Model,
) -> PricedItem {
    let quantity = i64::from(i.quantity);
    let given = read_variations(&i.variations);
    let priced = price_lines(catalog, lang, "menu", &[asked(i)], None, false);
    let line = match &priced {
        Ok(p) => p.lines.first().and_then(|l| {
            let rate = TaxRate::try_from(l.tax_rate).ok()?;
            item_price(l.unit_price, rate, quantity).map(|p| (l, p))
        }),
        Err(_) => None,
    };
    let (variations, price) = match line {
        Some((l, p)) => (with_metadata(&l.variations, &given), ItemPrice::Priced(p)),
        None => {
            let problem = match priced {
                Err(errors) => errors
                    .iter()
                    .map(|e| e.message.clone())
                    .collect::<Vec<_>>()
                    .join("; "),
                Ok(_) => "cannot be priced".to_string(),
            };
            let tax_rate = catalog
                .items
                .get(&i.shop_menu_id)
                .and_then(|m| TaxRate::try_from(m.tax_rate).ok())
                .unwrap_or(TaxRate::Standard);
            let variations = given
                .iter()
                .map(|v| {
                    json!({
                        "id": v.id,
                        "categoryId": v.category,
                        "name": listed_name(catalog, texts, v.id),
                        "quantity": v.quantity.unwrap_or(1),
                        "price": catalog.items.get(&v.id).map(|m| m.price),
                    })
                })
                .collect();
            (variations, ItemPrice::Unorderable { tax_rate, problem })
        }
    };
    PricedItem {
        id: i.id,
        menu_id: i.shop_menu_id,
        name: listed_name(catalog, texts, i.shop_menu_id),
        quantity,
        variations,
        metadata: read_metadata(&i.metadata),
        device_tag: i.device_tag.clone(),
        price,
    }
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
}
