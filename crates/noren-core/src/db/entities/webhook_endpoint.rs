use sea_orm::entity::prelude::*;

/// A webhook endpoint (issue 34): a destination its owner manages over the API. The owner is a
/// shop in one mode (`owner_kind` `shop`, a merchant's key) or a partner platform in one mode
/// (`platform`, a partner key).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_endpoints")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `we_…`, the id the API answers.
    #[sea_orm(unique)]
    pub public_id: String,
    /// `shop` or `platform`.
    pub owner_kind: String,
    pub owner_id: i64,
    pub livemode: bool,
    pub url: String,
    pub description: Option<String>,
    /// A JSON array of event types, or `["*"]` for all.
    pub enabled_events: String,
    pub disabled: bool,
    /// Why Noren disabled it; `None` when enabled or disabled by its owner.
    pub disabled_reason: Option<String>,
    /// When the current run of failed deliveries began; `None` after a success.
    pub failing_since: Option<DateTimeUtc>,
    /// The endpoint `noren inbound platform set` manages (migration 22): at most one per
    /// platform and mode.
    pub set_by_operator: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
