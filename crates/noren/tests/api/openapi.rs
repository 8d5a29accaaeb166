//! The committed specs under `openapi/` are what the code generates, and what the server serves:
//! the three APIs' and the internal one of the hosted checkout (`openapi/internal/checkout.json`).

use noren_testkit::both_databases;
use std::path::Path;

const REGENERATE: &str =
    "regenerate with `make openapi` (cargo run -p noren -- openapi --out openapi)";

#[test]
fn committed_specs_match_the_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openapi");
    let files = noren::app::specs().files();
    let names: Vec<&str> = files.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names,
        [
            "pay.yaml",
            "order.json",
            "inbound.json",
            "internal/checkout.json"
        ]
    );
    for (name, generated) in files {
        let committed = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        assert!(
            committed == generated,
            "openapi/{name} differs from the code: {REGENERATE}"
        );
    }
}

/// Every operation has a summary (the portal's reference lists operations by it, and
/// `make lint-openapi` refuses a spec without one): caught here, in `make test`, first.
#[test]
fn every_operation_of_every_spec_has_a_summary() {
    let specs = noren::app::specs();
    for (name, spec) in [
        ("pay", &specs.pay),
        ("order", &specs.order),
        ("inbound", &specs.inbound),
        ("checkout", &specs.checkout),
    ] {
        let v = serde_json::to_value(spec).expect("serializes");
        let Some(paths) = v["paths"].as_object() else {
            continue;
        };
        for (path, item) in paths {
            for (method, op) in item.as_object().expect("path item") {
                let summary = op["summary"].as_str().unwrap_or("");
                assert!(
                    !summary.trim().is_empty(),
                    "{name}: {method} {path} has no summary: start its handler's doc comment \
                     with a one-line title, or give `summary = \"…\"` in #[utoipa::path]"
                );
            }
        }
    }
}

/// No `allOf` asks a value to be both an object and a string (or a number): utoipa writes a
/// described inline field that way, and `openapi::merge_described_all_of` undoes it. A schema
/// no value matches breaks generated clients and schemathesis ("conflicting constraints").
#[test]
fn no_schema_combines_a_value_with_an_object() {
    fn walk(v: &serde_json::Value, at: &str, found: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(map) => {
                if let Some(parts) = map.get("allOf").and_then(|a| a.as_array()) {
                    let types: Vec<&str> =
                        parts.iter().filter_map(|p| p["type"].as_str()).collect();
                    if types.contains(&"object") && types.iter().any(|t| *t != "object") {
                        found.push(at.to_string());
                    }
                }
                for (k, v) in map {
                    walk(v, &format!("{at}/{k}"), found);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    walk(v, &format!("{at}/{i}"), found);
                }
            }
            _ => {}
        }
    }
    let specs = noren::app::specs();
    for (name, spec) in [
        ("pay", &specs.pay),
        ("order", &specs.order),
        ("inbound", &specs.inbound),
        ("checkout", &specs.checkout),
    ] {
        let mut found = Vec::new();
        walk(
            &serde_json::to_value(spec).expect("serializes"),
            "",
            &mut found,
        );
        assert!(found.is_empty(), "{name}: contradictory allOf at {found:?}");
    }
}

#[test]
fn the_internal_checkout_spec_is_generated_from_the_checkout_routes_and_kept_out_of_pay_yaml() {
    let specs = noren::app::specs();
    let v = serde_json::to_value(&specs.checkout).expect("serializes");
    assert_eq!(v["openapi"], "3.1.0");
    let paths: Vec<&String> = v["paths"].as_object().expect("paths").keys().collect();
    assert_eq!(
        paths,
        [
            "/checkout/api/{token}",
            "/checkout/api/{token}/attempts",
            "/checkout/api/{token}/attempts/{payment_number}/approve",
            "/checkout/api/{token}/attempts/{payment_number}/decline",
        ]
    );
    let view = &v["components"]["schemas"]["CheckoutView"];
    // Rust always sends these, null or not: the generated types must not make them optional.
    for field in [
        "order_no",
        "redirection_url",
        "expires_at",
        "attempt",
        "receipt",
        "shop",
    ] {
        assert!(
            view["required"]
                .as_array()
                .is_some_and(|r| r.iter().any(|f| f == field)),
            "CheckoutView.{field} is required"
        );
    }
    assert_eq!(
        v["components"]["schemas"]["Shop"]["properties"]["name_ja"]["type"], "string",
        "name_ja is never null"
    );
    assert_eq!(
        v["components"]["schemas"]["CheckoutState"]["enum"],
        serde_json::json!(["paid", "refunded", "expired", "invalidated", "open"])
    );
    let pay = serde_json::to_value(&specs.pay).expect("serializes");
    assert!(
        pay["paths"]
            .as_object()
            .is_some_and(|p| p.keys().all(|k| !k.starts_with("/checkout"))),
        "the checkout's endpoints are not part of the public payment spec"
    );
}

