//! `noren trigger EVENT` (issue 35, item 2): makes an event happen through the real sandbox flow
//! of any Noren, over its public API with a merchant's secret test key, never by fabricating a
//! payload: `payment.paid` creates a payment, chooses the first brand its checkout offers and
//! approves the attempt with the sandbox brand; `payment.refunded` does that and refunds it.
//! It prints each object it made. With `noren listen` running, the event arrives at the
//! listener's receiver.

use anyhow::{Context, bail};
use clap::Args;
use serde_json::{Value, json};
use std::process::ExitCode;

/// The events `trigger` makes.
pub const EVENTS: [&str; 2] = ["payment.paid", "payment.refunded"];

#[derive(Debug, Args)]
pub struct TriggerArgs {
    /// The event to make happen: `payment.paid` or `payment.refunded`.
    pub event: String,
    /// The Noren to drive.
    #[arg(long, default_value = "http://127.0.0.1:8080", env = "NOREN_API_BASE")]
    pub api_base: String,
    /// A merchant's secret test key (`sk_test_…`).
    #[arg(long, env = "NOREN_KEY", hide_env_values = true)]
    pub api_key: String,
    /// The payment's amount in yen.
    #[arg(long, default_value_t = 1000)]
    pub amount: i64,
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

struct Api {
    client: reqwest::Client,
    base: String,
    key: String,
}

impl Api {
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
