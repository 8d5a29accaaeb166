//! Operator commands for a restaurant's ordering data (issue 11, item 6): a shop's order settings
//! (`noren order-settings show|set`) and its delivery addresses (`noren delivery-addresses
//! list|set`). Menus come in through the import, not here.
//!
//! The settings document is the settable part of `GET /api/order/shop/{id}`, with the same
//! camelCase names: the shop profile (`desc`, `tel`, …), the `is*Supported` flags,
//! `orderSettings` (HH:MM times, `deliveryFee`, the `*Opening` flags), `orderSchedules` and
//! `orderGreetings`. `set` applies the keys given (in a `--json` file, then the flags) to what
//! is stored; a key that is absent keeps its value, `null` (or `none` on a flag) clears it.
//!
//! Both documents are read with the API's values (`http::values`): a value type per rule and a
//! `#[derive(Values)]` struct per object. Every problem is reported at once before anything is
//! written, one line `field: rule` each, named by its JSON path as the API names fields
//! (`orderSettings.takeoutOpenTime`, `orderSchedules[0].closeTime`, `[1].id`); the command
//! exits 1. What `cli/inbound.rs` shares (`HhMm`, `refused`, `read_json`) is here.

use crate::db::entities::order_shop;
use crate::db::{self, Db};
use crate::domain::lang::Lang;
use crate::http::error::FieldError;
use crate::http::values::{
    FromValues, HttpUrl, Int, Items, Keyed, Object, Raw, Text, Unique, Value, Values, by_path,
    read_object,
};
use crate::inbound::domain::hhmm;
use crate::order::store::order_shops;
use anyhow::{anyhow, bail};
use chrono::{DateTime, NaiveTime, Utc};
use clap::{Args, Subcommand};
use serde_json::{Map, Value as Json, json};
use std::io::Read;
use std::path::{Path, PathBuf};

#[derive(Debug, Subcommand)]
pub enum OrderSettingsCommand {
    /// Print the shop's order settings: `settings` is the document that `set --json` takes.
    Show {
        /// The shop's number.
        #[arg(long)]
        shop: String,
    },
    /// Change the shop's order settings (only the fields given) and print them.
    Set(Box<SetArgs>),
}

