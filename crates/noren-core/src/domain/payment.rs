//! Payment vocabulary (seed 000 §3–§5): amounts, brands, statuses, interfaces, tokens.

use rand::Rng;
use rand::distr::{Alphanumeric, SampleString};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Smallest payment (seed 000 §5, §9).
pub const MIN_AMOUNT: i64 = 50;
/// Largest payment (DESIGN.md "Payment API decisions").
pub const MAX_AMOUNT: i64 = 99_999_999;

/// An amount of whole Japanese yen within the payment limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Yen(i64);

impl Yen {
    /// Parses a payment amount: an integer from 50 to 99,999,999.
    pub fn parse_amount(raw: &str) -> Result<Self, String> {
        let n: i64 = raw
            .trim()
            .parse()
            .map_err(|_| "must be a whole number of yen, like 1000".to_string())?;
        if n < MIN_AMOUNT {
            return Err(format!("must be at least {MIN_AMOUNT}"));
        }
        if n > MAX_AMOUNT {
            return Err(format!("must be at most {MAX_AMOUNT}"));
        }
        Ok(Yen(n))
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

/// A payment brand (seed 000 §3 "Payment method values"). New values may appear later, so
/// clients must tolerate unknown ones; the API documents this as an open string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaymentMethod {
    UnionPay,
    Alipay,
    AlipayHs,
    AlipayMr,
    LinePay,
    PayPay,
    PayPal,
    CreditCardSp,
    ApplePaySp,
    GoogleSp,
    WeChatPay,
    MerPay,
    Rapyd,
    RapydRd,
    RapydEw,
    RapydTr,
    AuPay,
}

impl PaymentMethod {
    pub const ALL: [PaymentMethod; 17] = [
        PaymentMethod::UnionPay,
        PaymentMethod::Alipay,
        PaymentMethod::AlipayHs,
        PaymentMethod::AlipayMr,
        PaymentMethod::LinePay,
        PaymentMethod::PayPay,
        PaymentMethod::PayPal,
        PaymentMethod::CreditCardSp,
        PaymentMethod::ApplePaySp,
        PaymentMethod::GoogleSp,
        PaymentMethod::WeChatPay,
        PaymentMethod::MerPay,
        PaymentMethod::Rapyd,
        PaymentMethod::RapydRd,
        PaymentMethod::RapydEw,
        PaymentMethod::RapydTr,
        PaymentMethod::AuPay,
    ];

    /// The wire value, e.g. `alipay(hs)`.
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::UnionPay => "unionpay",
            PaymentMethod::Alipay => "alipay",
            PaymentMethod::AlipayHs => "alipay(hs)",
            PaymentMethod::AlipayMr => "alipay(mr)",
            PaymentMethod::LinePay => "linepay",
            PaymentMethod::PayPay => "paypay",
            PaymentMethod::PayPal => "paypal",
            PaymentMethod::CreditCardSp => "creditcard(sp)",
            PaymentMethod::ApplePaySp => "applepay(sp)",
            PaymentMethod::GoogleSp => "google(sp)",
            PaymentMethod::WeChatPay => "wechatpay",
            PaymentMethod::MerPay => "merpay",
            PaymentMethod::Rapyd => "rapyd",
            PaymentMethod::RapydRd => "rapyd(rd)",
            PaymentMethod::RapydEw => "rapyd(ew)",
            PaymentMethod::RapydTr => "rapyd(tr)",
            PaymentMethod::AuPay => "aupay",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        PaymentMethod::ALL.into_iter().find(|m| m.as_str() == s)
    }

