//! Typed settings from `NOREN_*` environment variables, parsed once at start-up.
//!
//! Every variable has a safe default, so `noren serve` with an empty environment starts on
//! `127.0.0.1:8080` with an SQLite file under `./data/`. A bad value stops start-up with one line
//! that names the variable (see `ConfigError`), never with a panic trace.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::db::{DbKind, db_kind, redact_url};
use crate::domain::secret_box::SecretBox;
use crate::jobs::schedule::parse_schedule;
use crate::webhooks::event::{DEFAULT_RETRY_SCHEDULE, FxRates};
pub use crate::webhooks::settings::WebhookSettings;

/// Log output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

#[derive(Clone, Debug)]
pub struct Config {
    /// `NOREN_LISTEN`: address to bind; port 0 picks a free port.
    pub listen: SocketAddr,
    /// `NOREN_DATABASE_URL`: `sqlite://PATH` or `postgres://…`.
    pub database_url: String,
    /// `NOREN_PUBLIC_URL`: the base that links handed to customers start with (checkout URLs).
    /// `None` means "the address we listen on", resolved after binding.
    pub public_url: Option<String>,
    /// `NOREN_DATA_DIR`: where local files live (the default SQLite database, uploads).
    pub data_dir: PathBuf,
    /// `NOREN_LOG`: `pretty` (default) or `json`.
    pub log_format: LogFormat,
    /// `NOREN_PORTAL_DIR`: the portal's static build; found next to the repository by default.
    pub portal_dir: Option<PathBuf>,
    /// `NOREN_CHECKOUT_DIR`: the hosted checkout's static build.
    pub checkout_dir: Option<PathBuf>,
    /// `NOREN_AUTH_CACHE_TTL_MS`: how long an authenticated merchant key is remembered
    /// (default 2000; 0 turns the cache off). See `http::auth_cache`.
    pub auth_cache_ttl: Duration,
    /// `NOREN_REFUND_WINDOW_DAYS`: how long after payment a refund is accepted (default 90).
    pub refund_window_days: i64,
    /// `NOREN_FX_RATES`: yen exchange rates for foreign brands' `payment_currency_info`
    /// (default `CNY=0.047`).
    pub fx_rates: FxRates,
    pub webhooks: WebhookSettings,
    /// `NOREN_SECRET_KEY`: the AES-256 key (64 hex digits or base64 of 32 bytes) that encrypts
    /// webhook secrets and mini-program keys at rest. Unset: a key file under `data_dir` is made
    /// on first start and used (see [`Config::secret_box`]). Kept as the cipher, whose `Debug`
    /// never shows the key.
    pub secret_key: Option<SecretBox>,
    /// `NOREN_SECRET_KEY_PREVIOUS`: earlier keys (comma-separated, each like
    /// `NOREN_SECRET_KEY`) that still open stored values and verify signed links while a key
    /// rotation is under way; nothing is sealed or signed with them. Each is a box of one key.
    pub secret_key_previous: Vec<SecretBox>,
    pub limits: Limits,
    /// `NOREN_OBJECT_STORE_URL` (`s3://BUCKET/PREFIX`) and the `AWS_*` settings: where uploaded
    /// files live (default: `objects/` under `data_dir`). See `objects.rs`.
    pub objects: ObjectStoreSettings,
    /// `NOREN_IMPORT_WORKER`: `on` (default) runs menu imports in this process; `off` leaves
    /// them to other processes on the same database.
    pub import_worker: bool,
}

