use sea_orm::entity::prelude::*;

/// A shop's webhook signing secret for one mode. The current one has no `expires_at`; a
/// rotated-out one keeps signing until its `expires_at`. `secret` is encrypted at rest
/// (`v1:…`, see `domain::secret_box`); rows from before encryption hold the plaintext.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_secrets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub secret: String,
    /// Live events are signed with live secrets only, test events with test secrets.
    pub livemode: bool,
    pub created_at: DateTimeUtc,
    pub expires_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
