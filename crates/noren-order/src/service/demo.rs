//! The demo restaurant (issue 11, item 6): the catalogue and order settings that `noren demo`
//! gives the demo shop and that the tests' `restaurant` fixture seeds, so that every ordering
//! call has something to answer right after `make run`.
//!
//! Three categories (Ramen, Sides, Drinks); two ramen with a required exclusive "Size" and an
//! optional non-exclusive "Toppings"; gyoza with 20 portions in stock; a takeout bento at the
//! reduced 8 % rate (everything else 10 %); an option menu; a seasonal special in no category.
//! Names in en, zh-CN, ja, ko, zh-TW.
//!
//! Demo data is real data (issue 20, item 5): every text it shows is in the five languages
//! (the shop's description, the menus' descriptions, the greetings), its images are drawings
//! that Noren itself serves from the object store ([`DEMO_IMAGES`], put by [`put_images`],
//! linked by path and answered with the server's public URL), and its `sctLink` is the
//! portal's `/demo/legal` page.

use crate::store::images::{self, image_path};
use crate::store::menus::{
    self, KIND_CATEGORY, KIND_MENU, KIND_SHOP, KIND_VARIATION_CATEGORY, NewMenu,
    NewVariationCategory, STATUS_AVAILABLE, TYPE_MENU, TYPE_OPTION, TYPE_VARIATION, Texts,
};
use crate::store::order_shops;
use chrono::{DateTime, Utc};
use noren_core::db::entities::order_shop;
use noren_core::objects::{Objects, StoreError};
use sea_orm::{ConnectionTrait, DbErr};
use serde_json::json;

/// Ids of what [`seed_restaurant`] made, for tests and the demo's printout.
#[derive(Clone, Debug)]
pub struct Restaurant {
    pub ramen_category: i64,
    pub sides_category: i64,
    pub drinks_category: i64,
    /// Shoyu ramen: Size (required, exclusive) and Toppings (optional, several).
    pub shoyu_ramen: i64,
    pub miso_ramen: i64,
    /// 20 portions in stock.
    pub gyoza: i64,
    /// 8 % (takeout food).
    pub karaage_bento: i64,
    pub green_tea: i64,
    pub beer: i64,
    /// In no category.
    pub seasonal_special: i64,
    /// An option menu (`orderOptionMenus`).
    pub extra_noodles: i64,
    pub size_category: i64,
    pub toppings_category: i64,
    pub size_regular: i64,
    pub size_large: i64,
}

/// Names in the five languages, in the order en, zh-CN, ja, ko, zh-TW.
type Names = [&'static str; 5];
const LANGS: [&str; 5] = ["en", "zh-CN", "ja", "ko", "zh-TW"];

/// The demo's images: SVG drawings without text (so no language), served by
/// `GET /api/order/shop/{id}/images/{name}`.
pub const DEMO_IMAGES: [(&str, &[u8]); 6] = [
    (
        "shop.svg",
        include_bytes!("../../assets/demo/order/shop.svg"),
    ),
    (
        "ramen.svg",
        include_bytes!("../../assets/demo/order/ramen.svg"),
    ),
    (
        "gyoza.svg",
        include_bytes!("../../assets/demo/order/gyoza.svg"),
    ),
    (
        "bento.svg",
        include_bytes!("../../assets/demo/order/bento.svg"),
    ),
    ("tea.svg", include_bytes!("../../assets/demo/order/tea.svg")),
    (
        "beer.svg",
        include_bytes!("../../assets/demo/order/beer.svg"),
    ),
];

/// Puts [`DEMO_IMAGES`] in the object store for `shop_id` (replacing earlier copies).
pub async fn put_images(objects: &Objects, shop_id: i64) -> Result<(), StoreError> {
    for (name, bytes) in DEMO_IMAGES {
        images::put(objects, shop_id, name, bytes.to_vec()).await?;
    }
    Ok(())
}

/// The portal page of the demo's legal notice (特定商取引法に基づく表記), linked as `sctLink`.
pub const LEGAL_PAGE: &str = "/demo/legal";

fn texts(names: &Names) -> Vec<Texts<'static>> {
    LANGS
        .iter()
        .zip(names.iter())
        .filter(|(_, n)| !n.is_empty())
        .map(|(lang, name)| Texts {
            lang,
            name,
            short_desc: None,
            desc: None,
        })
        .collect()
}

