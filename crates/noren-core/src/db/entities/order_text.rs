use sea_orm::entity::prelude::*;

/// The name and descriptions of a shop, category, menu item or variation category in one
/// language (`entity_kind`: `shop`, `category`, `menu`, `variation_category`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "order_texts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub entity_kind: String,
    pub entity_id: i64,
    pub lang: String,
    pub name: String,
    pub short_desc: Option<String>,
    pub desc: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
