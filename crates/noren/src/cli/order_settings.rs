//! Operator commands for a restaurant's ordering data (issue 11, item 6): a shop's order settings
//! (`noren order-settings show|set`) and its delivery addresses (`noren delivery-addresses
//! list|set`). Menus come in through the import, not here.
//!
//! The settings document is the settable part of `GET /api/order/shop/{id}`, with the same
//! camelCase names: the shop profile (`desc`, `tel`, …), the `is*Supported` flags,
//! `orderSettings` (HH:MM times, `deliveryFee`, the `*Opening` flags), `orderSchedules` and
//! `orderGreetings`. `set` applies the keys given (in a `--json` file, then the flags) to what
//! is stored; a key that is absent keeps its value, `null` (or `none` on a flag) clears it.
//! Every value is checked before anything is written; an error names the field and the rule.

use crate::db::entities::order_shop;
use crate::db::repo::{accounts, order_shops};
use crate::db::{self, Db};
use crate::domain::lang::Lang;
use anyhow::{anyhow, bail};
use chrono::{DateTime, Utc};
use clap::{Args, Subcommand};
use serde_json::{Map, Value as Json, json};
use std::collections::HashSet;
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
            let shop = shop_by_number(db, &shop).await?;
            let row = order_shops::find(db, shop.id).await?;
            Ok(shown(&shop, row.as_ref()))
        }
        OrderSettingsCommand::Set(args) => {
            let shop = shop_by_number(db, &args.shop).await?;
            let mut changes: Vec<(String, Json)> = Vec::new();
            if let Some(path) = &args.json {
                let doc = read_json(path)?;
                let Json::Object(map) = doc else {
                    bail!("--json: the settings must be one JSON object");
                };
                flatten(&map, &mut changes)?;
            }
            changes.extend(flag_changes(&args));
            if changes.is_empty() {
                bail!("nothing to set: give --json FILE or at least one field flag (see --help)");
            }
            let now = Utc::now();
            let tx = db::begin_write(db).await?;
            let mut row = order_shops::find(&tx, shop.id)
                .await?
                .unwrap_or_else(|| empty_settings(shop.id, now));
            for (field, value) in changes {
                apply(&mut row, &field, value).map_err(|e| anyhow!("{field}: {e}"))?;
            }
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
            let shop = shop_by_number(db, &shop).await?;
            let row = order_shops::find(db, shop.id).await?;
            Ok(addresses_shown(&shop, row.as_ref()))
        }
        DeliveryAddressesCommand::Set { shop, file } => {
            let shop = shop_by_number(db, &shop).await?;
            let list = parse_delivery_addresses(&read_json(&file)?)
                .map_err(|e| anyhow!("{}: {e}", file.display()))?;
            let now = Utc::now();
            let tx = db::begin_write(db).await?;
            let mut row = order_shops::find(&tx, shop.id)
                .await?
                .unwrap_or_else(|| empty_settings(shop.id, now));
            row.delivery_addresses = Json::Array(list).to_string();
            row.updated_at = now;
            order_shops::put(&tx, row.clone()).await?;
            tx.commit().await?;
            Ok(addresses_shown(&shop, Some(&row)))
        }
    }
}

