//! The reservation answer shared by every reservation call (seed 001 §3 "Reservation
//! response"), built from a [`ReservationRecord`] (`inbound/store/reservations.rs`).
//!
//! Times are JST wall-clock times in ISO 8601 without a zone (`2026-12-04T19:00:00`), as the
//! partner sent them. Prices are whole yen: `priceTotal` = Σ `amount` × the course's unit retail
//! price (`suggestedRetailPrice` when set and above 0, else `settlementPrice`),
//! `totalSettlementPrice` = Σ `amount` × `settlementPrice`; unit prices are the ones at booking
//! time, kept with the reservation.

use crate::domain::reservation::ReservationStatus;
use crate::store::reservations::{RecordLine, ReservationRecord};
use noren_core::domain::jst;
use serde::Serialize;
use utoipa::ToSchema;

/// The ISO 8601 form of a JST wall-clock time, without a zone.
pub const JST_FORMAT: &str = "%Y-%m-%dT%H:%M:%S";

// Seed 001 §3 "Course price".
/// A course's price.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoursePrice {
    /// The price the guest pays per order, in yen; null or 0: not applicable (then the
    /// settlement price is the retail price).
    #[schema(example = 12000)]
    pub suggested_retail_price: Option<i64>,
    /// The price the platform settles with the restaurant per order, in yen.
    #[schema(example = 10000)]
    pub settlement_price: i64,
}

/// A course (or child course) of a reservation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReservationCourse {
    #[schema(example = 31)]
    pub course_id: i64,
    /// The course's internal name.
    #[schema(example = "Omakase dinner")]
    pub course_name: String,
    /// Orders of the course (`courseAmountRequested`).
    #[schema(example = 2)]
    pub amount: i32,
    /// Unit prices at booking time.
    pub prices: CoursePrice,
}

// Seed 001 §3.
/// A reservation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": "rsv_4Qm8ZtY1pL0cVx7aK2nB9dEw", "shopId": 1,
    "originPlatformReservationNumber": "ACME-2026-000123",
    "reservationStartTime": "2026-12-04T19:00:00", "numberOfGuests": 2,
    "guestFirstName": "Alex", "guestLastName": "Smith", "guestPhoneNumber": "090-1234-5678",
    "guestEmail": "alex@example.com", "remark": "One guest is vegetarian.", "remarkStatus": 0,
    "priceTotal": 24000, "totalSettlementPrice": 20000, "originPlatform": "acme-travel",
    "courses": [{"courseId": 31, "courseName": "Omakase dinner", "amount": 2,
        "prices": {"suggestedRetailPrice": 12000, "settlementPrice": 10000}}],
    "status": "SUCCESS", "livemode": false
}))]
pub struct Reservation {
    /// Noren's id (`rsv_…`).
    pub id: String,
    /// The shop (`shops.id`).
    pub shop_id: i64,
    /// The platform's own number for the reservation, unique per platform and mode.
    pub origin_platform_reservation_number: String,
    /// JST, ISO 8601 without a zone.
    #[schema(example = "2026-12-04T19:00:00")]
    pub reservation_start_time: String,
    pub number_of_guests: i32,
    pub guest_first_name: String,
    pub guest_last_name: String,
    pub guest_phone_number: Option<String>,
    pub guest_email: Option<String>,
    pub remark: Option<String>,
    /// 0 unread (a remark was given and the restaurant has not read it), 1 read (or no remark).
    pub remark_status: i16,
    /// Σ amount × unit retail price of the courses, in yen.
    pub price_total: i64,
    /// Σ amount × unit settlement price of the courses, in yen.
    pub total_settlement_price: i64,
    /// The platform the reservation was made through (its `{platform}` code).
    pub origin_platform: String,
    pub courses: Vec<ReservationCourse>,
    // Seed 001 §4.
    /// The reservation's status. Partners must accept values not listed here: unknown
    /// statuses may appear.
    pub status: ReservationStatus,
    /// False for reservations made with a test partner key (they never hold live seats).
    pub livemode: bool,
}

fn course(l: &RecordLine) -> ReservationCourse {
    let retail = l.line.price;
    ReservationCourse {
        course_id: l.line.course_id,
        course_name: l.course_name.clone(),
        amount: l.line.amount,
        prices: CoursePrice {
            // The unit retail price is stored resolved; it is "suggested" only when it differs.
            suggested_retail_price: (retail != l.line.settlement_price).then_some(retail),
            settlement_price: l.line.settlement_price,
        },
    }
}

impl Reservation {
    /// The answer of a stored reservation. A status Noren does not know (never written by it)
    /// is an error rather than a guess.
    pub fn from_record(r: &ReservationRecord) -> Result<Self, anyhow::Error> {
        let row = &r.row;
        let status = ReservationStatus::parse(&row.status).ok_or_else(|| {
            anyhow::anyhow!("reservation {} has unknown status {}", row.id, row.status)
        })?;
        Ok(Reservation {
            id: row.id.clone(),
            shop_id: row.shop_id,
            origin_platform_reservation_number: row.origin_number.clone(),
            reservation_start_time: jst::from_utc(row.start_at).format(JST_FORMAT).to_string(),
            number_of_guests: row.number_of_guests,
            guest_first_name: row.guest_first_name.clone(),
            guest_last_name: row.guest_last_name.clone(),
            guest_phone_number: row.guest_phone.clone(),
            guest_email: row.guest_email.clone(),
            remark: row.remark.clone(),
            remark_status: row.remark_status,
            price_total: row.price_total,
            total_settlement_price: row.total_settlement_price,
            origin_platform: r.platform_code.clone(),
            courses: r.lines.iter().map(course).collect(),
            status,
            livemode: row.livemode,
        })
    }
}
