//! The course calls of the inbound API (seed 001 §3, §7): `GET shops/{shopId}/courses` (the
//! shop's parent courses with their child courses) and `GET courses/{courseId}`. Order time
//! ranges are stored in UTC and shown in JST (`inbound::domain::hhmm`, chrono's fixed +09:00), possibly
//! crossing midnight; validity dates are ISO date-times in JST; image links are signed and
//! expire after 10 minutes. Unpublished courses (and courses of unpublished shops) are 404.

use super::dto::CoursePrice;
use super::images::signed_url;
use super::shops::{path_id, pick};
use crate::domain::hhmm;
use crate::store::catalog::{self, CourseBundle};
use axum::Json;
use axum::extract::{Path, State};
use chrono::{DateTime, FixedOffset, Utc};
use noren_core::db::entities::{inbound_course, inbound_course_text};
use noren_core::domain::jst;
use noren_core::domain::lang::Lang;
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Offset, Page, Text, Values};
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

/// Largest page of the course list (seed 001 §9).
pub const COURSE_LIMIT_MAX: i64 = 50;
/// Page size of the course list when `limit` is left out.
pub const COURSE_LIMIT_DEFAULT: i64 = 10;
/// Longest `courseNameQuery`.
pub const COURSE_QUERY_MAX: usize = 100;

type CourseLimit = Int<1, COURSE_LIMIT_MAX>;
type CourseQuery = Text<COURSE_QUERY_MAX>;

/// Values of the course list.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct CourseListValues {
    /// Courses per page, 1 to 50; default 10.
    #[param(inline, example = 10)]
    limit: Option<CourseLimit>,
    /// Courses to skip; default 0.
    #[param(inline)]
    offset: Option<Offset>,
    /// Deprecated: part of the course's name in any language (case-insensitive).
    #[param(inline)]
    course_name_query: Option<CourseQuery>,
    /// Language of `courseI18n`: only that language (fallback en → ja) is given. All languages
    /// when left out.
    #[param(inline, example = "en")]
    language_code: Option<Lang>,
}

/// A course's texts in one language.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseI18n {
    #[schema(example = "Chef's omakase")]
    pub course_name: String,
    /// HTML.
    pub course_desc_formatted: Option<String>,
    /// Plain text.
    pub course_desc_text: Option<String>,
    pub language_code: Lang,
}

/// Signed links (valid 10 minutes) of the course's images.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseImages {
    pub course_image_urls: Vec<String>,
}

/// A time range in which the course can be ordered, `HH:mm` JST (stored in UTC); an end at or
/// before the start crosses midnight (e.g. 22:00–03:00).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeRange {
    #[schema(example = "22:00")]
    pub start_range: String,
    #[schema(example = "03:00")]
    pub end_range: String,
}

/// A child course: a smaller portion with an age range; its other properties follow the parent.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildCourse {
    pub id: i64,
    pub parent_course_id: i64,
    /// Internal name.
    pub course_name: String,
    /// Deprecated: use `courseI18n`.
    #[schema(deprecated)]
    pub course_desc: Option<String>,
    /// Youngest age (null: no limit).
    pub lower_age_limit: Option<i32>,
    /// Oldest age (null: no limit).
    pub upper_age_limit: Option<i32>,
    pub course_price: CoursePrice,
    pub course_i18n: Vec<CourseI18n>,
}

