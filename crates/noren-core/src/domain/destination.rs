//! Where outgoing webhooks may go (DESIGN.md "Outgoing requests", issue 9 item 2): only public
//! addresses, checked on the address that is actually connected to. Live events go only to
//! `https` URLs on public addresses; test events may also reach loopback, so that developers
//! receive on their own machine. `NOREN_WEBHOOK_ALLOW_PRIVATE` lets an operator of a
//! self-hosted deployment allow the private ranges (10/8, 172.16/12, 192.168/16, 100.64/10,
//! fc00::/7), never link-local or metadata addresses.
//!
//! Host notations (`0x7f000001`, `2130706433`, `0177.0.0.1`, `127.1`, `[::ffff:127.0.0.1]`) are
//! normalised by WHATWG URL parsing (the `url` crate, which reqwest uses too) before they are
//! checked, and IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are
//! judged by the IPv4 address inside.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why an address is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Loopback,
    Private,
    SharedCgnat,
    UniqueLocal,
    LinkLocal,
    Metadata,
    Multicast,
    Unspecified,
    Broadcast,
    Documentation,
    Benchmarking,
    Reserved,
}

impl Class {
    pub fn describe(self) -> &'static str {
        match self {
            Class::Loopback => "loopback",
            Class::Private => "private",
            Class::SharedCgnat => "shared address space (CGNAT)",
            Class::UniqueLocal => "unique-local (private)",
            Class::LinkLocal => "link-local",
            Class::Metadata => "a cloud metadata address",
            Class::Multicast => "multicast",
            Class::Unspecified => "unspecified",
            Class::Broadcast => "broadcast",
            Class::Documentation => "reserved for documentation",
            Class::Benchmarking => "reserved for benchmarking",
            Class::Reserved => "reserved",
        }
    }

    /// The ranges `NOREN_WEBHOOK_ALLOW_PRIVATE` opens.
    fn is_private(self) -> bool {
        matches!(
            self,
            Class::Private | Class::SharedCgnat | Class::UniqueLocal
        )
    }
}

/// Host names of cloud metadata services, refused whatever they resolve to.
const METADATA_NAMES: [&str; 3] = ["metadata.google.internal", "metadata.goog", "metadata"];

/// What is refused: "10.0.0.1 is private", "localhost (127.0.0.1) is loopback".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub what: String,
    pub class: Class,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "destination address not allowed: {} is {}",
            self.what,
            self.class.describe()
        )
    }
}

impl std::error::Error for Refused {}

/// The class of a non-public address; `None` for a public one.
pub fn classify(ip: IpAddr) -> Option<Class> {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

fn classify_v4(ip: Ipv4Addr) -> Option<Class> {
    let [a, b, c, _] = ip.octets();
    Some(match (a, b, c) {
        _ if ip == Ipv4Addr::new(169, 254, 169, 254) => Class::Metadata,
        // Alibaba Cloud's metadata service, inside the shared range.
        _ if ip == Ipv4Addr::new(100, 100, 100, 200) => Class::Metadata,
        _ if ip.is_broadcast() => Class::Broadcast,
        (0, _, _) => Class::Unspecified,
        (10, _, _) => Class::Private,
        (100, 64..=127, _) => Class::SharedCgnat,
        (127, _, _) => Class::Loopback,
        (169, 254, _) => Class::LinkLocal,
        (172, 16..=31, _) => Class::Private,
        (192, 0, 0) | (192, 88, 99) => Class::Reserved,
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => Class::Documentation,
        (192, 168, _) => Class::Private,
        (198, 18..=19, _) => Class::Benchmarking,
        (224..=239, _, _) => Class::Multicast,
        (240..=255, _, _) => Class::Reserved,
        _ => return None,
    })
}

fn classify_v6(ip: Ipv6Addr) -> Option<Class> {
    let s = ip.segments();
    let embedded =
        |hi: u16, lo: u16| Ipv4Addr::new((hi >> 8) as u8, hi as u8, (lo >> 8) as u8, lo as u8);
    if ip.is_unspecified() {
        return Some(Class::Unspecified);
    }
    if ip.is_loopback() {
        return Some(Class::Loopback);
    }
    if let Some(v4) = ip.to_ipv4_mapped() {
        return classify_v4(v4);
    }
    // IPv4-compatible (::a.b.c.d, deprecated) and NAT64 (64:ff9b::/96, 64:ff9b:1::/48): judged
    // by the IPv4 address they lead to.
    if s[..6] == [0; 6] || (s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0; 4]) {
        return classify_v4(embedded(s[6], s[7]));
    }
    if s[0] == 0x64 && s[1] == 0xff9b && s[2] == 1 {
        return Some(Class::Reserved);
    }
    // 6to4 (2002::/16) carries the IPv4 address in its next 32 bits.
    if s[0] == 0x2002 {
        return classify_v4(embedded(s[1], s[2])).or(Some(Class::Reserved));
    }
    if ip == Ipv6Addr::new(0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254) {
        return Some(Class::Metadata);
    }
    Some(match s[0] {
        0xfc00..=0xfdff => Class::UniqueLocal,
        0xfe80..=0xfebf => Class::LinkLocal,
        // Site-local (deprecated) behaves as private.
        0xfec0..=0xfeff => Class::UniqueLocal,
        0xff00..=0xffff => Class::Multicast,
        // Teredo (2001::/32) hides an IPv4 address; benchmarking 2001:2::/48; ORCHID and
        // documentation.
        0x2001 if s[1] == 0 => Class::Reserved,
        0x2001 if s[1] == 2 && s[2] == 0 => Class::Benchmarking,
        0x2001 if (0x10..=0x3f).contains(&s[1]) => Class::Reserved,
        0x2001 if s[1] == 0x0db8 => Class::Documentation,
        0x3fff if s[1] <= 0x0fff => Class::Documentation,
        // Discard-only 100::/64 and the rest of ::/8 outside the forms above.
        0x0000..=0x00ff => Class::Reserved,
        0x0100 if s[1..4] == [0; 3] => Class::Reserved,
        _ => return None,
    })
}

