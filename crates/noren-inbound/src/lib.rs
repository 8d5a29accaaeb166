//! The inbound reservation API for partner platforms (seed 001), all under
//! `/v3/inbound-external/{platform}/`: shops, courses, availability and reservations. Its calls
//! arrive with the inbound issue; the router, spec and partner-key extractor exist now.

pub mod domain;
pub mod http;
pub mod service;
pub mod store;

use http::{
    admin, availability, create, events_stream, logs_stream, reservations, test_clock, update,
    webhook_endpoints,
};

use admin::MerchantKeyScheme;
use http::{courses, holds, images, shops};
use noren_core::domain::refusal::RefusalReason;
use noren_core::http::error::{ErrorCode, FieldError, InboundErrorBody};
use noren_core::http::state::AppState;
use noren_core::openapi::{PartnerKeyScheme, Servers};
use notify::{ChangedBy, NotifiedReservation, ReservationStatusChanged, STATUS_WEBHOOK};
use service::notify;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Noren inbound reservation API",
        version = "1.0.0",
        description = "For partner platforms: read shops (business hours, tags, courses with \
prices), check availability for a shop, date and party size (or a calendar of dates), hold a \
slot while the guest fills the form, and create, read and cancel reservations. Every call needs a partner key issued by Noren, sent as `Authorization: Bearer \
<key>` (or in `X-Auth-API-Key`), and the `{platform}` path value the key is bound to. All times \
are JST. Every non-2xx answer has the body `{\"code\", \"message\", \"errors\"}`."
    ),
    modifiers(&PartnerKeyScheme, &MerchantKeyScheme, &STATUS_WEBHOOK, &Servers),
    components(schemas(ErrorCode, FieldError, InboundErrorBody, RefusalReason, ReservationStatusChanged, NotifiedReservation, ChangedBy))
)]
pub struct InboundApi;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(InboundApi::openapi())
        .routes(routes!(availability::get_availability))
        .routes(routes!(availability::get_availability_calendar))
        .routes(routes!(create::create_reservation))
        .routes(routes!(holds::create_hold))
        .routes(routes!(holds::get_hold, holds::release_hold))
        .routes(routes!(update::update_reservation))
        .routes(routes!(reservations::list_reservations))
        .routes(routes!(reservations::get_reservation))
        .routes(routes!(reservations::cancel_reservation))
        .routes(routes!(admin::list_reservations_admin))
        .routes(routes!(admin::get_reservation_admin))
        .routes(routes!(admin::confirm_reservation))
        .routes(routes!(admin::reject_reservation))
        .routes(routes!(admin::cancel_reservation_admin))
        .routes(routes!(admin::half_refund_reservation))
        .routes(routes!(admin::mark_reservation_remark_read))
        .routes(routes!(shops::list_inbound_shops))
        .routes(routes!(shops::get_inbound_shop))
        .routes(routes!(courses::list_inbound_shop_courses))
        .routes(routes!(courses::get_inbound_course))
        .routes(routes!(images::get_inbound_image))
        .routes(routes!(
            webhook_endpoints::create_webhook_endpoint,
            webhook_endpoints::list_webhook_endpoints
        ))
        .routes(routes!(
            webhook_endpoints::get_webhook_endpoint,
            webhook_endpoints::update_webhook_endpoint,
            webhook_endpoints::delete_webhook_endpoint
        ))
        .routes(routes!(webhook_endpoints::rotate_webhook_endpoint_secret))
        .routes(routes!(webhook_endpoints::list_webhook_deliveries))
        .routes(routes!(webhook_endpoints::recover_webhook_endpoint))
        .routes(routes!(webhook_endpoints::test_webhook_endpoint))
        .routes(routes!(
            test_clock::create_test_clock,
            test_clock::get_test_clock,
            test_clock::delete_test_clock
        ))
        .routes(routes!(test_clock::advance_test_clock))
        .routes(routes!(events_stream::stream_events))
        .routes(routes!(logs_stream::stream_logs))
}
