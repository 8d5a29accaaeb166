//! The three OpenAPI documents of the APIs, and the internal one of the hosted checkout's own
//! endpoints, generated from the routers (`utoipa-axum`), so the references (and the checkout's
//! generated TypeScript types) can never drift from the code. Served at `/openapi/…` and written
//! by `noren openapi`.

use serde_json::json;
use utoipa::Modify;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, Response, ResponseBuilder, Schema};

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

/// The error answers any call can get besides its own (DESIGN.md "Errors", "Limits"), added to
/// every operation of a spec so that generated clients parse each of them as the error body:
/// 401 and 403 on keyed calls, 413 and 415 on calls that take a body, 429 everywhere, and a
/// `default` for the rest (500, 503, …). An operation's own answer for a status, with its own
/// description and example, is kept. Public calls get `security: []`.
///
/// It runs on the finished document ([`Specs::new`]): the derive's `modifiers(...)` run before
/// `utoipa-axum` adds the routes' operations.
pub struct CommonErrors {
    /// What a 403 means for this API's keys.
    pub forbidden: &'static str,
    /// What a 415 means: the body formats this API takes.
    pub unsupported_media: &'static str,
    /// The schema of the API's error body (`ErrorBody`, or `InboundErrorBody` with `reason`).
    pub error_schema: &'static str,
    /// What a 401 means, and its example's message, for the API's usual key (an operation
    /// that takes another kind of key documents its own 401).
    pub unauthorized: (&'static str, &'static str),
}

/// The 401 of the merchant-key APIs.
const MERCHANT_UNAUTHORIZED: (&str, &str) = (
    "The key is missing, malformed, unknown or revoked.",
    "invalid API key: unknown or revoked",
);

/// The 415 of the APIs whose values come as query values or a form body.
const FORM_BODIES: &str = "A body in a format this call does not take (values go in the query or \
                           in an `application/x-www-form-urlencoded` body).";

/// The 415 of a call whose body is JSON only, whatever its API's other calls take.
const JSON_BODY: &str = "A body in a format this call does not take: send `application/json`.";

impl CommonErrors {
    fn error(&self, description: &str, example: Option<serde_json::Value>) -> Response {
        let content = ContentBuilder::new()
            .schema(Some(Ref::from_schema_name(self.error_schema)))
            .example(example)
            .build();
        ResponseBuilder::new()
            .description(description)
            .content("application/json", content)
            .build()
    }

    fn too_many_requests(&self) -> Response {
        let header = |description: &str, kind: Type| {
            HeaderBuilder::new()
                .schema(Some(ObjectBuilder::new().schema_type(kind)))
                .description(Some(description))
                .build()
        };
        let mut res = self.error(
            "Too many requests from this key (or, for calls without a key and for failed \
             authentication, from this address). Limits are per server process. Retry after \
             `Retry-After` seconds.",
            Some(
                json!({"code": "too_many_requests", "message": "too many requests for this key: at most 100 per second; retry after 1 s"}),
            ),
        );
        res.headers.insert(
            "Retry-After".into(),
            header("Seconds to wait before retrying.", Type::Integer).into(),
        );
        res.headers.insert(
            "RateLimit-Policy".into(),
            header(
                "The limit that applies (IETF draft `draft-ietf-httpapi-ratelimit-headers`): its \
                 name (`key`, `address` or `failures`), `q` requests per `w` seconds, e.g. \
                 `\"key\";q=100;w=1`.",
                Type::String,
            )
            .into(),
        );
        res.headers.insert(
            "RateLimit".into(),
            header(
                "What is left of the limit: `r` requests remaining, `t` seconds until it resets, e.g. \
                 `\"key\";r=0;t=1`.",
                Type::String,
            )
            .into(),
        );
        res
    }

