use sea_orm::entity::prelude::*;

/// A partner platform of the inbound API; `code` is the `{platform}` path value.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_platforms")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub name: String,
    pub created_at: DateTimeUtc,
    /// Whether the partner's update call is on (migration 14; off by default).
    pub updates_enabled: bool,
    /// Where live reservation status notifications went (migration 14). Empty since migration
    /// 22 moved each URL to an endpoint (`webhook_endpoints.set_by_operator`); nothing reads it.
    pub webhook_url: Option<String>,
    /// As `webhook_url`, for test mode.
    pub webhook_url_test: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