    /// The provider enum (`payment` fields, seed 000 §3), e.g. `WECHATPAY`.
    pub fn provider(self) -> &'static str {
        match self {
            PaymentMethod::UnionPay => "UNIONPAY",
            PaymentMethod::Alipay => "ALIPAY",
            PaymentMethod::AlipayHs => "ALIPAY_HS",
            PaymentMethod::AlipayMr => "ALIPAY_MR",
            PaymentMethod::LinePay => "LINEPAY",
            PaymentMethod::PayPay => "PAYPAY",
            PaymentMethod::PayPal => "PAYPAL",
            PaymentMethod::CreditCardSp => "CREDITCARD_SP",
            PaymentMethod::ApplePaySp => "APPLEPAY_SP",
            PaymentMethod::GoogleSp => "GOOGLEPAY_SP",
            PaymentMethod::WeChatPay => "WECHATPAY",
            PaymentMethod::MerPay => "MERPAY",
            PaymentMethod::Rapyd => "RAPYD",
            PaymentMethod::RapydRd => "RAPYD_RD",
            PaymentMethod::RapydEw => "RAPYD_EW",
            PaymentMethod::RapydTr => "RAPYD_TR",
            PaymentMethod::AuPay => "AUPAY",
        }
    }

    /// The name shown to customers on the checkout page.
    pub fn display_name(self) -> &'static str {
        match self {
            PaymentMethod::UnionPay => "UnionPay",
            PaymentMethod::Alipay => "Alipay",
            PaymentMethod::AlipayHs => "Alipay+ (HS)",
            PaymentMethod::AlipayMr => "Alipay+ (MR)",
            PaymentMethod::LinePay => "LINE Pay",
            PaymentMethod::PayPay => "PayPay",
            PaymentMethod::PayPal => "PayPal",
            PaymentMethod::CreditCardSp => "Credit card",
            PaymentMethod::ApplePaySp => "Apple Pay",
            PaymentMethod::GoogleSp => "Google Pay",
            PaymentMethod::WeChatPay => "WeChat Pay",
            PaymentMethod::MerPay => "merpay",
            PaymentMethod::Rapyd => "Rapyd",
            PaymentMethod::RapydRd => "Rapyd (card)",
            PaymentMethod::RapydEw => "Rapyd (e-wallet)",
            PaymentMethod::RapydTr => "Rapyd (bank transfer)",
            PaymentMethod::AuPay => "au PAY",
        }
    }

    /// Foreign brands settle in the customer's currency; their webhook events carry
    /// `payment_currency_info` (DESIGN.md "Webhooks").
    pub fn is_foreign(self) -> bool {
        matches!(
            self,
            PaymentMethod::UnionPay
                | PaymentMethod::Alipay
                | PaymentMethod::AlipayHs
                | PaymentMethod::AlipayMr
                | PaymentMethod::WeChatPay
        )
    }
}

impl fmt::Display for PaymentMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Payment (attempt) status codes (seed 000 §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum PaymentStatus {
    Unpaid = 0,
    Paid = 10,
    Refunded = 30,
    Canceled = 90,
}

impl From<PaymentStatus> for i32 {
    fn from(s: PaymentStatus) -> i32 {
        s as i32
    }
}

impl TryFrom<i32> for PaymentStatus {
    type Error = String;
    fn try_from(v: i32) -> Result<Self, String> {
        match v {
            0 => Ok(PaymentStatus::Unpaid),
            10 => Ok(PaymentStatus::Paid),
            30 => Ok(PaymentStatus::Refunded),
            90 => Ok(PaymentStatus::Canceled),
            other => Err(format!("unknown payment status {other}")),
        }
    }
}

/// How a predefined payment was created (seed 000 §3 `payment_interface`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaymentInterface {
    UserScan,
    MerchantScan,
    DynamicQr,
    DynamicQrPrint,
    WebLink,
    UnivApiOffline,
    UnivApiOnline,
    OnlinePayment,
    OnlineDirectPay,
    OnlineOrder,
}

impl PaymentInterface {
    pub const ALL: [PaymentInterface; 10] = [
        PaymentInterface::UserScan,
        PaymentInterface::MerchantScan,
        PaymentInterface::DynamicQr,
        PaymentInterface::DynamicQrPrint,
        PaymentInterface::WebLink,
        PaymentInterface::UnivApiOffline,
        PaymentInterface::UnivApiOnline,
        PaymentInterface::OnlinePayment,
        PaymentInterface::OnlineDirectPay,
        PaymentInterface::OnlineOrder,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentInterface::UserScan => "user_scan",
            PaymentInterface::MerchantScan => "merchant_scan",
            PaymentInterface::DynamicQr => "dynamic_qr",
            PaymentInterface::DynamicQrPrint => "dynamic_qr_print",
            PaymentInterface::WebLink => "web_link",
            PaymentInterface::UnivApiOffline => "univ_api_offline",
            PaymentInterface::UnivApiOnline => "univ_api_online",
            PaymentInterface::OnlinePayment => "online_payment",
            PaymentInterface::OnlineDirectPay => "online_direct_pay",
            PaymentInterface::OnlineOrder => "online_order",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        PaymentInterface::ALL.into_iter().find(|i| i.as_str() == s)
    }
}

