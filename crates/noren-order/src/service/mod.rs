//! The ordering API's service: what owns a transaction (orders, carts, imports), the pricing of lines, the demo restaurant, and the effects applied after commit.

pub mod cafeteria;
pub mod cart;
pub mod demo;
pub mod import;
pub mod lines;
