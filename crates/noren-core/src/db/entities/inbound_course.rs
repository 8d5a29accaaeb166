use sea_orm::entity::prelude::*;

/// A course of an inbound shop; `parent_course_id` set means a child course (a smaller portion with age limits).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_courses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub parent_course_id: Option<i64>,
    /// Internal name.
    pub course_name: String,
    /// Deprecated.
    pub course_desc: Option<String>,
    pub lower_age_limit: Option<i32>,
    pub upper_age_limit: Option<i32>,
    /// Max active reservations of the course.
    pub quantity_limit: Option<i32>,
    pub valid_from: Option<DateTimeUtc>,
    pub valid_to: Option<DateTimeUtc>,
    /// Deprecated `HH:mm`.
    pub order_start_time: Option<String>,
    /// Deprecated `HH:mm`.
    pub order_end_time: Option<String>,
    pub order_min: Option<i32>,
    pub order_max: Option<i32>,
    /// 0 or null: not applicable.
    pub suggested_retail_price: Option<i64>,
    pub settlement_price: i64,
    pub published: bool,
    pub sort_order: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
