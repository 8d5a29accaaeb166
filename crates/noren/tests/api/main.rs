//! The integration suite: the real server on an ephemeral port, real HTTP, each test on a fresh
//! database, every test on both SQLite and PostgreSQL (see `noren_testkit::both_databases!`).

mod architecture;
mod checkout;
mod cli;
mod constraints;
mod crash;
mod docs_inbound;
mod docs_order;
mod edge;
mod errors;
mod extractors;
mod idempotency;
mod inbound_auth;
mod inbound_booking;
mod inbound_catalog;
mod inbound_cli;
mod inbound_reservations;
mod inbound_shops;
mod jobs;
mod limits;
mod miniprogram;
mod openapi;
mod openapi_examples;
mod ops;
mod order_cafeteria;
mod order_cart;
mod order_import;
mod order_menus;
mod order_status;
mod payments;
mod portal;
mod refunds;
mod sandbox;
mod scopes;
mod webhooks;
mod whoami;
