use sea_orm::entity::prelude::*;

/// A webhook event (seed 000 §3) and where its delivery stands.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `evt_…`, sent as `Noren-Event-Id`.
    #[sea_orm(unique)]
    pub public_id: String,
    pub shop_id: i64,
    pub livemode: bool,
    pub predefined_payment_id: i64,
    pub token: String,
    pub payment_number: String,
    /// `paid` or `refunded`.
    pub payment_status: String,
    /// Where it is delivered; `None` when neither the payment nor the shop has a URL.
    pub url: Option<String>,
    /// The exact JSON body that is signed and sent.
    pub body: String,
    pub status: DeliveryStatus,
    /// The job that delivers it (the latest, after a redelivery).
    pub job_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub delivered_at: Option<DateTimeUtc>,
    pub next_attempt_at: Option<DateTimeUtc>,
    /// Set for a reservation status notification to this inbound platform (migration 14):
    /// then `token` is the reservation id, `payment_number` its origin number,
    /// `payment_status` the new status and `predefined_payment_id` 0.
    pub platform_id: Option<i64>,
    /// `payment.paid`, `payment.refunded`, `reservation.confirmed`, … (migration 21).
    pub event_type: Option<String>,
    /// An endpoint's test event (`POST …/webhook_endpoints/{id}/test`): never in the event log.
    pub is_test: bool,
}

/// Where an event's delivery is: `pending` (its job will send it, or sends it again) →
/// `delivered` or `failed`; `no_url` when neither the payment nor the shop has a URL (nothing
/// is sent until one is set and the event is redelivered). The text is what the event log
/// answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, EnumIter, DeriveActiveEnum)]
#[sea_orm(rs_type = "String", db_type = "String(StringLen::None)")]
pub enum DeliveryStatus {
    #[sea_orm(string_value = "pending")]
    Pending,
    #[sea_orm(string_value = "delivered")]
    Delivered,
    #[sea_orm(string_value = "failed")]
    Failed,
    #[sea_orm(string_value = "no_url")]
    NoUrl,
}

impl DeliveryStatus {
    /// The stored and answered text.
    pub const fn as_str(self) -> &'static str {
        match self {
            DeliveryStatus::Pending => "pending",
            DeliveryStatus::Delivered => "delivered",
            DeliveryStatus::Failed => "failed",
            DeliveryStatus::NoUrl => "no_url",
        }
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
