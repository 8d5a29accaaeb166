//! The payment API's handlers: extract, call one service or store function, map the answer
//! (DTOs, value types and spec examples beside them; the service's errors mapped in
//! [`error`], `Idempotency-Key`'s answers rendered in [`idempotency`]).

pub mod brands;
pub mod checkout;
pub mod dto;
pub mod error;
pub mod events_stream;
pub mod examples;
pub mod idempotency;
pub mod logs_stream;
pub mod miniprogram;
pub mod params;
pub mod payments;
pub mod refund;
pub mod sandbox;
pub mod test_clock;
pub mod webhook_endpoints;
pub mod webhook_events;
pub mod whoami;
