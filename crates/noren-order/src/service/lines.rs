//! Menus a client asks for (seed 001 §3 "Menu creation item": `id`, `quantity`, `metadata`,
//! `variations`), read from the request and checked against the shop's catalogue and priced:
//! each menu must be a line item on sale with stock (`order::domain::menu`), its variations are
//! checked by `order::domain::variation::check_choices`, and the line is priced by
//! `order::domain::tax::price_line`. Every problem comes back at once, named by its JSON path
//! (`menus[1].variations[0].id`). Stock is not judged here but when it is taken
//! (`order::store::cafeteria`, a 409). Shared by `append`, the merchant's create call (`menu`,
//! `option`) and the cart.
//!
//! The request's shape is read with the shared nested values (`http::values::Items` of
//! `Object`s of `#[derive(Values)]` structs): a value of the wrong shape, an unknown member or
//! a bad `metadata` is refused by the values (every one named by its path, as in
//! `menus[0].variations[1].id`) before anything is priced; ids and quantities are any whole
//! numbers there and judged against the catalogue here, so that every problem of every line
//! comes back at once.

use crate::domain::cart::{
    METADATA_ENTRIES_MAX, METADATA_NAME_MAX, METADATA_VALUE_MAX, StoredVariation, metadata_problem,
};
use crate::domain::menu::{
    Availability, MenuStatus, MenuType, Unavailable, check_line_item, check_order,
};
use crate::domain::tax::{LineInput, TaxRate, VariationPrice, price_line};
use crate::domain::variation::{self, Choice, Chosen, Item, VariationCategory, VariationOption};
use crate::store::cafeteria::{NewLine, Take};
use crate::store::catalogs::Catalogs;
use crate::store::menus::{Catalog, KIND_MENU, Localized, fallbacks};
use noren_core::db::entities::menu_item;
use noren_core::domain::lang::Lang;
use noren_core::http::error::FieldError;
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Items, Object, Raw, Value, Values};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, ObjectBuilder, Type};
use utoipa::openapi::{KnownFormat, RefOr, Schema, SchemaFormat};
use utoipa::{PartialSchema, ToSchema};

/// The most lines one call adds.
pub const LINES_MAX: usize = 100;
/// The most variations one menu chooses.
pub const VARIATIONS_MAX: usize = 50;

/// The catalogue of `shop_id` that lines are priced against, in `lang` (kept for a second:
/// [`Catalogs`]); `None` for an unknown shop.
pub async fn catalog(
    state: &AppState,
    shop_id: i64,
    lang: Lang,
) -> Result<Option<Arc<Catalog>>, sea_orm::DbErr> {
    state
        .slice::<Catalogs>()
        .get(&state.db, shop_id, lang, &fallbacks(lang))
        .await
}

/// A whole number of 64 bits, written `12` or `12.0` (JSON Schema's `integer` admits both;
/// read as [`Int`] reads it): a line's ids and quantities, which the catalogue judges (an
/// unknown id, a quantity of 0) with the other lines' problems rather than the parser alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Whole(i64);

impl Whole {
    pub fn get(self) -> i64 {
        self.0
    }
}

impl Value for Whole {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        Int::<{ i64::MIN }, { i64::MAX }>::parse(raw).map(|n| Whole(n.get()))
    }
}

impl ToSchema for Whole {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Whole")
    }
}

impl PartialSchema for Whole {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .into()
    }
}

/// The client's free values for a menu or a variation: an object of up to
/// [`METADATA_ENTRIES_MAX`] names of 1 to [`METADATA_NAME_MAX`] characters with string values
/// of up to [`METADATA_VALUE_MAX`] (`order::domain::cart::metadata_problem`). A cart item keeps
/// them; order lines do not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata(BTreeMap<String, String>);

impl Metadata {
    pub fn as_map(&self) -> &BTreeMap<String, String> {
        &self.0
    }

    pub fn into_map(self) -> BTreeMap<String, String> {
        self.0
    }
}

impl Value for Metadata {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let Raw::Json(v @ serde_json::Value::Object(_)) = raw else {
            return Err("must be an object of strings".into());
        };
        let map = BTreeMap::<String, String>::deserialize(v)
            .map_err(|_| "must be an object of strings".to_string())?;
        match metadata_problem(&map) {
            Some(p) => Err(p),
            None => Ok(Metadata(map)),
        }
    }
}

impl ToSchema for Metadata {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Metadata")
    }
}

