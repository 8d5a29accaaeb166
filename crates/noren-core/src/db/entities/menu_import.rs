use sea_orm::entity::prelude::*;

/// A menu import (`order::import`): its workbook is `imports/{object_id}.xlsx` in the object
/// store; its status, progress and report or error are what `import-state` answers.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "menu_imports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub object_id: String,
    pub shop_id: i64,
    pub livemode: bool,
    pub status: ImportStatus,
    /// The start call's options (JSON).
    pub options: Option<String>,
    pub job_id: Option<i64>,
    pub perform_at: Option<DateTimeUtc>,
    /// Percent.
    pub progress: i32,
    /// The report (JSON), when finished.
    pub result: Option<String>,
    pub error: Option<String>,
    pub upload_expires_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
}

/// Where an import is: `created` (its workbook may still change) → `scheduled` (started, its
/// job waits) → `running` → `finished` (with the report) or `failed` (with the error); a
/// scheduled import may be `cancelled`, and the latest finished one `reverted`. The text is what
/// `import-state` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum ImportStatus {
    #[sea_orm(string_value = "created")]
    Created,
    #[sea_orm(string_value = "scheduled")]
    Scheduled,
    #[sea_orm(string_value = "running")]
    Running,
    #[sea_orm(string_value = "finished")]
    Finished,
    #[sea_orm(string_value = "failed")]
    Failed,
    #[sea_orm(string_value = "cancelled")]
    Cancelled,
    /// Finished, then reverted: the catalogue is as it was before the import.
    #[sea_orm(string_value = "reverted")]
    Reverted,
}

impl ImportStatus {
    /// The stored and answered text.
    pub const fn as_str(self) -> &'static str {
        match self {
            ImportStatus::Created => "created",
            ImportStatus::Scheduled => "scheduled",
            ImportStatus::Running => "running",
            ImportStatus::Finished => "finished",
            ImportStatus::Failed => "failed",
            ImportStatus::Cancelled => "cancelled",
            ImportStatus::Reverted => "reverted",
        }
    }

    /// Over for good: finished, failed, cancelled or reverted.
    pub fn is_ended(self) -> bool {
        matches!(
            self,
            ImportStatus::Finished
                | ImportStatus::Failed
                | ImportStatus::Cancelled
                | ImportStatus::Reverted
        )
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