pub async fn bench_menus(db: &Db, args: BenchMenusArgs) -> anyhow::Result<Json> {
    use crate::db::repo::menus::{self, KIND_CATEGORY, KIND_MENU, NewMenu, STATUS_AVAILABLE};
    use crate::db::repo::menus::{TYPE_MENU, Texts};
    if !(1..=10_000).contains(&args.count) {
        bail!("--count must be 1 to 10000");
    }
    let shop = shop_by_number(db, &args.shop).await?;
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

async fn shop_by_number(db: &Db, number: &str) -> anyhow::Result<crate::db::entities::shop::Model> {
    accounts::find_shop_by_number(db, number)
        .await?
        .ok_or_else(|| anyhow!("no shop with number {number}"))
}

fn read_json(path: &Path) -> anyhow::Result<Json> {
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

/// The document's keys as `(path, value)` pairs (`orderSettings.deliveryFee`), refusing keys
/// that cannot be set.
fn flatten(map: &Map<String, Json>, out: &mut Vec<(String, Json)>) -> anyhow::Result<()> {
    for (key, value) in map {
        if key == "orderSettings" {
            let Json::Object(inner) = value else {
                bail!("orderSettings: must be an object");
            };
            for (k, v) in inner {
                let path = format!("orderSettings.{k}");
                if !SETTINGS_KEYS.contains(&k.as_str()) {
                    bail!(
                        "{path}: unknown field; the fields are {}",
                        SETTINGS_KEYS.join(", ")
                    );
                }
                out.push((path, v.clone()));
            }
        } else if key == "deliveryAddresses" {
            bail!("deliveryAddresses: set them with `noren delivery-addresses set`");
        } else if TOP_KEYS.contains(&key.as_str()) {
            out.push((key.clone(), value.clone()));
        } else {
            bail!(
                "{key}: unknown field; the fields are {}, orderSettings",
                TOP_KEYS.join(", ")
            );
        }
    }
    Ok(())
}

const TOP_KEYS: [&str; 13] = [
    "desc",
    "tel",
    "address",
    "imageArray",
    "googlePlaceId",
    "sctLink",
    "invoiceRegNo",
    "isTakeoutSupported",
    "isDeliverySupported",
    "isCafeteriaSupported",
    "isOrderPaymentOptionSupported",
    "orderSchedules",
    "orderGreetings",
];

const SETTINGS_KEYS: [&str; 11] = [
    "takeoutOpenTime",
    "takeoutLastOrderTime",
    "deliveryOpenTime",
    "deliveryLastOrderTime",
    "cafeteriaOpenTime",
    "cafeteriaLastOrderTime",
    "deliveryFee",
    "desc",
    "deliveryOpening",
    "cafeteriaOpening",
    "takeoutOpening",
];

/// The flags as changes, in the same form as the file's keys.
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

/// Checks one value and stores it in the row.
fn apply(row: &mut order_shop::Model, field: &str, v: Json) -> Result<(), String> {
    match field {
        "desc" => row.description = text(&v, 2000, true)?,
        "tel" => row.tel = tel(&v)?,
        "address" => row.address = text(&v, 500, false)?,
        "imageArray" => row.image_array = images(&v)?,
        "googlePlaceId" => row.google_place_id = token(&v, 255)?,
        "sctLink" => row.sct_link = url(&v)?,
        "invoiceRegNo" => row.invoice_reg_no = invoice_reg_no(&v)?,
        "isTakeoutSupported" => row.is_takeout_supported = boolean(&v)?,
        "isDeliverySupported" => row.is_delivery_supported = boolean(&v)?,
        "isCafeteriaSupported" => row.is_cafeteria_supported = boolean(&v)?,
        "isOrderPaymentOptionSupported" => row.is_order_payment_option_supported = boolean(&v)?,
        "orderSchedules" => row.schedules = schedules(&v)?,
        "orderGreetings" => row.greetings = greetings(&v)?,
        "orderSettings.takeoutOpenTime" => row.takeout_open_time = time(&v)?,
        "orderSettings.takeoutLastOrderTime" => row.takeout_last_order_time = time(&v)?,
        "orderSettings.deliveryOpenTime" => row.delivery_open_time = time(&v)?,
        "orderSettings.deliveryLastOrderTime" => row.delivery_last_order_time = time(&v)?,
        "orderSettings.cafeteriaOpenTime" => row.cafeteria_open_time = time(&v)?,
        "orderSettings.cafeteriaLastOrderTime" => row.cafeteria_last_order_time = time(&v)?,
        "orderSettings.deliveryFee" => row.delivery_fee = fee(&v)?,
        "orderSettings.desc" => row.settings_desc = text(&v, 2000, true)?,
        "orderSettings.deliveryOpening" => row.delivery_opening = boolean(&v)?,
        "orderSettings.cafeteriaOpening" => row.cafeteria_opening = boolean(&v)?,
        "orderSettings.takeoutOpening" => row.takeout_opening = boolean(&v)?,
        _ => return Err("unknown field".into()),
    }
    Ok(())
}

fn shown_value(v: &Json) -> String {
    let s = v.to_string();
    if s.chars().count() > 60 {
        format!("{}…", s.chars().take(60).collect::<String>())
    } else {
        s
    }
}

/// `HH:MM`, 00:00 to 23:59, or `null`.
pub fn is_hhmm(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 5
        && b[2] == b':'
        && b[..2].iter().chain(&b[3..]).all(u8::is_ascii_digit)
        && (b[0] - b'0') * 10 + (b[1] - b'0') < 24
        && b[3] < b'6'
}

fn time(v: &Json) -> Result<Option<String>, String> {
    match v {
        Json::Null => Ok(None),
        Json::String(s) if is_hhmm(s) => Ok(Some(s.clone())),
        _ => Err(format!(
            "{} is not a time HH:MM (00:00 to 23:59, JST), or null to clear it",
            shown_value(v)
        )),
    }
}

fn boolean(v: &Json) -> Result<bool, String> {
    v.as_bool()
        .ok_or_else(|| format!("{} is not true or false", shown_value(v)))
}

fn fee(v: &Json) -> Result<i64, String> {
    match v.as_i64() {
        Some(n) if (0..=100_000).contains(&n) => Ok(n),
        _ => Err(format!(
            "{} is not a whole number of yen from 0 to 100000",
            shown_value(v)
        )),
    }
}

/// Text of 1 to `max` characters without control characters (line breaks allowed when
/// `lines`), or null.
fn text(v: &Json, max: usize, lines: bool) -> Result<Option<String>, String> {
    let s = match v {
        Json::Null => return Ok(None),
        Json::String(s) => s,
        _ => return Err(format!("{} is not a string or null", shown_value(v))),
    };
    check_text(s, max, lines)?;
    Ok(Some(s.clone()))
}

fn check_text(s: &str, max: usize, lines: bool) -> Result<(), String> {
    if s.trim().is_empty() {
        return Err("is empty (use null, or `none` on the command line, to clear it)".into());
    }
    if s.chars().count() > max {
        return Err(format!("is longer than {max} characters"));
    }
    if s.chars().any(|c| c.is_control() && !(lines && c == '\n')) {
        return Err("contains a control character".into());
    }
    Ok(())
}

fn tel(v: &Json) -> Result<Option<String>, String> {
    let t = text(v, 32, false)?;
    if let Some(s) = &t {
        let ok = s.starts_with(|c: char| c.is_ascii_digit() || c == '+')
            && s.chars().all(|c| c.is_ascii_digit() || "+-() ".contains(c));
        if !ok {
            return Err(format!(
                "{} is not a phone number (digits, +, -, spaces and parentheses)",
                shown_value(v)
            ));
        }
    }
    Ok(t)
}

/// Printable ASCII without spaces (an identifier of another service).
fn token(v: &Json, max: usize) -> Result<Option<String>, String> {
    let t = text(v, max, false)?;
    if let Some(s) = &t
        && !s.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(format!(
            "{} must be printable ASCII without spaces",
            shown_value(v)
        ));
    }
    Ok(t)
}

fn is_web_url(s: &str) -> bool {
    s.len() <= 2048
        && url::Url::parse(s)
            .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
}

fn url(v: &Json) -> Result<Option<String>, String> {
    let t = text(v, 2048, false)?;
    if let Some(s) = &t
        && !is_web_url(s)
    {
        return Err(format!("{} is not an http(s) URL", shown_value(v)));
    }
    Ok(t)
}

fn invoice_reg_no(v: &Json) -> Result<Option<String>, String> {
    let t = text(v, 14, false)?;
    if let Some(s) = &t
        && !(s.len() == 14 && s.starts_with('T') && s[1..].bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(format!("{} is not T followed by 13 digits", shown_value(v)));
    }
    Ok(t)
}

fn array<'a>(v: &'a Json, max: usize, what: &str) -> Result<&'a Vec<Json>, String> {
    let Json::Array(items) = v else {
        return Err(format!("must be an array of {what} ([] for none)"));
    };
    if items.len() > max {
        return Err(format!("has {} entries; at most {max}", items.len()));
    }
    Ok(items)
}

