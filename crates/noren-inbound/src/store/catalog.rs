//! The inbound catalogue (migration 000012): a shop's inbound settings, texts, business hours,
//! tags, images and courses (with texts, order time ranges and child courses). The writers
//! here are used by `noren demo`, the operator CLI (`noren inbound …`) and the tests; the reads
//! feed the shop and course calls (`inbound/http/shops.rs`, `inbound/http/courses.rs`), one statement per
//! table whatever the number of shops or courses.
//!
//! Values are taken as given: callers validate (the CLI through `inbound::catalog_input`, the
//! demo by construction). Times: business hours `HH:MM` JST, course ranges `HH:MM` UTC.

use chrono::{DateTime, Utc};
use noren_core::db::entities::{
    inbound_business_hour, inbound_course, inbound_course_text, inbound_course_time_range,
    inbound_image, inbound_shop, inbound_shop_tag, inbound_shop_text, inbound_tag,
    inbound_tag_text, shop,
};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};

/// A shop's inbound settings (`inbound_shops`), inserted or replaced as a whole.
#[derive(Clone, Debug, PartialEq)]
pub struct ShopSettings {
    pub name_ja: String,
    pub name_en: Option<String>,
    pub address_state: Option<String>,
    pub address_city: Option<String>,
    pub address_town: Option<String>,
    pub address_postal_code: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub rating: Option<f64>,
    pub min_guests: i32,
    pub max_guests: i32,
    pub cancellation_policy_days: i32,
    pub real_time_bookable: bool,
    pub cutoff_hours: i32,
    pub slot_minutes: i32,
    pub seat_capacity: i32,
    pub stay_minutes: i32,
    pub published: bool,
}

impl ShopSettings {
    /// The schema's defaults, with the Japanese name.
    pub fn new(name_ja: impl Into<String>) -> Self {
        ShopSettings {
            name_ja: name_ja.into(),
            name_en: None,
            address_state: None,
            address_city: None,
            address_town: None,
            address_postal_code: None,
            latitude: None,
            longitude: None,
            rating: None,
            min_guests: 1,
            max_guests: 10,
            cancellation_policy_days: 1,
            real_time_bookable: false,
            cutoff_hours: 0,
            slot_minutes: 30,
            seat_capacity: 20,
            stay_minutes: 120,
            published: true,
        }
    }
}

/// A shop's texts in one language (`shopI18n`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShopTexts {
    pub lang: String,
    pub shop_name: String,
    pub shop_description: Option<String>,
    pub formatted_address: Option<String>,
    pub international_phone_number: Option<String>,
    pub address_state: Option<String>,
    pub address_city: Option<String>,
    pub address_town: Option<String>,
    pub address_postal_code: Option<String>,
    pub precaution: Option<String>,
}

/// One opening on a weekday (0 = Monday … 6 = Sunday), `HH:MM` JST; an end at or before the
/// start ends the next day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hours {
    pub weekday: i16,
    pub start_time: String,
    pub end_time: String,
    pub last_order_cutoff_mins: i32,
    pub availability_desc: Option<String>,
}

/// A tag with its names: `(lang, tag, tag_category_name)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTag {
    pub tag_enum: String,
    pub texts: Vec<TagText>,
}

/// A tag's name in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagText {
    pub lang: String,
    pub tag: String,
    pub tag_category_name: Option<String>,
}

/// A course's texts in one language (`courseI18n`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CourseTexts {
    pub lang: String,
    pub course_name: String,
    pub course_desc_formatted: Option<String>,
    pub course_desc_text: Option<String>,
}

/// A course to add, with its child courses (which take their own prices, age limits and texts;
/// their other properties follow the parent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewCourse {
    pub course_name: String,
    pub course_desc: Option<String>,
    pub lower_age_limit: Option<i32>,
    pub upper_age_limit: Option<i32>,
    pub quantity_limit: Option<i32>,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_to: Option<DateTime<Utc>>,
    pub order_start_time: Option<String>,
    pub order_end_time: Option<String>,
    pub order_min: Option<i32>,
    pub order_max: Option<i32>,
    pub suggested_retail_price: Option<i64>,
    pub settlement_price: i64,
    pub published: bool,
    pub sort_order: i32,
    pub texts: Vec<CourseTexts>,
    /// `(start_range, end_range)`, `HH:MM` **UTC**; empty: any time.
    pub time_ranges: Vec<(String, String)>,
    pub children: Vec<NewCourse>,
}

