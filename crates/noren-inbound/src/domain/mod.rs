//! The inbound API's rules: availability, reservation states and policies, `HH:MM` texts; pure, tested without HTTP or SQL.

pub mod availability;
pub mod hhmm;
pub mod reservation;