impl PartialSchema for Metadata {
    fn schema() -> RefOr<Schema> {
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
}

/// A chosen variation (`menus[i].variations[j]`).
#[derive(Clone, Debug, Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
#[values(body = "json")]
pub struct VariationIn {
    /// The variation's menu item id.
    #[schema(inline)]
    pub id: Whole,
    /// How many per unit of the menu; default 1.
    #[schema(inline)]
    pub quantity: Option<Whole>,
    /// Free values for the client (not stored on order lines; a cart item keeps them).
    #[schema(inline)]
    pub metadata: Option<Metadata>,
    /// The variation category it is chosen in (informative: the catalogue decides).
    #[schema(inline)]
    pub category: Option<Whole>,
}

impl VariationIn {
    /// The variation as a cart item keeps it.
    pub fn stored(&self) -> StoredVariation {
        StoredVariation {
            id: self.id.get(),
            quantity: self.quantity.map(Whole::get),
            metadata: self.metadata.clone().map(Metadata::into_map),
            category: self.category.map(Whole::get),
        }
    }
}

/// Up to [`VARIATIONS_MAX`] chosen variations, a JSON array.
pub type Variations = Items<Object<VariationIn>, VARIATIONS_MAX>;

/// The variations as a cart item keeps them.
pub fn stored_variations(given: &Variations) -> Vec<StoredVariation> {
    given.0.iter().map(|v| v.0.stored()).collect()
}

/// A menu to add (`menus[i]`).
#[derive(Clone, Debug, Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[serde(deny_unknown_fields)]
#[values(body = "json")]
pub struct MenuLineIn {
    /// The menu item's id.
    #[schema(inline)]
    pub id: Whole,
    /// 1 to 999; default 1.
    #[schema(inline)]
    pub quantity: Option<Whole>,
    /// Free values for the client (not stored on order lines; a cart item keeps them).
    #[schema(inline)]
    pub metadata: Option<Metadata>,
    /// The chosen variations.
    #[schema(inline)]
    pub variations: Option<Variations>,
}

impl MenuLineIn {
    /// The line as it is priced.
    pub fn asked(&self) -> Asked {
        Asked {
            id: self.id.get(),
            quantity: self.quantity.map(Whole::get),
            variations: self
                .variations
                .iter()
                .flat_map(|v| v.0.iter())
                .map(|v| Chosen {
                    id: v.0.id.get(),
                    quantity: v.0.quantity.map_or(1, Whole::get),
                })
                .collect(),
        }
    }
}

/// 1 to [`LINES_MAX`] menus to add, a JSON array: [`Items`] of [`MenuLineIn`] objects with a
/// minimum of one (what `Items<Object<MenuLineIn>, LINES_MAX, 1>` says once the shared
/// `Items` takes a minimum: the same message and schema).
#[derive(Clone, Debug)]
pub struct MenuLines(Items<Object<MenuLineIn>, LINES_MAX>);

impl MenuLines {
    /// The lines as they are priced, in the request's order.
    pub fn asked(&self) -> Vec<Asked> {
        self.iter().map(|line| line.0.asked()).collect()
    }
}

impl std::ops::Deref for MenuLines {
    type Target = [Object<MenuLineIn>];
    fn deref(&self) -> &[Object<MenuLineIn>] {
        &self.0.0
    }
}

impl Value for MenuLines {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let items = Items::parse(raw)?;
        if items.0.is_empty() {
            return Err("must hold at least one item".into());
        }
        Ok(MenuLines(items))
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

/// A line as it is priced: a request's menu ([`MenuLineIn::asked`]) or a cart item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The menu item's id.
    pub id: i64,
    /// How many; 1 when not given.
    pub quantity: Option<i64>,
    /// The variations chosen, as sent.
    pub variations: Vec<Chosen>,
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

/// Checks and prices `given` (`field[i]…` in the problems) against `catalog`: each line is
/// resolved ([`resolve_menu`]), its variations checked, then priced; the problems of every line
/// come back together, in the lines' order.
pub fn price_lines(
    catalog: &Catalog,
    lang: Lang,
    field: &str,
    given: &[Asked],
    device_tag: Option<String>,
    is_option: bool,
) -> Result<Priced, Vec<FieldError>> {
    let pricing = Pricing::new(catalog, lang, device_tag, is_option);
    let mut errors = Vec::new();
    let mut priced = Priced {
        lines: Vec::new(),
        takes: Vec::new(),
    };
    for (i, line) in given.iter().enumerate() {
        match pricing.line(&format!("{field}[{i}]"), line) {
            Ok(one) => merge(&mut priced, one),
            Err(problems) => errors.extend(problems),
        }
    }
    if errors.is_empty() {
        Ok(priced)
    } else {
        Err(errors)
    }
}

/// The name of the menu item `id` in `texts`' language if `catalog` lists it (empty if it has
/// no name), `None` if it is not listed (hidden, or gone).
pub fn listed_name(catalog: &Catalog, texts: &Localized<'_>, id: i64) -> Option<String> {
    catalog
        .items
        .contains_key(&id)
        .then(|| texts.name(KIND_MENU, id).unwrap_or_default())
}

/// One priced line and the stock it takes: its variations' first, then its menu's.
struct PricedLine {
    line: NewLine,
    takes: Vec<Take>,
}

/// Adds a priced line to what the call has priced so far.
fn merge(priced: &mut Priced, one: PricedLine) {
    priced.takes.extend(one.takes);
    priced.lines.push(one.line);
}

/// An item's availability as a line check sees it. Stock is left out: it is decided when
/// taken, by the repository's conditional update, so that running out answers the same 409
/// whether it happened before this read or during the request (two phones taking the last
/// portion).
fn availability(m: &menu_item::Model) -> Availability {
    Availability {
        status: MenuStatus::try_from(m.status).unwrap_or(MenuStatus::Hidden),
        stock_available: None,
    }
}

/// The menu of `line` (at `path`) and its quantity, if it may be ordered as a line: known in
/// this shop, not a variation, a quantity of 1 to 999 and on sale.
fn resolve_menu<'c>(
    catalog: &'c Catalog,
    path: &str,
    line: &Asked,
) -> Result<(&'c menu_item::Model, i64), FieldError> {
    let Some(menu) = catalog.items.get(&line.id) else {
        return Err(FieldError::new(
            format!("{path}.id"),
            format!("no menu with id {} in this shop", line.id),
        ));
    };
    let kind = MenuType::try_from(menu.kind).unwrap_or(MenuType::Variation);
    if let Err(e) = check_line_item(kind) {
        return Err(FieldError::new(
            format!("{path}.id"),
            format!("menu {} {e}", menu.id),
        ));
    }
    let quantity = line.quantity.unwrap_or(1);
    match check_order(availability(menu), quantity) {
        Ok(()) => Ok((menu, quantity)),
        Err(e @ Unavailable::Quantity) => {
            Err(FieldError::new(format!("{path}.quantity"), e.to_string()))
        }
        Err(e) => Err(FieldError::new(
            format!("{path}.id"),
            format!("menu {} {e}", menu.id),
        )),
    }
}

/// The catalogue as the lines of one call are checked against it, and what every line of the
/// call is stored with.
struct Pricing<'a> {
    catalog: &'a Catalog,
    /// Names the lines and their variations in the call's language.
    texts: Localized<'a>,
    /// Variation category ids by the menu that offers them.
    offered: HashMap<i64, Vec<i64>>,
    /// Member item ids by variation category.
    members: HashMap<i64, Vec<i64>>,
    device_tag: Option<String>,
    is_option: bool,
}

