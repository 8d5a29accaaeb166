//! Schema migrations. They run at start (`noren serve`) and with `noren migrate`, on SQLite and
//! PostgreSQL alike: each is written once with sea-query, which renders both dialects.
//! A migration is never edited after it lands; changes come as a new migration.

use sea_orm_migration::prelude::*;

mod m20261123_000001_core;
mod m20261123_000002_payments;
mod m20261123_000003_checkout_webhooks;
mod m20261201_000004_webhook_modes;
mod m20261202_000005_order_menus;
mod m20261202_000006_cafeteria_orders;
mod m20261203_000007_cart_item_metadata;
mod m20261203_000011_menu_imports;
mod m20261204_000012_inbound;
mod m20261204_000014_inbound_platform_settings;
mod m20261205_000015_inbound_course_index;
mod m20261206_000016_inbound_holds;
mod m20261206_000017_menu_import_snapshots;
mod m20261207_000018_inbound_booking_reads;
mod m20261208_000019_heartbeats;
mod m20261209_000020_rate_buckets;
mod m20261210_000021_webhook_endpoints;
pub(crate) mod m20261211_000022_platform_endpoints;
mod m20261212_000023_test_clocks;

pub struct Migrator;

impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261123_000001_core::Migration),
            Box::new(m20261123_000002_payments::Migration),
            Box::new(m20261123_000003_checkout_webhooks::Migration),
            Box::new(m20261201_000004_webhook_modes::Migration),
            Box::new(m20261202_000005_order_menus::Migration),
            Box::new(m20261202_000006_cafeteria_orders::Migration),
            Box::new(m20261203_000007_cart_item_metadata::Migration),
            Box::new(m20261203_000011_menu_imports::Migration),
            Box::new(m20261204_000012_inbound::Migration),
            Box::new(m20261204_000014_inbound_platform_settings::Migration),
            Box::new(m20261205_000015_inbound_course_index::Migration),
            Box::new(m20261206_000016_inbound_holds::Migration),
            Box::new(m20261206_000017_menu_import_snapshots::Migration),
            Box::new(m20261207_000018_inbound_booking_reads::Migration),
            Box::new(m20261208_000019_heartbeats::Migration),
            Box::new(m20261209_000020_rate_buckets::Migration),
            Box::new(m20261210_000021_webhook_endpoints::Migration),
            Box::new(m20261211_000022_platform_endpoints::Migration),
            Box::new(m20261212_000023_test_clocks::Migration),
        ]
    }
}
