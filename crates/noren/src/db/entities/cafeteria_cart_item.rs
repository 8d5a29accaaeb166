use sea_orm::entity::prelude::*;

/// An item of an order's shared cart, remembering the device that added it (`metadata` of the
/// call is not stored).
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
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
