//! Operator commands for the inbound catalogue (issue 12, item 6): `noren inbound shop set
//! --shop NUMBER --file shop.json` (a merchant shop's inbound settings, texts, business hours
//! and tags) and `noren inbound course add --shop NUMBER --file course.json` (a course with its
//! texts, order time ranges and child courses). Documents use the API's camelCase names and are
//! read with the API's values (`http::values`: a `#[derive(Values)]` struct per object, a value
//! type per rule): every problem is reported at once before anything is written, one line
//! `field: rule` per problem named by its JSON path (`tags[0].texts[1].languageCode`), and the
//! command exits 1.
//!
//! `shop set`: settings absent from the file keep their stored value (the schema's default for
//! a new inbound shop, whose `nameJa` is then required); `texts`, `businessHours` and `tags`,
//! when given, replace what is stored. Business hours and `orderAvailableTimeRanges` are
//! `HH:MM` JST (ranges are stored in UTC, `inbound::domain::hhmm`). Texts come one per
//! language; lists hold at most [`LIST_MAX`] items.

use super::order_settings::{HhMm, read_json, refused};
use super::shop_by_number;
use crate::config::Config;
use crate::db::{self, Db};
use crate::domain::jst;
use crate::domain::lang::Lang;
use crate::http::values::{
    Int, Items, Keyed, Object, Raw, Reader, Text, Unique, Value, Values, read_object,
};
use crate::inbound::store::catalog::{
    self, CourseTexts, Hours, NewCourse, NewTag, ShopSettings, ShopTexts, TagText,
};
use anyhow::bail;
use chrono::{DateTime, Utc};
use clap::Subcommand;
use serde_json::{Map, Value as Json, json};
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum InboundCommand {
    /// Inbound shops.
    #[command(subcommand)]
    Shop(ShopCommand),
    /// Courses of inbound shops.
    #[command(subcommand)]
    Course(CourseCommand),
    /// A partner platform's notification URLs, signing secrets and update setting.
    #[command(subcommand)]
    Platform(super::inbound_platforms::InboundPlatformCommand),
}

