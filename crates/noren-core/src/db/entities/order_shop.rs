use sea_orm::entity::prelude::*;

/// A shop's ordering profile and settings (one row per shop; a shop without one has ordering
/// switched off). Times are `HH:MM` (JST); the three lists are JSON arrays as given.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_shops")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub shop_id: i64,
    pub description: Option<String>,
    pub tel: Option<String>,
    pub address: Option<String>,
    /// JSON array of image URLs.
    pub image_array: String,
    pub google_place_id: Option<String>,
    pub sct_link: Option<String>,
    pub invoice_reg_no: Option<String>,
    pub is_takeout_supported: bool,
    pub is_delivery_supported: bool,
    pub is_cafeteria_supported: bool,
    pub is_order_payment_option_supported: bool,
    pub takeout_open_time: Option<String>,
    pub takeout_last_order_time: Option<String>,
    pub delivery_open_time: Option<String>,
    pub delivery_last_order_time: Option<String>,
    pub cafeteria_open_time: Option<String>,
    pub cafeteria_last_order_time: Option<String>,
    pub delivery_fee: i64,
    pub settings_desc: Option<String>,
    pub takeout_opening: bool,
    pub delivery_opening: bool,
    pub cafeteria_opening: bool,
    /// JSON array.
    pub delivery_addresses: String,
    /// JSON array.
    pub schedules: String,
    /// JSON array.
    pub greetings: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
