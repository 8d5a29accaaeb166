use sea_orm::entity::prelude::*;

/// A dine-in cafeteria order (seed 001 §3, §4). `id` is unguessable; `number` is unique per
/// shop and mode and is the payment's `order_no`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "cafeteria_orders")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub shop_id: i64,
    pub number: String,
    pub livemode: bool,
    /// Seed 001 §4: 0, 1, 2, 5, 10, 15, 20, 30, 90.
    pub status: i32,
    /// Yen, tax included.
    pub amount: i64,
    pub memo: Option<String>,
    pub name_phonetic: Option<String>,
    pub mutable: bool,
    /// The customer token; compared in constant time.
    pub mutable_token: Option<String>,
    pub table_number: Option<String>,
    pub phone_number: Option<String>,
    pub email: Option<String>,
    pub membership_number: Option<String>,
    /// JSON object of the admin call's `extraParams`.
    pub extra_params: String,
    pub pay_offline: bool,
    pub message_to: Option<String>,
    pub payment_method: Option<String>,
    /// The predefined payment made at finalize.
    pub predefined_payment_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