#[derive(Debug, Subcommand)]
pub enum ShopCommand {
    /// Make a merchant shop bookable by partners, or change it: settings, texts, hours, tags.
    Set {
        /// The merchant shop's number.
        #[arg(long)]
        shop: String,
        /// A JSON file (`-`: standard input); see the module documentation.
        #[arg(long)]
        file: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
pub enum CourseCommand {
    /// Add a course (with its child courses) to an inbound shop.
    Add {
        /// The merchant shop's number.
        #[arg(long)]
        shop: String,
        #[arg(long)]
        file: PathBuf,
    },
}

/// Runs an inbound operator command; answers what it wrote.
pub async fn inbound(db: &Db, config: &Config, cmd: InboundCommand) -> anyhow::Result<Json> {
    match cmd {
        InboundCommand::Platform(cmd) => super::inbound_platforms::platform(db, config, cmd).await,
        InboundCommand::Shop(ShopCommand::Set { shop, file }) => {
            let shop = shop_by_number(db, &shop).await?;
            let doc = read_json(&file)?;
            let current = catalog::shop(db, shop.id).await?;
            let change = shop_change(current, &doc)?;
            let tx = db::begin_write(db).await?;
            catalog::upsert_shop(&tx, shop.id, &change.settings, Utc::now()).await?;
            if let Some(texts) = &change.texts {
                catalog::set_shop_texts(&tx, shop.id, texts).await?;
            }
            if let Some(hours) = &change.hours {
                catalog::set_business_hours(&tx, shop.id, hours).await?;
            }
            if let Some(tags) = &change.tags {
                catalog::set_tags(&tx, shop.id, tags).await?;
            }
            tx.commit().await?;
            Ok(
                json!({"shop_id": shop.id, "number": shop.number, "published": change.settings.published}),
            )
        }
        InboundCommand::Course(CourseCommand::Add { shop, file }) => {
            let shop = shop_by_number(db, &shop).await?;
            let course = new_course(&read_json(&file)?)?;
            if catalog::shop(db, shop.id).await?.is_none() {
                bail!(
                    "shop {} is not an inbound shop: run `noren inbound shop set` first",
                    shop.number
                );
            }
            let tx = db::begin_write(db).await?;
            let ids = catalog::add_course(&tx, shop.id, &course, Utc::now()).await?;
            tx.commit().await?;
            Ok(json!({"course_id": ids.id, "child_course_ids": ids.children, "shop_id": shop.id}))
        }
    }
}

/// Longest name (`nameJa`, `shopName`, `courseName`).
const NAME_MAX: usize = 255;
/// Longest part of an address (`addressState`, …), tag or tag category.
const AREA_MAX: usize = 100;
/// Longest description, precaution or note.
const NOTE_MAX: usize = 10_000;
/// Most items of a list: tags, openings of a day, order time ranges, child courses.
const LIST_MAX: usize = 100;
/// Highest course price, in yen.
const PRICE_MAX: i64 = 10_000_000;

type Name = Text<NAME_MAX>;
type Area = Text<AREA_MAX>;
type Note = Text<NOTE_MAX>;
type Guests = Int<1, 1000>;
type Age = Int<0, 120>;
type Price = Int<0, PRICE_MAX>;
type Orders = Int<1, 1000>;
type Cutoff = Int<0, 1439>;
type SortOrder = Int<{ i32::MIN as i64 }, { i32::MAX as i64 }>;
/// Texts in several languages, one per language.
type Texts<T> = Unique<Object<T>, { Lang::ALL.len() }>;
type List<T> = Items<Object<T>, LIST_MAX>;

/// A bounded whole number as stored (every bound here is within `i32`).
fn small<const MIN: i64, const MAX: i64>(v: Int<MIN, MAX>) -> i32 {
    v.get() as i32
}

fn text<const MAX: usize>(v: Option<Text<MAX>>) -> Option<String> {
    v.map(Text::into_string)
}

/// A Japanese postal code, `NNN-NNNN` or `NNNNNNN`.
struct PostalCode(String);

impl Value for PostalCode {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        let b = s.as_bytes();
        let ok = match b.len() {
            7 => b.iter().all(u8::is_ascii_digit),
            8 => {
                b[3] == b'-'
                    && b.iter()
                        .enumerate()
                        .all(|(i, c)| i == 3 || c.is_ascii_digit())
            }
            _ => false,
        };
        if !ok {
            return Err("must be NNN-NNNN or NNNNNNN".into());
        }
        Ok(PostalCode(s.into()))
    }
}

/// A number from `MIN` to `MAX`, fractions allowed (`latitude`, `rating`).
struct Decimal<const MIN: i64, const MAX: i64>(f64);

impl<const MIN: i64, const MAX: i64> Value for Decimal<MIN, MAX> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let n: f64 = raw
            .number()?
            .trim()
            .parse()
            .map_err(|_| "must be a number".to_string())?;
        if !(MIN as f64..=MAX as f64).contains(&n) {
            return Err(format!("must be from {MIN} to {MAX}"));
        }
        Ok(Decimal(n))
    }
}

/// The booking slot, 5 to 240 minutes, a divisor of a day.
struct SlotMinutes(i32);

impl Value for SlotMinutes {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let minutes = small(Int::<5, 240>::parse(raw)?);
        if 1440 % minutes != 0 {
            return Err("must divide a day (e.g. 15, 30, 60)".into());
        }
        Ok(SlotMinutes(minutes))
    }
}

/// A tag's code: 1 to 64 of `A-Z`, `0-9` and `_`.
struct TagEnum(String);

impl Value for TagEnum {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        let ok = (1..=64).contains(&s.len())
            && s.bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
        if !ok {
            return Err("must be 1 to 64 of A-Z, 0-9 and _".into());
        }
        Ok(TagEnum(s.into()))
    }
}

/// An ISO 8601 date-time with its offset.
#[derive(Clone, Copy)]
struct Instant(DateTime<Utc>);

impl Value for Instant {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        DateTime::parse_from_rfc3339(s)
            .map(|t| Instant(t.with_timezone(&Utc)))
            .map_err(|_| {
                format!(
                    "{s:?} is not an ISO 8601 date-time with its offset (e.g. 2026-12-01T00:00:00+09:00)"
                )
            })
    }
}

// The documents. `#[derive(Values)]` asks every value type to be marked `#[schema(inline)]`
// (for a call's spec); these documents have no spec, the marks only satisfy it.

