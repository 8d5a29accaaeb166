//! The payment API (seed 000 §3–§9): predefined payments with a hosted checkout, refunds,
//! key checks and mini-program charges. One `router()`; every call is one hop from here.

pub mod domain;
pub mod http;
pub mod service;
pub mod store;

use http::{
    brands, checkout, events_stream, logs_stream, miniprogram, payments, refund, sandbox,
    test_clock, webhook_endpoints, webhook_events, whoami,
};

use axum::routing::get;
use noren_core::http::error::{ErrorBody, ErrorCode, FieldError};
use noren_core::http::state::AppState;
use noren_core::openapi::{MerchantKeyScheme, Servers};
use noren_core::webhooks::event::{CurrencyInfo, EventStatus, WebhookEvent};
use noren_core::webhooks::spec::SignedWebhook;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Noren payment API",
        version = "3.0.0",
        description = "One integration, many payment brands: create a predefined payment, send the \
customer to its hosted checkout `url`, receive a signed webhook when it is paid, list and refund.\n\n\
Values are sent as query values (form-encoded); a form body is accepted too. Amounts are whole \
Japanese yen. Every non-2xx answer has the body `{\"code\", \"message\", \"errors\"}` \
(`errors` only for validation) and every answer carries `X-Request-Id`."
    ),
    modifiers(&MerchantKeyScheme, &Servers, &PAYMENT_WEBHOOK),
    components(schemas(ErrorBody, ErrorCode, FieldError, WebhookEvent, CurrencyInfo, EventStatus)),
    tags(
        (name = "Predefined payments", description = "Create a payment, send the customer to its checkout `url`, read, list and update it."),
        (name = "Refunds", description = "Refund a paid payment in full."),
        (name = "Webhooks", description = "See every webhook event with each delivery attempt, and send one again. \
The event itself is described under *Webhooks* (`payment_event`): verify `Noren-Signature` before trusting it."),
        (name = "Webhook endpoints", description = "Send the shop's events to endpoints you manage: each with the event types it takes, its own signing secret (Standard Webhooks `webhook-signature`, and `Noren-Signature`), rotation with an overlap, and a delivery log with what your receiver answered."),
        (name = "Sandbox", description = "Approve or decline test payments without a browser (test keys only)."),
        (name = "Test clocks", description = "Put the shop's test mode on a clock you move: see a payment expire, a refund pass its window (2102) or a webhook's fourth retry without waiting. Test keys only; live mode always runs on real time."),
        (name = "Mini-program", description = "Charge a payment from a WeChat mini-program."),
        (name = "API keys", description = "Check which legal person, shop and device a key belongs to.")
    )
)]
pub struct PayApi;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(PayApi::openapi())
        .routes(routes!(payments::create_online_payment))
        .routes(routes!(payments::create_with_url_print))
        .routes(routes!(
            payments::list_predefined_payments,
            payments::update_predefined_payment
        ))
        .routes(routes!(payments::get_predefined_payment))
        .routes(routes!(brands::available_payments))
        .routes(routes!(miniprogram::wechatpay))
        .routes(routes!(refund::refund))
        .routes(routes!(webhook_events::list_webhook_events))
        .routes(routes!(webhook_events::redeliver_webhook_event))
        .routes(routes!(events_stream::stream_events))
        .routes(routes!(logs_stream::stream_logs))
        .routes(routes!(
            webhook_endpoints::create_webhook_endpoint,
            webhook_endpoints::list_webhook_endpoints
        ))
        .routes(routes!(
            webhook_endpoints::get_webhook_endpoint,
            webhook_endpoints::update_webhook_endpoint,
            webhook_endpoints::delete_webhook_endpoint
        ))
        .routes(routes!(webhook_endpoints::rotate_webhook_endpoint_secret))
        .routes(routes!(webhook_endpoints::list_webhook_deliveries))
        .routes(routes!(webhook_endpoints::recover_webhook_endpoint))
        .routes(routes!(webhook_endpoints::test_webhook_endpoint))
        .routes(routes!(sandbox::sandbox_approve))
        .routes(routes!(sandbox::sandbox_decline))
        .routes(routes!(
            test_clock::create_test_clock,
            test_clock::get_test_clock,
            test_clock::delete_test_clock
        ))
        .routes(routes!(test_clock::advance_test_clock))
        .routes(routes!(whoami::whoami))
}

/// The internal spec of the hosted checkout's own JSON endpoints: served at
/// `/openapi/internal/checkout.json`, never linked from the portal nor part of `pay.yaml`; the
/// checkout's TypeScript types are generated from it (`checkout/src/api-types.ts`).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Noren checkout API (internal)",
        version = "1.0.0",
        description = "The hosted checkout page's own JSON endpoints (`checkout/API.md`). Internal: \
they change with the checkout page, which is built from the same commit. No key: the payment's \
token is the secret. Every non-2xx answer has the body `{\"code\", \"message\", \"errors\"}` \
(`errors` only for validation)."
    ),
    modifiers(&Servers),
    components(schemas(ErrorBody, ErrorCode, FieldError)),
    tags((name = "Checkout", description = "Read a payment as its checkout shows it, start an attempt, and settle it from the sandbox brand page."))
)]
pub struct CheckoutApi;

/// The checkout's own endpoints (in the internal spec) and the brand badges (in no spec).
pub fn checkout_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(CheckoutApi::openapi())
        .routes(routes!(checkout::show))
        .routes(routes!(checkout::start))
        .routes(routes!(checkout::approve))
        .routes(routes!(checkout::decline))
        .route("/checkout/brands/{file}", get(brands::badge))
}

/// The `webhooks` entry: the event Noren POSTs to the merchant, with its headers.
const PAYMENT_WEBHOOK: SignedWebhook = SignedWebhook {
    name: "payment_event",
    summary: "Payment paid or refunded",
    description: "Noren POSTs this JSON event to the payment's `webhook_callback_url` (else the \
shop's default URL of the payment's mode), and to every enabled webhook endpoint of the shop and mode \
that subscribes to its type (`payment.paid`, `payment.refunded`), when a payment is paid and when it is refunded. \
An endpoint's deliveries are signed with that endpoint's secret; the others with the shop's. Test \
and live never mix: `livemode` says which, and each mode has its own secrets and default URLs. \
Verify `Noren-Signature` first: `v1` is the lowercase hex HMAC-SHA256, keyed with your shop's \
webhook secret of the event's mode (`whsec_…`), of `t + \".\" + the raw body`; during a secret rotation there are two `v1` values and either may \
match. Reject a `t` more than 5 minutes from now. Answer any 2xx within 10 seconds; anything \
else (redirects are not followed) is retried up to 10 times after 10 s, 30 s, 1 min, 5 min, \
15 min, 30 min, 1 h, 2 h, 4 h and 8 h. Delivery is at least once: drop repeats by \
`Noren-Event-Id`.",
    tag: "Webhooks",
    body: "WebhookEvent",
    event_id_example: "evt_3kT9xQ2mP7vL1sR8wZ4yB6nC",
    event_type_example: "payment.paid",
    scheme: "webhookSignature",
    scheme_description: "Not a key you send: Noren signs every webhook event it sends you. \
                 `Noren-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"t.body\">`, keyed \
                 with your shop's webhook secret (`whsec_…`); check it before trusting the event. \
                 OpenAPI has no HMAC scheme type, hence `apiKey`.",
};