/// Connection and request limits (DESIGN.md "Limits"), all per process.
#[derive(Clone, Debug)]
pub struct Limits {
    /// `NOREN_HEADER_TIMEOUT_MS`: how long a client has to send a request's headers; an idle
    /// keep-alive connection is closed after the same time (default 10000).
    pub header_timeout: Duration,
    /// `NOREN_REQUEST_TIMEOUT_MS`: how long a request (body included) may take before it is
    /// answered 503 (default 30000).
    pub request_timeout: Duration,
    /// `NOREN_MAX_CONNECTIONS`: open connections at once; past it a new connection is answered
    /// 503 and closed (default 1024).
    pub max_connections: usize,
    /// `NOREN_SHUTDOWN_DELAY_MS`: after SIGTERM, how long the process goes on accepting (its
    /// `/readyz` already 503) so that a load balancer's health check takes it out first
    /// (default 0: stop accepting at once, for balancers that retry a refused connection).
    pub shutdown_delay: Duration,
    /// `NOREN_SHUTDOWN_DRAIN_MS`: then how long requests and background jobs in flight get to
    /// finish before they are cut (default 30000); jobs cut off are released to other
    /// processes at once.
    pub shutdown_drain: Duration,
    /// `NOREN_RATE_LIMIT_PER_KEY`: requests per key (default `100/s`); `off` disables.
    pub per_key: Option<Rate>,
    /// `NOREN_RATE_LIMIT_PER_ADDRESS`: requests without a key per client address (default
    /// `100/s`); `off` disables.
    pub per_address: Option<Rate>,
    /// `NOREN_RATE_LIMIT_FAILURES`: failed authentications (401) and unknown payment tokens
    /// (404 without a key) per client address before the address is refused for one window
    /// (default `20/m`); `off` disables.
    pub failures: Option<Rate>,
    /// `NOREN_CLIENT_IP_HEADER`: a header set by a trusted proxy in front of Noren that holds
    /// the client's address (e.g. `x-forwarded-for`: its last entry is used). Unset: the
    /// peer address of the connection.
    pub client_ip_header: Option<axum::http::HeaderName>,
    /// `NOREN_METRICS_TOKEN`: when set, `/metrics` requires `Authorization: Bearer <token>`.
    pub metrics_token: Option<String>,
    /// `NOREN_METRICS_LISTEN`: when set, `/metrics` is served only on this address.
    pub metrics_listen: Option<SocketAddr>,
}

/// A rate that is not `N/s`, `N/m`, `N/h` or `off`.
#[derive(Debug, PartialEq, Eq)]
pub struct InvalidRate;

/// A rate: `count` requests per `window` (burst up to `count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub window: Duration,
}

impl Rate {
    /// `N/s`, `N/m` or `N/h` with N from 1 to 1,000,000; `off` is `None`.
    pub fn parse(raw: &str) -> Result<Option<Rate>, InvalidRate> {
        if raw == "off" {
            return Ok(None);
        }
        let (n, unit) = raw.split_once('/').ok_or(InvalidRate)?;
        let count: u32 = n.trim().parse().map_err(|_| InvalidRate)?;
        if !(1..=1_000_000).contains(&count) {
            return Err(InvalidRate);
        }
        let window = match unit.trim() {
            "s" => Duration::from_secs(1),
            "m" => Duration::from_secs(60),
            "h" => Duration::from_secs(3600),
            _ => return Err(InvalidRate),
        };
        Ok(Some(Rate { count, window }))
    }
}

/// The key file made under `NOREN_DATA_DIR` when `NOREN_SECRET_KEY` is unset.
pub const SECRET_KEY_FILE: &str = "secret.key";

/// A configuration error: one line naming the variable, its value and what is expected.
#[derive(Debug, thiserror::Error)]
#[error("invalid {var}={value:?}: {expected}")]
pub struct ConfigError {
    pub var: &'static str,
    pub value: String,
    pub expected: &'static str,
}