/// `shop set`'s document.
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct ShopDoc {
    #[schema(inline)]
    name_ja: Option<Name>,
    #[schema(inline)]
    name_en: Option<Name>,
    #[schema(inline)]
    address_state: Option<Area>,
    #[schema(inline)]
    address_city: Option<Area>,
    #[schema(inline)]
    address_town: Option<Area>,
    #[schema(inline)]
    address_postal_code: Option<PostalCode>,
    #[schema(inline)]
    latitude: Option<Decimal<-90, 90>>,
    #[schema(inline)]
    longitude: Option<Decimal<-180, 180>>,
    #[schema(inline)]
    rating: Option<Decimal<0, 5>>,
    #[schema(inline)]
    min_guests: Option<Guests>,
    #[schema(inline)]
    max_guests: Option<Guests>,
    #[schema(inline)]
    cancellation_policy_days: Option<Int<-1, 365>>,
    real_time_bookable: Option<bool>,
    #[schema(inline)]
    cutoff_hours: Option<Int<0, 720>>,
    #[schema(inline)]
    slot_minutes: Option<SlotMinutes>,
    #[schema(inline)]
    seat_capacity: Option<Int<1, 10_000>>,
    #[schema(inline)]
    stay_minutes: Option<Int<15, 1440>>,
    published: Option<bool>,
    #[schema(inline)]
    texts: Option<Texts<ShopTextDoc>>,
    #[schema(inline)]
    business_hours: Option<Object<HoursDoc>>,
    #[schema(inline)]
    tags: Option<Unique<Object<TagDoc>, LIST_MAX>>,
}

#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct ShopTextDoc {
    #[schema(inline)]
    language_code: Lang,
    #[schema(inline)]
    shop_name: Name,
    #[schema(inline)]
    shop_description: Option<Note>,
    #[schema(inline)]
    formatted_address: Option<Text<500>>,
    #[schema(inline)]
    international_phone_number: Option<Text<32>>,
    #[schema(inline)]
    address_state: Option<Area>,
    #[schema(inline)]
    address_city: Option<Area>,
    #[schema(inline)]
    address_town: Option<Area>,
    #[schema(inline)]
    address_postal_code: Option<PostalCode>,
    #[schema(inline)]
    precaution: Option<Note>,
}

/// `businessHours`: the openings of each weekday.
#[derive(Values)]
#[values(body = "json")]
struct HoursDoc {
    #[schema(inline)]
    mon: Option<List<OpeningDoc>>,
    #[schema(inline)]
    tue: Option<List<OpeningDoc>>,
    #[schema(inline)]
    wed: Option<List<OpeningDoc>>,
    #[schema(inline)]
    thu: Option<List<OpeningDoc>>,
    #[schema(inline)]
    fri: Option<List<OpeningDoc>>,
    #[schema(inline)]
    sat: Option<List<OpeningDoc>>,
    #[schema(inline)]
    sun: Option<List<OpeningDoc>>,
}

#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json", check = Self::check)]
struct OpeningDoc {
    #[schema(inline)]
    start_time: HhMm,
    #[schema(inline)]
    end_time: HhMm,
    #[schema(inline)]
    last_order_cutoff_mins: Option<Cutoff>,
    #[schema(inline)]
    availability_desc: Option<Note>,
}

impl OpeningDoc {
    /// An opening ends at another time than it starts (earlier: the next day), and its last
    /// orders are taken within it.
    fn check(r: &mut Reader<'_>) {
        let (Some(start), Some(end)) = (r.get::<HhMm>("startTime"), r.get::<HhMm>("endTime"))
        else {
            return;
        };
        if start == end {
            r.error("endTime", "must differ from startTime");
            return;
        }
        let length = (end.0 - start.0).num_minutes().rem_euclid(1440);
        if let Some(cutoff) = r.get::<Cutoff>("lastOrderCutoffMins")
            && cutoff.get() >= length
        {
            r.error(
                "lastOrderCutoffMins",
                format!(
                    "{} is not from 0 to less than the opening's {length} minutes",
                    cutoff.get()
                ),
            );
        }
    }
}

#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct TagDoc {
    #[schema(inline)]
    tag_enum: TagEnum,
    #[schema(inline)]
    texts: Option<Texts<TagTextDoc>>,
}

#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct TagTextDoc {
    #[schema(inline)]
    language_code: Lang,
    #[schema(inline)]
    tag: Area,
    #[schema(inline)]
    tag_category_name: Option<Area>,
}

