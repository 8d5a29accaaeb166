use sea_orm::entity::prelude::*;

/// One attempt of a delivery to an endpoint: the endpoint's delivery log. Written before the
/// request is sent (`outcome` `pending`), finished with the answer; kept 30 days.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_delivery_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub delivery_id: i64,
    pub endpoint_id: i64,
    /// `webhook_events.id`.
    pub event_id: i64,
    /// `evt_…`.
    pub event_public_id: String,
    pub event_type: String,
    /// 1 for the first.
    pub attempt: i32,
    pub started_at: DateTimeUtc,
    /// `pending` (being sent, or cut off), `succeeded` (2xx) or `failed`.
    pub outcome: String,
    pub duration_ms: Option<i64>,
    pub status_code: Option<i32>,
    /// Why it failed: the answer's status, or the network error when there was none.
    pub error: Option<String>,
    /// The request's headers, a JSON object (signatures, no secret).
    pub request_headers: String,
    /// The answer's headers, a JSON object; `None` without an answer.
    pub response_headers: Option<String>,
    /// The answer's first 4 KiB, as text.
    pub response_body: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
