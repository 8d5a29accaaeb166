//! Menu imports: their rows (`menu_imports`) and [`apply`], which writes a checked workbook's
//! [`Plan`] into a shop's catalogue in the caller's transaction (batched inserts, one statement
//! per few hundred rows), so an import is applied whole or not at all.

use super::menus::{KIND_CATEGORY, KIND_MENU, KIND_VARIATION_CATEGORY, TYPE_VARIATION};
use crate::domain::import::plan::{
    CategoryPlan, Existing, ItemPlan, Link, Plan, TextRow, VariationCategoryPlan,
};
use chrono::{DateTime, Utc};
use noren_core::db::entities::{
    menu_category, menu_category_item, menu_import, menu_item, menu_variation_category, order_text,
    variation_category, variation_category_item,
};
use noren_core::db::repo::SelectFirst;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter,
    QuerySelect, Set,
};
use std::collections::{HashMap, HashSet};

pub use noren_core::db::entities::menu_import::ImportStatus;

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

/// Puts a running import whose attempt failed (the store or the database away) back to
/// `scheduled`, due at `at` (its job's next attempt), with the reason in `error`.
pub async fn retrying(
    db: &impl ConnectionTrait,
    id: i64,
    at: DateTime<Utc>,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    menu_import::Entity::update_many()
        .col_expr(menu_import::Column::Status, Expr::value(SCHEDULED))
        .col_expr(menu_import::Column::Progress, Expr::value(0))
        .col_expr(menu_import::Column::PerformAt, Expr::value(Some(at)))
        .col_expr(
            menu_import::Column::Error,
            Expr::value(Some(reason.to_string())),
        )
        .col_expr(menu_import::Column::UpdatedAt, Expr::value(now))
        .filter(menu_import::Column::Id.eq(id))
        .filter(menu_import::Column::Status.eq(RUNNING))
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

/// Marks a finished import `reverted` (its catalogue restored by the caller in the same
/// transaction); false when it was not finished.
pub async fn reverted(
    db: &impl ConnectionTrait,
    id: i64,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let r = menu_import::Entity::update_many()
        .col_expr(
            menu_import::Column::Status,
            Expr::value(ImportStatus::Reverted.as_str()),
        )
        .col_expr(menu_import::Column::UpdatedAt, Expr::value(now))
        .filter(menu_import::Column::Id.eq(id))
        .filter(menu_import::Column::Status.eq(FINISHED))
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
///
/// The steps run in this order because each reads what the one before wrote: variation
/// categories name a default choice among the menu items, and links and texts need the ids of
/// the rows just inserted (batched inserts return none, so the catalogue is read again).
pub async fn apply(
    db: &impl ConnectionTrait,
    shop_id: i64,
    plan: &Plan,
    rules: ApplyRules,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let before = existing(db, shop_id).await?;
    upsert_items(db, shop_id, &plan.items, &before, rules, now).await?;
    update_items_elsewhere(db, shop_id, plan, now).await?;
    upsert_categories(db, shop_id, &plan.categories, &before, rules, now).await?;
    let after = existing(db, shop_id).await?;
    let defaults = &after.items;
    let vcs = &plan.variation_categories;
    upsert_variation_categories(db, shop_id, vcs, &before, defaults, rules, now).await?;
    let written = Written::new(existing(db, shop_id).await?, plan);
    delete_links(db, &written).await?;
    insert_category_links(db, shop_id, &plan.category_links, &written).await?;
    insert_offer_links(db, shop_id, &plan.offer_links, &written).await?;
    insert_member_links(db, shop_id, &plan.member_links, &written).await?;
    replace_texts(db, shop_id, plan, &written).await?;
    match rules.delete_old {
        DeleteOld::Nothing => {}
        DeleteOld::Menus => delete_old_items(db, shop_id, plan, false).await?,
        DeleteOld::All => {
            delete_old_items(db, shop_id, plan, true).await?;
            delete_old_categories(db, shop_id, plan, &written).await?;
            delete_old_variation_categories(db, shop_id, plan, &written).await?;
        }
    }
    Ok(())
}

/// The JSON array of an item's image URLs (`menu_items.image_array`).
fn image_array(urls: &[String]) -> String {
    serde_json::to_string(urls).unwrap_or_else(|_| "[]".into())
}

/// Updates the file's menu items that exist (when `update_existing`), one statement each, then
/// inserts the new ones in batches.
async fn upsert_items(
    db: &impl ConnectionTrait,
    shop_id: i64,
    items: &[ItemPlan],
    before: &Existing,
    rules: ApplyRules,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let mut inserts = Vec::new();
    for item in items {
        match before.items.get(&item.ext) {
            Some(_) if !rules.update_existing => {}
            Some((id, _)) => update_item(db, *id, item, rules.keep_status, now).await?,
            None => inserts.push(new_item(shop_id, item, now)),
        }
    }
    for chunk in inserts.chunks(BATCH) {
        menu_item::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Overwrites an existing menu item with the file's row; its status stays with `keep_status`.
async fn update_item(
    db: &impl ConnectionTrait,
    id: i64,
    item: &ItemPlan,
    keep_status: bool,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let mut up = menu_item::Entity::update_many()
        .col_expr(menu_item::Column::Kind, Expr::value(item.kind))
        .col_expr(menu_item::Column::Price, Expr::value(item.price))
        .col_expr(menu_item::Column::TaxRate, Expr::value(item.tax_rate))
        .col_expr(menu_item::Column::StockAvailable, Expr::value(item.stock))
        .col_expr(
            menu_item::Column::ImageArray,
            Expr::value(image_array(&item.images)),
        )
        .col_expr(menu_item::Column::SortOrder, Expr::value(item.sort))
        .col_expr(menu_item::Column::UpdatedAt, Expr::value(now));
    if !keep_status {
        up = up.col_expr(menu_item::Column::Status, Expr::value(item.status));
    }
    up.filter(menu_item::Column::Id.eq(id)).exec(db).await?;
    Ok(())
}

/// The row of a menu item the shop does not have yet.
fn new_item(shop_id: i64, item: &ItemPlan, now: DateTime<Utc>) -> menu_item::ActiveModel {
    menu_item::ActiveModel {
        shop_id: Set(shop_id),
        external_id: Set(Some(item.ext.clone())),
        status: Set(item.status),
        kind: Set(item.kind),
        price: Set(item.price),
        tax_rate: Set(item.tax_rate),
        stock_available: Set(item.stock),
        image_array: Set(image_array(&item.images)),
        sort_order: Set(item.sort),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// Sets the stock and images the stock and image sheets give for items not in the menus sheet
/// (already in the shop), one statement each.
async fn update_items_elsewhere(
    db: &impl ConnectionTrait,
    shop_id: i64,
    plan: &Plan,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
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
        menu_item::Entity::update_many()
            .col_expr(
                menu_item::Column::ImageArray,
                Expr::value(image_array(urls)),
            )
            .col_expr(menu_item::Column::UpdatedAt, Expr::value(now))
            .filter(menu_item::Column::ShopId.eq(shop_id))
            .filter(menu_item::Column::ExternalId.eq(ext.as_str()))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Updates the file's categories that exist (when `update_existing`), then inserts the new ones
/// in batches.
async fn upsert_categories(
    db: &impl ConnectionTrait,
    shop_id: i64,
    categories: &[CategoryPlan],
    before: &Existing,
    rules: ApplyRules,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let mut inserts = Vec::new();
    for c in categories {
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
    Ok(())
}

/// Updates the file's variation categories that exist (when `update_existing`), then inserts
/// the new ones in batches. A default choice is a menu item: `items` are the shop's after the
/// items were written.
async fn upsert_variation_categories(
    db: &impl ConnectionTrait,
    shop_id: i64,
    categories: &[VariationCategoryPlan],
    before: &Existing,
    items: &HashMap<String, (i64, i32)>,
    rules: ApplyRules,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let mut inserts = Vec::new();
    for c in categories {
        let default_choice = c
            .default_choice
            .as_deref()
            .and_then(|ext| items.get(ext).map(|(id, _)| *id));
        if let Some(id) = before.variation_categories.get(&c.ext) {
            if !rules.update_existing {
                continue;
            }
            update_variation_category(db, *id, c, default_choice, now).await?;
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
    Ok(())
}

/// Overwrites an existing variation category with the file's row.
async fn update_variation_category(
    db: &impl ConnectionTrait,
    id: i64,
    c: &VariationCategoryPlan,
    default_choice: Option<i64>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
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
        .filter(variation_category::Column::Id.eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// The shop's catalogue once the file's rows are written, and the ids of the rows the file
/// names: their links and texts are the file's, and `deleteOld` keeps them.
struct Written {
    ids: Existing,
    /// In the file's order.
    items: Vec<i64>,
    categories: Vec<i64>,
    variation_categories: Vec<i64>,
}

impl Written {
    fn new(ids: Existing, plan: &Plan) -> Self {
        let mut written = Written {
            ids,
            items: Vec::new(),
            categories: Vec::new(),
            variation_categories: Vec::new(),
        };
        written.items = plan
            .items
            .iter()
            .filter_map(|i| written.item(&i.ext))
            .collect();
        written.categories = plan
            .categories
            .iter()
            .filter_map(|c| written.category(&c.ext))
            .collect();
        written.variation_categories = plan
            .variation_categories
            .iter()
            .filter_map(|c| written.variation_category(&c.ext))
            .collect();
        written
    }

    fn item(&self, ext: &str) -> Option<i64> {
        self.ids.items.get(ext).map(|(id, _)| *id)
    }

    fn category(&self, ext: &str) -> Option<i64> {
        self.ids.categories.get(ext).copied()
    }

    fn variation_category(&self, ext: &str) -> Option<i64> {
        self.ids.variation_categories.get(ext).copied()
    }

    /// `links` by id, (owner, menu item, sort order); a link whose owner or item the shop
    /// does not have is left out.
    fn resolve(
        &self,
        links: &[Link],
        owner: impl Fn(&Self, &str) -> Option<i64>,
    ) -> Vec<(i64, i64, i32)> {
        links
            .iter()
            .filter_map(|(o, m, s)| Some((owner(self, o)?, self.item(m)?, *s)))
            .collect()
    }
}

/// Deletes the links of the rows the file names: the file's links replace them.
async fn delete_links(db: &impl ConnectionTrait, written: &Written) -> Result<(), DbErr> {
    for chunk in written.items.chunks(BATCH) {
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
    for chunk in written.categories.chunks(BATCH) {
        menu_category_item::Entity::delete_many()
            .filter(menu_category_item::Column::CategoryId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
    }
    for chunk in written.variation_categories.chunks(BATCH) {
        menu_variation_category::Entity::delete_many()
            .filter(menu_variation_category::Column::VariationCategoryId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
        variation_category_item::Entity::delete_many()
            .filter(variation_category_item::Column::VariationCategoryId.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Puts menus in categories (`category_links`); a link given twice is written once.
async fn insert_category_links(
    db: &impl ConnectionTrait,
    shop_id: i64,
    links: &[Link],
    written: &Written,
) -> Result<(), DbErr> {
    let rows: Vec<_> = written
        .resolve(links, Written::category)
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
    Ok(())
}

/// Offers variation categories on menus (`offer_links`); a link given twice is written once.
async fn insert_offer_links(
    db: &impl ConnectionTrait,
    shop_id: i64,
    links: &[Link],
    written: &Written,
) -> Result<(), DbErr> {
    let rows: Vec<_> = written
        .resolve(links, Written::variation_category)
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
    Ok(())
}

/// Puts variations in variation categories (`member_links`); a link given twice is written
/// once.
async fn insert_member_links(
    db: &impl ConnectionTrait,
    shop_id: i64,
    links: &[Link],
    written: &Written,
) -> Result<(), DbErr> {
    let rows: Vec<_> = written
        .resolve(links, Written::variation_category)
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
    Ok(())
}

/// Replaces the texts of the rows the file names with the file's.
async fn replace_texts(
    db: &impl ConnectionTrait,
    shop_id: i64,
    plan: &Plan,
    written: &Written,
) -> Result<(), DbErr> {
    delete_texts(db, KIND_MENU, &written.items).await?;
    delete_texts(db, KIND_CATEGORY, &written.categories).await?;
    delete_texts(db, KIND_VARIATION_CATEGORY, &written.variation_categories).await?;
    for chunk in text_rows(shop_id, plan, written).chunks(BATCH) {
        order_text::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The `order_texts` rows of the file: items, then categories, then variation categories, each
/// in the file's order and its languages' order.
fn text_rows(shop_id: i64, plan: &Plan, written: &Written) -> Vec<order_text::ActiveModel> {
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
        add(KIND_MENU, written.item(&i.ext), &i.texts);
    }
    for c in &plan.categories {
        add(KIND_CATEGORY, written.category(&c.ext), &c.texts);
    }
    for c in &plan.variation_categories {
        add(
            KIND_VARIATION_CATEGORY,
            written.variation_category(&c.ext),
            &c.texts,
        );
    }
    texts
}

/// `deleteOld` for menu items: deletes (with their texts) the shop's menus and option menus,
/// and with `all` its variations too, that the file does not name.
async fn delete_old_items(
    db: &impl ConnectionTrait,
    shop_id: i64,
    plan: &Plan,
    all: bool,
) -> Result<(), DbErr> {
    let rows = menu_item::Entity::find()
        .select_only()
        .column(menu_item::Column::Id)
        .column(menu_item::Column::ExternalId)
        .column(menu_item::Column::Kind)
        .filter(menu_item::Column::ShopId.eq(shop_id))
        .into_tuple::<(i64, Option<String>, i32)>()
        .all(db)
        .await?;
    let doomed = old_items(rows, plan, all);
    delete_texts(db, KIND_MENU, &doomed).await?;
    for chunk in doomed.chunks(BATCH) {
        menu_item::Entity::delete_many()
            .filter(menu_item::Column::Id.is_in(chunk.to_vec()))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// The ids of `rows` (id, external id, type) that `deleteOld` deletes: every row the file does
/// not name (its items and every id its sheets mention), variations only with `all`.
fn old_items(rows: Vec<(i64, Option<String>, i32)>, plan: &Plan, all: bool) -> Vec<i64> {
    let keep: HashSet<&str> = plan
        .items
        .iter()
        .map(|i| i.ext.as_str())
        .chain(plan.named_items.iter().map(String::as_str))
        .collect();
    rows.into_iter()
        .filter(|(_, ext, kind)| {
            (all || *kind != TYPE_VARIATION) && !ext.as_deref().is_some_and(|e| keep.contains(e))
        })
        .map(|(id, _, _)| id)
        .collect()
}

/// `deleteOld: all` for categories: deletes (with their texts) those the file does not name.
async fn delete_old_categories(
    db: &impl ConnectionTrait,
    shop_id: i64,
    plan: &Plan,
    written: &Written,
) -> Result<(), DbErr> {
    let keep: HashSet<i64> = written
        .categories
        .iter()
        .copied()
        .chain(
            plan.named_categories
                .iter()
                .filter_map(|e| written.category(e)),
        )
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
    Ok(())
}

/// `deleteOld: all` for variation categories: deletes (with their texts) those the file does
/// not name.
async fn delete_old_variation_categories(
    db: &impl ConnectionTrait,
    shop_id: i64,
    plan: &Plan,
    written: &Written,
) -> Result<(), DbErr> {
    let keep: HashSet<i64> = written
        .variation_categories
        .iter()
        .copied()
        .chain(
            plan.named_variation_categories
                .iter()
                .filter_map(|e| written.variation_category(e)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::menus::{TYPE_MENU, TYPE_OPTION};

    fn item(ext: &str) -> ItemPlan {
        ItemPlan {
            ext: ext.into(),
            kind: TYPE_MENU,
            status: 1,
            price: 500,
            tax_rate: 10,
            sort: 1,
            stock: None,
            images: Vec::new(),
            texts: Vec::new(),
        }
    }

    fn category(ext: &str) -> CategoryPlan {
        CategoryPlan {
            ext: ext.into(),
            profile: None,
            sort: 1,
            texts: Vec::new(),
        }
    }

    fn link(owner: &str, item: &str, sort: i32) -> Link {
        (owner.into(), item.into(), sort)
    }

    /// The shop after the writes: menus m1 to m3 (ids 11 to 13), category c1 (id 21) and
    /// variation category v1 (id 31).
    fn shop() -> Existing {
        Existing {
            items: [("m1", 11), ("m2", 12), ("m3", 13)]
                .into_iter()
                .map(|(ext, id)| (ext.to_string(), (id, TYPE_MENU)))
                .collect(),
            categories: HashMap::from([("c1".to_string(), 21)]),
            variation_categories: HashMap::from([("v1".to_string(), 31)]),
        }
    }

    #[test]
    fn the_rows_a_file_writes_are_its_ids_in_its_order_without_those_the_shop_lacks() {
        let plan = Plan {
            items: vec![item("m3"), item("gone"), item("m1")],
            categories: vec![category("c1"), category("c9")],
            ..Default::default()
        };
        let written = Written::new(shop(), &plan);
        assert_eq!(written.items, [13, 11]);
        assert_eq!(written.categories, [21]);
        assert!(written.variation_categories.is_empty());
    }

    #[test]
    fn a_link_is_written_only_when_the_shop_has_both_its_ends() {
        let written = Written::new(shop(), &Plan::default());
        let links = [
            link("c1", "m2", 1),
            link("c9", "m2", 2),
            link("c1", "gone", 3),
            link("c1", "m1", 4),
        ];
        assert_eq!(
            written.resolve(&links, Written::category),
            [(21, 12, 1), (21, 11, 4)]
        );
        // An owner is looked up in its own table: c1 is no variation category.
        assert!(
            written
                .resolve(&links, Written::variation_category)
                .is_empty()
        );
    }

    #[test]
    fn delete_old_spares_what_the_file_names_and_variations_unless_all() {
        let plan = Plan {
            items: vec![item("m1")],
            named_items: HashSet::from(["refused".to_string()]),
            ..Default::default()
        };
        let rows = vec![
            (1, Some("m1".to_string()), TYPE_MENU),
            (2, Some("refused".to_string()), TYPE_MENU),
            (3, Some("old".to_string()), TYPE_MENU),
            (4, None, TYPE_OPTION),
            (5, Some("old-variation".to_string()), TYPE_VARIATION),
        ];
        assert_eq!(old_items(rows.clone(), &plan, false), [3, 4]);
        assert_eq!(old_items(rows, &plan, true), [3, 4, 5]);
    }
}
