//! The ordering API's handlers: extract, call one service or store function, map the answer (DTOs beside them).

pub mod cafeteria;
pub mod cart;
pub mod dto;
pub mod images;
pub mod import;
pub mod menus;
