//! The payment API's service: what owns a transaction (attempts, refunds, idempotent calls,
//! redeliveries), the effects applied after it commits, and what other slices may ask of
//! payments ([`payments`], [`hooks`]).

pub mod flow;
pub mod hooks;
pub mod idempotency;
pub mod payments;
pub mod webhook_events;
