use sea_orm::entity::prelude::*;

/// An owner's test clock (migration 23): while it exists, the owner's test mode runs on
/// `frozen_time` (`crate::clocks`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "test_clocks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `clock_…`, what the API shows.
    pub public_id: String,
    /// `shop` or `platform` (`webhooks::endpoints::OwnerKind`).
    pub owner_kind: String,
    pub owner_id: i64,
    pub name: Option<String>,
    pub frozen_time: DateTimeUtc,
    /// `ready` or `advancing`.
    pub status: String,
    pub advancing_to: Option<DateTimeUtc>,
    pub lease_until: Option<DateTimeUtc>,
    /// JSON counts of what the last advance ran, by kind.
    pub last_ran: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
