//! SeaORM entities: one file per table, the Rust view of the migrations.

pub mod api_key;
pub mod idempotency_key;
pub mod inbound_platform;
pub mod job;
pub mod legal_person;
pub mod menu_category;
pub mod menu_category_item;
pub mod menu_item;
pub mod menu_variation_category;
pub mod miniprogram_app;
pub mod miniprogram_key;
pub mod order_shop;
pub mod order_text;
pub mod partner_key;
pub mod payment;
pub mod payment_history;
pub mod predefined_payment;
pub mod shop;
pub mod shop_device;
pub mod shop_payment_method;
pub mod value_added_service;
pub mod variation_category;
pub mod variation_category_item;
pub mod webhook_attempt;
pub mod webhook_event;
pub mod webhook_secret;
