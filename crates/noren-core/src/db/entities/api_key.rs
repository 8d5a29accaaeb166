use sea_orm::entity::prelude::*;

/// A merchant key (`sk_*` / `dk_*`). Only the SHA-256 of the key is stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "api_keys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_device_id: i64,
    /// `sk` or `dk`.
    pub family: String,
    /// `test` or `live`.
    pub mode: String,
    #[sea_orm(unique)]
    pub key_hash: String,
    pub key_prefix: String,
    pub created_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
