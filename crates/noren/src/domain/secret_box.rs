//! Secrets at rest (issue 9): webhook signing secrets and mini-program keys are stored encrypted
//! with AES-256-GCM under a key from `NOREN_SECRET_KEY` (or the key file that `noren` makes
//! under `NOREN_DATA_DIR`). A stored value is `v1:` and the base64 of a random 96-bit nonce
//! followed by the ciphertext and its tag; a value without the prefix is a plaintext secret
//! written before encryption existed, and is read as it is.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rand::RngCore;

/// The prefix of an encrypted value; the number changes if the scheme ever does.
const V1: &str = "v1:";
const NONCE_LEN: usize = 12;

/// Encrypts and decrypts stored secrets with one 256-bit key.
#[derive(Clone)]
pub struct SecretBox {
    cipher: Aes256Gcm,
    /// Keys derived so far by purpose ([`SecretBox::derive_key`]): a handful of purposes, each
    /// derived once instead of on every signed link (an AES-GCM pass and a SHA-256 each, about
    /// 2 µs, 50 times per page of the shop search).
    derived: std::sync::Arc<std::sync::RwLock<std::collections::HashMap<String, [u8; 32]>>>,
}

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretBox(..)")
    }
}

/// A stored value that cannot be read with this key.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "a stored secret cannot be decrypted: NOREN_SECRET_KEY is not the key it was written with, or the value is damaged"
)]
pub struct OpenError;

impl SecretBox {
    pub fn new(key: &[u8; 32]) -> Self {
        SecretBox {
            cipher: Aes256Gcm::new(key.into()),
            derived: Default::default(),
        }
    }

    /// A fresh random key (for the key file made on first start).
    pub fn generate_key() -> [u8; 32] {
        let mut key = [0u8; 32];
        rand::rng().fill_bytes(&mut key);
        key
    }

    /// Parses a key written as 64 hex digits or as the base64 of 32 bytes.
    pub fn parse_key(raw: &str) -> Option<[u8; 32]> {
        let raw = raw.trim();
        let bytes = if raw.len() == 64 && raw.bytes().all(|b| b.is_ascii_hexdigit()) {
            hex::decode(raw).ok()?
        } else {
            STANDARD.decode(raw).ok()?
        };
        bytes.try_into().ok()
    }

    /// `v1:` and the base64 of a random nonce, the ciphertext and its tag.
    pub fn seal(&self, plaintext: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        // Encryption fails only for inputs beyond GCM's 64 GiB limit; secrets are short.
        let sealed = self
            .cipher
            .encrypt(&Nonce::from(nonce), plaintext.as_bytes())
            .unwrap_or_default();
        let mut out = Vec::with_capacity(NONCE_LEN + sealed.len());
        out.extend_from_slice(&nonce);
        out.extend_from_slice(&sealed);
        format!("{V1}{}", STANDARD.encode(out))
    }

    /// A 32-byte key for `purpose` derived from this box's key (AES as a PRF: the keystream
    /// of a nonce that names the purpose), so that one configured secret signs other things
    /// (menu import upload URLs) without being used for them directly.
    pub fn derive_key(&self, purpose: &str) -> [u8; 32] {
        let kept = self
            .derived
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(purpose)
            .copied();
        if let Some(key) = kept {
            return key;
        }
        let key = self.derive_key_now(purpose);
        self.derived
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(purpose.to_string(), key);
        key
    }

    fn derive_key_now(&self, purpose: &str) -> [u8; 32] {
        use sha2::Digest;
        let digest = sha2::Sha256::digest(purpose.as_bytes());
        let mut nonce = [0u8; NONCE_LEN];
        nonce.copy_from_slice(&digest[..NONCE_LEN]);
        let stream = self
            .cipher
            .encrypt(&Nonce::from(nonce), [0u8; 32].as_slice())
            .unwrap_or_default();
        let mut key = [0u8; 32];
        key.copy_from_slice(&stream[..32]);
        key
    }

    /// The plaintext of a stored value: decrypted when it is `v1:…`, as it is otherwise (rows
    /// written before secrets were encrypted).
    pub fn open(&self, stored: &str) -> Result<String, OpenError> {
        let Some(encoded) = stored.strip_prefix(V1) else {
            return Ok(stored.to_string());
        };
        let bytes = STANDARD.decode(encoded).map_err(|_| OpenError)?;
        if bytes.len() <= NONCE_LEN {
            return Err(OpenError);
        }
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| OpenError)?;
        let plain = self
            .cipher
            .decrypt(&Nonce::from(nonce), sealed)
            .map_err(|_| OpenError)?;
        String::from_utf8(plain).map_err(|_| OpenError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_with_its_key_and_hides_the_plaintext() {
        let b = SecretBox::new(&SecretBox::generate_key());
        let sealed = b.seal("whsec_abc");
        assert!(sealed.starts_with("v1:"));
        assert!(!sealed.contains("whsec_abc"));
        assert_ne!(sealed, b.seal("whsec_abc"), "a fresh nonce each time");
        assert_eq!(b.open(&sealed).as_deref(), Ok("whsec_abc"));
    }

    #[test]
    fn another_key_or_a_damaged_value_is_an_error_not_a_panic() {
        let sealed = SecretBox::new(&[1; 32]).seal("whsec_abc");
        let other = SecretBox::new(&[2; 32]);
        assert_eq!(other.open(&sealed), Err(OpenError));
        assert_eq!(other.open("v1:"), Err(OpenError));
        assert_eq!(other.open("v1:!!!"), Err(OpenError));
        assert_eq!(other.open("v1:AAAA"), Err(OpenError));
    }

    #[test]
    fn plaintext_rows_from_before_encryption_still_read() {
        let b = SecretBox::new(&[1; 32]);
        assert_eq!(b.open("whsec_plain").as_deref(), Ok("whsec_plain"));
    }

    #[test]
    fn keys_parse_from_hex_or_base64_of_32_bytes() {
        let hex_key = "00".repeat(32);
        assert_eq!(SecretBox::parse_key(&hex_key), Some([0; 32]));
        assert_eq!(
            SecretBox::parse_key(&STANDARD.encode([7u8; 32])),
            Some([7; 32])
        );
        assert_eq!(SecretBox::parse_key("short"), None);
        assert_eq!(SecretBox::parse_key(&STANDARD.encode([7u8; 16])), None);
        assert_eq!(SecretBox::parse_key(&"zz".repeat(32)), None);
    }
}
