use sea_orm::entity::prelude::*;

/// A unit of background work (a webhook delivery, a scheduled import), claimed with row locks
/// so that several `noren` processes never run the same job twice (DESIGN.md "Scale-out").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub queue: String,
    /// JSON text, read by the queue's worker.
    pub payload: String,
    /// `pending`, `running`, `done`, `failed` or `cancelled`.
    pub status: String,
    pub run_at: DateTimeUtc,
    pub attempts: i32,
    pub max_attempts: i32,
    pub locked_by: Option<String>,
    pub locked_until: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
