//! SeaORM entities: one file per table, the Rust view of the migrations.

pub mod api_key;
pub mod idempotency_key;
pub mod inbound_platform;
pub mod job;
pub mod legal_person;
pub mod partner_key;
pub mod payment;
pub mod payment_history;
pub mod predefined_payment;
pub mod shop;
pub mod shop_device;
pub mod value_added_service;
