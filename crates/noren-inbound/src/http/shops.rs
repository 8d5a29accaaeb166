//! The shop calls of the inbound API (seed 001 §3, §7): `GET shops` (search) and
//! `GET shops/{shopId}` (detail). Both answer the same `InboundShop`; texts (`shopI18n`, tag
//! names) in the requested `languageCode` with the fallback en → ja (the answer says which
//! language was served); business hours per three-letter weekday in JST with the computed
//! `lastOrderTime`; images as signed links valid 10 minutes (`inbound/http/images.rs`). Unpublished
//! shops do not exist for partners (404, never listed).

use super::images::signed_url;
use crate::domain::hhmm;
use crate::store::catalog::{self, ShopBundle, ShopFilter};
use crate::store::directory::ShopDirectory;
use axum::Json;
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use noren_core::db::entities::{inbound_business_hour, inbound_shop, inbound_shop_text};
use noren_core::domain::lang::{Lang, fallback_order};
use noren_core::http::auth::Partner;
use noren_core::http::error::{ApiError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::http::values::{Int, Offset, Page, Raw, Text, Value, Values, schema_name};
use serde::Serialize;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, PartialSchema, ToSchema};

/// Largest page of the shop search (seed 001 §9).
pub const SHOP_LIMIT_MAX: i64 = 50;
/// Page size of the shop search when `limit` is left out.
pub const SHOP_LIMIT_DEFAULT: i64 = 10;
/// Most ids in `shopIds` (seed 001 §5).
pub const SHOP_IDS_MAX: usize = 30;
/// Longest text filter (`shopNameQuery`, address parts).
pub const QUERY_MAX: usize = 100;

type ShopLimit = Int<1, SHOP_LIMIT_MAX>;
type Query = Text<QUERY_MAX>;

/// `shopIds`: 1 to [`SHOP_IDS_MAX`] shop ids (1 to 18 digits, no leading zero; spaces around
/// them allowed) separated by commas.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShopIdList(pub Vec<i64>);

impl Value for ShopIdList {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let text = raw.text()?;
        let ids: Vec<i64> = text
            .split(',')
            .map(|s| {
                // Exactly the spec's pattern: spaces around, 1 to 18 digits without a leading 0.
                let digits = s.trim_matches(' ');
                let well_formed = (1..=18).contains(&digits.len())
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && !digits.starts_with('0');
                well_formed.then(|| digits.parse::<i64>().ok()).flatten()
            })
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| {
                "must be shop ids (whole numbers ≥ 1) separated by commas".to_string()
            })?;
        if ids.len() > SHOP_IDS_MAX {
            return Err(format!("must be at most {SHOP_IDS_MAX} ids"));
        }
        Ok(ShopIdList(ids))
    }
}

impl PartialSchema for ShopIdList {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^ *[1-9][0-9]{0,17} *(, *[1-9][0-9]{0,17} *){0,29}$"))
            .into()
    }
}

schema_name!(ShopIdList);

/// `postalCode`: three digits, an optional hyphen, four digits (seed 001 §5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostalCode(String);

impl PostalCode {
    /// As `NNN-NNNN`.
    pub fn hyphenated(&self) -> String {
        format!("{}-{}", &self.0[..3], &self.0[3..])
    }
}

impl Value for PostalCode {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let text = raw.text()?;
        let digits: String = match text.len() {
            8 if text.as_bytes()[3] == b'-' => format!("{}{}", &text[..3], &text[4..]),
            7 => text.to_string(),
            _ => String::new(),
        };
        if digits.len() == 7 && digits.bytes().all(|b| b.is_ascii_digit()) {
            Ok(PostalCode(digits))
        } else {
            Err("must be NNN-NNNN or NNNNNNN (digits)".into())
        }
    }
}

impl PartialSchema for PostalCode {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^[0-9]{3}-?[0-9]{4}$"))
            .into()
    }
}

schema_name!(PostalCode);