/// What the deployment lets deliveries reach besides public addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// `NOREN_WEBHOOK_ALLOW_PRIVATE`: self-hosted receivers on a private network.
    pub private: bool,
    /// `NOREN_WEBHOOK_TEST_LOOPBACK`: test mode may reach loopback (the developer's own
    /// machine under `make run`); off on a shared server, where it would let any test key
    /// probe the host's own ports.
    pub test_loopback: bool,
}

/// What a mode's deliveries may reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AddressPolicy {
    /// Test mode with [`Reach::test_loopback`]: the developer's own machine.
    pub allow_loopback: bool,
    /// `NOREN_WEBHOOK_ALLOW_PRIVATE`: self-hosted receivers on a private network.
    pub allow_private: bool,
    /// Live mode: `https` only.
    pub https_only: bool,
}

impl AddressPolicy {
    pub fn for_mode(livemode: bool, reach: Reach) -> Self {
        AddressPolicy {
            allow_loopback: !livemode && reach.test_loopback,
            allow_private: reach.private,
            https_only: livemode,
        }
    }

    /// Whether a delivery may connect to `ip`.
    pub fn check_ip(&self, ip: IpAddr) -> Result<(), Class> {
        match classify(ip) {
            None => Ok(()),
            Some(Class::Loopback) if self.allow_loopback => Ok(()),
            Some(c) if c.is_private() && self.allow_private => Ok(()),
            Some(c) => Err(c),
        }
    }

    /// Whether a URL's host may be used as it is written: IP literals (in any notation the URL
    /// parser accepts) are checked here; host names are checked again on the addresses they
    /// resolve to, at delivery.
    pub fn check_host(&self, host: &url::Host<&str>) -> Result<(), Refused> {
        match host {
            url::Host::Ipv4(v4) => self.check_ip(IpAddr::V4(*v4)).map_err(|class| Refused {
                what: v4.to_string(),
                class,
            }),
            url::Host::Ipv6(v6) => self.check_ip(IpAddr::V6(*v6)).map_err(|class| Refused {
                what: v6.to_string(),
                class,
            }),
            url::Host::Domain(name) => check_name(name),
        }
    }

    /// Checks a whole URL as written: the scheme (https in live mode) and an IP-literal host.
    pub fn check_url(&self, url: &url::Url) -> Result<(), String> {
        if self.https_only && url.scheme() != "https" {
            return Err("live events go only to https:// URLs".into());
        }
        match url.host() {
            Some(host) => self.check_host(&host).map_err(|r| r.to_string()),
            None => Err("the URL has no host".into()),
        }
    }
}

/// Refuses the host names of cloud metadata services.
pub fn check_name(name: &str) -> Result<(), Refused> {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    if METADATA_NAMES.contains(&name.as_str()) {
        return Err(Refused {
            what: name,
            class: Class::Metadata,
        });
    }
    Ok(())
}

