//! The integration suite: the real server on an ephemeral port, real HTTP, each test on a fresh
//! database, every test on both SQLite and PostgreSQL (see `noren_testkit::both_databases!`).

mod cli;
mod errors;
mod extractors;
mod inbound_auth;
mod jobs;
mod openapi;
mod ops;
mod payments;
mod portal;
mod whoami;
