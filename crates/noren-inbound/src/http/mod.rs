//! The inbound API's handlers: extract, call one service or store function, map the answer (DTOs and spec examples beside them).

pub mod admin;
pub mod availability;
pub mod catalog_examples;
pub mod courses;
pub mod create;
pub mod dto;
pub mod errors;
pub mod events_stream;
pub mod holds;
pub mod images;
pub mod logs_stream;
pub mod reservations;
pub mod shops;
pub mod test_clock;
pub mod update;
pub mod webhook_endpoints;
