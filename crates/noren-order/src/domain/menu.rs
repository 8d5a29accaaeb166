//! A menu item's availability (seed 001 §3 "Menu item": `status`, `type`, `stockAvailable`;
//! DESIGN.md "Appends check menu status, stock"): what the two numbers mean and whether a
//! quantity may be ordered. Pure: the repository decrements the stock atomically
//! (`… SET stock = stock - q WHERE stock >= q`) and uses [`check_order`] for the answer's text.
//!
//! The seed gives `status` and `type` as numbers without values; they are decided here:
//!
//! | `status` | Meaning | Listed to customers | Orderable |
//! |---|---|---|---|
//! | 0 | hidden | no | no |
//! | 1 | on sale | yes | yes (within stock) |
//! | 2 | sold out | yes, marked sold out | no |
//!
//! | `type` | Meaning | Ordered as |
//! |---|---|---|
//! | 0 | regular menu item | a line of its own |
//! | 1 | option menu (the shop's `orderOptionMenus`; the line's `isOption`) | a line of its own |
//! | 2 | variation (a choice inside another item's variation category) | only as a variation |
//!
//! `stockAvailable`: `None` (null) is unlimited; `Some(n)` is `n` portions left, and an order
//! of `q` needs `n ≥ q`. `Some(0)` orders nothing, whatever the status says.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most of one item (or one variation choice) a single line may hold.
pub const MAX_QUANTITY: i64 = 999;

/// Menu item `status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum MenuStatus {
    /// 0: not shown, not orderable.
    Hidden = 0,
    /// 1: shown and orderable.
    OnSale = 1,
    /// 2: shown as sold out, not orderable.
    SoldOut = 2,
}

impl MenuStatus {
    pub const ALL: [MenuStatus; 3] = [MenuStatus::Hidden, MenuStatus::OnSale, MenuStatus::SoldOut];

    /// Shown in the menu reads to customers (a sold-out item stays listed, marked).
    pub fn is_listed(self) -> bool {
        self != MenuStatus::Hidden
    }
}

impl From<MenuStatus> for i32 {
    fn from(s: MenuStatus) -> i32 {
        s as i32
    }
}

impl TryFrom<i32> for MenuStatus {
    type Error = String;
    fn try_from(v: i32) -> Result<Self, String> {
        MenuStatus::ALL
            .into_iter()
            .find(|s| *s as i32 == v)
            .ok_or_else(|| format!("unknown menu status {v} (0 hidden, 1 on sale, 2 sold out)"))
    }
}

/// Menu item `type`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum MenuType {
    /// 0: a regular menu item.
    Regular = 0,
    /// 1: an option menu item (`orderOptionMenus`, lines with `isOption`).
    Option = 1,
    /// 2: a variation: chosen inside another item, never a line of its own.
    Variation = 2,
}

impl MenuType {
    pub const ALL: [MenuType; 3] = [MenuType::Regular, MenuType::Option, MenuType::Variation];

    /// May be a line of its own (regular and option items; variations only inside one).
    pub fn is_line_item(self) -> bool {
        self != MenuType::Variation
    }
}

impl From<MenuType> for i32 {
    fn from(t: MenuType) -> i32 {
        t as i32
    }
}

impl TryFrom<i32> for MenuType {
    type Error = String;
    fn try_from(v: i32) -> Result<Self, String> {
        MenuType::ALL
            .into_iter()
            .find(|t| *t as i32 == v)
            .ok_or_else(|| format!("unknown menu type {v} (0 regular, 1 option, 2 variation)"))
    }
}

/// Why a quantity of an item cannot be ordered (a 400 on the item's field, or a 409 when the
/// stock ran out during the request).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unavailable {
    #[error("must be from 1 to {MAX_QUANTITY}")]
    Quantity,
    #[error("is not on sale")]
    Hidden,
    #[error("is sold out")]
    SoldOut,
    #[error("has only {left} left")]
    NotEnoughStock { left: i64 },
    #[error("is a variation and can only be chosen inside its item")]
    VariationOnly,
}

/// The facts of one menu item that decide whether it may be ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Availability {
    pub status: MenuStatus,
    /// `None`: unlimited.
    pub stock_available: Option<i64>,
}

impl fmt::Display for Availability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stock_available {
            None => write!(f, "{:?}, unlimited", self.status),
            Some(n) => write!(f, "{:?}, {n} left", self.status),
        }
    }
}

/// Whether `quantity` (1..=[`MAX_QUANTITY`]) of an item with `facts` may be ordered, in the
/// order quantity, status, stock. Whether the item is a line item is [`check_line_item`]'s.
pub fn check_order(facts: Availability, quantity: i64) -> Result<(), Unavailable> {
    if !(1..=MAX_QUANTITY).contains(&quantity) {
        return Err(Unavailable::Quantity);
    }
    check_stock(facts, quantity)
}

/// Whether an item with `facts` is on sale with `quantity` (≥ 0, unbounded: a variation's
/// need is its choice's quantity times the line's) in stock, in the order status, stock.
pub fn check_stock(facts: Availability, quantity: i64) -> Result<(), Unavailable> {
    match facts.status {
        MenuStatus::Hidden => return Err(Unavailable::Hidden),
        MenuStatus::SoldOut => return Err(Unavailable::SoldOut),
        MenuStatus::OnSale => {}
    }
    stock_after(facts.stock_available, quantity).map(|_| ())
}