/// Values of the shop search.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ShopSearchValues {
    /// Shops per page, 1 to 50; default 10. Ignored with `shopIds`.
    #[param(inline, example = 10)]
    limit: Option<ShopLimit>,
    /// Shops to skip; default 0. Ignored with `shopIds`.
    #[param(inline)]
    offset: Option<Offset>,
    /// Only these shops: up to 30 shop ids separated by commas (then `limit` and `offset` are
    /// ignored and every matching shop is answered). Unknown ids are left out.
    #[param(inline, example = "2,3")]
    shop_ids: Option<ShopIdList>,
    /// Part of the shop's name in any language (case-insensitive), e.g. `sakura` or `さくら`.
    #[param(inline, example = "sakura")]
    shop_name_query: Option<Query>,
    /// `true`: only shops whose bookings are confirmed at once (`realTimeBookable`).
    show_real_time_only: Option<bool>,
    /// The beginning of the prefecture, case-insensitive, in `languageCode`'s language, in
    /// Japanese or in any other language the shop's texts have: `Tokyo` and `東京都` find the
    /// Tokyo shops; `京都` finds `京都府`, not `東京都`.
    #[param(inline, example = "Tokyo")]
    address_state: Option<Query>,
    /// The beginning of the city or ward in any of those languages, e.g. `Chuo` or `中央区`.
    #[param(inline)]
    address_city: Option<Query>,
    /// The beginning of the town in any of those languages, e.g. `Ginza` or `銀座`.
    #[param(inline)]
    address_town: Option<Query>,
    /// Postal code `NNN-NNNN` or `NNNNNNN`.
    #[param(inline, example = "104-0061")]
    postal_code: Option<PostalCode>,
    /// Language of the texts (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`). Required.
    #[param(inline, example = "en")]
    language_code: Lang,
}

/// Values of the shop detail.
#[derive(Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ShopValues {
    /// Language of the texts (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`). Required.
    #[param(inline, example = "ja")]
    language_code: Lang,
}

/// One opening of a day (JST).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Opening {
    /// `HH:mm`, JST.
    #[schema(example = "17:00")]
    pub start_time: String,
    /// `HH:mm`, JST; at or before `startTime` means the next day (e.g. 17:00–02:00).
    #[schema(example = "22:00")]
    pub end_time: String,
    /// Minutes before `endTime` of the last order.
    #[schema(example = 60)]
    pub last_order_cutoff_mins: i32,
    /// What the opening is, e.g. `Lunch`, `Dinner`.
    #[schema(example = "Dinner")]
    pub availability_desc: Option<String>,
    /// `endTime` − `lastOrderCutoffMins`, `HH:mm` JST (the last bookable start).
    #[schema(example = "21:00")]
    pub last_order_time: String,
}

/// Business hours per weekday (JST); a closed day has an empty list.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
pub struct ShopBusinessHours {
    pub mon: Vec<Opening>,
    pub tue: Vec<Opening>,
    pub wed: Vec<Opening>,
    pub thu: Vec<Opening>,
    pub fri: Vec<Opening>,
    pub sat: Vec<Opening>,
    pub sun: Vec<Opening>,
}

/// A tag of a shop in one language.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopTag {
    /// Language-independent identifier, e.g. `SUSHI`.
    #[schema(example = "SUSHI")]
    pub tag_enum: String,
    /// Display name.
    #[schema(example = "Sushi")]
    pub tag: String,
    /// The language of `tag` (the requested one, else `en`, else `ja`, …).
    pub language_code: Lang,
    #[schema(example = "Cuisine")]
    pub tag_category_name: Option<String>,
}

/// The shop's texts in one language.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopI18n {
    pub formatted_address: Option<String>,
    pub international_phone_number: Option<String>,
    /// The prefecture in `languageCode` (`Tokyo`, `東京都`); the Japanese one when the shop has
    /// none in that language.
    #[schema(example = "Tokyo")]
    pub address_state: Option<String>,
    /// The city or ward in `languageCode` (`Chuo City`), else the Japanese one.
    #[schema(example = "Chuo City")]
    pub address_city: Option<String>,
    /// The town in `languageCode` (`Ginza`), else the Japanese one.
    #[schema(example = "Ginza")]
    pub address_town: Option<String>,
    /// The postal code (`NNN-NNNN`), the same in every language.
    #[schema(example = "104-0061")]
    pub address_postal_code: Option<String>,
    pub shop_name: String,
    pub shop_description: Option<String>,
    /// The language served: the requested one when the shop has texts in it, else `en`, else
    /// `ja`, else any.
    pub language_code: Lang,
    /// What guests should know before booking.
    pub precaution: Option<String>,
}

/// Signed links (valid 10 minutes) of the shop's images by kind.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
pub struct ShopImages {
    pub main: Vec<String>,
    pub food: Vec<String>,
    pub interior: Vec<String>,
    pub exterior: Vec<String>,
}