/// `texts` with a short description (also the description) in each of the five languages.
fn described(mut texts: Vec<Texts<'static>>, descs: &'static Names) -> Vec<Texts<'static>> {
    for t in &mut texts {
        if let Some(i) = LANGS.iter().position(|l| *l == t.lang) {
            t.short_desc = Some(descs[i]);
            t.desc = Some(descs[i]);
        }
    }
    texts
}

/// The shop's description (`desc` of the shop answer) in the five languages.
const SHOP_DESC: &Names = &[
    "Ramen, gyoza and drinks in Shibuya: order at the table.",
    "涩谷的拉面、煎饺和饮品：在餐桌上点餐。",
    "渋谷のラーメン、餃子、ドリンク。お席からご注文いただけます。",
    "시부야의 라멘, 교자, 음료. 테이블에서 주문하세요.",
    "澀谷的拉麵、煎餃和飲品：在餐桌上點餐。",
];

fn menu(price: i64, tax_rate: i32, kind: i32, sort_order: i32) -> NewMenu {
    NewMenu {
        external_id: None,
        status: STATUS_AVAILABLE,
        kind,
        price,
        tax_rate,
        stock_available: None,
        images: Vec::new(),
        sort_order,
    }
}

/// The demo shop's order settings.
pub fn demo_settings(shop_id: i64, now: DateTime<Utc>) -> order_shop::Model {
    order_shop::Model {
        shop_id,
        description: Some("Ramen, gyoza and drinks in Shibuya: order at the table.".into()),
        tel: Some("03-1234-5678".into()),
        address: Some("1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001".into()),
        image_array: json!([image_path(shop_id, "shop.svg")]).to_string(),
        google_place_id: Some("ChIJ51cu8IcbXWARiRtXIothAS4".into()),
        sct_link: Some(LEGAL_PAGE.into()),
        invoice_reg_no: Some("T1234567890123".into()),
        is_takeout_supported: true,
        is_delivery_supported: true,
        is_cafeteria_supported: true,
        is_order_payment_option_supported: true,
        takeout_open_time: Some("11:00".into()),
        takeout_last_order_time: Some("20:30".into()),
        delivery_open_time: Some("11:30".into()),
        delivery_last_order_time: Some("20:00".into()),
        cafeteria_open_time: Some("11:00".into()),
        cafeteria_last_order_time: Some("21:00".into()),
        delivery_fee: 300,
        settings_desc: Some("Delivery within 2 km; takeout bento at the counter.".into()),
        takeout_opening: true,
        delivery_opening: true,
        cafeteria_opening: true,
        delivery_addresses: json!([
            {"id": "shibuya-office", "name": "Shibuya office tower", "zipCode": "150-0002",
             "address": "2-24-12 Shibuya, Shibuya-ku, Tokyo"},
            {"id": "harajuku-station", "name": "Harajuku station, east exit", "zipCode": "150-0001",
             "address": "1-18-20 Jingumae, Shibuya-ku, Tokyo"}
        ])
        .to_string(),
        schedules: json!([
            {"weekday": "mon", "openTime": "11:00", "closeTime": "21:00"},
            {"weekday": "tue", "openTime": "11:00", "closeTime": "21:00"},
            {"weekday": "wed", "openTime": "11:00", "closeTime": "21:00"},
            {"weekday": "thu", "openTime": "11:00", "closeTime": "21:00"},
            {"weekday": "fri", "openTime": "11:00", "closeTime": "22:00"},
            {"weekday": "sat", "openTime": "11:00", "closeTime": "22:00"}
        ])
        .to_string(),
        greetings: json!([
            {"lang": "en", "message": "Welcome! Order from your phone; we bring it to your table."},
            {"lang": "zh-CN", "message": "欢迎光临！请用手机点餐，我们会送到您的餐桌。"},
            {"lang": "ja", "message": "いらっしゃいませ。スマートフォンからご注文ください。お席までお持ちします。"},
            {"lang": "ko", "message": "어서 오세요! 휴대폰으로 주문하시면 테이블까지 가져다 드립니다."},
            {"lang": "zh-TW", "message": "歡迎光臨！請用手機點餐，我們會送到您的餐桌。"}
        ])
        .to_string(),
        updated_at: now,
    }
}

