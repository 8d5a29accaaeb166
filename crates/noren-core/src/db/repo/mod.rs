//! Repositories: where queries live, one module per aggregate (the webhook queries are in
//! `webhooks/store.rs`, with the rest of the webhook code).

pub mod accounts;
pub mod heartbeats;
pub mod jobs;
pub mod rate_buckets;
pub mod secrets;

use sea_orm::sea_query::{CaseStatement, Expr, ExprTrait, SimpleExpr};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryTrait, RuntimeErr, Select};

/// `CASE WHEN id = … THEN … ELSE column END`: one value per row, chosen by the row's id, for an
/// `UPDATE … WHERE id IN (…)` that writes rows ending together in one statement (webhook
/// deliveries' ends, `webhooks/store.rs` and `webhooks/endpoint_log.rs`). A row not named
/// keeps its value.
pub fn by_id<C: ColumnTrait>(
    id: C,
    values: impl IntoIterator<Item = (i64, SimpleExpr)>,
    column: C,
) -> SimpleExpr {
    values
        .into_iter()
        .fold(CaseStatement::new(), |case, (row, value)| {
            case.case(Expr::col(id).eq(row), value)
        })
        .finally(Expr::col(column))
        .into()
}

/// True when `err` is any unique-constraint violation (for an insert that can only break one:
/// prefer [`on_constraint`], which names the constraint).
pub fn is_unique_violation(err: &DbErr) -> bool {
    let text = match err {
        DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e)) => e
            .as_database_error()
            .map(|d| d.is_unique_violation())
            .unwrap_or(false),
        _ => false,
    };
    text || matches!(
        err.sql_err(),
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_))
    )
}

/// A unique index or constraint as a migration created it: its name (what PostgreSQL reports)
/// and its table and columns (what SQLite reports: "UNIQUE constraint failed: t.a, t.b").
#[derive(Clone, Copy, Debug)]
pub struct Unique {
    pub name: &'static str,
    pub table: &'static str,
    pub columns: &'static [&'static str],
}

/// `ux_predefined_payments_order_no` (migration 000002): `order_no` per shop and mode.
pub const PAYMENT_ORDER_NO: Unique = Unique {
    name: "ux_predefined_payments_order_no",
    table: "predefined_payments",
    columns: &["shop_id", "livemode", "order_no"],
};

/// The unique column `predefined_payments.token` (migration 000002, `string_uniq`: PostgreSQL
/// names it `predefined_payments_token_key`).
pub const PAYMENT_TOKEN: Unique = Unique {
    name: "predefined_payments_token_key",
    table: "predefined_payments",
    columns: &["token"],
};

/// `ux_cafeteria_orders_number` (migration 000006): an order's number per shop and mode.
pub const CAFETERIA_ORDER_NUMBER: Unique = Unique {
    name: "ux_cafeteria_orders_number",
    table: "cafeteria_orders",
    columns: &["shop_id", "livemode", "number"],
};

/// `ux_menu_items_external_id` (migration 000005): the importer's menu id per shop.
pub const MENU_EXTERNAL_ID: Unique = Unique {
    name: "ux_menu_items_external_id",
    table: "menu_items",
    columns: &["shop_id", "external_id"],
};

/// `ux_menu_categories_external_id` (migration 000005): the importer's category id per shop.
pub const MENU_CATEGORY_EXTERNAL_ID: Unique = Unique {
    name: "ux_menu_categories_external_id",
    table: "menu_categories",
    columns: &["shop_id", "external_id"],
};

/// `ux_variation_categories_external_id` (migration 000005): the importer's variation
/// category id per shop.
pub const VARIATION_CATEGORY_EXTERNAL_ID: Unique = Unique {
    name: "ux_variation_categories_external_id",
    table: "variation_categories",
    columns: &["shop_id", "external_id"],
};

