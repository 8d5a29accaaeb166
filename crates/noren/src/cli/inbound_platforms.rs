//! Operator commands for an inbound platform's settings (issue 12, items 3 and 5; issue 34):
//! `noren inbound platform set|show --platform CODE`.
//!
//! `set` changes only what it is given: where the notifications of each mode go
//! (`--webhook-url` for live, `--webhook-url-test` for test; `none` clears one; a live URL must
//! be public `https`, as payment webhook URLs) and `--updates-enabled` (the partner's update
//! call). A URL is the platform's operator endpoint of that mode (migration 22): a webhook
//! endpoint subscribed to every notification that the partner also sees and manages over the
//! API (`…/webhook_endpoints`). The first URL of a mode creates that endpoint and prints its
//! signing secret, once; a later one moves it; `none` deletes it. `show` never prints secrets.

use super::order_settings::refused;
use crate::config::Config;
use crate::db::Db;
use crate::db::entities::inbound_platform;
use crate::db::repo::accounts;
use crate::http::error::FieldError;
use crate::http::values::{Raw, Value, WebhookUrl};
use crate::inbound::store::platforms::{self, PlatformSettings};
use crate::webhooks::endpoints::{self, EndpointError, OperatorSet, Owner, OwnerKind};
use anyhow::anyhow;
use chrono::Utc;
use clap::Subcommand;
use serde_json::{Value as Json, json};

#[derive(Debug, Subcommand)]
pub enum InboundPlatformCommand {
    /// Change where a platform's notifications go and its update setting; prints the signing
    /// secret of a mode when its first URL is set (shown once).
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
    /// Print a platform's settings, its webhook endpoints and its latest deliveries.
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
            // The payment webhooks' URL value and the rules of its mode, the host name's
            // addresses included (as the endpoints API checks them); a refusal names the flag as
            // the API names a field.
            let url = async |raw: Option<String>, livemode: bool, flag: &str| match raw.as_deref() {
                None => Ok(None),
                Some("none") => Ok(Some(None)),
                Some(raw) => {
                    let checked = WebhookUrl::parse(Raw::Text(raw))
                        .and_then(|u| u.check(livemode, reach).map(|()| u.into_string()));
                    let checked = match checked {
                        Ok(u) => endpoints::check_resolved(&u, livemode, reach)
                            .await
                            .map(|()| u),
                        Err(e) => Err(e),
                    };
                    checked
                        .map(|u| Some(Some(u)))
                        .map_err(|e| FieldError::new(flag, e))
                }
            };
            let urls = match (
                url(webhook_url, true, "--webhook-url").await,
                url(webhook_url_test, false, "--webhook-url-test").await,
            ) {
                (Ok(live), Ok(test)) => [(true, live), (false, test)],
                (live, test) => return Err(refused(live.err().into_iter().chain(test.err()))),
            };
            let now = Utc::now();
            let secret_box = config.secret_box()?;
            let mut secrets = serde_json::Map::new();
            for (livemode, given) in urls {
                let Some(url) = given else { continue };
                match endpoints::set_by_operator(
                    db,
                    &secret_box,
                    Owner::platform(p.id, livemode),
                    url,
                    now,
                )
                .await
                {
                    Ok(OperatorSet::Created(e)) => {
                        secrets.insert(mode(livemode).into(), json!(e.secret));
                    }
                    Ok(OperatorSet::Updated(_) | OperatorSet::Cleared) => {}
                    Err(EndpointError::TooMany) => {
                        return Err(anyhow!(
                            "the platform has {} webhook endpoints in {} mode already; it must \
                             delete one before the operator's can be made",
                            endpoints::MAX_PER_OWNER,
                            mode(livemode)
                        ));
                    }
                    Err(e) => return Err(e.into()),
                }
            }
            let settings = PlatformSettings { updates_enabled };
            let p = platforms::set_settings(db, p.id, &settings)
                .await?
                .ok_or_else(|| anyhow!("no platform {platform}"))?;
            let mut out = view(db, &p).await?;
            if !secrets.is_empty() {
                out["webhook_secret"] = Json::Object(secrets);
                out["note"] = json!(
                    "the signing secrets are shown once; notifications carry webhook-signature \
                     (Standard Webhooks) and Noren-Signature, signed with the secret of their \
                     mode's endpoint"
                );
            }
            Ok(out)
        }
        InboundPlatformCommand::Show { platform } => {
            let p = find(db, &platform).await?;
            let deliveries =
                endpoints::latest_deliveries(db, OwnerKind::Platform, p.id, 10).await?;
            let mut out = view(db, &p).await?;
            out["latest_notifications"] = deliveries
                .into_iter()
                .map(|d| {
                    json!({
                        "id": d.event.public_id,
                        "endpoint": d.endpoint,
                        "livemode": d.event.livemode,
                        "reservation_id": d.event.token,
                        "new_status": d.event.payment_status,
                        "type": d.event.event_type,
                        "status": d.delivery.status,
                        "attempts": d.attempts,
                        "created_at": d.event.created_at.to_rfc3339(),
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

/// The platform's settings: the operator's URL of each mode (its endpoint's), every endpoint
/// of both modes (no secrets) and the update setting.
async fn view(db: &Db, p: &inbound_platform::Model) -> anyhow::Result<Json> {
    let mut out = json!({
        "platform": p.code,
        "name": p.name,
        "webhook_url": null,
        "webhook_url_test": null,
        "updates_enabled": p.updates_enabled,
    });
    let mut all = Vec::new();
    for livemode in [true, false] {
        for e in endpoints::list(db, Owner::platform(p.id, livemode)).await? {
            if e.row.set_by_operator {
                let key = if livemode {
                    "webhook_url"
                } else {
                    "webhook_url_test"
                };
                out[key] = json!(e.row.url);
            }
            all.push(json!({
                "id": e.row.public_id,
                "livemode": livemode,
                "url": e.row.url,
                "enabled_events": e.enabled_events,
                "disabled": e.row.disabled,
                "set_by_operator": e.row.set_by_operator,
            }));
        }
    }
    out["webhook_endpoints"] = Json::Array(all);
    Ok(out)
}
