use sea_orm::entity::prelude::*;

/// The key that signs a shop's mini-program charges (`paySign`) in one mode. Encrypted at rest
/// like webhook secrets (`v1:…`, see `domain::secret_box`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "miniprogram_keys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub livemode: bool,
    pub secret: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
