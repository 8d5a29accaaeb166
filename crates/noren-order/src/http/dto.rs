//! What the shop and menu calls answer (seed 001 §3), camelCase, built from a
//! [`Catalog`] in the asked language.

use crate::store::menus::{
    Catalog, KIND_CATEGORY, KIND_MENU, KIND_SHOP, KIND_VARIATION_CATEGORY, Localized, TYPE_MENU,
    TYPE_OPTION,
};
use noren_core::db::entities::menu_item;
use noren_core::domain::lang::Lang;
use serde::Serialize;
use serde_json::Value as Json;
use std::collections::{HashMap, HashSet};
use utoipa::ToSchema;

/// A menu item. Variations are menu items too: inside `variations`, each carries the
/// `variationCategory*` fields of the category it belongs to (null on a top-level menu).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": 12, "status": 0, "type": 0, "name": "Shoyu Ramen", "menuPrice": 980, "taxRate": 10,
    "shortDesc": "Soy-sauce broth, chicken and dashi.", "desc": "Soy-sauce broth, chicken and dashi.",
    "imageArray": ["http://127.0.0.1:8080/api/order/shop/1/images/ramen.svg"],
    "variations": [{"id": 20, "status": 0, "type": 2, "name": "Large", "menuPrice": 150, "taxRate": 10,
        "shortDesc": null, "desc": null, "imageArray": [], "variations": [],
        "variationCategoryId": 3, "variationCategoryRequired": true, "variationCategoryExclusive": true,
        "variationCategoryShowGallery": false, "variationCategorySortOrder": 1, "stockAvailable": null,
        "variationCategoryName": "Size", "variationCategoryDefaultChoiceName": "Regular"}],
    "variationCategoryId": null, "variationCategoryRequired": null, "variationCategoryExclusive": null,
    "variationCategoryShowGallery": null, "variationCategorySortOrder": null, "stockAvailable": null,
    "variationCategoryName": null, "variationCategoryDefaultChoiceName": null
}))]
pub struct MenuItem {
    pub id: i64,
    /// 1 on sale, 2 sold out (0, hidden, is never served).
    pub status: i32,
    /// 0 menu, 1 option menu, 2 variation.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub kind: i32,
    /// In `lang`, else English, else Japanese.
    pub name: String,
    /// Yen, consumption tax included.
    pub menu_price: i64,
    /// Consumption tax rate in percent: 10 (standard) or 8 (reduced).
    pub tax_rate: i32,
    pub short_desc: Option<String>,
    pub desc: Option<String>,
    /// Image URLs.
    pub image_array: Vec<String>,
    /// The choices of the menu's variation categories, category by category in their order.
    #[schema(no_recursion)]
    pub variations: Vec<MenuItem>,
    pub variation_category_id: Option<i64>,
    /// A choice in this category must be made.
    pub variation_category_required: Option<bool>,
    /// At most one choice in this category.
    pub variation_category_exclusive: Option<bool>,
    pub variation_category_show_gallery: Option<bool>,
    pub variation_category_sort_order: Option<i32>,
    /// Portions left; null: not counted.
    pub stock_available: Option<i64>,
    pub variation_category_name: Option<String>,
    pub variation_category_default_choice_name: Option<String>,
}

/// A menu category with its menus.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuCategory {
    pub id: i64,
    pub name: String,
    pub menus: Vec<MenuItem>,
}

/// When and how the shop takes orders. Times are `HH:MM` in JST; null when the shop has not
/// set them.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderSettings {
    #[schema(example = "11:00")]
    pub takeout_open_time: Option<String>,
    #[schema(example = "20:30")]
    pub takeout_last_order_time: Option<String>,
    pub delivery_open_time: Option<String>,
    pub delivery_last_order_time: Option<String>,
    pub cafeteria_open_time: Option<String>,
    pub cafeteria_last_order_time: Option<String>,
    /// Yen.
    pub delivery_fee: i64,
    pub desc: Option<String>,
    pub delivery_opening: bool,
    pub cafeteria_opening: bool,
    pub takeout_opening: bool,
}

