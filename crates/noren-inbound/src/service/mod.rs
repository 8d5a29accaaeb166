//! The inbound API's service: what owns a transaction (booking, status changes and their
//! notifications), the demo catalogue, and the effects applied after commit.

pub mod availability;
pub mod booking;
pub mod demo;
pub mod errors;
pub mod holds;
pub mod judging;
pub mod notify;
pub mod reservations;
pub mod time;
