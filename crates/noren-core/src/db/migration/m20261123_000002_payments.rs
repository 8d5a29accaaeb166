//! Payment API tables: predefined payments, their payment attempts and each attempt's status
//! history, value-added services (tips), and idempotency records for creates and refunds.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Shops {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PredefinedPayments {
    Table,
    Id,
    Token,
    ShopId,
    Livemode,
    Amount,
    TipAmount,
    OrderNo,
    Custom,
    PaymentInterface,
    RedirectionUrl,
    WebhookCallbackUrl,
    TipVasEnabled,
    ExpiresAfter,
    Invalidated,
    Started,
    Fulfilled,
    PaymentMethod,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Payments {
    Table,
    Id,
    PaymentNumber,
    PredefinedPaymentId,
    ShopId,
    Livemode,
    Amount,
    PaymentMethod,
    Status,
    Kind,
    CreatedAt,
    UpdatedAt,
    PaidAt,
    RefundedAt,
}

#[derive(DeriveIden)]
enum PaymentHistory {
    Table,
    Id,
    PaymentId,
    Status,
    OperationTime,
}

#[derive(DeriveIden)]
enum ValueAddedServices {
    Table,
    Id,
    PredefinedPaymentId,
    Kind,
    State,
    Comment,
    Items,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum IdempotencyKeys {
    Table,
    Id,
    ShopId,
    Livemode,
    IdemKey,
    Operation,
    RequestHash,
    StatusCode,
    ResponseBody,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PredefinedPayments::Table)
                    .col(big_pk_auto(PredefinedPayments::Id))
                    .col(string_uniq(PredefinedPayments::Token))
                    .col(big_integer(PredefinedPayments::ShopId))
                    .col(boolean(PredefinedPayments::Livemode))
                    .col(big_integer(PredefinedPayments::Amount))
                    .col(big_integer(PredefinedPayments::TipAmount))
                    .col(string_null(PredefinedPayments::OrderNo))
                    .col(text_null(PredefinedPayments::Custom))
                    .col(string(PredefinedPayments::PaymentInterface))
                    .col(text_null(PredefinedPayments::RedirectionUrl))
                    .col(text_null(PredefinedPayments::WebhookCallbackUrl))
                    .col(boolean(PredefinedPayments::TipVasEnabled))
                    .col(big_integer_null(PredefinedPayments::ExpiresAfter))
                    .col(boolean(PredefinedPayments::Invalidated))
                    .col(boolean(PredefinedPayments::Started))
                    .col(boolean(PredefinedPayments::Fulfilled))
                    .col(string_null(PredefinedPayments::PaymentMethod))
                    .col(timestamp_with_time_zone(PredefinedPayments::CreatedAt))
                    .col(timestamp_with_time_zone(PredefinedPayments::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_predefined_payments_shop")
                            .from(PredefinedPayments::Table, PredefinedPayments::ShopId)
                            .to(Shops::Table, Shops::Id),
                    )
                    .to_owned(),
            )
            .await?;
        // DESIGN.md: order_no is unique per shop (and mode); NULLs never collide.
        manager
            .create_index(
                Index::create()
                    .name("ux_predefined_payments_order_no")
                    .table(PredefinedPayments::Table)
                    .col(PredefinedPayments::ShopId)
                    .col(PredefinedPayments::Livemode)
                    .col(PredefinedPayments::OrderNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        for (name, col) in [
            (
                "ix_predefined_payments_created",
                PredefinedPayments::CreatedAt,
            ),
            (
                "ix_predefined_payments_updated",
                PredefinedPayments::UpdatedAt,
            ),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(PredefinedPayments::Table)
                        .col(PredefinedPayments::ShopId)
                        .col(PredefinedPayments::Livemode)
                        .col(col)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(Payments::Table)
                    .col(big_pk_auto(Payments::Id))
                    .col(string_uniq(Payments::PaymentNumber))
                    .col(big_integer(Payments::PredefinedPaymentId))
                    .col(big_integer(Payments::ShopId))
                    .col(boolean(Payments::Livemode))
                    .col(big_integer(Payments::Amount))
                    .col(string(Payments::PaymentMethod))
                    .col(integer(Payments::Status))
                    .col(string(Payments::Kind))
                    .col(timestamp_with_time_zone(Payments::CreatedAt))
                    .col(timestamp_with_time_zone(Payments::UpdatedAt))
                    .col(timestamp_with_time_zone_null(Payments::PaidAt))
                    .col(timestamp_with_time_zone_null(Payments::RefundedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payments_predefined_payment")
                            .from(Payments::Table, Payments::PredefinedPaymentId)
                            .to(PredefinedPayments::Table, PredefinedPayments::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_payments_predefined_payment")
                    .table(Payments::Table)
                    .col(Payments::PredefinedPaymentId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PaymentHistory::Table)
                    .col(big_pk_auto(PaymentHistory::Id))
                    .col(big_integer(PaymentHistory::PaymentId))
                    .col(integer(PaymentHistory::Status))
                    .col(timestamp_with_time_zone(PaymentHistory::OperationTime))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_payment_history_payment")
                            .from(PaymentHistory::Table, PaymentHistory::PaymentId)
                            .to(Payments::Table, Payments::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_payment_history_payment")
                    .table(PaymentHistory::Table)
                    .col(PaymentHistory::PaymentId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ValueAddedServices::Table)
                    .col(big_pk_auto(ValueAddedServices::Id))
                    .col(big_integer(ValueAddedServices::PredefinedPaymentId))
                    .col(string(ValueAddedServices::Kind))
                    .col(string(ValueAddedServices::State))
                    .col(text_null(ValueAddedServices::Comment))
                    .col(text(ValueAddedServices::Items))
                    .col(timestamp_with_time_zone(ValueAddedServices::CreatedAt))
                    .col(timestamp_with_time_zone(ValueAddedServices::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_vas_predefined_payment")
                            .from(
                                ValueAddedServices::Table,
                                ValueAddedServices::PredefinedPaymentId,
                            )
                            .to(PredefinedPayments::Table, PredefinedPayments::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_vas_predefined_payment")
                    .table(ValueAddedServices::Table)
                    .col(ValueAddedServices::PredefinedPaymentId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(IdempotencyKeys::Table)
                    .col(big_pk_auto(IdempotencyKeys::Id))
                    .col(big_integer(IdempotencyKeys::ShopId))
                    .col(boolean(IdempotencyKeys::Livemode))
                    .col(string(IdempotencyKeys::IdemKey))
                    .col(string(IdempotencyKeys::Operation))
                    .col(string(IdempotencyKeys::RequestHash))
                    .col(integer_null(IdempotencyKeys::StatusCode))
                    .col(text_null(IdempotencyKeys::ResponseBody))
                    .col(timestamp_with_time_zone(IdempotencyKeys::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_idempotency_keys")
                    .table(IdempotencyKeys::Table)
                    .col(IdempotencyKeys::ShopId)
                    .col(IdempotencyKeys::Livemode)
                    .col(IdempotencyKeys::IdemKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            IdempotencyKeys::Table.into_iden(),
            ValueAddedServices::Table.into_iden(),
            PaymentHistory::Table.into_iden(),
            Payments::Table.into_iden(),
            PredefinedPayments::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