#[test]
fn every_spec_is_openapi_3_1_with_its_security_scheme_and_error_body() {
    let specs = noren::app::specs();
    for (name, api, scheme, body) in [
        ("pay", &specs.pay, "apiKey", "ErrorBody"),
        ("order", &specs.order, "apiKey", "ErrorBody"),
        // The inbound API's error body also carries a refusal's `reason`.
        (
            "inbound",
            &specs.inbound,
            "partnerBearer",
            "InboundErrorBody",
        ),
    ] {
        let v = serde_json::to_value(api).expect("serializes");
        assert_eq!(v["openapi"], "3.1.0", "{name}");
        assert!(
            v["components"]["securitySchemes"][scheme].is_object(),
            "{name}: {scheme}"
        );
        let error = &v["components"]["schemas"][body];
        assert_eq!(
            error["required"],
            serde_json::json!(["code", "message"]),
            "{name}"
        );
        assert!(
            v["servers"].as_array().is_some_and(|s| s.len() == 3),
            "{name}"
        );
    }
}

#[test]
fn the_payment_spec_documents_whoami_with_its_answers() {
    let v = serde_json::to_value(&noren::app::specs().pay).expect("serializes");
    let op = &v["paths"]["/v3/api_keys/whoami"]["get"];
    assert_eq!(op["operationId"], "whoami");
    assert_eq!(op["summary"], "Check an API key");
    assert_eq!(op["security"], serde_json::json!([{"apiKey": []}]));
    for status in ["200", "401", "403"] {
        assert!(op["responses"][status].is_object(), "{status}");
    }
    let result = &v["components"]["schemas"]["KeyCheckResult"]["properties"];
    for field in ["legal_person", "shop", "shop_device"] {
        assert!(result[field].is_object(), "{field}");
    }
    let device = &v["components"]["schemas"]["ShopDevice"]["properties"];
    for field in [
        "createTime",
        "deviceName",
        "deviceNumber",
        "pushChannel",
        "pushToken",
        "deviceType",
        "disabled",
        "id",
        "mobileDevicePreferredLanguage",
        "parentShop",
        "updateTime",
    ] {
        assert!(device[field].is_object(), "ShopDevice.{field}");
    }
}

both_databases! {
    async fn the_server_serves_the_generated_specs(app) {
        let files = noren::app::specs().files();
        assert!(files.iter().any(|(name, _)| *name == "internal/checkout.json"));
        for (name, generated) in files {
            let res = app.get(&format!("/openapi/{name}")).await;
            assert_eq!(res.status(), 200, "{name}");
            let ct = res.headers()["content-type"].to_str().unwrap_or("").to_string();
            assert!(ct.starts_with(if name.ends_with(".yaml") { "application/yaml" } else { "application/json" }), "{name}: {ct}");
            assert_eq!(res.text().await.expect("body"), generated, "{name}");
        }
    }
}

both_databases! {
    async fn an_unknown_internal_spec_answers_404_with_the_error_body(app) {
        let res = app.get("/openapi/internal/nothing.json").await;
        assert_eq!(res.status(), 404);
        let body: serde_json::Value = res.json().await.expect("json");
        assert_eq!(body["code"], "not_found");
    }
}

fn operations(spec: &serde_json::Value) -> Vec<(String, &serde_json::Value)> {
    let mut out = Vec::new();
    for (path, item) in spec["paths"].as_object().into_iter().flatten() {
        for (method, op) in item.as_object().into_iter().flatten() {
            if op.get("responses").is_some() {
                out.push((format!("{method} {path}"), op));
            }
        }
    }
    out
}

fn is_error_body(response: &serde_json::Value) -> bool {
    response["content"]["application/json"]["schema"]["$ref"] == "#/components/schemas/ErrorBody"
}

