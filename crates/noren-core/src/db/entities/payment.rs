use sea_orm::entity::prelude::*;

/// One attempt to pay a predefined payment with one brand (seed 000 §3 "Payment").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub payment_number: String,
    pub predefined_payment_id: i64,
    pub shop_id: i64,
    pub livemode: bool,
    pub amount: i64,
    pub payment_method: String,
    /// 0 unpaid, 10 paid, 30 refunded, 90 canceled.
    pub status: i32,
    /// The seed's `type`: `online` for checkout payments.
    pub kind: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub paid_at: Option<DateTimeUtc>,
    pub refunded_at: Option<DateTimeUtc>,
    /// Set while a refund of this attempt is with the connector: the claim that lets exactly
    /// one of two concurrent refunds proceed.
    pub refund_started_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
