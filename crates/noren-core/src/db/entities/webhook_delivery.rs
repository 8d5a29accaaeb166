use sea_orm::entity::prelude::*;

pub use super::webhook_event::DeliveryStatus;

/// One event to one webhook endpoint: made when the event is, for each endpoint subscribed to
/// its type (a disabled one gets its row too, `skipped`, so that a recovery can send it later).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_deliveries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `webhook_events.id`.
    pub event_id: i64,
    /// `webhook_endpoints.id`.
    pub endpoint_id: i64,
    /// `pending`, `delivered`, `failed` or `skipped` (the endpoint was disabled).
    pub status: String,
    /// The job that delivers it (the latest, after a recovery).
    pub job_id: Option<i64>,
    pub next_attempt_at: Option<DateTimeUtc>,
    pub delivered_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