/// `course add`'s document.
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json", check = Self::check)]
struct CourseDoc {
    #[schema(inline)]
    course_name: Name,
    #[schema(inline)]
    course_desc: Option<Note>,
    #[schema(inline)]
    lower_age_limit: Option<Age>,
    #[schema(inline)]
    upper_age_limit: Option<Age>,
    #[schema(inline)]
    quantity_limit: Option<Int<1, 1_000_000>>,
    #[schema(inline)]
    valid_from: Option<Instant>,
    #[schema(inline)]
    valid_to: Option<Instant>,
    #[schema(inline)]
    order_start_time: Option<HhMm>,
    #[schema(inline)]
    order_end_time: Option<HhMm>,
    #[schema(inline)]
    order_min: Option<Orders>,
    #[schema(inline)]
    order_max: Option<Orders>,
    #[schema(inline)]
    suggested_retail_price: Option<Price>,
    #[schema(inline)]
    settlement_price: Price,
    published: Option<bool>,
    #[schema(inline)]
    sort_order: Option<SortOrder>,
    #[schema(inline)]
    texts: Option<Texts<CourseTextDoc>>,
    #[schema(inline)]
    order_available_time_ranges: Option<List<RangeDoc>>,
    #[schema(inline)]
    child_courses: Option<List<ChildDoc>>,
}

impl CourseDoc {
    fn check(r: &mut Reader<'_>) {
        ages(r);
        if let (Some(min), Some(max)) = (r.get::<Orders>("orderMin"), r.get::<Orders>("orderMax"))
            && min.get() > max.get()
        {
            r.error(
                "orderMax",
                format!("{} is less than orderMin {}", max.get(), min.get()),
            );
        }
        if let (Some(from), Some(to)) = (r.get::<Instant>("validFrom"), r.get::<Instant>("validTo"))
            && from.0 > to.0
        {
            r.error("validTo", "is before validFrom");
        }
    }
}

/// A course's age limits are in order.
fn ages(r: &mut Reader<'_>) {
    if let (Some(lower), Some(upper)) =
        (r.get::<Age>("lowerAgeLimit"), r.get::<Age>("upperAgeLimit"))
        && lower.get() > upper.get()
    {
        r.error(
            "upperAgeLimit",
            format!("{} is less than lowerAgeLimit {}", upper.get(), lower.get()),
        );
    }
}

/// A child course: its own prices, age limits and texts.
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json", check = ages)]
struct ChildDoc {
    #[schema(inline)]
    course_name: Name,
    #[schema(inline)]
    course_desc: Option<Note>,
    #[schema(inline)]
    lower_age_limit: Option<Age>,
    #[schema(inline)]
    upper_age_limit: Option<Age>,
    #[schema(inline)]
    suggested_retail_price: Option<Price>,
    #[schema(inline)]
    settlement_price: Price,
    published: Option<bool>,
    #[schema(inline)]
    texts: Option<Texts<CourseTextDoc>>,
}

#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct CourseTextDoc {
    #[schema(inline)]
    language_code: Lang,
    #[schema(inline)]
    course_name: Name,
    #[schema(inline)]
    course_desc_formatted: Option<Note>,
    #[schema(inline)]
    course_desc_text: Option<Note>,
}

/// An order time range, `HH:MM` JST.
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json", check = Self::check)]
struct RangeDoc {
    #[schema(inline)]
    start_range: HhMm,
    #[schema(inline)]
    end_range: HhMm,
}

impl RangeDoc {
    fn check(r: &mut Reader<'_>) {
        if let (Some(start), Some(end)) = (r.get::<HhMm>("startRange"), r.get::<HhMm>("endRange"))
            && start == end
        {
            r.error("endRange", "must differ from startRange");
        }
    }
}

macro_rules! keyed_by_language {
    ($($doc:ty),*) => {$(
        impl Keyed for $doc {
            const KEY: &'static str = "languageCode";
            fn key(&self) -> String {
                self.language_code.as_str().into()
            }
        }
    )*};
}
keyed_by_language!(ShopTextDoc, TagTextDoc, CourseTextDoc);

impl Keyed for TagDoc {
    const KEY: &'static str = "tagEnum";
    fn key(&self) -> String {
        self.tag_enum.0.clone()
    }
}

