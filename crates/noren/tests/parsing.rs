//! Property tests of the parameter parsing the payment API relies on: any input is either
//! accepted with its exact meaning or refused with a message, never a panic.

use noren::domain::payment::{PaymentMethod, Yen, parse_http_url};
use noren::http::values::{Int, Raw, Text, Value};
use noren::jobs::schedule::parse_schedule;
use noren::webhooks::event::FxRates;
use noren::webhooks::signing::{signature_header, verify};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 1000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn amounts_in_range_round_trip(n in 50i64..=99_999_999) {
        prop_assert_eq!(Yen::parse_amount(&n.to_string()).map(Yen::get), Ok(n));
    }

    #[test]
    fn amounts_out_of_range_are_refused(n in prop_oneof![i64::MIN..50i64, 100_000_000i64..=i64::MAX]) {
        prop_assert!(Yen::parse_amount(&n.to_string()).is_err());
    }

    #[test]
    fn any_amount_text_is_accepted_only_as_plain_digits(s in "\\PC{0,24}") {
        if let Ok(y) = Yen::parse_amount(&s) {
            prop_assert!(s.trim().chars().all(|c| c.is_ascii_digit()), "{s:?}");
            prop_assert_eq!(s.trim().parse::<i64>().ok(), Some(y.get()));
        }
    }

    #[test]
    fn integers_respect_their_bounds(s in "-?[0-9]{0,20}|\\PC{0,12}") {
        if let Ok(v) = Int::<-1000, 1000>::parse(Raw::Text(&s)) {
            prop_assert!((-1000..=1000).contains(&v.get()));
        }
        if let Ok(v) = Int::<0, 0>::parse(Raw::Text(&s)) {
            prop_assert_eq!(v.get(), 0);
        }
    }

    #[test]
    fn texts_respect_their_length(s in "\\PC{0,40}") {
        if let Ok(t) = Text::<1>::parse(Raw::Text(&s)) {
            prop_assert_eq!(t.as_str().chars().count(), 1);
        }
        if let Ok(t) = Text::<12>::parse(Raw::Text(&s)) {
            prop_assert!(t.as_str().chars().count() <= 12);
            prop_assert_eq!(t.as_str(), s.as_str());
        }
    }

    #[test]
    fn booleans_are_only_the_usual_words(s in "\\PC{0,8}") {
        if let Ok(b) = bool::parse(Raw::Text(&s)) {
            prop_assert!(matches!((b, s.as_str()), (true, "true" | "1") | (false, "false" | "0")), "{s:?}");
        }
    }

    #[test]
    fn urls_are_absolute_http_without_whitespace(s in "(https?://)?\\PC{0,40}") {
        if let Ok(u) = parse_http_url(&s) {
            prop_assert!(u.starts_with("http://") || u.starts_with("https://"));
            prop_assert!(!u.chars().any(char::is_whitespace));
            let authority = u.split("://").nth(1).and_then(|r| r.split(['/', '?', '#']).next()).unwrap_or("");
            prop_assert!(!authority.is_empty());
            prop_assert!(authority.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-:".contains(&b)), "{u}");
        }
    }

    #[test]
    fn brands_parse_only_known_values(s in "[a-z()]{0,14}") {
        if let Some(m) = PaymentMethod::parse(&s) {
            prop_assert_eq!(m.as_str(), s.as_str());
        }
    }

    #[test]
    fn settings_parsers_never_panic(s in "\\PC{0,30}") {
        let _ = FxRates::parse(&s);
        let _ = parse_schedule(&s);
    }

    #[test]
    fn signatures_verify_only_their_own_body(body in "\\PC{0,200}", other in "\\PC{0,200}", t in 0i64..4_000_000_000) {
        let secret = "whsec_property";
        let header = signature_header(&[secret.to_string()], t, &body);
        prop_assert!(verify(&header, &body, secret, t, 300));
        if other != body {
            prop_assert!(!verify(&header, &other, secret, t, 300));
        }
    }
}
