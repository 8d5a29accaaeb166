//! The `noren` command line: `serve` (default), `migrate`, `healthcheck`, `openapi`, `demo`, and the operator
//! commands that create legal persons, shops, devices, platforms and keys. Keys are printed once.
//! `secret-key rotate` re-encrypts the stored secrets after a change of `NOREN_SECRET_KEY`.
//! `backup` and `restore` copy the embedded SQLite database (`db/backup.rs`).

use crate::app::{self, Server};
use crate::config::Config;
use crate::db::repo::accounts::{self, NewDevice, NewLegalPerson, NewShop};
use crate::db::{self, Db};
use crate::domain::destination::parse_webhook_url;
use crate::domain::keys::{MerchantFamily, Mode, PartnerFamily};
use crate::domain::lang::Lang;
use crate::domain::payment::PaymentMethod;
use crate::pay::store::shops;
use crate::webhooks::store as webhooks;
use anyhow::{Context, anyhow, bail};
use chrono::{NaiveDate, Utc};
use clap::{Parser, Subcommand};
use serde_json::json;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod inbound;
mod inbound_platforms;
mod listen;
mod logs;
mod order_settings;
mod secret_key;
mod trigger;
use inbound::InboundCommand;
use order_settings::{BenchMenusArgs, DeliveryAddressesCommand, OrderSettingsCommand};
use secret_key::SecretKeyCommand;

#[derive(Debug, Parser)]
#[command(
    name = "noren",
    version,
    about = "Noren: payment, ordering and inbound reservation APIs, hosted checkout and developer portal",
    after_help = "Configuration comes from NOREN_* environment variables; see the README."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start the server (the default): migrate, then serve the APIs, checkout and portal.
    Serve,
    /// Forward the key's test-mode events from any Noren to a local URL, signed with a listener
    /// secret it prints; reconnects resume without loss or repeats.
    Listen(listen::ListenArgs),
    /// Make a test-mode event happen through the sandbox's real flow (`payment.paid`,
    /// `payment.refunded`, `reservation.confirmed`), over the public API; prints what it made.
    Trigger(trigger::TriggerArgs),
    /// Show the key's test-mode requests as they finish (`noren logs tail`), from any Noren.
    #[command(subcommand)]
    Logs(logs::LogsCommand),
    /// Apply pending database migrations and exit.
    Migrate,
    /// Ask a running server whether it is ready: exit 0 when `URL` answers 2xx within 5 s, else
    /// 1 (for a container's HEALTHCHECK, which then needs no curl).
    Healthcheck {
        /// Default: `/readyz` on this configuration's `NOREN_LISTEN` (on 127.0.0.1 when it
        /// listens on every address).
        url: Option<String>,
    },
    /// Write the OpenAPI specs generated from the code (pay.yaml, order.json, inbound.json).
    Openapi {
        /// Folder to write into.
        #[arg(long, default_value = "openapi")]
        out: PathBuf,
        /// Compare instead of writing; exit 1 when a committed copy differs.
        #[arg(long)]
        check: bool,
    },
    /// Seed demo data (idempotent) and print fresh sandbox keys.
    Demo {
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Legal persons (contracting companies).
    #[command(subcommand)]
    LegalPerson(LegalPersonCommand),
    /// Shops of a legal person.
    #[command(subcommand)]
    Shop(ShopCommand),
    /// Devices of a shop.
    #[command(subcommand)]
    Device(DeviceCommand),
    /// Merchant API keys (sk_test_, sk_live_, dk_test_, dk_live_).
    #[command(subcommand)]
    Key(KeyCommand),
    /// Inbound partner platforms.
    #[command(subcommand)]
    Platform(PlatformCommand),
    /// Inbound partner keys (ipk_prov_, ipk_agcy_, ipk_ota_, ipk_test_).
    #[command(subcommand)]
    PartnerKey(PartnerKeyCommand),
    /// A shop's webhooks: default URL and signing secret, one of each per mode (test, live).
    #[command(subcommand)]
    Webhook(WebhookCommand),
    /// Mini-program app ids registered for a shop (the wechatpay charge).
    #[command(subcommand)]
    MiniprogramApp(MiniprogramAppCommand),
    /// A restaurant's order settings (hours, delivery fee, profile, schedules, greetings), as
    /// `GET /api/order/shop/{id}` shows them.
    #[command(subcommand)]
    OrderSettings(OrderSettingsCommand),
    /// The inbound reservation API's data: a merchant shop's inbound settings, texts, hours and
    /// tags (`inbound shop set`), its courses (`inbound course add`), a partner platform's
    /// notification URLs and update setting (`inbound platform set|show`).
    #[command(subcommand)]
    Inbound(InboundCommand),
    /// The addresses a restaurant delivers to (`deliveryAddresses`).
    #[command(subcommand)]
    DeliveryAddresses(DeliveryAddressesCommand),
    /// The key that encrypts stored secrets (`NOREN_SECRET_KEY`): re-encrypt them after a
    /// rotation (`rotate`), or check that nothing needs the previous keys (`rotate --check`).
    #[command(subcommand)]
    SecretKey(SecretKeyCommand),
    /// Write a consistent copy of the SQLite database to FILE while servers keep serving
    /// (`VACUUM INTO`), check it (`PRAGMA integrity_check`) and print what it holds. SQLite
    /// only: on PostgreSQL use pg_dump.
    Backup {
        /// The copy to write; never overwritten (choose a new name each time).
        file: PathBuf,
    },
    /// Replace the SQLite database with the backup FILE, checked first (integrity, and a schema
    /// no newer than this version). Refused while any noren process has the database open:
    /// stop the server first. The database it replaces is kept beside it as
    /// NAME.before-restore-<UTC time>.
    Restore {
        /// A file written by `noren backup` (or any copy of a Noren SQLite database).
        file: PathBuf,
        /// Only check FILE and print what it holds; change nothing.
        #[arg(long)]
        check: bool,
    },
    /// Internal (benchmark): give a shop many plain menus.
    #[command(hide = true)]
    BenchMenus(BenchMenusArgs),
}

