//! Menu imports: their rows (`menu_imports`) and [`apply`], which writes a checked workbook's
//! [`Plan`] into a shop's catalogue in the caller's transaction (batched inserts, one statement
//! per few hundred rows), so an import is applied whole or not at all.

use super::SelectFirst;
use super::menus::{KIND_CATEGORY, KIND_MENU, KIND_VARIATION_CATEGORY, TYPE_VARIATION};
use crate::db::entities::{
    menu_category, menu_category_item, menu_import, menu_item, menu_variation_category, order_text,
    variation_category, variation_category_item,
};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    QuerySelect, Set,
};
use std::collections::{HashMap, HashSet};

pub use crate::db::entities::menu_import::ImportStatus;

const CREATED: &str = ImportStatus::Created.as_str();
const SCHEDULED: &str = ImportStatus::Scheduled.as_str();
const RUNNING: &str = ImportStatus::Running.as_str();
const FINISHED: &str = ImportStatus::Finished.as_str();
const FAILED: &str = ImportStatus::Failed.as_str();
const CANCELLED: &str = ImportStatus::Cancelled.as_str();

/// Rows per batched statement.
const BATCH: usize = 400;

pub async fn create(
    db: &impl ConnectionTrait,
    shop_id: i64,
    livemode: bool,
    object_id: &str,
    upload_expires_at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<menu_import::Model, DbErr> {
    menu_import::ActiveModel {
        object_id: Set(object_id.to_string()),
        shop_id: Set(shop_id),
        livemode: Set(livemode),
        status: Set(ImportStatus::Created),
        progress: Set(0),
        upload_expires_at: Set(upload_expires_at),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// The import `object_id` of this shop and mode.
pub async fn find(
    db: &impl ConnectionTrait,
    shop_id: i64,
    livemode: bool,
    object_id: &str,
) -> Result<Option<menu_import::Model>, DbErr> {
    menu_import::Entity::find()
        .filter(menu_import::Column::ObjectId.eq(object_id))
        .filter(menu_import::Column::ShopId.eq(shop_id))
        .filter(menu_import::Column::Livemode.eq(livemode))
        .first(db)
        .await
}

/// The import `object_id`, whoever owns it (the upload call, authorised by its signature).
pub async fn find_by_object(
    db: &impl ConnectionTrait,
    object_id: &str,
) -> Result<Option<menu_import::Model>, DbErr> {
    menu_import::Entity::find()
        .filter(menu_import::Column::ObjectId.eq(object_id))
        .first(db)
        .await
}

pub async fn find_by_id(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<menu_import::Model>, DbErr> {
    menu_import::Entity::find_by_id(id).first(db).await
}

/// Moves a `created` import to `status` (`scheduled` or `running`) with its options and job;
/// false when it was started already.
pub async fn start(
    db: &impl ConnectionTrait,
    id: i64,
    status: ImportStatus,
    options: &str,
    perform_at: Option<DateTime<Utc>>,
    job_id: Option<i64>,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let r = menu_import::Entity::update_many()
        .col_expr(menu_import::Column::Status, Expr::value(status.as_str()))
        .col_expr(menu_import::Column::Options, Expr::value(options))
        .col_expr(menu_import::Column::PerformAt, Expr::value(perform_at))
        .col_expr(menu_import::Column::JobId, Expr::value(job_id))
        .col_expr(menu_import::Column::UpdatedAt, Expr::value(now))
        .filter(menu_import::Column::Id.eq(id))
        .filter(menu_import::Column::Status.eq(CREATED))
        .exec(db)
        .await?;
    Ok(r.rows_affected == 1)
}

/// Marks a run as started (again, after a restart: progress back to 0).
pub async fn running(db: &impl ConnectionTrait, id: i64, now: DateTime<Utc>) -> Result<(), DbErr> {
    menu_import::Entity::update_many()
        .col_expr(menu_import::Column::Status, Expr::value(RUNNING))
        .col_expr(menu_import::Column::Progress, Expr::value(0))
        .col_expr(menu_import::Column::UpdatedAt, Expr::value(now))
        .filter(menu_import::Column::Id.eq(id))
        .filter(menu_import::Column::Status.is_in([SCHEDULED, RUNNING]))
        .exec(db)
        .await
        .map(|_| ())
}

/// Records the progress of a running import.
pub async fn progress(
    db: &impl ConnectionTrait,
    id: i64,
    percent: i32,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    menu_import::Entity::update_many()
        .col_expr(menu_import::Column::Progress, Expr::value(percent))
        .col_expr(menu_import::Column::UpdatedAt, Expr::value(now))
        .filter(menu_import::Column::Id.eq(id))
        .filter(menu_import::Column::Status.eq(RUNNING))
        .exec(db)
        .await
        .map(|_| ())
}

/// Ends an import: `finished` with its report, or `failed` with its error.
pub async fn finish(
    db: &impl ConnectionTrait,
    id: i64,
    outcome: Result<&str, &str>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let (status, result, error) = match outcome {
        Ok(report) => (FINISHED, Some(report.to_string()), None),
        Err(e) => (FAILED, None, Some(e.to_string())),
    };
    menu_import::Entity::update_many()
        .col_expr(menu_import::Column::Status, Expr::value(status))
        .col_expr(menu_import::Column::Progress, Expr::value(100))
        .col_expr(menu_import::Column::Result, Expr::value(result))
        .col_expr(menu_import::Column::Error, Expr::value(error))
        .col_expr(menu_import::Column::FinishedAt, Expr::value(now))
        .col_expr(menu_import::Column::UpdatedAt, Expr::value(now))
        .filter(menu_import::Column::Id.eq(id))
        .exec(db)
        .await
        .map(|_| ())
}

/// Cancels a scheduled import (its job cancelled by the caller in the same transaction).
pub async fn cancel(db: &impl ConnectionTrait, id: i64, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let r = menu_import::Entity::update_many()
        .col_expr(menu_import::Column::Status, Expr::value(CANCELLED))
        .col_expr(menu_import::Column::FinishedAt, Expr::value(now))
        .col_expr(menu_import::Column::UpdatedAt, Expr::value(now))
        .filter(menu_import::Column::Id.eq(id))
        .filter(menu_import::Column::Status.eq(SCHEDULED))
        .exec(db)
        .await?;
    Ok(r.rows_affected == 1)
}

/// The shop's catalogue by external id (what a workbook may refer to).
pub async fn existing(db: &impl ConnectionTrait, shop_id: i64) -> Result<Existing, DbErr> {
    let items = menu_item::Entity::find()
        .select_only()
        .column(menu_item::Column::Id)
        .column(menu_item::Column::ExternalId)
        .column(menu_item::Column::Kind)
        .filter(menu_item::Column::ShopId.eq(shop_id))
        .filter(menu_item::Column::ExternalId.is_not_null())
        .into_tuple::<(i64, Option<String>, i32)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(id, ext, kind)| Some((ext?, (id, kind))))
        .collect();
    let categories = menu_category::Entity::find()
        .select_only()
        .column(menu_category::Column::Id)
        .column(menu_category::Column::ExternalId)
        .filter(menu_category::Column::ShopId.eq(shop_id))
        .filter(menu_category::Column::ExternalId.is_not_null())
        .into_tuple::<(i64, Option<String>)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(id, ext)| Some((ext?, id)))
        .collect();
    let variation_categories = variation_category::Entity::find()
        .select_only()
        .column(variation_category::Column::Id)
        .column(variation_category::Column::ExternalId)
        .filter(variation_category::Column::ShopId.eq(shop_id))
        .filter(variation_category::Column::ExternalId.is_not_null())
        .into_tuple::<(i64, Option<String>)>()
        .all(db)
        .await?
        .into_iter()
        .filter_map(|(id, ext)| Some((ext?, id)))
        .collect();
    Ok(Existing {
        items,
        categories,
        variation_categories,
    })
}

/// What is deleted of the shop's catalogue that the file does not name (`deleteOld`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DeleteOld {
    /// Keep everything (`false`).
    #[default]
    Nothing,
    /// Menus and option menus (`true`).
    Menus,
    /// Menus, variations, categories and variation categories (`all`).
    All,
}

/// How [`apply`] treats what exists.
#[derive(Clone, Copy, Debug, Default)]
pub struct ApplyRules {
    pub delete_old: DeleteOld,
    pub update_existing: bool,
    pub keep_status: bool,
}

/// Writes `plan` into the shop's catalogue. Run it in one transaction.
pub async fn apply(
    db: &impl ConnectionTrait,
    shop_id: i64,
    plan: &Plan,
    rules: ApplyRules,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let before = existing(db, shop_id).await?;
    // Menu items.
    let mut inserts = Vec::new();
    for item in &plan.items {
        let images = serde_json::to_string(&item.images).unwrap_or_else(|_| "[]".into());
        if let Some((id, _)) = before.items.get(&item.ext) {
            if !rules.update_existing {
                continue;
            }
            let mut up = menu_item::Entity::update_many()
                .col_expr(menu_item::Column::Kind, Expr::value(item.kind))
                .col_expr(menu_item::Column::Price, Expr::value(item.price))
                .col_expr(menu_item::Column::TaxRate, Expr::value(item.tax_rate))
                .col_expr(menu_item::Column::StockAvailable, Expr::value(item.stock))
                .col_expr(menu_item::Column::ImageArray, Expr::value(images))
                .col_expr(menu_item::Column::SortOrder, Expr::value(item.sort))
                .col_expr(menu_item::Column::UpdatedAt, Expr::value(now));
            if !rules.keep_status {
                up = up.col_expr(menu_item::Column::Status, Expr::value(item.status));
            }
            up.filter(menu_item::Column::Id.eq(*id)).exec(db).await?;
        } else {
            inserts.push(menu_item::ActiveModel {
                shop_id: Set(shop_id),
                external_id: Set(Some(item.ext.clone())),
                status: Set(item.status),
                kind: Set(item.kind),
                price: Set(item.price),
                tax_rate: Set(item.tax_rate),
                stock_available: Set(item.stock),
                image_array: Set(images),
                sort_order: Set(item.sort),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            });
        }
    }
    for chunk in inserts.chunks(BATCH) {
        menu_item::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    for (ext, stock) in &plan.stocks_elsewhere {
        menu_item::Entity::update_many()
            .col_expr(menu_item::Column::StockAvailable, Expr::value(*stock))
            .col_expr(menu_item::Column::UpdatedAt, Expr::value(now))
            .filter(menu_item::Column::ShopId.eq(shop_id))
            .filter(menu_item::Column::ExternalId.eq(ext.as_str()))
            .exec(db)
            .await?;
    }
    for (ext, urls) in &plan.images_elsewhere {
        let images = serde_json::to_string(urls).unwrap_or_else(|_| "[]".into());
        menu_item::Entity::update_many()
            .col_expr(menu_item::Column::ImageArray, Expr::value(images))
            .col_expr(menu_item::Column::UpdatedAt, Expr::value(now))
            .filter(menu_item::Column::ShopId.eq(shop_id))
            .filter(menu_item::Column::ExternalId.eq(ext.as_str()))
            .exec(db)
            .await?;
    }

    // Categories.
    let mut inserts = Vec::new();
    for c in &plan.categories {
        if let Some(id) = before.categories.get(&c.ext) {
            if !rules.update_existing {
                continue;
            }
            menu_category::Entity::update_many()
                .col_expr(
                    menu_category::Column::Profile,
                    Expr::value(c.profile.clone()),
                )
                .col_expr(menu_category::Column::SortOrder, Expr::value(c.sort))
                .col_expr(menu_category::Column::UpdatedAt, Expr::value(now))
                .filter(menu_category::Column::Id.eq(*id))
                .exec(db)
                .await?;
        } else {
            inserts.push(menu_category::ActiveModel {
                shop_id: Set(shop_id),
                external_id: Set(Some(c.ext.clone())),
                profile: Set(c.profile.clone()),
                sort_order: Set(c.sort),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            });
        }
    }
    for chunk in inserts.chunks(BATCH) {
        menu_category::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }

    let after = existing(db, shop_id).await?;
    let item_id = |ext: &str| after.items.get(ext).map(|(id, _)| *id);

    // Variation categories (their default choice is a menu item).
    let mut inserts = Vec::new();
    for c in &plan.variation_categories {
        let default_choice = c.default_choice.as_deref().and_then(item_id);
        if let Some(id) = before.variation_categories.get(&c.ext) {
            if !rules.update_existing {
                continue;
            }
            variation_category::Entity::update_many()
                .col_expr(
                    variation_category::Column::Required,
                    Expr::value(c.required),
                )
                .col_expr(
                    variation_category::Column::Exclusive,
                    Expr::value(c.exclusive),
                )
                .col_expr(
                    variation_category::Column::ShowGallery,
                    Expr::value(c.show_gallery),
                )
                .col_expr(variation_category::Column::SortOrder, Expr::value(c.sort))
                .col_expr(
                    variation_category::Column::DefaultChoiceId,
                    Expr::value(default_choice),
                )
                .col_expr(variation_category::Column::UpdatedAt, Expr::value(now))
                .filter(variation_category::Column::Id.eq(*id))
                .exec(db)
                .await?;
        } else {
            inserts.push(variation_category::ActiveModel {
                shop_id: Set(shop_id),
                external_id: Set(Some(c.ext.clone())),
                required: Set(c.required),
                exclusive: Set(c.exclusive),
                show_gallery: Set(c.show_gallery),
                sort_order: Set(c.sort),
                default_choice_id: Set(default_choice),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            });
        }
    }
    for chunk in inserts.chunks(BATCH) {
        variation_category::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    let after = existing(db, shop_id).await?;
    let item_id = |ext: &str| after.items.get(ext).map(|(id, _)| *id);
    let category_id = |ext: &str| after.categories.get(ext).copied();
    let vc_id = |ext: &str| after.variation_categories.get(ext).copied();

    let file_items: Vec<i64> = plan.items.iter().filter_map(|i| item_id(&i.ext)).collect();
    let file_categories: Vec<i64> = plan
        .categories
        .iter()
        .filter_map(|c| category_id(&c.ext))
        .collect();
    let file_vcs: Vec<i64> = plan
        .variation_categories
        .iter()
        .filter_map(|c| vc_id(&c.ext))
        .collect();

    // Links: the file's links replace those of the rows it names.
    for chunk in file_items.chunks(BATCH) {
        menu_category_item::Entity::delete_many()
            .filter(menu_category_item::Column::MenuItemId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
        menu_variation_category::Entity::delete_many()
            .filter(menu_variation_category::Column::MenuItemId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
        variation_category_item::Entity::delete_many()
            .filter(variation_category_item::Column::MenuItemId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
    }
    for chunk in file_categories.chunks(BATCH) {
        menu_category_item::Entity::delete_many()
            .filter(menu_category_item::Column::CategoryId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
    }
    for chunk in file_vcs.chunks(BATCH) {
        menu_variation_category::Entity::delete_many()
            .filter(menu_variation_category::Column::VariationCategoryId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
        variation_category_item::Entity::delete_many()
            .filter(variation_category_item::Column::VariationCategoryId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
    }
    let resolve = |links: &[Link], owner: &dyn Fn(&str) -> Option<i64>| -> Vec<(i64, i64, i32)> {
        links
            .iter()
            .filter_map(|(o, m, s)| Some((owner(o)?, item_id(m)?, *s)))
            .collect()
    };
    let rows: Vec<_> = resolve(&plan.category_links, &category_id)
        .into_iter()
        .map(|(c, m, s)| menu_category_item::ActiveModel {
            shop_id: Set(shop_id),
            category_id: Set(c),
            menu_item_id: Set(m),
            sort_order: Set(s),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(BATCH) {
        menu_category_item::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    menu_category_item::Column::CategoryId,
                    menu_category_item::Column::MenuItemId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    let rows: Vec<_> = resolve(&plan.offer_links, &vc_id)
        .into_iter()
        .map(|(c, m, s)| menu_variation_category::ActiveModel {
            shop_id: Set(shop_id),
            variation_category_id: Set(c),
            menu_item_id: Set(m),
            sort_order: Set(s),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(BATCH) {
        menu_variation_category::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    menu_variation_category::Column::VariationCategoryId,
                    menu_variation_category::Column::MenuItemId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    let rows: Vec<_> = resolve(&plan.member_links, &vc_id)
        .into_iter()
        .map(|(c, m, s)| variation_category_item::ActiveModel {
            shop_id: Set(shop_id),
            variation_category_id: Set(c),
            menu_item_id: Set(m),
            sort_order: Set(s),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(BATCH) {
        variation_category_item::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    variation_category_item::Column::VariationCategoryId,
                    variation_category_item::Column::MenuItemId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }

    // Texts: the file's replace those of the rows it names.
    delete_texts(db, KIND_MENU, &file_items).await?;
    delete_texts(db, KIND_CATEGORY, &file_categories).await?;
    delete_texts(db, KIND_VARIATION_CATEGORY, &file_vcs).await?;
    let mut texts = Vec::new();
    let mut add = |kind: &'static str, id: Option<i64>, rows: &[TextRow]| {
        let Some(id) = id else { return };
        for t in rows {
            texts.push(order_text::ActiveModel {
                shop_id: Set(shop_id),
                entity_kind: Set(kind.into()),
                entity_id: Set(id),
                lang: Set(t.lang.into()),
                name: Set(t.name.clone()),
                short_desc: Set(t.short_desc.clone()),
                desc: Set(t.desc.clone()),
                ..Default::default()
            });
        }
    };
    for i in &plan.items {
        add(KIND_MENU, item_id(&i.ext), &i.texts);
    }
    for c in &plan.categories {
        add(KIND_CATEGORY, category_id(&c.ext), &c.texts);
    }
    for c in &plan.variation_categories {
        add(KIND_VARIATION_CATEGORY, vc_id(&c.ext), &c.texts);
    }
    for chunk in texts.chunks(BATCH) {
        order_text::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }

    // deleteOld.
    if rules.delete_old != DeleteOld::Nothing {
        let keep_items: HashSet<&str> = plan
            .items
            .iter()
            .map(|i| i.ext.as_str())
            .chain(plan.named_items.iter().map(String::as_str))
            .collect();
        let all = rules.delete_old == DeleteOld::All;
        let doomed: Vec<i64> = menu_item::Entity::find()
            .select_only()
            .column(menu_item::Column::Id)
            .column(menu_item::Column::ExternalId)
            .column(menu_item::Column::Kind)
            .filter(menu_item::Column::ShopId.eq(shop_id))
            .into_tuple::<(i64, Option<String>, i32)>()
            .all(db)
            .await?
            .into_iter()
            .filter(|(_, ext, kind)| {
                (all || *kind != TYPE_VARIATION)
                    && !ext.as_deref().is_some_and(|e| keep_items.contains(e))
            })
            .map(|(id, _, _)| id)
            .collect();
        delete_texts(db, KIND_MENU, &doomed).await?;
        for chunk in doomed.chunks(BATCH) {
            menu_item::Entity::delete_many()
                .filter(menu_item::Column::Id.is_in(chunk.to_vec()))
                .exec(db)
                .await?;
        }
        if all {
            let keep: HashSet<i64> = file_categories
                .iter()
                .copied()
                .chain(plan.named_categories.iter().filter_map(|e| category_id(e)))
                .collect();
            let doomed: Vec<i64> = ids_of(db, shop_id, Table::Categories)
                .await?
                .into_iter()
                .filter(|id| !keep.contains(id))
                .collect();
            delete_texts(db, KIND_CATEGORY, &doomed).await?;
            for chunk in doomed.chunks(BATCH) {
                menu_category::Entity::delete_many()
                    .filter(menu_category::Column::Id.is_in(chunk.to_vec()))
                    .exec(db)
                    .await?;
            }
            let keep: HashSet<i64> = file_vcs
                .iter()
                .copied()
                .chain(
                    plan.named_variation_categories
                        .iter()
                        .filter_map(|e| vc_id(e)),
                )
                .collect();
            let doomed: Vec<i64> = ids_of(db, shop_id, Table::VariationCategories)
                .await?
                .into_iter()
                .filter(|id| !keep.contains(id))
                .collect();
            delete_texts(db, KIND_VARIATION_CATEGORY, &doomed).await?;
            for chunk in doomed.chunks(BATCH) {
                variation_category::Entity::delete_many()
                    .filter(variation_category::Column::Id.is_in(chunk.to_vec()))
                    .exec(db)
                    .await?;
            }
        }
    }
    Ok(())
}

enum Table {
    Categories,
    VariationCategories,
}

async fn ids_of(db: &impl ConnectionTrait, shop_id: i64, table: Table) -> Result<Vec<i64>, DbErr> {
    match table {
        Table::Categories => {
            menu_category::Entity::find()
                .select_only()
                .column(menu_category::Column::Id)
                .filter(menu_category::Column::ShopId.eq(shop_id))
                .into_tuple::<i64>()
                .all(db)
                .await
        }
        Table::VariationCategories => {
            variation_category::Entity::find()
                .select_only()
                .column(variation_category::Column::Id)
                .filter(variation_category::Column::ShopId.eq(shop_id))
                .into_tuple::<i64>()
                .all(db)
                .await
        }
    }
}

async fn delete_texts(db: &impl ConnectionTrait, kind: &str, ids: &[i64]) -> Result<(), DbErr> {
    for chunk in ids.chunks(BATCH) {
        order_text::Entity::delete_many()
            .filter(
                Condition::all()
                    .add(order_text::Column::EntityKind.eq(kind))
                    .add(order_text::Column::EntityId.is_in(chunk.to_vec())),
            )
            .exec(db)
            .await?;
    }
    Ok(())
}

/// What the shop has already, by external id.
#[derive(Clone, Debug, Default)]
pub struct Existing {
    /// Menu items (menus, options and variations): external id → (id, type).
    pub items: HashMap<String, (i64, i32)>,
    pub categories: HashMap<String, i64>,
    pub variation_categories: HashMap<String, i64>,
}

/// One language's texts of an entity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRow {
    pub lang: &'static str,
    pub name: String,
    pub short_desc: Option<String>,
    pub desc: Option<String>,
}

/// A menu item to write (a menu, an option menu or a variation).
#[derive(Clone, Debug)]
pub struct ItemPlan {
    pub ext: String,
    /// `menu_items.type`.
    pub kind: i32,
    pub status: i32,
    pub price: i64,
    pub tax_rate: i32,
    pub sort: i32,
    pub stock: Option<i64>,
    pub images: Vec<String>,
    pub texts: Vec<TextRow>,
}

#[derive(Clone, Debug)]
pub struct CategoryPlan {
    pub ext: String,
    pub profile: Option<String>,
    pub sort: i32,
    pub texts: Vec<TextRow>,
}

#[derive(Clone, Debug)]
pub struct VariationCategoryPlan {
    pub ext: String,
    pub required: bool,
    pub exclusive: bool,
    pub show_gallery: bool,
    pub default_choice: Option<String>,
    pub sort: i32,
    pub texts: Vec<TextRow>,
}

/// A link by external ids: (owner, menu item, sort order).
pub type Link = (String, String, i32);

/// What an import writes: the rows that passed, by external id.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub items: Vec<ItemPlan>,
    pub categories: Vec<CategoryPlan>,
    pub variation_categories: Vec<VariationCategoryPlan>,
    /// category → menu.
    pub category_links: Vec<Link>,
    /// variation category → menu that offers it.
    pub offer_links: Vec<Link>,
    /// variation category → variation it contains.
    pub member_links: Vec<Link>,
    /// Stock of items not in the file (already in the shop): external id → stock.
    pub stocks_elsewhere: Vec<(String, Option<i64>)>,
    /// Images of items not in the file: external id → urls in order.
    pub images_elsewhere: Vec<(String, Vec<String>)>,
    /// Every id the menus and variations sheets name, refused rows included: `deleteOld`
    /// keeps them (a row refused as a duplicate does not delete what it names).
    pub named_items: HashSet<String>,
    pub named_categories: HashSet<String>,
    pub named_variation_categories: HashSet<String>,
}

/// Counts of a shop's catalogue (tests and the report's sanity checks).
pub async fn counts(
    db: &impl ConnectionTrait,
    shop_id: i64,
) -> Result<HashMap<&'static str, u64>, DbErr> {
    use sea_orm::PaginatorTrait;
    let mut out = HashMap::new();
    out.insert(
        "menu_items",
        menu_item::Entity::find()
            .filter(menu_item::Column::ShopId.eq(shop_id))
            .count(db)
            .await?,
    );
    out.insert(
        "menu_categories",
        menu_category::Entity::find()
            .filter(menu_category::Column::ShopId.eq(shop_id))
            .count(db)
            .await?,
    );
    Ok(out)
}
