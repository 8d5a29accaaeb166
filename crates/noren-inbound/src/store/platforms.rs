//! An inbound platform's settings (migration 14): whether the partner's update call is on. Where
//! its reservation status notifications go is its webhook endpoints (`webhooks/endpoints.rs`;
//! the operator's URL of each mode is one of them since migration 22).

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

/// What `noren inbound platform set` changes in the platform's row; `None` leaves a value as
/// it is. (The notification URLs are the operator's endpoints since migration 22:
/// `webhooks::endpoints::set_by_operator`.)
#[derive(Clone, Debug, Default)]
pub struct PlatformSettings {
    pub updates_enabled: Option<bool>,
}

/// Changes the platform's settings; answers the platform as it is now (`None`: no such
/// platform).
pub async fn set_settings(
    db: &impl ConnectionTrait,
    platform_id: i64,
    s: &PlatformSettings,
) -> Result<Option<inbound_platform::Model>, DbErr> {
    if let Some(on) = s.updates_enabled {
        inbound_platform::Entity::update_many()
            .col_expr(inbound_platform::Column::UpdatesEnabled, Expr::value(on))
            .filter(inbound_platform::Column::Id.eq(platform_id))
            .exec(db)
            .await?;
    }
    inbound_platform::Entity::find_by_id(platform_id)
        .first(db)
        .await
}
