use sea_orm::entity::prelude::*;

/// A time range in which a course can be ordered, `HH:MM` in **UTC** (shown in JST); `end_range` <= `start_range` crosses midnight. A course without rows can be ordered at any time.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_course_time_ranges")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub course_id: i64,
    pub shop_id: i64,
    pub start_range: String,
    pub end_range: String,
    pub sort_order: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
