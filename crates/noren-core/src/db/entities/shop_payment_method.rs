use sea_orm::entity::prelude::*;

/// A brand a shop offers at checkout, in display order.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "shop_payment_methods")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub payment_method: String,
    pub position: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
