//! The ordering API's handlers: extract, call one service or store function, map the answer (DTOs beside them).

pub mod cafeteria;
pub mod cart;
pub mod dto;
pub mod images;
pub mod import;
pub mod menus;

use crate::domain::lang::Lang;
use crate::http::state::AppState;
use crate::order::store::catalogs::Catalogs;
use crate::order::store::menus::{Catalog, fallbacks};
use std::sync::Arc;

/// The catalogue of `shop_id` that lines are priced against, in `lang` (kept for a second:
/// [`Catalogs`]); `None` for an unknown shop.
pub(crate) async fn pricing_catalog(
    state: &AppState,
    shop_id: i64,
    lang: Lang,
) -> Result<Option<Arc<Catalog>>, sea_orm::DbErr> {
    state
        .slice::<Catalogs>()
        .get(&state.db, shop_id, lang, &fallbacks(lang))
        .await
}
