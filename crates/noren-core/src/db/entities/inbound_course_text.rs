use sea_orm::entity::prelude::*;

/// A course's texts in one language (`courseI18n`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_course_texts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub course_id: i64,
    pub shop_id: i64,
    pub lang: String,
    pub course_name: String,
    /// HTML.
    pub course_desc_formatted: Option<String>,
    /// Plain text.
    pub course_desc_text: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