/// `order-settings set`: a JSON document and/or one flag per field; flags win over the file.
/// Text flags take `none` to clear the value.
#[derive(Debug, Args)]
pub struct SetArgs {
    /// The shop's number.
    #[arg(long)]
    shop: String,
    /// A JSON file (`-` reads standard input) with any settable fields, as `show` prints them
    /// under `settings`.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Orders taken at the table (dine-in).
    #[arg(long, value_name = "true|false")]
    cafeteria_supported: Option<bool>,
    #[arg(long, value_name = "true|false")]
    takeout_supported: Option<bool>,
    #[arg(long, value_name = "true|false")]
    delivery_supported: Option<bool>,
    /// Customers may choose how to pay (`isOrderPaymentOptionSupported`).
    #[arg(long, value_name = "true|false")]
    payment_option_supported: Option<bool>,
    /// Taking orders now (each kind can be paused without changing the hours).
    #[arg(long, value_name = "true|false")]
    cafeteria_opening: Option<bool>,
    #[arg(long, value_name = "true|false")]
    takeout_opening: Option<bool>,
    #[arg(long, value_name = "true|false")]
    delivery_opening: Option<bool>,
    /// HH:MM (JST), 00:00 to 23:59.
    #[arg(long, value_name = "HH:MM")]
    cafeteria_open_time: Option<String>,
    #[arg(long, value_name = "HH:MM")]
    cafeteria_last_order_time: Option<String>,
    #[arg(long, value_name = "HH:MM")]
    takeout_open_time: Option<String>,
    #[arg(long, value_name = "HH:MM")]
    takeout_last_order_time: Option<String>,
    #[arg(long, value_name = "HH:MM")]
    delivery_open_time: Option<String>,
    #[arg(long, value_name = "HH:MM")]
    delivery_last_order_time: Option<String>,
    /// Yen, 0 to 100,000.
    #[arg(long, value_name = "YEN", allow_negative_numbers = true)]
    delivery_fee: Option<i64>,
    /// The settings' note (`orderSettings.desc`).
    #[arg(long)]
    settings_desc: Option<String>,
    /// The shop's description (`desc`).
    #[arg(long)]
    desc: Option<String>,
    #[arg(long)]
    tel: Option<String>,
    #[arg(long)]
    address: Option<String>,
    #[arg(long)]
    google_place_id: Option<String>,
    /// Link to the notice under the Specified Commercial Transactions Act (http or https).
    #[arg(long)]
    sct_link: Option<String>,
    /// Qualified invoice issuer registration number: `T` and 13 digits.
    #[arg(long)]
    invoice_reg_no: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum DeliveryAddressesCommand {
    /// Print the shop's delivery addresses.
    List {
        /// The shop's number.
        #[arg(long)]
        shop: String,
    },
    /// Replace the shop's delivery addresses with those of a JSON file (an array; `[]` removes
    /// them all).
    Set {
        /// The shop's number.
        #[arg(long)]
        shop: String,
        /// The JSON file (`-` reads standard input).
        #[arg(long)]
        file: PathBuf,
    },
}

/// Internal: fills a shop with many plain menus for the benchmark (`bench/run.sh`).
#[derive(Debug, Args)]
pub struct BenchMenusArgs {
    /// The shop's number.
    #[arg(long)]
    shop: String,
    /// How many menus (1 to 10,000), in one new category.
    #[arg(long)]
    count: u32,
}

pub async fn order_settings(db: &Db, cmd: OrderSettingsCommand) -> anyhow::Result<Json> {
    match cmd {
        OrderSettingsCommand::Show { shop } => {
            let shop = super::shop_by_number(db, &shop).await?;
            let row = order_shops::find(db, shop.id).await?;
            Ok(shown(&shop, row.as_ref()))
        }
        OrderSettingsCommand::Set(args) => {
            let shop = super::shop_by_number(db, &args.shop).await?;
            let mut doc = Map::new();
            if let Some(path) = &args.json {
                let Json::Object(map) = read_json(path)? else {
                    bail!("--json: the settings must be one JSON object");
                };
                doc = map;
            }
            for (field, value) in flag_changes(&args) {
                merge(&mut doc, &field, value);
            }
            if doc.is_empty() {
                bail!("nothing to set: give --json FILE or at least one field flag (see --help)");
            }
            let changes = check(doc).map_err(refused)?;
            let now = Utc::now();
            let tx = db::begin_write(db).await?;
            let mut row = order_shops::find(&tx, shop.id)
                .await?
                .unwrap_or_else(|| empty_settings(shop.id, now));
            apply(&mut row, changes);
            row.updated_at = now;
            order_shops::put(&tx, row.clone()).await?;
            tx.commit().await?;
            Ok(shown(&shop, Some(&row)))
        }
    }
}

pub async fn delivery_addresses(db: &Db, cmd: DeliveryAddressesCommand) -> anyhow::Result<Json> {
    match cmd {
        DeliveryAddressesCommand::List { shop } => {
            let shop = super::shop_by_number(db, &shop).await?;
            let row = order_shops::find(db, shop.id).await?;
            Ok(addresses_shown(&shop, row.as_ref()))
        }
        DeliveryAddressesCommand::Set { shop, file } => {
            let shop = super::shop_by_number(db, &shop).await?;
            let list = delivery_address_list(&read_json(&file)?).map_err(|errors| {
                // A problem of the whole list is named by the file.
                refused(errors.into_iter().map(|e| match e.field.as_str() {
                    "" => FieldError::new(file.display().to_string(), e.message),
                    _ => e,
                }))
            })?;
            let now = Utc::now();
            let tx = db::begin_write(db).await?;
            let mut row = order_shops::find(&tx, shop.id)
                .await?
                .unwrap_or_else(|| empty_settings(shop.id, now));
            row.delivery_addresses = list.to_string();
            row.updated_at = now;
            order_shops::put(&tx, row.clone()).await?;
            tx.commit().await?;
            Ok(addresses_shown(&shop, Some(&row)))
        }
    }
}

pub async fn bench_menus(db: &Db, args: BenchMenusArgs) -> anyhow::Result<Json> {
    use crate::order::store::menus::{self, KIND_CATEGORY, KIND_MENU, NewMenu, STATUS_AVAILABLE};
    use crate::order::store::menus::{TYPE_MENU, Texts};
    if !(1..=10_000).contains(&args.count) {
        bail!("--count must be 1 to 10000");
    }
    let shop = super::shop_by_number(db, &args.shop).await?;
    let now = Utc::now();
    let tx = db::begin_write(db).await?;
    let category = menus::create_category(&tx, shop.id, None, None, 100, now).await?;
    let cat_texts = [
        Texts {
            lang: "en",
            name: "Bench",
            short_desc: None,
            desc: None,
        },
        Texts {
            lang: "ja",
            name: "ベンチ",
            short_desc: None,
            desc: None,
        },
    ];
    menus::add_texts(&tx, shop.id, KIND_CATEGORY, category.id, &cat_texts).await?;
    for i in 0..args.count {
        let sort = i32::try_from(i).unwrap_or(i32::MAX);
        let menu = menus::create_menu(
            &tx,
            shop.id,
            NewMenu {
                external_id: Some(format!("bench-{}-{i}", category.id)),
                status: STATUS_AVAILABLE,
                kind: TYPE_MENU,
                price: 500 + i64::from(i % 50) * 10,
                tax_rate: if i % 4 == 0 { 8 } else { 10 },
                stock_available: (i % 3 == 0).then_some(1_000_000),
                images: vec![format!("https://noren.example/bench/{i}.jpg")],
                sort_order: sort,
            },
            now,
        )
        .await?;
        let (en, ja) = (format!("Bench dish {i}"), format!("ベンチ料理 {i}"));
        let desc = "A dish of the benchmark, with a description of ordinary length.";
        let texts = [
            Texts {
                lang: "en",
                name: &en,
                short_desc: Some(desc),
                desc: Some(desc),
            },
            Texts {
                lang: "ja",
                name: &ja,
                short_desc: None,
                desc: None,
            },
        ];
        menus::add_texts(&tx, shop.id, KIND_MENU, menu.id, &texts).await?;
        menus::add_to_category(&tx, shop.id, category.id, menu.id, sort).await?;
    }
    tx.commit().await?;
    Ok(
        json!({"shop": shop.number, "shopId": shop.id, "categoryId": category.id, "menus": args.count}),
    )
}

/// A JSON document from a file (`-`: standard input), at most 1 MiB.
pub(super) fn read_json(path: &Path) -> anyhow::Result<Json> {
    let mut text = String::new();
    if path == Path::new("-") {
        std::io::stdin()
            .take(MAX_FILE_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| anyhow!("cannot read standard input: {e}"))?;
    } else {
        let file = std::fs::File::open(path)
            .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
        file.take(MAX_FILE_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(|e| anyhow!("cannot read {}: {e}", path.display()))?;
    }
    if text.len() as u64 > MAX_FILE_BYTES {
        bail!("{} is larger than 1 MiB", path.display());
    }
    serde_json::from_str(&text).map_err(|e| anyhow!("{} is not valid JSON: {e}", path.display()))
}

const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// A shop without settings: ordering switched off, nothing set.
fn empty_settings(shop_id: i64, now: DateTime<Utc>) -> order_shop::Model {
    order_shop::Model {
        shop_id,
        description: None,
        tel: None,
        address: None,
        image_array: "[]".into(),
        google_place_id: None,
        sct_link: None,
        invoice_reg_no: None,
        is_takeout_supported: false,
        is_delivery_supported: false,
        is_cafeteria_supported: false,
        is_order_payment_option_supported: false,
        takeout_open_time: None,
        takeout_last_order_time: None,
        delivery_open_time: None,
        delivery_last_order_time: None,
        cafeteria_open_time: None,
        cafeteria_last_order_time: None,
        delivery_fee: 0,
        settings_desc: None,
        takeout_opening: false,
        delivery_opening: false,
        cafeteria_opening: false,
        delivery_addresses: "[]".into(),
        schedules: "[]".into(),
        greetings: "[]".into(),
        updated_at: now,
    }
}

fn list(text: &str) -> Json {
    serde_json::from_str::<Json>(text)
        .ok()
        .filter(Json::is_array)
        .unwrap_or_else(|| json!([]))
}

/// The settable document of a stored row (what `set --json` takes).
fn document(s: &order_shop::Model) -> Json {
    json!({
        "desc": s.description, "tel": s.tel, "address": s.address,
        "imageArray": list(&s.image_array), "googlePlaceId": s.google_place_id,
        "sctLink": s.sct_link, "invoiceRegNo": s.invoice_reg_no,
        "isTakeoutSupported": s.is_takeout_supported,
        "isDeliverySupported": s.is_delivery_supported,
        "isCafeteriaSupported": s.is_cafeteria_supported,
        "isOrderPaymentOptionSupported": s.is_order_payment_option_supported,
        "orderSettings": {
            "takeoutOpenTime": s.takeout_open_time,
            "takeoutLastOrderTime": s.takeout_last_order_time,
            "deliveryOpenTime": s.delivery_open_time,
            "deliveryLastOrderTime": s.delivery_last_order_time,
            "cafeteriaOpenTime": s.cafeteria_open_time,
            "cafeteriaLastOrderTime": s.cafeteria_last_order_time,
            "deliveryFee": s.delivery_fee,
            "desc": s.settings_desc,
            "deliveryOpening": s.delivery_opening,
            "cafeteriaOpening": s.cafeteria_opening,
            "takeoutOpening": s.takeout_opening,
        },
        "orderSchedules": list(&s.schedules),
        "orderGreetings": list(&s.greetings),
    })
}

fn shown(shop: &crate::db::entities::shop::Model, row: Option<&order_shop::Model>) -> Json {
    json!({
        "shop": shop.number,
        "shopId": shop.id,
        "configured": row.is_some(),
        "settings": document(row.unwrap_or(&empty_settings(shop.id, Utc::now()))),
    })
}

fn addresses_shown(
    shop: &crate::db::entities::shop::Model,
    row: Option<&order_shop::Model>,
) -> Json {
    json!({
        "shop": shop.number,
        "shopId": shop.id,
        "deliveryAddresses": row.map(|r| list(&r.delivery_addresses)).unwrap_or_else(|| json!([])),
    })
}

/// The flags as `(path, value)` changes (`orderSettings.deliveryFee`); `none` is `null`.
fn flag_changes(a: &SetArgs) -> Vec<(String, Json)> {
    let text = |v: &Option<String>| {
        v.as_ref().map(|s| {
            if s == "none" {
                Json::Null
            } else {
                Json::String(s.clone())
            }
        })
    };
    let flags: [(&str, Option<Json>); 21] = [
        (
            "isCafeteriaSupported",
            a.cafeteria_supported.map(Json::Bool),
        ),
        ("isTakeoutSupported", a.takeout_supported.map(Json::Bool)),
        ("isDeliverySupported", a.delivery_supported.map(Json::Bool)),
        (
            "isOrderPaymentOptionSupported",
            a.payment_option_supported.map(Json::Bool),
        ),
        (
            "orderSettings.cafeteriaOpening",
            a.cafeteria_opening.map(Json::Bool),
        ),
        (
            "orderSettings.takeoutOpening",
            a.takeout_opening.map(Json::Bool),
        ),
        (
            "orderSettings.deliveryOpening",
            a.delivery_opening.map(Json::Bool),
        ),
        (
            "orderSettings.cafeteriaOpenTime",
            text(&a.cafeteria_open_time),
        ),
        (
            "orderSettings.cafeteriaLastOrderTime",
            text(&a.cafeteria_last_order_time),
        ),
        ("orderSettings.takeoutOpenTime", text(&a.takeout_open_time)),
        (
            "orderSettings.takeoutLastOrderTime",
            text(&a.takeout_last_order_time),
        ),
        (
            "orderSettings.deliveryOpenTime",
            text(&a.delivery_open_time),
        ),
        (
            "orderSettings.deliveryLastOrderTime",
            text(&a.delivery_last_order_time),
        ),
        ("orderSettings.deliveryFee", a.delivery_fee.map(Json::from)),
        ("orderSettings.desc", text(&a.settings_desc)),
        ("desc", text(&a.desc)),
        ("tel", text(&a.tel)),
        ("address", text(&a.address)),
        ("googlePlaceId", text(&a.google_place_id)),
        ("sctLink", text(&a.sct_link)),
        ("invoiceRegNo", text(&a.invoice_reg_no)),
    ];
    flags
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k.to_string(), v)))
        .collect()
}

