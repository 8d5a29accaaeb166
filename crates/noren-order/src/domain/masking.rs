//! Masked contact details of an order (seed 001 §3 "Cafeteria order": `phoneNumberMasked`,
//! `emailMasked`): enough for the customer to recognise their own, never the whole value.
//!
//! - Phone: every digit is replaced by `*` except the last 4, and those only when the number
//!   has at least 8 digits (so at most half of a short number shows; `0312-3456` shows
//!   nothing); separators (`-`, space, `+`, parentheses) stay where they are; any other
//!   character becomes `*`. `090-1234-5678` → `***-****-5678`.
//! - Email: the part before the last `@` becomes its first character and `***` when it has at
//!   least 4 characters, else just `***` (the length never shows); the domain is kept (it says
//!   which mailbox, not whose). `taro@example.com` → `t***@example.com`. Without an `@`, or
//!   with nothing after it, the whole value is `***`.
//! - An empty value stays empty (nothing to hide, and "no phone" stays distinguishable).

/// Digits shown at the end of a long enough phone number.
const PHONE_SHOWN: usize = 4;
/// A phone number shows its last digits only from this many digits on.
const PHONE_MIN_DIGITS_TO_SHOW: usize = 8;
const STARS: &str = "***";

/// `phoneNumberMasked`.
pub fn mask_phone(phone: &str) -> String {
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let shown_from = if digits >= PHONE_MIN_DIGITS_TO_SHOW {
        digits - PHONE_SHOWN
    } else {
        usize::MAX
    };
    let mut seen = 0;
    phone
        .chars()
        .map(|c| {
            if c.is_ascii_digit() {
                seen += 1;
                if seen > shown_from { c } else { '*' }
            } else if matches!(c, '-' | ' ' | '+' | '(' | ')') {
                c
            } else {
                '*'
            }
        })
        .collect()
}

/// `emailMasked`.
pub fn mask_email(email: &str) -> String {
    if email.is_empty() {
        return String::new();
    }
    match email.rsplit_once('@') {
        Some((local, domain)) if !domain.is_empty() => {
            let mut chars = local.chars();
            match chars.next() {
                Some(first) if local.chars().count() >= 4 => format!("{first}{STARS}@{domain}"),
                _ => format!("{STARS}@{domain}"),
            }
        }
        _ => STARS.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn phone_numbers_show_at_most_their_last_four_digits() {
        for (phone, masked) in [
            ("090-1234-5678", "***-****-5678"),
            ("09012345678", "*******5678"),
            ("+81 90 1234 5678", "+** ** **** 5678"),
            ("(03) 1234-5678", "(**) ****-5678"),
            ("12345678", "****5678"),
            // Fewer than 8 digits: nothing shows.
            ("1234567", "*******"),
            ("0312-345", "****-***"),
            ("5678", "****"),
            ("1", "*"),
            ("", ""),
            // Anything but digits and separators is hidden too.
            ("090-1234-5678 ext 9", "***-****-*678 *** 9"),
            ("abc", "***"),
        ] {
            assert_eq!(mask_phone(phone), masked, "{phone}");
        }
    }

    #[test]
    fn emails_show_one_character_and_the_domain() {
        for (email, masked) in [
            ("taro@example.com", "t***@example.com"),
            ("t.yamada+order@mail.example.jp", "t***@mail.example.jp"),
            ("abcd@x.jp", "a***@x.jp"),
            // Short local parts show nothing of themselves.
            ("abc@x.jp", "***@x.jp"),
            ("a@x.jp", "***@x.jp"),
            ("@x.jp", "***@x.jp"),
            // The last @ separates the domain.
            ("we\"ird@name\"@x.jp", "w***@x.jp"),
            ("たろう太郎@例え.jp", "た***@例え.jp"),
            // Not an address: all hidden.
            ("taro", "***"),
            ("taro@", "***"),
            ("", ""),
        ] {
            assert_eq!(mask_email(email), masked, "{email}");
        }
    }

    /// Characters that carry something to hide (a value made only of `*` and separators has
    /// nothing to reveal).
    fn secret(s: &str) -> bool {
        s.chars().any(|c| c.is_alphanumeric())
    }

    /// Whether an email's masked part (the name after its first character, or the whole name
    /// when it is shorter than 4) holds something to hide; the domain is shown by design.
    fn email_secret(s: &str) -> bool {
        match s.rsplit_once('@') {
            Some((local, domain)) if !domain.is_empty() => {
                (local.chars().count() < 4 && secret(local))
                    || secret(&local.chars().skip(1).collect::<String>())
            }
            _ => secret(s),
        }
    }

    proptest! {
        #[test]
        fn a_masked_phone_never_contains_the_whole_number(phone in "[0-9+() -]{1,24}") {
            let masked = mask_phone(&phone);
            prop_assert_eq!(masked.chars().count(), phone.chars().count());
            let shown = masked.chars().filter(char::is_ascii_digit).count();
            let digits = phone.chars().filter(char::is_ascii_digit).count();
            prop_assert!(shown <= PHONE_SHOWN);
            prop_assert!(shown <= digits / 2);
            if secret(&phone) {
                prop_assert!(!masked.contains(&phone), "{} → {}", phone, masked);
            }
        }

        #[test]
        fn a_masked_anything_never_contains_the_whole_value(value in "\\PC{1,40}") {
            let phone = mask_phone(&value);
            if secret(&value) {
                prop_assert!(!phone.contains(&value), "{} → {}", value, phone);
            }
            let email = mask_email(&value);
            if email_secret(&value) {
                prop_assert!(!email.contains(&value), "{} → {}", value, email);
            }
        }

        #[test]
        fn a_masked_email_shows_at_most_one_character_of_the_name(
            local in "[a-zA-Z0-9._%+-]{1,30}",
            domain in "[a-z0-9-]{1,20}\\.[a-z]{2,6}",
        ) {
            let email = format!("{local}@{domain}");
            let masked = mask_email(&email);
            prop_assert!(!masked.contains(&email));
            let at_domain = format!("@{domain}");
            prop_assert!(masked.ends_with(&at_domain));
            let shown = masked.len() - domain.len() - 1 - STARS.len();
            prop_assert!(shown <= 1 && shown < local.len().max(2));
            if local.len() >= 2 {
                let name_at = format!("{local}@");
                prop_assert!(!masked.contains(&name_at));
            }
        }
    }
}