    fn complete(&self, op: &mut Operation, method: &str) {
        let keyed = op.security.as_ref().is_some_and(|reqs| {
            serde_json::to_value(reqs).is_ok_and(|v| {
                v.as_array().is_some_and(|a| {
                    a.iter()
                        .any(|r| r.as_object().is_some_and(|o| !o.is_empty()))
                })
            })
        });
        if !keyed {
            // No key: say so explicitly rather than leave it to a document-wide default.
            op.security = Some(Vec::new());
        }
        let params = op.parameters.iter().flatten().filter_map(|p| match p {
            RefOr::T(p) => Some(p),
            RefOr::Ref(_) => None,
        });
        let mut in_path = false;
        let mut in_query = false;
        for p in params {
            in_path |= p.parameter_in == ParameterIn::Path;
            in_query |= p.parameter_in == ParameterIn::Query;
        }
        // PUT and PATCH read a body as POST does: the same 413 and 415.
        let sends_body = matches!(method, "post" | "put" | "patch");
        let takes_body = sends_body && (in_query || op.request_body.is_some());
        let json_only = matches!(&op.request_body, Some(RefOr::T(body))
            if !body.content.is_empty() && body.content.keys().all(|m| m == "application/json"));
        let mut answers: Vec<(&str, Response)> = Vec::new();
        if keyed {
            answers.push((
                "401",
                self.error(
                    self.unauthorized.0,
                    Some(json!({"code": "unauthorized", "message": self.unauthorized.1})),
                ),
            ));
            answers.push(("403", self.error(self.forbidden, None)));
        }
        if in_path {
            answers.push((
                "404",
                self.error("No such resource, or not visible to this key.", None),
            ));
        }
        if method == "post" || takes_body {
            answers.push((
                "413",
                self.error(
                    "The request body is larger than 1 MiB.",
                    Some(json!({"code": "payload_too_large", "message": "the request body is larger than 1 MiB"})),
                ),
            ));
        }
        if takes_body {
            let unsupported = if json_only {
                JSON_BODY
            } else {
                self.unsupported_media
            };
            answers.push(("415", self.error(unsupported, None)));
        }
        answers.push(("429", self.too_many_requests()));
        answers.push((
            "default",
            self.error(
                "Any other error, with the same body: 500 or 503 `server` (a fault on our side, \
                 safe to retry later), 405 `method_not_allowed`, or a status added later.",
                Some(json!({"code": "server", "message": "internal error"})),
            ),
        ));
        for (status, answer) in answers {
            op.responses
                .responses
                .entry(status.to_string())
                .or_insert_with(|| answer.into());
        }
    }
}

impl Modify for CommonErrors {
    fn modify(&self, openapi: &mut OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let methods = [
                ("get", &mut item.get),
                ("put", &mut item.put),
                ("post", &mut item.post),
                ("delete", &mut item.delete),
                ("patch", &mut item.patch),
            ];
            for (method, op) in methods {
                if let Some(op) = op {
                    self.complete(op, method);
                }
            }
        }
    }
}

/// The rendered documents, built once at start-up.
pub struct Specs {
    pub pay: OpenApi,
    pub order: OpenApi,
    pub inbound: OpenApi,
    /// The hosted checkout's own endpoints: internal, not linked from the portal.
    pub checkout: OpenApi,
}

/// The documents as the routers generated them, before [`Specs::new`] completes them.
pub struct Generated {
    pub pay: OpenApi,
    pub order: OpenApi,
    pub inbound: OpenApi,
    pub checkout: OpenApi,
}

impl Specs {
    /// The documents as the routers generated them, completed by [`CommonErrors`].
    pub fn new(generated: Generated) -> Self {
        let Generated {
            mut pay,
            mut order,
            mut inbound,
            mut checkout,
        } = generated;
        let merchant = CommonErrors {
            forbidden: "The key is valid but may not make this call: its shop device is disabled, \
                        or the call is outside the key's scope (device keys `dk_…` only create \
                        and read payments of their shop).",
            unsupported_media: FORM_BODIES,
            error_schema: "ErrorBody",
            unauthorized: MERCHANT_UNAUTHORIZED,
        };
        merchant.modify(&mut pay);
        CommonErrors {
            unsupported_media: "A body in a format this call does not take (its values go in the \
                                query, an `application/json` body or, where the call says so, an \
                                `application/x-www-form-urlencoded` body).",
            ..merchant
        }
        .modify(&mut order);
        CommonErrors {
            forbidden: "The partner key is valid but may not make this call.",
            unsupported_media: FORM_BODIES,
            error_schema: "InboundErrorBody",
            unauthorized: (
                "The partner key is missing, malformed, unknown or revoked.",
                "invalid partner key: unknown or revoked",
            ),
        }
        .modify(&mut inbound);
        CommonErrors {
            forbidden: "Not used: the checkout's calls take no key.",
            unsupported_media: "A body that is not `application/json`.",
            error_schema: "ErrorBody",
            unauthorized: MERCHANT_UNAUTHORIZED,
        }
        .modify(&mut checkout);
        for api in [&mut pay, &mut order, &mut inbound, &mut checkout] {
            merge_described_all_of(api);
        }
        close_values_bodies(&mut order);
        Specs {
            pay,
            order,
            inbound,
            checkout,
        }
    }

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