impl Config {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
    }

    /// Reads settings through `lookup`, so tests can supply their own environment. The first
    /// bad variable (in the order below) is the error.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let env = Env(lookup);
        let listen = env
            .parsed(
                "NOREN_LISTEN",
                "an address like 127.0.0.1:8080 or 0.0.0.0:80",
                |v| v.parse().ok(),
            )?
            .unwrap_or(SocketAddr::from(([127, 0, 0, 1], 8080)));
        let data_dir = PathBuf::from(env.get("NOREN_DATA_DIR").unwrap_or_else(|| "data".into()));
        Ok(Config {
            listen,
            database_url: database_url(&env, &data_dir)?,
            public_url: env.parsed(
                "NOREN_PUBLIC_URL",
                "an absolute http(s) URL like https://pay.example.com",
                public_url,
            )?,
            log_format: env
                .parsed("NOREN_LOG", "pretty or json", |v| match v {
                    "pretty" => Some(LogFormat::Pretty),
                    "json" => Some(LogFormat::Json),
                    _ => None,
                })?
                .unwrap_or(LogFormat::Pretty),
            auth_cache_ttl: env.millis(
                "NOREN_AUTH_CACHE_TTL_MS",
                2000,
                (0, 600_000),
                "milliseconds from 0 (off) to 600000",
            )?,
            refund_window_days: env.number(
                "NOREN_REFUND_WINDOW_DAYS",
                90,
                (0, 3650),
                "whole days from 0 to 3650",
            )? as i64,
            fx_rates: env
                .parsed(
                    "NOREN_FX_RATES",
                    "rates from yen like CNY=0.047[,USD=0.0066]",
                    |v| FxRates::parse(v).ok(),
                )?
                .unwrap_or_default(),
            webhooks: webhook_settings(&env)?,
            limits: limits(&env)?,
            objects: ObjectStoreSettings::from_lookup(&env.0)?,
            import_worker: env.switch("NOREN_IMPORT_WORKER", true)?,
            portal_dir: env.dir("NOREN_PORTAL_DIR")?,
            checkout_dir: env.dir("NOREN_CHECKOUT_DIR")?,
            secret_key: secret_key(&env)?,
            secret_key_previous: secret_key_previous(&env)?,
            data_dir,
        })
    }

    /// What encrypts secrets at rest: `NOREN_SECRET_KEY`, else the key file under `data_dir`,
    /// made (mode 0600) on first start so that `make run` needs no setup; either way with the
    /// keys of `NOREN_SECRET_KEY_PREVIOUS` to open what earlier keys sealed. Several processes
    /// sharing one database must all be given the same `NOREN_SECRET_KEY`.
    pub fn secret_box(&self) -> anyhow::Result<SecretBox> {
        Ok(self
            .current_secret_box()?
            .with_previous(&self.secret_key_previous))
    }

    fn current_secret_box(&self) -> anyhow::Result<SecretBox> {
        use anyhow::Context;
        if let Some(secret_box) = &self.secret_key {
            return Ok(secret_box.clone());
        }
        let path = self.data_dir.join(SECRET_KEY_FILE);
        let read = |path: &Path| -> anyhow::Result<SecretBox> {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let key = SecretBox::parse_key(&text).with_context(|| {
                format!("{} does not hold a 32-byte key in hex", path.display())
            })?;
            Ok(SecretBox::new(&key))
        };
        if path.exists() {
            return read(&path);
        }
        std::fs::create_dir_all(&self.data_dir)
            .with_context(|| format!("cannot create {}", self.data_dir.display()))?;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        match options.open(&path) {
            Ok(mut file) => {
                use std::io::Write;
                let key = SecretBox::generate_key();
                file.write_all(hex::encode(key).as_bytes())
                    .with_context(|| format!("cannot write {}", path.display()))?;
                tracing::warn!(
                    path = %path.display(),
                    "NOREN_SECRET_KEY is unset: made a key file to encrypt webhook secrets; \
                     processes that share a database must all set the same NOREN_SECRET_KEY"
                );
                Ok(SecretBox::new(&key))
            }
            // Another process made it first.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => read(&path),
            Err(e) => Err(e).with_context(|| format!("cannot create {}", path.display())),
        }
    }

    pub fn db_kind(&self) -> DbKind {
        // Checked in `from_lookup`; a hand-built Config with another URL is treated as PostgreSQL
        // and fails at connect time with the driver's message.
        db_kind(&self.database_url).unwrap_or(DbKind::Postgres)
    }
}

/// The environment as `Config::from_lookup` reads it: one variable at a time, each error naming
/// its variable, its value and what is expected.
struct Env<F: Fn(&str) -> Option<String>>(F);

impl<F: Fn(&str) -> Option<String>> Env<F> {
    fn get(&self, var: &str) -> Option<String> {
        (self.0)(var)
    }

    /// `var` read by `parse`; `None` when unset, the error when `parse` refuses it.
    fn parsed<T>(
        &self,
        var: &'static str,
        expected: &'static str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<Option<T>, ConfigError> {
        match self.get(var) {
            None => Ok(None),
            Some(v) => match parse(&v) {
                Some(value) => Ok(Some(value)),
                None => Err(ConfigError {
                    var,
                    value: v,
                    expected,
                }),
            },
        }
    }

    /// `on` or `off`; `default` when unset.
    fn switch(&self, var: &'static str, default: bool) -> Result<bool, ConfigError> {
        let on = self.parsed(var, "on or off", |v| match v {
            "on" => Some(true),
            "off" => Some(false),
            _ => None,
        })?;
        Ok(on.unwrap_or(default))
    }