/// A predefined payment's token: 32 URL-safe characters (about 190 bits), unguessable.
pub fn new_token() -> String {
    Alphanumeric.sample_string(&mut rand::rng(), 32)
}

/// A payment attempt's number: 16 digits, the first not zero.
pub fn new_payment_number() -> String {
    let mut rng = rand::rng();
    let first: u8 = rng.random_range(1..=9);
    let rest: u64 = rng.random_range(0..1_000_000_000_000_000);
    format!("{first}{rest:015}")
}

/// Longest URL a payment takes (`redirection_url`, `webhook_callback_url`), in bytes.
pub const URL_MAX: usize = 2048;

/// Checks an absolute http(s) URL of reasonable length (DESIGN.md: URLs must be absolute): a
/// host name or IPv4 address, an optional port, then any path, query and fragment without
/// whitespace or control characters. The same rule is the `pattern` in the OpenAPI document.
pub fn parse_http_url(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    if raw.len() > URL_MAX {
        return Err(format!("must be at most {URL_MAX} characters"));
    }
    let bad = || "must be an absolute http:// or https:// URL with a host name".to_string();
    let rest = raw
        .strip_prefix("https://")
        .or_else(|| raw.strip_prefix("http://"))
        .ok_or_else(bad)?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let (host, port) = match authority.split_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (authority, None),
    };
    let host_ok = !host.is_empty()
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    let port_ok =
        port.is_none_or(|p| (1..=5).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    if !host_ok || !port_ok || raw.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(bad());
    }
    Ok(raw.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_whole_yen_from_50_to_99_999_999() {
        assert_eq!(Yen::parse_amount("50").map(Yen::get), Ok(50));
        assert_eq!(Yen::parse_amount("99999999").map(Yen::get), Ok(99_999_999));
        for bad in [
            "49",
            "0",
            "-100",
            "100000000",
            "10.5",
            "1e3",
            "",
            "abc",
            "1 000",
        ] {
            assert!(Yen::parse_amount(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_brand_and_interface_round_trips() {
        for m in PaymentMethod::ALL {
            assert_eq!(PaymentMethod::parse(m.as_str()), Some(m));
        }
        for i in PaymentInterface::ALL {
            assert_eq!(PaymentInterface::parse(i.as_str()), Some(i));
        }
        assert_eq!(PaymentMethod::parse("bitcoin"), None);
    }

    #[test]
    fn statuses_are_the_seed_codes() {
        for (s, code) in [
            (PaymentStatus::Unpaid, 0),
            (PaymentStatus::Paid, 10),
            (PaymentStatus::Refunded, 30),
            (PaymentStatus::Canceled, 90),
        ] {
            assert_eq!(i32::from(s), code);
            assert_eq!(PaymentStatus::try_from(code), Ok(s));
            assert_eq!(
                serde_json::to_string(&s).expect("serializes"),
                code.to_string()
            );
        }
        assert!(PaymentStatus::try_from(5).is_err());
    }

    #[test]
    fn tokens_and_numbers_have_their_shape() {
        let t = new_token();
        assert_eq!(t.len(), 32);
        assert!(t.bytes().all(|b| b.is_ascii_alphanumeric()));
        let n = new_payment_number();
        assert_eq!(n.len(), 16);
        assert!(n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0'));
        assert_ne!(new_token(), new_token());
    }

    #[test]
    fn urls_must_be_absolute_http() {
        for ok in [
            "https://shop.example/thanks",
            "http://127.0.0.1:9000/hook?x=1",
            "https://a.b/c#d",
        ] {
            assert!(parse_http_url(ok).is_ok(), "{ok}");
        }
        for bad in [
            "shop.example",
            "ftp://x/y",
            "https://",
            "https:///x",
            "javascript:alert(1)",
            "https://a b/",
            "http://[a/",
            "http://user@host/",
            "http://host:99999999/",
            "http://host:/",
        ] {
            assert!(parse_http_url(bad).is_err(), "{bad}");
        }
    }
}
