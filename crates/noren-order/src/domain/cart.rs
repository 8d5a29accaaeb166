//! A cart item as it is kept and shown (seed 001 §3 "Cart", migration 000007): the client's
//! `metadata` and its limits (an append takes the same, though order lines do not keep it), the
//! chosen variations kept as the client gave them (JSON text on the item, priced again at each
//! read), the priced variations with each one's `metadata` put back, and an item's amounts
//! from its priced line. Pure: the cart's service reads and writes the rows, the catalogue
//! prices the lines.

use crate::domain::tax::{LineInput, LinePrice, TaxRate, price_line};
use crate::domain::variation::Chosen;
use serde::{Deserialize, Serialize};
use serde_json::Value as JsonValue;
use std::collections::BTreeMap;

/// The most `metadata` entries an item or variation keeps.
pub const METADATA_ENTRIES_MAX: usize = 20;
/// The longest `metadata` name.
pub const METADATA_NAME_MAX: usize = 64;
/// The longest `metadata` value.
pub const METADATA_VALUE_MAX: usize = 500;

/// What is wrong with a `metadata` map, if anything: more than [`METADATA_ENTRIES_MAX`]
/// entries, a name empty or over [`METADATA_NAME_MAX`] characters, a value over
/// [`METADATA_VALUE_MAX`].
pub fn metadata_problem(map: &BTreeMap<String, String>) -> Option<String> {
    if map.len() > METADATA_ENTRIES_MAX {
        return Some(format!("must hold at most {METADATA_ENTRIES_MAX} entries"));
    }
    for (k, v) in map {
        if k.is_empty() || k.chars().count() > METADATA_NAME_MAX {
            return Some(format!("names must be 1 to {METADATA_NAME_MAX} characters"));
        }
        if v.chars().count() > METADATA_VALUE_MAX {
            return Some(format!(
                "values must be at most {METADATA_VALUE_MAX} characters"
            ));
        }
    }
    None
}

/// A chosen variation as a cart item keeps it: what the client gave (`id`, `quantity`,
/// `metadata`, `category`), values left out staying out of the stored text.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredVariation {
    /// The variation's menu item id.
    pub id: i64,
    /// How many per unit of the menu, if given (1 when priced).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quantity: Option<i64>,
    /// The client's values for this variation, if given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metadata: Option<BTreeMap<String, String>>,
    /// The category the client named, if any (informative: the catalogue decides).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<i64>,
}

impl StoredVariation {
    /// The choice as the variation rules check it (`quantity` 1 when not given).
    pub fn chosen(&self) -> Chosen {
        Chosen {
            id: self.id,
            quantity: self.quantity.unwrap_or(1),
        }
    }
}

/// The stored text of chosen variations (a JSON array).
pub fn variations_text(given: &[StoredVariation]) -> String {
    serde_json::to_string(given).unwrap_or_else(|_| "[]".into())
}

/// Chosen variations read back from their stored text (none if it is not ours).
pub fn read_variations(text: &str) -> Vec<StoredVariation> {
    serde_json::from_str(text).unwrap_or_default()
}

/// The stored text of an item's `metadata` (a JSON object).
pub fn metadata_text(metadata: &BTreeMap<String, String>) -> String {
    serde_json::to_string(metadata).unwrap_or_else(|_| "{}".into())
}

/// An item's `metadata` read back from its stored text (empty if it is not ours).
pub fn read_metadata(text: &str) -> BTreeMap<String, String> {
    serde_json::from_str(text).unwrap_or_default()
}

/// The priced variations of a line (its snapshot: `id`, `categoryId`, `name`, `quantity`,
/// `price`), each with the `metadata` the client gave it, if any.
pub fn with_metadata(snapshot: &str, given: &[StoredVariation]) -> Vec<JsonValue> {
    let mut list: Vec<JsonValue> = serde_json::from_str(snapshot).unwrap_or_default();
    for v in &mut list {
        let id = v["id"].as_i64();
        let given = given.iter().find(|g| Some(g.id) == id);
        if let (Some(meta), JsonValue::Object(o)) = (given.and_then(|g| g.metadata.as_ref()), v) {
            o.insert("metadata".into(), serde_json::json!(meta));
        }
    }
    list
}

/// A cart item's amounts from its priced line: `quantity` units of the tax-included
/// `unit_price` (variations in) at `rate`, as an order line shows them; `None` when the
/// amount is too large.
pub fn item_price(unit_price: i64, rate: TaxRate, quantity: i64) -> Option<LinePrice> {
    price_line(LineInput {
        menu_price: unit_price,
        tax_rate: rate,
        variations: &[],
        quantity,
    })
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn metadata_is_bounded() {
        let mut m = BTreeMap::new();
        assert_eq!(metadata_problem(&m), None);
        m.insert("note".into(), "x".repeat(METADATA_VALUE_MAX));
        assert_eq!(metadata_problem(&m), None);
        m.insert(String::new(), "x".into());
        assert_eq!(
            metadata_problem(&m).as_deref(),
            Some("names must be 1 to 64 characters")
        );
        let m = BTreeMap::from([("note".to_string(), "x".repeat(METADATA_VALUE_MAX + 1))]);
        assert_eq!(
            metadata_problem(&m).as_deref(),
            Some("values must be at most 500 characters")
        );
        let m: BTreeMap<String, String> = (0..=METADATA_ENTRIES_MAX)
            .map(|i| (i.to_string(), String::new()))
            .collect();
        assert_eq!(
            metadata_problem(&m).as_deref(),
            Some("must hold at most 20 entries")
        );
    }

    #[test]
    fn stored_variations_read_back_as_given() {
        let given = vec![
            StoredVariation {
                id: 3,
                quantity: Some(2),
                metadata: None,
                category: Some(1),
            },
            StoredVariation {
                id: 4,
                metadata: Some(BTreeMap::from([("k".into(), "v".into())])),
                ..StoredVariation::default()
            },
        ];
        let text = variations_text(&given);
        assert_eq!(
            serde_json::from_str::<JsonValue>(&text).expect("JSON"),
            json!([{"id": 3, "quantity": 2, "category": 1}, {"id": 4, "metadata": {"k": "v"}}])
        );
        assert_eq!(read_variations(&text), given);
        assert_eq!(given[1].chosen(), Chosen { id: 4, quantity: 1 });
        assert!(read_variations("not json").is_empty());
        let meta = BTreeMap::from([("spicy".to_string(), "yes".to_string())]);
        assert_eq!(read_metadata(&metadata_text(&meta)), meta);
        assert!(read_metadata("[]").is_empty());
    }

    #[test]
    fn a_variations_metadata_is_put_back_on_its_priced_entry() {
        let snapshot = json!([
            {"id": 20, "categoryId": 3, "name": "Large", "quantity": 1, "price": 150},
            {"id": 21, "categoryId": 4, "name": "Egg", "quantity": 2, "price": 120},
        ])
        .to_string();
        let given = [StoredVariation {
            id: 21,
            metadata: Some(BTreeMap::from([("soft".into(), "yes".into())])),
            ..StoredVariation::default()
        }];
        let list = with_metadata(&snapshot, &given);
        assert_eq!(list[0].get("metadata"), None);
        assert_eq!(list[1]["metadata"], json!({"soft": "yes"}));
    }

    #[test]
    fn an_items_amounts_are_its_units_at_the_lines_price() {
        let p = item_price(1130, TaxRate::Standard, 2).expect("priced");
        assert_eq!((p.single_amount, p.total_amount, p.tax), (1130, 2260, 205));
        assert_eq!(item_price(i64::MAX, TaxRate::Standard, 2), None);
    }
}
