//! The payment API's service: what owns a transaction (attempts, refunds, idempotent calls,
//! redeliveries), the checkout's and the mini-program's steps, the effects applied after a
//! commit, and what other slices may ask of payments ([`payments`], [`hooks`]). Every function
//! answers [`error::PayError`]; `pay/http/` maps it to the error body.

pub mod checkout;
pub mod error;
pub mod flow;
pub mod hooks;
pub mod idempotency;
pub mod miniprogram;
pub mod payments;
pub mod webhook_events;