    /// A whole number within `(min, max)`; `default` when unset.
    fn number(
        &self,
        var: &'static str,
        default: u64,
        (min, max): (u64, u64),
        expected: &'static str,
    ) -> Result<u64, ConfigError> {
        let n = self.parsed(var, expected, |v| {
            v.parse::<u64>().ok().filter(|n| (min..=max).contains(n))
        })?;
        Ok(n.unwrap_or(default))
    }

    /// Milliseconds within `bounds`; `default` when unset.
    fn millis(
        &self,
        var: &'static str,
        default: u64,
        bounds: (u64, u64),
        expected: &'static str,
    ) -> Result<Duration, ConfigError> {
        self.number(var, default, bounds, expected)
            .map(Duration::from_millis)
    }

    /// An existing directory, or `None` when unset.
    fn dir(&self, var: &'static str) -> Result<Option<PathBuf>, ConfigError> {
        self.parsed(var, "an existing directory", |v| {
            Path::new(v).is_dir().then(|| PathBuf::from(v))
        })
    }

    /// A [`Rate`] (`off` is `None`); `default` when unset.
    fn rate(&self, var: &'static str, default: &str) -> Result<Option<Rate>, ConfigError> {
        let raw = self.get(var).unwrap_or_else(|| default.to_string());
        Rate::parse(&raw).map_err(|_| ConfigError {
            var,
            value: raw,
            expected: "a rate like 100/s, 600/m or 5000/h (1 to 1000000), or off",
        })
    }
}

/// `NOREN_DATABASE_URL`, else the SQLite file under `data_dir`. A bad URL is shown without
/// its password.
fn database_url<F: Fn(&str) -> Option<String>>(
    env: &Env<F>,
    data_dir: &Path,
) -> Result<String, ConfigError> {
    match env.get("NOREN_DATABASE_URL") {
        None => Ok(format!("sqlite://{}", data_dir.join("noren.db").display())),
        Some(v) if db_kind(&v).is_some() => Ok(v),
        Some(v) => Err(ConfigError {
            var: "NOREN_DATABASE_URL",
            value: redact_url(&v),
            expected: "sqlite://PATH or postgres://USER:PASSWORD@HOST:PORT/DB",
        }),
    }
}

/// An absolute http(s) URL without spaces, its trailing `/` left out.
fn public_url(v: &str) -> Option<String> {
    let ok = (v.starts_with("http://") || v.starts_with("https://"))
        && v.len() > "https://".len()
        && !v.contains(char::is_whitespace);
    ok.then(|| v.trim_end_matches('/').to_string())
}

/// `NOREN_SECRET_KEY`; a bad key is never echoed.
fn secret_key<F: Fn(&str) -> Option<String>>(
    env: &Env<F>,
) -> Result<Option<SecretBox>, ConfigError> {
    let Some(v) = env.get("NOREN_SECRET_KEY") else {
        return Ok(None);
    };
    let key = SecretBox::parse_key(&v).ok_or(ConfigError {
        var: "NOREN_SECRET_KEY",
        value: "…".into(),
        expected: "32 random bytes as 64 hex digits or base64 (e.g. `openssl rand -hex 32`)",
    })?;
    Ok(Some(SecretBox::new(&key)))
}

/// `NOREN_SECRET_KEY_PREVIOUS`: keys separated by commas (an empty entry is skipped); a bad key
/// is never echoed.
fn secret_key_previous<F: Fn(&str) -> Option<String>>(
    env: &Env<F>,
) -> Result<Vec<SecretBox>, ConfigError> {
    let Some(v) = env.get("NOREN_SECRET_KEY_PREVIOUS") else {
        return Ok(Vec::new());
    };
    v.split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(|k| {
            SecretBox::parse_key(k)
                .map(|key| SecretBox::new(&key))
                .ok_or(ConfigError {
                    var: "NOREN_SECRET_KEY_PREVIOUS",
                    value: "…".into(),
                    expected: "keys separated by commas, each 32 bytes as 64 hex digits or base64 (like NOREN_SECRET_KEY)",
                })
        })
        .collect()
}

