//! A shop's menu catalogue: categories, menu items, variation categories with their member
//! items, and their texts. [`catalog`] reads all of it in one statement per table (eight at
//! most, whatever the number of menus); the menu calls answer from that one read.

use crate::domain::menu::{MenuStatus, MenuType};
use chrono::{DateTime, Utc};
use noren_core::db::entities::{
    menu_category, menu_category_item, menu_item, menu_variation_category, order_shop, order_text,
    shop, variation_category, variation_category_item,
};
use noren_core::db::repo::SelectFirst;
use noren_core::domain::lang::{Lang, fallback_order};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use std::collections::HashMap;

// The codes are decided once, in `order::domain::menu` (`MenuStatus`, `MenuType`); these are the
// column values the queries compare with.
/// `menu_items.status`: on sale.
pub const STATUS_AVAILABLE: i32 = MenuStatus::OnSale as i32;
/// `menu_items.status`: listed but sold out.
pub const STATUS_SOLD_OUT: i32 = MenuStatus::SoldOut as i32;
/// `menu_items.status`: not listed at all.
pub const STATUS_HIDDEN: i32 = MenuStatus::Hidden as i32;
/// `menu_items.type`: a regular menu.
pub const TYPE_MENU: i32 = MenuType::Regular as i32;
/// `menu_items.type`: an option menu (added to an order as an option line).
pub const TYPE_OPTION: i32 = MenuType::Option as i32;
/// `menu_items.type`: a variation only (offered inside a variation category).
pub const TYPE_VARIATION: i32 = MenuType::Variation as i32;

/// `order_texts.entity_kind` values.
pub const KIND_SHOP: &str = "shop";
pub const KIND_CATEGORY: &str = "category";
pub const KIND_MENU: &str = "menu";
pub const KIND_VARIATION_CATEGORY: &str = "variation_category";

/// Everything the menu calls show of one shop, read at once.
#[derive(Clone, Debug)]
pub struct Catalog {
    pub shop: shop::Model,
    pub settings: Option<order_shop::Model>,
    /// In display order.
    pub categories: Vec<menu_category::Model>,
    /// Every listed menu item (hidden ones left out), variations included, by id.
    pub items: HashMap<i64, menu_item::Model>,
    /// In display order.
    pub category_items: Vec<menu_category_item::Model>,
    /// In display order.
    pub menu_variation_categories: Vec<menu_variation_category::Model>,
    pub variation_categories: HashMap<i64, variation_category::Model>,
    /// In display order.
    pub variation_category_items: Vec<variation_category_item::Model>,
    /// Texts in the languages asked for, by (kind, entity id).
    pub texts: HashMap<(&'static str, i64), Vec<order_text::Model>>,
}

/// The shop's catalogue with its texts in `langs` (the asked language and its fallbacks), or
/// `None` for an unknown shop.
pub async fn catalog(
    db: &impl ConnectionTrait,
    shop_id: i64,
    langs: &[&str],
) -> Result<Option<Catalog>, DbErr> {
    let Some(shop) = shop::Entity::find_by_id(shop_id).first(db).await? else {
        return Ok(None);
    };
    let settings = order_shop::Entity::find_by_id(shop_id).first(db).await?;
    let categories = menu_category::Entity::find()
        .filter(menu_category::Column::ShopId.eq(shop_id))
        .order_by_asc(menu_category::Column::SortOrder)
        .order_by_asc(menu_category::Column::Id)
        .all(db)
        .await?;
    let items = menu_item::Entity::find()
        .filter(menu_item::Column::ShopId.eq(shop_id))
        .filter(menu_item::Column::Status.ne(STATUS_HIDDEN))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.id, m))
        .collect();
    let category_items = menu_category_item::Entity::find()
        .filter(menu_category_item::Column::ShopId.eq(shop_id))
        .order_by_asc(menu_category_item::Column::SortOrder)
        .order_by_asc(menu_category_item::Column::Id)
        .all(db)
        .await?;
    let menu_variation_categories = menu_variation_category::Entity::find()
        .filter(menu_variation_category::Column::ShopId.eq(shop_id))
        .order_by_asc(menu_variation_category::Column::SortOrder)
        .order_by_asc(menu_variation_category::Column::Id)
        .all(db)
        .await?;
    let variation_categories = variation_category::Entity::find()
        .filter(variation_category::Column::ShopId.eq(shop_id))
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    let variation_category_items = variation_category_item::Entity::find()
        .filter(variation_category_item::Column::ShopId.eq(shop_id))
        .order_by_asc(variation_category_item::Column::SortOrder)
        .order_by_asc(variation_category_item::Column::Id)
        .all(db)
        .await?;
    let mut texts: HashMap<(&'static str, i64), Vec<order_text::Model>> = HashMap::new();
    for t in order_text::Entity::find()
        .filter(order_text::Column::ShopId.eq(shop_id))
        .filter(order_text::Column::Lang.is_in(langs.iter().copied()))
        .all(db)
        .await?
    {
        let Some(kind) = [KIND_SHOP, KIND_CATEGORY, KIND_MENU, KIND_VARIATION_CATEGORY]
            .into_iter()
            .find(|k| *k == t.entity_kind)
        else {
            continue;
        };
        texts.entry((kind, t.entity_id)).or_default().push(t);
    }
    Ok(Some(Catalog {
        shop,
        settings,
        categories,
        items,
        category_items,
        menu_variation_categories,
        variation_categories,
        variation_category_items,
        texts,
    }))
}

