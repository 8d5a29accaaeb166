//! Reservation status notifications to partner platforms (issue 12, item 5; DESIGN.md
//! "Inbound API decisions").
//!
//! Every status change of a reservation (the merchant confirms, rejects, cancels or refunds
//! half; the partner cancels) writes one event in the transaction of the change, into the same
//! outbox as payment webhooks (`webhook_events` with the platform's id, and a `webhook` job):
//! the change and its notification commit together or not at all. The same job kind delivers
//! it (`webhooks/endpoint_delivery.rs`): a signed `POST` of [`ReservationStatusChanged`] to each of
//! the platform's webhook endpoints of the reservation's mode subscribed to its type
//! (`reservation.confirmed`, `.rejected` or `.cancelled`; `webhooks::endpoints`), the one the
//! operator set with `noren inbound platform set --webhook-url[-test]` among them, with the
//! Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`) and
//! `Noren-Event-Id`, `Noren-Event-Type`, `Noren-Delivery-Attempt` and `Noren-Signature: t=…,v1=…`
//! (HMAC-SHA256 of `t.body` with the endpoint's signing secret), retried on the payment webhooks'
//! schedule, every attempt kept in the endpoint's log. Live notifications go only to public
//! `https` addresses (checked after DNS resolution), test ones may reach loopback. A platform
//! without an endpoint for the mode gets nothing (the event is kept as `no_url`).
//!
//! The body (`type` is always `reservation.status_changed` for now; receivers ignore types they
//! do not know):
//!
//! ```json
//! {"id": "evt_…", "type": "reservation.status_changed", "livemode": false,
//!  "createdAt": "2026-12-01T10:00:00+09:00",
//!  "reservation": {"id": "rsv_…", "originPlatformReservationNumber": "ACME-1", "shopId": 1},
//!  "oldStatus": "PENDING", "newStatus": "SUCCESS", "changedBy": "merchant"}
//! ```
//!
//! Delivery is at least once: drop repeats by `id` (also the `Noren-Event-Id` header); the
//! order of arrival is not guaranteed, so compare `createdAt` or read the reservation.

use crate::domain::reservation::ReservationStatus;
use noren_core::db::entities::inbound_reservation;
use noren_core::domain::clock::Now;
use noren_core::domain::jst;
use noren_core::webhooks::event::new_event_id;
use noren_core::webhooks::spec::SignedWebhook;
use noren_core::webhooks::store::{self, PlatformEvent};
use sea_orm::{ConnectionTrait, DbErr};
use serde::Serialize;
use utoipa::ToSchema;

/// The event type of a status change.
pub const STATUS_CHANGED: &str = "reservation.status_changed";

/// Who made the change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChangedBy {
    /// The restaurant (confirm, reject, cancel, half refund).
    Merchant,
    /// The platform itself (the cancel call).
    Partner,
}

/// The reservation a notification is about.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotifiedReservation {
    /// Noren's id (`rsv_…`).
    #[schema(example = "rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw")]
    pub id: String,
    /// Your own number for it.
    #[schema(example = "ACME-2026-000123")]
    pub origin_platform_reservation_number: String,
    #[schema(example = 1)]
    pub shop_id: i64,
}

/// The body POSTed to the platform when one of its reservations changes status.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": "evt_Qx2mL9vB4nT7cK1pZ8sR5wYd", "type": "reservation.status_changed",
    "livemode": false, "createdAt": "2026-12-01T10:00:00+09:00",
    "reservation": {"id": "rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw",
        "originPlatformReservationNumber": "ACME-2026-000123", "shopId": 1},
    "oldStatus": "PENDING", "newStatus": "SUCCESS", "changedBy": "merchant"
}))]
pub struct ReservationStatusChanged {
    /// The event's id (`evt_…`), also sent as `Noren-Event-Id`: drop repeats by it.
    pub id: String,
    /// `reservation.status_changed`; ignore types you do not know.
    #[serde(rename = "type")]
    #[schema(example = "reservation.status_changed")]
    pub event_type: &'static str,
    /// False for reservations made with a test key (signed with the test secret).
    pub livemode: bool,
    /// When the status changed, JST with its offset (RFC 3339).
    #[schema(example = "2026-12-01T10:00:00+09:00")]
    pub created_at: String,
    pub reservation: NotifiedReservation,
    /// The status before the change.
    pub old_status: ReservationStatus,
    /// The status now (tolerate values you do not know).
    pub new_status: ReservationStatus,
    pub changed_by: ChangedBy,
}

