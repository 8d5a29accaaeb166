//! The ordering API's catalogue (issue 11, item 1): a shop's order settings, menu categories,
//! menu items (variations are menu items too), variation categories with their member items,
//! the links between them, and per-language texts.
//!
//! Every table carries `shop_id`, links included, so that the whole catalogue of a shop reads in
//! one statement per table (no query per menu). Texts live in one table keyed by
//! `(entity_kind, entity_id, lang)`: a plain equality query on both engines, no JSON functions.
//! Delivery addresses, schedules and greetings are JSON text on `order_shops` (served as given).
//! `external_id` is the importer's id, unique per shop where set.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Shops {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderShops {
    Table,
    ShopId,
    Description,
    Tel,
    Address,
    ImageArray,
    GooglePlaceId,
    SctLink,
    InvoiceRegNo,
    IsTakeoutSupported,
    IsDeliverySupported,
    IsCafeteriaSupported,
    IsOrderPaymentOptionSupported,
    TakeoutOpenTime,
    TakeoutLastOrderTime,
    DeliveryOpenTime,
    DeliveryLastOrderTime,
    CafeteriaOpenTime,
    CafeteriaLastOrderTime,
    DeliveryFee,
    SettingsDesc,
    TakeoutOpening,
    DeliveryOpening,
    CafeteriaOpening,
    DeliveryAddresses,
    Schedules,
    Greetings,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum MenuCategories {
    Table,
    Id,
    ShopId,
    ExternalId,
    Profile,
    SortOrder,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum MenuItems {
    Table,
    Id,
    ShopId,
    ExternalId,
    Status,
    Type,
    Price,
    TaxRate,
    StockAvailable,
    ImageArray,
    SortOrder,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum VariationCategories {
    Table,
    Id,
    ShopId,
    ExternalId,
    Required,
    Exclusive,
    ShowGallery,
    SortOrder,
    DefaultChoiceId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum MenuCategoryItems {
    Table,
    Id,
    ShopId,
    CategoryId,
    MenuItemId,
    SortOrder,
}

#[derive(DeriveIden, Clone, Copy)]
enum MenuVariationCategories {
    Table,
    Id,
    ShopId,
    MenuItemId,
    VariationCategoryId,
    SortOrder,
}

#[derive(DeriveIden, Clone, Copy)]
enum VariationCategoryItems {
    Table,
    Id,
    ShopId,
    VariationCategoryId,
    MenuItemId,
    SortOrder,
}

#[derive(DeriveIden, Clone, Copy)]
enum OrderTexts {
    Table,
    Id,
    ShopId,
    EntityKind,
    EntityId,
    Lang,
    Name,
    ShortDesc,
    Desc,
}

fn shop_fk<T: IntoIden + Copy + 'static>(from: T, col: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from, col)
        .to(Shops::Table, Shops::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(OrderShops::Table)
                    .col(big_integer(OrderShops::ShopId).primary_key())
                    .col(text_null(OrderShops::Description))
                    .col(text_null(OrderShops::Tel))
                    .col(text_null(OrderShops::Address))
                    .col(text(OrderShops::ImageArray).default("[]"))
                    .col(text_null(OrderShops::GooglePlaceId))
                    .col(text_null(OrderShops::SctLink))
                    .col(text_null(OrderShops::InvoiceRegNo))
                    .col(boolean(OrderShops::IsTakeoutSupported).default(false))
                    .col(boolean(OrderShops::IsDeliverySupported).default(false))
                    .col(boolean(OrderShops::IsCafeteriaSupported).default(false))
                    .col(boolean(OrderShops::IsOrderPaymentOptionSupported).default(false))
                    .col(text_null(OrderShops::TakeoutOpenTime))
                    .col(text_null(OrderShops::TakeoutLastOrderTime))
                    .col(text_null(OrderShops::DeliveryOpenTime))
                    .col(text_null(OrderShops::DeliveryLastOrderTime))
                    .col(text_null(OrderShops::CafeteriaOpenTime))
                    .col(text_null(OrderShops::CafeteriaLastOrderTime))
                    .col(big_integer(OrderShops::DeliveryFee).default(0))
                    .col(text_null(OrderShops::SettingsDesc))
                    .col(boolean(OrderShops::TakeoutOpening).default(false))
                    .col(boolean(OrderShops::DeliveryOpening).default(false))
                    .col(boolean(OrderShops::CafeteriaOpening).default(false))
                    .col(text(OrderShops::DeliveryAddresses).default("[]"))
                    .col(text(OrderShops::Schedules).default("[]"))
                    .col(text(OrderShops::Greetings).default("[]"))
                    .col(timestamp_with_time_zone(OrderShops::UpdatedAt))
                    .foreign_key(&mut shop_fk(OrderShops::Table, OrderShops::ShopId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MenuCategories::Table)
                    .col(big_pk_auto(MenuCategories::Id))
                    .col(big_integer(MenuCategories::ShopId))
                    .col(text_null(MenuCategories::ExternalId))
                    .col(text_null(MenuCategories::Profile))
                    .col(integer(MenuCategories::SortOrder).default(0))
                    .col(timestamp_with_time_zone(MenuCategories::CreatedAt))
                    .col(timestamp_with_time_zone(MenuCategories::UpdatedAt))
                    .foreign_key(&mut shop_fk(MenuCategories::Table, MenuCategories::ShopId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(MenuItems::Table)
                    .col(big_pk_auto(MenuItems::Id))
                    .col(big_integer(MenuItems::ShopId))
                    .col(text_null(MenuItems::ExternalId))
                    .col(integer(MenuItems::Status).default(1)) // on sale (domain::menu::MenuStatus)
                    .col(integer(MenuItems::Type).default(0))
                    .col(big_integer(MenuItems::Price))
                    .col(integer(MenuItems::TaxRate).default(10))
                    .col(big_integer_null(MenuItems::StockAvailable))
                    .col(text(MenuItems::ImageArray).default("[]"))
                    .col(integer(MenuItems::SortOrder).default(0))
                    .col(timestamp_with_time_zone(MenuItems::CreatedAt))
                    .col(timestamp_with_time_zone(MenuItems::UpdatedAt))
                    .foreign_key(&mut shop_fk(MenuItems::Table, MenuItems::ShopId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(VariationCategories::Table)
                    .col(big_pk_auto(VariationCategories::Id))
                    .col(big_integer(VariationCategories::ShopId))
                    .col(text_null(VariationCategories::ExternalId))
                    .col(boolean(VariationCategories::Required).default(false))
                    .col(boolean(VariationCategories::Exclusive).default(false))
                    .col(boolean(VariationCategories::ShowGallery).default(false))
                    .col(integer(VariationCategories::SortOrder).default(0))
                    .col(big_integer_null(VariationCategories::DefaultChoiceId))
                    .col(timestamp_with_time_zone(VariationCategories::CreatedAt))
                    .col(timestamp_with_time_zone(VariationCategories::UpdatedAt))
                    .foreign_key(&mut shop_fk(
                        VariationCategories::Table,
                        VariationCategories::ShopId,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(
                                VariationCategories::Table,
                                VariationCategories::DefaultChoiceId,
                            )
                            .to(MenuItems::Table, MenuItems::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        link(
            manager,
            MenuCategoryItems::Table,
            MenuCategoryItems::Id,
            MenuCategoryItems::ShopId,
            (
                MenuCategoryItems::CategoryId,
                MenuCategories::Table.into_iden(),
                MenuCategories::Id.into_iden(),
            ),
            MenuCategoryItems::MenuItemId,
            MenuCategoryItems::SortOrder,
            "ux_menu_category_items_pair",
        )
        .await?;
        link(
            manager,
            MenuVariationCategories::Table,
            MenuVariationCategories::Id,
            MenuVariationCategories::ShopId,
            (
                MenuVariationCategories::VariationCategoryId,
                VariationCategories::Table.into_iden(),
                VariationCategories::Id.into_iden(),
            ),
            MenuVariationCategories::MenuItemId,
            MenuVariationCategories::SortOrder,
            "ux_menu_variation_categories_pair",
        )
        .await?;
        link(
            manager,
            VariationCategoryItems::Table,
            VariationCategoryItems::Id,
            VariationCategoryItems::ShopId,
            (
                VariationCategoryItems::VariationCategoryId,
                VariationCategories::Table.into_iden(),
                VariationCategories::Id.into_iden(),
            ),
            VariationCategoryItems::MenuItemId,
            VariationCategoryItems::SortOrder,
            "ux_variation_category_items_pair",
        )
        .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderTexts::Table)
                    .col(big_pk_auto(OrderTexts::Id))
                    .col(big_integer(OrderTexts::ShopId))
                    .col(string(OrderTexts::EntityKind))
                    .col(big_integer(OrderTexts::EntityId))
                    .col(string(OrderTexts::Lang))
                    .col(text(OrderTexts::Name))
                    .col(text_null(OrderTexts::ShortDesc))
                    .col(text_null(OrderTexts::Desc))
                    .foreign_key(&mut shop_fk(OrderTexts::Table, OrderTexts::ShopId))
                    .to_owned(),
            )
            .await?;
        let unique = |name: &str, table: DynIden, cols: Vec<DynIden>| {
            let mut i = Index::create();
            i.name(name).table(table).unique();
            for c in cols {
                i.col(c);
            }
            i.to_owned()
        };
        manager
            .create_index(unique(
                "ux_order_texts_entity_lang",
                OrderTexts::Table.into_iden(),
                vec![
                    OrderTexts::EntityKind.into_iden(),
                    OrderTexts::EntityId.into_iden(),
                    OrderTexts::Lang.into_iden(),
                ],
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_texts_shop_lang")
                    .table(OrderTexts::Table)
                    .col(OrderTexts::ShopId)
                    .col(OrderTexts::Lang)
                    .to_owned(),
            )
            .await?;
        for (name, table, shop, ext) in [
            (
                "ux_menu_items_external_id",
                MenuItems::Table.into_iden(),
                MenuItems::ShopId.into_iden(),
                MenuItems::ExternalId.into_iden(),
            ),
            (
                "ux_menu_categories_external_id",
                MenuCategories::Table.into_iden(),
                MenuCategories::ShopId.into_iden(),
                MenuCategories::ExternalId.into_iden(),
            ),
            (
                "ux_variation_categories_external_id",
                VariationCategories::Table.into_iden(),
                VariationCategories::ShopId.into_iden(),
                VariationCategories::ExternalId.into_iden(),
            ),
        ] {
            // NULLs are distinct on both engines: rows made without the importer never clash.
            manager
                .create_index(unique(name, table, vec![shop, ext]))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            OrderTexts::Table.into_iden(),
            VariationCategoryItems::Table.into_iden(),
            MenuVariationCategories::Table.into_iden(),
            MenuCategoryItems::Table.into_iden(),
            VariationCategories::Table.into_iden(),
            MenuItems::Table.into_iden(),
            MenuCategories::Table.into_iden(),
            OrderShops::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

/// A link table `(shop_id, <owner>_id → owner, menu_item_id → menu_items, sort_order)` with one
/// row per pair (`unique_name`).
#[allow(clippy::too_many_arguments)]
async fn link<T: IntoIden + Copy + 'static>(
    manager: &SchemaManager<'_>,
    table: T,
    id: T,
    shop: T,
    owner: (T, DynIden, DynIden),
    item: T,
    sort: T,
    unique_name: &str,
) -> Result<(), DbErr> {
    let (owner_col, owner_table, owner_id) = owner;
    manager
        .create_table(
            Table::create()
                .table(table)
                .col(big_pk_auto(id))
                .col(big_integer(shop))
                .col(big_integer(owner_col))
                .col(big_integer(item))
                .col(integer(sort).default(0))
                .foreign_key(&mut shop_fk(table, shop))
                .foreign_key(
                    ForeignKey::create()
                        .from(table, owner_col)
                        .to(owner_table, owner_id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .foreign_key(
                    ForeignKey::create()
                        .from(table, item)
                        .to(MenuItems::Table, MenuItems::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
    manager
        .create_index(
            Index::create()
                .name(unique_name)
                .table(table)
                .col(owner_col)
                .col(item)
                .unique()
                .to_owned(),
        )
        .await
}