impl<'a> Pricing<'a> {
    fn new(catalog: &'a Catalog, lang: Lang, device_tag: Option<String>, is_option: bool) -> Self {
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
        Pricing {
            catalog,
            texts: Localized::new(catalog, lang),
            offered,
            members,
            device_tag,
            is_option,
        }
    }

    /// The name of the listed menu item `id` in the call's language (empty if it has none).
    fn name(&self, id: i64) -> String {
        listed_name(self.catalog, &self.texts, id).unwrap_or_default()
    }

    /// One line at `path`, checked and priced; a line stops at its first failing step (an
    /// unknown menu has no variations to check), which may report several problems.
    fn line(&self, path: &str, line: &Asked) -> Result<PricedLine, Vec<FieldError>> {
        let (menu, quantity) = resolve_menu(self.catalog, path, line).map_err(|e| vec![e])?;
        let choices = self.check_variations(path, menu, line, quantity)?;
        self.price(path, menu, quantity, &choices)
            .map_err(|e| vec![e])
    }

    /// Whether `id` is a variation of any menu of the shop (tells "unknown variation" from
    /// "not a choice of menu N").
    fn is_variation(&self, id: i64) -> bool {
        self.catalog
            .items
            .get(&id)
            .is_some_and(|m| m.kind == MenuType::Variation as i32)
    }

