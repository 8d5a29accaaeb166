//! The queries of cafeteria orders (seed 001 §3, §4; migration 000006): reading one with its
//! lines, locking its row and asking `order::domain::order::next` ([`lock_for`]), writing it,
//! its lines and its stock, in the transaction of `order::service::cafeteria`. Stock is taken
//! with one conditional `UPDATE` per item, so two phones taking the last portion at once cannot
//! both succeed (PostgreSQL re-checks the `WHERE` after the row lock; SQLite's write
//! transaction holds the one write lock).

use crate::domain::order::{self, OrderEvent, OrderStatus, Refusal};
use chrono::{DateTime, Utc};
use noren_core::db::entities::{
    cafeteria_order, cafeteria_order_line, menu_item, predefined_payment, shop,
};
use noren_core::db::repo::{CAFETERIA_ORDER_NUMBER, SelectFirst, on_constraint};
use rand::distr::{Alphanumeric, SampleString};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use subtle::ConstantTimeEq;

/// Characters of an order's id (alphanumeric: about 190 bits).
pub const ORDER_ID_LEN: usize = 32;
/// Characters of a `mutableToken` (alphanumeric: about 190 bits).
pub const TOKEN_LEN: usize = 32;

#[derive(Debug, thiserror::Error)]
pub enum OrderError {
    /// No such order, or the token does not match (never tell the two apart).
    #[error("order not found")]
    NotFound,
    /// The status machine refuses the event (409).
    #[error("{0}")]
    Refused(#[from] Refusal),
    /// A menu item or variation ran out while the request ran (409).
    #[error("not enough stock of menu {menu_id}")]
    NoStock { menu_id: i64 },
    /// The order cannot be paid by a payment (its amount is outside the payment API's
    /// bounds, or its number is already another payment's `order_no`) (409).
    #[error("{0}")]
    Unpayable(String),
    /// The merchant's status call asked for a status it cannot set on this order: 5 for an
    /// order paid online (409).
    #[error("{0}")]
    NotATarget(String),
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// One stock decrement: `quantity` portions of menu item `menu_id`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    pub menu_id: i64,
    pub quantity: i64,
}

/// A priced line to store (a snapshot: the menu may change later).
#[derive(Clone, Debug)]
pub struct NewLine {
    pub shop_menu_id: i64,
    pub name: String,
    pub quantity: i64,
    /// Tax-included unit price, variations in.
    pub unit_price: i64,
    pub tax_rate: i32,
    /// JSON array of the chosen variations.
    pub variations: String,
    pub device_tag: Option<String>,
    pub is_option: bool,
    /// The line's tax-included total (added to the order's amount).
    pub total_amount: i64,
}

/// What the merchant's create call stores.
#[derive(Clone, Debug)]
pub struct NewOrder {
    pub shop_id: i64,
    pub livemode: bool,
    pub mutable: bool,
    pub memo: Option<String>,
    pub table_number: Option<String>,
    pub phone_number: Option<String>,
    pub email: Option<String>,
    pub membership_number: Option<String>,
    /// JSON object.
    pub extra_params: String,
    pub pay_offline: bool,
    pub message_to: Option<String>,
}

/// An order with its lines and its payment's token.
#[derive(Clone, Debug)]
pub struct OrderRecord {
    pub order: cafeteria_order::Model,
    pub lines: Vec<cafeteria_order_line::Model>,
    pub payment_token: Option<String>,
}

/// Whether `given` is the order's customer token, in constant time.
pub fn token_matches(order: &cafeteria_order::Model, given: &str) -> bool {
    match &order.mutable_token {
        Some(t) => bool::from(t.as_bytes().ct_eq(given.as_bytes())),
        None => false,
    }
}

fn status_of(order: &cafeteria_order::Model) -> Result<OrderStatus, OrderError> {
    OrderStatus::try_from(order.status).map_err(|e| OrderError::Db(DbErr::Custom(e.to_string())))
}

/// The order `id` without its lines, or `None`.
pub async fn find_row(
    db: &impl ConnectionTrait,
    id: &str,
) -> Result<Option<cafeteria_order::Model>, DbErr> {
    cafeteria_order::Entity::find_by_id(id).first(db).await
}

/// The order `id` with its lines, or `None`.
pub async fn find(db: &impl ConnectionTrait, id: &str) -> Result<Option<OrderRecord>, DbErr> {
    let Some(order) = cafeteria_order::Entity::find_by_id(id).first(db).await? else {
        return Ok(None);
    };
    record(db, order).await.map(Some)
}

pub(crate) async fn record(
    db: &impl ConnectionTrait,
    order: cafeteria_order::Model,
) -> Result<OrderRecord, DbErr> {
    let lines = cafeteria_order_line::Entity::find()
        .filter(cafeteria_order_line::Column::OrderId.eq(order.id.as_str()))
        .order_by_asc(cafeteria_order_line::Column::Id)
        .all(db)
        .await?;
    let payment_token = match order.predefined_payment_id {
        Some(pid) => predefined_payment::Entity::find_by_id(pid)
            .first(db)
            .await?
            .map(|p| p.token),
        None => None,
    };
    Ok(OrderRecord {
        order,
        lines,
        payment_token,
    })
}

/// Locks the order `id` whose token is `token` (else `NotFound`) and asks the status machine
/// about `event`; answers the order and the status it moves to.
pub(crate) async fn lock_for(
    tx: &DatabaseTransaction,
    id: &str,
    token: &str,
    event: OrderEvent,
) -> Result<(cafeteria_order::Model, OrderStatus), OrderError> {
    let order = cafeteria_order::Entity::find_by_id(id)
        .lock_exclusive()
        .first(tx)
        .await?
        .filter(|o| token_matches(o, token))
        .ok_or(OrderError::NotFound)?;
    let next = order::next(status_of(&order)?, event)?;
    Ok((order, next))
}

/// Adds `add` to the amount of the order `id` whose token is `token`, if `event` (one that keeps
/// the status, such as an append) is allowed in its status: one statement that also locks the
/// row. `None` when no such order allows it; [`lock_for`] then says why.
pub(crate) async fn add_amount(
    tx: &DatabaseTransaction,
    id: &str,
    token: &str,
    event: OrderEvent,
    add: i64,
    now: DateTime<Utc>,
) -> Result<Option<cafeteria_order::Model>, DbErr> {
    let allowed = event.allowed_in();
    debug_assert!(
        allowed.iter().all(|s| order::next(*s, event) == Ok(*s)),
        "add_amount is for events that keep the status"
    );
    let changed = cafeteria_order::Entity::update_many()
        .col_expr(
            cafeteria_order::Column::Amount,
            Expr::col(cafeteria_order::Column::Amount).add(add),
        )
        .col_expr(cafeteria_order::Column::UpdatedAt, Expr::value(now))
        .filter(cafeteria_order::Column::Id.eq(id))
        .filter(cafeteria_order::Column::MutableToken.eq(token))
        .filter(cafeteria_order::Column::Status.is_in(allowed.iter().map(|s| s.code())))
        .exec_with_returning(tx)
        .await?;
    Ok(changed.into_iter().next())
}

/// Moves the order paid by payment `payment_id`, if there is one, after that payment was paid
/// (`Paid`: 2 → 5) or refunded (`Refund`: → 30), in the transaction that changed the payment.
/// An order the event no longer applies to (cancelled while an attempt that had already
/// started went on to be paid) keeps its status: the money is then the merchant's to refund,
/// and refusing would lose the payment's change. Answers the order when it moved.
pub async fn payment_changed(
    tx: &DatabaseTransaction,
    payment_id: i64,
    event: OrderEvent,
    now: DateTime<Utc>,
) -> Result<Option<cafeteria_order::Model>, DbErr> {
    let Some(order) = cafeteria_order::Entity::find()
        .filter(cafeteria_order::Column::PredefinedPaymentId.eq(payment_id))
        .lock_exclusive()
        .first(tx)
        .await?
    else {
        return Ok(None);
    };
    let current = OrderStatus::try_from(order.status).map_err(|e| DbErr::Custom(e.to_string()))?;
    match order::next(current, event) {
        Ok(next) => {
            let mut row: cafeteria_order::ActiveModel = order.into();
            row.status = Set(next.code());
            row.updated_at = Set(now);
            Ok(Some(row.update(tx).await?))
        }
        Err(refusal) => {
            tracing::warn!(order = %order.id, payment_id, %refusal, "order keeps its status after its payment changed");
            Ok(None)
        }
    }
}

/// The portions that `lines` took: each line's menu `quantity` times, and each of its
/// variations' `quantity` per portion (as the order's line pricing took them), summed per item.
fn taken_by(lines: &[cafeteria_order_line::Model]) -> Vec<Take> {
    let mut sums: std::collections::BTreeMap<i64, i64> = std::collections::BTreeMap::new();
    for l in lines {
        let quantity = i64::from(l.quantity);
        *sums.entry(l.shop_menu_id).or_default() += quantity;
        let variations: Vec<serde_json::Value> =
            serde_json::from_str(&l.variations).unwrap_or_default();
        for v in variations {
            if let (Some(id), Some(per)) = (v["id"].as_i64(), v["quantity"].as_i64()) {
                *sums.entry(id).or_default() += per.saturating_mul(quantity);
            }
        }
    }
    sums.into_iter()
        .map(|(menu_id, quantity)| Take { menu_id, quantity })
        .collect()
}

/// Gives portions back: `stock_available + q` for items with a stock (unlimited items, and
/// items an import removed since, change nothing).
async fn return_stock(tx: &DatabaseTransaction, takes: &[Take]) -> Result<(), DbErr> {
    for t in takes {
        menu_item::Entity::update_many()
            .col_expr(
                menu_item::Column::StockAvailable,
                Expr::col(menu_item::Column::StockAvailable).add(t.quantity),
            )
            .filter(menu_item::Column::Id.eq(t.menu_id))
            .filter(menu_item::Column::StockAvailable.is_not_null())
            .exec(tx)
            .await?;
    }
    Ok(())
}

/// Takes each item's portions: `stock_available - q` where it is unlimited or has `q` left;
/// no row changed means it ran out. Answers whether an item with a stock was taken (an
/// unlimited item's row is written but shows no change).
pub(crate) async fn take_stock(
    tx: &DatabaseTransaction,
    takes: &[Take],
) -> Result<bool, OrderError> {
    let mut stocked = false;
    for t in takes {
        let taken = menu_item::Entity::update_many()
            .col_expr(
                menu_item::Column::StockAvailable,
                Expr::col(menu_item::Column::StockAvailable).sub(t.quantity),
            )
            .filter(menu_item::Column::Id.eq(t.menu_id))
            .filter(
                menu_item::Column::StockAvailable
                    .is_null()
                    .or(menu_item::Column::StockAvailable.gte(t.quantity)),
            )
            .exec_with_returning(tx)
            .await?;
        match taken.first() {
            None => return Err(OrderError::NoStock { menu_id: t.menu_id }),
            Some(item) => stocked |= item.stock_available.is_some(),
        }
    }
    Ok(stocked)
}

/// Stores `lines` on the order `order_id`, in one statement.
pub(crate) async fn insert_lines(
    tx: &DatabaseTransaction,
    order_id: &str,
    lines: &[NewLine],
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    if lines.is_empty() {
        return Ok(());
    }
    let rows = lines.iter().map(|l| cafeteria_order_line::ActiveModel {
        order_id: Set(order_id.to_string()),
        shop_menu_id: Set(l.shop_menu_id),
        name: Set(l.name.clone()),
        quantity: Set(i32::try_from(l.quantity).unwrap_or(i32::MAX)),
        unit_price: Set(l.unit_price),
        tax_rate: Set(l.tax_rate),
        variations: Set(l.variations.clone()),
        group_tag: Set(None),
        device_tag: Set(l.device_tag.clone()),
        is_option: Set(l.is_option),
        created_at: Set(now),
        ..Default::default()
    });
    cafeteria_order_line::Entity::insert_many(rows)
        .exec_without_returning(tx)
        .await?;
    Ok(())
}

/// Inserts the order `new` numbered `number`, with `amount` (its lines' total).
pub async fn insert(
    tx: &DatabaseTransaction,
    new: &NewOrder,
    number: u64,
    amount: i64,
    now: DateTime<Utc>,
) -> Result<cafeteria_order::Model, DbErr> {
    // Drawn before the insert: the thread's generator must not live across an await.
    let id = Alphanumeric.sample_string(&mut rand::rng(), ORDER_ID_LEN);
    let token = Alphanumeric.sample_string(&mut rand::rng(), TOKEN_LEN);
    cafeteria_order::ActiveModel {
        id: Set(id),
        shop_id: Set(new.shop_id),
        number: Set(number.to_string()),
        livemode: Set(new.livemode),
        status: Set(order::initial_status(new.mutable).code()),
        amount: Set(amount),
        memo: Set(new.memo.clone()),
        name_phonetic: Set(None),
        mutable: Set(new.mutable),
        mutable_token: Set(Some(token)),
        table_number: Set(new.table_number.clone()),
        phone_number: Set(new.phone_number.clone()),
        email: Set(new.email.clone()),
        membership_number: Set(new.membership_number.clone()),
        extra_params: Set(new.extra_params.clone()),
        pay_offline: Set(new.pay_offline),
        message_to: Set(new.message_to.clone()),
        payment_method: Set(None),
        predefined_payment_id: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(tx)
    .await
}

/// The number the next order of the shop in this mode gets: its count of orders plus one.
///
/// Takes the shop row's lock first (`SELECT … FOR UPDATE` on PostgreSQL, until commit; SQLite's
/// `BEGIN IMMEDIATE` already excludes other writers), so the shop's creates are numbered one
/// after the other. Without it, concurrent creates on PostgreSQL read the same count and all
/// but one hit the number's unique index: with eight at once, a quarter of them used up their
/// retries and answered 500.
pub async fn next_number(
    tx: &DatabaseTransaction,
    shop_id: i64,
    livemode: bool,
) -> Result<u64, DbErr> {
    let lock = shop::Entity::find()
        .select_only()
        .column(shop::Column::Id)
        .filter(shop::Column::Id.eq(shop_id))
        .lock_exclusive()
        .into_query();
    tx.query_one(&lock).await?;
    let count = cafeteria_order::Entity::find()
        .filter(cafeteria_order::Column::ShopId.eq(shop_id))
        .filter(cafeteria_order::Column::Livemode.eq(livemode))
        .count(tx)
        .await?;
    Ok(count + 1)
}

/// Whether `e` is the violation of the shop's order-number index (a concurrent create took the
/// number).
pub fn number_taken(e: &DbErr) -> bool {
    on_constraint(e, &CAFETERIA_ORDER_NUMBER)
}

/// What a change writes on the order's row; `None` leaves a value as it is.
#[derive(Default)]
pub struct OrderChange {
    pub status: Option<OrderStatus>,
    pub add_amount: i64,
    pub payment_id: Option<i64>,
}

/// Writes `change` on `order` (and its `updated_at`).
pub async fn change(
    tx: &DatabaseTransaction,
    order: cafeteria_order::Model,
    change: OrderChange,
    now: DateTime<Utc>,
) -> Result<cafeteria_order::Model, DbErr> {
    let amount = order.amount + change.add_amount;
    let mut row: cafeteria_order::ActiveModel = order.into();
    if let Some(status) = change.status {
        row.status = Set(status.code());
    }
    if change.add_amount != 0 {
        row.amount = Set(amount);
    }
    if let Some(id) = change.payment_id {
        row.predefined_payment_id = Set(Some(id));
    }
    row.updated_at = Set(now);
    row.update(tx).await
}

/// Locks the order `id` if it is `shop_id`'s in this mode (else `NotFound`).
pub async fn lock_for_merchant(
    tx: &DatabaseTransaction,
    shop_id: i64,
    livemode: bool,
    id: &str,
) -> Result<cafeteria_order::Model, OrderError> {
    cafeteria_order::Entity::find_by_id(id)
        .lock_exclusive()
        .first(tx)
        .await?
        .filter(|o| o.shop_id == shop_id && o.livemode == livemode)
        .ok_or(OrderError::NotFound)
}

/// Gives back the stock the lines of the order `order_id` took (the order was cancelled).
pub async fn return_stock_of(tx: &DatabaseTransaction, order_id: &str) -> Result<(), DbErr> {
    let lines = cafeteria_order_line::Entity::find()
        .filter(cafeteria_order_line::Column::OrderId.eq(order_id))
        .all(tx)
        .await?;
    return_stock(tx, &taken_by(&lines)).await
}

/// The order's status as the status machine knows it.
pub fn status(order: &cafeteria_order::Model) -> Result<OrderStatus, OrderError> {
    status_of(order)
}