/// Validates a webhook URL at the edge (a create call's `webhook_callback_url`, `noren webhook
/// set-url`): an absolute http(s) URL, `https` in live mode, and not an IP literal or metadata
/// host that deliveries in this mode would refuse. Answers the URL as given.
pub fn parse_webhook_url(raw: &str, livemode: bool, reach: Reach) -> Result<String, String> {
    let raw = crate::domain::payment::parse_http_url(raw)?;
    let url = url::Url::parse(&raw)
        .map_err(|_| "must be an absolute http:// or https:// URL with a host name".to_string())?;
    let policy = AddressPolicy::for_mode(livemode, reach);
    if policy.https_only && url.scheme() != "https" {
        // Shared by payment webhooks and reservation notifications: say the mode, not the kind.
        return Err("must be an https:// URL in live mode".into());
    }
    if let Some(host) = url.host() {
        policy.check_host(&host).map_err(|r| {
            format!(
                "must not point at an internal address ({} is {})",
                r.what,
                r.class.describe()
            )
        })?;
    }
    Ok(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIVE: AddressPolicy = AddressPolicy {
        allow_loopback: false,
        allow_private: false,
        https_only: true,
    };
    const TEST: AddressPolicy = AddressPolicy {
        allow_loopback: true,
        allow_private: false,
        https_only: false,
    };
    const SELF_HOSTED: AddressPolicy = AddressPolicy {
        allow_loopback: false,
        allow_private: true,
        https_only: true,
    };

    fn host_check(policy: AddressPolicy, url: &str) -> Result<(), String> {
        let url = url::Url::parse(url).map_err(|e| format!("unparsable: {e}"))?;
        policy.check_url(&url)
    }

    /// Every notation of a refused address, as a URL would carry it, and what each policy
    /// says: (url, live, test, live with NOREN_WEBHOOK_ALLOW_PRIVATE).
    #[test]
    fn the_address_table_allows_public_hosts_only() {
        let table: &[(&str, bool, bool, bool)] = &[
            ("https://example.com/hook", true, true, true),
            ("https://93.184.216.34/hook", true, true, true),
            (
                "https://[2606:2800:220:1:248:1893:25c8:1946]/",
                true,
                true,
                true,
            ),
            // Loopback in every notation: test mode only.
            ("https://127.0.0.1/", false, true, false),
            ("https://127.255.255.254/", false, true, false),
            ("https://0x7f000001/", false, true, false),
            ("https://2130706433/", false, true, false),
            ("https://0177.0.0.1/", false, true, false),
            ("https://127.1/", false, true, false),
            ("https://0x7f.0.0.1/", false, true, false),
            ("https://[::1]/", false, true, false),
            ("https://[0:0:0:0:0:0:0:1]/", false, true, false),
            ("https://[::ffff:127.0.0.1]/", false, true, false),
            ("https://[::ffff:7f00:1]/", false, true, false),
            ("https://[::127.0.0.1]/", false, true, false),
            ("https://[64:ff9b::127.0.0.1]/", false, true, false),
            // Private: refused unless the operator allows private ranges.
            ("https://10.0.0.1/", false, false, true),
            ("https://012.0.0.1/", false, false, true),
            ("https://167772161/", false, false, true),
            ("https://172.16.0.1/", false, false, true),
            ("https://172.31.255.255/", false, false, true),
            ("https://192.168.0.1/", false, false, true),
            ("https://0xc0a80001/", false, false, true),
            ("https://100.64.0.1/", false, false, true),
            ("https://[fc00::1]/", false, false, true),
            ("https://[fd12:3456::1]/", false, false, true),
            ("https://[::ffff:10.0.0.1]/", false, false, true),
            ("https://[::ffff:192.168.0.1]/", false, false, true),
            ("https://[64:ff9b::10.0.0.1]/", false, false, true),
            ("https://[2002:a00:1::]/", false, false, true),
            // Never: link-local, metadata, multicast, unspecified, broadcast, reserved.
            (
                "https://169.254.169.254/latest/meta-data",
                false,
                false,
                false,
            ),
            ("https://0xa9fea9fe/", false, false, false),
            ("https://2852039166/", false, false, false),
            ("https://[::ffff:169.254.169.254]/", false, false, false),
            ("https://[fd00:ec2::254]/", false, false, false),
            ("https://100.100.100.200/", false, false, false),
            (
                "https://metadata.google.internal/computeMetadata/v1/",
                false,
                false,
                false,
            ),
            ("https://METADATA.google.internal./", false, false, false),
            ("https://169.254.1.1/", false, false, false),
            ("https://[fe80::1]/", false, false, false),
            ("https://224.0.0.1/", false, false, false),
            ("https://[ff02::1]/", false, false, false),
            ("https://0.0.0.0/", false, false, false),
            ("https://0/", false, false, false),
            ("https://[::]/", false, false, false),
            ("https://255.255.255.255/", false, false, false),
            ("https://192.0.2.1/", false, false, false),
            ("https://198.51.100.7/", false, false, false),
            ("https://203.0.113.9/", false, false, false),
            ("https://[2001:db8::1]/", false, false, false),
            ("https://198.18.0.1/", false, false, false),
            ("https://240.0.0.1/", false, false, false),
            ("https://[2001::1]/", false, false, false),
            ("https://[64:ff9b:1::1]/", false, false, false),
        ];
        for (url, live, test, self_hosted) in table {
            assert_eq!(
                host_check(LIVE, url).is_ok(),
                *live,
                "live {url}: {:?}",
                host_check(LIVE, url)
            );
            assert_eq!(
                host_check(TEST, url).is_ok(),
                *test,
                "test {url}: {:?}",
                host_check(TEST, url)
            );
            assert_eq!(
                host_check(SELF_HOSTED, url).is_ok(),
                *self_hosted,
                "self-hosted {url}: {:?}",
                host_check(SELF_HOSTED, url)
            );
        }
    }

    #[test]
    fn a_refusal_names_the_normalised_address_and_its_class() {
        assert_eq!(
            host_check(LIVE, "https://0x0a000001/").expect_err("private"),
            "destination address not allowed: 10.0.0.1 is private"
        );
        assert_eq!(
            host_check(LIVE, "https://2130706433/").expect_err("loopback"),
            "destination address not allowed: 127.0.0.1 is loopback"
        );
        assert_eq!(
            host_check(LIVE, "http://example.com/").expect_err("http"),
            "live events go only to https:// URLs"
        );
    }

    #[test]
    fn create_time_validation_refuses_internal_literals_and_http_in_live_mode() {
        assert!(parse_webhook_url("https://example.com/hook", true, DEFAULT).is_ok());
        assert!(parse_webhook_url("http://example.com/hook", false, DEFAULT).is_ok());
        assert!(parse_webhook_url("http://127.0.0.1:9000/hook", false, DEFAULT).is_ok());
        assert_eq!(
            parse_webhook_url("http://example.com/hook", true, DEFAULT).expect_err("http in live"),
            "must be an https:// URL in live mode"
        );
        for bad in [
            "https://10.0.0.1/",
            "https://0x7f000001/",
            "https://2130706433/",
            "https://0177.0.0.1/",
            "https://169.254.169.254/",
            "https://metadata.google.internal/",
        ] {
            assert!(parse_webhook_url(bad, true, DEFAULT).is_err(), "live {bad}");
        }
        for bad in [
            "http://10.0.0.1/",
            "http://192.168.0.1/",
            "http://169.254.169.254/",
        ] {
            assert!(
                parse_webhook_url(bad, false, DEFAULT).is_err(),
                "test {bad}"
            );
        }
        assert!(parse_webhook_url("https://10.0.0.1/", true, PRIVATE).is_ok());
        // A shared server refuses loopback in test mode too (`NOREN_WEBHOOK_TEST_LOOPBACK=off`).
        for bad in [
            "http://127.0.0.1:9000/hook",
            "http://127.1/",
            "http://0x7f000001/",
        ] {
            let refused = parse_webhook_url(bad, false, SHARED).expect_err("loopback refused");
            assert!(refused.contains("loopback"), "{bad}: {refused}");
        }
        assert!(parse_webhook_url("http://example.com/hook", false, SHARED).is_ok());
    }

    /// `make run`'s default: test mode may reach the developer's machine.
    const DEFAULT: Reach = Reach {
        private: false,
        test_loopback: true,
    };
    const PRIVATE: Reach = Reach {
        private: true,
        test_loopback: true,
    };
    const SHARED: Reach = Reach {
        private: false,
        test_loopback: false,
    };

    proptest::proptest! {
        /// Whatever the notation, an IPv4 address mapped into IPv6 is judged like itself.
        #[test]
        fn mapped_addresses_are_judged_like_their_ipv4(a: u8, b: u8, c: u8, d: u8) {
            let v4 = Ipv4Addr::new(a, b, c, d);
            proptest::prop_assert_eq!(classify(IpAddr::V4(v4)), classify(IpAddr::V6(v4.to_ipv6_mapped())));
            let decimal = format!("https://{}/", u32::from(v4));
            proptest::prop_assert_eq!(host_check(LIVE, &decimal).is_ok(), LIVE.check_ip(IpAddr::V4(v4)).is_ok());
        }
    }
}