/// Puts a flag's value into the document, over the file's (`orderSettings.desc` goes into
/// `orderSettings`).
fn merge(doc: &mut Map<String, Json>, field: &str, value: Json) {
    let Some(key) = field.strip_prefix("orderSettings.") else {
        doc.insert(field.into(), value);
        return;
    };
    let inner = doc.entry("orderSettings").or_insert(Json::Null);
    if inner.is_null() {
        *inner = json!({});
    }
    // Anything but an object is refused when the document is read.
    if let Json::Object(inner) = inner {
        inner.insert(key.into(), value);
    }
}

/// Refuses a document: one line per problem, `field: message` as the API names them (the
/// command exits 1).
pub(super) fn refused(errors: impl IntoIterator<Item = FieldError>) -> anyhow::Error {
    let lines: Vec<String> = errors
        .into_iter()
        .map(|e| match e.field.as_str() {
            "" => e.message,
            field => format!("{field}: {}", e.message),
        })
        .collect();
    anyhow!("{}", lines.join("\n"))
}

/// A value as given, for a message (at most 60 characters).
fn as_given(raw: Raw<'_>) -> String {
    let s = match raw {
        Raw::Text(s) => s.to_string(),
        Raw::Json(v) => v.to_string(),
    };
    match s.char_indices().nth(60) {
        Some((end, _)) => format!("{}…", &s[..end]),
        None => s,
    }
}

