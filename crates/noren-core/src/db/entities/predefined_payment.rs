use sea_orm::entity::prelude::*;

/// A payment the merchant defined, with its checkout link (seed 000 §3 "PredefinedPayment").
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "predefined_payments")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub token: String,
    pub shop_id: i64,
    /// False for data made with test keys.
    pub livemode: bool,
    pub amount: i64,
    /// The tip (value-added services) in yen; `amount_total` is `amount + tip_amount`.
    pub tip_amount: i64,
    pub order_no: Option<String>,
    pub custom: Option<String>,
    pub payment_interface: String,
    pub redirection_url: Option<String>,
    pub webhook_callback_url: Option<String>,
    pub tip_vas_enabled: bool,
    /// Seconds after creation when the payment expires; `None` or 0: never.
    pub expires_after: Option<i64>,
    pub invalidated: bool,
    pub started: bool,
    pub fulfilled: bool,
    /// The brand of the latest attempt.
    pub payment_method: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
