//! The payment API's handlers: extract, call one service or store function, map the answer (DTOs, value types and spec examples beside them).

pub mod brands;
pub mod checkout;
pub mod dto;
pub mod examples;
pub mod miniprogram;
pub mod params;
pub mod payments;
pub mod refund;
pub mod sandbox;
pub mod webhook_events;
pub mod whoami;
