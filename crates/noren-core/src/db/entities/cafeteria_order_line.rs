use sea_orm::entity::prelude::*;

/// A line of a cafeteria order: what was appended, with name, unit price (variations priced
/// in) and tax rate as they were at the time.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "cafeteria_order_lines")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub order_id: String,
    pub shop_menu_id: i64,
    pub name: String,
    pub quantity: i32,
    /// Yen per unit, tax included.
    pub unit_price: i64,
    /// Percent: 10 or 8.
    pub tax_rate: i32,
    /// JSON array of the chosen variations.
    pub variations: String,
    pub group_tag: Option<String>,
    pub device_tag: Option<String>,
    pub is_option: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
