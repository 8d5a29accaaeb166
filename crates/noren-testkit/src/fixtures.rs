//! Fixtures made through the same repository functions the operator commands use.

use chrono::NaiveDate;
use noren::db::Db;
use noren::db::entities::{legal_person, shop, shop_device};
use noren::db::repo::accounts::{self, NewDevice, NewLegalPerson, NewShop};
use noren::domain::keys::{MerchantFamily, Mode};
use noren::domain::lang::Lang;
use noren::http::state::AppState;

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

/// Makes `shop_id` the demo restaurant (the same code as `noren demo`): order settings, three
/// categories, ramen with a required exclusive "Size" and optional "Toppings", gyoza in stock,
/// an 8 % bento, an option menu and a seasonal special in no category; images and texts as
/// `noren demo` has them (the images are put in the object store by the caller, see
/// [`restaurant_images`]).
pub async fn restaurant(db: &Db, shop_id: i64) -> noren::order::service::demo::Restaurant {
    noren::order::service::demo::seed_restaurant(db, shop_id, chrono::Utc::now())
        .await
        .expect("demo restaurant")
}

/// Puts the demo restaurant's images in the object store for `shop_id`, as `noren demo` does.
pub async fn restaurant_images(objects: &noren::objects::Objects, shop_id: i64) {
    noren::order::service::demo::put_images(objects, shop_id)
        .await
        .expect("demo images");
}

/// Adds `count` menus, each with an English name, to a new category of the shop, in one
/// transaction; answers the category's id.
pub async fn many_menus(db: &Db, shop_id: i64, count: usize) -> i64 {
    use noren::order::store::menus::{
        self, KIND_MENU, NewMenu, STATUS_AVAILABLE, TYPE_MENU, Texts,
    };
    let now = chrono::Utc::now();
    // A write transaction: on SQLite it runs on the one writer connection (`noren::db::Db`).
    let tx = noren::db::begin_write(db).await.expect("transaction");
    let category = menus::create_category(&tx, shop_id, None, None, 100, now)
        .await
        .expect("category");
    for i in 0..count {
        let m = menus::create_menu(
            &tx,
            shop_id,
            NewMenu {
                external_id: Some(format!("bulk-{i}")),
                status: STATUS_AVAILABLE,
                kind: TYPE_MENU,
                price: 100 + i as i64,
                tax_rate: 10,
                stock_available: None,
                images: Vec::new(),
                sort_order: i as i32,
            },
            now,
        )
        .await
        .expect("menu");
        let name = format!("Menu {i}");
        menus::add_texts(
            &tx,
            shop_id,
            KIND_MENU,
            m.id,
            &[Texts {
                lang: "en",
                name: &name,
                short_desc: None,
                desc: None,
            }],
        )
        .await
        .expect("texts");
        menus::add_to_category(&tx, shop_id, category.id, m.id, i as i32)
            .await
            .expect("link");
    }
    tx.commit().await.expect("commit");
    category.id
}
