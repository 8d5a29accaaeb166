//! Test and live never mix (issue 9, items 1 and 9): webhook secrets get a mode, shops get a
//! default webhook URL for test events beside the live one, and mini-program charges get their
//! own signing keys (per shop and mode) instead of the webhook secret.
//!
//! Rows written before: a secret served both modes, so it becomes the **live** secret (the one
//! production receivers verify with); test mode gets a new secret when it first needs one. The
//! shop's `webhook_url` stays the live default; the test default starts empty, so test events
//! never reach a production receiver by default. Secrets already stored in plaintext keep
//! working: the code reads a value without the `v1:` prefix as plaintext.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Shops {
    Table,
    Id,
    WebhookUrlTest,
}

#[derive(DeriveIden)]
enum WebhookSecrets {
    Table,
    ShopId,
    Livemode,
}

#[derive(DeriveIden)]
enum MiniprogramKeys {
    Table,
    Id,
    ShopId,
    Livemode,
    Secret,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(WebhookSecrets::Table)
                    .add_column(boolean(WebhookSecrets::Livemode).default(true))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_secrets_shop_mode")
                    .table(WebhookSecrets::Table)
                    .col(WebhookSecrets::ShopId)
                    .col(WebhookSecrets::Livemode)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Shops::Table)
                    .add_column(text_null(Shops::WebhookUrlTest))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MiniprogramKeys::Table)
                    .col(big_pk_auto(MiniprogramKeys::Id))
                    .col(big_integer(MiniprogramKeys::ShopId))
                    .col(boolean(MiniprogramKeys::Livemode))
                    .col(string(MiniprogramKeys::Secret))
                    .col(timestamp_with_time_zone(MiniprogramKeys::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_miniprogram_keys_shop")
                            .from(MiniprogramKeys::Table, MiniprogramKeys::ShopId)
                            .to(Shops::Table, Shops::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_miniprogram_keys")
                    .table(MiniprogramKeys::Table)
                    .col(MiniprogramKeys::ShopId)
                    .col(MiniprogramKeys::Livemode)
                    .unique()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(MiniprogramKeys::Table).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Shops::Table)
                    .drop_column(Shops::WebhookUrlTest)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("ix_webhook_secrets_shop_mode")
                    .table(WebhookSecrets::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(WebhookSecrets::Table)
                    .drop_column(WebhookSecrets::Livemode)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}
