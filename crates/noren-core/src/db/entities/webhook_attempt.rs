use sea_orm::entity::prelude::*;

/// One delivery attempt of a webhook event. Written before the request is sent, so an attempt
/// cut off by a crash stays on record (no status code, no duration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub event_id: i64,
    /// 1 for the first delivery; sent as `Noren-Delivery-Attempt`.
    pub attempt: i32,
    pub started_at: DateTimeUtc,
    pub duration_ms: Option<i64>,
    pub status_code: Option<i32>,
    pub error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