/// A time of day `HH:MM`, 00:00 to 23:59 (JST in the operators' documents).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct HhMm(pub(super) NaiveTime);

impl HhMm {
    pub(super) fn text(self) -> String {
        hhmm::format(self.0)
    }
}

impl Value for HhMm {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        hhmm::parse(s)
            .map(HhMm)
            .ok_or_else(|| format!("{s:?} is not a time HH:MM (00:00 to 23:59, JST)"))
    }
}

/// Text that is not blank: at most `MAX` characters without control characters (line breaks
/// allowed when `lines`).
fn filled<const MAX: usize>(raw: Raw<'_>, lines: bool) -> Result<String, String> {
    if raw.text()?.trim().is_empty() {
        return Err("is blank (null, or `none` on the command line, clears it)".into());
    }
    let text = Text::<MAX>::parse(raw)?.into_string();
    if text.contains('\t') || (!lines && text.contains('\n')) {
        return Err(if lines {
            "must not contain control characters but line breaks"
        } else {
            "must be one line"
        }
        .into());
    }
    Ok(text)
}

/// Text of lines (`desc`): see [`filled`].
struct Note<const MAX: usize>(String);

impl<const MAX: usize> Value for Note<MAX> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        filled::<MAX>(raw, true).map(Note)
    }
}

/// Text on one line (`address`): see [`filled`].
struct Line<const MAX: usize>(String);

impl<const MAX: usize> Value for Line<MAX> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        filled::<MAX>(raw, false).map(Line)
    }
}

/// A phone number: digits, `+`, `-`, spaces and parentheses, at most 32 characters.
struct Tel(String);

impl Value for Tel {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = filled::<32>(raw, false)?;
        let ok = s.starts_with(|c: char| c.is_ascii_digit() || c == '+')
            && s.chars().all(|c| c.is_ascii_digit() || "+-() ".contains(c));
        if !ok {
            return Err(format!(
                "{s:?} is not a phone number (digits, +, -, spaces and parentheses)"
            ));
        }
        Ok(Tel(s))
    }
}

