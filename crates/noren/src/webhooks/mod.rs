//! Webhooks (DESIGN.md "Webhooks"), all in this folder:
//!
//! - `event.rs`: the event body (seed 000 §3) built from a payment and its attempt, the
//!   currency view of foreign brands, the default retry schedule. Pure.
//! - `signing.rs`: secrets, the `Noren-Signature` header and its verification, the deliveries'
//!   cache of signing secrets (`moka`). Pure.
//! - `store.rs`: the queries: an event and its delivery job written in the transaction of the
//!   payment's change (the outbox), secrets, attempts, the merchant's event log.
//! - `spec.rs`: the `webhooks` entry of a spec (`SignedWebhook`): the payment event and the
//!   inbound notification.
//! - `deliver.rs`: the delivery job kind ([`deliver::Delivery`], a [`crate::jobs::Job`] run by
//!   the job runner): destination checks with the guarded resolver, signing, sending, recording
//!   the attempt.
//!
//! The merchant's calls (`GET /v3/webhook_events`, redeliver) are in `pay/webhook_events.rs`;
//! the rules of where a delivery may go are in `domain/destination.rs`.

pub mod deliver;
pub mod event;
pub mod settings;
pub mod signing;
pub mod spec;
pub mod store;

use serde::{Deserialize, Serialize};

/// The job queue of deliveries.
pub const QUEUE: &str = "webhook";

/// The payload of one delivery job.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeliveryJob {
    /// The `webhook_events` row to deliver.
    pub event_id: i64,
}
