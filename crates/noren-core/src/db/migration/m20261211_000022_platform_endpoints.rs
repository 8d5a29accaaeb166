//! The partner platforms' notification URLs become webhook endpoints (issue 34, item 1).
//!
//! Until now an operator set one URL per platform and mode (`noren inbound platform set
//! --webhook-url[-test]`, migration 14), signed with the platform's secrets of that mode. Now a
//! platform's notifications go only to its endpoints, so each URL becomes one:
//!
//! - `webhook_endpoints.set_by_operator` (default false): the endpoint `noren inbound platform
//!   set` manages, at most one per platform and mode. The partner sees it in its list like any
//!   other and may change or delete it.
//! - For each platform and mode with a URL: an endpoint at that URL subscribed to `*` (every
//!   notification, as the URL received), enabled, described as moved from the operator's
//!   setting; its secrets are the platform's secrets of that mode, copied as they are (the same
//!   sealed values, the same `expires_at`), so a receiver verifies the next notification with
//!   the secret it already has. Then the URL columns are cleared: nothing reads them any more.
//! - Notifications already queued for a URL are delivered as they were queued (their rows hold
//!   the URL, the platform's secrets stay), so none is lost or sent twice.
//!
//! The data move uses no entity (it must read and write these columns as they are here).

use rand::distr::{Alphanumeric, SampleString};
use sea_orm::ConnectionTrait;
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
    CreatedAt,
    UpdatedAt,
    SetByOperator,
}

#[derive(DeriveIden, Clone, Copy)]
enum WebhookEndpointSecrets {
    Table,
    EndpointId,
    Secret,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundPlatforms {
    Table,
    Id,
    WebhookUrl,
    WebhookUrlTest,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundPlatformSecrets {
    Table,
    Id,
    PlatformId,
    Livemode,
    Secret,
    CreatedAt,
    ExpiresAt,
}

/// A public endpoint id as `webhooks::endpoints` makes them: `we_` and 24 random alphanumerics
/// (written here: a migration does not import the code above the database).
fn new_endpoint_id() -> String {
    format!("we_{}", Alphanumeric.sample_string(&mut rand::rng(), 24))
}

/// The description a moved URL's endpoint gets.
pub const MOVED_DESCRIPTION: &str = "Set by the operator (noren inbound platform set)";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    /// All or nothing on SQLite too (PostgreSQL wraps every migration): a move cut off half
    /// way would leave endpoints with the URLs still set, and the column added for a second run
    /// to fail on.
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use WebhookEndpoints as E;
        manager
            .alter_table(
                Table::alter()
                    .table(E::Table)
                    .add_column(boolean(E::SetByOperator).default(false))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        let backend = manager.get_database_backend();
        let urls = db
            .query_all_raw(
                backend.build(
                    Query::select()
                        .columns([
                            InboundPlatforms::Id,
                            InboundPlatforms::WebhookUrl,
                            InboundPlatforms::WebhookUrlTest,
                        ])
                        .from(InboundPlatforms::Table)
                        .cond_where(
                            Cond::any()
                                .add(Expr::col(InboundPlatforms::WebhookUrl).is_not_null())
                                .add(Expr::col(InboundPlatforms::WebhookUrlTest).is_not_null()),
                        )
                        .order_by(InboundPlatforms::Id, Order::Asc),
                ),
            )
            .await?;
        let now = chrono::Utc::now();
        for row in urls {
            let platform: i64 = row.try_get("", "id")?;
            for (livemode, column) in [(true, "webhook_url"), (false, "webhook_url_test")] {
                let Some(url) = row.try_get::<Option<String>>("", column)? else {
                    continue;
                };
                let public_id = new_endpoint_id();
                db.execute_raw(
                    backend.build(
                        Query::insert()
                            .into_table(E::Table)
                            .columns([
                                E::PublicId,
                                E::OwnerKind,
                                E::OwnerId,
                                E::Livemode,
                                E::Url,
                                E::Description,
                                E::EnabledEvents,
                                E::Disabled,
                                E::CreatedAt,
                                E::UpdatedAt,
                                E::SetByOperator,
                            ])
                            .values_panic([
                                public_id.clone().into(),
                                "platform".into(),
                                platform.into(),
                                livemode.into(),
                                url.into(),
                                MOVED_DESCRIPTION.into(),
                                r#"["*"]"#.into(),
                                false.into(),
                                now.into(),
                                now.into(),
                                true.into(),
                            ]),
                    ),
                )
                .await?;
                let endpoint = db
                    .query_one_raw(
                        backend.build(
                            Query::select()
                                .column(E::Id)
                                .from(E::Table)
                                .and_where(Expr::col(E::PublicId).eq(public_id)),
                        ),
                    )
                    .await?
                    .ok_or_else(|| DbErr::Custom("the moved endpoint is not there".into()))?;
                let endpoint: i64 = endpoint.try_get("", "id")?;
                // The platform's secrets of the mode, oldest first, so that the current one
                // keeps the highest id (the endpoint's secret version) as it had.
                let secrets = db
                    .query_all_raw(
                        backend.build(
                            Query::select()
                                .columns([
                                    InboundPlatformSecrets::Secret,
                                    InboundPlatformSecrets::CreatedAt,
                                    InboundPlatformSecrets::ExpiresAt,
                                ])
                                .from(InboundPlatformSecrets::Table)
                                .and_where(
                                    Expr::col(InboundPlatformSecrets::PlatformId).eq(platform),
                                )
                                .and_where(Expr::col(InboundPlatformSecrets::Livemode).eq(livemode))
                                .order_by(InboundPlatformSecrets::Id, Order::Asc),
                        ),
                    )
                    .await?;
                for s in secrets {
                    let secret: String = s.try_get("", "secret")?;
                    let created: chrono::DateTime<chrono::Utc> = s.try_get("", "created_at")?;
                    let expires: Option<chrono::DateTime<chrono::Utc>> =
                        s.try_get("", "expires_at")?;
                    use WebhookEndpointSecrets as S;
                    db.execute_raw(
                        backend.build(
                            Query::insert()
                                .into_table(S::Table)
                                .columns([S::EndpointId, S::Secret, S::CreatedAt, S::ExpiresAt])
                                .values_panic([
                                    endpoint.into(),
                                    secret.into(),
                                    created.into(),
                                    expires.into(),
                                ]),
                        ),
                    )
                    .await?;
                }
            }
        }
        db.execute_raw(
            backend.build(
                Query::update()
                    .table(InboundPlatforms::Table)
                    .value(InboundPlatforms::WebhookUrl, Option::<String>::None)
                    .value(InboundPlatforms::WebhookUrlTest, Option::<String>::None),
            ),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(WebhookEndpoints::Table)
                    .drop_column(WebhookEndpoints::SetByOperator)
                    .to_owned(),
            )
            .await
    }
}
