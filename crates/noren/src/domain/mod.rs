//! Domain types with no axum or SQL in them: parsed once at the edge, valid everywhere inside.

pub mod availability;
pub mod brands;
pub mod clock;
pub mod destination;
pub mod hhmm;
pub mod jst;
pub mod keys;
pub mod lang;
pub mod lifecycle;
pub mod masking;
pub mod menu;
pub mod order;
pub mod payment;
pub mod refund;
pub mod refusal;
pub mod reservation;
pub mod secret_box;
pub mod tax;
pub mod variation;
