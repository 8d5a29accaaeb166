//! The restaurant ordering API (seed 001): shops and menus, dine-in cafeteria orders with a
//! cart, admin order creation and menu import. Its calls arrive with the ordering issue; the
//! router and spec exist now so that the reference, tests and tooling are in place.

use crate::http::error::{ErrorBody, ErrorCode, FieldError};
use crate::openapi::{MerchantKeyScheme, Servers};
use crate::state::AppState;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Noren ordering API",
        version = "1.0.0",
        description = "Restaurant ordering: shop and menu lookup, dine-in cafeteria orders with a \
cart, admin order creation and menu import. Shop, menu and customer calls are public (customer \
calls are authenticated by the order token); admin calls need a merchant key in \
`X-Auth-API-Key`. Every non-2xx answer has the body `{\"code\", \"message\", \"errors\"}`."
    ),
    modifiers(&MerchantKeyScheme, &Servers),
    components(schemas(ErrorBody, ErrorCode, FieldError))
)]
pub struct OrderApi;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(OrderApi::openapi())
}
