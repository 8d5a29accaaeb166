use sea_orm::entity::prelude::*;

/// An image of a shop (`kind` `main`, `food`, `interior`, `exterior`) or of a course (`kind` `course`, `course_id` set); the bytes are in the object store under `object_key`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_images")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub course_id: Option<i64>,
    pub kind: String,
    pub object_key: String,
    pub sort_order: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