/// The `NOREN_WEBHOOK_*` settings.
fn webhook_settings<F: Fn(&str) -> Option<String>>(
    env: &Env<F>,
) -> Result<WebhookSettings, ConfigError> {
    let worker = env.switch("NOREN_WEBHOOK_WORKER", true)?;
    let allow_private = env.switch("NOREN_WEBHOOK_ALLOW_PRIVATE", false)?;
    let test_loopback = env.switch("NOREN_WEBHOOK_TEST_LOOPBACK", true)?;
    let schedule = env
        .parsed(
            "NOREN_WEBHOOK_RETRY_SCHEDULE",
            "1 to 10 waits like 10s,30s,1m (units ms, s, m, h)",
            |v| parse_schedule(v).ok(),
        )?
        .unwrap_or_else(|| parse_schedule(DEFAULT_RETRY_SCHEDULE).unwrap_or_default());
    Ok(WebhookSettings {
        worker,
        timeout: env.millis(
            "NOREN_WEBHOOK_TIMEOUT_MS",
            10_000,
            (50, 60_000),
            "milliseconds from 50 to 60000",
        )?,
        schedule,
        concurrency: env.number(
            "NOREN_WEBHOOK_CONCURRENCY",
            128,
            (1, 1024),
            "a number from 1 to 1024",
        )? as usize,
        per_destination: env.number(
            "NOREN_WEBHOOK_PER_DESTINATION",
            8,
            (1, 1024),
            "a number from 1 to 1024",
        )? as usize,
        poll: env.millis(
            "NOREN_WEBHOOK_POLL_MS",
            1000,
            (10, 60_000),
            "milliseconds from 10 to 60000",
        )?,
        allow_private,
        test_loopback,
    })
}

