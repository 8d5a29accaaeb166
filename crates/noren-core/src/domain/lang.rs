//! Languages of the three APIs (DESIGN.md "Languages"): `en`, `zh-CN`, `ja`, `ko`, `zh-TW`;
//! default `en`; anything else is a client error. Texts stored per language (menu names,
//! descriptions) are served in the requested one with [`localized`]'s fallback.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
pub enum Lang {
    #[default]
    #[serde(rename = "en")]
    En,
    #[serde(rename = "zh-CN")]
    ZhCn,
    #[serde(rename = "ja")]
    Ja,
    #[serde(rename = "ko")]
    Ko,
    #[serde(rename = "zh-TW")]
    ZhTw,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::En, Lang::ZhCn, Lang::Ja, Lang::Ko, Lang::ZhTw];

    pub fn as_str(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::Ja => "ja",
            Lang::Ko => "ko",
            Lang::ZhTw => "zh-TW",
        }
    }

    /// Exact codes only: `ja` is Japanese, `JA` or `ja-JP` are not accepted, so that a client's
    /// typo is reported instead of silently falling back to English.
    pub fn parse(s: &str) -> Option<Self> {
        Lang::ALL.into_iter().find(|l| l.as_str() == s)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The order in which languages are tried for `requested` (issue 11: the requested one, then
/// English, then Japanese, then any other in [`Lang::ALL`]'s order), each once.
pub fn fallback_order(requested: Lang) -> [Lang; 5] {
    let mut order = [requested; 5];
    let mut n = 1;
    for l in [Lang::En, Lang::Ja].into_iter().chain(Lang::ALL) {
        if !order[..n].contains(&l) {
            order[n] = l;
            n += 1;
        }
    }
    order
}

/// The text to serve in `requested` from a text's translations: the first of
/// [`fallback_order`] that has a non-blank text (a blank cell in an imported workbook counts as
/// missing); `None` when none has.
pub fn localized<S: AsRef<str>>(texts: &HashMap<Lang, S>, requested: Lang) -> Option<&str> {
    fallback_order(requested)
        .into_iter()
        .filter_map(|l| texts.get(&l).map(AsRef::as_ref))
        .find(|t| !t.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fallback_tries_the_requested_language_then_english_then_japanese_then_the_rest() {
        use Lang::*;
        for (requested, order) in [
            (En, [En, Ja, ZhCn, Ko, ZhTw]),
            (Ja, [Ja, En, ZhCn, Ko, ZhTw]),
            (ZhCn, [ZhCn, En, Ja, Ko, ZhTw]),
            (Ko, [Ko, En, Ja, ZhCn, ZhTw]),
            (ZhTw, [ZhTw, En, Ja, ZhCn, Ko]),
        ] {
            assert_eq!(fallback_order(requested), order, "{requested}");
        }
    }

    #[test]
    fn a_text_is_served_in_the_first_language_that_has_it() {
        use Lang::*;
        let texts = |pairs: &[(Lang, &'static str)]| -> HashMap<Lang, &'static str> {
            pairs.iter().copied().collect()
        };
        let all = texts(&[
            (En, "Ramen"),
            (Ja, "ラーメン"),
            (ZhCn, "拉面"),
            (Ko, "라멘"),
            (ZhTw, "拉麵"),
        ]);
        for lang in Lang::ALL {
            assert_eq!(localized(&all, lang), all.get(&lang).copied());
        }
        let cases: [(HashMap<Lang, &str>, Lang, Option<&str>); 8] = [
            (texts(&[(En, "Ramen"), (Ja, "ラーメン")]), Ko, Some("Ramen")),
            (
                texts(&[(Ja, "ラーメン"), (ZhTw, "拉麵")]),
                Ko,
                Some("ラーメン"),
            ),
            (
                texts(&[(Ja, "ラーメン"), (ZhTw, "拉麵")]),
                ZhTw,
                Some("拉麵"),
            ),
            (texts(&[(Ko, "라멘"), (ZhTw, "拉麵")]), En, Some("라멘")),
            (texts(&[(ZhTw, "拉麵")]), Ja, Some("拉麵")),
            // Blank is missing.
            (
                texts(&[(Ko, " "), (En, ""), (Ja, "ラーメン")]),
                Ko,
                Some("ラーメン"),
            ),
            (texts(&[(En, "  ")]), En, None),
            (texts(&[]), Ja, None),
        ];
        for (t, requested, want) in cases {
            assert_eq!(localized(&t, requested), want, "{requested} from {t:?}");
        }
        // Owned strings work the same.
        let owned: HashMap<Lang, String> = [(Ja, "ラーメン".to_string())].into_iter().collect();
        assert_eq!(localized(&owned, En), Some("ラーメン"));
    }

    #[test]
    fn every_supported_code_round_trips() {
        for lang in Lang::ALL {
            assert_eq!(Lang::parse(lang.as_str()), Some(lang));
            let json = serde_json::to_string(&lang).expect("serializes");
            assert_eq!(json, format!("\"{}\"", lang.as_str()));
        }
    }

    #[test]
    fn unknown_codes_are_refused() {
        for bad in ["", "EN", "ja-JP", "zh", "fr"] {
            assert_eq!(Lang::parse(bad), None, "{bad}");
        }
    }
}