/// Ids of an added course and of its children (in the order given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseIds {
    pub id: i64,
    pub children: Vec<i64>,
}

/// Writes the shop's inbound settings (inserted, or replaced keeping `created_at`).
pub async fn upsert_shop(
    db: &impl ConnectionTrait,
    shop_id: i64,
    s: &ShopSettings,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    use inbound_shop::Column as C;
    let row = inbound_shop::ActiveModel {
        shop_id: Set(shop_id),
        name_ja: Set(s.name_ja.clone()),
        name_en: Set(s.name_en.clone()),
        address_state: Set(s.address_state.clone()),
        address_city: Set(s.address_city.clone()),
        address_town: Set(s.address_town.clone()),
        address_postal_code: Set(s.address_postal_code.clone()),
        latitude: Set(s.latitude),
        longitude: Set(s.longitude),
        rating: Set(s.rating),
        min_guests: Set(s.min_guests),
        max_guests: Set(s.max_guests),
        cancellation_policy_days: Set(s.cancellation_policy_days),
        real_time_bookable: Set(s.real_time_bookable),
        cutoff_hours: Set(s.cutoff_hours),
        slot_minutes: Set(s.slot_minutes),
        seat_capacity: Set(s.seat_capacity),
        stay_minutes: Set(s.stay_minutes),
        published: Set(s.published),
        created_at: Set(now),
        updated_at: Set(now),
        config_version: Set(0),
    };
    inbound_shop::Entity::insert(row)
        .on_conflict(
            OnConflict::column(C::ShopId)
                .update_columns([
                    C::NameJa,
                    C::NameEn,
                    C::AddressState,
                    C::AddressCity,
                    C::AddressTown,
                    C::AddressPostalCode,
                    C::Latitude,
                    C::Longitude,
                    C::Rating,
                    C::MinGuests,
                    C::MaxGuests,
                    C::CancellationPolicyDays,
                    C::RealTimeBookable,
                    C::CutoffHours,
                    C::SlotMinutes,
                    C::SeatCapacity,
                    C::StayMinutes,
                    C::Published,
                    C::UpdatedAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    changed_config(db, shop_id).await
}

/// Moves the shop's `config_version` on after a write of its booking settings, hours or
/// courses, so that booking reads them again (`inbound::store::configs`). Called after the
/// write: a booking between the two judges once more on what it kept, never keeps the old
/// settings under the new version.
async fn changed_config(db: &impl ConnectionTrait, shop_id: i64) -> Result<(), DbErr> {
    use inbound_shop::Column as C;
    inbound_shop::Entity::update_many()
        .col_expr(C::ConfigVersion, Expr::col(C::ConfigVersion).add(1))
        .filter(C::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    Ok(())
}

/// Replaces the shop's texts with `texts` (one per language).
pub async fn set_shop_texts(
    db: &impl ConnectionTrait,
    shop_id: i64,
    texts: &[ShopTexts],
) -> Result<(), DbErr> {
    inbound_shop_text::Entity::delete_many()
        .filter(inbound_shop_text::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    for t in texts {
        inbound_shop_text::ActiveModel {
            shop_id: Set(shop_id),
            lang: Set(t.lang.clone()),
            shop_name: Set(t.shop_name.clone()),
            shop_description: Set(t.shop_description.clone()),
            formatted_address: Set(t.formatted_address.clone()),
            international_phone_number: Set(t.international_phone_number.clone()),
            address_state: Set(t.address_state.clone()),
            address_city: Set(t.address_city.clone()),
            address_town: Set(t.address_town.clone()),
            address_postal_code: Set(t.address_postal_code.clone()),
            precaution: Set(t.precaution.clone()),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// Replaces the shop's business hours (kept in the order given within a weekday).
pub async fn set_business_hours(
    db: &impl ConnectionTrait,
    shop_id: i64,
    hours: &[Hours],
) -> Result<(), DbErr> {
    inbound_business_hour::Entity::delete_many()
        .filter(inbound_business_hour::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    for (i, h) in hours.iter().enumerate() {
        inbound_business_hour::ActiveModel {
            shop_id: Set(shop_id),
            weekday: Set(h.weekday),
            start_time: Set(h.start_time.clone()),
            end_time: Set(h.end_time.clone()),
            last_order_cutoff_mins: Set(h.last_order_cutoff_mins),
            availability_desc: Set(h.availability_desc.clone()),
            sort_order: Set(i as i32),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    changed_config(db, shop_id).await
}

/// Gives the shop exactly `tags` (in that order). Tags are shared by `tag_enum`: an existing
/// tag's names are replaced by the ones given here when any are given.
pub async fn set_tags(
    db: &impl ConnectionTrait,
    shop_id: i64,
    tags: &[NewTag],
) -> Result<(), DbErr> {
    inbound_shop_tag::Entity::delete_many()
        .filter(inbound_shop_tag::Column::ShopId.eq(shop_id))
        .exec(db)
        .await?;
    for (i, t) in tags.iter().enumerate() {
        let tag_id = ensure_tag(db, t).await?;
        inbound_shop_tag::ActiveModel {
            shop_id: Set(shop_id),
            tag_id: Set(tag_id),
            sort_order: Set(i as i32),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// The tag's id, created when new; its texts replaced when `t` has any.
pub async fn ensure_tag(db: &impl ConnectionTrait, t: &NewTag) -> Result<i64, DbErr> {
    let existing = inbound_tag::Entity::find()
        .filter(inbound_tag::Column::TagEnum.eq(t.tag_enum.as_str()))
        .one(db)
        .await?;
    let id = match existing {
        Some(tag) => tag.id,
        None => {
            inbound_tag::ActiveModel {
                tag_enum: Set(t.tag_enum.clone()),
                sort_order: Set(0),
                ..Default::default()
            }
            .insert(db)
            .await?
            .id
        }
    };
    if !t.texts.is_empty() {
        inbound_tag_text::Entity::delete_many()
            .filter(inbound_tag_text::Column::TagId.eq(id))
            .exec(db)
            .await?;
        for x in &t.texts {
            inbound_tag_text::ActiveModel {
                tag_id: Set(id),
                lang: Set(x.lang.clone()),
                tag: Set(x.tag.clone()),
                tag_category_name: Set(x.tag_category_name.clone()),
                ..Default::default()
            }
            .insert(db)
            .await?;
        }
    }
    Ok(id)
}

/// Records an image (its bytes already in the object store under `object_key`); `kind` is
/// `main`, `food`, `interior`, `exterior` or `course` (then `course_id` is set).
pub async fn add_image(
    db: &impl ConnectionTrait,
    shop_id: i64,
    course_id: Option<i64>,
    kind: &str,
    object_key: &str,
    sort_order: i32,
) -> Result<i64, DbErr> {
    Ok(inbound_image::ActiveModel {
        shop_id: Set(shop_id),
        course_id: Set(course_id),
        kind: Set(kind.to_owned()),
        object_key: Set(object_key.to_owned()),
        sort_order: Set(sort_order),
        ..Default::default()
    }
    .insert(db)
    .await?
    .id)
}

/// Adds a course with its texts, time ranges and child courses (children take the parent's
/// time ranges: their other properties follow the parent).
pub async fn add_course(
    db: &impl ConnectionTrait,
    shop_id: i64,
    c: &NewCourse,
    now: DateTime<Utc>,
) -> Result<CourseIds, DbErr> {
    let id = insert_course(db, shop_id, None, c, now).await?;
    let mut children = Vec::with_capacity(c.children.len());
    for child in &c.children {
        children.push(insert_course(db, shop_id, Some(id), child, now).await?);
    }
    changed_config(db, shop_id).await?;
    Ok(CourseIds { id, children })
}

async fn insert_course(
    db: &impl ConnectionTrait,
    shop_id: i64,
    parent: Option<i64>,
    c: &NewCourse,
    now: DateTime<Utc>,
) -> Result<i64, DbErr> {
    let id = inbound_course::ActiveModel {
        shop_id: Set(shop_id),
        parent_course_id: Set(parent),
        course_name: Set(c.course_name.clone()),
        course_desc: Set(c.course_desc.clone()),
        lower_age_limit: Set(c.lower_age_limit),
        upper_age_limit: Set(c.upper_age_limit),
        quantity_limit: Set(c.quantity_limit),
        valid_from: Set(c.valid_from),
        valid_to: Set(c.valid_to),
        order_start_time: Set(c.order_start_time.clone()),
        order_end_time: Set(c.order_end_time.clone()),
        order_min: Set(c.order_min),
        order_max: Set(c.order_max),
        suggested_retail_price: Set(c.suggested_retail_price),
        settlement_price: Set(c.settlement_price),
        published: Set(c.published),
        sort_order: Set(c.sort_order),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?
    .id;
    for t in &c.texts {
        inbound_course_text::ActiveModel {
            course_id: Set(id),
            shop_id: Set(shop_id),
            lang: Set(t.lang.clone()),
            course_name: Set(t.course_name.clone()),
            course_desc_formatted: Set(t.course_desc_formatted.clone()),
            course_desc_text: Set(t.course_desc_text.clone()),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    for (i, (start, end)) in c.time_ranges.iter().enumerate() {
        inbound_course_time_range::ActiveModel {
            course_id: Set(id),
            shop_id: Set(shop_id),
            start_range: Set(start.clone()),
            end_range: Set(end.clone()),
            sort_order: Set(i as i32),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(id)
}

/// The inbound settings of `shop_id`, published or not (for the operator CLI and tests).
pub async fn shop(
    db: &impl ConnectionTrait,
    shop_id: i64,
) -> Result<Option<inbound_shop::Model>, DbErr> {
    inbound_shop::Entity::find_by_id(shop_id).one(db).await
}

/// The business hours of `shop_id`, by weekday then in the order given.
pub async fn business_hours(
    db: &impl ConnectionTrait,
    shop_id: i64,
) -> Result<Vec<inbound_business_hour::Model>, DbErr> {
    inbound_business_hour::Entity::find()
        .filter(inbound_business_hour::Column::ShopId.eq(shop_id))
        .order_by_asc(inbound_business_hour::Column::Weekday)
        .order_by_asc(inbound_business_hour::Column::SortOrder)
        .order_by_asc(inbound_business_hour::Column::Id)
        .all(db)
        .await
}

/// Every course of `shop_id` (parents and children, published or not), in display order.
pub async fn courses(
    db: &impl ConnectionTrait,
    shop_id: i64,
) -> Result<Vec<inbound_course::Model>, DbErr> {
    inbound_course::Entity::find()
        .filter(inbound_course::Column::ShopId.eq(shop_id))
        .order_by_asc(inbound_course::Column::SortOrder)
        .order_by_asc(inbound_course::Column::Id)
        .all(db)
        .await
}

/// The merchant shop's number of `shop_id`.
pub async fn shop_number(db: &impl ConnectionTrait, shop_id: i64) -> Result<Option<String>, DbErr> {
    Ok(shop::Entity::find_by_id(shop_id)
        .one(db)
        .await?
        .map(|s| s.number))
}

// ----- Reads for the partner calls -----

/// The filters of the shop search (`GET shops`), already parsed.
#[derive(Clone, Debug, Default)]
pub struct ShopFilter {
    /// Only these shops (then `page` is ignored).
    pub shop_ids: Option<Vec<i64>>,
    /// Case-insensitive substring of the shop's name in any language.
    pub name: Option<String>,
    pub real_time_only: bool,
    /// Case-insensitive beginnings of the address parts (Japanese or any language's): `京都`
    /// finds `京都府`, not `東京都`.
    pub address_state: Option<String>,
    pub address_city: Option<String>,
    pub address_town: Option<String>,
    /// `NNN-NNNN`.
    pub postal_code: Option<String>,
}

/// Everything the shop answers show of some shops, read at once (one statement per table).
#[derive(Clone, Debug, Default)]
pub struct ShopBundle {
    /// In the order asked for; unknown and unpublished shops left out.
    pub shops: Vec<(inbound_shop::Model, String)>,
    pub texts: std::collections::HashMap<i64, Vec<inbound_shop_text::Model>>,
    pub hours: std::collections::HashMap<i64, Vec<inbound_business_hour::Model>>,
    /// Each shop's tags in order, with their texts.
    pub tags:
        std::collections::HashMap<i64, Vec<(inbound_tag::Model, Vec<inbound_tag_text::Model>)>>,
    /// Shop images (not course images), in order.
    pub images: std::collections::HashMap<i64, Vec<inbound_image::Model>>,
}

/// The published shops among `ids` with everything they show.
pub async fn shop_bundle(db: &impl ConnectionTrait, ids: &[i64]) -> Result<ShopBundle, DbErr> {
    use std::collections::HashMap;
    let mut out = ShopBundle::default();
    if ids.is_empty() {
        return Ok(out);
    }
    let rows: HashMap<i64, inbound_shop::Model> = inbound_shop::Entity::find()
        .filter(inbound_shop::Column::ShopId.is_in(ids.iter().copied()))
        .filter(inbound_shop::Column::Published.eq(true))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.shop_id, s))
        .collect();
    let numbers: HashMap<i64, String> = shop::Entity::find()
        .filter(shop::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|s| (s.id, s.number))
        .collect();
    for id in ids {
        if let (Some(s), Some(n)) = (rows.get(id), numbers.get(id)) {
            out.shops.push((s.clone(), n.clone()));
        }
    }
    for t in inbound_shop_text::Entity::find()
        .filter(inbound_shop_text::Column::ShopId.is_in(ids.iter().copied()))
        .all(db)
        .await?
    {
        out.texts.entry(t.shop_id).or_default().push(t);
    }
    for h in inbound_business_hour::Entity::find()
        .filter(inbound_business_hour::Column::ShopId.is_in(ids.iter().copied()))
        .order_by_asc(inbound_business_hour::Column::Weekday)
        .order_by_asc(inbound_business_hour::Column::SortOrder)
        .order_by_asc(inbound_business_hour::Column::Id)
        .all(db)
        .await?
    {
        out.hours.entry(h.shop_id).or_default().push(h);
    }
    let links = inbound_shop_tag::Entity::find()
        .filter(inbound_shop_tag::Column::ShopId.is_in(ids.iter().copied()))
        .order_by_asc(inbound_shop_tag::Column::SortOrder)
        .all(db)
        .await?;
    let tag_ids: Vec<i64> = links.iter().map(|l| l.tag_id).collect();
    let tags: HashMap<i64, inbound_tag::Model> = inbound_tag::Entity::find()
        .filter(inbound_tag::Column::Id.is_in(tag_ids.iter().copied()))
        .all(db)
        .await?
        .into_iter()
        .map(|t| (t.id, t))
        .collect();
    let mut tag_texts: HashMap<i64, Vec<inbound_tag_text::Model>> = HashMap::new();
    for t in inbound_tag_text::Entity::find()
        .filter(inbound_tag_text::Column::TagId.is_in(tag_ids.iter().copied()))
        .all(db)
        .await?
    {
        tag_texts.entry(t.tag_id).or_default().push(t);
    }
    for l in links {
        if let Some(tag) = tags.get(&l.tag_id) {
            let texts = tag_texts.get(&l.tag_id).cloned().unwrap_or_default();
            out.tags
                .entry(l.shop_id)
                .or_default()
                .push((tag.clone(), texts));
        }
    }
    for i in inbound_image::Entity::find()
        .filter(inbound_image::Column::ShopId.is_in(ids.iter().copied()))
        .filter(inbound_image::Column::CourseId.is_null())
        .order_by_asc(inbound_image::Column::SortOrder)
        .order_by_asc(inbound_image::Column::Id)
        .all(db)
        .await?
    {
        out.images.entry(i.shop_id).or_default().push(i);
    }
    Ok(out)
}

/// Courses with everything the course answers show, read at once.
#[derive(Clone, Debug, Default)]
pub struct CourseBundle {
    /// The parent courses asked for, in order.
    pub courses: Vec<inbound_course::Model>,
    /// Published child courses by parent id, in order.
    pub children: std::collections::HashMap<i64, Vec<inbound_course::Model>>,
    /// Texts of the courses and children, by course id.
    pub texts: std::collections::HashMap<i64, Vec<inbound_course_text::Model>>,
    pub ranges: std::collections::HashMap<i64, Vec<inbound_course_time_range::Model>>,
    pub images: std::collections::HashMap<i64, Vec<inbound_image::Model>>,
}

/// A page of the published parent courses of a published shop (`None` when the shop is
/// unknown or unpublished), and how many there are; `name` filters by a case-insensitive
/// substring of the internal name or a name in any language.
pub async fn shop_courses(
    db: &impl ConnectionTrait,
    shop_id: i64,
    name: Option<&str>,
    offset: u64,
    limit: u64,
) -> Result<Option<(CourseBundle, u64)>, DbErr> {
    use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr, Query};
    use sea_orm::{Condition, PaginatorTrait, QuerySelect};
    if !published_shop(db, shop_id).await? {
        return Ok(None);
    }
    let mut cond = Condition::all()
        .add(inbound_course::Column::ShopId.eq(shop_id))
        .add(inbound_course::Column::ParentCourseId.is_null())
        .add(inbound_course::Column::Published.eq(true));
    if let Some(q) = name {
        let escaped: String = q
            .to_lowercase()
            .chars()
            .flat_map(|c| match c {
                '%' | '_' | '\\' => vec!['\\', c],
                c => vec![c],
            })
            .collect();
        let pattern = || LikeExpr::new(format!("%{escaped}%")).escape('\\');
        cond = cond.add(
            Condition::any()
                .add(
                    Expr::expr(Func::lower(Expr::col(inbound_course::Column::CourseName)))
                        .like(pattern()),
                )
                .add(
                    inbound_course::Column::Id.in_subquery(
                        Query::select()
                            .column(inbound_course_text::Column::CourseId)
                            .from(inbound_course_text::Entity)
                            .and_where(inbound_course_text::Column::ShopId.eq(shop_id))
                            .and_where(
                                Expr::expr(Func::lower(Expr::col(
                                    inbound_course_text::Column::CourseName,
                                )))
                                .like(pattern()),
                            )
                            .to_owned(),
                    ),
                ),
        );
    }
    let count = inbound_course::Entity::find()
        .filter(cond.clone())
        .count(db)
        .await?;
    let courses = inbound_course::Entity::find()
        .filter(cond)
        .order_by_asc(inbound_course::Column::SortOrder)
        .order_by_asc(inbound_course::Column::Id)
        .offset(offset)
        .limit(limit)
        .all(db)
        .await?;
    Ok(Some((course_bundle(db, courses).await?, count)))
}

/// A published course of a published shop (a parent or a child), with what it shows.
pub async fn course(db: &impl ConnectionTrait, id: i64) -> Result<Option<CourseBundle>, DbErr> {
    let Some(c) = inbound_course::Entity::find_by_id(id)
        .filter(inbound_course::Column::Published.eq(true))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    if !published_shop(db, c.shop_id).await? {
        return Ok(None);
    }
    if let Some(parent) = c.parent_course_id {
        // A child of an unpublished parent is hidden with it.
        let visible = inbound_course::Entity::find_by_id(parent)
            .filter(inbound_course::Column::Published.eq(true))
            .one(db)
            .await?
            .is_some();
        if !visible {
            return Ok(None);
        }
    }
    Ok(Some(course_bundle(db, vec![c]).await?))
}

async fn published_shop(db: &impl ConnectionTrait, shop_id: i64) -> Result<bool, DbErr> {
    Ok(inbound_shop::Entity::find_by_id(shop_id)
        .filter(inbound_shop::Column::Published.eq(true))
        .one(db)
        .await?
        .is_some())
}

async fn course_bundle(
    db: &impl ConnectionTrait,
    courses: Vec<inbound_course::Model>,
) -> Result<CourseBundle, DbErr> {
    let mut out = CourseBundle::default();
    let parents: Vec<i64> = courses.iter().map(|c| c.id).collect();
    let children = if parents.is_empty() {
        Vec::new()
    } else {
        inbound_course::Entity::find()
            .filter(inbound_course::Column::ParentCourseId.is_in(parents.iter().copied()))
            .filter(inbound_course::Column::Published.eq(true))
            .order_by_asc(inbound_course::Column::SortOrder)
            .order_by_asc(inbound_course::Column::Id)
            .all(db)
            .await?
    };
    let all: Vec<i64> = parents
        .iter()
        .copied()
        .chain(children.iter().map(|c| c.id))
        .collect();
    for c in children {
        if let Some(p) = c.parent_course_id {
            out.children.entry(p).or_default().push(c);
        }
    }
    out.courses = courses;
    if all.is_empty() {
        return Ok(out);
    }
    for t in inbound_course_text::Entity::find()
        .filter(inbound_course_text::Column::CourseId.is_in(all.iter().copied()))
        .order_by_asc(inbound_course_text::Column::Id)
        .all(db)
        .await?
    {
        out.texts.entry(t.course_id).or_default().push(t);
    }
    for r in inbound_course_time_range::Entity::find()
        .filter(inbound_course_time_range::Column::CourseId.is_in(parents.iter().copied()))
        .order_by_asc(inbound_course_time_range::Column::SortOrder)
        .order_by_asc(inbound_course_time_range::Column::Id)
        .all(db)
        .await?
    {
        out.ranges.entry(r.course_id).or_default().push(r);
    }
    for i in inbound_image::Entity::find()
        .filter(inbound_image::Column::CourseId.is_in(all.iter().copied()))
        .order_by_asc(inbound_image::Column::SortOrder)
        .order_by_asc(inbound_image::Column::Id)
        .all(db)
        .await?
    {
        if let Some(c) = i.course_id {
            out.images.entry(c).or_default().push(i);
        }
    }
    Ok(out)
}

/// An image's object key (for the image route), whatever it shows.
pub async fn image(
    db: &impl ConnectionTrait,
    id: i64,
) -> Result<Option<inbound_image::Model>, DbErr> {
    inbound_image::Entity::find_by_id(id).one(db).await
}
