use sea_orm::entity::prelude::*;

/// An inbound shop's texts in one language (`shopI18n`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_shop_texts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub lang: String,
    pub shop_name: String,
    pub shop_description: Option<String>,
    pub formatted_address: Option<String>,
    pub international_phone_number: Option<String>,
    pub address_state: Option<String>,
    pub address_city: Option<String>,
    pub address_town: Option<String>,
    pub address_postal_code: Option<String>,
    pub precaution: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
