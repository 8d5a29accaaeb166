//! The inbound API's queries (one code path for SQLite and PostgreSQL) and its read caches.

pub mod catalog;
pub mod configs;
pub mod directory;
pub mod holds;
pub mod platforms;
pub mod reads;
pub mod reservation_changes;
pub mod reservations;
