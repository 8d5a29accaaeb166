//! An inbound platform's settings (migration 14): whether the partner's update call is on, and
//! where its reservation status notifications go (one URL per mode). The signing secrets are in
//! `webhooks/store.rs` with the shops' ones.

use noren_core::db::entities::inbound_platform;
use noren_core::db::repo::SelectFirst;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};

/// Whether the platform's update call is on (false for an unknown platform).
pub async fn updates_enabled(db: &impl ConnectionTrait, platform_id: i64) -> Result<bool, DbErr> {
    let on: Option<bool> = inbound_platform::Entity::find_by_id(platform_id)
        .select_only()
        .column(inbound_platform::Column::UpdatesEnabled)
        .into_tuple()
        .one(db)
        .await?;
    Ok(on.unwrap_or(false))
}

/// What `noren inbound platform set` changes; `None` leaves a value as it is, and a URL of
/// `Some(None)` clears it.
#[derive(Clone, Debug, Default)]
pub struct PlatformSettings {
    pub webhook_url: Option<Option<String>>,
    pub webhook_url_test: Option<Option<String>>,
    pub updates_enabled: Option<bool>,
}

/// Changes the platform's settings; answers the platform as it is now (`None`: no such
/// platform).
pub async fn set_settings(
    db: &impl ConnectionTrait,
    platform_id: i64,
    s: &PlatformSettings,
) -> Result<Option<inbound_platform::Model>, DbErr> {
    let mut update = inbound_platform::Entity::update_many();
    let mut any = false;
    if let Some(url) = &s.webhook_url {
        update = update.col_expr(
            inbound_platform::Column::WebhookUrl,
            Expr::value(url.clone()),
        );
        any = true;
    }
    if let Some(url) = &s.webhook_url_test {
        update = update.col_expr(
            inbound_platform::Column::WebhookUrlTest,
            Expr::value(url.clone()),
        );
        any = true;
    }
    if let Some(on) = s.updates_enabled {
        update = update.col_expr(inbound_platform::Column::UpdatesEnabled, Expr::value(on));
        any = true;
    }
    if any {
        update
            .filter(inbound_platform::Column::Id.eq(platform_id))
            .exec(db)
            .await?;
    }
    inbound_platform::Entity::find_by_id(platform_id)
        .first(db)
        .await
}
