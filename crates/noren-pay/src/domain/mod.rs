//! The payment API's rules: pure functions, tested without HTTP or SQL.

pub mod lifecycle;
pub mod refund;
