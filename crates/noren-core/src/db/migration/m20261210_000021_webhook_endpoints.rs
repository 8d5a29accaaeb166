//! Webhook endpoints (issue 34): destinations that merchants (a shop in one mode) and partner
//! platforms (a platform in one mode) manage over the API, each with its own signing secrets,
//! a delivery per event it subscribes to, and a log of every attempt with the receiver's answer.
//!
//! - `webhook_endpoints`: the owner (`owner_kind` `shop` or `platform`, `owner_id`, `livemode`),
//!   the `url`, `enabled_events` (a JSON array of event types, or `["*"]`), a description,
//!   `disabled` (by the owner, or by Noren after 5 days of failures: `disabled_reason`), and
//!   `failing_since` (the first failure of the current run of failures).
//! - `webhook_endpoint_secrets`: as `webhook_secrets`, per endpoint; sealed at rest.
//! - `webhook_deliveries`: one event to one endpoint: its status and delivery job.
//! - `webhook_delivery_attempts`: the log (request headers sent, the answer's status, headers and
//!   first 4 KiB of body, the duration or the network error), kept 30 days.
//! - `webhook_recoveries`: each recovery of a time window (`POST …/recover`; `until` null when
//!   the call left it out), so that the same window asked again within a day answers the first
//!   recovery instead of sending its events twice, and recoveries are limited per hour.
//! - `webhook_events.event_type` (`payment.paid`, `reservation.confirmed`, …; filled in for the
//!   events already kept) and `webhook_events.is_test` (the endpoint's test events).
//!
//! No foreign keys: an endpoint's rows are deleted with it by the code, on both engines alike.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum WebhookEndpoints {
    Table,
    Id,
    PublicId,
    OwnerKind,
    OwnerId,
    Livemode,
    Url,
    Description,
    EnabledEvents,
    Disabled,
    DisabledReason,
    FailingSince,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum WebhookEndpointSecrets {
    Table,
    Id,
    EndpointId,
    Secret,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum WebhookDeliveries {
    Table,
    Id,
    EventId,
    EndpointId,
    Status,
    JobId,
    NextAttemptAt,
    DeliveredAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum WebhookDeliveryAttempts {
    Table,
    Id,
    DeliveryId,
    EndpointId,
    EventId,
    EventPublicId,
    EventType,
    Attempt,
    StartedAt,
    Outcome,
    DurationMs,
    StatusCode,
    Error,
    RequestHeaders,
    ResponseHeaders,
    ResponseBody,
}

#[derive(DeriveIden, Clone, Copy)]
enum WebhookRecoveries {
    Table,
    Id,
    PublicId,
    EndpointId,
    Since,
    Until,
    All,
    Queued,
    CreatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum WebhookEvents {
    Table,
    EventType,
    IsTest,
    PaymentStatus,
    PlatformId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use WebhookEndpoints as E;
        manager
            .create_table(
                Table::create()
                    .table(E::Table)
                    .col(big_pk_auto(E::Id))
                    .col(string_len_uniq(E::PublicId, 40))
                    .col(string_len(E::OwnerKind, 16))
                    .col(big_integer(E::OwnerId))
                    .col(boolean(E::Livemode))
                    .col(text(E::Url))
                    .col(text_null(E::Description))
                    .col(text(E::EnabledEvents))
                    .col(boolean(E::Disabled).default(false))
                    .col(text_null(E::DisabledReason))
                    .col(timestamp_with_time_zone_null(E::FailingSince))
                    .col(timestamp_with_time_zone(E::CreatedAt))
                    .col(timestamp_with_time_zone(E::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_endpoints_owner")
                    .table(E::Table)
                    .col(E::OwnerKind)
                    .col(E::OwnerId)
                    .col(E::Livemode)
                    .to_owned(),
            )
            .await?;
        use WebhookEndpointSecrets as S;
        manager
            .create_table(
                Table::create()
                    .table(S::Table)
                    .col(big_pk_auto(S::Id))
                    .col(big_integer(S::EndpointId))
                    .col(text(S::Secret))
                    .col(timestamp_with_time_zone(S::CreatedAt))
                    .col(timestamp_with_time_zone_null(S::ExpiresAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_endpoint_secrets_endpoint")
                    .table(S::Table)
                    .col(S::EndpointId)
                    .to_owned(),
            )
            .await?;
        use WebhookDeliveries as D;
        manager
            .create_table(
                Table::create()
                    .table(D::Table)
                    .col(big_pk_auto(D::Id))
                    .col(big_integer(D::EventId))
                    .col(big_integer(D::EndpointId))
                    .col(string_len(D::Status, 16))
                    .col(big_integer_null(D::JobId))
                    .col(timestamp_with_time_zone_null(D::NextAttemptAt))
                    .col(timestamp_with_time_zone_null(D::DeliveredAt))
                    .col(timestamp_with_time_zone(D::CreatedAt))
                    .col(timestamp_with_time_zone(D::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_webhook_deliveries_event_endpoint")
                    .table(D::Table)
                    .col(D::EventId)
                    .col(D::EndpointId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_deliveries_endpoint_created")
                    .table(D::Table)
                    .col(D::EndpointId)
                    .col(D::CreatedAt)
                    .to_owned(),
            )
            .await?;
        use WebhookDeliveryAttempts as A;
        manager
            .create_table(
                Table::create()
                    .table(A::Table)
                    .col(big_pk_auto(A::Id))
                    .col(big_integer(A::DeliveryId))
                    .col(big_integer(A::EndpointId))
                    .col(big_integer(A::EventId))
                    .col(string_len(A::EventPublicId, 40))
                    .col(string_len(A::EventType, 64))
                    .col(integer(A::Attempt))
                    .col(timestamp_with_time_zone(A::StartedAt))
                    .col(string_len(A::Outcome, 16))
                    .col(big_integer_null(A::DurationMs))
                    .col(integer_null(A::StatusCode))
                    .col(text_null(A::Error))
                    .col(text(A::RequestHeaders))
                    .col(text_null(A::ResponseHeaders))
                    .col(text_null(A::ResponseBody))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_webhook_delivery_attempts_delivery")
                    .table(A::Table)
                    .col(A::DeliveryId)
                    .col(A::Attempt)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_delivery_attempts_endpoint")
                    .table(A::Table)
                    .col(A::EndpointId)
                    .col(A::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_delivery_attempts_started")
                    .table(A::Table)
                    .col(A::StartedAt)
                    .to_owned(),
            )
            .await?;
        use WebhookRecoveries as R;
        manager
            .create_table(
                Table::create()
                    .table(R::Table)
                    .col(big_pk_auto(R::Id))
                    .col(string_len_uniq(R::PublicId, 40))
                    .col(big_integer(R::EndpointId))
                    .col(timestamp_with_time_zone(R::Since))
                    .col(timestamp_with_time_zone_null(R::Until))
                    .col(boolean(R::All))
                    .col(integer(R::Queued))
                    .col(timestamp_with_time_zone(R::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_webhook_recoveries_endpoint")
                    .table(R::Table)
                    .col(R::EndpointId)
                    .col(R::CreatedAt)
                    .to_owned(),
            )
            .await?;
        use WebhookEvents as W;
        manager
            .alter_table(
                Table::alter()
                    .table(W::Table)
                    .add_column(string_len_null(W::EventType, 64))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(W::Table)
                    .add_column(boolean(W::IsTest).default(false))
                    .to_owned(),
            )
            .await?;
        // The types of the events already kept: a payment's from its status, a reservation
        // notification's from the status it moved to (`webhooks::event::reservation_type`).
        let payment = Query::update()
            .table(W::Table)
            // `||` concatenates on SQLite and PostgreSQL alike.
            .value(W::EventType, Expr::cust("'payment.' || payment_status"))
            .and_where(Expr::col(W::PlatformId).is_null())
            .to_owned();
        manager.exec_stmt(payment).await?;
        for (statuses, kind) in [
            (&["SUCCESS"][..], "reservation.confirmed"),
            (&["NOT_AVAILABLE"][..], "reservation.rejected"),
            (
                &["CANCELLED", "CANCELLED_NO_REFUND", "CANCELLED_HALF_REFUND"][..],
                "reservation.cancelled",
            ),
        ] {
            let update = Query::update()
                .table(W::Table)
                .value(W::EventType, kind)
                .and_where(Expr::col(W::PlatformId).is_not_null())
                .and_where(Expr::col(W::PaymentStatus).is_in(statuses.iter().copied()))
                .to_owned();
            manager.exec_stmt(update).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [WebhookEvents::IsTest, WebhookEvents::EventType] {
            manager
                .alter_table(
                    Table::alter()
                        .table(WebhookEvents::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .drop_table(Table::drop().table(WebhookRecoveries::Table).to_owned())
            .await?;
        manager
            .drop_table(
                Table::drop()
                    .table(WebhookDeliveryAttempts::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(WebhookDeliveries::Table).to_owned())
            .await?;
        manager
            .drop_table(
                Table::drop()
                    .table(WebhookEndpointSecrets::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(WebhookEndpoints::Table).to_owned())
            .await
    }
}
