//! Cafeteria orders' changes (seed 001 §3, §4): each one begins the write, locks the order's
//! row, asks the status machine (`order::domain::order::next`), writes, commits and applies its
//! effects (stock taken or given back: the shop's rendered pages are forgotten). Create and
//! append first price the lines asked for against the shop's catalogue (`super::lines`).
//! Finalize makes the order's payment through the payment API's service in the same
//! transaction, and [`FollowPayments`] moves an order when its payment is paid or refunded, in
//! the payment's transaction.

use super::lines::{self, MenuLines, merge_takes, price_lines};
use crate::domain::order::{self, OrderEvent, OrderStatus};
use crate::store::cafeteria::{
    self as store, NewLine, NewOrder, OrderChange, OrderError, OrderRecord, Take,
};
use crate::store::menus::Catalog;
use crate::store::shop_pages::ShopPages;
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use noren_core::db::begin_write;
use noren_core::db::entities::{cafeteria_order, predefined_payment};
use noren_core::db::together::Together;
use noren_core::domain::lang::Lang;
use noren_core::domain::payment::{PaymentInterface, Yen};
use noren_core::http::error::FieldError;
use noren_core::http::state::{AppState, Effects, SlicePart};
use noren_pay::service::hooks::{FollowsPayments, MoneyChange};
use noren_pay::service::payments::{self, NewPayment, PaymentError};
use sea_orm::{DatabaseTransaction, DbErr};

/// The effects of a change that took stock (`stocked`: of an item with a stock, not only
/// unlimited ones) in `shop_id`: the shop's rendered pages show it at once in this process.
fn stock_changed(shop_id: i64, stocked: bool) -> Effects {
    if stocked {
        Effects::none().forget::<ShopPages>(shop_id)
    } else {
        Effects::none()
    }
}