// Seed 001 §3 "Inbound shop".
/// A shop partners can book.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboundShop {
    /// The shop's id (`shopId` of the other calls).
    #[schema(example = 2)]
    pub id: i64,
    /// The shop's number.
    #[schema(example = "20000001")]
    pub number: String,
    #[schema(example = "鮨 さくら 銀座")]
    pub name_ja: String,
    /// Deprecated: use `shopI18n.shopName`.
    #[schema(deprecated)]
    pub name_en: Option<String>,
    /// Deprecated (Japanese): use `shopI18n`.
    #[schema(deprecated)]
    pub address_state: Option<String>,
    /// Deprecated (Japanese): use `shopI18n`.
    #[schema(deprecated)]
    pub address_city: Option<String>,
    /// Deprecated (Japanese): use `shopI18n`.
    #[schema(deprecated)]
    pub address_town: Option<String>,
    /// Deprecated: use `shopI18n`.
    #[schema(deprecated)]
    pub address_postal_code: Option<String>,
    /// Smallest party the shop takes.
    pub min_guests: i32,
    /// Largest party the shop takes.
    pub max_guests: i32,
    /// A cancellation more than this many days ahead is fully refunded (`CANCELLED`), later
    /// ones are `CANCELLED_NO_REFUND`; never on the day itself (JST); negative: no
    /// cancellation at all.
    pub cancellation_policy_days: i32,
    pub shop_business_hours: ShopBusinessHours,
    /// Bookings are confirmed at once (`SUCCESS`); otherwise they wait for the shop (`PENDING`).
    pub real_time_bookable: bool,
    /// Bookings must start at least this many hours from now.
    pub cutoff_hours: i32,
    /// 0 to 5.
    pub rating: Option<f64>,
    pub shop_tags: Vec<ShopTag>,
    pub shop_i18n: ShopI18n,
    pub shop_images: ShopImages,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

/// A page of shops.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ShopPage {
    pub rows: Vec<InboundShop>,
    /// How many shops match in all (not only on this page).
    pub count: u64,
}

/// The first of `items` in `lang`'s fallback order, with the language served.
pub(crate) fn pick<T>(items: &[T], lang: Lang, lang_of: impl Fn(&T) -> &str) -> Option<(&T, Lang)> {
    fallback_order(lang).into_iter().find_map(|l| {
        items
            .iter()
            .find(|t| lang_of(t) == l.as_str())
            .map(|t| (t, l))
    })
}

fn opening(h: &inbound_business_hour::Model) -> Opening {
    let last = hhmm::parse(&h.end_time)
        .map(|end| hhmm::format(hhmm::last_order(end, h.last_order_cutoff_mins)))
        .unwrap_or_else(|| h.end_time.clone());
    Opening {
        start_time: h.start_time.clone(),
        end_time: h.end_time.clone(),
        last_order_cutoff_mins: h.last_order_cutoff_mins,
        availability_desc: h.availability_desc.clone(),
        last_order_time: last,
    }
}

/// The shop's texts in `lang` (or the fallback language served). The address parts come from the
/// served language's texts; a part that language lacks is the Japanese one (the Japanese texts',
/// else the shop's own), and the postal code is the shop's when the texts have none, so no
/// language's entry answers an address with holes.
fn i18n(texts: &[inbound_shop_text::Model], lang: Lang, shop: &inbound_shop::Model) -> ShopI18n {
    let ja = texts.iter().find(|t| t.lang == Lang::Ja.as_str());
    let part = |own: Option<&String>,
                of_ja: fn(&inbound_shop_text::Model) -> &Option<String>,
                shop_ja: &Option<String>| {
        own.or_else(|| ja.and_then(|j| of_ja(j).as_ref()))
            .or(shop_ja.as_ref())
            .cloned()
    };
    let (t, served) = match pick(texts, lang, |t| &t.lang) {
        Some((t, served)) => (Some(t), served),
        None => (None, Lang::Ja),
    };
    ShopI18n {
        formatted_address: t.and_then(|t| t.formatted_address.clone()),
        international_phone_number: t.and_then(|t| t.international_phone_number.clone()),
        address_state: part(
            t.and_then(|t| t.address_state.as_ref()),
            |j| &j.address_state,
            &shop.address_state,
        ),
        address_city: part(
            t.and_then(|t| t.address_city.as_ref()),
            |j| &j.address_city,
            &shop.address_city,
        ),
        address_town: part(
            t.and_then(|t| t.address_town.as_ref()),
            |j| &j.address_town,
            &shop.address_town,
        ),
        address_postal_code: part(
            t.and_then(|t| t.address_postal_code.as_ref()),
            |j| &j.address_postal_code,
            &shop.address_postal_code,
        ),
        shop_name: t.map_or_else(|| shop.name_ja.clone(), |t| t.shop_name.clone()),
        shop_description: t.and_then(|t| t.shop_description.clone()),
        language_code: served,
        precaution: t.and_then(|t| t.precaution.clone()),
    }
}

