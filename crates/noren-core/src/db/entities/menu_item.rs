use sea_orm::entity::prelude::*;

/// A menu item; variations are menu items too. Texts are in `order_texts` (kind `menu`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "menu_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    /// The importer's id, unique per shop.
    pub external_id: Option<String>,
    pub status: i32,
    #[sea_orm(column_name = "type")]
    pub kind: i32,
    /// Yen, tax included.
    pub price: i64,
    /// Percent: 10 (standard) or 8 (reduced).
    pub tax_rate: i32,
    /// Portions left; none: not counted.
    pub stock_available: Option<i64>,
    /// JSON array of image URLs.
    pub image_array: String,
    pub sort_order: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
