use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "shops")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub legal_person_id: i64,
    #[sea_orm(unique)]
    pub number: String,
    pub name: String,
    pub name_ja: String,
    pub is_payable: bool,
    pub review_enabled: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Where live webhook events go when a payment names no `webhook_callback_url`.
    pub webhook_url: Option<String>,
    /// Where test webhook events go when a payment names no `webhook_callback_url`.
    pub webhook_url_test: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
