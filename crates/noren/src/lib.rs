//! Noren: a payment API with a hosted checkout, a restaurant ordering API, an inbound reservation
//! API for partner platforms, and the developer portal, served by one binary.
//!
//! This crate builds the application (`app`) and the command line (`cli`) from the slices; the
//! infrastructure (`noren-core`) and the slices (`noren-pay`, `noren-order`, `noren-inbound`)
//! are their own crates, re-exported here under the paths they always had (`noren::db`,
//! `noren::pay`, …).

pub use noren_core::{
    cache, config, connectors, db, domain, fingerprint, http, jobs, objects, openapi, signed,
    testhook, webhooks,
};
pub use noren_inbound as inbound;
pub use noren_order as order;
pub use noren_pay as pay;

pub mod app;
pub mod cli;
pub mod memory;
