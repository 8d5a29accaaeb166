//! Menus a client asks for (seed 001 §3 "Menu creation item": `id`, `quantity`, `metadata`,
//! `variations`), checked against the shop's catalogue and priced: each menu must be a line
//! item on sale with stock (`domain::menu`), its variations are checked by
//! `domain::variation::check_choices`, and the line is priced by `domain::tax::price_line`.
//! Every problem comes back at once, named by its JSON path (`menus[1].variations[0].id`).
//! Stock is not judged here but when it is taken (`db::repo::cafeteria`, a 409).
//! Shared by `append` and the merchant's create call (`menu`, `option`).

use crate::db::repo::cafeteria::{NewLine, Take};
use crate::db::repo::menus::Catalog;
use crate::domain::lang::Lang;
use crate::domain::menu::{
    Availability, MenuStatus, MenuType, Unavailable, check_line_item, check_order,
};
use crate::domain::tax::{LineInput, TaxRate, VariationPrice, price_line};
use crate::domain::variation::{self, Chosen, Item, VariationCategory, VariationOption};
use crate::http::error::FieldError;
use crate::http::values::{Raw, Value};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{PartialSchema, ToSchema};

use super::dto::View;

/// The most lines one call adds.
pub const LINES_MAX: usize = 100;

/// The most `metadata` entries an item or variation keeps.
pub const METADATA_ENTRIES_MAX: usize = 20;
/// The longest `metadata` name.
pub const METADATA_NAME_MAX: usize = 64;
/// The longest `metadata` value.
pub const METADATA_VALUE_MAX: usize = 500;

/// The schema of a `metadata` object: up to [`METADATA_ENTRIES_MAX`] names of 1 to
/// [`METADATA_NAME_MAX`] characters with string values of up to [`METADATA_VALUE_MAX`] (what
/// the cart checks).
pub fn metadata_schema() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property_names(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(METADATA_NAME_MAX)),
        ))
        .additional_properties(Some(AdditionalProperties::RefOr(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .max_length(Some(METADATA_VALUE_MAX))
                .into(),
        )))
        .max_properties(Some(METADATA_ENTRIES_MAX))
        .into()
}

/// Deserializes a whole number that JSON may write as `12` or `12.0` (JSON Schema's `integer`
/// admits both).
fn whole<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let n = serde_json::Number::deserialize(d)?;
    crate::http::values::whole_number(&n)
        .ok_or_else(|| serde::de::Error::custom(format!("{n} is not a whole number")))
}

fn whole_opt<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    match Option::<serde_json::Number>::deserialize(d)? {
        None => Ok(None),
        Some(n) => crate::http::values::whole_number(&n)
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("{n} is not a whole number"))),
    }
}

/// A chosen variation (`menus[i].variations[j]`).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VariationIn {
    /// The variation's menu item id.
    #[serde(deserialize_with = "whole")]
    pub id: i64,
    /// How many per unit of the menu; default 1.
    #[serde(default, deserialize_with = "whole_opt")]
    pub quantity: Option<i64>,
    /// Free values for the client (not stored on order lines; a cart item keeps them).
    #[schema(schema_with = metadata_schema)]
    pub metadata: Option<BTreeMap<String, String>>,
    /// The variation category it is chosen in (informative: the catalogue decides).
    #[serde(default, deserialize_with = "whole_opt")]
    pub category: Option<i64>,
}

/// A menu to add (`menus[i]`).
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MenuLineIn {
    /// The menu item's id.
    #[serde(deserialize_with = "whole")]
    pub id: i64,
    /// 1 to 999; default 1.
    #[serde(default, deserialize_with = "whole_opt")]
    pub quantity: Option<i64>,
    /// Free values for the client (not stored on order lines; a cart item keeps them).
    #[schema(schema_with = metadata_schema)]
    pub metadata: Option<BTreeMap<String, String>>,
    /// The chosen variations.
    #[schema(inline)]
    pub variations: Option<Vec<VariationIn>>,
}

/// 1 to [`LINES_MAX`] menus to add, a JSON array.
#[derive(Clone, Debug)]
pub struct MenuLines(pub Vec<MenuLineIn>);

impl Value for MenuLines {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let Raw::Json(serde_json::Value::Array(items)) = raw else {
            return Err("must be an array of menus".into());
        };
        if items.is_empty() {
            return Err("must not be empty".into());
        }
        if items.len() > LINES_MAX {
            return Err(format!("must hold at most {LINES_MAX} menus"));
        }
        let mut out = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let line = MenuLineIn::deserialize(item).map_err(|e| format!("[{i}]: {e}"))?;
            out.push(line);
        }
        Ok(MenuLines(out))
    }
}

impl ToSchema for MenuLines {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("MenuLines")
    }
}

impl PartialSchema for MenuLines {
    fn schema() -> RefOr<Schema> {
        ArrayBuilder::new()
            .items(<MenuLineIn as PartialSchema>::schema())
            .min_items(Some(1))
            .max_items(Some(LINES_MAX))
            .into()
    }
}

/// Lines ready to store and the stock they take.
pub struct Priced {
    pub lines: Vec<NewLine>,
    pub takes: Vec<Take>,
}

/// The takes of one item summed, so that two lines of the last portions are checked together.
pub fn merge_takes(takes: Vec<Take>) -> Vec<Take> {
    let mut sums: BTreeMap<i64, i64> = BTreeMap::new();
    for t in takes {
        *sums.entry(t.menu_id).or_default() += t.quantity;
    }
    sums.into_iter()
        .map(|(menu_id, quantity)| Take { menu_id, quantity })
        .collect()
}

