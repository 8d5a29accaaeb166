//! Request fingerprints: a SHA-256 (hex) of what a request asked for, stored with the change it
//! made, so that a repeat (the same `Idempotency-Key`, the same origin reservation number) is
//! recognised as the same request or refused as a different one. Each kind of request keeps
//! the input it always had, so fingerprints already stored keep matching.

use serde::Serialize;
use sha2::{Digest, Sha256};

/// The fingerprint of name/value pairs, independent of their order (the payment API's query
/// values): each sorted pair as `name NUL value NUL`.
pub fn of_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
    pairs.sort_unstable();
    let mut h = Sha256::new();
    for (k, v) in pairs {
        h.update(k.as_bytes());
        h.update([0]);
        h.update(v.as_bytes());
        h.update([0]);
    }
    hex::encode(h.finalize())
}

/// The fingerprint of a canonical form of a request (a struct of its meaningful values, in a
/// fixed order), as its JSON bytes.
pub fn of_json(canonical: &impl Serialize) -> String {
    // A struct of strings and numbers always serialises.
    let bytes = serde_json::to_vec(canonical).unwrap_or_default();
    hex::encode(Sha256::digest(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_in_any_order_give_one_fingerprint_and_a_changed_value_another() {
        let a = of_pairs([("amount", "1000"), ("order_no", "A-1")]);
        assert_eq!(a, of_pairs([("order_no", "A-1"), ("amount", "1000")]));
        assert_ne!(a, of_pairs([("amount", "1001"), ("order_no", "A-1")]));
        // Separators keep "ab"+"c" apart from "a"+"bc".
        assert_ne!(of_pairs([("ab", "c")]), of_pairs([("a", "bc")]));
        assert_eq!(a.len(), 64);
    }

    #[test]
    fn a_canonical_form_hashes_its_json() {
        #[derive(Serialize)]
        struct Canonical<'a> {
            shop_id: i64,
            origin: &'a str,
        }
        let f = of_json(&Canonical {
            shop_id: 3,
            origin: "R-1",
        });
        assert_eq!(
            f,
            hex::encode(Sha256::digest(br#"{"shop_id":3,"origin":"R-1"}"#))
        );
    }
}