/// A shop as the ordering app shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Shop {
    /// The shop's id (`shop_id` of `noren demo --json`), the `{id}` of this call.
    pub id: i64,
    /// The shop's number (the payment API's shop number).
    pub number: String,
    pub name: String,
    pub desc: Option<String>,
    pub tel: Option<String>,
    pub address: Option<String>,
    pub image_array: Vec<String>,
    pub google_place_id: Option<String>,
    /// Link to the shop's notice under the Specified Commercial Transactions Act.
    pub sct_link: Option<String>,
    pub is_takeout_supported: bool,
    pub is_delivery_supported: bool,
    pub is_cafeteria_supported: bool,
    pub is_order_payment_option_supported: bool,
    /// Qualified invoice issuer registration number (`T` + 13 digits).
    pub invoice_reg_no: Option<String>,
    pub order_settings: OrderSettings,
    /// Categories with their menus (of `menuProfile` when given).
    pub order_menus: Vec<MenuCategory>,
    /// Option menus (type 1), offered besides the categories.
    pub order_option_menus: Vec<MenuItem>,
    /// Where the shop delivers, as the merchant set them.
    #[schema(value_type = Vec<Object>)]
    pub delivery_addresses: Vec<Json>,
    /// Opening schedules, as the merchant set them.
    #[schema(value_type = Vec<Object>)]
    pub order_schedules: Vec<Json>,
    /// Greetings shown to customers, as the merchant set them.
    #[schema(value_type = Vec<Object>)]
    pub order_greetings: Vec<Json>,
}

fn json_list<T: serde::de::DeserializeOwned>(text: &str) -> Vec<T> {
    serde_json::from_str(text).unwrap_or_default()
}

/// Builds answers from one catalogue in one language.
pub struct View<'a> {
    catalog: &'a Catalog,
    texts: Localized<'a>,
    /// Menu ids that are in some category.
    categorised: HashSet<i64>,
    /// Variation category links by menu id.
    offered: HashMap<i64, Vec<i64>>,
    /// Member item ids by variation category.
    members: HashMap<i64, Vec<i64>>,
    /// The server's public URL, put in front of the links to images it hosts (`linked`).
    public_url: &'a str,
}

impl<'a> View<'a> {
    pub fn new(catalog: &'a Catalog, lang: Lang) -> Self {
        let mut offered: HashMap<i64, Vec<i64>> = HashMap::new();
        for l in &catalog.menu_variation_categories {
            offered
                .entry(l.menu_item_id)
                .or_default()
                .push(l.variation_category_id);
        }
        let mut members: HashMap<i64, Vec<i64>> = HashMap::new();
        for l in &catalog.variation_category_items {
            members
                .entry(l.variation_category_id)
                .or_default()
                .push(l.menu_item_id);
        }
        View {
            catalog,
            texts: Localized::new(catalog, lang),
            categorised: catalog
                .category_items
                .iter()
                .map(|l| l.menu_item_id)
                .collect(),
            offered,
            members,
            public_url: "",
        }
    }

    /// Answers links to the images and pages Noren hosts (stored as a path, `/api/order/…` or
    /// `/demo/…`) with `public_url` in front, as every answer that shows them must.
    pub fn linked(mut self, public_url: &'a str) -> Self {
        self.public_url = public_url;
        self
    }

    /// A stored link as the answer gives it: a path of this server gets its public URL.
    fn link(&self, stored: String) -> String {
        if stored.starts_with('/') && !stored.starts_with("//") {
            format!("{}{stored}", self.public_url)
        } else {
            stored
        }
    }

    fn links(&self, stored: &str) -> Vec<String> {
        json_list::<String>(stored)
            .into_iter()
            .map(|l| self.link(l))
            .collect()
    }

    fn base(&self, m: &menu_item::Model) -> MenuItem {
        MenuItem {
            id: m.id,
            status: m.status,
            kind: m.kind,
            name: self.texts.name(KIND_MENU, m.id).unwrap_or_default(),
            menu_price: m.price,
            tax_rate: m.tax_rate,
            short_desc: self
                .texts
                .field(KIND_MENU, m.id, |t| t.short_desc.as_deref()),
            desc: self.texts.field(KIND_MENU, m.id, |t| t.desc.as_deref()),
            image_array: self.links(&m.image_array),
            variations: Vec::new(),
            variation_category_id: None,
            variation_category_required: None,
            variation_category_exclusive: None,
            variation_category_show_gallery: None,
            variation_category_sort_order: None,
            stock_available: m.stock_available,
            variation_category_name: None,
            variation_category_default_choice_name: None,
        }
    }

    /// A listed menu item with its variations, or `None` if it is not listed.
    pub fn menu(&self, id: i64) -> Option<MenuItem> {
        let m = self.catalog.items.get(&id)?;
        let mut item = self.base(m);
        let mut cats: Vec<_> = self
            .offered
            .get(&id)
            .into_iter()
            .flatten()
            .filter_map(|c| self.catalog.variation_categories.get(c))
            .collect();
        cats.sort_by_key(|c| c.sort_order);
        for cat in cats {
            let name = self.texts.name(KIND_VARIATION_CATEGORY, cat.id);
            let default_name = cat
                .default_choice_id
                .and_then(|d| self.texts.name(KIND_MENU, d));
            for member in self.members.get(&cat.id).into_iter().flatten() {
                let Some(v) = self.catalog.items.get(member) else {
                    continue;
                };
                item.variations.push(MenuItem {
                    variation_category_id: Some(cat.id),
                    variation_category_required: Some(cat.required),
                    variation_category_exclusive: Some(cat.exclusive),
                    variation_category_show_gallery: Some(cat.show_gallery),
                    variation_category_sort_order: Some(cat.sort_order),
                    variation_category_name: name.clone(),
                    variation_category_default_choice_name: default_name.clone(),
                    ..self.base(v)
                });
            }
        }
        Some(item)
    }