/// An identifier of another service (`googlePlaceId`): printable ASCII without spaces.
struct Token<const MAX: usize>(String);

impl<const MAX: usize> Value for Token<MAX> {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = filled::<MAX>(raw, false)?;
        if !s.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(format!("{s:?} must be printable ASCII without spaces"));
        }
        Ok(Token(s))
    }
}

/// A qualified invoice issuer registration number: `T` and 13 digits.
struct InvoiceRegNo(String);

impl Value for InvoiceRegNo {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        if !(s.len() == 14 && s.starts_with('T') && s[1..].bytes().all(|b| b.is_ascii_digit())) {
            return Err(format!("{s:?} is not T followed by 13 digits"));
        }
        Ok(InvoiceRegNo(s.into()))
    }
}

/// The largest delivery fee, in yen.
const FEE_MAX: i64 = 100_000;

/// A delivery fee: whole yen from 0 to [`FEE_MAX`].
struct Fee(i64);

impl Value for Fee {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        Int::<0, FEE_MAX>::parse(raw)
            .map(|n| Fee(n.get()))
            .map_err(|_| {
                format!(
                    "{} is not a whole number of yen from 0 to {FEE_MAX}",
                    as_given(raw)
                )
            })
    }
}

const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// A weekday of a schedule, `mon` to `sun`.
struct Weekday(&'static str);

impl Value for Weekday {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        WEEKDAYS
            .into_iter()
            .find(|d| *d == s)
            .map(Weekday)
            .ok_or_else(|| format!("must be one of {}", WEEKDAYS.join(", ")))
    }
}

/// A delivery address's id: 1 to 64 characters of `A-Z a-z 0-9 - _`.
struct AddressId(String);

impl Value for AddressId {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        let ok = (1..=64).contains(&s.len())
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !ok {
            return Err(format!(
                "{s:?} must be 1 to 64 characters of A-Z, a-z, 0-9, - and _"
            ));
        }
        Ok(AddressId(s.into()))
    }
}

/// A postal code `NNN-NNNN`.
struct ZipCode(String);

impl Value for ZipCode {
    fn parse(raw: Raw<'_>) -> Result<Self, String> {
        let s = raw.text()?;
        let b = s.as_bytes();
        if !(b.len() == 8 && b[3] == b'-' && b[..3].iter().chain(&b[4..]).all(u8::is_ascii_digit)) {
            return Err(format!("{s:?} is not a postal code NNN-NNNN"));
        }
        Ok(ZipCode(s.into()))
    }
}

// The documents. `#[derive(Values)]` asks every value type to be marked `#[schema(inline)]`
// (for a call's spec); these documents have no spec, the marks only satisfy it.

/// The settings document (what `show` prints under `settings`).
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct SettingsDoc {
    #[schema(inline)]
    desc: Option<Note<2000>>,
    #[schema(inline)]
    tel: Option<Tel>,
    #[schema(inline)]
    address: Option<Line<500>>,
    #[schema(inline)]
    image_array: Option<Items<HttpUrl, 20>>,
    #[schema(inline)]
    google_place_id: Option<Token<255>>,
    #[schema(inline)]
    sct_link: Option<HttpUrl>,
    #[schema(inline)]
    invoice_reg_no: Option<InvoiceRegNo>,
    is_takeout_supported: Option<bool>,
    is_delivery_supported: Option<bool>,
    is_cafeteria_supported: Option<bool>,
    is_order_payment_option_supported: Option<bool>,
    #[schema(inline)]
    order_settings: Option<Object<OrderSettingsDoc>>,
    #[schema(inline)]
    order_schedules: Option<Items<Object<Schedule>, 70>>,
    #[schema(inline)]
    order_greetings: Option<Unique<Object<Greeting>, { Lang::ALL.len() }>>,
}

/// `orderSettings`.
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct OrderSettingsDoc {
    #[schema(inline)]
    takeout_open_time: Option<HhMm>,
    #[schema(inline)]
    takeout_last_order_time: Option<HhMm>,
    #[schema(inline)]
    delivery_open_time: Option<HhMm>,
    #[schema(inline)]
    delivery_last_order_time: Option<HhMm>,
    #[schema(inline)]
    cafeteria_open_time: Option<HhMm>,
    #[schema(inline)]
    cafeteria_last_order_time: Option<HhMm>,
    #[schema(inline)]
    delivery_fee: Option<Fee>,
    #[schema(inline)]
    desc: Option<Note<2000>>,
    delivery_opening: Option<bool>,
    cafeteria_opening: Option<bool>,
    takeout_opening: Option<bool>,
}

/// An item of `orderSchedules`.
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct Schedule {
    #[schema(inline)]
    weekday: Weekday,
    #[schema(inline)]
    open_time: HhMm,
    #[schema(inline)]
    close_time: HhMm,
}

