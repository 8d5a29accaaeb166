//! A cafeteria order's shared cart (seed 001 §3 "Cart", §4 "Submitting the cart appends its
//! items to the order and clears the cart"): every change begins the write and locks the
//! order's row through `store::cafeteria::lock_for` (token in constant time, then
//! `order::domain::order::next` with `EditCart` or `SubmitCart`), so a cart only changes while
//! the order is mutable. Submitting reads the items under that lock, has the caller price them,
//! takes the stock, writes the lines, adds them to the amount and empties the cart in one
//! transaction: if anything fails (a menu ran out), nothing changes and the cart stays.

use crate::db::begin_write;
use crate::db::entities::cafeteria_cart_item as item;
use crate::http::state::{AppState, Effects};
use crate::order::domain::order::OrderEvent;
use crate::order::store::cafeteria::{self as orders, NewLine, OrderChange, OrderRecord, Take};
use crate::order::store::cafeteria_cart::{
    self as store, CART_ITEMS_MAX, CartError, ItemChange, NewItem,
};
use crate::order::store::shop_pages::ShopPages;

/// Adds `new` to the cart of the order `id` (status 1 only); answers the whole cart.
pub async fn add(
    state: &AppState,
    id: &str,
    token: &str,
    new: &[NewItem],
) -> Result<Vec<item::Model>, CartError> {
    let tx = begin_write(&state.db).await?;
    let (order, _) = orders::lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    if store::count(&tx, &order.id).await? + new.len() as u64 > CART_ITEMS_MAX {
        return Err(CartError::Full);
    }
    store::insert(&tx, &order.id, new, state.clock.now()).await?;
    let all = store::items(&tx, &order.id).await?;
    tx.commit().await?;
    Ok(all)
}

/// Changes (or, with quantity 0, removes) the item `item_id` of the order `id`'s cart.
pub async fn change(
    state: &AppState,
    id: &str,
    token: &str,
    item_id: i64,
    change: ItemChange,
) -> Result<Vec<item::Model>, CartError> {
    let tx = begin_write(&state.db).await?;
    let (order, _) = orders::lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    let found = store::find_item(&tx, &order.id, item_id)
        .await?
        .ok_or(CartError::NoItem(item_id))?;
    store::change(&tx, found, change, state.clock.now()).await?;
    let all = store::items(&tx, &order.id).await?;
    tx.commit().await?;
    Ok(all)
}

/// Empties the cart of the order `id` (status 1 only).
pub async fn clear(state: &AppState, id: &str, token: &str) -> Result<(), CartError> {
    let tx = begin_write(&state.db).await?;
    let (order, _) = orders::lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    store::empty(&tx, &order.id).await?;
    tx.commit().await?;
    Ok(())
}

/// `append/from-cart`: under the order's lock, prices the cart's items with `price` (the same
/// checks and prices as `append`), takes their stock, stores the lines, adds them to the
/// amount and empties the cart, in one transaction; the shop's rendered pages then show the
/// stock taken (of items with a stock).
pub async fn submit<E>(
    state: &AppState,
    id: &str,
    token: &str,
    price: impl FnOnce(&[item::Model]) -> Result<(Vec<NewLine>, Vec<Take>), E>,
) -> Result<OrderRecord, CartError<E>> {
    let now = state.clock.now();
    let tx = begin_write(&state.db).await?;
    let (order, _) = orders::lock_for(&tx, id, token, OrderEvent::SubmitCart).await?;
    let held = store::items(&tx, &order.id).await?;
    if held.is_empty() {
        return Err(CartError::Empty);
    }
    let (lines, takes) = price(&held).map_err(CartError::Rejected)?;
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
