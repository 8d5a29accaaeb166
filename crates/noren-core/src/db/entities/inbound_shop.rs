use sea_orm::entity::prelude::*;

/// An inbound shop's settings: a merchant shop (`shop_id` → `shops.id`) that partners can book. Texts per language are in `inbound_shop_texts`.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_shops")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub shop_id: i64,
    pub name_ja: String,
    /// Deprecated `nameEn`.
    pub name_en: Option<String>,
    /// Deprecated top-level address parts (Japanese).
    pub address_state: Option<String>,
    pub address_city: Option<String>,
    pub address_town: Option<String>,
    pub address_postal_code: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub rating: Option<f64>,
    pub min_guests: i32,
    pub max_guests: i32,
    /// Negative: no cancellation at all.
    pub cancellation_policy_days: i32,
    pub real_time_bookable: bool,
    pub cutoff_hours: i32,
    /// Minutes between availability slots.
    pub slot_minutes: i32,
    /// Seats per slot.
    pub seat_capacity: i32,
    /// How long a reservation holds its seats.
    pub stay_minutes: i32,
    /// Unpublished shops are invisible to partners.
    pub published: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// One more on every write of the shop's booking settings, hours or courses
    /// (`inbound::store::configs`).
    pub config_version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
