use sea_orm::entity::prelude::*;

/// An inbound partner key (`ipk_*`), bound to one platform. Only the SHA-256 is stored.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "partner_keys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub platform_id: i64,
    /// `prov`, `agcy`, `ota` or `test`.
    pub family: String,
    #[sea_orm(unique)]
    pub key_hash: String,
    pub key_prefix: String,
    pub created_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::inbound_platform::Entity",
        from = "Column::PlatformId",
        to = "super::inbound_platform::Column::Id"
    )]
    Platform,
}

impl Related<super::inbound_platform::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Platform.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
