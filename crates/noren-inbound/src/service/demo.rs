//! The demo inbound catalogue (issue 12, item 6): what `noren demo` gives the demo partner
//! platform to search and book right after `make run`, and what the inbound tests read.
//!
//! Four merchant shops of the demo legal person, two in Tokyo and two in Kyoto:
//! - Sushi Sakura Ginza (real-time bookable): lunch and dinner Mon–Sat, an omakase course with a
//!   child course (ages 6–12), a lunch course whose order range is given in UTC.
//! - Izakaya Tanuki Shinjuku (not real-time, pending confirmation): 17:00–02:00 (past midnight),
//!   a late-night course orderable 22:00–03:00 JST (crossing midnight), an all-you-can-drink
//!   course limited to 3 reservations (`quantityLimit`).
//! - Gion Kaiseki Hanami, Kyoto (real-time; 3 days' cancellation policy): a winter kaiseki valid
//!   from 2026-12-01 to 2027-02-28 (JST) with two child courses.
//! - Arashiyama Tofu Kitchen, Kyoto (not real-time, no cancellation: policy −1).
//!
//! Texts in en, zh-CN, ja, ko, zh-TW; tags with `tagEnum`; images (a tiny PNG) in the object
//! store. Seeded once: a shop that already has its inbound row is left as it is.

use crate::domain::hhmm;
use crate::store::catalog::{
    self, CourseTexts, Hours, NewCourse, NewTag, ShopSettings, ShopTexts, TagText,
};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use noren_core::db::Db;
use noren_core::db::repo::accounts::{self, NewShop};
use noren_core::domain::jst;
use noren_core::objects::Objects;
use sea_orm::ConnectionTrait;

/// A 1×1 PNG: the demo's images (`inbound/http/images.rs` serves them as `image/png`).
pub const DEMO_PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x38, 0x21, 0x67, 0x03,
    0x00, 0x02, 0xd4, 0x01, 0x23, 0x72, 0x62, 0xd8, 0x76, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e,
    0x44, 0xae, 0x42, 0x60, 0x82,
];

/// The demo shops' numbers (merchant shop numbers), in the order of [`DemoInbound::shops`].
pub const SHOP_NUMBERS: [&str; 4] = ["20000001", "20000002", "20000003", "20000004"];

/// What [`seed`] made (or found), for `noren demo --json` and the tests.
#[derive(Clone, Debug)]
pub struct DemoInbound {
    /// Sakura (Tokyo, real-time), Tanuki (Tokyo, pending), Hanami (Kyoto, real-time), Tofu
    /// (Kyoto, pending).
    pub shops: Vec<i64>,
    pub sakura_omakase: i64,
    pub sakura_omakase_child: i64,
    pub sakura_lunch: i64,
    /// Orderable 22:00–03:00 JST (13:00–18:00 UTC).
    pub tanuki_late_night: i64,
    /// `quantityLimit` 3.
    pub tanuki_nomihodai: i64,
    /// Valid 2026-12-01 … 2027-02-28 JST; two child courses.
    pub hanami_winter: i64,
    pub hanami_winter_children: Vec<i64>,
    pub tofu_set: i64,
}

