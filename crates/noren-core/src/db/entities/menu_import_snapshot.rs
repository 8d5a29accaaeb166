use sea_orm::entity::prelude::*;

/// A shop's catalogue just before an import changed it (migration 000017), as JSON
/// (`order::store::menu_snapshots::Catalog`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "menu_import_snapshots")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub import_id: i64,
    pub shop_id: i64,
    pub catalog: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
