//! The inbound reservation API for partner platforms (seed 001), all under
//! `/v3/inbound-external/{platform}/`: shops, courses, availability and reservations. Its calls
//! arrive with the inbound issue; the router, spec and partner-key extractor exist now.

pub mod demo;

use crate::domain::refusal::RefusalReason;
use crate::http::error::{ErrorBody, ErrorCode, FieldError, InboundErrorBody};
use crate::openapi::{PartnerKeyScheme, Servers};
use crate::state::AppState;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Noren inbound reservation API",
        version = "1.0.0",
        description = "For partner platforms: read shops (business hours, tags, courses with \
prices), check availability for a shop, date and party size, and create, read and cancel \
reservations. Every call needs a partner key issued by Noren, sent as `Authorization: Bearer \
<key>` (or in `X-Auth-API-Key`), and the `{platform}` path value the key is bound to. All times \
are JST. Every non-2xx answer has the body `{\"code\", \"message\", \"errors\"}`."
    ),
    modifiers(&PartnerKeyScheme, &Servers),
    components(schemas(ErrorBody, ErrorCode, FieldError, InboundErrorBody, RefusalReason))
)]
pub struct InboundApi;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(InboundApi::openapi())
}