const LANGS: [&str; 5] = ["en", "zh-CN", "ja", "ko", "zh-TW"];
type Five = [&'static str; 5];

/// A shop's texts in the five languages: name, description, formatted address and its parts
/// (prefecture, city or ward, town) in each language, the postal code and phone in every one.
fn shop_texts(
    names: Five,
    descs: Five,
    addresses: Five,
    areas: [[&'static str; 3]; 5],
    postal_code: &str,
    phone: &str,
) -> Vec<ShopTexts> {
    (0..5)
        .map(|i| ShopTexts {
            lang: LANGS[i].into(),
            shop_name: names[i].into(),
            shop_description: Some(descs[i].into()),
            formatted_address: Some(addresses[i].into()),
            address_state: Some(areas[i][0].into()),
            address_city: Some(areas[i][1].into()),
            address_town: Some(areas[i][2].into()),
            address_postal_code: Some(postal_code.into()),
            international_phone_number: Some(phone.into()),
            precaution: Some(
                [
                    "Please arrive on time; tables are held for 15 minutes.",
                    "请准时到达，座位保留15分钟。",
                    "時間通りにお越しください。お席は15分間お取り置きします。",
                    "시간에 맞춰 도착해 주세요. 좌석은 15분간 유지됩니다.",
                    "請準時到達，座位保留15分鐘。",
                ][i]
                    .into(),
            ),
        })
        .collect()
}

fn course_texts(names: Five, descs: Five) -> Vec<CourseTexts> {
    (0..5)
        .map(|i| CourseTexts {
            lang: LANGS[i].into(),
            course_name: names[i].into(),
            course_desc_formatted: Some(format!("<p>{}</p>", descs[i])),
            course_desc_text: Some(descs[i].into()),
        })
        .collect()
}

fn tag(tag_enum: &str, names: Five, category: Five) -> NewTag {
    NewTag {
        tag_enum: tag_enum.into(),
        texts: (0..5)
            .map(|i| TagText {
                lang: LANGS[i].into(),
                tag: names[i].into(),
                tag_category_name: Some(category[i].into()),
            })
            .collect(),
    }
}

const CUISINE: Five = ["Cuisine", "菜系", "料理ジャンル", "요리 장르", "菜系"];
const FACILITIES: Five = ["Facilities", "设施", "設備", "시설", "設施"];

fn hours(days: &[i16], slots: &[(&str, &str, i32, &str)]) -> Vec<Hours> {
    let mut out = Vec::new();
    for &d in days {
        for &(start, end, cutoff, desc) in slots {
            out.push(Hours {
                weekday: d,
                start_time: start.into(),
                end_time: end.into(),
                last_order_cutoff_mins: cutoff,
                availability_desc: Some(desc.into()),
            });
        }
    }
    out
}

/// A JST `HH:MM` range as stored (UTC).
fn utc_range(start: &str, end: &str) -> (String, String) {
    let conv = |s: &str| hhmm::format(jst::time_to_utc(hhmm::parse(s).expect("demo time")));
    (conv(start), conv(end))
}

/// Midnight JST of a date, as an instant.
fn jst_midnight(y: i32, m: u32, d: u32) -> DateTime<Utc> {
    let date = NaiveDate::from_ymd_opt(y, m, d).expect("demo date");
    jst::offset()
        .from_local_datetime(&date.and_hms_opt(0, 0, 0).expect("midnight"))
        .single()
        .expect("fixed offset")
        .with_timezone(&Utc)
}

fn course(name: &str, retail: i64, settlement: i64, texts: Vec<CourseTexts>) -> NewCourse {
    NewCourse {
        course_name: name.into(),
        suggested_retail_price: Some(retail),
        settlement_price: settlement,
        published: true,
        texts,
        ..Default::default()
    }
}

/// Seeds the demo catalogue for `legal_person_id` (its shops made when missing), storing the
/// images in `objects`. Runs in one transaction per shop; a shop seeded before is skipped.
pub async fn seed(
    db: &Db,
    objects: &Objects,
    legal_person_id: i64,
    now: DateTime<Utc>,
) -> anyhow::Result<DemoInbound> {
    let names: [(&str, &str); 4] = [
        ("Sushi Sakura Ginza", "鮨 さくら 銀座"),
        ("Izakaya Tanuki Shinjuku", "居酒屋 たぬき 新宿"),
        ("Gion Kaiseki Hanami", "祇園 懐石 花見"),
        ("Arashiyama Tofu Kitchen", "嵐山 豆腐料理"),
    ];
    let mut shops = Vec::new();
    let mut fresh = Vec::new();
    for (number, (name, name_ja)) in SHOP_NUMBERS.iter().zip(names) {
        let shop = match accounts::find_shop_by_number(db, number).await? {
            Some(s) => s,
            None => {
                accounts::create_shop(
                    db,
                    NewShop {
                        legal_person_id,
                        number: Some((*number).into()),
                        name: name.into(),
                        name_ja: name_ja.into(),
                        is_payable: true,
                        review_enabled: false,
                    },
                    now,
                )
                .await?
            }
        };
        fresh.push(catalog::shop(db, shop.id).await?.is_none());
        shops.push(shop.id);
    }
    let mut ids = DemoInbound {
        shops: shops.clone(),
        sakura_omakase: 0,
        sakura_omakase_child: 0,
        sakura_lunch: 0,
        tanuki_late_night: 0,
        tanuki_nomihodai: 0,
        hanami_winter: 0,
        hanami_winter_children: Vec::new(),
        tofu_set: 0,
    };
    for (i, &shop_id) in shops.iter().enumerate() {
        if !fresh[i] {
            continue;
        }
        let tx = noren_core::db::begin_write(db).await?;
        match i {
            0 => sakura(&tx, shop_id, now, &mut ids).await?,
            1 => tanuki(&tx, shop_id, now, &mut ids).await?,
            2 => hanami(&tx, shop_id, now, &mut ids).await?,
            _ => tofu(&tx, shop_id, now, &mut ids).await?,
        }
        let kinds = ["main", "food", "food", "interior", "exterior"];
        for (n, kind) in kinds.iter().enumerate() {
            let key = format!("inbound/shops/{shop_id}/{kind}-{n}.png");
            objects.put(&key, DEMO_PNG.to_vec()).await?;
            catalog::add_image(&tx, shop_id, None, kind, &key, n as i32).await?;
        }
        tx.commit().await?;
    }
    // Course images: one per parent course of the shops just seeded.
    for (i, &shop_id) in shops.iter().enumerate() {
        if !fresh[i] {
            continue;
        }
        for c in catalog::courses(db, shop_id).await? {
            if c.parent_course_id.is_some() {
                continue;
            }
            let key = format!("inbound/courses/{}/1.png", c.id);
            objects.put(&key, DEMO_PNG.to_vec()).await?;
            catalog::add_image(db, shop_id, Some(c.id), "course", &key, 0).await?;
        }
    }
    if fresh.iter().any(|f| !f) {
        fill_ids(db, &mut ids).await?;
    }
    Ok(ids)
}

/// The course ids of shops seeded by an earlier run (found by internal name).
async fn fill_ids(db: &impl ConnectionTrait, ids: &mut DemoInbound) -> anyhow::Result<()> {
    let mut all = Vec::new();
    for &s in &ids.shops {
        all.extend(catalog::courses(db, s).await?);
    }
    let find = |name: &str| all.iter().find(|c| c.course_name == name).map(|c| c.id);
    ids.sakura_omakase = find("Omakase").unwrap_or_default();
    ids.sakura_omakase_child = find("Omakase (child)").unwrap_or_default();
    ids.sakura_lunch = find("Lunch nigiri").unwrap_or_default();
    ids.tanuki_late_night = find("Late-night set").unwrap_or_default();
    ids.tanuki_nomihodai = find("All-you-can-drink").unwrap_or_default();
    ids.hanami_winter = find("Winter kaiseki").unwrap_or_default();
    ids.hanami_winter_children = all
        .iter()
        .filter(|c| c.parent_course_id == Some(ids.hanami_winter) && ids.hanami_winter != 0)
        .map(|c| c.id)
        .collect();
    ids.tofu_set = find("Tofu set").unwrap_or_default();
    Ok(())
}

async fn sakura(
    db: &impl ConnectionTrait,
    shop_id: i64,
    now: DateTime<Utc>,
    ids: &mut DemoInbound,
) -> anyhow::Result<()> {
    let mut s = ShopSettings::new("鮨 さくら 銀座");
    s.name_en = Some("Sushi Sakura Ginza".into());
    s.address_state = Some("東京都".into());
    s.address_city = Some("中央区".into());
    s.address_town = Some("銀座".into());
    s.address_postal_code = Some("104-0061".into());
    s.latitude = Some(35.6717);
    s.longitude = Some(139.7650);
    s.rating = Some(4.6);
    s.min_guests = 1;
    s.max_guests = 8;
    s.cancellation_policy_days = 2;
    s.real_time_bookable = true;
    s.cutoff_hours = 3;
    s.seat_capacity = 12;
    s.stay_minutes = 120;
    catalog::upsert_shop(db, shop_id, &s, now).await?;
    catalog::set_shop_texts(
        db,
        shop_id,
        &shop_texts(
            [
                "Sushi Sakura Ginza",
                "寿司樱 银座",
                "鮨 さくら 銀座",
                "스시 사쿠라 긴자",
                "壽司櫻 銀座",
            ],
            [
                "Edomae sushi at a twelve-seat counter, fish from Toyosu every morning.",
                "十二席吧台的江户前寿司，每天早上从丰洲进货。",
                "12席のカウンターで味わう江戸前鮨。毎朝豊洲から仕入れています。",
                "12석 카운터에서 즐기는 에도마에 스시. 매일 아침 도요스에서 들여옵니다.",
                "十二席吧台的江戶前壽司，每天早上從豐洲進貨。",
            ],
            [
                "4-2-15 Ginza, Chuo City, Tokyo 104-0061",
                "东京都中央区银座4-2-15",
                "〒104-0061 東京都中央区銀座4-2-15",
                "도쿄도 주오구 긴자 4-2-15",
                "東京都中央區銀座4-2-15",
            ],
            [
                ["Tokyo", "Chuo City", "Ginza"],
                ["东京都", "中央区", "银座"],
                ["東京都", "中央区", "銀座"],
                ["도쿄도", "주오구", "긴자"],
                ["東京都", "中央區", "銀座"],
            ],
            "104-0061",
            "+81 3-1234-5678",
        ),
    )
    .await?;
    catalog::set_business_hours(
        db,
        shop_id,
        &hours(
            &[0, 1, 2, 3, 4, 5],
            &[
                ("11:30", "14:00", 30, "Lunch"),
                ("17:00", "22:00", 60, "Dinner"),
            ],
        ),
    )
    .await?;
    catalog::set_tags(
        db,
        shop_id,
        &[
            tag("SUSHI", ["Sushi", "寿司", "寿司", "스시", "壽司"], CUISINE),
            tag(
                "COUNTER_SEATS",
                [
                    "Counter seats",
                    "吧台座位",
                    "カウンター席",
                    "카운터석",
                    "吧台座位",
                ],
                FACILITIES,
            ),
            tag(
                "ENGLISH_MENU",
                [
                    "English menu",
                    "英文菜单",
                    "英語メニュー",
                    "영어 메뉴",
                    "英文菜單",
                ],
                FACILITIES,
            ),
        ],
    )
    .await?;
    let mut omakase = course(
        "Omakase",
        22000,
        18000,
        course_texts(
            [
                "Chef's omakase",
                "主厨精选套餐",
                "おまかせコース",
                "셰프 오마카세",
                "主廚精選套餐",
            ],
            [
                "Fifteen pieces of seasonal nigiri with appetizers and miso soup.",
                "十五贯时令握寿司，配前菜和味噌汤。",
                "季節の握り15貫、先付と味噌汁付き。",
                "제철 니기리 15관, 전채와 된장국 포함.",
                "十五貫時令握壽司，附前菜和味噌湯。",
            ],
        ),
    );
    omakase.order_min = Some(1);
    omakase.order_max = Some(8);
    omakase.children = vec![NewCourse {
        lower_age_limit: Some(6),
        upper_age_limit: Some(12),
        ..course(
            "Omakase (child)",
            9000,
            7500,
            course_texts(
                [
                    "Omakase for children",
                    "儿童套餐",
                    "お子様おまかせ",
                    "어린이 오마카세",
                    "兒童套餐",
                ],
                [
                    "A smaller omakase without wasabi, for ages 6 to 12.",
                    "不含芥末的小份套餐，适合6至12岁。",
                    "わさび抜きの少なめのおまかせ（6〜12歳）。",
                    "와사비를 뺀 작은 오마카세 (6~12세).",
                    "不含芥末的小份套餐，適合6至12歲。",
                ],
            ),
        )
    }];
    let o = catalog::add_course(db, shop_id, &omakase, now).await?;
    ids.sakura_omakase = o.id;
    ids.sakura_omakase_child = o.children[0];
    let mut lunch = course(
        "Lunch nigiri",
        6000,
        4800,
        course_texts(
            [
                "Lunch nigiri",
                "午餐握寿司",
                "ランチ握り",
                "런치 니기리",
                "午餐握壽司",
            ],
            [
                "Ten pieces of nigiri, lunch only.",
                "十贯握寿司，仅限午餐。",
                "握り10貫、ランチ限定。",
                "니기리 10관, 점심 한정.",
                "十貫握壽司，僅限午餐。",
            ],
        ),
    );
    lunch.sort_order = 1;
    lunch.time_ranges = vec![utc_range("11:30", "13:30")];
    lunch.order_start_time = Some("11:30".into());
    lunch.order_end_time = Some("13:30".into());
    ids.sakura_lunch = catalog::add_course(db, shop_id, &lunch, now).await?.id;
    Ok(())
}

async fn tanuki(
    db: &impl ConnectionTrait,
    shop_id: i64,
    now: DateTime<Utc>,
    ids: &mut DemoInbound,
) -> anyhow::Result<()> {
    let mut s = ShopSettings::new("居酒屋 たぬき 新宿");
    s.name_en = Some("Izakaya Tanuki Shinjuku".into());
    s.address_state = Some("東京都".into());
    s.address_city = Some("新宿区".into());
    s.address_town = Some("歌舞伎町".into());
    s.address_postal_code = Some("160-0021".into());
    s.latitude = Some(35.6940);
    s.longitude = Some(139.7036);
    s.rating = Some(4.1);
    s.min_guests = 2;
    s.max_guests = 20;
    s.cancellation_policy_days = 1;
    s.real_time_bookable = false;
    s.cutoff_hours = 2;
    s.seat_capacity = 40;
    catalog::upsert_shop(db, shop_id, &s, now).await?;
    catalog::set_shop_texts(
        db,
        shop_id,
        &shop_texts(
            [
                "Izakaya Tanuki Shinjuku",
                "狸居酒屋 新宿",
                "居酒屋 たぬき 新宿",
                "이자카야 타누키 신주쿠",
                "狸居酒屋 新宿",
            ],
            [
                "Yakitori, sashimi and sake until two in the morning.",
                "烤鸡串、生鱼片和清酒，营业至凌晨两点。",
                "焼き鳥、刺身、日本酒を深夜2時まで。",
                "야키토리, 사시미, 사케를 새벽 2시까지.",
                "烤雞串、生魚片和清酒，營業至凌晨兩點。",
            ],
            [
                "1-6-2 Kabukicho, Shinjuku City, Tokyo 160-0021",
                "东京都新宿区歌舞伎町1-6-2",
                "〒160-0021 東京都新宿区歌舞伎町1-6-2",
                "도쿄도 신주쿠구 가부키초 1-6-2",
                "東京都新宿區歌舞伎町1-6-2",
            ],
            [
                ["Tokyo", "Shinjuku City", "Kabukicho"],
                ["东京都", "新宿区", "歌舞伎町"],
                ["東京都", "新宿区", "歌舞伎町"],
                ["도쿄도", "신주쿠구", "가부키초"],
                ["東京都", "新宿區", "歌舞伎町"],
            ],
            "160-0021",
            "+81 3-2345-6789",
        ),
    )
    .await?;
    catalog::set_business_hours(
        db,
        shop_id,
        &hours(&[0, 1, 2, 3, 4, 5, 6], &[("17:00", "02:00", 30, "Dinner")]),
    )
    .await?;
    catalog::set_tags(
        db,
        shop_id,
        &[
            tag(
                "IZAKAYA",
                ["Izakaya", "居酒屋", "居酒屋", "이자카야", "居酒屋"],
                CUISINE,
            ),
            tag(
                "PRIVATE_ROOM",
                ["Private rooms", "包间", "個室", "개별실", "包廂"],
                FACILITIES,
            ),
            tag(
                "ENGLISH_MENU",
                [
                    "English menu",
                    "英文菜单",
                    "英語メニュー",
                    "영어 메뉴",
                    "英文菜單",
                ],
                FACILITIES,
            ),
        ],
    )
    .await?;
    let mut late = course(
        "Late-night set",
        4500,
        3600,
        course_texts(
            [
                "Late-night set",
                "深夜套餐",
                "深夜セット",
                "심야 세트",
                "深夜套餐",
            ],
            [
                "Five small plates and a drink, from 22:00 until 03:00.",
                "五道小菜加一杯饮品，22:00至03:00。",
                "小皿5品とドリンク1杯、22時〜翌3時。",
                "작은 요리 5종과 음료 1잔, 22시~새벽 3시.",
                "五道小菜加一杯飲品，22:00至03:00。",
            ],
        ),
    );
    // 22:00–03:00 JST crosses midnight (stored 13:00–18:00 UTC).
    late.time_ranges = vec![utc_range("22:00", "03:00")];
    late.order_min = Some(2);
    late.order_max = Some(6);
    ids.tanuki_late_night = catalog::add_course(db, shop_id, &late, now).await?.id;
    let mut nomihodai = course(
        "All-you-can-drink",
        5500,
        4400,
        course_texts(
            [
                "All-you-can-drink (2 hours)",
                "两小时畅饮",
                "飲み放題（2時間）",
                "2시간 무제한 음료",
                "兩小時暢飲",
            ],
            [
                "Two hours of beer, sake and highballs with eight dishes. Limited to three bookings.",
                "两小时畅饮啤酒、清酒和嗨棒，配八道菜。限三组预订。",
                "ビール・日本酒・ハイボール2時間飲み放題と料理8品。限定3組。",
                "맥주, 사케, 하이볼 2시간 무제한과 요리 8종. 3팀 한정.",
                "兩小時暢飲啤酒、清酒和嗨棒，附八道菜。限三組預訂。",
            ],
        ),
    );
    nomihodai.quantity_limit = Some(3);
    nomihodai.order_min = Some(4);
    nomihodai.sort_order = 1;
    ids.tanuki_nomihodai = catalog::add_course(db, shop_id, &nomihodai, now).await?.id;
    Ok(())
}

async fn hanami(
    db: &impl ConnectionTrait,
    shop_id: i64,
    now: DateTime<Utc>,
    ids: &mut DemoInbound,
) -> anyhow::Result<()> {
    let mut s = ShopSettings::new("祇園 懐石 花見");
    s.name_en = Some("Gion Kaiseki Hanami".into());
    s.address_state = Some("京都府".into());
    s.address_city = Some("京都市東山区".into());
    s.address_town = Some("祇園町南側".into());
    s.address_postal_code = Some("605-0074".into());
    s.latitude = Some(35.0037);
    s.longitude = Some(135.7788);
    s.rating = Some(4.8);
    s.min_guests = 2;
    s.max_guests = 6;
    s.cancellation_policy_days = 3;
    s.real_time_bookable = true;
    s.cutoff_hours = 24;
    s.seat_capacity = 16;
    s.stay_minutes = 150;
    catalog::upsert_shop(db, shop_id, &s, now).await?;
    catalog::set_shop_texts(
        db,
        shop_id,
        &shop_texts(
            [
                "Gion Kaiseki Hanami",
                "祇园怀石 花见",
                "祇園 懐石 花見",
                "기온 가이세키 하나미",
                "祇園懷石 花見",
            ],
            [
                "Kyoto kaiseki in a hundred-year-old townhouse on Hanamikoji.",
                "在花见小路百年町家享用京都怀石料理。",
                "花見小路の築百年の町家でいただく京懐石。",
                "하나미코지의 100년 된 마치야에서 즐기는 교토 가이세키.",
                "在花見小路百年町家享用京都懷石料理。",
            ],
            [
                "570-120 Gionmachi Minamigawa, Higashiyama Ward, Kyoto 605-0074",
                "京都府京都市东山区祇园町南侧570-120",
                "〒605-0074 京都府京都市東山区祇園町南側570-120",
                "교토부 교토시 히가시야마구 기온마치 미나미가와 570-120",
                "京都府京都市東山區祇園町南側570-120",
            ],
            [
                ["Kyoto", "Higashiyama Ward, Kyoto", "Gionmachi Minamigawa"],
                ["京都府", "京都市东山区", "祇园町南侧"],
                ["京都府", "京都市東山区", "祇園町南側"],
                ["교토부", "교토시 히가시야마구", "기온마치 미나미가와"],
                ["京都府", "京都市東山區", "祇園町南側"],
            ],
            "605-0074",
            "+81 75-123-4567",
        ),
    )
    .await?;
    catalog::set_business_hours(
        db,
        shop_id,
        &hours(
            &[1, 2, 3, 4, 5, 6],
            &[
                ("12:00", "15:00", 60, "Lunch"),
                ("18:00", "22:00", 90, "Dinner"),
            ],
        ),
    )
    .await?;
    catalog::set_tags(
        db,
        shop_id,
        &[
            tag(
                "KAISEKI",
                ["Kaiseki", "怀石料理", "懐石料理", "가이세키", "懷石料理"],
                CUISINE,
            ),
            tag(
                "PRIVATE_ROOM",
                ["Private rooms", "包间", "個室", "개별실", "包廂"],
                FACILITIES,
            ),
        ],
    )
    .await?;
    let mut winter = course(
        "Winter kaiseki",
        28000,
        23000,
        course_texts(
            [
                "Winter kaiseki",
                "冬季怀石",
                "冬の懐石",
                "겨울 가이세키",
                "冬季懷石",
            ],
            [
                "Nine courses of winter: crab, turnip and yuzu. December to February only.",
                "九道冬季料理：螃蟹、芜菁和柚子。仅限十二月至二月。",
                "蟹、蕪、柚子の冬の九品。12月〜2月限定。",
                "게, 순무, 유자의 겨울 9코스. 12월~2월 한정.",
                "九道冬季料理：螃蟹、蕪菁和柚子。僅限十二月至二月。",
            ],
        ),
    );
    winter.valid_from = Some(jst_midnight(2026, 12, 1));
    winter.valid_to = Some(jst_midnight(2027, 3, 1) - chrono::Duration::seconds(1));
    winter.order_min = Some(2);
    winter.order_max = Some(6);
    winter.children = vec![
        NewCourse {
            lower_age_limit: Some(3),
            upper_age_limit: Some(6),
            ..course(
                "Winter kaiseki (infant)",
                5000,
                4000,
                course_texts(
                    [
                        "Infant plate",
                        "幼儿餐",
                        "お子様プレート（幼児）",
                        "유아 플레이트",
                        "幼兒餐",
                    ],
                    ["Ages 3 to 6.", "3至6岁。", "3〜6歳。", "3~6세.", "3至6歲。"],
                ),
            )
        },
        NewCourse {
            lower_age_limit: Some(7),
            upper_age_limit: Some(12),
            ..course(
                "Winter kaiseki (child)",
                12000,
                9600,
                course_texts(
                    [
                        "Children's kaiseki",
                        "儿童怀石",
                        "お子様懐石",
                        "어린이 가이세키",
                        "兒童懷石",
                    ],
                    [
                        "Ages 7 to 12.",
                        "7至12岁。",
                        "7〜12歳。",
                        "7~12세.",
                        "7至12歲。",
                    ],
                ),
            )
        },
    ];
    let w = catalog::add_course(db, shop_id, &winter, now).await?;
    ids.hanami_winter = w.id;
    ids.hanami_winter_children = w.children;
    Ok(())
}

async fn tofu(
    db: &impl ConnectionTrait,
    shop_id: i64,
    now: DateTime<Utc>,
    ids: &mut DemoInbound,
) -> anyhow::Result<()> {
    let mut s = ShopSettings::new("嵐山 豆腐料理");
    s.name_en = Some("Arashiyama Tofu Kitchen".into());
    s.address_state = Some("京都府".into());
    s.address_city = Some("京都市右京区".into());
    s.address_town = Some("嵯峨天龍寺".into());
    s.address_postal_code = Some("616-8385".into());
    s.latitude = Some(35.0156);
    s.longitude = Some(135.6774);
    s.rating = Some(4.3);
    s.min_guests = 1;
    s.max_guests = 10;
    s.cancellation_policy_days = -1;
    s.real_time_bookable = false;
    s.cutoff_hours = 12;
    catalog::upsert_shop(db, shop_id, &s, now).await?;
    catalog::set_shop_texts(
        db,
        shop_id,
        &shop_texts(
            [
                "Arashiyama Tofu Kitchen",
                "岚山豆腐料理",
                "嵐山 豆腐料理",
                "아라시야마 두부 요리",
                "嵐山豆腐料理",
            ],
            [
                "Yudofu and seasonal vegetables by the bamboo grove.",
                "竹林旁的汤豆腐和时令蔬菜。",
                "竹林のそばで湯豆腐と季節の野菜を。",
                "대나무 숲 옆에서 즐기는 유두부와 제철 채소.",
                "竹林旁的湯豆腐和時令蔬菜。",
            ],
            [
                "68 Sagatenryuji, Ukyo Ward, Kyoto 616-8385",
                "京都府京都市右京区嵯峨天龙寺68",
                "〒616-8385 京都府京都市右京区嵯峨天龍寺68",
                "교토부 교토시 우쿄구 사가텐류지 68",
                "京都府京都市右京區嵯峨天龍寺68",
            ],
            [
                ["Kyoto", "Ukyo Ward, Kyoto", "Sagatenryuji"],
                ["京都府", "京都市右京区", "嵯峨天龙寺"],
                ["京都府", "京都市右京区", "嵯峨天龍寺"],
                ["교토부", "교토시 우쿄구", "사가텐류지"],
                ["京都府", "京都市右京區", "嵯峨天龍寺"],
            ],
            "616-8385",
            "+81 75-234-5678",
        ),
    )
    .await?;
    catalog::set_business_hours(
        db,
        shop_id,
        &hours(&[0, 1, 2, 4, 5, 6], &[("11:00", "16:00", 45, "Lunch")]),
    )
    .await?;
    catalog::set_tags(
        db,
        shop_id,
        &[
            tag(
                "VEGETARIAN",
                [
                    "Vegetarian options",
                    "素食选择",
                    "ベジタリアン対応",
                    "채식 메뉴",
                    "素食選擇",
                ],
                CUISINE,
            ),
            tag(
                "ENGLISH_MENU",
                [
                    "English menu",
                    "英文菜单",
                    "英語メニュー",
                    "영어 메뉴",
                    "英文菜單",
                ],
                FACILITIES,
            ),
        ],
    )
    .await?;
    let set = course(
        "Tofu set",
        3800,
        3000,
        course_texts(
            [
                "Yudofu set",
                "汤豆腐套餐",
                "湯豆腐セット",
                "유두부 세트",
                "湯豆腐套餐",
            ],
            [
                "Simmered tofu, sesame tofu and seasonal tempura.",
                "汤豆腐、芝麻豆腐和时令天妇罗。",
                "湯豆腐、胡麻豆腐、季節の天ぷら。",
                "유두부, 참깨 두부, 제철 튀김.",
                "湯豆腐、芝麻豆腐和時令天婦羅。",
            ],
        ),
    );
    ids.tofu_set = catalog::add_course(db, shop_id, &set, now).await?.id;
    Ok(())
}
