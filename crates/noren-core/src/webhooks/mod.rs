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
//! - `endpoints.rs`: webhook endpoints (issue 34), what the merchant's and the partner's calls
//!   share: event types, the endpoints' changes and secrets, the fan-out of an event.
//! - `answer.rs`: what a receiver answered one POST, as sending makes it and the log keeps it.
//! - `endpoint_delivery.rs`: delivering one event to one endpoint, with the delivery log.
//! - `endpoint_log.rs`: the delivery log's writes, batched: attempts' starts and ends.
//! - `recovery.rs`: around an endpoint's deliveries: recovering a window, test events,
//!   disabling an endpoint that keeps failing, the log's retention.
//!
//! The merchant's calls (`GET /v3/webhook_events`, redeliver) are in `pay/webhook_events.rs`;
//! the rules of where a delivery may go are in `domain/destination.rs`.

pub mod answer;
pub mod deliver;
pub mod endpoint_delivery;
pub mod endpoint_log;
pub mod endpoints;
pub mod event;
pub mod recovery;
pub mod settings;
pub mod signing;
pub mod spec;
pub mod store;
pub mod stream;

use serde::{Deserialize, Serialize};

/// The job queue of deliveries.
pub const QUEUE: &str = "webhook";

/// The payload of one delivery job: which event it delivers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DeliveryJob {
    /// One event to one webhook endpoint (issue 34): the event's public id and the endpoint's
    /// row id. First, so that it is tried before [`DeliveryJob::Event`], which would also read
    /// this payload (serde ignores the extra member).
    Endpoint { event: String, endpoint: i64 },
    /// By the event's public id (`evt_…`, chosen before anything is written): the job is
    /// written first and the event row names it, two statements instead of three.
    Event { event: String },
    /// By the event's row id, as jobs written before that change say it.
    Row { event_id: i64 },
}

#[cfg(test)]
mod tests {
    use super::DeliveryJob;

    #[test]
    fn delivery_jobs_name_their_event_by_public_id_and_older_ones_by_row() {
        let new = DeliveryJob::Event {
            event: "evt_1".into(),
        };
        assert_eq!(
            serde_json::to_string(&new).expect("json"),
            r#"{"event":"evt_1"}"#
        );
        let read = |s: &str| serde_json::from_str::<DeliveryJob>(s).expect("payload");
        assert_eq!(read(r#"{"event":"evt_1"}"#), new);
        let to_endpoint = DeliveryJob::Endpoint {
            event: "evt_1".into(),
            endpoint: 3,
        };
        assert_eq!(read(r#"{"event":"evt_1","endpoint":3}"#), to_endpoint);
        // Jobs queued by an earlier version still deliver.
        assert_eq!(read(r#"{"event_id":7}"#), DeliveryJob::Row { event_id: 7 });
    }
}
