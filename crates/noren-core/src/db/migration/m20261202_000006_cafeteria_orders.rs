//! Dine-in cafeteria orders (issue 11, item 2): the order, its lines (a snapshot of what was
//! appended: name, unit price and tax rate at the time) and its shared cart (one per order,
//! each item remembering the `deviceTag` that added it). The order's id is an unguessable text;
//! `number` is unique per shop and mode and becomes the payment's `order_no` at finalize.
//! `mutable_token` is kept as text because the merchant's read shows it (seed 001 §3); it is
//! compared in constant time.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Shops {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum PredefinedPayments {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum CafeteriaOrders {
    Table,
    Id,
    ShopId,
    Number,
    Livemode,
    Status,
    Amount,
    Memo,
    NamePhonetic,
    Mutable,
    MutableToken,
    TableNumber,
    PhoneNumber,
    Email,
    MembershipNumber,
    ExtraParams,
    PayOffline,
    MessageTo,
    PaymentMethod,
    PredefinedPaymentId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CafeteriaOrderLines {
    Table,
    Id,
    OrderId,
    ShopMenuId,
    Name,
    Quantity,
    UnitPrice,
    TaxRate,
    Variations,
    GroupTag,
    DeviceTag,
    IsOption,
    CreatedAt,
}

#[derive(DeriveIden)]
enum CafeteriaCartItems {
    Table,
    Id,
    OrderId,
    DeviceTag,
    ShopMenuId,
    Quantity,
    Variations,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CafeteriaOrders::Table)
                    .col(string(CafeteriaOrders::Id).primary_key())
                    .col(big_integer(CafeteriaOrders::ShopId))
                    .col(string(CafeteriaOrders::Number))
                    .col(boolean(CafeteriaOrders::Livemode))
                    .col(integer(CafeteriaOrders::Status).default(0))
                    .col(big_integer(CafeteriaOrders::Amount).default(0))
                    .col(text_null(CafeteriaOrders::Memo))
                    .col(text_null(CafeteriaOrders::NamePhonetic))
                    .col(boolean(CafeteriaOrders::Mutable).default(false))
                    .col(text_null(CafeteriaOrders::MutableToken))
                    .col(text_null(CafeteriaOrders::TableNumber))
                    .col(text_null(CafeteriaOrders::PhoneNumber))
                    .col(text_null(CafeteriaOrders::Email))
                    .col(text_null(CafeteriaOrders::MembershipNumber))
                    .col(text(CafeteriaOrders::ExtraParams).default("{}"))
                    .col(boolean(CafeteriaOrders::PayOffline).default(false))
                    .col(text_null(CafeteriaOrders::MessageTo))
                    .col(text_null(CafeteriaOrders::PaymentMethod))
                    .col(big_integer_null(CafeteriaOrders::PredefinedPaymentId))
                    .col(timestamp_with_time_zone(CafeteriaOrders::CreatedAt))
                    .col(timestamp_with_time_zone(CafeteriaOrders::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(CafeteriaOrders::Table, CafeteriaOrders::ShopId)
                            .to(Shops::Table, Shops::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(CafeteriaOrders::Table, CafeteriaOrders::PredefinedPaymentId)
                            .to(PredefinedPayments::Table, PredefinedPayments::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_cafeteria_orders_number")
                    .table(CafeteriaOrders::Table)
                    .col(CafeteriaOrders::ShopId)
                    .col(CafeteriaOrders::Livemode)
                    .col(CafeteriaOrders::Number)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_cafeteria_orders_payment")
                    .table(CafeteriaOrders::Table)
                    .col(CafeteriaOrders::PredefinedPaymentId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CafeteriaOrderLines::Table)
                    .col(big_pk_auto(CafeteriaOrderLines::Id))
                    .col(string(CafeteriaOrderLines::OrderId))
                    .col(big_integer(CafeteriaOrderLines::ShopMenuId))
                    .col(text(CafeteriaOrderLines::Name))
                    .col(integer(CafeteriaOrderLines::Quantity))
                    .col(big_integer(CafeteriaOrderLines::UnitPrice))
                    .col(integer(CafeteriaOrderLines::TaxRate))
                    .col(text(CafeteriaOrderLines::Variations).default("[]"))
                    .col(text_null(CafeteriaOrderLines::GroupTag))
                    .col(text_null(CafeteriaOrderLines::DeviceTag))
                    .col(boolean(CafeteriaOrderLines::IsOption).default(false))
                    .col(timestamp_with_time_zone(CafeteriaOrderLines::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(CafeteriaOrderLines::Table, CafeteriaOrderLines::OrderId)
                            .to(CafeteriaOrders::Table, CafeteriaOrders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_cafeteria_order_lines_order")
                    .table(CafeteriaOrderLines::Table)
                    .col(CafeteriaOrderLines::OrderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CafeteriaCartItems::Table)
                    .col(big_pk_auto(CafeteriaCartItems::Id))
                    .col(string(CafeteriaCartItems::OrderId))
                    .col(string(CafeteriaCartItems::DeviceTag))
                    .col(big_integer(CafeteriaCartItems::ShopMenuId))
                    .col(integer(CafeteriaCartItems::Quantity))
                    .col(text(CafeteriaCartItems::Variations).default("[]"))
                    .col(timestamp_with_time_zone(CafeteriaCartItems::CreatedAt))
                    .col(timestamp_with_time_zone(CafeteriaCartItems::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(CafeteriaCartItems::Table, CafeteriaCartItems::OrderId)
                            .to(CafeteriaOrders::Table, CafeteriaOrders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_cafeteria_cart_items_order")
                    .table(CafeteriaCartItems::Table)
                    .col(CafeteriaCartItems::OrderId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(CafeteriaCartItems::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(CafeteriaOrderLines::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(CafeteriaOrders::Table).to_owned())
            .await
    }
}
