use sea_orm::entity::prelude::*;

/// A recovery of an endpoint's events of a time window (`POST …/webhook_endpoints/{id}/recover`):
/// the same window asked again within a day answers this one instead of queuing its events
/// twice.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_recoveries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `rcv_…`.
    #[sea_orm(unique)]
    pub public_id: String,
    pub endpoint_id: i64,
    pub since: DateTimeUtc,
    /// As asked: `None` when the call left it out (the window then ended at `created_at`).
    pub until: Option<DateTimeUtc>,
    /// Every event of the window, not only the failed ones.
    pub all: bool,
    /// How many deliveries it queued.
    pub queued: i32,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
