use sea_orm::entity::prelude::*;

/// An endpoint's signing secret. The current one has no `expires_at`; a rotated-out one keeps
/// signing until its `expires_at` (the overlap asked for at the rotation). Sealed at rest
/// (`domain::secret_box`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_endpoint_secrets")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub endpoint_id: i64,
    pub secret: String,
    pub created_at: DateTimeUtc,
    pub expires_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