// Seed 001 §3 "Shop course".
/// A course of a shop.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopCourse {
    #[schema(example = 1)]
    pub id: i64,
    #[schema(example = 2)]
    pub shop_id: i64,
    /// Internal name.
    pub course_name: String,
    /// Deprecated: use `courseI18n`.
    #[schema(deprecated)]
    pub course_desc: Option<String>,
    /// Set on a child course: its parent's id.
    pub parent_course_id: Option<i64>,
    pub lower_age_limit: Option<i32>,
    pub upper_age_limit: Option<i32>,
    /// At most this many active reservations of the course; then it is no longer offered.
    pub quantity_limit: Option<i32>,
    /// First moment the course can be booked for (ISO 8601, JST).
    pub valid_from_date: Option<DateTime<FixedOffset>>,
    /// Last moment the course can be booked for (ISO 8601, JST).
    pub valid_to_date: Option<DateTime<FixedOffset>>,
    /// Deprecated (`HH:mm`): use `orderAvailableTimeRanges`.
    #[schema(deprecated)]
    pub order_start_time: Option<String>,
    /// Deprecated (`HH:mm`): use `orderAvailableTimeRanges`.
    #[schema(deprecated)]
    pub order_end_time: Option<String>,
    /// Fewest guests per order of this course.
    pub order_min: Option<i32>,
    /// Most guests per order of this course.
    pub order_max: Option<i32>,
    pub course_price: CoursePrice,
    pub child_courses: Vec<ChildCourse>,
    pub course_i18n: Vec<CourseI18n>,
    pub course_images: CourseImages,
    /// When the course can be ordered (JST); empty: whenever the shop is open.
    pub order_available_time_ranges: Vec<TimeRange>,
}

/// A page of courses.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CoursePage {
    pub rows: Vec<ShopCourse>,
    /// How many parent courses the shop has in all (matching `courseNameQuery`).
    pub count: u64,
}

fn i18n(texts: Option<&Vec<inbound_course_text::Model>>, lang: Option<Lang>) -> Vec<CourseI18n> {
    let texts = texts.map(Vec::as_slice).unwrap_or(&[]);
    let one = |t: &inbound_course_text::Model, l: Lang| CourseI18n {
        course_name: t.course_name.clone(),
        course_desc_formatted: t.course_desc_formatted.clone(),
        course_desc_text: t.course_desc_text.clone(),
        language_code: l,
    };
    match lang {
        Some(lang) => pick(texts, lang, |t| &t.lang)
            .map(|(t, l)| one(t, l))
            .into_iter()
            .collect(),
        None => Lang::ALL
            .into_iter()
            .filter_map(|l| {
                texts
                    .iter()
                    .find(|t| t.lang == l.as_str())
                    .map(|t| one(t, l))
            })
            .collect(),
    }
}

fn price(c: &inbound_course::Model) -> CoursePrice {
    CoursePrice {
        suggested_retail_price: c.suggested_retail_price,
        settlement_price: c.settlement_price,
    }
}

fn jst(at: Option<DateTime<Utc>>) -> Option<DateTime<FixedOffset>> {
    at.map(|t| t.with_timezone(&jst::offset()))
}

fn show_jst(utc: &str) -> String {
    hhmm::parse(utc)
        .map(|t| hhmm::format(jst::time_from_utc(t)))
        .unwrap_or_else(|| utc.to_string())
}

