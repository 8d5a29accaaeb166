//! Signed links: URLs of this server that carry their own grant, for a client that holds no key
//! (a menu workbook's upload URL, an inbound shop's image link). The query is
//! `expires=<unix seconds>&signature=<hex HMAC-SHA256>` over the subject (an object id, an image
//! id) and the expiry, with a key derived from the server secret (`NOREN_SECRET_KEY`) for the
//! link's purpose, so a link of one kind never opens another. Checked in constant time, then
//! against the state's clock.

use crate::domain::secret_box::SecretBox;
use chrono::{DateTime, Utc};

/// One kind of signed link.
#[derive(Clone, Copy, Debug)]
pub struct Links {
    /// What the key is derived for (part of the key, never of the link).
    purpose: &'static str,
}

/// Why a link was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// No expiry or signature, or a signature that does not match.
    Invalid,
    /// Well signed, but its time has passed.
    Expired,
}

impl Links {
    pub const fn new(purpose: &'static str) -> Self {
        Links { purpose }
    }

    /// What is signed: the subject and the expiry.
    fn message(subject: &str, expires: i64) -> String {
        format!("{subject}\n{expires}")
    }

    /// The query of a link to `subject` valid until `expires`:
    /// `expires=…&signature=…`.
    pub fn query(&self, secret: &SecretBox, subject: &str, expires: DateTime<Utc>) -> String {
        let expires = expires.timestamp();
        format!(
            "expires={expires}&signature={}",
            secret.sign(self.purpose, Self::message(subject, expires).as_bytes())
        )
    }

    /// Checks a link's `expires` and `signature` for `subject` at `now`.
    pub fn check(
        &self,
        secret: &SecretBox,
        subject: &str,
        expires: Option<i64>,
        signature: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<(), Refused> {
        let (Some(expires), Some(given)) = (expires, signature) else {
            return Err(Refused::Invalid);
        };
        let message = Self::message(subject, expires);
        if !secret.verify(self.purpose, message.as_bytes(), given) {
            return Err(Refused::Invalid);
        }
        if now.timestamp() > expires {
            return Err(Refused::Expired);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret() -> SecretBox {
        SecretBox::new(&[7u8; 32])
    }

    fn parts(query: &str) -> (String, String) {
        let mut expires = String::new();
        let mut signature = String::new();
        for pair in query.split('&') {
            match pair.split_once('=') {
                Some(("expires", v)) => expires = v.into(),
                Some(("signature", v)) => signature = v.into(),
                _ => {}
            }
        }
        (expires, signature)
    }

    #[test]
    fn a_link_opens_its_subject_until_it_expires_and_nothing_else() {
        const A: Links = Links::new("test links a");
        const B: Links = Links::new("test links b");
        let secret = secret();
        let now = Utc::now();
        let (expires, signature) =
            parts(&A.query(&secret, "42", now + chrono::Duration::minutes(10)));
        let expires: i64 = expires.parse().expect("seconds");
        let check = |links: Links, subject: &str, at| {
            links.check(&secret, subject, Some(expires), Some(&signature), at)
        };
        assert_eq!(check(A, "42", now), Ok(()));
        assert_eq!(check(A, "42", now + chrono::Duration::minutes(10)), Ok(()));
        assert_eq!(
            check(A, "42", now + chrono::Duration::minutes(11)),
            Err(Refused::Expired)
        );
        assert_eq!(
            check(A, "43", now),
            Err(Refused::Invalid),
            "another subject"
        );
        assert_eq!(
            check(B, "42", now),
            Err(Refused::Invalid),
            "another kind of link"
        );
        assert_eq!(
            A.check(&secret, "42", Some(expires + 3600), Some(&signature), now),
            Err(Refused::Invalid),
            "a moved expiry"
        );
        assert_eq!(
            A.check(&secret, "42", None, Some(&signature), now),
            Err(Refused::Invalid)
        );
        assert_eq!(
            A.check(&secret, "42", Some(expires), None, now),
            Err(Refused::Invalid)
        );
    }

    #[test]
    fn a_link_signed_before_a_key_rotation_opens_until_the_old_key_is_removed() {
        const A: Links = Links::new("test links a");
        let old = secret();
        let new = SecretBox::new(&[8u8; 32]);
        let rotated = new.clone().with_previous(std::slice::from_ref(&old));
        let now = Utc::now();
        let (expires, signature) = parts(&A.query(&old, "42", now + chrono::Duration::minutes(10)));
        let expires: i64 = expires.parse().expect("seconds");
        let check =
            |secret: &SecretBox| A.check(secret, "42", Some(expires), Some(&signature), now);
        assert_eq!(check(&rotated), Ok(()));
        assert_eq!(check(&new), Err(Refused::Invalid));
        let (_, fresh) = parts(&A.query(&rotated, "42", now + chrono::Duration::minutes(10)));
        assert_ne!(fresh, signature, "new links are signed with the new key");
        assert_eq!(
            A.check(&new, "42", Some(expires), Some(&fresh), now),
            Ok(())
        );
    }
}
