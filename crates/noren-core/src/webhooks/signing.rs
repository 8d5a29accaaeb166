//! Signing (DESIGN.md "Webhooks"): `Noren-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
//! "t.body">`, one `v1` per signing secret (two while a rotated-out secret still signs); how a
//! merchant verifies it; the shop's set of signing secrets and the deliveries' cache of them.
//! Pure: no SQL, no HTTP (the secrets are read in `store.rs`).

use crate::cache::TtlCache;
use crate::domain::clock::Clock;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::Arc;
use std::time::Duration;

/// A new webhook signing secret in the Standard Webhooks form `whsec_<base64>`: `whsec_` and 32
/// random letters and digits (190 bits). Letters and digits are base64 digits, and 32 of them
/// are the base64 of 24 bytes, which key `webhook-signature`; only letters and digits so that
/// a secret survives any shell, URL or copy and paste.
pub fn new_secret() -> String {
    use rand::distr::{Alphanumeric, SampleString};
    format!("whsec_{}", Alphanumeric.sample_string(&mut rand::rng(), 32))
}

/// The HMAC key a secret gives `webhook-signature` (Standard Webhooks): the base64 after
/// `whsec_`, decoded, as the official libraries read it. A secret that is not base64 (none
/// Noren made) keys with its own bytes.
pub fn standard_key(secret: &str) -> Vec<u8> {
    use base64::Engine;
    let encoded = secret.strip_prefix("whsec_").unwrap_or(secret);
    base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .unwrap_or_else(|_| secret.as_bytes().to_vec())
}

