//! Whole answers of the shop and course calls used as examples in `inbound.json` (the demo's
//! Sushi Sakura Ginza, shortened). `tests/api/openapi_examples.rs` checks them against their
//! schemas.

use serde_json::{Value, json};

const IMG: &str = "https://noren.example/inbound-images/1?expires=1796117400&signature=3b1f0c9e5a7d2468ace0bdf13579bdf02468ace13579bdf02468ace13579bdf0";

/// `GET shops/2?languageCode=en`.
pub fn shop() -> Value {
    json!({
        "id": 2,
        "number": "20000001",
        "nameJa": "鮨 さくら 銀座",
        "nameEn": "Sushi Sakura Ginza",
        "addressState": "東京都",
        "addressCity": "中央区",
        "addressTown": "銀座",
        "addressPostalCode": "104-0061",
        "minGuests": 1,
        "maxGuests": 8,
        "cancellationPolicyDays": 2,
        "shopBusinessHours": {
            "mon": [
                {"startTime": "11:30", "endTime": "14:00", "lastOrderCutoffMins": 30, "availabilityDesc": "Lunch", "lastOrderTime": "13:30"},
                {"startTime": "17:00", "endTime": "22:00", "lastOrderCutoffMins": 60, "availabilityDesc": "Dinner", "lastOrderTime": "21:00"}
            ],
            "tue": [], "wed": [], "thu": [], "fri": [], "sat": [], "sun": []
        },
        "realTimeBookable": true,
        "cutoffHours": 3,
        "rating": 4.6,
        "shopTags": [
            {"tagEnum": "SUSHI", "tag": "Sushi", "languageCode": "en", "tagCategoryName": "Cuisine"},
            {"tagEnum": "ENGLISH_MENU", "tag": "English menu", "languageCode": "en", "tagCategoryName": "Facilities"}
        ],
        "shopI18n": {
            "formattedAddress": "4-2-15 Ginza, Chuo City, Tokyo 104-0061",
            "internationalPhoneNumber": "+81 3-1234-5678",
            "addressState": "Tokyo",
            "addressCity": "Chuo City",
            "addressTown": "Ginza",
            "addressPostalCode": "104-0061",
            "shopName": "Sushi Sakura Ginza",
            "shopDescription": "Edomae sushi at a twelve-seat counter, fish from Toyosu every morning.",
            "languageCode": "en",
            "precaution": "Please arrive on time; tables are held for 15 minutes."
        },
        "shopImages": {"main": [IMG], "food": [], "interior": [], "exterior": []},
        "latitude": 35.6717,
        "longitude": 139.765
    })
}

/// `GET shops?languageCode=en&shopNameQuery=sakura`.
pub fn shop_page() -> Value {
    json!({"rows": [shop()], "count": 1})
}

/// `GET courses/1`.
pub fn course() -> Value {
    json!({
        "id": 1,
        "shopId": 2,
        "courseName": "Omakase",
        "courseDesc": null,
        "parentCourseId": null,
        "lowerAgeLimit": null,
        "upperAgeLimit": null,
        "quantityLimit": null,
        "validFromDate": "2026-12-01T00:00:00+09:00",
        "validToDate": "2027-02-28T23:59:59+09:00",
        "orderStartTime": null,
        "orderEndTime": null,
        "orderMin": 1,
        "orderMax": 8,
        "coursePrice": {"suggestedRetailPrice": 22000, "settlementPrice": 18000},
        "childCourses": [{
            "id": 2,
            "parentCourseId": 1,
            "courseName": "Omakase (child)",
            "courseDesc": null,
            "lowerAgeLimit": 6,
            "upperAgeLimit": 12,
            "coursePrice": {"suggestedRetailPrice": 9000, "settlementPrice": 7500},
            "courseI18n": [{"courseName": "Omakase for children", "courseDescFormatted": "<p>A smaller omakase without wasabi, for ages 6 to 12.</p>", "courseDescText": "A smaller omakase without wasabi, for ages 6 to 12.", "languageCode": "en"}]
        }],
        "courseI18n": [
            {"courseName": "Chef's omakase", "courseDescFormatted": "<p>Fifteen pieces of seasonal nigiri.</p>", "courseDescText": "Fifteen pieces of seasonal nigiri.", "languageCode": "en"},
            {"courseName": "おまかせコース", "courseDescFormatted": "<p>季節の握り15貫。</p>", "courseDescText": "季節の握り15貫。", "languageCode": "ja"}
        ],
        "courseImages": {"courseImageUrls": [IMG]},
        "orderAvailableTimeRanges": [{"startRange": "22:00", "endRange": "03:00"}]
    })
}

/// `GET shops/2/courses?languageCode=en`.
pub fn course_page() -> Value {
    json!({"rows": [course()], "count": 1})
}
