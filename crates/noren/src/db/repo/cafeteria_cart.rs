//! A cafeteria order's shared cart (seed 001 §3 "Cart", §4 "Submitting the cart appends its
//! items to the order and clears the cart"; migrations 000006 and 000007): one cart per order,
//! each item remembering the `deviceTag` that added it. Every change locks the order's row
//! through `cafeteria::lock_for` (token in constant time, then `domain::order::next` with
//! `EditCart` or `SubmitCart`), so a cart only changes while the order is mutable. Submitting
//! reads the items under that lock, has the caller price them, takes the stock, writes the
//! lines, adds them to the amount and empties the cart in one transaction: if anything fails
//! (a menu ran out), nothing changes and the cart stays.

use super::cafeteria::{
    NewLine, OrderError, OrderRecord, Take, insert_lines, lock_for, record, take_stock,
};
use crate::db::entities::{cafeteria_cart_item as item, cafeteria_order};
use crate::db::{Db, begin_write};
use crate::domain::order::OrderEvent;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set,
};

/// The most items one cart holds (what one submit appends at most, like one `append`).
pub const CART_ITEMS_MAX: u64 = 100;

/// Why a cart call failed; `E` is what the caller's pricing of a submitted cart refuses with.
#[derive(Debug)]
pub enum CartError<E = std::convert::Infallible> {
    /// Unknown order, wrong token, refused status, stock, database.
    Order(OrderError),
    /// The cart has no item with this id (or the item is another order's).
    NoItem(i64),
    /// Submitting an empty cart.
    Empty,
    /// Adding would make the cart hold more than [`CART_ITEMS_MAX`] items.
    Full,
    /// The caller's pricing refused the items (a menu hidden since it was added, …).
    Rejected(E),
}

impl<E> From<OrderError> for CartError<E> {
    fn from(e: OrderError) -> Self {
        CartError::Order(e)
    }
}

impl<E> From<DbErr> for CartError<E> {
    fn from(e: DbErr) -> Self {
        CartError::Order(OrderError::Db(e))
    }
}

/// An item to put in the cart.
#[derive(Clone, Debug)]
pub struct NewItem {
    pub device_tag: String,
    pub shop_menu_id: i64,
    pub quantity: i64,
    /// JSON array of the chosen variations as the client gave them.
    pub variations: String,
    /// JSON object of the client's metadata.
    pub metadata: String,
}

/// A change of one item: `quantity` 0 removes it; the other values replace the stored ones.
#[derive(Clone, Debug)]
pub struct ItemChange {
    pub quantity: i64,
    pub variations: String,
    pub metadata: String,
}

/// The order's cart items, oldest first.
pub async fn items(db: &impl ConnectionTrait, order_id: &str) -> Result<Vec<item::Model>, DbErr> {
    item::Entity::find()
        .filter(item::Column::OrderId.eq(order_id))
        .order_by_asc(item::Column::Id)
        .all(db)
        .await
}

/// The item `item_id` of the order `order_id`, or `None` (another order's item is `None` too).
pub async fn find_item(
    db: &impl ConnectionTrait,
    order_id: &str,
    item_id: i64,
) -> Result<Option<item::Model>, DbErr> {
    item::Entity::find_by_id(item_id)
        .filter(item::Column::OrderId.eq(order_id))
        .one(db)
        .await
}

fn quantity(q: i64) -> i32 {
    i32::try_from(q).unwrap_or(i32::MAX)
}

/// Adds `new` to the cart of the order `id` (status 1 only); answers the whole cart.
pub async fn add(
    db: &Db,
    id: &str,
    token: &str,
    new: &[NewItem],
    now: DateTime<Utc>,
) -> Result<Vec<item::Model>, CartError> {
    let tx = begin_write(db).await?;
    let (order, _) = lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    let held = item::Entity::find()
        .filter(item::Column::OrderId.eq(order.id.as_str()))
        .count(&tx)
        .await?;
    if held + new.len() as u64 > CART_ITEMS_MAX {
        return Err(CartError::Full);
    }
    for n in new {
        item::ActiveModel {
            order_id: Set(order.id.clone()),
            device_tag: Set(n.device_tag.clone()),
            shop_menu_id: Set(n.shop_menu_id),
            quantity: Set(quantity(n.quantity)),
            variations: Set(n.variations.clone()),
            metadata: Set(n.metadata.clone()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&tx)
        .await?;
    }
    let all = items(&tx, &order.id).await?;
    tx.commit().await?;
    Ok(all)
}

/// Changes (or, with quantity 0, removes) the item `item_id` of the order `id`'s cart.
pub async fn change(
    db: &Db,
    id: &str,
    token: &str,
    item_id: i64,
    change: ItemChange,
    now: DateTime<Utc>,
) -> Result<Vec<item::Model>, CartError> {
    let tx = begin_write(db).await?;
    let (order, _) = lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    let found = find_item(&tx, &order.id, item_id)
        .await?
        .ok_or(CartError::NoItem(item_id))?;
    if change.quantity == 0 {
        item::Entity::delete_by_id(found.id).exec(&tx).await?;
    } else {
        let mut row: item::ActiveModel = found.into();
        row.quantity = Set(quantity(change.quantity));
        row.variations = Set(change.variations);
        row.metadata = Set(change.metadata);
        row.updated_at = Set(now);
        row.update(&tx).await?;
    }
    let all = items(&tx, &order.id).await?;
    tx.commit().await?;
    Ok(all)
}

/// Empties the cart of the order `id` (status 1 only).
pub async fn clear(db: &Db, id: &str, token: &str) -> Result<(), CartError> {
    let tx = begin_write(db).await?;
    let (order, _) = lock_for(&tx, id, token, OrderEvent::EditCart).await?;
    item::Entity::delete_many()
        .filter(item::Column::OrderId.eq(order.id.as_str()))
        .exec(&tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// `append/from-cart`: under the order's lock, prices the cart's items with `price` (the same
/// checks and prices as `append`), takes their stock, stores the lines, adds them to the
/// amount and empties the cart, in one transaction.
pub async fn submit<E>(
    db: &Db,
    id: &str,
    token: &str,
    now: DateTime<Utc>,
    price: impl FnOnce(&[item::Model]) -> Result<(Vec<NewLine>, Vec<Take>), E>,
) -> Result<OrderRecord, CartError<E>> {
    let tx = begin_write(db).await?;
    let (order, _) = lock_for(&tx, id, token, OrderEvent::SubmitCart).await?;
    let held = items(&tx, &order.id).await?;
    if held.is_empty() {
        return Err(CartError::Empty);
    }
    let (lines, takes) = price(&held).map_err(CartError::Rejected)?;
    take_stock(&tx, &takes).await?;
    insert_lines(&tx, &order.id, &lines, now).await?;
    item::Entity::delete_many()
        .filter(item::Column::OrderId.eq(order.id.as_str()))
        .exec(&tx)
        .await?;
    let added: i64 = lines.iter().map(|l| l.total_amount).sum();
    let mut row: cafeteria_order::ActiveModel = order.clone().into();
    row.amount = Set(order.amount + added);
    row.updated_at = Set(now);
    let order = row.update(&tx).await?;
    let record = record(&tx, order).await?;
    tx.commit().await?;
    Ok(record)
}
