//! Menu imports (issue 11, item 5): one row per `import-create`, keyed by its `object_id` (the
//! workbook's name in the object store), owned by a shop and a mode (test and live keys keep
//! separate imports). The import job writes its progress, report or error here; the `jobs` row
//! carries only the claim.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Shops {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum MenuImports {
    Table,
    Id,
    ObjectId,
    ShopId,
    Livemode,
    Status,
    Options,
    JobId,
    PerformAt,
    Progress,
    Result,
    Error,
    UploadExpiresAt,
    CreatedAt,
    UpdatedAt,
    FinishedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MenuImports::Table)
                    .col(big_pk_auto(MenuImports::Id))
                    .col(string(MenuImports::ObjectId))
                    .col(big_integer(MenuImports::ShopId))
                    .col(boolean(MenuImports::Livemode))
                    .col(string(MenuImports::Status))
                    .col(text_null(MenuImports::Options))
                    .col(big_integer_null(MenuImports::JobId))
                    .col(timestamp_with_time_zone_null(MenuImports::PerformAt))
                    .col(integer(MenuImports::Progress).default(0))
                    .col(text_null(MenuImports::Result))
                    .col(text_null(MenuImports::Error))
                    .col(timestamp_with_time_zone(MenuImports::UploadExpiresAt))
                    .col(timestamp_with_time_zone(MenuImports::CreatedAt))
                    .col(timestamp_with_time_zone(MenuImports::UpdatedAt))
                    .col(timestamp_with_time_zone_null(MenuImports::FinishedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(MenuImports::Table, MenuImports::ShopId)
                            .to(Shops::Table, Shops::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_menu_imports_object_id")
                    .table(MenuImports::Table)
                    .col(MenuImports::ObjectId)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(MenuImports::Table).to_owned())
            .await
    }
}
