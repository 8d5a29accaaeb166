//! The three OpenAPI documents, generated from the routers (`utoipa-axum`), so the references
//! can never drift from the code. Served at `/openapi/…` and written by `noren openapi`.

use utoipa::Modify;
use utoipa::openapi::OpenApi;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};

/// The servers every spec lists. Staging and production addresses are placeholders until the
/// hosted environments exist (seed 000 §9: "addresses not shown").
pub fn servers() -> Vec<utoipa::openapi::Server> {
    use utoipa::openapi::server::Server;
    let mut local = Server::new("http://127.0.0.1:8080");
    local.description =
        Some("Local noren started with `make run` (sandbox keys printed at start)".into());
    let mut staging = Server::new("https://staging.api.noren.example");
    staging.description = Some("Staging".into());
    let mut production = Server::new("https://api.noren.example");
    production.description = Some("Production".into());
    vec![local, staging, production]
}

/// Adds the merchant key scheme (`X-Auth-API-Key`).
pub struct MerchantKeyScheme;

impl Modify for MerchantKeyScheme {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "apiKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-Auth-API-Key",
                "A merchant key: `sk_test_…`/`sk_live_…` (merchant secret key) or \
                 `dk_test_…`/`dk_live_…` (the key of one shop device). Test keys only see test data.",
            ))),
        );
    }
}

/// Adds the inbound partner key schemes (`Authorization: Bearer`, or `X-Auth-API-Key`).
pub struct PartnerKeyScheme;

impl Modify for PartnerKeyScheme {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "partnerBearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "A partner key issued by Noren and bound to one `{platform}`: \
                         `ipk_prov_…`, `ipk_agcy_…`, `ipk_ota_…` or `ipk_test_…`.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "partnerApiKey",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-Auth-API-Key",
                "The same partner key, for clients that cannot send an Authorization header.",
            ))),
        );
    }
}

/// Fills in what the derive cannot: the servers. It also drops the license the derive copies
/// from Cargo.toml: that is the code's license, not terms of the API.
pub struct Servers;

impl Modify for Servers {
    fn modify(&self, openapi: &mut OpenApi) {
        openapi.servers = Some(servers());
        openapi.info.license = None;
    }
}

/// The rendered documents, built once at start-up.
pub struct Specs {
    pub pay: OpenApi,
    pub order: OpenApi,
    pub inbound: OpenApi,
}

impl Specs {
    pub fn pay_yaml(&self) -> String {
        self.pay
            .to_yaml()
            .unwrap_or_else(|e| format!("# cannot render: {e}\n"))
    }

    pub fn order_json(&self) -> String {
        pretty(&self.order)
    }

    pub fn inbound_json(&self) -> String {
        pretty(&self.inbound)
    }

    /// `(file name, content)` of each committed copy under `openapi/`.
    pub fn files(&self) -> [(&'static str, String); 3] {
        [
            ("pay.yaml", self.pay_yaml()),
            ("order.json", self.order_json()),
            ("inbound.json", self.inbound_json()),
        ]
    }
}

fn pretty(api: &OpenApi) -> String {
    let mut s = api
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}
