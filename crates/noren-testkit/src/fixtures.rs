//! Fixtures made through the same repository functions the operator commands use.

use chrono::NaiveDate;
use noren::db::Db;
use noren::db::entities::{legal_person, shop, shop_device};
use noren::db::repo::accounts::{self, NewDevice, NewLegalPerson, NewShop};
use noren::domain::keys::{MerchantFamily, Mode};
use noren::domain::lang::Lang;
use noren::state::AppState;

/// A legal person with one shop and one device, and a key of the requested kind.
pub struct Merchant {
    pub legal_person: legal_person::Model,
    pub shop: shop::Model,
    pub device: shop_device::Model,
    pub key_id: i64,
    pub key: String,
}

/// Creates a merchant named `name` with a `family`/`mode` key.
pub async fn merchant(db: &Db, name: &str, family: MerchantFamily, mode: Mode) -> Merchant {
    let legal_person = accounts::create_legal_person(
        db,
        NewLegalPerson {
            company_name: format!("{name} K.K."),
            company_email: format!("dev@{}.example", name.to_lowercase()),
            contract_number: format!("C-{}", uuid::Uuid::new_v4().simple()),
            contract_date: NaiveDate::from_ymd_opt(2025, 4, 1).expect("valid date"),
        },
        chrono::Utc::now(),
    )
    .await
    .expect("legal person");
    let shop = accounts::create_shop(
        db,
        NewShop {
            legal_person_id: legal_person.id,
            number: None,
            name: format!("{name} Shop"),
            name_ja: format!("{name}店"),
            is_payable: true,
            review_enabled: false,
        },
        chrono::Utc::now(),
    )
    .await
    .expect("shop");
    let device = accounts::create_device(
        db,
        NewDevice {
            shop_id: shop.id,
            device_name: format!("{name} register"),
            device_type: "pos".into(),
            preferred_language: Some(Lang::Ja),
            push_channel: Some("fcm".into()),
            push_token: Some("push-token-1".into()),
        },
        chrono::Utc::now(),
    )
    .await
    .expect("device");
    let (key_model, key) =
        accounts::create_api_key(db, device.id, family, mode, chrono::Utc::now())
            .await
            .expect("api key");
    Merchant {
        legal_person,
        shop,
        device,
        key_id: key_model.id,
        key,
    }
}

/// A test-mode merchant secret key (`sk_test_`).
pub async fn test_merchant(db: &Db, name: &str) -> Merchant {
    merchant(db, name, MerchantFamily::Secret, Mode::Test).await
}

/// A live-mode merchant secret key (`sk_live_`).
pub async fn live_merchant(db: &Db, name: &str) -> Merchant {
    merchant(db, name, MerchantFamily::Secret, Mode::Live).await
}

/// The shop's current webhook signing secret of one mode (made on first use, as `noren demo`
/// does), decrypted with the server's key.
pub async fn webhook_secret(state: &AppState, shop_id: i64, mode: Mode) -> String {
    noren::webhooks::store::current_secret(
        &state.db,
        &state.secret_box,
        shop_id,
        mode == Mode::Live,
        state.clock.now(),
    )
    .await
    .expect("webhook secret")
}
