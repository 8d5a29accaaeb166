use sea_orm::entity::prelude::*;

/// An item of an order's shared cart, remembering the device that added it and the client's
/// `metadata` (migration 000007).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "cafeteria_cart_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: String,
    pub device_tag: String,
    pub shop_menu_id: i64,
    pub quantity: i32,
    /// JSON array of the chosen variations.
    pub variations: String,
    /// JSON object of the client's `metadata` (strings).
    pub metadata: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
