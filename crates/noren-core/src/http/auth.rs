//! Key extractors (DESIGN.md "Keys").
//!
//! Merchant keys come in `X-Auth-API-Key`. Inbound partner keys come in
//! `Authorization: Bearer …` (or `X-Auth-API-Key`) and are bound to one `{platform}`: a key
//! used on another platform's path gets 404, never that platform's data.

use crate::db::repo::accounts::{self, MerchantPrincipal, PartnerPrincipal};
use crate::domain::keys::{MerchantFamily, MerchantKey, PartnerKey};
use crate::http::error::ApiError;
use crate::http::request_log::Seen;
use crate::http::state::AppState;
use crate::webhooks::endpoints::Owner;
use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use std::sync::Arc;

pub const API_KEY_HEADER: &str = "x-auth-api-key";

/// An authenticated merchant request: the key's mode, device, shop and legal person.
#[derive(Clone, Debug)]
pub struct Merchant(pub Arc<MerchantPrincipal>);

impl Merchant {
    /// Whose data and time the key acts on: its shop in its mode.
    pub fn owner(&self) -> Owner {
        Owner::shop(self.0.shop.id, self.0.livemode())
    }
}

/// A merchant's secret key (`sk_…`). Device keys (`dk_…`) belong to one shop device (a POS
/// terminal, a tablet) that may be lost or shared: they create payments, read them and check
/// themselves, but a call taking this extractor (update, refund, webhook events, redelivery)
/// answers them 403.
#[derive(Clone, Debug)]
pub struct SecretKey(pub Merchant);

impl FromRequestParts<AppState> for SecretKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let merchant = Merchant::from_request_parts(parts, state).await?;
        if merchant.0.family != MerchantFamily::Secret {
            return Err(ApiError::Forbidden(
                "device keys (dk_…) can create and read payments only; this call needs the \
                 merchant's secret key (sk_…)"
                    .into(),
            ));
        }
        Ok(SecretKey(merchant))
    }
}

/// An authenticated inbound partner, already checked against the `{platform}` path value.
#[derive(Clone, Debug)]
pub struct Partner(pub Arc<PartnerPrincipal>);

impl Partner {
    /// Whose data and time the key acts on: its platform in its mode.
    pub fn owner(&self) -> Owner {
        Owner::platform(self.0.platform_id, self.0.livemode())
    }
}

fn header<'a>(parts: &'a Parts, name: &str) -> Result<Option<&'a str>, ApiError> {
    match parts.headers.get(name) {
        None => Ok(None),
        Some(v) => v
            .to_str()
            .map(Some)
            .map_err(|_| ApiError::Unauthorized(format!("the {name} header is not valid text"))),
    }
}

impl FromRequestParts<AppState> for Merchant {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let raw = header(parts, API_KEY_HEADER)?.ok_or_else(|| {
            ApiError::Unauthorized("missing API key: send it in the X-Auth-API-Key header".into())
        })?;
        let key = MerchantKey::parse(raw)
            .map_err(|e| ApiError::Unauthorized(format!("invalid API key: {e}")))?;
        let principal = match state.auth_cache.get(&key.hash) {
            Some(p) => p,
            None => {
                let found = accounts::authenticate_merchant(&state.db, &key)
                    .await?
                    .ok_or_else(|| {
                        ApiError::Unauthorized("invalid API key: unknown or revoked".into())
                    })?;
                let found = Arc::new(found);
                state.auth_cache.put(&key.hash, found.clone());
                state.rate_limits.authenticated(key.hash.as_bytes());
                found
            }
        };
        let merchant = Merchant(principal);
        Seen::mark(parts, merchant.owner());
        if merchant.0.device.disabled {
            return Err(ApiError::Forbidden(
                "this key's shop device is disabled".into(),
            ));
        }
        Ok(merchant)
    }
}

impl FromRequestParts<AppState> for Partner {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let raw = match header(parts, "authorization")? {
            Some(value) => {
                let token = value
                    .strip_prefix("Bearer ")
                    .or_else(|| value.strip_prefix("bearer "))
                    .ok_or_else(|| {
                        ApiError::Unauthorized(
                            "the Authorization header must be `Bearer <partner key>`".into(),
                        )
                    })?;
                token.to_string()
            }
            None => header(parts, API_KEY_HEADER)?
                .ok_or_else(|| {
                    ApiError::Unauthorized(
                        "missing partner key: send `Authorization: Bearer <key>`".into(),
                    )
                })?
                .to_string(),
        };
        let key = PartnerKey::parse(&raw)
            .map_err(|e| ApiError::Unauthorized(format!("invalid partner key: {e}")))?;
        let principal = match state.auth_cache.get_partner(&key.hash) {
            Some(found) => found,
            None => {
                let found = Arc::new(
                    accounts::authenticate_partner(&state.db, &key)
                        .await?
                        .ok_or_else(|| {
                            ApiError::Unauthorized("invalid partner key: unknown or revoked".into())
                        })?,
                );
                state.auth_cache.put_partner(&key.hash, found.clone());
                state.rate_limits.authenticated(key.hash.as_bytes());
                found
            }
        };
        let params = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| {
                ApiError::Internal(anyhow::anyhow!("partner route without path params"))
            })?;
        let platform = params
            .iter()
            .find(|(name, _)| *name == "platform")
            .map(|(_, value)| value)
            .ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!("partner route without {{platform}}"))
            })?;
        if platform != principal.platform_code {
            // DESIGN.md: a key used on another platform's data gets 404 (never the data).
            return Err(ApiError::NotFound(format!(
                "no platform {platform} for this key"
            )));
        }
        let partner = Partner(principal);
        Seen::mark(parts, partner.owner());
        Ok(partner)
    }
}
