use super::*;
use axum::http::Request as HttpRequest;
use utoipa::PartialSchema;
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, ToSchema};

/// A form call with a required, an optional and a defaulted value of each kind. Its code names
/// this crate as `crate` (`#[values(crate = …)]`), not through `extern crate self as noren`.
#[derive(Debug, Values, IntoParams)]
#[into_params(parameter_in = Query)]
#[values(crate = "crate")]
struct FormValues {
    #[param(inline)]
    amount: Int<50, 100>,
    flag: Option<bool>,
    #[param(inline)]
    order_no: Option<Text<10>>,
}

/// A JSON call with camelCase names and a rule over two values.
#[derive(Debug, Values, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[values(body = "json", check = Self::check)]
struct JsonValues {
    #[param(inline)]
    table_name: Text<5>,
    #[param(inline)]
    guest_count: Option<Int<1, 8>>,
    dry_run: Option<bool>,
    #[param(rename = "at", inline)]
    perform_at: Option<Millis>,
}

impl JsonValues {
    fn check(r: &mut Reader<'_>) {
        if r.has("at") && r.has("dryRun") {
            r.error("dryRun", "leave out at for a dry run");
        }
    }
}

/// A JSON body described as a request body schema.
#[derive(Debug, Values, ToSchema)]
#[schema(rename_all = "camelCase")]
#[values(body = "form_or_json")]
struct BodyValues {
    #[schema(inline)]
    menu_name: Text<20>,
    #[schema(inline, rename = "qty")]
    quantity: Option<Int<1, 9>>,
}

fn fields(e: ApiError) -> Vec<(String, String)> {
    let ApiError::Client { errors, .. } = e else {
        panic!("expected a 400, got {e:?}")
    };
    errors.into_iter().map(|e| (e.field, e.message)).collect()
}

fn names(e: ApiError) -> Vec<String> {
    fields(e).into_iter().map(|(f, _)| f).collect()
}

async fn request<T: FromValues>(
    uri: &str,
    content_type: Option<&str>,
    body: &'static [u8],
) -> Result<T, ApiError> {
    let mut req = HttpRequest::builder().method("POST").uri(uri);
    if let Some(ct) = content_type {
        req = req.header(header::CONTENT_TYPE, ct);
    }
    let req = req.body(axum::body::Body::from(body)).expect("a request");
    extract::<T, ()>(req, &()).await
}

#[test]
fn every_problem_is_reported_at_once() {
    let e = FormValues::from_pairs(&[
        ("amount", "ten"),
        ("ammount", "1"),
        ("flag", "yes"),
        ("flag", "no"),
        ("order_no", "a\u{0}b"),
    ])
    .expect_err("bad values");
    assert_eq!(
        fields(e),
        [
            (
                "ammount".to_string(),
                "unknown value; this call takes amount, flag, order_no".to_string()
            ),
            ("flag".into(), "given more than once".into()),
            ("amount".into(), "must be a whole number".into()),
            (
                "order_no".into(),
                "must not contain control characters".into()
            ),
        ]
    );
    assert_eq!(
        names(FormValues::from_pairs(&[]).expect_err("missing")),
        ["amount"]
    );
}

#[test]
fn good_values_parse() {
    let v = FormValues::from_pairs(&[("amount", "70"), ("flag", "1"), ("order_no", "のれん")])
        .expect("good values");
    assert_eq!(v.amount.get(), 70);
    assert_eq!(v.flag, Some(true));
    assert_eq!(v.order_no.map(Text::into_string).as_deref(), Some("のれん"));
}

#[test]
fn numbers_beyond_64_bits_are_too_large_not_malformed() {
    let int = |s: &str| Int::<0, 10>::parse(Raw::Text(s)).map(Int::get);
    assert_eq!(
        int("99999999999999999999999"),
        Err("is too large: must be from 0 to 10".to_string())
    );
    assert_eq!(int("1.5"), Err("must be a whole number".to_string()));
    assert_eq!(int("11"), Err("must be from 0 to 10".to_string()));
    assert_eq!(int(" 7 "), Ok(7));
}