    /// The variation categories `menu_id` offers, in their sort order, each with its listed
    /// members in the category's order.
    fn variation_categories(&self, menu_id: i64) -> Vec<VariationCategory> {
        let mut categories: Vec<VariationCategory> = self
            .offered
            .get(&menu_id)
            .into_iter()
            .flatten()
            .filter_map(|c| self.catalog.variation_categories.get(c))
            .map(|c| VariationCategory {
                id: c.id,
                required: c.required,
                exclusive: c.exclusive,
                sort_order: c.sort_order,
                default_choice: c.default_choice_id,
                variations: self
                    .members
                    .get(&c.id)
                    .into_iter()
                    .flatten()
                    .filter_map(|id| self.catalog.items.get(id))
                    .map(|v| VariationOption {
                        id: v.id,
                        availability: availability(v),
                    })
                    .collect(),
            })
            .collect();
        categories.sort_by_key(|c| c.sort_order);
        categories
    }

    /// The variations chosen on `line` (at `path`) for `quantity` of `menu`, defaults filled
    /// in, or every problem with them.
    fn check_variations(
        &self,
        path: &str,
        menu: &menu_item::Model,
        line: &Asked,
        quantity: i64,
    ) -> Result<Vec<Choice>, Vec<FieldError>> {
        let categories = self.variation_categories(menu.id);
        let item = Item {
            menu_id: menu.id,
            categories: &categories,
            line_quantity: quantity,
        };
        variation::check_choices(path, item, &line.variations, |id| self.is_variation(id)).map_err(
            |problems| {
                problems
                    .into_iter()
                    .map(|p| FieldError::new(p.field, p.message))
                    .collect()
            },
        )
    }

