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
    pub status: JobStatus,
    pub run_at: DateTimeUtc,
    pub attempts: i32,
    pub max_attempts: i32,
    pub locked_by: Option<String>,
    pub locked_until: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The test clock whose time this job waits for (migration 23): while it has one, the job
    /// is `clocked` instead of `pending`, and an advance of that clock runs it.
    pub clock_id: Option<i64>,
}

/// Where a job is: `pending` (waiting for `run_at`) → `running` (claimed, under a lease) →
/// `done`, `failed` or `cancelled`; a retry goes back to `pending`, and a running job whose
/// lease ran out is claimed again. A job of a test clock waits as `clocked` instead of
/// `pending`: no runner's claim takes it; an advance of its clock runs it (`crate::clocks`).
/// Stored as its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum JobStatus {
    #[sea_orm(string_value = "pending")]
    Pending,
    #[sea_orm(string_value = "running")]
    Running,
    #[sea_orm(string_value = "done")]
    Done,
    #[sea_orm(string_value = "failed")]
    Failed,
    #[sea_orm(string_value = "cancelled")]
    Cancelled,
    #[sea_orm(string_value = "clocked")]
    Clocked,
}

impl JobStatus {
    /// The stored text.
    pub const fn as_str(self) -> &'static str {
        match self {
            JobStatus::Pending => "pending",
            JobStatus::Running => "running",
            JobStatus::Done => "done",
            JobStatus::Failed => "failed",
            JobStatus::Cancelled => "cancelled",
            JobStatus::Clocked => "clocked",
        }
    }
}

impl std::fmt::Display for JobStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