/// Checks and prices `given` (`field[i]…` in the problems) against `catalog`.
pub fn price_lines(
    catalog: &Catalog,
    lang: Lang,
    field: &str,
    given: &MenuLines,
    device_tag: Option<String>,
    is_option: bool,
) -> Result<Priced, Vec<FieldError>> {
    let view = View::new(catalog, lang);
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
    // Stock is left out here: it is decided when taken, by the repository's conditional
    // update, so that running out answers the same 409 whether it happened before this read
    // or during the request (two phones taking the last portion).
    let availability = |m: &crate::db::entities::menu_item::Model| Availability {
        status: MenuStatus::try_from(m.status).unwrap_or(MenuStatus::Hidden),
        stock_available: None,
    };
    let is_variation = |id: i64| {
        catalog
            .items
            .get(&id)
            .is_some_and(|m| m.kind == MenuType::Variation as i32)
    };

    let mut errors = Vec::new();
    let mut priced = Priced {
        lines: Vec::new(),
        takes: Vec::new(),
    };
    for (i, line) in given.0.iter().enumerate() {
        let path = format!("{field}[{i}]");
        let Some(menu) = catalog.items.get(&line.id) else {
            errors.push(FieldError::new(
                format!("{path}.id"),
                format!("no menu with id {} in this shop", line.id),
            ));
            continue;
        };
        let kind = MenuType::try_from(menu.kind).unwrap_or(MenuType::Variation);
        if let Err(e) = check_line_item(kind) {
            errors.push(FieldError::new(
                format!("{path}.id"),
                format!("menu {} {e}", menu.id),
            ));
            continue;
        }
        let quantity = line.quantity.unwrap_or(1);
        if let Err(e) = check_order(availability(menu), quantity) {
            let at = if e == Unavailable::Quantity {
                format!("{path}.quantity")
            } else {
                format!("{path}.id")
            };
            let message = match e {
                Unavailable::Quantity => e.to_string(),
                _ => format!("menu {} {e}", menu.id),
            };
            errors.push(FieldError::new(at, message));
            continue;
        }
        let mut categories: Vec<VariationCategory> = offered
            .get(&menu.id)
            .into_iter()
            .flatten()
            .filter_map(|c| catalog.variation_categories.get(c))
            .map(|c| VariationCategory {
                id: c.id,
                required: c.required,
                exclusive: c.exclusive,
                sort_order: c.sort_order,
                default_choice: c.default_choice_id,
                variations: members
                    .get(&c.id)
                    .into_iter()
                    .flatten()
                    .filter_map(|id| catalog.items.get(id))
                    .map(|v| VariationOption {
                        id: v.id,
                        availability: availability(v),
                    })
                    .collect(),
            })
            .collect();
        categories.sort_by_key(|c| c.sort_order);
        let chosen: Vec<Chosen> = line
            .variations
            .iter()
            .flatten()
            .map(|v| Chosen {
                id: v.id,
                quantity: v.quantity.unwrap_or(1),
            })
            .collect();
        let item = Item {
            menu_id: menu.id,
            categories: &categories,
            line_quantity: quantity,
        };
        let choices = match variation::check_choices(&path, item, &chosen, is_variation) {
            Ok(c) => c,
            Err(problems) => {
                errors.extend(
                    problems
                        .into_iter()
                        .map(|p| FieldError::new(p.field, p.message)),
                );
                continue;
            }
        };
        let rate = match TaxRate::try_from(menu.tax_rate) {
            Ok(r) => r,
            Err(e) => {
                errors.push(FieldError::new(format!("{path}.id"), e));
                continue;
            }
        };
        let mut prices = Vec::with_capacity(choices.len());
        let mut snapshot = Vec::with_capacity(choices.len());
        for c in &choices {
            let price = catalog
                .items
                .get(&c.variation_id)
                .map(|v| v.price)
                .unwrap_or(0);
            prices.push(VariationPrice {
                price,
                quantity: c.quantity,
            });
            snapshot.push(serde_json::json!({
                "id": c.variation_id,
                "categoryId": c.category_id,
                "name": view.menu(c.variation_id).map(|v| v.name).unwrap_or_default(),
                "quantity": c.quantity,
                "price": price,
            }));
            priced.takes.push(Take {
                menu_id: c.variation_id,
                quantity: c.quantity.saturating_mul(quantity),
            });
        }
        let price = match price_line(LineInput {
            menu_price: menu.price,
            tax_rate: rate,
            variations: &prices,
            quantity,
        }) {
            Ok(p) => p,
            Err(e) => {
                errors.push(FieldError::new(path.clone(), e.to_string()));
                continue;
            }
        };
        priced.takes.push(Take {
            menu_id: menu.id,
            quantity,
        });
        priced.lines.push(NewLine {
            shop_menu_id: menu.id,
            name: view.menu(menu.id).map(|m| m.name).unwrap_or_default(),
            quantity,
            unit_price: price.single_amount,
            tax_rate: menu.tax_rate,
            variations: serde_json::Value::Array(snapshot).to_string(),
            device_tag: device_tag.clone(),
            is_option,
            total_amount: price.total_amount,
        });
    }
    if errors.is_empty() {
        Ok(priced)
    } else {
        Err(errors)
    }
}
