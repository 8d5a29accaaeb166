//! The columns encrypted at rest with `NOREN_SECRET_KEY` (`domain::secret_box`), listed once, and
//! the two queries a key rotation needs on each: read a batch of stored values in id order, and
//! replace one value if it is still the one that was read.

use crate::db::entities::{inbound_platform_secret, miniprogram_key, webhook_secret};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

/// A table with an encrypted `secret` column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecretTable {
    /// Shops' webhook signing secrets (`webhook_secret`).
    WebhookSecrets,
    /// Inbound platforms' notification signing secrets (`inbound_platform_secret`).
    InboundPlatformSecrets,
    /// Shops' mini-program keys (`miniprogram_key`).
    MiniprogramKeys,
}

impl SecretTable {
    /// Every table with an encrypted column: a new one is added here, or a key rotation leaves
    /// it behind.
    pub const ALL: [SecretTable; 3] = [
        SecretTable::WebhookSecrets,
        SecretTable::InboundPlatformSecrets,
        SecretTable::MiniprogramKeys,
    ];

    /// The table's name in the database.
    pub fn name(self) -> &'static str {
        match self {
            SecretTable::WebhookSecrets => "webhook_secrets",
            SecretTable::InboundPlatformSecrets => "inbound_platform_secrets",
            SecretTable::MiniprogramKeys => "miniprogram_keys",
        }
    }
}

/// Up to `limit` rows `(id, stored secret)` of `table` with an id above `after`, in id order.
pub async fn batch(
    db: &impl ConnectionTrait,
    table: SecretTable,
    after: i64,
    limit: u64,
) -> Result<Vec<(i64, String)>, DbErr> {
    async fn of<E: EntityTrait>(
        db: &impl ConnectionTrait,
        id: E::Column,
        secret: E::Column,
        after: i64,
        limit: u64,
    ) -> Result<Vec<(i64, String)>, DbErr> {
        E::find()
            .select_only()
            .column(id)
            .column(secret)
            .filter(id.gt(after))
            .order_by_asc(id)
            .limit(limit)
            .into_tuple()
            .all(db)
            .await
    }
    match table {
        SecretTable::WebhookSecrets => {
            use webhook_secret::{Column, Entity};
            of::<Entity>(db, Column::Id, Column::Secret, after, limit).await
        }
        SecretTable::InboundPlatformSecrets => {
            use inbound_platform_secret::{Column, Entity};
            of::<Entity>(db, Column::Id, Column::Secret, after, limit).await
        }
        SecretTable::MiniprogramKeys => {
            use miniprogram_key::{Column, Entity};
            of::<Entity>(db, Column::Id, Column::Secret, after, limit).await
        }
    }
}

/// Writes `new` as the stored secret of row `id` of `table` if it still holds `old`; answers
/// whether it did (a row changed meanwhile, by another rotation, is left as it is).
pub async fn replace(
    db: &impl ConnectionTrait,
    table: SecretTable,
    id: i64,
    old: &str,
    new: &str,
) -> Result<bool, DbErr> {
    async fn of<E: EntityTrait>(
        db: &impl ConnectionTrait,
        id_column: E::Column,
        secret: E::Column,
        (id, old, new): (i64, &str, &str),
    ) -> Result<bool, DbErr> {
        let done = E::update_many()
            .col_expr(secret, Expr::value(new))
            .filter(id_column.eq(id))
            .filter(secret.eq(old))
            .exec(db)
            .await?;
        Ok(done.rows_affected == 1)
    }
    let row = (id, old, new);
    match table {
        SecretTable::WebhookSecrets => {
            use webhook_secret::{Column, Entity};
            of::<Entity>(db, Column::Id, Column::Secret, row).await
        }
        SecretTable::InboundPlatformSecrets => {
            use inbound_platform_secret::{Column, Entity};
            of::<Entity>(db, Column::Id, Column::Secret, row).await
        }
        SecretTable::MiniprogramKeys => {
            use miniprogram_key::{Column, Entity};
            of::<Entity>(db, Column::Id, Column::Secret, row).await
        }
    }
}
