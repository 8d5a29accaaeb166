//! API keys: generation, parsing and hashing.
//!
//! DESIGN.md "Keys": random, at least 128 bits, shown once, stored only as a hash, compared in
//! constant time. A key is `<family prefix><32 base62 characters>` (about 190 bits of entropy),
//! so a fast hash (SHA-256) is enough: there is nothing to brute-force.

use rand::distr::{Alphanumeric, SampleString};
use sha2::{Digest, Sha256};
use std::fmt;
use subtle::ConstantTimeEq;

/// Length of the random part of every key.
const SECRET_LEN: usize = 32;
/// How many leading characters of a key are kept in clear for display (`sk_test_AbCd…`).
const DISPLAY_PREFIX_LEN: usize = 12;

/// Test or live: test keys only see test data (DESIGN.md "Keys").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Test,
    Live,
}

impl Mode {
    /// Live data (the `livemode` of the answers); test keys see only test data.
    pub fn is_live(self) -> bool {
        self == Mode::Live
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Test => "test",
            Mode::Live => "live",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "test" => Some(Mode::Test),
            "live" => Some(Mode::Live),
            _ => None,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The two merchant key families: a merchant secret key or the key of one shop device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MerchantFamily {
    /// `sk_test_` / `sk_live_`: the merchant's secret key for server-to-server calls.
    Secret,
    /// `dk_test_` / `dk_live_`: the key of one shop device (a POS terminal, a tablet).
    Device,
}

impl MerchantFamily {
    pub fn as_str(self) -> &'static str {
        match self {
            MerchantFamily::Secret => "sk",
            MerchantFamily::Device => "dk",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "sk" => Some(MerchantFamily::Secret),
            "dk" => Some(MerchantFamily::Device),
            _ => None,
        }
    }
}

/// The four issuer families of inbound partner keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PartnerFamily {
    /// Issued by the provider itself.
    Provider,
    /// Issued to an agency.
    Agency,
    /// Issued to an online travel agency.
    Ota,
    /// Sandbox keys.
    Test,
}

impl PartnerFamily {
    pub const ALL: [PartnerFamily; 4] = [
        PartnerFamily::Provider,
        PartnerFamily::Agency,
        PartnerFamily::Ota,
        PartnerFamily::Test,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PartnerFamily::Provider => "prov",
            PartnerFamily::Agency => "agcy",
            PartnerFamily::Ota => "ota",
            PartnerFamily::Test => "test",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        PartnerFamily::ALL.into_iter().find(|f| f.as_str() == s)
    }

    fn prefix(self) -> &'static str {
        match self {
            PartnerFamily::Provider => "ipk_prov_",
            PartnerFamily::Agency => "ipk_agcy_",
            PartnerFamily::Ota => "ipk_ota_",
            PartnerFamily::Test => "ipk_test_",
        }
    }
}

/// The SHA-256 of a key: what the database stores and looks keys up by.
#[derive(Clone, PartialEq, Eq)]
pub struct KeyHash([u8; 32]);

impl KeyHash {
    fn of(key: &str) -> Self {
        KeyHash(Sha256::digest(key.as_bytes()).into())
    }

    pub fn from_hex(hex_str: &str) -> Option<Self> {
        let bytes = hex::decode(hex_str).ok()?;
        Some(KeyHash(bytes.try_into().ok()?))
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// Constant-time equality, so that timing says nothing about how much of a hash matched.
    pub fn ct_eq(&self, other: &KeyHash) -> bool {
        self.0.ct_eq(&other.0).into()
    }
}

impl fmt::Debug for KeyHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "KeyHash({}…)", &self.to_hex()[..8])
    }
}

/// A freshly generated key: the plaintext is shown once and then dropped.
pub struct NewKey {
    pub plaintext: String,
    pub hash: KeyHash,
    /// The first characters, kept in clear so that operators can tell keys apart.
    pub display_prefix: String,
}

impl NewKey {
    fn from_prefix(prefix: &str) -> Self {
        let secret = Alphanumeric.sample_string(&mut rand::rng(), SECRET_LEN);
        let plaintext = format!("{prefix}{secret}");
        NewKey {
            hash: KeyHash::of(&plaintext),
            display_prefix: plaintext.chars().take(DISPLAY_PREFIX_LEN).collect(),
            plaintext,
        }
    }

    pub fn merchant(family: MerchantFamily, mode: Mode) -> Self {
        Self::from_prefix(&format!("{}_{}_", family.as_str(), mode.as_str()))
    }

    pub fn partner(family: PartnerFamily) -> Self {
        Self::from_prefix(family.prefix())
    }
}

/// A merchant key as presented in `X-Auth-API-Key`, parsed but not yet looked up.
#[derive(Debug)]
pub struct MerchantKey {
    pub family: MerchantFamily,
    pub mode: Mode,
    pub hash: KeyHash,
}

/// An inbound partner key as presented in `Authorization: Bearer` or `X-Auth-API-Key`.
#[derive(Debug)]
pub struct PartnerKey {
    pub family: PartnerFamily,
    pub hash: KeyHash,
}