fn images(v: &Json) -> Result<String, String> {
    for (i, item) in array(v, 20, "image URLs")?.iter().enumerate() {
        if !item.as_str().is_some_and(is_web_url) {
            return Err(format!(
                "[{i}]: {} is not an http(s) URL",
                shown_value(item)
            ));
        }
    }
    Ok(v.to_string())
}

/// An object with exactly these keys (`optional` ones may be missing).
fn object<'a>(
    v: &'a Json,
    i: usize,
    required: &[&str],
    optional: &[&str],
) -> Result<&'a Map<String, Json>, String> {
    let Json::Object(m) = v else {
        return Err(format!("[{i}]: must be an object"));
    };
    for k in m.keys() {
        if !required.contains(&k.as_str()) && !optional.contains(&k.as_str()) {
            let all: Vec<&str> = required.iter().chain(optional).copied().collect();
            return Err(format!(
                "[{i}].{k}: unknown field; the fields are {}",
                all.join(", ")
            ));
        }
    }
    if let Some(k) = required.iter().find(|k| !m.contains_key(**k)) {
        return Err(format!("[{i}].{k}: missing"));
    }
    Ok(m)
}

const WEEKDAYS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/// `[{weekday: mon…sun, openTime: HH:MM, closeTime: HH:MM}]`.
fn schedules(v: &Json) -> Result<String, String> {
    for (i, item) in array(v, 70, "schedules")?.iter().enumerate() {
        let m = object(item, i, &["weekday", "openTime", "closeTime"], &[])?;
        if !m["weekday"].as_str().is_some_and(|d| WEEKDAYS.contains(&d)) {
            return Err(format!(
                "[{i}].weekday: {} is not one of {}",
                shown_value(&m["weekday"]),
                WEEKDAYS.join(", ")
            ));
        }
        for k in ["openTime", "closeTime"] {
            if !m[k].as_str().is_some_and(is_hhmm) {
                return Err(format!(
                    "[{i}].{k}: {} is not a time HH:MM (00:00 to 23:59, JST)",
                    shown_value(&m[k])
                ));
            }
        }
    }
    Ok(v.to_string())
}

