use sea_orm::entity::prelude::*;

/// One opening of an inbound shop on a weekday (JST; 0 = Monday … 6 = Sunday). `end_time` <= `start_time` ends the next day.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_business_hours")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub weekday: i16,
    /// `HH:MM`, JST.
    pub start_time: String,
    /// `HH:MM`, JST.
    pub end_time: String,
    /// Last order time = end − this.
    pub last_order_cutoff_mins: i32,
    pub availability_desc: Option<String>,
    pub sort_order: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
