//! Prices and consumption tax of order lines and carts (DESIGN.md "Money"; seed 001 §3 "Order
//! menu line", "Cart"). Integers in yen; menu prices include tax (Japanese total-price
//! display); the tax contained in an amount is `floor(amount × rate / (100 + rate))`; rates are
//! 10 % (standard) and 8 % (reduced, `isTaxRelief`). All arithmetic is checked `i64`.
//!
//! A line's fields, for a menu item of tax-included price `P`, variations chosen with
//! tax-included price deltas `dᵢ` and quantities `kᵢ`, ordered `q` times at rate `r`:
//!
//! | Field | Definition |
//! |---|---|
//! | `priceTaxed` | the tax-included unit price, variations in: `P + Σ dᵢ × kᵢ` |
//! | `singleAmount` | the amount of one unit: equal to `priceTaxed` |
//! | `totalAmount` | the line's amount: `priceTaxed × q` |
//! | `tax` | the tax contained in the **line**: `floor(totalAmount × r / (100 + r))` |
//! | `price` | the tax-excluded unit price, for display: `priceTaxed − floor(priceTaxed × r / (100 + r))` |
//! | `taxRate` | `r` in percent: 8 or 10 |
//! | `isTaxRelief` | `r` is the reduced rate (8) |
//!
//! Tax is computed on the line's total, not per unit and multiplied, so that a receipt's tax
//! matches what a register computes for the same amount (`tax` of 3 × 110 yen at 10 % is 30,
//! not 3 × 10). Because `price` is per unit and rounded per unit, `price × q + tax` may differ
//! from `totalAmount` by less than `q` yen; `totalAmount` is the amount charged. A cart's or
//! order's tax per rate ([`CartTotals`]) is again computed once per rate on the sum of its lines
//! (the invoice rule: one rounding per rate per receipt).

use serde::{Deserialize, Serialize};

/// A consumption tax rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum TaxRate {
    /// 10 %.
    Standard,
    /// 8 %, for food and drink taken away or delivered (`isTaxRelief`).
    Reduced,
}

impl TaxRate {
    pub const ALL: [TaxRate; 2] = [TaxRate::Standard, TaxRate::Reduced];

    /// The rate in percent (`taxRate`).
    pub fn percent(self) -> i64 {
        match self {
            TaxRate::Standard => 10,
            TaxRate::Reduced => 8,
        }
    }

    /// `isTaxRelief`: the reduced rate.
    pub fn is_relief(self) -> bool {
        self == TaxRate::Reduced
    }
}

impl From<TaxRate> for i32 {
    fn from(r: TaxRate) -> i32 {
        match r {
            TaxRate::Standard => 10,
            TaxRate::Reduced => 8,
        }
    }
}

impl TryFrom<i32> for TaxRate {
    type Error = String;
    fn try_from(v: i32) -> Result<Self, String> {
        match v {
            10 => Ok(TaxRate::Standard),
            8 => Ok(TaxRate::Reduced),
            other => Err(format!("unknown tax rate {other} (10 or 8 percent)")),
        }
    }
}

/// Why a line or a cart has no price.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PriceError {
    /// A line of 0 (or fewer) items: the cart removes such a line before pricing.
    #[error("quantity must be at least 1")]
    Quantity,
    /// A variation chosen fewer than 0 times.
    #[error("a variation's quantity must not be negative")]
    VariationQuantity,
    /// The menu price, or the unit price with its variations, is below 0 yen.
    #[error("a price must not be negative")]
    Negative,
    /// More yen than an `i64` holds.
    #[error("the amount is too large")]
    Overflow,
}

/// The tax contained in a tax-included `amount` (≥ 0) at `rate`: `floor(amount × r / (100 + r))`.
pub fn tax_included(amount: i64, rate: TaxRate) -> Result<i64, PriceError> {
    if amount < 0 {
        return Err(PriceError::Negative);
    }
    let r = rate.percent();
    amount
        .checked_mul(r)
        .map(|x| x / (100 + r))
        .ok_or(PriceError::Overflow)
}

/// A chosen variation's part of the unit price.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariationPrice {
    /// The variation's tax-included price per choice (may be negative: "small −50").
    pub price: i64,
    /// How many times it is chosen per unit of the item (0 adds nothing).
    pub quantity: i64,
}

