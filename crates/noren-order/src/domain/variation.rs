//! Checking a customer's variation choices against a menu item's variation categories (seed
//! 001 §3 "Menu item": `variationCategoryRequired`, `variationCategoryExclusive`,
//! `variationCategorySortOrder`, `variationCategoryDefaultChoiceName`; DESIGN.md "Appends
//! check … required and exclusive variation categories"). Every problem is reported at once,
//! each naming the field it is about (`menus[0].variations[1].id`), so the handler answers one
//! 400 listing them all; the problems are plain values here and become `FieldError`s there.
//!
//! Rules, in the order a choice is checked:
//! - each chosen entry: its `quantity` is 1..=[`MAX_QUANTITY`]; its `id` is a variation of this
//!   item (else "unknown variation" or, when it exists but belongs elsewhere, "not a choice of
//!   menu N"); chosen once (a second entry for the same id is refused: send one with a
//!   quantity); on sale and with stock for `quantity × line quantity`;
//! - each category: **exclusive** takes at most one choice, of quantity 1; **required** needs a
//!   choice: when none is sent and the category has a default choice that is orderable, the
//!   default is taken (quantity 1); otherwise the problem is named on `…variations`.
//!
//! The accepted choices come back in the categories' sort order (then the category's own
//! member order), defaults included, ready to be priced and stored.

use crate::domain::menu::{Availability, MAX_QUANTITY, check_stock};

/// One variation of an item, as a member of one category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariationOption {
    /// The variation's menu item id.
    pub id: i64,
    pub availability: Availability,
}

/// One variation category of a menu item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationCategory {
    pub id: i64,
    pub required: bool,
    pub exclusive: bool,
    pub sort_order: i32,
    /// The member chosen when a required category gets no choice (the repository maps
    /// `variationCategoryDefaultChoiceName` to its id).
    pub default_choice: Option<i64>,
    pub variations: Vec<VariationOption>,
}

/// One variation the client chose (`menus[i].variations[j]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    pub id: i64,
    pub quantity: i64,
}

/// An accepted choice: which category it counts in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub category_id: i64,
    pub variation_id: i64,
    pub quantity: i64,
    /// Taken from the category's default, not sent by the client.
    pub by_default: bool,
}

/// A problem with one field, independent of HTTP (the handler makes a `FieldError` of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldProblem {
    /// The JSON path as sent: `menus[0].variations[1].id`.
    pub field: String,
    pub message: String,
}

impl FieldProblem {
    fn new(field: String, message: impl Into<String>) -> Self {
        FieldProblem {
            field,
            message: message.into(),
        }
    }
}

/// The item whose choices are checked.
#[derive(Clone, Copy, Debug)]
pub struct Item<'a> {
    /// The menu item's id (named in "not a choice of menu N").
    pub menu_id: i64,
    pub categories: &'a [VariationCategory],
    /// How many of the item the line holds (variation stock is needed for each).
    pub line_quantity: i64,
}