/// Why a call that adds lines (create, append) failed.
#[derive(Debug, thiserror::Error)]
pub enum LinesError {
    /// A line cannot be ordered (an unknown menu, one sold out, a variation problem, no line
    /// for an order created finalized): every problem, named by its path (`menus[0].id`).
    #[error("the lines cannot be ordered")]
    Invalid(Vec<FieldError>),
    /// The shop of the create call has no catalogue.
    #[error("no such shop")]
    NoShop,
    /// The order's own refusals (unknown order or token, status, stock, payment) and the
    /// database.
    #[error(transparent)]
    Order(#[from] OrderError),
}

impl From<sea_orm::DbErr> for LinesError {
    fn from(e: sea_orm::DbErr) -> Self {
        LinesError::Order(OrderError::Db(e))
    }
}

/// The order `id` if `token` is its token (compared in constant time), read without a lock.
/// The calls that price lines check it before pricing, so that a wrong token never learns
/// about menus; their transaction checks it again under the row lock.
pub(super) async fn order_for(
    state: &AppState,
    id: &str,
    token: &str,
) -> Result<cafeteria_order::Model, OrderError> {
    store::find_row(&state.db, id)
        .await?
        .filter(|o| store::token_matches(o, token))
        .ok_or(OrderError::NotFound)
}

/// The merchant's create call: prices the initial lines (`menu`, then `option`) against the
/// shop's catalogue and creates the order with them ([`create_priced`]). Every problem of both
/// lists comes back at once; an order created finalized (not `mutable`) needs a line.
pub async fn create(
    state: &AppState,
    new: NewOrder,
    menu: Option<&MenuLines>,
    option: Option<&MenuLines>,
) -> Result<OrderRecord, LinesError> {
    let catalog = lines::catalog(state, new.shop_id, Lang::default())
        .await?
        .ok_or(LinesError::NoShop)?;
    let (lines, takes) =
        initial_lines(&catalog, new.mutable, menu, option).map_err(LinesError::Invalid)?;
    Ok(create_priced(state, new, lines, &takes).await?)
}

/// The create call's lines priced in the default language, and the stock they take (summed per
/// item), or every problem with them.
fn initial_lines(
    catalog: &Catalog,
    mutable: bool,
    menu: Option<&MenuLines>,
    option: Option<&MenuLines>,
) -> Result<(Vec<NewLine>, Vec<Take>), Vec<FieldError>> {
    let mut lines = Vec::new();
    let mut takes = Vec::new();
    let mut errors = Vec::new();
    for (field, given, is_option) in [("menu", menu, false), ("option", option, true)] {
        let Some(given) = given else {
            continue;
        };
        match price_lines(
            catalog,
            Lang::default(),
            field,
            &given.asked(),
            None,
            is_option,
        ) {
            Ok(priced) => {
                lines.extend(priced.lines);
                takes.extend(priced.takes);
            }
            Err(e) => errors.extend(e),
        }
    }
    if !mutable && lines.is_empty() && errors.is_empty() {
        errors.push(FieldError::new(
            "menu",
            "required when mutable is false: the order is created finalized with these lines",
        ));
    }
    if errors.is_empty() {
        Ok((lines, merge_takes(takes)))
    } else {
        Err(errors)
    }
}

/// Creates an order with `lines` (the merchant's initial lines, stock taken) and answers it.
/// The number is the shop's count of orders in this mode plus one; a concurrent create that
/// took the same number makes this one try again. Created finalized (not mutable), its payment
/// is made at once, as finalize would.
async fn create_priced(
    state: &AppState,
    new: NewOrder,
    lines: Vec<NewLine>,
    takes: &[Take],
) -> Result<OrderRecord, OrderError> {
    let now = shop_now(state, new.shop_id, new.livemode).await?;
    let amount: i64 = lines.iter().map(|l| l.total_amount).sum();
    let mut tries = 0;
    loop {
        tries += 1;
        let tx = begin_write(&state.db).await?;
        let number = store::next_number(&tx, new.shop_id, new.livemode).await?;
        let order = match store::insert(&tx, &new, number, amount, now).await {
            Ok(order) => order,
            Err(e) if tries < 5 && store::number_taken(&e) => {
                tx.rollback().await?;
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let stocked = store::take_stock(&tx, takes).await?;
        store::insert_lines(&tx, &order.id, &lines, now).await?;
        let order = if order.status == OrderStatus::Finalized.code() {
            let payment_id = order_payment(&tx, &order, now).await?;
            let change = OrderChange {
                payment_id,
                ..OrderChange::default()
            };
            store::change(&tx, order, change, now).await?
        } else {
            order
        };
        let record = store::record(&tx, order).await?;
        tx.commit().await?;
        stock_changed(new.shop_id, stocked).apply(state);
        return Ok(record);
    }
}

/// Now for the shop `shop_id` in its mode: its test clock's time while its test mode has one
/// (`noren_core::clocks`). Appends and cart changes stay on the process's time (they find their
/// order and change it in one statement, and would need another read to learn its shop).
async fn shop_now(state: &AppState, shop_id: i64, livemode: bool) -> Result<DateTime<Utc>, DbErr> {
    Ok(state
        .now_of(noren_core::webhooks::endpoints::Owner::shop(
            shop_id, livemode,
        ))
        .await?
        .at)
}

/// `begin` (0 → 1; on 1 nothing changes).
pub async fn begin(state: &AppState, id: &str, token: &str) -> Result<OrderRecord, OrderError> {
    let tx = begin_write(&state.db).await?;
    let (order, next) = store::lock_for(&tx, id, token, OrderEvent::Begin).await?;
    let now = shop_now(state, order.shop_id, order.livemode).await?;
    let order = if order.status != next.code() {
        let change = OrderChange {
            status: Some(next),
            ..OrderChange::default()
        };
        store::change(&tx, order, change, now).await?
    } else {
        order
    };
    let record = store::record(&tx, order).await?;
    tx.commit().await?;
    Ok(record)
}

/// `append`: prices `menus` in `lang` against the shop's catalogue (every problem at once) and
/// adds them as lines kept with `device_tag` ([`append_priced`]).
pub async fn append(
    state: &AppState,
    id: &str,
    token: &str,
    lang: Lang,
    device_tag: Option<String>,
    menus: &MenuLines,
) -> Result<OrderRecord, LinesError> {
    let order = order_for(state, id, token).await?;
    let catalog = lines::catalog(state, order.shop_id, lang)
        .await?
        .ok_or(OrderError::NotFound)?;
    let priced = price_lines(&catalog, lang, "menus", &menus.asked(), device_tag, false)
        .map_err(LinesError::Invalid)?;
    let takes = merge_takes(priced.takes);
    Ok(append_priced(state, id, token, &priced.lines, &takes).await?)
}

/// The appends of each order that run together: they queue for the order's row anyway, so the
/// ones that wait at the same time share one transaction and its commit (`db::together`).
#[derive(Default)]
pub struct OrderAppends(Together<String, (OrderRecord, bool), OrderError>);

impl SlicePart for OrderAppends {
    fn new(_: &noren_core::db::Db, _: &noren_core::domain::clock::Clock) -> Self {
        Self::default()
    }
}

/// Only in status 1: adds the lines to the amount, takes the stock and stores the lines, all in
/// one transaction ([`OrderAppends`]: maybe shared with other appends to the order, each in a
/// savepoint). The amount's update is the one that locks and checks the order (the token was
/// checked in constant time before pricing).
async fn append_priced(
    state: &AppState,
    id: &str,
    token: &str,
    lines: &[NewLine],
    takes: &[Take],
) -> Result<OrderRecord, OrderError> {
    let now = state.clock.now();
    let add = lines.iter().map(|l| l.total_amount).sum();
    let (id, token) = (id.to_string(), token.to_string());
    let (lines, takes) = (lines.to_vec(), takes.to_vec());
    let (record, stocked) = state
        .slice::<OrderAppends>()
        .0
        .write(
            &state.db,
            id.clone(),
            Box::new(move |tx| {
                Box::pin(async move {
                    let Some(order) =
                        store::add_amount(tx, &id, &token, OrderEvent::Append, add, now).await?
                    else {
                        // Missing, another token, or a status that refuses: the status machine
                        // says which (a token and a status never come back to one that appends,
                        // so it cannot pass now).
                        return Err(store::lock_for(tx, &id, &token, OrderEvent::Append)
                            .await
                            .err()
                            .unwrap_or(OrderError::NotFound));
                    };
                    let stocked = store::take_stock(tx, &takes).await?;
                    store::insert_lines(tx, &order.id, &lines, now).await?;
                    Ok((store::record(tx, order).await?, stocked))
                })
            }),
        )
        .await?;
    stock_changed(record.order.shop_id, stocked).apply(state);
    Ok(record)
}

/// `finalize` (1 → 2): creates the order's predefined payment in the same transaction, unless
/// the order is paid at the counter (`payOffline`).
pub async fn finalize(state: &AppState, id: &str, token: &str) -> Result<OrderRecord, OrderError> {
    let tx = begin_write(&state.db).await?;
    let (order, next) = store::lock_for(&tx, id, token, OrderEvent::Finalize).await?;
    // The order's payment is made on the shop's clock: its expiry is judged on it.
    let now = shop_now(state, order.shop_id, order.livemode).await?;
    let payment_id = order_payment(&tx, &order, now).await?;
    let change = OrderChange {
        status: Some(next),
        payment_id,
        ..OrderChange::default()
    };
    let order = store::change(&tx, order, change, now).await?;
    let record = store::record(&tx, order).await?;
    tx.commit().await?;
    Ok(record)
}

/// The `order_no` of an order's payment: `C-` and the order's number. The prefix keeps order
/// payments apart from the merchant's own payments, whose `order_no` is often a bare number.
pub fn payment_order_no(number: &str) -> String {
    format!("{ORDER_NO_PREFIX}{number}")
}

const ORDER_NO_PREFIX: &str = "C-";

/// Creates the predefined payment of a finalized `order` (same shop and mode, the order's
/// amount, `order_no` from [`payment_order_no`], so the merchant's payment webhook names the
/// order) and answers its id; none for an order paid at the counter (`payOffline`).
async fn order_payment(
    tx: &DatabaseTransaction,
    order: &cafeteria_order::Model,
    now: DateTime<Utc>,
) -> Result<Option<i64>, OrderError> {
    if order.pay_offline {
        return Ok(None);
    }
    let amount = Yen::parse_amount(&order.amount.to_string()).map_err(|e| {
        OrderError::Unpayable(format!(
            "the order's amount ({} yen) cannot be paid online: a payment's amount {e}",
            order.amount
        ))
    })?;
    let payment = payments::create_in(
        tx,
        NewPayment {
            shop_id: order.shop_id,
            livemode: order.livemode,
            amount,
            order_no: Some(payment_order_no(&order.number)),
            custom: None,
            interface: PaymentInterface::OnlineOrder,
            redirection_url: None,
            webhook_callback_url: None,
            tip_vas_enabled: false,
            expires_after: None,
            now,
        },
    )
    .await
    .map_err(|e| match e {
        PaymentError::OrderNoTaken(no) => OrderError::Unpayable(format!(
            "order_no {no} (this order's payment number) is already used by another payment of this shop"
        )),
        PaymentError::Db(e) => OrderError::Db(e),
    })?;
    Ok(Some(payment.payment.id))
}

/// The merchant's status call: moves the order `id` of `shop_id` in this mode to `target`
/// (10, 15, 20, 90; 5 for an order paid at the counter). Cancelling an order whose payment
/// exists invalidates the payment, so that its link takes no new attempt, and gives the stock
/// its lines took back (an order is cancelled only before it is paid, so nothing was cooked; a
/// refund, after payment, keeps the stock taken).
pub async fn merchant_status(
    state: &AppState,
    shop_id: i64,
    livemode: bool,
    id: &str,
    target: OrderStatus,
) -> Result<OrderRecord, OrderError> {
    let now = shop_now(state, shop_id, livemode).await?;
    let tx = begin_write(&state.db).await?;
    let order = store::lock_for_merchant(&tx, shop_id, livemode, id).await?;
    let Some(event) = OrderEvent::merchant_asks_for(target, order.pay_offline) else {
        return Err(OrderError::NotATarget(not_a_target(
            target,
            order.pay_offline,
        )));
    };
    let next = order::next(store::status(&order)?, event)?;
    let cancelled = event == OrderEvent::Cancel;
    if cancelled {
        if let Some(pid) = order.predefined_payment_id {
            payments::invalidate_in(&tx, pid, now).await?;
        }
        store::return_stock_of(&tx, &order.id).await?;
    }
    let change = OrderChange {
        status: Some(next),
        ..OrderChange::default()
    };
    let order = store::change(&tx, order, change, now).await?;
    let record = store::record(&tx, order).await?;
    tx.commit().await?;
    if cancelled {
        Effects::none().forget::<ShopPages>(shop_id).apply(state);
    }
    Ok(record)
}

/// Why the status call cannot set `target` on an order (paid at the counter or not).
fn not_a_target(target: OrderStatus, pay_offline: bool) -> String {
    let allowed = order::merchant_targets(pay_offline)
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let why = match target {
        OrderStatus::Refunded => "; 30 (refunded) comes from refunding the order's payment",
        OrderStatus::PendingConfirmation => {
            "; 5 (pending confirmation) comes from paying the order's payment"
        }
        _ => "",
    };
    format!("the status call sets one of {allowed}{why}")
}

/// Moves the order a payment paid (`Paid`: 2 → 5) or refunded (`Refund`: → 30), in the
/// payment's transaction; `app.rs` gives it to the payment API's hooks.
pub struct FollowPayments;

#[async_trait]
impl FollowsPayments for FollowPayments {
    async fn money_changed(
        &self,
        tx: &DatabaseTransaction,
        payment: &predefined_payment::Model,
        change: MoneyChange,
        now: DateTime<Utc>,
    ) -> Result<(), DbErr> {
        // An order's payment always has its order's `order_no` (set at creation, never
        // changed): any other payment has no order to move, and the order table is not read.
        let for_an_order = payment
            .order_no
            .as_deref()
            .is_some_and(|no| no.starts_with(ORDER_NO_PREFIX));
        if !for_an_order {
            return Ok(());
        }
        let event = match change {
            MoneyChange::Paid => OrderEvent::Paid,
            MoneyChange::Refunded => OrderEvent::Refund,
        };
        store::payment_changed(tx, payment.id, event, now).await?;
        Ok(())
    }
}