    /// `quantity` of `menu` with its `choices` priced as a line (at `path`) to store, with a
    /// snapshot of the variations, or why it cannot be (its tax rate, or a price out of range).
    fn price(
        &self,
        path: &str,
        menu: &menu_item::Model,
        quantity: i64,
        choices: &[Choice],
    ) -> Result<PricedLine, FieldError> {
        let rate = TaxRate::try_from(menu.tax_rate)
            .map_err(|e| FieldError::new(format!("{path}.id"), e))?;
        let mut prices = Vec::with_capacity(choices.len());
        let mut snapshot = Vec::with_capacity(choices.len());
        let mut takes = Vec::with_capacity(choices.len() + 1);
        for c in choices {
            let price = self
                .catalog
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
                "name": self.name(c.variation_id),
                "quantity": c.quantity,
                "price": price,
            }));
            takes.push(Take {
                menu_id: c.variation_id,
                quantity: c.quantity.saturating_mul(quantity),
            });
        }
        let price = price_line(LineInput {
            menu_price: menu.price,
            tax_rate: rate,
            variations: &prices,
            quantity,
        })
        .map_err(|e| FieldError::new(path, e.to_string()))?;
        takes.push(Take {
            menu_id: menu.id,
            quantity,
        });
        let line = NewLine {
            shop_menu_id: menu.id,
            name: self.name(menu.id),
            quantity,
            unit_price: price.single_amount,
            tax_rate: menu.tax_rate,
            variations: serde_json::Value::Array(snapshot).to_string(),
            device_tag: self.device_tag.clone(),
            is_option: self.is_option,
            total_amount: price.total_amount,
        };
        Ok(PricedLine { line, takes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::menus::{
        KIND_MENU, STATUS_AVAILABLE, STATUS_SOLD_OUT, TYPE_MENU, TYPE_OPTION, TYPE_VARIATION,
    };
    use noren_core::db::entities::{
        menu_variation_category, order_text, shop, variation_category, variation_category_item,
    };
    use noren_core::http::values::by_path;
    use serde_json::json;

    // A small ramen shop after the demo restaurant (`order::service::demo`): shoyu ramen with
    // a required exclusive Size (default Regular) and optional Toppings, gyoza with 20 left, a
    // bento at 8 %, an option menu, a sold-out beer, and two rows only a damaged catalogue holds
    // (a tax rate of 5 %, a price too large to multiply).
    const RAMEN: i64 = 1;
    const GYOZA: i64 = 2;
    const BENTO: i64 = 3;
    const EXTRA_NOODLES: i64 = 4;
    const BEER: i64 = 5;
    const ODD_RATE: i64 = 6;
    const PRICELESS: i64 = 7;
    const REGULAR: i64 = 21;
    const LARGE: i64 = 22;
    const EGG: i64 = 23;
    const CHASHU: i64 = 24;
    /// A variation in no category of the ramen.
    const LEMON: i64 = 31;
    /// A hidden variation: the catalogue does not list it.
    const HIDDEN: i64 = 26;
    const SIZE: i64 = 100;
    const TOPPINGS: i64 = 101;

    fn item(id: i64, kind: i32, price: i64) -> menu_item::Model {
        menu_item::Model {
            id,
            shop_id: 7,
            external_id: None,
            status: STATUS_AVAILABLE,
            kind,
            price,
            tax_rate: 10,
            stock_available: None,
            image_array: "[]".into(),
            sort_order: 1,
            created_at: Default::default(),
            updated_at: Default::default(),
        }
    }

    fn category(id: i64, required: bool, exclusive: bool, sort: i32) -> variation_category::Model {
        variation_category::Model {
            id,
            shop_id: 7,
            external_id: None,
            required,
            exclusive,
            show_gallery: false,
            sort_order: sort,
            default_choice_id: None,
            created_at: Default::default(),
            updated_at: Default::default(),
        }
    }

    fn name(id: i64, lang: &str, name: &str) -> order_text::Model {
        order_text::Model {
            id: 0,
            shop_id: 7,
            entity_kind: KIND_MENU.into(),
            entity_id: id,
            lang: lang.into(),
            name: name.into(),
            short_desc: None,
            desc: None,
        }
    }

    fn ramen_shop() -> Catalog {
        let items = [
            item(RAMEN, TYPE_MENU, 980),
            menu_item::Model {
                stock_available: Some(20),
                ..item(GYOZA, TYPE_MENU, 480)
            },
            menu_item::Model {
                tax_rate: 8,
                ..item(BENTO, TYPE_MENU, 850)
            },
            item(EXTRA_NOODLES, TYPE_OPTION, 150),
            menu_item::Model {
                status: STATUS_SOLD_OUT,
                ..item(BEER, TYPE_MENU, 600)
            },
            menu_item::Model {
                tax_rate: 5,
                ..item(ODD_RATE, TYPE_MENU, 700)
            },
            item(PRICELESS, TYPE_MENU, i64::MAX),
            item(REGULAR, TYPE_VARIATION, 0),
            item(LARGE, TYPE_VARIATION, 150),
            item(EGG, TYPE_VARIATION, 120),
            item(CHASHU, TYPE_VARIATION, 250),
            item(LEMON, TYPE_VARIATION, 50),
        ];
        let size = variation_category::Model {
            default_choice_id: Some(REGULAR),
            ..category(SIZE, true, true, 1)
        };
        // Listed out of order: the categories' sort order decides, not the links'.
        let offers = [(TOPPINGS, 2), (SIZE, 1)];
        // The hidden topping's link stays; its item is not listed.
        let members = [
            (SIZE, REGULAR),
            (SIZE, LARGE),
            (TOPPINGS, EGG),
            (TOPPINGS, HIDDEN),
            (TOPPINGS, CHASHU),
        ];
        let mut texts: HashMap<(&'static str, i64), Vec<order_text::Model>> = HashMap::new();
        for (id, en, ja) in [
            (RAMEN, "Shoyu Ramen", Some("醤油ラーメン")),
            (GYOZA, "Gyoza", None),
            (REGULAR, "Regular", Some("並盛り")),
            (LARGE, "Large", Some("大盛り")),
            (EGG, "Soft-boiled Egg", Some("味付け玉子")),
        ] {
            let rows = texts.entry((KIND_MENU, id)).or_default();
            rows.push(name(id, "en", en));
            rows.extend(ja.map(|ja| name(id, "ja", ja)));
        }
        Catalog {
            shop: shop::Model {
                id: 7,
                legal_person_id: 1,
                number: "S0007".into(),
                name: "Noren Ramen".into(),
                name_ja: "のれんラーメン".into(),
                is_payable: true,
                review_enabled: false,
                created_at: Default::default(),
                updated_at: Default::default(),
                webhook_url: None,
                webhook_url_test: None,
            },
            settings: None,
            categories: Vec::new(),
            items: items.into_iter().map(|m| (m.id, m)).collect(),
            category_items: Vec::new(),
            menu_variation_categories: offers
                .into_iter()
                .map(|(c, sort)| menu_variation_category::Model {
                    id: c,
                    shop_id: 7,
                    variation_category_id: c,
                    menu_item_id: RAMEN,
                    sort_order: sort,
                })
                .collect(),
            variation_categories: [size, category(TOPPINGS, false, false, 2)]
                .into_iter()
                .map(|c| (c.id, c))
                .collect(),
            variation_category_items: members
                .into_iter()
                .enumerate()
                .map(|(i, (c, m))| variation_category_item::Model {
                    id: i as i64 + 1,
                    shop_id: 7,
                    variation_category_id: c,
                    menu_item_id: m,
                    sort_order: i as i32,
                })
                .collect(),
            texts,
        }
    }

    fn lines(given: serde_json::Value) -> Vec<Asked> {
        MenuLines::parse(Raw::Json(&given))
            .expect("well-formed lines")
            .asked()
    }

    fn price(given: serde_json::Value) -> Result<Priced, Vec<FieldError>> {
        price_lines(&ramen_shop(), Lang::En, "menus", &lines(given), None, false)
    }

    fn accepted(result: Result<Priced, Vec<FieldError>>) -> Priced {
        match result {
            Ok(priced) => priced,
            Err(errors) => panic!("refused: {errors:?}"),
        }
    }

    fn refused(result: Result<Priced, Vec<FieldError>>) -> Vec<(String, String)> {
        match result {
            Ok(priced) => panic!("accepted {} lines", priced.lines.len()),
            Err(errors) => errors.into_iter().map(|e| (e.field, e.message)).collect(),
        }
    }

    fn p(field: &str, message: &str) -> (String, String) {
        (field.to_string(), message.to_string())
    }

    fn take(menu_id: i64, quantity: i64) -> Take {
        Take { menu_id, quantity }
    }

    fn snapshot(line: &NewLine) -> serde_json::Value {
        serde_json::from_str(&line.variations).expect("a JSON snapshot")
    }

    /// The problems of a `menus` value, one per path.
    fn shape_problems(given: serde_json::Value) -> Vec<(String, String)> {
        let message = MenuLines::parse(Raw::Json(&given)).expect_err("refused");
        by_path(FieldError::new("menus", message))
            .into_iter()
            .map(|e| (e.field, e.message))
            .collect()
    }

    #[test]
    fn a_value_of_the_wrong_shape_is_named_by_its_exact_path_every_items_at_once() {
        let got = shape_problems(json!([
            {"id": RAMEN, "quantity": "two"},
            {"id": RAMEN, "variations": [{"id": LARGE}, {"id": "large"}]},
            {"id": RAMEN, "colour": 2},
            {"id": GYOZA, "metadata": {"x": "y".repeat(501)}},
            {"id": RAMEN, "variations": [{"id": EGG, "metadata": {"": "z"}}]},
            {"id": 12.5},
            {"id": GYOZA, "metadata": {"a": 1}},
            {"quantity": 1},
            {"id": RAMEN, "variations": [{"id": EGG, "size": 1}]},
        ]));
        assert_eq!(
            got,
            [
                p("menus[0].quantity", "must be a number"),
                p("menus[1].variations[1].id", "must be a number"),
                p(
                    "menus[2].colour",
                    "unknown field; the fields are id, quantity, metadata, variations"
                ),
                p("menus[3].metadata", "values must be at most 500 characters"),
                p(
                    "menus[4].variations[0].metadata",
                    "names must be 1 to 64 characters"
                ),
                p("menus[5].id", "must be a whole number"),
                p("menus[6].metadata", "must be an object of strings"),
                p("menus[7].id", "is required"),
                p(
                    "menus[8].variations[0].size",
                    "unknown field; the fields are id, quantity, metadata, category"
                ),
            ]
        );
    }

    #[test]
    fn whole_numbers_may_be_written_12_0_and_a_list_holds_1_to_100_menus_of_up_to_50_variations() {
        let given = json!([{"id": 1.0, "quantity": 2.0, "variations": [
            {"id": 22.0, "quantity": 1.0, "category": 100.0, "metadata": {"k": "v"}},
        ]}]);
        let menus = MenuLines::parse(Raw::Json(&given)).expect("whole numbers");
        assert_eq!(
            menus.asked(),
            [Asked {
                id: 1,
                quantity: Some(2),
                variations: vec![Chosen {
                    id: 22,
                    quantity: 1
                }],
            }]
        );
        let kept = menus[0].0.variations.as_ref().map(stored_variations);
        assert_eq!(
            kept,
            Some(vec![StoredVariation {
                id: 22,
                quantity: Some(1),
                metadata: Some(BTreeMap::from([("k".into(), "v".into())])),
                category: Some(100),
            }])
        );
        let refused = |given: serde_json::Value| MenuLines::parse(Raw::Json(&given)).err();
        assert_eq!(
            refused(json!([])).as_deref(),
            Some("must hold at least one item")
        );
        assert_eq!(
            refused(json!({"id": 1})).as_deref(),
            Some("must be an array")
        );
        let many = serde_json::Value::Array(vec![json!({"id": 1}); LINES_MAX + 1]);
        assert_eq!(
            refused(many).as_deref(),
            Some("must hold at most 100 items")
        );
        let variations = serde_json::Value::Array(vec![json!({"id": 1}); VARIATIONS_MAX + 1]);
        assert_eq!(
            refused(json!([{"id": 1, "variations": variations}])).as_deref(),
            Some("[0].variations: must hold at most 50 items")
        );
    }

    #[test]
    fn a_menu_with_chosen_variations_is_priced_with_a_snapshot_of_them() {
        let priced = accepted(price(json!([
            {"id": RAMEN, "quantity": 2, "variations": [{"id": EGG, "quantity": 2}, {"id": LARGE}]},
        ])));
        let [line] = priced.lines.as_slice() else {
            panic!("one line");
        };
        // 980 + 150 for Large + 2 × 120 for the eggs, twice.
        assert_eq!(
            (line.shop_menu_id, line.name.as_str(), line.quantity),
            (RAMEN, "Shoyu Ramen", 2)
        );
        assert_eq!(
            (line.unit_price, line.total_amount, line.tax_rate),
            (1370, 2740, 10)
        );
        assert_eq!((line.device_tag.as_deref(), line.is_option), (None, false));
        // In the categories' display order (Size, then Toppings), not the order sent.
        assert_eq!(
            snapshot(line),
            json!([
                {"id": LARGE, "categoryId": SIZE, "name": "Large", "quantity": 1, "price": 150},
                {"id": EGG, "categoryId": TOPPINGS, "name": "Soft-boiled Egg", "quantity": 2, "price": 120},
            ])
        );
        // Each variation's stock for every bowl, then the bowls.
        assert_eq!(priced.takes, [take(LARGE, 2), take(EGG, 4), take(RAMEN, 2)]);
    }

    #[test]
    fn a_required_category_left_unchosen_takes_its_default() {
        let priced = accepted(price(json!([{"id": RAMEN}])));
        let line = &priced.lines[0];
        assert_eq!((line.unit_price, line.total_amount), (980, 980));
        assert_eq!(
            snapshot(line),
            json!([{"id": REGULAR, "categoryId": SIZE, "name": "Regular", "quantity": 1, "price": 0}])
        );
        assert_eq!(priced.takes, [take(REGULAR, 1), take(RAMEN, 1)]);
    }

    #[test]
    fn names_come_in_the_asked_language_and_fall_back_to_english() {
        let given = lines(json!([{"id": RAMEN, "variations": [{"id": LARGE}]}, {"id": GYOZA}]));
        let priced = accepted(price_lines(
            &ramen_shop(),
            Lang::Ja,
            "menus",
            &given,
            None,
            false,
        ));
        assert_eq!(priced.lines[0].name, "醤油ラーメン");
        assert_eq!(snapshot(&priced.lines[0])[0]["name"], "大盛り");
        assert_eq!(priced.lines[1].name, "Gyoza");
    }

    #[test]
    fn every_problem_of_every_line_comes_back_at_once_in_the_lines_order() {
        let got = refused(price(json!([
            {"id": 999999},
            {"id": LARGE},
            {"id": RAMEN, "variations": [{"id": LARGE}, {"id": REGULAR}]},
            {"id": GYOZA, "quantity": 0},
            {"id": GYOZA},
            {"id": BEER},
        ])));
        assert_eq!(
            got,
            [
                p("menus[0].id", "no menu with id 999999 in this shop"),
                p(
                    "menus[1].id",
                    "menu 22 is a variation and can only be chosen inside its item"
                ),
                p(
                    "menus[2].variations",
                    "variation category 100 takes one choice, got 2 (22, 21)"
                ),
                p("menus[3].quantity", "must be from 1 to 999"),
                p("menus[5].id", "menu 5 is sold out"),
            ]
        );
    }

    #[test]
    fn each_variation_problem_is_named_by_the_variations_path() {
        let got = refused(price(json!([
            {"id": GYOZA},
            {"id": RAMEN, "variations": [{"id": 999}, {"id": LEMON}, {"id": EGG, "quantity": 0}]},
        ])));
        assert_eq!(
            got,
            [
                p("menus[1].variations[0].id", "unknown variation 999"),
                p(
                    "menus[1].variations[1].id",
                    "variation 31 is not a choice of menu 1"
                ),
                p("menus[1].variations[2].quantity", "must be from 1 to 999"),
            ]
        );
    }

    #[test]
    fn a_menu_with_an_unknown_tax_rate_is_named_on_its_id() {
        let got = refused(price(json!([{"id": ODD_RATE}])));
        assert_eq!(
            got,
            [p("menus[0].id", "unknown tax rate 5 (10 or 8 percent)")]
        );
    }

    #[test]
    fn a_line_too_large_to_price_is_named_by_its_path() {
        let got = refused(price(json!([{"id": PRICELESS, "quantity": 2}])));
        assert_eq!(got, [p("menus[0]", "the amount is too large")]);
    }

    #[test]
    fn stock_is_judged_when_taken_so_two_lines_past_it_are_priced_and_their_takes_summed() {
        // 20 gyoza left; 12 + 9 asked.
        let priced = accepted(price(json!([
            {"id": GYOZA, "quantity": 12},
            {"id": GYOZA, "quantity": 9},
        ])));
        assert_eq!(priced.takes, [take(GYOZA, 12), take(GYOZA, 9)]);
        assert_eq!(merge_takes(priced.takes), [take(GYOZA, 21)]);
    }

    #[test]
    fn option_lines_carry_the_field_name_the_device_tag_and_the_option_flag() {
        let shop = ramen_shop();
        let tag = Some("table-3".to_string());
        let given = lines(json!([{"id": EXTRA_NOODLES}, {"id": BENTO, "quantity": 3}]));
        let priced = accepted(price_lines(
            &shop,
            Lang::En,
            "option",
            &given,
            tag.clone(),
            true,
        ));
        for line in &priced.lines {
            assert_eq!(
                (line.device_tag.as_deref(), line.is_option),
                (Some("table-3"), true)
            );
        }
        // The bento keeps its reduced rate.
        let bento = &priced.lines[1];
        assert_eq!(
            (bento.tax_rate, bento.unit_price, bento.total_amount),
            (8, 850, 2550)
        );
        let given = lines(json!([{"id": EXTRA_NOODLES}, {"id": 999}]));
        let got = refused(price_lines(&shop, Lang::En, "option", &given, tag, true));
        assert_eq!(got, [p("option[1].id", "no menu with id 999 in this shop")]);
    }

    #[test]
    fn resolving_a_menu_defaults_its_quantity_to_one_and_judges_quantity_before_status() {
        let shop = ramen_shop();
        let line = |id: i64, quantity: Option<i64>| Asked {
            id,
            quantity,
            variations: Vec::new(),
        };
        let resolved = resolve_menu(&shop, "menus[0]", &line(GYOZA, None)).map(|(m, q)| (m.id, q));
        assert_eq!(resolved, Ok((GYOZA, 1)));
        let resolved =
            resolve_menu(&shop, "menus[0]", &line(BEER, Some(1000))).map(|(m, q)| (m.id, q));
        assert_eq!(
            resolved,
            Err(FieldError::new(
                "menus[0].quantity",
                "must be from 1 to 999"
            ))
        );
    }

    #[test]
    fn a_menus_variation_categories_come_in_their_sort_order_with_listed_members_only() {
        let shop = ramen_shop();
        let pricing = Pricing::new(&shop, Lang::En, None, false);
        let got: Vec<(i64, bool, Option<i64>, Vec<i64>)> = pricing
            .variation_categories(RAMEN)
            .into_iter()
            .map(|c| {
                let members = c.variations.iter().map(|v| v.id).collect();
                (c.id, c.required, c.default_choice, members)
            })
            .collect();
        // The hidden topping is not in the catalogue's items, so not a choice.
        assert_eq!(
            got,
            [
                (SIZE, true, Some(REGULAR), vec![REGULAR, LARGE]),
                (TOPPINGS, false, None, vec![EGG, CHASHU]),
            ]
        );
        assert!(pricing.variation_categories(GYOZA).is_empty());
    }

    #[test]
    fn merging_a_line_adds_its_takes_after_those_priced_before() {
        let mut priced = accepted(price(json!([{"id": GYOZA}])));
        let one = accepted(price(json!([{"id": RAMEN}])));
        let line = one.lines.into_iter().next().expect("one line");
        merge(
            &mut priced,
            PricedLine {
                line,
                takes: one.takes,
            },
        );
        let ids: Vec<i64> = priced.lines.iter().map(|l| l.shop_menu_id).collect();
        assert_eq!(ids, [GYOZA, RAMEN]);
        assert_eq!(
            priced.takes,
            [take(GYOZA, 1), take(REGULAR, 1), take(RAMEN, 1)]
        );
    }
}
