//! Shop settings of the payment API: which brands the checkout offers, the mini-program
//! app ids registered for the wechatpay charge, and the keys that sign those charges. The
//! operator commands (`cli.rs`) write them; the payment API reads them.

use chrono::{DateTime, Utc};
use noren_core::db::entities::{miniprogram_app, miniprogram_key, shop_payment_method};
use noren_core::db::repo::{SelectFirst, is_unique_violation};
use noren_core::domain::brands::DEFAULT_BRANDS;
use noren_core::domain::payment::PaymentMethod;
use noren_core::domain::secret_box::SecretBox;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};

/// The brands the shop offers, in display order; the default set when none were chosen.
pub async fn payment_methods(
    db: &impl ConnectionTrait,
    shop_id: i64,
) -> Result<Vec<PaymentMethod>, DbErr> {
    let rows = shop_payment_method::Entity::find()
        .filter(shop_payment_method::Column::ShopId.eq(shop_id))
        .order_by_asc(shop_payment_method::Column::Position)
        .all(db)
        .await?;
    if rows.is_empty() {
        return Ok(DEFAULT_BRANDS.to_vec());
    }
    Ok(rows
        .iter()
        .filter_map(|r| PaymentMethod::parse(&r.payment_method))
        .collect())
}

/// Replaces the shop's brands with `methods` (in this order). Run it in a transaction.
pub async fn set_payment_methods(
    db: &impl ConnectionTrait,
    shop_id: i64,
    methods: &[PaymentMethod],
) -> Result<(), DbErr> {
    shop_payment_method::Entity::delete_many()
        .filter(shop_payment_method::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    for (i, m) in methods.iter().enumerate() {
        shop_payment_method::ActiveModel {
            shop_id: Set(shop_id),
            payment_method: Set(m.as_str().to_string()),
            position: Set(i as i32),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// Whether `appid` is registered for the shop's mini-program charges.
pub async fn has_miniprogram_app(
    db: &impl ConnectionTrait,
    shop_id: i64,
    appid: &str,
) -> Result<bool, DbErr> {
    Ok(miniprogram_app::Entity::find()
        .filter(miniprogram_app::Column::ShopId.eq(shop_id))
        .filter(miniprogram_app::Column::Appid.eq(appid))
        .first(db)
        .await?
        .is_some())
}

/// Registers `appid` for the shop (idempotent).
pub async fn add_miniprogram_app(
    db: &impl ConnectionTrait,
    shop_id: i64,
    appid: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    if has_miniprogram_app(db, shop_id, appid).await? {
        return Ok(());
    }
    miniprogram_app::ActiveModel {
        shop_id: Set(shop_id),
        appid: Set(appid.to_string()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// The key that signs the shop's mini-program charges (`paySign`) in one mode, made on first
/// use. Stored encrypted; never the webhook secret.
pub async fn miniprogram_key(
    db: &impl ConnectionTrait,
    sb: &SecretBox,
    shop_id: i64,
    livemode: bool,
    now: DateTime<Utc>,
) -> Result<String, DbErr> {
    let find = || {
        miniprogram_key::Entity::find()
            .filter(miniprogram_key::Column::ShopId.eq(shop_id))
            .filter(miniprogram_key::Column::Livemode.eq(livemode))
    };
    if let Some(row) = find().first(db).await? {
        return sb
            .open(&row.secret)
            .map_err(|e| DbErr::Custom(e.to_string()));
    }
    let key = noren_core::domain::keys::new_miniprogram_key(livemode);
    let inserted = miniprogram_key::ActiveModel {
        shop_id: Set(shop_id),
        livemode: Set(livemode),
        secret: Set(sb.seal(&key)),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await;
    match inserted {
        Ok(_) => Ok(key),
        // Made by a concurrent first use: read that one.
        Err(e) if is_unique_violation(&e) => match find().first(db).await? {
            Some(row) => sb
                .open(&row.secret)
                .map_err(|e| DbErr::Custom(e.to_string())),
            None => Err(e),
        },
        Err(e) => Err(e),
    }
}
