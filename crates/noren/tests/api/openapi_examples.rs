//! Every example in the three specs is valid against its own schema: parameters, request bodies,
//! responses (and their headers) and schemas, with `$ref`s resolved and formats checked. A
//! generated client or a reader who copies an example must get something the server accepts or
//! could send.

use serde_json::{Map, Value, json};

/// One example and the schema it must satisfy, both located by JSON pointer for the message.
struct Case {
    at: String,
    schema: Value,
    example: Value,
}

fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// Examples of an object that has a `schema` beside `example`/`examples` (a parameter, a header,
/// a media type): OpenAPI's `examples` is a map of Example objects with a `value`.
fn beside_schema(node: &Value, at: &str, out: &mut Vec<Case>) {
    let Some(schema) = node.get("schema") else {
        return;
    };
    if let Some(example) = node.get("example") {
        out.push(Case {
            at: format!("{at}/example"),
            schema: schema.clone(),
            example: example.clone(),
        });
    }
    for (name, ex) in node
        .get("examples")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        if let Some(value) = ex.get("value") {
            out.push(Case {
                at: format!("{at}/examples/{}/value", escape(name)),
                schema: schema.clone(),
                example: value.clone(),
            });
        }
    }
    walk_schema(schema, &format!("{at}/schema"), out);
}

/// Examples inside a schema (`example`, and JSON Schema's `examples` array), at every depth.
fn walk_schema(schema: &Value, at: &str, out: &mut Vec<Case>) {
    let Some(obj) = schema.as_object() else {
        return;
    };
    if let Some(example) = obj.get("example") {
        out.push(Case {
            at: format!("{at}/example"),
            schema: schema.clone(),
            example: example.clone(),
        });
    }
    for (i, example) in obj
        .get("examples")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        out.push(Case {
            at: format!("{at}/examples/{i}"),
            schema: schema.clone(),
            example: example.clone(),
        });
    }
    for key in ["properties", "patternProperties", "$defs"] {
        for (name, sub) in obj
            .get(key)
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            walk_schema(sub, &format!("{at}/{key}/{}", escape(name)), out);
        }
    }
    for key in ["allOf", "anyOf", "oneOf", "prefixItems"] {
        for (i, sub) in obj
            .get(key)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
        {
            walk_schema(sub, &format!("{at}/{key}/{i}"), out);
        }
    }
    for key in ["items", "not", "additionalProperties", "contains"] {
        if let Some(sub) = obj.get(key).filter(|s| s.is_object()) {
            walk_schema(sub, &format!("{at}/{key}"), out);
        }
    }
}

fn walk_operation(op: &Value, at: &str, out: &mut Vec<Case>) {
    for (i, p) in op
        .get("parameters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        beside_schema(p, &format!("{at}/parameters/{i}"), out);
    }
    let contents = |node: &Value, at: &str, out: &mut Vec<Case>| {
        for (mt, media) in node
            .get("content")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            beside_schema(media, &format!("{at}/content/{}", escape(mt)), out);
        }
    };
    if let Some(body) = op.get("requestBody") {
        contents(body, &format!("{at}/requestBody"), out);
    }
    for (status, res) in op
        .get("responses")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
    {
        let at = format!("{at}/responses/{status}");
        contents(res, &at, out);
        for (name, header) in res
            .get("headers")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            beside_schema(header, &format!("{at}/headers/{}", escape(name)), out);
        }
    }
}

/// Every example of a spec with its schema.
fn cases(spec: &Value) -> Vec<Case> {
    let mut out = Vec::new();
    for section in ["paths", "webhooks"] {
        for (path, item) in spec
            .get(section)
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            for method in [
                "get", "put", "post", "delete", "patch", "head", "options", "trace",
            ] {
                if let Some(op) = item.get(method) {
                    walk_operation(
                        op,
                        &format!("#/{section}/{}/{method}", escape(path)),
                        &mut out,
                    );
                }
            }
        }
    }
    let components = &spec["components"];
    for (name, schema) in components["schemas"].as_object().into_iter().flatten() {
        walk_schema(
            schema,
            &format!("#/components/schemas/{}", escape(name)),
            &mut out,
        );
    }
    for kind in ["parameters", "headers"] {
        for (name, node) in components[kind].as_object().into_iter().flatten() {
            beside_schema(
                node,
                &format!("#/components/{kind}/{}", escape(name)),
                &mut out,
            );
        }
    }
    for (name, res) in components["responses"].as_object().into_iter().flatten() {
        let mut op = Map::new();
        op.insert("responses".into(), json!({ name: res }));
        walk_operation(&Value::Object(op), "#/components", &mut out);
    }
    out
}

