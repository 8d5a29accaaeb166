use sea_orm::entity::prelude::*;

/// A reservation made by a partner platform (`livemode` from the partner key's family).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_reservations")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub platform_id: i64,
    pub shop_id: i64,
    pub livemode: bool,
    pub origin_number: String,
    /// SHA-256 hex of the canonical create request.
    pub request_hash: String,
    pub status: String,
    pub start_at: DateTimeUtc,
    pub end_at: DateTimeUtc,
    pub number_of_guests: i32,
    /// The parent course.
    pub course_id: i64,
    pub guest_first_name: String,
    pub guest_last_name: String,
    pub guest_phone: Option<String>,
    pub guest_email: Option<String>,
    pub remark: Option<String>,
    pub cancel_remark: Option<String>,
    /// 0 unread, 1 read.
    pub remark_status: i16,
    pub price_total: i64,
    pub total_settlement_price: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
