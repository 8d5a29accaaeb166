//! The restaurant ordering API (seed 001): shops and menus, dine-in cafeteria orders with a
//! cart, admin order creation and menu import. Its calls arrive with the ordering issue; the
//! router and spec exist now so that the reference, tests and tooling are in place. Every call
//! is one hop from [`router()`].

pub mod domain;
pub mod http;
pub mod service;
pub mod store;

use http::{cafeteria, cart, images, import, menus};

use noren_core::http::error::{ErrorBody, ErrorCode, FieldError};
use noren_core::http::state::AppState;
use noren_core::openapi::{MerchantKeyScheme, Servers};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

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
    components(schemas(ErrorBody, ErrorCode, FieldError)),
    tags(
        (name = "Shops and menus", description = "Read a shop with its order settings and menus, and its menus by category, \
id or lookup. Public: no key. Names and descriptions come in `lang` (`en`, `zh-CN`, `ja`, `ko`, `zh-TW`; default `en`), \
falling back to English, then Japanese; an unknown `lang` is a 400. Menus are the same in test and live mode."),
        (name = "Cafeteria orders", description = "Dine-in orders: the merchant creates one (merchant key) and gives its id and \
`mutableToken` to the customers' devices, which begin it, append menus and finalize it. Customer calls are public and \
authorised by the token; a wrong token answers 404, like an unknown order. A call the order's status does not allow \
answers 409 naming the current status and the statuses it is allowed in."),
        (name = "Menu import", description = "Bring a shop's menus in from an XLSX workbook (merchant key, own shop only; test \
and live keys keep separate imports): `import-create` answers an upload URL, the workbook is `PUT` there, `import-preview` \
checks it, `import-start` runs it as a background job that `import-state` follows and `import-cancel` cancels while it \
waits; `import-revert` puts the menus back as they were before the shop's latest import. The format and a template: `/docs/order/menu-archive`.")
    )
)]
pub struct OrderApi;

#[allow(deprecated)] // import-perform stays, marked deprecated in the spec
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(OrderApi::openapi())
        .routes(routes!(menus::get_order_shop))
        .routes(routes!(
            menus::list_uncategorised_menus,
            menus::list_uncategorised_menus_post
        ))
        .routes(routes!(menus::lookup_menus, menus::lookup_menus_post))
        .routes(routes!(
            menus::list_menus_by_category,
            menus::list_menus_by_category_post
        ))
        .routes(routes!(menus::list_menu_categories))
        .routes(routes!(menus::get_menu))
        .routes(routes!(images::get_order_image))
        .routes(routes!(cafeteria::create_cafeteria_order))
        .routes(routes!(cafeteria::get_cafeteria_order_admin))
        .routes(routes!(cafeteria::set_cafeteria_order_status))
        .routes(routes!(cafeteria::get_cafeteria_order))
        .routes(routes!(cafeteria::begin_cafeteria_order))
        .routes(routes!(cafeteria::append_to_cafeteria_order))
        .routes(routes!(cafeteria::finalize_cafeteria_order))
        .routes(routes!(
            cart::get_cafeteria_cart,
            cart::add_to_cafeteria_cart,
            cart::clear_cafeteria_cart
        ))
        .routes(routes!(cart::update_cafeteria_cart_item))
        .routes(routes!(cart::append_cart_to_cafeteria_order))
        .routes(routes!(import::create_menu_import))
        .routes(routes!(import::upload_menu_import))
        .routes(routes!(import::preview_menu_import))
        .routes(routes!(import::start_menu_import))
        .routes(routes!(import::revert_menu_import))
        .routes(routes!(import::get_menu_import_state))
        .routes(routes!(import::cancel_menu_import))
        .routes(routes!(import::perform_menu_import))
        .routes(routes!(import::get_menu_import_template))
        .routes(routes!(import::get_menu_import_example))
}