/// The answers of the shops in `bundle`, in its order.
pub fn shops<'a>(
    state: &AppState,
    bundle: &ShopBundle,
    rows: impl Iterator<Item = &'a (inbound_shop::Model, String)>,
    lang: Lang,
    now: DateTime<Utc>,
) -> Vec<InboundShop> {
    rows.map(|(s, number)| {
        let id = s.shop_id;
        let mut hours = ShopBusinessHours::default();
        for h in bundle.hours.get(&id).into_iter().flatten() {
            let day = match h.weekday {
                0 => &mut hours.mon,
                1 => &mut hours.tue,
                2 => &mut hours.wed,
                3 => &mut hours.thu,
                4 => &mut hours.fri,
                5 => &mut hours.sat,
                _ => &mut hours.sun,
            };
            day.push(opening(h));
        }
        let shop_tags = bundle
            .tags
            .get(&id)
            .into_iter()
            .flatten()
            .map(|(tag, texts)| match pick(texts, lang, |t| &t.lang) {
                Some((t, served)) => ShopTag {
                    tag_enum: tag.tag_enum.clone(),
                    tag: t.tag.clone(),
                    language_code: served,
                    tag_category_name: t.tag_category_name.clone(),
                },
                None => ShopTag {
                    tag_enum: tag.tag_enum.clone(),
                    tag: tag.tag_enum.clone(),
                    language_code: lang,
                    tag_category_name: None,
                },
            })
            .collect();
        let mut images = ShopImages::default();
        for i in bundle.images.get(&id).into_iter().flatten() {
            let list = match i.kind.as_str() {
                "main" => &mut images.main,
                "food" => &mut images.food,
                "interior" => &mut images.interior,
                "exterior" => &mut images.exterior,
                _ => continue,
            };
            list.push(signed_url(state, i.id, now));
        }
        let texts = bundle.texts.get(&id).map(Vec::as_slice).unwrap_or(&[]);
        InboundShop {
            id,
            number: number.clone(),
            name_ja: s.name_ja.clone(),
            name_en: s.name_en.clone(),
            address_state: s.address_state.clone(),
            address_city: s.address_city.clone(),
            address_town: s.address_town.clone(),
            address_postal_code: s.address_postal_code.clone(),
            min_guests: s.min_guests,
            max_guests: s.max_guests,
            cancellation_policy_days: s.cancellation_policy_days,
            shop_business_hours: hours,
            real_time_bookable: s.real_time_bookable,
            cutoff_hours: s.cutoff_hours,
            rating: s.rating,
            shop_tags,
            shop_i18n: i18n(texts, lang, s),
            shop_images: images,
            latitude: s.latitude,
            longitude: s.longitude,
        }
    })
    .collect()
}