    pub fn checkout_json(&self) -> String {
        pretty(&self.checkout)
    }

    /// `(path under openapi/, content)` of each committed copy; each is served at
    /// `/openapi/{path}`.
    pub fn files(&self) -> [(&'static str, String); 4] {
        [
            ("pay.yaml", self.pay_yaml()),
            ("order.json", self.order_json()),
            ("inbound.json", self.inbound_json()),
            ("internal/checkout.json", self.checkout_json()),
        ]
    }
}

/// utoipa writes an inline value type that has a doc comment (`#[schema(inline)]` on a
/// required field of a JSON body: `token: Token`) as
/// `allOf: [<the type's schema>, {"type": "object", "description": …}]`, and that second
/// `"type": "object"` contradicts a string or integer schema: no value can match both, so
/// generated clients and schemathesis refuse the document. This writes such a pair as the
/// type's schema with the description added, which is what the field means (test:
/// `openapi::no_schema_combines_a_value_with_an_object`).
fn merge_described_all_of(api: &mut OpenApi) {
    use utoipa::openapi::schema::{ArrayItems, SchemaType};

    fn merged(schema: &Schema) -> Option<Schema> {
        let Schema::AllOf(all) = schema else {
            return None;
        };
        let [RefOr::T(base), RefOr::T(Schema::Object(extra))] = all.items.as_slice() else {
            return None;
        };
        let only_described = extra.schema_type == SchemaType::Type(Type::Object)
            && extra.properties.is_empty()
            && extra.required.is_empty()
            && extra.description.is_some();
        if !only_described {
            return None;
        }
        let mut base = base.clone();
        match &mut base {
            Schema::Object(o) => o.description = extra.description.clone(),
            Schema::Array(a) => a.description = extra.description.clone(),
            _ => return None,
        }
        Some(base)
    }

    fn fix(schema: &mut RefOr<Schema>) {
        let RefOr::T(inner) = schema else {
            return;
        };
        if let Some(m) = merged(inner) {
            *inner = m;
        }
        match inner {
            Schema::Object(o) => o.properties.values_mut().for_each(fix),
            Schema::Array(a) => {
                if let ArrayItems::RefOrSchema(items) = &mut a.items {
                    fix(items);
                }
            }
            Schema::AllOf(all) => all.items.iter_mut().for_each(fix),
            Schema::OneOf(one) => one.items.iter_mut().for_each(fix),
            Schema::AnyOf(any) => any.items.iter_mut().for_each(fix),
            _ => {}
        }
    }

    if let Some(components) = api.components.as_mut() {
        components.schemas.values_mut().for_each(fix);
    }
}

/// A JSON body read by `#[derive(Values)]` refuses members it does not name (one 400 naming
/// them, like unknown query values): its schema says so with `additionalProperties: false`, so
/// that clients and schemathesis do not send extra members expecting them to be ignored.
fn close_values_bodies(api: &mut OpenApi) {
    use utoipa::openapi::schema::AdditionalProperties;

    let mut names = Vec::new();
    for item in api.paths.paths.values() {
        let operations = [&item.get, &item.put, &item.post, &item.delete, &item.patch];
        for op in operations.into_iter().flatten() {
            let Some(RefOr::T(body)) = &op.request_body else {
                continue;
            };
            for content in body.content.values() {
                if let RefOr::T(c) = content
                    && let Some(RefOr::Ref(r)) = &c.schema
                    && let Some(name) = r.ref_location.strip_prefix("#/components/schemas/")
                {
                    names.push(name.to_string());
                }
            }
        }
    }
    let Some(components) = api.components.as_mut() else {
        return;
    };
    for name in names {
        if let Some(RefOr::T(Schema::Object(o))) = components.schemas.get_mut(&name) {
            o.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
        }
    }
}

fn pretty(api: &OpenApi) -> String {
    let mut s = api
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    s.push('\n');
    s
}

/// The image answer's body in the spec: the file's bytes (`string`, `format: binary`; a
/// `Vec<u8>` would be described as an array of integers, which generated clients cannot read).
pub struct ImageBytes;

impl utoipa::PartialSchema for ImageBytes {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(
                utoipa::openapi::KnownFormat::Binary,
            )))
            .description(Some("The image file's bytes."))
            .into()
    }
}

impl utoipa::ToSchema for ImageBytes {}