/// Gives `shop_id` the demo restaurant's settings and catalogue. Run it once per shop (in a
/// transaction): `noren demo` checks [`menus::has_catalog`] first.
pub async fn seed_restaurant(
    db: &impl ConnectionTrait,
    shop_id: i64,
    now: DateTime<Utc>,
) -> Result<Restaurant, DbErr> {
    order_shops::put(db, demo_settings(shop_id, now)).await?;
    menus::add_texts(
        db,
        shop_id,
        KIND_SHOP,
        shop_id,
        &described(
            texts(&[
                "Noren Demo Ramen",
                "暖帘演示拉面",
                "のれんデモラーメン",
                "노렌 데모 라멘",
                "暖簾示範拉麵",
            ]),
            SHOP_DESC,
        ),
    )
    .await?;

    let category = |ext: &'static str, sort: i32, names: Names| async move {
        let c = menus::create_category(db, shop_id, Some(ext.into()), None, sort, now).await?;
        menus::add_texts(db, shop_id, KIND_CATEGORY, c.id, &texts(&names)).await?;
        Ok::<_, DbErr>(c.id)
    };
    let ramen_category = category(
        "cat-ramen",
        1,
        ["Ramen", "拉面", "ラーメン", "라멘", "拉麵"],
    )
    .await?;
    let sides_category = category(
        "cat-sides",
        2,
        ["Sides", "小菜", "サイドメニュー", "사이드", "小菜"],
    )
    .await?;
    let drinks_category = category(
        "cat-drinks",
        3,
        ["Drinks", "饮品", "ドリンク", "음료", "飲品"],
    )
    .await?;

    let item = |ext: &'static str, m: NewMenu, names: Names, descs: Option<&'static Names>| async move {
        let m = menus::create_menu(
            db,
            shop_id,
            NewMenu {
                external_id: Some(ext.into()),
                ..m
            },
            now,
        )
        .await?;
        let t = match descs {
            Some(d) => described(texts(&names), d),
            None => texts(&names),
        };
        menus::add_texts(db, shop_id, KIND_MENU, m.id, &t).await?;
        Ok::<_, DbErr>(m.id)
    };
    let shoyu_ramen = item(
        "menu-shoyu-ramen",
        NewMenu {
            images: vec![image_path(shop_id, "ramen.svg")],
            ..menu(980, 10, TYPE_MENU, 1)
        },
        [
            "Shoyu Ramen",
            "酱油拉面",
            "醤油ラーメン",
            "쇼유 라멘",
            "醬油拉麵",
        ],
        Some(&[
            "Soy-sauce broth, chicken and dashi.",
            "酱油汤底，鸡汤和日式高汤。",
            "鶏ガラと出汁の醤油スープ。",
            "닭 육수와 다시를 더한 간장 수프.",
            "醬油湯底，雞湯和日式高湯。",
        ]),
    )
    .await?;
    let miso_ramen = item(
        "menu-miso-ramen",
        NewMenu {
            images: vec![image_path(shop_id, "ramen.svg")],
            ..menu(1080, 10, TYPE_MENU, 2)
        },
        [
            "Miso Ramen",
            "味噌拉面",
            "味噌ラーメン",
            "미소 라멘",
            "味噌拉麵",
        ],
        None,
    )
    .await?;
    let gyoza = item(
        "menu-gyoza",
        NewMenu {
            stock_available: Some(20),
            images: vec![image_path(shop_id, "gyoza.svg")],
            ..menu(480, 10, TYPE_MENU, 1)
        },
        [
            "Gyoza (6 pieces)",
            "煎饺（6个）",
            "餃子（6個）",
            "교자 (6개)",
            "煎餃（6個）",
        ],
        None,
    )
    .await?;
    let karaage_bento = item(
        "menu-karaage-bento",
        NewMenu {
            images: vec![image_path(shop_id, "bento.svg")],
            ..menu(850, 8, TYPE_MENU, 2)
        },
        [
            "Karaage Bento (takeout)",
            "日式炸鸡便当（外带）",
            "唐揚げ弁当（お持ち帰り）",
            "가라아게 도시락 (포장)",
            "日式炸雞便當（外帶）",
        ],
        Some(&[
            "Reduced 8 % tax rate: food to take away.",
            "适用8%的轻减税率：外带食品。",
            "軽減税率 8 %: お持ち帰りの食品です。",
            "경감세율 8%: 포장 식품입니다.",
            "適用8%的輕減稅率：外帶食品。",
        ]),
    )
    .await?;
    let green_tea = item(
        "menu-green-tea",
        NewMenu {
            images: vec![image_path(shop_id, "tea.svg")],
            ..menu(300, 10, TYPE_MENU, 1)
        },
        ["Green Tea", "绿茶", "緑茶", "녹차", "綠茶"],
        None,
    )
    .await?;
    let beer = item(
        "menu-beer",
        NewMenu {
            images: vec![image_path(shop_id, "beer.svg")],
            ..menu(600, 10, TYPE_MENU, 2)
        },
        ["Beer", "啤酒", "ビール", "맥주", "啤酒"],
        None,
    )
    .await?;
    let seasonal_special = item(
        "menu-seasonal",
        menu(1200, 10, TYPE_MENU, 9),
        [
            "Seasonal Special",
            "季节限定特餐",
            "季節の特別メニュー",
            "계절 한정 메뉴",
            "季節限定特餐",
        ],
        None,
    )
    .await?;
    let extra_noodles = item(
        "option-extra-noodles",
        menu(150, 10, TYPE_OPTION, 1),
        ["Extra Noodles", "加面", "替え玉", "면 추가", "加麵"],
        None,
    )
    .await?;

    for (cat, menus_in) in [
        (ramen_category, vec![shoyu_ramen, miso_ramen]),
        (sides_category, vec![gyoza, karaage_bento]),
        (drinks_category, vec![green_tea, beer]),
    ] {
        for (i, m) in menus_in.into_iter().enumerate() {
            menus::add_to_category(db, shop_id, cat, m, i as i32 + 1).await?;
        }
    }

    let vcat = |ext: &'static str, c: NewVariationCategory, names: Names| async move {
        let c = menus::create_variation_category(
            db,
            shop_id,
            NewVariationCategory {
                external_id: Some(ext.into()),
                ..c
            },
            now,
        )
        .await?;
        menus::add_texts(db, shop_id, KIND_VARIATION_CATEGORY, c.id, &texts(&names)).await?;
        Ok::<_, DbErr>(c)
    };
    let size = vcat(
        "vcat-size",
        NewVariationCategory {
            required: true,
            exclusive: true,
            sort_order: 1,
            ..Default::default()
        },
        ["Size", "份量", "サイズ", "사이즈", "份量"],
    )
    .await?;
    let toppings = vcat(
        "vcat-toppings",
        NewVariationCategory {
            show_gallery: true,
            sort_order: 2,
            ..Default::default()
        },
        ["Toppings", "配料", "トッピング", "토핑", "配料"],
    )
    .await?;
    let size_regular = item(
        "var-size-regular",
        menu(0, 10, TYPE_VARIATION, 1),
        ["Regular", "普通", "並盛り", "보통", "普通"],
        None,
    )
    .await?;
    let size_large = item(
        "var-size-large",
        menu(150, 10, TYPE_VARIATION, 2),
        ["Large", "大份", "大盛り", "곱빼기", "大份"],
        None,
    )
    .await?;
    let egg = item(
        "var-topping-egg",
        menu(120, 10, TYPE_VARIATION, 1),
        [
            "Soft-boiled Egg",
            "溏心蛋",
            "味付け玉子",
            "반숙 달걀",
            "溏心蛋",
        ],
        None,
    )
    .await?;
    let chashu = item(
        "var-topping-chashu",
        menu(250, 10, TYPE_VARIATION, 2),
        ["Chashu Pork", "叉烧", "チャーシュー", "차슈", "叉燒"],
        None,
    )
    .await?;
    let nori = item(
        "var-topping-nori",
        menu(80, 10, TYPE_VARIATION, 3),
        ["Nori", "海苔", "海苔", "김", "海苔"],
        None,
    )
    .await?;
    for (i, v) in [size_regular, size_large].into_iter().enumerate() {
        menus::add_variation(db, shop_id, size.id, v, i as i32 + 1).await?;
    }
    for (i, v) in [egg, chashu, nori].into_iter().enumerate() {
        menus::add_variation(db, shop_id, toppings.id, v, i as i32 + 1).await?;
    }
    let (size_category, toppings_category) = (size.id, toppings.id);
    menus::set_default_choice(db, size, size_regular).await?;
    for ramen in [shoyu_ramen, miso_ramen] {
        menus::offer_variation_category(db, shop_id, ramen, size_category, 1).await?;
        menus::offer_variation_category(db, shop_id, ramen, toppings_category, 2).await?;
    }

    Ok(Restaurant {
        ramen_category,
        sides_category,
        drinks_category,
        shoyu_ramen,
        miso_ramen,
        gyoza,
        karaage_bento,
        green_tea,
        beer,
        seasonal_special,
        extra_noodles,
        size_category,
        toppings_category,
        size_regular,
        size_large,
    })
}