/// Every `expected` status is documented with the error body, and so is every other non-2xx.
fn assert_errors_documented(name: &str, responses: &serde_json::Value, expected: &[&str]) {
    for status in expected {
        assert!(is_error_body(&responses[*status]), "{name}: {status}");
    }
    for (status, response) in responses.as_object().into_iter().flatten() {
        if !status.starts_with('2') {
            assert!(
                is_error_body(response),
                "{name}: {status} has the error body"
            );
        }
    }
}

#[test]
fn every_payment_call_documents_the_errors_it_can_answer_with_the_error_body() {
    let v = serde_json::to_value(&noren::app::specs().pay).expect("serializes");
    let ops = operations(&v);
    assert!(ops.len() >= 13, "{}", ops.len());
    for (name, op) in ops {
        let responses = &op["responses"];
        let keyed = op["security"] == serde_json::json!([{"apiKey": []}]);
        let mut expected = vec!["429", "default"];
        if keyed {
            expected.extend(["401", "403"]);
        } else {
            assert_eq!(
                op["security"],
                serde_json::json!([]),
                "{name}: a public call says so"
            );
        }
        if name.starts_with("post ") {
            expected.push("413");
        }
        if name.contains("{") {
            expected.push("404");
        }
        assert_errors_documented(&name, responses, &expected);
        let headers = &responses["429"]["headers"];
        for header in ["Retry-After", "RateLimit-Policy", "RateLimit"] {
            assert!(headers[header].is_object(), "{name}: 429 {header}");
        }
    }
    for (path, method) in [
        ("/v3/predefined_payments/{token}", "get"),
        ("/v3/predefined_payments/{token}/available_payments", "get"),
        ("/v3/predefined_payments/{token}/{number}/wechatpay", "post"),
    ] {
        assert_eq!(
            v["paths"][path][method]["security"],
            serde_json::json!([]),
            "{path}"
        );
    }
    let create = &v["paths"]["/v3/predefined_payments/create_online_payment"]["post"]["responses"];
    assert_eq!(
        create["409"]["content"]["application/json"]["example"]["code"],
        "conflict"
    );
    assert!(is_error_body(&create["415"]));
}

