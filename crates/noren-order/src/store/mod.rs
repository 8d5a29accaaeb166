//! The ordering API's queries (one code path for SQLite and PostgreSQL) and its read caches.

pub mod cafeteria;
pub mod cafeteria_cart;
pub mod catalogs;
pub mod images;
pub mod menu_imports;
pub mod menu_snapshots;
pub mod menus;
pub mod order_shops;
pub mod shop_pages;
