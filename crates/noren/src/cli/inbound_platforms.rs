//! Operator commands for an inbound platform's settings (issue 12, items 3 and 5):
//! `noren inbound platform set|show --platform CODE`.
//!
//! `set` changes only what it is given: the notification URL of each mode (`--webhook-url` for
//! live, `--webhook-url-test` for test; `none` clears one; a live URL must be public `https`, as
//! payment webhook URLs) and `--updates-enabled` (the partner's update call). The first time a
//! mode gets a URL, its signing secret is made and printed, once; `show` never prints secrets.

use super::order_settings::refused;
use crate::config::Config;
use crate::db::Db;
use crate::db::entities::inbound_platform;
use crate::db::repo::accounts;
use crate::http::error::FieldError;
use crate::http::values::{Raw, Value, WebhookUrl};
use crate::inbound::store::platforms::{self, PlatformSettings};
use crate::webhooks::store as webhooks;
use anyhow::anyhow;
use chrono::Utc;
use clap::Subcommand;
use serde_json::{Value as Json, json};

#[derive(Debug, Subcommand)]
pub enum InboundPlatformCommand {
    /// Change a platform's notification URLs and update setting; prints the signing secret of
    /// a mode when its first URL is set (shown once).
    Set {
        /// The platform's code (the `{platform}` path value).
        #[arg(long)]
        platform: String,
        /// Where live reservation status notifications go (public `https`); `none` clears it.
        #[arg(long)]
        webhook_url: Option<String>,
        /// Where test reservation status notifications go; `none` clears it.
        #[arg(long)]
        webhook_url_test: Option<String>,
        /// Whether the partner's update call (`PUT shops/reservations/{…}`) is on.
        #[arg(long, value_name = "true|false")]
        updates_enabled: Option<bool>,
    },
    /// Print a platform's settings and its latest notifications.
    Show {
        /// The platform's code.
        #[arg(long)]
        platform: String,
    },
}

/// Runs one command and answers what to print.
pub async fn platform(
    db: &Db,
    config: &Config,
    cmd: InboundPlatformCommand,
) -> anyhow::Result<Json> {
    match cmd {
        InboundPlatformCommand::Set {
            platform,
            webhook_url,
            webhook_url_test,
            updates_enabled,
        } => {
            let p = find(db, &platform).await?;
            let reach = config.webhooks.reach();
            // The payment webhooks' URL value and the rules of its mode; a refusal names the
            // flag as the API names a field.
            let url = |raw: Option<String>, livemode: bool, flag: &str| match raw.as_deref() {
                None => Ok(None),
                Some("none") => Ok(Some(None)),
                Some(raw) => WebhookUrl::parse(Raw::Text(raw))
                    .and_then(|u| u.check(livemode, reach).map(|()| u))
                    .map(|u| Some(Some(u.into_string())))
                    .map_err(|e| FieldError::new(flag, e)),
            };
            let settings = match (
                url(webhook_url, true, "--webhook-url"),
                url(webhook_url_test, false, "--webhook-url-test"),
            ) {
                (Ok(webhook_url), Ok(webhook_url_test)) => PlatformSettings {
                    webhook_url,
                    webhook_url_test,
                    updates_enabled,
                },
                (live, test) => return Err(refused(live.err().into_iter().chain(test.err()))),
            };
            let tx = crate::db::begin_write(db).await?;
            let mut secrets = serde_json::Map::new();
            let now = Utc::now();
            let secret_box = config.secret_box()?;
            for (livemode, given) in [
                (true, &settings.webhook_url),
                (false, &settings.webhook_url_test),
            ] {
                if matches!(given, Some(Some(_)))
                    && !webhooks::platform_has_secret(&tx, p.id, livemode).await?
                {
                    let secret =
                        webhooks::rotate_platform_secret(&tx, &secret_box, p.id, livemode, now)
                            .await?;
                    secrets.insert(mode(livemode).into(), Json::String(secret));
                }
            }
            let p = platforms::set_settings(&tx, p.id, &settings)
                .await?
                .ok_or_else(|| anyhow!("no platform {platform}"))?;
            tx.commit().await?;
            let mut out = view(&p);
            if !secrets.is_empty() {
                out["webhook_secret"] = Json::Object(secrets);
                out["note"] = json!(
                    "the signing secrets are shown once; notifications carry Noren-Signature \
                     signed with the secret of their mode"
                );
            }
            Ok(out)
        }
        InboundPlatformCommand::Show { platform } => {
            let p = find(db, &platform).await?;
            let events = webhooks::platform_events(db, p.id, 10).await?;
            let mut out = view(&p);
            out["latest_notifications"] = events
                .into_iter()
                .map(|(e, attempts)| {
                    json!({
                        "id": e.public_id,
                        "livemode": e.livemode,
                        "reservation_id": e.token,
                        "new_status": e.payment_status,
                        "status": e.status.as_str(),
                        "attempts": attempts.len(),
                        "created_at": e.created_at.to_rfc3339(),
                    })
                })
                .collect();
            Ok(out)
        }
    }
}

fn mode(livemode: bool) -> &'static str {
    if livemode { "live" } else { "test" }
}

async fn find(db: &Db, code: &str) -> anyhow::Result<inbound_platform::Model> {
    accounts::find_platform_by_code(db, code)
        .await?
        .ok_or_else(|| anyhow!("no platform {code}"))
}

fn view(p: &inbound_platform::Model) -> Json {
    json!({
        "platform": p.code,
        "name": p.name,
        "webhook_url": p.webhook_url,
        "webhook_url_test": p.webhook_url_test,
        "updates_enabled": p.updates_enabled,
    })
}
