//! What a menu import writes, by external id ([`Plan`]), and what the shop has already
//! ([`Existing`]): made by reading the workbook (`parse`), written by the store
//! (`store::menu_imports::apply`). No database here.

use std::collections::{HashMap, HashSet};

/// What the shop has already, by external id.
#[derive(Clone, Debug, Default)]
pub struct Existing {
    /// Menu items (menus, options and variations): external id → (id, type).
    pub items: HashMap<String, (i64, i32)>,
    pub categories: HashMap<String, i64>,
    pub variation_categories: HashMap<String, i64>,
}

/// One language's texts of an entity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRow {
    pub lang: &'static str,
    pub name: String,
    pub short_desc: Option<String>,
    pub desc: Option<String>,
}

/// A menu item to write (a menu, an option menu or a variation).
#[derive(Clone, Debug)]
pub struct ItemPlan {
    pub ext: String,
    /// `menu_items.type`.
    pub kind: i32,
    pub status: i32,
    pub price: i64,
    pub tax_rate: i32,
    pub sort: i32,
    pub stock: Option<i64>,
    pub images: Vec<String>,
    pub texts: Vec<TextRow>,
}

#[derive(Clone, Debug)]
pub struct CategoryPlan {
    pub ext: String,
    pub profile: Option<String>,
    pub sort: i32,
    pub texts: Vec<TextRow>,
}

#[derive(Clone, Debug)]
pub struct VariationCategoryPlan {
    pub ext: String,
    pub required: bool,
    pub exclusive: bool,
    pub show_gallery: bool,
    pub default_choice: Option<String>,
    pub sort: i32,
    pub texts: Vec<TextRow>,
}

/// A link by external ids: (owner, menu item, sort order).
pub type Link = (String, String, i32);

/// What an import writes: the rows that passed, by external id.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub items: Vec<ItemPlan>,
    pub categories: Vec<CategoryPlan>,
    pub variation_categories: Vec<VariationCategoryPlan>,
    /// category → menu.
    pub category_links: Vec<Link>,
    /// variation category → menu that offers it.
    pub offer_links: Vec<Link>,
    /// variation category → variation it contains.
    pub member_links: Vec<Link>,
    /// Stock of items not in the file (already in the shop): external id → stock.
    pub stocks_elsewhere: Vec<(String, Option<i64>)>,
    /// Images of items not in the file: external id → urls in order.
    pub images_elsewhere: Vec<(String, Vec<String>)>,
    /// Every id the menus and variations sheets name, refused rows included: `deleteOld`
    /// keeps them (a row refused as a duplicate does not delete what it names).
    pub named_items: HashSet<String>,
    pub named_categories: HashSet<String>,
    pub named_variation_categories: HashSet<String>,
}