/// The shop of a listed menu item.
pub async fn shop_of_menu(db: &impl ConnectionTrait, id: i64) -> Result<Option<i64>, DbErr> {
    Ok(menu_item::Entity::find_by_id(id)
        .filter(menu_item::Column::Status.ne(STATUS_HIDDEN))
        .first(db)
        .await?
        .map(|m| m.shop_id))
}

/// The shop of a category.
pub async fn shop_of_category(db: &impl ConnectionTrait, id: i64) -> Result<Option<i64>, DbErr> {
    Ok(menu_category::Entity::find_by_id(id)
        .first(db)
        .await?
        .map(|c| c.shop_id))
}

/// The shops of listed menu items (`id → shop id`), in one statement.
pub async fn shops_of_menus(
    db: &impl ConnectionTrait,
    ids: &[i64],
) -> Result<HashMap<i64, i64>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(menu_item::Entity::find()
        .select_only()
        .column(menu_item::Column::Id)
        .column(menu_item::Column::ShopId)
        .filter(menu_item::Column::Id.is_in(ids.iter().copied()))
        .filter(menu_item::Column::Status.ne(STATUS_HIDDEN))
        .into_tuple::<(i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// True when the shop has any menu category or item (the demo seeds a catalogue only once).
pub async fn has_catalog(db: &impl ConnectionTrait, shop_id: i64) -> Result<bool, DbErr> {
    Ok(menu_item::Entity::find()
        .filter(menu_item::Column::ShopId.eq(shop_id))
        .first(db)
        .await?
        .is_some())
}

// Writes (operator data, fixtures; the importer brings its own bulk path).

/// A new menu item.
#[derive(Clone, Debug)]
pub struct NewMenu {
    pub external_id: Option<String>,
    pub status: i32,
    pub kind: i32,
    pub price: i64,
    pub tax_rate: i32,
    pub stock_available: Option<i64>,
    pub images: Vec<String>,
    pub sort_order: i32,
}

pub async fn create_menu(
    db: &impl ConnectionTrait,
    shop_id: i64,
    m: NewMenu,
    now: DateTime<Utc>,
) -> Result<menu_item::Model, DbErr> {
    menu_item::ActiveModel {
        shop_id: Set(shop_id),
        external_id: Set(m.external_id),
        status: Set(m.status),
        kind: Set(m.kind),
        price: Set(m.price),
        tax_rate: Set(m.tax_rate),
        stock_available: Set(m.stock_available),
        image_array: Set(serde_json::to_string(&m.images).unwrap_or_else(|_| "[]".into())),
        sort_order: Set(m.sort_order),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn create_category(
    db: &impl ConnectionTrait,
    shop_id: i64,
    external_id: Option<String>,
    profile: Option<String>,
    sort_order: i32,
    now: DateTime<Utc>,
) -> Result<menu_category::Model, DbErr> {
    menu_category::ActiveModel {
        shop_id: Set(shop_id),
        external_id: Set(external_id),
        profile: Set(profile),
        sort_order: Set(sort_order),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// A new variation category.
#[derive(Clone, Debug, Default)]
pub struct NewVariationCategory {
    pub external_id: Option<String>,
    pub required: bool,
    pub exclusive: bool,
    pub show_gallery: bool,
    pub sort_order: i32,
}

pub async fn create_variation_category(
    db: &impl ConnectionTrait,
    shop_id: i64,
    c: NewVariationCategory,
    now: DateTime<Utc>,
) -> Result<variation_category::Model, DbErr> {
    variation_category::ActiveModel {
        shop_id: Set(shop_id),
        external_id: Set(c.external_id),
        required: Set(c.required),
        exclusive: Set(c.exclusive),
        show_gallery: Set(c.show_gallery),
        sort_order: Set(c.sort_order),
        default_choice_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Sets the member item chosen by default in a variation category.
pub async fn set_default_choice(
    db: &impl ConnectionTrait,
    category: variation_category::Model,
    item_id: i64,
) -> Result<(), DbErr> {
    let mut row: variation_category::ActiveModel = category.into();
    row.default_choice_id = Set(Some(item_id));
    row.update(db).await?;
    Ok(())
}

/// Puts a menu in a category.
pub async fn add_to_category(
    db: &impl ConnectionTrait,
    shop_id: i64,
    category_id: i64,
    menu_item_id: i64,
    sort_order: i32,
) -> Result<(), DbErr> {
    menu_category_item::ActiveModel {
        shop_id: Set(shop_id),
        category_id: Set(category_id),
        menu_item_id: Set(menu_item_id),
        sort_order: Set(sort_order),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Offers a variation category on a menu.
pub async fn offer_variation_category(
    db: &impl ConnectionTrait,
    shop_id: i64,
    menu_item_id: i64,
    variation_category_id: i64,
    sort_order: i32,
) -> Result<(), DbErr> {
    menu_variation_category::ActiveModel {
        shop_id: Set(shop_id),
        menu_item_id: Set(menu_item_id),
        variation_category_id: Set(variation_category_id),
        sort_order: Set(sort_order),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Makes a menu item a member (a choice) of a variation category.
pub async fn add_variation(
    db: &impl ConnectionTrait,
    shop_id: i64,
    variation_category_id: i64,
    menu_item_id: i64,
    sort_order: i32,
) -> Result<(), DbErr> {
    variation_category_item::ActiveModel {
        shop_id: Set(shop_id),
        variation_category_id: Set(variation_category_id),
        menu_item_id: Set(menu_item_id),
        sort_order: Set(sort_order),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// One language's texts of an entity.
#[derive(Clone, Copy, Debug)]
pub struct Texts<'a> {
    pub lang: &'a str,
    pub name: &'a str,
    pub short_desc: Option<&'a str>,
    pub desc: Option<&'a str>,
}

/// Adds texts of an entity in several languages.
pub async fn add_texts(
    db: &impl ConnectionTrait,
    shop_id: i64,
    kind: &str,
    entity_id: i64,
    texts: &[Texts<'_>],
) -> Result<(), DbErr> {
    if texts.is_empty() {
        return Ok(());
    }
    order_text::Entity::insert_many(texts.iter().map(|t| order_text::ActiveModel {
        shop_id: Set(shop_id),
        entity_kind: Set(kind.to_string()),
        entity_id: Set(entity_id),
        lang: Set(t.lang.to_string()),
        name: Set(t.name.to_string()),
        short_desc: Set(t.short_desc.map(str::to_string)),
        desc: Set(t.desc.map(str::to_string)),
        ..Default::default()
    }))
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// The languages a text is looked up in, in order: the shared order
/// ([`fallback_order`]: the asked one, then English, then Japanese) up to English and Japanese,
/// so that the catalogue loads only the texts it may serve.
pub fn fallbacks(lang: Lang) -> Vec<&'static str> {
    let order = fallback_order(lang);
    let last = order
        .iter()
        .rposition(|l| matches!(l, Lang::En | Lang::Ja))
        .unwrap_or(0);
    order[..=last].iter().map(|l| l.as_str()).collect()
}

/// Per-language texts of one entity with the fallback en → ja (each field on its own).
pub struct Localized<'a> {
    catalog: &'a Catalog,
    order: Vec<&'static str>,
}

impl<'a> Localized<'a> {
    /// The texts of `catalog` in `lang`, with its fallbacks.
    pub fn new(catalog: &'a Catalog, lang: Lang) -> Self {
        Localized {
            catalog,
            order: fallbacks(lang),
        }
    }

    /// One text field of the entity `kind` `id`, in the first language that has it non-empty.
    pub fn field(
        &self,
        kind: &'static str,
        id: i64,
        get: impl Fn(&'a order_text::Model) -> Option<&'a str>,
    ) -> Option<String> {
        let rows = self.catalog.texts.get(&(kind, id))?;
        self.order.iter().find_map(|lang| {
            rows.iter()
                .filter(|t| t.lang == *lang)
                .find_map(|t| get(t).filter(|s| !s.is_empty()))
                .map(str::to_string)
        })
    }

    /// The language asked for: the first one texts are looked up in.
    pub fn first_language(&self) -> Option<&'static str> {
        self.order.first().copied()
    }

    /// The entity's name, in the first language that has one.
    pub fn name(&self, kind: &'static str, id: i64) -> Option<String> {
        self.field(kind, id, |t| Some(t.name.as_str()))
    }
}
