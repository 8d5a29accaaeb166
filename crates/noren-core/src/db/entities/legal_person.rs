use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "legal_persons")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub company_name: String,
    pub company_email: String,
    #[sea_orm(unique)]
    pub contract_number: String,
    pub contract_date: Date,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