/// An item of `orderGreetings`: one per language.
#[derive(Values)]
#[values(body = "json")]
struct Greeting {
    #[schema(inline)]
    lang: Lang,
    #[schema(inline)]
    message: Note<1000>,
}

impl Keyed for Greeting {
    const KEY: &'static str = "lang";
    fn key(&self) -> String {
        self.lang.as_str().into()
    }
}

/// A delivery address.
#[derive(Values)]
#[serde(rename_all = "camelCase")]
#[values(body = "json")]
struct DeliveryAddress {
    #[schema(inline)]
    id: AddressId,
    #[schema(inline)]
    name: Line<200>,
    #[schema(inline)]
    zip_code: Option<ZipCode>,
    #[schema(inline)]
    address: Line<500>,
}

impl Keyed for DeliveryAddress {
    const KEY: &'static str = "id";
    fn key(&self) -> String {
        self.id.0.clone()
    }
}

/// The fields that `null` clears (texts and times); a `null` elsewhere is refused.
const CLEARABLE: [&str; 13] = [
    "desc",
    "tel",
    "address",
    "googlePlaceId",
    "sctLink",
    "invoiceRegNo",
    "orderSettings.takeoutOpenTime",
    "orderSettings.takeoutLastOrderTime",
    "orderSettings.deliveryOpenTime",
    "orderSettings.deliveryLastOrderTime",
    "orderSettings.cafeteriaOpenTime",
    "orderSettings.cafeteriaLastOrderTime",
    "orderSettings.desc",
];

/// A checked settings document: its values, and the fields it clears.
struct Changes {
    values: SettingsDoc,
    cleared: Vec<String>,
}

/// Checks a settings document (the file's, with the flags on top): every problem at once.
fn check(mut doc: Map<String, Json>) -> Result<Changes, Vec<FieldError>> {
    let mut errors = Vec::new();
    if doc.remove("deliveryAddresses").is_some() {
        errors.push(FieldError::new(
            "deliveryAddresses",
            "set them with `noren delivery-addresses set`",
        ));
    }
    // The values reader takes `null` as left out: here it clears a text or a time.
    let mut nulls = Vec::new();
    for (key, value) in &doc {
        match value {
            Json::Null if SettingsDoc::NAMES.contains(&key.as_str()) => nulls.push(key.clone()),
            Json::Object(inner) if key == "orderSettings" => nulls.extend(
                inner
                    .iter()
                    .filter(|(k, v)| v.is_null() && OrderSettingsDoc::NAMES.contains(&k.as_str()))
                    .map(|(k, _)| format!("orderSettings.{k}")),
            ),
            _ => {}
        }
    }
    let (cleared, kept): (Vec<String>, Vec<String>) = nulls
        .into_iter()
        .partition(|f| CLEARABLE.contains(&f.as_str()));
    errors.extend(
        kept.into_iter()
            .map(|f| FieldError::new(f, "cannot be cleared (only texts and times can be null)")),
    );
    match read_object::<SettingsDoc>(&doc, |_| {}) {
        Ok(values) if errors.is_empty() => Ok(Changes { values, cleared }),
        Ok(_) => Err(errors),
        Err(found) => {
            errors.extend(found);
            Err(errors)
        }
    }
}

/// Stores a checked document's values in the row.
fn apply(row: &mut order_shop::Model, changes: Changes) {
    let Changes { values: s, cleared } = changes;
    let put = |slot: &mut Option<String>, given: Option<String>, field: &str| {
        if given.is_some() || cleared.iter().any(|c| c == field) {
            *slot = given;
        }
    };
    put(&mut row.description, s.desc.map(|v| v.0), "desc");
    put(&mut row.tel, s.tel.map(|v| v.0), "tel");
    put(&mut row.address, s.address.map(|v| v.0), "address");
    put(
        &mut row.google_place_id,
        s.google_place_id.map(|v| v.0),
        "googlePlaceId",
    );
    put(
        &mut row.sct_link,
        s.sct_link.map(HttpUrl::into_string),
        "sctLink",
    );
    put(
        &mut row.invoice_reg_no,
        s.invoice_reg_no.map(|v| v.0),
        "invoiceRegNo",
    );
    if let Some(Items(urls)) = s.image_array {
        let urls: Vec<String> = urls.into_iter().map(HttpUrl::into_string).collect();
        row.image_array = json!(urls).to_string();
    }
    for (slot, given) in [
        (&mut row.is_takeout_supported, s.is_takeout_supported),
        (&mut row.is_delivery_supported, s.is_delivery_supported),
        (&mut row.is_cafeteria_supported, s.is_cafeteria_supported),
        (
            &mut row.is_order_payment_option_supported,
            s.is_order_payment_option_supported,
        ),
    ] {
        *slot = given.unwrap_or(*slot);
    }
    if let Some(Object(o)) = s.order_settings {
        for (slot, given, field) in [
            (
                &mut row.takeout_open_time,
                o.takeout_open_time,
                "takeoutOpenTime",
            ),
            (
                &mut row.takeout_last_order_time,
                o.takeout_last_order_time,
                "takeoutLastOrderTime",
            ),
            (
                &mut row.delivery_open_time,
                o.delivery_open_time,
                "deliveryOpenTime",
            ),
            (
                &mut row.delivery_last_order_time,
                o.delivery_last_order_time,
                "deliveryLastOrderTime",
            ),
            (
                &mut row.cafeteria_open_time,
                o.cafeteria_open_time,
                "cafeteriaOpenTime",
            ),
            (
                &mut row.cafeteria_last_order_time,
                o.cafeteria_last_order_time,
                "cafeteriaLastOrderTime",
            ),
        ] {
            put(
                slot,
                given.map(HhMm::text),
                &format!("orderSettings.{field}"),
            );
        }
        put(
            &mut row.settings_desc,
            o.desc.map(|v| v.0),
            "orderSettings.desc",
        );
        row.delivery_fee = o.delivery_fee.map_or(row.delivery_fee, |f| f.0);
        for (slot, given) in [
            (&mut row.delivery_opening, o.delivery_opening),
            (&mut row.cafeteria_opening, o.cafeteria_opening),
            (&mut row.takeout_opening, o.takeout_opening),
        ] {
            *slot = given.unwrap_or(*slot);
        }
    }
    if let Some(Items(list)) = s.order_schedules {
        let list: Vec<Json> = list
            .into_iter()
            .map(|Object(d)| {
                json!({"weekday": d.weekday.0, "openTime": d.open_time.text(), "closeTime": d.close_time.text()})
            })
            .collect();
        row.schedules = Json::Array(list).to_string();
    }
    if let Some(Unique(list)) = s.order_greetings {
        let list: Vec<Json> = list
            .into_iter()
            .map(|Object(g)| json!({"lang": g.lang.as_str(), "message": g.message.0}))
            .collect();
        row.greetings = Json::Array(list).to_string();
    }
}

