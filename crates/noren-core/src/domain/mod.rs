//! Domain types with no axum or SQL in them: parsed once at the edge, valid everywhere inside.

pub mod brands;
pub mod clock;
pub mod destination;
pub mod jst;
pub mod keys;
pub mod lang;
pub mod payment;
pub mod refusal;
pub mod secret_box;
