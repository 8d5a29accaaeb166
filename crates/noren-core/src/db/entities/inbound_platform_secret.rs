use sea_orm::entity::prelude::*;

/// An inbound platform's signing secret of one mode for reservation status notifications (the
/// same shape and rules as `webhook_secret`: encrypted at rest, the current one has no
/// `expires_at`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_platform_secrets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub platform_id: i64,
    pub livemode: bool,
    pub secret: String,
    pub created_at: DateTimeUtc,
    pub expires_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