    /// The categories of `profile` (categories without a profile belong to every profile).
    pub fn categories(&self, profile: Option<&str>) -> Vec<MenuCategory> {
        self.catalog
            .categories
            .iter()
            .filter(|c| match (profile, c.profile.as_deref()) {
                (Some(p), Some(cp)) => p == cp,
                _ => true,
            })
            .filter_map(|c| self.category(c.id))
            .collect()
    }

    /// One category with its listed menus, or `None` if the shop has no such category.
    pub fn category(&self, id: i64) -> Option<MenuCategory> {
        let c = self.catalog.categories.iter().find(|c| c.id == id)?;
        Some(MenuCategory {
            id: c.id,
            name: self.texts.name(KIND_CATEGORY, c.id).unwrap_or_default(),
            menus: self
                .catalog
                .category_items
                .iter()
                .filter(|l| l.category_id == c.id)
                .filter_map(|l| self.menu(l.menu_item_id))
                .collect(),
        })
    }

    fn sorted(&self, keep: impl Fn(&menu_item::Model) -> bool) -> Vec<MenuItem> {
        let mut items: Vec<_> = self.catalog.items.values().filter(|m| keep(m)).collect();
        items.sort_by_key(|m| (m.sort_order, m.id));
        items.into_iter().filter_map(|m| self.menu(m.id)).collect()
    }

    /// Regular menus in no category.
    pub fn uncategorised(&self) -> Vec<MenuItem> {
        self.sorted(|m| m.kind == TYPE_MENU && !self.categorised.contains(&m.id))
    }

    /// Option menus.
    pub fn options(&self) -> Vec<MenuItem> {
        self.sorted(|m| m.kind == TYPE_OPTION)
    }

    pub fn shop(&self, profile: Option<&str>) -> Shop {
        let c = self.catalog;
        let s = c.settings.as_ref();
        let shop_name = self.texts.name(KIND_SHOP, c.shop.id).unwrap_or_else(|| {
            if self.texts.first_language() == Some("ja") {
                c.shop.name_ja.clone()
            } else {
                c.shop.name.clone()
            }
        });
        let text = |f: fn(&noren_core::db::entities::order_shop::Model) -> &Option<String>| {
            s.and_then(|s| f(s).clone())
        };
        Shop {
            id: c.shop.id,
            number: c.shop.number.clone(),
            name: shop_name,
            desc: self
                .texts
                .field(KIND_SHOP, c.shop.id, |t| t.desc.as_deref())
                .or_else(|| text(|s| &s.description)),
            tel: text(|s| &s.tel),
            address: text(|s| &s.address),
            image_array: s.map(|s| self.links(&s.image_array)).unwrap_or_default(),
            google_place_id: text(|s| &s.google_place_id),
            sct_link: text(|s| &s.sct_link).map(|l| self.link(l)),
            is_takeout_supported: s.is_some_and(|s| s.is_takeout_supported),
            is_delivery_supported: s.is_some_and(|s| s.is_delivery_supported),
            is_cafeteria_supported: s.is_some_and(|s| s.is_cafeteria_supported),
            is_order_payment_option_supported: s
                .is_some_and(|s| s.is_order_payment_option_supported),
            invoice_reg_no: text(|s| &s.invoice_reg_no),
            order_settings: s
                .map(|s| OrderSettings {
                    takeout_open_time: s.takeout_open_time.clone(),
                    takeout_last_order_time: s.takeout_last_order_time.clone(),
                    delivery_open_time: s.delivery_open_time.clone(),
                    delivery_last_order_time: s.delivery_last_order_time.clone(),
                    cafeteria_open_time: s.cafeteria_open_time.clone(),
                    cafeteria_last_order_time: s.cafeteria_last_order_time.clone(),
                    delivery_fee: s.delivery_fee,
                    desc: s.settings_desc.clone(),
                    delivery_opening: s.delivery_opening,
                    cafeteria_opening: s.cafeteria_opening,
                    takeout_opening: s.takeout_opening,
                })
                .unwrap_or_default(),
            order_menus: self.categories(profile),
            order_option_menus: self.options(),
            delivery_addresses: s
                .map(|s| json_list(&s.delivery_addresses))
                .unwrap_or_default(),
            order_schedules: s.map(|s| json_list(&s.schedules)).unwrap_or_default(),
            order_greetings: s.map(|s| json_list(&s.greetings)).unwrap_or_default(),
        }
    }
}
