use sea_orm::entity::prelude::*;

/// A variation category ("Size", "Toppings"): its member items are in
/// `variation_category_items`, the menus that offer it in `menu_variation_categories`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "variation_categories")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub shop_id: i64,
    pub external_id: Option<String>,
    /// One choice at least must be made.
    pub required: bool,
    /// At most one choice.
    pub exclusive: bool,
    pub show_gallery: bool,
    pub sort_order: i32,
    /// The member item chosen by default.
    pub default_choice_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