/// A document's top-level object.
fn members(doc: &Json) -> anyhow::Result<&Map<String, Json>> {
    match doc {
        Json::Object(members) => Ok(members),
        _ => bail!("the document must be one JSON object"),
    }
}

/// What `shop set` writes.
struct ShopChange {
    settings: ShopSettings,
    /// Replacements, when given.
    texts: Option<Vec<ShopTexts>>,
    hours: Option<Vec<Hours>>,
    tags: Option<Vec<NewTag>>,
}

/// Reads `shop set`'s document over the stored settings (`None`: a new inbound shop).
fn shop_change(
    current: Option<crate::db::entities::inbound_shop::Model>,
    doc: &Json,
) -> anyhow::Result<ShopChange> {
    let new = current.is_none();
    let mut s = match current {
        Some(c) => ShopSettings {
            name_ja: c.name_ja,
            name_en: c.name_en,
            address_state: c.address_state,
            address_city: c.address_city,
            address_town: c.address_town,
            address_postal_code: c.address_postal_code,
            latitude: c.latitude,
            longitude: c.longitude,
            rating: c.rating,
            min_guests: c.min_guests,
            max_guests: c.max_guests,
            cancellation_policy_days: c.cancellation_policy_days,
            real_time_bookable: c.real_time_bookable,
            cutoff_hours: c.cutoff_hours,
            slot_minutes: c.slot_minutes,
            seat_capacity: c.seat_capacity,
            stay_minutes: c.stay_minutes,
            published: c.published,
        },
        None => ShopSettings::new(String::new()),
    };
    let stored = (s.min_guests, s.max_guests);
    let d: ShopDoc = read_object(members(doc)?, |r| {
        if new && !r.has("nameJa") {
            r.error("nameJa", "is required for a new inbound shop");
        }
        // The guests' range, with the stored bound where one is left out.
        let bound = |r: &Reader<'_>, name: &str, stored: i32| {
            if r.has(name) {
                r.get::<Guests>(name).map(small)
            } else {
                Some(stored)
            }
        };
        if let (Some(min), Some(max)) = (
            bound(r, "minGuests", stored.0),
            bound(r, "maxGuests", stored.1),
        ) && min > max
        {
            r.error("maxGuests", format!("{max} is less than minGuests {min}"));
        }
    })
    .map_err(refused)?;
    if let Some(name) = d.name_ja {
        s.name_ja = name.into_string();
    }
    for (slot, given) in [
        (&mut s.name_en, text(d.name_en)),
        (&mut s.address_state, text(d.address_state)),
        (&mut s.address_city, text(d.address_city)),
        (&mut s.address_town, text(d.address_town)),
        (
            &mut s.address_postal_code,
            d.address_postal_code.map(|p| p.0),
        ),
    ] {
        if given.is_some() {
            *slot = given;
        }
    }
    for (slot, given) in [
        (&mut s.latitude, d.latitude.map(|v| v.0)),
        (&mut s.longitude, d.longitude.map(|v| v.0)),
        (&mut s.rating, d.rating.map(|v| v.0)),
    ] {
        if given.is_some() {
            *slot = given;
        }
    }
    for (slot, given) in [
        (&mut s.min_guests, d.min_guests.map(small)),
        (&mut s.max_guests, d.max_guests.map(small)),
        (
            &mut s.cancellation_policy_days,
            d.cancellation_policy_days.map(small),
        ),
        (&mut s.cutoff_hours, d.cutoff_hours.map(small)),
        (&mut s.slot_minutes, d.slot_minutes.map(|m| m.0)),
        (&mut s.seat_capacity, d.seat_capacity.map(small)),
        (&mut s.stay_minutes, d.stay_minutes.map(small)),
    ] {
        *slot = given.unwrap_or(*slot);
    }
    s.real_time_bookable = d.real_time_bookable.unwrap_or(s.real_time_bookable);
    s.published = d.published.unwrap_or(s.published);
    let texts = d.texts.map(|Unique(texts)| {
        texts
            .into_iter()
            .map(|Object(t)| ShopTexts {
                lang: t.language_code.as_str().into(),
                shop_name: t.shop_name.into_string(),
                shop_description: text(t.shop_description),
                formatted_address: text(t.formatted_address),
                international_phone_number: text(t.international_phone_number),
                address_state: text(t.address_state),
                address_city: text(t.address_city),
                address_town: text(t.address_town),
                address_postal_code: t.address_postal_code.map(|p| p.0),
                precaution: text(t.precaution),
            })
            .collect()
    });
    let tags = d.tags.map(|Unique(tags)| {
        tags.into_iter()
            .map(|Object(t)| NewTag {
                tag_enum: t.tag_enum.0,
                texts: t
                    .texts
                    .unwrap_or_default()
                    .0
                    .into_iter()
                    .map(|Object(x)| TagText {
                        lang: x.language_code.as_str().into(),
                        tag: x.tag.into_string(),
                        tag_category_name: text(x.tag_category_name),
                    })
                    .collect(),
            })
            .collect()
    });
    Ok(ShopChange {
        settings: s,
        texts,
        hours: d.business_hours.map(|Object(h)| hours(h)),
        tags,
    })
}