/// The request limits, rate limits and the metrics listener.
fn limits<F: Fn(&str) -> Option<String>>(env: &Env<F>) -> Result<Limits, ConfigError> {
    let client_ip_header = env.parsed(
        "NOREN_CLIENT_IP_HEADER",
        "a header name like x-forwarded-for or x-real-ip",
        |v| axum::http::HeaderName::from_bytes(v.to_ascii_lowercase().as_bytes()).ok(),
    )?;
    let metrics_token = env.get("NOREN_METRICS_TOKEN");
    if let Some(t) = &metrics_token
        && (t.len() < 16 || !t.bytes().all(|b| b.is_ascii_graphic()))
    {
        return Err(ConfigError {
            var: "NOREN_METRICS_TOKEN",
            value: "(hidden)".into(),
            expected: "at least 16 visible ASCII characters",
        });
    }
    Ok(Limits {
        metrics_listen: env.parsed(
            "NOREN_METRICS_LISTEN",
            "an address like 127.0.0.1:9090",
            |v| v.parse().ok(),
        )?,
        header_timeout: env.millis(
            "NOREN_HEADER_TIMEOUT_MS",
            10_000,
            (100, 600_000),
            "milliseconds from 100 to 600000",
        )?,
        request_timeout: env.millis(
            "NOREN_REQUEST_TIMEOUT_MS",
            30_000,
            (100, 600_000),
            "milliseconds from 100 to 600000",
        )?,
        max_connections: env.number(
            "NOREN_MAX_CONNECTIONS",
            1024,
            (1, 1_000_000),
            "a number from 1 to 1000000",
        )? as usize,
        shutdown_delay: env.millis(
            "NOREN_SHUTDOWN_DELAY_MS",
            0,
            (0, 600_000),
            "milliseconds from 0 to 600000",
        )?,
        shutdown_drain: env.millis(
            "NOREN_SHUTDOWN_DRAIN_MS",
            30_000,
            (0, 3_600_000),
            "milliseconds from 0 to 3600000",
        )?,
        per_key: env.rate("NOREN_RATE_LIMIT_PER_KEY", "100/s")?,
        per_address: env.rate("NOREN_RATE_LIMIT_PER_ADDRESS", "100/s")?,
        failures: env.rate("NOREN_RATE_LIMIT_FAILURES", "20/m")?,
        client_ip_header,
        metrics_token,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD as STANDARD_B64;
    use std::collections::HashMap;

    fn parse(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let env: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|k| env.get(k).cloned())
    }

    #[test]
    fn an_empty_environment_gives_the_embedded_defaults() {
        let c = parse(&[]).expect("defaults are valid");
        assert_eq!(c.listen.to_string(), "127.0.0.1:8080");
        assert_eq!(c.database_url, "sqlite://data/noren.db");
        assert_eq!(c.db_kind(), DbKind::Sqlite);
        assert_eq!(c.log_format, LogFormat::Pretty);
        assert!(c.public_url.is_none());
    }

    #[test]
    fn each_bad_value_names_its_variable() {
        let one_good_one_bad = format!("{},00ff", "ab".repeat(32));
        for (var, value) in [
            ("NOREN_LISTEN", "localhost"),
            ("NOREN_DATABASE_URL", "mysql://x"),
            ("NOREN_PUBLIC_URL", "example.com"),
            ("NOREN_LOG", "xml"),
            ("NOREN_PORTAL_DIR", "/definitely/not/here"),
            ("NOREN_AUTH_CACHE_TTL_MS", "soon"),
            ("NOREN_REFUND_WINDOW_DAYS", "-1"),
            ("NOREN_FX_RATES", "CNY"),
            ("NOREN_WEBHOOK_WORKER", "maybe"),
            ("NOREN_WEBHOOK_TIMEOUT_MS", "0"),
            ("NOREN_WEBHOOK_RETRY_SCHEDULE", "10"),
            ("NOREN_WEBHOOK_CONCURRENCY", "0"),
            ("NOREN_WEBHOOK_PER_DESTINATION", "0"),
            ("NOREN_WEBHOOK_POLL_MS", "fast"),
            ("NOREN_HEADER_TIMEOUT_MS", "0"),
            ("NOREN_REQUEST_TIMEOUT_MS", "forever"),
            ("NOREN_MAX_CONNECTIONS", "0"),
            ("NOREN_RATE_LIMIT_PER_KEY", "100"),
            ("NOREN_RATE_LIMIT_PER_ADDRESS", "0/s"),
            ("NOREN_RATE_LIMIT_FAILURES", "5/day"),
            ("NOREN_CLIENT_IP_HEADER", "bad header"),
            ("NOREN_METRICS_TOKEN", "short"),
            ("NOREN_METRICS_LISTEN", "nowhere"),
            ("NOREN_WEBHOOK_ALLOW_PRIVATE", "yes"),
            ("NOREN_SECRET_KEY", "not-a-key"),
            ("NOREN_SECRET_KEY", "00ff"),
            ("NOREN_SECRET_KEY_PREVIOUS", "not-a-key"),
            ("NOREN_SECRET_KEY_PREVIOUS", one_good_one_bad.as_str()),
        ] {
            let err = parse(&[(var, value)]).expect_err(var);
            assert_eq!(err.var, var);
            assert!(
                err.to_string().starts_with(&format!("invalid {var}=")),
                "{err}"
            );
        }
    }

    #[test]
    fn database_passwords_never_appear_in_errors() {
        assert_eq!(
            redact_url("postgres://u:secret@h:5432/db"),
            "postgres://u:***@h:5432/db"
        );
        assert_eq!(
            redact_url("sqlite://data/noren.db"),
            "sqlite://data/noren.db"
        );
        let err = parse(&[("NOREN_DATABASE_URL", "pg://u:secret@h/db")]).expect_err("bad scheme");
        assert!(!err.to_string().contains("secret"));
    }

    #[test]
    fn rates_read_count_and_window_or_off() {
        assert_eq!(
            Rate::parse("100/s"),
            Ok(Some(Rate {
                count: 100,
                window: Duration::from_secs(1)
            }))
        );
        assert_eq!(
            Rate::parse("20/m").map(|r| r.map(|r| r.window)),
            Ok(Some(Duration::from_secs(60)))
        );
        assert_eq!(Rate::parse("off"), Ok(None));
        let c = parse(&[]).expect("defaults are valid");
        assert_eq!(c.limits.per_key.map(|r| r.count), Some(100));
        assert_eq!(c.limits.failures.map(|r| r.count), Some(20));
    }

    #[test]
    fn a_bad_secret_key_is_never_echoed() {
        let key = "ab".repeat(31);
        let err = parse(&[("NOREN_SECRET_KEY", &key)]).expect_err("31 bytes");
        assert!(!err.to_string().contains(&key), "{err}");
        let ok = parse(&[("NOREN_SECRET_KEY", &"ab".repeat(32))]).expect("32 bytes");
        assert!(!format!("{ok:?}").to_lowercase().contains(&"ab".repeat(32)));
        let sealed = SecretBox::new(&[0xab; 32]).seal("whsec_x");
        let opened = ok.secret_box().expect("from the variable").open(&sealed);
        assert_eq!(opened.as_deref(), Ok("whsec_x"));
    }

    #[test]
    fn previous_secret_keys_open_what_they_sealed_and_never_seal() {
        let (old, older) = ("cd".repeat(32), STANDARD_B64.encode([0xefu8; 32]));
        let c = parse(&[
            ("NOREN_SECRET_KEY", &"ab".repeat(32)),
            ("NOREN_SECRET_KEY_PREVIOUS", &format!(" {old} ,{older},")),
        ])
        .expect("valid keys");
        assert_eq!(c.secret_key_previous.len(), 2);
        assert!(
            !format!("{c:?}").to_lowercase().contains(&old),
            "never shown"
        );
        let b = c.secret_box().expect("box");
        for key in [[0xcd; 32], [0xef; 32]] {
            let sealed = SecretBox::new(&key).seal("whsec_x");
            assert_eq!(b.open(&sealed).as_deref(), Ok("whsec_x"));
        }
        let sealed = b.seal("whsec_y");
        assert_eq!(
            SecretBox::new(&[0xab; 32]).open(&sealed).as_deref(),
            Ok("whsec_y")
        );
        let err = parse(&[("NOREN_SECRET_KEY_PREVIOUS", &format!("{old},short"))])
            .expect_err("a bad entry");
        assert!(!err.to_string().contains(&old), "{err}");
        assert!(parse(&[]).expect("defaults").secret_key_previous.is_empty());
    }

    #[test]
    fn without_a_secret_key_a_key_file_is_made_once_and_reused() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut c = parse(&[]).expect("defaults");
        c.data_dir = dir.path().join("data");
        let sealed = c.secret_box().expect("made").seal("whsec_x");
        let path = c.data_dir.join(SECRET_KEY_FILE);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .expect("key file")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert_eq!(
            c.secret_box().expect("read").open(&sealed).as_deref(),
            Ok("whsec_x")
        );
    }

    #[test]
    fn public_url_loses_its_trailing_slash() {
        let c = parse(&[("NOREN_PUBLIC_URL", "https://pay.example.com/")]).expect("valid");
        assert_eq!(c.public_url.as_deref(), Some("https://pay.example.com"));
    }
}