#[test]
fn text_limits_are_characters_not_bytes() {
    assert!(Text::<3>::parse(Raw::Text("のれん")).is_ok());
    assert!(Text::<2>::parse(Raw::Text("のれん")).is_err());
    assert!(Text::<5>::parse(Raw::Text("a\u{0}b")).is_err());
    assert!(
        Text::<5>::parse(Raw::Text("a\u{85}b")).is_err(),
        "C1 controls too"
    );
    assert!(Text::<5>::parse(Raw::Text("a\tb\nc")).is_ok());
    assert_eq!(
        Text::<5>::parse(Raw::Text("")),
        Err("must not be empty".to_string())
    );
}

#[test]
fn json_values_are_read_by_their_kind() {
    let j = |v: serde_json::Value| v;
    assert_eq!(
        Int::<0, 10>::parse(Raw::Json(&j(7.into()))).map(Int::get),
        Ok(7)
    );
    assert_eq!(
        Int::<0, 10>::parse(Raw::Json(&j("7".into()))),
        Err("must be a number".to_string())
    );
    assert_eq!(
        Int::<0, 10>::parse(Raw::Json(&serde_json::json!(1.5))),
        Err("must be a whole number".to_string())
    );
    assert_eq!(
        Int::<0, 10>::parse(Raw::Json(&serde_json::json!(u64::MAX))),
        Err("is too large: must be from 0 to 10".to_string())
    );
    assert_eq!(
        Text::<5>::parse(Raw::Json(&j(5.into()))),
        Err("must be a string".to_string())
    );
    assert_eq!(bool::parse(Raw::Json(&j(true.into()))), Ok(true));
    assert!(bool::parse(Raw::Json(&j("true".into()))).is_err());
    assert!(bool::parse(Raw::Json(&j(1.into()))).is_err());
}

#[test]
fn flags_pages_and_times() {
    assert_eq!(bool::parse(Raw::Text("0")), Ok(false));
    assert!(bool::parse(Raw::Text("yes")).is_err());
    assert_eq!(PresenceFlag::parse(Raw::Text("")), Ok(PresenceFlag(true)));
    assert_eq!(
        PresenceFlag::parse(Raw::Text("false")),
        Ok(PresenceFlag(false))
    );
    assert_eq!(
        Page::new(None, None),
        Page {
            offset: 0,
            limit: PAGE_DEFAULT as u64
        }
    );
    assert!(Limit::parse(Raw::Text(&(PAGE_MAX + 1).to_string())).is_err());
    assert!(Limit::parse(Raw::Text("0")).is_err());
    assert_eq!(
        Page::new(
            Offset::parse(Raw::Text("5")).ok(),
            Limit::parse(Raw::Text("100")).ok()
        ),
        Page {
            offset: 5,
            limit: 100
        }
    );
    assert!(Millis::parse(Raw::Text(&MILLIS_MAX.to_string())).is_ok());
    assert!(Millis::parse(Raw::Text(&(MILLIS_MAX + 1).to_string())).is_err());
    assert!(Millis::parse(Raw::Text("-1")).is_err());
}

#[test]
fn schemas_carry_the_bounds_of_the_types() {
    let json = |s: RefOr<Schema>| serde_json::to_value(s).expect("schema");
    assert_eq!(
        json(Text::<100>::schema()),
        serde_json::json!({"type": "string", "minLength": 1, "maxLength": 100, "pattern": TEXT_PATTERN})
    );
    assert_eq!(
        json(Int::<0, 316_224_000>::schema()),
        serde_json::json!({"type": "integer", "format": "int64", "minimum": 0, "maximum": 316_224_000})
    );
    assert_eq!(
        json(Limit::schema()),
        serde_json::json!({"type": "integer", "format": "int64", "minimum": 1, "maximum": PAGE_MAX, "default": PAGE_DEFAULT})
    );
    // The derive lists the wire names; IntoParams writes the same names.
    assert_eq!(
        JsonValues::NAMES,
        ["tableName", "guestCount", "dryRun", "at"]
    );
    let spec: Vec<String> = JsonValues::into_params(|| None)
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(spec, JsonValues::NAMES);
}

