//! Checkout and webhooks: the brands each shop offers, registered mini-program app ids, webhook
//! secrets (several while one rotates out), each shop's default webhook URL, webhook events with
//! every delivery attempt, and the refund claim on a payment attempt.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Shops {
    Table,
    Id,
    WebhookUrl,
}

#[derive(DeriveIden)]
enum Payments {
    Table,
    RefundStartedAt,
}

#[derive(DeriveIden)]
enum ShopPaymentMethods {
    Table,
    Id,
    ShopId,
    PaymentMethod,
    Position,
}

#[derive(DeriveIden)]
enum MiniprogramApps {
    Table,
    Id,
    ShopId,
    Appid,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WebhookSecrets {
    Table,
    Id,
    ShopId,
    Secret,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum WebhookEvents {
    Table,
    Id,
    PublicId,
    ShopId,
    Livemode,
    PredefinedPaymentId,
    Token,
    PaymentNumber,
    PaymentStatus,
    Url,
    Body,
    Status,
    JobId,
    CreatedAt,
    UpdatedAt,
    DeliveredAt,
    NextAttemptAt,
}

#[derive(DeriveIden)]
enum WebhookAttempts {
    Table,
    Id,
    EventId,
    Attempt,
    StartedAt,
    DurationMs,
    StatusCode,
    Error,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column per statement.
        manager
            .alter_table(
                Table::alter()
                    .table(Shops::Table)
                    .add_column(text_null(Shops::WebhookUrl))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Payments::Table)
                    .add_column(timestamp_with_time_zone_null(Payments::RefundStartedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ShopPaymentMethods::Table)
                    .col(big_pk_auto(ShopPaymentMethods::Id))
                    .col(big_integer(ShopPaymentMethods::ShopId))
                    .col(string(ShopPaymentMethods::PaymentMethod))
                    .col(integer(ShopPaymentMethods::Position))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_shop_payment_methods_shop")
                            .from(ShopPaymentMethods::Table, ShopPaymentMethods::ShopId)
                            .to(Shops::Table, Shops::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_shop_payment_methods")
                    .table(ShopPaymentMethods::Table)
                    .col(ShopPaymentMethods::ShopId)
                    .col(ShopPaymentMethods::PaymentMethod)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MiniprogramApps::Table)
                    .col(big_pk_auto(MiniprogramApps::Id))
                    .col(big_integer(MiniprogramApps::ShopId))
                    .col(string(MiniprogramApps::Appid))
                    .col(timestamp_with_time_zone(MiniprogramApps::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_miniprogram_apps_shop")
                            .from(MiniprogramApps::Table, MiniprogramApps::ShopId)
                            .to(Shops::Table, Shops::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_miniprogram_apps")
                    .table(MiniprogramApps::Table)
                    .col(MiniprogramApps::ShopId)
                    .col(MiniprogramApps::Appid)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WebhookSecrets::Table)
                    .col(big_pk_auto(WebhookSecrets::Id))
                    .col(big_integer(WebhookSecrets::ShopId))
                    .col(string(WebhookSecrets::Secret))
                    .col(timestamp_with_time_zone(WebhookSecrets::CreatedAt))
                    .col(timestamp_with_time_zone_null(WebhookSecrets::ExpiresAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_webhook_secrets_shop")
                            .from(WebhookSecrets::Table, WebhookSecrets::ShopId)
                            .to(Shops::Table, Shops::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_secrets_shop")
                    .table(WebhookSecrets::Table)
                    .col(WebhookSecrets::ShopId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WebhookEvents::Table)
                    .col(big_pk_auto(WebhookEvents::Id))
                    .col(string_uniq(WebhookEvents::PublicId))
                    .col(big_integer(WebhookEvents::ShopId))
                    .col(boolean(WebhookEvents::Livemode))
                    .col(big_integer(WebhookEvents::PredefinedPaymentId))
                    .col(string(WebhookEvents::Token))
                    .col(string(WebhookEvents::PaymentNumber))
                    .col(string(WebhookEvents::PaymentStatus))
                    .col(text_null(WebhookEvents::Url))
                    .col(text(WebhookEvents::Body))
                    .col(string(WebhookEvents::Status))
                    .col(big_integer_null(WebhookEvents::JobId))
                    .col(timestamp_with_time_zone(WebhookEvents::CreatedAt))
                    .col(timestamp_with_time_zone(WebhookEvents::UpdatedAt))
                    .col(timestamp_with_time_zone_null(WebhookEvents::DeliveredAt))
                    .col(timestamp_with_time_zone_null(WebhookEvents::NextAttemptAt))
                    .to_owned(),
            )
            .await?;
        for (name, col) in [
            ("ix_webhook_events_shop", WebhookEvents::ShopId),
            ("ix_webhook_events_token", WebhookEvents::Token),
            (
                "ix_webhook_events_payment_number",
                WebhookEvents::PaymentNumber,
            ),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(WebhookEvents::Table)
                        .col(col)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(WebhookAttempts::Table)
                    .col(big_pk_auto(WebhookAttempts::Id))
                    .col(big_integer(WebhookAttempts::EventId))
                    .col(integer(WebhookAttempts::Attempt))
                    .col(timestamp_with_time_zone(WebhookAttempts::StartedAt))
                    .col(big_integer_null(WebhookAttempts::DurationMs))
                    .col(integer_null(WebhookAttempts::StatusCode))
                    .col(text_null(WebhookAttempts::Error))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_webhook_attempts_event")
                            .from(WebhookAttempts::Table, WebhookAttempts::EventId)
                            .to(WebhookEvents::Table, WebhookEvents::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_webhook_attempts")
                    .table(WebhookAttempts::Table)
                    .col(WebhookAttempts::EventId)
                    .col(WebhookAttempts::Attempt)
                    .unique()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            WebhookAttempts::Table.into_iden(),
            WebhookEvents::Table.into_iden(),
            WebhookSecrets::Table.into_iden(),
            MiniprogramApps::Table.into_iden(),
            ShopPaymentMethods::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Payments::Table)
                    .drop_column(Payments::RefundStartedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Shops::Table)
                    .drop_column(Shops::WebhookUrl)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}
