//! Secrets at rest (issue 9): webhook signing secrets and mini-program keys are stored encrypted
//! with AES-256-GCM under a key from `NOREN_SECRET_KEY` (or the key file that `noren` makes
//! under `NOREN_DATA_DIR`). A stored value is `v1:` and the base64 of a random 96-bit nonce
//! followed by the ciphertext and its tag; a value without the prefix is a plaintext secret
//! written before encryption existed, and is read as it is.
//!
//! The key can be rotated (issue 21, item 7): a box holds the current key and the keys of
//! `NOREN_SECRET_KEY_PREVIOUS`. It seals and signs with the current key only, and opens and
//! verifies with the current key first, then each previous one, so that values and signed links
//! made under an earlier key stay readable until `noren secret-key rotate` has re-encrypted them
//! and the previous keys are removed.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rand::RngCore;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// The prefix of an encrypted value; the number changes if the scheme ever does.
const V1: &str = "v1:";
const NONCE_LEN: usize = 12;

/// Encrypts and decrypts stored secrets with the current key; decrypts with earlier ones too.
#[derive(Clone)]
pub struct SecretBox {
    /// Seals, signs, and is tried first when opening.
    current: Key,
    /// `NOREN_SECRET_KEY_PREVIOUS`, in the order given: tried after the current key.
    previous: Arc<[Key]>,
}

/// One 256-bit key as a cipher, with the keys derived from it so far.
#[derive(Clone)]
struct Key {
    cipher: Aes256Gcm,
    /// Keys derived so far by purpose ([`SecretBox::derive_key`]): a handful of purposes, each
    /// derived once instead of on every signed link (an AES-GCM pass and a SHA-256 each, about
    /// 2 µs, 50 times per page of the shop search).
    derived: Arc<RwLock<HashMap<String, [u8; 32]>>>,
}

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretBox(..)")
    }
}

/// A stored value that cannot be read with any of the keys.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "a stored secret cannot be decrypted: neither NOREN_SECRET_KEY nor a key of NOREN_SECRET_KEY_PREVIOUS is the key it was written with, or the value is damaged"
)]
pub struct OpenError;

/// Which key a stored value was opened with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Under {
    /// The current key: nothing to do on a rotation.
    CurrentKey,
    /// One of the previous keys: `noren secret-key rotate` re-encrypts it.
    PreviousKey,
    /// No key: a plaintext value from before encryption, which the rotation encrypts.
    Plaintext,
}

/// A stored value's plaintext and the key it was under ([`SecretBox::inspect`]).
#[derive(Debug, PartialEq, Eq)]
pub struct Opened {
    pub plaintext: String,
    pub under: Under,
}

impl Key {
    fn new(key: &[u8; 32]) -> Self {
        Key {
            cipher: Aes256Gcm::new(key.into()),
            derived: Default::default(),
        }
    }

    fn derive(&self, purpose: &str) -> [u8; 32] {
        let kept = self
            .derived
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(purpose)
            .copied();
        if let Some(key) = kept {
            return key;
        }
        let key = self.derive_now(purpose);
        self.derived
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(purpose.to_string(), key);
        key
    }

    fn derive_now(&self, purpose: &str) -> [u8; 32] {
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

    /// The plaintext of a nonce, ciphertext and tag, if this key sealed them.
    fn decrypt(&self, nonce: &[u8; NONCE_LEN], sealed: &[u8]) -> Option<String> {
        let plain = self.cipher.decrypt(&Nonce::from(*nonce), sealed).ok()?;
        String::from_utf8(plain).ok()
    }
}

impl SecretBox {
    /// A box with one key and no previous ones.
    pub fn new(key: &[u8; 32]) -> Self {
        SecretBox {
            current: Key::new(key),
            previous: Arc::from([]),
        }
    }

