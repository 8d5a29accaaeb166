//! `noren trigger EVENT` (issue 35, item 2): makes an event happen through the real sandbox flow
//! of any Noren, over its public API with a merchant's secret test key, never by fabricating a
//! payload: `payment.paid` creates a payment, chooses the first brand its checkout offers and
//! approves the attempt with the sandbox brand; `payment.refunded` does that and refunds it;
//! `reservation.confirmed` books a table with a partner's test key at the key's shop (which must
//! not confirm in real time, so the booking is `PENDING`) on the first bookable day and time of
//! its first course, then confirms it with the shop's merchant key, as the restaurant does.
//! It prints each object it made. With `noren listen` running (with `--platform` for the
//! reservation), the event arrives at the listener's receiver.

use anyhow::{Context, bail};
use clap::Args;
use serde_json::{Value, json};
use std::process::ExitCode;

/// The events `trigger` makes.
pub const EVENTS: [&str; 3] = ["payment.paid", "payment.refunded", "reservation.confirmed"];

#[derive(Debug, Args)]
pub struct TriggerArgs {
    /// The event to make happen: `payment.paid`, `payment.refunded` or `reservation.confirmed`.
    pub event: String,
    /// The Noren to drive.
    #[arg(long, default_value = "http://127.0.0.1:8080", env = "NOREN_API_BASE")]
    pub api_base: String,
    /// A merchant's secret test key (`sk_test_…`): the payment's shop, or the shop that
    /// confirms the reservation.
    #[arg(long, env = "NOREN_KEY", hide_env_values = true)]
    pub api_key: String,
    /// The payment's amount in yen.
    #[arg(long, default_value_t = 1000)]
    pub amount: i64,
    /// For `reservation.confirmed`: the partner platform's code that books.
    #[arg(long, env = "NOREN_PLATFORM")]
    pub platform: Option<String>,
    /// For `reservation.confirmed`: the platform's partner test key (`ipk_test_…`).
    #[arg(long, env = "NOREN_PARTNER_KEY", hide_env_values = true)]
    pub partner_key: Option<String>,
    /// For `reservation.confirmed`: the party size.
    #[arg(long, default_value_t = 2)]
    pub pax: i64,
}

/// `noren trigger`.
pub async fn trigger(args: TriggerArgs) -> anyhow::Result<ExitCode> {
    if !EVENTS.contains(&args.event.as_str()) {
        bail!(
            "noren trigger makes {}; {:?} is not one of them",
            EVENTS.join(", "),
            args.event
        );
    }
    if !args.api_key.starts_with("sk_test_") {
        bail!(
            "noren trigger takes a merchant's secret test key (sk_test_…): it drives the sandbox"
        );
    }
    let api = Api {
        client: reqwest::Client::new(),
        base: args.api_base.trim_end_matches('/').to_string(),
        key: args.api_key.clone(),
    };
    if args.event == "reservation.confirmed" {
        return confirmed(&api, &args).await;
    }
    let created = api
        .send(
            api.post("/v3/predefined_payments/create_online_payment")
                .query(&[("amount", args.amount.to_string())]),
        )
        .await
        .context("creating the payment")?;
    let token = text(&created["predefined_payment"]["token"])?;
    println!("created payment {token} ({} yen)", args.amount);
    let checkout = api
        .send(api.client.get(format!("{}/checkout/api/{token}", api.base)))
        .await
        .context("reading its checkout")?;
    let brand = text(&checkout["brands"][0]["payment"])?;
    let chosen = api
        .send(
            api.client
                .post(format!("{}/checkout/api/{token}/attempts", api.base))
                .json(&json!({"payment_method": brand, "tip": 0})),
        )
        .await
        .context("choosing a brand on its checkout")?;
    let number = text(&chosen["attempt"]["payment_number"])?;
    println!("started attempt {number} with {brand}");
    api.send(api.post(&format!("/sandbox/payments/{number}/approve")))
        .await
        .context("approving the attempt with the sandbox brand")?;
    println!("approved attempt {number}: payment.paid is on its way");
    if args.event == "payment.refunded" {
        let refund = api
            .send(
                api.post("/v3/universal_payments/refund")
                    .query(&[("payment_number", &number)]),
            )
            .await
            .context("refunding the attempt")?;
        if refund["result_code"] != 2000 {
            bail!("the refund answered {refund}");
        }
        println!("refunded attempt {number}: payment.refunded is on its way");
    }
    Ok(ExitCode::SUCCESS)
}

