//! Inbound platform settings and status notifications (issue 12, items 3 and 5).
//!
//! - `inbound_platforms.updates_enabled` (default false): the partner's update call answers 403
//!   `updates_disabled` while it is off (DESIGN.md "Inbound API decisions").
//! - `inbound_platforms.webhook_url` / `webhook_url_test`: where the platform's reservation
//!   status notifications go, one URL per mode, like a shop's default webhook URLs (migrations
//!   3 and 4). No URL: the event is recorded as `no_url` and not sent.
//! - `inbound_platform_secrets`: the platform's signing secrets per mode, the same shape as
//!   `webhook_secrets` (encrypted at rest, several while one rotates out).
//! - `webhook_events.platform_id`: the notifications use the payment webhooks' outbox, runner,
//!   signature and attempt log. A row with a `platform_id` is a notification to that platform,
//!   signed with the platform's secrets; its other columns then hold the reservation's facts:
//!   `shop_id` the reservation's shop, `token` the reservation id, `payment_number` the origin
//!   number, `payment_status` the new status, `predefined_payment_id` 0. The merchant's event
//!   log (`GET /v3/webhook_events`) shows only rows without a `platform_id`.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum InboundPlatforms {
    Table,
    Id,
    UpdatesEnabled,
    WebhookUrl,
    WebhookUrlTest,
}

#[derive(DeriveIden)]
enum InboundPlatformSecrets {
    Table,
    Id,
    PlatformId,
    Livemode,
    Secret,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum WebhookEvents {
    Table,
    PlatformId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column per statement.
        manager
            .alter_table(
                Table::alter()
                    .table(InboundPlatforms::Table)
                    .add_column(boolean(InboundPlatforms::UpdatesEnabled).default(false))
                    .to_owned(),
            )
            .await?;
        for col in [
            InboundPlatforms::WebhookUrl,
            InboundPlatforms::WebhookUrlTest,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(InboundPlatforms::Table)
                        .add_column(text_null(col))
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(InboundPlatformSecrets::Table)
                    .col(big_pk_auto(InboundPlatformSecrets::Id))
                    .col(big_integer(InboundPlatformSecrets::PlatformId))
                    .col(boolean(InboundPlatformSecrets::Livemode))
                    .col(string(InboundPlatformSecrets::Secret))
                    .col(timestamp_with_time_zone(InboundPlatformSecrets::CreatedAt))
                    .col(timestamp_with_time_zone_null(
                        InboundPlatformSecrets::ExpiresAt,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_inbound_platform_secrets_platform")
                            .from(
                                InboundPlatformSecrets::Table,
                                InboundPlatformSecrets::PlatformId,
                            )
                            .to(InboundPlatforms::Table, InboundPlatforms::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_inbound_platform_secrets_platform_mode")
                    .table(InboundPlatformSecrets::Table)
                    .col(InboundPlatformSecrets::PlatformId)
                    .col(InboundPlatformSecrets::Livemode)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(WebhookEvents::Table)
                    .add_column(big_integer_null(WebhookEvents::PlatformId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_events_platform")
                    .table(WebhookEvents::Table)
                    .col(WebhookEvents::PlatformId)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("ix_webhook_events_platform")
                    .table(WebhookEvents::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(WebhookEvents::Table)
                    .drop_column(WebhookEvents::PlatformId)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(
                Table::drop()
                    .table(InboundPlatformSecrets::Table)
                    .to_owned(),
            )
            .await?;
        for col in [
            InboundPlatforms::WebhookUrlTest,
            InboundPlatforms::WebhookUrl,
            InboundPlatforms::UpdatesEnabled,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(InboundPlatforms::Table)
                        .drop_column(col)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