#[derive(Debug, Subcommand)]
pub enum WebhookCommand {
    /// Set the shop's default webhook URL of one mode (used when a payment names no
    /// webhook_callback_url).
    SetUrl {
        /// The shop's number.
        #[arg(long)]
        shop: String,
        /// `test` or `live` (required: test and live never share a URL).
        #[arg(long)]
        mode: String,
        /// An absolute URL (`https://` in live mode, not an internal address); `none` clears it.
        #[arg(long)]
        url: String,
    },
    /// Make a new signing secret of one mode and print it; the old one keeps signing for 24
    /// hours.
    RotateSecret {
        /// The shop's number.
        #[arg(long)]
        shop: String,
        /// `test` or `live` (required: each mode has its own secrets).
        #[arg(long)]
        mode: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum MiniprogramAppCommand {
    /// Register an app id for a shop and print the shop's mini-program keys (test and live),
    /// which sign `paySign`.
    Add {
        /// The shop's number.
        #[arg(long)]
        shop: String,
        #[arg(long)]
        appid: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum LegalPersonCommand {
    Create {
        #[arg(long)]
        company_name: String,
        #[arg(long)]
        company_email: String,
        #[arg(long)]
        contract_number: String,
        /// YYYY-MM-DD
        #[arg(long)]
        contract_date: NaiveDate,
    },
}

#[derive(Debug, Subcommand)]
pub enum ShopCommand {
    Create {
        #[arg(long)]
        legal_person: i64,
        #[arg(long)]
        name: String,
        #[arg(long)]
        name_ja: String,
        /// Shop number; a random 8-digit one when omitted.
        #[arg(long)]
        number: Option<String>,
        /// Create the shop unable to take payments.
        #[arg(long)]
        not_payable: bool,
        #[arg(long)]
        review_enabled: bool,
    },
    /// Choose the brands the shop's checkout offers, in display order.
    PaymentMethods {
        /// The shop's number.
        #[arg(long)]
        shop: String,
        /// Comma-separated brands, e.g. `paypay,creditcard(sp),alipay`.
        #[arg(long)]
        set: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum DeviceCommand {
    Create {
        #[arg(long)]
        shop: i64,
        #[arg(long)]
        name: String,
        /// server, pos, tablet, ios, android or web
        #[arg(long = "type", default_value = "server")]
        device_type: String,
        /// en, zh-CN, ja, ko or zh-TW
        #[arg(long)]
        language: Option<String>,
    },
    Disable {
        #[arg(long)]
        device: i64,
    },
    Enable {
        #[arg(long)]
        device: i64,
    },
}

#[derive(Debug, Subcommand)]
pub enum KeyCommand {
    Create {
        #[arg(long)]
        device: i64,
        /// sk (merchant secret key) or dk (device key)
        #[arg(long, default_value = "sk")]
        family: String,
        /// test or live
        #[arg(long, default_value = "test")]
        mode: String,
    },
    Revoke {
        #[arg(long)]
        id: i64,
    },
}

#[derive(Debug, Subcommand)]
pub enum PlatformCommand {
    Create {
        /// The `{platform}` path value, e.g. `acme-travel`.
        #[arg(long)]
        code: String,
        #[arg(long)]
        name: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum PartnerKeyCommand {
    Create {
        /// The platform's code.
        #[arg(long)]
        platform: String,
        /// prov, agcy, ota or test
        #[arg(long, default_value = "test")]
        family: String,
    },
}

/// Runs a parsed command line.
pub async fn run(cli: Cli, config: Config) -> anyhow::Result<ExitCode> {
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(config).await,
        Command::Listen(args) => listen::listen(args).await,
        Command::Trigger(args) => trigger::trigger(args).await,
        Command::Logs(cmd) => logs::logs(cmd).await,
        Command::Healthcheck { url } => healthcheck(&config, url).await,
        Command::Migrate => {
            db::connect_and_migrate(&config.database_url).await?;
            eprintln!("migrations applied");
            Ok(ExitCode::SUCCESS)
        }
        Command::Openapi { out, check } => openapi(&out, check),
        Command::Demo { json } => demo(&config, json).await,
        Command::LegalPerson(cmd) => operator(&config, Operator::LegalPerson(cmd)).await,
        Command::Shop(cmd) => operator(&config, Operator::Shop(cmd)).await,
        Command::Device(cmd) => operator(&config, Operator::Device(cmd)).await,
        Command::Key(cmd) => operator(&config, Operator::Key(cmd)).await,
        Command::Platform(cmd) => operator(&config, Operator::Platform(cmd)).await,
        Command::PartnerKey(cmd) => operator(&config, Operator::PartnerKey(cmd)).await,
        Command::Webhook(cmd) => operator(&config, Operator::Webhook(cmd)).await,
        Command::MiniprogramApp(cmd) => operator(&config, Operator::MiniprogramApp(cmd)).await,
        Command::OrderSettings(cmd) => operator(&config, Operator::OrderSettings(cmd)).await,
        Command::Inbound(cmd) => operator(&config, Operator::Inbound(cmd)).await,
        Command::DeliveryAddresses(cmd) => {
            operator(&config, Operator::DeliveryAddresses(cmd)).await
        }
        Command::BenchMenus(args) => operator(&config, Operator::BenchMenus(args)).await,
        Command::SecretKey(cmd) => secret_key::secret_key(&config, cmd).await,
        Command::Backup { file } => backup(&config, &file).await,
        Command::Restore { file, check } => restore(&config, &file, check).await,
    }
}

/// `noren backup FILE`.
async fn backup(config: &Config, file: &Path) -> anyhow::Result<ExitCode> {
    if db::db_kind(&config.database_url) != Some(db::DbKind::Sqlite) {
        return Err(db::backup::BackupError::NotSqlite.into());
    }
    let db = db::connect(&config.database_url).await?;
    let summary = db::backup::backup(&db, file).await;
    db.close().await.ok();
    let summary = summary?;
    println!("backup written and checked\n{summary}");
    eprintln!(
        "keep NOREN_SECRET_KEY (or NOREN_DATA_DIR/secret.key) with your backups but apart from \
         them: the copy's webhook secrets and mini-program keys cannot be read without it"
    );
    Ok(ExitCode::SUCCESS)
}

/// `noren restore FILE [--check]`.
async fn restore(config: &Config, file: &Path, check: bool) -> anyhow::Result<ExitCode> {
    if check {
        let summary = db::backup::inspect(file).await?;
        println!("{summary}");
        return Ok(if summary.integrity == "ok" {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    let (summary, kept) = db::backup::restore(&config.database_url, file).await?;
    println!("restored\n{summary}");
    if let Some(kept) = kept {
        println!("the database it replaced: {}", kept.display());
    }
    eprintln!(
        "start noren with the NOREN_SECRET_KEY (or secret.key) of the database the backup was \
         taken from; a server applies this version's migrations when it starts"
    );
    Ok(ExitCode::SUCCESS)
}

async fn serve(config: Config) -> anyhow::Result<ExitCode> {
    let server = Server::prepare(config).await?;
    let addr = server.local_addr();
    tracing::info!(%addr, public_url = %server.state().public_url, "noren started");
    // Scripts (tests, benchmarks, `make run`) wait for this one line on stdout.
    let mut stdout = std::io::stdout();
    writeln!(stdout, "listening on http://{addr}")?;
    stdout.flush()?;
    crate::memory::trim_when_idle(server.state().metrics.clone());
    server.run(shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(ExitCode::SUCCESS)
}

/// `noren healthcheck [URL]`: 0 when the server answers 2xx, 1 otherwise (with why on stderr).
async fn healthcheck(config: &Config, url: Option<String>) -> anyhow::Result<ExitCode> {
    let url = url.unwrap_or_else(|| {
        let mut at = config.listen;
        if at.ip().is_unspecified() {
            at.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
        }
        format!("http://{at}/readyz")
    });
    let client = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(5))
        .no_proxy()
        .build()?;
    match client.get(&url).send().await {
        Ok(res) if res.status().is_success() => Ok(ExitCode::SUCCESS),
        Ok(res) => {
            let status = res.status();
            let body = res.text().await.unwrap_or_default();
            eprintln!("{url} answered {status}: {body}");
            Ok(ExitCode::FAILURE)
        }
        Err(e) => {
            eprintln!("{url}: {e}");
            Ok(ExitCode::FAILURE)
        }
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
    tracing::info!("shutting down: finishing in-flight requests");
}

fn openapi(out: &Path, check: bool) -> anyhow::Result<ExitCode> {
    let specs = app::specs();
    let mut stale = Vec::new();
    for (name, content) in specs.files() {
        let path = out.join(name);
        if check {
            let committed = std::fs::read_to_string(&path).unwrap_or_default();
            if committed != content {
                stale.push(path.display().to_string());
            }
        } else {
            let dir = path.parent().unwrap_or(out);
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            std::fs::write(&path, content)
                .with_context(|| format!("cannot write {}", path.display()))?;
            eprintln!("wrote {}", path.display());
        }
    }
    if stale.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "out of date: {}; regenerate with `cargo run -p noren -- openapi --out openapi`",
            stale.join(", ")
        );
        Ok(ExitCode::FAILURE)
    }
}

/// The demo data's fixed identifiers, so that `noren demo` finds what it made before.
const DEMO_CONTRACT: &str = "NOREN-DEMO-0001";
const DEMO_SHOP_NUMBER: &str = "10000001";
const DEMO_PLATFORM: &str = "demo-ota";
const DEMO_MINIPROGRAM_APPID: &str = "wxdemo0000000001";

async fn demo(config: &Config, as_json: bool) -> anyhow::Result<ExitCode> {
    let db = db::connect_and_migrate(&config.database_url).await?;
    let legal_person = match accounts::find_legal_person_by_contract(&db, DEMO_CONTRACT).await? {
        Some(lp) => lp,
        None => {
            accounts::create_legal_person(
                &db,
                NewLegalPerson {
                    company_name: "Noren Demo K.K.".into(),
                    company_email: "demo@noren.example".into(),
                    contract_number: DEMO_CONTRACT.into(),
                    contract_date: NaiveDate::from_ymd_opt(2025, 4, 1)
                        .ok_or_else(|| anyhow!("bad demo date"))?,
                },
                Utc::now(),
            )
            .await?
        }
    };
    let shop = match accounts::find_shop_by_number(&db, DEMO_SHOP_NUMBER).await? {
        Some(s) => s,
        None => {
            accounts::create_shop(
                &db,
                NewShop {
                    legal_person_id: legal_person.id,
                    number: Some(DEMO_SHOP_NUMBER.into()),
                    name: "Noren Demo Cafe".into(),
                    name_ja: "のれんデモカフェ".into(),
                    is_payable: true,
                    review_enabled: false,
                },
                Utc::now(),
            )
            .await?
        }
    };
    // The demo shop is also a restaurant (issue 11): order settings and a menu catalogue,
    // seeded once. The ordering API reads it by `shop.id` (`/api/order/shop/{shop_id}`).
    if !crate::order::store::menus::has_catalog(&db, shop.id).await? {
        let tx = db::begin_write(&db).await?;
        crate::order::service::demo::seed_restaurant(&tx, shop.id, Utc::now()).await?;
        tx.commit().await?;
    }
    // Its images, in the object store (put again on every run: a new store gets them too).
    let objects = crate::objects::Objects::open(&config.objects, &config.data_dir)?;
    crate::order::service::demo::put_images(&objects, shop.id).await?;
    // The inbound catalogue (issue 12): shops in Tokyo and Kyoto for the demo platform.
    let inbound =
        crate::inbound::service::demo::seed(&db, &objects, legal_person.id, Utc::now()).await?;
    let server_device = demo_device(&db, shop.id, "Demo server", "server", None).await?;
    let pos_device = demo_device(&db, shop.id, "Demo POS", "pos", Some(Lang::Ja)).await?;
    let platform = match accounts::find_platform_by_code(&db, DEMO_PLATFORM).await? {
        Some(p) => p,
        None => accounts::create_platform(&db, DEMO_PLATFORM, "Demo OTA", Utc::now()).await?,
    };
    let (_, merchant_key) = accounts::create_api_key(
        &db,
        server_device.id,
        MerchantFamily::Secret,
        Mode::Test,
        Utc::now(),
    )
    .await?;
    let (_, device_key) = accounts::create_api_key(
        &db,
        pos_device.id,
        MerchantFamily::Device,
        Mode::Test,
        Utc::now(),
    )
    .await?;
    let (_, partner_key) =
        accounts::create_partner_key(&db, platform.id, PartnerFamily::Test, Utc::now()).await?;
    let secret_box = config.secret_box()?;
    // Demo keys are test keys: the test secret and the test mini-program key.
    let webhook_secret =
        webhooks::current_secret(&db, &secret_box, shop.id, false, Utc::now()).await?;
    shops::add_miniprogram_app(&db, shop.id, DEMO_MINIPROGRAM_APPID, Utc::now()).await?;
    let miniprogram_key =
        shops::miniprogram_key(&db, &secret_box, shop.id, false, Utc::now()).await?;
    // With `NOREN_LISTEN=…:0` the port is chosen when `noren serve` binds: nobody knows it yet,
    // so `base_url` is null (the server prints `listening on …` when it starts).
    let known_base = config
        .public_url
        .clone()
        .or_else(|| (config.listen.port() != 0).then(|| format!("http://{}", config.listen)));
    let base = known_base
        .clone()
        .unwrap_or_else(|| "http://ADDRESS-PRINTED-BY-noren-serve".to_string());
    if as_json {
        let out = json!({
            "merchant_key": merchant_key,
            "device_key": device_key,
            "legal_person_id": legal_person.id,
            "shop_id": shop.id,
            "shop_number": shop.number,
            "server_device_id": server_device.id,
            "pos_device_id": pos_device.id,
            "platform": platform.code,
            "partner_key": partner_key,
            "inbound_shop_ids": inbound.shops,
            "webhook_secret": webhook_secret,
            "miniprogram_appid": DEMO_MINIPROGRAM_APPID,
            "miniprogram_key": miniprogram_key,
            "base_url": known_base,
        });
        println!("{out}");
    } else {
        println!(
            "Noren demo data is ready. Sandbox keys (shown once; run `noren demo` again for fresh ones):\n\n\
             \x20 merchant key  {merchant_key}\n\
             \x20 device key    {device_key}   (device \"{}\")\n\
             \x20 partner key   {partner_key}   (platform \"{}\")\n\
             \x20 webhook secret {webhook_secret}   (test mode; verifies Noren-Signature)\n\
             \x20 mini-program key {miniprogram_key}   (test mode; verifies paySign)\n\n\
             \x20 legal person  {} (id {})\n\
             \x20 shop          {} / {} (id {}, number {})\n\n\
             Try:\n\
             \x20 curl -H \"X-Auth-API-Key: {merchant_key}\" {base}/v3/api_keys/whoami\n\
             \x20 curl {base}/api/order/shop/{}?lang=ja   (the demo restaurant: shop id {}, not its number)\n\
             \x20 curl -H \"Authorization: Bearer {partner_key}\" \"{base}/v3/inbound-external/{}/shops?languageCode=en\"   (inbound shops {:?})\n\
             \x20 open {base}/ for the developer portal, {base}/references/pay for the payment API\n",
            pos_device.device_name,
            platform.code,
            legal_person.company_name,
            legal_person.id,
            shop.name,
            shop.name_ja,
            shop.id,
            shop.number,
            shop.id,
            shop.id,
            platform.code,
            inbound.shops,
        );
    }
    Ok(ExitCode::SUCCESS)
}

async fn demo_device(
    db: &Db,
    shop_id: i64,
    name: &str,
    device_type: &str,
    language: Option<Lang>,
) -> anyhow::Result<crate::db::entities::shop_device::Model> {
    if let Some(d) = accounts::find_device_by_name(db, shop_id, name).await? {
        return Ok(d);
    }
    Ok(accounts::create_device(
        db,
        NewDevice {
            shop_id,
            device_name: name.into(),
            device_type: device_type.into(),
            preferred_language: language,
            push_channel: None,
            push_token: None,
        },
        Utc::now(),
    )
    .await?)
}

enum Operator {
    LegalPerson(LegalPersonCommand),
    Shop(ShopCommand),
    Device(DeviceCommand),
    Key(KeyCommand),
    Platform(PlatformCommand),
    PartnerKey(PartnerKeyCommand),
    Webhook(WebhookCommand),
    MiniprogramApp(MiniprogramAppCommand),
    OrderSettings(OrderSettingsCommand),
    Inbound(InboundCommand),
    DeliveryAddresses(DeliveryAddressesCommand),
    BenchMenus(BenchMenusArgs),
}

async fn shop_by_number(db: &Db, number: &str) -> anyhow::Result<crate::db::entities::shop::Model> {
    accounts::find_shop_by_number(db, number)
        .await?
        .ok_or_else(|| anyhow!("no shop with number {number}"))
}

const DEVICE_TYPES: [&str; 6] = ["server", "pos", "tablet", "ios", "android", "web"];

async fn operator(config: &Config, cmd: Operator) -> anyhow::Result<ExitCode> {
    let db = db::connect_and_migrate(&config.database_url).await?;
    let db = &db;
    let out = match cmd {
        Operator::OrderSettings(cmd) => order_settings::order_settings(db, cmd).await?,
        Operator::Inbound(cmd) => inbound::inbound(db, config, cmd).await?,
        Operator::DeliveryAddresses(cmd) => order_settings::delivery_addresses(db, cmd).await?,
        Operator::BenchMenus(args) => order_settings::bench_menus(db, args).await?,
        Operator::LegalPerson(cmd) => legal_person_command(db, cmd).await?,
        Operator::Shop(cmd) => shop_command(db, cmd).await?,
        Operator::Device(cmd) => device_command(db, cmd).await?,
        Operator::Key(cmd) => key_command(db, cmd).await?,
        Operator::Platform(cmd) => platform_command(db, cmd).await?,
        Operator::PartnerKey(cmd) => partner_key_command(db, cmd).await?,
        Operator::Webhook(cmd) => webhook_command(db, config, cmd).await?,
        Operator::MiniprogramApp(cmd) => miniprogram_app_command(db, config, cmd).await?,
    };
    println!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// `noren shop …`: a shop, and the payment brands it offers.
async fn shop_command(db: &Db, cmd: ShopCommand) -> anyhow::Result<serde_json::Value> {
    Ok(match cmd {
        ShopCommand::Create {
            legal_person,
            name,
            name_ja,
            number,
            not_payable,
            review_enabled,
        } => {
            let shop = accounts::create_shop(
                db,
                NewShop {
                    legal_person_id: legal_person,
                    number,
                    name,
                    name_ja,
                    is_payable: !not_payable,
                    review_enabled,
                },
                Utc::now(),
            )
            .await?;
            json!({"id": shop.id, "number": shop.number, "name": shop.name})
        }
        ShopCommand::PaymentMethods { shop, set } => {
            let shop = shop_by_number(db, &shop).await?;
            let mut methods = Vec::new();
            for name in set.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                let m = PaymentMethod::parse(name).ok_or_else(|| {
                    anyhow!(
                        "unknown brand {name}; brands: {}",
                        PaymentMethod::ALL.map(|m| m.as_str()).join(", ")
                    )
                })?;
                if !methods.contains(&m) {
                    methods.push(m);
                }
            }
            if methods.is_empty() {
                bail!("--set needs at least one brand");
            }
            let tx = db::begin_write(db).await?;
            shops::set_payment_methods(&tx, shop.id, &methods).await?;
            tx.commit().await?;
            json!({"shop": shop.number, "payment_methods": methods.iter().map(|m| m.as_str()).collect::<Vec<_>>()})
        }
    })
}

/// `noren webhook …`: a shop's default webhook URL and secret, per mode.
async fn webhook_command(
    db: &Db,
    config: &Config,
    cmd: WebhookCommand,
) -> anyhow::Result<serde_json::Value> {
    Ok(match cmd {
        WebhookCommand::SetUrl { shop, mode, url } => {
            let mode = Mode::parse(&mode).ok_or_else(|| anyhow!("--mode must be test or live"))?;
            let livemode = mode.is_live();
            let shop = shop_by_number(db, &shop).await?;
            let url = if url == "none" {
                None
            } else {
                Some(
                    parse_webhook_url(&url, livemode, config.webhooks.reach())
                        .map_err(|e| anyhow!("--url {e}"))?,
                )
            };
            webhooks::set_shop_url(db, shop.id, livemode, url.clone(), chrono::Utc::now()).await?;
            json!({"shop": shop.number, "mode": mode.as_str(), "webhook_url": url})
        }
        WebhookCommand::RotateSecret { shop, mode } => {
            let mode = Mode::parse(&mode).ok_or_else(|| anyhow!("--mode must be test or live"))?;
            let shop = shop_by_number(db, &shop).await?;
            let secret_box = config.secret_box()?;
            let secret = webhooks::rotate_secret(
                db,
                &secret_box,
                shop.id,
                mode.is_live(),
                chrono::Utc::now(),
            )
            .await?;
            json!({"shop": shop.number, "mode": mode.as_str(), "webhook_secret": secret,
                   "note": "the previous secret of this mode keeps signing for 24 hours"})
        }
    })
}

/// `noren device …`: a shop's devices.
async fn device_command(db: &Db, cmd: DeviceCommand) -> anyhow::Result<serde_json::Value> {
    Ok(match cmd {
        DeviceCommand::Create {
            shop,
            name,
            device_type,
            language,
        } => {
            if !DEVICE_TYPES.contains(&device_type.as_str()) {
                bail!("--type must be one of {}", DEVICE_TYPES.join(", "));
            }
            let preferred_language = match language {
                None => None,
                Some(l) => Some(Lang::parse(&l).ok_or_else(|| {
                    anyhow!("--language must be one of en, zh-CN, ja, ko, zh-TW")
                })?),
            };
            let d = accounts::create_device(
                db,
                NewDevice {
                    shop_id: shop,
                    device_name: name,
                    device_type,
                    preferred_language,
                    push_channel: None,
                    push_token: None,
                },
                Utc::now(),
            )
            .await?;
            json!({"id": d.id, "device_number": d.device_number, "shop_id": d.shop_id})
        }
        DeviceCommand::Disable { device } => {
            accounts::set_device_disabled(db, device, true, Utc::now()).await?;
            json!({"id": device, "disabled": true})
        }
        DeviceCommand::Enable { device } => {
            accounts::set_device_disabled(db, device, false, Utc::now()).await?;
            json!({"id": device, "disabled": false})
        }
    })
}

/// `noren key …`: merchant API keys.
async fn key_command(db: &Db, cmd: KeyCommand) -> anyhow::Result<serde_json::Value> {
    Ok(match cmd {
        KeyCommand::Create {
            device,
            family,
            mode,
        } => {
            let family = MerchantFamily::parse(&family)
                .ok_or_else(|| anyhow!("--family must be sk or dk"))?;
            let mode = Mode::parse(&mode).ok_or_else(|| anyhow!("--mode must be test or live"))?;
            let (k, plaintext) =
                accounts::create_api_key(db, device, family, mode, Utc::now()).await?;
            json!({"id": k.id, "key": plaintext, "family": k.family, "mode": k.mode, "device_id": device,
                   "note": "the key is shown once; store it now"})
        }
        KeyCommand::Revoke { id } => {
            accounts::revoke_api_key(db, id, Utc::now()).await?;
            json!({"id": id, "revoked": true})
        }
    })
}

/// `noren miniprogram-app …`: a shop's mini-program app ids and signing keys.
async fn miniprogram_app_command(
    db: &Db,
    config: &Config,
    cmd: MiniprogramAppCommand,
) -> anyhow::Result<serde_json::Value> {
    Ok(match cmd {
        MiniprogramAppCommand::Add { shop, appid } => {
            let shop = shop_by_number(db, &shop).await?;
            let valid = !appid.is_empty()
                && appid.len() <= 64
                && appid
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
            if !valid {
                bail!("--appid must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -");
            }
            shops::add_miniprogram_app(db, shop.id, &appid, Utc::now()).await?;
            let secret_box = config.secret_box()?;
            let test = shops::miniprogram_key(db, &secret_box, shop.id, false, Utc::now()).await?;
            let live = shops::miniprogram_key(db, &secret_box, shop.id, true, Utc::now()).await?;
            json!({"shop": shop.number, "appid": appid,
                   "miniprogram_key": {"test": test, "live": live},
                   "note": "the keys sign paySign of this shop's charges, in each mode"})
        }
    })
}

/// `noren legal-person …`.
async fn legal_person_command(
    db: &Db,
    cmd: LegalPersonCommand,
) -> anyhow::Result<serde_json::Value> {
    Ok(match cmd {
        LegalPersonCommand::Create {
            company_name,
            company_email,
            contract_number,
            contract_date,
        } => {
            let lp = accounts::create_legal_person(
                db,
                NewLegalPerson {
                    company_name,
                    company_email,
                    contract_number,
                    contract_date,
                },
                Utc::now(),
            )
            .await?;
            json!({"id": lp.id, "company_name": lp.company_name, "contract_number": lp.contract_number})
        }
    })
}

/// `noren platform …`: partner platforms.
async fn platform_command(db: &Db, cmd: PlatformCommand) -> anyhow::Result<serde_json::Value> {
    Ok(match cmd {
        PlatformCommand::Create { code, name } => {
            let valid = !code.is_empty()
                && code.len() <= 64
                && code
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
            if !valid {
                bail!("--code must be 1 to 64 characters of a-z, 0-9 and -");
            }
            let p = accounts::create_platform(db, &code, &name, Utc::now()).await?;
            json!({"id": p.id, "code": p.code, "name": p.name})
        }
    })
}

/// `noren partner-key …`: a platform's partner keys.
async fn partner_key_command(db: &Db, cmd: PartnerKeyCommand) -> anyhow::Result<serde_json::Value> {
    Ok(match cmd {
        PartnerKeyCommand::Create { platform, family } => {
            let family = PartnerFamily::parse(&family)
                .ok_or_else(|| anyhow!("--family must be prov, agcy, ota or test"))?;
            let p = accounts::find_platform_by_code(db, &platform)
                .await?
                .ok_or_else(|| anyhow!("no platform {platform}"))?;
            let (k, plaintext) = accounts::create_partner_key(db, p.id, family, Utc::now()).await?;
            json!({"id": k.id, "key": plaintext, "family": k.family, "platform": p.code,
                   "note": "the key is shown once; store it now"})
        }
    })
}
