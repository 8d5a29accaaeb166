//! Operator commands for the inbound catalogue (issue 12, item 6): `noren inbound shop set
//! --shop NUMBER --file shop.json` (a merchant shop's inbound settings, texts, business hours
//! and tags) and `noren inbound course add --shop NUMBER --file course.json` (a course with its
//! texts, order time ranges and child courses). Documents use the API's camelCase names; every
//! value is checked before anything is written, and a refusal names the field and the rule
//! (exit status 1).
//!
//! `shop set`: settings absent from the file keep their stored value (the schema's default for
//! a new inbound shop, whose `nameJa` is then required); `texts`, `businessHours` and `tags`,
//! when given, replace what is stored. Business hours and `orderAvailableTimeRanges` are
//! `HH:MM` JST (ranges are stored in UTC, `domain::hhmm`).

use super::shop_by_number;
use crate::config::Config;
use crate::db::repo::inbound_catalog::{
    self, CourseTexts, Hours, NewCourse, NewTag, ShopSettings, ShopTexts, TagText,
};
use crate::db::{self, Db};
use crate::domain::lang::Lang;
use crate::domain::{hhmm, jst};
use anyhow::{anyhow, bail};
use chrono::{DateTime, Utc};
use clap::Subcommand;
use serde::Deserialize;
use serde_json::{Value as Json, json};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ShopDoc {
    name_ja: Option<String>,
    name_en: Option<String>,
    address_state: Option<String>,
    address_city: Option<String>,
    address_town: Option<String>,
    address_postal_code: Option<String>,
    latitude: Option<f64>,
    longitude: Option<f64>,
    rating: Option<f64>,
    min_guests: Option<i32>,
    max_guests: Option<i32>,
    cancellation_policy_days: Option<i32>,
    real_time_bookable: Option<bool>,
    cutoff_hours: Option<i32>,
    slot_minutes: Option<i32>,
    seat_capacity: Option<i32>,
    stay_minutes: Option<i32>,
    published: Option<bool>,
    texts: Option<Vec<ShopTextDoc>>,
    business_hours: Option<HoursDoc>,
    tags: Option<Vec<TagDoc>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ShopTextDoc {
    language_code: String,
    shop_name: String,
    shop_description: Option<String>,
    formatted_address: Option<String>,
    international_phone_number: Option<String>,
    address_state: Option<String>,
    address_city: Option<String>,
    address_town: Option<String>,
    address_postal_code: Option<String>,
    precaution: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct HoursDoc {
    #[serde(default)]
    mon: Vec<OpeningDoc>,
    #[serde(default)]
    tue: Vec<OpeningDoc>,
    #[serde(default)]
    wed: Vec<OpeningDoc>,
    #[serde(default)]
    thu: Vec<OpeningDoc>,
    #[serde(default)]
    fri: Vec<OpeningDoc>,
    #[serde(default)]
    sat: Vec<OpeningDoc>,
    #[serde(default)]
    sun: Vec<OpeningDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct OpeningDoc {
    start_time: String,
    end_time: String,
    #[serde(default)]
    last_order_cutoff_mins: i32,
    availability_desc: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TagDoc {
    tag_enum: String,
    #[serde(default)]
    texts: Vec<TagTextDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TagTextDoc {
    language_code: String,
    tag: String,
    tag_category_name: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CourseDoc {
    course_name: String,
    course_desc: Option<String>,
    lower_age_limit: Option<i32>,
    upper_age_limit: Option<i32>,
    quantity_limit: Option<i32>,
    valid_from: Option<String>,
    valid_to: Option<String>,
    order_start_time: Option<String>,
    order_end_time: Option<String>,
    order_min: Option<i32>,
    order_max: Option<i32>,
    suggested_retail_price: Option<i64>,
    settlement_price: i64,
    published: Option<bool>,
    sort_order: Option<i32>,
    #[serde(default)]
    texts: Vec<CourseTextDoc>,
    #[serde(default)]
    order_available_time_ranges: Vec<RangeDoc>,
    #[serde(default)]
    child_courses: Vec<ChildDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ChildDoc {
    course_name: String,
    course_desc: Option<String>,
    lower_age_limit: Option<i32>,
    upper_age_limit: Option<i32>,
    suggested_retail_price: Option<i64>,
    settlement_price: i64,
    published: Option<bool>,
    #[serde(default)]
    texts: Vec<CourseTextDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CourseTextDoc {
    language_code: String,
    course_name: String,
    course_desc_formatted: Option<String>,
    course_desc_text: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RangeDoc {
    start_range: String,
    end_range: String,
}

/// Collected refusals: `field: rule`, all reported at once.
#[derive(Default)]
struct Problems(Vec<String>);

impl Problems {
    fn check(&mut self, ok: bool, field: impl Into<String>, rule: &str) {
        if !ok {
            self.0.push(format!("{}: {rule}", field.into()));
        }
    }

    fn range(&mut self, v: Option<i32>, field: &str, min: i32, max: i32) {
        if let Some(v) = v {
            self.check(
                (min..=max).contains(&v),
                field,
                &format!("{v} is not a whole number from {min} to {max}"),
            );
        }
    }

    fn text(&mut self, v: Option<&str>, field: impl Into<String>, max: usize) {
        if let Some(v) = v {
            let n = v.chars().count();
            self.check(
                n >= 1 && n <= max && !v.chars().any(|c| c.is_control() && c != '\n'),
                field,
                &format!("must be 1 to {max} characters without control characters"),
            );
        }
    }

    fn hhmm(&mut self, v: &str, field: impl Into<String>) {
        self.check(
            hhmm::parse(v).is_some(),
            field,
            &format!("{v:?} is not a time HH:MM"),
        );
    }

    fn lang(&mut self, v: &str, seen: &mut HashSet<String>, field: String) {
        self.check(
            Lang::parse(v).is_some(),
            format!("{field}.languageCode"),
            "must be one of en, zh-CN, ja, ko, zh-TW",
        );
        self.check(
            seen.insert(v.to_string()),
            format!("{field}.languageCode"),
            &format!("{v} is given twice"),
        );
    }

    fn done(self) -> anyhow::Result<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            bail!("{}", self.0.join("\n"))
        }
    }
}

fn read_doc<T: serde::de::DeserializeOwned>(path: &Path) -> anyhow::Result<T> {
    use std::io::Read;
    let mut text = String::new();
    if path == Path::new("-") {
        std::io::stdin()
            .take(1024 * 1024 + 1)
            .read_to_string(&mut text)
            .map_err(|e| anyhow!("cannot read standard input: {e}"))?;
    } else {
        std::fs::File::open(path)
            .and_then(|f| f.take(1024 * 1024 + 1).read_to_string(&mut text))
            .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
    }
    if text.len() > 1024 * 1024 {
        bail!("{} is larger than 1 MiB", path.display());
    }
    serde_json::from_str(&text).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// Runs an inbound operator command; answers what it wrote.
pub async fn inbound(db: &Db, config: &Config, cmd: InboundCommand) -> anyhow::Result<Json> {
    match cmd {
        InboundCommand::Platform(cmd) => super::inbound_platforms::platform(db, config, cmd).await,
        InboundCommand::Shop(ShopCommand::Set { shop, file }) => {
            let shop = shop_by_number(db, &shop).await?;
            let doc: ShopDoc = read_doc(&file)?;
            let current = inbound_catalog::shop(db, shop.id).await?;
            let settings = shop_settings(current, &doc)?;
            let now = Utc::now();
            let tx = db::begin_write(db).await?;
            inbound_catalog::upsert_shop(&tx, shop.id, &settings, now).await?;
            if let Some(texts) = &doc.texts {
                let texts: Vec<ShopTexts> = texts
                    .iter()
                    .map(|t| ShopTexts {
                        lang: t.language_code.clone(),
                        shop_name: t.shop_name.clone(),
                        shop_description: t.shop_description.clone(),
                        formatted_address: t.formatted_address.clone(),
                        international_phone_number: t.international_phone_number.clone(),
                        address_state: t.address_state.clone(),
                        address_city: t.address_city.clone(),
                        address_town: t.address_town.clone(),
                        address_postal_code: t.address_postal_code.clone(),
                        precaution: t.precaution.clone(),
                    })
                    .collect();
                inbound_catalog::set_shop_texts(&tx, shop.id, &texts).await?;
            }
            if let Some(h) = &doc.business_hours {
                inbound_catalog::set_business_hours(&tx, shop.id, &hours(h)).await?;
            }
            if let Some(tags) = &doc.tags {
                let tags: Vec<NewTag> = tags
                    .iter()
                    .map(|t| NewTag {
                        tag_enum: t.tag_enum.clone(),
                        texts: t
                            .texts
                            .iter()
                            .map(|x| TagText {
                                lang: x.language_code.clone(),
                                tag: x.tag.clone(),
                                tag_category_name: x.tag_category_name.clone(),
                            })
                            .collect(),
                    })
                    .collect();
                inbound_catalog::set_tags(&tx, shop.id, &tags).await?;
            }
            tx.commit().await?;
            Ok(json!({"shop_id": shop.id, "number": shop.number, "published": settings.published}))
        }
        InboundCommand::Course(CourseCommand::Add { shop, file }) => {
            let shop = shop_by_number(db, &shop).await?;
            let doc: CourseDoc = read_doc(&file)?;
            let course = new_course(&doc)?;
            if inbound_catalog::shop(db, shop.id).await?.is_none() {
                bail!(
                    "shop {} is not an inbound shop: run `noren inbound shop set` first",
                    shop.number
                );
            }
            let tx = db::begin_write(db).await?;
            let ids = inbound_catalog::add_course(&tx, shop.id, &course, Utc::now()).await?;
            tx.commit().await?;
            Ok(json!({"course_id": ids.id, "child_course_ids": ids.children, "shop_id": shop.id}))
        }
    }
}

fn shop_settings(
    current: Option<crate::db::entities::inbound_shop::Model>,
    d: &ShopDoc,
) -> anyhow::Result<ShopSettings> {
    let mut p = Problems::default();
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
        None => {
            p.check(
                d.name_ja.is_some(),
                "nameJa",
                "is required for a new inbound shop",
            );
            ShopSettings::new(String::new())
        }
    };
    p.text(d.name_ja.as_deref(), "nameJa", 255);
    p.text(d.name_en.as_deref(), "nameEn", 255);
    p.text(d.address_state.as_deref(), "addressState", 100);
    p.text(d.address_city.as_deref(), "addressCity", 100);
    p.text(d.address_town.as_deref(), "addressTown", 100);
    if let Some(code) = &d.address_postal_code {
        p.check(
            postal(code),
            "addressPostalCode",
            "must be NNN-NNNN or NNNNNNN",
        );
    }
    let within = |v: Option<f64>, lo: f64, hi: f64| v.is_none_or(|v| (lo..=hi).contains(&v));
    p.check(
        within(d.latitude, -90.0, 90.0),
        "latitude",
        "must be from -90 to 90",
    );
    p.check(
        within(d.longitude, -180.0, 180.0),
        "longitude",
        "must be from -180 to 180",
    );
    p.check(within(d.rating, 0.0, 5.0), "rating", "must be from 0 to 5");
    p.range(d.min_guests, "minGuests", 1, 1000);
    p.range(d.max_guests, "maxGuests", 1, 1000);
    p.range(
        d.cancellation_policy_days,
        "cancellationPolicyDays",
        -1,
        365,
    );
    p.range(d.cutoff_hours, "cutoffHours", 0, 720);
    p.range(d.slot_minutes, "slotMinutes", 5, 240);
    if let Some(m) = d.slot_minutes {
        p.check(
            m > 0 && 1440 % m == 0,
            "slotMinutes",
            "must divide a day (e.g. 15, 30, 60)",
        );
    }
    p.range(d.seat_capacity, "seatCapacity", 1, 10_000);
    p.range(d.stay_minutes, "stayMinutes", 15, 1440);
    macro_rules! set {
        ($($f:ident),*) => {$( if let Some(v) = &d.$f { s.$f = v.clone().into(); } )*};
    }
    set!(
        name_ja,
        min_guests,
        max_guests,
        cancellation_policy_days,
        real_time_bookable
    );
    set!(
        cutoff_hours,
        slot_minutes,
        seat_capacity,
        stay_minutes,
        published
    );
    macro_rules! set_opt {
        ($($f:ident),*) => {$( if d.$f.is_some() { s.$f = d.$f.clone(); } )*};
    }
    set_opt!(
        name_en,
        address_state,
        address_city,
        address_town,
        address_postal_code
    );
    set_opt!(latitude, longitude, rating);
    p.check(
        s.min_guests <= s.max_guests,
        "maxGuests",
        &format!("{} is less than minGuests {}", s.max_guests, s.min_guests),
    );
    if let Some(texts) = &d.texts {
        let mut seen = HashSet::new();
        for (i, t) in texts.iter().enumerate() {
            let f = format!("texts[{i}]");
            p.lang(&t.language_code, &mut seen, f.clone());
            p.text(Some(&t.shop_name), format!("{f}.shopName"), 255);
            if let Some(code) = &t.address_postal_code {
                p.check(
                    postal(code),
                    format!("{f}.addressPostalCode"),
                    "must be NNN-NNNN or NNNNNNN",
                );
            }
        }
    }
    if let Some(h) = &d.business_hours {
        for (day, list) in days(h) {
            for (i, o) in list.iter().enumerate() {
                let f = format!("businessHours.{day}[{i}]");
                p.hhmm(&o.start_time, format!("{f}.startTime"));
                p.hhmm(&o.end_time, format!("{f}.endTime"));
                p.check(
                    o.start_time != o.end_time,
                    format!("{f}.endTime"),
                    "must differ from startTime",
                );
                let length = match (hhmm::parse(&o.start_time), hhmm::parse(&o.end_time)) {
                    (Some(a), Some(b)) => {
                        let m = (b - a).num_minutes();
                        if m <= 0 { m + 1440 } else { m }
                    }
                    _ => 1440,
                };
                p.check(
                    o.last_order_cutoff_mins >= 0 && i64::from(o.last_order_cutoff_mins) < length,
                    format!("{f}.lastOrderCutoffMins"),
                    &format!(
                        "{} is not from 0 to less than the opening's {length} minutes",
                        o.last_order_cutoff_mins
                    ),
                );
            }
        }
    }
    if let Some(tags) = &d.tags {
        let mut seen_tags = HashSet::new();
        for (i, t) in tags.iter().enumerate() {
            let f = format!("tags[{i}]");
            p.check(
                !t.tag_enum.is_empty()
                    && t.tag_enum.len() <= 64
                    && t.tag_enum
                        .bytes()
                        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
                format!("{f}.tagEnum"),
                "must be 1 to 64 of A-Z, 0-9 and _",
            );
            p.check(
                seen_tags.insert(t.tag_enum.clone()),
                format!("{f}.tagEnum"),
                &format!("{} is given twice", t.tag_enum),
            );
            let mut seen = HashSet::new();
            for (j, x) in t.texts.iter().enumerate() {
                p.lang(&x.language_code, &mut seen, format!("{f}.texts[{j}]"));
                p.text(Some(&x.tag), format!("{f}.texts[{j}].tag"), 100);
            }
        }
    }
    p.done()?;
    Ok(s)
}

fn postal(code: &str) -> bool {
    let b = code.as_bytes();
    match b.len() {
        7 => b.iter().all(u8::is_ascii_digit),
        8 => {
            b[3] == b'-'
                && b.iter()
                    .enumerate()
                    .all(|(i, c)| i == 3 || c.is_ascii_digit())
        }
        _ => false,
    }
}

fn days(h: &HoursDoc) -> [(&'static str, &Vec<OpeningDoc>); 7] {
    [
        ("mon", &h.mon),
        ("tue", &h.tue),
        ("wed", &h.wed),
        ("thu", &h.thu),
        ("fri", &h.fri),
        ("sat", &h.sat),
        ("sun", &h.sun),
    ]
}

fn hours(h: &HoursDoc) -> Vec<Hours> {
    let mut out = Vec::new();
    for (weekday, (_, list)) in days(h).into_iter().enumerate() {
        for o in list {
            out.push(Hours {
                weekday: weekday as i16,
                start_time: o.start_time.clone(),
                end_time: o.end_time.clone(),
                last_order_cutoff_mins: o.last_order_cutoff_mins,
                availability_desc: o.availability_desc.clone(),
            });
        }
    }
    out
}

fn course_texts(p: &mut Problems, field: &str, texts: &[CourseTextDoc]) -> Vec<CourseTexts> {
    let mut seen = HashSet::new();
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let f = format!("{field}texts[{i}]");
            p.lang(&t.language_code, &mut seen, f.clone());
            p.text(Some(&t.course_name), format!("{f}.courseName"), 255);
            CourseTexts {
                lang: t.language_code.clone(),
                course_name: t.course_name.clone(),
                course_desc_formatted: t.course_desc_formatted.clone(),
                course_desc_text: t.course_desc_text.clone(),
            }
        })
        .collect()
}

fn ages(p: &mut Problems, field: &str, lower: Option<i32>, upper: Option<i32>) {
    p.range(lower, &format!("{field}lowerAgeLimit"), 0, 120);
    p.range(upper, &format!("{field}upperAgeLimit"), 0, 120);
    if let (Some(l), Some(u)) = (lower, upper) {
        p.check(
            l <= u,
            format!("{field}upperAgeLimit"),
            &format!("{u} is less than lowerAgeLimit {l}"),
        );
    }
}

fn prices(p: &mut Problems, field: &str, retail: Option<i64>, settlement: i64) {
    p.check(
        retail.is_none_or(|r| (0..=10_000_000).contains(&r)),
        format!("{field}suggestedRetailPrice"),
        "must be a whole number of yen from 0 to 10000000",
    );
    p.check(
        (0..=10_000_000).contains(&settlement),
        format!("{field}settlementPrice"),
        "must be a whole number of yen from 0 to 10000000",
    );
}

fn new_course(d: &CourseDoc) -> anyhow::Result<NewCourse> {
    let mut p = Problems::default();
    p.text(Some(&d.course_name), "courseName", 255);
    ages(&mut p, "", d.lower_age_limit, d.upper_age_limit);
    prices(&mut p, "", d.suggested_retail_price, d.settlement_price);
    p.range(d.quantity_limit, "quantityLimit", 1, 1_000_000);
    p.range(d.order_min, "orderMin", 1, 1000);
    p.range(d.order_max, "orderMax", 1, 1000);
    if let (Some(a), Some(b)) = (d.order_min, d.order_max) {
        p.check(
            a <= b,
            "orderMax",
            &format!("{b} is less than orderMin {a}"),
        );
    }
    let date = |p: &mut Problems, v: &Option<String>, field: &str| -> Option<DateTime<Utc>> {
        let v = v.as_ref()?;
        let parsed = DateTime::parse_from_rfc3339(v)
            .ok()
            .map(|t| t.with_timezone(&Utc));
        p.check(parsed.is_some(), field, &format!("{v:?} is not an ISO 8601 date-time with its offset (e.g. 2026-12-01T00:00:00+09:00)"));
        parsed
    };
    let valid_from = date(&mut p, &d.valid_from, "validFrom");
    let valid_to = date(&mut p, &d.valid_to, "validTo");
    if let (Some(a), Some(b)) = (valid_from, valid_to) {
        p.check(a <= b, "validTo", "is before validFrom");
    }
    for (v, f) in [
        (&d.order_start_time, "orderStartTime"),
        (&d.order_end_time, "orderEndTime"),
    ] {
        if let Some(v) = v {
            p.hhmm(v, f);
        }
    }
    let mut ranges = Vec::new();
    for (i, r) in d.order_available_time_ranges.iter().enumerate() {
        let f = format!("orderAvailableTimeRanges[{i}]");
        p.hhmm(&r.start_range, format!("{f}.startRange"));
        p.hhmm(&r.end_range, format!("{f}.endRange"));
        p.check(
            r.start_range != r.end_range,
            format!("{f}.endRange"),
            "must differ from startRange",
        );
        if let (Some(a), Some(b)) = (hhmm::parse(&r.start_range), hhmm::parse(&r.end_range)) {
            // Given in JST, stored in UTC.
            ranges.push((
                hhmm::format(jst::time_to_utc(a)),
                hhmm::format(jst::time_to_utc(b)),
            ));
        }
    }
    let texts = course_texts(&mut p, "", &d.texts);
    let mut children = Vec::new();
    for (i, c) in d.child_courses.iter().enumerate() {
        let f = format!("childCourses[{i}].");
        p.text(Some(&c.course_name), format!("{f}courseName"), 255);
        ages(&mut p, &f, c.lower_age_limit, c.upper_age_limit);
        prices(&mut p, &f, c.suggested_retail_price, c.settlement_price);
        children.push(NewCourse {
            course_name: c.course_name.clone(),
            course_desc: c.course_desc.clone(),
            lower_age_limit: c.lower_age_limit,
            upper_age_limit: c.upper_age_limit,
            suggested_retail_price: c.suggested_retail_price,
            settlement_price: c.settlement_price,
            published: c.published.unwrap_or(true),
            sort_order: i as i32,
            texts: course_texts(&mut p, &f, &c.texts),
            ..Default::default()
        });
    }
    p.done()?;
    Ok(NewCourse {
        course_name: d.course_name.clone(),
        course_desc: d.course_desc.clone(),
        lower_age_limit: d.lower_age_limit,
        upper_age_limit: d.upper_age_limit,
        quantity_limit: d.quantity_limit,
        valid_from,
        valid_to,
        order_start_time: d.order_start_time.clone(),
        order_end_time: d.order_end_time.clone(),
        order_min: d.order_min,
        order_max: d.order_max,
        suggested_retail_price: d.suggested_retail_price,
        settlement_price: d.settlement_price,
        published: d.published.unwrap_or(true),
        sort_order: d.sort_order.unwrap_or(0),
        texts,
        time_ranges: ranges,
        children,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn course(v: Json) -> Result<NewCourse, String> {
        let doc: CourseDoc = serde_json::from_value(v).map_err(|e| e.to_string())?;
        new_course(&doc).map_err(|e| e.to_string())
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
            "childCourses": [{"courseName": "Kid", "settlementPrice": 1, "lowerAgeLimit": 12, "upperAgeLimit": 6}]}))
        .expect_err("invalid");
        for needle in [
            "courseName: must be 1 to 255",
            "settlementPrice: must be a whole number",
            "orderMax: 2 is less than orderMin 4",
            "validFrom: \"2026-12-01\" is not an ISO 8601",
            "orderAvailableTimeRanges[0].startRange: \"25:00\" is not a time HH:MM",
            "texts[0].languageCode: must be one of",
            "childCourses[0].upperAgeLimit: 6 is less than lowerAgeLimit 12",
        ] {
            assert!(e.contains(needle), "{needle}: {e}");
        }
        assert!(
            course(json!({"courseName": "x", "settlementPrice": 1, "colour": 1}))
                .expect_err("unknown")
                .contains("colour")
        );
    }

    #[test]
    fn every_bad_shop_value_is_named_with_its_rule() {
        let doc: ShopDoc = serde_json::from_value(json!({"minGuests": 5, "maxGuests": 2, "addressPostalCode": "12-3456",
            "slotMinutes": 7, "rating": 6.0,
            "businessHours": {"mon": [{"startTime": "11:00", "endTime": "11:00"}, {"startTime": "17:00", "endTime": "18:00", "lastOrderCutoffMins": 60}]},
            "tags": [{"tagEnum": "sushi"}], "texts": [{"languageCode": "en", "shopName": "A"}, {"languageCode": "en", "shopName": "B"}]}))
        .expect("shape");
        let e = shop_settings(None, &doc).expect_err("invalid").to_string();
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
            assert!(e.contains(needle), "{needle}: {e}");
        }
        let overnight: ShopDoc = serde_json::from_value(json!({"nameJa": "店",
            "businessHours": {"fri": [{"startTime": "17:00", "endTime": "02:00", "lastOrderCutoffMins": 30}]}})).expect("shape");
        shop_settings(None, &overnight).expect("a night opening past midnight is fine");
    }
}