/// Parses a path id: a whole number ≥ 1, else a 400 naming `field`.
pub(crate) fn path_id(field: &str, raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>().ok().filter(|n| *n >= 1).ok_or_else(|| {
        ApiError::invalid(vec![noren_core::http::error::FieldError {
            field: field.into(),
            message: "must be a whole number ≥ 1".into(),
        }])
    })
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/shops",
    operation_id = "list_inbound_shops",
    summary = "Search shops",
    description = "Published shops matching every filter given, ordered by id, with `count` the \
number of matching shops in all. `shopIds` answers those shops (up to 30) and ignores `limit` \
and `offset`. Texts come in `languageCode` with the fallback en → ja (`shopI18n.languageCode` \
says which). Image links are signed and expire 10 minutes after the answer.",
    tag = "Shops",
    params(
        ("platform" = String, Path, description = "Your platform's code, as issued with your key.", example = "demo-ota", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ShopSearchValues,
    ),
    responses(
        (status = 200, description = "A page of shops and the total count.", body = ShopPage,
            example = super::catalog_examples::shop_page),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field (`languageCode` is required; `postalCode` is NNN-NNNN or NNNNNNN; `limit` 1 to 50; `shopIds` up to 30 ids).", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid postalCode: must be NNN-NNNN or NNNNNNN (digits)", "errors": [{"field": "postalCode", "message": "must be NNN-NNNN or NNNNNNN (digits)"}]})),
        (status = 404, description = "`{platform}` is not your key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no platform other-ota for this key"})),
    ),
    security(("partnerBearer" = []), ("partnerApiKey" = []))
)]
pub async fn list_inbound_shops(
    State(state): State<AppState>,
    Partner(_partner): Partner,
    values: ShopSearchValues,
) -> Result<Json<ShopPage>, ApiError> {
    let lang = values.language_code;
    let page = match &values.shop_ids {
        Some(_) => None,
        None => {
            let offset = Page::new(values.offset, None).offset;
            let limit = values.limit.map(|l| l.get()).unwrap_or(SHOP_LIMIT_DEFAULT) as u64;
            Some((offset, limit))
        }
    };
    let filter = ShopFilter {
        shop_ids: values.shop_ids.map(|s| s.0),
        name: values.shop_name_query.map(Text::into_string),
        real_time_only: values.show_real_time_only.unwrap_or(false),
        address_state: values.address_state.map(Text::into_string),
        address_city: values.address_city.map(Text::into_string),
        address_town: values.address_town.map(Text::into_string),
        postal_code: values.postal_code.map(|p| p.hyphenated()),
    };
    let directory = state.slice::<ShopDirectory>().get(&state.db).await?;
    let ids = directory.search(&filter);
    let count = ids.len() as u64;
    let (offset, limit) = page.unwrap_or((0, u64::MAX));
    let rows = ids
        .iter()
        .skip(usize::try_from(offset).unwrap_or(usize::MAX))
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .filter_map(|id| directory.shop(*id));
    let now = state.clock.now();
    Ok(Json(ShopPage {
        rows: shops(&state, &directory.bundle, rows, lang, now),
        count,
    }))
}

#[utoipa::path(
    get,
    path = "/v3/inbound-external/{platform}/shops/{shopId}",
    operation_id = "get_inbound_shop",
    summary = "Retrieve a shop",
    description = "Every field of a published shop: settings, business hours per weekday (JST) \
with the computed `lastOrderTime`, tags, texts in `languageCode` (fallback en → ja), signed image \
links (valid 10 minutes), coordinates.",
    tag = "Shops",
    params(
        ("platform" = String, Path, description = "Your platform's code, as issued with your key.", example = "demo-ota", pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"),
        ("shopId" = i64, Path, description = "The shop's id (`id` of the shop search).", minimum = 1, example = 2),
        ShopValues,
    ),
    responses(
        (status = 200, description = "The shop.", body = InboundShop,
            example = super::catalog_examples::shop),
        (status = 400, description = "A value is missing or invalid; `errors` names every bad field.", body = InboundErrorBody,
            example = json!({"code": "client", "message": "invalid languageCode: must be one of en, zh-CN, ja, ko, zh-TW", "errors": [{"field": "languageCode", "message": "must be one of en, zh-CN, ja, ko, zh-TW"}]})),
        (status = 404, description = "No published shop has this id, or `{platform}` is not your key's platform.", body = InboundErrorBody,
            example = json!({"code": "not_found", "message": "no shop with id 999"})),
    ),
    security(("partnerBearer" = []), ("partnerApiKey" = []))
)]
pub async fn get_inbound_shop(
    State(state): State<AppState>,
    Partner(_partner): Partner,
    Path((_platform, shop_id)): Path<(String, String)>,
    values: ShopValues,
) -> Result<Json<InboundShop>, ApiError> {
    let id = path_id("shopId", &shop_id)?;
    let bundle = catalog::shop_bundle(&state.db, &[id]).await?;
    let now = state.clock.now();
    shops(
        &state,
        &bundle,
        bundle.shops.iter(),
        values.language_code,
        now,
    )
    .into_iter()
    .next()
    .map(Json)
    .ok_or_else(|| ApiError::NotFound(format!("no shop with id {id}")))
}