    /// This box, also opening and verifying with the keys of `previous` (each box's current
    /// key, then its own previous ones), in that order, after its own.
    pub fn with_previous(self, previous: &[SecretBox]) -> Self {
        let keys: Vec<Key> =
            self.previous
                .iter()
                .cloned()
                .chain(previous.iter().flat_map(|b| {
                    std::iter::once(b.current.clone()).chain(b.previous.iter().cloned())
                }))
                .collect();
        SecretBox {
            current: self.current,
            previous: keys.into(),
        }
    }

    /// How many previous keys this box opens with.
    pub fn previous_keys(&self) -> usize {
        self.previous.len()
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

    /// `v1:` and the base64 of a random nonce, the ciphertext and its tag, under the current
    /// key.
    pub fn seal(&self, plaintext: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rng().fill_bytes(&mut nonce);
        // Encryption fails only for inputs beyond GCM's 64 GiB limit; secrets are short.
        let sealed = self
            .current
            .cipher
            .encrypt(&Nonce::from(nonce), plaintext.as_bytes())
            .unwrap_or_default();
        let mut out = Vec::with_capacity(NONCE_LEN + sealed.len());
        out.extend_from_slice(&nonce);
        out.extend_from_slice(&sealed);
        format!("{V1}{}", STANDARD.encode(out))
    }

    /// A 32-byte key for `purpose` derived from the current key (AES as a PRF: the keystream
    /// of a nonce that names the purpose), so that one configured secret signs other things
    /// (menu import upload URLs) without being used for them directly. Sign with this one;
    /// verify with [`SecretBox::derived_keys`].
    pub fn derive_key(&self, purpose: &str) -> [u8; 32] {
        self.current.derive(purpose)
    }

    /// The keys for `purpose` derived from the current key, then from each previous key: a
    /// signature made with any of them is good, so that links handed out before a rotation
    /// keep working during it.
    pub fn derived_keys<'a>(&'a self, purpose: &'a str) -> impl Iterator<Item = [u8; 32]> + 'a {
        std::iter::once(&self.current)
            .chain(self.previous.iter())
            .map(move |k| k.derive(purpose))
    }

    /// The hex HMAC-SHA256 of `message` under the key for `purpose` derived from the current
    /// key (what signed links carry).
    pub fn sign(&self, purpose: &str, message: &[u8]) -> String {
        hmac_hex(&self.derive_key(purpose), message)
    }

    /// Whether `signature` is [`SecretBox::sign`] of `message` under the current key or any
    /// previous one, each compared in constant time.
    pub fn verify(&self, purpose: &str, message: &[u8], signature: &str) -> bool {
        self.derived_keys(purpose).any(|key| {
            let expected = hmac_hex(&key, message);
            bool::from(subtle::ConstantTimeEq::ct_eq(
                expected.as_bytes(),
                signature.as_bytes(),
            ))
        })
    }

    /// The plaintext of a stored value: decrypted when it is `v1:…` (with the current key,
    /// else a previous one), as it is otherwise (rows written before secrets were encrypted).
    pub fn open(&self, stored: &str) -> Result<String, OpenError> {
        self.inspect(stored).map(|o| o.plaintext)
    }

    /// [`SecretBox::open`], also telling which key the value was under (what
    /// `noren secret-key rotate` re-encrypts).
    pub fn inspect(&self, stored: &str) -> Result<Opened, OpenError> {
        let Some(encoded) = stored.strip_prefix(V1) else {
            return Ok(Opened {
                plaintext: stored.to_string(),
                under: Under::Plaintext,
            });
        };
        let bytes = STANDARD.decode(encoded).map_err(|_| OpenError)?;
        if bytes.len() <= NONCE_LEN {
            return Err(OpenError);
        }
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| OpenError)?;
        if let Some(plaintext) = self.current.decrypt(&nonce, sealed) {
            return Ok(Opened {
                plaintext,
                under: Under::CurrentKey,
            });
        }
        self.previous
            .iter()
            .find_map(|k| k.decrypt(&nonce, sealed))
            .map(|plaintext| Opened {
                plaintext,
                under: Under::PreviousKey,
            })
            .ok_or(OpenError)
    }
}

/// The hex HMAC-SHA256 of `message` under `key`.
fn hmac_hex(key: &[u8; 32], message: &[u8]) -> String {
    use hmac::{Hmac, Mac};
    let Ok(mut mac) = <Hmac<sha2::Sha256> as Mac>::new_from_slice(key) else {
        unreachable!("HMAC takes a key of any length")
    };
    mac.update(message);
    hex::encode(mac.finalize().into_bytes())
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

    #[test]
    fn a_value_sealed_under_a_previous_key_opens_and_says_so() {
        let (old, new) = ([1; 32], [2; 32]);
        let before = SecretBox::new(&old).seal("whsec_before");
        let rotated = SecretBox::new(&new).with_previous(&[SecretBox::new(&old)]);
        assert_eq!(rotated.previous_keys(), 1);
        assert_eq!(rotated.open(&before).as_deref(), Ok("whsec_before"));
        assert_eq!(
            rotated.inspect(&before).map(|o| o.under),
            Ok(Under::PreviousKey)
        );
        let after = rotated.seal("whsec_after");
        assert_eq!(
            rotated.inspect(&after),
            Ok(Opened {
                plaintext: "whsec_after".into(),
                under: Under::CurrentKey
            }),
            "sealing uses the current key"
        );
        assert_eq!(
            SecretBox::new(&new).open(&after).as_deref(),
            Ok("whsec_after")
        );
        assert_eq!(SecretBox::new(&old).open(&after), Err(OpenError));
        assert_eq!(
            rotated.inspect("whsec_plain").map(|o| o.under),
            Ok(Under::Plaintext)
        );
    }

    #[test]
    fn every_previous_key_is_tried_in_turn_and_a_stranger_still_fails() {
        let keys = [[1; 32], [2; 32], [3; 32]];
        let sealed: Vec<String> = keys
            .iter()
            .map(|k| SecretBox::new(k).seal("whsec_x"))
            .collect();
        let b = SecretBox::new(&[9; 32])
            .with_previous(&[SecretBox::new(&keys[0]), SecretBox::new(&keys[1])])
            .with_previous(&[SecretBox::new(&keys[2])]);
        assert_eq!(b.previous_keys(), 3);
        for value in &sealed {
            assert_eq!(b.open(value).as_deref(), Ok("whsec_x"));
        }
        let stranger = SecretBox::new(&[4; 32]).seal("whsec_x");
        assert_eq!(b.open(&stranger), Err(OpenError));
        let err = OpenError.to_string();
        assert!(err.contains("NOREN_SECRET_KEY_PREVIOUS"), "{err}");
    }

    #[test]
    fn signatures_of_a_previous_key_verify_and_new_ones_use_the_current_key() {
        let (old, new) = ([1; 32], [2; 32]);
        let purpose = "test links";
        let before = SecretBox::new(&old).sign(purpose, b"42");
        let rotated = SecretBox::new(&new).with_previous(&[SecretBox::new(&old)]);
        assert!(
            rotated.verify(purpose, b"42", &before),
            "a link from before"
        );
        assert!(!rotated.verify(purpose, b"43", &before), "another subject");
        assert!(
            !rotated.verify("other links", b"42", &before),
            "another purpose"
        );
        let after = rotated.sign(purpose, b"42");
        assert_eq!(after, SecretBox::new(&new).sign(purpose, b"42"));
        assert_ne!(after, before);
        assert_eq!(
            rotated.derive_key(purpose),
            SecretBox::new(&new).derive_key(purpose)
        );
        let derived: Vec<[u8; 32]> = rotated.derived_keys(purpose).collect();
        assert_eq!(
            derived,
            [
                SecretBox::new(&new).derive_key(purpose),
                SecretBox::new(&old).derive_key(purpose)
            ]
        );
        // Once the previous key is removed, its links stop working.
        assert!(!SecretBox::new(&new).verify(purpose, b"42", &before));
        assert!(SecretBox::new(&new).verify(purpose, b"42", &after));
    }
}
