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
    /// `pending`, `delivered`, `failed` or `no_url`.
    pub status: String,
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
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