/// Why a presented key was refused before any lookup. The messages never echo the key.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyFormatError {
    #[error("the API key is empty")]
    Empty,
    #[error("the API key has an unknown prefix")]
    UnknownPrefix,
    #[error("the API key is malformed")]
    Malformed,
}

fn check_secret(secret: &str) -> Result<(), KeyFormatError> {
    if secret.len() == SECRET_LEN && secret.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(())
    } else {
        Err(KeyFormatError::Malformed)
    }
}

impl MerchantKey {
    pub fn parse(raw: &str) -> Result<Self, KeyFormatError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(KeyFormatError::Empty);
        }
        let (family, rest) = if let Some(rest) = raw.strip_prefix("sk_") {
            (MerchantFamily::Secret, rest)
        } else if let Some(rest) = raw.strip_prefix("dk_") {
            (MerchantFamily::Device, rest)
        } else {
            return Err(KeyFormatError::UnknownPrefix);
        };
        let (mode, secret) = if let Some(secret) = rest.strip_prefix("test_") {
            (Mode::Test, secret)
        } else if let Some(secret) = rest.strip_prefix("live_") {
            (Mode::Live, secret)
        } else {
            return Err(KeyFormatError::UnknownPrefix);
        };
        check_secret(secret)?;
        Ok(MerchantKey {
            family,
            mode,
            hash: KeyHash::of(raw),
        })
    }
}

impl PartnerKey {
    pub fn parse(raw: &str) -> Result<Self, KeyFormatError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(KeyFormatError::Empty);
        }
        let family = PartnerFamily::ALL
            .into_iter()
            .find(|f| raw.starts_with(f.prefix()))
            .ok_or(KeyFormatError::UnknownPrefix)?;
        check_secret(&raw[family.prefix().len()..])?;
        Ok(PartnerKey {
            family,
            hash: KeyHash::of(raw),
        })
    }
}

/// A new mini-program signing key: `mpk_test_` or `mpk_live_` and 32 random alphanumerics
/// (its `paySign` is `webhooks::signing::hmac_hex` too).
pub fn new_miniprogram_key(livemode: bool) -> String {
    let mode = if livemode { "live" } else { "test" };
    format!(
        "mpk_{mode}_{}",
        Alphanumeric.sample_string(&mut rand::rng(), 32)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_merchant_keys_parse_back_to_their_family_mode_and_hash() {
        for family in [MerchantFamily::Secret, MerchantFamily::Device] {
            for mode in [Mode::Test, Mode::Live] {
                let key = NewKey::merchant(family, mode);
                let parsed = MerchantKey::parse(&key.plaintext).expect("a generated key parses");
                assert_eq!(parsed.family, family);
                assert_eq!(parsed.mode, mode);
                assert!(parsed.hash.ct_eq(&key.hash));
                assert!(key.plaintext.starts_with(&key.display_prefix));
            }
        }
    }

    #[test]
    fn generated_partner_keys_parse_back_to_their_family() {
        for family in PartnerFamily::ALL {
            let key = NewKey::partner(family);
            let parsed = PartnerKey::parse(&key.plaintext).expect("a generated key parses");
            assert_eq!(parsed.family, family);
            assert!(parsed.hash.ct_eq(&key.hash));
        }
    }

    #[test]
    fn two_generated_keys_differ() {
        let a = NewKey::merchant(MerchantFamily::Secret, Mode::Test);
        let b = NewKey::merchant(MerchantFamily::Secret, Mode::Test);
        assert_ne!(a.plaintext, b.plaintext);
        assert!(!a.hash.ct_eq(&b.hash));
    }

    #[test]
    fn malformed_keys_are_refused_without_lookup() {
        assert_eq!(MerchantKey::parse("").unwrap_err(), KeyFormatError::Empty);
        assert_eq!(
            MerchantKey::parse("pk_test_abc").unwrap_err(),
            KeyFormatError::UnknownPrefix
        );
        assert_eq!(
            MerchantKey::parse("sk_prod_abc").unwrap_err(),
            KeyFormatError::UnknownPrefix
        );
        assert_eq!(
            MerchantKey::parse("sk_test_short").unwrap_err(),
            KeyFormatError::Malformed
        );
        let bad_char = format!("sk_test_{}", "é".repeat(16));
        assert_eq!(
            MerchantKey::parse(&bad_char).unwrap_err(),
            KeyFormatError::Malformed
        );
        assert_eq!(
            PartnerKey::parse("ipk_xyz_abc").unwrap_err(),
            KeyFormatError::UnknownPrefix
        );
        let merchant = NewKey::merchant(MerchantFamily::Secret, Mode::Test).plaintext;
        assert_eq!(
            PartnerKey::parse(&merchant).unwrap_err(),
            KeyFormatError::UnknownPrefix
        );
    }

    #[test]
    fn key_hash_round_trips_through_hex() {
        let key = NewKey::merchant(MerchantFamily::Device, Mode::Live);
        let back = KeyHash::from_hex(&key.hash.to_hex()).expect("hex of a hash parses");
        assert!(back.ct_eq(&key.hash));
        assert!(KeyHash::from_hex("zz").is_none());
        assert!(KeyHash::from_hex("abcd").is_none());
    }
}
