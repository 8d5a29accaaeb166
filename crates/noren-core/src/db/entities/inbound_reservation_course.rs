use sea_orm::entity::prelude::*;

/// A course (or child course) of a reservation with its amount and unit prices.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_reservation_courses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub reservation_id: String,
    pub course_id: i64,
    pub amount: i32,
    /// Unit retail price.
    pub price: i64,
    /// Unit settlement price.
    pub settlement_price: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
