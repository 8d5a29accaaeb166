//! Cart items keep the client's `metadata` (issue 11, the cart): the cart answer gives back what
//! the device put in, so the column holds the item's string map as a JSON object (`{}` for the
//! rows written before, which had none). Order lines still do not store it (seed 001 §3: "not
//! stored" is about the lines made from a menu creation item).

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CafeteriaCartItems {
    Table,
    Metadata,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(CafeteriaCartItems::Table)
                    .add_column(text(CafeteriaCartItems::Metadata).default("{}"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(CafeteriaCartItems::Table)
                    .drop_column(CafeteriaCartItems::Metadata)
                    .to_owned(),
            )
            .await
    }
}
