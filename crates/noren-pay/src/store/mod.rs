//! The payment API's queries (one code path for SQLite and PostgreSQL) and its read caches.

pub mod attempts;
pub mod idempotency;
pub mod payments;
pub mod shops;
pub mod token_reads;
