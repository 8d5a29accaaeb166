//! The catalogue as it was before an import (migration 000017; issue 20, item 9): [`take`]
//! keeps it in the import's transaction, [`restore`] puts it back exactly (the same rows with
//! the same ids) in the revert's. The catalogue is every menu item, category, variation
//! category, their links and their texts (`order_texts` of those kinds; the shop's own texts
//! and its order settings are not the import's and stay).

use super::menus::{KIND_CATEGORY, KIND_MENU, KIND_VARIATION_CATEGORY};
use chrono::{DateTime, Utc};
use noren_core::db::entities::{
    menu_category, menu_category_item, menu_import_snapshot, menu_item, menu_variation_category,
    order_text, variation_category, variation_category_item,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel,
    QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};

/// Rows per batched insert of a restore.
const BATCH: usize = 400;

/// A shop's whole catalogue.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Catalog {
    pub items: Vec<menu_item::Model>,
    pub categories: Vec<menu_category::Model>,
    pub variation_categories: Vec<variation_category::Model>,
    pub category_items: Vec<menu_category_item::Model>,
    pub variation_category_items: Vec<variation_category_item::Model>,
    pub menu_variation_categories: Vec<menu_variation_category::Model>,
    pub texts: Vec<order_text::Model>,
}

const KINDS: [&str; 3] = [KIND_MENU, KIND_CATEGORY, KIND_VARIATION_CATEGORY];

/// Reads the shop's catalogue, each table in id order.
pub async fn read(db: &impl ConnectionTrait, shop_id: i64) -> Result<Catalog, DbErr> {
    Ok(Catalog {
        items: menu_item::Entity::find()
            .filter(menu_item::Column::ShopId.eq(shop_id))
            .order_by_asc(menu_item::Column::Id)
            .all(db)
            .await?,
        categories: menu_category::Entity::find()
            .filter(menu_category::Column::ShopId.eq(shop_id))
            .order_by_asc(menu_category::Column::Id)
            .all(db)
            .await?,
        variation_categories: variation_category::Entity::find()
            .filter(variation_category::Column::ShopId.eq(shop_id))
            .order_by_asc(variation_category::Column::Id)
            .all(db)
            .await?,
        category_items: menu_category_item::Entity::find()
            .filter(menu_category_item::Column::ShopId.eq(shop_id))
            .order_by_asc(menu_category_item::Column::Id)
            .all(db)
            .await?,
        variation_category_items: variation_category_item::Entity::find()
            .filter(variation_category_item::Column::ShopId.eq(shop_id))
            .order_by_asc(variation_category_item::Column::Id)
            .all(db)
            .await?,
        menu_variation_categories: menu_variation_category::Entity::find()
            .filter(menu_variation_category::Column::ShopId.eq(shop_id))
            .order_by_asc(menu_variation_category::Column::Id)
            .all(db)
            .await?,
        texts: order_text::Entity::find()
            .filter(order_text::Column::ShopId.eq(shop_id))
            .filter(order_text::Column::EntityKind.is_in(KINDS))
            .order_by_asc(order_text::Column::Id)
            .all(db)
            .await?,
    })
}

/// Keeps the shop's catalogue as it is now for import `import_id` (call it in the import's
/// transaction, before the import writes).
pub async fn take(
    db: &impl ConnectionTrait,
    import_id: i64,
    shop_id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let catalog = read(db, shop_id).await?;
    let json = serde_json::to_string(&catalog).map_err(|e| DbErr::Custom(e.to_string()))?;
    menu_import_snapshot::ActiveModel {
        import_id: Set(import_id),
        shop_id: Set(shop_id),
        catalog: Set(json),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The catalogue kept for import `import_id`, if any.
pub async fn find(
    db: &impl ConnectionTrait,
    import_id: i64,
) -> Result<Option<menu_import_snapshot::Model>, DbErr> {
    menu_import_snapshot::Entity::find()
        .filter(menu_import_snapshot::Column::ImportId.eq(import_id))
        .one(db)
        .await
}

/// The import of the shop that changed its catalogue after `snapshot`'s, if one did.
pub async fn later(
    db: &impl ConnectionTrait,
    snapshot: &menu_import_snapshot::Model,
) -> Result<Option<i64>, DbErr> {
    Ok(menu_import_snapshot::Entity::find()
        .filter(menu_import_snapshot::Column::ShopId.eq(snapshot.shop_id))
        .filter(menu_import_snapshot::Column::Id.gt(snapshot.id))
        .order_by_desc(menu_import_snapshot::Column::Id)
        .one(db)
        .await?
        .map(|s| s.import_id))
}

/// Replaces the shop's catalogue with `snapshot`'s (the same rows, ids included) and drops the
/// snapshot. Call it in one transaction.
pub async fn restore(
    db: &impl ConnectionTrait,
    snapshot: menu_import_snapshot::Model,
) -> Result<(), DbErr> {
    let shop_id = snapshot.shop_id;
    let catalog: Catalog =
        serde_json::from_str(&snapshot.catalog).map_err(|e| DbErr::Custom(e.to_string()))?;
    // What is there now goes: links first, then the rows they point at, then the texts.
    menu_category_item::Entity::delete_many()
        .filter(menu_category_item::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    variation_category_item::Entity::delete_many()
        .filter(variation_category_item::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    menu_variation_category::Entity::delete_many()
        .filter(menu_variation_category::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    variation_category::Entity::delete_many()
        .filter(variation_category::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    menu_category::Entity::delete_many()
        .filter(menu_category::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    menu_item::Entity::delete_many()
        .filter(menu_item::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    order_text::Entity::delete_many()
        .filter(order_text::Column::ShopId.eq(shop_id))
        .filter(order_text::Column::EntityKind.is_in(KINDS))
        .exec(db)
        .await?;
    // The kept rows, in the order their references need: items before the variation
    // categories that name a default choice, rows before their links.
    insert_all::<menu_item::Entity, _>(db, catalog.items).await?;
    insert_all::<menu_category::Entity, _>(db, catalog.categories).await?;
    insert_all::<variation_category::Entity, _>(db, catalog.variation_categories).await?;
    insert_all::<menu_category_item::Entity, _>(db, catalog.category_items).await?;
    insert_all::<variation_category_item::Entity, _>(db, catalog.variation_category_items).await?;
    insert_all::<menu_variation_category::Entity, _>(db, catalog.menu_variation_categories).await?;
    insert_all::<order_text::Entity, _>(db, catalog.texts).await?;
    menu_import_snapshot::Entity::delete_by_id(snapshot.id)
        .exec(db)
        .await?;
    Ok(())
}

/// Inserts `rows` with every column set (their ids too), a batch per statement.
async fn insert_all<E, M>(db: &impl ConnectionTrait, rows: Vec<M>) -> Result<(), DbErr>
where
    E: EntityTrait<Model = M>,
    M: IntoActiveModel<E::ActiveModel> + sea_orm::ModelTrait<Entity = E>,
    E::ActiveModel: ActiveModelTrait<Entity = E> + Send,
{
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let batch: Vec<E::ActiveModel> = rows
            .by_ref()
            .take(BATCH)
            .map(|m| m.into_active_model().reset_all())
            .collect();
        E::insert_many(batch).exec_without_returning(db).await?;
    }
    Ok(())
}
