//! Which paths belong to the APIs and operations (answered with the JSON error body, limited,
//! never served from the portal) and which are pages.

/// Path prefixes that belong to the APIs and operations: never served from the portal, and
/// answered with the JSON error body when no route matches.
const API_PREFIXES: [&str; 10] = [
    "/v3",
    "/api",
    "/openapi",
    "/sandbox",
    "/healthz",
    "/readyz",
    "/metrics",
    "/checkout/api",
    "/checkout/brands",
    "/inbound-images",
];

pub fn is_api_path(path: &str) -> bool {
    API_PREFIXES.iter().any(|p| {
        path.strip_prefix(p)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_prefixes_match_whole_segments_only() {
        for p in [
            "/v3",
            "/v3/api_keys/whoami",
            "/api/order/x",
            "/healthz",
            "/openapi/pay.yaml",
        ] {
            assert!(is_api_path(p), "{p}");
        }
        for p in [
            "/",
            "/docs",
            "/v30",
            "/apix",
            "/references/pay",
            "/healthzz",
        ] {
            assert!(!is_api_path(p), "{p}");
        }
    }
}
