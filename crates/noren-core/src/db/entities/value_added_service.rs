use sea_orm::entity::prelude::*;

/// A value-added service on a predefined payment (a tip).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "value_added_services")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub predefined_payment_id: i64,
    /// The seed's `type`, e.g. `tip`.
    pub kind: String,
    pub state: String,
    pub comment: Option<String>,
    /// JSON array text.
    pub items: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
