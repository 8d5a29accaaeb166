//! The inbound reservation API (issue 12): the
//! catalogue partners read (inbound shop settings, per-language texts, business hours in JST,
//! tags, images, courses with texts and order time ranges stored in UTC) and the reservations
//! they make, with their courses.
//!
//! An inbound shop IS a merchant shop (`inbound_shops.shop_id` → `shops.id`, like
//! `order_shops`). Every catalogue table carries `shop_id`, so a shop's catalogue reads in one
//! statement per table. The catalogue is shared by test and live; reservations carry `livemode`.

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
enum InboundPlatforms {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundShops {
    Table,
    ShopId,
    NameJa,
    NameEn,
    AddressState,
    AddressCity,
    AddressTown,
    AddressPostalCode,
    Latitude,
    Longitude,
    Rating,
    MinGuests,
    MaxGuests,
    CancellationPolicyDays,
    RealTimeBookable,
    CutoffHours,
    SlotMinutes,
    SeatCapacity,
    StayMinutes,
    Published,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundShopTexts {
    Table,
    Id,
    ShopId,
    Lang,
    ShopName,
    ShopDescription,
    FormattedAddress,
    InternationalPhoneNumber,
    AddressState,
    AddressCity,
    AddressTown,
    AddressPostalCode,
    Precaution,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundBusinessHours {
    Table,
    Id,
    ShopId,
    Weekday,
    StartTime,
    EndTime,
    LastOrderCutoffMins,
    AvailabilityDesc,
    SortOrder,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundTags {
    Table,
    Id,
    TagEnum,
    SortOrder,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundTagTexts {
    Table,
    Id,
    TagId,
    Lang,
    Tag,
    TagCategoryName,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundShopTags {
    Table,
    ShopId,
    TagId,
    SortOrder,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundImages {
    Table,
    Id,
    ShopId,
    CourseId,
    Kind,
    ObjectKey,
    SortOrder,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundCourses {
    Table,
    Id,
    ShopId,
    ParentCourseId,
    CourseName,
    CourseDesc,
    LowerAgeLimit,
    UpperAgeLimit,
    QuantityLimit,
    ValidFrom,
    ValidTo,
    OrderStartTime,
    OrderEndTime,
    OrderMin,
    OrderMax,
    SuggestedRetailPrice,
    SettlementPrice,
    Published,
    SortOrder,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundCourseTexts {
    Table,
    Id,
    CourseId,
    ShopId,
    Lang,
    CourseName,
    CourseDescFormatted,
    CourseDescText,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundCourseTimeRanges {
    Table,
    Id,
    CourseId,
    ShopId,
    StartRange,
    EndRange,
    SortOrder,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundReservations {
    Table,
    Id,
    PlatformId,
    ShopId,
    Livemode,
    OriginNumber,
    RequestHash,
    Status,
    StartAt,
    EndAt,
    NumberOfGuests,
    CourseId,
    GuestFirstName,
    GuestLastName,
    GuestPhone,
    GuestEmail,
    Remark,
    CancelRemark,
    RemarkStatus,
    PriceTotal,
    TotalSettlementPrice,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundReservationCourses {
    Table,
    Id,
    ReservationId,
    CourseId,
    Amount,
    Price,
    SettlementPrice,
}

fn shop_fk<T: IntoIden + Copy + 'static>(from: T, col: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from, col)
        .to(Shops::Table, Shops::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn course_fk<T: IntoIden + Copy + 'static>(from: T, col: T) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from, col)
        .to(InboundCourses::Table, InboundCourses::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn index(name: &str, table: DynIden, cols: Vec<DynIden>, unique: bool) -> IndexCreateStatement {
    let mut i = Index::create();
    i.name(name).table(table);
    if unique {
        i.unique();
    }
    for c in cols {
        i.col(c);
    }
    i.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(InboundShops::Table)
                    .col(big_integer(InboundShops::ShopId).primary_key())
                    .col(text(InboundShops::NameJa))
                    .col(text_null(InboundShops::NameEn))
                    .col(text_null(InboundShops::AddressState))
                    .col(text_null(InboundShops::AddressCity))
                    .col(text_null(InboundShops::AddressTown))
                    .col(text_null(InboundShops::AddressPostalCode))
                    .col(double_null(InboundShops::Latitude))
                    .col(double_null(InboundShops::Longitude))
                    .col(double_null(InboundShops::Rating))
                    .col(integer(InboundShops::MinGuests).default(1))
                    .col(integer(InboundShops::MaxGuests).default(10))
                    .col(integer(InboundShops::CancellationPolicyDays).default(1))
                    .col(boolean(InboundShops::RealTimeBookable).default(false))
                    .col(integer(InboundShops::CutoffHours).default(0))
                    .col(integer(InboundShops::SlotMinutes).default(30))
                    .col(integer(InboundShops::SeatCapacity).default(20))
                    .col(integer(InboundShops::StayMinutes).default(120))
                    .col(boolean(InboundShops::Published).default(true))
                    .col(timestamp_with_time_zone(InboundShops::CreatedAt))
                    .col(timestamp_with_time_zone(InboundShops::UpdatedAt))
                    .foreign_key(&mut shop_fk(InboundShops::Table, InboundShops::ShopId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundShopTexts::Table)
                    .col(big_pk_auto(InboundShopTexts::Id))
                    .col(big_integer(InboundShopTexts::ShopId))
                    .col(string(InboundShopTexts::Lang))
                    .col(text(InboundShopTexts::ShopName))
                    .col(text_null(InboundShopTexts::ShopDescription))
                    .col(text_null(InboundShopTexts::FormattedAddress))
                    .col(text_null(InboundShopTexts::InternationalPhoneNumber))
                    .col(text_null(InboundShopTexts::AddressState))
                    .col(text_null(InboundShopTexts::AddressCity))
                    .col(text_null(InboundShopTexts::AddressTown))
                    .col(text_null(InboundShopTexts::AddressPostalCode))
                    .col(text_null(InboundShopTexts::Precaution))
                    .foreign_key(&mut shop_fk(
                        InboundShopTexts::Table,
                        InboundShopTexts::ShopId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_inbound_shop_texts_shop_lang",
                InboundShopTexts::Table.into_iden(),
                vec![
                    InboundShopTexts::ShopId.into_iden(),
                    InboundShopTexts::Lang.into_iden(),
                ],
                true,
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundBusinessHours::Table)
                    .col(big_pk_auto(InboundBusinessHours::Id))
                    .col(big_integer(InboundBusinessHours::ShopId))
                    .col(small_integer(InboundBusinessHours::Weekday))
                    .col(string(InboundBusinessHours::StartTime))
                    .col(string(InboundBusinessHours::EndTime))
                    .col(integer(InboundBusinessHours::LastOrderCutoffMins).default(0))
                    .col(text_null(InboundBusinessHours::AvailabilityDesc))
                    .col(integer(InboundBusinessHours::SortOrder).default(0))
                    .foreign_key(&mut shop_fk(
                        InboundBusinessHours::Table,
                        InboundBusinessHours::ShopId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_inbound_business_hours_shop",
                InboundBusinessHours::Table.into_iden(),
                vec![
                    InboundBusinessHours::ShopId.into_iden(),
                    InboundBusinessHours::Weekday.into_iden(),
                ],
                false,
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundTags::Table)
                    .col(big_pk_auto(InboundTags::Id))
                    .col(string_uniq(InboundTags::TagEnum))
                    .col(integer(InboundTags::SortOrder).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundTagTexts::Table)
                    .col(big_pk_auto(InboundTagTexts::Id))
                    .col(big_integer(InboundTagTexts::TagId))
                    .col(string(InboundTagTexts::Lang))
                    .col(text(InboundTagTexts::Tag))
                    .col(text_null(InboundTagTexts::TagCategoryName))
                    .foreign_key(
                        ForeignKey::create()
                            .from(InboundTagTexts::Table, InboundTagTexts::TagId)
                            .to(InboundTags::Table, InboundTags::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_inbound_tag_texts_tag_lang",
                InboundTagTexts::Table.into_iden(),
                vec![
                    InboundTagTexts::TagId.into_iden(),
                    InboundTagTexts::Lang.into_iden(),
                ],
                true,
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundShopTags::Table)
                    .col(big_integer(InboundShopTags::ShopId))
                    .col(big_integer(InboundShopTags::TagId))
                    .col(integer(InboundShopTags::SortOrder).default(0))
                    .primary_key(
                        Index::create()
                            .col(InboundShopTags::ShopId)
                            .col(InboundShopTags::TagId),
                    )
                    .foreign_key(&mut shop_fk(
                        InboundShopTags::Table,
                        InboundShopTags::ShopId,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(InboundShopTags::Table, InboundShopTags::TagId)
                            .to(InboundTags::Table, InboundTags::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundCourses::Table)
                    .col(big_pk_auto(InboundCourses::Id))
                    .col(big_integer(InboundCourses::ShopId))
                    .col(big_integer_null(InboundCourses::ParentCourseId))
                    .col(text(InboundCourses::CourseName))
                    .col(text_null(InboundCourses::CourseDesc))
                    .col(integer_null(InboundCourses::LowerAgeLimit))
                    .col(integer_null(InboundCourses::UpperAgeLimit))
                    .col(integer_null(InboundCourses::QuantityLimit))
                    .col(timestamp_with_time_zone_null(InboundCourses::ValidFrom))
                    .col(timestamp_with_time_zone_null(InboundCourses::ValidTo))
                    .col(string_null(InboundCourses::OrderStartTime))
                    .col(string_null(InboundCourses::OrderEndTime))
                    .col(integer_null(InboundCourses::OrderMin))
                    .col(integer_null(InboundCourses::OrderMax))
                    .col(big_integer_null(InboundCourses::SuggestedRetailPrice))
                    .col(big_integer(InboundCourses::SettlementPrice))
                    .col(boolean(InboundCourses::Published).default(true))
                    .col(integer(InboundCourses::SortOrder).default(0))
                    .col(timestamp_with_time_zone(InboundCourses::CreatedAt))
                    .col(timestamp_with_time_zone(InboundCourses::UpdatedAt))
                    .foreign_key(&mut shop_fk(InboundCourses::Table, InboundCourses::ShopId))
                    .foreign_key(&mut course_fk(
                        InboundCourses::Table,
                        InboundCourses::ParentCourseId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_inbound_courses_shop",
                InboundCourses::Table.into_iden(),
                vec![
                    InboundCourses::ShopId.into_iden(),
                    InboundCourses::ParentCourseId.into_iden(),
                ],
                false,
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundImages::Table)
                    .col(big_pk_auto(InboundImages::Id))
                    .col(big_integer(InboundImages::ShopId))
                    .col(big_integer_null(InboundImages::CourseId))
                    .col(string(InboundImages::Kind))
                    .col(text(InboundImages::ObjectKey))
                    .col(integer(InboundImages::SortOrder).default(0))
                    .foreign_key(&mut shop_fk(InboundImages::Table, InboundImages::ShopId))
                    .foreign_key(&mut course_fk(
                        InboundImages::Table,
                        InboundImages::CourseId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_inbound_images_shop",
                InboundImages::Table.into_iden(),
                vec![InboundImages::ShopId.into_iden()],
                false,
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundCourseTexts::Table)
                    .col(big_pk_auto(InboundCourseTexts::Id))
                    .col(big_integer(InboundCourseTexts::CourseId))
                    .col(big_integer(InboundCourseTexts::ShopId))
                    .col(string(InboundCourseTexts::Lang))
                    .col(text(InboundCourseTexts::CourseName))
                    .col(text_null(InboundCourseTexts::CourseDescFormatted))
                    .col(text_null(InboundCourseTexts::CourseDescText))
                    .foreign_key(&mut course_fk(
                        InboundCourseTexts::Table,
                        InboundCourseTexts::CourseId,
                    ))
                    .foreign_key(&mut shop_fk(
                        InboundCourseTexts::Table,
                        InboundCourseTexts::ShopId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_inbound_course_texts_course_lang",
                InboundCourseTexts::Table.into_iden(),
                vec![
                    InboundCourseTexts::CourseId.into_iden(),
                    InboundCourseTexts::Lang.into_iden(),
                ],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_inbound_course_texts_shop",
                InboundCourseTexts::Table.into_iden(),
                vec![InboundCourseTexts::ShopId.into_iden()],
                false,
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundCourseTimeRanges::Table)
                    .col(big_pk_auto(InboundCourseTimeRanges::Id))
                    .col(big_integer(InboundCourseTimeRanges::CourseId))
                    .col(big_integer(InboundCourseTimeRanges::ShopId))
                    .col(string(InboundCourseTimeRanges::StartRange))
                    .col(string(InboundCourseTimeRanges::EndRange))
                    .col(integer(InboundCourseTimeRanges::SortOrder).default(0))
                    .foreign_key(&mut course_fk(
                        InboundCourseTimeRanges::Table,
                        InboundCourseTimeRanges::CourseId,
                    ))
                    .foreign_key(&mut shop_fk(
                        InboundCourseTimeRanges::Table,
                        InboundCourseTimeRanges::ShopId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_inbound_course_time_ranges_shop",
                InboundCourseTimeRanges::Table.into_iden(),
                vec![InboundCourseTimeRanges::ShopId.into_iden()],
                false,
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundReservations::Table)
                    .col(string(InboundReservations::Id).primary_key())
                    .col(big_integer(InboundReservations::PlatformId))
                    .col(big_integer(InboundReservations::ShopId))
                    .col(boolean(InboundReservations::Livemode))
                    .col(string(InboundReservations::OriginNumber))
                    .col(string(InboundReservations::RequestHash))
                    .col(string(InboundReservations::Status))
                    .col(timestamp_with_time_zone(InboundReservations::StartAt))
                    .col(timestamp_with_time_zone(InboundReservations::EndAt))
                    .col(integer(InboundReservations::NumberOfGuests))
                    .col(big_integer(InboundReservations::CourseId))
                    .col(text(InboundReservations::GuestFirstName))
                    .col(text(InboundReservations::GuestLastName))
                    .col(text_null(InboundReservations::GuestPhone))
                    .col(text_null(InboundReservations::GuestEmail))
                    .col(text_null(InboundReservations::Remark))
                    .col(text_null(InboundReservations::CancelRemark))
                    .col(small_integer(InboundReservations::RemarkStatus).default(1))
                    .col(big_integer(InboundReservations::PriceTotal))
                    .col(big_integer(InboundReservations::TotalSettlementPrice))
                    .col(timestamp_with_time_zone(InboundReservations::CreatedAt))
                    .col(timestamp_with_time_zone(InboundReservations::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(InboundReservations::Table, InboundReservations::PlatformId)
                            .to(InboundPlatforms::Table, InboundPlatforms::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut shop_fk(
                        InboundReservations::Table,
                        InboundReservations::ShopId,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(InboundReservations::Table, InboundReservations::CourseId)
                            .to(InboundCourses::Table, InboundCourses::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ux_inbound_reservations_origin",
                InboundReservations::Table.into_iden(),
                vec![
                    InboundReservations::PlatformId.into_iden(),
                    InboundReservations::Livemode.into_iden(),
                    InboundReservations::OriginNumber.into_iden(),
                ],
                true,
            ))
            .await?;
        manager
            .create_index(index(
                "ix_inbound_reservations_shop_start",
                InboundReservations::Table.into_iden(),
                vec![
                    InboundReservations::ShopId.into_iden(),
                    InboundReservations::Livemode.into_iden(),
                    InboundReservations::StartAt.into_iden(),
                ],
                false,
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(InboundReservationCourses::Table)
                    .col(big_pk_auto(InboundReservationCourses::Id))
                    .col(string(InboundReservationCourses::ReservationId))
                    .col(big_integer(InboundReservationCourses::CourseId))
                    .col(integer(InboundReservationCourses::Amount))
                    .col(big_integer(InboundReservationCourses::Price))
                    .col(big_integer(InboundReservationCourses::SettlementPrice))
                    .foreign_key(
                        ForeignKey::create()
                            .from(
                                InboundReservationCourses::Table,
                                InboundReservationCourses::ReservationId,
                            )
                            .to(InboundReservations::Table, InboundReservations::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(
                                InboundReservationCourses::Table,
                                InboundReservationCourses::CourseId,
                            )
                            .to(InboundCourses::Table, InboundCourses::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "ix_inbound_reservation_courses_reservation",
                InboundReservationCourses::Table.into_iden(),
                vec![InboundReservationCourses::ReservationId.into_iden()],
                false,
            ))
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            InboundReservationCourses::Table.into_iden(),
            InboundReservations::Table.into_iden(),
            InboundCourseTimeRanges::Table.into_iden(),
            InboundCourseTexts::Table.into_iden(),
            InboundImages::Table.into_iden(),
            InboundCourses::Table.into_iden(),
            InboundShopTags::Table.into_iden(),
            InboundTagTexts::Table.into_iden(),
            InboundTags::Table.into_iden(),
            InboundBusinessHours::Table.into_iden(),
            InboundShopTexts::Table.into_iden(),
            InboundShops::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
