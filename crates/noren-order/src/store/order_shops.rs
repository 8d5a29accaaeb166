//! A shop's ordering profile and settings (`order_shops`, one row per shop).

use noren_core::db::entities::order_shop;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait};

/// The shop's ordering settings, if it has any.
pub async fn find(
    db: &impl ConnectionTrait,
    shop_id: i64,
) -> Result<Option<order_shop::Model>, DbErr> {
    order_shop::Entity::find_by_id(shop_id).one(db).await
}

/// Writes the shop's settings (inserted or replaced as a whole).
pub async fn put(db: &impl ConnectionTrait, settings: order_shop::Model) -> Result<(), DbErr> {
    let row: order_shop::ActiveModel = settings.into();
    let row = sea_orm::ActiveModelTrait::reset_all(row);
    order_shop::Entity::insert(row)
        .on_conflict(
            OnConflict::column(order_shop::Column::ShopId)
                .update_columns([
                    order_shop::Column::Description,
                    order_shop::Column::Tel,
                    order_shop::Column::Address,
                    order_shop::Column::ImageArray,
                    order_shop::Column::GooglePlaceId,
                    order_shop::Column::SctLink,
                    order_shop::Column::InvoiceRegNo,
                    order_shop::Column::IsTakeoutSupported,
                    order_shop::Column::IsDeliverySupported,
                    order_shop::Column::IsCafeteriaSupported,
                    order_shop::Column::IsOrderPaymentOptionSupported,
                    order_shop::Column::TakeoutOpenTime,
                    order_shop::Column::TakeoutLastOrderTime,
                    order_shop::Column::DeliveryOpenTime,
                    order_shop::Column::DeliveryLastOrderTime,
                    order_shop::Column::CafeteriaOpenTime,
                    order_shop::Column::CafeteriaLastOrderTime,
                    order_shop::Column::DeliveryFee,
                    order_shop::Column::SettingsDesc,
                    order_shop::Column::TakeoutOpening,
                    order_shop::Column::DeliveryOpening,
                    order_shop::Column::CafeteriaOpening,
                    order_shop::Column::DeliveryAddresses,
                    order_shop::Column::Schedules,
                    order_shop::Column::Greetings,
                    order_shop::Column::UpdatedAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(())
}
