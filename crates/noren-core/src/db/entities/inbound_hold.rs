use sea_orm::entity::prelude::*;

/// A hold on a slot's seats (migration 000016): active while `released_at` and
/// `reservation_id` are empty and `expires_at` is after now.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_holds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub platform_id: i64,
    pub shop_id: i64,
    pub livemode: bool,
    /// The partner's `Idempotency-Key`, unique per platform and mode.
    pub idempotency_key: Option<String>,
    /// SHA-256 hex of the canonical hold request.
    pub request_hash: String,
    pub start_at: DateTimeUtc,
    pub end_at: DateTimeUtc,
    pub number_of_guests: i32,
    /// The parent course of the requested courses.
    pub course_id: i64,
    /// The requested courses as JSON `[{"courseId": 1, "courseAmountRequested": 2}]`.
    pub courses: String,
    pub expires_at: DateTimeUtc,
    pub released_at: Option<DateTimeUtc>,
    /// The reservation the hold became.
    pub reservation_id: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