fn hours(h: HoursDoc) -> Vec<Hours> {
    let HoursDoc {
        mon,
        tue,
        wed,
        thu,
        fri,
        sat,
        sun,
    } = h;
    let mut out = Vec::new();
    for (weekday, list) in [mon, tue, wed, thu, fri, sat, sun].into_iter().enumerate() {
        for Object(o) in list.unwrap_or_default().0 {
            out.push(Hours {
                weekday: weekday as i16,
                start_time: o.start_time.text(),
                end_time: o.end_time.text(),
                last_order_cutoff_mins: o.last_order_cutoff_mins.map_or(0, small),
                availability_desc: text(o.availability_desc),
            });
        }
    }
    out
}

fn course_texts(texts: Option<Texts<CourseTextDoc>>) -> Vec<CourseTexts> {
    let Unique(texts) = texts.unwrap_or_default();
    texts
        .into_iter()
        .map(|Object(t)| CourseTexts {
            lang: t.language_code.as_str().into(),
            course_name: t.course_name.into_string(),
            course_desc_formatted: text(t.course_desc_formatted),
            course_desc_text: text(t.course_desc_text),
        })
        .collect()
}

/// Reads `course add`'s document.
fn new_course(doc: &Json) -> anyhow::Result<NewCourse> {
    let d: CourseDoc = read_object(members(doc)?, |_| {}).map_err(refused)?;
    // Given in JST, stored in UTC.
    let utc = |t: HhMm| HhMm(jst::time_to_utc(t.0)).text();
    let time_ranges = d
        .order_available_time_ranges
        .unwrap_or_default()
        .0
        .into_iter()
        .map(|Object(r)| (utc(r.start_range), utc(r.end_range)))
        .collect();
    let children = d
        .child_courses
        .unwrap_or_default()
        .0
        .into_iter()
        .enumerate()
        .map(|(i, Object(c))| NewCourse {
            course_name: c.course_name.into_string(),
            course_desc: text(c.course_desc),
            lower_age_limit: c.lower_age_limit.map(small),
            upper_age_limit: c.upper_age_limit.map(small),
            suggested_retail_price: c.suggested_retail_price.map(Int::get),
            settlement_price: c.settlement_price.get(),
            published: c.published.unwrap_or(true),
            sort_order: i as i32,
            texts: course_texts(c.texts),
            ..Default::default()
        })
        .collect();
    Ok(NewCourse {
        course_name: d.course_name.into_string(),
        course_desc: text(d.course_desc),
        lower_age_limit: d.lower_age_limit.map(small),
        upper_age_limit: d.upper_age_limit.map(small),
        quantity_limit: d.quantity_limit.map(small),
        valid_from: d.valid_from.map(|t| t.0),
        valid_to: d.valid_to.map(|t| t.0),
        order_start_time: d.order_start_time.map(HhMm::text),
        order_end_time: d.order_end_time.map(HhMm::text),
        order_min: d.order_min.map(small),
        order_max: d.order_max.map(small),
        suggested_retail_price: d.suggested_retail_price.map(Int::get),
        settlement_price: d.settlement_price.get(),
        published: d.published.unwrap_or(true),
        sort_order: d.sort_order.map_or(0, small),
        texts: course_texts(d.texts),
        time_ranges,
        children,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course(v: Json) -> Result<NewCourse, String> {
        new_course(&v).map_err(|e| e.to_string())
    }

    #[test]
    fn course_ranges_given_in_jst_are_stored_in_utc() {
        let c = course(json!({"courseName": "Late", "settlementPrice": 100,
            "orderAvailableTimeRanges": [{"startRange": "22:00", "endRange": "03:00"}]}))
        .expect("valid");
        assert_eq!(
            c.time_ranges,
            vec![("13:00".to_string(), "18:00".to_string())]
        );
    }

    #[test]
    fn every_bad_course_value_is_named_with_its_rule() {
        let e = course(json!({"courseName": "", "settlementPrice": -1, "orderMin": 4, "orderMax": 2,
            "validFrom": "2026-12-01", "orderAvailableTimeRanges": [{"startRange": "25:00", "endRange": "03:00"}],
            "texts": [{"languageCode": "fr", "courseName": "x"}],
            "childCourses": [{"courseName": "Kid", "settlementPrice": 1, "lowerAgeLimit": 12, "upperAgeLimit": 6,
                "texts": [{"languageCode": "en", "courseName": "Kid"}, {"languageCode": "en", "courseName": "Child"}]}]}))
        .expect_err("invalid");
        for needle in [
            "courseName: must not be empty",
            "settlementPrice: must be from 0 to 10000000",
            "orderMax: 2 is less than orderMin 4",
            "validFrom: \"2026-12-01\" is not an ISO 8601",
            "orderAvailableTimeRanges[0].startRange: \"25:00\" is not a time HH:MM",
            "texts[0].languageCode: must be one of",
            "childCourses[0].upperAgeLimit: 6 is less than lowerAgeLimit 12",
            "childCourses[0].texts[1].languageCode: en is given twice",
        ] {
            assert!(e.lines().any(|l| l.starts_with(needle)), "{needle}: {e}");
        }
        assert_eq!(e.lines().count(), 8, "{e}");
        let e = course(json!({"courseName": "x", "settlementPrice": 1, "colour": 1}))
            .expect_err("unknown");
        assert!(
            e.starts_with("colour: unknown field; the fields are courseName,"),
            "{e}"
        );
        let e = course(json!({"courseName": "x"})).expect_err("required");
        assert_eq!(e, "settlementPrice: is required");
    }

    #[test]
    fn every_bad_shop_value_is_named_with_its_rule() {
        let doc = json!({"minGuests": 5, "maxGuests": 2, "addressPostalCode": "12-3456",
            "slotMinutes": 7, "rating": 6.0,
            "businessHours": {"mon": [{"startTime": "11:00", "endTime": "11:00"}, {"startTime": "17:00", "endTime": "18:00", "lastOrderCutoffMins": 60}]},
            "tags": [{"tagEnum": "sushi"}], "texts": [{"languageCode": "en", "shopName": "A"}, {"languageCode": "en", "shopName": "B"}]});
        let e = shop_change(None, &doc).err().expect("invalid").to_string();
        for needle in [
            "nameJa: is required",
            "maxGuests: 2 is less than minGuests 5",
            "addressPostalCode: must be",
            "slotMinutes: must divide a day",
            "rating: must be from 0 to 5",
            "businessHours.mon[0].endTime: must differ",
            "businessHours.mon[1].lastOrderCutoffMins: 60 is not from 0",
            "tags[0].tagEnum: must be 1 to 64",
            "texts[1].languageCode: en is given twice",
        ] {
            assert!(e.lines().any(|l| l.starts_with(needle)), "{needle}: {e}");
        }
        let overnight = json!({"nameJa": "店", "latitude": 35.66, "minGuests": 2,
            "businessHours": {"fri": [{"startTime": "17:00", "endTime": "02:00", "lastOrderCutoffMins": 30}]},
            "tags": [{"tagEnum": "YAKINIKU", "texts": [{"languageCode": "ja", "tag": "焼肉"}]}]});
        let change = shop_change(None, &overnight).expect("a night opening past midnight is fine");
        assert_eq!(
            (change.settings.name_ja.as_str(), change.settings.min_guests),
            ("店", 2)
        );
        assert_eq!(change.settings.latitude, Some(35.66));
        let hours = change.hours.expect("hours");
        assert_eq!((hours[0].weekday, hours[0].end_time.as_str()), (4, "02:00"));
        assert_eq!(change.tags.expect("tags")[0].texts[0].tag, "焼肉");
        assert!(change.texts.is_none(), "texts left out are kept");
    }
}
