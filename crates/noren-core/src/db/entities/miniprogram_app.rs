use sea_orm::entity::prelude::*;

/// A mini-program app id registered for a shop (seed 000 §7, the wechatpay charge).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "miniprogram_apps")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub appid: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