/// The answers of the courses of `bundle`, in its order.
pub fn courses(
    state: &AppState,
    bundle: &CourseBundle,
    lang: Option<Lang>,
    now: DateTime<Utc>,
) -> Vec<ShopCourse> {
    bundle
        .courses
        .iter()
        .map(|c| {
            let child_courses = bundle
                .children
                .get(&c.id)
                .into_iter()
                .flatten()
                .map(|k| ChildCourse {
                    id: k.id,
                    parent_course_id: c.id,
                    course_name: k.course_name.clone(),
                    course_desc: k.course_desc.clone(),
                    lower_age_limit: k.lower_age_limit,
                    upper_age_limit: k.upper_age_limit,
                    course_price: price(k),
                    course_i18n: i18n(bundle.texts.get(&k.id), lang),
                })
                .collect();
            ShopCourse {
                id: c.id,
                shop_id: c.shop_id,
                course_name: c.course_name.clone(),
                course_desc: c.course_desc.clone(),
                parent_course_id: c.parent_course_id,
                lower_age_limit: c.lower_age_limit,
                upper_age_limit: c.upper_age_limit,
                quantity_limit: c.quantity_limit,
                valid_from_date: jst(c.valid_from),
                valid_to_date: jst(c.valid_to),
                order_start_time: c.order_start_time.clone(),
                order_end_time: c.order_end_time.clone(),
                order_min: c.order_min,
                order_max: c.order_max,
                course_price: price(c),
                child_courses,
                course_i18n: i18n(bundle.texts.get(&c.id), lang),
                course_images: CourseImages {
                    course_image_urls: bundle
                        .images
                        .get(&c.id)
                        .into_iter()
                        .flatten()
                        .map(|i| signed_url(state, i.id, now))
                        .collect(),
                },
                order_available_time_ranges: bundle
                    .ranges
                    .get(&c.id)
                    .into_iter()
                    .flatten()
                    .map(|r| TimeRange {
                        start_range: show_jst(&r.start_range),
                        end_range: show_jst(&r.end_range),
                    })
                    .collect(),
            }
        })
        .collect()
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/shops/{shopId}/courses",
    operation_id = "list_inbound_shop_courses",
    summary = "List a shop's courses",
    description = "The published parent courses of a published shop in display order, each \
with its child courses, and `count` the number of such courses in all. With `languageCode`, \
`courseI18n` holds that language (fallback en → ja); without it, every language the course has.",
    tag = "Courses",
    params(
        ("platform" = String, Path, description = "Your platform's code, as issued with your key.", example = "demo-ota", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("shopId" = i64, Path, description = "The shop's id.", minimum = 1, example = 2),
        CourseListValues,
    ),
    responses(
        (status = 200, description = "A page of courses and the total count.", body = CoursePage,
            example = super::catalog_examples::course_page),
        (status = 400, description = "A value is invalid; `errors` names every bad field (`limit` 1 to 50, `shopId` a whole number).", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid limit: must be at most 50", "errors": [{"field": "limit", "message": "must be at most 50"}]})),
        (status = 404, description = "No published shop has this id, or `{platform}` is not your key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    ),
    security(("partnerBearer" = []), ("partnerApiKey" = []))
)]
pub async fn list_inbound_shop_courses(
    State(state): State<AppState>,
    Partner(_partner): Partner,
    Path((_platform, shop_id)): Path<(String, String)>,
    values: CourseListValues,
) -> Result<Json<CoursePage>, ApiError> {
    let id = path_id("shopId", &shop_id)?;
    let offset = Page::new(values.offset, None).offset;
    let limit = values
        .limit
        .map(|l| l.get())
        .unwrap_or(COURSE_LIMIT_DEFAULT) as u64;
    let name = values.course_name_query.as_ref().map(|q| q.as_str());
    let (bundle, count) = catalog::shop_courses(&state.db, id, name, offset, limit)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no shop with id {id}")))?;
    let now = state.clock.now();
    Ok(Json(CoursePage {
        rows: courses(&state, &bundle, values.language_code, now),
        count,
    }))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/courses/{courseId}",
    operation_id = "get_inbound_course",
    summary = "Retrieve a course",
    description = "Every field of a published course (a parent course with its child courses, \
or a child course), `courseI18n` in every language it has, prices, signed image links (valid 10 \
minutes), order time ranges in JST (possibly crossing midnight) and validity dates.",
    tag = "Courses",
    params(
        ("platform" = String, Path, description = "Your platform's code, as issued with your key.", example = "demo-ota", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("courseId" = i64, Path, description = "The course's id.", minimum = 1, example = 1),
    ),
    responses(
        (status = 200, description = "The course.", body = ShopCourse,
            example = super::catalog_examples::course),
        (status = 400, description = "`courseId` is not a whole number ≥ 1.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid courseId: must be a whole number ≥ 1", "errors": [{"field": "courseId", "message": "must be a whole number ≥ 1"}]})),
        (status = 404, description = "No published course has this id, or `{platform}` is not your key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no course with id 999"})),
    ),
    security(("partnerBearer" = []), ("partnerApiKey" = []))
)]
pub async fn get_inbound_course(
    State(state): State<AppState>,
    Partner(_partner): Partner,
    Path((_platform, course_id)): Path<(String, String)>,
) -> Result<Json<ShopCourse>, ApiError> {
    let id = path_id("courseId", &course_id)?;
    let not_found = || ApiError::NotFound(format!("no course with id {id}"));
    let bundle = catalog::course(&state.db, id)
        .await?
        .ok_or_else(not_found)?;
    let now = state.clock.now();
    courses(&state, &bundle, None, now)
        .into_iter()
        .next()
        .map(Json)
        .ok_or_else(not_found)
}