/// True when `err` violates the unique index or constraint `unique`, and no other: the way to
/// turn one constraint into a client error (`order_no` taken → 409) while any other violation
/// stays an internal error.
///
/// ```ignore
/// .map_err(|e| if on_constraint(&e, &PAYMENT_ORDER_NO) { OrderNoTaken(no) } else { Db(e) })
/// ```
pub fn on_constraint(err: &DbErr, unique: &Unique) -> bool {
    let (DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e))) = err
    else {
        return false;
    };
    let Some(d) = e.as_database_error() else {
        return false;
    };
    if !d.is_unique_violation() {
        return false;
    }
    if let Some(name) = d.constraint() {
        // PostgreSQL names the constraint (for a unique index, the index).
        return name == unique.name;
    }
    sqlite_names(d.message(), unique)
}

/// SQLite's message names the index's columns ("UNIQUE constraint failed: t.a, t.b"), or the
/// index itself for an index on expressions ("UNIQUE constraint failed: index 'name'").
fn sqlite_names(message: &str, unique: &Unique) -> bool {
    let Some(rest) = message.strip_prefix("UNIQUE constraint failed: ") else {
        return false;
    };
    if let Some(index) = rest.strip_prefix("index '") {
        return index.strip_suffix('\'') == Some(unique.name);
    }
    let mut named = rest.split(", ");
    let all_match = unique.columns.iter().all(|col| {
        named.next().is_some_and(|n| {
            n.split_once('.')
                .is_some_and(|(t, c)| t == unique.table && c == *col)
        })
    });
    all_match && named.next().is_none()
}

/// Reads by a unique key without SeaORM's `.one()`, which appends `LIMIT ?` with 1 bound.
///
/// SQLite (3.47 and later) reads a bound LIMIT while planning a statement and so marks the
/// cached statement stale every time the value is bound again: each run recompiled its SQL (a
/// fifth of a token read's CPU). Here the SQL carries no LIMIT; both drivers stop at the first
/// row. Meant for lookups that match one row at most (a primary or unique key).
pub trait SelectFirst<E: EntityTrait> {
    fn first<'a, C: ConnectionTrait>(
        self,
        db: &'a C,
    ) -> impl Future<Output = Result<Option<E::Model>, DbErr>> + Send + 'a
    where
        E: 'a;
}

impl<E: EntityTrait> SelectFirst<E> for Select<E> {
    fn first<'a, C: ConnectionTrait>(
        self,
        db: &'a C,
    ) -> impl Future<Output = Result<Option<E::Model>, DbErr>> + Send + 'a
    where
        E: 'a,
    {
        let stmt = self.build(db.get_database_backend());
        E::find().from_raw_sql(stmt).one(db)
    }
}

/// One page of `select`: at most `limit` rows after skipping `offset`, with both numbers written
/// into the SQL rather than bound (see [`SelectFirst`] for why a bound LIMIT is slow on SQLite).
pub async fn page<E: EntityTrait>(
    db: &impl ConnectionTrait,
    select: Select<E>,
    offset: u64,
    limit: u64,
) -> Result<Vec<E::Model>, DbErr> {
    let mut stmt = select.build(db.get_database_backend());
    stmt.sql
        .push_str(&format!(" LIMIT {limit} OFFSET {offset}"));
    E::find().from_raw_sql(stmt).all(db).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_messages_name_an_index_by_its_columns_in_order() {
        let m = "UNIQUE constraint failed: predefined_payments.shop_id, \
                 predefined_payments.livemode, predefined_payments.order_no";
        assert!(sqlite_names(m, &PAYMENT_ORDER_NO));
        assert!(!sqlite_names(m, &PAYMENT_TOKEN));
        let token = "UNIQUE constraint failed: predefined_payments.token";
        assert!(sqlite_names(token, &PAYMENT_TOKEN));
        assert!(!sqlite_names(token, &PAYMENT_ORDER_NO));
        assert!(!sqlite_names(
            "UNIQUE constraint failed: payments.token",
            &PAYMENT_TOKEN
        ));
        assert!(!sqlite_names(
            "UNIQUE constraint failed: predefined_payments.shop_id, predefined_payments.livemode",
            &PAYMENT_ORDER_NO
        ));
        assert!(sqlite_names(
            "UNIQUE constraint failed: index 'ux_predefined_payments_order_no'",
            &PAYMENT_ORDER_NO
        ));
        assert!(!sqlite_names(
            "NOT NULL constraint failed: x.y",
            &PAYMENT_TOKEN
        ));
    }
}