#[test]
fn every_checkout_call_documents_its_errors_with_the_error_body() {
    let v = serde_json::to_value(&noren::app::specs().checkout).expect("serializes");
    let ops = operations(&v);
    assert_eq!(ops.len(), 4);
    for (name, op) in ops {
        assert_eq!(
            op["security"],
            serde_json::json!([]),
            "{name}: no key, the token is the secret"
        );
        assert!(op["operationId"].is_string(), "{name}");
        let responses = &op["responses"];
        assert_eq!(
            responses["200"]["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/CheckoutView",
            "{name}"
        );
        let mut expected = vec!["404", "429", "default"];
        if name.starts_with("post ") {
            expected.extend(["409", "413"]);
        }
        if name == "post /checkout/api/{token}/attempts" {
            expected.extend(["400", "415"]);
            assert_eq!(
                op["requestBody"]["content"]["application/json"]["schema"]["$ref"],
                "#/components/schemas/StartValues"
            );
        }
        assert_errors_documented(&name, responses, &expected);
    }
}

#[test]
fn the_idempotency_key_is_a_bounded_string_and_the_webhook_names_its_signature() {
    let v = serde_json::to_value(&noren::app::specs().pay).expect("serializes");
    let mut seen = 0;
    for (name, op) in operations(&v) {
        for p in op["parameters"].as_array().into_iter().flatten() {
            if p["name"] == "Idempotency-Key" {
                seen += 1;
                assert_eq!(p["in"], "header", "{name}");
                assert_eq!(p["required"], false, "{name}");
                let schema = &p["schema"];
                assert_eq!(schema["type"], "string", "{name}: a header is never null");
                assert_eq!(schema["minLength"], 1, "{name}");
                assert_eq!(schema["maxLength"], 255, "{name}");
            }
        }
    }
    assert_eq!(seen, 3, "both creates and the refund");
    let event = &v["webhooks"]["payment_event"]["post"];
    assert_eq!(
        event["security"],
        serde_json::json!([{"webhookSignature": []}])
    );
    let scheme = &v["components"]["securitySchemes"]["webhookSignature"];
    assert_eq!(scheme["type"], "apiKey");
    assert_eq!(scheme["in"], "header");
    assert_eq!(scheme["name"], "Noren-Signature");
}

#[test]
fn every_time_string_of_the_payment_spec_says_date_time() {
    let v = serde_json::to_value(&noren::app::specs().pay).expect("serializes");
    let mut checked = 0;
    for (schema, s) in v["components"]["schemas"].as_object().into_iter().flatten() {
        for (field, p) in s["properties"].as_object().into_iter().flatten() {
            let is_string =
                p["type"] == "string" || p["type"] == serde_json::json!(["string", "null"]);
            if is_string && (field == "time" || field == "datetime" || field.ends_with("_time")) {
                checked += 1;
                assert_eq!(p["format"], "date-time", "{schema}.{field}");
            }
        }
    }
    assert!(checked >= 10, "{checked}");
}

/// The schema of query value `name` of the payment call `operation_id`.
fn query_schema(spec: &serde_json::Value, operation_id: &str, name: &str) -> serde_json::Value {
    let (_, op) = operations(spec)
        .into_iter()
        .find(|(_, op)| op["operationId"] == operation_id)
        .unwrap_or_else(|| panic!("no operation {operation_id}"));
    op["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == name && p["in"] == "query")
        .map(|p| p["schema"].clone())
        .unwrap_or_else(|| panic!("{operation_id} has no query value {name}"))
}

#[test]
fn the_bounds_in_the_payment_spec_are_the_constants_the_parsers_use() {
    use noren::domain::payment::{MAX_AMOUNT, MIN_AMOUNT, URL_MAX};
    use noren::http::values::{MILLIS_MAX, PAGE_DEFAULT, PAGE_MAX, TEXT_PATTERN, URL_PATTERN};
    use noren::pay::http::params::{
        CUSTOM_MAX, EXPIRES_AFTER_MAX, ORDER_NO_MAX, PAYMENT_NUMBER_MAX, TOKEN_MAX,
    };
    let v = serde_json::to_value(&noren::app::specs().pay).expect("serializes");
    let s = |op: &str, name: &str| query_schema(&v, op, name);
    for op in ["create_online_payment", "create_with_url_print"] {
        assert_eq!(s(op, "amount")["minimum"], MIN_AMOUNT);
        assert_eq!(s(op, "amount")["maximum"], MAX_AMOUNT);
        assert_eq!(s(op, "expires_after")["maximum"], EXPIRES_AFTER_MAX);
        assert_eq!(s(op, "order_no")["maxLength"], ORDER_NO_MAX);
        assert_eq!(s(op, "order_no")["pattern"], TEXT_PATTERN);
        assert_eq!(s(op, "custom")["maxLength"], CUSTOM_MAX);
        for url in ["redirection_url", "webhook_callback_url"] {
            assert_eq!(s(op, url)["maxLength"], URL_MAX);
            assert_eq!(s(op, url)["pattern"], URL_PATTERN);
        }
    }
    let update = "update_predefined_payment";
    assert_eq!(s(update, "expires_after")["maximum"], EXPIRES_AFTER_MAX);
    assert_eq!(s(update, "token")["maxLength"], TOKEN_MAX);
    assert_eq!(s(update, "custom")["maxLength"], CUSTOM_MAX);
    for list in ["list_predefined_payments", "list_webhook_events"] {
        assert_eq!(s(list, "limit")["maximum"], PAGE_MAX);
        assert_eq!(s(list, "limit")["default"], PAGE_DEFAULT);
        assert_eq!(s(list, "offset")["default"], 0);
    }
    assert_eq!(
        s("list_predefined_payments", "time_start")["maximum"],
        MILLIS_MAX
    );
    assert_eq!(
        s("list_webhook_events", "payment_number")["maxLength"],
        PAYMENT_NUMBER_MAX
    );
    assert_eq!(
        s("refund", "payment_number")["maxLength"],
        PAYMENT_NUMBER_MAX
    );
}

/// The texts of a spec a reader reads, by the rules of `portal/scripts/openapi-texts.mjs`
/// (which renders the Japanese references from the same files): every `summary`,
/// `description` and `title`, and every tag name; examples, defaults, enums and constants are
/// data and stay as they are.
fn reader_texts(node: &serde_json::Value, in_map: bool, out: &mut Vec<String>) {
    use serde_json::Value;
    const DATA: [&str; 7] = [
        "example",
        "default",
        "enum",
        "const",
        "value",
        "externalValue",
        "required",
    ];
    const MAPS: [&str; 18] = [
        "properties",
        "patternProperties",
        "paths",
        "webhooks",
        "responses",
        "schemas",
        "headers",
        "parameters",
        "requestBodies",
        "securitySchemes",
        "callbacks",
        "content",
        "$defs",
        "variables",
        "links",
        "encoding",
        "examples",
        "pathItems",
    ];
    fn push(out: &mut Vec<String>, text: &str) {
        if !text.trim().is_empty() && !out.iter().any(|t| t == text) {
            out.push(text.to_string());
        }
    }
    match node {
        Value::Array(items) => {
            for item in items {
                reader_texts(item, false, out);
            }
        }
        Value::Object(map) => {
            for (key, value) in map {
                if in_map {
                    reader_texts(value, false, out);
                } else if key == "tags" && value.is_array() {
                    for tag in value.as_array().into_iter().flatten() {
                        match tag {
                            Value::String(name) => push(out, name),
                            _ => {
                                if let Some(name) = tag["name"].as_str() {
                                    push(out, name);
                                }
                                reader_texts(tag, false, out);
                            }
                        }
                    }
                } else if matches!(key.as_str(), "summary" | "description" | "title")
                    && value.is_string()
                {
                    push(out, value.as_str().unwrap_or_default());
                } else if DATA.contains(&key.as_str()) || key.starts_with("x-") {
                    // data, not prose
                } else if key == "examples" && value.is_array() {
                    // JSON Schema's list of example values
                } else if MAPS.contains(&key.as_str()) && value.is_object() {
                    reader_texts(value, true, out);
                } else {
                    reader_texts(value, false, out);
                }
            }
        }
        _ => {}
    }
}

/// Issue 18: the references are in English and Japanese. Every text a reader reads in a spec
/// has its Japanese in `openapi/ja/<name>.json` (keyed by the English text, so a changed
/// sentence needs a new translation), and no Japanese is kept for a text the spec no longer has.
/// The texts a reader reads in each of the three public specs, by spec name.
fn texts_of_each_spec() -> Vec<(&'static str, Vec<String>)> {
    let specs = noren::app::specs();
    [
        ("pay", &specs.pay),
        ("order", &specs.order),
        ("inbound", &specs.inbound),
    ]
    .into_iter()
    .map(|(name, spec)| {
        let spec = serde_json::to_value(spec).expect("serializes");
        let mut texts = Vec::new();
        reader_texts(&spec, false, &mut texts);
        (name, texts)
    })
    .collect()
}

#[test]
fn every_text_of_every_spec_has_its_japanese_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openapi/ja");
    for (name, texts) in texts_of_each_spec() {
        assert!(
            texts.len() > 100,
            "{name}: only {} texts found",
            texts.len()
        );
        let file = dir.join(format!("{name}.json"));
        let overlay: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}")),
        )
        .unwrap_or_else(|e| panic!("{file:?}: {e}"));
        let japanese = overlay["texts"].as_object().expect("a `texts` object");
        let missing: Vec<&String> = texts
            .iter()
            .filter(|t| {
                japanese
                    .get(t.as_str())
                    .and_then(|j| j.as_str())
                    .is_none_or(|j| j.trim().is_empty())
            })
            .collect();
        assert!(
            missing.is_empty(),
            "openapi/ja/{name}.json has no Japanese for {} text(s) of the spec, first {:?}: \
             run `node portal/scripts/openapi-texts.mjs sync` and translate the empty entries",
            missing.len(),
            missing.first()
        );
        let unused: Vec<&String> = japanese.keys().filter(|k| !texts.contains(k)).collect();
        assert!(
            unused.is_empty(),
            "openapi/ja/{name}.json keeps {} text(s) the spec no longer has, first {:?}: \
             run `node portal/scripts/openapi-texts.mjs sync`",
            unused.len(),
            unused.first()
        );
    }
}

/// The specs' texts are for integrating developers: the Rust doc comments they come from must
/// not carry what only this repository's readers understand (citations of the seeds or of
/// DESIGN.md, rustdoc links, notes about how the code reads a type). Such notes go in `//`
/// comments next to the doc comment.
#[test]
fn no_text_of_any_spec_speaks_of_the_code_or_the_seeds() {
    const INTERNAL: [&str; 9] = [
        "seed 0",
        "Seed 0",
        "§",
        "DESIGN.md",
        "STYLE.md",
        "[`",
        "Documentation only",
        "domain::",
        "crate::",
    ];
    let mut found = Vec::new();
    for (name, texts) in texts_of_each_spec() {
        for text in texts {
            if let Some(mark) = INTERNAL.iter().find(|m| text.contains(*m)) {
                found.push(format!("{name}: {mark:?} in {text:?}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
