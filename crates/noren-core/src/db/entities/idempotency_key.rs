use sea_orm::entity::prelude::*;

/// The first answer to a request sent with an `Idempotency-Key`, replayed for repeats.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "idempotency_keys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub livemode: bool,
    pub idem_key: String,
    /// Which call the key was used on (`create_online_payment`, `refund`, …).
    pub operation: String,
    /// SHA-256 of the request's parameters: the same key with other parameters is a 409.
    pub request_hash: String,
    /// `None` while the first request is still in flight.
    pub status_code: Option<i32>,
    pub response_body: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