/// Checks `chosen` for `item`; `path` is the line's JSON path (`menus[0]`) and
/// `variation_exists` says whether an id is a variation at all (of any item of the shop),
/// which tells "unknown" from "of another item". Every problem at once, or the accepted
/// choices in display order.
pub fn check_choices(
    path: &str,
    item: Item<'_>,
    chosen: &[Chosen],
    variation_exists: impl Fn(i64) -> bool,
) -> Result<Vec<Choice>, Vec<FieldProblem>> {
    let mut problems = Vec::new();
    // (category index, member index, chosen index) of each well-formed choice.
    let mut found: Vec<(usize, usize, usize)> = Vec::new();
    let locate = |id: i64| {
        item.categories.iter().enumerate().find_map(|(ci, c)| {
            c.variations
                .iter()
                .position(|v| v.id == id)
                .map(|vi| (ci, vi))
        })
    };

    for (j, c) in chosen.iter().enumerate() {
        let at = format!("{path}.variations[{j}]");
        let quantity_ok = (1..=MAX_QUANTITY).contains(&c.quantity);
        if !quantity_ok {
            problems.push(FieldProblem::new(
                format!("{at}.quantity"),
                format!("must be from 1 to {MAX_QUANTITY}"),
            ));
        }
        if chosen[..j].iter().any(|earlier| earlier.id == c.id) {
            problems.push(FieldProblem::new(
                format!("{at}.id"),
                format!(
                    "variation {} is chosen more than once; send it once with a quantity",
                    c.id
                ),
            ));
            continue;
        }
        let Some((ci, vi)) = locate(c.id) else {
            let message = if variation_exists(c.id) {
                format!(
                    "variation {} is not a choice of menu {}",
                    c.id, item.menu_id
                )
            } else {
                format!("unknown variation {}", c.id)
            };
            problems.push(FieldProblem::new(format!("{at}.id"), message));
            continue;
        };
        let option = item.categories[ci].variations[vi];
        if quantity_ok {
            let needed = c.quantity.saturating_mul(item.line_quantity.max(1));
            if let Err(why) = check_stock(option.availability, needed) {
                problems.push(FieldProblem::new(
                    format!("{at}.id"),
                    format!("variation {} {why}", c.id),
                ));
            }
        }
        found.push((ci, vi, j));
    }

    let mut accepted = Vec::new();
    for (ci, category) in item.categories.iter().enumerate() {
        let mine: Vec<&(usize, usize, usize)> = found.iter().filter(|f| f.0 == ci).collect();
        if category.exclusive {
            if mine.len() > 1 {
                let ids: Vec<String> = mine.iter().map(|f| chosen[f.2].id.to_string()).collect();
                problems.push(FieldProblem::new(
                    format!("{path}.variations"),
                    format!(
                        "variation category {} takes one choice, got {} ({})",
                        category.id,
                        mine.len(),
                        ids.join(", ")
                    ),
                ));
            }
            for f in &mine {
                if chosen[f.2].quantity > 1 {
                    problems.push(FieldProblem::new(
                        format!("{path}.variations[{}].quantity", f.2),
                        format!(
                            "variation category {} takes one choice: quantity must be 1",
                            category.id
                        ),
                    ));
                }
            }
        }
        if mine.is_empty() {
            if let Some(d) = category
                .required
                .then_some(category.default_choice)
                .flatten()
                .and_then(|d| category.variations.iter().find(|v| v.id == d))
                .filter(|v| check_stock(v.availability, item.line_quantity.max(1)).is_ok())
            {
                accepted.push((
                    category.sort_order,
                    ci,
                    0,
                    Choice {
                        category_id: category.id,
                        variation_id: d.id,
                        quantity: 1,
                        by_default: true,
                    },
                ));
            } else if category.required {
                problems.push(FieldProblem::new(
                    format!("{path}.variations"),
                    format!("variation category {} requires a choice", category.id),
                ));
            }
        }
        for f in mine {
            accepted.push((
                category.sort_order,
                ci,
                f.1,
                Choice {
                    category_id: category.id,
                    variation_id: chosen[f.2].id,
                    quantity: chosen[f.2].quantity,
                    by_default: false,
                },
            ));
        }
    }

    if problems.is_empty() {
        accepted.sort_by_key(|(sort, ci, vi, _)| (*sort, *ci, *vi));
        Ok(accepted.into_iter().map(|a| a.3).collect())
    } else {
        Err(problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::menu::MenuStatus;

    fn on_sale(id: i64) -> VariationOption {
        VariationOption {
            id,
            availability: Availability {
                status: MenuStatus::OnSale,
                stock_available: None,
            },
        }
    }

    fn with(id: i64, status: MenuStatus, stock: Option<i64>) -> VariationOption {
        VariationOption {
            id,
            availability: Availability {
                status,
                stock_available: stock,
            },
        }
    }

    /// Ramen (menu 7): size (required, exclusive, default 11 "regular", sort 1) with 10 small,
    /// 11 regular, 12 large; toppings (optional, not exclusive, sort 2) with 20 egg, 21 nori
    /// (sold out), 22 pork (3 left), 23 hidden; broth (required, exclusive, no default,
    /// sort 0) with 30 soy, 31 miso.
    fn ramen() -> Vec<VariationCategory> {
        vec![
            VariationCategory {
                id: 1,
                required: true,
                exclusive: true,
                sort_order: 1,
                default_choice: Some(11),
                variations: vec![on_sale(10), on_sale(11), on_sale(12)],
            },
            VariationCategory {
                id: 2,
                required: false,
                exclusive: false,
                sort_order: 2,
                default_choice: None,
                variations: vec![
                    on_sale(20),
                    with(21, MenuStatus::SoldOut, None),
                    with(22, MenuStatus::OnSale, Some(3)),
                    with(23, MenuStatus::Hidden, None),
                ],
            },
            VariationCategory {
                id: 3,
                required: true,
                exclusive: true,
                sort_order: 0,
                default_choice: None,
                variations: vec![on_sale(30), on_sale(31)],
            },
        ]
    }

    fn check(chosen: &[(i64, i64)], line_quantity: i64) -> Result<Vec<Choice>, Vec<FieldProblem>> {
        let categories = ramen();
        let chosen: Vec<Chosen> = chosen
            .iter()
            .map(|&(id, quantity)| Chosen { id, quantity })
            .collect();
        // 99 is a variation of another item; anything else unknown.
        check_choices(
            "menus[0]",
            Item {
                menu_id: 7,
                categories: &categories,
                line_quantity,
            },
            &chosen,
            |id| id == 99 || (10..=31).contains(&id),
        )
    }

    fn problems(chosen: &[(i64, i64)], line_quantity: i64) -> Vec<(String, String)> {
        check(chosen, line_quantity)
            .expect_err("refused")
            .into_iter()
            .map(|p| (p.field, p.message))
            .collect()
    }

    fn p(field: &str, message: &str) -> (String, String) {
        (field.to_string(), message.to_string())
    }

    #[test]
    fn a_valid_choice_comes_back_in_display_order_with_the_default_filled_in() {
        let got = check(&[(20, 2), (31, 1)], 1).expect("valid");
        let ids: Vec<(i64, i64, i64, bool)> = got
            .iter()
            .map(|c| (c.category_id, c.variation_id, c.quantity, c.by_default))
            .collect();
        // broth (sort 0), size by default (sort 1), toppings (sort 2).
        assert_eq!(
            ids,
            vec![(3, 31, 1, false), (1, 11, 1, true), (2, 20, 2, false)]
        );
    }

    #[test]
    fn a_chosen_size_replaces_the_default() {
        let got = check(&[(12, 1), (30, 1)], 1).expect("valid");
        assert!(got.iter().all(|c| !c.by_default));
        assert!(got.iter().any(|c| c.variation_id == 12));
        assert!(!got.iter().any(|c| c.variation_id == 11));
    }

    #[test]
    fn each_kind_of_problem_names_its_field() {
        type Case = (Vec<(i64, i64)>, i64, Vec<(String, String)>);
        let cases: Vec<Case> = vec![
            (
                vec![(30, 1), (5, 1)],
                1,
                vec![p("menus[0].variations[1].id", "unknown variation 5")],
            ),
            (
                vec![(30, 1), (99, 1)],
                1,
                vec![p(
                    "menus[0].variations[1].id",
                    "variation 99 is not a choice of menu 7",
                )],
            ),
            (
                vec![],
                1,
                vec![p(
                    "menus[0].variations",
                    "variation category 3 requires a choice",
                )],
            ),
            (
                vec![(30, 1), (31, 1)],
                1,
                vec![p(
                    "menus[0].variations",
                    "variation category 3 takes one choice, got 2 (30, 31)",
                )],
            ),
            (
                vec![(30, 2)],
                1,
                vec![p(
                    "menus[0].variations[0].quantity",
                    "variation category 3 takes one choice: quantity must be 1",
                )],
            ),
            (
                vec![(30, 1), (21, 1)],
                1,
                vec![p("menus[0].variations[1].id", "variation 21 is sold out")],
            ),
            (
                vec![(30, 1), (23, 1)],
                1,
                vec![p(
                    "menus[0].variations[1].id",
                    "variation 23 is not on sale",
                )],
            ),
            (
                vec![(30, 1), (20, 0)],
                1,
                vec![p(
                    "menus[0].variations[1].quantity",
                    "must be from 1 to 999",
                )],
            ),
            (
                vec![(30, 1), (20, 1), (20, 1)],
                1,
                vec![p(
                    "menus[0].variations[2].id",
                    "variation 20 is chosen more than once; send it once with a quantity",
                )],
            ),
        ];
        for (chosen, q, want) in cases {
            assert_eq!(problems(&chosen, q), want, "{chosen:?}");
        }
    }

    #[test]
    fn variation_stock_is_needed_for_every_item_of_the_line() {
        // Pork has 3 left: 1 per bowl × 3 bowls fits, × 4 does not; 2 per bowl × 2 does not.
        assert!(check(&[(30, 1), (22, 1)], 3).is_ok());
        assert_eq!(
            problems(&[(30, 1), (22, 1)], 4),
            vec![p(
                "menus[0].variations[1].id",
                "variation 22 has only 3 left"
            )]
        );
        assert_eq!(
            problems(&[(30, 1), (22, 2)], 2),
            vec![p(
                "menus[0].variations[1].id",
                "variation 22 has only 3 left"
            )]
        );
        // Past the per-line limit in total but within stock is fine for unlimited stock.
        assert!(check(&[(30, 1), (20, 999)], 2).is_ok());
    }

    #[test]
    fn every_problem_is_reported_at_once() {
        let got = problems(&[(5, 1), (21, 1), (10, 1), (12, 1), (20, -1)], 1);
        assert_eq!(
            got,
            vec![
                p("menus[0].variations[0].id", "unknown variation 5"),
                p("menus[0].variations[1].id", "variation 21 is sold out"),
                p("menus[0].variations[4].quantity", "must be from 1 to 999"),
                p(
                    "menus[0].variations",
                    "variation category 1 takes one choice, got 2 (10, 12)",
                ),
                p(
                    "menus[0].variations",
                    "variation category 3 requires a choice"
                ),
            ]
        );
    }

    #[test]
    fn a_required_category_whose_default_cannot_be_ordered_needs_a_choice() {
        let mut categories = ramen();
        categories[0].variations[1] = with(11, MenuStatus::SoldOut, None);
        let got = check_choices(
            "menus[2]",
            Item {
                menu_id: 7,
                categories: &categories,
                line_quantity: 1,
            },
            &[Chosen {
                id: 30,
                quantity: 1,
            }],
            |_| true,
        )
        .expect_err("no size");
        assert_eq!(
            got,
            vec![FieldProblem {
                field: "menus[2].variations".into(),
                message: "variation category 1 requires a choice".into(),
            }]
        );
    }

    #[test]
    fn an_item_without_categories_takes_no_variations() {
        let ok = check_choices(
            "menus[0]",
            Item {
                menu_id: 8,
                categories: &[],
                line_quantity: 1,
            },
            &[],
            |_| false,
        );
        assert_eq!(ok, Ok(vec![]));
        let refused = check_choices(
            "menus[0]",
            Item {
                menu_id: 8,
                categories: &[],
                line_quantity: 1,
            },
            &[Chosen {
                id: 10,
                quantity: 1,
            }],
            |_| true,
        )
        .expect_err("not a choice");
        assert_eq!(refused[0].message, "variation 10 is not a choice of menu 8");
    }
}
