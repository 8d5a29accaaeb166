//! Noren's shared infrastructure, under the three API slices (`noren-pay`, `noren-order`,
//! `noren-inbound`): configuration, the database and its migrations, the HTTP building blocks
//! (state, extractors, values, the error body), background jobs, webhook delivery, caches and
//! object storage. It imports no slice (`docs/ARCHITECTURE.md`).

// `#[derive(Values)]` writes `::noren_core::…` paths, which must resolve inside this crate too.
extern crate self as noren_core;

pub mod cache;
pub mod clocks;
pub mod config;
pub mod connectors;
pub mod db;
pub mod domain;
pub mod fingerprint;
pub mod http;
pub mod jobs;
pub mod objects;
pub mod openapi;
pub mod signed;

pub mod testhook;
pub mod webhooks;