#[test]
fn a_json_body_struct_is_the_request_body_schema_with_the_same_names_and_bounds() {
    assert_eq!(BodyValues::NAMES, ["menuName", "qty"]);
    let schema = serde_json::to_value(BodyValues::schema()).expect("schema");
    assert_eq!(schema["required"], serde_json::json!(["menuName"]));
    assert_eq!(schema["properties"]["menuName"]["maxLength"], 20);
    let qty = serde_json::to_string(&schema["properties"]["qty"]).expect("json");
    assert!(qty.contains("\"maximum\":9"), "{qty}");
    let v = BodyValues::from_json(br#"{"menuName": "Katsu curry", "qty": 2}"#).expect("good");
    assert_eq!(
        (v.menu_name.as_str(), v.quantity.map(Int::get)),
        ("Katsu curry", Some(2))
    );
    assert_eq!(
        names(BodyValues::from_json(br#"{"qty": 10, "menu_name": "x"}"#).expect_err("bad")),
        ["menu_name", "menuName", "qty"]
    );
}

#[tokio::test]
async fn form_or_json_calls_take_either_body() {
    let v: BodyValues = request(
        "/x",
        Some("application/x-www-form-urlencoded"),
        b"menuName=Soba&qty=3",
    )
    .await
    .expect("a form");
    assert_eq!(v.quantity.map(Int::get), Some(3));
    let v: BodyValues = request(
        "/x?qty=1",
        Some("application/json"),
        br#"{"menuName": "Soba"}"#,
    )
    .await
    .expect("JSON and a query value");
    assert_eq!(v.quantity.map(Int::get), Some(1));
    let e = request::<BodyValues>("/x", Some("text/plain"), b"menuName=Soba")
        .await
        .expect_err("plain text");
    assert_eq!(e.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

#[tokio::test]
async fn query_values_and_a_form_body_are_read_together() {
    let v: FormValues = request(
        "/x?amount=60",
        Some("application/x-www-form-urlencoded; charset=utf-8"),
        b"flag=true&order_no=A+1",
    )
    .await
    .expect("good values");
    assert_eq!((v.amount.get(), v.flag), (60, Some(true)));
    assert_eq!(v.order_no.map(Text::into_string).as_deref(), Some("A 1"));
    // The same name in the query and the body is a repeat.
    let e = request::<FormValues>(
        "/x?amount=60",
        Some("application/x-www-form-urlencoded"),
        b"amount=70",
    )
    .await
    .expect_err("repeated");
    assert_eq!(names(e), ["amount"]);
}

#[tokio::test]
async fn text_that_is_not_utf8_is_refused_by_name() {
    let e = request::<FormValues>(
        "/x?amount=60",
        Some("application/x-www-form-urlencoded"),
        b"order_no=%92%8D%95%B6-0001",
    )
    .await
    .expect_err("Shift_JIS");
    assert_eq!(names(e), ["order_no"]);
    let e = request::<JsonValues>("/x", Some("application/json"), b"{\"tableName\": \"\xff\"}")
        .await
        .expect_err("not UTF-8");
    assert!(matches!(e, ApiError::Client { .. }), "{e:?}");
}

#[tokio::test]
async fn a_body_of_another_kind_is_415() {
    let e = request::<FormValues>("/x?amount=60", Some("application/json"), b"{}")
        .await
        .expect_err("JSON to a form call");
    assert_eq!(e.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let e = request::<JsonValues>(
        "/x",
        Some("application/x-www-form-urlencoded"),
        b"tableName=a",
    )
    .await
    .expect_err("a form to a JSON call");
    assert_eq!(e.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // No body at all: query values only.
    let v: FormValues = request("/x?amount=60", None, b"")
        .await
        .expect("query only");
    assert_eq!(v.amount.get(), 60);
}

#[tokio::test]
async fn a_json_body_names_every_bad_field_at_once() {
    let e = request::<JsonValues>(
        "/x?dryRun=1",
        Some("application/json"),
        br#"{"tableName": "a\u0007b", "guestCount": 9, "at": "soon", "dryRun": true,
            "colour": "red", "guestCount": 2}"#,
    )
    .await
    .expect_err("bad values");
    assert_eq!(
        fields(e),
        [
            ("dryRun".to_string(), "given more than once".to_string()),
            (
                "colour".into(),
                "unknown value; this call takes tableName, guestCount, dryRun, at".into()
            ),
            ("guestCount".into(), "given more than once".into()),
            (
                "tableName".into(),
                "must not contain control characters".into()
            ),
            ("at".into(), "must be a number".into()),
            ("dryRun".into(), "leave out at for a dry run".into()),
        ]
    );
}

#[tokio::test]
async fn a_good_json_body_parses_and_null_is_absent() {
    let v: JsonValues = request(
        "/x",
        Some("application/json"),
        br#"{"tableName": "A-1", "guestCount": 4, "dryRun": null, "at": 1735689600000}"#,
    )
    .await
    .expect("good values");
    assert_eq!(v.table_name.as_str(), "A-1");
    assert_eq!(v.guest_count.map(Int::get), Some(4));
    assert_eq!(v.dry_run, None);
    assert_eq!(
        v.perform_at.map(|m| m.0.timestamp_millis()),
        Some(1_735_689_600_000)
    );
    for body in [&b"[1, 2]"[..], b"\"text\"", b"{\"tableName\": ", b"{} {}"] {
        let e = JsonValues::from_json(body).expect_err("not one JSON object");
        assert!(matches!(e, ApiError::Client { .. }), "{e:?}");
    }
}

#[test]
fn form_values_decode_strictly() {
    assert_eq!(
        decode_form(b"a=1&b=x+y&c=%E3%81%AE&d&&e=50%").expect("valid"),
        [
            ("a".to_string(), "1".to_string()),
            ("b".into(), "x y".into()),
            ("c".into(), "の".into()),
            ("d".into(), "".into()),
            ("e".into(), "50%".into()),
        ]
    );
    let Err(ApiError::Client { errors, .. }) =
        decode_form(b"order_no=%92%8D%95%B6-0001&amount=100")
    else {
        panic!("Shift_JIS must be refused")
    };
    assert_eq!(errors[0].field, "order_no");
}

#[test]
fn rules_apply_only_to_values_that_parse() {
    let values = Values(vec![
        ("amount".into(), "60".into()),
        ("order_no".into(), "toolongvalue".into()),
    ]);
    let e = FormValues::from_values_with(&values, |r| {
        r.rule("order_no", |_: &Text<10>| Err("never reached".into()));
        r.rule("amount", |n: &Int<50, 100>| {
            (n.get() > 60)
                .then_some(())
                .ok_or("must be above 60".to_string())
        });
    })
    .expect_err("bad values");
    assert_eq!(
        fields(e),
        [
            (
                "order_no".to_string(),
                "must be at most 10 characters".to_string()
            ),
            ("amount".into(), "must be above 60".into()),
        ]
    );
}

#[test]
fn json_whole_numbers_may_be_written_with_a_zero_fraction() {
    for (text, want) in [
        ("12", Some(12)),
        ("12.0", Some(12)),
        ("-3.0", Some(-3)),
        ("3914543391946702.0", Some(3_914_543_391_946_702)),
        ("12.5", None),
        ("1e300", None),
    ] {
        let n: serde_json::Number = serde_json::from_str(text).expect("a number");
        assert_eq!(whole_number(&n), want, "{text}");
    }
    let json: Json = serde_json::from_str("3914543391946702.0").expect("a number");
    assert_eq!(
        Int::<1, { i64::MAX }>::parse(Raw::Json(&json)).map(|i| i.get()),
        Ok(3_914_543_391_946_702)
    );
}

#[test]
fn an_unknown_json_member_is_refused_even_when_null() {
    let (shop, unknown, null) = (Json::from(1), Json::Null, Json::Null);
    let reader = Reader::new(
        [
            ("shop", Raw::Json(&shop)),
            ("", Raw::Json(&unknown)),
            ("memo", Raw::Json(&null)),
        ],
        &["shop", "memo"],
    );
    let names: Vec<_> = reader.errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(names, [""]);
}