/// `reservation.confirmed`: book at the merchant key's shop as the partner, then confirm.
async fn confirmed(api: &Api, args: &TriggerArgs) -> anyhow::Result<ExitCode> {
    let (Some(platform), Some(partner_key)) = (&args.platform, &args.partner_key) else {
        bail!(
            "noren trigger reservation.confirmed books as a partner platform: give --platform \
             (or NOREN_PLATFORM) and its test key with --partner-key (or NOREN_PARTNER_KEY)"
        );
    };
    if !partner_key.starts_with("ipk_test_") {
        bail!("noren trigger takes a partner's test key (ipk_test_…): it drives the sandbox");
    }
    let partner = Partner {
        api,
        root: format!("{}/v3/inbound-external/{platform}", api.base),
        key: partner_key,
    };
    let me = api
        .send(api.get("/v3/api_keys/whoami"))
        .await
        .context("reading the merchant key's shop")?;
    let shop = me["shop"]["id"]
        .as_i64()
        .with_context(|| format!("whoami names no shop: {me}"))?;
    let detail = partner
        .get(&format!("/shops/{shop}"), &[("languageCode", "en".into())])
        .await
        .with_context(|| format!("reading shop {shop} as platform {platform}"))?;
    if detail["realTimeBookable"] != false {
        bail!(
            "shop {shop} confirms bookings in real time (realTimeBookable), so its bookings are \
             confirmed at once and never sent as reservation.confirmed; use the key of a shop \
             that confirms by hand"
        );
    }
    let (course, at) = partner.first_slot(shop, args.pax).await?;
    let origin = format!("TRIGGER-{}", chrono::Utc::now().timestamp_millis());
    let booked = api
        .send(
            partner
                .post(&format!("/shops/{shop}/reservations"))
                .json(&json!({
                    "reservationStartTime": at,
                    "guestFirstName": "Test",
                    "guestLastName": "Guest",
                    "numberOfGuests": args.pax,
                    "requestedCourses": [{"courseId": course, "courseAmountRequested": args.pax}],
                    "originPlatformReservationNumber": origin,
                })),
        )
        .await
        .context("booking as the platform")?;
    let id = text(&booked["id"])?;
    println!(
        "booked reservation {id} ({origin}) at shop {shop} for {at}, course {course}, {} guests: {}",
        args.pax, booked["status"]
    );
    if booked["status"] != "PENDING" {
        bail!(
            "the booking is {} where PENDING was expected",
            booked["status"]
        );
    }
    api.send(api.post(&format!("/api/admin/inbound/reservations/{id}/confirm")))
        .await
        .context("confirming it with the merchant key")?;
    println!("confirmed reservation {id}: reservation.confirmed is on its way");
    Ok(ExitCode::SUCCESS)
}

/// The partner's side of the inbound API.
struct Partner<'a> {
    api: &'a Api,
    root: String,
    key: &'a str,
}

impl Partner<'_> {
    fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.api
            .client
            .post(format!("{}{path}", self.root))
            .bearer_auth(self.key)
    }

    async fn get(&self, path: &str, query: &[(&str, String)]) -> anyhow::Result<Value> {
        let req = self
            .api
            .client
            .get(format!("{}{path}", self.root))
            .bearer_auth(self.key)
            .query(query);
        self.api.send(req).await
    }

    /// The shop's first course and the first start time it can be booked for `pax`, searched a
    /// year ahead from the platform's today (its test clock's, when it has one).
    async fn first_slot(&self, shop: i64, pax: i64) -> anyhow::Result<(i64, String)> {
        let courses = self
            .get(&format!("/shops/{shop}/courses"), &[])
            .await
            .context("reading the shop's courses")?;
        let course = courses["rows"][0]["id"]
            .as_i64()
            .with_context(|| format!("shop {shop} offers no course to book"))?;
        let now = match self.get("/test_clock", &[]).await {
            Ok(clock) => chrono::DateTime::parse_from_rfc3339(&text(&clock["frozenTime"])?)
                .context("the clock's frozenTime")?
                .naive_local(),
            Err(_) => (chrono::Utc::now() + chrono::Duration::hours(9)).naive_utc(),
        };
        let mut from = now.date();
        for _ in 0..6 {
            let to = from + chrono::Duration::days(61);
            let query = [
                ("from", from.to_string()),
                ("to", to.to_string()),
                ("pax", pax.to_string()),
                ("courseId", course.to_string()),
            ];
            let calendar = self
                .get(&format!("/shops/{shop}/availability/calendar"), &query)
                .await
                .context("reading the shop's calendar")?;
            let day = calendar["days"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|d| d["available"] == true);
            if let Some(day) = day {
                let query = [
                    ("requestDate", text(&day["date"])?),
                    ("pax", pax.to_string()),
                    ("courseId", course.to_string()),
                ];
                let free = self
                    .get(&format!("/shops/{shop}/availability"), &query)
                    .await
                    .context("reading the day's availability")?;
                return Ok((course, text(&free["availableStartTimes"][0])?));
            }
            from = to + chrono::Duration::days(1);
        }
        bail!(
            "shop {shop} has no bookable time for {pax} guests with course {course} within a year"
        )
    }
}

struct Api {
    client: reqwest::Client,
    base: String,
    key: String,
}

impl Api {
    fn get(&self, path: &str) -> reqwest::RequestBuilder {
        self.client
            .get(format!("{}{path}", self.base))
            .header("X-Auth-API-Key", &self.key)
    }

    fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.client
            .post(format!("{}{path}", self.base))
            .header("X-Auth-API-Key", &self.key)
    }

    /// The answer's JSON, or the error body of a non-2xx answer.
    async fn send(&self, req: reqwest::RequestBuilder) -> anyhow::Result<Value> {
        let res = req.send().await?;
        let status = res.status();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            bail!("{status}: {body}");
        }
        Ok(body)
    }
}

fn text(v: &Value) -> anyhow::Result<String> {
    v.as_str()
        .map(str::to_string)
        .with_context(|| format!("an answer lacks a value it should have: {v}"))
}
