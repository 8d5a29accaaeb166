//! Languages of the three APIs (DESIGN.md "Languages"): `en`, `zh-CN`, `ja`, `ko`, `zh-TW`;
//! default `en`; anything else is a client error.

use serde::{Deserialize, Serialize};
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

#[cfg(test)]
mod tests {
    use super::*;

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
