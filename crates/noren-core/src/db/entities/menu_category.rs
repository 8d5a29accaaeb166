use sea_orm::entity::prelude::*;

/// A menu category of a shop; its name is in `order_texts` (kind `category`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "menu_categories")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    /// The importer's id, unique per shop.
    pub external_id: Option<String>,
    /// The menu profile the category belongs to (`menuProfile`/`profile`); none: every profile.
    pub profile: Option<String>,
    pub sort_order: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