/// The problems of each example, as `pointer: message` lines.
fn invalid_examples(spec: &Value) -> (usize, Vec<String>) {
    let cases = cases(spec);
    let mut problems = Vec::new();
    for case in &cases {
        // The schema is compiled with the spec's components beside it, so that
        // `#/components/schemas/…` resolves as it does in the document.
        let mut schema = case.schema.clone();
        if let Some(obj) = schema.as_object_mut() {
            obj.insert("components".into(), spec["components"].clone());
        }
        let validator = match jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .should_validate_formats(true)
            .build(&schema)
        {
            Ok(v) => v,
            Err(e) => {
                problems.push(format!("{}: the schema does not compile: {e}", case.at));
                continue;
            }
        };
        for error in validator.iter_errors(&case.example) {
            problems.push(format!(
                "{}: {} (at {})",
                case.at,
                error,
                error.instance_path()
            ));
        }
    }
    (cases.len(), problems)
}

#[test]
fn every_example_in_the_specs_is_valid_against_its_schema() {
    let specs = noren::app::specs();
    let mut problems = Vec::new();
    let mut checked = 0;
    for (name, api) in [
        ("pay", &specs.pay),
        ("order", &specs.order),
        ("inbound", &specs.inbound),
        ("checkout", &specs.checkout),
    ] {
        let spec = serde_json::to_value(api).expect("serializes");
        let (n, found) = invalid_examples(&spec);
        checked += n;
        problems.extend(found.into_iter().map(|p| format!("{name} {p}")));
    }
    // The payment spec alone has dozens: finding none would mean the walk is broken.
    assert!(checked > 50, "only {checked} examples found");
    assert!(
        problems.is_empty(),
        "{} invalid examples:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// Strings that are Rust literals leaked into the document (`4525874230008773_i64`).
fn rust_literals(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::String(s) => {
            let leaked = ["_i32", "_i64", "_u32", "_u64", "_usize", "_f64"]
                .iter()
                .any(|suffix| {
                    s.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                        .any(|w| {
                            w.strip_suffix(suffix).is_some_and(|n| {
                                !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '_')
                            })
                        })
                });
            if leaked {
                out.push(format!("{at}: {s}"));
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                rust_literals(x, &format!("{at}/{i}"), out);
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                rust_literals(x, &format!("{at}/{}", escape(k)), out);
            }
        }
        _ => {}
    }
}

#[test]
fn no_rust_literal_appears_in_the_specs() {
    let specs = noren::app::specs();
    let mut found = Vec::new();
    for (name, api) in [
        ("pay", &specs.pay),
        ("order", &specs.order),
        ("inbound", &specs.inbound),
        ("checkout", &specs.checkout),
    ] {
        let spec = serde_json::to_value(api).expect("serializes");
        rust_literals(&spec, name, &mut found);
    }
    assert!(
        found.is_empty(),
        "Rust literals in the specs:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_example_check_catches_a_missing_field_a_wrong_type_and_a_bad_time() {
    let spec = json!({
        "paths": {"/x": {"get": {
            "parameters": [{"name": "n", "in": "query", "schema": {"type": "integer"}, "example": "4525874230008773_i64"}],
            "responses": {"200": {"description": "", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/T"},
                "example": {"time": "yesterday"}
            }}}}
        }}},
        "components": {"schemas": {"T": {
            "type": "object",
            "required": ["time", "id"],
            "properties": {"time": {"type": "string", "format": "date-time"}, "id": {"type": "integer"}}
        }}}
    });
    let (checked, problems) = invalid_examples(&spec);
    assert_eq!(checked, 2);
    let text = problems.join("\n");
    assert!(text.contains("parameters/0/example"), "{text}");
    assert!(text.contains("\"id\" is a required property"), "{text}");
    assert!(text.contains("date-time"), "{text}");
}
