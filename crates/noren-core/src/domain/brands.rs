//! How brands look at checkout and in `available_payments`: a URL-safe slug for each brand's
//! image, and the image itself (a small generated SVG badge, so the server ships no binaries).

use crate::domain::payment::PaymentMethod;

/// The brands a shop offers when its operator has not chosen (display order).
pub const DEFAULT_BRANDS: [PaymentMethod; 10] = [
    PaymentMethod::PayPay,
    PaymentMethod::CreditCardSp,
    PaymentMethod::ApplePaySp,
    PaymentMethod::GoogleSp,
    PaymentMethod::LinePay,
    PaymentMethod::MerPay,
    PaymentMethod::AuPay,
    PaymentMethod::Alipay,
    PaymentMethod::WeChatPay,
    PaymentMethod::UnionPay,
];

/// `alipay(hs)` → `alipay-hs`: the image's file name.
pub fn slug(m: PaymentMethod) -> String {
    m.as_str().replace('(', "-").replace(')', "")
}

pub fn from_slug(slug: &str) -> Option<PaymentMethod> {
    PaymentMethod::ALL
        .into_iter()
        .find(|m| self::slug(*m) == slug)
}

/// Badge colours: background and text.
fn colours(m: PaymentMethod) -> (&'static str, &'static str) {
    match m {
        PaymentMethod::PayPay => ("#ff0033", "#ffffff"),
        PaymentMethod::LinePay => ("#06c755", "#ffffff"),
        PaymentMethod::MerPay => ("#ff0211", "#ffffff"),
        PaymentMethod::AuPay => ("#eb5505", "#ffffff"),
        PaymentMethod::Alipay | PaymentMethod::AlipayHs | PaymentMethod::AlipayMr => {
            ("#1677ff", "#ffffff")
        }
        PaymentMethod::WeChatPay => ("#07c160", "#ffffff"),
        PaymentMethod::UnionPay => ("#d7000f", "#ffffff"),
        PaymentMethod::PayPal => ("#003087", "#ffffff"),
        PaymentMethod::CreditCardSp => ("#1a1f36", "#ffffff"),
        PaymentMethod::ApplePaySp => ("#000000", "#ffffff"),
        PaymentMethod::GoogleSp => ("#ffffff", "#3c4043"),
        PaymentMethod::Rapyd
        | PaymentMethod::RapydRd
        | PaymentMethod::RapydEw
        | PaymentMethod::RapydTr => ("#16205b", "#ffffff"),
    }
}

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A 120×48 badge with the brand's name.
pub fn svg(m: PaymentMethod) -> String {
    let (bg, fg) = colours(m);
    let name = escape_xml(m.display_name());
    let size = if name.len() > 14 { 11 } else { 14 };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"48\" viewBox=\"0 0 120 48\" role=\"img\" aria-label=\"{name}\">\
<rect x=\"0.5\" y=\"0.5\" width=\"119\" height=\"47\" rx=\"8\" fill=\"{bg}\" stroke=\"#d0d5dd\"/>\
<text x=\"60\" y=\"29\" text-anchor=\"middle\" font-family=\"system-ui,-apple-system,Segoe UI,sans-serif\" font-size=\"{size}\" font-weight=\"600\" fill=\"{fg}\">{name}</text></svg>"
    )
}

/// The badge as a `data:` URL (`image_url_inline`), percent-encoded so it needs no base64.
pub fn data_url(m: PaymentMethod) -> String {
    let mut out = String::from("data:image/svg+xml,");
    for b in svg(m).bytes() {
        match b {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'~'
            | b' '
            | b'='
            | b':'
            | b'/'
            | b','
            | b';'
            | b'('
            | b')'
            | b'+'
            | b'!'
            | b'*'
            | b'\'' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_brand_has_a_unique_slug_that_round_trips() {
        let mut seen = std::collections::HashSet::new();
        for m in PaymentMethod::ALL {
            let s = slug(m);
            assert!(
                s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "{s}"
            );
            assert!(seen.insert(s.clone()), "duplicate slug {s}");
            assert_eq!(from_slug(&s), Some(m));
        }
        assert_eq!(from_slug("bitcoin"), None);
    }

    #[test]
    fn the_inline_image_is_a_data_url_without_raw_markup() {
        let url = data_url(PaymentMethod::AlipayHs);
        assert!(url.starts_with("data:image/svg+xml,%3Csvg"));
        assert!(!url.contains('<') && !url.contains('"') && !url.contains('#'));
    }
}