/// `[{lang: en|zh-CN|ja|ko|zh-TW, message}]`, one per language.
fn greetings(v: &Json) -> Result<String, String> {
    let mut seen = HashSet::new();
    for (i, item) in array(v, Lang::ALL.len(), "greetings")?.iter().enumerate() {
        let m = object(item, i, &["lang", "message"], &[])?;
        let lang = m["lang"].as_str().and_then(Lang::parse).ok_or_else(|| {
            format!(
                "[{i}].lang: {} is not one of en, zh-CN, ja, ko, zh-TW",
                shown_value(&m["lang"])
            )
        })?;
        if !seen.insert(lang.as_str()) {
            return Err(format!(
                "[{i}].lang: a second greeting in {}",
                lang.as_str()
            ));
        }
        let Some(message) = m["message"].as_str() else {
            return Err(format!("[{i}].message: must be a string"));
        };
        check_text(message, 1000, true).map_err(|e| format!("[{i}].message: {e}"))?;
    }
    Ok(v.to_string())
}

/// A delivery address: `{id, name, zipCode?, address}`.
fn parse_delivery_addresses(v: &Json) -> Result<Vec<Json>, String> {
    let Json::Array(items) = v else {
        return Err("must be a JSON array of addresses ([] removes them all)".into());
    };
    if items.len() > 1000 {
        return Err(format!("has {} addresses; at most 1000", items.len()));
    }
    let mut ids = HashSet::new();
    for (i, item) in items.iter().enumerate() {
        let m = object(item, i, &["id", "name", "address"], &["zipCode"])?;
        let id = m["id"].as_str().unwrap_or("");
        let id_ok = !id.is_empty()
            && id.len() <= 64
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !id_ok {
            return Err(format!(
                "[{i}].id: {} must be 1 to 64 characters of A-Z, a-z, 0-9, - and _",
                shown_value(&m["id"])
            ));
        }
        if !ids.insert(id) {
            return Err(format!("[{i}].id: {id} is given twice"));
        }
        for (k, max) in [("name", 200), ("address", 500)] {
            let Some(s) = m[k].as_str() else {
                return Err(format!("[{i}].{k}: must be a string"));
            };
            check_text(s, max, false).map_err(|e| format!("[{i}].{k}: {e}"))?;
        }
        if let Some(zip) = m.get("zipCode")
            && !zip.is_null()
        {
            let ok = zip.as_str().is_some_and(|z| {
                let b = z.as_bytes();
                b.len() == 8 && b[3] == b'-' && b[..3].iter().chain(&b[4..]).all(u8::is_ascii_digit)
            });
            if !ok {
                return Err(format!(
                    "[{i}].zipCode: {} is not a postal code NNN-NNNN",
                    shown_value(zip)
                ));
            }
        }
    }
    Ok(items.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_hh_mm_of_one_day() {
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
    }

    #[test]
    fn values_are_checked_with_the_field_named() {
        let mut row = empty_settings(1, Utc::now());
        assert!(apply(&mut row, "orderSettings.deliveryFee", json!(-1)).is_err());
        assert!(apply(&mut row, "orderSettings.deliveryFee", json!(100_001)).is_err());
        assert!(apply(&mut row, "orderSettings.deliveryFee", json!(1.5)).is_err());
        apply(&mut row, "orderSettings.deliveryFee", json!(300)).expect("fee");
        assert_eq!(row.delivery_fee, 300);
        assert!(apply(&mut row, "invoiceRegNo", json!("T123")).is_err());
        apply(&mut row, "invoiceRegNo", json!("T1234567890123")).expect("reg no");
        assert!(apply(&mut row, "tel", json!("call me")).is_err());
        assert!(apply(&mut row, "sctLink", json!("javascript:alert(1)")).is_err());
        assert!(apply(&mut row, "desc", json!("")).is_err());
        apply(&mut row, "desc", Json::Null).expect("clears");
        let e = schedules(&json!([{"weekday": "mon", "openTime": "11:00", "closeTime": "25:00"}]))
            .expect_err("bad time");
        assert!(e.contains("[0].closeTime"), "{e}");
        let e = greetings(&json!([{"lang": "fr", "message": "Bonjour"}])).expect_err("bad lang");
        assert!(e.contains("[0].lang"), "{e}");
    }

    #[test]
    fn delivery_addresses_need_unique_ids_and_known_fields() {
        let one = json!({"id": "a", "name": "Office", "zipCode": "150-0002", "address": "Shibuya"});
        assert!(parse_delivery_addresses(&json!([one])).is_ok());
        let e = parse_delivery_addresses(&json!([one, one])).expect_err("duplicate");
        assert!(e.contains("[1].id: a is given twice"), "{e}");
        let e = parse_delivery_addresses(
            &json!([{"id": "a", "name": "x", "address": "y", "city": "z"}]),
        )
        .expect_err("unknown");
        assert!(e.contains("[0].city: unknown field"), "{e}");
        let e = parse_delivery_addresses(
            &json!([{"id": "a", "name": "x", "address": "y", "zipCode": "1500002"}]),
        )
        .expect_err("zip");
        assert!(e.contains("zipCode"), "{e}");
        assert!(parse_delivery_addresses(&json!({"id": "a"})).is_err());
    }
}