/// The `AWS_*` variables read for an S3 store.
pub const AWS_VARS: &[&str] = &[
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN",
    "AWS_REGION",
    "AWS_DEFAULT_REGION",
    "AWS_ENDPOINT_URL",
    "AWS_ENDPOINT",
    "AWS_ALLOW_HTTP",
    "AWS_VIRTUAL_HOSTED_STYLE_REQUEST",
];

/// `NOREN_OBJECT_STORE_URL` and the `AWS_*` values, read by `objects.rs`; their `Debug` hides
/// the values.
#[derive(Clone, Default)]
pub struct ObjectStoreSettings {
    /// `(bucket, prefix)` of `s3://BUCKET/PREFIX`; `None`: the local folder.
    pub s3: Option<(String, String)>,
    pub aws: Vec<(&'static str, String)>,
}

impl std::fmt::Debug for ObjectStoreSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ObjectStoreSettings")
            .field("s3", &self.s3)
            .field("aws", &self.aws.iter().map(|(k, _)| *k).collect::<Vec<_>>())
            .finish()
    }
}

impl ObjectStoreSettings {
    pub fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let s3 = match lookup("NOREN_OBJECT_STORE_URL").filter(|v| !v.is_empty()) {
            None => None,
            Some(v) => {
                let bad = || ConfigError {
                    var: "NOREN_OBJECT_STORE_URL",
                    value: v.clone(),
                    expected: "s3://BUCKET or s3://BUCKET/PREFIX",
                };
                let url = url::Url::parse(&v).map_err(|_| bad())?;
                let bucket = url.host_str().filter(|b| !b.is_empty()).ok_or_else(bad)?;
                if url.scheme() != "s3" {
                    return Err(bad());
                }
                let prefix = url.path().trim_matches('/').to_string();
                Some((bucket.to_string(), prefix))
            }
        };
        let aws = AWS_VARS
            .iter()
            .filter_map(|k| lookup(k).map(|v| (*k, v)))
            .collect();
        Ok(ObjectStoreSettings { s3, aws })
    }
}