/// The `webhook-signature` header (Standard Webhooks): `v1,<base64 HMAC-SHA256 of
/// "id.timestamp.body">` under each of `secrets` (newest first), separated by spaces.
pub fn standard_signature(secrets: &[String], id: &str, t: i64, body: &str) -> String {
    use base64::Engine;
    let signed = format!("{id}.{t}.{body}");
    secrets
        .iter()
        .map(|s| {
            let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&standard_key(s))
                .unwrap_or_else(|_| unreachable!());
            mac.update(signed.as_bytes());
            format!(
                "v1,{}",
                base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks Standard Webhooks headers as a receiver's library does: a `v1,` signature matching
/// under `secret`, compared in constant time, and the timestamp within `tolerance` of `now`.
/// Used by the tests; receivers use the official `standardwebhooks` libraries.
pub fn verify_standard(
    id: &str,
    timestamp: &str,
    signatures: &str,
    body: &str,
    secret: &str,
    now: i64,
    tolerance: i64,
) -> bool {
    use subtle::ConstantTimeEq;
    let Ok(t) = timestamp.parse::<i64>() else {
        return false;
    };
    if (now - t).abs() > tolerance {
        return false;
    }
    let expected = standard_signature(&[secret.to_string()], id, t, body);
    signatures
        .split(' ')
        .any(|s| s.len() == expected.len() && bool::from(s.as_bytes().ct_eq(expected.as_bytes())))
}

/// Lowercase hex HMAC-SHA256 of `message` under `key`.
pub fn hmac_hex(key: &[u8], message: &[u8]) -> String {
    // HMAC takes keys of any length; `new_from_slice` cannot fail for it.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).unwrap_or_else(|_| unreachable!());
    mac.update(message);
    hex::encode(mac.finalize().into_bytes())
}

/// The `Noren-Signature` header value for `body` sent at `t` (unix seconds), signed with each
/// of `secrets` (newest first).
pub fn signature_header(secrets: &[String], t: i64, body: &str) -> String {
    let signed = format!("{t}.{body}");
    let mut header = format!("t={t}");
    for s in secrets {
        header.push_str(",v1=");
        header.push_str(&hmac_hex(s.as_bytes(), signed.as_bytes()));
    }
    header
}

/// Checks a `Noren-Signature` header the way a merchant should: any `v1` matching under
/// `secret`, compared in constant time, and `t` within `tolerance` of `now`. Used by the tests
/// and documented in the portal.
pub fn verify(header: &str, body: &str, secret: &str, now: i64, tolerance: i64) -> bool {
    let mut t = None;
    let mut sigs = Vec::new();
    for part in header.split(',') {
        match part.split_once('=') {
            Some(("t", v)) => t = v.parse::<i64>().ok(),
            Some(("v1", v)) => sigs.push(v),
            _ => {}
        }
    }
    let Some(t) = t else { return false };
    if (now - t).abs() > tolerance {
        return false;
    }
    let expected = hmac_hex(secret.as_bytes(), format!("{t}.{body}").as_bytes());
    sigs.iter().any(|s| {
        use subtle::ConstantTimeEq;
        s.len() == expected.len() && bool::from(s.as_bytes().ct_eq(expected.as_bytes()))
    })
}

/// Whose secrets sign an event: the shop's (payment webhooks) or an inbound platform's
/// (reservation status notifications, `webhook_events.platform_id`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signer {
    Shop(i64),
    Platform(i64),
    /// A webhook endpoint's own secrets (issue 34), by its row id.
    Endpoint(i64),
}

/// The secrets that sign a shop's (or a platform's) events of one mode, newest first (two during a rotation),
/// each with the time it stops signing; and the version of the set (the newest row's id),
/// which changes with every rotation.
#[derive(Clone, Debug)]
pub struct SigningSecrets {
    pub version: i64,
    pub secrets: Vec<(String, Option<DateTime<Utc>>)>,
}

impl SigningSecrets {
    /// A mode's first secret, just made (its id is the version).
    pub fn first(id: i64, secret: String) -> Self {
        SigningSecrets {
            version: id,
            secrets: vec![(secret, None)],
        }
    }

    /// The secrets still signing at `now`.
    pub fn at(&self, now: DateTime<Utc>) -> Vec<String> {
        self.secrets
            .iter()
            .filter(|(_, expires)| expires.is_none_or(|e| e > now))
            .map(|(s, _)| s.clone())
            .collect()
    }
}

/// How many shops' secrets (per mode) the deliveries of one process remember.
pub const SECRET_CACHE_CAPACITY: u64 = 10_000;
/// How long a remembered set is used at most, even when its version has not changed.
pub const SECRET_CACHE_TTL: Duration = Duration::from_secs(300);

/// The deliveries' cache of signing secrets by (signer, livemode), on `moka` with a capacity
/// (least recently used sets go first) and a time to live. A set is used only while the
/// version read with the event is the one it was read at (a rotation, in any process, is seen
/// by the very next delivery) and for at most the TTL on the state's clock (a secret changed
/// in place, without a new version, is used within the TTL).
pub struct SecretCache(TtlCache<(Signer, bool), Arc<SigningSecrets>>);

impl SecretCache {
    pub fn new(capacity: u64, ttl: Duration, clock: Clock) -> Self {
        SecretCache(TtlCache::new(capacity, ttl, clock))
    }

    /// The secrets signing at `now`, when the remembered set has `version` and was read less
    /// than the TTL ago.
    pub fn get(
        &self,
        signer: Signer,
        livemode: bool,
        version: i64,
        now: DateTime<Utc>,
    ) -> Option<Vec<String>> {
        let set = self.0.get(&(signer, livemode))?;
        (set.version == version).then(|| set.at(now))
    }

    /// Remembers the set just read.
    pub fn insert(&self, signer: Signer, livemode: bool, set: SigningSecrets) {
        self.0.insert((signer, livemode), Arc::new(set));
    }

    /// How many sets are remembered (after pending evictions ran).
    pub fn len(&self) -> u64 {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The vector printed in the portal's webhook guide.
    #[test]
    fn the_documented_test_vector_signs_and_verifies() {
        let secret = "whsec_Yb7fQ2xM9cK4pL1nR8sT3vW6zA0dE5gH";
        let body = r#"{"token":"tKx3fQ9mP2vL8sR4wZ7yB1nC6dH0jG5a","partner_order_no":"A-0001","payment_amount":1100,"payment_method":"paypay","payment_number":"4829301746502918","payment_status":"paid","payment_currency_info":null,"livemode":true}"#;
        let header = signature_header(&[secret.to_string()], 1795430400, body);
        assert_eq!(
            header,
            "t=1795430400,v1=62e0b8b11b9b426dfb3cb6a2e1e1c61dd123f1e4078adfa12923d93b94da6627"
        );
        assert!(verify(&header, body, secret, 1795430400 + 10, 300));
        assert!(!verify(&header, body, secret, 1795430400 + 301, 300));
        assert!(!verify(
            &header,
            &body.replace("1100", "1101"),
            secret,
            1795430400,
            300
        ));
        assert!(!verify(&header, body, "whsec_other", 1795430400, 300));
    }

    /// The vector of the Standard Webhooks specification's reference libraries.
    #[test]
    fn the_standard_signature_matches_the_specification_vector() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
        let body = r#"{"test": 2432232314}"#;
        assert_eq!(
            standard_signature(&[secret.to_string()], id, 1614265330, body),
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
        );
        assert!(verify_standard(
            id,
            "1614265330",
            "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
            body,
            secret,
            1614265330,
            300
        ));
        // A secret Noren made before issue 34 (32 alphanumerics) keys with its decoded bytes.
        let old = "whsec_Yb7fQ2xM9cK4pL1nR8sT3vW6zA0dE5gH";
        assert_eq!(standard_key(old).len(), 24);
        assert_eq!(standard_key(&new_secret()).len(), 24);
        assert!(new_secret().starts_with("whsec_"));
    }

    #[test]
    fn during_a_rotation_either_secret_verifies() {
        let secrets = vec!["whsec_new".to_string(), "whsec_old".to_string()];
        let header = signature_header(&secrets, 100, "{}");
        assert_eq!(header.matches("v1=").count(), 2);
        assert!(verify(&header, "{}", "whsec_new", 100, 300));
        assert!(verify(&header, "{}", "whsec_old", 100, 300));
    }

    fn set(version: i64, secret: &str) -> SigningSecrets {
        SigningSecrets {
            version,
            secrets: vec![(secret.to_string(), None)],
        }
    }

    #[test]
    fn a_cached_set_is_used_only_at_its_version_and_within_the_ttl() {
        let clock = Clock::system();
        let cache = SecretCache::new(100, Duration::from_secs(300), clock.clone());
        let t0 = clock.now();
        cache.insert(Signer::Shop(1), false, set(7, "whsec_a"));
        assert_eq!(
            cache.get(Signer::Shop(1), false, 7, t0),
            Some(vec!["whsec_a".to_string()])
        );
        assert_eq!(
            cache.get(Signer::Shop(1), true, 7, t0),
            None,
            "the other mode"
        );
        assert_eq!(
            cache.get(Signer::Platform(1), false, 7, t0),
            None,
            "a platform with the shop's id"
        );
        assert_eq!(
            cache.get(Signer::Shop(1), false, 8, t0),
            None,
            "a rotation made a new version"
        );
        clock.advance(chrono::Duration::seconds(299));
        assert!(cache.get(Signer::Shop(1), false, 7, clock.now()).is_some());
        clock.advance(chrono::Duration::seconds(2));
        let expired = clock.now();
        assert_eq!(
            cache.get(Signer::Shop(1), false, 7, expired),
            None,
            "read again after the TTL"
        );
        cache.insert(Signer::Shop(1), false, set(8, "whsec_b"));
        assert_eq!(
            cache.get(Signer::Shop(1), false, 8, expired),
            Some(vec!["whsec_b".to_string()]),
            "the set read again replaces the old one"
        );
    }

    #[test]
    fn the_cache_keeps_at_most_its_capacity() {
        let cache = SecretCache::new(50, Duration::from_secs(300), Clock::system());
        for shop in 0..500 {
            cache.insert(Signer::Shop(shop), false, set(shop, "whsec_x"));
        }
        assert!(cache.len() <= 50, "{} sets kept", cache.len());
    }
}
