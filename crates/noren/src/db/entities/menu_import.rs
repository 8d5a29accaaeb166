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
    /// `created`, `scheduled`, `running`, `finished`, `failed` or `cancelled`.
    pub status: String,
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

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