/// What a line is priced from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineInput<'a> {
    /// The menu item's tax-included `menuPrice`.
    pub menu_price: i64,
    pub tax_rate: TaxRate,
    pub variations: &'a [VariationPrice],
    /// How many of the item (≥ 1).
    pub quantity: i64,
}

/// The priced fields of an order or cart line (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LinePrice {
    pub quantity: i64,
    /// Tax-excluded unit price.
    pub price: i64,
    /// Tax-included unit price, variations in.
    pub price_taxed: i64,
    /// Tax contained in the line's total.
    pub tax: i64,
    /// The rate; `taxRate` is its percent, `isTaxRelief` whether it is reduced.
    pub tax_rate: TaxRate,
    /// One unit, tax included.
    pub single_amount: i64,
    /// The line, tax included.
    pub total_amount: i64,
}

impl LinePrice {
    /// `taxRate` in percent.
    pub fn tax_rate_percent(&self) -> i64 {
        self.tax_rate.percent()
    }

    /// `isTaxRelief`.
    pub fn is_tax_relief(&self) -> bool {
        self.tax_rate.is_relief()
    }
}

/// Prices one line (the module's table). Refuses a quantity below 1, a negative variation
/// quantity, a negative menu or unit price, and any overflow.
pub fn price_line(input: LineInput<'_>) -> Result<LinePrice, PriceError> {
    if input.quantity < 1 {
        return Err(PriceError::Quantity);
    }
    if input.menu_price < 0 {
        return Err(PriceError::Negative);
    }
    let mut unit = input.menu_price;
    for v in input.variations {
        if v.quantity < 0 {
            return Err(PriceError::VariationQuantity);
        }
        let part = v
            .price
            .checked_mul(v.quantity)
            .ok_or(PriceError::Overflow)?;
        unit = unit.checked_add(part).ok_or(PriceError::Overflow)?;
    }
    if unit < 0 {
        return Err(PriceError::Negative);
    }
    let total = unit
        .checked_mul(input.quantity)
        .ok_or(PriceError::Overflow)?;
    let tax = tax_included(total, input.tax_rate)?;
    let price = unit - tax_included(unit, input.tax_rate)?;
    Ok(LinePrice {
        quantity: input.quantity,
        price,
        price_taxed: unit,
        tax,
        tax_rate: input.tax_rate,
        single_amount: unit,
        total_amount: total,
    })
}

/// The sums of a cart or an order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CartTotals {
    /// `subtotal` (the order's `amount`): the sum of the lines' `totalAmount`, tax included.
    pub subtotal: i64,
    /// `itemsCount`: the sum of the lines' quantities.
    pub items_count: i64,
    /// Tax-included amount at 10 % and the tax in it (rounded once on the sum).
    pub standard_amount: i64,
    pub standard_tax: i64,
    /// Tax-included amount at 8 % and the tax in it (rounded once on the sum).
    pub reduced_amount: i64,
    pub reduced_tax: i64,
}

/// Sums priced lines: an empty cart is all zeros.
pub fn cart_totals(lines: &[LinePrice]) -> Result<CartTotals, PriceError> {
    let mut t = CartTotals::default();
    for line in lines {
        let add = |a: i64, b: i64| a.checked_add(b).ok_or(PriceError::Overflow);
        t.subtotal = add(t.subtotal, line.total_amount)?;
        t.items_count = add(t.items_count, line.quantity)?;
        match line.tax_rate {
            TaxRate::Standard => t.standard_amount = add(t.standard_amount, line.total_amount)?,
            TaxRate::Reduced => t.reduced_amount = add(t.reduced_amount, line.total_amount)?,
        }
    }
    t.standard_tax = tax_included(t.standard_amount, TaxRate::Standard)?;
    t.reduced_tax = tax_included(t.reduced_amount, TaxRate::Reduced)?;
    Ok(t)
}