/// Whether an item of `kind` may be a line of its own.
pub fn check_line_item(kind: MenuType) -> Result<(), Unavailable> {
    if kind.is_line_item() {
        Ok(())
    } else {
        Err(Unavailable::VariationOnly)
    }
}

/// The stock left after taking `quantity` (≥ 0): unlimited stays unlimited; `Some(n)` needs
/// `n ≥ quantity`; 0 left is sold out.
pub fn stock_after(
    stock_available: Option<i64>,
    quantity: i64,
) -> Result<Option<i64>, Unavailable> {
    match stock_available {
        None => Ok(None),
        Some(n) if n <= 0 => Err(Unavailable::SoldOut),
        Some(n) if n < quantity => Err(Unavailable::NotEnoughStock { left: n }),
        Some(n) => Ok(Some(n - quantity)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_and_types_round_trip_and_unknown_numbers_are_refused() {
        for (s, n) in [
            (MenuStatus::Hidden, 0),
            (MenuStatus::OnSale, 1),
            (MenuStatus::SoldOut, 2),
        ] {
            assert_eq!(i32::from(s), n);
            assert_eq!(MenuStatus::try_from(n), Ok(s));
        }
        for (t, n) in [
            (MenuType::Regular, 0),
            (MenuType::Option, 1),
            (MenuType::Variation, 2),
        ] {
            assert_eq!(i32::from(t), n);
            assert_eq!(MenuType::try_from(n), Ok(t));
        }
        for bad in [-1, 3, 99] {
            assert!(MenuStatus::try_from(bad).is_err());
            assert!(MenuType::try_from(bad).is_err());
        }
        assert_eq!(
            MenuStatus::try_from(3),
            Err("unknown menu status 3 (0 hidden, 1 on sale, 2 sold out)".into())
        );
    }

    #[test]
    fn hidden_items_are_not_listed_and_sold_out_ones_are() {
        assert!(!MenuStatus::Hidden.is_listed());
        assert!(MenuStatus::OnSale.is_listed());
        assert!(MenuStatus::SoldOut.is_listed());
    }

    #[test]
    fn an_order_needs_an_item_on_sale_with_enough_stock() {
        use MenuStatus::*;
        let on = |stock| Availability {
            status: OnSale,
            stock_available: stock,
        };
        let cases: [(Availability, i64, Result<(), Unavailable>); 14] = [
            (on(None), 1, Ok(())),
            (on(None), MAX_QUANTITY, Ok(())),
            (on(Some(3)), 3, Ok(())),
            (on(Some(3)), 1, Ok(())),
            (on(Some(3)), 4, Err(Unavailable::NotEnoughStock { left: 3 })),
            (on(Some(1)), 2, Err(Unavailable::NotEnoughStock { left: 1 })),
            (on(Some(0)), 1, Err(Unavailable::SoldOut)),
            (on(Some(-2)), 1, Err(Unavailable::SoldOut)),
            (on(None), 0, Err(Unavailable::Quantity)),
            (on(None), -1, Err(Unavailable::Quantity)),
            (on(None), MAX_QUANTITY + 1, Err(Unavailable::Quantity)),
            (
                Availability {
                    status: Hidden,
                    stock_available: None,
                },
                1,
                Err(Unavailable::Hidden),
            ),
            (
                Availability {
                    status: SoldOut,
                    stock_available: Some(10),
                },
                1,
                Err(Unavailable::SoldOut),
            ),
            // Quantity is judged first: a bad quantity of a hidden item says "quantity".
            (
                Availability {
                    status: Hidden,
                    stock_available: None,
                },
                0,
                Err(Unavailable::Quantity),
            ),
        ];
        for (facts, q, want) in cases {
            assert_eq!(check_order(facts, q), want, "{facts} × {q}");
        }
    }

    #[test]
    fn taking_stock_leaves_the_rest_and_unlimited_stays_unlimited() {
        assert_eq!(stock_after(None, 5), Ok(None));
        assert_eq!(stock_after(Some(5), 5), Ok(Some(0)));
        assert_eq!(stock_after(Some(5), 2), Ok(Some(3)));
        assert_eq!(
            stock_after(Some(5), 6),
            Err(Unavailable::NotEnoughStock { left: 5 })
        );
        assert_eq!(
            Unavailable::NotEnoughStock { left: 2 }.to_string(),
            "has only 2 left"
        );
    }

    #[test]
    fn a_stock_check_has_no_quantity_bound_but_needs_the_item_on_sale() {
        let on = |stock| Availability {
            status: MenuStatus::OnSale,
            stock_available: stock,
        };
        assert_eq!(check_stock(on(None), MAX_QUANTITY * 3), Ok(()));
        assert_eq!(check_stock(on(Some(5000)), 5000), Ok(()));
        assert_eq!(
            check_stock(on(Some(5000)), 5001),
            Err(Unavailable::NotEnoughStock { left: 5000 })
        );
        let sold_out = Availability {
            status: MenuStatus::SoldOut,
            stock_available: None,
        };
        assert_eq!(check_stock(sold_out, 1), Err(Unavailable::SoldOut));
    }

    #[test]
    fn variations_are_never_lines_of_their_own() {
        assert_eq!(check_line_item(MenuType::Regular), Ok(()));
        assert_eq!(check_line_item(MenuType::Option), Ok(()));
        assert_eq!(
            check_line_item(MenuType::Variation),
            Err(Unavailable::VariationOnly)
        );
    }
}