/// Writes the notification of `row`'s change from `old` (its status now is the new one) into
/// the outbox, in the caller's transaction. Wake `state.webhook_wake` after the commit.
pub async fn record(
    db: &impl ConnectionTrait,
    row: &inbound_reservation::Model,
    old: ReservationStatus,
    changed_by: ChangedBy,
    max_deliveries: i32,
    now: impl Into<Now>,
) -> Result<(), DbErr> {
    let now = now.into();
    let new = ReservationStatus::parse(&row.status)
        .ok_or_else(|| DbErr::Custom(format!("unknown status {}", row.status)))?;
    let body = ReservationStatusChanged {
        id: new_event_id(),
        event_type: STATUS_CHANGED,
        livemode: row.livemode,
        created_at: jst::rfc3339(now.at),
        reservation: NotifiedReservation {
            id: row.id.clone(),
            origin_platform_reservation_number: row.origin_number.clone(),
            shop_id: row.shop_id,
        },
        old_status: old,
        new_status: new,
        changed_by,
    };
    let json = serde_json::to_string(&body).map_err(|e| DbErr::Custom(e.to_string()))?;
    store::record_platform_event(
        db,
        PlatformEvent {
            public_id: body.id,
            platform_id: row.platform_id,
            shop_id: row.shop_id,
            livemode: row.livemode,
            reservation_id: row.id.clone(),
            origin_number: row.origin_number.clone(),
            new_status: new.as_str().to_string(),
            body: json,
        },
        max_deliveries,
        now,
    )
    .await?;
    Ok(())
}

/// The inbound spec's `webhooks` entry: the notification Noren POSTs to the platform.
pub const STATUS_WEBHOOK: SignedWebhook = SignedWebhook {
    name: "reservation_status_changed",
    summary: "A reservation's status changed",
    description: "Noren POSTs this JSON event to each enabled webhook endpoint of your platform and the \
reservation's mode that subscribes to its type (`reservation.confirmed`, `reservation.rejected`, \
`reservation.cancelled`; see `Noren-Event-Type`), signed with that endpoint's secret, and to the notification \
URL Noren's operator set for the mode, signed with your platform's secret of the mode, each \
time one of your reservations changes status: the restaurant confirms (PENDING → SUCCESS) or \
rejects (PENDING → NOT_AVAILABLE) it, cancels it or refunds half, or you cancel it. Verify \
`Noren-Signature` first: `v1` is the lowercase hex HMAC-SHA256, keyed with your platform's \
signing secret of the event's mode (`whsec_…`), of `t + \".\" + the raw body`; reject a `t` more \
than 5 minutes from now. Answer any 2xx within 10 seconds; anything else (redirects are not \
followed) is retried up to 10 times after 10 s, 30 s, 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h \
and 8 h. Delivery is at least once and not ordered: drop repeats by `id` (`Noren-Event-Id`) and \
order by `createdAt`. Statuses you do not know may appear.",
    tag: "Notifications",
    body: "ReservationStatusChanged",
    event_id_example: "evt_Qx2mL9vB4nT7cK1pZ8sR5wYd",
    event_type_example: "reservation.confirmed",
    scheme: "notificationSignature",
    scheme_description: "Not a key you send: Noren signs every notification it sends you. \
                 `Noren-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"t.body\">`, keyed \
                 with your platform's signing secret of the event's mode. OpenAPI has no HMAC \
                 scheme type, hence `apiKey`.",
};
