//! The ordering API's rules: pure functions and types, tested without HTTP or SQL.

pub mod cart;
pub mod import;
pub mod masking;
pub mod menu;
pub mod order;
pub mod tax;
pub mod variation;