/// The delivery addresses of a document (a JSON array of at most 1,000, each id once), as
/// stored.
fn delivery_address_list(doc: &Json) -> Result<Json, Vec<FieldError>> {
    if !doc.is_array() {
        return Err(vec![FieldError::new(
            "",
            "must be a JSON array of addresses ([] removes them all)",
        )]);
    }
    let Unique(list) = Unique::<Object<DeliveryAddress>, 1000>::parse(Raw::Json(doc))
        .map_err(|message| by_path(FieldError::new("", message)))?;
    Ok(list
        .into_iter()
        .map(|Object(a)| {
            let mut out = json!({"id": a.id.0, "name": a.name.0, "address": a.address.0});
            if let Some(zip) = a.zip_code {
                out["zipCode"] = Json::String(zip.0);
            }
            out
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_hh_mm_of_one_day() {
        let is_hhmm = |s: &str| HhMm::parse(Raw::Text(s)).is_ok();
        for ok in ["00:00", "09:30", "23:59", "11:00"] {
            assert!(is_hhmm(ok), "{ok}");
        }
        for bad in [
            "24:00",
            "9:30",
            "09:60",
            "0930",
            "09:3a",
            "",
            "09:30:00",
            "２３:00",
        ] {
            assert!(!is_hhmm(bad), "{bad}");
        }
        assert_eq!(
            HhMm::parse(Raw::Json(&json!("25:00"))).err().as_deref(),
            Some("\"25:00\" is not a time HH:MM (00:00 to 23:59, JST)")
        );
    }

    /// Checks `doc` and applies it to `row`, or the refusal's lines.
    fn set(row: &mut order_shop::Model, doc: Json) -> Result<(), String> {
        let Json::Object(doc) = doc else {
            panic!("an object")
        };
        let changes = check(doc).map_err(|e| refused(e).to_string())?;
        apply(row, changes);
        Ok(())
    }

    #[test]
    fn values_are_checked_with_the_field_named() {
        let mut row = empty_settings(1, Utc::now());
        for fee in [json!(-1), json!(100_001), json!(1.5), json!("300")] {
            let e = set(&mut row, json!({"orderSettings": {"deliveryFee": fee}})).expect_err("fee");
            assert!(
                e.starts_with("orderSettings.deliveryFee: ")
                    && e.ends_with(" is not a whole number of yen from 0 to 100000"),
                "{e}"
            );
        }
        set(&mut row, json!({"orderSettings": {"deliveryFee": 300}})).expect("fee");
        assert_eq!(row.delivery_fee, 300);
        let e = set(&mut row, json!({"invoiceRegNo": "T123"})).expect_err("reg no");
        assert_eq!(e, "invoiceRegNo: \"T123\" is not T followed by 13 digits");
        set(&mut row, json!({"invoiceRegNo": "T1234567890123"})).expect("reg no");
        assert_eq!(row.invoice_reg_no.as_deref(), Some("T1234567890123"));
        assert!(set(&mut row, json!({"tel": "call me"})).is_err());
        assert!(set(&mut row, json!({"sctLink": "javascript:alert(1)"})).is_err());
        let e = set(&mut row, json!({"desc": " "})).expect_err("blank");
        assert!(e.starts_with("desc: is blank"), "{e}");
        let e = set(&mut row, json!({"address": "1-2-3\nShibuya"})).expect_err("two lines");
        assert_eq!(e, "address: must be one line");
        set(&mut row, json!({"desc": "Ramen\nand gyoza"})).expect("lines");
        assert_eq!(row.description.as_deref(), Some("Ramen\nand gyoza"));
        set(&mut row, json!({"desc": null, "tel": "03-1234-5678"})).expect("clears");
        assert_eq!(
            (row.description.as_deref(), row.tel.as_deref()),
            (None, Some("03-1234-5678"))
        );
        // Every problem at once, named by its path; nothing is applied.
        let e = set(
            &mut row,
            json!({"tel": null, "isTakeoutSupported": null, "imageArray": ["https://a.example/1.jpg", "ftp://x"],
                "orderSettings": {"takeoutOpenTime": "25:00", "desc": null, "opensAt": 1},
                "orderSchedules": [{"weekday": "mon", "openTime": "11:00", "closeTime": "25:00"}],
                "orderGreetings": [{"lang": "fr", "message": "Bonjour"}, {"lang": "ko", "message": "a"}, {"lang": "ko", "message": "b"}],
                "deliveryAddresses": []}),
        )
        .expect_err("invalid");
        let lines: Vec<&str> = e.lines().collect();
        assert_eq!(
            lines,
            [
                "deliveryAddresses: set them with `noren delivery-addresses set`",
                "isTakeoutSupported: cannot be cleared (only texts and times can be null)",
                "imageArray[1]: must be an absolute http:// or https:// URL with a host name",
                "orderSettings.opensAt: unknown field; the fields are takeoutOpenTime, takeoutLastOrderTime, deliveryOpenTime, deliveryLastOrderTime, cafeteriaOpenTime, cafeteriaLastOrderTime, deliveryFee, desc, deliveryOpening, cafeteriaOpening, takeoutOpening",
                "orderSettings.takeoutOpenTime: \"25:00\" is not a time HH:MM (00:00 to 23:59, JST)",
                "orderSchedules[0].closeTime: \"25:00\" is not a time HH:MM (00:00 to 23:59, JST)",
                "orderGreetings[0].lang: must be one of en, zh-CN, ja, ko, zh-TW",
                "orderGreetings[2].lang: ko is given twice",
            ]
        );
        assert_eq!(
            row.tel.as_deref(),
            Some("03-1234-5678"),
            "a refused document changes nothing"
        );
        let e = set(&mut row, json!({"opensAt": "11:00"})).expect_err("unknown");
        assert!(
            e.starts_with("opensAt: unknown field; the fields are desc, tel,"),
            "{e}"
        );
    }

    #[test]
    fn flags_go_over_the_file() {
        let mut doc = json!({"orderSettings": {"cafeteriaLastOrderTime": "21:30"}, "tel": "1"})
            .as_object()
            .cloned()
            .expect("object");
        merge(
            &mut doc,
            "orderSettings.cafeteriaLastOrderTime",
            json!("22:00"),
        );
        merge(&mut doc, "orderSettings.desc", Json::Null);
        merge(&mut doc, "sctLink", Json::Null);
        assert_eq!(
            Json::Object(doc),
            json!({"orderSettings": {"cafeteriaLastOrderTime": "22:00", "desc": null}, "tel": "1", "sctLink": null})
        );
        let mut empty = Map::new();
        merge(&mut empty, "orderSettings.deliveryFee", json!(450));
        assert_eq!(
            Json::Object(empty),
            json!({"orderSettings": {"deliveryFee": 450}})
        );
    }

    #[test]
    fn delivery_addresses_need_unique_ids_and_known_fields() {
        let one = json!({"id": "a", "name": "Office", "zipCode": "150-0002", "address": "Shibuya"});
        assert_eq!(
            delivery_address_list(&json!([one])).expect("good"),
            json!([one])
        );
        let problems = |doc: Json| -> String {
            refused(delivery_address_list(&doc).expect_err("invalid")).to_string()
        };
        let e = problems(json!([one, one]));
        assert_eq!(e, "[1].id: a is given twice");
        let e = problems(json!([{"id": "a", "name": "x", "address": "y", "city": "z"}]));
        assert!(
            e.starts_with("[0].city: unknown field; the fields are id, name, zipCode, address"),
            "{e}"
        );
        let e = problems(json!([{"id": "a", "name": "x", "address": "y", "zipCode": "1500002"}]));
        assert_eq!(e, "[0].zipCode: \"1500002\" is not a postal code NNN-NNNN");
        let e = problems(json!([{"id": "a b", "name": ""}, 1]));
        assert_eq!(
            e.lines().collect::<Vec<_>>(),
            [
                "[0].id: \"a b\" must be 1 to 64 characters of A-Z, a-z, 0-9, - and _",
                "[0].name: is blank (null, or `none` on the command line, clears it)",
                "[0].address: is required",
                "[1]: must be an object",
            ]
        );
        assert!(problems(json!({"id": "a"})).starts_with("must be a JSON array"));
    }
}
