use sea_orm::entity::prelude::*;

/// A tag's display name (and category name) in one language.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_tag_texts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub tag_id: i64,
    pub lang: String,
    pub tag: String,
    pub tag_category_name: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
