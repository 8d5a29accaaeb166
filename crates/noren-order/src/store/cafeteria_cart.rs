//! The queries of a cafeteria order's shared cart (migrations 000006 and 000007): one cart per
//! order, each item remembering the `deviceTag` that added it. The changes run in the
//! transaction of `order::service::cart`, which locks the order's row first.

use chrono::{DateTime, Utc};
use noren_core::db::entities::cafeteria_cart_item as item;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};

/// The most items one cart holds (what one submit appends at most, like one `append`).
pub const CART_ITEMS_MAX: u64 = 100;

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

/// How many items the cart of `order_id` holds.
pub async fn count(tx: &DatabaseTransaction, order_id: &str) -> Result<u64, DbErr> {
    item::Entity::find()
        .filter(item::Column::OrderId.eq(order_id))
        .count(tx)
        .await
}

/// Puts `new` in the cart of `order_id`.
pub async fn insert(
    tx: &DatabaseTransaction,
    order_id: &str,
    new: &[NewItem],
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    for n in new {
        item::ActiveModel {
            order_id: Set(order_id.to_string()),
            device_tag: Set(n.device_tag.clone()),
            shop_menu_id: Set(n.shop_menu_id),
            quantity: Set(quantity(n.quantity)),
            variations: Set(n.variations.clone()),
            metadata: Set(n.metadata.clone()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(tx)
        .await?;
    }
    Ok(())
}

/// Writes `change` on the item `found` (quantity 0 removes it).
pub async fn change(
    tx: &DatabaseTransaction,
    found: item::Model,
    change: ItemChange,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    if change.quantity == 0 {
        item::Entity::delete_by_id(found.id).exec(tx).await?;
    } else {
        let mut row: item::ActiveModel = found.into();
        row.quantity = Set(quantity(change.quantity));
        row.variations = Set(change.variations);
        row.metadata = Set(change.metadata);
        row.updated_at = Set(now);
        row.update(tx).await?;
    }
    Ok(())
}

/// Empties the cart of `order_id`.
pub async fn empty(tx: &DatabaseTransaction, order_id: &str) -> Result<(), DbErr> {
    item::Entity::delete_many()
        .filter(item::Column::OrderId.eq(order_id))
        .exec(tx)
        .await?;
    Ok(())
}
