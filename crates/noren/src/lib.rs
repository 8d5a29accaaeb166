//! Noren: a payment API with a hosted checkout, a restaurant ordering API, an inbound reservation
//! API for partner platforms, and the developer portal, served by one binary.

// `#[derive(Values)]` writes `::noren::…` paths, which must resolve inside this crate too.
extern crate self as noren;

pub mod app;
pub mod cache;
pub mod cli;
pub mod config;
pub mod connectors;
pub mod db;
pub mod domain;
pub mod fingerprint;
pub mod http;
pub mod inbound;
pub mod jobs;
pub mod objects;
pub mod openapi;
pub mod order;
pub mod pay;
pub mod signed;

pub mod testhook;
pub mod webhooks;