/// A stored order line priced again for its answer: its unit price (tax and variations in, as
/// written when it was ordered), its rate (a code other than 10 or 8 is read as the standard
/// rate) and its quantity. A line that cannot be priced (a quantity below 1, an overflow: never
/// written so) answers its unit price with no tax, and the unit price times the quantity,
/// saturating.
pub fn price_stored_line(unit_price: i64, tax_rate: i32, quantity: i64) -> LinePrice {
    let rate = TaxRate::try_from(tax_rate).unwrap_or(TaxRate::Standard);
    price_line(LineInput {
        menu_price: unit_price,
        tax_rate: rate,
        variations: &[],
        quantity,
    })
    .unwrap_or(LinePrice {
        quantity,
        price: unit_price,
        price_taxed: unit_price,
        tax: 0,
        tax_rate: rate,
        single_amount: unit_price,
        total_amount: unit_price.saturating_mul(quantity),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_line_is_priced_as_it_was_ordered() {
        let two = price_stored_line(1100, 10, 2);
        assert_eq!(
            (two.price, two.tax, two.total_amount, two.tax_rate_percent()),
            (1000, 200, 2200, 10)
        );
        let reduced = price_stored_line(1080, 8, 1);
        assert_eq!(
            (reduced.price, reduced.tax, reduced.is_tax_relief()),
            (1000, 80, true)
        );
        // A rate code never written is the standard rate; a line that cannot be priced answers
        // its unit price, untaxed, times its quantity.
        assert_eq!(price_stored_line(1100, 7, 2), two);
        let unpriceable = price_stored_line(i64::MAX, 10, 2);
        assert_eq!((unpriceable.tax, unpriceable.total_amount), (0, i64::MAX));
    }

    fn line(menu_price: i64, rate: TaxRate, variations: &[VariationPrice], q: i64) -> LinePrice {
        price_line(LineInput {
            menu_price,
            tax_rate: rate,
            variations,
            quantity: q,
        })
        .expect("priced")
    }

    fn v(price: i64, quantity: i64) -> VariationPrice {
        VariationPrice { price, quantity }
    }

    #[test]
    fn the_tax_in_an_amount_is_floored_at_each_rate() {
        use TaxRate::*;
        for (amount, rate, tax) in [
            (0, Standard, 0),
            (10, Standard, 0),
            (11, Standard, 1),
            (110, Standard, 10),
            (1000, Standard, 90), // 90.90…
            (1099, Standard, 99), // 99.909…
            (1100, Standard, 100),
            (0, Reduced, 0),
            (13, Reduced, 0), // 0.96…
            (14, Reduced, 1), // 1.03…
            (108, Reduced, 8),
            (1000, Reduced, 74), // 74.07…
            (980, Reduced, 72),  // 72.59…
        ] {
            assert_eq!(tax_included(amount, rate), Ok(tax), "{amount} at {rate:?}");
        }
        assert_eq!(tax_included(-1, Standard), Err(PriceError::Negative));
        assert_eq!(tax_included(i64::MAX, Standard), Err(PriceError::Overflow));
    }

    #[test]
    fn rates_round_trip_through_their_percent() {
        assert_eq!(TaxRate::try_from(10), Ok(TaxRate::Standard));
        assert_eq!(TaxRate::try_from(8), Ok(TaxRate::Reduced));
        for bad in [0, 5, 9, 100] {
            assert!(TaxRate::try_from(bad).is_err());
        }
        for r in TaxRate::ALL {
            assert_eq!(i64::from(i32::from(r)), r.percent());
            assert_eq!(r.is_relief(), r == TaxRate::Reduced);
        }
    }

    #[test]
    fn a_standard_rate_line_with_variations_is_priced_per_the_table() {
        // Ramen 980 + large (+150) + 2 × egg (+100 each), three bowls, 10 %.
        let l = line(980, TaxRate::Standard, &[v(150, 1), v(100, 2)], 3);
        assert_eq!(l.price_taxed, 1330);
        assert_eq!(l.single_amount, 1330);
        assert_eq!(l.total_amount, 3990);
        assert_eq!(l.tax, 362); // floor(3990 × 10 / 110) = floor(362.7)
        assert_eq!(l.price, 1330 - 120); // floor(1330 × 10 / 110) = 120
        assert_eq!(l.tax_rate_percent(), 10);
        assert!(!l.is_tax_relief());
    }

    #[test]
    fn a_reduced_rate_line_is_tax_relief() {
        let l = line(1080, TaxRate::Reduced, &[], 1);
        assert_eq!(
            (l.price_taxed, l.total_amount, l.tax, l.price),
            (1080, 1080, 80, 1000)
        );
        assert_eq!(l.tax_rate_percent(), 8);
        assert!(l.is_tax_relief());
        // 8 % rounding: floor(2 × 500 × 8 / 108) = floor(74.07).
        let l = line(500, TaxRate::Reduced, &[], 2);
        assert_eq!((l.total_amount, l.tax, l.price), (1000, 74, 500 - 37));
    }

    #[test]
    fn tax_is_computed_on_the_line_total_not_per_unit() {
        // 3 × 105 yen at 10 %: per unit floor(9.54) = 9 → 27; on the total floor(28.6) = 28.
        let l = line(105, TaxRate::Standard, &[], 3);
        assert_eq!(l.total_amount, 315);
        assert_eq!(l.tax, 28);
        assert_eq!(l.price, 96);
        // price × q + tax may differ from totalAmount by less than q yen.
        let drift = l.total_amount - (l.price * l.quantity + l.tax);
        assert!((0..l.quantity).contains(&drift.abs()), "{drift}");
    }

    #[test]
    fn free_items_and_negative_deltas_are_priced_and_negative_units_refused() {
        let free = line(0, TaxRate::Standard, &[], 2);
        assert_eq!((free.total_amount, free.tax, free.price), (0, 0, 0));
        let small = line(500, TaxRate::Standard, &[v(-50, 1)], 1);
        assert_eq!(small.price_taxed, 450);
        // A chosen-zero-times variation adds nothing.
        assert_eq!(
            line(500, TaxRate::Standard, &[v(300, 0)], 1).price_taxed,
            500
        );
        let refused = |menu_price, variations: &[VariationPrice], quantity| {
            price_line(LineInput {
                menu_price,
                tax_rate: TaxRate::Standard,
                variations,
                quantity,
            })
        };
        assert_eq!(refused(100, &[v(-101, 1)], 1), Err(PriceError::Negative));
        assert_eq!(refused(-1, &[v(10, 1)], 1), Err(PriceError::Negative));
        assert_eq!(
            refused(100, &[v(10, -1)], 1),
            Err(PriceError::VariationQuantity)
        );
    }

    #[test]
    fn a_line_needs_at_least_one_item() {
        for q in [0, -1, i64::MIN] {
            assert_eq!(
                price_line(LineInput {
                    menu_price: 100,
                    tax_rate: TaxRate::Standard,
                    variations: &[],
                    quantity: q,
                }),
                Err(PriceError::Quantity),
                "{q}"
            );
        }
    }

    #[test]
    fn overflow_is_an_error_never_a_wrap() {
        let priced = |menu_price, variations: &[VariationPrice], quantity| {
            price_line(LineInput {
                menu_price,
                tax_rate: TaxRate::Standard,
                variations,
                quantity,
            })
        };
        assert_eq!(priced(i64::MAX, &[], 2), Err(PriceError::Overflow));
        assert_eq!(priced(1, &[v(i64::MAX, 1)], 1), Err(PriceError::Overflow));
        assert_eq!(priced(1, &[v(i64::MAX, 2)], 1), Err(PriceError::Overflow));
        // Large but the tax product overflows: refused rather than wrong.
        assert_eq!(priced(i64::MAX / 5, &[], 1), Err(PriceError::Overflow));
        let big = i64::MAX / 10;
        assert!(priced(big, &[], 1).is_ok());
        let l = priced(big, &[], 1).expect("fits");
        assert_eq!(
            cart_totals(&[l, l, l, l, l, l, l, l, l, l, l]),
            Err(PriceError::Overflow)
        );
    }

    #[test]
    fn a_cart_sums_its_lines_and_rounds_tax_once_per_rate() {
        assert_eq!(cart_totals(&[]), Ok(CartTotals::default()));
        let lines = [
            line(105, TaxRate::Standard, &[], 1),
            line(105, TaxRate::Standard, &[], 2),
            line(540, TaxRate::Reduced, &[v(0, 1)], 1),
            line(13, TaxRate::Reduced, &[], 1),
        ];
        let t = cart_totals(&lines).expect("sums");
        assert_eq!(t.subtotal, 105 + 210 + 540 + 13);
        assert_eq!(t.items_count, 5);
        assert_eq!(t.standard_amount, 315);
        assert_eq!(t.standard_tax, 28); // not 9 + 19
        assert_eq!(t.reduced_amount, 553);
        assert_eq!(t.reduced_tax, 40); // floor(553 × 8 / 108) = floor(40.96)
    }
}
