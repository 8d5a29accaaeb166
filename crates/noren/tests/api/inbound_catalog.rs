//! The inbound catalogue (migration 000012) written with `inbound::store::catalog` and read
//! back, on both databases: the inbound schema (migration 000012) exists and round-trips.

use chrono::TimeZone;
use noren::db::entities::{
    inbound_course_text, inbound_course_time_range, inbound_shop_text, inbound_tag,
};
use noren::inbound::store::catalog::{
    self, CourseTexts, Hours, NewCourse, NewTag, ShopSettings, ShopTexts, TagText,
};
use noren_testkit::{both_databases, fixtures};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

both_databases! {
    async fn a_shop_with_hours_and_a_course_with_a_child_reads_back(app) {
        let db = app.db();
        let now = app.state().clock.now();
        let m = fixtures::test_merchant(db, "Sakura").await;
        let mut settings = ShopSettings::new("鮨 さくら");
        settings.latitude = Some(35.6595);
        settings.rating = Some(4.5);
        settings.real_time_bookable = true;
        settings.cancellation_policy_days = -1;
        catalog::upsert_shop(db, m.shop.id, &settings, now).await.expect("shop");
        // A second write replaces the settings.
        settings.max_guests = 8;
        catalog::upsert_shop(db, m.shop.id, &settings, now).await.expect("shop again");
        let read = catalog::shop(db, m.shop.id).await.expect("read").expect("row");
        assert_eq!(read.max_guests, 8);
        assert_eq!(read.cancellation_policy_days, -1);
        assert_eq!(read.latitude, Some(35.6595));
        assert!(read.real_time_bookable && read.published);

        catalog::set_shop_texts(db, m.shop.id, &[
            ShopTexts { lang: "en".into(), shop_name: "Sushi Sakura".into(), ..Default::default() },
            ShopTexts { lang: "ja".into(), shop_name: "鮨 さくら".into(), ..Default::default() },
        ]).await.expect("texts");
        let texts = inbound_shop_text::Entity::find()
            .filter(inbound_shop_text::Column::ShopId.eq(m.shop.id)).all(db).await.expect("texts");
        assert_eq!(texts.len(), 2);

        let hours = [
            Hours { weekday: 0, start_time: "11:30".into(), end_time: "14:00".into(), last_order_cutoff_mins: 30, availability_desc: Some("Lunch".into()) },
            Hours { weekday: 0, start_time: "17:00".into(), end_time: "02:00".into(), last_order_cutoff_mins: 60, availability_desc: Some("Dinner".into()) },
        ];
        catalog::set_business_hours(db, m.shop.id, &hours).await.expect("hours");
        catalog::set_business_hours(db, m.shop.id, &hours).await.expect("hours replaced");
        let read = catalog::business_hours(db, m.shop.id).await.expect("hours");
        assert_eq!(read.len(), 2);
        assert_eq!((read[1].start_time.as_str(), read[1].end_time.as_str(), read[1].last_order_cutoff_mins), ("17:00", "02:00", 60));

        let tag = NewTag { tag_enum: "SUSHI".into(), texts: vec![TagText { lang: "en".into(), tag: "Sushi".into(), tag_category_name: Some("Cuisine".into()) }] };
        catalog::set_tags(db, m.shop.id, std::slice::from_ref(&tag)).await.expect("tags");
        catalog::set_tags(db, m.shop.id, &[tag]).await.expect("tags again");
        assert_eq!(inbound_tag::Entity::find().all(db).await.expect("tags").len(), 1);

        let course = NewCourse {
            course_name: "Omakase".into(),
            quantity_limit: Some(5),
            valid_from: Some(chrono::Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap()),
            suggested_retail_price: Some(22000),
            settlement_price: 18000,
            published: true,
            texts: vec![CourseTexts { lang: "en".into(), course_name: "Chef's choice".into(), ..Default::default() }],
            time_ranges: vec![("08:00".into(), "17:00".into())],
            children: vec![NewCourse {
                course_name: "Omakase (child)".into(),
                lower_age_limit: Some(6),
                upper_age_limit: Some(12),
                settlement_price: 8000,
                published: true,
                texts: vec![CourseTexts { lang: "en".into(), course_name: "Kids".into(), ..Default::default() }],
                ..Default::default()
            }],
            ..Default::default()
        };
        let ids = catalog::add_course(db, m.shop.id, &course, now).await.expect("course");
        assert_eq!(ids.children.len(), 1);
        let courses = catalog::courses(db, m.shop.id).await.expect("courses");
        assert_eq!(courses.len(), 2);
        let child = courses.iter().find(|c| c.id == ids.children[0]).expect("child");
        assert_eq!(child.parent_course_id, Some(ids.id));
        assert_eq!((child.lower_age_limit, child.upper_age_limit), (Some(6), Some(12)));
        let parent = courses.iter().find(|c| c.id == ids.id).expect("parent");
        assert_eq!(parent.valid_from, course.valid_from);
        assert_eq!(parent.quantity_limit, Some(5));
        let ranges = inbound_course_time_range::Entity::find()
            .filter(inbound_course_time_range::Column::CourseId.eq(ids.id)).all(db).await.expect("ranges");
        assert_eq!((ranges[0].start_range.as_str(), ranges[0].end_range.as_str()), ("08:00", "17:00"));
        let texts = inbound_course_text::Entity::find()
            .filter(inbound_course_text::Column::ShopId.eq(m.shop.id)).all(db).await.expect("course texts");
        assert_eq!(texts.len(), 2);
        let img = catalog::add_image(db, m.shop.id, Some(ids.id), "course", "inbound/x.png", 0).await.expect("image");
        assert!(img > 0);
    }
}
