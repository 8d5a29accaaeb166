//! The committed specs under `openapi/` are what the code generates, and what the server serves.

use noren_testkit::both_databases;
use std::path::Path;

const REGENERATE: &str =
    "regenerate with `make openapi` (cargo run -p noren -- openapi --out openapi)";

#[test]
fn committed_specs_match_the_code() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../openapi");
    for (name, generated) in noren::app::specs().files() {
        let committed = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        assert!(
            committed == generated,
            "openapi/{name} differs from the code: {REGENERATE}"
        );
    }
}

#[test]
fn every_spec_is_openapi_3_1_with_its_security_scheme_and_error_body() {
    let specs = noren::app::specs();
    for (name, api, scheme) in [
        ("pay", &specs.pay, "apiKey"),
        ("order", &specs.order, "apiKey"),
        ("inbound", &specs.inbound, "partnerBearer"),
    ] {
        let v = serde_json::to_value(api).expect("serializes");
        assert_eq!(v["openapi"], "3.1.0", "{name}");
        assert!(
            v["components"]["securitySchemes"][scheme].is_object(),
            "{name}: {scheme}"
        );
        let error = &v["components"]["schemas"]["ErrorBody"];
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
        for (name, generated) in noren::app::specs().files() {
            let res = app.get(&format!("/openapi/{name}")).await;
            assert_eq!(res.status(), 200, "{name}");
            let ct = res.headers()["content-type"].to_str().unwrap_or("").to_string();
            assert!(ct.starts_with(if name.ends_with(".yaml") { "application/yaml" } else { "application/json" }), "{name}: {ct}");
            assert_eq!(res.text().await.expect("body"), generated, "{name}");
        }
    }
}
