//! Import revert (issue 20, item 9): an import that changes a shop's catalogue keeps the
//! catalogue as it was just before, written in the import's own transaction, so that
//! `import-revert` can put it back exactly (the same rows with the same ids). A later import of
//! the shop has a larger `id`; only the latest can be reverted. The row goes once reverted.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum MenuImports {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum MenuImportSnapshots {
    Table,
    Id,
    ImportId,
    ShopId,
    Catalog,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MenuImportSnapshots::Table)
                    .col(big_pk_auto(MenuImportSnapshots::Id))
                    .col(big_integer(MenuImportSnapshots::ImportId).unique_key())
                    .col(big_integer(MenuImportSnapshots::ShopId))
                    .col(text(MenuImportSnapshots::Catalog))
                    .col(timestamp_with_time_zone(MenuImportSnapshots::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(MenuImportSnapshots::Table, MenuImportSnapshots::ImportId)
                            .to(MenuImports::Table, MenuImports::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_menu_import_snapshots_shop")
                    .table(MenuImportSnapshots::Table)
                    .col(MenuImportSnapshots::ShopId)
                    .col(MenuImportSnapshots::Id)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(MenuImportSnapshots::Table).to_owned())
            .await
    }
}
